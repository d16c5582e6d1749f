"""An EM step in words: the E-step's expected counts and the M-step's new probabilities.

The step's table is :func:`ui.views.unigram.seed.piece_table` (a seed and an EM step list
the same columns).
"""

from __future__ import annotations

import math

from subword_core.unigram import EMStep
from ui.app.i18n import join_sentences, translator
from ui.views.unigram.text import ABOUT_ZERO, _list, _num, _tok, change_texts, prob_text

t = translator("unigram")


def explain_em(step: EMStep) -> str:
    """One EM iteration in plain words, with its numbers (HTML)."""
    parts = [
        t(
            "<strong>E-step:</strong> every way of splitting every word is weighted by its "
            "probability (summed over the word's lattice by forward-backward); a piece's "
            "<em>expected count</em> adds up those weights, times the word's count. "
            "In all, the corpus is expected to hold <strong>{total}</strong> pieces."
        ).format(total=_num(step.total_count, 1))
    ]
    if step.digamma:
        parts.append(
            t(
                "<strong>M-step (digamma):</strong> log P = ψ(expected count) − ψ(total), which "
                "lowers rare pieces more than frequent ones."
            )
        )
    else:
        parts.append(
            t(
                "<strong>M-step:</strong> each piece's new probability is its expected count "
                "divided by {total}."
            ).format(total=_num(step.total_count, 1))
        )
    movers = sorted(
        (s for s in step.pieces if s.prev_log_prob is not None),
        key=lambda s: -abs(s.prob - math.exp(s.prev_log_prob or 0.0)),
    )[:2]
    if movers:
        moved = [
            t("{piece} {before} → {after} (expected {count} times)").format(
                piece=_tok(s.piece),
                before=prob_text(math.exp(s.prev_log_prob or 0.0)),
                after=prob_text(s.prob),
                count=_num(s.count, 2),
            )
            for s in movers
        ]
        parts.append(t("Biggest changes shown: {moved}.").format(moved=_list(moved)))
    gain = step.gain
    before, after, change = change_texts(step.log_likelihood_before, step.log_likelihood)
    if gain >= 0:
        rises = (
            t("The log-likelihood rises from {before} to <strong>{after}</strong> ({gain}):")
            if gain >= ABOUT_ZERO
            else t("The log-likelihood stays at {after} (change: {gain}):")
        )
        parts.append(
            rises.format(before=before, after=after, gain=change)
            + " "
            + (
                t("EM never lowers it.")
                if not step.digamma
                else t("(with the digamma M-step it could also drop).")
            )
        )
    else:
        parts.append(
            t(
                "The log-likelihood drops from {before} to <strong>{after}</strong>: the digamma "
                "M-step does not maximise the likelihood."
            ).format(before=before, after=after)
        )
    if step.final:
        parts.append(
            t(
                "<strong>Done:</strong> the vocabulary has {n:,} pieces, the size you "
                "asked for, so training stops here."
            ).format(n=step.vocab_size)
        )
    return join_sentences(*parts)
