"""The unigram language model (Kudo 2018): a big seed vocabulary, EM, and pruning by loss.

BPE and WordPiece *grow* a vocabulary one merge at a time. The unigram LM goes the other way:

1. start from a big **seed vocabulary**: every character plus the most frequent substrings of
   the corpus words (counts weighted by how often each word occurs), or a list you give, such
   as seed 001's fifteen tokens for hug / pug / pun / bun / hugs;
2. give every piece a probability. A segmentation of a word has the probability of the
   product of its pieces' probabilities (each piece is assumed independent: a *unigram*
   model), and a word has the sum over all of its segmentations;
3. **EM** re-estimates the probabilities: the E-step weighs every segmentation of every word
   by its probability (forward-backward over the word's *lattice*, the graph of all pieces
   that fit at each position) and adds up each piece's *expected count*; the M-step divides
   each expected count by their sum. The corpus log-likelihood never goes down;
4. **prune**: a piece's *removal loss* is how much the corpus log-likelihood would drop if the
   piece were removed and the words that used it were re-segmented with the pieces left. The
   pieces with the highest losses (a share ``shrinking_factor`` of the vocabulary, at least
   ``vocab_size``) are kept; single characters are always kept, so every word can still be
   segmented. Then EM runs again, until ``vocab_size`` pieces are left.

Encoding a word picks its most probable segmentation with the Viterbi algorithm; the n best
ones, all of them (for short words) and random ones (*subword regularization*: forward
filtering, backward sampling, each segmentation drawn with probability proportional to
``P(segmentation) ** alpha``) are available too. Seed 000 describes these; seed 001 computes
P(pu, g) = 17/210 x 20/210 on its fifteen-token vocabulary.

**Word boundaries.** Training works on a corpus of words with counts, and a word is segmented
on its own: by default no marker is added (as in seed 001). Sentencepiece instead treats a
space as the character ``"▁"`` and puts it in front of every word, so its pieces carry a
word-start marker (``"▁the"``). ``learn(..., word_start="▁")`` does the same to every word,
and a model read from a sentencepiece ``.vocab`` file segments ``"▁" + word``;
:meth:`Unigram.tokenize` adds the model's ``word_start`` for you, :meth:`Unigram.encode`
segments exactly the string it is given.

**Unknown characters.** A position where no single-character piece fits gets a one-character
*unknown* node with the score ``min(score) - 10``, as sentencepiece does, so every word can be
segmented. (Sentencepiece then glues neighbouring unknown characters into one token; here each
stays a token of its own, flagged in the lattice.)

**Ties.** Of two segmentations with exactly the same score, Viterbi keeps the one whose last
piece is longer (then the same rule for the rest), as sentencepiece does: seed 001's "pug" is
p + ug, tied with the seed's pu + g. The n best come in sentencepiece's order too: its A*
search in float32, whose ties come out in the order its binary heap returns them (see
:meth:`Unigram.nbest`); :meth:`Unigram.segmentations` sorts ties by the Viterbi rule instead.

**What differs from sentencepiece's trainer** (its scores and decoding are reproduced
exactly, see the oracle tests): the removal loss here is the exact drop of the summed
(marginal) likelihood, the other pieces keeping their probabilities, where sentencepiece
approximates it from Viterbi segmentations and drops every piece no Viterbi segmentation
uses; the M-step is maximum likelihood unless ``digamma=True``; pruning stops at exactly
``vocab_size`` pieces; the seed comes from word counts, not from a suffix array.

**Long words** (running text without spaces: Chinese, a URL, DNA) cost time linear in their
length for a fixed maximum piece length: the seed counts substrings of at most
``max_piece_length`` characters, one length at a time (so memory holds one length's
substrings); a word too improbable for plain floats gets forward and backward sums
rescaled whenever they fall below ``1e-100`` (one log and one exp per position, none per
node); a piece's loss
needs one pass over the nodes, except for a piece that fits several times in a word, whose
exact loss is recomputed only where it is needed for the ranking, and only between its first
and last node. In a word longer than 64 characters, its nodes are taken in groups, a new
group starting where the next node lies more than 64 characters after the previous one, and
the groups count as independent: the loss is the sum of the groups' exact losses. (A
segmentation forgets what happened 64 characters earlier: on a 3000-character Chinese
paragraph the losses agree with the whole-word ones to 1e-24.) Words of up to 64 characters
are never grouped, so their losses are exact. A group of one node needs no second pass;
a group whose removal leaves less than ``1e-200`` of P(word) is redone in log space, on
the group's window only.

**The trace stays small**: each EM step keeps its ``top_k`` most probable pieces, each pruning
round its ``top_k`` highest losses and ``boundary`` rows on each side of the cut, with counts
of what was left out; the removed pieces of all rounds add up to at most the seed.

How it differs from its siblings: BPE and WordPiece segment a new word deterministically by
their merges or by longest match, while the unigram LM has a probability for *every*
segmentation, which is what makes n-best decoding and sampling possible.

>>> result = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9)
>>> len(result.pieces), result.model.encode("hugs")
(9, ['hug', 's'])
>>> model = Unigram([("a", -1.0), ("b", -2.0), ("ab", -2.5)])
>>> model.encode("ab"), [s.pieces for s in model.nbest("ab", 2)]
(['ab'], [('ab',), ('a', 'b')])
"""

from __future__ import annotations

import heapq
import math
import random
import struct
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from subword_core.corpus import Corpus, parse_corpus
from subword_core.errors import ParameterError, check_option
from subword_core.normalize import NORMALIZATIONS, normalize_chars, sentencepiece_text

__all__ = [
    "NBEST_MAX",
    "SEED_FACTOR",
    "SEED_MIN",
    "SENTENCEPIECE_SPECIALS",
    "UNK_PENALTY",
    "EMStep",
    "Lattice",
    "LatticeNode",
    "PieceLoss",
    "PieceStat",
    "PruneStep",
    "SeedStep",
    "Segmentation",
    "Unigram",
    "UnigramResult",
    "em_iterations_within",
    "lattice_edges",
    "learn",
    "length_penalised_score",
    "read_vocab",
]

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

_TINY = 1e-200  # below this a word's probability is recomputed with scaled sums (_LongWord)
_RESCALE = 1e-100  # a long word's scaled sums are brought back to 1 below this
_LOSS_WINDOW = 64  # a piece's nodes this far apart in a word count as independent (losses)
_NEAR_ONE = 1.0 - 1e-7  # a node this certain: compute the loss exactly, not as log(1 - p)
_INF_LOSS = 1e300  # a piece no word can do without (only when characters may be pruned)
_DIGAMMA_FLOOR = 0.5  # sentencepiece's kExpectedFrequencyThreshold
_COUNT_FLOOR = 1e-10  # the M-step never gives a piece a probability of exactly 0


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


# --------------------------------------------------------------------------------------
# The model: pieces with log-probabilities
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LatticeNode:
    """A piece that fits at one place in a word: one node (an arc) of the lattice.

    Attributes:
        index: position in :attr:`Lattice.nodes`.
        start: first character (0-based).
        end: one past the last character.
        piece: the piece (for an unknown node, the character itself).
        score: the piece's log-probability (unknown: the lowest score minus the penalty).
        unknown: True for an unknown character.
        best_prefix: Viterbi score of the best segmentation of ``word[:start]``.
        forward: log of the summed probability of all segmentations of ``word[:start]``.
        backward: log of the summed probability of all segmentations of ``word[end:]``.
        posterior: the probability that a segmentation of the word uses this node.
        on_best_path: whether the Viterbi segmentation uses it.

    >>> node = Unigram([("a", -1.0)]).lattice("aa").nodes[1]
    >>> node.start, node.end, node.best_prefix
    (1, 2, -1.0)
    """

    index: int
    start: int
    end: int
    piece: str
    score: float
    unknown: bool
    best_prefix: float
    forward: float
    backward: float
    posterior: float
    on_best_path: bool


@dataclass(frozen=True)
class Lattice:
    """Every piece that fits anywhere in a word, with Viterbi and forward-backward scores.

    Attributes:
        word: the word.
        nodes: the nodes, by start position, then by length.
        best_path: indices of the Viterbi segmentation's nodes, left to right.
        best_score: its log-probability.
        log_z: the log of the word's probability: the sum over all segmentations.
        best_prefix: per position ``0..len(word)``, the best log-probability of the prefix.
        forward: per position, the log of the summed probability of the prefix.
        backward: per position, the log of the summed probability of the suffix.

    >>> lat = Unigram([("a", -1.0), ("aa", -1.5)]).lattice("aa")
    >>> [lat.nodes[i].piece for i in lat.best_path], round(math.exp(lat.log_z), 4)
    (['aa'], 0.3585)
    """

    word: str
    nodes: tuple[LatticeNode, ...]
    best_path: tuple[int, ...]
    best_score: float
    log_z: float
    best_prefix: tuple[float, ...]
    forward: tuple[float, ...]
    backward: tuple[float, ...]

    @property
    def best_pieces(self) -> list[str]:
        """The Viterbi segmentation as pieces."""
        return [self.nodes[i].piece for i in self.best_path]


@dataclass(frozen=True)
class Segmentation:
    """One way to split a word, with its probability.

    Attributes:
        pieces: the pieces, left to right.
        log_prob: ``log P(segmentation)``, the sum of the pieces' scores.
        share: ``P(segmentation | word)``: its probability divided by the sum over all
            segmentations (each probability raised to ``alpha`` first, when one was given).
        unknown: positions (indices into ``pieces``) that are unknown characters.

    >>> seg = Segmentation(("pu", "g"), math.log(17 / 210 * 20 / 210), 0.5)
    >>> round(seg.prob, 5), seg.length, round(seg.penalised(1.0), 3)
    (0.00771, 2, -2.433)
    """

    pieces: tuple[str, ...]
    log_prob: float
    share: float
    unknown: tuple[int, ...] = ()

    @property
    def prob(self) -> float:
        """``P(segmentation)``: the product of the pieces' probabilities."""
        return math.exp(self.log_prob)

    @property
    def length(self) -> int:
        """How many pieces, ``|y|``."""
        return len(self.pieces)

    def penalised(self, lam: float) -> float:
        """Seed 000's length-penalised score ``log P / |y| ** lam`` (see the function)."""
        return length_penalised_score(self.log_prob, self.length, lam)


def length_penalised_score(log_prob: float, length: int, lam: float) -> float:
    """Seed 000's n-best score: ``log P(y) / |y| ** lam``.

    ``log P`` is negative, so dividing it by a larger ``|y| ** lam`` brings it closer to 0:
    with ``lam > 0`` a segmentation with more pieces is penalised less for its lower
    probability. ``lam = 0`` ranks by ``log P`` alone.

    Args:
        log_prob: the segmentation's log-probability.
        length: its number of pieces (>= 1).
        lam: the length exponent (>= 0).

    Raises:
        ParameterError: ``length < 1`` or ``lam < 0``.

    >>> length_penalised_score(-6.0, 3, 0.0), length_penalised_score(-6.0, 3, 1.0)
    (-6.0, -2.0)
    """
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise ParameterError(
            f"A segmentation has at least one piece, not {length!r}.",
            code="not_positive",
            values={"name": "length", "value": repr(length)},
        )
    if not (isinstance(lam, int | float) and math.isfinite(lam)) or lam < 0:
        raise ParameterError(
            f"lambda must be a number of at least 0, not {lam!r}.",
            code="negative",
            values={"name": "lambda", "value": repr(lam)},
        )
    try:
        # subtle: float, not int: 3 ** (2 ** 70) as an int would never finish
        return log_prob / float(length) ** lam
    except OverflowError:  # |y| ** lam beyond any float: the score is 0 in the limit
        return log_prob * 0.0


