"""Unigram training, long words: forward and backward sums rescaled so they never underflow.

A word too improbable for plain floats (a long one: running text without spaces) gets its
sums rescaled whenever they fall below ``_RESCALE``; :class:`_LongWord` keeps them for the
removal losses (:mod:`.loss`), :func:`long_word_counts` is the E-step for such a word.
"""

from __future__ import annotations

import math

from subword_core.unigram.lattice import Edge, _edge_log_backward, _edge_log_forward
from subword_core.unigram.state import _RESCALE, _Trainer


def log_space_counts(
    trainer: _Trainer, edges: list[Edge], length: int, n: int, counts: list[float]
) -> float:
    """The E-step for one (very improbable, or very long) word in log space: adds its
    expected counts, returns n x log P(word). (The losses: :func:`.loss._log_space_losses`.)
    """
    logs = trainer.logs()
    fwd = _edge_log_forward(edges, length, logs)
    bwd = _edge_log_backward(edges, length, logs)
    log_z = fwd[length]
    for i, j, k in edges:
        counts[k] += n * math.exp(fwd[i] + logs[k] + bwd[j] - log_z)
    return n * log_z


def long_word(trainer: _Trainer, edges: list[Edge], length: int) -> _LongWord | None:
    """The scaled sums of a word too improbable for plain floats (``None``: they fail)."""
    return _LongWord.build(edges, length, trainer.prob, trainer.logs(), trainer.max_len)


def long_log_z(trainer: _Trainer, edges: list[Edge], length: int) -> float:
    scaled = _scaled_forward(edges, length, trainer.prob)
    if scaled is None:
        return trainer.log_z(edges, length)
    a, sa, _ = scaled
    return math.log(a[length]) + sa[length]


def long_word_counts(
    trainer: _Trainer, edges: list[Edge], length: int, n: int, counts: list[float]
) -> float:
    """The E-step for one long word: adds its expected counts, returns n x log P(word).

    subtle: the backward pass and the counts share one loop, as in :func:`.em.e_step`. While
    the edges starting at i are read, every backward sum they read has the same scale
    (see :func:`_scaled_backward`), so a node's posterior is ``w * P[k] * b[j]`` with
    one factor ``w`` per start: one exp per position, not one per node.
    """
    P = trainer.prob
    forward = _scaled_forward(edges, length, P)
    if forward is None:
        return log_space_counts(trainer, edges, length, n, counts)
    a, sa, _ = forward
    log_z = math.log(a[length]) + sa[length]
    exp, log = math.exp, math.log
    max_len = trainer.max_len
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


class _LongWord:
    """The forward and backward sums of a word too long (too improbable) for plain floats.

    The sums are rescaled to 1 whenever they fall below ``_RESCALE``: the true forward sum
    at x is ``a[x] * exp(sa[x])``, the true backward sum ``b[x] * exp(sb[x])``, and ``la``,
    ``lb`` are their logs. ``events`` maps a position to the factor the forward sums from
    there on were multiplied by, so that a pass without one piece can replay them.
    ``nodes`` maps a piece that fits several times to its nodes, flat (see
    :func:`.loss._flat_groups`), filled in by :func:`.loss.removal_losses`; ``groups`` the
    groups of them whose loss is still to compute (:func:`.loss._add_bounds`).
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
