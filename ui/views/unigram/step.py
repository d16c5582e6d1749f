"""The step player's view of one training step (seed, EM or pruning) and its title.

The page hands :func:`render_train_step` and :func:`describe_step` to the step player.
"""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from subword_core.text.corpus import Corpus
from subword_core.textbook import code
from subword_core.unigram import EMStep, PruneStep, SeedStep, Unigram, UnigramResult
from ui.app.common import TABLE_CSS
from ui.app.i18n import current_language, translator
from ui.classroom import class_gate, prune_ask
from ui.draw.charts import show_template
from ui.draw.html import badge_html, caption_html, esc, heading_html, show_html, token_spans_html
from ui.study.code_panel import code_panel
from ui.views.unigram.em import explain_em
from ui.views.unigram.likelihood import (
    _likelihood_chart,
    _likelihood_table_html,
    _zoomed_likelihood_chart,
    likelihood_chart_data,
)
from ui.views.unigram.params import TABLE_ROWS, _shown
from ui.views.unigram.prune import _loss_table_html, explain_prune
from ui.views.unigram.seed import explain_seed, piece_table
from ui.views.unigram.settings import UnigramSettings
from ui.views.unigram.text import change_texts, seg_text

t = translator("unigram")


def _step_title(step: SeedStep | EMStep | PruneStep) -> str:
    if isinstance(step, SeedStep):
        return t("Step {n}: the seed vocabulary ({size:,} pieces)").format(
            n=step.number, size=step.vocab_size
        )
    if isinstance(step, EMStep):
        if step.round == 0:
            title = t("Step {n}: EM iteration {iteration}, before any pruning")
        else:
            title = t("Step {n}: EM iteration {iteration}, after pruning round {round}")
        return title.format(n=step.number, iteration=step.iteration, round=step.round)
    return t("Step {n}: pruning round {round}, {before:,} → {after:,} pieces").format(
        n=step.number, round=step.round, before=step.vocab_before, after=step.vocab_after
    )


def describe_step(result: UnigramResult, number: int) -> str:
    """A one-line description for the player's counter (plain text)."""
    step = result.steps[number - 1]
    if isinstance(step, SeedStep):
        return t("seed: {n:,} pieces").format(n=step.vocab_size)
    if isinstance(step, EMStep):
        return t("EM {iteration} of round {round}").format(
            iteration=step.iteration, round=step.round
        )
    return t("pruning {before:,} → {after:,}").format(
        before=step.vocab_before, after=step.vocab_after
    )


def corpus_segmentations(
    step: SeedStep | EMStep, corpus: Corpus, word_start: str
) -> list[tuple[str, int, tuple[str, ...], list[tuple[str, ...]]]] | None:
    """Each (frequent) corpus word, its best segmentation under the step's model, and the
    other segmentations exactly as probable (a tie).

    ``None`` when the step does not list every piece (a large vocabulary).

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5}, 5).steps[2]
    >>> corpus_segmentations(step, Corpus.from_counts({"hug": 10, "pug": 5}), "")[0]
    ('hug', 10, ('hug',), [])
    """
    if step.pieces_omitted or not step.pieces:
        return None
    model = Unigram([(s.piece, s.log_prob) for s in step.pieces])
    items = sorted(corpus.items, key=lambda wc: -wc[1])[:TABLE_ROWS]
    rows = []
    for w, n in items:
        best, *others = model.nbest(word_start + w, 4)
        tied = [o.pieces for o in others if math.isclose(o.log_prob, best.log_prob, rel_tol=1e-12)]
        rows.append((w, n, best.pieces, tied))
    return rows


# --------------------------------------------------------------------------------------
# The step player's view
# --------------------------------------------------------------------------------------


def _textbook_settings(settings: UnigramSettings) -> dict[str, Any]:
    """The settings ``subword_core.textbook.code.unigram_step`` rebuilds a call with."""
    seed = settings.seed_size or max(5 * settings.vocab_size, 1000)
    return {
        "seed_size": seed,
        "max_piece_length": settings.max_piece_length,
        "shrinking_factor": settings.shrinking_factor,
        "seed_list": settings.seed_list,
        "keep_single_chars": settings.keep_single_chars,
    }


def _likelihood_column(result: UnigramResult, number: int) -> None:
    """The left column of a training step: the corpus log-likelihood over the steps."""
    st.markdown("**" + t("Corpus log-likelihood after each step") + "**")
    steps = likelihood_chart_data(result)
    current = [r for r in steps.to_pylist() if r["step"] == number]
    if current:
        description = t(
            "Line chart of the corpus log-likelihood over {n:,} steps; at this step "
            "({what}): {ll} with {pieces:,} pieces."
        ).format(
            n=steps.num_rows,
            what=current[0]["what"],
            ll=f"{current[0]['log-likelihood']:,.2f}",
            pieces=current[0]["pieces"],
        )
    else:
        description = t("Line chart of the corpus log-likelihood over {n:,} steps.").format(
            n=steps.num_rows
        )
    show_template(
        _likelihood_chart,
        (current_language(),),
        {"steps": steps, "now": {"step": [number]}},
        description=description,
        width="stretch",
    )
    show_html(
        caption_html(
            t(
                "◆ the seed (grey); ● EM iterations (blue, never down); ▼ pruning rounds "
                "(red). The vertical line marks this step."
            )
        )
    )
    _zoomed_likelihood_chart(steps, number)
    show_html(_likelihood_table_html(steps))