@dataclass(frozen=True)
class Unigram:
    """A unigram model: pieces with log-probabilities (scores), and what you can do with it.

    Args:
        pieces: ``(piece, log_prob)`` pairs, e.g. ``result.pieces`` or pairs read from a
            sentencepiece ``.vocab`` file (:meth:`from_vocab_text`). Scores may be any
            finite numbers; for a trained model they are natural logs of probabilities.
        unk_penalty: an unknown character scores the lowest piece score minus this.
        word_start: the word-start marker :meth:`tokenize` puts in front of each word
            (``""`` for none, ``"▁"`` for sentencepiece models).
        normalization: how :meth:`tokenize` rewrites text first: ``"none"``, ``"nfkc"`` or
            ``"nmt_nfkc"`` (sentencepiece's rules, :mod:`subword_core.normalize`).

    Raises:
        ParameterError: an empty piece, a duplicate, a score that is not a finite number,
            or no pieces at all.

    >>> model = Unigram([("h", -3.0), ("u", -2.0), ("g", -2.5), ("hug", -3.5)])
    >>> model.encode("hugh")
    ['hug', 'h']
    >>> model.encode("hut")  # 't' is unknown: one node scored -3.5 - 10
    ['h', 'u', 't']
    """

    pieces: tuple[tuple[str, float], ...]
    unk_penalty: float = UNK_PENALTY
    word_start: str = ""
    normalization: str = "none"
    scores: dict[str, float] = field(init=False, repr=False, compare=False, hash=False)
    max_length: int = field(init=False, repr=False, compare=False, hash=False)
    unk_score: float = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        pairs = tuple((p, s) for p, s in _check_pieces(self.pieces))
        if not (isinstance(self.unk_penalty, int | float) and math.isfinite(self.unk_penalty)):
            raise ParameterError(
                f"unk_penalty must be a finite number, not {self.unk_penalty!r}.",
                code="not_finite",
                values={"name": "unk_penalty", "value": repr(self.unk_penalty)},
            )
        check_option(
            "normalization",
            self.normalization,
            NORMALIZATIONS,
            f"Unknown normalization {self.normalization!r}: choose one of "
            f"{', '.join(NORMALIZATIONS)}.",
        )
        object.__setattr__(self, "pieces", pairs)
        object.__setattr__(self, "scores", dict(pairs))
        object.__setattr__(self, "max_length", max(len(p) for p, _ in pairs))
        object.__setattr__(self, "unk_score", min(s for _, s in pairs) - self.unk_penalty)

    # --- reading and writing sentencepiece .vocab text ---------------------------------

    @classmethod
    def from_vocab_text(
        cls,
        text: str,
        *,
        skip: Iterable[str] = SENTENCEPIECE_SPECIALS,
        unk_penalty: float = UNK_PENALTY,
        word_start: str = "▁",
        normalization: str = "none",
    ) -> Unigram:
        """Build a model from sentencepiece ``.vocab`` text: one ``piece<TAB>score`` per line.

        See :func:`read_vocab` for the format and the errors. A ``.vocab`` file holds only
        the pieces and their scores, not the normaliser (that lives in the binary
        ``.model``), so ``normalization`` says which one :meth:`tokenize` applies:
        ``"none"`` (the default, as before), ``"nfkc"`` or ``"nmt_nfkc"`` (sentencepiece's
        default when it trained the file).

        Raises:
            ParameterError: as :func:`read_vocab`, or an unknown ``normalization``.

        >>> Unigram.from_vocab_text("<unk>\\t0\\n▁a\\t-1.5\\nb\\t-2").pieces
        (('▁a', -1.5), ('b', -2.0))
        >>> Unigram.from_vocab_text("▁a\\t-1", normalization="nmt_nfkc").tokenize("ａ")
        ['▁a']
        """
        return cls(
            read_vocab(text, skip=skip),
            unk_penalty=unk_penalty,
            word_start=word_start,
            normalization=normalization,
        )

    @classmethod
    def from_vocab_file(cls, path: str | Path, **kwargs: object) -> Unigram:
        """Read a sentencepiece ``.vocab`` file (UTF-8); options as :meth:`from_vocab_text`.

        Raises:
            OSError: the file cannot be read.
            ParameterError: the file is not UTF-8, or as :func:`read_vocab`.

        >>> Unigram.from_vocab_file("m.vocab")  # doctest: +SKIP
        """
        data = Path(path).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ParameterError(
                f"{Path(path).name} is not UTF-8 text (byte {data[err.start]:02x} at offset "
                f"{err.start}); a sentencepiece .vocab file is UTF-8.",
                code="vocab_not_utf8",
                values={
                    "file": Path(path).name,
                    "byte": f"{data[err.start]:02x}",
                    "offset": err.start,
                },
            ) from None
        return cls.from_vocab_text(text, **kwargs)  # type: ignore[arg-type]

    def to_vocab_text(self) -> str:
        """Write the pieces as ``.vocab`` text (``piece<TAB>score`` lines, best first).

        Only the pieces and scores: a ``.vocab`` file has no place for the normaliser
        (``normalization``), the word-start marker or the unknown penalty (sentencepiece
        keeps them in the binary ``.model``). Whoever reads the file back says which
        normalisation to use (:meth:`from_vocab_text`'s ``normalization``); a
        ``tokenizer.json`` (:mod:`subword_core.tokenizer_json`) keeps all three.

        Raises:
            ParameterError: a piece holds a line break (``\\n``, ``\\r``, ``\\x1c``,
                ``\\u2028`` ...), which one line of a ``.vocab`` file cannot hold; a
                learned model never has one (its pieces come from words without whitespace).

        >>> Unigram([("b", -2.0), ("a", -1.0)]).to_vocab_text().splitlines()
        ['a\\t-1.0', 'b\\t-2.0']
        """
        for piece, _ in self.pieces:
            # subtle: read_vocab splits on every str.splitlines boundary, not only a newline
            if piece.splitlines() != [piece]:
                raise ParameterError(
                    f"The piece {piece!r} holds a line break, so it cannot be written as one "
                    "line of a .vocab file.",
                    code="piece_line_break",
                    values={"piece": repr(piece)},
                )
        ranked = sorted(self.pieces, key=lambda ps: -ps[1])
        return "\n".join(f"{p}\t{s!r}" for p, s in ranked)

    # --- the lattice ----------------------------------------------------------------------

    def __contains__(self, piece: object) -> bool:
        return piece in self.scores

    def __len__(self) -> int:
        return len(self.pieces)

    def _edges(self, word: str) -> list[tuple[int, int, str, float, bool]]:
        """``(start, end, piece, score, unknown)`` for every node, by start then length."""
        scores, top = self.scores, self.max_length
        n = len(word)
        edges: list[tuple[int, int, str, float, bool]] = []
        for i in range(n):
            # subtle: sentencepiece adds an unknown node where no *single-character* piece
            # fits, even if longer pieces start there; we do the same.
            ch = word[i]
            if ch in scores:
                edges.append((i, i + 1, ch, scores[ch], False))
            else:
                edges.append((i, i + 1, ch, self.unk_score, True))
            for j in range(i + 2, min(n, i + top) + 1):
                piece = word[i:j]
                score = scores.get(piece)
                if score is not None:
                    edges.append((i, j, piece, score, False))
        return edges

    def lattice(self, word: str) -> Lattice:
        """Every node of ``word``'s lattice with Viterbi and forward/backward scores.

        >>> lat = Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("ug", -2.4),
        ...                ("pu", -2.5)]).lattice("pug")
        >>> [(n.piece, n.start, n.end) for n in lat.nodes]
        [('p', 0, 1), ('pu', 0, 2), ('u', 1, 2), ('ug', 1, 3), ('g', 2, 3)]
        >>> lat.best_pieces  # a tie with pu + g: the longer last piece wins
        ['p', 'ug']
        """
        edges = self._edges(word)
        n = len(word)
        best, back = _viterbi(edges, n)
        fwd = _log_forward(edges, n)
        bwd = _log_backward(edges, n)
        log_z = fwd[n]
        path: list[int] = []
        j = n
        while j > 0:
            path.append(back[j])
            j = edges[back[j]][0]
        path.reverse()
        on_path = set(path)
        nodes = tuple(
            LatticeNode(
                index=k,
                start=i,
                end=j,
                piece=piece,
                score=score,
                unknown=unk,
                best_prefix=best[i],
                forward=fwd[i],
                backward=bwd[j],
                posterior=math.exp(fwd[i] + score + bwd[j] - log_z),
                on_best_path=k in on_path,
            )
            for k, (i, j, piece, score, unk) in enumerate(edges)
        )
        return Lattice(
            word=word,
            nodes=nodes,
            best_path=tuple(path),
            best_score=best[n],
            log_z=log_z,
            best_prefix=tuple(best),
            forward=tuple(fwd),
            backward=tuple(bwd),
        )

    # --- decoding ------------------------------------------------------------------------

    def encode(self, word: str) -> list[str]:
        """The most probable segmentation (Viterbi).

        Ties: of two segmentations with exactly the same score, the one whose last piece
        is longer wins (then the same rule for the rest), as in sentencepiece.

        >>> Unigram([("l", -3.0), ("o", -3.0), ("w", -3.0), ("lo", -4.0)]).encode("low")
        ['lo', 'w']
        """
        edges = self._edges(word)
        _, back = _viterbi(edges, len(word))
        out: list[str] = []
        j = len(word)
        while j > 0:
            i, _, piece, _, _ = edges[back[j]]
            out.append(piece)
            j = i
        out.reverse()
        return out

    def score(self, pieces: Sequence[str]) -> float:
        """The log-probability of a given segmentation: the sum of its pieces' scores.

        A piece that is not in the vocabulary must be a single (unknown) character.

        Raises:
            ParameterError: a piece of two or more characters that is not in the vocabulary.

        >>> Unigram([("a", -1.0), ("b", -2.0)]).score(["a", "b", "a"])
        -4.0
        """
        total = 0.0
        for piece in pieces:
            s = self.scores.get(piece)
            if s is None:
                if len(piece) != 1:
                    raise ParameterError(
                        f"{piece!r} is not a piece of this vocabulary.",
                        code="not_a_piece",
                        values={"piece": repr(piece)},
                    )
                s = self.unk_score
            total += s
        return total

    def word_log_prob(self, word: str, alpha: float = 1.0) -> float:
        """``log P(word)``: the log of the summed probability of all its segmentations.

        With ``alpha``, every segmentation's probability is raised to ``alpha`` first.

        >>> round(math.exp(Unigram([("a", -1.0), ("aa", -1.5)]).word_log_prob("aa")), 4)
        0.3585
        """
        return _log_forward(self._edges(word), len(word), alpha)[len(word)]

    def count_segmentations(self, word: str) -> int:
        """How many segmentations ``word`` has with this vocabulary (exact).

        >>> Unigram([("a", -1.0), ("aa", -1.0)]).count_segmentations("aaaa")
        5
        """
        ways = [0] * (len(word) + 1)
        ways[0] = 1
        for i, j, *_ in self._edges(word):
            ways[j] += ways[i]
        return ways[len(word)]

    def segmentations(
        self, word: str, *, alpha: float = 1.0, limit: int = MAX_ENUMERATED
    ) -> list[Segmentation]:
        """All segmentations of a short word, most probable first.

        Args:
            word: the word.
            alpha: raise each probability to this power before computing ``share``
                (the distribution :meth:`sample` draws from); ``1`` for the model itself.
            limit: refuse words with more segmentations than this.

        Raises:
            ParameterError: more than ``limit`` segmentations, or ``alpha <= 0``.

        >>> model = Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("pu", -2.5)])
        >>> [(s.pieces, round(s.share, 3)) for s in model.segmentations("pug")]
        [(('pu', 'g'), 0.858), (('p', 'u', 'g'), 0.142)]
        """
        _check_alpha(alpha)
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ParameterError(
                f"limit must be a whole number of at least 1, not {limit!r}.",
                code="not_positive",
                values={"name": "limit", "value": repr(limit)},
            )
        total = self.count_segmentations(word)
        if total > limit:
            raise ParameterError(
                f"“{_short(word)}” can be split in {total:,} different ways with this "
                f"vocabulary; listing them is limited to {limit:,}. Use the n best "
                "segmentations instead, or a shorter word.",
                code="too_many_segmentations",
                values={"word": _short(word), "total": total, "limit": limit},
            )
        edges = self._edges(word)
        n = len(word)
        by_start: list[list[int]] = [[] for _ in range(n + 1)]
        for k, edge in enumerate(edges):
            by_start[edge[0]].append(k)
        found: list[tuple[float, tuple[int, ...]]] = []
        # depth first with an explicit stack (a word may be long yet have few segmentations)
        stack: list[tuple[int, float, tuple[int, ...]]] = [(0, 0.0, ())]
        while stack:
            pos, score, path = stack.pop()
            if pos == n:
                found.append((score, path))
                continue
            for k in by_start[pos]:
                stack.append((edges[k][1], score + edges[k][3], (*path, k)))
        log_z = _log_sum([alpha * s for s, _ in found]) if found else 0.0
        found.sort(key=lambda sp: (-sp[0], _tie_key(edges, sp[1])))
        return [_segmentation(edges, path, s, math.exp(alpha * s - log_z)) for s, path in found]

    def nbest(self, word: str, k: int) -> list[Segmentation]:
        """The ``k`` most probable segmentations, best first (fewer if there are fewer).

        The order is sentencepiece's (``NBestEncodeAsPieces``), ties included:
        ``k = 1`` is :meth:`encode`'s segmentation; for ``k >= 2`` an A* search walks back
        from the end of the word, each partial path ranked by the score of its pieces so
        far plus the best score of the rest (Viterbi's prefix scores), added in float32
        as sentencepiece stores and adds scores. Partial paths wait in a binary max-heap
        with the sift-up and sift-down rules of the GNU C++ library
        (``std::priority_queue``), so among segmentations whose float32 scores are equal
        the order is the one in which that heap returns them: no simple rule such as
        "longer last piece first" describes it. Like sentencepiece, the heap is cut to
        its ``min(512, 10 k)`` best entries whenever it reaches 10,000.

        At most :data:`NBEST_MAX` (512) segmentations come back: sentencepiece refuses a
        larger ``k`` with an error; here a larger ``k`` gives the 512 best (the same list
        sentencepiece gives for 512).

        Raises:
            ParameterError: ``k < 1``.

        >>> model = Unigram([("a", -1.0), ("b", -2.0), ("ab", -2.5)])
        >>> [(s.pieces, s.log_prob) for s in model.nbest("ab", 5)]
        [(('ab',), -2.5), (('a', 'b'), -3.0)]
        """
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ParameterError(
                f"k (how many segmentations) must be at least 1, not {k!r}.",
                code="not_positive",
                values={"name": "k", "value": repr(k)},
            )
        k = min(k, NBEST_MAX)
        edges = self._edges(word)
        n = len(word)
        if k == 1:
            _, back = _viterbi(edges, n)
            paths = [_backtrack(edges, back, n)]
        else:
            # subtle: sentencepiece's unknown score is float32(min score) - 10, in float32
            low = _f32(min(s for _, s in self.pieces))
            paths = _astar_nbest(edges, n, k, _f32(low - _f32(self.unk_penalty)))
        log_z = _log_forward(edges, n)[n]
        out = []
        for path in paths:
            score = 0.0
            for idx in path:
                score += edges[idx][3]
            out.append(_segmentation(edges, tuple(path), score, math.exp(score - log_z)))
        return out

    # --- sampling (subword regularization) -------------------------------------------

    def sample(self, word: str, alpha: float, rng: random.Random) -> list[str]:
        """Draw one segmentation with probability proportional to ``P(segmentation) ** alpha``.

        Forward filtering, backward sampling (sentencepiece's ``nbest_size = -1``): sum the
        prefix probabilities left to right, then pick the pieces right to left, each with
        its share of the prefix sum. Small ``alpha`` flattens the distribution (more
        variety), large ``alpha`` sharpens it towards the Viterbi segmentation.

        Args:
            word: the word.
            alpha: the smoothing exponent (> 0).
            rng: the source of randomness (pass ``random.Random(seed)`` to replay a run).

        Raises:
            ParameterError: ``alpha <= 0`` or ``rng`` is not a ``random.Random``.

        >>> Unigram([("a", -1.0), ("b", -1.0)]).sample("ab", 1.0, random.Random(0))
        ['a', 'b']
        """
        return self.sample_many(word, alpha, rng, 1)[0]

    def sample_many(self, word: str, alpha: float, rng: random.Random, n: int) -> list[list[str]]:
        """Draw ``n`` segmentations as :meth:`sample` does (the forward pass runs once).

        >>> model = Unigram([("a", -1.0), ("aa", -1.0)])
        >>> len(model.sample_many("aaa", 0.5, random.Random(1), 4))
        4
        """
        _check_alpha(alpha)
        if not isinstance(rng, random.Random):
            raise ParameterError(
                "rng must be a random.Random (e.g. random.Random(42)), so that a run can be "
                "replayed.",
                code="needs_rng",
            )
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ParameterError(
                f"The number of samples must be at least 1, not {n!r}.",
                code="not_positive",
                values={"name": "n", "value": repr(n)},
            )
        edges = self._edges(word)
        length = len(word)
        fwd = _log_forward(edges, length, alpha)
        incoming: list[list[tuple[int, float, str]]] = [[] for _ in range(length + 1)]
        for i, j, piece, score, _ in edges:
            incoming[j].append((i, alpha * score, piece))
        # the choice at position j depends only on j: precompute cumulative weights once
        tables: dict[int, tuple[list[float], list[tuple[int, str]]]] = {}
        draws: list[list[str]] = []
        for _ in range(n):
            out: list[str] = []
            j = length
            while j > 0:
                table = tables.get(j)
                if table is None:
                    cum: list[float] = []
                    acc = 0.0
                    for i, s, _ in incoming[j]:
                        acc += math.exp(fwd[i] + s - fwd[j])
                        cum.append(acc)
                    table = (cum, [(i, piece) for i, _, piece in incoming[j]])
                    tables[j] = table
                cum, targets = table
                u = rng.random() * cum[-1]
                pick = min(_bisect(cum, u), len(cum) - 1)
                i, piece = targets[pick]
                out.append(piece)
                j = i
            out.reverse()
            draws.append(out)
        return draws

    def tokenize(self, text: str) -> list[str]:
        """Encode running text the way sentencepiece does.

        With a ``word_start`` marker: normalise the text
        (:func:`subword_core.normalize.sentencepiece_text`: the characters by
        ``normalization``, extra spaces removed, every space a ``▁``, one ``▁`` in front,
        none at the end) and segment the result as one string, so a ``▁`` the text holds is
        a character like the others (and a piece may span two words if the vocabulary has
        one). Without a marker: normalise the characters, split on whitespace and encode
        each word.

        >>> Unigram([("▁a", -1.0), ("b", -1.0)], word_start="▁").tokenize("a b")
        ['▁a', '▁', 'b']
        >>> Unigram([("▁a▁b", -1.0)], word_start="▁").tokenize(" a  b ")
        ['▁a▁b']
        """
        if self.word_start:
            marked = sentencepiece_text(text, self.normalization, marker=self.word_start)
            return self.encode(marked) if marked else []
        words = normalize_chars(text, self.normalization).split()
        return [t for word in words for t in self.encode(word)]


