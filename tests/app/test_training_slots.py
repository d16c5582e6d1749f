"""At most LIMITS.training_processes trainings run in child processes at once (issue 26)."""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Callable

import pytest

import ui.runtime.training
from ui.runtime.training import Training, _Slots, cached_training


def test_slots_are_taken_in_turn_and_the_waiting_hear_where_they_stand() -> None:
    slots = _Slots(lambda: 2)
    lock = threading.Lock()
    inside, most, order, heard = [0], [0], [], {}

    def student(n: int) -> None:
        def waiting(ahead: int, running: int) -> None:
            heard.setdefault(n, (ahead, running))

        slots.enter(waiting)
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
            order.append(n)
        time.sleep(0.3)
        with lock:
            inside[0] -= 1
        slots.leave()

    threads = []
    for n in range(6):
        threads.append(threading.Thread(target=student, args=(n,)))
        threads[-1].start()
        time.sleep(0.05)  # arrive in order
    for thread in threads:
        thread.join(30)
    assert most[0] == 2
    assert order == list(range(6))  # first come, first served
    assert heard[2] == (0, 2) and heard[3] == (1, 2)  # where each stood when it arrived
    assert slots.running == 0


def test_a_student_who_leaves_the_queue_gives_up_the_place() -> None:
    slots = _Slots(lambda: 1)
    slots.enter(lambda a, r: None)

    def leave(ahead: int, running: int) -> None:
        raise RuntimeError("the student closed the tab")

    with pytest.raises(RuntimeError):
        slots.enter(leave)
    slots.leave()
    slots.enter(lambda a, r: None)  # not blocked by the one who left
    assert slots.running == 1


def sleep_then_answer(seconds: float, *, progress: Callable[[int, int], None]) -> float:
    """A training in a child process that takes ``seconds``."""
    start = time.monotonic()
    progress(0, 1)
    time.sleep(seconds)
    progress(1, 1)
    return start


class _Bar:
    def __enter__(self) -> object:
        return lambda done, total: None

    def __exit__(self, *exc: object) -> None:
        return None


def test_cached_training_runs_no_more_children_than_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    limits = dataclasses.replace(ui.runtime.training.LIMITS, isolate_work=1, training_processes=1)
    monkeypatch.setattr(ui.runtime.training, "LIMITS", limits)
    running, most, lock = [0], [0], threading.Lock()
    original = ui.runtime.training._run_in_child

    def counted(job: Training, checkpoint: object) -> object:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return original(job, checkpoint)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(ui.runtime.training, "_run_in_child", counted)
    name = f"slots-{uuid.uuid4().hex}"
    results: list[float] = []

    def student(n: int) -> None:
        job = Training(sleep_then_answer, (0.5,), work=1)
        results.append(cached_training(name, n, "Learning", job, bar=lambda what: _Bar()))

    threads = [threading.Thread(target=student, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert len(results) == 3
    assert most[0] == 1
