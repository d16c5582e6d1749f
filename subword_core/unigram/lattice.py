"""Unigram, the lattice: every piece that fits at each position of a word, and the passes over it.

The records a page draws (:class:`Lattice`, :class:`LatticeNode`, :class:`Segmentation`) and
the plain passes on ``(start, end, piece, score, unknown)`` edges sorted by start: Viterbi
(the best prefix score at each position), forward and backward sums in log space; and the same
sums on the trainer's ``(start, end, piece id)`` edges.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from subword_core.errors import ParameterError, check_positive


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

    >>> from subword_core.unigram import Unigram
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

    >>> from subword_core.unigram import Unigram
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
    check_positive("length", length, f"A segmentation has at least one piece, not {length!r}.")
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


# --------------------------------------------------------------------------------------
# Lattice algorithms on (start, end, piece, score, unknown) edges sorted by start
# --------------------------------------------------------------------------------------


_FLOAT32 = struct.Struct("<f")


def _f32(x: float) -> float:
    """``x`` rounded to the nearest float32 (sentencepiece's score type)."""
    try:
        return _FLOAT32.unpack(_FLOAT32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def _viterbi(
    edges: Sequence[tuple[int, int, str, float, bool]], n: int, unk32: float
) -> tuple[list[float], list[int]]:
    """Best prefix scores and, per end position, the index of the best incoming edge.

    The paths are compared in float32, as sentencepiece stores and adds scores (its
    ``Encode``), an unknown node scoring ``unk32``: near ties (runs of one character) break
    as there. The scores returned are the kept paths' sums in float64.
    """
    best = [-math.inf] * (n + 1)
    best[0] = 0.0
    best32 = best[:]
    back = [-1] * (n + 1)
    for k, (i, j, _, score, unk) in enumerate(edges):
        cand = _f32(best32[i] + (unk32 if unk else _f32(score)))
        # subtle: edges arrive by start position, so among equal scores the first one kept
        # is the one starting earliest: the longest last piece (sentencepiece's rule).
        if back[j] < 0 or cand > best32[j]:
            best32[j] = cand
            best[j] = best[i] + score
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


def _log_sum(values: Sequence[float]) -> float:
    if not values:
        return -math.inf
    top = max(values)
    if top == -math.inf:
        return top
    return top + math.log(math.fsum(math.exp(v - top) for v in values))


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


Edge = tuple[int, int, int]  # (start, end, piece id); id -1 is an unknown character


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
