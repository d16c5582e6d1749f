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

Example:
    >>> import altair as alt, pandas as pd
    >>> def bars(height: int) -> alt.Chart:
    ...     return alt.Chart(alt.NamedData("rows")).mark_bar().encode(x="x:Q").properties(
    ...         height=height
    ...     )
    >>> spec = template_spec(bars, 120)
    >>> spec["data"], spec["height"]
    ({'name': 'rows'}, 120)
    >>> template_spec(bars, 120) is spec  # built once
    True
    >>> show_template(bars, (120,), {"rows": pd.DataFrame({"x": [1]})})  # doctest: +SKIP
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import altair as alt
import pandas as pd
import pyarrow as pa
import streamlit as st

__all__ = ["arrow_bytes", "arrow_table", "show_chart", "show_template", "template_spec"]

#: How many (template, arguments) specs are kept; each is a few kilobytes.
TEMPLATES_KEPT = 256


def show_chart(chart: alt.TopLevelMixin, *, where: Any = None, **options: Any) -> None:
    """Draw ``chart`` like ``st.altair_chart(chart, **options)``, without the schema check.

    Args:
        chart: Any altair top-level chart (layered, concatenated…).
        where: The container to draw in (a column, the sidebar); the main area if ``None``.
        **options: ``width``, ``height``, ``theme``… as for ``st.vega_lite_chart``.
    """
    spec = chart.to_dict(validate=False)
    (where if where is not None else st).vega_lite_chart(None, spec, **options)


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
        **options: ``width``, ``theme``… as for ``st.vega_lite_chart``.
    """
    spec = dict(template_spec(build, *args))  # shallow: Streamlit copies again, never edits
    spec.update(properties or {})
    spec["datasets"] = {name: arrow_bytes(frame) for name, frame in data.items()}
    (where if where is not None else st).vega_lite_chart(None, spec, **options)
