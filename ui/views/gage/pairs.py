"""The pair counts of a step: their data, the bar chart, its words and its table.

The data is tested directly: AppTest cannot see inside altair charts.
"""

from __future__ import annotations

import altair as alt
import pyarrow as pa
import streamlit as st

from subword_core import gage
from subword_core.gage import GageStep
from ui.app.common import text_colour
from ui.app.i18n import current_language, join_sentences, translator
from ui.draw.charts import (
    VALUE_LABEL_PX,
    arrow_table,
    bar_chart_properties,
    bounded_rows,
    count_axis,
    described,
    label_axis,
    show_template,
)
from ui.draw.html import caption_html, show_html, table_details_html
from ui.views.gage.settings import CHART_ROWS
from ui.views.gage.strings import _pair_label

__all__ = ["pair_count_data"]

t = translator("gage")


# --------------------------------------------------------------------------------------
# Data for charts and tables (tested directly: AppTest cannot see inside altair charts)
# --------------------------------------------------------------------------------------


def pair_count_data(step: GageStep, limit: int = CHART_ROWS) -> pa.Table:
    """One row per pair shown in the step's count chart, best first: at most ``limit``.

    The replaced pair is always drawn, also when more than ``limit`` pairs tie with it.

    >>> from subword_core.gage import compress
    >>> first = pair_count_data(compress("aaabdaaabac").steps[0]).to_pylist()[0]
    >>> first["pair"], first["status"], first["label"]
    ('a + a', 'replaced', '2 ★ replaced')
    """
    tied = set(step.tied)
    drawn, _ = bounded_rows(step.pair_counts, limit, keep=lambda pc: pc.pair == step.pair)
    rows = []
    for rank, pc in enumerate(drawn, start=1):
        if pc.pair == step.pair:
            status, label = "replaced", t("{n} ★ replaced").format(n=pc.count)
        elif pc.pair in tied:
            status, label = "tied", t("{n} tie").format(n=pc.count)
        else:
            status, label = "other", str(pc.count)
        # subtle: the count with overlaps is in the tooltip, not the label: a label as long
        # as "2 ★ replaced (4 with overlaps)" left the bars no room in a narrow column
        rows.append(
            {
                "rank": rank,
                "pair": _pair_label(pc.pair),
                "count": pc.count,
                "overlapping": pc.overlapping,
                "first at": pc.first_at + 1,
                "status": status,
                "label": label,
            }
        )
    columns = ["rank", "pair", "count", "overlapping", "first at", "status", "label"]
    return arrow_table(rows, columns)


def _pair_chart(text: str, lang: str = "en") -> alt.LayerChart:
    """The pair-count bar chart, a template (see :mod:`ui.draw.charts`); ``text``: label colour.

    ``lang`` is the language its words are in (a template per language).

    Its data: ``pairs`` (rows of :func:`pair_count_data`) and ``threshold`` (one row,
    ``min``: how often a pair must occur, drawn as a dashed line). No legend: the label next
    to each bar says "★ replaced" or "tie", and the caption explains the colours.
    """
    colour = alt.Color(
        "status:N",
        scale=alt.Scale(
            domain=["replaced", "tied", "other"], range=["#d62728", "#ff9f1c", "#8c8c8c"]
        ),
        legend=None,
    )
    base = alt.Chart(alt.NamedData("pairs")).encode(
        y=alt.Y(
            "pair:N",
            sort=alt.EncodingSortField(field="rank", op="min", order="ascending"),
            title=None,
            axis=label_axis(font_size=14),
        ),
        x=alt.X(
            "count:Q",
            axis=count_axis(t("copies (not overlapping)")),
            scale=alt.Scale(domainMin=0, nice=True),
        ),
        tooltip=[
            alt.Tooltip("pair:N", title=t("pair")),
            alt.Tooltip("count:Q", title=t("copies")),
            alt.Tooltip("overlapping:Q", title=t("with overlaps")),
            alt.Tooltip("first at:Q", title=t("first at")),
            alt.Tooltip("label:N", title=t("status")),
        ],
    )
    bars = base.mark_bar(stroke="currentColor", strokeWidth=0.5).encode(color=colour)
    labels = base.mark_text(
        align="left", dx=4, fontSize=13, color=text, limit=VALUE_LABEL_PX
    ).encode(text="label:N")
    rule = (
        alt.Chart(alt.NamedData("threshold"))
        .mark_rule(strokeDash=[4, 4], color=text)
        .encode(x="min:Q", tooltip=[alt.Tooltip("min:Q", title=t("must occur at least"))])
    )
    return described(
        bars + labels + rule,
        t(
            "Bar chart: how many non-overlapping copies of each pair of neighbouring characters "
            "the string holds, most frequent first; the pair replaced is marked ★ replaced, "
            "pairs tied with it are marked tie."
        ),
    )


