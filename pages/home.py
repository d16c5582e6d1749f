"""Start here: what a subword tokenizer is, what each page shows, and how to bring a corpus."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.i18n import translator
from ui.classroom import join_form
from ui.views.home.corpus import render_bring_your_own, render_corpus
from ui.views.home.intro import render_intro, render_pages

t = translator("app")

st.title(t("Subword tokenizers, step by step"))
join_form()  # a student types the live class's code here (ui.classroom)
render_intro()
render_pages()
render_corpus()
render_bring_your_own()
