"""Load test of a live class: one teacher and N following students, as websocket clients.

It reuses ``scripts/load_ws.py``'s Streamlit client (no browsers: the server is the only heavy
process). The teacher opens "BPE: learn merges" and starts a class (the sidebar's button); N
students open the join link (``?class=CODE``) at once. A browser reruns a fragment with
``run_every`` by itself (the server sends ``auto_rerun`` with the fragment's id and interval);
each simulated student does the same for its poll fragment, at the interval the server asks.
Then the teacher presses Next ``--steps`` times, ``--gap`` seconds apart, and for each press
the script measures, per student, the time from the teacher's click to the first run of that
student's page showing the new step ("Step k of n"): p50, p95 and the slowest. Before the
first press it measures the server's CPU time over ``--idle`` seconds of idle polling (the
cost of an idle follower) and counts the polls (each is one indexed read of the class's
version: the database's queries per second while nothing happens).

Usage::

    python scripts/load_class.py --students 30            # starts its own server (SQLite)
    python scripts/load_class.py --students 60 --url http://127.0.0.1:8501 --server-pid 1234
    SUBWORD_CLASS_DB=postgresql+psycopg://… python scripts/load_class.py --students 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scripts.load_test import free_port, percentile, read_cpu_seconds, start_server, stop_server
from scripts.load_ws import PAGE, STEP_PAGES, Run, StreamlitSession

JOIN_LINK = re.compile(r"class=([A-Z]{6})")


class ClassSession(StreamlitSession):
    """A session that also notes the fragments the server asks it to rerun by itself."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.auto: dict[str, float] = {}  # fragment id -> seconds

    def _handle(self, msg: Any, run: Run | None) -> None:
        kind = msg.WhichOneof("type")
        if kind == "auto_rerun":
            self.auto[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "stop_auto_rerun":
            self.auto.clear()
        super()._handle(msg, run)


@dataclass
class Follower:
    """One student's numbers."""

    index: int
    polls: int = 0
    seen: dict[int, float] = field(default_factory=dict)  # step -> monotonic time shown
    errors: list[str] = field(default_factory=list)


async def _follow(session: ClassSession, me: Follower, stop: asyncio.Event) -> None:
    """Rerun the poll fragment at the interval the server asked for, until ``stop``."""
    while not stop.is_set():
        if not session.auto:
            await asyncio.sleep(0.2)
            continue
        fragment, interval = next(iter(session.auto.items()))
        started = time.monotonic()
        try:
            run = await session.rerun(fragment_id=fragment)
        except Exception as exc:  # a timeout: an error of the run, not a crash
            me.errors.append(f"{type(exc).__name__}: {exc}"[:200])
            return
        me.polls += 1
        counter = run.counter()
        if counter is not None and counter[0] not in me.seen:
            me.seen[counter[0]] = time.monotonic()
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


async def run_class(
    url: str, students: int, steps: int, gap: float, idle: float, pid: int | None, timeout: float
) -> dict[str, Any]:
    """The whole measurement; returns the report."""
    teacher = ClassSession(url, timeout)
    await teacher.connect()
    await teacher.rerun(page_name=PAGE)
    run = await teacher.click("class_start")
    match = JOIN_LINK.search(run.text)
    if match is None:
        raise SystemExit("the teacher's page shows no join link: did the class start?")
    code = match.group(1)
    sessions = [ClassSession(url, timeout) for _ in range(students)]
    followers = [Follower(i) for i in range(students)]
    t0 = time.monotonic()

    async def join(session: ClassSession) -> Run:
        await session.connect()
        session.query_string = f"class={code}"
        return await session.rerun(page_name=PAGE)

    joined = await asyncio.gather(*(join(s) for s in sessions), return_exceptions=True)
    join_seconds = time.monotonic() - t0
    for me, result in zip(followers, joined, strict=True):
        if isinstance(result, BaseException):
            me.errors.append(f"joining: {type(result).__name__}: {result}"[:200])
        elif "You follow the live class" not in result.text:
            me.errors.append("joining: the page does not say it follows the class")
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(_follow(s, f, stop)) for s, f in zip(sessions, followers, strict=True)
    ]
    await asyncio.sleep(2)  # every follower polls
    polls0, cpu0, w0 = (
        sum(f.polls for f in followers),
        read_cpu_seconds(pid) if pid else 0.0,
        time.monotonic(),
    )
    await asyncio.sleep(idle)
    wall = time.monotonic() - w0
    idle_polls = sum(f.polls for f in followers) - polls0
    idle_cpu = (read_cpu_seconds(pid) - cpu0) if pid else None
    clicks: dict[int, float] = {}
    next_key = f"{STEP_PAGES[PAGE]}__next"
    for step in range(2, steps + 2):
        clicks[step] = time.monotonic()
        await teacher.click(next_key)
        await asyncio.sleep(gap)
    await asyncio.sleep(3)
    stop.set()
    await asyncio.gather(*tasks)
    latencies: list[float] = []
    missed = 0
    for me in followers:
        for step, clicked in clicks.items():
            if step in me.seen:
                latencies.append(me.seen[step] - clicked)
            else:
                missed += 1
    for s in (teacher, *sessions):
        await s.close()
    return {
        "students": students,
        "join_all_s": round(join_seconds, 2),
        "step_changes": len(clicks),
        "follow_p50_s": round(percentile(latencies, 50), 2) if latencies else None,
        "follow_p95_s": round(percentile(latencies, 95), 2) if latencies else None,
        "follow_max_s": round(max(latencies), 2) if latencies else None,
        "missed": missed,
        "idle_polls_per_s": round(idle_polls / wall, 1),
        "idle_cpu_pct": None if idle_cpu is None else round(100 * idle_cpu / wall, 1),
        "idle_cpu_pct_per_student": (
            None if idle_cpu is None else round(100 * idle_cpu / wall / students, 2)
        ),
        "errors": [e for f in followers for e in f.errors][:10],
    }


def main(argv: list[str] | None = None) -> int:
    """Run it; print the report; 0 when every student saw every step without errors."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--steps", type=int, default=5, help="the teacher's Next presses (5)")
    parser.add_argument("--gap", type=float, default=3.0, help="seconds between presses (3)")
    parser.add_argument("--idle", type=float, default=10.0, help="idle seconds measured (10)")
    parser.add_argument("--url", help="a running app (default: start one on a free port)")
    parser.add_argument("--server-pid", type=int, help="with --url: the server's PID, for CPU")
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    proc = None
    url, pid = args.url, args.server_pid
    if url is None:
        port = free_port()
        proc = start_server(port)
        url, pid = f"http://127.0.0.1:{port}", proc.pid
    try:
        report = asyncio.run(
            run_class(url, args.students, args.steps, args.gap, args.idle, pid, args.timeout)
        )
    finally:
        if proc is not None:
            stop_server(proc)
    print(json.dumps(report, indent=2))
    return 0 if not report["errors"] and not report["missed"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
