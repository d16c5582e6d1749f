"""Long trainings on the server: a progress bar, stop on leave, child processes, a queue.

- :func:`cached_training`: run a training once per key for every session (the result kept in
  the byte-budgeted cache, :mod:`ui.runtime.cache`), with a progress bar; a long one in a child
  process of a fork server, at most ``LIMITS.training_processes`` at once (the others queue).
- :class:`Training`, :func:`training_work`, :class:`TrainingFailed`.
- :func:`warm_up_training_processes`: start the fork server before a class needs it.

Example:
    >>> training_work(Corpus.from_counts({"low": 5}), 2)
    6
"""

from __future__ import annotations

import contextlib
import gc
import importlib.machinery
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import RerunException, StopException

from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.bounds_text import training_queue_text
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.draw.html import esc, md_escape
from ui.runtime.cache import _MEMORY_PER_PICKLED_BYTE, _Store, _store

T = TypeVar("T")
t = translator("common")

_LOG = logging.getLogger("subword.app")


@contextmanager
def progress_bar(what: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar that a trainer's ``progress(done, total)`` callback moves.

    Nothing is shown unless the callback is called. When the block ends the bar gives way to
    a status line for screen readers only ("Learning merges: done, 3,000 of 3,000."), which
    takes no room on the page and stays until the next run. A quick training can draw and
    remove its bar between two frames (Streamlit also merges updates of one element that
    are not yet sent), so the status line, not the bar, is what says a training reported
    progress: it is there whatever the machine's speed.

    Example::

        with progress_bar("Learning merges") as progress:
            result = learn(corpus, 2000, progress=progress)
    """
    slot = st.empty()
    last: list[tuple[int, int]] = []

    def update(done: int, total: int) -> None:
        share = min(1.0, done / total) if total else 1.0
        # i18n: a training's progress bar, e.g. "Learning merges: 778 of 2,510"
        text = t("{what}: {done} of {total}").format(
            what=what, done=f"{done:,}", total=f"{total:,}"
        )
        slot.progress(share, text=text)
        last[:] = [(done, total)]

    try:
        yield update
    finally:
        if last:
            done, total = last[0]
            # i18n: read by screen readers when a training ends, e.g. "Learning merges: done,
            # 3,000 of 3,000."
            status = (
                t("{what}: done, {done} of {total}.")
                if done >= total
                else t("{what}: stopped, {done} of {total}.")
            )
            status = status.format(what=what, done=f"{done:,}", total=f"{total:,}")
            slot.html(f"<div class='sw-sr-only' role='status'>{esc(status)}</div>")
        else:
            slot.empty()


STOP_GRACE_SECONDS = 1.0
"""How long an interrupted training goes on, unseen, before it stops (see :class:`_Checkpoint`)."""


class _Checkpoint:
    """The ``progress(done, total)`` callback a trainer gets from :func:`cached_training`.

    It moves the progress bar, and it is where a training stops early. Streamlit checks for
    a stop or rerun request whenever an element is drawn and raises ``StopException`` /
    ``RerunException`` from that call: here, from the bar's update, so from inside the
    trainer, which lets it through untouched (its state is local to the call). A closed tab
    asks for a stop; so does a changed widget, since with ``runner.fastReruns`` (the default)
    Streamlit stops the running script and starts the new run at once, in another thread.

    subtle: other sessions may be waiting for this very training (:meth:`_Store.claim`), and
    the student's own new run asks for the same training when the change did not touch its
    input (another tab, a display option). Stopping then would throw that work away, so the
    exception is kept and the training goes on, without drawing, while anyone waits, and for
    ``STOP_GRACE_SECONDS`` after the request (time for the new run to get there and wait).
    It is raised at the first checkpoint after that with no one waiting, or, once the result
    is stored, by :func:`cached_training`.
    """

    def __init__(
        self,
        store: _Store,
        key: Hashable,
        what: str,
        draw: Callable[[int, int], None],
        grace: float = 0.0,
    ) -> None:
        self.store, self.key, self.what, self.draw, self.grace = store, key, what, draw, grace
        self.held: RerunException | StopException | None = None
        self.held_since = 0.0
        self.handed_over = False

    def __call__(self, done: int, total: int) -> None:
        if self.held is None:
            try:
                self.draw(done, total)
                return
            except (RerunException, StopException) as interrupt:
                self.held, self.held_since = interrupt, time.monotonic()
        waiting = self.store.waiters(self.key)
        if waiting:
            if not self.handed_over:
                self.handed_over = True
                _LOG.info(
                    "Training goes on for %d waiting session(s) after its own stopped: "
                    "%s, %d of %d",
                    waiting,
                    self.what,
                    done,
                    total,
                )
            return
        if time.monotonic() - self.held_since < self.grace:
            return
        _LOG.warning(
            "Training stopped (its student changed the input or left): %s, %d of %d",
            self.what,
            done,
            total,
        )
        raise self.held


# --- long trainings in a process of their own ---------------------------------------------


def training_work(corpus: Corpus, steps: int, extra_chars: int = 0) -> int:
    """The estimated work of a training: the characters of ``corpus``'s distinct words (plus
    ``extra_chars``, text it is also trained on) times ``steps`` (merges or vocabulary size).

    A crude but monotone estimate, compared with the limit ``isolate_work`` to decide whether
    a training runs in a process of its own (:func:`cached_training`).

    Example:
        >>> training_work(Corpus.from_counts({"low": 5, "lower": 2}), 10)
        80
    """
    return (sum(len(word) for word in corpus.words) + extra_chars) * max(1, steps)


@dataclass(frozen=True)
class Training:
    """A training as a picklable call: ``function(*args, progress=progress, **kwargs)``.

    ``function`` is a module-level function (pickled by name) and the arguments picklable, so
    :func:`cached_training` can run it in a child process when ``work`` (an estimate, see
    :func:`training_work`) reaches the limit ``isolate_work``; below it, it runs in the
    server's thread, which starts at once.

    Example:
        >>> from subword_core import bpe
        >>> job = Training(bpe.learn, (Corpus.from_counts({"low": 5, "lower": 2}), 2), work=14)
        >>> job(lambda done, total: None).merges
        [('l', 'o'), ('lo', 'w')]
    """

    function: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    work: int = 0

    def __call__(self, progress: Callable[[int, int], None]) -> Any:
        return self.function(*self.args, progress=progress, **self.kwargs)


class TrainingFailed(SubwordError):
    """The process a training ran in ended without an answer (out of memory, killed).

    A :class:`SubwordError`, so the pages show its message like the trainers' own errors.

    Example:
        >>> str(TrainingFailed("x")).startswith("The training")
        True
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        # the reason is a code ("out of memory", "exit 9", "signal 9"): worded here, in the
        # session's language (an error from the training process is made again on arrival)
        kind, _, number = reason.partition(" ")
        worded = {
            "exit": lambda: t("its process ended with code {n}").format(n=number),
            "signal": lambda: t("its process was stopped by signal {n}").format(n=number),
        }.get(kind, lambda: t("out of memory") if reason == "out of memory" else reason)()
        super().__init__(
            t(
                "The training ended without a result ({reason}). The server may be short of "
                "memory: try a smaller corpus, fewer merges or a smaller vocabulary, or try "
                "again in a moment. Nothing you typed is lost."
            ).format(reason=worded),
            code="training_failed",
            values={"reason": reason},
        )

    def __reduce__(self) -> tuple[type[TrainingFailed], tuple[str]]:
        return (type(self), (self.reason,))


