"""The server's byte-budgeted cache: results shared by every session, bounded by count and bytes.

- :func:`shared_cache`: a decorator in place of ``st.cache_data`` (hashable arguments, results
  never changed by a page).
- :class:`_Store` / :class:`_Budget`: one small LRU store per kind of result; one budget
  (``SUBWORD_LIMIT_CACHE_MB``) for all of them together.
- :func:`approx_bytes`: the estimate a result is counted with.

Example:
    >>> store = _Store(10, _Budget(max_bytes=100))
    >>> store.put("a", "A", size=60); store.get("a")
    'A'
"""

from __future__ import annotations

import contextlib
import functools
import pickle
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import nullcontext
from typing import Any, Generic, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui.app.limits import LIMITS

T = TypeVar("T")


_MEMORY_PER_PICKLED_BYTE = 3
"""A result takes about this many bytes of memory per byte of its pickle (measured on the
pydoc example: BPE at 5,000 merges pickles to 6.5 MB and holds 19.7 MB; WordPiece at 5,000,
7.4 MB and 22.9 MB)."""

_UNKNOWN_BYTES = 16 * 2**20
"""The size assumed for a result that cannot be pickled (none of the app's can)."""


def approx_bytes(value: object) -> int:
    """An estimate of the memory ``value`` holds: its pickle's length times a measured factor.

    Pickling once when a result is stored costs about a tenth of the training it keeps
    (0.16 s for BPE's 1.2 s at 5,000 merges on the pydoc example).

    Example:
        >>> approx_bytes(b"x" * 1000) >= 3000
        True
    """
    try:
        pickled = len(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # any object may refuse pickling: assume it is large
        return _UNKNOWN_BYTES
    return pickled * _MEMORY_PER_PICKLED_BYTE


class _Budget:
    """The bytes all the stores together may hold, shared fairly between the sessions.

    The total (:attr:`max_bytes`) is a hard bound. Each session's *share* is that total divided
    by the sessions holding results right now (:func:`hold`) plus the one storing. When a
    result does not fit, entries leave in this order, each group least recently used first:

    1. the storing session's own entries, while it is over its share;
    2. any entry no session holds, or held only by sessions over their share (or by the
       storing session itself);
    3. the new result itself (it is not kept: the page shows it, as one too large for the
       whole budget).

    So one session training result after result evicts its own, never the class's held step
    players while each student is within its share (issue 26). The count bound of a store
    (``max_entries``) gives way the same way: a store may keep more entries than its count
    while they are held by sessions within their share, since the bytes stay bounded.

    An entry is charged to the sessions that hold it, split equally (thirty students on the
    same cached training are charged a thirtieth each; the total counts it once), and to the
    session that stored it while nobody holds it.

    subtle: it never holds its lock while taking a store's (stores call it with theirs
    released), so two sessions storing at once cannot deadlock.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.sizes: OrderedDict[tuple[int, Hashable], tuple[_Store, int]] = OrderedDict()
        self.total = 0
        self.lock = threading.Lock()
        # the sessions' handles on each entry (hold()): emptied when the entry leaves
        self.holders: dict[tuple[int, Hashable], weakref.WeakSet[Held[Any]]] = {}
        # the session that stored each entry (charged with it while nobody holds it)
        self.creators: dict[tuple[int, Hashable], Hashable] = {}

    def add(
        self,
        store: _Store,
        key: Hashable,
        size: int,
        session: Hashable = None,
        max_entries: int | None = None,
    ) -> list[tuple[_Store, Hashable]]:
        """Count ``key``'s ``size``, stored by ``session``; return the entries to drop (oldest
        first, possibly ``key`` itself) to stay under the bytes and ``store``'s ``max_entries``.
        """
        entry = (id(store), key)
        with self.lock:
            old = self.sizes.pop(entry, None)
            if old is not None:
                self.total -= old[1]
            self.sizes[entry] = (store, size)
            self.creators[entry] = session
            self.total += size
            count = None
            if max_entries is not None:
                count = sum(1 for kept, _ in self.sizes.values() if kept is store)
            if self.total <= self.max_bytes and (count is None or count <= max_entries):
                return []
            return _Eviction(self, entry, session).run(store, count, max_entries)

    def touch(self, store: _Store, key: Hashable) -> None:
        """``key`` was just used: it goes last in the eviction order."""
        with self.lock:
            if (id(store), key) in self.sizes:
                self.sizes.move_to_end((id(store), key))

    def attach(self, store: _Store, key: Hashable, held: Held[Any]) -> bool:
        """Empty ``held`` when ``key`` leaves ``store``; ``False`` if it is not counted now."""
        with self.lock:
            if (id(store), key) not in self.sizes:
                return False
            self.holders.setdefault((id(store), key), weakref.WeakSet()).add(held)
            return True

    def holding(self, entry: tuple[int, Hashable]) -> frozenset[Hashable]:
        """The sessions whose handles hold ``entry`` now (with the lock held)."""
        return frozenset(h.session for h in self.holders.get(entry, ()) if h.value is not None)

    def drop(self, entry: tuple[int, Hashable]) -> None:
        """Stop counting ``entry`` and empty the handles on it (with the lock held)."""
        _, size = self.sizes.pop(entry)
        self.total -= size
        self.creators.pop(entry, None)
        for held in self.holders.pop(entry, ()):
            held.drop()

    def held_entries(self) -> int:
        """How many entries some session's handle holds (for tests and the load tool)."""
        with self.lock:
            return sum(1 for entry in self.holders if self.holding(entry))

    def charges(self) -> dict[Hashable, float]:
        """The bytes charged to each session now (see the class's docstring).

        Example:
            >>> budget = _Budget(max_bytes=100)
            >>> _ = budget.add(_Store(4, budget), "a", 30, session="s1")
            >>> budget.charges()
            {'s1': 30.0}
        """
        with self.lock:
            return dict(_Eviction(self, None, None).charge)


