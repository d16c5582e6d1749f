"""BPE-dropout (the page's first tab): each merge skipped with probability p, sampled many
times, and the segmentations it gives.

Example:
    >>> from subword_core.bpe import learn
    >>> df = dropout_samples(learn({"low": 5, "lower": 2}, 3).model, "low", 0.0, 0, 10)
    >>> df["segmentation"].tolist(), int(df["times"].iloc[0])
    (['low</w>'], 10)
"""

from __future__ import annotations

import random
from collections import Counter

import altair as alt
import pandas as pd
import streamlit as st

from subword_core.bpe import BPEModel, EncodeStep
from subword_core.text.corpus import Corpus
from subword_core.textbook import code
from ui.app.common import text_colour
from ui.app.i18n import sentence_gap, translator
from ui.app.limits import LIMITS, word_too_long
from ui.draw.charts import described, show_chart
from ui.draw.html import caption_html, esc, show_html, table_details_html, token_spans_html
from ui.merge_family.words import pair_html
from ui.study.code_panel import code_panel
from ui.study.notebook import dropout_cells, notebook_button
from ui.views.bpe_variants.settings import word_box

__all__ = ["MAX_SAMPLES", "dropout_iteration_html", "dropout_samples", "render_dropout"]

t = translator("family")


MAX_SAMPLES = LIMITS.dropout_samples


def dropout_iteration_html(step: EncodeStep, marker: str | None) -> str:
    """One iteration as seed 000 draws it: the learned pairs, dropped ones struck through."""
    parts = []
    for i, (pair, rank) in enumerate(step.pairs):
        if rank is None:
            continue
        text = f"{pair_html(pair)} <small>(#{rank})</small>"
        if i in step.dropped:
            parts.append(
                f"<s title='{esc(t('dropped this time'))}'>{text}</s> "
                f"<small>{esc(t('dropped'))}</small>"
            )
        elif step.merged == pair and i in step.positions:
            parts.append(f"<strong style='text-decoration:underline'>{text}</strong>")
        else:
            parts.append(text)
    kept = [i for i, (_, r) in enumerate(step.pairs) if r is not None and i not in step.dropped]
    if step.merged is not None:
        verdict = (
            t(
                "Of the learned pairs that survived, {pair} has the lowest merge number "
                "(#{rank}), so it is merged where it survived."
            )
            if step.dropped
            else t(
                "Of the learned pairs that survived, {pair} has the lowest merge number "
                "(#{rank}), so it is merged."
            )
        ).format(pair=pair_html(step.merged), rank=step.rank)
    elif step.dropped:
        verdict = t("Every learned pair present was dropped this time, so encoding stops here.")
    elif kept:
        verdict = t("Nothing left to merge.")  # pragma: no cover - a merge would have happened
    else:
        verdict = t("No pair present was ever learned, so encoding stops.")
    after = f"<div>→ {token_spans_html(step.result, marker=marker)}</div>" if step.merged else ""
    iteration = t("Iteration {n}.").format(n=step.number)
    return (
        "<div style='border-left:3px solid rgba(128,128,128,.5);padding:.2em .8em;margin:.4em 0'>"
        f"<div><strong>{iteration}</strong>{sentence_gap(iteration, '')}"
        f"{token_spans_html(step.symbols, marker=marker)}</div>"
        "<div class='sw-small'>"
        f"{t('Learned pairs present: {pairs}').format(pairs=t('; ').join(parts) or '—')}</div>"
        f"<div>{verdict}</div>{after}</div>"
    )


# Small by construction, so st.cache_data (copies are cheap): at most dropout_samples rows
# (5,000) of one word of at most dropout_word_chars (40) characters, under 1 MB an entry.
@st.cache_data(max_entries=32, show_spinner=False)
def dropout_samples(model: BPEModel, word: str, p: float, seed: int, n: int) -> pd.DataFrame:
    """Encode ``word`` ``n`` times with dropout ``p`` from one seed; count segmentations."""
    rng = random.Random(seed)
    counts = Counter(" ".join(model.encode(word, dropout=p, rng=rng)) for _ in range(n))
    rows = [{"segmentation": seg, "times": c, "share": c / n} for seg, c in counts.most_common()]
    return pd.DataFrame(rows)