def read_vocab(
    text: str, *, skip: Iterable[str] = SENTENCEPIECE_SPECIALS
) -> list[tuple[str, float]]:
    """Read sentencepiece ``.vocab`` text: ``piece<TAB>score`` per line.

    A TAB is what sentencepiece writes; spaces before the score are accepted too (a text box
    in a browser cannot type a TAB). Blank lines are skipped, and so are the control pieces
    in ``skip`` (``<unk>``, ``<s>``, ``</s>``: they never match text).

    Raises:
        ParameterError: a line without a score, a score that is not a finite number, a
            piece listed twice, or no pieces at all; the message names the line.

    >>> read_vocab("<unk>\\t0\\n▁the\\t-3.29\\nab -4")
    [('▁the', -3.29), ('ab', -4.0)]
    """
    if not isinstance(text, str):
        raise ParameterError(
            f"The .vocab text must be a str, not {type(text).__name__}.",
            code="not_text",
            values={"name": ".vocab", "type": type(text).__name__},
        )
    skipped = set(skip)
    pieces: list[tuple[str, float]] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        if "\t" in line:
            piece, _, value = line.rpartition("\t")
        else:
            parts = line.rsplit(None, 1)
            piece, value = (parts[0], parts[1]) if len(parts) == 2 else (line.strip(), "")
        value = value.strip()
        if not value or not piece:
            raise ParameterError(
                f"Line {number}: “{_short(line)}” should be a piece, a TAB and a score, "
                "like “▁the<TAB>-3.29”.",
                code="vocab_line",
                values={"line": number, "text": _short(line)},
            )
        try:
            score = float(value)
        except ValueError:
            raise ParameterError(
                f"Line {number}: the score “{_short(value)}” of “{_short(piece)}” is not a "
                "number (a log-probability such as -3.29 is expected).",
                code="vocab_score_not_number",
                values={"line": number, "score": _short(value), "piece": _short(piece)},
            ) from None
        if not math.isfinite(score):
            raise ParameterError(
                f"Line {number}: the score of “{_short(piece)}” is {value}; it must be a "
                "finite number.",
                code="vocab_score_not_finite",
                values={"line": number, "piece": _short(piece), "score": value},
            )
        if piece in skipped:
            continue
        if piece in seen:
            raise ParameterError(
                f"Line {number}: the piece “{_short(piece)}” is already listed on line "
                f"{seen[piece]}.",
                code="vocab_piece_repeated",
                values={"line": number, "piece": _short(piece), "first": seen[piece]},
            )
        seen[piece] = number
        pieces.append((piece, score))
    if not pieces:
        raise ParameterError(
            "The .vocab text has no pieces: expect one “piece<TAB>score” a line.",
            code="vocab_no_pieces",
        )
    return pieces


# --------------------------------------------------------------------------------------
# Lattice algorithms on (start, end, piece, score, unknown) edges sorted by start
# --------------------------------------------------------------------------------------


def _viterbi(
    edges: Sequence[tuple[int, int, str, float, bool]], n: int
) -> tuple[list[float], list[int]]:
    """Best prefix scores and, per end position, the index of the best incoming edge."""
    best = [-math.inf] * (n + 1)
    best[0] = 0.0
    back = [-1] * (n + 1)
    for k, (i, j, _, score, _) in enumerate(edges):
        cand = best[i] + score
        # subtle: edges arrive by start position, so among equal scores the first one kept
        # is the one starting earliest: the longest last piece (sentencepiece's rule).
        if back[j] < 0 or cand > best[j]:
            best[j] = cand
            back[j] = k
    return best, back


def _log_forward(
    edges: Sequence[tuple[int, int, str, float, bool]], n: int, alpha: float = 1.0
) -> list[float]:
    """``fwd[j]``: log of the summed (alpha-scaled) probability of all segmentations of [:j]."""
    terms: list[list[float]] = [[] for _ in range(n + 1)]
    fwd = [-math.inf] * (n + 1)
    fwd[0] = 0.0
    done = 0
    for i, j, _, score, _ in edges:
        while done < i:  # every edge ending at i has arrived: close position i
            done += 1
            fwd[done] = _log_sum(terms[done])
        terms[j].append(fwd[i] + alpha * score)
    while done < n:
        done += 1
        fwd[done] = _log_sum(terms[done])
    return fwd


def _log_backward(edges: Sequence[tuple[int, int, str, float, bool]], n: int) -> list[float]:
    """``bwd[i]``: log of the summed probability of all segmentations of [i:]."""
    by_start: list[list[tuple[int, float]]] = [[] for _ in range(n + 1)]
    for i, j, _, score, _ in edges:
        by_start[i].append((j, score))
    bwd = [-math.inf] * (n + 1)
    bwd[n] = 0.0
    for i in range(n - 1, -1, -1):
        bwd[i] = _log_sum([score + bwd[j] for j, score in by_start[i]])
    return bwd