class _Eviction:
    """One eviction of :class:`_Budget` (made and run with its lock held): who is charged
    what, each session's share, and the entries that leave."""

    def __init__(
        self, budget: _Budget, new: tuple[int, Hashable] | None, session: Hashable
    ) -> None:
        self.budget, self.new, self.session = budget, new, session
        self.owners: dict[tuple[int, Hashable], frozenset[Hashable]] = {}
        self.held: dict[tuple[int, Hashable], frozenset[Hashable]] = {}
        self.charge: dict[Hashable, float] = {}
        holding = {session} if new is not None else set()
        for entry in budget.sizes:
            held = budget.holding(entry)
            self.held[entry] = held
            self.owners[entry] = held or frozenset([budget.creators.get(entry)])
            holding |= held
        for entry, owners in self.owners.items():
            for owner in owners:
                self.charge[owner] = self.charge.get(owner, 0.0) + self._part(entry)
        self.share = budget.max_bytes / max(1, len(holding))

    def _part(self, entry: tuple[int, Hashable]) -> float:
        return self.budget.sizes[entry][1] / len(self.owners[entry])

    def _over(self, session: Hashable) -> bool:
        return self.charge.get(session, 0.0) > self.share

    def _may_go(self, entry: tuple[int, Hashable]) -> bool:
        """No session other than the storing one holds ``entry`` within its share."""
        return entry != self.new and all(
            self._over(s) for s in self.held[entry] if s != self.session
        )

    def _pick(self, store: _Store | None) -> tuple[int, Hashable] | None:
        """The next entry to leave (of ``store`` only, if given), or ``None``."""
        entries = [e for e, (kept, _) in self.budget.sizes.items() if store in (None, kept)]
        if self._over(self.session):
            for entry in entries:
                if self.session in self.owners[entry] and self._may_go(entry):
                    return entry
        return next((e for e in entries if self._may_go(e)), None)

    def _drop(self, entry: tuple[int, Hashable], victims: list[tuple[_Store, Hashable]]) -> None:
        for owner in self.owners[entry]:
            self.charge[owner] -= self._part(entry)
        victims.append((self.budget.sizes[entry][0], entry[1]))
        self.budget.drop(entry)

    def run(
        self, store: _Store, count: int | None, max_entries: int | None
    ) -> list[tuple[_Store, Hashable]]:
        """Drop entries until ``store`` holds ``max_entries`` (if it can) and the budget its
        bytes (always); the entries dropped, in order."""
        victims: list[tuple[_Store, Hashable]] = []
        budget = self.budget
        while count is not None and max_entries is not None and count > max_entries:
            entry = self._pick(store)
            if entry is None:
                break  # every other entry is held within its share: the count gives way
            self._drop(entry, victims)
            count -= 1
        while budget.total > budget.max_bytes:
            entry = self._pick(None)
            if entry is None:
                # the new result does not fit beside what others hold within their shares; if
                # it is gone too (a budget made smaller meanwhile), the oldest: the bound holds
                new = self.new if self.new in budget.sizes else None
                entry = new or next(iter(budget.sizes))
            self._drop(entry, victims)
        return victims


