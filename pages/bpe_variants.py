"""BPE-dropout, the tutorials' other encoders, and joint BPE (seeds 000, 004)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.views.bpe.settings import shared_model
from ui.views.bpe_variants.dropout import render_dropout
from ui.views.bpe_variants.encoders import render_encoders
from ui.views.bpe_variants.joint import render_joint
from ui.views.bpe_variants.settings import page_tabs

t = translator("family")

st.title(t("BPE: dropout, other encoders, joint BPE"))
st.caption(
    t(
        "Three things the tutorials do with a learned BPE model: {encode} with random "
        "{dropout}, encode without the {order} (e.g. {longest}), and learn one model from two "
        "corpora ({joint})."
    ).format(
        # i18n: the words linked to the glossary in the sentence "Three things the tutorials…"
        encode=term_md("encode", t("encode")),
        dropout=term_md("dropout", t("dropout")),
        order=term_md("merge-priority", t("merge order")),
        longest=term_md("longest-match", t("longest match first")),
        joint=term_md("joint-bpe", t("joint BPE")),
    )
)

corpus = require_corpus()
shared = shared_model(corpus)
if shared is not None:
    settings, result = shared
    # the open tab is kept (by id) across setting changes and travels in the link
    dropout_tab, encoders_tab, joint_tab = page_tabs()
    with dropout_tab:
        render_dropout(result.model, corpus=corpus)
    with encoders_tab:
        render_encoders(result.model, corpus=corpus)
    with joint_tab:
        render_joint(
            corpus,
            settings.num_merges,
            {
                "min_frequency": settings.min_frequency,
                "end_of_word": settings.end_of_word,
                "attach_end_of_word": settings.attach_end_of_word,
                "tie_break": settings.tie_break,
            },
        )
