"""Drawing altair charts quickly.

``st.altair_chart`` has altair check the chart against the whole Vega-Lite JSON schema every
time it is drawn: about 100 ms per chart here, most of a step change's time on the learn pages.
Our charts are built by our own code and tested (``tests/app``), so :func:`show_chart` asks
altair for the spec without that check and hands it to ``st.vega_lite_chart``, which draws
exactly the same chart.

Example:
    >>> import altair as alt, pandas as pd
    >>> chart = alt.Chart(pd.DataFrame({"x": [1]})).mark_bar().encode(x="x:Q")
    >>> show_chart(chart, width="stretch")  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

import altair as alt
import streamlit as st

__all__ = ["show_chart"]


def show_chart(chart: alt.TopLevelMixin, *, where: Any = None, **options: Any) -> None:
    """Draw ``chart`` like ``st.altair_chart(chart, **options)``, without the schema check.

    Args:
        chart: Any altair top-level chart (layered, concatenated…).
        where: The container to draw in (a column, the sidebar); the main area if ``None``.
        **options: ``width``, ``height``, ``theme``… as for ``st.vega_lite_chart``.
    """
    spec = chart.to_dict(validate=False)
    (where if where is not None else st).vega_lite_chart(None, spec, **options)
