"""Unigram training, stage 5, pruning: keep the pieces with the highest removal loss."""

from __future__ import annotations

import math

from subword_core.unigram.loss import _Pending, exact_loss
from subword_core.unigram.state import _duplicates, _Trainer
from subword_core.unigram.steps import PieceLoss, PruneStep


def settle(trainer: _Trainer, loss: list[float], pending: _Pending, cut: int) -> None:
    """Make exact every loss the ranking needs: for the cut and for the listed rows.

    A piece with only bounds [low, high] is left alone when it surely lies on one side:
    above the cut (low above the cut-th largest upper bound) or below it (high below the
    cut-th largest lower bound), and likewise outside the top ``top_k`` rows and the
    rows around the cut. Sorting such a piece by its lower bound then puts it on the
    right side of every line that matters.
    """
    candidates = [k for k in trainer.ids if k >= trainer.first]
    count = len(candidates)
    top_k, boundary = trainer.top_k, trainer.boundary
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
            exact_loss(trainer, k, pending, loss)


def prune_round(
    trainer: _Trainer,
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
        >>> from subword_core.unigram.em import e_step, m_step
        >>> from subword_core.unigram.loss import removal_losses
        >>> from subword_core.unigram.seed import seed_vocabulary
        >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
        >>> _ = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> _ = m_step(trainer, e_step(trainer)[0])
        >>> ll, loss, pending = removal_losses(trainer)
        >>> step = prune_round(trainer, loss, pending, 7, 0.75, 1, 4, ll)
        >>> step.vocab_before, step.vocab_after, step.removed[:2]
        (13, 7, ('hugs', 'ug'))
    """
    size = trainer.size
    first = trainer.first
    logp = trainer.logp
    candidates = [k for k in trainer.ids if k >= first]
    required = size - len(candidates)
    cut = target - required
    settle(trainer, loss, pending, cut)
    value = {k: loss[k] + pending.low.get(k, 0.0) for k in candidates}
    # subtle: equal losses (often 0 for pieces no segmentation really needs) are broken
    # by probability, then by seed order, so a run is always the same.
    order = sorted((-value[k], -logp[k], k) for k in candidates)
    ranked = [k for _, _, k in order]
    rows_at = set(range(min(trainer.top_k, len(ranked))))
    rows_at |= set(range(max(0, cut - trainer.boundary), min(len(ranked), cut + trainer.boundary)))
    rows = tuple(
        PieceLoss(
            rank=r + 1,
            piece=trainer.vocab[ranked[r]],
            loss=max(loss[ranked[r]], 0.0),
            log_prob=logp[ranked[r]],
            count=trainer.counts[ranked[r]],
            kept=r < cut,
        )
        for r in sorted(rows_at)
    )
    removed_ids = ranked[cut:]
    # the removed rows by rank (highest loss first), then the others in seed order
    listed = [ranked[r] for r in sorted(rows_at) if r >= cut]
    shown = set(listed)
    removed_order = listed + sorted(k for k in removed_ids if k not in shown)
    alive = trainer.alive
    for k in removed_ids:
        alive[k] = False
        trainer.prob[k] = 0.0
    trainer.ids = [k for k in trainer.ids if alive[k]]
    # renormalise in log space: with the digamma M-step a probability may underflow to 0
    top = max(logp[k] for k in trainer.ids)
    log_total = top + math.log(math.fsum(math.exp(logp[k] - top) for k in trainer.ids))
    for k in trainer.ids:
        logp[k] -= log_total
        trainer.prob[k] = math.exp(logp[k])
    trainer.set_unknown()
    touched: list[int] = []
    for w_index, edges in enumerate(trainer.lattices):
        kept_edges = [e for e in edges if alive[e[2]]]
        if len(kept_edges) != len(edges):
            trainer.lattices[w_index] = kept_edges
            if trainer.dups[w_index] is not None:
                trainer.dups[w_index] = _duplicates(kept_edges, first)
            touched.append(w_index)
    if any(len(trainer.vocab[k]) == 1 for k in removed_ids):
        trainer.all_chars = False
        trainer.build_lattices(touched)
    return PruneStep(
        number=number,
        round=round_no,
        vocab_before=size,
        vocab_after=trainer.size,
        shrink_target=int(size * factor),
        required=required,
        candidates=len(ranked),
        kept_candidates=cut,
        losses=rows,
        losses_omitted=len(ranked) - len(rows),
        removed=tuple(trainer.vocab[k] for k in removed_order),
        log_likelihood_before=ll,
        log_likelihood_after=math.nan,
    )