def _dropout_distribution(model: BPEModel, word: str, p: float, seed: int) -> None:
    """The slider for N, and the chart and table of ``word``'s segmentations in N draws."""
    n = st.slider(t("Sample the same word N times"), 10, MAX_SAMPLES, 1000, 10, key="fam_dropout_n")
    df = dropout_samples(model, word, p, seed, int(n))
    chart = (
        alt.Chart(df.head(20))
        .mark_bar()
        .encode(
            y=alt.Y("segmentation:N", sort="-x", title=None, axis=alt.Axis(labelLimit=320)),
            x=alt.X("share:Q", title=t("share of the samples"), axis=alt.Axis(format="%")),
            tooltip=[
                alt.Tooltip("segmentation:N", title=t("segmentation")),
                alt.Tooltip("times:Q", title=t("times")),
                alt.Tooltip("share:Q", title=t("share"), format=".1%"),
            ],
        )
    )
    labels = chart.mark_text(align="left", dx=4, color=text_colour()).encode(
        text=alt.Text("share:Q", format=".1%")
    )
    shown = df.head(20)
    show_chart(
        described(
            (chart + labels).properties(height=max(80, 28 * min(len(df), 20))),
            t(
                "Bar chart: how often each segmentation of the word came out of the samples, "
                "most frequent first, with its share written next to the bar."
            ),
        ),
        description=_samples_description(df, shown, int(n)),
    )
    show_html(
        caption_html(
            t(
                "{kinds} different segmentations in {n} samples (seed {seed}). The model sees "
                "the word split in all these ways during training, which makes it robust to "
                "segmentation."
            ).format(kinds=len(df), n=f"{n:d}", seed=f"{seed:d}")
        )
        + table_details_html(
            t("Show the samples as a table"),
            [t("segmentation"), t("times"), t("share")],
            [(r.segmentation, int(r.times), f"{r.share:.1%}") for r in shown.itertuples()],
            caption=t("Segmentations drawn, as in the chart"),
        )
    )


def render_dropout(model: BPEModel, *, corpus: Corpus | None = None) -> None:
    """One replayable draw, iteration by iteration, and the distribution over many draws.

    ``corpus`` gives the default word (one not in it, built from its pieces).
    """
    c1, c2, c3 = st.columns([2, 1.4, 1])
    word = word_box(c1, "fam_dropout_word", corpus, "lowest")
    p = c2.slider(
        t("Dropout probability p"),
        0.0,
        1.0,
        0.3,
        0.05,
        key="fam_dropout_p",
        help=t("Each pair occurrence is dropped with this probability, anew in every iteration."),
    )
    seed = c3.number_input(
        # i18n: the random seed (a number), not a seed tutorial
        t("Seed"),
        0,
        2**31 - 1,
        0,
        1,
        key="fam_dropout_seed",
        help=t("The same seed gives the same draw: a whole class can replay it together."),
    )
    word = word.strip()
    if not word or any(ch.isspace() for ch in word):
        st.info(t("Type one word (no spaces) to see dropout at work."))
        return
    if len(word) > LIMITS.dropout_word_chars:
        st.warning(word_too_long(len(word), "dropout_word_chars", "BPE-dropout"))
        return
    marker = model.end_of_word or None
    note = {
        0.0: t("With p = 0 nothing is ever dropped: this is plain BPE."),
        1.0: t("With p = 1 every pair is dropped: the word stays in characters."),
    }.get(float(p), "")
    show_html(
        "<p>"
        + t(
            "BPE-dropout changes only how a word is <em>encoded</em>: in every iteration each "
            "pair occurrence is skipped with probability p, and the learned pair with the "
            "lowest merge number among the survivors is merged."
        )
        + " "
        + esc(note)
        + "</p>"
    )
    steps = model.encode_steps(word, dropout=float(p), rng=random.Random(int(seed)))
    for step in steps:
        show_html(dropout_iteration_html(step, marker))
    code_panel([code.bpe_dropout(s) for s in steps], key="fam_code_iteration")
    notebook_button("bpe_dropout", dropout_cells(model, word, float(p), int(seed)))
    show_html(
        f"<div><strong>{esc(t('This draw:'))}</strong> "
        + token_spans_html(steps[-1].result, marker=marker)
        + f" <span class='sw-small'>{esc(t('plain BPE:'))} </span>"
        + token_spans_html(model.encode(word), marker=marker)
        + "</div>"
    )
    _dropout_distribution(model, word, float(p), int(seed))


def _samples_description(df: pd.DataFrame, shown: pd.DataFrame, n: int) -> str | None:
    """The sample chart in words (read by screen readers), or ``None`` without samples."""
    if not len(df):
        return None
    if len(df) > len(shown):
        text = t(
            "Bar chart of {kinds} different segmentations in {n} samples, the {drawn} most "
            "frequent drawn."
        ).format(kinds=f"{len(df):,}", n=f"{n:,}", drawn=len(shown))
    else:
        text = t("Bar chart of {kinds} different segmentations in {n} samples.").format(
            kinds=f"{len(df):,}", n=f"{n:,}"
        )
    return (
        text
        + " "
        + t("Most frequent: {segmentation}, {share} of the samples.").format(
            segmentation=shown["segmentation"].iloc[0], share=f"{shown['share'].iloc[0]:.1%}"
        )
    )
