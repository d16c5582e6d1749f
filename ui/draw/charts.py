"""Drawing altair charts quickly: specs built once, data filled in per step.

Building an altair chart and turning it into a Vega-Lite spec takes tens of milliseconds
(altair wraps every encoding in objects and copies them around), and ``st.altair_chart``
adds a check of the whole spec against the Vega-Lite JSON schema: together most of a step
change's time on the learn pages. But from one step to the next only the *data* of a chart
changes, not its shape. So a chart drawn at every step is written as a *template*: a
function that builds the altair chart over named data sources (``alt.NamedData("pairs")``)
from a few hashable arguments (a height, a colour). :func:`show_template` turns it into a
spec once per arguments (cached for all sessions) and fills the step's data frames in as the
spec's ``datasets``; ``st.vega_lite_chart`` draws exactly what ``st.altair_chart`` would.

Charts drawn once per page (not per step) go through :func:`show_chart`, which only skips
the schema check: our charts are built by our own code and tested (``tests/app``).

Every chart stays readable at every step of a real corpus (a projector is 1024 px wide), by
the rules of the helpers below: an axis of counts has whole-number ticks
(:func:`count_axis`); a bar chart draws at most :data:`BAR_LIMIT` labelled bars
(:func:`bounded_rows`) and says how many it left out (:func:`bar_chart_properties`), each bar gets
:data:`BAR_PX` pixels so labels never overlap (:func:`bar_chart_height`), and long labels are
cut with an ellipsis (:func:`label_axis`) while the bar's tooltip has them in full; a legend
sits above the plot inside the chart, wrapped so that it is never wider than the plot
(:func:`top_legend`), or is left out where the bars' own labels and the caption say the same.

Example:
    >>> import altair as alt
    >>> def bars(height: int) -> alt.Chart:
    ...     return alt.Chart(alt.NamedData("rows")).mark_bar().encode(x="x:Q").properties(
    ...         height=height
    ...     )
    >>> spec = template_spec(bars, 120)
    >>> spec["data"], spec["height"]
    ({'name': 'rows'}, 120)
    >>> template_spec(bars, 120) is spec  # built once
    True

    In a page, ``show_template(bars, (120,), {"rows": pd.DataFrame({"x": [1]})})`` draws it
    with its rows.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import altair as alt
import pandas as pd
import pyarrow as pa
import streamlit as st

from ui.app.presenter import chart_config

__all__ = [
    "BAR_LIMIT",
    "BAR_PX",
    "LABEL_PX",
    "LEGEND_PX",
    "VALUE_LABEL_PX",
    "arrow_bytes",
    "arrow_table",
    "bar_chart_height",
    "bar_chart_properties",
    "bounded_rows",
    "count_axis",
    "described",
    "label_axis",
    "legend_entry_px",
    "more_title",
    "show_chart",
    "show_template",
    "template_spec",
    "top_legend",
]

#: How many (template, arguments) specs are kept; each is a few kilobytes.
TEMPLATES_KEPT = 256

#: The most labelled bars a bar chart draws; the rest are counted in a "+k more" note.
BAR_LIMIT = 15
#: Height of one bar's band in pixels: room for a 13-14 px label without overlap.
BAR_PX = 26
#: Longest axis label in pixels (about 18 characters); longer ones end in "…".
LABEL_PX = 140
#: Longest text next to a bar (its count and status) in pixels: the plot keeps its room.
VALUE_LABEL_PX = 110
#: Width of one line of a legend above the plot: the narrowest plot (a half-width column
#: at 1024 px, next to the sidebar) is about 135 px wide.
LEGEND_PX = 130
#: Room of the "+k more" note below a bar chart's axis.
MORE_PX = 22


# --------------------------------------------------------------------------------------
# Readable charts: shared axis, legend and size rules
# --------------------------------------------------------------------------------------


def count_axis(title: str | None = None, **options: Any) -> alt.Axis:
    """An axis of counts: whole-number ticks only (no 0.5 between 0 and 1).

    >>> axis = count_axis("times the pair occurs").to_dict()
    >>> axis["tickMinStep"], axis["format"], axis["title"]
    (1, 'd', 'times the pair occurs')
    """
    if title is not None:
        options["title"] = title
    return alt.Axis(tickMinStep=1, format="d", **options)


def label_axis(limit: int = LABEL_PX, font_size: int = 13, **options: Any) -> alt.Axis:
    """The axis of a bar chart's labels: every label drawn, long ones cut at ``limit`` px.

    Labels never overlap because each bar gets :data:`BAR_PX` pixels
    (:func:`bar_chart_height`); put the full text in the bar's tooltip.

    >>> axis = label_axis().to_dict()
    >>> axis["labelLimit"], axis["labelOverlap"]
    (140, False)
    """
    return alt.Axis(labelFontSize=font_size, labelLimit=limit, labelOverlap=False, **options)


def top_legend(labels: Sequence[str], room: int = LEGEND_PX, **options: Any) -> alt.Legend:
    """A legend above the plot, inside the chart, wrapped so that no line is wider than ``room``.

    A legend below or beside a narrow plot is cut off at the chart's edge (Vega does not
    wrap it); above the plot, with as many entries on a line as fit in ``room`` pixels
    (the plot's width at its narrowest), it never is.

    Args:
        labels: The legend's entries (the colour scale's domain).
        room: Width in pixels one line of the legend may take.
        **options: More ``alt.Legend`` options.

    >>> legend = top_legend(["seed", "EM", "prune"]).to_dict()
    >>> legend["orient"], legend["columns"], legend["title"]
    ('top', 2, None)
    >>> top_legend(["sampled share", "exact share"]).to_dict()["columns"]
    1
    """
    columns, used = 0, 0
    for label in labels:
        used += legend_entry_px(label)
        if used > room:
            break
        columns += 1
    options.setdefault("columns", max(columns, 1))
    return alt.Legend(title=None, orient="top", direction="horizontal", **options)


def legend_entry_px(label: str) -> int:
    """About how wide one legend entry is: symbol, gap, label (11 px font), padding.

    >>> legend_entry_px("prune")
    67
    """
    return 32 + 7 * len(label)


def bounded_rows(
    rows: Sequence[Any], limit: int = BAR_LIMIT, keep: Callable[[Any], bool] | None = None
) -> tuple[list[Any], int]:
    """The first ``limit`` of ``rows``, and how many were left out.

    A row for which ``keep`` is true (the merged pair) is never left out: it takes the
    place of the last row if it comes later. The order of ``rows`` is kept.

    >>> bounded_rows(list("abcdef"), 3)
    (['a', 'b', 'c'], 3)
    >>> bounded_rows(list("abcdef"), 3, keep=lambda r: r == "e")
    (['a', 'b', 'e'], 3)
    >>> bounded_rows(list("ab"), 3)
    (['a', 'b'], 0)
    """
    shown = list(rows[:limit])
    if keep is not None and limit > 0 and not any(keep(r) for r in shown):
        kept = next((r for r in rows[limit:] if keep(r)), None)
        if kept is not None:
            shown[-1] = kept
    return shown, max(len(rows) - len(shown), 0)


def more_title(left_out: int, noun: str = "more") -> dict[str, Any]:
    """The "+k more" note of a chart, as its top-level ``title`` (below the plot).

    >>> more_title(2477, "more pairs, not drawn")["text"]
    '+2,477 more pairs, not drawn'
    """
    return {
        "text": f"+{left_out:,} {noun}",
        "orient": "bottom",
        "anchor": "start",
        "fontSize": 13,
        "fontWeight": "normal",
        "offset": 6,
    }


def bar_chart_height(bars: int, extra: int = 80) -> int:
    """The height of a horizontal bar chart with ``bars`` bars: :data:`BAR_PX` each.

    ``extra`` is the room of the axis and its title (Streamlit fits the whole chart, axes
    included, into the height).

    >>> bar_chart_height(15)
    470
    """
    return extra + BAR_PX * max(bars, 1)


def bar_chart_properties(bars: int, left_out: int, noun: str) -> dict[str, Any]:
    """The per-drawing ``properties`` of a bar chart: its height and its "+k more" note.

    For :func:`show_template`; with nothing left out there is no note and no room for it.

    >>> props = bar_chart_properties(15, 25, "more pairs, not drawn")
    >>> props["height"], props["title"]["text"]
    (492, '+25 more pairs, not drawn')
    >>> bar_chart_properties(3, 0, "more pairs")
    {'height': 158}
    """
    if left_out <= 0:
        return {"height": bar_chart_height(bars)}
    return {"height": bar_chart_height(bars) + MORE_PX, "title": more_title(left_out, noun)}


def described(chart: alt.TopLevelMixin, description: str) -> alt.TopLevelMixin:
    """``chart`` with a short description of what it shows: its text alternative.

    Every chart of the app has one (a test checks every chart the pages draw). Vega-Lite
    keeps it as the top-level ``description``, and vega-embed puts it on the drawn chart as
    its ``aria-label`` (role ``graphics-document``), which a screen reader reads instead of
    the picture. Say what is plotted against what and what is marked, e.g. "Bar chart: how
    often each pair of neighbouring symbols occurs; the merged pair is marked ★". Where the
    numbers matter, the page also offers them as a table (:func:`ui.draw.html.table_details_html`).

    >>> chart = alt.Chart(alt.NamedData("rows")).mark_bar().encode(x="x:Q")
    >>> described(chart, "Bar chart of x.").to_dict(validate=False)["description"]
    'Bar chart of x.'
    """
    return chart.properties(description=description)


def show_chart(
    chart: alt.TopLevelMixin,
    *,
    where: Any = None,
    description: str | None = None,
    **options: Any,
) -> None:
    """Draw ``chart`` like ``st.altair_chart(chart, **options)``, without the schema check.

    Args:
        chart: Any altair top-level chart (layered, concatenated…).
        where: The container to draw in (a column, the sidebar); the main area if ``None``.
        description: What the chart shows, in a sentence (replaces the chart's own
            ``description``): screen readers read it (see :func:`described`).
        **options: ``width``, ``height``, ``theme``… as for ``st.vega_lite_chart``.
    """
    spec = _for_the_room(chart.to_dict(validate=False))
    if description:
        spec["description"] = description
    (where if where is not None else st).vega_lite_chart(None, spec, **options)


def _for_the_room(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with presenter mode's larger labels and numbers
    (:func:`ui.app.presenter.chart_config`) merged into its ``config`` (a new dict: a cached
    template is never edited).

    >>> _for_the_room({"mark": "bar"})  # outside presenter mode: unchanged
    {'mark': 'bar'}
    """
    extra = chart_config()
    if not extra:
        return spec
    config = dict(spec.get("config") or {})
    for part, values in extra.items():
        config[part] = {**(config.get(part) or {}), **values}
    return {**spec, "config": config}