PROGRESS_INTERVAL_SECONDS = 0.05
"""A training in a child process reports its progress at most this often."""

CHILD_NICENESS = 10
"""How much a training's child lowers its CPU priority (``os.nice``): when the cores are
busy, the server's threads (every student's step change) go first and the long training
takes what is left; on an idle core it runs at full speed."""

_PRELOAD = [
    "subword_core.bpe",
    "subword_core.byte_level",
    "subword_core.wordpiece",
    "subword_core.unigram",
    "subword_core.joint",
    "ui.views.compare.train",
]
"""Imported once by the fork server, so a training's child starts without importing them."""

_FORK_SERVER = "forkserver" in multiprocessing.get_all_start_methods()  # not on Windows
_CONTEXT = multiprocessing.get_context("forkserver" if _FORK_SERVER else "spawn")
if _FORK_SERVER:
    _CONTEXT.set_forkserver_preload(_PRELOAD)
# subtle: never "fork": the server is threaded (a forked child may inherit a lock another
# thread held); the fork server is a clean single-threaded process that forks the children.


_WARMED: list[bool] = []
_WARM_LOCK = threading.Lock()


def warm_up_training_processes() -> None:
    """Start the fork server now, in the background, once per server process.

    Its first start imports the preloaded modules (Streamlit and pandas with the Compare
    view): about two seconds of a core. Started when the app first runs, that happens before
    any student asks for a long training, not in the middle of a class.

    Example::

        warm_up_training_processes()  # app.py, once per run: only the first call starts it
    """
    with _WARM_LOCK:
        if _WARMED or not _FORK_SERVER:
            return
        _WARMED.append(True)
    threading.Thread(
        target=multiprocessing.forkserver.ensure_running, name="fork-server-start", daemon=True
    ).start()


