"""The pair table: every adjacent pair's count, the words holding it, where it is first seen.

A merge updates only the pairs next to the occurrences it replaces (:meth:`PairTable.merge`),
not the whole corpus (the textbook loop recounts; it is the oracle this must agree with).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from subword_core.merges.changes import Pair
from subword_core.merges.long_words import _LongWord


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