def _backtrack(edges: Sequence[_DecodeEdge], back: Sequence[int], n: int) -> list[int]:
    """The edge indices of the Viterbi path, left to right."""
    path: list[int] = []
    j = n
    while j > 0:
        path.append(back[j])
        j = edges[back[j]][0]
    path.reverse()
    return path


_DecodeEdge = tuple[int, int, str, float, bool]  # (start, end, piece, score, unknown)
_FLOAT32 = struct.Struct("<f")


def _f32(x: float) -> float:
    """``x`` rounded to the nearest float32 (sentencepiece's score type)."""
    try:
        return _FLOAT32.unpack(_FLOAT32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


# A hypothesis of the A* search: [fx, gx, edge index (-1 for the word start), the next one]
_Hyp = list


def _heap_push(heap: list[_Hyp], hyp: _Hyp) -> None:
    """Add ``hyp`` to a max-heap by ``fx``: sift up while the parent is strictly smaller."""
    heap.append(hyp)
    _sift_up(heap, len(heap) - 1, 0, hyp)


def _sift_up(heap: list[_Hyp], hole: int, top: int, hyp: _Hyp) -> None:
    while hole > top:
        parent = (hole - 1) // 2
        if not heap[parent][0] < hyp[0]:
            break
        heap[hole] = heap[parent]
        hole = parent
    heap[hole] = hyp


def _heap_pop(heap: list[_Hyp]) -> _Hyp:
    """Take the top of the heap the way the GNU C++ library's ``std::pop_heap`` does.

    The last entry is set aside; the hole left at the top moves down, each time to the
    larger child (the right one when the two are equal), down to the bottom; then the set
    aside entry sifts up from there. (Equal priorities thus come out in an order that
    depends on the heap's history, not on a rule of their own.)
    """
    top, last = heap[0], heap.pop()
    size = len(heap)
    if size == 0:
        return top
    hole = child = 0
    while child < (size - 1) // 2:
        child = 2 * (child + 1)
        if heap[child][0] < heap[child - 1][0]:
            child -= 1
        heap[hole] = heap[child]
        hole = child
    if size % 2 == 0 and child == (size - 2) // 2:
        child = 2 * (child + 1)
        heap[hole] = heap[child - 1]
        hole = child - 1
    _sift_up(heap, hole, 0, last)
    return top


_AGENDA_MAX = 10_000  # sentencepiece's kMaxAgendaSize
_AGENDA_KEEP = 512  # sentencepiece's kMinAgendaSize


def _astar_nbest(edges: Sequence[_DecodeEdge], n: int, k: int, unk32: float) -> list[list[int]]:
    """Sentencepiece's n-best search (``Lattice::NBest``), in float32: edge-index paths.

    Hypotheses grow from the end of the word to its start; ``gx`` is the score of the
    pieces taken so far, ``fx = gx + (the best score of a prefix ending with the next
    piece)``, which is exact, so complete paths come out best first.
    """
    score32 = [unk32 if e[4] else _f32(e[3]) for e in edges]
    ending: list[list[int]] = [[] for _ in range(n + 1)]
    for idx, edge in enumerate(edges):
        ending[edge[1]].append(idx)  # by start: the order of sentencepiece's end_nodes
    best_prefix = [-math.inf] * (n + 1)
    best_prefix[0] = 0.0
    h = [0.0] * len(edges)  # the best score of a path from the word start through the edge
    for idx, edge in enumerate(edges):
        h[idx] = _f32(best_prefix[edge[0]] + score32[idx])
        best_prefix[edge[1]] = max(best_prefix[edge[1]], h[idx])
    agenda: list[_Hyp] = []
    _heap_push(agenda, [best_prefix[n], 0.0, -2, None])  # the end of the word
    results: list[list[int]] = []
    while agenda:
        top = _heap_pop(agenda)
        if top[2] == -1:  # reached the start of the word: a complete segmentation
            path: list[int] = []
            hyp = top[3]
            while hyp[3] is not None:
                path.append(hyp[2])
                hyp = hyp[3]
            results.append(path)
            if len(results) == k:
                break
            continue
        pos = n if top[2] == -2 else edges[top[2]][0]
        if pos == 0:
            _heap_push(agenda, [top[1], top[1], -1, top])
        for idx in ending[pos] if pos else ():
            _heap_push(agenda, [_f32(h[idx] + top[1]), _f32(score32[idx] + top[1]), idx, top])
        if len(agenda) >= _AGENDA_MAX:
            kept: list[_Hyp] = []
            for _ in range(min(_AGENDA_KEEP, k * 10)):
                _heap_push(kept, _heap_pop(agenda))
            agenda = kept
    return results


def _log_sum(values: Sequence[float]) -> float:
    if not values:
        return -math.inf
    top = max(values)
    if top == -math.inf:
        return top
    return top + math.log(math.fsum(math.exp(v - top) for v in values))


def _tie_key(edges: Sequence[tuple[int, int, str, float, bool]], path: Sequence[int]) -> tuple:
    """Start positions from the right: smaller first means a longer last piece."""
    return tuple(edges[k][0] for k in reversed(path))


def _segmentation(
    edges: Sequence[tuple[int, int, str, float, bool]],
    path: Sequence[int],
    log_prob: float,
    share: float,
) -> Segmentation:
    return Segmentation(
        pieces=tuple(edges[k][2] for k in path),
        log_prob=log_prob,
        share=share,
        unknown=tuple(pos for pos, k in enumerate(path) if edges[k][4]),
    )


def _bisect(cum: list[float], u: float) -> int:
    lo, hi = 0, len(cum)
    while lo < hi:
        mid = (lo + hi) // 2
        if cum[mid] <= u:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _check_alpha(alpha: float) -> None:
    if isinstance(alpha, bool) or not isinstance(alpha, int | float) or not math.isfinite(alpha):
        raise ParameterError(
            f"alpha must be a number greater than 0, not {alpha!r}.",
            code="alpha_not_positive",
            values={"value": repr(alpha)},
        )
    if alpha <= 0:
        raise ParameterError(
            f"alpha must be greater than 0 (it was {alpha:g}): each segmentation is drawn with "
            "probability proportional to P ** alpha, and alpha = 0 would ignore the model.",
            code="alpha_not_positive",
            values={"value": f"{alpha:g}"},
        )


def _check_pieces(pieces: Iterable[tuple[str, float]]) -> list[tuple[str, float]]:
    if isinstance(pieces, str | bytes):
        raise ParameterError(
            "pieces must be (piece, score) pairs, not a string.",
            code="piece_not_pair",
            values={"item": _short(repr(pieces))},
        )
    out: list[tuple[str, float]] = []
    seen: set[str] = set()
    for pair in pieces:
        try:
            piece, score = pair
        except (TypeError, ValueError):
            raise ParameterError(
                f"Each entry must be a (piece, score) pair, not {_short(repr(pair))}.",
                code="piece_not_pair",
                values={"item": _short(repr(pair))},
            ) from None
        if not isinstance(piece, str) or not piece:
            raise ParameterError(
                f"A piece must be non-empty text, not {piece!r}.",
                code="piece_not_text",
                values={"piece": _short(repr(piece))},
            )
        if isinstance(score, bool) or not isinstance(score, int | float):
            raise ParameterError(
                f"The score of {piece!r} must be a number, not {score!r}.",
                code="score_not_number",
                values={"piece": _short(repr(piece)), "score": _short(repr(score))},
            )
        if not math.isfinite(score):
            raise ParameterError(
                f"The score of {piece!r} must be finite, not {score!r}.",
                code="score_not_finite",
                values={"piece": _short(repr(piece)), "score": repr(score)},
            )
        if piece in seen:
            raise ParameterError(
                f"The piece {piece!r} is listed twice.",
                code="piece_repeated",
                values={"piece": _short(repr(piece))},
            )
        seen.add(piece)
        out.append((piece, float(score)))
    if not out:
        raise ParameterError("A unigram model needs at least one piece.", code="no_pieces")
    return out


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
    history = _History(trainer.seed(seed_vocab, seed_size, max_piece_length))
    _check_room_for_chars(trainer, vocab_size)
    stop = "seed_small" if trainer.size <= vocab_size else "vocab_size"
    ticks = _Progress(progress, trainer, vocab_size)
    round_no = 0
    while True:
        final = trainer.size <= vocab_size
        for iteration in range(1, em_iterations + 1):
            # 2. E-step: expected counts (forward-backward over every word's lattice)
            counts, ll_before = trainer.e_step()
            history.close(ll_before)
            # 3. M-step: new probabilities from the expected counts
            stats, total = trainer.m_step(counts)
            last = final and iteration == em_iterations
            history.add_em(trainer, round_no, iteration, ll_before, stats, total, last)
            ticks.tick()
        if final:
            history.close(trainer.log_likelihood())
            break
        round_no += 1
        # 4. loss: how much the likelihood drops without each piece
        ll, losses, pending = trainer.losses()
        history.close(ll)
        # 5. prune: keep the pieces whose loss is highest
        target = max(vocab_size, int(trainer.size * shrinking_factor))
        step = trainer.prune(
            losses, pending, target, shrinking_factor, round_no, history.number, ll
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
        >>> _ = trainer.seed(None, seed_size=20, max_piece_length=16)
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
        >>> history = _History(trainer.seed(None, seed_size=20, max_piece_length=16))
        >>> counts, ll = trainer.e_step()
        >>> history.close(ll)
        >>> history.add_em(trainer, 0, 1, ll, *trainer.m_step(counts), final=False)
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
        >>> _ = trainer.seed(None, seed_size=20, max_piece_length=16)
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


def lattice_edges(words: Iterable[str], max_piece_length: int) -> int:
    """At most how many lattice edges one EM iteration visits: for each distinct word of
    ``n`` characters, one edge per position and piece length up to ``max_piece_length``.

    The E-step's work is proportional to this (forward and backward pass over each word's
    lattice; a word's count only weighs its expected counts), whatever the vocabulary.

    >>> lattice_edges(["hug", "pug"], 2)  # h hu u ug g, twice
    10
    >>> lattice_edges(["x" * 1000], 16) == 1000 * 16 - 16 * 15 // 2
    True
    """
    total = 0
    for word in words:
        n, k = len(word), max(0, min(max_piece_length, len(word)))
        # pieces starting within k - 1 of the end are shorter than k
        total += n * k - k * (k - 1) // 2
    return total


def em_iterations_within(work_budget: int, edges: int, asked: int) -> int:
    """The EM iterations per round that fit ``work_budget`` (lattice edges visited per
    pruning round), at most ``asked`` and at least 1 (a round needs one).

    >>> em_iterations_within(1_800_000, 1_772, 10)  # a small corpus: all that was asked
    10
    >>> em_iterations_within(1_800_000, 593_439, 10)  # pydoc, pieces up to 32 characters
    3
    >>> em_iterations_within(1_800_000, 50_000_000, 10)  # over the budget: one all the same
    1
    """
    if edges <= 0:
        return max(1, asked)
    return max(1, min(asked, work_budget // edges))


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
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ParameterError(
                f"{name} must be a whole number of at least 1, not {value!r}.",
                code="not_positive",
                values={"name": name, "value": repr(value)},
            )
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


def _digamma(x: float) -> float:
    """The digamma function for x > 0 (recurrence, then the asymptotic series)."""
    result = 0.0
    while x < 6.0:
        result -= 1.0 / x
        x += 1.0
    inv = 1.0 / x
    inv2 = inv * inv
    return (
        result
        + math.log(x)
        - 0.5 * inv
        - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240 - inv2 / 132))))
    )


Edge = tuple[int, int, int]  # (start, end, piece id); id -1 is an unknown character
_Node = TypeVar("_Node", tuple[int, int], tuple[int, int, float])  # (start, end[, posterior])


