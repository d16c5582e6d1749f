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

It also measures the CPU each step costs per student (the step phase's CPU less the idle
polling's) and, on PostgreSQL, the database's transactions per second while idle.

Then (unless ``--no-ask``) the teacher asks the class the step's question ("Ask the class",
the next merge); each student answers as soon as its page shows the question (the first
option), and the teacher's session reruns its live fragment at the interval the server asks,
as a projector does. Per answer, the script measures the time from the student's click on
"Send my answer" to the first run of the teacher's live part whose count ("k of n answered")
includes it: p50, p95 and the slowest. Answers are ranked by when their click came back (the
answer is written by then): the k-th is on the chart once the chart counts k.

Usage::

    python scripts/load_class.py --students 30            # starts its own server (SQLite)
    python scripts/load_class.py --students 30,60,120 --setup sqlite,pg-nginx --table
    python scripts/load_class.py --students 60 --url http://127.0.0.1:8501 --server-pid 1234
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scripts.load_test import free_port, percentile, read_cpu_seconds, start_server, stop_server
from scripts.load_ws import PAGE, STEP_PAGES, Run, StreamlitSession

JOIN_LINK = re.compile(r"class=([A-Z]{6})")
FOLLOWING = "You follow the live class"
ANSWERED = re.compile(r"(\d+) of (\d+) answered")
ANSWER_IN = "Your answer is in"


class ClassSession(StreamlitSession):
    """A session that also notes the fragments the server asks it to rerun by itself.

    Like the browser, it keeps the timers of the last full run only.

    Example:
        >>> from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
        >>> session, msg = ClassSession("http://127.0.0.1:1"), ForwardMsg()
        >>> msg.auto_rerun.fragment_id, msg.auto_rerun.interval = "old", 2.0
        >>> session._handle(msg, None)
        >>> full = ForwardMsg()
        >>> full.new_session.page_script_hash = "h"
        >>> session._handle(full, None)
        >>> session.auto
        {}
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.auto: dict[str, float] = {}  # fragment id -> seconds
        self.options: dict[str, list[str]] = {}  # radio key -> its options, as drawn
        self.drawn: dict[str, int] = {}  # widget key -> when drawn last (a message count)

    def _handle(self, msg: Any, run: Run | None) -> None:
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            sub = getattr(element, element.WhichOneof("type") or "", None)
            widget_id = str(getattr(sub, "id", "") or "")
            if widget_id.count("-") >= 2:
                self.drawn[widget_id.split("-", 2)[2]] = self.messages_received
            if element.WhichOneof("type") == "radio" and element.radio.id.count("-") >= 2:
                self.options[element.radio.id.split("-", 2)[2]] = list(element.radio.options)
        if kind == "new_session" and not msg.metadata.run.fragment_ids:
            # a full run: as the browser does, forget every timer; the run's fragments send
            # theirs again (a fragment's id depends on where it is drawn: a message drawn above
            # it gives it a new id, and rerunning the old one runs nothing)
            self.auto.clear()
        if kind == "auto_rerun":
            self.auto[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "stop_auto_rerun":
            for fragment in msg.stop_auto_rerun.fragment_ids:
                self.auto.pop(fragment, None)
        super()._handle(msg, run)


@dataclass
class Follower:
    """One student's numbers."""

    index: int
    polls: int = 0
    full_reruns: int = 0  # new steps that came with a rerun of the whole page
    seen: dict[int, float] = field(default_factory=dict)  # step -> monotonic time shown
    errors: list[str] = field(default_factory=list)
    asked: float | None = None  # when its page first showed the question (its answer box)
    sent: tuple[float, float] | None = None  # "Send my answer": (clicked, came back)
    question: int | None = None  # the id of the question it answered


