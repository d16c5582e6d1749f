"""The shared training cache (ui.runtime.training.cached_training) when a whole class asks at once.

Thirty students picking the same built-in example at the same moment must cost one training,
not thirty: the sessions that arrive while it runs wait for its result. A training that fails
leaves nothing behind, so the next session tries again (and gets the same documented error).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from streamlit.runtime.scriptrunner import StopException

import ui.runtime.training
from subword_core import bpe
from subword_core.bpe import BPEResult
from subword_core.errors import ParameterError
from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import example_text
from ui.runtime.cache import _store
from ui.runtime.training import cached_training


def _fresh_name() -> str:
    return f"test-{uuid.uuid4().hex}"  # a store of its own for each test


def test_sessions_asking_at_once_share_one_training() -> None:
    name, calls, results = _fresh_name(), [], []
    started, finish = threading.Event(), threading.Event()

    def train(progress: object) -> tuple[str, ...]:
        calls.append(threading.get_ident())
        started.set()
        assert finish.wait(10), "the test never let the training finish"
        return ("lo", "w")

    def session() -> None:
        results.append(cached_training(name, ("corpus", 10), "Learning merges", train))

    first = threading.Thread(target=session)
    first.start()
    assert started.wait(10)
    others = [threading.Thread(target=session) for _ in range(5)]
    for thread in others:
        thread.start()
    finish.set()
    for thread in [first, *others]:
        thread.join(20)
    assert len(calls) == 1
    assert len(results) == 6
    assert all(result is results[0] for result in results)


def test_a_failed_training_is_tried_again_by_the_next_session() -> None:
    name, calls = _fresh_name(), []

    def fail(progress: object) -> None:
        calls.append("fail")
        raise ParameterError("the corpus is too small")

    with pytest.raises(ParameterError):
        cached_training(name, "key", "Learning", fail)
    assert cached_training(name, "key", "Learning", lambda progress: "trained") == "trained"
    assert calls == ["fail"]


def test_other_keys_do_not_wait() -> None:
    name, finish = _fresh_name(), threading.Event()
    started = threading.Event()

    def slow(progress: object) -> str:
        started.set()
        assert finish.wait(10)
        return "slow"

    thread = threading.Thread(target=lambda: cached_training(name, "a", "Learning", slow))
    thread.start()
    assert started.wait(10)
    try:
        # a different corpus trains at once, while "a" is still running
        assert cached_training(name, "b", "Learning", lambda progress: "quick") == "quick"
    finally:
        finish.set()
        thread.join(20)


# --- stopping a training when its student changes the input or leaves --------------------


class _Bar:
    """A progress display that behaves as Streamlit's does once a session is told to stop:
    every drawing from then on raises ``StopException`` (the request stays until the run
    ends). ``leave`` is the student closing the tab; ``exited`` runs as the bar goes away."""

    def __init__(self, stop_after: int, exited: Callable[[], None] = lambda: None) -> None:
        self.stop_after, self.exited = stop_after, exited
        self.draws: list[tuple[int, int]] = []
        self.left = threading.Event()

    @contextmanager
    def __call__(self, what: str) -> Iterator[Callable[[int, int], None]]:
        def draw(done: int, total: int) -> None:
            if self.left.is_set():
                raise StopException()
            self.draws.append((done, total))
            if len(self.draws) == self.stop_after:
                self.left.set()  # the tab is closed while this step is being learned

        try:
            yield draw
        finally:
            self.exited()


def _learn(progress: Callable[[int, int], None], calls: list[str] | None = None) -> BPEResult:
    if calls is not None:
        calls.append("train")
    return bpe.learn(_CORPUS, 200, min_frequency=1, progress=progress)


_CORPUS = parse_corpus(example_text("paragraph"))


@pytest.fixture
def no_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop at the first checkpoint after the request (no time for a new run to arrive)."""
    monkeypatch.setattr(ui.runtime.training, "STOP_GRACE_SECONDS", 0.0)


def test_a_training_nobody_waits_for_stops_at_its_next_checkpoint(no_grace: None) -> None:
    name, reached = _fresh_name(), []
    bar = _Bar(stop_after=3)

    def learn(progress: Callable[[int, int], None]) -> BPEResult:
        def counted(done: int, total: int) -> None:
            reached.append(done)
            progress(done, total)

        return _learn(counted)

    with pytest.raises(StopException):
        cached_training(name, "key", "Learning merges", learn, bar=bar)
    # the checkpoint after the one during which the tab closed is the last one reached
    assert len(bar.draws) == 3 and len(reached) == 4
    store = _store(name, 16)
    assert store.get("key") is None and store.training == {} and store.waiting == {}
    # the store is consistent: the next session trains and stores the key as usual
    result = cached_training(name, "key", "Learning merges", _learn)
    assert len(result.merges) == 200 and store.get("key") is result


