"""Adjacent-pair bookkeeping shared by the merge-based learners (BPE, WordPiece).

Both learners repeatedly pick a pair of neighbouring symbols and merge it everywhere.
Recounting every pair after every merge is what the tutorials do and is easy to read, but
slow on a real text; ``PairTable`` keeps the counts, which words hold each pair, and where
each pair is first seen, and updates only the pairs next to the occurrences a merge
replaces. The textbook loop is kept in the tests as the oracle it must agree with.

>>> table = PairTable([["l", "o", "w"], ["l", "o"]], [5, 2])
>>> table.counts[("l", "o")], table.first_seen(("o", "w"))
(7, (0, 1))
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Mapping, Sequence
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
    """Pair counts, a pair -> words index and pairs grouped by count, updated per merge.

    Attributes:
        words: every word's current symbols (a new list replaces a word's list when it
            changes, so ``words[i] is old_list`` tells whether word ``i`` changed).
        freq: every word's count.
        counts: ``{pair: weighted count}`` of every pair that occurs (count > 0).
        where: ``{pair: {word index: occurrences in that word}}``.
        first_word: ``{pair: lowest index of a word holding it}`` (corpus order).
        by_count: ``{count: pairs with that count}``; ``by_count[best]`` are the tied pairs.

    subtle: a merge of ``(a, b)`` changes only the pairs right next to each occurrence,
    so a step costs time in proportion to the words it changes, not to the corpus. The
    counts live in buckets (``by_count``), so the most frequent pairs and all the pairs
    tied with them are found without sorting every pair.

    >>> table = PairTable([["a", "b", "c"], ["a", "b"]], [2, 1])
    >>> table.best_count(), sorted(table.by_count[3])
    (3, [('a', 'b')])
    >>> [(i, after) for i, _, after, _ in table.merge(("a", "b"))]
    [(0, ['ab', 'c']), (1, ['ab'])]
    >>> table.counts
    {('ab', 'c'): 2}
    """

    small_bucket = 32  # buckets up to 4 * limit + this are simply sorted (tests lower it)

    def __init__(self, words: list[list[str]], counts: list[int]) -> None:
        self.words = words
        self.freq = counts
        self.counts: dict[Pair, int] = {}
        self.where: dict[Pair, dict[int, int]] = {}
        self.first_word: dict[Pair, int] = {}
        pair_counts, where, first_word = self.counts, self.where, self.first_word
        for index, symbols in enumerate(words):
            freq = counts[index]
            for pair in pairwise(symbols):
                pair_counts[pair] = pair_counts.get(pair, 0) + freq
                holders = where.get(pair)
                if holders is None:
                    where[pair] = {index: 1}
                    first_word[pair] = index  # words are visited in corpus order
                else:
                    holders[index] = holders.get(index, 0) + 1
        self.by_count: dict[int, set[Pair]] = {}
        for pair, count in pair_counts.items():
            self.by_count.setdefault(count, set()).add(pair)
        # a max-heap (negated) of the counts that have a bucket; a popped count whose
        # bucket is gone is simply dropped (lazy deletion)
        self._levels = [-count for count in self.by_count]
        heapq.heapify(self._levels)
        # {count: min-heap of (rule key, pair)} for the large buckets that were asked for
        # in order (see ``ordered_level``); entries are hints, checked against ``counts``
        # and ``first_word`` when they reach the top
        self._heaps: dict[int, list[tuple[object, Pair]]] = {}
        self._heap_rule = ""
        self._descending: dict[Pair, tuple[tuple[int, ...], ...]] = {}

    # -- reading -------------------------------------------------------------------------

    def best_count(self) -> int:
        """The highest pair count (0 when no word has two symbols left).

        >>> PairTable([["a"]], [3]).best_count()
        0
        """
        levels = self.top_levels(1)
        return levels[0] if levels else 0

    def top_levels(self, rows: int) -> list[int]:
        """The highest distinct counts, best first, until their pairs number ``rows``.

        >>> PairTable([["a", "b", "a", "b", "c"]], [1]).top_levels(2)
        [2, 1]
        """
        heap, buckets = self._levels, self.by_count
        taken: list[int] = []
        covered = 0
        while heap and covered < rows:
            count = -heapq.heappop(heap)
            bucket = buckets.get(count)
            if not bucket or (taken and taken[-1] == count):
                continue  # stale or duplicate entry
            taken.append(count)
            covered += len(bucket)
        for count in taken:
            heapq.heappush(heap, -count)
        if len(heap) > 2 * len(buckets) + 64:
            self._levels = [-count for count in buckets]
            heapq.heapify(self._levels)
        return taken

    def first_seen(self, pair: Pair) -> tuple[int, int]:
        """(word index, character offset) of the pair's first occurrence in corpus order.

        >>> PairTable([["x"], ["a", "b", "a", "b"]], [1, 1]).first_seen(("b", "a"))
        (1, 1)
        """
        index = self.first_word[pair]
        symbols = self.words[index]
        offset = 0
        for i in range(len(symbols) - 1):
            if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                return index, offset
            offset += len(symbols[i])
        raise AssertionError("pair index out of date")  # pragma: no cover

    def ordered(self, pairs: Collection[Pair], limit: int, tie_break: str) -> list[Pair]:
        """The first ``limit`` of ``pairs`` (all with one count) in the tie rule's order.

        ``"lexicographic"``: greatest ``(left, right)`` first; ``"first-seen"``: earliest
        first occurrence in corpus order first. Exact, without ranking every pair: only
        the ``limit`` best are sorted.

        >>> table = PairTable([["b", "a", "c"], ["a", "b"]], [1, 1])
        >>> table.ordered(table.by_count[1], 2, "first-seen")
        [('b', 'a'), ('a', 'c')]
        >>> table.ordered(table.by_count[1], 2, "lexicographic")
        [('b', 'a'), ('a', 'c')]
        """
        if tie_break == "lexicographic":
            # subtle: subword-nmt takes max((count, pair)): among equal counts the pair
            # that sorts last as a (left, right) tuple of strings wins.
            if len(pairs) <= limit:
                return sorted(pairs, reverse=True)
            return heapq.nlargest(limit, pairs)
        if len(pairs) <= limit:
            return sorted(pairs, key=self.first_seen)
        first_word = self.first_word
        # subtle: the word index decides, except between pairs first seen in the same
        # word; so take the ``limit`` earliest by word, then add every pair of the last
        # word taken (they may sit further left in it), and sort those few exactly.
        head = heapq.nsmallest(limit, pairs, key=first_word.__getitem__)
        last = first_word[head[-1]]
        keep = {pair for pair in head if first_word[pair] < last}
        count = self.counts[head[0]]
        for pair in pairwise(self.words[last]):
            if self.counts.get(pair) == count and first_word[pair] == last:
                keep.add(pair)
        return sorted(keep, key=self.first_seen)[:limit]

    def ordered_level(self, count: int, limit: int, tie_break: str) -> list[Pair]:
        """``ordered(self.by_count[count], limit, tie_break)``, fast on large buckets.

        subtle: late in a long run thousands of pairs share a count of 1, 2 or 3, and
        ranking them all at every step would dominate. A bucket that large gets a heap in
        the tie rule's order, kept up to date by later merges, so each step only pops its
        ``limit`` first pairs.

        >>> table = PairTable([["b", "a", "c"], ["a", "b"]], [1, 1])
        >>> table.ordered_level(1, 2, "first-seen")
        [('b', 'a'), ('a', 'c')]
        """
        bucket = self.by_count[count]
        if len(bucket) <= 4 * limit + self.small_bucket:
            return self.ordered(bucket, limit, tie_break)
        if tie_break != self._heap_rule:
            self._heaps.clear()
            self._heap_rule = tie_break
        heap = self._heaps.get(count)
        if heap is None or len(heap) > 3 * len(bucket) + 64:
            heap = [(self._key(pair), pair) for pair in bucket]
            heapq.heapify(heap)
            self._heaps[count] = heap
        counts, first_word = self.counts, self.first_word
        by_first = tie_break != "lexicographic"
        taken: dict[Pair, object] = {}
        last: object = None
        while heap:
            key, pair = heap[0]
            if counts.get(pair) != count or (by_first and first_word[pair] != key) or pair in taken:
                heapq.heappop(heap)  # stale or duplicate
                continue
            # in first-seen order, keep going past ``limit`` while the first word is the
            # same: those pairs are then ordered by their offset inside that word
            if len(taken) >= limit and (not by_first or key != last):
                break
            heapq.heappop(heap)
            taken[pair] = last = key
        for pair, key in taken.items():
            heapq.heappush(heap, (key, pair))
        if by_first:
            return sorted(taken, key=self.first_seen)[:limit]
        return list(taken)

    def _key(self, pair: Pair) -> object:
        """The pair's place in the heap order of ``ordered_level``: smaller comes first."""
        if self._heap_rule != "lexicographic":
            return self.first_word[pair]
        key = self._descending.get(pair)
        if key is None:
            # subtle: the heap pops the smallest key first, but the greatest pair must
            # come first. Negated code points reverse the order; the final 1 makes a
            # longer string ("ab" < "abc") come before its prefix, as reversed order needs.
            key = tuple((*(-ord(ch) for ch in part), 1) for part in pair)
            self._descending[pair] = key
        return key

    # -- changing ------------------------------------------------------------------------

    def merge(
        self, pair: Pair, merged: str | None = None
    ) -> list[tuple[int, list[str], list[str], int]]:
        """Merge every non-overlapping occurrence of ``pair`` (left to right) in every word.

        ``merged`` is the new symbol (``left + right`` unless given). Returns, in corpus
        order, ``(word index, symbols before, symbols after, merges in the word)`` for each
        word that changed. Counts, buckets, ``where`` and ``first_word`` are updated.

        >>> table = PairTable([["a", "a", "a"]], [2])
        >>> table.merge(("a", "a")), table.counts
        ([(0, ['a', 'a', 'a'], ['aa', 'a'], 1)], {('aa', 'a'): 2})
        """
        left, right = pair
        if merged is None:
            merged = left + right
        words, freqs, where, first_word = self.words, self.freq, self.where, self.first_word
        delta: dict[Pair, int] = {}  # net change of each count over the whole merge
        dirty: set[Pair] = set()  # pairs whose first word lost its last occurrence
        changed: list[tuple[int, list[str], list[str], int]] = []
        for index in sorted(where.get(pair, ())):
            old = words[index]
            new, removed, added = _merge_local(old, left, right, merged)
            words[index] = new
            freq = freqs[index]
            for gone in removed:
                delta[gone] = delta.get(gone, 0) - freq
                holders = where[gone]
                left_over = holders[index] - 1
                if left_over:
                    holders[index] = left_over
                else:
                    del holders[index]
                    if first_word[gone] == index:
                        dirty.add(gone)
            for made in added:
                delta[made] = delta.get(made, 0) + freq
                holders = where.get(made)
                if holders is None:
                    where[made] = {index: 1}
                    first_word[made] = index
                else:
                    holders[index] = holders.get(index, 0) + 1
                    if index < first_word[made]:
                        first_word[made] = index
            changed.append((index, old, new, len(old) - len(new)))
        # subtle: recomputing a first word is a scan of the pair's holders, so it is done
        # once per pair here rather than every time one of its words changes.
        for moved in dirty:
            holders = where[moved]
            if holders:
                first_word[moved] = min(holders)
            else:
                del where[moved]
                del first_word[moved]
        # subtle: a merge only removes pairs holding ``left`` or ``right`` and only adds
        # pairs holding the new symbol, so no pair is both removed and added: a pair whose
        # first word moved also changed its count, and ``_apply`` files it anew.
        self._apply(delta)
        return changed

    def replace_word(self, index: int, new: list[str]) -> set[Pair]:
        """Swap word ``index``'s symbols for ``new`` (any change, not only a merge).

        Returns the pairs whose count changed (a pair whose count fell to 0 is no longer
        in ``counts``).

        >>> table = PairTable([["a", "b"]], [1])
        >>> sorted(table.replace_word(0, ["a", "c"])), table.counts
        ([('a', 'b'), ('a', 'c')], {('a', 'c'): 1})
        """
        old = self.words[index]
        self.words[index] = new
        freq = self.freq[index]
        where, first_word = self.where, self.first_word
        net: dict[Pair, int] = {}
        for pair in pairwise(old):
            net[pair] = net.get(pair, 0) - 1
        for pair in pairwise(new):
            net[pair] = net.get(pair, 0) + 1
        delta: dict[Pair, int] = {}
        for pair, n in net.items():
            if not n:
                continue
            delta[pair] = n * freq
            holders = where.setdefault(pair, {})
            left_over = holders.get(index, 0) + n
            if left_over:
                holders[index] = left_over
                if index < first_word.get(pair, index + 1):
                    first_word[pair] = index
            else:
                del holders[index]
                if not holders:
                    del where[pair]
                    del first_word[pair]
                elif first_word[pair] == index:
                    first_word[pair] = min(holders)
        self._apply(delta)
        return set(delta)

    def _apply(self, delta: Mapping[Pair, int]) -> None:
        """Add ``delta`` to the counts, moving each pair to its new count's bucket."""
        counts, buckets, heaps = self.counts, self.by_count, self._heaps
        for pair, change in delta.items():
            if not change:
                continue
            old = counts.get(pair, 0)
            if old:
                bucket = buckets[old]
                bucket.discard(pair)
                if not bucket:
                    del buckets[old]
                    heaps.pop(old, None)
            new = old + change
            if new > 0:
                counts[pair] = new
                bucket = buckets.get(new)
                if bucket is None:
                    buckets[new] = {pair}
                    heapq.heappush(self._levels, -new)
                else:
                    bucket.add(pair)
                    heap = heaps.get(new)
                    if heap is not None:
                        heapq.heappush(heap, (self._key(pair), pair))
            else:
                counts.pop(pair, None)