async def _answer(session: ClassSession, me: Follower) -> None:
    """Answer the open question (its first option), if the page shows one and not yet done."""
    sends = [k for k in session.widgets if k.startswith("class_send_")]
    send = max(sends, key=lambda k: session.drawn.get(k, 0), default=None)
    if send is None or me.sent is not None:
        return
    me.asked = me.asked or time.monotonic()
    pick = send.replace("class_send_", "class_pick_", 1)
    options = session.options.get(pick)
    if not options:
        me.errors.append("answering: the question has no options")
        me.sent = (0.0, 0.0)
        return
    session.set_widget(pick, string_value=options[0])
    clicked = time.monotonic()
    run = await session.click(send)
    me.sent = (clicked, time.monotonic())
    if ANSWER_IN not in run.text:  # refused (e.g. the database): not sent, and why
        me.errors.append(f"answering: not sent: {' / '.join(run.alerts)[:150]}")
        me.sent = (0.0, 0.0)
    else:
        me.question = int(send.removeprefix("class_send_"))


async def _follow(
    session: ClassSession, me: Follower, stop: asyncio.Event, asking: asyncio.Event | None = None
) -> None:
    """Rerun the poll fragment at the interval the server asked for, until ``stop``; once
    ``asking`` is set, answer the question as soon as the page shows it."""
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
            if FOLLOWING in run.text:  # the banner: drawn by a full rerun only
                me.full_reruns += 1
        if asking is not None and asking.is_set():
            try:
                await _answer(session, me)
            except Exception as exc:  # a timeout or a missing widget: an error of the run
                me.errors.append(f"answering: {type(exc).__name__}: {exc}"[:200])
                me.sent = me.sent or (0.0, 0.0)
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


def _cpu(pids: list[int]) -> float:
    return sum(read_cpu_seconds(pid) for pid in pids)


_XACTS = "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"


_XACTS = "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"


def _db_transactions(db_url: str | None) -> int | None:
    """PostgreSQL's committed transactions so far (``None`` for SQLite: not counted)."""
    if not db_url or not db_url.startswith("postgresql"):
        return None
    import sqlalchemy as sa

    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(sa.text(_XACTS)).scalar_one())
    finally:
        engine.dispose()


async def _teacher_sees_answers(
    teacher: ClassSession, followers: list[Follower], patience: float
) -> list[tuple[float, int]]:
    """Rerun the teacher's live fragment at its interval (as the projector does) until it
    counts every student's answer, or until ``patience`` seconds pass in which no student
    sent an answer and the chart's count did not grow; ``(time, count)`` of each run.

    The live fragment is the one whose run shows "k of n answered" (the teacher's page may
    have other fragments that rerun by themselves, e.g. a playing step player)."""
    seen: list[tuple[float, int]] = []
    progress = (-1, -1)
    last_progress = time.monotonic()
    tried: set[str] = set()
    while time.monotonic() - last_progress < patience:
        live = [f for f in teacher.auto if f not in tried] or list(teacher.auto)
        if not live:
            await asyncio.sleep(0.2)
            continue
        fragment = live[-1]  # the newest: a full rerun registers the live part again
        interval = teacher.auto[fragment]
        started = time.monotonic()
        run = await teacher.rerun(fragment_id=fragment)
        match = ANSWERED.search(run.text)
        if match is None:
            tried.add(fragment)  # not the live part (or gone): try another next time
            continue
        tried.clear()
        count = int(match.group(1))
        seen.append((time.monotonic(), count))
        now = (sum(f.sent is not None for f in followers), count)
        if now != progress:
            progress, last_progress = now, time.monotonic()
        if count >= len(followers):
            break
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))
    return seen


def answer_log(
    followers: list[Follower], chart: list[tuple[float, int]], asked_at: float
) -> list[dict[str, Any]]:
    """One row per student: seconds (from the teacher's "Ask") until its page showed the
    question, its click on "Send my answer", the click's return, and the first run of the
    teacher's chart whose count includes it (answers ranked by their click's return).

    Example:
        >>> a, b = Follower(0), Follower(1)
        >>> a.asked, a.sent = 1.0, (1.5, 2.0)
        >>> answer_log([a, b], [(3.0, 1)], 0.0)[0]["counted_s"], answer_log([a, b], [], 0.0)[1]
        (3.0, {'student': 1, 'shown_s': None, 'clicked_s': None, 'back_s': None, 'counted_s': None})
    """
    sent = sorted(
        (f for f in followers if f.sent is not None and f.sent[0] > 0),
        key=lambda f: f.sent[1],  # type: ignore[index]
    )
    rank = {f.index: k for k, f in enumerate(sent, start=1)}

    def since(at: float | None) -> float | None:
        return None if at is None else round(at - asked_at, 3)

    rows = []
    for f in followers:
        counted = None
        if f.index in rank:
            counted = next((at for at, n in chart if n >= rank[f.index]), None)
        ok = f.sent is not None and f.sent[0] > 0
        rows.append(
            {
                "student": f.index,
                "shown_s": since(f.asked),
                "clicked_s": since(f.sent[0]) if ok else None,  # type: ignore[index]
                "back_s": since(f.sent[1]) if ok else None,  # type: ignore[index]
                "counted_s": since(counted),
            }
        )
    return rows


