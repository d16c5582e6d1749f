"""Long words (text without spaces: Chinese running text, a URL, a DNA string) in the pair table.

Scanning such a word at every merge would make learning cost grow with the square of its
length, so a long word gets a :class:`_LongWord`: its symbols as a linked list and, for every
pair, the positions where it occurs. A merge then touches only its own occurrences and their
neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, pairwise

from subword_core.merges.changes import Pair


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