# Small by construction: specs without data (the rows go separately, as Arrow tables), keyed on
# a few settings each.
@functools.lru_cache(maxsize=TEMPLATES_KEPT)
def template_spec(build: Callable[..., alt.TopLevelMixin], *args: Hashable) -> dict[str, Any]:
    """The Vega-Lite spec of ``build(*args)``, built once per arguments.

    The spec is shared by every session and every run: treat it as read-only (take a
    shallow copy before adding keys, as :func:`show_template` does). See the module
    docstring for an example.
    """
    return build(*args).to_dict(validate=False)


def arrow_table(rows: Iterable[Mapping[str, Any]], columns: Sequence[str]) -> pa.Table:
    """``rows`` as an Arrow table with these ``columns``, in this order (also when empty).

    The tables and chart data of a *step* are built this way rather than as pandas data
    frames: Streamlit sends Arrow to the browser, and a small data frame costs ~0.3 ms to
    build and ~0.4 ms more to convert, against ~0.04 ms for the Arrow table (measured). At
    every step change of 30 sessions that is the difference between a class waiting and not.

    >>> table = arrow_table([{"pair": "e + s", "count": 9}], ["pair", "count"])
    >>> table.num_rows, table.column_names, table.to_pylist()
    (1, ['pair', 'count'], [{'pair': 'e + s', 'count': 9}])
    >>> arrow_table([], ["pair", "count"]).column_names
    ['pair', 'count']
    """
    listed = list(rows)
    return pa.table({name: [row[name] for row in listed] for name in columns})


