"""Ranking the pairs: the best count (or score) first, ties broken by a rule.

:data:`TIE_BREAKS`: ``first-seen`` (the pair met first in the corpus, as the reference
implementations do) or ``lexicographic``; :class:`PairRanking` keeps a heap of candidates
so each merge costs what changed, not the number of pairs.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any, Generic, Literal, TypeVar

from subword_core.merges.changes import Pair
from subword_core.merges.table import PairTable

TieBreak = Literal["first-seen", "lexicographic"]
"""How to choose among pairs with the same best count or score (BPE and WordPiece alike)."""

TIE_BREAKS: tuple[str, ...] = ("first-seen", "lexicographic")

Score = TypeVar("Score", bound=Hashable)


class PairRanking(Generic[Score]):
    """Pairs grouped by a score (a count, a likelihood), read best first in tie-rule order.

    ``by_score[best]`` are the tied pairs. Within one score the tie rule orders the pairs:
    ``"lexicographic"``, greatest ``(left, right)`` first (subword-nmt); ``"first-seen"``,
    earliest first occurrence in corpus order first (the tutorials).

    subtle: the scores live in buckets, so the best pairs and every pair tied with them are
    found without sorting all pairs; a max-heap of the scores that have a bucket gives the
    next best levels (a popped score whose bucket is gone is dropped: lazy deletion).

    >>> table = PairTable([["b", "a", "c"], ["a", "b"]], [1, 1])
    >>> ranking = PairRanking(table, "first-seen", table.counts)
    >>> ranking.top_levels(1), ranking.ordered_level(1, 2)
    ([1], [('b', 'a'), ('a', 'c')])
    >>> PairRanking(table, "lexicographic", table.counts).ordered_level(1, 2)
    [('b', 'a'), ('a', 'c')]
    """

    small_bucket = 32  # buckets up to 4 * limit + this are simply sorted (tests lower it)

    def __init__(
        self,
        table: PairTable,
        tie_break: str,
        scores: Mapping[Pair, Score],
        value: Callable[[Score], float] = float,  # type: ignore[assignment]
        exact: Callable[[Score], Any] | None = None,
    ) -> None:
        """``value`` turns a score into a float for ordering; ``exact`` gives an exact
        ordering key where two different scores may round to the same float."""
        self.table = table
        self.tie_break = tie_break
        self._value = value
        self._exact = exact
        self.score: dict[Pair, Score] = dict(scores)
        self.by_score: dict[Score, set[Pair]] = {}
        for pair, score in self.score.items():
            self.by_score.setdefault(score, set()).add(pair)
        self._levels: list[tuple[float, Score]] = [(-value(s), s) for s in self.by_score]
        heapq.heapify(self._levels)
        # {score: min-heap of (rule key, pair)} for the large buckets that were asked for
        # in order (see ``ordered_level``); entries are hints, checked against ``score``
        # and the order key when they reach the top
        self._heaps: dict[Score, list[tuple[Any, Pair]]] = {}
        self._descending: dict[Pair, tuple[tuple[int, ...], ...]] = {}

    def set(self, pair: Pair, score: Score | None) -> None:
        """Give ``pair`` a new score (``None``: the pair is gone).

        Call it also when only the pair's first word moved: the pair is re-filed.

        >>> table = PairTable([["a", "b", "c"]], [1])
        >>> ranking = PairRanking(table, "first-seen", table.counts)
        >>> ranking.set(("b", "c"), 5)
        >>> ranking.top_levels(1), ranking.by_score[5]
        ([5], {('b', 'c')})
        """
        old = self.score.get(pair)
        buckets, heaps = self.by_score, self._heaps
        if old is not None and old != score:
            bucket = buckets[old]
            bucket.discard(pair)
            if not bucket:
                del buckets[old]
                heaps.pop(old, None)
        if score is None:
            self.score.pop(pair, None)
            return
        self.score[pair] = score
        bucket = buckets.get(score)
        if bucket is None:
            buckets[score] = {pair}
            heapq.heappush(self._levels, (-self._value(score), score))
            return
        bucket.add(pair)
        heap = heaps.get(score)
        if heap is not None:
            heapq.heappush(heap, (self._key(pair), pair))

    def top_levels(self, rows: int) -> list[Score]:
        """The best distinct scores, best first, until their pairs number ``rows``.

        >>> table = PairTable([["a", "b", "a", "b", "c"]], [1])
        >>> PairRanking(table, "first-seen", table.counts).top_levels(2)
        [2, 1]
        """
        heap, buckets = self._levels, self.by_score
        taken: list[Score] = []
        floats: list[float] = []
        seen: set[Score] = set()
        covered = 0
        # subtle: scores that round to the same float are all taken, then ordered exactly
        while heap and (covered < rows or (floats and heap[0][0] == floats[-1])):
            negated, score = heapq.heappop(heap)
            bucket = buckets.get(score)
            if not bucket or score in seen:
                continue  # stale or duplicate entry
            seen.add(score)
            taken.append(score)
            floats.append(negated)
            covered += len(bucket)
        for negated, score in zip(floats, taken, strict=True):
            heapq.heappush(heap, (negated, score))
        if len(heap) > 3 * len(buckets) + 64:  # mostly stale: keep one entry per bucket
            live = {score: negated for negated, score in heap if score in buckets}
            self._levels = [(negated, score) for score, negated in live.items()]
            heapq.heapify(self._levels)
        if self._exact is not None and len(set(floats)) < len(floats):
            taken.sort(key=self._exact, reverse=True)
        return taken

    def ordered(self, pairs: Collection[Pair], limit: int) -> list[Pair]:
        """The first ``limit`` of ``pairs`` (all with one score) in the tie rule's order.

        Exact, and only the ``limit`` best are sorted.

        >>> table = PairTable([["c", "a", "b"]], [1])
        >>> PairRanking(table, "lexicographic", table.counts).ordered({("a", "b"), ("c", "a")}, 1)
        [('c', 'a')]
        """
        table = self.table
        if len(pairs) == 1:
            return list(pairs)
        if self.tie_break == "lexicographic":
            # subtle: subword-nmt takes max((count, pair)): among equal counts the pair
            # that sorts last as a (left, right) tuple of strings wins.
            if len(pairs) <= limit:
                return sorted(pairs, reverse=True)
            return heapq.nlargest(limit, pairs)
        if len(pairs) <= limit:
            return sorted(pairs, key=table._exact_key)
        keys = {pair: table._order_key(pair) for pair in pairs}
        # subtle: the order key decides, except between pairs first seen in the same short
        # word (equal keys); so take the ``limit`` earliest by key, then add every pair
        # with the last key taken (they may sit further left), and sort those few exactly.
        head = heapq.nsmallest(limit, pairs, key=keys.__getitem__)
        last = keys[head[-1]]
        keep = {pair for pair in head if keys[pair] < last}
        keep.update(pair for pair, key in keys.items() if key == last)
        return sorted(keep, key=table._exact_key)[:limit]

    def best(self, top_k: int, max_ties: int) -> tuple[Score | None, list[Pair], list[Pair], int]:
        """The best pairs of a step: what a trainer's trace keeps.

        Returns ``(best score, pairs best first, kept tied pairs, number of tied pairs)``:
        at most ``max_ties`` of the pairs with the best score (in the tie rule's order, so the
        first one is the winner), then the next best pairs up to ``top_k`` rows in all.

        >>> table = PairTable([["a", "b", "a", "b", "c"]], [1])
        >>> PairRanking(table, "first-seen", table.counts).best(3, 5)
        (2, [('a', 'b'), ('b', 'a'), ('b', 'c')], [('a', 'b')], 1)
        """
        levels = self.top_levels(top_k)
        if not levels:
            return None, [], [], 0
        ties = self.by_score[levels[0]]
        if len(ties) > max_ties:  # the ties left out do not fill rows: look further
            levels = self.top_levels(top_k + len(ties) - max_ties)
        tied = self.ordered_level(levels[0], max_ties)
        ordered = list(tied)
        for level in levels[1:]:
            room = top_k - len(ordered)
            if room <= 0:
                break
            ordered += self.ordered_level(level, room)
        return levels[0], ordered, tied, len(ties)

    def ordered_level(self, score: Score, limit: int) -> list[Pair]:
        """``ordered(self.by_score[score], limit)``, fast on large buckets.

        subtle: late in a long run thousands of pairs share a count of 1, 2 or 3, and
        ranking them all at every step would dominate. A bucket that large gets a heap in
        the tie rule's order, kept up to date by ``set``, so each step only pops its
        ``limit`` first pairs.
        """
        bucket = self.by_score[score]
        if len(bucket) <= 4 * limit + self.small_bucket:
            return self.ordered(bucket, limit)
        heap = self._heaps.get(score)
        if heap is None or len(heap) > 3 * len(bucket) + 64:
            heap = [(self._key(pair), pair) for pair in bucket]
            heapq.heapify(heap)
            self._heaps[score] = heap
        scores, order_key = self.score, self.table._order_key
        by_first = self.tie_break != "lexicographic"
        taken: dict[Pair, Any] = {}
        last: Any = None
        while heap:
            key, pair = heap[0]
            if scores.get(pair) != score or (by_first and order_key(pair) != key) or pair in taken:
                heapq.heappop(heap)  # stale or duplicate
                continue
            # in first-seen order, keep going past ``limit`` while the key is the same
            # (one short word): those pairs are then ordered by their offset inside it
            if len(taken) >= limit and (not by_first or key != last):
                break
            heapq.heappop(heap)
            taken[pair] = last = key
        for pair, key in taken.items():
            heapq.heappush(heap, (key, pair))
        if by_first:
            return sorted(taken, key=self.table._exact_key)[:limit]
        return list(taken)

    def _key(self, pair: Pair) -> Any:
        """The pair's place in the heap order of ``ordered_level``: smaller comes first."""
        if self.tie_break != "lexicographic":
            return self.table._order_key(pair)
        key = self._descending.get(pair)
        if key is None:
            # subtle: the heap pops the smallest key first, but the greatest pair must
            # come first. Negated code points reverse the order; the final 1 makes a
            # longer string ("ab" < "abc") come before its prefix, as reversed order needs.
            key = tuple((*(-ord(ch) for ch in part), 1) for part in pair)
            self._descending[pair] = key
        return key
