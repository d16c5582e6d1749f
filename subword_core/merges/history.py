"""Each word's segmentation at every step of a merge learner (BPE, WordPiece), kept small.

The step player shows "the corpus after merge n" for any n, so the learners keep, for the
words they track, how their symbols changed. Keeping a whole copy of a word's symbols at
every merge that changes it costs the word's length per merge: one 20,000-character word
(text without spaces: Chinese running text, a DNA string) over 1,000 merges held about
250 MB. Here a *long* word (more than ``long_word`` symbols, the same bound as
:class:`subword_core.merges.PairTable`'s position index) keeps, per change, only the
positions where the merge applied and the merged symbol, plus a full copy every
``SNAPSHOT_EVERY`` changes; its symbols at any step are rebuilt from the nearest copy by
replaying at most that many changes. A short word keeps a copy per change, as before: it
costs little and needs no replay.

The words a step changed (``MergeStep.changed_words``) hold, for a long word,
:class:`LoggedSymbols`: a sequence equal to the tuple of symbols, rebuilt when read.

>>> log = WordHistory([("a", "b", "a", "b")], [0], long_word=2)
>>> before, after = log.record(1, 0, ["a", "b", "a", "b"], ["ab", "ab"], "ab", [0, 2])
>>> after == ("ab", "ab"), before == ("a", "b", "a", "b")
(True, True)
>>> log.at(0), log.at(1), log.changed_at(1)
([(0, ('a', 'b', 'a', 'b'))], [(0, ('ab', 'ab'))], {0})
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

#: A long word keeps a full copy of its symbols after every this many changes: memory is
#: one copy per this many merges, and rebuilding a step replays at most this many changes
#: (each a copy of the word in C plus a Python step per merged position).
SNAPSHOT_EVERY = 64


class _Track:
    """One word's changes: the step numbers, and copies or positions (see the module)."""

    __slots__ = ("every", "merged", "positions", "snapshots", "steps")

    def __init__(self, every: int) -> None:
        self.every = every
        self.steps: list[int] = []
        # snapshots[m]: the symbols after change (m + 1) * every - 1
        self.snapshots: list[tuple[str, ...]] = []
        # long words only: per change, the indices (in the symbols before it) where a
        # merge started, and the merged symbol
        self.positions: list[array[int]] = []
        self.merged: list[str] = []


def _apply(symbols: Sequence[str], positions: Iterable[int], merged: str) -> list[str]:
    """Replace the pairs starting at ``positions`` (ascending, non-overlapping) by ``merged``.

    >>> _apply(["a", "b", "c", "a", "b"], [0, 3], "ab")
    ['ab', 'c', 'ab']
    """
    out: list[str] = []
    i = 0
    for j in positions:
        out.extend(symbols[i:j])
        out.append(merged)
        i = j + 2
    out.extend(symbols[i:])
    return out


def _merge_positions(symbols: Sequence[str], left: str, right: str) -> list[int]:
    """Where ``(left, right)`` merges, leftmost first and never overlapping (merge_symbols).

    >>> _merge_positions(["a", "a", "a", "a"], "a", "a")
    [0, 2]
    """
    out: list[int] = []
    i, n = 0, len(symbols) - 1
    while i < n:
        if symbols[i] == left and symbols[i + 1] == right:
            out.append(i)
            i += 2
        else:
            i += 1
    return out