def _pair_description(pairs: pa.Table, left_out: int) -> str:
    """What one drawing of the pair chart shows, in words (read by screen readers)."""
    rows = pairs.select(["pair", "count", "status"]).to_pylist()
    chosen = [r for r in rows if r["status"] == "replaced"]
    more = " " + t("(and {n} more, not drawn)").format(n=f"{left_out:,}") if left_out else ""
    text = t("Bar chart of pair counts in the string: {n} pairs{more}.").format(
        n=f"{len(rows):,}", more=more
    )
    if chosen:
        text = join_sentences(
            text,
            t("Replaced: {pair}, {n} copies.").format(
                pair=chosen[0]["pair"], n=f"{chosen[0]['count']:,}"
            ),
        )
    tied = sum(r["status"] == "tied" for r in rows)
    if tied:
        text = join_sentences(
            text,
            t.n("{n} other pair tied with it.", "{n} other pairs tied with it.", tied).format(
                n=f"{tied:,}"
            ),
        )
    return join_sentences(
        text, t("The dashed line: a pair must occur at least {n} times.").format(n=gage.MIN_COUNT)
    )


def _pair_table_html(pairs: pa.Table) -> str:
    """The pair chart's numbers as a folded table (its text alternative)."""
    marks = {"replaced": t("★ replaced"), "tied": t("tie"), "other": ""}
    columns = ["rank", "pair", "count", "overlapping", "first at", "status"]
    rows = [
        tuple(marks.get(r[c], r[c]) if c == "status" else r[c] for c in columns)
        for r in pairs.select(columns).to_pylist()
    ]
    return table_details_html(
        t("Show the pair counts as a table"),
        [t("rank"), t("pair"), t("copies"), t("with overlaps"), t("first at"), t("status")],
        rows,
        caption=t("Pair counts in the string, as in the chart"),
    )


def _pair_counts_column(step: GageStep) -> None:
    """The left column of a step: the string's pair counts as a chart and a table."""
    st.markdown(
        "**" + t("Pair counts in the string at step {n}").format(n=f"{step.number:d}") + "**"
    )
    pairs = pair_count_data(step)
    if pairs.num_rows == 0:
        st.info(t("No pairs: the string has fewer than two characters."))
    else:
        left_out = max(step.pairs_total - pairs.num_rows, 0)
        show_template(
            _pair_chart,
            (text_colour(), current_language()),
            {"pairs": pairs, "threshold": {"min": [gage.MIN_COUNT]}},
            # subtle: the chart is fitted into this height with its axis and note, so
            # the bars get what is left over
            properties=bar_chart_properties(pairs.num_rows, left_out, t("more pairs, not drawn")),
            description=_pair_description(pairs, left_out),
            width="stretch",
        )
        drawn = (
            t("The {shown} most frequent of {total} pairs.").format(
                shown=f"{pairs.num_rows:d}", total=f"{step.pairs_total:d}"
            )
            if left_out
            else t("All {total} pairs.").format(total=f"{step.pairs_total:d}")
        )
        show_html(
            caption_html(
                drawn
                + " "
                + t(
                    "★ replaced (red bar); tie: tied with it (orange); dashed line: a pair "
                    "must occur at least twice. Point at a bar for its count with overlaps. "
                    "Copies are counted without overlaps, as the replacement uses them."
                )
            )
            + _pair_table_html(pairs)
        )
