"""BPE training, the driver: :func:`learn` repeats the stages (:mod:`.stages`) until
``num_merges`` merges were made or no pair is frequent enough; :func:`replay` re-applies a
result's merges.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from subword_core.bpe.model import BPEModel, split_word
from subword_core.bpe.stages import (
    _Book,
    _count_pairs,
    _merge,
    _pick,
    _rank,
    _Ranker,
    _record,
    _stop_step,
)
from subword_core.bpe.steps import DEFAULT_END_OF_WORD, MergeStep
from subword_core.errors import ParameterError, check_option, check_positive
from subword_core.merges import (
    TIE_BREAKS,
    Pair,
    TieBreak,
    WordHistory,
    merge_symbols,
    segmentation_at,
)
from subword_core.text.corpus import Corpus, parse_corpus

# --------------------------------------------------------------------------------------
# Learning
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BPEResult:
    """What ``learn`` returns: the merges, the step-by-step trace and the model.

    Attributes:
        merges: ``(left, right)`` pairs in merge order.
        steps: one ``MergeStep`` per merge, plus a final non-merge step when learning
            stopped early (``stop_reason`` says why).
        model: the ``BPEModel`` built from ``merges``.
        corpus: the corpus learned from.
        initial_segmentation: every word's symbols before the first merge.
        final_segmentation: every word's symbols after the last merge.
        initial_vocab: distinct symbols before the first merge, in first-seen order.
        stop_reason: why learning stopped.
        history: for tracked words (all words of small corpora, the most frequent ones of
            large corpora) the steps at which their segmentation changed, with the symbols
            after each: a ``WordHistory``, which stores a long word's changes rather than a
            copy per step (its symbols are ``LoggedSymbols``, equal to the tuples).
    """

    merges: list[Pair]
    steps: list[MergeStep]
    model: BPEModel
    corpus: Corpus
    initial_segmentation: tuple[tuple[str, ...], ...]
    final_segmentation: tuple[tuple[str, ...], ...]
    initial_vocab: tuple[str, ...]
    stop_reason: str
    history: Mapping[int, tuple[tuple[int, Sequence[str]], ...]]

    def vocab_at(self, step: int) -> list[str]:
        """Distinct symbols in the corpus after ``step`` steps (0 = before any merge).

        Order: the initial characters in first-seen order, then merged symbols in the
        order they appeared.

        >>> learn({"aa": 2}, 1, end_of_word="").vocab_at(1)
        ['aa']
        """
        vocab: dict[str, None] = dict.fromkeys(self.initial_vocab)
        for s in self.steps[:step]:
            for symbol in s.vocab_removed:
                vocab.pop(symbol, None)
            for symbol in s.vocab_added:
                vocab[symbol] = None
        return list(vocab)

    def segmentation_at(self, step: int) -> list[tuple[int, tuple[str, ...]]]:
        """``(word index, symbols)`` of every tracked word after ``step`` steps.

        >>> result = learn({"low": 5, "lower": 2}, 2)
        >>> result.segmentation_at(2)[0]
        (0, ('low', '</w>'))
        """
        if isinstance(self.history, WordHistory):
            return self.history.at(step)
        return segmentation_at(self.initial_segmentation, self.history, step)

    def changed_at(self, step: int) -> set[int]:
        """The indices of the tracked words that step ``step`` changed.

        >>> learn({"low": 5, "lower": 2, "newest": 6}, 2).changed_at(2)
        {0, 1}
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


def _check_marker(corpus: Corpus, end_of_word: str) -> None:
    if not end_of_word:
        return
    for word in corpus.words:
        if end_of_word in word:
            raise ParameterError(
                f"The word {word!r} already contains the end-of-word marker {end_of_word!r}, "
                "so the marker could no longer tell where words end. Choose another marker "
                "or remove it from the corpus.",
                code="word_has_marker",
                values={"word": repr(word), "marker": repr(end_of_word)},
            )


