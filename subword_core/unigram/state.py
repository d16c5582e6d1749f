"""Unigram training, the state every stage works on: vocabulary, probabilities, lattices.

:class:`_Trainer` holds them; the stages are functions of it, one file each:
:mod:`.seed` (stage 1), :mod:`.em` (stages 2 and 3, E-step and M-step), :mod:`.loss`
(stage 4), :mod:`.prune` (stage 5); :mod:`.train` runs them in order.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

from subword_core.unigram.lattice import Edge, _edge_log_forward
from subword_core.unigram.steps import UNK_PENALTY

_TINY = 1e-200  # below this a word's probability is recomputed with scaled sums (_LongWord)


_RESCALE = 1e-100  # a long word's scaled sums are brought back to 1 below this
_LOSS_WINDOW = 64  # a piece's nodes this far apart in a word count as independent (losses)


_NEAR_ONE = 1.0 - 1e-7  # a node this certain: compute the loss exactly, not as log(1 - p)
_INF_LOSS = 1e300  # a piece no word can do without (only when characters may be pruned)


_DIGAMMA_FLOOR = 0.5  # sentencepiece's kExpectedFrequencyThreshold
_COUNT_FLOOR = 1e-10  # the M-step never gives a piece a probability of exactly 0


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

    def top_ids_by(self, values: Sequence[float], k: int) -> list[int]:
        """The k ids with the highest values; ties: the lower id first.

        (``nlargest`` is ``sorted(reverse=True)[:k]``, which keeps equal values in their
        order, and the ids are ascending; a C key instead of a tuple per id.)
        """
        return heapq.nlargest(k, self.ids, key=values.__getitem__)

    def set_unknown(self) -> None:
        self.unk_logp = min(map(self.logp.__getitem__, self.ids)) - UNK_PENALTY
        self.prob[-1] = math.exp(self.unk_logp)
        self._logs = None

    def build_lattices(self, which: Iterable[int]) -> None:
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

    def replacement(self) -> list[float]:
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

    def left(self, k: int) -> float:
        """The probability a node of piece ``k`` keeps when the piece is removed: 0, or the
        unknown probability for a character that may be pruned.

        subtle: this is ``prob[k] - replacement()[k]``, but that difference cancels (the
        unknown probability is e^-10 times the lowest one or less) and kept ~1e-7 relative
        error in a character's loss; read it here instead.
        """
        if not self.keep_single_chars and k < self.n_chars:
            return self.prob[-1]
        return 0.0

    def logs(self) -> list[float]:
        """Log-probabilities with the unknown slot last (for the rare log-space words)."""
        if self._logs is None:
            self._logs = [*self.logp, self.unk_logp]
        return self._logs

    def log_z(self, edges: list[Edge], length: int) -> float:
        return _edge_log_forward(edges, length, self.logs())[length]

    def final_pieces(self) -> list[tuple[str, float]]:
        order = sorted(self.ids, key=lambda k: (-self.logp[k], k))
        return [(self.vocab[k], self.logp[k]) for k in order]


def _duplicates(edges: list[Edge], first: int) -> frozenset[int] | None:
    """Removable piece ids that fit more than once in a word (``None``: there are none)."""
    ids = [k for _, _, k in edges if k >= first]
    if len(set(ids)) == len(ids):
        return None
    return frozenset(k for k, c in Counter(ids).items() if c > 1)
