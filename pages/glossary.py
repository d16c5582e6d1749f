"""Glossary: the words the app uses, one meaning each, with the seeds' Chinese and Korean terms."""

from __future__ import annotations

import streamlit as st

from ui.glossary import render_glossary
from ui.shell import ensure_app_shell

ensure_app_shell()
st.title("Glossary")
st.caption(
    "Every term the pages use, with a plain definition, a tiny example on the seeds' corpora, "
    "the seeds' own words for it (中文 / 한국어) and how each seed uses it."
)
render_glossary()
