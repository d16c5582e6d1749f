"""The pair counts of a merge step: the bar chart, its data, its words and its table.

The data is tested directly (AppTest cannot see inside altair charts); the chart is a
template (:mod:`ui.draw.charts`). Shared by BPE and byte-level BPE.

Example:
    >>> from subword_core.bpe import learn
    >>> pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0]).to_pylist()[0]["pair"]
    'l + o'
"""

from __future__ import annotations

import altair as alt
import pyarrow as pa

from subword_core.bpe import MergeStep
from ui.app.common import text_colour
from ui.app.i18n import current_language, join_sentences, translator
from ui.draw.charts import (
    BAR_LIMIT,
    VALUE_LABEL_PX,
    arrow_table,
    bar_chart_properties,
    bounded_rows,
    count_axis,
    described,
    label_axis,
    show_template,
)
from ui.draw.html import table_details_html

__all__ = [
    "CHART_ROWS",
    "pair_chart",
    "pair_chart_data",
    "pair_chart_description",
    "pair_table_html",
    "pairs_left_out",
    "show_pair_chart",
]

t = translator("bpe")


CHART_ROWS = BAR_LIMIT  # bars in the pair chart (ui.draw.charts: readable at 1024 px)


def pair_chart_data(step: MergeStep, limit: int = CHART_ROWS) -> pa.Table:
    """One row per pair shown in the step's count chart, best first: at most ``limit``.

    Columns ``rank``, ``pair``, ``count``, ``status`` (merged, tied or other), ``label`` (the
    text next to the bar) and ``full`` (the pair in full, for the tooltip; a page may add
    more to it than the bar's label shows). The merged pair is always drawn, also when more
    than ``limit`` pairs tie with it; :func:`pairs_left_out` counts the pairs not drawn.

    >>> from subword_core.bpe import learn
    >>> table = pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0])
    >>> first = table.to_pylist()[0]
    >>> first["pair"], first["status"], first["count"]
    ('l + o', 'merged', 7)
    """
    tied = set(step.tied)
    drawn, _ = bounded_rows(step.pair_counts, limit, keep=lambda pc: pc.pair == step.merged)
    rows = []
    for rank, pc in enumerate(drawn, start=1):
        if pc.pair == step.merged:
            status, label = "merged", t("{count} ★ merged").format(count=pc.count)
        elif pc.pair in tied:
            status, label = "tied", t("{count} tie").format(count=pc.count)
        else:
            status, label = "other", str(pc.count)
        pair = f"{pc.pair[0]} + {pc.pair[1]}"
        rows.append(
            {
                "rank": rank,
                "pair": pair,
                "count": pc.count,
                "status": status,
                "label": label,
                "full": pair,
            }
        )
    return arrow_table(rows, ["rank", "pair", "count", "status", "label", "full"])


def pairs_left_out(step: MergeStep, drawn: int) -> int:
    """How many of the step's pairs the chart does not draw when it draws ``drawn``.

    >>> from subword_core.bpe import learn
    >>> step = learn({"low": 5, "lower": 2}, 1).steps[0]
    >>> step.pairs_total, pairs_left_out(step, 2)
    (6, 4)
    """
    return max(step.pairs_total - drawn, 0)


