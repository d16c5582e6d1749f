"""What compression saves: the string and the table after each step, as metrics and a chart.

A replacement pays off only when its pair occurs often: each copy saves one character, and each
table entry costs three.
"""

from __future__ import annotations

import altair as alt
import pyarrow as pa
import streamlit as st

from subword_core import gage
from subword_core.gage import GageResult
from ui.app.common import text_colour
from ui.app.i18n import current_language, translator
from ui.draw.charts import arrow_table, count_axis, described, show_template, top_legend
from ui.draw.html import show_html, table_details_html
from ui.views.gage.settings import SIZE_TOTALS
from ui.views.gage.strings import _chars

__all__ = ["size_data"]

t = translator("gage")


def size_data(result: GageResult, now: int | None = None) -> pa.Table:
    """Characters to store after each step (0 = the input): the string and the table.

    Long format for a stacked bar chart: one row per step and part; ``now`` is true on the
    rows of step ``now`` (drawn darker).

    >>> from subword_core.gage import compress
    >>> rows = size_data(compress("aaabdaaabac"), now=1).to_pylist()
    >>> [(r["step"], r["part"], r["characters"]) for r in rows[:4]]
    [(0, 'string', 11), (0, 'table', 0), (1, 'string', 9), (1, 'table', 3)]
    >>> [r["step"] for r in rows if r["now"]]
    [1, 1]
    """
    rows = []
    for k in range(len(result.replacements) + 1):
        string = len(result.string_at(k))
        table = gage.TABLE_ENTRY_CHARS * k
        for part, n in ((t("string"), string), (t("table"), table)):
            rows.append(
                {"step": k, "part": part, "characters": n, "total": string + table, "now": k == now}
            )
    return arrow_table(rows, ["step", "part", "characters", "total", "now"])


def _size_chart(text: str, lang: str = "en") -> alt.LayerChart:
    """Characters to store after each step, a template (see :mod:`ui.draw.charts`), in ``lang``.

    Its data: ``sizes`` (rows of :func:`size_data` plus ``now``: true on the current step's
    rows, drawn darker), ``totals`` (one row per step) and ``input`` (one row, ``y``: the
    input's length, drawn as a dashed line).
    """
    parts = [t("string"), t("table")]  # the values of size_data's "part"
    bars = (
        alt.Chart(alt.NamedData("sizes"))
        .mark_bar(stroke="currentColor", strokeWidth=0.5)
        .encode(
            x=alt.X(
                "step:O",
                title=t("after step (0 = the input)"),
                axis=alt.Axis(labelAngle=0, labelOverlap=True),  # drops labels that would touch
            ),
            y=alt.Y("characters:Q", axis=count_axis(t("characters to store")), stack="zero"),
            color=alt.Color(
                "part:N",
                scale=alt.Scale(domain=parts, range=["#1f77b4", "#ff9f1c"]),
                legend=top_legend(parts, room=250),  # a wider column
            ),
            order=alt.Order("part:N", sort="ascending"),
            opacity=alt.condition("datum.now", alt.value(1.0), alt.value(0.45)),
            tooltip=[
                alt.Tooltip("step:O", title=t("step")),
                alt.Tooltip("part:N", title=t("part")),
                alt.Tooltip("characters:Q", title=t("characters")),
                alt.Tooltip("total:Q", title=t("total")),
            ],
        )
    )
    totals = (
        alt.Chart(alt.NamedData("totals"))
        .mark_text(dy=-8, fontSize=13, color=text)
        .encode(x="step:O", y="total:Q", text="total:Q")
    )
    line = (
        alt.Chart(alt.NamedData("input"))
        .mark_rule(strokeDash=[4, 4], color=text)
        .encode(y="y:Q", tooltip=[alt.Tooltip("y:Q", title=t("the input's length"))])
    )
    return described(
        (bars + totals + line).properties(height=360),
        t(
            "Stacked bar chart: the characters to store after each step, the string and the "
            "table, with their total above each bar; the current step is drawn darker, a "
            "dashed line marks the input's length."
        ),
    )


def _sizes_table_html(sizes: pa.Table) -> str:
    """The size chart's numbers as a folded table: one row per step."""
    by_step: dict[int, dict[str, int]] = {}
    for r in sizes.select(["step", "part", "characters", "total"]).to_pylist():
        by_step.setdefault(r["step"], {"total": r["total"]})[r["part"]] = r["characters"]
    string, table = t("string"), t("table")
    rows = [(k, v.get(string, 0), v.get(table, 0), v["total"]) for k, v in by_step.items()]
    return table_details_html(
        t("Show the sizes as a table"),
        [t("after step"), string, table, t("string + table")],
        rows,
        caption=t("Characters to store after each step, as in the chart"),
    )