class _Trainer:
    """The training state: vocabulary, probabilities and every word's lattice.

    Piece ids are positions in the seed vocabulary and never change: a pruned piece is
    marked dead and its nodes are dropped from the lattices. Single characters come first.

    subtle: the passes run in linear probability space (products of floats, no exp or log
    per node), several times faster in pure Python. A word's probability is at most 1 (the
    pieces' probabilities sum to at most 1), so nothing overflows; a word whose probability
    falls below ``_TINY`` is redone in log space, so nothing underflows either. Unknown
    nodes have id -1, and the probability and count lists carry one extra slot at the end
    for them, so ``P[-1]`` is the unknown probability.
    """

    def __init__(
        self,
        words: list[str],
        freqs: list[int],
        digamma: bool = False,
        keep_single_chars: bool = True,
        top_k: int = 50,
        boundary: int = 10,
    ) -> None:
        self.words = words
        self.freqs = freqs
        self.digamma = digamma
        self.keep_single_chars = keep_single_chars
        self.top_k = top_k
        self.boundary = boundary
        self.vocab: list[str] = []  # by id, dead pieces included
        self.alive: list[bool] = []  # by id, plus a last True for the unknown slot
        self.ids: list[int] = []  # the living ids, ascending
        self.prob: list[float] = []  # by id, plus the unknown probability last
        self.logp: list[float] = []  # by id
        self.counts: list[float] = []  # the last expected counts, for the tables
        self.lattices: list[list[Edge]] = []
        self.dups: list[frozenset[int] | None] = []
        # words found too improbable for plain floats: later passes go straight to scaled sums
        self.scaled: list[bool] = [False] * len(words)
        self.n_chars = 0
        self.max_len = 1
        self.seed_order: tuple[str, ...] = ()
        self.all_chars = True  # every character of the corpus is a piece: no unknown nodes
        self._logs: list[float] | None = None
        self.unk_logp = -math.inf

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def first(self) -> int:
        """Ids below this are never pruned (the single characters, when they are kept)."""
        return self.n_chars if self.keep_single_chars else 0

    # --- the seed ------------------------------------------------------------------------

    def seed(self, given: Sequence[str] | None, seed_size: int, max_piece_length: int) -> SeedStep:
        """Stage 1, seed: every character plus the most frequent substrings, with their counts.

        ``given`` pieces replace the substrings (missing characters are added, pieces that
        never occur are dropped). The probabilities start as counts over their total, and
        every word's lattice (the pieces that fit at each position) is built.

        Example:
            >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
            >>> step = trainer.seed(None, seed_size=20, max_piece_length=16)
            >>> trainer.vocab[:7], step.characters, step.vocab_size
            (['h', 'u', 'g', 'p', 's', 'ug', 'hug'], 5, 13)
        """
        words, freqs = self.words, self.freqs
        char_counts: Counter[str] = Counter()
        for w, n in zip(words, freqs, strict=True):
            for ch in w:
                char_counts[ch] += n
        chars = list(char_counts)  # first seen
        added: list[str] = []
        absent: list[str] = []
        seen_substrings = 0
        if given is None:
            multi, seen_substrings = _top_substrings(words, freqs, max_piece_length, seed_size)
            display = [*chars, *(s for s, _ in multi)]
            source = "substrings"
        else:
            longest = max(len(p) for p in given)
            wanted = {p for p in given if len(p) > 1}
            sub = _substring_counts(words, freqs, longest, keep=wanted)
            multi = []
            for p in given:
                if len(p) > 1:
                    if sub.get(p, 0) > 0:
                        multi.append((p, float(sub[p])))
                    else:
                        absent.append(p)
                elif p not in char_counts:
                    absent.append(p)
            given_chars = [p for p in given if len(p) == 1 and p in char_counts]
            have = set(given_chars)
            added = [c for c in chars if c not in have]
            chars = given_chars + added
            gone = set(absent)
            display = [p for p in given if p not in gone] + added
            source = "given"
        self.vocab = chars + [s for s, _ in multi]
        self.alive = [True] * (len(self.vocab) + 1)
        self.ids = list(range(len(self.vocab)))
        self.n_chars = len(chars)
        counts = [float(char_counts[c]) for c in chars] + [c for _, c in multi]
        total = math.fsum(counts)
        self.prob = [c / total for c in counts] + [0.0]
        self.logp = [math.log(p) for p in self.prob[:-1]]
        self.counts = counts
        self.max_len = max(len(p) for p in self.vocab)
        self.seed_order = tuple(display)
        self._set_unknown()
        self._build_lattices(range(len(words)))

        index = {p: k for k, p in enumerate(self.vocab)}
        if len(display) <= self.top_k:
            rows = display
        else:
            top = {self.vocab[k] for k in self._top_ids_by(counts, self.top_k)}
            if source == "given":
                rows = [p for p in display if p in top]
            else:
                rows = sorted(top, key=lambda p: (-counts[index[p]], index[p]))
        stats = tuple(PieceStat(p, counts[index[p]], self.logp[index[p]]) for p in rows)
        return SeedStep(
            number=1,
            source=source,
            pieces=stats,
            vocab_size=self.size,
            pieces_omitted=self.size - len(stats),
            characters=self.n_chars,
            total_count=int(total) if total == int(total) else total,
            substrings_seen=seen_substrings,
            min_count=min((c for _, c in multi), default=0.0),
            added_characters=tuple(added),
            absent=tuple(absent),
            log_likelihood=math.nan,
        )

    def _top_ids_by(self, values: Sequence[float], k: int) -> list[int]:
        """The k ids with the highest values; ties: the lower id first.

        (``nlargest`` is ``sorted(reverse=True)[:k]``, which keeps equal values in their
        order, and the ids are ascending; a C key instead of a tuple per id.)
        """
        return heapq.nlargest(k, self.ids, key=values.__getitem__)

    def _set_unknown(self) -> None:
        self.unk_logp = min(map(self.logp.__getitem__, self.ids)) - UNK_PENALTY
        self.prob[-1] = math.exp(self.unk_logp)
        self._logs = None

    def _build_lattices(self, which: Iterable[int]) -> None:
        ids = {self.vocab[k]: k for k in self.ids}
        get = ids.get
        # the longest piece that starts with each pair of characters: no need to look further
        reach: dict[str, int] = {}
        for piece in ids:
            if len(piece) > reach.get(piece[:2], 1):
                reach[piece[:2]] = len(piece)
        far = reach.get
        words = self.words
        first = self.first
        if len(self.lattices) != len(words):
            self.lattices = [[] for _ in words]
            self.dups = [None] * len(words)
        for w_index in which:
            w = words[w_index]
            n = len(w)
            # subtle: a comprehension keeps the order the passes need: by start, then length
            edges = [
                (i, j, k)
                for i in range(n)
                for j in range(i + 1, min(n, i + far(w[i : i + 2], 1)) + 1)
                if (k := get(w[i:j])) is not None
            ]
            if not self.all_chars and any(w[i] not in ids for i in range(n)):
                edges += [(i, i + 1, -1) for i in range(n) if w[i] not in ids]
                edges.sort(key=lambda e: (e[0], e[1] - e[0]))
            self.lattices[w_index] = edges
            self.dups[w_index] = _duplicates(edges, first)

    # --- passes ---------------------------------------------------------------------------

    def e_step(self) -> tuple[list[float], float]:
        """Stage 2, E-step: expected counts of every piece and the corpus log-likelihood.

        Forward-backward over each word's lattice: a piece's expected count is the chance
        each segmentation gives it, summed over the segmentations and the corpus.

        Example:
            >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
            >>> _ = trainer.seed(None, seed_size=20, max_piece_length=16)
            >>> counts, ll = trainer.e_step()
            >>> round(ll, 2), round(counts[trainer.vocab.index("hug")], 2)
            (-50.08, 8.05)
        """
        P = self.prob
        counts = [0.0] * len(P)
        ll = 0.0
        log = math.log
        scaled = self.scaled
        for w_index, (edges, w, n) in enumerate(
            zip(self.lattices, self.words, self.freqs, strict=True)
        ):
            length = len(w)
            if scaled[w_index]:
                ll += self._long_word_counts(edges, length, n, counts)
                continue
            a = [0.0] * (length + 1)
            a[0] = 1.0
            for i, j, k in edges:
                a[j] += a[i] * P[k]
            z = a[length]
            if z < _TINY:
                scaled[w_index] = True
                ll += self._long_word_counts(edges, length, n, counts)
                continue
            ll += n * log(z)
            f = n / z
            af = [x * f for x in a]
            b = [0.0] * (length + 1)
            b[length] = 1.0
            # subtle: right to left, b[j] is final when an edge ending at j is reached, so
            # the backward sums and the expected counts share one loop.
            for i, j, k in reversed(edges):
                pb = P[k] * b[j]
                b[i] += pb
                counts[k] += af[i] * pb
        return counts, ll

    def log_likelihood(self) -> float:
        P = self.prob
        ll = 0.0
        for edges, w, n, scaled in zip(
            self.lattices, self.words, self.freqs, self.scaled, strict=True
        ):
            length = len(w)
            if scaled:
                ll += n * self._long_log_z(edges, length)
                continue
            a = [0.0] * (length + 1)
            a[0] = 1.0
            for i, j, k in edges:
                a[j] += a[i] * P[k]
            z = a[length]
            ll += n * (math.log(z) if z >= _TINY else self._long_log_z(edges, length))
        return ll

    def losses(self) -> tuple[float, list[float], _Pending]:
        """The corpus log-likelihood and every piece's removal loss.

        The loss of piece p: the sum over words of count x (log P(word) - log P'(word)),
        where P' leaves out every segmentation that uses p (for a single character: where
        p was, an unknown node). The other pieces keep their probabilities.

        subtle: for a piece that fits once in a word, P'(word) = P(word) x (1 - g) with g
        the node's posterior from forward-backward, so one pass gives every loss. A piece
        that fits twice or more in a word needs a forward pass of its own without the
        piece; here it only gets bounds (the chance it is used lies between its most likely
        node's posterior and the sum of them), and :meth:`prune` computes the exact value
        only where the ranking needs it.

        Stage 4, loss. Example (single characters are kept, so their loss is 0):

            >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
            >>> _ = trainer.seed(None, seed_size=20, max_piece_length=16)
            >>> _ = trainer.m_step(trainer.e_step()[0])
            >>> ll, loss, _pending = trainer.losses()
            >>> round(ll, 2), round(loss[trainer.vocab.index("hug")], 2), loss[0]
            (-29.87, 35.72, 0.0)
        """
        P = self.prob
        repl = self._replacement()
        first = self.first
        loss = [0.0] * len(P)
        pending = _Pending()
        ll = 0.0
        log, log1p = math.log, math.log1p
        for w_index, (edges, w, n, dup) in enumerate(
            zip(self.lattices, self.words, self.freqs, self.dups, strict=True)
        ):
            length = len(w)
            if self.scaled[w_index]:
                ll += self._long_word_losses(w_index, loss, pending)
                continue
            a = [0.0] * (length + 1)
            a[0] = 1.0
            for i, j, k in edges:
                a[j] += a[i] * P[k]
            z = a[length]
            if z < _TINY:
                self.scaled[w_index] = True
                ll += self._long_word_losses(w_index, loss, pending)
                continue
            log_z = log(z)
            ll += n * log_z
            inv = 1.0 / z
            g_sum: dict[int, float] = {}
            g_max: dict[int, float] = {}
            nodes: dict[int, list[float]] = {}
            b = [0.0] * (length + 1)
            b[length] = 1.0
            for i, j, k in reversed(edges):
                bj = b[j]
                b[i] += P[k] * bj
                if k < first:
                    continue
                g = a[i] * repl[k] * bj * inv
                if dup is not None and k in dup:
                    g_sum[k] = g_sum.get(k, 0.0) + g
                    if g > g_max.get(k, -1.0):
                        g_max[k] = g
                    nodes.setdefault(k, []).extend((i, j, g))
                    continue
                if g < _NEAR_ONE:
                    loss[k] -= n * log1p(-g)
                else:
                    # subtle: 1 - g would cancel to noise. Every segmentation without this
                    # node covers character i with exactly one other node (b is final to
                    # the right of i), so summing over those nodes gives P'(word) directly.
                    rest = (P[k] - repl[k]) * a[i] * bj
                    for idx in range(bisect_left(edges, (i - self.max_len + 1,)), len(edges)):
                        i2, j2, k2 = edges[idx]
                        if i2 > i:
                            break
                        if j2 > i and k2 != k:
                            rest += a[i2] * P[k2] * b[j2]
                    loss[k] += n * (log_z - (log(rest) if rest > 0 else -_INF_LOSS))
            if g_sum:
                word = None
                if length > _LOSS_WINDOW:  # nodes far apart may form separate groups
                    word = _LongWord((a, [0.0] * (length + 1), {}), (b, [0.0] * (length + 1)))
                    word.nodes = nodes
                self._add_bounds(w_index, log_z, g_sum, g_max, pending, word, loss)
        return ll, loss, pending

    def _add_bounds(
        self,
        w_index: int,
        log_z: float,
        g_sum: dict[int, float],
        g_max: dict[int, float],
        pending: _Pending,
        word: _LongWord | None,
        loss: list[float],
    ) -> None:
        """Bounds on the loss in one word of the pieces that fit there several times.

        ``g_sum`` and ``g_max``: the sum and the largest of each piece's node posteriors;
        ``word``: the word's sums when its nodes are grouped (see :func:`_clusters`). A
        group of one node g is exact at once, ``-log(1 - g)`` (unless g is almost 1);
        only the other groups get bounds, kept in ``word.groups`` for :meth:`_exact`.
        """
        edges, n = self.lattices[w_index], self.freqs[w_index]
        log1p = math.log1p
        singles = [k for i, j, k in edges if j == i + 1]
        base = self._char_path(singles)
        if word is not None:
            pending.long_words[w_index] = word
        for k, total in g_sum.items():
            top = g_max[k]
            if word is not None:
                groups = []
                exact = 0.0
                for group in _flat_groups(word.nodes[k]):
                    if len(group) == 1 and group[0][2] < _NEAR_ONE:
                        exact -= log1p(-group[0][2])
                    else:
                        groups.append(group)
                if not groups:
                    loss[k] += n * exact
                    continue
                word.groups[k] = groups
                if exact:  # bounds for what is left
                    loss[k] += n * exact
                    top = max(node[2] for group in groups for node in group)
                    total = sum(node[2] for group in groups for node in group)
            low = -n * log1p(-min(top, _NEAR_ONE))
            # P' is at least the path of single characters (a pruned one: unknown)
            path = base
            if k < self.n_chars and not self.keep_single_chars:
                path += singles.count(k) * (self.unk_logp - self.logs()[k])
            high = n * (log_z - path)
            if word is not None:  # each group of nodes costs at most that
                high *= len(word.groups[k])
            if total < _NEAR_ONE:
                high = min(high, -n * log1p(-total))
            pending.add(k, w_index, log_z, low * (1 - 1e-6), high * (1 + 1e-6) + 1e-12)

    def _char_path(self, singles: list[int]) -> float:
        """log P of the path of single characters (unknown ones at the unknown score)."""
        logs = self.logs()
        unk = self.unk_logp
        return math.fsum(logs[k] if k >= 0 else unk for k in singles)

    def _exact(self, piece: int, pending: _Pending, loss: list[float]) -> None:
        """Replace a piece's bounds by its exact loss, word by word."""
        repl = self._replacement()
        for w_index, log_z in pending.words.pop(piece, ()):
            n = self.freqs[w_index]
            long_word = pending.long_words.get(w_index)
            if long_word is None:
                loss[piece] += n * self._word_loss(w_index, piece, repl, log_z)
            else:
                for group in long_word.groups.pop(piece):
                    loss[piece] += n * self._group_loss(w_index, piece, repl, long_word, group)
        pending.low.pop(piece, None)
        pending.high.pop(piece, None)

    def _word_loss(self, w_index: int, piece: int, repl: list[float], log_z: float) -> float:
        """log P(word) - log P'(word) for a piece that may fit several times in the word.

        subtle: P'(word) = P(word) - M, with M the probability of the segmentations that
        use the piece. M is summed directly (a second forward table, D = forward - forward
        without the piece, whose terms are all positive), so a tiny M keeps its digits;
        only when M is almost all of P(word) is P' summed on its own instead.
        """
        edges = self.lattices[w_index]
        length = len(self.words[w_index])
        P = self.prob
        keep = P[piece] - repl[piece]
        lost = repl[piece]
        a = [0.0] * (length + 1)
        d = [0.0] * (length + 1)
        a[0] = 1.0
        for i, j, k in edges:
            p = P[k]
            a[j] += a[i] * p
            if k == piece:
                d[j] += a[i] * lost + d[i] * keep
            else:
                d[j] += d[i] * p
        z, m = a[length], d[length]
        if z < _TINY:
            return log_z - self._z_without(edges, length, piece, repl)
        share = m / z
        if share < _NEAR_ONE:
            return -math.log1p(-share)
        return log_z - self._z_without(edges, length, piece, repl)

    def _replacement(self) -> list[float]:
        """How much probability a node loses when its piece is removed."""
        P = self.prob
        if self.keep_single_chars:
            return P
        unk = P[-1]
        out = list(P)
        for k in range(self.n_chars):
            if self.alive[k]:
                out[k] = P[k] - unk
        out[-1] = 0.0
        return out

    def _z_without(self, edges: list[Edge], length: int, piece: int, repl: list[float]) -> float:
        """log P'(word) with ``piece`` removed (characters: replaced by an unknown node)."""
        P = self.prob
        saved = P[piece]
        P[piece] = saved - repl[piece]  # the rest of the vocabulary keeps its probabilities
        try:
            a2 = [0.0] * (length + 1)
            a2[0] = 1.0
            for i, j, k in edges:
                a2[j] += a2[i] * P[k]
            z = a2[length]
        finally:
            P[piece] = saved
        if z >= _TINY:
            return math.log(z)
        logs = self.logs()
        saved_log = logs[piece]
        replaced = not self.keep_single_chars and len(self.vocab[piece]) == 1
        logs[piece] = self.unk_logp if replaced else -math.inf
        try:
            return _edge_log_forward(edges, length, logs)[length]
        finally:
            logs[piece] = saved_log

    def logs(self) -> list[float]:
        """Log-probabilities with the unknown slot last (for the rare log-space words)."""
        if self._logs is None:
            self._logs = [*self.logp, self.unk_logp]
        return self._logs

    def _log_z(self, edges: list[Edge], length: int) -> float:
        return _edge_log_forward(edges, length, self.logs())[length]

    def _log_word(
        self,
        edges: list[Edge],
        length: int,
        n: int,
        counts: list[float] | None,
        loss: list[float] | None,
    ) -> float:
        """One (very improbable, or very long) word in log space; returns n x log P(word)."""
        logs = self.logs()
        fwd = _edge_log_forward(edges, length, logs)
        bwd = _edge_log_backward(edges, length, logs)
        log_z = fwd[length]
        if counts is not None:
            for i, j, k in edges:
                counts[k] += n * math.exp(fwd[i] + logs[k] + bwd[j] - log_z)
        if loss is not None:
            repl = self._replacement()
            for k in {k for _, _, k in edges if k >= self.first}:
                loss[k] += n * (log_z - self._z_without(edges, length, k, repl))
        return n * log_z

    # --- long words: scaled sums ----------------------------------------------------------

    def _long(self, edges: list[Edge], length: int) -> _LongWord | None:
        """The scaled sums of a word too improbable for plain floats (``None``: they fail)."""
        return _LongWord.build(edges, length, self.prob, self.logs(), self.max_len)

    def _long_log_z(self, edges: list[Edge], length: int) -> float:
        scaled = _scaled_forward(edges, length, self.prob)
        if scaled is None:
            return self._log_z(edges, length)
        a, sa, _ = scaled
        return math.log(a[length]) + sa[length]

    def _long_word_counts(
        self, edges: list[Edge], length: int, n: int, counts: list[float]
    ) -> float:
        """The E-step for one long word: adds its expected counts, returns n x log P(word).

        subtle: the backward pass and the counts share one loop, as in :meth:`e_step`. While
        the edges starting at i are read, every backward sum they read has the same scale
        (see :func:`_scaled_backward`), so a node's posterior is ``w * P[k] * b[j]`` with
        one factor ``w`` per start: one exp per position, not one per node.
        """
        P = self.prob
        forward = _scaled_forward(edges, length, P)
        if forward is None:
            return self._log_word(edges, length, n, counts, None)
        a, sa, _ = forward
        log_z = math.log(a[length]) + sa[length]
        exp, log = math.exp, math.log
        max_len = self.max_len
        b = [0.0] * (length + 1)
        b[length] = 1.0
        shift = 0.0
        cur = length
        w = 0.0
        for i, j, k in reversed(edges):
            if i != cur:
                x = b[cur]
                if 0.0 < x < _RESCALE:  # (a sum of exactly 0 reads as 0 in any scale)
                    f = 1.0 / x
                    shift += log(x)
                    for y in range(cur, min(length, cur + max_len) + 1):
                        b[y] *= f
                cur = i
                x = a[i]
                w = n * exp(log(x) + sa[i] + shift - log_z) if x > 0.0 else 0.0
            pb = P[k] * b[j]
            b[i] += pb
            counts[k] += w * pb
        return n * log_z

    def _long_word_losses(self, w_index: int, loss: list[float], pending: _Pending) -> float:
        """Removal losses in one long word, as :meth:`losses` does; returns n x log P(word).

        A node's posterior is ``w * repl[k] * b[j]``, with one factor ``w`` per start as in
        :meth:`_long_word_counts` (the backward pass and the losses share one loop); a piece
        that fits twice or more gets bounds, and its scaled sums are kept for :meth:`_exact`.
        """
        edges, length, n = self.lattices[w_index], len(self.words[w_index]), self.freqs[w_index]
        P = self.prob
        forward = _scaled_forward(edges, length, P)
        if forward is None:
            return self._log_word(edges, length, n, None, loss)
        a, sa, _ = forward
        log_z = math.log(a[length]) + sa[length]
        first, dup, max_len = self.first, self.dups[w_index], self.max_len
        repl = self._replacement()
        log1p, exp, log = math.log1p, math.exp, math.log
        nodes: dict[int, list[float]] = {}
        certain: list[Edge] = []  # nodes almost every segmentation uses: after the pass
        b = [0.0] * (length + 1)
        sb = [0.0] * (length + 1)
        b[length] = 1.0
        shift = 0.0
        cur = length
        w = 0.0
        for i, j, k in reversed(edges):
            if i != cur:  # as in _scaled_backward
                x = b[cur]
                if 0.0 < x < _RESCALE:  # (a sum of exactly 0 reads as 0 in any scale)
                    f = 1.0 / x
                    shift += log(x)
                    for y in range(cur, min(length, cur + max_len) + 1):
                        b[y] *= f
                        sb[y] = shift
                sb[cur] = shift
                for y in range(i + 1, cur):
                    sb[y] = shift
                cur = i
                x = a[i]
                w = exp(log(x) + sa[i] + shift - log_z) if x > 0.0 else 0.0
            bj = b[j]
            b[i] += P[k] * bj
            if k < first:
                continue
            g = w * repl[k] * bj
            if dup is not None and k in dup:
                mine = nodes.get(k)
                if mine is None:
                    nodes[k] = [i, j, g]
                else:
                    mine += (i, j, g)
            elif g < _NEAR_ONE:
                loss[k] -= n * log1p(-g)
            else:
                certain.append((i, j, k))
        sb[cur] = shift
        word = _LongWord(forward, (b, sb))
        word.nodes = nodes
        for i, j, k in certain:
            loss[k] += n * self._long_certain_loss(edges, i, j, k, word)
        if nodes:
            g_sum = {k: sum(mine[2::3]) for k, mine in nodes.items()}
            g_max = {k: max(mine[2::3]) for k, mine in nodes.items()}
            self._add_bounds(w_index, log_z, g_sum, g_max, pending, word, loss)
        return n * log_z

    def _long_certain_loss(
        self, edges: list[Edge], i: int, j: int, k: int, word: _LongWord
    ) -> float:
        """log P(word) - log P'(word) for a node of a long word that almost every
        segmentation uses: P' sums the other nodes covering position ``i`` (see :meth:`losses`).
        """
        la, lb, log_z, logs = word.la, word.lb, word.log_z, self.logs()
        exp = math.exp
        left = self.prob[k] - self._replacement()[k]
        share = exp(la[i] + math.log(left) + lb[j] - log_z) if left > 0 else 0.0
        for idx in range(bisect_left(edges, (i - self.max_len + 1,)), len(edges)):
            i2, j2, k2 = edges[idx]
            if i2 > i:
                break
            if j2 > i and k2 != k:
                share += exp(la[i2] + logs[k2] + lb[j2] - log_z)
        return -math.log(share) if share > 0 else _INF_LOSS

    def _group_loss(
        self,
        w_index: int,
        piece: int,
        repl: list[float],
        word: _LongWord,
        group: list[tuple[int, int]],
    ) -> float:
        """-log P(no segmentation of a long word uses a node of ``group``), exactly.

        ``group``: nodes of ``piece`` (start, end), by start, none farther than
        ``_LOSS_WINDOW`` characters from the next. Only the positions between the end of the
        first node and the start of the last one are recomputed: before the first end
        nothing changes, and every segmentation covers the last start with exactly one
        node, after which nothing changes either. As in :meth:`_word_loss`, the probability
        M of the segmentations through the group is summed directly (``d``); when it is
        almost all of P(word), P' (``a2``) is used.
        """
        edges = self.lattices[w_index]
        cut, last = group[0][1], group[-1][0]
        P, a, events = self.prob, word.a, word.events
        lost, keep = repl[piece], P[piece] - repl[piece]
        lo = bisect_left(edges, (min(cut, last + 1) - self.max_len,))
        base = edges[lo][0]
        a2 = a[base:cut] + [0.0] * (last + self.max_len + 2 - cut)
        d = [0.0] * len(a2)
        closed = base
        reach = base
        m_terms: list[tuple[int, int, float]] = []
        z_terms: list[tuple[int, int, float]] = []
        for idx in range(lo, len(edges)):
            i, j, k = edges[idx]
            if i > last:
                break
            if i != closed:
                closed = i
                f = events.get(i)
                if f is not None:  # replay the rescaling of the full forward pass
                    for y in range(max(i, cut) - base, reach - base + 1):
                        a2[y] *= f
                        d[y] *= f
            p = keep if k == piece else P[k]
            x, y = i - base, j - base
            through = a[i] * lost if k == piece else 0.0
            if j > last:  # covers position `last`: close with the backward sum
                m_terms.append((i, j, through + d[x] * p))
                z_terms.append((i, j, a2[x] * p))
            elif j >= cut:
                a2[y] += a2[x] * p
                d[y] += through + d[x] * p
                reach = max(reach, j)
        share = word.share(m_terms)
        if share < _NEAR_ONE:
            return -math.log1p(-share)
        if math.isfinite(share):
            rest = word.share(z_terms)
            if _TINY <= rest < math.inf:
                return -math.log(rest)
        return word.log_z - self._group_log_z_without(edges, lo, piece, word, group)

    def _group_log_z_without(
        self, edges: list[Edge], lo: int, piece: int, word: _LongWord, group: list[tuple[int, int]]
    ) -> float:
        """log P'(word) without the nodes of ``group``, in log space, on the group's window.

        The rare case of :meth:`_group_loss` where P'(word) is too small a share of P(word)
        for the scaled sums: the same window (the true forward sums ``la`` up to the first
        node's end, the true backward sums ``lb`` after the last node's start), one log-sum
        per position. ``lo``: the first edge that can reach the window.
        """
        cut, last = group[0][1], group[-1][0]
        logs, la, lb = self.logs(), word.la, word.lb
        replaced = not self.keep_single_chars and len(self.vocab[piece]) == 1
        without = self.unk_logp if replaced else -math.inf
        inner: list[list[float]] = [[] for _ in range(max(0, last + 1 - cut))]
        fwd: dict[int, float] = {}
        closing: list[float] = []
        for idx in range(lo, len(edges)):
            i, j, k = edges[idx]
            if i > last:
                break
            if j < cut and j <= last:  # ends before the window, where nothing changes
                continue
            if i < cut:
                f = la[i]
            else:
                f = fwd.get(i)
                if f is None:
                    f = fwd[i] = _log_sum(inner[i - cut])
            s = f + (without if k == piece else logs[k])
            if j > last:  # covers position `last`: close with the backward sum
                closing.append(s + lb[j])
            else:
                inner[j - cut].append(s)
        return _log_sum(closing)

    # --- M-step and pruning -------------------------------------------------------------

    def m_step(self, counts: list[float]) -> tuple[tuple[PieceStat, ...], float]:
        """Stage 3, M-step: each piece's new probability from its expected count.

        Maximum likelihood: count / total (or, with ``digamma``, sentencepiece's Bayesian
        update). Returns the table's rows (the ``top_k`` most probable) and the total.

        Example:
            >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
            >>> _ = trainer.seed(None, seed_size=20, max_piece_length=16)
            >>> stats, total = trainer.m_step(trainer.e_step()[0])
            >>> round(total, 2), [(s.piece, round(s.prob, 3)) for s in stats[:2]]
            (25.28, [('hug', 0.318), ('pug', 0.151)])
        """
        ids = self.ids
        kept = [max(counts[k], _COUNT_FLOOR) for k in ids]
        total = math.fsum(kept)
        old = list(self.logp)
        logp = self.logp
        prob = self.prob
        if self.digamma:
            d_total = _digamma(total)
            # subtle: sentencepiece drops a piece expected fewer than 0.5 times here; we keep
            # it (pruning decides) at the score of a count of 0.5, since digamma(x) -> -inf.
            new = [_digamma(max(c, _DIGAMMA_FLOOR)) - d_total for c in kept]
        else:
            log, log_total = math.log, math.log(total)
            new = [log(c) - log_total for c in kept]
        exp = math.exp
        for k, value in zip(ids, new, strict=True):
            logp[k] = value
            prob[k] = exp(value)
        self._set_unknown()
        self.counts = counts
        top = self._top_ids_by(logp, self.top_k)
        stats = tuple(PieceStat(self.vocab[k], counts[k], logp[k], old[k]) for k in top)
        return stats, total

    def _settle(self, loss: list[float], pending: _Pending, cut: int) -> None:
        """Make exact every loss the ranking needs: for the cut and for the listed rows.

        A piece with only bounds [low, high] is left alone when it surely lies on one side:
        above the cut (low above the cut-th largest upper bound) or below it (high below the
        cut-th largest lower bound), and likewise outside the top ``top_k`` rows and the
        rows around the cut. Sorting such a piece by its lower bound then puts it on the
        right side of every line that matters.
        """
        candidates = [k for k in self.ids if k >= self.first]
        count = len(candidates)
        top_k, boundary = self.top_k, self.boundary
        while pending.low:
            lows = sorted((loss[k] + pending.low.get(k, 0.0) for k in candidates), reverse=True)
            highs = sorted((loss[k] + pending.high.get(k, 0.0) for k in candidates), reverse=True)

            def nth(values: list[float], rank: int, default: float) -> float:
                return values[rank - 1] if 1 <= rank <= count else default

            cut_low, cut_high = nth(lows, cut, -math.inf), nth(highs, cut, math.inf)
            top_low = nth(lows, top_k, -math.inf)
            win_low = nth(lows, cut + boundary, -math.inf)
            win_high = nth(highs, cut - boundary, math.inf)
            unsure = []
            for k in pending.low:
                low, high = loss[k] + pending.low[k], loss[k] + pending.high[k]
                if (
                    not (high < cut_low or low > cut_high)
                    or high >= top_low
                    or not (high < win_low or low > win_high)
                ):
                    unsure.append(k)
            if not unsure:
                break
            for k in unsure:
                self._exact(k, pending, loss)

    def prune(
        self,
        loss: list[float],
        pending: _Pending,
        target: int,
        factor: float,
        round_no: int,
        number: int,
        ll: float,
    ) -> PruneStep:
        """Stage 5, prune: keep the ``target`` pieces whose loss is highest, drop the rest.

        The dropped pieces leave every lattice, the others' probabilities are renormalised,
        and the round is recorded as a :class:`PruneStep` (its likelihood after comes from
        the next pass).

        Example:
            >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
            >>> _ = trainer.seed(None, seed_size=20, max_piece_length=16)
            >>> _ = trainer.m_step(trainer.e_step()[0])
            >>> ll, loss, pending = trainer.losses()
            >>> step = trainer.prune(loss, pending, 7, 0.75, 1, 4, ll)
            >>> step.vocab_before, step.vocab_after, step.removed[:2]
            (13, 7, ('hugs', 'ug'))
        """
        size = self.size
        first = self.first
        logp = self.logp
        candidates = [k for k in self.ids if k >= first]
        required = size - len(candidates)
        cut = target - required
        self._settle(loss, pending, cut)
        value = {k: loss[k] + pending.low.get(k, 0.0) for k in candidates}
        # subtle: equal losses (often 0 for pieces no segmentation really needs) are broken
        # by probability, then by seed order, so a run is always the same.
        order = sorted((-value[k], -logp[k], k) for k in candidates)
        ranked = [k for _, _, k in order]
        rows_at = set(range(min(self.top_k, len(ranked))))
        rows_at |= set(range(max(0, cut - self.boundary), min(len(ranked), cut + self.boundary)))
        rows = tuple(
            PieceLoss(
                rank=r + 1,
                piece=self.vocab[ranked[r]],
                loss=max(loss[ranked[r]], 0.0),
                log_prob=logp[ranked[r]],
                count=self.counts[ranked[r]],
                kept=r < cut,
            )
            for r in sorted(rows_at)
        )
        removed_ids = ranked[cut:]
        # the removed rows by rank (highest loss first), then the others in seed order
        listed = [ranked[r] for r in sorted(rows_at) if r >= cut]
        shown = set(listed)
        removed_order = listed + sorted(k for k in removed_ids if k not in shown)
        alive = self.alive
        for k in removed_ids:
            alive[k] = False
            self.prob[k] = 0.0
        self.ids = [k for k in self.ids if alive[k]]
        # renormalise in log space: with the digamma M-step a probability may underflow to 0
        top = max(logp[k] for k in self.ids)
        log_total = top + math.log(math.fsum(math.exp(logp[k] - top) for k in self.ids))
        for k in self.ids:
            logp[k] -= log_total
            self.prob[k] = math.exp(logp[k])
        self._set_unknown()
        touched: list[int] = []
        for w_index, edges in enumerate(self.lattices):
            kept_edges = [e for e in edges if alive[e[2]]]
            if len(kept_edges) != len(edges):
                self.lattices[w_index] = kept_edges
                if self.dups[w_index] is not None:
                    self.dups[w_index] = _duplicates(kept_edges, first)
                touched.append(w_index)
        if any(len(self.vocab[k]) == 1 for k in removed_ids):
            self.all_chars = False
            self._build_lattices(touched)
        return PruneStep(
            number=number,
            round=round_no,
            vocab_before=size,
            vocab_after=self.size,
            shrink_target=int(size * factor),
            required=required,
            candidates=len(ranked),
            kept_candidates=cut,
            losses=rows,
            losses_omitted=len(ranked) - len(rows),
            removed=tuple(self.vocab[k] for k in removed_order),
            log_likelihood_before=ll,
            log_likelihood_after=math.nan,
        )

    def final_pieces(self) -> list[tuple[str, float]]:
        order = sorted(self.ids, key=lambda k: (-self.logp[k], k))
        return [(self.vocab[k], self.logp[k]) for k in order]


