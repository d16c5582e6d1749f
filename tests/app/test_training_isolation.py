"""Long trainings run in a process of their own (``ui.runtime.training.cached_training``
with a Training).

One Streamlit server runs every session's script in threads of one process, which share the
interpreter lock: a training in a thread slows every other student's step change. A training
whose estimated work reaches the limit ``isolate_work`` runs in a child process instead. These
tests use trainers defined here (module-level, so the child can import them) that report the
process they ran in, and the real pages with every training isolated.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import os
import pickle
import signal
import sys
import threading
import time
import types
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from streamlit.runtime.scriptrunner import StopException
from streamlit.testing.v1 import AppTest

import ui.runtime.training
from subword_core.errors import CorpusError, ParameterError
from ui.runtime.cache import _store
from ui.runtime.training import Training, TrainingFailed, cached_training, training_work

APP = str(Path(__file__).resolve().parents[2] / "app.py")
Progress = Callable[[int, int], None]


# --- trainers the child imports by name --------------------------------------------------


def report_pid(steps: int, *, progress: Progress) -> tuple[int, int]:
    """The process that trained, after ``steps`` progress reports."""
    for i in range(1, steps + 1):
        progress(i, steps)
    return os.getpid(), steps


def report_niceness(*, progress: Progress) -> int:
    return os.nice(0)


def raise_corpus_error(*, progress: Progress) -> None:
    raise CorpusError("the count must be at least 1", line=3, code="count_low", values={"n": 0})


def raise_parameter_error(*, progress: Progress) -> None:
    raise ParameterError("num_merges must be at least 1")


def run_out_of_memory(*, progress: Progress) -> None:
    raise MemoryError


def die(*, progress: Progress) -> None:
    progress(1, 2)
    os.kill(os.getpid(), signal.SIGKILL)


def train_forever(pid_file: str, *, progress: Progress) -> None:
    """Write the process id to ``pid_file``, then report progress until terminated."""
    Path(pid_file).write_text(str(os.getpid()))
    done = 0
    while True:
        done += 1
        progress(done % 1000, 1000)
        time.sleep(0.01)


# --- helpers ----------------------------------------------------------------------------


@pytest.fixture
def isolate_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every :class:`Training` runs in a child process."""
    monkeypatch.setattr(
        ui.runtime.training,
        "LIMITS",
        dataclasses.replace(ui.runtime.training.LIMITS, isolate_work=1),
    )


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The labels of the trainings that ran in a child process (none stored before)."""
    _store.clear()  # the pages' results of earlier tests would be found, not trained
    seen: list[str] = []
    original = ui.runtime.training._run_in_child

    def counted(job: Training, checkpoint: ui.runtime.training._Checkpoint) -> object:
        seen.append(checkpoint.what)
        return original(job, checkpoint)

    monkeypatch.setattr(ui.runtime.training, "_run_in_child", counted)
    return seen


class _Bar:
    """A progress display that records what it drew; ``leave_after`` draws, the tab closes."""

    def __init__(self, leave_after: int | None = None) -> None:
        self.leave_after = leave_after
        self.draws: list[tuple[int, int]] = []

    @contextmanager
    def __call__(self, what: str) -> Iterator[Progress]:
        def draw(done: int, total: int) -> None:
            if self.leave_after is not None and len(self.draws) >= self.leave_after:
                raise StopException()
            self.draws.append((done, total))

        yield draw


def _name() -> str:
    return f"test-iso-{uuid.uuid4().hex}"


# --- cached_training ----------------------------------------------------------------------


def test_a_heavy_training_runs_in_a_child_process_and_its_result_is_stored() -> None:
    name, bar = _name(), _Bar()
    job = Training(report_pid, (5,), work=ui.runtime.training.LIMITS.isolate_work)
    pid, steps = cached_training(name, "key", "Learning", job, bar=bar)
    assert pid != os.getpid() and steps == 5
    assert bar.draws and bar.draws[-1] == (5, 5)  # the child's progress moved the bar
    store = _store(name, 16)
    assert store.get("key") == (pid, 5)
    assert store.total_bytes() > 0  # sized from the child's pickle
    # the stored result is shared: no second child
    assert cached_training(name, "key", "Learning", job, bar=bar) == (pid, 5)


def test_the_child_gives_way_to_the_server(isolate_all: None) -> None:
    niceness = cached_training(_name(), "key", "Learning", Training(report_niceness, work=1))
    assert niceness == min(19, os.nice(0) + ui.runtime.training.CHILD_NICENESS)


def test_a_small_training_stays_in_the_server_process() -> None:
    job = Training(report_pid, (3,), work=ui.runtime.training.LIMITS.isolate_work - 1)
    pid, _ = cached_training(_name(), "key", "Learning", job, bar=_Bar())
    assert pid == os.getpid()


def test_isolation_can_be_turned_off_by_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        ui.runtime.training,
        "LIMITS",
        dataclasses.replace(ui.runtime.training.LIMITS, isolate_work=10**18),
    )
    job = Training(report_pid, (3,), work=10**17)
    assert cached_training(_name(), "key", "Learning", job, bar=_Bar())[0] == os.getpid()


def test_training_work_grows_with_the_corpus_and_the_steps() -> None:
    from subword_core.text.corpus import Corpus

    small = Corpus.from_counts({"low": 5, "lower": 2})
    assert training_work(small, 10) == 80
    assert training_work(small, 20) == 160
    assert training_work(small, 10, extra_chars=12) == 200


@pytest.mark.parametrize(
    ("trainer", "kind"),
    [(raise_corpus_error, CorpusError), (raise_parameter_error, ParameterError)],
)
def test_a_documented_error_arrives_as_itself(
    isolate_all: None, trainer: Callable[..., None], kind: type[Exception]
) -> None:
    name = _name()
    with pytest.raises(kind) as caught:
        cached_training(name, "key", "Learning", Training(trainer, work=1), bar=_Bar())
    assert type(caught.value) is kind
    if kind is CorpusError:
        err = caught.value
        assert isinstance(err, CorpusError)
        assert (err.line, err.code, err.values) == (3, "count_low", {"n": 0})
        assert str(err) == "Line 3: the count must be at least 1"
    store = _store(name, 16)
    assert store.get("key") is None and store.training == {}


def test_a_child_does_not_run_the_page_script_again(
    isolate_all: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a page runs, its script is ``__main__`` (Streamlit's module: a file, no spec); a
    training's child used to run that file again before its job (the whole app, no session)."""
    ran = tmp_path / "ran"
    script = tmp_path / "page.py"
    script.write_text(f"from pathlib import Path\nPath({str(ran)!r}).write_text(__name__)\n")
    page = types.ModuleType("__main__")
    page.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", page)
    job = Training(report_pid, (2,), work=1)
    pid, steps = cached_training(_name(), "key", "Learning", job, bar=_Bar())
    assert pid != os.getpid() and steps == 2
    assert not ran.exists(), f"the child ran the page's script as {ran.read_text()}"


