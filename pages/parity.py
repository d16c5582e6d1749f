"""Parity with the reference libraries: subword-nmt, tokenizers and sentencepiece."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.i18n import translator
from ui.views.parity.bpe import render_bpe
from ui.views.parity.settings import settings_panel
from ui.views.parity.unigram import render_unigram
from ui.views.parity.wordpiece import render_wordpiece

t = translator("parity")

st.title(t("Parity with the reference libraries"))
st.caption(
    t(
        "The app's trainers are written from scratch. Here the well-known libraries train on "
        "the same corpus with the closest settings: where they agree, and where they differ, "
        "why. The libraries are only references here, never the app's algorithms."
    )
)
corpus = require_corpus()
merges, min_frequency, wp_size, uni_size = settings_panel()
render_bpe(corpus, merges, min_frequency)
render_wordpiece(corpus, wp_size)
render_unigram(corpus, uni_size)
