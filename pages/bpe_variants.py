"""BPE-dropout, the tutorials' other encoders, and joint BPE (seeds 000, 004)."""

from __future__ import annotations

import streamlit as st

from ui.bpe_family_view import render_dropout, render_encoders, render_joint
from ui.bpe_view import settings_panel, train_or_explain
from ui.corpus_picker import require_corpus
from ui.html import show_text
from ui.shell import ensure_app_shell

ensure_app_shell()
st.title("BPE: dropout, other encoders, joint BPE")
st.caption(
    "Three things the tutorials do with a learned BPE model: encode with random dropout, "
    "encode without the merge order, and learn one model from two corpora."
)

corpus = require_corpus()
with st.expander("Learning settings (shared with the “learn merges” page)"):
    settings = settings_panel()
if settings is not None:
    result = train_or_explain(corpus, settings)
    if result is not None:
        show_text(
            f"Model: {len(result.merges)} merges learned from the current corpus.", small=True
        )
        dropout_tab, encoders_tab, joint_tab = st.tabs(
            ["BPE-dropout", "Other encoders", "Joint BPE"]
        )
        with dropout_tab:
            render_dropout(result.model)
        with encoders_tab:
            render_encoders(result.model)
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