class _Pending:
    """Bounds on the loss of pieces that fit several times in some word, and those words."""

    def __init__(self) -> None:
        self.low: dict[int, float] = {}
        self.high: dict[int, float] = {}
        self.words: dict[int, list[tuple[int, float]]] = {}
        self.long_words: dict[int, _LongWord] = {}  # the scaled sums of long words

    def add(self, piece: int, w_index: int, log_z: float, low: float, high: float) -> None:
        self.low[piece] = self.low.get(piece, 0.0) + low
        self.high[piece] = self.high.get(piece, 0.0) + high
        self.words.setdefault(piece, []).append((w_index, log_z))


class _LongWord:
    """The forward and backward sums of a word too long (too improbable) for plain floats.

    The sums are rescaled to 1 whenever they fall below ``_RESCALE``: the true forward sum
    at x is ``a[x] * exp(sa[x])``, the true backward sum ``b[x] * exp(sb[x])``, and ``la``,
    ``lb`` are their logs. ``events`` maps a position to the factor the forward sums from
    there on were multiplied by, so that a pass without one piece can replay them.
    ``nodes`` maps a piece that fits several times to its nodes, flat (see
    :func:`_flat_groups`), filled in by :meth:`_Trainer.losses`; ``groups`` the groups of
    them whose loss is still to compute (:meth:`_Trainer._add_bounds`).
    """

    __slots__ = ("_la", "_lb", "a", "b", "events", "groups", "log_z", "nodes", "sa", "sb")

    def __init__(
        self,
        forward: tuple[list[float], list[float], dict[int, float]],
        backward: tuple[list[float], list[float]],
    ) -> None:
        self.a, self.sa, self.events = forward
        self.b, self.sb = backward
        self._la: list[float] | None = None
        self._lb: list[float] | None = None
        self.log_z = math.log(self.a[-1]) + self.sa[-1]
        self.nodes: dict[int, list[float]] = {}
        self.groups: dict[int, list[list[tuple[int, int, float]]]] = {}

    @property
    def la(self) -> list[float]:
        """The logs of the true forward sums (computed when first needed)."""
        if self._la is None:
            self._la = _logs_of(self.a, self.sa)
        return self._la

    @property
    def lb(self) -> list[float]:
        """The logs of the true backward sums (computed when first needed)."""
        if self._lb is None:
            self._lb = _logs_of(self.b, self.sb)
        return self._lb

    @classmethod
    def build(
        cls, edges: list[Edge], length: int, P: list[float], logs: list[float], max_len: int
    ) -> _LongWord | None:
        """Both passes, or ``None`` if a sum still underflows (then log space is used)."""
        forward = _scaled_forward(edges, length, P)
        backward = _scaled_backward(edges, length, P, max_len)
        if forward is None or backward is None:
            return None
        return cls(forward, backward)

    def share(self, terms: list[tuple[int, int, float]]) -> float:
        """The sum of ``value * b[j] * scales / P(word)`` over ``(i, j, value)``: the share
        of P(word) of the segmentations through those nodes (``value`` in a's scale at i).

        subtle: between two rescalings a scaled sum may climb far above 1 (a position few
        segmentations end at, then one many do), so ``value * b[j]`` could overflow; each
        term is summed as ``exp(log value + log b[j] + ...)`` instead (the result is
        ``nan`` or ``inf`` only if ``value`` itself overflowed).
        """
        a_scale, lb, log_z = self.sa, self.lb, self.log_z
        exp, log = math.exp, math.log
        return math.fsum(exp(log(v) + a_scale[i] + lb[j] - log_z) for i, j, v in terms if v != 0)