def _pieces_column(
    step: SeedStep | EMStep | PruneStep, corpus: Corpus, settings: UnigramSettings
) -> None:
    """The right column of a training step: the removal losses, or the pieces and the
    corpus words' segmentations."""
    marker = settings.word_start or None
    if isinstance(step, PruneStep):
        listed = (
            caption_html(
                t(
                    "Listed: the highest losses and the pieces on both sides of the cut, of "
                    "{n:,} candidates."
                ).format(n=step.candidates)
            )
            if step.candidates > len(step.losses) or len(step.losses) > 28
            else ""
        )
        show_html(
            heading_html(t("Removal losses, round {round}").format(round=step.round))
            + _loss_table_html(step, marker)
            + listed
        )
    else:
        heading = (
            t("Seed pieces, their counts and starting probabilities")
            if isinstance(step, SeedStep)
            else t("Pieces after this iteration, most probable first")
        )
        st.markdown("**" + heading + "**")
        st.dataframe(_shown(piece_table(step)), hide_index=True, width="stretch", height=360)
        omitted = (
            caption_html(
                t("{shown} of {n:,} pieces listed ({more:,} more not shown).").format(
                    shown=len(step.pieces), n=step.vocab_size, more=step.pieces_omitted
                )
            )
            if step.pieces_omitted
            else ""
        )
        _corpus_words(step, corpus, settings, omitted)


def _corpus_words(
    step: SeedStep | EMStep, corpus: Corpus, settings: UnigramSettings, omitted: str
) -> None:
    """The corpus words' best segmentation after ``step``, under the ``omitted`` caption."""
    marker = settings.word_start or None
    rows = corpus_segmentations(step, corpus, settings.word_start)
    if rows is None:
        if omitted:
            show_html(omitted)
    else:
        # one HTML block for the caption, the heading and the table (fewer elements
        # to send at every step change)
        body = "".join(
            f"<tr><td>{esc(w)}</td><td style='text-align:right'>{n}</td>"
            f"<td>{token_spans_html(list(p), marker=marker)}"
            + (
                " "
                + badge_html(t("tie"), "warning")
                + " <span class='sw-small'>"
                + t("just as probable: {others}").format(
                    others=esc(", ".join(seg_text(s) for s in tied))
                )
                + "</span>"
                if tied
                else ""
            )
            + "</td></tr>"
            for w, n, p, tied in rows
        )
        show_html(
            omitted
            + heading_html(t("The corpus words' best segmentation now (Viterbi)"))
            + f"<table class='sw-table'><thead><tr><th>{t('word')}</th>"
            f"<th>{t('count')}</th><th>{t('best segmentation')}</th></tr></thead>"
            f"<tbody>{body}</tbody></table>" + TABLE_CSS
        )


def render_train_step(
    result: UnigramResult, number: int, settings: UnigramSettings, corpus: Corpus
) -> None:
    """Draw one training step: title, explanation, likelihood chart, the step's table."""
    step = result.steps[number - 1]
    if isinstance(step, PruneStep) and not class_gate(prune_ask("unigram", step)):
        return  # a live class's question (ui.classroom): hidden until the reveal
    if isinstance(step, SeedStep):
        text = explain_seed(step, settings.max_piece_length)
        badge = badge_html(t("seed"), "neutral")
    elif isinstance(step, EMStep):
        text = explain_em(step)
        gain = change_texts(step.log_likelihood_before, step.log_likelihood)[2]
        badge = badge_html(t("log-likelihood {gain}").format(gain=gain), "info")
    else:
        text = explain_prune(step, settings.shrinking_factor)
        change = f"{step.vocab_after - step.vocab_before:+d}"
        badge = badge_html(t("{change} pieces").format(change=change), "error")
    show_html(
        f"<h3 style='margin:.2em 0'>{esc(_step_title(step))} {badge}</h3>"
        f"<p class='sw-text' style='font-size:1.08em'>{text}</p>"
    )
    left, right = st.columns([1, 1.2])
    with left:
        _likelihood_column(result, number)
    with right:
        _pieces_column(step, corpus, settings)
    # after the chart and table, so they start on a projector's first screen when presenting
    code_panel(code.unigram_step(result, number, **_textbook_settings(settings)))
