"""How many tokens does my sentence cost? One sentence in English, 中文 and 한국어, counted by
every tokenizer the app has, side by side."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.views.compare.settings import settings_panel, train_or_explain
from ui.views.cost.chart import render_costs
from ui.views.cost.sentences import sentence_inputs

t = translator("cost")

st.title(t("How many tokens does my sentence cost?"))
st.caption(
    t(
        "The same sentence in English, Chinese and Korean (change them as you like), cut into "
        "tokens by every tokenizer of the app: BPE, WordPiece, Unigram and byte-level BPE "
        "trained on the sidebar's {corpus} (the Compare page's trainings), and the pretrained "
        "samples. A model pays for every token: the same meaning can cost several times more "
        "in one language than in another."
    ).format(corpus=term_md("corpus", t("corpus")))
)
sentences = sentence_inputs()
corpus = require_corpus()
target = settings_panel(corpus)
if target is not None:
    trained = train_or_explain(corpus, target)
    render_costs(trained, sentences)