def _logs_of(values: list[float], scales: list[float]) -> list[float]:
    """``log(value) + scale`` per position (``-inf`` for 0)."""
    log = math.log
    return [log(x) + s if x > 0 else -math.inf for x, s in zip(values, scales, strict=True)]


def _scaled_forward(
    edges: list[Edge], length: int, P: list[float]
) -> tuple[list[float], list[float], dict[int, float]] | None:
    """Forward sums rescaled to 1 when they fall below ``_RESCALE``: ``(a, sa, events)``.

    subtle: edges arrive by start, so when the first edge starting at i comes, a[i] is
    final and every sum still growing lies in [i, reach]: multiplying just those keeps
    one scale for everything the remaining edges read and write.
    """
    a = [0.0] * (length + 1)
    sa = [0.0] * (length + 1)
    a[0] = 1.0
    events: dict[int, float] = {}
    shift = 0.0
    done = reach = last = 0
    for i, j, k in edges:
        if i != done:
            for y in range(done + 1, i):
                sa[y] = shift
            done = i
            if last > reach:  # the previous start's last edge is its longest
                reach = last
            x = a[i]
            if x < _RESCALE:
                if x <= 0.0:
                    return None
                events[i] = f = 1.0 / x
                shift += math.log(x)
                for y in range(i, reach + 1):
                    a[y] *= f
            sa[i] = shift
        a[j] += a[i] * P[k]
        last = j
    for y in range(done + 1, length + 1):
        sa[y] = shift
    return (a, sa, events) if a[length] > 0.0 else None