def _render_sizes(result: GageResult, state: int) -> None:
    string = len(result.string_at(state))
    entries = state
    table = gage.TABLE_ENTRY_CHARS * entries
    total = string + table
    original = len(result.text)
    _render_metrics(original, string, entries, table, total)
    left, right = st.columns([1.25, 1])
    with left:
        sizes = size_data(result, now=state)
        _render_size_chart(sizes, state, original, string, table, total)
    with right:
        _render_size_words(sizes, original, string, entries, table, total)


def _render_metrics(original: int, string: int, entries: int, table: int, total: int) -> None:
    """The four numbers of a step: string length, ratio, table, string + table."""
    # one horizontal container rather than four columns: fewer blocks to send at each step
    metrics = st.container(horizontal=True, gap="medium")
    metrics.metric(
        t("String length"), f"{original} → {string}", help=t("Characters in the string.")
    )
    metrics.metric(
        t("Compression ratio"),
        f"{original / string if string else 1:.2f}",
        help=t("Input length ÷ string length (the table not counted)."),
    )
    metrics.metric(
        t("Table"),
        f"{entries} × {gage.TABLE_ENTRY_CHARS} = {table}",
        help=t("Each entry written out takes 3 characters: the symbol and its pair."),
    )
    metrics.metric(
        t("String + table"),
        f"{total}",
        delta=t("{n} vs the input").format(n=f"{total - original:+d}"),
        delta_color="inverse",
        help=t("What must be stored to get the text back. Input length ÷ this = {ratio}.").format(
            ratio=f"{original / total if total else 1:.2f}"
        ),
    )


def _render_size_chart(
    sizes: pa.Table, state: int, original: int, string: int, table: int, total: int
) -> None:
    """The stacked bars of what must be stored after each step (the input: a dashed line)."""
    steps = sizes.num_rows // 2  # two rows per step: string and table
    # subtle: past a dozen bars a number over each overlaps its neighbours; then only
    # the input's, this step's and the last step's totals are written
    written = range(steps) if steps <= SIZE_TOTALS else sorted({0, state, steps - 1})
    show_template(
        _size_chart,
        (text_colour(), current_language()),
        {
            "sizes": sizes,
            "totals": sizes.take([2 * k for k in written]),  # one row per step
            "input": {"y": [original]},
        },
        description=t(
            "Stacked bar chart of the characters to store after each of {steps} steps "
            "(string and table). The input: {original}; after step {state} (drawn darker): "
            "{string} + {table} = {total}. A dashed line marks the input's length."
        ).format(
            steps=f"{steps - 1:,}",
            original=f"{original:,}",
            state=f"{state:,}",
            string=f"{string:,}",
            table=f"{table:,}",
            total=f"{total:,}",
        ),
        width="stretch",
    )


def _render_size_words(
    sizes: pa.Table, original: int, string: int, entries: int, table: int, total: int
) -> None:
    """Whether the table's cost was worth it, in words, and the sizes as a table."""
    ratio_all = original / total if total else 1.0
    verdict = (
        t("smaller than the input")
        if total < original
        else t("the same size as the input")
        if total == original
        else t("<strong>longer</strong> than the input")
    )
    show_html(
        "<p class='sw-text'>"
        + t.n(
            "The string went from {before} to <strong>{after}</strong>: a compression ratio "
            "of <strong>{ratio}</strong>. But the table is part of the cost: {entries} entry "
            "× {size} characters = {table}. String and table together take "
            "<strong>{total}</strong> characters, {verdict} (ratio {ratio_all}). A "
            "replacement pays off only when its pair occurs often: each copy saves one "
            "character, and each entry costs three.",
            "The string went from {before} to <strong>{after}</strong>: a compression ratio "
            "of <strong>{ratio}</strong>. But the table is part of the cost: {entries} "
            "entries × {size} characters = {table}. String and table together take "
            "<strong>{total}</strong> characters, {verdict} (ratio {ratio_all}). A "
            "replacement pays off only when its pair occurs often: each copy saves one "
            "character, and each entry costs three.",
            entries,
        ).format(
            before=_chars(original),
            after=string,
            ratio=f"{original / string if string else 1:.2f}",
            entries=entries,
            size=gage.TABLE_ENTRY_CHARS,
            table=table,
            total=total,
            verdict=verdict,
            ratio_all=f"{ratio_all:.2f}",
        )
        + "</p>"
        + _sizes_table_html(sizes)
    )
