"""The live class's store (ui/classroom/store.py) on a SQLite file and on a throwaway PostgreSQL.

Two Store objects on the same URL stand for two app processes: what one writes, the other
reads (nothing lives in one process's memory).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.pg_server import postgres_server, require_postgres
from ui.classroom.store import (
    CODE_LENGTH,
    CODE_LETTERS,
    NotTeacher,
    Store,
    StoreError,
    default_url,
    normal_code,
)


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    require_postgres()
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.db'}"
    return str(request.getfixturevalue("pg_url"))


def test_a_code_is_unambiguous_letters() -> None:
    assert not set("0O1IL") & set(CODE_LETTERS)
    assert len(CODE_LETTERS) ** CODE_LENGTH > 100_000_000  # many live classes, few lucky guesses
    assert normal_code("abc-def") == "ABCDEF"
    assert normal_code("ABCDE0") == "" and normal_code("ABCDEFG") == ""


def test_the_url_comes_from_the_environment() -> None:
    assert default_url({"SUBWORD_CLASS_DB": " postgresql+psycopg://x/y "}) == (
        "postgresql+psycopg://x/y"
    )
    assert default_url({"SUBWORD_CLASS_FILE": "/tmp/c.db"}) == "sqlite:////tmp/c.db"
    assert default_url({}).startswith("sqlite:///")


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    store.create_class("home", {}, None)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_two_processes_share_one_class(url: str) -> None:
    teacher, student = Store(url), Store(url)  # two app processes
    code, key = teacher.create_class("bpe_learn", {"corpus": "seed-low", "step": "1"}, None)
    assert student.version(code) == 1
    assert teacher.publish(code, key, "wordpiece", {"step": "3"}, "hug pug") == 2
    seen = student.state(code)
    assert seen is not None
    assert (seen.version, seen.page, seen.params, seen.corpus) == (
        2,
        "wordpiece",
        {"step": "3"},
        "hug pug",
    )


def test_only_the_teacher_key_moves_asks_reveals_and_ends(url: str) -> None:
    store = Store(url)
    code, key = store.create_class("bpe_learn", {}, None)
    other_code, other_key = store.create_class("bpe_learn", {}, None)
    for forged in ("", "x", key[:-1] + ("a" if key[-1] != "a" else "b"), other_key):
        assert not store.check_key(code, forged)
        with pytest.raises(NotTeacher):
            store.publish(code, forged, "home", {}, None)
        with pytest.raises(NotTeacher):
            store.ask(code, forged, "k", "text", "?")
        with pytest.raises(NotTeacher):
            store.end(code, forged)
    question = store.ask(code, key, "k", "choice", "?", [("a", "A")], ["a"])
    with pytest.raises(NotTeacher):
        store.reveal(code, other_key, question.id)
    assert store.version(code) == 2  # only the teacher's ask changed it
    assert store.check_key(other_code, other_key)


def test_one_answer_per_student_changeable_until_revealed(url: str) -> None:
    store = Store(url)
    code, key = store.create_class("bpe_learn", {}, None)
    q = store.ask(code, key, "bpe_learn:merge:1", "choice", "?", [("a", "A"), ("b", "B")], ["a"])
    assert store.state(code).question == q  # type: ignore[union-attr]
    for sid in ("s1", "s2", "s3"):
        store.join(code, sid, "")
        store.answer(code, q.id, sid, "b")
    store.answer(code, q.id, "s1", "a")  # changed, not added
    assert store.counts(q.id) == {"a": 1, "b": 2}
    assert store.member_count(code) == 3
    store.reveal(code, key, q.id)
    with pytest.raises(StoreError):
        store.answer(code, q.id, "s2", "a")  # closed
    assert store.counts(q.id) == {"a": 1, "b": 2}
    state = store.state(code)
    assert state is not None and state.question is not None
    assert state.question.state == "revealed" and state.question.right == ("a",)
    summary = store.end(code, key)
    assert summary == [
        {"number": 1, "question": "?", "answers": 3, "right": 1, "share_right": 1 / 3}
    ]
    assert store.version(code) is None and store.state(code) is None
    assert store.counts(q.id) == {}  # deleted with the class


def test_concurrent_answers_are_one_per_student(url: str) -> None:
    store = Store(url)
    code, key = store.create_class("p", {}, None)
    q = store.ask(code, key, "k", "text", "?")
    errors: list[BaseException] = []

    def answer(i: int) -> None:
        try:
            Store(url).answer(code, q.id, "same-student", f"a{i}")
        except BaseException as err:
            errors.append(err)

    threads = [threading.Thread(target=answer, args=(i,)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert sum(store.counts(q.id).values()) == 1


def test_idle_classes_are_deleted_with_their_answers(url: str) -> None:
    store = Store(url)
    old, key = store.create_class("p", {}, None)
    q = store.ask(old, key, "k", "text", "?")
    store.answer(old, q.id, "s", "x")
    import time

    assert store.cleanup(3 * 3600, now=time.time() + 3 * 3600 + 5) >= 1
    assert store.version(old) is None and store.counts(q.id) == {}


def test_an_unreachable_database_is_a_store_error() -> None:
    store = Store("postgresql+psycopg://nobody@127.0.0.1:1/none")
    with pytest.raises(StoreError) as caught:
        store.version("ABCDEF")
    assert "127.0.0.1" not in str(caught.value)  # no connection details in the message
    with pytest.raises(StoreError):
        Store("nonsense://")


def test_followers_in_one_process_share_one_version_read(tmp_path: Path) -> None:
    here, other = (Store(f"sqlite:///{tmp_path / 'c.db'}") for _ in range(2))
    code, key = here.create_class("bpe_learn", {"step": "1"}, None)
    reads = []
    real = here.version
    here.version = lambda c: reads.append(c) or real(c)  # type: ignore[method-assign]
    assert [here.recent_version(code, 60) for _ in range(50)] == [1] * 50
    assert len(reads) == 1  # fifty polls, one read
    here.publish(code, key, "bpe_learn", {"step": "2"}, None)
    assert here.recent_version(code, 60) == 2  # this process's own change: seen at once
    other.publish(code, key, "bpe_learn", {"step": "3"}, None)  # another process's
    assert here.recent_version(code, 60) == 2  # … within max_age
    assert here.recent_version(code, 0) == 3


def test_the_state_at_a_version_is_read_once(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    code, key = store.create_class("bpe_learn", {"step": "1"}, None)
    first = store.state_at(code, 1)
    assert first is not None and store.state_at(code, 1) is first
    store.publish(code, key, "bpe_learn", {"step": "2"}, None)
    later = store.state_at(code, 2)
    assert later is not None and later.params["step"] == "2" and later is not first


def _traced(store: Store) -> list[str]:
    """Every SQL statement SQLite runs for ``store`` from now on (pings included)."""
    statements: list[str] = []

    def trace(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(statements.append)

    sa.event.listen(store.engine, "connect", trace)
    store.engine.dispose()  # the pooled connections reconnect, traced
    return statements


def test_idle_followers_in_one_process_cost_one_query_per_poll_period(tmp_path: Path) -> None:
    """N idle followers of a class in one process poll together: one query per period, not one
    per follower, and no liveness ping (``SELECT 1``) before it (that doubled PostgreSQL's
    queries while idle)."""
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    code, _ = store.create_class("bpe_learn", {"step": "1"}, None)
    statements = _traced(store)
    followers, periods, max_age = 30, 4, 0.2
    start = threading.Barrier(followers)
    seen: list[int | None] = []

    def follow() -> None:
        for _ in range(periods):
            start.wait()  # every follower polls at the same moment: the worst case
            seen.append(store.recent_version(code, max_age))
            start.wait()
            time.sleep(max_age * 1.5)  # the next poll period: the version read has expired

    threads = [threading.Thread(target=follow) for _ in range(followers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert seen == [1] * followers * periods
    assert len(selects) == periods, selects  # one read per poll period, shared by all 30
    assert not any(s.strip().upper() == "SELECT 1" for s in statements)


def test_a_dropped_connection_does_not_fail_a_read(pg_url: str) -> None:
    """Without a ping before every query, a connection the database dropped (a restart) is
    found by the read itself, which then tries once more on a fresh connection."""
    store = Store(pg_url)
    code, _ = store.create_class("bpe_learn", {"step": "1"}, None)
    assert store.version(code) == 1
    kill = sa.text(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE pid <> pg_backend_pid() AND datname = current_database()"
    )
    other = sa.create_engine(pg_url, poolclass=sa.pool.NullPool)
    with other.connect() as conn:
        conn.execute(kill)
    other.dispose()
    assert store.version(code) == 1
    state = store.state(code)
    assert state is not None and state.params == {"step": "1"}
