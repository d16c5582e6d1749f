"""Sampling segmentations of a word (subword regularization): the draws against the exact
shares, as a table and a chart.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import altair as alt
import pandas as pd
import streamlit as st

from subword_core.unigram import Unigram
from ui.app.common import persisted
from ui.app.i18n import current_language, translator
from ui.draw.charts import label_axis, show_template, top_legend
from ui.draw.html import show_html
from ui.views.unigram.params import HIST_ROWS, MAX_SAMPLES, _shown
from ui.views.unigram.text import seg_text

t = translator("unigram")


def sample_table(
    model: Unigram, word: str, alpha: float, n: int, seed: int, rows: int = HIST_ROWS
) -> tuple[pd.DataFrame, float]:
    """Draw ``n`` segmentations (seeded) and set their shares next to the exact ones.

    Returns the table (the ``rows`` most drawn segmentations, then one ``other`` row) and
    the total variation distance between the sampled and the exact distribution.

    >>> model = Unigram([("a", -1.0), ("aa", -1.0)])
    >>> df, tv = sample_table(model, "aa", 1.0, 400, 1)
    >>> sorted(df["segmentation"]), round(float(df["exact share"].sum()), 6)
    (['a · a', 'aa'], 1.0)
    """
    draws = model.sample_many(word, alpha, random.Random(seed), n)
    counts = Counter(tuple(d) for d in draws)
    log_z = model.word_log_prob(word, alpha)

    def exact(pieces: tuple[str, ...]) -> float:
        return math.exp(alpha * model.score(list(pieces)) - log_z)

    ranked = sorted(counts.items(), key=lambda pc: (-pc[1], -exact(pc[0])))
    shown = ranked[:rows]
    out = [
        {
            "segmentation": seg_text(p),
            "drawn": c,
            "sampled share": c / n,
            "exact share": exact(p),
        }
        for p, c in shown
    ]
    other_drawn = sum(c for _, c in ranked[rows:])
    other_exact = 1.0 - sum(exact(p) for p, _ in shown)
    if other_drawn or other_exact > 1e-9:
        out.append(
            {
                "segmentation": t("(all others)"),
                "drawn": other_drawn,
                "sampled share": other_drawn / n,
                "exact share": max(other_exact, 0.0),
            }
        )
    # total variation: |sampled - exact| over drawn segmentations plus the never-drawn mass
    drawn_exact = sum(exact(p) for p in counts)
    tv = 0.5 * (sum(abs(c / n - exact(p)) for p, c in counts.items()) + max(1.0 - drawn_exact, 0.0))
    return pd.DataFrame(out), tv


_SHARE_COLOURS = {"sampled share": "#1f77b4", "exact share": "#ff9f1c"}


def _share_labels() -> dict[str, str]:
    """The two kinds of share of the sampling chart, by id, in the session's language."""
    return {"sampled share": t("sampled share"), "exact share": t("exact share")}


def _sample_chart(lang: str = "en") -> alt.Chart:
    """Sampled against exact shares, a template (see :mod:`ui.draw.charts`); ``lang``: the
    language of its legend, titles and description (see :func:`_likelihood_chart`).

    Its data: ``shares`` (:func:`_sample_shares`: one row per segmentation and kind).
    """
    labels = _share_labels()
    domain = [labels[k] for k in _SHARE_COLOURS]
    return (
        alt.Chart(alt.NamedData("shares"))
        .mark_bar(stroke="currentColor", strokeWidth=0.5)
        .encode(
            y=alt.Y(
                "segmentation:N",
                sort=alt.EncodingSortField(field="order", op="min", order="ascending"),
                title=None,
                axis=label_axis(),
            ),
            yOffset="kind:N",
            x=alt.X("share:Q", title=t("share"), axis=alt.Axis(format="%")),
            color=alt.Color(
                "kind:N",
                scale=alt.Scale(domain=domain, range=list(_SHARE_COLOURS.values())),
                legend=top_legend(domain),
            ),
            tooltip=[
                alt.Tooltip("segmentation:N", title=t("segmentation")),
                # i18n: the sampling chart's tooltip: sampled or exact share
                alt.Tooltip("kind:N", title=t("kind")),
                alt.Tooltip("share:Q", format=".3f", title=t("share")),
            ],
        )
        .properties(
            description=t(
                "Grouped bar chart: for each segmentation of the word, the share of "
                "the draws that gave it (sampled) next to its exact share; the same numbers "
                "are in the table beside it."
            )
        )
    )


