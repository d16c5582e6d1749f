"""A pruning round: its words and the table of removal losses.

Example:
    >>> from subword_core.unigram import learn
    >>> steps = learn({"hug": 10, "pug": 5, "pun": 12}, vocab_size=6).steps
    >>> prune = next(s for s in steps if s.kind == "prune")
    >>> loss_table(prune).columns[0]
    'rank'
"""

from __future__ import annotations

import math

import pandas as pd

from subword_core.unigram import PruneStep
from ui.app.common import TABLE_CSS
from ui.app.i18n import join_sentences, translator
from ui.draw.html import badge_html, token_spans_html
from ui.views.unigram.text import ABOUT_ZERO, _list, _num, _tok, change_texts, loss_text, prob_text

t = translator("unigram")


def explain_prune(step: PruneStep, factor: float) -> str:
    """One pruning round in plain words, with its numbers (HTML)."""
    removed = step.vocab_before - step.vocab_after
    parts = [
        t(
            "Removing a piece lowers the likelihood: the words that used it must be split "
            "another way. That drop is the piece's <em>removal loss</em>, computed here for each "
            "of the <strong>{n:,}</strong> candidate pieces."
        ).format(n=step.candidates)
    ]
    if step.required:
        parts.append(
            t(
                "The {n} single characters are always kept, so every word can still be split."
            ).format(n=step.required)
        )
    pct = f"{round(factor * 100):d}%"
    if step.vocab_after > step.shrink_target:
        goal = t(
            "{pct} of {before:,} is {target:,}, fewer than the vocabulary size, so this round "
            "keeps {after:,}"
        )
    else:
        goal = t("{pct} of {before:,} is {after:,}, the size after this round")
    goal = goal.format(
        pct=pct, before=step.vocab_before, target=step.shrink_target, after=step.vocab_after
    )
    parts.append(
        t(
            "Each round keeps {pct} of the vocabulary: {goal}. So the "
            "<strong>{kept:,}</strong> candidates with the highest losses stay "
            "and <strong>{removed:,}</strong> go."
        ).format(pct=pct, goal=goal, kept=step.kept_candidates, removed=removed)
    )
    last_kept, first_gone = step.cut_loss
    kept_row = next((r for r in step.losses if r.rank == step.kept_candidates), None)
    gone_row = next((r for r in step.losses if r.rank == step.kept_candidates + 1), None)
    if kept_row and gone_row and last_kept is not None and first_gone is not None:
        parts.append(
            t(
                "The cut falls between {kept} (loss {kept_loss}) and {gone} (loss {gone_loss})."
            ).format(
                kept=_tok(kept_row.piece),
                kept_loss=loss_text(last_kept),
                gone=_tok(gone_row.piece),
                gone_loss=loss_text(first_gone),
            )
        )
    shown = [_tok(p) for p in step.removed[:5]]
    if len(step.removed) > 5:
        shown.append(t("{n:,} more").format(n=len(step.removed) - 5))
    if shown:
        parts.append(t("Removed: {pieces}.").format(pieces=_list(shown)))
    zero = sum(1 for r in step.losses if not r.kept and r.loss < 1e-6)
    if zero:
        parts.append(
            t(
                "A loss of about 0 means no segmentation really needed the piece: the words "
                "have other splits that are just as likely."
            )
        )
    diff = step.log_likelihood_after - step.log_likelihood_before
    before, after, shown = change_texts(step.log_likelihood_before, step.log_likelihood_after)
    if abs(diff) < ABOUT_ZERO:
        change = t(
            "The log-likelihood stays at {after} (change: about 0): the removed pieces were "
            "not needed by any likely segmentation."
        ).format(after=after)
    elif diff > 0:
        change = t(
            "The log-likelihood rises by {diff}, from {before} to <strong>{after}</strong>: "
            "scaling the kept pieces' probabilities back up to a total of 1 gains more than the "
            "removed pieces' segmentations cost."
        ).format(diff=shown.lstrip("+"), before=before, after=after)
    else:
        change = t(
            "The log-likelihood drops by {diff}, from {before} to <strong>{after}</strong> "
            "(the kept pieces' probabilities are scaled up to add up to 1 again)."
        ).format(diff=shown.replace("−", ""), before=before, after=after)
    parts.append(join_sentences(change, t("EM runs again next.")))
    return join_sentences(*parts)


def loss_table(step: PruneStep) -> pd.DataFrame:
    """The pruning round's loss rows by rank, with ``kept`` / ``removed``.

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5, "pun": 12}, 9).steps[3]
    >>> df = loss_table(step)
    >>> df["status"].tolist().count("removed") == step.vocab_before - step.vocab_after
    True
    """
    return pd.DataFrame(
        [
            {
                "rank": r.rank,
                "piece": r.piece,
                "loss": r.loss,
                "P": prob_text(math.exp(r.log_prob)),
                "expected count": round(r.count, 3),
                "status": "kept" if r.kept else "removed",
            }
            for r in step.losses
        ]
    )


def _loss_table_html(step: PruneStep, marker: str | None, head: int = 12, around: int = 8) -> str:
    """The loss rows as a table with the cut line: the top ``head`` rows and ``around`` rows
    on each side of the cut (every row when there are few), gaps marked."""
    cut = step.kept_candidates
    listed = [
        r
        for r in step.losses
        if len(step.losses) <= head + 2 * around
        or r.rank <= head
        or abs(r.rank - cut - 0.5) < around
    ]
    rows = []
    previous = 0
    for r in listed:
        if r.rank > previous + 1:
            gap = r.rank - previous - 1
            rows.append(
                "<tr class='sw-gap'><td colspan='6'>"
                + t.n("… {n:,} piece not listed …", "… {n:,} pieces not listed …", gap).format(
                    n=gap
                )
                + "</td></tr>"
            )
        if r.rank == step.kept_candidates + 1:
            rows.append(
                "<tr class='sw-cut'><td colspan='6'>"
                + t(
                    "✂ cut line: the {kept:,} pieces above stay, the {removed:,} below are removed"
                ).format(kept=step.kept_candidates, removed=step.candidates - step.kept_candidates)
                + "</td></tr>"
            )
        status = badge_html(t("kept"), "success") if r.kept else badge_html(t("removed"), "error")
        rows.append(
            f"<tr{'' if r.kept else ' class=sw-removed'}><td style='text-align:right'>"
            f"{r.rank}</td><td>{token_spans_html([r.piece], marker=marker)}</td>"
            f"<td style='text-align:right'>{loss_text(r.loss)}</td>"
            f"<td style='text-align:right'>{prob_text(math.exp(r.log_prob))}</td>"
            f"<td style='text-align:right'>{_num(r.count, 2)}</td><td>{status}</td></tr>"
        )
        previous = r.rank
    if previous < step.candidates:
        gap = step.candidates - previous
        rows.append(
            "<tr class='sw-gap'><td colspan='6'>… " + t("{n:,} more").format(n=gap) + " …</td></tr>"
        )
    css = (
        "<style>.sw-cut td{border-top:3px dashed rgb(214,39,40)!important;"
        "font-weight:700;color:rgb(214,39,40);text-align:center}"
        ".sw-gap td{opacity:.7;font-style:italic;text-align:center}"
        ".sw-removed td{opacity:.75}.sw-loss td{white-space:nowrap}</style>"
    )
    return (
        f"<table class='sw-table sw-loss'><thead><tr><th>{t('rank')}</th><th>{t('piece')}</th>"
        f"<th>{t('loss')}</th><th>P</th><th>{t('expected count')}</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS + css
    )