def test_a_child_out_of_memory_gives_a_clear_error(isolate_all: None) -> None:
    with pytest.raises(TrainingFailed, match="out of memory"):
        cached_training(_name(), "key", "Learning", Training(run_out_of_memory, work=1))


def test_a_killed_child_gives_a_clear_error(isolate_all: None) -> None:
    name = _name()
    with pytest.raises(TrainingFailed, match="signal 9") as caught:
        cached_training(name, "key", "Learning", Training(die, work=1), bar=_Bar())
    assert "smaller corpus" in str(caught.value)
    assert _store(name, 16).training == {}  # released: the next session may try again


def test_leaving_terminates_the_child(
    isolate_all: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(ui.runtime.training, "STOP_GRACE_SECONDS", 0.0)
    pid_file = tmp_path / "pid"
    bar = _Bar(leave_after=3)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, "subword.app"), pytest.raises(StopException):
        cached_training(
            _name(),
            "key",
            "Learning merges",
            Training(train_forever, (str(pid_file),), work=1),
            bar=bar,
        )
    assert time.monotonic() - started < 60
    assert len(bar.draws) == 3
    pid = int(pid_file.read_text())
    assert pid != os.getpid()
    with pytest.raises(ProcessLookupError):  # terminated and reaped
        os.kill(pid, 0)
    assert any(
        r.getMessage().startswith("Training stopped (its student changed the input or left): ")
        for r in caplog.records
    )


# --- the pages, every training in a child -------------------------------------------------


@pytest.mark.parametrize(
    ("page", "label"),
    [
        ("pages/bpe_learn.py", "Learning merges"),
        ("pages/wordpiece.py", "Learning the vocabulary"),
        ("pages/unigram.py", "Pruning rounds"),
        ("pages/byte_level.py", "Learning byte-level merges"),
        ("pages/compare.py", "Training the four tokenizers (% done)"),
        ("pages/bpe_variants.py", "Learning joint BPE and each side alone (merges)"),
    ],
)
def test_each_page_trains_in_a_child(
    isolate_all: None, children: list[str], page: str, label: str
) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert label in children