def answer_latencies(
    sent: list[tuple[float, float]], chart: list[tuple[float, int]]
) -> tuple[list[float], int]:
    """Per answer, the seconds from its click to the first chart counting it; and how many
    answers no chart counted.

    ``sent``: ``(clicked, came back)`` per answer; ``chart``: ``(time, count)`` per run of the
    teacher's live part. Answers are ranked by when their click came back (written by then):
    the k-th is on the chart from the first run that counts k.

    Example:
        >>> answer_latencies([(0.0, 0.5), (1.0, 1.2), (1.0, 3.0)], [(2.0, 1), (4.0, 2)])
        ([2.0, 3.0], 1)
    """
    latencies: list[float] = []
    unseen = 0
    for rank, (clicked, _) in enumerate(sorted(sent, key=lambda s: s[1]), start=1):
        shown = next((at for at, count in chart if count >= rank), None)
        if shown is None:
            unseen += 1
        else:
            latencies.append(round(shown - clicked, 3))
    return latencies, unseen


def _answers_in_db(db_url: str | None, question: int) -> int | None:
    """How many answers to ``question`` the class database holds (its default when no URL:
    the SQLite file ``--setup sqlite`` made), ``None`` when it cannot be read from here."""
    from ui.classroom.store import ENV_FILE, ENV_URL, Store, StoreError, default_url

    if not (db_url or os.environ.get(ENV_URL) or os.environ.get(ENV_FILE)):
        return None  # --url: this process does not know the server's database
    try:
        store = Store(db_url or default_url())
        try:
            return sum(store.counts(question).values())
        finally:
            store.engine.dispose()
    except StoreError:
        return None


async def _ask_phase(
    teacher: ClassSession,
    followers: list[Follower],
    asking: asyncio.Event,
    patience: float,
    db_url: str | None = None,
) -> dict[str, Any]:
    """The teacher asks the step's question; every student answers; the chart is timed."""
    asks = [k for k in teacher.widgets if k.startswith("class_ask_")]
    ask = max(asks, key=lambda k: teacher.drawn.get(k, 0), default=None)  # this step's
    if ask is None:
        return {"answer_errors": ["the teacher's page shows no 'Ask the class' button"]}
    asked_at = time.monotonic()
    await teacher.click(ask)
    asking.set()
    chart = await _teacher_sees_answers(teacher, followers, patience)
    sent = [f.sent for f in followers if f.sent is not None and f.sent[0] > 0]
    latencies, unseen = answer_latencies(sent, chart)
    asked = {f.question for f in followers if f.question is not None}
    in_db = await asyncio.to_thread(_answers_in_db, db_url, asked.pop()) if asked else None
    return {
        "answers_sent": len(sent),
        "answers_seen": len(latencies),
        # sent (the page said "Your answer is in") but never counted by the teacher's chart
        "answers_unseen": unseen,
        # the student's page never showed the question (or the click failed) in time
        "answers_not_sent": len(followers) - len(sent),
        # the answer rows the database holds at the end (None: not read), against the chart's
        "answers_in_db": in_db,
        "chart_last_count": chart[-1][1] if chart else None,
        "answer_log": answer_log(followers, chart, asked_at),
        "chart_counts": [(round(at - asked_at, 2), n) for at, n in chart],
        "answer_p50_s": round(percentile(latencies, 50), 2) if latencies else None,
        "answer_p95_s": round(percentile(latencies, 95), 2) if latencies else None,
        "answer_max_s": round(max(latencies), 2) if latencies else None,
    }


