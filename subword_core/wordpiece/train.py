"""WordPiece training, the driver: :func:`learn` repeats the stages (:mod:`.stages`) until the
vocabulary has ``vocab_size`` tokens; :class:`WordPieceResult`; :func:`first_difference`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from subword_core.errors import ParameterError, check_option, check_positive
from subword_core.merges import (
    TIE_BREAKS,
    Pair,
    PairTable,
    TieBreak,
    WordHistory,
    segmentation_at,
)
from subword_core.text.corpus import Corpus, parse_corpus
from subword_core.wordpiece.model import WordPiece, alphabet_of, merged_token, split_word
from subword_core.wordpiece.stages import _Book, _merge, _pick, _rank, _record, _score, _stop
from subword_core.wordpiece.steps import (
    DEFAULT_PREFIX,
    DEFAULT_UNK,
    SCORINGS,
    Scoring,
    WordPieceStep,
)

# --------------------------------------------------------------------------------------
# Learning
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordPieceResult:
    """What ``learn`` returns.

    Attributes:
        vocab: the tokens in the order they were added, starting with the alphabet
            (word-initial characters, then continuation characters, each sorted).
        alphabet_size: how many of ``vocab`` are the alphabet.
        merges: the merged pairs in order.
        steps: one ``WordPieceStep`` per merge (plus a stop step if pairs ran out).
        model: a ``WordPiece`` over ``vocab``.
        corpus: the corpus learned from.
        initial_segmentation / final_segmentation: every word's pieces before / after.
        history: for tracked words (the most frequent ``history_limit``) the steps at
            which their pieces changed, with the pieces after each: a ``WordHistory``
            (a long word's changes are stored, not a copy per step).
        scoring, tie_break, prefix: the settings used.
    """

    vocab: list[str]
    alphabet_size: int
    merges: list[Pair]
    steps: list[WordPieceStep]
    model: WordPiece
    corpus: Corpus
    initial_segmentation: tuple[tuple[str, ...], ...]
    final_segmentation: tuple[tuple[str, ...], ...]
    history: Mapping[int, tuple[tuple[int, Sequence[str]], ...]]
    scoring: str
    tie_break: str
    prefix: str

    def vocab_at(self, step: int) -> list[str]:
        """The vocabulary after ``step`` steps (0: the alphabet).

        >>> learn({"hug": 10, "hugs": 5}, 5).vocab_at(1)
        ['h', '##g', '##s', '##u', 'hu']
        """
        added = [s.new_token for s in self.steps[:step] if s.merged is not None and s.added]
        return self.vocab[: self.alphabet_size] + [t for t in added if t is not None]

    def segmentation_at(self, step: int) -> list[tuple[int, tuple[str, ...]]]:
        """``(word index, pieces)`` of every tracked word after ``step`` steps.

        >>> learn({"hug": 10, "hugs": 5}, 5).segmentation_at(1)[1]
        (1, ('hu', '##g', '##s'))
        """
        if isinstance(self.history, WordHistory):
            return self.history.at(step)
        return segmentation_at(self.initial_segmentation, self.history, step)

    def changed_at(self, step: int) -> set[int]:
        """The indices of the tracked words that step ``step`` changed.

        >>> result = learn({"hug": 10, "hugs": 5, "pun": 12}, 8)
        >>> result.steps[1].merged, result.changed_at(2)
        (('h', '##u'), {0, 1})
        """
        if isinstance(self.history, WordHistory):
            return self.history.changed_at(step)
        return {i for i, h in self.history.items() if any(at == step for at, _ in h)}


def _as_corpus(corpus: Corpus | Mapping[str, int] | str) -> Corpus:
    if isinstance(corpus, Corpus):
        return corpus
    if isinstance(corpus, str):
        return parse_corpus(corpus)
    return Corpus.from_counts(corpus)


def learn(
    corpus: Corpus | Mapping[str, int] | str,
    vocab_size: int,
    *,
    prefix: str = DEFAULT_PREFIX,
    scoring: Scoring = "likelihood",
    tie_break: TieBreak = "first-seen",
    choose: Mapping[int, Pair] | None = None,
    unk_token: str = DEFAULT_UNK,
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
    history_limit: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> WordPieceResult:
    """Learn a WordPiece vocabulary of ``vocab_size`` tokens and record every step.

    Each step runs the stages a student reads in the algorithm (docs/ARCHITECTURE.md):
    score the pairs (:func:`_score`, once; a merge re-scores the pairs it changes), rank
    them (:func:`_rank`, then :func:`_pick` applies the tie rule), merge the winner
    everywhere (:func:`_merge`) and record what changed (:func:`_record`).

    Args:
        corpus: a ``Corpus``, a ``{word: count}`` mapping, or text for ``parse_corpus``.
        vocab_size: the vocabulary size to reach, alphabet included.
        prefix: the continuation prefix (``"##"``).
        scoring: ``"likelihood"`` (freq(ab) / (freq(a) freq(b))) or ``"frequency"``.
        tie_break: among equal scores, ``"first-seen"`` (first occurrence in corpus order)
            or ``"lexicographic"`` (the greatest pair in string order).
        choose: ``{step: pair}`` to pick another of the tied pairs at those steps.
        unk_token: the model's unknown token.
        top_k: how many candidates each step keeps at least (ties included).
        max_ties: how many of the tied pairs each step keeps at most (the first by the tie
            rule; ``WordPieceStep.ties_total`` counts them all). The winner is always
            chosen among all of them.
        max_changed_words: how many changed words each step keeps.
        history_limit: track the pieces of at most this many words (the most frequent).
        progress: called as ``progress(done, total)`` with the tokens added so far and
            the tokens to add (``vocab_size`` minus the alphabet), at most ~100 times,
            and once with ``done == total`` at the end.

    Raises:
        ParameterError: ``vocab_size`` below the alphabet size (the message gives it), a bad
            option, a chosen pair that is not tied, or a word containing the prefix.

    >>> result = learn("hug hug pug", 20)
    >>> result.merges
    [('h', '##u'), ('p', '##u'), ('hu', '##g'), ('pu', '##g')]
    >>> result.vocab[-4:], result.steps[-1].stop_reason
    (['hu', 'pu', 'hug', 'pug'], 'no_pairs')
    >>> seen = []
    >>> _ = learn("hug hug pug", 20, progress=lambda done, total: seen.append((done, total)))
    >>> seen[-1]
    (16, 16)
    """
    data = _as_corpus(corpus)
    alphabet = _check_options(
        data, vocab_size, prefix, scoring, tie_break, top_k, max_ties, max_changed_words
    )
    choices = dict(choose or {})
    words = [split_word(w, prefix) for w in data.words]
    book = _Book.start(data, words, alphabet, history_limit, max_changed_words)

    table = PairTable(words, book.freqs)
    scores = _score(table, book.symbol_freq, scoring, tie_break, top_k, max_ties)
    merges: list[Pair] = []
    steps: list[WordPieceStep] = []
    number = 0
    to_add = vocab_size - len(alphabet)
    reported = 0
    while len(book.vocab) < vocab_size:
        number += 1
        done = len(book.vocab) - len(alphabet)
        if progress is not None and done * 100 >= (reported + 1) * to_add:
            reported = done * 100 // to_add
            progress(done, to_add)
        ranked = _rank(scores)
        if not ranked.rows:
            steps.append(_stop(number, len(book.vocab)))
            break
        chosen, rule, ranked = _pick(ranked, number, choices, tie_break, scores)
        token = merged_token(chosen, prefix)
        changed = _merge(table, scores, book, chosen, token)
        steps.append(_record(number, ranked, chosen, rule, token, changed, table, book, vocab_size))
        merges.append(chosen)
    if progress is not None:
        progress(to_add, to_add)

    return WordPieceResult(
        vocab=book.vocab,
        alphabet_size=len(alphabet),
        merges=merges,
        steps=steps,
        model=WordPiece(tuple(book.vocab), unk_token=unk_token, prefix=prefix),
        corpus=data,
        initial_segmentation=book.initial,
        final_segmentation=tuple(tuple(w) for w in table.words),
        history=book.history,
        scoring=scoring,
        tie_break=tie_break,
        prefix=prefix,
    )


def _check_options(
    data: Corpus,
    vocab_size: int,
    prefix: str,
    scoring: str,
    tie_break: str,
    top_k: int,
    max_ties: int,
    max_changed_words: int,
) -> list[str]:
    """Check ``learn``'s options against the corpus; return the alphabet.

    >>> hug = Corpus.from_counts({"hug": 1})
    >>> _check_options(hug, 3, "##", "likelihood", "first-seen", 5, 5, 5)
    ['h', '##g', '##u']
    >>> try:
    ...     _check_options(hug, 2, "##", "likelihood", "first-seen", 5, 5, 5)
    ... except ParameterError as error:
    ...     print(str(error)[:60])
    The vocabulary size must be at least the alphabet size, 3: t
    """
    check_option("scoring", scoring, SCORINGS)
    check_option("tie_break", tie_break, TIE_BREAKS)
    for name, value in (
        ("top_k", top_k),
        ("max_ties", max_ties),
        ("max_changed_words", max_changed_words),
    ):
        check_positive(name, value)
    if prefix and any(ch.isspace() for ch in prefix):
        raise ParameterError("The continuation prefix cannot contain spaces.", code="prefix_space")
    if prefix:
        for word in data.words:
            if prefix in word:
                raise ParameterError(
                    f"The word {word!r} already contains the continuation prefix {prefix!r}, "
                    "so its pieces would be ambiguous. Choose another prefix or remove it.",
                    code="word_has_prefix",
                    values={"word": repr(word), "prefix": repr(prefix)},
                )
    alphabet = alphabet_of(data, prefix)
    if (
        isinstance(vocab_size, bool)
        or not isinstance(vocab_size, int)
        or vocab_size < len(alphabet)
    ):
        raise ParameterError(
            f"The vocabulary size must be at least the alphabet size, {len(alphabet)}: the "
            f"{len(alphabet)} single characters (word-initial and {prefix or 'continuation'} "
            f"forms) are always in the vocabulary. Got {vocab_size!r}.",
            code="vocab_below_alphabet",
            values={"alphabet": len(alphabet), "value": repr(vocab_size)},
        )
    return alphabet


def first_difference(a: WordPieceResult, b: WordPieceResult) -> int | None:
    """The first step number at which two runs merge different pairs (None if none).

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> first_difference(learn(corpus, 10), learn(corpus, 10, scoring="frequency"))
    1
    """
    for x, y in zip(a.steps, b.steps, strict=False):
        if x.merged != y.merged:
            return x.number
    if len(a.steps) != len(b.steps):
        return min(len(a.steps), len(b.steps)) + 1
    return None