_BUDGET = _Budget(LIMITS.cache_mb * 2**20)
"""One budget for every store of the server (``SUBWORD_LIMIT_CACHE_MB``)."""


class _Store:
    """A small thread-safe LRU dict (one per kind of training, shared by all sessions).

    It also knows which keys are being trained right now (:meth:`claim`), so that a class
    choosing the same corpus at once trains it once rather than thirty times, and how many
    sessions wait for each of them (so a training is not stopped while someone waits for it).
    It holds at most ``max_entries`` results, and its results count against ``budget``, the
    estimated bytes shared by all stores (:func:`approx_bytes`): storing one may evict the least
    recently used results of any store. A result larger than the whole budget is not kept.

    Example:
        >>> store = _Store(10, _Budget(max_bytes=100))
        >>> store.put("a", "A", size=60); store.put("b", "B", size=60)
        >>> store.get("a"), store.get("b"), store.budget.total
        (None, 'B', 60)
    """

    def __init__(self, max_entries: int, budget: _Budget | None = None) -> None:
        self.max_entries = max_entries
        self.budget = _BUDGET if budget is None else budget
        self.items: OrderedDict[Hashable, object] = OrderedDict()
        self.lock = threading.Lock()
        self.training: dict[Hashable, threading.Event] = {}
        self.waiting: dict[Hashable, int] = {}

    def claim(self, key: Hashable) -> threading.Event | None:
        """``None`` if the caller is now the one to train ``key`` (then :meth:`release` it);
        else the event that is set when the session training it has finished (the caller is
        then counted as waiting for it until it calls :meth:`leave`)."""
        with self.lock:
            running = self.training.get(key)
            if running is None:
                self.training[key] = threading.Event()
            else:
                self.waiting[key] = self.waiting.get(key, 0) + 1
            return running

    def leave(self, key: Hashable) -> None:
        """A session that :meth:`claim` told to wait for ``key`` waits no longer."""
        with self.lock:
            left = self.waiting.get(key, 0) - 1
            if left > 0:
                self.waiting[key] = left
            else:
                self.waiting.pop(key, None)

    def waiters(self, key: Hashable) -> int:
        """How many sessions wait for the training of ``key`` right now."""
        with self.lock:
            return self.waiting.get(key, 0)

    def release(self, key: Hashable) -> None:
        """The training of ``key`` ended (with a result or not): wake the sessions waiting."""
        with self.lock:
            done = self.training.pop(key, None)
        if done is not None:
            done.set()

    def get(self, key: Hashable) -> object | None:
        with self.lock:
            if key not in self.items:
                return None
            self.items.move_to_end(key)
            value = self.items[key]
        self.budget.touch(self, key)
        _note_use(self, key)
        return value

    def put(
        self, key: Hashable, value: object, size: int | None = None, session: Hashable = None
    ) -> None:
        """Keep ``value`` (its estimated ``size`` in bytes is measured if not given), stored by
        ``session`` (the current Streamlit session if not given: :func:`_this_session`)."""
        size = approx_bytes(value) if size is None else size
        if size > self.budget.max_bytes:
            return  # it would evict everything and still not fit: not kept
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
        owner = _this_session() if session is None else session
        for store, victim in self.budget.add(self, key, size, owner, self.max_entries):
            store.discard(victim)
        _note_use(self, key)

    def discard(self, key: Hashable) -> None:
        """Drop ``key`` (the budget has stopped counting it)."""
        with self.lock:
            self.items.pop(key, None)

    def total_bytes(self) -> int:
        """The estimated bytes this store's results hold."""
        with self.budget.lock:
            return sum(size for store, size in self.budget.sizes.values() if store is self)