async def run_class(
    url: str,
    students: int,
    steps: int,
    gap: float,
    idle: float,
    pids: list[int],
    timeout: float,
    db_url: str | None = None,
    *,
    ask: bool = False,
) -> dict[str, Any]:
    """The whole measurement; returns the report (with ``ask``: the answers' part too)."""
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
        elif FOLLOWING not in result.text:
            me.errors.append("joining: the page does not say it follows the class")
    stop, asking = asyncio.Event(), asyncio.Event()
    tasks = [
        asyncio.create_task(_follow(s, f, stop, asking))
        for s, f in zip(sessions, followers, strict=True)
    ]
    await asyncio.sleep(2)  # every follower polls
    db0 = await asyncio.to_thread(_db_transactions, db_url)
    polls0, cpu0, w0 = sum(f.polls for f in followers), _cpu(pids), time.monotonic()
    await asyncio.sleep(idle)
    wall = time.monotonic() - w0
    idle_polls = sum(f.polls for f in followers) - polls0
    idle_cpu = (_cpu(pids) - cpu0) if pids else None
    db1 = await asyncio.to_thread(_db_transactions, db_url)
    cpu1, w1 = _cpu(pids), time.monotonic()
    clicks: dict[int, float] = {}
    next_key = f"{STEP_PAGES[PAGE]}__next"
    for step in range(2, steps + 2):
        clicks[step] = time.monotonic()
        await teacher.click(next_key)
        await asyncio.sleep(gap)
    await asyncio.sleep(3)
    step_wall, step_cpu = time.monotonic() - w1, _cpu(pids) - cpu1
    answers = await _ask_phase(teacher, followers, asking, 30.0, db_url) if ask else {}
    asked_errors = answers.pop("answer_errors", [])
    stop.set()
    await asyncio.gather(*tasks)
    # the steps' own cost: the CPU of the step phase less what idle polling costs meanwhile
    per_step = None
    if idle_cpu is not None and clicks:
        extra = step_cpu - idle_cpu / wall * step_wall
        per_step = round(1000 * max(0.0, extra) / len(clicks) / students, 2)
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
        "full_page_reruns": sum(f.full_reruns for f in followers),
        "idle_polls_per_s": round(idle_polls / wall, 1),
        "idle_cpu_pct": None if idle_cpu is None else round(100 * idle_cpu / wall, 1),
        "idle_cpu_pct_per_student": (
            None if idle_cpu is None else round(100 * idle_cpu / wall / students, 2)
        ),
        "step_cpu_ms_per_student": per_step,
        "db_queries_per_s_idle": (
            None if db0 is None or db1 is None else round((db1 - db0) / wall, 1)
        ),
        **answers,
        "errors": [e for f in followers for e in f.errors][:10] + asked_errors,
    }


SETUPS = {"sqlite": "1 process, SQLite", "pg-nginx": "2 processes + nginx, PostgreSQL"}
"""The deployments ``--setup`` starts (on loopback, torn down afterwards)."""


@contextmanager
def deployment(setup: str) -> Iterator[tuple[str, list[int], str | None]]:
    """Start ``setup``; yield ``(url, server PIDs, database URL)``.

    ``sqlite``: one ``streamlit run`` with a fresh SQLite file. ``pg-nginx``: a throwaway
    PostgreSQL (``tests/pg_server.py``) and two processes behind nginx
    (``scripts/deploy_local.py``), as the two-process browser test runs them.
    """
    if setup == "sqlite":
        with tempfile.TemporaryDirectory(prefix="subword-load-") as folder:
            os.environ["SUBWORD_CLASS_FILE"] = str(Path(folder) / "classes.sqlite3")
            port = free_port()
            proc = start_server(port)
            try:
                yield f"http://127.0.0.1:{port}", [proc.pid], None
            finally:
                stop_server(proc)
        return
    from scripts.deploy_local import local_deployment
    from tests.pg_server import postgres_server

    with (
        postgres_server() as db_url,
        local_deployment(2, env={"SUBWORD_CLASS_DB": db_url}) as d,
    ):
        yield d.url, list(d.pids), db_url


