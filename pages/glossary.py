"""Glossary: the words the app uses, one meaning each, with the tutorials' Chinese and Korean
terms."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.glossary import render_glossary
from ui.app.i18n import translator

t = translator("glossary")

st.title(t("Glossary"))
st.caption(
    t(
        "Every term the pages use, with a plain definition, a tiny example on the tutorials' "
        "corpora, the term in English, 中文 and 한국어 side by side (the tutorials' own words) and "
        "how each tutorial uses it."
    )
)
render_glossary()
