"""BPE: learn merges, one step at a time (seeds 002/003; Sennrich et al. 2016)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.app.pretok import apply_pretok, pretok_panel
from ui.draw.player import step_player
from ui.merge_family.merge_table import merge_table
from ui.study.exports import export_panel, tokenizer_json_file
from ui.study.notebook import offer_notebook
from ui.views.bpe.learn import render_learn_step
from ui.views.bpe.settings import PRETOK, settings_panel, train_or_explain

t = translator("bpe")

st.title(t("BPE: learn merges"))
st.caption(
    t(
        "Byte-pair encoding counts every {pair} of neighbouring {symbols} in the {corpus}, "
        "{merges} the most frequent pair into a new symbol, and repeats. Each {step} of the "
        "player is one merge; when pairs {tie}, you can choose. The {learned} grows by one "
        "symbol per merge, while the {present} can grow, stay or shrink."
    ).format(
        # i18n: the words linked to the glossary in the sentence "Byte-pair encoding counts…"
        pair=term_md("pair", t("pair")),
        symbols=term_md("symbol", t("symbols")),
        corpus=term_md("corpus", t("corpus")),
        merges=term_md("merge", t("merges")),
        step=term_md("step", t("step")),
        tie=term_md("tie", t("tie")),
        learned=term_md("learned-vocabulary", t("learned vocabulary")),
        present=term_md("corpus-symbols", t("symbols in the corpus")),
    )
)

corpus = apply_pretok(require_corpus(), pretok_panel(PRETOK))
settings = settings_panel()
if settings is not None:
    result = train_or_explain(corpus, settings)
    if result is not None:
        quiz = st.toggle(
            t("Quiz me: let me guess each merge before it is shown"),
            key="bpe_quiz",
            help=t("Each step stays hidden until you pick the pair you expect to be merged."),
        )
        step_player(
            "bpe_learn",
            len(result.steps),
            lambda step: render_learn_step(result, step, corpus, quiz=quiz),
            label="Step",  # (the player words it in the session's language)
        )
        offer_notebook("bpe_learn", corpus.as_dict(), settings)
        export_panel(
            "bpe",
            result.steps,
            merge_table(result, len(result.steps)),
            [
                ("subword-nmt codes", "codes.txt", result.model.to_codes),
                tokenizer_json_file(result.model),
            ],
        )
