"""BPE, learn merges: one step of the merge-by-merge player (``pages/bpe_learn.py``).

A step shows its sentence (:mod:`ui.merge_family.explain`), the pair counts
(:mod:`ui.merge_family.pair_chart`), the corpus after it, the vocabulary
(:mod:`ui.views.bpe.vocabulary`), the tie box and the merge table so far.

Example::

    from ui.views.bpe.learn import render_learn_step
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from subword_core.bpe import BPEResult, MergeStep
from subword_core.text.corpus import Corpus
from subword_core.textbook import code
from ui.app.i18n import translator
from ui.app.quiz import quiz_gate
from ui.classroom import class_gate, merge_ask
from ui.draw.html import badge_html, caption_html, heading_html, show_html
from ui.merge_family.corpus_table import corpus_rows, segmentation_table_html
from ui.merge_family.explain import explain_step
from ui.merge_family.merge_table import merge_table, merge_table_shown
from ui.merge_family.pair_chart import (
    pair_chart_data,
    pair_table_html,
    pairs_left_out,
    show_pair_chart,
)
from ui.merge_family.quiz import quiz_verdict
from ui.merge_family.ties import rerun_if_retrain_requested, tie_picker
from ui.merge_family.words import pair_html, symbol_html
from ui.study.code_panel import code_panel
from ui.views.bpe.settings import DEFAULTS, SHADOW, TIES_NS, BPESettings
from ui.views.bpe.vocabulary import show_vocab_chart, two_vocabularies_html, vocab_chart_data

__all__ = ["render_learn_step"]

t = translator("bpe")


def _hidden_step(result: BPEResult, step: MergeStep, corpus: Corpus, *, quiz: bool) -> bool:
    """Draw the corpus before ``step`` while its question is open (the quiz, a live class).

    True when the step is hidden, so the caller draws nothing more.
    """
    options = [pc.pair for pc in step.pair_counts[:12]]
    # a live class's question (ui.classroom): hidden until the teacher reveals it
    shown = step.merged is None or class_gate(
        merge_ask("bpe_learn", step.number, options, partial(quiz_verdict, step))
    )
    if (quiz or not shown) and step.merged is not None:
        settings: BPESettings = st.session_state.get(SHADOW, DEFAULTS)
        if not shown or not quiz_gate(
            TIES_NS, (corpus, settings), step.number, options, partial(quiz_verdict, step)
        ):
            if step.number == 1:
                st.markdown(t("**The corpus at the start**"))
            else:
                st.markdown(t("**The corpus after merge {n}**").format(n=step.number - 1))
            show_html(
                segmentation_table_html(
                    [(w, c, s, False) for w, c, s, _ in corpus_rows(result, step.number - 1)],
                    None,
                    marker=result.model.end_of_word or None,
                    # i18n: the corpus table's column in quiz mode: the step is not done yet
                    heading=t("segmentation before this step"),
                )
            )
            return True
    return False


def _pair_counts_column(step: MergeStep) -> None:
    """The left column of a learning step: the pair counts' chart and table."""
    st.markdown(t("**Pair counts before merge {n}**").format(n=f"{step.number:d}"))
    pairs = pair_chart_data(step)
    if pairs.num_rows == 0:
        st.info(t("No pairs: every word is a single symbol."))
        caption = ""
    else:
        drawn = pairs.num_rows
        left_out = pairs_left_out(step, drawn)
        show_pair_chart(pairs, step.min_frequency, left_out)
        shown = (
            t("The {drawn} most frequent of {total} pairs (+{more} more not drawn).").format(
                drawn=drawn, total=f"{step.pairs_total:,}", more=f"{left_out:,}"
            )
            if left_out
            else t("All {n} pairs.").format(n=step.pairs_total)
        )
        caption = caption_html(
            shown
            + " "
            + t(
                "★ merged (red bar); tie: tied with it (orange); dashed line: the minimum "
                "pair count."
            )
        ) + pair_table_html(pairs)
    if caption:
        show_html(caption)


def _corpus_column(result: BPEResult, step: MergeStep, corpus: Corpus) -> None:
    """The right column of a learning step: the corpus after it and the vocabulary's size."""
    heading = (
        t("The corpus after merge {n}").format(n=step.number)
        if step.merged
        else t("The corpus after the last merge")
    )
    rows = corpus_rows(result, step.number)
    more = ""
    if len(corpus) > len(rows):
        more = caption_html(
            t(
                "Showing {shown} of {total} words: those this merge changed first, then the "
                "most frequent."
            ).format(shown=len(rows), total=len(corpus))
        )
    show_html(
        heading_html(heading)
        + segmentation_table_html(
            rows,
            step.merged_symbol,
            marker=result.model.end_of_word or None,
        )
        + more
        + heading_html(t("Symbols in the corpus after each merge"))
    )
    show_vocab_chart(vocab_chart_data(result), step.number)
    show_html(two_vocabularies_html(result, step.number))


def render_learn_step(
    result: BPEResult, step_number: int, corpus: Corpus, *, quiz: bool = False
) -> None:
    """Draw one learning step: the sentence, counts, words, merges and vocabulary.

    With ``quiz`` on, the step stays hidden until the student has guessed its pair.
    """
    rerun_if_retrain_requested(TIES_NS)
    step = result.steps[step_number - 1]
    if _hidden_step(result, step, corpus, quiz=quiz):
        return
    words = corpus.words
    title = (
        t("Merge {n}: {pair} → {symbol}").format(
            n=step.number, pair=pair_html(step.merged), symbol=symbol_html(step.merged_symbol or "")
        )
        if step.merged
        else t("Step {n}: learning stops").format(n=step.number)
    )
    badges = []
    if step.is_tie:
        badges.append(badge_html(t("tie × {n}").format(n=f"{step.ties_total:,}"), "warning"))
    if step.merged is not None:
        kind = "success" if step.vocab_delta > 0 else "info" if step.vocab_delta == 0 else "error"
        badges.append(
            badge_html(
                t("symbols in the corpus {change}").format(change=f"{step.vocab_delta:+d}"), kind
            )
        )
    show_html(
        f"<h3 style='margin:.2em 0'>{title} {' '.join(badges)}</h3>"
        f"<p class='sw-text' style='font-size:1.08em'>"
        f"{explain_step(step, words, result.steps[-1].number)}</p>"
    )
    tie_break = st.session_state.get(SHADOW, DEFAULTS).tie_break
    code_panel(code.bpe_merge(result, step.number, tie_break))

    # subtle: one row of two columns, with headings and captions inside the HTML blocks
    # next to them where they can go. Every element is a message to the browser and costs
    # server time at each step change of each session (scripts/load_ws.py).
    left, right = st.columns([1, 1.15])
    with left:
        _pair_counts_column(step)
    with right:
        _corpus_column(result, step, corpus)
    if step.is_tie and step.merged is not None:
        settings = st.session_state.get(SHADOW, DEFAULTS)
        tie_picker(TIES_NS, (corpus, settings), step.number, step.tied, step.merged)

    show_html(heading_html(t("Merge table so far (this is the model)")))
    st.dataframe(
        merge_table_shown(merge_table(result, step.number)), hide_index=True, width="stretch"
    )
