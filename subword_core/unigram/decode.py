"""Unigram, decoding: every segmentation, the n best (sentencepiece's A*), and sampling.

The algorithms behind the model's :meth:`~.model.Unigram.segmentations`,
:meth:`~.model.Unigram.nbest` and :meth:`~.model.Unigram.sample_many` (subword
regularization: forward filtering, backward sampling). The Viterbi segmentation itself is
in :mod:`.lattice`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from subword_core.errors import ParameterError, check_positive
from subword_core.unigram.lattice import (
    Segmentation,
    _backtrack,
    _DecodeEdge,
    _f32,
    _log_forward,
    _log_sum,
    _viterbi,
)
from subword_core.unigram.steps import NBEST_MAX, _short

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


def count_segmentations(edges: Sequence[_DecodeEdge], n: int) -> int:
    """How many segmentations a word of ``n`` characters has on its lattice ``edges``.

    >>> count_segmentations([(0, 1, "a", -1.0, False), (1, 2, "a", -1.0, False),
    ...                      (0, 2, "aa", -1.0, False)], 2)
    2
    """
    ways = [0] * (n + 1)
    ways[0] = 1
    for i, j, *_ in edges:
        ways[j] += ways[i]
    return ways[n]


def segmentations(
    edges: Sequence[_DecodeEdge], word: str, alpha: float, limit: int
) -> list[Segmentation]:
    """Every segmentation of ``word``, most probable first (:meth:`Unigram.segmentations`)."""
    _check_alpha(alpha)
    check_positive("limit", limit)
    total = count_segmentations(edges, len(word))
    if total > limit:
        raise ParameterError(
            f"“{_short(word)}” can be split in {total:,} different ways with this "
            f"vocabulary; listing them is limited to {limit:,}. Use the n best "
            "segmentations instead, or a shorter word.",
            code="too_many_segmentations",
            values={"word": _short(word), "total": total, "limit": limit},
        )
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


def nbest(
    edges: Sequence[_DecodeEdge],
    n: int,
    k: int,
    pieces: Sequence[tuple[str, float]],
    unk_penalty: float,
) -> list[Segmentation]:
    """The ``k`` most probable segmentations in sentencepiece's order (:meth:`Unigram.nbest`)."""
    check_positive("k", k, f"k (how many segmentations) must be at least 1, not {k!r}.")
    k = min(k, NBEST_MAX)
    # subtle: sentencepiece's unknown score is float32(min score) - 10, in float32
    unk32 = _f32(_f32(min(s for _, s in pieces)) - _f32(unk_penalty))
    if k == 1:
        _, back = _viterbi(edges, n, unk32)
        paths = [_backtrack(edges, back, n)]
    else:
        paths = _astar_nbest(edges, n, k, unk32)
    log_z = _log_forward(edges, n)[n]
    out = []
    for path in paths:
        score = 0.0
        for idx in path:
            score += edges[idx][3]
        out.append(_segmentation(edges, tuple(path), score, math.exp(score - log_z)))
    return out


def sample_many(
    edges: Sequence[_DecodeEdge], length: int, alpha: float, rng: random.Random, n: int
) -> list[list[str]]:
    """``n`` segmentations by forward filtering, backward sampling (:meth:`Unigram.sample_many`)."""
    _check_alpha(alpha)
    if not isinstance(rng, random.Random):
        raise ParameterError(
            "rng must be a random.Random (e.g. random.Random(42)), so that a run can be replayed.",
            code="needs_rng",
        )
    check_positive("n", n, f"The number of samples must be at least 1, not {n!r}.")
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