def pair_chart(text: str, lang: str = "en") -> alt.LayerChart:
    """The pair-count bar chart, a template (see :mod:`ui.draw.charts`); ``text``: label colour.

    ``lang`` is the language of its titles and description (a template is built once per
    arguments, so the language must be one of them); they are translated when it is built.

    Its data: ``pairs`` (rows of :func:`pair_chart_data`) and ``threshold`` (one row,
    ``min``: the minimum pair count, drawn as a dashed line). No legend: the label next to
    each bar says "★ merged" or "tie", and the caption names the colours after those marks.

    >>> spec = pair_chart("#31333f").to_dict(validate=False)
    >>> spec["data"], spec["layer"][2]["data"]  # the bars and their labels share pairs
    ({'name': 'pairs'}, {'name': 'threshold'})
    """
    colour = alt.Color(
        "status:N",
        scale=alt.Scale(
            domain=["merged", "tied", "other"], range=["#d62728", "#ff9f1c", "#8c8c8c"]
        ),
        legend=None,
    )
    base = alt.Chart(alt.NamedData("pairs")).encode(
        y=alt.Y(
            "pair:N",
            sort=alt.EncodingSortField(field="rank", op="min", order="ascending"),
            title=None,
            axis=label_axis(),
        ),
        x=alt.X("count:Q", axis=count_axis(t("times the pair occurs"))),
        tooltip=[
            alt.Tooltip("full:N", title=t("pair")),
            alt.Tooltip("count:Q", title=t("count")),
            alt.Tooltip("label:N", title=t("status")),
        ],
    )
    bars = base.mark_bar(stroke="currentColor", strokeWidth=0.5).encode(color=colour)
    labels = base.mark_text(
        align="left", dx=4, fontSize=13, color=text, limit=VALUE_LABEL_PX
    ).encode(text="label:N")
    rule = (
        alt.Chart(alt.NamedData("threshold"))
        .mark_rule(strokeDash=[4, 4])
        .encode(x="min:Q", tooltip=[alt.Tooltip("min:Q", title=t("minimum pair count"))])
    )
    return described(
        bars + labels + rule,
        t(
            "Bar chart: how often each pair of neighbouring symbols occurs in the corpus, most "
            "frequent first; the merged pair is marked ★ merged, pairs tied with it are marked "
            "tie."
        ),
    )


def pair_chart_description(pairs: pa.Table, min_frequency: int, left_out: int = 0) -> str:
    """What one drawing of :func:`pair_chart` shows, in words (read by screen readers).

    >>> from subword_core.bpe import learn
    >>> pairs = pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0])
    >>> print(pair_chart_description(pairs, 2))  # doctest: +NORMALIZE_WHITESPACE
    Bar chart of pair counts: 6 pairs, most frequent first. Merged: l + o, 7 times.
    1 other pair tied with it. The dashed line marks the minimum pair count, 2.
    """
    rows = pairs.select(["pair", "count", "status"]).to_pylist()
    merged = [r for r in rows if r["status"] == "merged"]
    tied = sum(r["status"] == "tied" for r in rows)
    if left_out:
        text = t(
            "Bar chart of pair counts: {n} pairs (and {more} more, not drawn), most frequent first."
        ).format(n=f"{len(rows):,}", more=f"{left_out:,}")
    else:
        text = t("Bar chart of pair counts: {n} pairs, most frequent first.").format(
            n=f"{len(rows):,}"
        )
    if merged:
        text = join_sentences(
            text,
            t("Merged: {pair}, {count} times.").format(
                pair=merged[0]["pair"], count=f"{merged[0]['count']:,}"
            ),
        )
    if tied:
        text = join_sentences(
            text,
            t.n("{n} other pair tied with it.", "{n} other pairs tied with it.", tied).format(
                n=f"{tied:,}"
            ),
        )
    return join_sentences(
        text,
        t("The dashed line marks the minimum pair count, {n}.").format(n=f"{min_frequency:,}"),
    )


def pair_table_html(pairs: pa.Table) -> str:
    """The numbers of :func:`pair_chart` as a folded table (the chart's text alternative).

    >>> from subword_core.bpe import learn
    >>> html_ = pair_table_html(pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0]))
    >>> "<td>1</td><td>l + o</td><td>7</td><td>★ merged</td>" in html_
    True
    """
    marks = {"merged": t("★ merged"), "tied": t("tie"), "other": ""}
    rows = [
        (r["rank"], r["pair"], r["count"], marks.get(r["status"], r["status"]))
        for r in pairs.select(["rank", "pair", "count", "status"]).to_pylist()
    ]
    return table_details_html(
        t("Show the pair counts as a table"),
        [t("rank"), t("pair"), t("count"), t("status")],
        rows,
        caption=t("Pair counts, as in the chart"),
    )


def show_pair_chart(pairs: pa.Table, min_frequency: int, left_out: int = 0) -> None:
    """Draw :func:`pair_chart` for the rows ``pairs`` of :func:`pair_chart_data`.

    ``left_out``: how many pairs are not drawn (:func:`pairs_left_out`), said below the bars.
    """
    show_template(
        pair_chart,
        (text_colour(), current_language()),
        {"pairs": pairs, "threshold": {"min": [min_frequency]}},
        properties=bar_chart_properties(pairs.num_rows, left_out, t("more pairs, not drawn")),
        description=pair_chart_description(pairs, min_frequency, left_out),
        width="stretch",
    )