class Held(Generic[T]):
    """A session's handle on shared results, kept between runs (a step player's fragment).

    subtle: Streamlit keeps a session's fragments between runs, and with them whatever their
    closures hold. A result held there outlives its eviction from the cache, so five open
    sessions held 430 MB over a 64 MB budget (issue 26). Held through this handle instead, the
    value is let go (:meth:`drop`) when the budget evicts a result the run used; the holder
    then reruns the page, which computes the result again (:func:`hold`).

    Example:
        >>> held = Held("view"); held.value
        'view'
        >>> held.drop(); held.value is None
        True
    """

    __slots__ = ("__weakref__", "session", "value")

    def __init__(self, value: T, session: Hashable = None) -> None:
        self.value: T | None = value
        self.session = session

    def drop(self) -> None:
        """Let the value go (its result left the cache)."""
        self.value = None


_USED: weakref.WeakKeyDictionary[object, set[tuple[_Store, Hashable]]] = weakref.WeakKeyDictionary()
"""The cache entries each script run has used so far (by the run's coordinator, which
Streamlit makes anew for every run: gone with the run)."""
_USED_LOCK = threading.Lock()


def _this_run() -> object | None:
    """An object that stands for the current script run (``None`` outside one)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return getattr(ctx, "parallel_coordinator", None) if ctx is not None else None


def _this_session() -> Hashable:
    """The key of the current session (``None`` outside one: a notebook, a script).

    Streamlit's session id, with the identity of the session's state: AppTest gives every app
    the same id (``"test session id"``), and a server never gives two sessions the same one.
    """
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return None
    state = getattr(ctx.session_state, "_state", ctx.session_state)
    return f"{ctx.session_id}/{id(state):x}"


def _note_use(store: _Store, key: Hashable) -> None:
    """Remember that this run used ``key`` of ``store`` (see :func:`hold`)."""
    run = _this_run()
    if run is None:
        return
    with _USED_LOCK, contextlib.suppress(TypeError):  # (not weakly referable: not noted)
        _USED.setdefault(run, set()).add((store, key))


def hold(value: T, session: Hashable = None) -> Held[T]:
    """A handle on ``value`` that is emptied when a cache entry this run has used is evicted.

    The entries are then held by ``session`` (the current one if not given): within its share
    of the budget, no other session's results evict them (:class:`_Budget`).

    Whatever a session keeps between runs and refers to shared results (a step player's
    ``render`` callback) is held this way, so the bytes live in the cache and count against
    its budget once. An entry not counted now (a result larger than the whole budget is
    never stored) does not empty the handle: the page keeps showing it.

    Example:
        >>> hold("outside a run").value
        'outside a run'
    """
    held = Held(value, _this_session() if session is None else session)
    run = _this_run()
    if run is None:
        return held
    with _USED_LOCK:
        used = list(_USED.get(run, ()))
    for store, key in used:
        store.budget.attach(store, key, held)
    return held


@st.cache_resource(show_spinner=False)
def _store(name: str, max_entries: int) -> _Store:
    return _Store(max_entries)


def shared_cache(
    name: str, *, max_entries: int, spinner: str | Callable[[], str] | None = None
) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Cache a function's results in a :class:`_Store` (shared by all sessions, bounded by
    count and by the bytes budget ``SUBWORD_LIMIT_CACHE_MB``), in place of ``st.cache_data``.

    The arguments must be hashable; results are shared objects, so they must never be
    changed by a page (frozen dataclasses, tuples). ``spinner`` is shown while computing:
    a text, or a function that returns it (called then, so that it can be translated into
    the session's language: ``spinner=lambda: t("Reading…")``).

    Example:
        >>> @shared_cache("doctest-square", max_entries=4)
        ... def square(n: int) -> int:
        ...     return n * n
        >>> square(12), square(12)
        (144, 144)
    """

    def wrap(compute: Callable[..., T]) -> Callable[..., T]:
        @functools.wraps(compute)
        def cached(*args: Hashable) -> T:
            store = _store(name, max_entries)
            hit = store.get(args)
            if hit is not None:
                return hit  # type: ignore[return-value]
            text = spinner() if callable(spinner) else spinner
            with st.spinner(text) if text else nullcontext():
                result = compute(*args)
            # a long text as the key (the corpus parser's) is held too: count it
            key_bytes = sum(sys.getsizeof(a) for a in args if isinstance(a, str | bytes))
            store.put(args, result, approx_bytes(result) + key_bytes)
            return result

        return cached

    return wrap
