"""A long training stops when its student closes the tab or changes the input (real server).

A websocket client (scripts/load_ws.py's session, no browser) opens the WordPiece page on the
pydoc example at the largest vocabulary (about ten seconds of learning here) and waits for the
first progress bar, so the training is running. Then it closes the tab, or changes the
vocabulary size, and the server's log must say "Training stopped" before the training's end.
The log is polled with a generous timeout, so a slow machine only makes the test slower; the
training takes far longer than the stop (about a second) on any machine.

The same for the byte-level page and the Compare page. Compare trains its four tokenizers on
the pydoc example at the largest shared size (about ten seconds here). Byte-level BPE is too
fast on the built-in examples (5,000 merges on pydoc take under a second), so its server
allows more merges and longer link texts (``SUBWORD_LIMIT_*``), and the link carries a
generated corpus of distinct random words: 30,000 merges of it take about ten seconds here.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg

from scripts.load_ws import StreamlitSession
from tests.e2e.conftest import app_server

T = TypeVar("T")
LONG_TRAINING = "corpus=pydoc&wp_vocab_size=20000"
TIMEOUT = 120.0
STOPPED = "Training stopped (its student changed the input or left): "
WORDPIECE = STOPPED + "Learning the vocabulary"


def _random_words(n: int) -> str:
    rng = random.Random(16)
    letters = "abcdefghijklmnopqrstuvwxyz"
    return " ".join(
        "".join(rng.choice(letters) for _ in range(rng.randint(4, 9))) for _ in range(n)
    )


BYTE_LEVEL_TEXT = _random_words(16_000)
LONG_TRAININGS = {
    "byte_level": (
        urlencode({"text": BYTE_LEVEL_TEXT, "bbpe_num_merges": 30_000, "bbpe_min_frequency": 1}),
        STOPPED + "Learning byte-level merges",
        30_000,  # the link's settings were used
    ),
    "compare": ("corpus=pydoc&cmp_target=5000", STOPPED + "Training the four tokenizers", 100),
}
SERVER_LIMITS = {
    "SUBWORD_LIMIT_MERGES": "30000",
    "SUBWORD_LIMIT_LINK_CHARS": str(len(BYTE_LEVEL_TEXT)),
}


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own (Playwright's loop may hold the main thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="module")
def logged_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    log = tmp_path_factory.mktemp("server") / "server.log"
    with app_server(log=log, env=SERVER_LIMITS) as url:
        yield url, log


async def _start_long_training(
    url: str, query: str = LONG_TRAINING, page: str = "wordpiece"
) -> StreamlitSession:
    """A session on ``page`` whose training has drawn its first progress bar."""
    session = StreamlitSession(url, TIMEOUT)
    await session.connect()
    msg = BackMsg()
    msg.rerun_script.query_string = query
    msg.rerun_script.page_name = page
    await session._send(msg)
    deadline = time.monotonic() + TIMEOUT
    while True:
        reply = await session._next(deadline)
        session._handle(reply, None)
        if (
            reply.WhichOneof("type") == "delta"
            and reply.delta.WhichOneof("type") == "new_element"
            and reply.delta.new_element.WhichOneof("type") == "progress"
        ):
            return session


def _wait_for_line(log: Path, text: str, seen_before: int) -> str:
    """The first line of ``log`` after ``seen_before`` lines that contains ``text``."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()[seen_before:]
        found = [line for line in lines if text in line]
        if found:
            return found[0]
        time.sleep(0.2)
    pytest.fail(f"no log line with {text!r} within {TIMEOUT:g} s")


def _lines(log: Path) -> int:
    return len(log.read_text(encoding="utf-8", errors="replace").splitlines())


def _stopped_at(line: str) -> tuple[int, int]:
    done, total = line.rsplit(", ", 1)[1].split(" of ")
    return int(done.replace(",", "")), int(total.replace(",", ""))


def test_closing_the_tab_stops_the_training(logged_server: tuple[str, Path]) -> None:
    url, log = logged_server

    async def scenario() -> int:
        session = await _start_long_training(url)
        before = _lines(log)
        await session.close()
        return before

    before = _run(scenario())
    line = _wait_for_line(log, WORDPIECE, before)
    done, total = _stopped_at(line)
    assert done < total  # stopped, not finished


def test_changing_the_input_stops_the_training(logged_server: tuple[str, Path]) -> None:
    url, log = logged_server

    async def scenario() -> str:
        session = await _start_long_training(url)
        before = _lines(log)
        session.set_widget("wp_vocab_size", int_value=19_000)  # another training
        rerun = BackMsg()  # what the frontend sends when a widget changes
        rerun.rerun_script.query_string = session.query_string
        rerun.rerun_script.page_script_hash = session.page_hash
        rerun.rerun_script.widget_states.widgets.extend(session.widget_states.values())
        await session._send(rerun)
        line = await asyncio.to_thread(_wait_for_line, log, WORDPIECE, before)
        await session.close()  # the rerun trains again; leaving stops that one too
        return line

    line = _run(scenario())
    done, total = _stopped_at(line)
    assert done < total


@pytest.mark.parametrize("page", list(LONG_TRAININGS))
def test_closing_the_tab_stops_the_other_long_trainings(
    logged_server: tuple[str, Path], page: str
) -> None:
    url, log = logged_server
    query, stopped, expected_total = LONG_TRAININGS[page]

    async def scenario() -> int:
        session = await _start_long_training(url, query, page)
        before = _lines(log)
        await session.close()
        return before

    before = _run(scenario())
    done, total = _stopped_at(_wait_for_line(log, stopped, before))
    assert done < total == expected_total