class LoggedSymbols(Sequence[str]):
    """A long word's symbols after one of its changes, rebuilt from a ``WordHistory`` when read.

    It equals (and hashes like) the tuple of those symbols, and a deep copy (what
    ``dataclasses.asdict`` makes) is that tuple, so exports see plain data.

    >>> log = WordHistory([("a", "b", "c")], [0], long_word=0)
    >>> _, after = log.record(1, 0, ["a", "b", "c"], ["ab", "c"], "ab", [0])
    >>> after == ("ab", "c"), list(after), len(after), after[0]
    (True, ['ab', 'c'], 2, 'ab')
    """

    __slots__ = ("_change", "_index", "_log")

    def __init__(self, log: WordHistory, index: int, change: int) -> None:
        self._log = log
        self._index = index
        self._change = change

    def symbols(self) -> tuple[str, ...]:
        """The symbols as a tuple (rebuilt at each call: keep it while you use it).

        >>> log = WordHistory([("a", "b")], [0], long_word=0)
        >>> log.record(1, 0, ["a", "b"], ["ab"], "ab", [0])[1].symbols()
        ('ab',)
        """
        return self._log.symbols(self._index, self._change)

    def __len__(self) -> int:
        return len(self.symbols())

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[str, ...]: ...
    def __getitem__(self, i: int | slice) -> str | tuple[str, ...]:
        return self.symbols()[i]

    def __iter__(self) -> Iterator[str]:
        return iter(self.symbols())

    def __reversed__(self) -> Iterator[str]:
        return reversed(self.symbols())

    def __contains__(self, value: object) -> bool:
        return value in self.symbols()

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """As ``tuple.index``."""
        symbols = self.symbols()
        return symbols.index(value, start, len(symbols) if stop is None else stop)

    def count(self, value: Any) -> int:
        """As ``tuple.count``."""
        return self.symbols().count(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LoggedSymbols):
            if other._log is self._log and (other._index, other._change) == (
                self._index,
                self._change,
            ):
                return True
            return self.symbols() == other.symbols()
        if isinstance(other, tuple):
            return self.symbols() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.symbols())

    def __repr__(self) -> str:
        return repr(self.symbols())

    def __copy__(self) -> LoggedSymbols:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> tuple[str, ...]:
        # subtle: a deep copy must share nothing mutable; the equal tuple is such a copy,
        # and it is what ``dataclasses.asdict`` (the JSON export of the steps) should see
        return self.symbols()


