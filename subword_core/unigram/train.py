"""Unigram training, the driver: :func:`learn` runs seed, EM, loss and pruning in order and
keeps the trace (:class:`UnigramResult`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from subword_core.errors import ParameterError, check_positive
from subword_core.text.corpus import Corpus, parse_corpus
from subword_core.unigram.em import e_step, log_likelihood, m_step
from subword_core.unigram.loss import removal_losses
from subword_core.unigram.model import Unigram
from subword_core.unigram.prune import prune_round
from subword_core.unigram.seed import seed_vocabulary
from subword_core.unigram.state import _Trainer
from subword_core.unigram.steps import (
    SEED_FACTOR,
    SEED_MIN,
    EMStep,
    PieceStat,
    PruneStep,
    SeedStep,
    Step,
    _short,
)

# --------------------------------------------------------------------------------------
# Training
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnigramResult:
    """What :func:`learn` returns: the final pieces, the model, and the ordered steps.

    Attributes:
        pieces: ``(piece, log_prob)`` pairs of the final vocabulary, most probable first.
        steps: the trace: a :class:`SeedStep`, then :class:`EMStep` and :class:`PruneStep`.
        model: the final :class:`Unigram` model.
        corpus: the corpus learned from.
        seed_pieces: every piece of the seed vocabulary, in id order (characters first).
        vocab_size: the size asked for.
        word_start: the marker put in front of every word (``""`` for none).
        stop_reason: ``"vocab_size"`` (pruned down to it) or ``"seed_small"`` (the seed
            vocabulary was already no larger, so nothing was pruned).

    >>> result = learn({"hug": 10, "pug": 5, "pun": 12}, 9)
    >>> [s.kind for s in result.steps]
    ['seed', 'em', 'em', 'prune', 'em', 'em']
    >>> sorted(result.vocab_at(len(result.steps))) == sorted(p for p, _ in result.pieces)
    True
    """

    pieces: list[tuple[str, float]]
    steps: list[Step]
    model: Unigram
    corpus: Corpus
    seed_pieces: tuple[str, ...]
    vocab_size: int
    word_start: str
    stop_reason: str

    def vocab_at(self, step: int) -> list[str]:
        """The vocabulary after ``step`` steps: the seed minus every piece pruned so far.

        >>> learn({"hug": 10, "pug": 5}, 5).vocab_at(1)[:3]
        ['h', 'u', 'g']
        """
        gone: set[str] = set()
        for s in self.steps[:step]:
            if isinstance(s, PruneStep):
                gone.update(s.removed)
        return [p for p in self.seed_pieces if p not in gone]

    @property
    def log_likelihoods(self) -> list[float]:
        """The corpus log-likelihood after every step (the chart of the training page)."""
        out = []
        for s in self.steps:
            if isinstance(s, PruneStep):
                out.append(s.log_likelihood_after)
            else:
                out.append(s.log_likelihood)
        return out


def learn(
    corpus: Corpus | Mapping[str, int] | str,
    vocab_size: int,
    *,
    seed_vocab: Sequence[str] | None = None,
    seed_size: int | None = None,
    max_piece_length: int = 16,
    shrinking_factor: float = 0.75,
    em_iterations: int = 2,
    keep_single_chars: bool = True,
    word_start: str = "",
    digamma: bool = False,
    top_k: int = 50,
    boundary: int = 10,
    progress: Callable[[int, int], None] | None = None,
) -> UnigramResult:
    """Train a unigram LM on a corpus of words and record every step.

    The trace: a :class:`SeedStep`; ``em_iterations`` :class:`EMStep`; then, while the
    vocabulary is larger than ``vocab_size``, a :class:`PruneStep` followed by
    ``em_iterations`` more EM steps.

    Args:
        corpus: a ``Corpus``, a ``{word: count}`` mapping, or text for ``parse_corpus``.
        vocab_size: how many pieces the final vocabulary has (at least the number of
            distinct characters while ``keep_single_chars`` is on).
        seed_vocab: the seed pieces to start from (e.g. seed 001's fifteen tokens). Their
            counts are their occurrences in the corpus words, weighted by word counts;
            pieces that never occur are dropped and missing characters are added. ``None``:
            every character plus the ``seed_size`` most frequent substrings.
        seed_size: how many multi-character substrings the automatic seed keeps at most
            (most frequent first; ties: longer first, then in string order). ``None``:
            five times ``vocab_size``, at least 1,000. A larger seed means more pruning
            rounds: slower, usually a slightly better vocabulary.
        max_piece_length: the longest substring the automatic seed considers.
        shrinking_factor: the share of the vocabulary each pruning round keeps (0 < f < 1).
        em_iterations: EM iterations before each pruning round and at the end.
        keep_single_chars: never prune single characters (so no character is unknown).
            When off, a character competes on its loss like any other piece; where a
            pruned one occurs, the word gets an unknown node (scored as :class:`Unigram`
            does).
        word_start: a marker put in front of every word, e.g. ``"▁"`` as sentencepiece does;
            ``""`` (the default) for none.
        digamma: use sentencepiece's Bayesian M-step, ``log p = digamma(count) -
            digamma(total)``, which favours frequent pieces; the probabilities then no
            longer sum to 1 and the likelihood may drop. Off: the maximum-likelihood M-step.
        top_k: how many rows each step's tables keep on large vocabularies.
        boundary: how many loss rows each pruning step keeps on each side of the cut.
        progress: called as ``progress(done, total)`` with the pieces pruned so far and
            the pieces to prune (seed size minus ``vocab_size``): after the seed, after
            every EM iteration and every pruning round, and once with ``done == total`` at
            the end. An exception it raises stops the training (nothing else is changed).
            (These are the checkpoints where the app stops a training nobody waits for.)

    Returns:
        A :class:`UnigramResult`.

    Raises:
        ParameterError: a bad argument (with the reason), e.g. a vocabulary smaller than
            the number of distinct characters, or a corpus word that already contains the
            ``word_start`` marker (decoding would turn it into a space).
        CorpusError: the corpus text cannot be parsed.

    >>> result = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 10)
    >>> result.steps[0].vocab_size, len(result.pieces)
    (19, 10)
    >>> result.model.encode("hugs"), result.model.encode("bugs")
    (['hug', 's'], ['b', 'u', 'g', 's'])
    >>> seen = []
    >>> _ = learn({"hug": 10, "pug": 5}, 6, progress=lambda done, total: seen.append(done))
    >>> seen  # after the seed, two EM iterations, pruning, two more EM iterations, the end
    [0, 0, 0, 3, 3, 3, 3]
    """
    data = _as_corpus(corpus)
    if seed_size is None and isinstance(vocab_size, int):
        seed_size = max(SEED_FACTOR * vocab_size, SEED_MIN)
    _validate(
        vocab_size,
        seed_size,
        max_piece_length,
        shrinking_factor,
        em_iterations,
        top_k,
        boundary,
        word_start,
        seed_vocab,
    )
    _check_marker(data, word_start)
    words = [word_start + w for w in data.words]
    trainer = _Trainer(words, list(data.counts), digamma, keep_single_chars, top_k, boundary)

    # 1. seed: every character and the most frequent substrings, counted
    history = _History(seed_vocabulary(trainer, seed_vocab, seed_size, max_piece_length))
    _check_room_for_chars(trainer, vocab_size)
    stop = "seed_small" if trainer.size <= vocab_size else "vocab_size"
    ticks = _Progress(progress, trainer, vocab_size)
    round_no = 0
    while True:
        final = trainer.size <= vocab_size
        for iteration in range(1, em_iterations + 1):
            # 2. E-step: expected counts (forward-backward over every word's lattice)
            counts, ll_before = e_step(trainer)
            history.close(ll_before)
            # 3. M-step: new probabilities from the expected counts
            stats, total = m_step(trainer, counts)
            last = final and iteration == em_iterations
            history.add_em(trainer, round_no, iteration, ll_before, stats, total, last)
            ticks.tick()
        if final:
            history.close(log_likelihood(trainer))
            break
        round_no += 1
        # 4. loss: how much the likelihood drops without each piece
        ll, losses, pending = removal_losses(trainer)
        history.close(ll)
        # 5. prune: keep the pieces whose loss is highest
        target = max(vocab_size, int(trainer.size * shrinking_factor))
        step = prune_round(
            trainer, losses, pending, target, shrinking_factor, round_no, history.number, ll
        )
        history.add(step)
        ticks.tick()

    ticks.done()
    pieces = trainer.final_pieces()
    return UnigramResult(
        pieces=pieces,
        steps=history.steps,
        model=Unigram(pieces, word_start=word_start),
        corpus=data,
        seed_pieces=trainer.seed_order,
        vocab_size=vocab_size,
        word_start=word_start,
        stop_reason=stop,
    )


def _check_room_for_chars(trainer: _Trainer, vocab_size: int) -> None:
    """Refuse a vocabulary smaller than the characters that are all kept.

    Example:
        >>> trainer = _Trainer(["hug", "pug"], [10, 5])
        >>> _ = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> _check_room_for_chars(trainer, 3)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        subword_core.errors.ParameterError: The corpus has 4 different characters, ...
    """
    chars = trainer.n_chars
    if trainer.keep_single_chars and vocab_size < chars:
        raise ParameterError(
            f"The corpus has {chars} different characters, and every one of them is kept so "
            f"that any word can still be segmented, so the vocabulary needs at least {chars} "
            f"pieces (you asked for {vocab_size}).",
            code="vocab_below_chars",
            values={"chars": chars, "value": vocab_size},
        )


class _History:
    """Stage 6, record: the steps so far; a step's likelihood *after* comes from the next pass.

    Example:
        >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
        >>> history = _History(seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16))
        >>> counts, ll = e_step(trainer)
        >>> history.close(ll)
        >>> history.add_em(trainer, 0, 1, ll, *m_step(trainer, counts), final=False)
        >>> [type(s).__name__ for s in history.steps], history.number
        (['SeedStep', 'EMStep'], 3)
        >>> round(history.steps[0].log_likelihood, 2), math.isnan(history.steps[1].log_likelihood)
        (-50.08, True)
    """

    def __init__(self, seed: SeedStep) -> None:
        self.steps: list[Step] = [seed]
        self._waiting: list[int] = [0]

    @property
    def number(self) -> int:
        """The number the next step gets (steps count from 1)."""
        return len(self.steps) + 1

    def add(self, step: Step) -> None:
        """Append ``step``; its likelihood after is filled in by the next :meth:`close`."""
        self.steps.append(step)
        self._waiting.append(len(self.steps) - 1)

    def add_em(
        self,
        trainer: _Trainer,
        round_no: int,
        iteration: int,
        ll_before: float,
        stats: tuple[PieceStat, ...],
        total: float,
        final: bool,
    ) -> None:
        """Record one EM iteration (an E-step, then an M-step) as an :class:`EMStep`."""
        self.add(
            EMStep(
                number=self.number,
                round=round_no,
                iteration=iteration,
                vocab_size=trainer.size,
                log_likelihood_before=ll_before,
                log_likelihood=math.nan,
                total_count=total,
                pieces=stats,
                pieces_omitted=trainer.size - len(stats),
                digamma=trainer.digamma,
                final=final,
            )
        )

    def close(self, ll: float) -> None:
        """Fill in the likelihood *after* the steps that were waiting for this pass."""
        steps = self.steps
        for index in self._waiting:
            step = steps[index]
            if isinstance(step, PruneStep):
                steps[index] = replace(step, log_likelihood_after=ll)
            else:
                steps[index] = replace(step, log_likelihood=ll)
        self._waiting.clear()


class _Progress:
    """Calls ``progress(done, total)`` with the pieces pruned so far and the pieces to prune.

    Example:
        >>> trainer = _Trainer(["hug", "pug"], [10, 5])
        >>> _ = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> ticks = _Progress(lambda done, total: print(done, total), trainer, 6)  # seeded
        0 3
        >>> ticks.done()
        3 3
    """

    def __init__(
        self, progress: Callable[[int, int], None] | None, trainer: _Trainer, vocab_size: int
    ) -> None:
        self.progress, self.trainer = progress, trainer
        self.start = trainer.size
        self.total = max(1, trainer.size - vocab_size)
        self.tick()

    def tick(self) -> None:
        """Report the pieces pruned so far (called after every EM iteration and pruning)."""
        if self.progress is not None:
            self.progress(min(self.start - self.trainer.size, self.total), self.total)

    def done(self) -> None:
        """Report the end: every piece to prune is pruned."""
        if self.progress is not None:
            self.progress(self.total, self.total)


def _as_corpus(corpus: Corpus | Mapping[str, int] | str) -> Corpus:
    if isinstance(corpus, Corpus):
        return corpus
    if isinstance(corpus, str):
        return parse_corpus(corpus)
    return Corpus.from_counts(corpus)


def _check_marker(corpus: Corpus, word_start: str) -> None:
    """Refuse a corpus word that already contains the word-start marker.

    Decoding turns every marker into a space, so such a word would not come back as it was,
    and a piece like ``"a▁b"`` would look like two words to the student.
    """
    if not word_start:
        return
    for word in corpus.words:
        if word_start in word:
            raise ParameterError(
                f"The word {word!r} already contains the word-start marker {word_start!r}, "
                "so the marker could no longer tell where words begin (decoding would turn "
                "it into a space). Leave word starts unmarked or remove the marker from the "
                "corpus.",
                code="word_has_start_marker",
                values={"word": repr(word), "marker": repr(word_start)},
            )


def _validate(
    vocab_size: int,
    seed_size: int,
    max_piece_length: int,
    shrinking_factor: float,
    em_iterations: int,
    top_k: int,
    boundary: int,
    word_start: str,
    seed_vocab: Sequence[str] | None,
) -> None:
    for name, value in (
        ("vocab_size", vocab_size),
        ("seed_size", seed_size),
        ("max_piece_length", max_piece_length),
        ("em_iterations", em_iterations),
        ("top_k", top_k),
    ):
        check_positive(name, value)
    if isinstance(boundary, bool) or not isinstance(boundary, int) or boundary < 0:
        raise ParameterError(
            f"boundary must be a whole number of at least 0, not {boundary!r}.",
            code="negative",
            values={"name": "boundary", "value": repr(boundary)},
        )
    if (
        isinstance(shrinking_factor, bool)
        or not isinstance(shrinking_factor, int | float)
        or not 0 < shrinking_factor < 1
    ):
        raise ParameterError(
            "shrinking_factor is the share of the vocabulary each round keeps: a number "
            f"between 0 and 1 (both excluded), not {shrinking_factor!r}.",
            code="bad_shrinking",
            values={"value": repr(shrinking_factor)},
        )
    if not isinstance(word_start, str) or any(ch.isspace() for ch in word_start):
        raise ParameterError(
            "The word-start marker must be text without spaces.", code="marker_space"
        )
    if seed_vocab is not None:
        if isinstance(seed_vocab, str):
            raise ParameterError(
                "seed_vocab must be a list of pieces, not one string.",
                code="seed_not_list",
                values={"type": "str"},
            )
        if not isinstance(seed_vocab, Iterable):
            raise ParameterError(
                f"seed_vocab must be a list of pieces, not {type(seed_vocab).__name__}.",
                code="seed_not_list",
                values={"type": type(seed_vocab).__name__},
            )
        seen: set[str] = set()
        for piece in seed_vocab:
            if not isinstance(piece, str) or not piece or any(c.isspace() for c in piece):
                raise ParameterError(
                    f"Every seed piece must be non-empty text without spaces, not {piece!r}.",
                    code="seed_piece_bad",
                    values={"piece": _short(repr(piece))},
                )
            if piece in seen:
                raise ParameterError(
                    f"The seed piece {piece!r} is listed twice.",
                    code="seed_piece_repeated",
                    values={"piece": repr(piece)},
                )
            seen.add(piece)
        if not seen:
            raise ParameterError(
                "The seed vocabulary is empty: list at least one piece.", code="seed_empty"
            )
