"""Unigram, the trace: the constants and the frozen records each training stage leaves.

:class:`SeedStep` (stage 1, :mod:`.seed`), :class:`EMStep` (stages 2 and 3, :mod:`.em`),
:class:`PruneStep` with its :class:`PieceLoss` rows (stages 4 and 5, :mod:`.loss` and
:mod:`.prune`); :class:`PieceStat` is one row of a seed or EM table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SEED_FACTOR = 5


SEED_MIN = 1000
"""By default the automatic seed keeps ``max(SEED_FACTOR * vocab_size, SEED_MIN)`` substrings."""


UNK_PENALTY = 10.0
"""An unknown character scores this much below the lowest piece score (sentencepiece's value)."""


SENTENCEPIECE_SPECIALS: tuple[str, ...] = ("<unk>", "<s>", "</s>", "<pad>")
"""Control pieces at the top of a sentencepiece ``.vocab`` file; they never match text."""


NBEST_MAX = 512
""":meth:`Unigram.nbest` returns at most this many segmentations: sentencepiece (0.2) refuses
a larger n-best size (its ``kMaxNBestSize``)."""


MAX_ENUMERATED = 10_000
""":meth:`Unigram.segmentations` refuses words with more segmentations than this by default."""


# --------------------------------------------------------------------------------------
# The trace: plain, frozen data
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PieceStat:
    """One piece in a seed or EM step: its (expected) count and its log-probability.

    Attributes:
        piece: the piece.
        count: in the seed step, how often the piece occurs as a substring of the corpus
            words (weighted by word counts); in an EM step, its expected count (E-step).
        log_prob: the natural log of its probability after the step.
        prev_log_prob: the log-probability before the step (``None`` in the seed step).

    >>> stat = PieceStat("ug", 20, math.log(20 / 210))
    >>> round(stat.prob, 4)
    0.0952
    """

    piece: str
    count: float
    log_prob: float
    prev_log_prob: float | None = None

    @property
    def prob(self) -> float:
        """The probability, ``exp(log_prob)``."""
        return math.exp(self.log_prob)


@dataclass(frozen=True)
class SeedStep:
    """The first step: the seed vocabulary and its starting probabilities (count / total).

    Attributes:
        number: always 1.
        source: ``"substrings"`` (every character plus the most frequent substrings) or
            ``"given"`` (the list passed as ``seed_vocab``).
        pieces: the seed pieces with their counts (all of them on small corpora; the
            ``top_k`` most frequent otherwise). Given pieces keep the given order.
        vocab_size: how many pieces the seed has.
        pieces_omitted: how many of them ``pieces`` leaves out.
        characters: how many of them are single characters.
        total_count: the sum of all the pieces' counts (the denominator: 210 in seed 001).
        substrings_seen: how many distinct substrings of length 2..max_piece_length the
            words have (``"substrings"`` only; 0 otherwise).
        min_count: the lowest count among the multi-character seed pieces.
        added_characters: characters missing from a given list, added so every word can
            be segmented.
        absent: given pieces that never occur in the corpus (dropped: count 0).
        log_likelihood: the corpus log-likelihood with the starting probabilities.

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5}, 5).steps[0]
    >>> step.total_count, step.pieces[1].piece, step.pieces[1].count
    (90, 'u', 15.0)
    """

    number: int
    source: str
    pieces: tuple[PieceStat, ...]
    vocab_size: int
    pieces_omitted: int
    characters: int
    total_count: float
    substrings_seen: int
    min_count: float
    added_characters: tuple[str, ...]
    absent: tuple[str, ...]
    log_likelihood: float

    kind = "seed"


@dataclass(frozen=True)
class EMStep:
    """One EM iteration: expected counts (E-step), new probabilities (M-step).

    Attributes:
        number: 1-based step number in the trace.
        round: 0 before any pruning, then the number of prunings so far.
        iteration: 1..em_iterations inside the round.
        vocab_size: how many pieces the vocabulary has.
        log_likelihood_before: corpus log-likelihood with the probabilities before.
        log_likelihood: corpus log-likelihood with the new probabilities.
        total_count: the sum of all expected counts (the expected number of pieces in the
            segmented corpus), the M-step's denominator.
        pieces: the most probable pieces after the step, best first (all of them on small
            vocabularies, ``top_k`` otherwise).
        pieces_omitted: how many pieces ``pieces`` leaves out.
        digamma: whether the M-step used sentencepiece's digamma variant.
        final: the last step of training (the vocabulary has ``vocab_size`` pieces).

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5}, 5).steps[1]
    >>> step.iteration, step.log_likelihood >= step.log_likelihood_before
    (1, True)
    """

    number: int
    round: int
    iteration: int
    vocab_size: int
    log_likelihood_before: float
    log_likelihood: float
    total_count: float
    pieces: tuple[PieceStat, ...]
    pieces_omitted: int
    digamma: bool
    final: bool

    kind = "em"

    @property
    def gain(self) -> float:
        """How much the log-likelihood rose in this iteration."""
        return self.log_likelihood - self.log_likelihood_before


@dataclass(frozen=True)
class PieceLoss:
    """One candidate for removal in a pruning round.

    Attributes:
        rank: 1-based rank by loss (highest loss first) among the removable pieces.
        piece: the piece.
        loss: how much the corpus log-likelihood drops without the piece (>= 0).
        log_prob: the piece's log-probability when the loss was computed.
        count: its expected count.
        kept: whether it survives this round.

    >>> PieceLoss(1, "hug", 12.5, -2.6, 15.0, True).kept
    True
    """

    rank: int
    piece: str
    loss: float
    log_prob: float
    count: float
    kept: bool


@dataclass(frozen=True)
class PruneStep:
    """One pruning round: every removable piece's loss, the cut line, what went.

    Attributes:
        number: 1-based step number in the trace.
        round: 1 for the first pruning, 2 for the second, ...
        vocab_before: vocabulary size before the round.
        vocab_after: vocabulary size after it (the target).
        shrink_target: ``floor(vocab_before * shrinking_factor)``; ``vocab_after`` is the
            larger of this and ``vocab_size``.
        required: pieces kept without a ranking (single characters).
        candidates: how many pieces were ranked by loss.
        kept_candidates: how many of the ranked pieces were kept (the cut is after this rank).
        losses: rows of the loss table, by rank: the ``top_k`` highest losses and the
            ``boundary`` rows on each side of the cut (all rows on small vocabularies).
        losses_omitted: how many ranked pieces ``losses`` leaves out.
        removed: every removed piece: first those listed in ``losses`` (highest loss
            first), then the others in seed order.
        log_likelihood_before: the corpus log-likelihood before the round.
        log_likelihood_after: the corpus log-likelihood right after it (kept pieces'
            probabilities renormalised), where the next EM iteration starts.

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5, "pun": 12}, 7).steps[3]
    >>> step.kind, step.vocab_before, step.vocab_after, len(step.removed)
    ('prune', 12, 9, 3)
    """

    number: int
    round: int
    vocab_before: int
    vocab_after: int
    shrink_target: int
    required: int
    candidates: int
    kept_candidates: int
    losses: tuple[PieceLoss, ...]
    losses_omitted: int
    removed: tuple[str, ...]
    log_likelihood_before: float
    log_likelihood_after: float

    kind = "prune"

    @property
    def cut_loss(self) -> tuple[float | None, float | None]:
        """``(loss of the last kept piece, loss of the first removed one)``."""
        kept = [r.loss for r in self.losses if r.rank == self.kept_candidates]
        gone = [r.loss for r in self.losses if r.rank == self.kept_candidates + 1]
        return (kept[0] if kept else None, gone[0] if gone else None)


Step = SeedStep | EMStep | PruneStep


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
