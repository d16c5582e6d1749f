"""Exercises with answers: a seeded sheet to answer on the page or on paper (issue 30)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.i18n import translator
from ui.views.exercises.sheet import render_exercises

t = translator("textbook")

st.title(t("Exercises"))
st.caption(
    t(
        "A fresh toy corpus and five questions of the tutorials' kinds: the next merge, a "
        "segmentation by merge priority and by longest match, a WordPiece score, a Unigram "
        "probability. Answer here (checked as you type) or print the sheet; the key is "
        "computed by the app."
    )
)
render_exercises()
