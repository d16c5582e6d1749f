"""WordPiece training, the score of a pair: ``count(ab) / (count(a) x count(b))`` (likelihood)
or its count (frequency), kept up to date as merges change the symbol counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import gcd

from subword_core.merges import (
    Pair,
    PairRanking,
    PairTable,
)
from subword_core.wordpiece.steps import PairScore


class _Scores:
    """Every pair's score, kept up to date in a ``PairRanking``, and each step's rows.

    subtle: a likelihood score depends on freq(a) and freq(b), so one merge changes the
    score of every pair that contains a, b or the new token, even in words the merge did
    not touch. Those pairs are found through ``pairs_of`` and re-scored.

    subtle: a likelihood score is kept as a reduced fraction ``(numerator, denominator)``:
    exact, and fast to hash and compare for equality (ties), unlike ``Fraction``. The
    ranking orders scores by their float value and only compares exactly the rare
    different scores that round to the same float.
    """

    def __init__(
        self,
        table: PairTable,
        symbol_freq: dict[str, int],
        scoring: str,
        tie_break: str,
        top_k: int,
        max_ties: int,
    ) -> None:
        self.table = table
        self.freq = symbol_freq
        self.likelihood = scoring == "likelihood"
        self.top_k = top_k
        self.max_ties = max_ties
        self.pairs_of: dict[str, set[Pair]] = {}
        for pair in table.counts:
            self._index(pair)
        initial = {pair: self.value(pair) for pair in table.counts}
        if self.likelihood:
            self.ranking: PairRanking = PairRanking(
                table, tie_break, initial, value=_ratio, exact=_fraction
            )
        else:
            self.ranking = PairRanking(table, tie_break, initial)
        self._rows: dict[Pair, tuple[PairScore, list[str] | None]] = {}

    def _index(self, pair: Pair) -> None:
        self.pairs_of.setdefault(pair[0], set()).add(pair)
        self.pairs_of.setdefault(pair[1], set()).add(pair)

    def value(self, pair: Pair) -> int | tuple[int, int]:
        """The score used for ranking: the count, or freq(ab) / (freq(a) freq(b)) reduced.

        >>> table = PairTable([["h", "##u"]], [4])
        >>> _Scores(table, {"h": 6, "##u": 4}, "likelihood", "first-seen", 5, 5).value(("h", "##u"))
        (1, 6)
        """
        count = self.table.counts[pair]
        if not self.likelihood:
            return count
        below = self.freq[pair[0]] * self.freq[pair[1]]
        common = gcd(count, below)
        return count // common, below // common

    def update(self, symbols: Iterable[str]) -> None:
        """Re-score pairs whose count changed and pairs containing a symbol whose freq did."""
        counts, ranking = self.table.counts, self.ranking
        dirty: set[Pair] = set()
        for pair in self.table.touched:
            if pair in counts:
                self._index(pair)
                dirty.add(pair)
            else:
                ranking.set(pair, None)
                for symbol in pair:
                    held = self.pairs_of.get(symbol)
                    if held is not None:
                        held.discard(pair)
        if not self.likelihood:  # a frequency score does not depend on freq(a), freq(b)
            for pair in dirty:
                ranking.set(pair, counts[pair])
            return
        for symbol in symbols:
            dirty |= self.pairs_of.get(symbol, set())
        freq = self.freq
        for pair in dirty:  # self.value(pair), inlined: this loop is the hot spot
            count = counts[pair]
            below = freq[pair[0]] * freq[pair[1]]
            common = gcd(count, below)
            ranking.set(pair, (count // common, below // common))

    def row(self, pair: Pair) -> PairScore:
        """The pair's ``PairScore``, reused while its numbers and first occurrence hold."""
        table = self.table
        count, index = table.counts[pair], table.first_word[pair]
        freq_a, freq_b = self.freq[pair[0]], self.freq[pair[1]]
        cached = self._rows.get(pair)
        if cached is not None:
            row, symbols = cached
            if (
                row.freq_pair == count
                and row.freq_a == freq_a
                and row.freq_b == freq_b
                and row.first_seen[0] == index
                # a long word changes at every merge: compare where the pair is first seen
                and (table.words[index] is symbols or row.first_seen == table.first_seen(pair))
            ):
                return row
        score = Fraction(count, freq_a * freq_b) if self.likelihood else Fraction(count)
        row = PairScore(pair, freq_a, freq_b, count, score, table.first_seen(pair))
        symbols = table.words[index]
        # subtle: a long word gets a new list at every merge; keeping one per cached row
        # kept hundreds of copies of the word alive. Its rows are checked by first_seen.
        self._rows[pair] = (row, symbols if len(symbols) <= table.long_word else None)
        return row

    def rank(self) -> tuple[list[PairScore], tuple[Pair, ...], int]:
        """``(rows best first, kept tied pairs, number of tied pairs)``."""
        best, ordered, tied, ties_total = self.ranking.best(self.top_k, self.max_ties)
        if best is None:
            return [], (), 0
        if len(self._rows) > 4 * len(self.table.counts) + 10_000:
            self._rows.clear()
        return [self.row(pair) for pair in ordered], tuple(tied), ties_total


def _ratio(score: tuple[int, int]) -> float:
    return score[0] / score[1]


def _fraction(score: tuple[int, int]) -> Fraction:
    return Fraction(*score)
