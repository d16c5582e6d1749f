"""scripts/load_class.py against a real server: two students follow two step changes."""

from __future__ import annotations

from scripts.load_class import run_class
from tests.e2e.conftest import run_async


def test_the_class_load_tool_sees_every_student_follow(server: str) -> None:
    # the shared server keeps its classes in a SQLite file of its own (conftest.server)
    report = run_async(run_class(server, 2, 2, 2.5, 1.0, [], 120.0))
    assert report["errors"] == [] and report["missed"] == 0, report
    assert report["follow_p95_s"] is not None and report["follow_p95_s"] < 30
    assert report["idle_polls_per_s"] > 0  # the students rerun their poll fragment by themselves
    # a new step reruns only the student's step player, never the whole page
    assert report["full_page_reruns"] == 0, report


def test_the_class_load_tool_times_answers_reaching_the_teachers_chart(server: str) -> None:
    """Every student answers the teacher's question; the teacher's live part counts each
    answer, and the tool times it (issue 29, item 6)."""
    report = run_async(run_class(server, 3, 1, 1.0, 0.5, [], 120.0, ask=True))
    assert report["errors"] == [] and report["missed"] == 0, report
    assert report["answers_sent"] == 3 and report["answers_seen"] == 3, report
    assert report["answers_unseen"] == 0 and report["answers_not_sent"] == 0, report
    assert report["chart_last_count"] == 3, report
    # one row per student: its page showed the question, it sent, the chart counted it
    log = report["answer_log"]
    assert [row["student"] for row in log] == [0, 1, 2], log
    assert all(0 <= r["shown_s"] <= r["clicked_s"] <= r["back_s"] for r in log), log
    assert all(r["counted_s"] is not None for r in log), log
    p50, p95, slowest = report["answer_p50_s"], report["answer_p95_s"], report["answer_max_s"]
    assert 0 < p50 <= p95 <= slowest < 30, report  # the chart reruns every 2 s by itself


def test_the_tool_keeps_the_timers_of_the_last_full_run_only() -> None:
    """As the browser does: a full run forgets every fragment timer (the run's fragments send
    theirs again), and a stop message drops only the fragments it names. The tool once kept a
    fragment id from an earlier run first and reran it, running nothing: the teacher's chart
    stopped counting (17 of 30 answers "unseen") and students stopped polling."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    from scripts.load_class import ClassSession

    session = ClassSession("http://127.0.0.1:1")

    def auto(fragment: str) -> None:
        msg = ForwardMsg()
        msg.auto_rerun.fragment_id, msg.auto_rerun.interval = fragment, 2.0
        session._handle(msg, None)

    def new_session(*fragments: str) -> None:
        msg = ForwardMsg()
        msg.new_session.page_script_hash = "h"
        msg.metadata.run.fragment_ids.extend(fragments)
        session._handle(msg, None)

    auto("old")
    new_session("old")  # a fragment's own rerun keeps the timers
    assert list(session.auto) == ["old"]
    new_session()  # a full run: the live part drawn one place lower has a new id
    auto("new")
    assert list(session.auto) == ["new"]
    auto("other")
    stop = ForwardMsg()
    stop.stop_auto_rerun.fragment_ids.append("other")
    session._handle(stop, None)
    assert list(session.auto) == ["new"]
