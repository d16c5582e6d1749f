"""WordPiece training, the stages of one step: score -> rank -> merge -> record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from subword_core.errors import ParameterError
from subword_core.merges import (
    Pair,
    PairTable,
    WordHistory,
    kept_changes,
)
from subword_core.text.corpus import Corpus
from subword_core.wordpiece.model import alphabet_of, split_word
from subword_core.wordpiece.score import _Scores
from subword_core.wordpiece.steps import PairScore, WordPieceStep

# --- the stages of one step: score -> rank -> merge -> record --------------------------


@dataclass
class _Book:
    """The corpus side of a run: every word's count, the symbol counts, history, vocabulary.

    Attributes:
        words: the corpus words, in corpus order (their text, for the step rows).
        freqs: every word's count.
        initial: every word's pieces before the first merge.
        symbol_freq: ``{piece: occurrences}`` (weighted by word counts): freq(a) and freq(b)
            of the likelihood score.
        history: the segmentation history (see :class:`subword_core.merges.WordHistory`).
        vocab: the vocabulary so far, in the order the tokens were added (alphabet first).
        in_vocab: the same tokens, as a set.
        max_changed_words: how many changed words each step keeps.

    >>> hug = Corpus.from_counts({"hug": 2})
    >>> book = _Book.start(hug, [["h", "##u", "##g"]], ["h", "##g", "##u"])
    >>> book.symbol_freq, book.vocab
    ({'h': 2, '##u': 2, '##g': 2}, ['h', '##g', '##u'])
    """

    words: Sequence[str]
    freqs: list[int]
    initial: tuple[tuple[str, ...], ...]
    symbol_freq: dict[str, int]
    history: WordHistory
    vocab: list[str]
    in_vocab: set[str]
    max_changed_words: int = 50

    @classmethod
    def start(
        cls,
        corpus: Corpus,
        words: Sequence[Sequence[str]],
        alphabet: Sequence[str],
        history_limit: int = 500,
        max_changed_words: int = 50,
    ) -> _Book:
        """The book before the first merge, for the corpus split into ``words``."""
        freqs = list(corpus.counts)
        symbol_freq: dict[str, int] = {}
        for pieces, freq in zip(words, freqs, strict=True):
            for piece in pieces:
                symbol_freq[piece] = symbol_freq.get(piece, 0) + freq
        # subtle: the history stores a long word's changes, not a copy per merge (see
        # ``subword_core.merges.history``); it also records untracked long words for the step rows
        history = WordHistory.for_corpus(words, freqs, history_limit, PairTable.long_word)
        vocab = list(alphabet)
        return cls(
            corpus.words,
            freqs,
            history.initial,
            symbol_freq,
            history,
            vocab,
            set(vocab),
            max_changed_words,
        )


class _Ranked(NamedTuple):
    """One step's ranking (:func:`_rank`): what the step's table of candidates shows.

    Attributes:
        rows: the kept candidates, best first (the tied pairs, then the next best).
        tied: the kept pairs with the best score, in the tie rule's order.
        ties_total: how many pairs have the best score (``tied`` may keep fewer).
        total: how many distinct pairs the corpus holds.
    """

    rows: list[PairScore]
    tied: tuple[Pair, ...]
    ties_total: int
    total: int


def _hug_corpus() -> tuple[PairTable, _Book]:
    """Seed 001's corpus, split, counted: the examples of the stages below.

    >>> _hug_corpus()[1].symbol_freq["##u"]
    36
    """
    data = Corpus.from_counts({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    words = [split_word(w) for w in data.words]
    book = _Book.start(data, words, alphabet_of(data))
    return PairTable(words, book.freqs), book


def _score(
    table: PairTable,
    symbol_freq: dict[str, int],
    scoring: str,
    tie_break: str,
    top_k: int,
    max_ties: int,
) -> _Scores:
    """Stage 1, score: every pair's score, freq(ab) / (freq(a) freq(b)) or its count.

    Scored once; afterwards each merge re-scores only the pairs whose count or whose
    symbols' frequencies it changed (:meth:`_Scores.update`), which gives the same scores
    as scoring again. A score is kept exact, as a reduced fraction.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "likelihood", "first-seen", 5, 5)
    >>> table.counts[("##u", "##g")], scores.value(("##u", "##g"))
    (20, (1, 36))
    >>> table.counts[("##g", "##s")], scores.value(("##g", "##s"))
    (5, (1, 20))
    """
    return _Scores(table, symbol_freq, scoring, tie_break, top_k, max_ties)


def _rank(scores: _Scores) -> _Ranked:
    """Stage 2, rank: the pairs by score, best first, ties in the tie rule's order.

    >>> table, book = _hug_corpus()
    >>> ranked = _rank(_score(table, book.symbol_freq, "likelihood", "first-seen", 3, 5))
    >>> [(row.pair, row.score) for row in ranked.rows][:2], ranked.ties_total, ranked.total
    ([(('##g', '##s'), Fraction(1, 20)), (('h', '##u'), Fraction(1, 36))], 1, 6)
    """
    total = len(scores.table.counts)
    rows, tied, ties_total = scores.rank()
    return _Ranked(rows, tied, ties_total, total)


def _pick(
    ranked: _Ranked,
    number: int,
    choices: Mapping[int, Pair],
    tie_break: str,
    scores: _Scores,
) -> tuple[Pair, str, _Ranked]:
    """Stage 2, rank (end): the winner, the rule that chose it, and the ranking it shows.

    The first pair of the ranking wins (``"unique"`` when nothing tied, else the tie rule),
    unless ``choices`` names another tied pair for step ``number`` (``"chosen"``): it is
    then added to the ranking's rows if the ranking left it out.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "frequency", "first-seen", 5, 5)
    >>> _pick(_rank(scores), 1, {}, "first-seen", scores)[:2]
    (('##u', '##g'), 'unique')
    """
    tied = ranked.tied
    if number not in choices:
        return tied[0], ("unique" if ranked.ties_total == 1 else tie_break), ranked
    pair = tuple(choices[number])
    ranking = scores.ranking
    # subtle: ``tied`` may be capped at max_ties; any pair with the best score is
    # a tied pair and may be chosen
    if len(pair) != 2 or ranking.score.get(pair) != ranking.score[tied[0]]:  # type: ignore[call-overload]
        raise ParameterError(
            f"Step {number}: {pair[0]!r} + {pair[1]!r} is not one of the tied pairs, "
            "so it cannot be chosen here.",
            code="not_tied",
            values={"step": number, "pair": f"{pair[0]!r} + {pair[1]!r}", "tied": ""},
        )
    chosen = (pair[0], pair[1])
    if chosen not in tied:
        ranked = ranked._replace(tied=(*tied, chosen), rows=[*ranked.rows, scores.row(chosen)])
    return chosen, "chosen", ranked


def _merge(
    table: PairTable, scores: _Scores, book: _Book, pair: Pair, token: str
) -> list[tuple[int, Sequence[str], Sequence[str], int]]:
    """Stage 3, merge: replace every occurrence of ``pair`` by ``token``, in every word.

    The pair counts next to the merged occurrences change, and so do freq(a), freq(b) and
    freq(token): every pair whose score depends on them is re-scored. Returns
    ``(word index, pieces before, pieces after, merges in the word)`` for every word that
    changed.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "likelihood", "first-seen", 5, 5)
    >>> [after for _, _, after, _ in _merge(table, scores, book, ("##g", "##s"), "##gs")]
    [['h', '##u', '##gs']]
    >>> book.symbol_freq["##g"], book.symbol_freq["##gs"], scores.value(("##u", "##g"))
    (15, 5, (1, 36))
    """
    changed = table.merge(pair, token)
    freqs, symbol_freq = book.freqs, book.symbol_freq
    merged_away = 0  # pieces consumed: each merge uses one left and one right piece
    for index, _, _, times in changed:
        merged_away += times * freqs[index]
    symbol_freq[pair[0]] -= merged_away
    symbol_freq[pair[1]] -= merged_away
    symbol_freq[token] = symbol_freq.get(token, 0) + merged_away
    scores.update((pair[0], pair[1], token))
    return changed  # type: ignore[return-value]


def _record(
    number: int,
    ranked: _Ranked,
    chosen: Pair,
    rule: str,
    token: str,
    changed: list[tuple[int, Sequence[str], Sequence[str], int]],
    table: PairTable,
    book: _Book,
    vocab_size: int,
) -> WordPieceStep:
    """Stage 4, record: the words' history, the new token, and the step's trace.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "likelihood", "first-seen", 5, 5)
    >>> ranked = _rank(scores)
    >>> changed = _merge(table, scores, book, ("##g", "##s"), "##gs")
    >>> step = _record(1, ranked, ("##g", "##s"), "unique", "##gs", changed, table, book, 8)
    >>> step.new_token, step.added, step.vocab_size, book.vocab[-1]
    ('##gs', True, 8, '##gs')
    >>> [(c.word, c.after) for c in step.changed_words], step.stop_reason
    ([('hugs', ('h', '##u', '##gs'))], 'vocab_size')
    """
    for row, (index, old, after, times) in enumerate(changed):
        # subtle: the row gets what the history keeps (the same tuples, or views of a
        # long word's changes), so a word is not copied again for the step's rows
        shown = book.history.record(
            number, index, old, after, token, table.merged_at(index), chosen
        )
        if shown is not None:
            changed[row] = (index, *shown, times)
    added = token not in book.in_vocab
    if added:
        book.vocab.append(token)
        book.in_vocab.add(token)
    rows = ranked.rows
    return WordPieceStep(
        number=number,
        candidates=tuple(rows),
        candidates_total=ranked.total,
        candidates_omitted=ranked.total - len(rows),
        best_score=rows[0].score,
        tied=ranked.tied,
        rule=rule,
        merged=chosen,
        new_token=token,
        added=added,
        changed_words=kept_changes(changed, book.words, book.freqs, book.max_changed_words),
        changed_words_total=len(changed),
        vocab_size=len(book.vocab),
        stop_reason="vocab_size" if len(book.vocab) >= vocab_size else None,
        ties_total=ranked.ties_total,
    )


def _stop(number: int, vocab_size: int) -> WordPieceStep:
    return WordPieceStep(
        number=number,
        candidates=(),
        candidates_total=0,
        candidates_omitted=0,
        best_score=Fraction(0),
        tied=(),
        rule="unique",
        merged=None,
        new_token=None,
        added=False,
        changed_words=(),
        changed_words_total=0,
        vocab_size=vocab_size,
        stop_reason="no_pairs",
    )