def _child_main(conn: Connection, job: Training) -> None:
    """Run ``job`` in the child: send ``("progress", done, total)`` at most every
    ``PROGRESS_INTERVAL_SECONDS``, then ``("result", value)`` or ``("error", exception,
    traceback text)``, each pickled once."""
    with contextlib.suppress(OSError):  # if not allowed, it runs at the server's priority
        os.nice(CHILD_NICENESS)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_INTERVAL_SECONDS or done >= total:
            last[0] = now
            conn.send_bytes(pickle.dumps(("progress", done, total)))

    try:
        result = job(progress)
        message = pickle.dumps(("result", result), protocol=pickle.HIGHEST_PROTOCOL)
        del result
    except MemoryError:
        message = pickle.dumps(("error", TrainingFailed("out of memory"), ""))
    except Exception as exc:
        details = traceback.format_exc()
        try:
            message = pickle.dumps(("error", exc, details), protocol=pickle.HIGHEST_PROTOCOL)
            pickle.loads(message)  # it must also come back as itself
        except Exception:
            message = pickle.dumps(("error", RuntimeError(f"{type(exc).__name__}: {exc}"), details))
    conn.send_bytes(message)
    conn.close()


class _YieldingReader:
    """A pickle's bytes, read by ``pickle.load`` one frame at a time, the interpreter lock
    given up between frames.

    subtle: ``pickle.loads`` holds the lock from the first byte to the last. A training's
    result is large (WordPiece at 20,000 tokens on pydoc: a 24 MB pickle, 1-3 s to load), and
    while the server's thread loaded it no other student's step could run: the hostile
    class's slowest steps (issue 26, found with py-spy). A pickle of protocol 4 or more is cut
    into frames of about 64 KB, and the unpickler asks its file for each frame: here a call into
    Python, which lets the other threads run (``time.sleep(0)``) before it returns the bytes.

    Example:
        >>> pickle.load(_YieldingReader(pickle.dumps(list(range(5)), protocol=5)))
        [0, 1, 2, 3, 4]
    """

    def __init__(self, payload: bytes) -> None:
        self.view = memoryview(payload)
        self.pos = 0

    def _take(self, n: int) -> memoryview:
        end = len(self.view) if n < 0 else min(self.pos + n, len(self.view))
        chunk = self.view[self.pos : end]
        self.pos = end
        time.sleep(0)  # the other threads' turn
        return chunk

    def read(self, n: int = -1) -> bytes:
        """At most ``n`` bytes (all that is left when ``n`` is negative)."""
        return self._take(n).tobytes()

    def readinto(self, buffer: memoryview) -> int:
        """Fill ``buffer`` with the next bytes; return how many."""
        chunk = self._take(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)

    def readline(self) -> bytes:
        """Up to and with the next newline (protocol 0 only; a training's pickle is binary)."""
        end = bytes(self.view[self.pos :]).find(b"\n")
        return self.read(-1 if end < 0 else end + 1)


_YIELD_FROM_BYTES = 1 << 20
"""Pickles at least this long are loaded frame by frame (:class:`_YieldingReader`); a
progress message is a few dozen bytes."""


_GC_PAUSED = [0, True]  # loads under way with the collector paused; was it enabled before
_GC_LOCK = threading.Lock()

RECLAIM_SECONDS = 120.0
"""How long the objects of a loaded result (and all that lived with them) stay out of the
garbage collector's walks, at most, before one full collection reclaims what became cyclic
garbage among them (:func:`_freeze_loaded`). Streamlit keeps a closed tab's session for
``server.disconnectedSessionTTL``, also 120 s: its objects are garbage no sooner."""