def table(rows: list[dict[str, Any]]) -> str:
    """The reports as a Markdown table for docs/DEPLOY.md.

    Example:
        >>> print(table([{"setup": "sqlite", "students": 30, "follow_p50_s": 0.9,
        ...   "follow_p95_s": 1.2, "missed": 0, "idle_cpu_pct_per_student": 0.3,
        ...   "step_cpu_ms_per_student": 2.0, "idle_polls_per_s": 30.0,
        ...   "db_queries_per_s_idle": None, "answer_p50_s": 1.1, "answer_p95_s": 2.1,
        ...   "answers_unseen": 0, "load": "1.0"}]).splitlines()[-1])
        | 1 process, SQLite | 30 | 0.9 | 1.2 | 0 | 1.1 | 2.1 | 0 | 0.3 | 2.0 | 30.0 | — | 1.0 |
    """
    head = (
        "| setup | students | step p50 (s) | step p95 (s) | missed | answer p50 (s) "
        "| answer p95 (s) | answers unseen | idle CPU % per student "
        "| CPU ms per step per student | polls/s | DB queries/s idle | load avg |"
    )
    lines = [head, "|" + " --- |" * 13]
    keys = (
        "students",
        "follow_p50_s",
        "follow_p95_s",
        "missed",
        "answer_p50_s",
        "answer_p95_s",
        "answers_unseen",
        "idle_cpu_pct_per_student",
        "step_cpu_ms_per_student",
        "idle_polls_per_s",
        "db_queries_per_s_idle",
        "load",
    )
    for row in rows:
        cells = [SETUPS.get(row["setup"], row["setup"])]
        cells += ["—" if row.get(k) is None else str(row[k]) for k in keys]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _write_answer_log(path: Path | None, report: dict[str, Any]) -> None:
    """Move the per-answer rows and the chart's counts out of ``report`` (into ``path``)."""
    rows = report.pop("answer_log", [])
    chart = report.pop("chart_counts", [])
    if path is None:
        return
    head = {k: report.get(k) for k in ("setup", "students", "load")}
    with path.open("a", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps({**head, **row}) + "\n")
        out.write(json.dumps({**head, "chart": chart}) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Run it; print the report; 0 when every student saw every step (and the teacher's chart
    every answer) without errors."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--students", default="30", help="how many, or a list: 30,60,120")
    parser.add_argument(
        "--setup", default="sqlite", help="sqlite, pg-nginx or both: sqlite,pg-nginx"
    )
    parser.add_argument("--steps", type=int, default=5, help="the teacher's Next presses (5)")
    parser.add_argument("--gap", type=float, default=3.0, help="seconds between presses (3)")
    parser.add_argument("--idle", type=float, default=10.0, help="idle seconds measured (10)")
    parser.add_argument("--url", help="a running app instead of --setup")
    parser.add_argument("--server-pid", type=int, action="append", help="with --url, for CPU")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--table", action="store_true", help="print a Markdown table at the end")
    parser.add_argument(
        "--no-ask", action="store_true", help="skip the question (the answers' times)"
    )
    parser.add_argument(
        "--answer-log",
        type=Path,
        help="write one JSON line per student's answer here (shown, clicked, counted: seconds "
        "after the teacher's Ask) and one per run of the teacher's chart",
    )
    args = parser.parse_args(argv)
    counts = [int(n) for n in str(args.students).split(",")]
    setups = ["url"] if args.url else str(args.setup).split(",")
    reports: list[dict[str, Any]] = []
    for setup in setups:
        for students in counts:  # a fresh deployment per row: no leftover sessions
            with (
                contextlib.nullcontext((args.url, args.server_pid or [], None))
                if setup == "url"
                else deployment(setup)
            ) as (url, pids, db_url):
                report = asyncio.run(
                    run_class(
                        url,
                        students,
                        args.steps,
                        args.gap,
                        args.idle,
                        pids,
                        args.timeout,
                        db_url,
                        ask=not args.no_ask,
                    )
                )
            report["setup"] = setup
            report["load"] = f"{os.getloadavg()[0]:.1f}"
            _write_answer_log(args.answer_log, report)
            print(json.dumps(report, indent=2), flush=True)
            reports.append(report)
    if args.table:
        print(table(reports))
    return (
        0
        if all(
            not (r["errors"] or r["missed"] or r.get("answers_unseen") or r.get("answers_not_sent"))
            for r in reports
        )
        else 1
    )


if __name__ == "__main__":
    raise SystemExit(main())
