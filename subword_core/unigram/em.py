"""Unigram training, stages 2 and 3, EM: the E-step (expected counts by forward-backward over
each word's lattice) and the M-step (each piece's new probability from its expected count).
"""

from __future__ import annotations

import math

from subword_core.unigram.long_words import long_log_z, long_word_counts
from subword_core.unigram.state import _COUNT_FLOOR, _DIGAMMA_FLOOR, _TINY, _Trainer
from subword_core.unigram.steps import PieceStat


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


def e_step(trainer: _Trainer) -> tuple[list[float], float]:
    """Stage 2, E-step: expected counts of every piece and the corpus log-likelihood.

    Forward-backward over each word's lattice: a piece's expected count is the chance
    each segmentation gives it, summed over the segmentations and the corpus.

    Example:
        >>> from subword_core.unigram.seed import seed_vocabulary
        >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
        >>> _ = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> counts, ll = e_step(trainer)
        >>> round(ll, 2), round(counts[trainer.vocab.index("hug")], 2)
        (-50.08, 8.05)
    """
    P = trainer.prob
    counts = [0.0] * len(P)
    ll = 0.0
    log = math.log
    scaled = trainer.scaled
    for w_index, (edges, w, n) in enumerate(
        zip(trainer.lattices, trainer.words, trainer.freqs, strict=True)
    ):
        length = len(w)
        if scaled[w_index]:
            ll += long_word_counts(trainer, edges, length, n, counts)
            continue
        a = [0.0] * (length + 1)
        a[0] = 1.0
        for i, j, k in edges:
            a[j] += a[i] * P[k]
        z = a[length]
        if z < _TINY:
            scaled[w_index] = True
            ll += long_word_counts(trainer, edges, length, n, counts)
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


def log_likelihood(trainer: _Trainer) -> float:
    P = trainer.prob
    ll = 0.0
    for edges, w, n, scaled in zip(
        trainer.lattices, trainer.words, trainer.freqs, trainer.scaled, strict=True
    ):
        length = len(w)
        if scaled:
            ll += n * long_log_z(trainer, edges, length)
            continue
        a = [0.0] * (length + 1)
        a[0] = 1.0
        for i, j, k in edges:
            a[j] += a[i] * P[k]
        z = a[length]
        ll += n * (math.log(z) if z >= _TINY else long_log_z(trainer, edges, length))
    return ll


def m_step(trainer: _Trainer, counts: list[float]) -> tuple[tuple[PieceStat, ...], float]:
    """Stage 3, M-step: each piece's new probability from its expected count.

    Maximum likelihood: count / total (or, with ``digamma``, sentencepiece's Bayesian
    update). Returns the table's rows (the ``top_k`` most probable) and the total.

    Example:
        >>> from subword_core.unigram.seed import seed_vocabulary
        >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
        >>> _ = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> stats, total = m_step(trainer, e_step(trainer)[0])
        >>> round(total, 2), [(s.piece, round(s.prob, 3)) for s in stats[:2]]
        (25.28, [('hug', 0.318), ('pug', 0.151)])
    """
    ids = trainer.ids
    kept = [max(counts[k], _COUNT_FLOOR) for k in ids]
    total = math.fsum(kept)
    old = list(trainer.logp)
    logp = trainer.logp
    prob = trainer.prob
    if trainer.digamma:
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
    trainer.set_unknown()
    trainer.counts = counts
    top = trainer.top_ids_by(logp, trainer.top_k)
    stats = tuple(PieceStat(trainer.vocab[k], counts[k], logp[k], old[k]) for k in top)
    return stats, total
