"""Adjacent-pair bookkeeping shared by the merge-based learners (BPE, WordPiece).

Both learners repeatedly pick a pair of neighbouring symbols and merge it everywhere.
Recounting every pair after every merge is what the tutorials do and is easy to read, but
slow on a real text; ``PairTable`` keeps the counts, which words hold each pair, and where
each pair is first seen, and updates only the words a merge touches.

>>> table = PairTable([["l", "o", "w"], ["l", "o"]], [5, 2])
>>> table.counts[("l", "o")], table.first_seen(("o", "w"))
(7, (0, 1))
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

Pair = tuple[str, str]


@dataclass(frozen=True)
class WordChange:
    """A corpus word whose segmentation a merge changed.

    >>> WordChange("newest", 6, ("n", "e", "w", "e", "s", "t"), ("n", "e", "w", "es", "t")).count
    6
    """

    word: str
    count: int
    before: tuple[str, ...]
    after: tuple[str, ...]


def keep_changes(changes: list[WordChange], limit: int) -> tuple[WordChange, ...]:
    """All changes if there are at most ``limit``, else the most frequent words' (corpus order).

    >>> [c.word for c in keep_changes([WordChange("a", 1, (), ()), WordChange("b", 5, (), ())], 1)]
    ['b']
    """
    if len(changes) <= limit:
        return tuple(changes)
    order = sorted(range(len(changes)), key=lambda i: -changes[i].count)[:limit]
    return tuple(changes[i] for i in sorted(order))


def segmentation_at(
    initial: Sequence[tuple[str, ...]],
    history: Mapping[int, Sequence[tuple[int, tuple[str, ...]]]],
    step: int,
) -> list[tuple[int, tuple[str, ...]]]:
    """``(word index, symbols)`` of every tracked word after ``step`` steps.

    ``history`` maps a word index to the (step, symbols) at which its symbols changed.

    >>> segmentation_at([("a", "b")], {0: [(2, ("ab",))]}, 1)
    [(0, ('a', 'b'))]
    """
    rows = []
    for index, changes in sorted(history.items()):
        symbols = initial[index]
        for at, after in changes:
            if at > step:
                break
            symbols = after
        rows.append((index, symbols))
    return rows


def merge_symbols(
    symbols: Sequence[str], pair: Pair, merged: str | None = None
) -> tuple[list[str], list[int]]:
    """Merge every non-overlapping occurrence of ``pair``, scanning left to right.

    ``merged`` is the new symbol (``left + right`` unless given: WordPiece's ``h`` + ``##u``
    makes ``hu``). Returns the new symbols and the indices (in the old symbols) where
    merges started.

    >>> merge_symbols(["a", "a", "a"], ("a", "a"))
    (['aa', 'a'], [0])
    """
    left, right = pair
    if merged is None:
        merged = left + right
    out: list[str] = []
    positions: list[int] = []
    i, n = 0, len(symbols)
    while i < n:
        # subtle: "a a a" holds the pair (a, a) twice but only one merge fits; taking the
        # leftmost first is what subword-nmt and the tutorials do.
        if i + 1 < n and symbols[i] == left and symbols[i + 1] == right:
            out.append(merged)
            positions.append(i)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out, positions


class PairTable:
    """Pair counts with a word index and a lazy max-heap, updated one word at a time.

    subtle: a heap entry is only a hint. Counts change all the time, so an entry is
    trusted only if it still matches the current count; stale and duplicate entries are
    dropped when they reach the top.
    """

    def __init__(self, words: list[list[str]], counts: list[int]) -> None:
        self.counts: dict[Pair, int] = {}
        self.where: dict[Pair, set[int]] = {}
        self.first_word: dict[Pair, int] = {}
        self.words = words
        self.freq = counts
        for index, symbols in enumerate(words):
            self._add(index, symbols, +1)
        self.heap: list[tuple[int, Pair]] = [(-c, p) for p, c in self.counts.items()]
        heapq.heapify(self.heap)

    def _add(self, index: int, symbols: Sequence[str], sign: int) -> set[Pair]:
        freq = self.freq[index] * sign
        touched: set[Pair] = set()
        for pair, n in Counter(pairwise(symbols)).items():
            self.counts[pair] = self.counts.get(pair, 0) + n * freq
            touched.add(pair)
            if sign > 0:
                self.where.setdefault(pair, set()).add(index)
                if index < self.first_word.get(pair, index + 1):
                    self.first_word[pair] = index
        return touched

    def replace_word(self, index: int, new: list[str]) -> set[Pair]:
        """Swap word ``index``'s symbols for ``new``, update every affected count.

        Returns the pairs whose count changed (a pair whose count fell to 0 is no longer
        in ``counts``).
        """
        old = self.words[index]
        self.words[index] = new
        # subtle: only the net change per pair matters; a merge leaves most of a word's
        # pairs as they were, and those need no update at all.
        delta: dict[Pair, int] = {}
        for pair in pairwise(old):
            delta[pair] = delta.get(pair, 0) - 1
        new_pairs = set()
        for pair in pairwise(new):
            delta[pair] = delta.get(pair, 0) + 1
            new_pairs.add(pair)
        freq = self.freq[index]
        counts, where, first_word = self.counts, self.where, self.first_word
        touched: set[Pair] = set()
        for pair, n in delta.items():
            if not n:
                continue
            touched.add(pair)
            count = counts.get(pair, 0) + n * freq
            if n > 0:
                where.setdefault(pair, set()).add(index)
                if index < first_word.get(pair, index + 1):
                    first_word[pair] = index
            elif pair not in new_pairs:
                holders = where[pair]
                holders.discard(index)
                if not holders:
                    del where[pair]
                    first_word.pop(pair, None)
                elif first_word.get(pair) == index:
                    first_word[pair] = min(holders)
            if count <= 0:
                counts.pop(pair, None)
            else:
                counts[pair] = count
                heapq.heappush(self.heap, (-count, pair))
        return touched

    def first_seen(self, pair: Pair) -> tuple[int, int]:
        """(word index, character offset) of the pair's first occurrence in corpus order."""
        index = self.first_word[pair]
        symbols = self.words[index]
        offset = 0
        for i in range(len(symbols) - 1):
            if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                return index, offset
            offset += len(symbols[i])
        raise AssertionError("pair index out of date")  # pragma: no cover

    def top(self, k: int) -> list[tuple[Pair, int]]:
        """The ``k`` most frequent pairs plus every pair tied with the best, best first."""
        heap = self.heap
        taken: dict[Pair, int] = {}
        best = 0
        while heap:
            neg, pair = heap[0]
            count = self.counts.get(pair, 0)
            if count != -neg or pair in taken:
                heapq.heappop(heap)
                continue
            if not taken:
                best = count
            elif len(taken) >= k and count < best:
                break
            heapq.heappop(heap)
            taken[pair] = count
        for pair, count in taken.items():
            heapq.heappush(heap, (-count, pair))
        if len(heap) > 4 * len(self.counts) + 1000:
            self.heap = [(-c, p) for p, c in self.counts.items()]
            heapq.heapify(self.heap)
        return list(taken.items())
