"""The end of a class: the summary of every question (share right), as a table and CSV.

Example:
    >>> summary_csv([]).strip()
    'number,question,answers,right,share_right'
"""

from __future__ import annotations

import csv
import io

import pandas as pd
import streamlit as st

from ui.app.i18n import translator
from ui.classroom.session import _CODE, _KEY, _SUMMARY, _fail, _leave, _store
from ui.classroom.store import StoreError
from ui.draw.html import show_text

t = translator("classroom")


def _end() -> None:
    state = st.session_state
    try:
        summary = _store().end(str(state[_CODE]), str(state[_KEY]))
    except StoreError as err:
        _fail(err)
        return
    _leave()
    state[_SUMMARY] = summary


def summary_csv(summary: list[dict[str, object]]) -> str:
    """The class summary as CSV (no names): question, answers, right answers, share right.

    Example:
        >>> print(summary_csv([{"number": 1, "question": "Which?", "answers": 4, "right": 3,
        ...     "share_right": 0.75}]).strip())
        number,question,answers,right,share_right
        1,Which?,4,3,0.75
    """
    out = io.StringIO()
    writer = csv.DictWriter(
        out, ["number", "question", "answers", "right", "share_right"], lineterminator="\n"
    )
    writer.writeheader()
    for row in summary:
        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
    return out.getvalue()


def _summary_box() -> None:
    state = st.session_state
    summary = state[_SUMMARY]
    with st.container(border=True, key="class_summary"):
        st.markdown(t("**The class has ended: how it answered**"))
        if not summary:
            show_text(t("No question was asked."), small=True)
        else:
            table = pd.DataFrame(
                [
                    {
                        t("question"): f"{row['number']}. {row['question']}",
                        t("answers"): row["answers"],
                        t("share right"): (
                            "—" if row["share_right"] is None else f"{row['share_right']:.0%}"
                        ),
                    }
                    for row in summary
                ]
            )
            st.table(table.set_index(t("question")))  # plain HTML: read aloud, no canvas
        c1, c2 = st.columns(2)
        c1.download_button(
            t("Download the summary (CSV)"),
            summary_csv(summary),
            file_name="class-summary.csv",
            mime="text/csv",
            key="class_summary_csv",
            on_click="ignore",
        )
        if c2.button(t("Close the summary"), key="class_summary_close"):
            state.pop(_SUMMARY, None)
            st.rerun()
