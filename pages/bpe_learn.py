"""BPE: learn merges, one step at a time (seeds 002/003; Sennrich et al. 2016)."""

from __future__ import annotations

import streamlit as st

from ui.bpe_view import merge_table, render_learn_step, settings_panel, train_or_explain
from ui.corpus_picker import require_corpus
from ui.exports import export_panel
from ui.player import step_player
from ui.shell import ensure_app_shell

ensure_app_shell()
st.title("BPE: learn merges")
st.caption(
    "Byte-pair encoding counts every pair of neighbouring symbols in the corpus, merges the most "
    "frequent pair into a new symbol, and repeats. Step through it merge by merge."
)

corpus = require_corpus()
settings = settings_panel()
if settings is not None:
    result = train_or_explain(corpus, settings)
    if result is not None:
        quiz = st.toggle(
            "Quiz me: let me guess each merge before it is shown",
            key="bpe_quiz",
            help="Each step stays hidden until you pick the pair you expect to be merged.",
        )
        step_player(
            "bpe_learn",
            len(result.steps),
            lambda step: render_learn_step(result, step, corpus, quiz=quiz),
            label="Step",
        )
        export_panel(
            "bpe",
            result.steps,
            merge_table(result, len(result.steps)),
            [
                ("subword-nmt codes", "codes.txt", result.model.to_codes),
                ("tokenizer.json", "tokenizer.json", result.model.to_tokenizer_json),
            ],
        )
