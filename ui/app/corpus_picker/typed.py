"""The corpus picker's typed text: the box that starts from the example you had open and
follows it until you edit it.

Example:
    >>> _shorten_prefill("low 5")
    'low 5'
"""

from __future__ import annotations

import streamlit as st

from subword_core.text.corpus import Corpus
from subword_core.text.examples import DEFAULT_EXAMPLE, EXAMPLES, example_text
from ui.app.corpus_picker.parse import _example_outcome, _Outcome, _parse_text
from ui.app.corpus_picker.sources import (
    _CURRENT_KEY,
    _LAST_EXAMPLE_KEY,
    _PREFILL_LIMIT,
    _TABLE_PREFILL_ROWS,
    _TEXT_KEY,
    _TEXT_PREFILL_KEY,
    _UPLOAD,
    _UPLOAD_SAVED_KEY,
    _formats_help,
)
from ui.app.i18n import translator
from ui.app.limits import PASTE_CHARS
from ui.draw.html import show_text

t = translator("common")


def _text_form(source: str | None) -> str:
    """The text that stands for the corpus of ``source`` (to prefill the text box)."""
    if source in EXAMPLES:
        return example_text(source)
    if source == _UPLOAD:
        saved = st.session_state.get(_UPLOAD_SAVED_KEY)
        if saved and saved.get("text") is not None:
            return saved["text"]
    corpus = st.session_state.get(_CURRENT_KEY)
    if isinstance(corpus, Corpus):
        return corpus.to_text()
    return example_text(st.session_state.get(_LAST_EXAMPLE_KEY, DEFAULT_EXAMPLE))


def _shorten_prefill(text: str) -> str:
    if len(text) <= _PREFILL_LIMIT:
        return text
    cut = text.rfind("\n", 0, _PREFILL_LIMIT)
    return text[: cut if cut > 0 else _PREFILL_LIMIT]


def _rows_of(corpus: Corpus | None) -> list[tuple[str, int]]:
    if corpus is None:
        corpus = _example_outcome(st.session_state.get(_LAST_EXAMPLE_KEY, DEFAULT_EXAMPLE)).corpus
    if corpus is None:  # pragma: no cover - built-in examples always parse
        return []
    items = list(corpus.items)
    if len(items) > _TABLE_PREFILL_ROWS:
        items = sorted(items, key=lambda item: -item[1])[:_TABLE_PREFILL_ROWS]
    return items


def _prefill_corpus(source: str | None) -> Corpus | None:
    if source in EXAMPLES:
        return _example_outcome(source).corpus
    corpus = st.session_state.get(_CURRENT_KEY)
    return corpus if isinstance(corpus, Corpus) else None


# --- the sources -----------------------------------------------------------------------------


def _typed_source(entering_from: str | None) -> _Outcome:
    state = st.session_state
    # subtle: an untouched (or emptied) box follows the source the student comes from; once
    # edited, the text is the student's and is never replaced behind their back.
    current_text = state.get(_TEXT_KEY)
    untouched = (
        not current_text or not current_text.strip() or current_text == state.get(_TEXT_PREFILL_KEY)
    )
    if entering_from is not None and untouched:
        prefill = _shorten_prefill(_text_form(entering_from))
        state[_TEXT_KEY] = prefill
        state[_TEXT_PREFILL_KEY] = prefill
    text = st.text_area(
        t("Your corpus"),
        key=_TEXT_KEY,
        max_chars=PASTE_CHARS,
        height=180,
        help=_formats_help(),
        persist_state="session",
        placeholder=t("Type words here, e.g.  low low low lower newest newest"),
    )
    if text and len(text) >= _PREFILL_LIMIT * 0.9 and text == state.get(_TEXT_PREFILL_KEY):
        show_text(
            t(
                "The box starts with the first {n} characters of the previous corpus, "
                "to keep it quick; add or paste more if you like."
            ).format(n=f"{len(text):,}"),
            small=True,
        )
    return _parse_text(text or "")
