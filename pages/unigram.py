"""Unigram LM: seed vocabulary, EM, pruning by loss; lattice, n-best, sampling (seeds 000, 001)."""

from __future__ import annotations

import streamlit as st

from ui.corpus_picker import require_corpus
from ui.exports import export_panel, tokenizer_json_file
from ui.glossary import term_md
from ui.player import step_player
from ui.pretok import Pretok, apply_pretok, pretok_panel
from ui.shell import ensure_app_shell
from ui.unigram_view import (
    PRETOK,
    WIDGET_DEFAULTS,
    WIDGETS_KEY,
    describe_step,
    likelihood_chart_data,
    page_tabs,
    render_seed_001,
    render_train_step,
    render_word,
    settings_panel,
    train_or_explain,
)

ensure_app_shell()
st.title("Unigram language model")
st.caption(
    f"BPE and WordPiece grow a {term_md('vocabulary')} {term_md('merge')} by merge. The unigram "
    f"model starts big (a {term_md('seed-vocabulary', 'seed vocabulary')}) and shrinks: every "
    f"{term_md('piece')} gets a {term_md('likelihood', 'probability')}, {term_md('em', 'EM')} "
    f"re-estimates them, and the pieces with the smallest {term_md('loss', 'removal loss')} are "
    f"{term_md('pruning', 'pruned')}. Each {term_md('step')} is the seed vocabulary, an EM "
    f"{term_md('iteration')} or a pruning round. Any word can then be "
    f"{term_md('segmentation', 'segmented')} in many ways (its {term_md('lattice')}), each "
    "with a probability."
)

choice = pretok_panel(
    PRETOK,
    note="Here none (▁) switches on the trainer's ▁ toggle below: each word is read as ▁word, "
    "as sentencepiece reads a sentence whose spaces are ▁ (a piece never crosses a ▁).",
)
# subtle: sentencepiece's ▁ is the unigram trainer's word-start marker (uni_marker), so the
# corpus keeps its words and the marker follows the choice
st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))["uni_marker"] = (
    choice.scheme == "none"
)
scheme = "whitespace" if choice.scheme == "none" else choice.scheme
corpus = apply_pretok(require_corpus(), Pretok(scheme, choice.jamo))
settings = settings_panel(corpus)
result = train_or_explain(corpus, settings) if settings is not None else None
# only the open tab runs: the word panels sample and enumerate segmentations, which would
# otherwise run at every change of the training tab too
train_tab, word_tab, seed_tab = page_tabs()
if train_tab.open:
    with train_tab:
        if result is not None and settings is not None:
            step_player(
                "uni_train",
                len(result.steps),
                lambda n: render_train_step(result, n, settings, corpus),
                label="Step",
                describe=lambda n: describe_step(result, n),
            )
            export_panel(
                "unigram",
                result.steps,
                likelihood_chart_data(result),
                [
                    ("sentencepiece .vocab", "unigram.vocab", result.model.to_vocab_text),
                    tokenizer_json_file(result.model),
                ],
            )
        else:
            st.info("Fix the settings above to train the model.", icon=":material/info:")
if word_tab.open:
    with word_tab:
        if result is not None:
            render_word(result, corpus)
        else:
            st.info(
                "Fix the settings above: this tab uses the trained model.", icon=":material/info:"
            )
if seed_tab.open:
    with seed_tab:
        render_seed_001()
