"""BPE-dropout, the tutorials' other encoders, and joint BPE (seeds 000, 004)."""

from __future__ import annotations

import streamlit as st

from ui.bpe_family_view import (
    TAB_IDS,
    WIDGETS_KEY,
    render_dropout,
    render_encoders,
    render_joint,
)
from ui.bpe_view import shared_model
from ui.corpus_picker import require_corpus
from ui.glossary import term_md
from ui.shell import ensure_app_shell
from ui.tabs import kept_tabs

ensure_app_shell()
st.title("BPE: dropout, other encoders, joint BPE")
st.caption(
    f"Three things the tutorials do with a learned BPE model: {term_md('encode')} with random "
    f"{term_md('dropout')}, encode without the {term_md('merge-priority', 'merge order')} (e.g. "
    f"{term_md('longest-match', 'longest match first')}), and learn one model from two corpora "
    f"({term_md('joint-bpe', 'joint BPE')})."
)

corpus = require_corpus()
shared = shared_model(corpus)
if shared is not None:
    settings, result = shared
    # the open tab is kept (by id) across setting changes and travels in the link
    dropout_tab, encoders_tab, joint_tab = kept_tabs("fam_tab", TAB_IDS, WIDGETS_KEY)
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
