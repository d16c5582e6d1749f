"""Joint BPE (the page's third tab): one set of merges learned from two corpora at once.

Example::

    render_joint(corpus, 10, {"min_frequency": 2})  # inside a page
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from subword_core import joint
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus, parse_corpus
from ui.app.corpus_picker import error_text
from ui.app.i18n import translator
from ui.app.limits import PASTE_CHARS
from ui.draw.charts import (
    BAR_LIMIT,
    bar_chart_properties,
    count_axis,
    label_axis,
    show_chart,
    top_legend,
)
from ui.draw.html import show_error, show_html
from ui.runtime.training import Training, cached_training, training_work

__all__ = ["DEFAULT_TARGET", "joint_table", "render_joint"]

t = translator("family")


DEFAULT_TARGET = "lowest 4\nnewer 3\nwider 2\nslower 2"


def _joint(source: Corpus, target: Corpus, num_merges: int, options: tuple) -> joint.JointResult:
    """Learn joint BPE (once per corpora and settings; shared by all sessions), with a
    progress bar; it stops between merges when its student leaves (see
    :func:`ui.runtime.training.cached_training`)."""
    return cached_training(
        "joint-bpe",
        (source, target, num_merges, options),
        t("Learning joint BPE and each side alone (merges)"),
        Training(
            joint.learn_joint,
            (source, target, num_merges),
            dict(options),
            work=training_work(source, num_merges) + training_work(target, num_merges),
        ),
        max_entries=16,
    )


def joint_table(result: joint.JointResult) -> pd.DataFrame:
    """Per joint merge: its count on each side and what each side alone merged instead.

    >>> r = joint.learn_joint({"ab": 3}, {"ab": 1, "cd": 2}, 2)
    >>> row = joint_table(r).iloc[0]
    >>> row["joint merge"], int(row["source"]), int(row["target"])
    ('a + b', 3, 1)
    """
    rows = []
    for k, (pair, (src, tgt)) in enumerate(zip(result.merges, result.side_counts, strict=True)):
        alone_src, alone_tgt = result.separate_choice(k + 1)
        rows.append(
            {
                "merge": k + 1,
                "joint merge": f"{pair[0]} + {pair[1]}",
                "source": src,
                "target": tgt,
                "source alone merges": f"{alone_src[0]} + {alone_src[1]}" if alone_src else "—",
                "target alone merges": f"{alone_tgt[0]} + {alone_tgt[1]}" if alone_tgt else "—",
            }
        )
    return pd.DataFrame(rows)


def _joint_column(name: str) -> str:
    """A column of :func:`joint_table` as the student reads it."""
    labels = {
        "merge": t("merge"),
        "joint merge": t("joint merge"),
        "source": t("source"),
        "target": t("target"),
        "source alone merges": t("source alone merges"),
        "target alone merges": t("target alone merges"),
    }
    return labels.get(name, name)


def _joint_chart(df: pd.DataFrame) -> alt.Chart:
    """The joint merges' grouped bars: how often each pair occurred on each side."""
    # readable on a projector: the first merges only, a "+k more" note for the rest (the
    # table next to the chart lists them all), whole-number ticks, the legend above
    drawn, left_out = df.head(2 * BAR_LIMIT), max(len(df) - 2 * BAR_LIMIT, 0)
    long = drawn.melt(id_vars=["merge", "joint merge"], value_vars=["source", "target"])
    sides = [t("source"), t("target")]
    long["variable"] = long["variable"].map(dict(zip(["source", "target"], sides, strict=True)))
    chart = (
        alt.Chart(long)
        .mark_bar()
        .encode(
            y=alt.Y(
                "joint merge:N",
                sort=drawn["joint merge"].tolist(),
                title=None,
                axis=label_axis(),
            ),
            x=alt.X("value:Q", axis=count_axis(t("times the pair occurred when it was merged"))),
            color=alt.Color("variable:N", scale=alt.Scale(domain=sides), legend=top_legend(sides)),
            tooltip=[
                alt.Tooltip("merge:Q", title=t("merge")),
                alt.Tooltip("joint merge:N", title=t("joint merge")),
                alt.Tooltip("variable:N", title=t("corpus")),
                alt.Tooltip("value:Q", title=t("count")),
            ],
        )
        .properties(**bar_chart_properties(len(drawn), left_out, t("more merges, in the table")))
        .properties(
            description=t(
                "Grouped bar chart: for each joint merge, how often its pair occurred in the "
                "source and in the target corpus when it was merged; the table beside it lists "
                "the same numbers."
            )
        )
    )
    return chart


def render_joint(source: Corpus, num_merges: int, options: dict[str, object]) -> None:
    """Joint BPE over the sidebar corpus (source) and a second corpus typed here (target)."""
    st.markdown(
        t(
            "Joint BPE learns **one** list of merges from two corpora together, e.g. both sides "
            "of a translation corpus, so that the same string is split the same way on both "
            "sides. The source is the corpus in the sidebar; type the target here."
        )
    )
    if "fam_joint_target" not in st.session_state:
        st.session_state["fam_joint_target"] = DEFAULT_TARGET
    text = st.text_area(
        t("Target corpus (same formats as the sidebar)"),
        value=st.session_state["fam_joint_target"],  # drawn first (test_widget_defaults)
        key="fam_joint_target",
        max_chars=PASTE_CHARS,
    )
    if not text.strip():
        st.error(
            t(
                "The target corpus is empty: joint BPE needs words on both sides. Type some "
                "words above (running text or 'word count' lines)."
            ),
            icon=":material/warning:",
        )
        return
    try:
        target = parse_corpus(text)
        result = _joint(source, target, num_merges, tuple(sorted(options.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return
    df = joint_table(result)
    if df.empty:
        st.info(t("No merge was learned: no pair is frequent enough in the two corpora together."))
        return
    one_sided = int(((df["source"] == 0) | (df["target"] == 0)).sum())
    differ = int(
        (df["joint merge"] != df["source alone merges"]).sum()
        + (df["joint merge"] != df["target alone merges"]).sum()
    )
    show_html(
        "<p>"
        + t(
            "{n} joint merges. {one_sided} of them come from one side only; at {differ} places "
            "a side learning alone would have merged something else at that step."
        ).format(n=len(df), one_sided=one_sided, differ=differ)
        + "</p>"
    )
    chart = _joint_chart(df)
    left, right = st.columns([1, 1.3])
    show_chart(chart, where=left)
    shown = df.rename(columns=_joint_column)
    right.dataframe(shown, hide_index=True, width="stretch")