class WordHistory(Mapping[int, tuple[tuple[int, Sequence[str]], ...]]):
    """The segmentation history of a merge learner's words, one record per change.

    As a mapping it holds the *tracked* words only: ``{word index: ((step, symbols after
    it), ...)}`` for every step that changed the word. It also records every long word (more
    than ``long_word`` symbols), tracked or not, so that a step's changed-word rows can point
    into it instead of copying the word.

    Args:
        initial: every word's symbols before the first merge.
        tracked: the indices of the words whose history the mapping shows.
        long_word: words with more symbols are stored as changes (see the module).
        every: a long word's full copy is kept after every ``every`` changes
            (``SNAPSHOT_EVERY`` unless given).

    >>> log = WordHistory([("l", "o", "w")], [0])
    >>> _ = log.record(1, 0, ["l", "o", "w"], ["lo", "w"], "lo")
    >>> dict(log), log.at(0)
    ({0: ((1, ('lo', 'w')),)}, [(0, ('l', 'o', 'w'))])
    """

    @classmethod
    def for_corpus(
        cls,
        words: Sequence[Sequence[str]],
        freqs: Sequence[int],
        history_limit: int,
        long_word: int = 64,
    ) -> WordHistory:
        """The history of a corpus split into ``words``: every word is tracked, or, past
        ``history_limit`` words, the most frequent ones (equal counts: the first seen).

        >>> WordHistory.for_corpus([("a", "b"), ("c",), ("d",)], [1, 5, 5], 2).tracked
        (1, 2)
        """
        initial = tuple(tuple(w) for w in words)
        if len(initial) <= history_limit:
            tracked: Iterable[int] = range(len(initial))
        else:
            by_count = sorted(range(len(initial)), key=lambda i: (-freqs[i], i))
            tracked = by_count[:history_limit]
        return cls(initial, tracked, long_word)

    def __init__(
        self,
        initial: Sequence[tuple[str, ...]],
        tracked: Iterable[int],
        long_word: int = 64,
        every: int | None = None,
    ) -> None:
        self.initial = initial
        self.tracked = tuple(sorted(set(tracked)))
        self._tracked = frozenset(self.tracked)
        self.long_word = long_word
        self.every = max(1, SNAPSHOT_EVERY if every is None else every)
        self._tracks: dict[int, _Track] = {}

    # -- recording ---------------------------------------------------------------------

    def record(
        self,
        step: int,
        index: int,
        old: Sequence[str],
        new: Sequence[str],
        merged: str,
        positions: Sequence[int] | None = None,
        pair: tuple[str, str] | None = None,
    ) -> tuple[Sequence[str], Sequence[str]] | None:
        """Record that ``step`` changed word ``index`` from ``old`` to ``new``.

        Args:
            step: the step number (increasing from call to call for one word).
            index: the word's index.
            old, new: its symbols before and after the step.
            merged: the symbol the merge made.
            positions: where in ``old`` the merges started, if known; else they are found
                from ``pair`` (``(merged[:k], merged[k:])`` style pairs cannot be guessed).
            pair: the merged pair, needed only when ``positions`` is not given.

        Returns:
            ``(before, after)`` to show for the change (tuples, or :class:`LoggedSymbols`
            for a long word), or ``None`` when the word is neither tracked nor long.

        >>> log = WordHistory([("a", "b"), ("a", "b")], [0])
        >>> log.record(1, 1, ["a", "b"], ["ab"], "ab") is None
        True
        """
        track = self._tracks.get(index)
        if track is None:
            long = len(self.initial[index]) > self.long_word
            if not long and index not in self._tracked:
                return None
            track = self._tracks[index] = _Track(self.every if long else 1)
        change = len(track.steps)
        track.steps.append(step)
        if track.every == 1:
            after = tuple(new)
            track.snapshots.append(after)
            return (track.snapshots[-2] if change else self.initial[index]), after
        if positions is None:
            if pair is None:
                raise ValueError("record needs the merged positions or the merged pair")
            positions = _merge_positions(old, *pair)
        track.positions.append(array("l", positions))
        track.merged.append(merged)
        if (change + 1) % track.every == 0:
            track.snapshots.append(tuple(new))
        return LoggedSymbols(self, index, change - 1), LoggedSymbols(self, index, change)

    # -- reading -----------------------------------------------------------------------

    def symbols(self, index: int, change: int) -> tuple[str, ...]:
        """Word ``index``'s symbols after its change number ``change`` (0-based; -1: initial).

        >>> log = WordHistory([("a", "a", "a")], [0], long_word=0, every=2)
        >>> _ = log.record(1, 0, ["a", "a", "a"], ["aa", "a"], "aa", [0])
        >>> _ = log.record(2, 0, ["aa", "a"], ["aaa"], "aaa", [0])
        >>> log.symbols(0, -1), log.symbols(0, 0), log.symbols(0, 1)
        (('a', 'a', 'a'), ('aa', 'a'), ('aaa',))
        """
        if change < 0:
            return tuple(self.initial[index])
        track = self._tracks[index]
        every = track.every
        copy = (change + 1) // every - 1  # the last full copy at or before the change
        if copy >= 0 and (copy + 1) * every - 1 == change:
            return track.snapshots[copy]
        base: Sequence[str] = track.snapshots[copy] if copy >= 0 else self.initial[index]
        for c in range((copy + 1) * every, change + 1):
            base = _apply(base, track.positions[c], track.merged[c])
        return tuple(base)

    def changes_upto(self, index: int, step: int) -> int:
        """How many of word ``index``'s recorded changes happened at or before ``step``.

        >>> log = WordHistory([("a", "b")], [0])
        >>> _ = log.record(3, 0, ["a", "b"], ["ab"], "ab")
        >>> log.changes_upto(0, 2), log.changes_upto(0, 3)
        (0, 1)
        """
        track = self._tracks.get(index)
        return 0 if track is None else bisect_right(track.steps, step)

    def at(self, step: int) -> list[tuple[int, tuple[str, ...]]]:
        """``(word index, symbols)`` of every tracked word after ``step`` steps.

        >>> log = WordHistory([("a", "b"), ("c",)], [0, 1])
        >>> _ = log.record(2, 0, ["a", "b"], ["ab"], "ab")
        >>> log.at(1), log.at(2)
        ([(0, ('a', 'b')), (1, ('c',))], [(0, ('ab',)), (1, ('c',))])
        """
        return [(i, self.symbols(i, self.changes_upto(i, step) - 1)) for i in self.tracked]

    def changed_at(self, step: int) -> set[int]:
        """The tracked words that step ``step`` changed.

        >>> log = WordHistory([("a", "b"), ("a", "c")], [0, 1])
        >>> _ = log.record(1, 0, ["a", "b"], ["ab"], "ab")
        >>> log.changed_at(1), log.changed_at(2)
        ({0}, set())
        """
        out = set()
        for i in self.tracked:
            track = self._tracks.get(i)
            if track is not None:
                k = bisect_right(track.steps, step)
                if k and track.steps[k - 1] == step:
                    out.add(i)
        return out

    # -- the mapping: tracked words only ----------------------------------------------

    def __getitem__(self, index: int) -> tuple[tuple[int, Sequence[str]], ...]:
        if index not in self._tracked:
            raise KeyError(index)
        track = self._tracks.get(index)
        if track is None:
            return ()
        if track.every == 1:
            return tuple(zip(track.steps, track.snapshots, strict=True))
        return tuple((s, LoggedSymbols(self, index, k)) for k, s in enumerate(track.steps))

    def __contains__(self, index: object) -> bool:
        return index in self._tracked

    def __iter__(self) -> Iterator[int]:
        return iter(self.tracked)

    def __len__(self) -> int:
        return len(self.tracked)

    def __repr__(self) -> str:
        return f"WordHistory({dict(self)!r})"
