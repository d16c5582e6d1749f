"""Adjacent-pair bookkeeping shared by the merge-based learners (BPE, WordPiece).

Both learners repeatedly pick a pair of neighbouring symbols and merge it everywhere.
Recounting every pair after every merge is what the tutorials do and is easy to read, but
slow on a real text; ``PairTable`` keeps the counts, which words hold each pair, and where
each pair is first seen, and updates only the pairs next to the occurrences a merge
replaces. The textbook loop is kept in the tests as the oracle it must agree with.

Text without spaces (Chinese running text, a URL, a DNA string) is one long word. Scanning
such a word at every merge would make learning cost grow with the square of its length, so
a long word also gets a ``_LongWord``: its symbols as a linked list and, for every pair, the
positions where it occurs. A merge then touches only its own occurrences and their
neighbours.

>>> table = PairTable([["l", "o", "w"], ["l", "o"]], [5, 2])
>>> table.counts[("l", "o")], table.first_seen(("o", "w"))
(7, (0, 1))
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, pairwise
from typing import Any, Generic, TypeVar

from subword_core.history import LoggedSymbols

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


def kept_changes(
    changed: Sequence[tuple[int, Sequence[str], Sequence[str], int]],
    words: Sequence[str],
    freqs: Sequence[int],
    limit: int,
) -> tuple[WordChange, ...]:
    """``keep_changes`` for the ``(index, before, after, merges)`` rows of ``PairTable.merge``.

    The same choice (all, or the ``limit`` most frequent words, in corpus order), but a
    ``WordChange`` is built only for the words kept.

    >>> [c.word for c in kept_changes([(0, "a", "a", 1), (1, "b", "b", 1)], "ab", [1, 5], 1)]
    ['b']
    """
    if len(changed) > limit:
        keep = sorted(range(len(changed)), key=lambda i: -freqs[changed[i][0]])[:limit]
        changed = [changed[i] for i in sorted(keep)]
    # subtle: a long word's rows hold ``LoggedSymbols`` (rebuilt when read); ``tuple`` of
    # one would copy the word into every step again
    return tuple(
        WordChange(words[index], freqs[index], _frozen(before), _frozen(after))
        for index, before, after, _ in changed
    )


def _frozen(symbols: Sequence[str]) -> tuple[str, ...]:
    """``symbols`` as an immutable sequence: a tuple, or a ``LoggedSymbols`` as it is."""
    if isinstance(symbols, LoggedSymbols):
        return symbols  # type: ignore[return-value]
    return tuple(symbols)


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


class _Fenwick:
    """Sums of the values at positions ``0 .. i - 1``, with point updates, in O(log n) each.

    A Fenwick (binary indexed) tree: ``tree[i]`` holds the sum of the ``i & -i`` values
    ending at position ``i - 1``, so a prefix sum adds up at most log2(n) of them.

    >>> sums = _Fenwick(8)
    >>> sums.add(2, 5); sums.add(6, 1)
    >>> sums.below(2), sums.below(3), sums.below(8)
    (0, 5, 6)
    """

    __slots__ = ("tree",)

    def __init__(self, size: int) -> None:
        self.tree = [0] * (size + 1)

    def add(self, position: int, value: int) -> None:
        """Add ``value`` at ``position``."""
        tree = self.tree
        i = position + 1
        while i < len(tree):
            tree[i] += value
            i += i & -i

    def below(self, position: int) -> int:
        """The sum of the values at positions before ``position``."""
        tree = self.tree
        total, i = 0, position
        while i > 0:
            total += tree[i]
            i -= i & -i
        return total


class _LongWord:
    """One long word as a linked list of symbols, with the positions of every pair.

    A position is the index of one of the word's *initial* symbols and never changes: when
    a merge glues the symbol at ``q`` onto the one at ``p``, position ``p`` holds the merged
    symbol and ``q`` becomes a hole (``None``). A pair's position is its left symbol's.

    Attributes:
        slots: the symbol starting at each position, or ``None`` for a swallowed one.
        nxt, prv: the next and previous live position (``len(slots)`` and ``-1`` at the ends).
        at: ``{pair: positions where it occurs}``.
        first: ``{pair: its leftmost position}``, for the pairs asked for since it last moved.
        start: the character offset of each position in the initial symbols.
        lost: characters that merges dropped (WordPiece's ``h`` + ``##u`` -> ``hu`` drops
            ``##``), by position; ``None`` while no merge dropped any (BPE never does).
        gone: the merges made, by position (a merge at ``p`` makes a hole right of ``p``),
            so a position's index in the current symbols is ``p - gone.below(p)``.
        merged_at: where the last ``merge`` merged, as indices in the symbols before it
            (what ``merge_symbols`` returns), for a trace that stores changes, not copies.

    >>> word = _LongWord(["a", "b", "a", "b", "c"])
    >>> word.merge("a", "b", "ab")
    ([('a', 'b'), ('b', 'a'), ('a', 'b'), ('b', 'c')], [('ab', 'ab'), ('ab', 'c')], 2)
    >>> word.symbols(), word.at, word.offset(("ab", "c")), word.merged_at
    (['ab', 'ab', 'c'], {('ab', 'ab'): {0}, ('ab', 'c'): {2}}, 2, [0, 2])
    """

    __slots__ = ("at", "first", "gone", "lost", "merged_at", "nxt", "prv", "slots", "start")

    def __init__(self, symbols: Sequence[str]) -> None:
        n = len(symbols)
        self.slots: list[str | None] = list(symbols)
        self.nxt = list(range(1, n + 1))
        self.prv = list(range(-1, n - 1))
        self.at: dict[Pair, set[int]] = {}
        for position, pair in enumerate(pairwise(symbols)):
            held = self.at.get(pair)
            if held is None:
                self.at[pair] = {position}
            else:
                held.add(position)
        self.first: dict[Pair, int] = {}
        self.start = list(accumulate(map(len, symbols), initial=0))
        self.lost: _Fenwick | None = None
        self.gone = _Fenwick(n)
        self.merged_at: list[int] = []

    def symbols(self) -> list[str]:
        """The current symbols, left to right.

        subtle: the one step that is as long as the word, but done in C (``filter`` skips
        the holes), and only for a word that a merge changed: the trace and ``words`` need
        the symbols as a list. Symbols are never empty (a long word is indexed only then).
        """
        return list(filter(None, self.slots))  # type: ignore[arg-type]

    def leftmost(self, pair: Pair) -> int:
        """The position of the pair's first occurrence (remembered until it moves)."""
        position = self.first.get(pair)
        if position is None:
            position = self.first[pair] = min(self.at[pair])
        return position

    def offset(self, pair: Pair) -> int:
        """The character offset of the pair's first occurrence in the current symbols."""
        position = self.leftmost(pair)
        if self.lost is None:
            return self.start[position]
        return self.start[position] - self.lost.below(position)

    def merge(self, left: str, right: str, merged: str) -> tuple[list[Pair], list[Pair], int]:
        """Merge every occurrence of ``(left, right)``, leftmost first, as ``merge_symbols``.

        Returns the pair occurrences removed and added (as ``_merge_local`` does) and the
        number of merges; ``at`` and ``first`` follow. Only the occurrences and their two
        neighbours are looked at, never the rest of the word.
        """
        slots, nxt, prv = self.slots, self.nxt, self.prv
        end = len(slots)
        removed: list[Pair] = []
        added: list[Pair] = []
        lost = len(left) + len(right) - len(merged)
        previous = -2  # position of the previous merge in this pass
        times = 0
        done: list[int] = []
        positions = sorted(self.at.pop((left, right), ()))
        self.first.pop((left, right), None)
        for p in positions:
            q = nxt[p]
            # subtle: in "a a a" the occurrence at 1 lost its left "a" to the merge at 0
            if slots[p] != left or q >= end or slots[q] != right:
                continue
            before, after = prv[p], nxt[q]
            if before >= 0:
                if before == previous:  # side by side ("a b a b"), as in ``_merge_local``
                    self._add((merged, merged), before, added)
                else:
                    self._drop((slots[before], left), before, removed)  # type: ignore[arg-type]
                    self._add((slots[before], merged), before, added)  # type: ignore[arg-type]
            removed.append((left, right))
            if after < end:
                following = slots[after]
                self._drop((right, following), q, removed)  # type: ignore[arg-type]
                n2 = nxt[after]
                if not (following == left and n2 < end and slots[n2] == right):
                    self._add((merged, following), p, added)  # type: ignore[arg-type]
                prv[after] = p
            slots[p], slots[q], nxt[p] = merged, None, after
            if lost:
                if self.lost is None:
                    self.lost = _Fenwick(end)
                self.lost.add(p, lost)
            previous = p
            times += 1
            done.append(p)
        # subtle: every hole left of a live position p comes from a merge at a position
        # left of p (its right half sat between that merge and p), so p's index in the
        # symbols before this pass is p minus the earlier passes' merges left of it
        gone = self.gone
        self.merged_at = [p - gone.below(p) for p in done]
        for p in done:
            gone.add(p, 1)
        return removed, added, times

    def _add(self, pair: Pair, position: int, added: list[Pair]) -> None:
        added.append(pair)
        held = self.at.get(pair)
        if held is None:
            self.at[pair] = {position}
            return
        held.add(position)
        first = self.first.get(pair)
        if first is not None and position < first:
            self.first[pair] = position

    def _drop(self, pair: Pair, position: int, removed: list[Pair]) -> None:
        removed.append(pair)
        held = self.at.get(pair)
        if held is None:  # the merged pair itself: its positions were taken at once
            return
        held.discard(position)
        if not held:
            del self.at[pair]
            self.first.pop(pair, None)
        elif self.first.get(pair) == position:
            del self.first[pair]


class PairTable:
    """Pair counts and a pair -> words index, updated one merge at a time.

    Attributes:
        words: every word's current symbols (a new list replaces a word's list when it
            changes, so ``words[i] is old_list`` tells whether word ``i`` changed).
        freq: every word's count.
        counts: ``{pair: weighted count}`` of every pair that occurs (count > 0).
        where: ``{pair: {word index: occurrences in that word}}``.
        first_word: ``{pair: lowest index of a word holding it}`` (corpus order).
        touched: ``{pair: count change}`` of the last ``merge`` or ``replace_word``.

    subtle: a merge of ``(a, b)`` changes only the pairs right next to each occurrence,
    so a step costs time in proportion to the words it changes, not to the corpus. A word
    of more than ``long_word`` symbols also gets a ``_LongWord`` index, so that a merge in
    it costs time in proportion to the pair's occurrences, not to the word's length.

    >>> table = PairTable([["a", "b", "c"], ["a", "b"]], [2, 1])
    >>> table.counts[("a", "b")]
    3
    >>> [(i, after) for i, _, after, _ in table.merge(("a", "b"))]
    [(0, ['ab', 'c']), (1, ['ab'])]
    >>> table.counts, table.touched
    ({('ab', 'c'): 2}, {('a', 'b'): -3, ('b', 'c'): -2, ('ab', 'c'): 2})
    """

    long_word = 64  # words with more symbols are indexed by position (tests lower it)

    def __init__(self, words: list[list[str]], counts: list[int]) -> None:
        self.words = words
        self.freq = counts
        self.counts: dict[Pair, int] = {}
        self.where: dict[Pair, dict[int, int]] = {}
        self.first_word: dict[Pair, int] = {}
        self.touched: dict[Pair, int] = {}
        self._seen: dict[Pair, tuple[list[str], tuple[int, int]]] = {}
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
        self._long: dict[int, _LongWord] = {}
        self._long_seen: dict[Pair, tuple[int, int]] = {}  # first_seen in long words, per step
        for index, symbols in enumerate(words):
            self._index_long(index, symbols)

    def merged_at(self, index: int) -> list[int] | None:
        """Where the last ``merge`` merged in word ``index``, if it is a long word.

        Indices in the word's symbols before that merge, as ``merge_symbols`` returns them;
        ``None`` for a word without a position index (find them with ``merge_symbols``).

        >>> table = PairTable([list("abab"), list("ab")], [1, 1])
        >>> table.long_word = 3
        >>> table._index_long(0, table.words[0])
        >>> _ = table.merge(("a", "b"))
        >>> table.merged_at(0), table.merged_at(1)
        ([0, 2], None)
        """
        long = self._long.get(index)
        return None if long is None else long.merged_at

    def _index_long(self, index: int, symbols: Sequence[str]) -> None:
        """Give word ``index`` a position index if it is long (forget an old one)."""
        self._long.pop(index, None)
        # subtle: an empty symbol would look like a hole in ``_LongWord.slots``
        if len(symbols) > self.long_word and all(symbols):
            self._long[index] = _LongWord(symbols)

    def _order_key(self, pair: Pair) -> tuple[int, int]:
        """A key that sorts pairs by first occurrence like ``first_seen``, cheaply.

        ``(first word, position of the first occurrence)`` in a long word, where finding
        the character offset costs more; ``(first word, 0)`` in a short one (pairs first
        seen in the same short word tie: ``first_seen`` orders those). The key changes
        only when the pair's count does.

        >>> PairTable([["a", "b", "c"]], [1])._order_key(("b", "c"))
        (0, 0)
        """
        index = self.first_word[pair]
        long = self._long.get(index)
        return index, (0 if long is None else long.leftmost(pair))

    def _exact_key(self, pair: Pair) -> tuple[int, int]:
        """A key that sorts pairs exactly as ``first_seen`` does, without offsets in long words.

        subtle: in a long word the position of the first occurrence orders pairs just as
        its character offset does, and two words never compare their second numbers.

        >>> PairTable([["a", "b", "c"]], [1])._exact_key(("b", "c"))
        (0, 1)
        """
        index = self.first_word[pair]
        long = self._long.get(index)
        return self.first_seen(pair) if long is None else (index, long.leftmost(pair))

    def first_seen(self, pair: Pair) -> tuple[int, int]:
        """(word index, character offset) of the pair's first occurrence in corpus order.

        >>> PairTable([["x"], ["a", "b", "a", "b"]], [1, 1]).first_seen(("b", "a"))
        (1, 1)
        """
        index = self.first_word[pair]
        long = self._long.get(index)
        if long is not None:
            seen = self._long_seen.get(pair)
            if seen is None:
                seen = self._long_seen[pair] = (index, long.offset(pair))
            return seen
        symbols = self.words[index]
        # subtle: remembered while the pair's first word is the same list object (a word
        # that changes gets a new list), since the same top pairs are asked for each step
        known = self._seen.get(pair)
        if known is not None and known[0] is symbols:
            return known[1]
        offset = 0
        for i in range(len(symbols) - 1):
            if symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                if len(self._seen) > 2 * len(self.counts) + 10_000:
                    self._seen.clear()
                self._seen[pair] = (symbols, (index, offset))
                return index, offset
            offset += len(symbols[i])
        raise AssertionError("pair index out of date")  # pragma: no cover

    def merge(
        self, pair: Pair, merged: str | None = None
    ) -> list[tuple[int, list[str], list[str], int]]:
        """Merge every non-overlapping occurrence of ``pair`` (left to right) in every word.

        ``merged`` is the new symbol (``left + right`` unless given). Returns, in corpus
        order, ``(word index, symbols before, symbols after, merges in the word)`` for each
        word that changed; ``counts``, ``where``, ``first_word`` and ``touched`` follow.

        >>> table = PairTable([["a", "a", "a"]], [2])
        >>> table.merge(("a", "a")), table.counts
        ([(0, ['a', 'a', 'a'], ['aa', 'a'], 1)], {('aa', 'a'): 2})
        """
        left, right = pair
        if merged is None:
            merged = left + right
        self._long_seen.clear()
        words, freqs, where, first_word = self.words, self.freq, self.where, self.first_word
        delta: dict[Pair, int] = {}  # net change of each count over the whole merge
        dirty: set[Pair] = set()  # pairs whose first word lost its last occurrence
        changed: list[tuple[int, list[str], list[str], int]] = []
        for index in sorted(where.get(pair, ())):
            old = words[index]
            long = self._long.get(index)
            if long is None:
                new, removed, added = _merge_local(old, left, right, merged)
                times = len(old) - len(new)
            else:
                removed, added, times = long.merge(left, right, merged)
                new = long.symbols()
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
            changed.append((index, old, new, times))
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
        # first word moved also changed its count, and is in ``touched``.
        self._apply(delta)
        return changed

    def replace_word(self, index: int, new: list[str]) -> set[Pair]:
        """Swap word ``index``'s symbols for ``new`` (any change, not only a merge).

        Returns the pairs whose count changed (a pair whose count fell to 0 is no longer
        in ``counts``). A long word is indexed afresh, which costs its length: a learner
        merges with ``merge`` instead (and a ``PairRanking`` must not be kept across this).

        >>> table = PairTable([["a", "b"]], [1])
        >>> sorted(table.replace_word(0, ["a", "c"])), table.counts
        ([('a', 'b'), ('a', 'c')], {('a', 'c'): 1})
        """
        old = self.words[index]
        self.words[index] = new
        self._index_long(index, new)
        self._long_seen.clear()
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

    def _apply(self, delta: dict[Pair, int]) -> None:
        """Add ``delta`` to the counts (a count that reaches 0 is removed)."""
        counts = self.counts
        for pair, change in delta.items():
            count = counts.get(pair, 0) + change
            if count > 0:
                counts[pair] = count
            else:
                counts.pop(pair, None)
        self.touched = delta


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