def arrow_bytes(data: pd.DataFrame | pa.Table | Mapping[str, Sequence[Any]]) -> bytes:
    """A chart's data as Arrow IPC bytes, the form Streamlit sends to the browser.

    A step's data are small, and pandas' own Arrow conversion costs more than building the
    table from plain column lists (~0.5 ms against ~0.05 ms a frame, measured), which adds
    up over the charts of every step change of every session.

    >>> import pyarrow as pa
    >>> raw = arrow_bytes({"pair": ["e + s"], "count": [9]})
    >>> pa.ipc.open_stream(raw).read_all().to_pylist()
    [{'pair': 'e + s', 'count': 9}]
    """
    if isinstance(data, pa.Table):
        table = data
    elif isinstance(data, pd.DataFrame):
        table = pa.table({str(name): data[name].tolist() for name in data.columns})
    else:
        table = pa.table({str(name): list(values) for name, values in data.items()})
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def show_template(
    build: Callable[..., alt.TopLevelMixin],
    args: tuple[Hashable, ...],
    data: Mapping[str, pd.DataFrame | pa.Table | Mapping[str, Sequence[Any]]],
    *,
    properties: Mapping[str, Any] | None = None,
    where: Any = None,
    description: str | None = None,
    **options: Any,
) -> None:
    """Draw the chart ``build(*args)`` with ``data`` as its named data sources.

    Args:
        build: Builds the chart over ``alt.NamedData(name)`` sources, one per key of
            ``data``; called once per ``args`` (see :func:`template_spec`).
        args: Hashable arguments for ``build`` (a colour…).
        data: The data of this drawing, by source name: Arrow tables, data frames or
            ``{column: values}``.
        properties: Top-level properties of this drawing, as altair's
            ``.properties(height=...)`` sets them; they replace the template's. A value
            that changes at every step belongs here rather than in ``args``, which would
            build a new template for every value.
        where: The container to draw in; the main area if ``None``.
        description: What this drawing shows, in a sentence (its numbers, which change at
            every step); replaces the template's own ``description`` (see :func:`described`).
        **options: ``width``, ``theme``… as for ``st.vega_lite_chart``.
    """
    spec = dict(template_spec(build, *args))  # shallow: Streamlit copies again, never edits
    spec.update(properties or {})
    spec = _for_the_room(spec)
    if description:
        spec["description"] = description
    spec["datasets"] = {name: arrow_bytes(frame) for name, frame in data.items()}
    (where if where is not None else st).vega_lite_chart(None, spec, **options)
