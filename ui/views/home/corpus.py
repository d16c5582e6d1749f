"""The home page's corpus: the corpus in use (its source, sizes and most frequent words)
and how to bring your own.

Example::

    render_corpus()
    render_bring_your_own()
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.app.corpus_picker import (
    current_corpus,
    current_source_title,
    explain_missing_corpus,
    format_name,
)
from ui.app.i18n import translator
from ui.draw.html import md_escape

t = translator("app")

_PREVIEW_ROWS = 100


def _short_format(source_format: str) -> str:
    """The metric's short name of a way of writing a corpus, in the session's language."""
    names = {"text": t("running text"), "counts": t("word counts"), "dict": t("dict")}
    return names.get(source_format, source_format)


def render_corpus() -> None:
    """The corpus in use: source, distinct words, words in total, how it was written."""
    st.header(t("The corpus you are using"))
    corpus = current_corpus()
    if corpus is None:
        explain_missing_corpus()
    else:
        st.text(t("Source: {title}").format(title=current_source_title()))
        cols = st.columns(3)
        cols[0].metric(t("Distinct words"), f"{len(corpus):,}")
        cols[1].metric(t("Words in total"), f"{corpus.total:,}")
        cols[2].metric(t("Written as"), _short_format(corpus.source_format))
        st.caption(
            t("Read as {format}.").format(format=md_escape(format_name(corpus.source_format)))
        )
        word, count = t("word"), t("count")
        frame = pd.DataFrame({word: list(corpus.words), count: list(corpus.counts)})
        frame = frame.sort_values(count, ascending=False, kind="stable").head(_PREVIEW_ROWS)
        if len(corpus) > _PREVIEW_ROWS:
            st.caption(
                t("The {n} most frequent of the {total} distinct words:").format(
                    n=_PREVIEW_ROWS, total=f"{len(corpus):,}"
                )
            )
        st.dataframe(frame, hide_index=True, width="content", height="auto")


def render_bring_your_own() -> None:
    """The three ways to write a corpus, with an example each, and the upload and table."""
    st.header(t("Bring your own corpus"))
    st.markdown(
        t(
            """
Pick a source in the sidebar. **Type or paste text** starts from the example you had open, so
you can change a count or add a word and see what changes. Three ways of writing are
understood, and the app tells you which one it detected:
"""
        )
    )
    col_text, col_counts, col_dict = st.columns(3)
    with col_text:
        st.markdown(t("**Running text**: every word is counted."))
        st.code(
            "the lower road was low\nand the lowest step was wet", language=None, wrap_lines=True
        )
    with col_counts:
        st.markdown(t("**One word and its count per line**: `low 5`, `low: 5`, or a tab."))
        st.code("low 5\nlower 2\nnewest 6\nwidest 3", language=None, wrap_lines=True)
    with col_dict:
        st.markdown(t("**The tutorials' dict**: symbols separated by spaces, `</w>` at the end."))
        # wrapped, not scrolled: a scrolling box would need keyboard focus (st.code offers no
        # tabindex), and on a projector every example is read whole
        st.code(
            "{'l o w </w>': 5,\n 'l o w e r </w>': 2,\n 'n e w e s t </w>': 6}",
            language=None,
            wrap_lines=True,
        )
    st.markdown(
        t(
            """
You can also **upload a .txt file** (saved as UTF-8) or **edit a word/count table** directly.
If something cannot be read, the sidebar names the line (or row) to fix, your text stays as you
typed it, and the other pages wait until it is fixed instead of quietly using an old corpus.
"""
        )
    )
