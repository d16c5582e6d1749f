"""A large training result arriving in one session does not stop the class (issue 26).

Over the websocket against a real server, as :mod:`scripts.load_ws`'s hostile mode does it:
one session asks for WordPiece at 10,000 tokens on the pydoc example (a 14 MB result of over
300,000 objects the garbage collector watches, trained in a child process and loaded in the
server: the largest vocabulary, 20,000, makes it twice as big but its training costs twice
the CPU, 10.7 s against 5.7 s on a quiet machine, 40-55 s against 8.5 s on a busy one; the
bound below tells the two codes apart at 10,000 as well); meanwhile a classmate steps
through the BPE page every 0.3 s and each answer is timed. The server logs its garbage
collections (``gc_watch/sitecustomize.py``).

Before, the collections right after the load walked the whole result (the young generation's
first, then the older ones), and so did every full collection after it, whoever set it off,
each holding the interpreter lock: in the hostile class on the busy machine 1.0, 0.4, 0.7 and
1.4 s within 7 s of one WordPiece result at 20,000 tokens, in which no student's step ran.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from scripts.load_ws import Attack, _hostile_action
from tests.e2e.conftest import app_server, run_async
from tests.e2e.test_hostile_ws import _answers, _classmate

GC_WATCH = Path(__file__).resolve().parent / "gc_watch"

VOCAB = 10_000
"""WordPiece's vocabulary for the result: 5.7 CPU-seconds of training on pydoc (quiet
machine)."""

WALK_BOUND = 300_000
"""More objects than this server has of its own (about 175,000 with the classmate: its
largest walk after the 10,000-token result arrived was 174,000 with the fix), fewer than a
collection walked after it arrived on the code before the fix (494,000 and 409,000; at
20,000 tokens 560,000, 470,000 and 640,000)."""


async def _class_while_a_result_arrives(url: str) -> tuple[Attack, float, float, list[float]]:
    """The attack, when it started and ended, and the classmate's answer times meanwhile and
    for a few seconds after."""
    done, latencies = asyncio.Event(), []
    classmate = asyncio.create_task(_classmate(url, done, latencies))
    await _answers(latencies, 3, classmate)  # the class is going: the classmate steps
    marks = len(latencies)
    started = time.time()
    attack = await _hostile_action(url, "wordpiece_pydoc", 7, 1000, 170, vocab=VOCAB)
    ended = time.time()
    await asyncio.sleep(3.0)  # the collections after the load, whoever sets them off
    await _answers(latencies, len(latencies) + 2, classmate)
    done.set()
    await classmate
    return attack, started, ended, latencies[marks:]


def _collections(log: Path, start: float) -> list[tuple[int, int, float]]:
    """(generation, objects walked, seconds) of the server's logged collections since
    ``start``."""
    rows = []
    for line in log.read_text().splitlines() if log.exists() else ():
        when, generation, walked, seconds = line.split()
        if float(when) >= start:
            rows.append((int(generation), int(walked), float(seconds)))
    return rows


@pytest.fixture
def watched_server(tmp_path: Path) -> tuple[str, Path]:
    log = tmp_path / "gc.log"
    path = os.pathsep.join(p for p in (str(GC_WATCH), os.environ.get("PYTHONPATH", "")) if p)
    with app_server(env={"SUBWORD_TEST_GC_LOG": str(log), "PYTHONPATH": path}) as url:
        yield url, log  # type: ignore[misc]


def test_a_wordpiece_result_arriving_is_not_walked_by_the_collector(
    watched_server: tuple[str, Path],
) -> None:
    url, log = watched_server
    attack, started, ended, during = run_async(_class_while_a_result_arrives(url))
    assert not attack.errors, attack.errors
    assert attack.status == "FINISHED_SUCCESSFULLY", attack
    assert _collections(log, 0.0), "the server logged no collection"
    after = _collections(log, started)
    walked = max((w for _, w, _ in after), default=0)
    # before: the collections after the load walked the result
    assert walked < WALK_BOUND, (walked, after)
    longest = max((s for _, _, s in after), default=0.0)
    assert len(during) >= 5, during
    # the classmate goes on; generous (two shared cores in CI): before and after alike, the
    # slowest answers were 0.6-1.3 s on the busy machine, where the page's first drawing of
    # the 10,000-token result in the attacker's session also takes its share
    slow = sorted(during)[-2:]  # the two slowest answers (one may be the machine's noise)
    assert slow[0] < 5, (slow, f"attack {ended - started:.1f} s", f"longest gc {longest} s")