def _merge_local(
    old: list[str], left: str, right: str, merged: str
) -> tuple[list[str], list[Pair], list[Pair]]:
    """Merge ``(left, right)`` in one word; also the pair occurrences it removed and added.

    Only pairs touching a merged occurrence change: ``x a b y`` loses ``(x, a)``,
    ``(a, b)``, ``(b, y)`` and gains ``(x, ab)``, ``(ab, y)``.

    >>> new, removed, added = _merge_local(["x", "a", "b", "a", "b"], "a", "b", "ab")
    >>> new, added
    (['x', 'ab', 'ab'], [('x', 'ab'), ('ab', 'ab')])
    >>> removed
    [('x', 'a'), ('a', 'b'), ('b', 'a'), ('a', 'b')]
    """
    out: list[str] = []
    removed: list[Pair] = []
    added: list[Pair] = []
    i, n = 0, len(old)
    last_end = -2  # index (in ``old``) of the right half of the previous merge
    while i < n:
        if i + 1 < n and old[i] == left and old[i + 1] == right:
            if out:
                if last_end == i - 1:
                    # subtle: two merges side by side ("a b a b"): the old pair between
                    # them, (b, a), was already removed by the previous merge's right side
                    added.append((merged, merged))
                else:
                    removed.append((old[i - 1], left))
                    added.append((old[i - 1], merged))
            removed.append((left, right))
            if i + 2 < n:
                removed.append((right, old[i + 2]))
                if not (i + 3 < n and old[i + 2] == left and old[i + 3] == right):
                    added.append((merged, old[i + 2]))
            out.append(merged)
            last_end = i + 1
            i += 2
        else:
            out.append(old[i])
            i += 1
    return out, removed, added
