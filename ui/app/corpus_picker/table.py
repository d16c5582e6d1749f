"""The corpus picker's table editor: the word/count table, started from the corpus you had
open and edited in place.

Example::

    outcome = _table_source(entering_from="seed-low")
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.app.corpus_picker.parse import _is_missing, _Outcome, _rows_outcome
from ui.app.corpus_picker.sources import (
    _TABLE_BASE_KEY,
    _TABLE_KEY,
    _TABLE_PREFILL_KEY,
    _TABLE_PREFILL_ROWS,
    _TABLE_ROWS_KEY,
)
from ui.app.corpus_picker.typed import _prefill_corpus, _rows_of
from ui.app.i18n import translator
from ui.draw.html import show_text

t = translator("common")


def _table_source(entering_from: str | None) -> _Outcome:
    state = st.session_state
    if _TABLE_KEY not in state or _TABLE_BASE_KEY not in state:
        rows = state.get(_TABLE_ROWS_KEY)
        touched = rows is not None and rows != state.get(_TABLE_PREFILL_KEY)
        if touched:
            base = rows
        else:
            base = _rows_of(_prefill_corpus(entering_from))
            state[_TABLE_PREFILL_KEY] = base
        state[_TABLE_BASE_KEY] = base
    base = state[_TABLE_BASE_KEY]
    frame = pd.DataFrame(
        {
            "word": pd.Series([w for w, _ in base], dtype="string"),
            "count": pd.Series([c for _, c in base], dtype="Int64"),
        }
    )
    edited = st.data_editor(
        frame,
        key=_TABLE_KEY,
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config={
            "word": st.column_config.TextColumn("word", required=True),
            "count": st.column_config.NumberColumn("count", min_value=1, step=1, format="%d"),
        },
    )
    rows = list(zip(edited["word"].tolist(), edited["count"].tolist(), strict=True))
    state[_TABLE_ROWS_KEY] = [(w, c) for w, c in rows if not (_is_missing(w) and _is_missing(c))]
    if len(base) >= _TABLE_PREFILL_ROWS:
        note = t("The table starts with the {n} most frequent words.").format(n=_TABLE_PREFILL_ROWS)
        show_text(note, small=True)
    return _rows_outcome(rows)


# --- public API ------------------------------------------------------------------------------