def _sample_shares(table: pd.DataFrame) -> pd.DataFrame:
    """The sample table in long form for :func:`_sample_chart`, in the table's order; the
    kinds in the session's language (as the chart's legend names them).

    >>> table = pd.DataFrame(
    ...     {"segmentation": ["a b", "ab"], "sampled share": [0.6, 0.4], "exact share": [0.5, 0.5]}
    ... )
    >>> _sample_shares(table).values.tolist()[:2]
    [['a b', 'sampled share', 0.6, 0], ['ab', 'sampled share', 0.4, 1]]
    """
    long = table.assign(order=range(len(table))).melt(
        id_vars=["segmentation", "order"],
        value_vars=["sampled share", "exact share"],
        var_name="kind",
        value_name="share",
    )
    long["kind"] = long["kind"].map(_share_labels())
    return long[["segmentation", "kind", "share", "order"]]


def _render_sampling(model: Unigram, word: str) -> None:
    c1, c2, c3 = st.columns(3)
    alpha = c1.slider(
        t("α (smoothing)"),
        min_value=0.0,
        max_value=2.0,
        step=0.05,
        key="uni_alpha",
        persist_state=persisted("uni_alpha"),
        help=t(
            "Each segmentation is drawn with probability ∝ P^α: small α spreads the draws, "
            "large α concentrates them on the best segmentation."
        ),
    )
    n = c2.number_input(
        t("Samples (N)"),
        step=100,
        key="uni_samples",
        persist_state=persisted("uni_samples"),
    )
    seed = c3.number_input(
        t("Random seed"),
        step=1,
        key="uni_seed",
        persist_state=persisted("uni_seed"),
        help=t("The same seed draws the same samples, so a class can replay a run."),
    )
    problems = []
    if alpha is None or alpha <= 0:
        problems.append(
            t(
                "α must be greater than 0: each segmentation is drawn with probability "
                "proportional to P^α, and α = 0 would ignore the model."
            )
        )
    if n is None or int(n) != n or not 1 <= n <= MAX_SAMPLES:
        problems.append(t("N must be a whole number from 1 to {n:,}.").format(n=int(MAX_SAMPLES)))
    if seed is None or int(seed) != seed:
        problems.append(t("The random seed must be a whole number."))
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        return
    if model.count_segmentations(word) == 1:
        st.info(
            t(
                "This word has only one segmentation with this vocabulary, so every draw "
                "gives it. Try a longer word, or a vocabulary with more pieces."
            ),
            icon=":material/info:",
        )
        return
    table, tv = sample_table(model, word, float(alpha), int(n), int(seed))
    left, right = st.columns([1.2, 1])
    with left:
        show_template(
            _sample_chart,
            (current_language(),),
            {"shares": _sample_shares(table)},
            width="stretch",
            height=44 * len(table) + 170,
        )
    with right:
        shown = table.copy()
        shown["sampled share"] = shown["sampled share"].round(4)
        shown["exact share"] = shown["exact share"].round(4)
        st.dataframe(_shown(shown), hide_index=True, width="stretch")
    show_html(
        "<p class='sw-text'>"
        + t(
            "{n:,} segmentations drawn with α = {alpha} by forward filtering, backward "
            "sampling: the forward pass sums the prefix probabilities, then the pieces are "
            "picked right to left, each with its share. The exact share of a segmentation is "
            "P^α divided by the sum over all segmentations. Total variation distance between "
            "the draws and the exact shares: <strong>{tv}</strong> (more samples bring it "
            "closer to 0)."
        ).format(n=int(n), alpha=f"{alpha:g}", tv=f"{tv:.3f}")
        + "</p>"
    )