def test_a_page_shows_a_dead_training_as_a_message(
    isolate_all: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def dead(job: Training, checkpoint: object) -> object:
        raise TrainingFailed("its process was stopped by signal 9")

    monkeypatch.setattr(ui.runtime.training, "_run_in_child", dead)
    _store.clear()
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("pages/wordpiece.py")
    at.run()
    assert not at.exception
    assert any("The training ended without a result" in e.value for e in at.error)


# --- the result comes back without stopping the other students (issue 26) ---------------


def large_result(items: int, *, progress: Progress) -> list[tuple[str, tuple[str, str], int]]:
    """A result like a long trace: many small tuples of strings and numbers."""
    return [(f"piece{i}", (f"a{i}", "b"), i) for i in range(items)]


def test_loading_a_large_result_lets_the_other_threads_run(isolate_all: None) -> None:
    """The server's thread unpickles the child's result; before, ``pickle.loads`` held the
    interpreter lock throughout (a 24 MB WordPiece result: 1-3 s in which no other student's
    step ran). Now it gives way between the pickle's frames."""
    gaps: list[float] = []
    stop = threading.Event()

    def heartbeat() -> None:  # another student's thread: how long is it held off?
        last = time.perf_counter()
        while not stop.is_set():
            time.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    job = Training(large_result, (800_000,), work=1)
    beat = threading.Thread(target=heartbeat)
    gc.disable()  # the one full collection after the load is the next test's
    beat.start()
    try:
        result = cached_training(_name(), "key", "Learning", job, bar=_Bar())
    finally:
        stop.set()
        beat.join()
        gc.enable()
    assert len(result) == 800_000 and result[-1] == ("piece799999", ("a799999", "b"), 799_999)
    assert max(gaps) < 0.5, max(gaps)  # with pickle.loads: 2.4 s on a busy machine


def tracked_result(items: int, *, progress: Progress) -> list[list[object]]:
    """A result whose objects the garbage collector keeps watching (lists, like the steps'
    dataclasses; tuples of strings it stops watching)."""
    return [[f"piece{i}", i] for i in range(items)]


def test_loading_a_large_result_does_not_set_off_collection_after_collection(
    isolate_all: None,
) -> None:
    """Each full garbage collection holds the interpreter lock; loading a result of hundreds
    of thousands of objects set off one after another (six or seven for WordPiece at 20,000
    tokens, 9 s of a busy server). Now the collector waits for the end of the load."""
    full: list[float] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(time.perf_counter())

    gc.collect()
    gc.callbacks.append(count)
    try:
        result = cached_training(
            _name(), "key", "Learning", Training(tracked_result, (800_000,), work=1), bar=_Bar()
        )
    finally:
        gc.callbacks.remove(count)
    assert len(result) == 800_000
    assert gc.isenabled()
    assert len(full) <= 1, len(full)


def _full_collection_ms() -> float:
    start = time.perf_counter()
    gc.collect()
    return 1000 * (time.perf_counter() - start)


def test_the_collections_after_a_large_result_do_not_walk_it(isolate_all: None) -> None:
    """After the load, every full collection (whoever sets it off: any student's step) walked
    the result again: 1.4-2.3 s each on a busy machine with one WordPiece result held (0.07 s
    without it). Now its objects are frozen out of the walks, and a reclaim is scheduled."""
    ui.runtime.training._reclaim()  # nothing frozen by an earlier test
    before = len(gc.get_objects())
    result = cached_training(
        _name(), "key", "Learning", Training(tracked_result, (800_000,), work=1), bar=_Bar()
    )
    assert len(result) == 800_000
    assert gc.isenabled()
    assert gc.get_freeze_count() >= 800_000  # the 800,000 lists (strings, ints: untracked)
    walked = len(gc.get_objects())  # what a full collection walks now
    assert walked < before + 100_000, (before, walked)  # before: before + 800,000
    assert ui.runtime.training._RECLAIM, "no reclaim scheduled"
    ui.runtime.training._reclaim()
    _store.clear()


def test_a_frozen_result_is_freed_when_its_last_reference_goes() -> None:
    """Frozen or not, a result the cache evicts is freed at once (no cycle in it): the
    cache's byte budget still bounds the memory."""
    ui.runtime.training._reclaim()
    payload = pickle.dumps(tracked_result(300_000, progress=print), protocol=5)
    result = ui.runtime.training._load(payload)
    frozen = gc.get_freeze_count()
    assert frozen >= 300_000
    del result
    assert gc.get_freeze_count() < frozen - 290_000
    ui.runtime.training._reclaim()


def test_a_reclaim_collects_the_cyclic_garbage_frozen_with_a_result(isolate_all: None) -> None:
    """A session's objects alive at a freeze and dropped afterwards are cyclic garbage the
    collector no longer walks: a hostile session loading result after result must not make
    the server keep them for good. ``_reclaim`` (at most ``RECLAIM_SECONDS`` after the first
    freeze) unfreezes and collects."""

    class Session:  # a closed tab's objects: a cycle
        def __init__(self) -> None:
            self.me = self
            self.text = "x" * 1_000_000

    ui.runtime.training._reclaim()
    session = Session()
    ref = __import__("weakref").ref(session)
    cached_training(
        _name(), "key", "Learning", Training(tracked_result, (100_000,), work=1), bar=_Bar()
    )
    del session
    gc.collect()
    assert ref() is not None  # frozen: kept until the reclaim
    timer = ui.runtime.training._RECLAIM[0]
    assert timer.interval == ui.runtime.training.RECLAIM_SECONDS
    ui.runtime.training._reclaim()
    assert ref() is None
    assert gc.get_freeze_count() == 0
    _store.clear()
