"""The shared training cache (ui.common.cached_training) when a whole class asks at once.

Thirty students picking the same built-in example at the same moment must cost one training,
not thirty: the sessions that arrive while it runs wait for its result. A training that fails
leaves nothing behind, so the next session tries again (and gets the same documented error).
"""

from __future__ import annotations

import threading
import uuid

import pytest

from subword_core.errors import ParameterError
from ui.common import cached_training


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