def _scaled_backward(
    edges: list[Edge], length: int, P: list[float], max_len: int
) -> tuple[list[float], list[float]] | None:
    """Backward sums rescaled to 1 when they fall below ``_RESCALE``: ``(b, sb)``.

    subtle: a rescale at x also rescales the sums in (x, x + max_len], the only ones the
    edges still to come (starting before x) read, so those all share one scale.
    """
    b = [0.0] * (length + 1)
    sb = [0.0] * (length + 1)
    b[length] = 1.0
    shift = 0.0
    cur = length
    for i, j, k in reversed(edges):
        if i != cur:
            x = b[cur]
            if x < _RESCALE:
                if x <= 0.0:
                    return None
                f = 1.0 / x
                shift += math.log(x)
                for y in range(cur, min(length, cur + max_len) + 1):
                    b[y] *= f
                    sb[y] = shift
            sb[cur] = shift
            for y in range(i + 1, cur):
                sb[y] = shift
            cur = i
        b[i] += P[k] * b[j]
    sb[cur] = shift
    return (b, sb) if b[0] > 0.0 else None


def _flat_groups(flat: list[float]) -> list[list[tuple[int, int, float]]]:
    """:func:`_clusters` of a piece's nodes kept flat, last node first, as the losses
    pass meets them: ``[start, end, posterior, start, end, posterior, ...]``.

    (Flat, because a tuple per node that outlives the pass wakes the garbage collector,
    which then walks every lattice.)

    >>> _flat_groups([200, 202, 0.5, 40, 42, 0.25, 0, 2, 0.125])
    [[(0, 2, 0.125), (40, 42, 0.25)], [(200, 202, 0.5)]]
    """
    groups: list[list[tuple[int, int, float]]] = []
    end = -_LOSS_WINDOW - 1
    for x in range(len(flat) - 3, -1, -3):
        i, j = int(flat[x]), int(flat[x + 1])
        if i - end > _LOSS_WINDOW:
            groups.append([])
        groups[-1].append((i, j, flat[x + 2]))
        if j > end:
            end = j
    return groups


def _clusters(nodes: list[_Node]) -> list[list[_Node]]:
    """A piece's nodes in one word (start, end, ...), in groups: a node starting more than
    ``_LOSS_WINDOW`` characters after the end of the previous one starts a new group.

    >>> _clusters([(0, 2), (1, 3), (40, 42), (200, 202)])
    [[(0, 2), (1, 3), (40, 42)], [(200, 202)]]
    """
    groups: list[list[_Node]] = []
    end = -_LOSS_WINDOW - 1
    for node in sorted(nodes):
        if node[0] - end > _LOSS_WINDOW:
            groups.append([])
        groups[-1].append(node)
        end = max(end, node[1])
    return groups


def _duplicates(edges: list[Edge], first: int) -> frozenset[int] | None:
    """Removable piece ids that fit more than once in a word (``None``: there are none)."""
    ids = [k for _, _, k in edges if k >= first]
    if len(set(ids)) == len(ids):
        return None
    return frozenset(k for k, c in Counter(ids).items() if c > 1)


def _top_substrings(
    words: Sequence[str], freqs: Sequence[int], max_len: int, size: int
) -> tuple[list[tuple[str, float]], int]:
    """The ``size`` most frequent substrings of 2..max_len characters (weighted by word
    counts; ties: longer first, then in string order) with their counts, and how many
    distinct substrings there are.

    subtle: one length at a time, longest first, so that only one length's substrings are
    in memory (a 100,000-character word has 3 million distinct substrings of up to 32
    characters, one length 100,000); of each length only those that can still make the
    cut are kept. ``best`` holds ``(-count, -length, substring)``, the ranking order.

    >>> _top_substrings(["abab", "ab"], [1, 2], 3, 2)
    ([('ab', 4.0), ('aba', 1.0)], 4)
    """
    groups: dict[int, list[str]] = {}
    for w, n in zip(words, freqs, strict=True):
        groups.setdefault(n, []).append(w)
    best: list[tuple[int, int, str]] = []
    seen = 0
    longest = max((len(w) for w in words), default=0)
    for length in range(min(max_len, longest), 1, -1):
        found = _counts_of_length(groups, length)
        seen += len(found)
        # once full, a substring needs a higher count than the last one kept: at an equal
        # count the last one, being longer, ranks first
        floor = -best[-1][0] if len(best) >= size else 0
        best += [(-c, -length, s) for s, c in found.items() if c > floor]
        del found
        best.sort()
        del best[size:]
    return [(s, float(-c)) for c, _, s in best], seen


def _counts_of_length(groups: dict[int, list[str]], length: int) -> Counter[str]:
    """Occurrences of every substring of ``length`` characters, weighted by word counts
    (``groups``: the words by count; each group is counted by ``Counter`` in C)."""
    total: Counter[str] = Counter()
    for n, group in groups.items():
        found = Counter(
            w[i : i + length] for w in group if len(w) >= length for i in range(len(w) - length + 1)
        )
        if not total and n == 1:
            total = found
        else:
            for s, c in found.items():
                total[s] += c * n
    return total


def _substring_counts(
    words: Sequence[str], freqs: Sequence[int], max_len: int, keep: set[str] | None = None
) -> Counter[str]:
    """Occurrences of every substring of 2..max_len characters, weighted by word counts.

    subtle: words are grouped by count so that each group is counted by ``Counter`` in C,
    which is several times faster than adding the weight substring by substring.
    """
    groups: dict[int, list[str]] = {}
    for w, n in zip(words, freqs, strict=True):
        groups.setdefault(n, []).append(w)
    total: Counter[str] = Counter()
    for n, group in groups.items():
        found = Counter(
            w[i:j]
            for w in group
            for i in range(len(w))
            for j in range(i + 2, min(len(w), i + max_len) + 1)
        )
        if keep is not None:
            found = Counter({s: c for s, c in found.items() if s in keep})
        if n == 1 and not total:
            total = found
        else:
            for s, c in found.items():
                total[s] += c * n
    return total


def _edge_log_forward(edges: list[Edge], length: int, logs: list[float]) -> list[float]:
    terms: list[list[float]] = [[] for _ in range(length + 1)]
    fwd = [-math.inf] * (length + 1)
    fwd[0] = 0.0
    done = 0
    for i, j, k in edges:
        while done < i:
            done += 1
            fwd[done] = _log_sum(terms[done])
        terms[j].append(fwd[i] + logs[k])
    while done < length:
        done += 1
        fwd[done] = _log_sum(terms[done])
    return fwd


def _edge_log_backward(edges: list[Edge], length: int, logs: list[float]) -> list[float]:
    by_start: list[list[tuple[int, float]]] = [[] for _ in range(length + 1)]
    for i, j, k in edges:
        by_start[i].append((j, logs[k]))
    bwd = [-math.inf] * (length + 1)
    bwd[length] = 0.0
    for i in range(length - 1, -1, -1):
        bwd[i] = _log_sum([s + bwd[j] for j, s in by_start[i]])
    return bwd
