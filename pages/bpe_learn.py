"""BPE: learn merges, one step at a time (seeds 002/003; Sennrich et al. 2016)."""

from __future__ import annotations

import streamlit as st

from ui.bpe_view import PRETOK, merge_table, render_learn_step, settings_panel, train_or_explain
from ui.corpus_picker import require_corpus
from ui.exports import export_panel, tokenizer_json_file
from ui.glossary import term_md
from ui.player import step_player
from ui.pretok import apply_pretok, pretok_panel
from ui.shell import ensure_app_shell

ensure_app_shell()
st.title("BPE: learn merges")
st.caption(
    f"Byte-pair encoding counts every {term_md('pair')} of neighbouring "
    f"{term_md('symbol', 'symbols')} in the {term_md('corpus')}, {term_md('merge', 'merges')} "
    f"the most frequent pair into a new symbol, and repeats. Each {term_md('step')} of the "
    f"player is one merge; when pairs {term_md('tie')}, you can choose. The "
    f"{term_md('learned-vocabulary', 'learned vocabulary')} grows by one symbol per merge, "
    f"while the {term_md('corpus-symbols', 'symbols in the corpus')} can grow, stay or shrink."
)

corpus = apply_pretok(require_corpus(), pretok_panel(PRETOK))
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
                tokenizer_json_file(result.model),
            ],
        )
