"""The cost page's sentences: one meaning in English, 中文 and 한국어, each in a box the
student may retype (the boxes travel in the link).

Example:
    >>> list(SENTENCES) == list(LANGUAGES)
    True
"""

from __future__ import annotations

import streamlit as st

from ui.app.i18n import translator
from ui.app.links import LinkParam, PageLink, register_page, register_params
from ui.views.pretrained.files import TEXT_CHARS

t = translator("cost")

LANGUAGES: tuple[str, ...] = ("en", "zh", "ko")
"""The three languages, in the order the page shows them."""

SENTENCES: dict[str, str] = {
    "en": "We learn languages at school, and computers learn them too.",
    "zh": "我们在学校学习语言，计算机也学习语言。",
    "ko": "우리는 학교에서 언어를 배우고, 컴퓨터도 언어를 배운다.",
}
"""The default sentences, written for the app: one meaning in three languages."""

_KEYS = {lang: f"cost_{lang}" for lang in LANGUAGES}
register_params(*(LinkParam(key, "str") for key in _KEYS.values()))
register_page("cost", PageLink((*_KEYS.values(), "cmp_target")))

_COLOURS = {"en": "#1f77b4", "zh": "#d62728", "ko": "#2ca02c"}


def _language_names() -> dict[str, str]:
    return {"en": t("English"), "zh": t("Chinese"), "ko": t("Korean")}


def sentence_inputs() -> dict[str, str]:
    """The three sentence boxes (defaults until the student types); the sentences by language.

    Example::

        sentences = sentence_inputs()
    """
    names = _language_names()
    columns = st.columns(3)
    out: dict[str, str] = {}
    for column, lang in zip(columns, LANGUAGES, strict=True):
        key = _KEYS[lang]
        value = st.session_state.get(key)
        if value is None:
            st.session_state[key] = SENTENCES[lang]
        elif len(value) > TEXT_CHARS:  # e.g. a long link
            st.session_state[key] = value[:TEXT_CHARS]
        out[lang] = column.text_area(
            names[lang],
            value=st.session_state[key],  # drawn first (test_widget_defaults)
            key=key,
            max_chars=TEXT_CHARS,
            height=80,
        )
    return out