def learn(
    corpus: Corpus | Mapping[str, int] | str,
    num_merges: int,
    *,
    min_frequency: int = 2,
    end_of_word: str = DEFAULT_END_OF_WORD,
    attach_end_of_word: bool = False,
    tie_break: TieBreak = "first-seen",
    choose: Mapping[int, Pair] | None = None,
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
    history_limit: int = 500,
    progress: Callable[[int, int], None] | None = None,
    allow_marker_in_words: bool = False,
) -> BPEResult:
    """Learn BPE merges and record every step.

    Each step runs the stages a student reads in the algorithm (docs/ARCHITECTURE.md):
    count the pairs (:func:`_count_pairs`, once; a merge updates the counts it changes),
    rank them (:func:`_rank`, then :func:`_pick` applies the tie rule), merge the winner
    everywhere (:func:`_merge`) and record what changed (:func:`_record`).

    Args:
        corpus: a ``Corpus``, a ``{word: count}`` mapping, or text for ``parse_corpus``.
        num_merges: how many merges to learn at most (>= 1).
        min_frequency: stop when the most frequent pair occurs fewer times (>= 1).
        end_of_word: the end-of-word marker; ``""`` for none.
        attach_end_of_word: glue the marker to the last character (subword-nmt) rather
            than keep it as a symbol of its own (Sennrich et al. 2016; seeds 002, 003).
        tie_break: how to choose among pairs with the same best count:
            ``"first-seen"`` takes the pair that occurs first in corpus order (words in
            first-seen order, left to right inside a word), as the tutorials do;
            ``"lexicographic"`` takes the greatest pair in string order, as subword-nmt does.
        choose: ``{step number: pair}`` to pick a different pair among the tied ones at
            those steps (e.g. to reproduce a tutorial's printed order).
        top_k: how many pair counts each step keeps at least (ties included).
        max_ties: how many of the tied pairs each step keeps at most (the first ones by
            the tie rule; ``MergeStep.ties_total`` counts them all). The winner is always
            chosen among all of them.
        max_changed_words: how many changed words each step keeps.
        history_limit: track the segmentation history of at most this many words (the
            most frequent ones).
        progress: called as ``progress(done, total)`` about every 1 % of ``num_merges``
            (at most ~100 times), and once with ``done == total`` at the end, even when
            learning stops early: enough to drive a progress bar.
        allow_marker_in_words: let a word contain the marker's text (``a</w>b``) instead
            of refusing it. Its characters are learned like any others, and a symbol that
            is spelled like a word-final one *is* that symbol, as in subword-nmt (whose
            codes files cannot tell the two apart either). The command line uses this.

    Returns:
        A ``BPEResult``.

    Raises:
        ParameterError: a bad argument, a pair in ``choose`` that is not tied at its step,
            or a word that already contains the marker (unless ``allow_marker_in_words``).
        CorpusError: the corpus text cannot be parsed.

    >>> result = learn("low lower", 10)
    >>> result.merges
    [('l', 'o'), ('lo', 'w')]
    >>> result.stop_reason, result.steps[-1].best_count
    ('min_frequency', 1)
    >>> seen = []
    >>> _ = learn("low lower", 10, progress=lambda done, total: seen.append((done, total)))
    >>> seen[-1]
    (10, 10)
    """
    data = _as_corpus(corpus)
    _validate(data, num_merges, min_frequency, tie_break, top_k, max_changed_words)
    check_positive("max_ties", max_ties)
    if not allow_marker_in_words:
        _check_marker(data, end_of_word)
    choices = dict(choose or {})
    words = [split_word(w, end_of_word, attach_end_of_word) for w in data.words]
    book = _Book.start(data, words, history_limit, max_changed_words, min_frequency)

    table = _count_pairs(words, book.freqs)
    ranker = _Ranker(table, tie_break, top_k, max_ties)
    merges: list[Pair] = []
    steps: list[MergeStep] = []
    stop = "num_merges"
    every = max(1, num_merges // 100)
    for number in range(1, num_merges + 1):
        if progress is not None and number % every == 0:
            progress(number - 1, num_merges)
        ranked = _rank(ranker)
        if ranked.best < min_frequency:  # no pair left (best 0), or none frequent enough
            stop = "min_frequency" if ranked.best else "no_pairs"
            steps.append(_stop_step(number, ranked, book, stop))
            break
        chosen, rule, ranked = _pick(ranked, number, choices, tie_break, ranker)
        changed = _merge(table, ranker, chosen)
        steps.append(_record(number, ranked, chosen, rule, changed, table, book, num_merges))
        merges.append(chosen)
    if progress is not None:
        progress(num_merges, num_merges)

    alphabet = frozenset(ch for w in data.words for ch in w)
    return BPEResult(
        merges=merges,
        steps=steps,
        model=BPEModel(tuple(merges), end_of_word, attach_end_of_word, alphabet=alphabet),
        corpus=data,
        initial_segmentation=book.initial,
        final_segmentation=tuple(tuple(w) for w in table.words),
        initial_vocab=book.initial_vocab,
        stop_reason=stop,
        history=book.history,
    )


def _validate(
    corpus: Corpus,
    num_merges: int,
    min_frequency: int,
    tie_break: str,
    top_k: int,
    max_changed_words: int,
) -> None:
    if len(corpus) == 0:
        raise ParameterError(
            "The corpus is empty: there is nothing to learn from.", code="nothing_to_learn"
        )
    for name, value in (
        ("num_merges", num_merges),
        ("min_frequency", min_frequency),
        ("top_k", top_k),
        ("max_changed_words", max_changed_words),
    ):
        check_positive(name, value)
    check_option("tie_break", tie_break, TIE_BREAKS)


def replay(result: BPEResult) -> list[tuple[str, ...]]:
    """Re-apply the recorded merges, in order, to the initial segmentation.

    A check that the trace is complete: the outcome equals ``result.final_segmentation``.

    >>> result = learn({"low": 5, "lower": 2}, 3)
    >>> replay(result) == list(result.final_segmentation)
    True
    """
    words = [list(w) for w in result.initial_segmentation]
    for step in result.steps:
        if step.merged is not None:
            words = [merge_symbols(w, step.merged)[0] for w in words]
    return [tuple(w) for w in words]
