"""BPE training, the stages of one step: count pairs -> rank -> merge -> record.

:func:`_count_pairs` builds the pair table once; each step :func:`_rank` reads the best pairs,
:func:`_pick` chooses one (ties broken by the rule), :func:`_merge` merges it everywhere and
:func:`_record` writes the :class:`~subword_core.bpe.steps.MergeStep`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from subword_core.bpe.steps import MergeStep, PairCount
from subword_core.errors import ParameterError
from subword_core.merges import (
    Pair,
    PairRanking,
    PairTable,
    WordHistory,
    kept_changes,
)
from subword_core.text.corpus import Corpus

# --- the stages of one step: count pairs -> rank -> merge -> record --------------------


@dataclass
class _Book:
    """The corpus side of a run: every word's count, the symbol counts, the history.

    Attributes:
        words: the corpus words, in corpus order (their text, for the step rows).
        freqs: every word's count.
        initial: every word's symbols before the first merge.
        initial_vocab: the distinct symbols before the first merge, in first-seen order.
        symbol_counts: ``{symbol: occurrences}`` (weighted by word counts) of the symbols
            the corpus holds now; a symbol whose count falls to 0 is removed.
        history: the segmentation history (see :class:`subword_core.merges.WordHistory`).
        max_changed_words, min_frequency: the settings each step records.

    >>> book = _Book.start(Corpus.from_counts({"low": 5, "lo": 2}), [["l", "o", "w"], ["l", "o"]])
    >>> book.symbol_counts, book.initial_vocab
    ({'l': 7, 'o': 7, 'w': 5}, ('l', 'o', 'w'))
    """

    words: Sequence[str]
    freqs: list[int]
    initial: tuple[tuple[str, ...], ...]
    initial_vocab: tuple[str, ...]
    symbol_counts: dict[str, int]
    history: WordHistory
    max_changed_words: int = 50
    min_frequency: int = 2

    @classmethod
    def start(
        cls,
        corpus: Corpus,
        words: Sequence[Sequence[str]],
        history_limit: int = 500,
        max_changed_words: int = 50,
        min_frequency: int = 2,
    ) -> _Book:
        """The book before the first merge, for the corpus split into ``words``."""
        freqs = list(corpus.counts)
        symbol_counts: dict[str, int] = {}
        for symbols, freq in zip(words, freqs, strict=True):
            for symbol in symbols:
                symbol_counts[symbol] = symbol_counts.get(symbol, 0) + freq
        # subtle: the history stores a long word's changes, not a copy per merge (see
        # ``subword_core.merges.history``); it also records untracked long words for the step rows
        history = WordHistory.for_corpus(words, freqs, history_limit, PairTable.long_word)
        initial_vocab = tuple(dict.fromkeys(s for w in words for s in w))
        return cls(
            corpus.words,
            freqs,
            history.initial,
            initial_vocab,
            symbol_counts,
            history,
            max_changed_words,
            min_frequency,
        )


class _Ranked(NamedTuple):
    """One step's ranking (:func:`_rank`): what the step's table of pair counts shows.

    Attributes:
        best: the highest pair count (0 when no pair is left).
        rows: the kept pair counts, best first (the tied pairs, then the next best).
        tied: the kept pairs with ``best``, in the tie rule's order.
        ties_total: how many pairs have ``best`` (``tied`` may keep fewer).
        total: how many distinct pairs the corpus holds.
    """

    best: int
    rows: list[PairCount]
    tied: tuple[Pair, ...]
    ties_total: int
    total: int


def _count_pairs(words: list[list[str]], freqs: list[int]) -> PairTable:
    """Stage 1, count pairs: every adjacent pair, weighted by its word's count.

    Counted once; afterwards each merge updates only the pairs next to the occurrences it
    replaces (:meth:`subword_core.merges.PairTable.merge`), which gives the same counts as
    counting again.

    >>> _count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2]).counts
    {('l', 'o'): 7, ('o', 'w'): 5}
    """
    return PairTable(words, freqs)


def _rank(ranker: _Ranker) -> _Ranked:
    """Stage 2, rank: the pairs by count, best first, ties in the tie rule's order.

    >>> ranker = _Ranker(_count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2]), "first-seen", 5, 5)
    >>> ranked = _rank(ranker)
    >>> ranked.best, ranked.tied, [row.count for row in ranked.rows], ranked.total
    (7, (('l', 'o'),), [7, 5], 2)
    """
    total = len(ranker.table.counts)
    best, rows, tied, ties_total = ranker.rank()
    return _Ranked(best, rows, tied, ties_total, total)


def _pick(
    ranked: _Ranked,
    number: int,
    choices: Mapping[int, Pair],
    tie_break: str,
    ranker: _Ranker,
) -> tuple[Pair, str, _Ranked]:
    """Stage 2, rank (end): the winner, the rule that chose it, and the ranking it shows.

    The first pair of the ranking wins (``"unique"`` when nothing tied, else the tie rule),
    unless ``choices`` names another tied pair for step ``number`` (``"chosen"``): it is
    then added to the ranking's rows if the ranking left it out.

    >>> ranker = _Ranker(_count_pairs([["a", "b", "c"]], [1]), "first-seen", 5, 5)
    >>> _pick(_rank(ranker), 1, {}, "first-seen", ranker)[:2]
    (('a', 'b'), 'first-seen')
    >>> _pick(_rank(ranker), 1, {1: ("b", "c")}, "first-seen", ranker)[:2]
    (('b', 'c'), 'chosen')
    """
    tied = ranked.tied
    if number not in choices:
        return tied[0], ("unique" if ranked.ties_total == 1 else tie_break), ranked
    pair = tuple(choices[number])
    # subtle: the kept ``tied`` may be capped at max_ties; any pair with the best
    # count is a tied pair and may be chosen
    if len(pair) != 2 or ranker.table.counts.get(pair) != ranked.best:  # type: ignore[call-overload]
        raise ParameterError(
            f"Step {number}: {pair[0]!r} + {pair[1]!r} is not one of the tied pairs "
            f"({', '.join(f'{a}+{b}' for a, b in tied)}), so it cannot be chosen here.",
            code="not_tied",
            values={
                "step": number,
                "pair": f"{pair[0]!r} + {pair[1]!r}",
                "tied": ", ".join(f"{a}+{b}" for a, b in tied),
            },
        )
    chosen = (pair[0], pair[1])
    if chosen not in tied:
        ranked = ranked._replace(
            tied=(*tied, chosen), rows=[*ranked.rows, ranker.pair_count(chosen)]
        )
    return chosen, "chosen", ranked


def _merge(
    table: PairTable, ranker: _Ranker, pair: Pair
) -> list[tuple[int, Sequence[str], Sequence[str], int]]:
    """Stage 3, merge: replace every occurrence of ``pair`` by one symbol, in every word.

    The pair counts next to the merged occurrences change, and the ranking follows.
    Returns ``(word index, symbols before, symbols after, merges in the word)`` for every
    word that changed.

    >>> table = _count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2])
    >>> ranker = _Ranker(table, "first-seen", 5, 5)
    >>> [(i, after) for i, _, after, _ in _merge(table, ranker, ("l", "o"))]
    [(0, ['lo', 'w']), (1, ['lo'])]
    >>> table.counts, _rank(ranker).best
    ({('lo', 'w'): 5}, 5)
    """
    changed = table.merge(pair, pair[0] + pair[1])
    ranker.update()
    return changed  # type: ignore[return-value]


def _record(
    number: int,
    ranked: _Ranked,
    chosen: Pair,
    rule: str,
    changed: list[tuple[int, Sequence[str], Sequence[str], int]],
    table: PairTable,
    book: _Book,
    num_merges: int,
) -> MergeStep:
    """Stage 4, record: the words' history, the vocabulary change, and the step's trace.

    >>> words = [["l", "o", "w"], ["l", "o"]]
    >>> book = _Book.start(Corpus.from_counts({"low": 5, "lo": 2}), words)
    >>> table = _count_pairs(words, book.freqs)
    >>> ranker = _Ranker(table, "first-seen", 5, 5)
    >>> ranked = _rank(ranker)
    >>> changed = _merge(table, ranker, ("l", "o"))
    >>> step = _record(1, ranked, ("l", "o"), "unique", changed, table, book, 10)
    >>> step.vocab_added, step.vocab_removed, step.vocab_size
    (('lo',), ('l', 'o'), 2)
    >>> [(c.word, c.after) for c in step.changed_words], book.history.at(1)
    ([('low', ('lo', 'w')), ('lo', ('lo',))], [(0, ('lo', 'w')), (1, ('lo',))])
    """
    new_symbol = chosen[0] + chosen[1]
    symbol_counts, freqs = book.symbol_counts, book.freqs
    existed = symbol_counts.get(new_symbol, 0) > 0
    merged_away = 0  # symbols consumed: each merge uses one left and one right
    for row, (index, old, after, times) in enumerate(changed):
        merged_away += times * freqs[index]
        # subtle: the row gets what the history keeps (the same tuples, or views of a
        # long word's changes), so a word is not copied again for the step's rows
        shown = book.history.record(
            number, index, old, after, new_symbol, table.merged_at(index), chosen
        )
        if shown is not None:
            changed[row] = (index, *shown, times)
    # subtle: only the two merged symbols and the new one change their counts, so
    # the vocabulary is updated without looking at the words' other symbols
    symbol_counts[chosen[0]] -= merged_away
    symbol_counts[chosen[1]] -= merged_away
    symbol_counts[new_symbol] = symbol_counts.get(new_symbol, 0) + merged_away
    added = () if existed else (new_symbol,)
    removed = tuple(
        dict.fromkeys(s for s in chosen if symbol_counts.get(s, 0) <= 0 and s != new_symbol)
    )
    for symbol in removed:
        symbol_counts.pop(symbol, None)
    return MergeStep(
        number=number,
        pair_counts=tuple(ranked.rows),
        pairs_total=ranked.total,
        pairs_omitted=ranked.total - len(ranked.rows),
        best_count=ranked.best,
        tied=ranked.tied,
        rule=rule,
        merged=chosen,
        changed_words=kept_changes(changed, book.words, freqs, book.max_changed_words),
        changed_words_total=len(changed),
        vocab_size=len(symbol_counts),
        vocab_added=added,
        vocab_removed=removed,
        stop_reason="num_merges" if number == num_merges else None,
        min_frequency=book.min_frequency,
        ties_total=ranked.ties_total,
    )


class _Ranker:
    """Each step's table of pair counts: the tied pairs by the tie rule, then the next best.

    subtle: ``PairCount`` rows are reused from step to step while a pair's count and
    first occurrence stay the same (most of the top rows do), instead of building and
    locating every row again; a row is trusted only if its pair's count, first word and
    that word's symbols (the very same list object) are unchanged.
    """

    def __init__(self, table: PairTable, tie_break: str, top_k: int, max_ties: int) -> None:
        self.table = table
        self.ranking = PairRanking(table, tie_break, table.counts)
        self.top_k = top_k
        self.max_ties = max_ties
        self._rows: dict[Pair, tuple[PairCount, list[str] | None]] = {}

    def update(self) -> None:
        """Re-file the pairs whose count the last merge changed."""
        counts, ranking = self.table.counts, self.ranking
        for pair in self.table.touched:
            ranking.set(pair, counts.get(pair))

    def pair_count(self, pair: Pair) -> PairCount:
        table = self.table
        cached = self._rows.get(pair)
        count, index = table.counts[pair], table.first_word[pair]
        if cached is not None:
            row, symbols = cached
            # subtle: a long word's symbols change at every merge, but its first occurrences
            # are cheap to look up (``PairTable.first_seen``), so compare those instead
            if (
                row.count == count
                and row.first_seen[0] == index
                and (table.words[index] is symbols or row.first_seen == table.first_seen(pair))
            ):
                return row
        row = PairCount(pair, count, table.first_seen(pair))
        symbols = table.words[index]
        # subtle: a long word gets a new list at every merge; keeping one per cached row
        # kept hundreds of copies of the word alive. Its rows are checked by first_seen.
        self._rows[pair] = (row, symbols if len(symbols) <= table.long_word else None)
        return row

    def rank(self) -> tuple[int, list[PairCount], tuple[Pair, ...], int]:
        """``(best count, rows best first, kept tied pairs, number of tied pairs)``."""
        best, ordered, tied, ties_total = self.ranking.best(self.top_k, self.max_ties)
        if best is None:
            return 0, [], (), 0
        if len(self._rows) > 4 * len(self.table.counts) + 10_000:
            self._rows.clear()
        rows = [self.pair_count(pair) for pair in ordered]
        return best, rows, tuple(tied), ties_total


def _stop_step(number: int, ranked: _Ranked, book: _Book, reason: str) -> MergeStep:
    """The last step when learning stops before ``num_merges``: what was ranked, no merge.

    >>> book = _Book.start(Corpus.from_counts({"ab": 1}), [["a", "b"]])
    >>> ranked = _rank(_Ranker(_count_pairs([["a", "b"]], [1]), "first-seen", 5, 5))
    >>> step = _stop_step(1, ranked, book, "min_frequency")
    >>> step.merged, step.best_count, step.stop_reason, step.vocab_size
    (None, 1, 'min_frequency', 2)
    """
    rows = ranked.rows
    return MergeStep(
        number=number,
        pair_counts=tuple(rows),
        pairs_total=ranked.total,
        pairs_omitted=ranked.total - len(rows),
        best_count=rows[0].count if rows else 0,
        tied=ranked.tied,
        rule="unique" if ranked.ties_total <= 1 else "none",
        merged=None,
        changed_words=(),
        changed_words_total=0,
        vocab_size=sum(1 for c in book.symbol_counts.values() if c > 0),
        vocab_added=(),
        vocab_removed=(),
        stop_reason=reason,
        min_frequency=book.min_frequency,
        ties_total=ranked.ties_total,
    )