_RECLAIM: list[threading.Timer] = []  # the reclaim to come, while objects are frozen


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while a large result is unpickled (in any thread), and none of
    its objects walked by the collections after it (:func:`_freeze_loaded`).

    subtle: a result adds hundreds of thousands of objects (WordPiece at 20,000 tokens: about
    760,000), and Python collects all its objects whenever those added since the last full
    collection pass a quarter of the rest. Loading one result set off a full collection six or
    seven times in a row, each longer than the last and each holding the interpreter lock
    (0.7-2.2 s apiece on a busy machine, about 9 s in which no student's step ran; seen with
    ``gc.callbacks`` on a server under the hostile session). Paused, it was still one
    collection after the load, and every full collection afterwards, whoever set it off,
    walked the result again (1.4-2.3 s each on a busy machine for one WordPiece result, 0.07 s
    without it). Counted, so that concurrent loads re-enable it only when the last one is done.
    """
    with _GC_LOCK:
        if _GC_PAUSED[0] == 0:
            _GC_PAUSED[1] = gc.isenabled()
        _GC_PAUSED[0] += 1
        gc.disable()
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_PAUSED[0] -= 1
            if _GC_PAUSED[0] == 0 and _GC_PAUSED[1]:
                _freeze_loaded()
                gc.enable()


def _freeze_loaded() -> None:
    """Move every object the collector watches (the loaded result's among them) to its
    permanent generation, and make sure a full collection reclaims them within
    :data:`RECLAIM_SECONDS`. Call it with ``_GC_LOCK`` held and the collector paused.

    subtle: ``gc.freeze()`` takes no time (it moves lists) and takes the objects out of every
    later collection's walk, so neither the load nor the class's next full collections walk
    the result. A frozen object is still freed when its last reference goes (a result evicted
    from the byte-budgeted cache, :mod:`ui.runtime.cache`, is a tree of dataclasses, tuples and
    strings: no cycle), so the cache's budget still bounds the memory. Only cyclic garbage
    among the frozen objects (e.g. a closed session's) waits, until :func:`_reclaim`
    unfreezes and collects everything once, at most :data:`RECLAIM_SECONDS` after the first
    freeze since the last reclaim: a session that makes the server load result after result
    cannot make it keep garbage for good, and the full walk happens at most that often.
    """
    gc.freeze()
    if not _RECLAIM:
        timer = threading.Timer(RECLAIM_SECONDS, _reclaim)
        timer.daemon = True
        timer.name = "gc-reclaim"
        _RECLAIM.append(timer)
        timer.start()


def _reclaim() -> None:
    """Unfreeze and collect everything: what became cyclic garbage since the freezes goes.

    Example:
        >>> _reclaim(); gc.get_freeze_count()
        0
    """
    with _GC_LOCK:
        _RECLAIM.clear()
        if _GC_PAUSED[0]:  # a load is under way: it freezes again when done, and reschedules
            timer = threading.Timer(1.0, _reclaim)
            timer.daemon = True
            _RECLAIM.append(timer)
            timer.start()
            return
        gc.unfreeze()
    gc.collect()


def _load(payload: bytes) -> Any:
    """Unpickle a message of the child; a large one lets the other threads run as it goes,
    and does not set off the garbage collector again and again (:func:`_collector_paused`)."""
    if len(payload) < _YIELD_FROM_BYTES:
        return pickle.loads(payload)
    with _collector_paused():
        return pickle.load(_YieldingReader(payload))


def _main_script_not_run_again() -> None:
    """Mark the running script's ``__main__`` module so that a child process does not run it.

    subtle: while a page runs, Streamlit makes the script a module of its own and puts it in
    ``sys.modules["__main__"]``, with the script's ``__file__`` and no ``__spec__``. A child
    started by the fork server (or spawned) prepares by running that file again, as
    ``__mp_main__``, whenever ``__main__`` has a file but no spec: every training's child ran
    the whole of ``app.py`` first, without a session (hundreds of "missing ScriptRunContext"
    lines in the server's log), and tried to start a fork server of its own. A spec named
    ``__main__`` tells the child that there is no main module to import. (Another session's
    run may install a new ``__main__`` between this line and the start: that child then
    runs the script as before, which costs time but not the result.)
    """
    main = sys.modules.get("__main__")
    if main is not None and getattr(main, "__spec__", None) is None:
        main.__spec__ = importlib.machinery.ModuleSpec("__main__", None)


def _run_in_child(job: Training, checkpoint: _Checkpoint) -> tuple[Any, int]:
    """Run ``job`` in a child process; return its result and the length of its pickle.

    The server's thread waits on the pipe (so it holds the interpreter lock only to move the
    bar), passes the progress to ``checkpoint`` and, at least every quarter second while the
    bar stands still, asks it again whether to stop. When the checkpoint raises (the student
    left), the child is terminated. An exception of the trainer arrives as itself (a
    :class:`SubwordError` keeps its type and fields); a child that dies raises
    :class:`TrainingFailed`.
    """
    receiver, sender = _CONTEXT.Pipe(duplex=False)
    process = _CONTEXT.Process(target=_child_main, args=(sender, job), daemon=True)
    _main_script_not_run_again()
    process.start()
    sender.close()  # the child holds its end: EOF here when it exits
    shown: tuple[int, int] | None = None
    asked = time.monotonic()
    try:
        while True:
            if not receiver.poll(0.25):
                if shown is not None and time.monotonic() - asked >= 0.25:
                    checkpoint(*shown)  # may raise: the student left
                    asked = time.monotonic()
                continue
            try:
                payload = receiver.recv_bytes()
            except EOFError:
                process.join(5)
                code = process.exitcode
                reason = f"exit {code}"
                if code is not None and code < 0:
                    reason = f"signal {-code}"
                _LOG.error("Training process died: %s, %s", checkpoint.what, reason)
                raise TrainingFailed(reason) from None
            message = _load(payload)
            if message[0] == "progress":
                shown = (message[1], message[2])
                checkpoint(*shown)
                asked = time.monotonic()
            elif message[0] == "result":
                return message[1], len(payload)
            else:
                _, error, details = message
                if not isinstance(error, SubwordError) and details:
                    _LOG.error("Training failed in its process: %s\n%s", checkpoint.what, details)
                raise error
    finally:
        receiver.close()
        if process.is_alive():
            process.terminate()
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
        process.close()


class _Slots:
    """At most ``limit()`` trainings in child processes at once; the others wait in turn.

    Twelve sessions once ran twelve children at once (about 290 MB each). A training asks for
    a place (:meth:`enter`), first come first served, and while it waits ``waiting(ahead,
    running)`` is called about every second (the page says where the student stands; the
    call raises when the student leaves, and the place is given up).

    Example:
        >>> slots = _Slots(lambda: 1)
        >>> slots.enter(lambda ahead, running: None); slots.running
        1
        >>> slots.leave(); slots.running
        0
    """

    def __init__(self, limit: Callable[[], int]) -> None:
        self.limit = limit
        self.running = 0
        self._queue: list[object] = []
        self._changed = threading.Condition()

    def enter(self, waiting: Callable[[int, int], None]) -> None:
        """Wait for a place (calling ``waiting`` about every second), then take it."""
        ticket = object()
        with self._changed:
            self._queue.append(ticket)
        try:
            while True:
                with self._changed:
                    if self._queue[0] is ticket and self.running < max(self.limit(), 1):
                        self._queue.pop(0)
                        self.running += 1
                        self._changed.notify_all()
                        return
                    ahead, running = self._queue.index(ticket), self.running
                    self._changed.wait(timeout=1.0)
                waiting(ahead, running)
        except BaseException:
            with self._changed:
                if ticket in self._queue:
                    self._queue.remove(ticket)
                self._changed.notify_all()
            raise

    def leave(self) -> None:
        """Give the place back (the next in the queue takes it)."""
        with self._changed:
            self.running -= 1
            self._changed.notify_all()


_CHILD_SLOTS = _Slots(lambda: LIMITS.training_processes)
"""The places for trainings in child processes (``LIMITS.training_processes``)."""


@contextlib.contextmanager
def _child_slot() -> Iterator[None]:
    """A place for one training's child; the page says where the student stands meanwhile."""
    slot = st.empty()

    def waiting(ahead: int, running: int) -> None:
        # subtle: each redraw lets Streamlit stop this run when the student clicks or leaves
        slot.info(training_queue_text(ahead, running), icon=":material/hourglass_top:")

    try:
        _CHILD_SLOTS.enter(waiting)
    finally:
        slot.empty()
    try:
        yield
    finally:
        _CHILD_SLOTS.leave()


def cached_training(
    name: str,
    key: Hashable,
    what: str,
    train: Callable[[Callable[[int, int], None]], T] | Training,
    *,
    max_entries: int = 16,
    bar: Callable[[str], AbstractContextManager[Callable[[int, int], None]]] | None = None,
) -> T:
    """Run ``train(progress)`` once per ``key`` (shared by all sessions), with a progress bar.

    subtle: ``st.cache_data`` cannot be used here: it records the elements a cached function
    draws so it can replay them, and a progress bar drawn from inside the training would be
    replayed into a page that no longer has it. So the result is kept in a bounded LRU store
    (``st.cache_resource``, at most ``max_entries`` results per ``name``, all stores together
    at most ``SUBWORD_LIMIT_CACHE_MB`` by estimate: see :class:`_Store`); results are frozen
    dataclasses, never changed by a page, so sharing them is safe. While one session trains a
    key, the others asking for it wait for that result instead of training it again.

    The training stops at a ``progress`` call about a second (``STOP_GRACE_SECONDS``) after
    the student changes a widget or closes the tab, unless a session (maybe the student's new
    run) waits for it (see :class:`_Checkpoint`). A stopped training stores nothing; a session
    that starts waiting for it as it stops then trains it itself.

    A long training runs in a process of its own: one Streamlit server runs every session's
    script in threads of one Python process, which share the interpreter lock, so a training
    in a thread slows every other student's step change (30 students' p95 went from 0.33 s to
    1.4 s while one session trained). ``train`` given as a :class:`Training` whose ``work``
    reaches the limit ``isolate_work`` runs in a child of a fork server (:func:`_run_in_child`):
    it uses another core, and the server's thread only moves the bar and checks for a stop,
    which terminates the child. Its result is pickled once, in the child; its length is the
    size counted against the cache's budget. A smaller training, or a plain function, runs in
    the server's thread as before (no process to start: the seed examples stay instant).

    Args:
        name: the kind of training (one store each).
        key: what the result depends on (corpus, settings, choices); hashable.
        what: the progress bar's label, e.g. ``"Learning merges"``.
        train: the training, called with the ``progress(done, total)`` callback: a
            :class:`Training` (picklable, may run in a child process) or any function.

    Raises:
        TrainingFailed: the child process ended without an answer (out of memory, killed).
        Whatever the trainer raised: a :class:`SubwordError` arrives from the child as itself.
        max_entries: how many results of this kind are kept.
        bar: the progress display (default :func:`progress_bar`); a test may pass its own.

    Example:
        >>> calls = []
        >>> def train(progress):
        ...     calls.append("trained")
        ...     return ("lo", "w")
        >>> [cached_training("doctest-bpe", ("low", 3), "Learning merges", train) for _ in "ab"]
        [('lo', 'w'), ('lo', 'w')]
        >>> calls  # the second call found the first one's result
        ['trained']
    """
    store = _store(name, max_entries)
    while True:
        hit = store.get(key)
        if hit is not None:
            return hit  # type: ignore[return-value]
        running = store.claim(key)
        if running is None:
            break
        try:
            _wait_for(running, what)  # then look again: it is stored, or that training failed
        finally:
            store.leave(key)
    try:
        with (bar or progress_bar)(what) as draw:
            checkpoint = _Checkpoint(store, key, what, draw, STOP_GRACE_SECONDS)
            if isinstance(train, Training) and train.work >= LIMITS.isolate_work:
                with _child_slot():  # at most LIMITS.training_processes children at once
                    result, pickled = _run_in_child(train, checkpoint)
                size = pickled * _MEMORY_PER_PICKLED_BYTE  # measured once, in the child
            else:
                result, size = train(checkpoint), None
            # stored before the bar's last drawing, which may itself be interrupted
            store.put(key, result, size)
    finally:
        store.release(key)
    if checkpoint.held is not None:
        raise checkpoint.held  # finished for the sessions that waited; now this one reruns
    return result


def _wait_for(running: threading.Event, what: str) -> None:
    """Wait for another session's identical training, saying so on the page.

    subtle: the note is redrawn every second: each redraw lets Streamlit stop this run if the
    student clicks something meanwhile, which a plain ``wait()`` would not.
    """
    slot = st.empty()
    waited = 0
    try:
        while not running.wait(timeout=1.0):
            waited += 1
            slot.caption(
                f":material/hourglass_top: {md_escape(what)}: another student started the same "
                f"training a moment ago; using theirs when it is done ({waited} s)."
            )
    finally:
        slot.empty()