def test_a_session_waiting_for_a_stopped_training_trains_it_itself(no_grace: None) -> None:
    name, calls, results = _fresh_name(), [], []
    store = _store(name, 16)
    waiter = threading.Thread(
        target=lambda: results.append(
            cached_training(name, "key", "Learning merges", lambda p: _learn(p, calls))
        )
    )

    def arrive_while_the_stopped_training_unwinds() -> None:
        # the stop has been decided (nobody waited); a second session asks before the key
        # is released, so it waits, and must be woken to train the key itself
        waiter.start()
        deadline = time.monotonic() + 20
        while store.waiters("key") == 0:
            assert time.monotonic() < deadline, "the second session never waited"
            time.sleep(0.01)

    bar = _Bar(stop_after=2, exited=arrive_while_the_stopped_training_unwinds)
    with pytest.raises(StopException):
        cached_training(name, "key", "Learning merges", lambda p: _learn(p, calls), bar=bar)
    waiter.join(30)
    assert not waiter.is_alive()
    assert calls == ["train", "train"]  # the stopped one, then the waiter's own
    assert len(results) == 1 and len(results[0].merges) == 200
    assert store.get("key") is results[0] and store.waiting == {} and store.training == {}


def test_a_training_others_wait_for_goes_on_after_its_student_leaves(no_grace: None) -> None:
    name, calls, results = _fresh_name(), [], []
    store = _store(name, 16)
    started, waiting = threading.Event(), threading.Event()

    def learn(progress: Callable[[int, int], None]) -> BPEResult:
        started.set()
        assert waiting.wait(20), "the second session never waited"
        return _learn(progress, calls)

    bar = _Bar(stop_after=2)
    first_outcome: list[BaseException] = []

    def first() -> None:
        try:
            cached_training(name, "key", "Learning merges", learn, bar=bar)
        except StopException as stop:
            first_outcome.append(stop)

    def second() -> None:
        results.append(cached_training(name, "key", "Learning merges", learn))

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    assert started.wait(20)
    threads[1].start()
    deadline = time.monotonic() + 20
    while store.waiters("key") == 0:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    waiting.set()
    for thread in threads:
        thread.join(60)
    assert bar.left.is_set() and len(bar.draws) == 2  # the first student left early on
    assert calls == ["train"]  # trained once, to the end, for the one still waiting
    assert len(results) == 1 and len(results[0].merges) == 200
    assert store.get("key") is results[0]
    assert len(first_outcome) == 1  # the session that left still ends its run
    assert store.waiting == {} and store.training == {}


def test_a_continued_training_stops_once_nobody_waits_any_more(no_grace: None) -> None:
    name = _fresh_name()
    store = _store(name, 16)
    after_leaving: list[int] = []

    def learn(progress: Callable[[int, int], None]) -> BPEResult:
        assert store.claim("key") is not None  # another session waits for this training

        def checkpoint(done: int, total: int) -> None:
            if bar.left.is_set():
                after_leaving.append(done)
                if len(after_leaving) == 3:
                    store.leave("key")  # the waiting student gives up too
            progress(done, total)

        return _learn(checkpoint)

    bar = _Bar(stop_after=2)
    with pytest.raises(StopException):
        cached_training(name, "key", "Learning merges", learn, bar=bar)
    # two checkpoints went on for the waiting session; the one after it left stopped
    assert len(after_leaving) == 3 and len(bar.draws) == 2
    assert store.get("key") is None and store.waiting == {} and store.training == {}


def test_the_students_own_new_run_arriving_within_the_grace_time_gets_the_training(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a click that does not change the input: Streamlit stops the run and starts a new one,
    # which asks for the same training a moment later
    monkeypatch.setattr(ui.runtime.training, "STOP_GRACE_SECONDS", 60.0)
    name, calls, results = _fresh_name(), [], []
    store = _store(name, 16)
    new_run = threading.Thread(
        target=lambda: results.append(
            cached_training(name, "key", "Learning merges", lambda p: _learn(p, calls))
        )
    )

    def learn(progress: Callable[[int, int], None]) -> BPEResult:
        def checkpoint(done: int, total: int) -> None:
            progress(done, total)
            if bar.left.is_set() and not new_run.is_alive() and not results:
                new_run.start()
                deadline = time.monotonic() + 20
                while store.waiters("key") == 0:
                    assert time.monotonic() < deadline, "the new run never waited"
                    time.sleep(0.01)

        return _learn(checkpoint, calls)

    bar = _Bar(stop_after=2)
    with pytest.raises(StopException):  # the old run still ends, once the result is stored
        cached_training(name, "key", "Learning merges", learn, bar=bar)
    new_run.join(30)
    assert calls == ["train"] and len(results) == 1 and len(results[0].merges) == 200
    assert store.get("key") is results[0] and store.waiting == {} and store.training == {}
