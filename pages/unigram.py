"""Unigram LM: seed vocabulary, EM, pruning by loss; lattice, n-best, sampling (tutorials 000,
001)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.glossary import term_html
from ui.app.i18n import translator
from ui.app.pretok import Pretok, apply_pretok, pretok_panel
from ui.draw.html import show_html
from ui.draw.player import step_player
from ui.study.exports import export_panel, tokenizer_json_file
from ui.study.notebook import offer_notebook
from ui.views.unigram.likelihood import likelihood_chart_data
from ui.views.unigram.page import page_tabs, render_pretok_note, render_vocab_export_note
from ui.views.unigram.params import PRETOK, WIDGET_DEFAULTS, WIDGETS_KEY
from ui.views.unigram.seed_001 import render_seed_001
from ui.views.unigram.settings import normalize_corpus, settings_panel
from ui.views.unigram.step import describe_step, render_train_step
from ui.views.unigram.train import train_or_explain
from ui.views.unigram.word import render_word

t = translator("unigram")

st.title(t("Unigram language model"))
show_html(
    "<div class='sw-caption'>"
    + t(
        "BPE and WordPiece grow a {vocabulary} {merge} by merge. The unigram model starts big "
        "(a {seed_vocabulary}) and shrinks: every {piece} gets a {probability}, {em} "
        "re-estimates them, and the pieces with the smallest {removal_loss} are {pruned}. Each "
        "{step} is the seed vocabulary, an EM {iteration} or a pruning round. Any word can then "
        "be {segmented} in many ways (its {lattice}), each with a probability."
    ).format(
        vocabulary=term_html("vocabulary", t("vocabulary")),
        merge=term_html("merge", t("merge")),
        seed_vocabulary=term_html("seed-vocabulary", t("seed vocabulary")),
        piece=term_html("piece", t("piece")),
        probability=term_html("likelihood", t("probability")),
        em=term_html("em", "EM"),
        removal_loss=term_html("loss", t("removal loss")),
        pruned=term_html("pruning", t("pruned")),
        step=term_html("step", t("step")),
        iteration=term_html("iteration", t("iteration")),
        segmented=term_html("segmentation", t("segmented")),
        lattice=term_html("lattice", t("lattice")),
    )
    + "</div>"
)

choice = pretok_panel(
    PRETOK,
    note=t(
        "Here none (▁) switches on the trainer's ▁ toggle below: each word is read as ▁word, "
        "as sentencepiece reads a sentence whose spaces are ▁ (a piece never crosses a ▁)."
    ),
    default_help=t(
        "The default is sentencepiece's, the library that trains unigram models: none, the "
        "raw sentence with spaces written as ▁. Tutorial 001's example is read with whitespace "
        "only (its numbers are on bare words). A choice you make is kept for every corpus."
    ),
)
render_pretok_note(choice.scheme)
# subtle: sentencepiece's ▁ is the unigram trainer's word-start marker (uni_marker), so the
# corpus keeps its words and the marker follows the choice
st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))["uni_marker"] = (
    choice.scheme == "none"
)
scheme = "whitespace" if choice.scheme == "none" else choice.scheme
normalized = normalize_corpus(apply_pretok(require_corpus(), Pretok(scheme, choice.jamo)))
corpus = normalized.corpus
settings = settings_panel(corpus, normalized)
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
            offer_notebook("unigram", corpus.as_dict(), settings)
            export_panel(
                "unigram",
                result.steps,
                likelihood_chart_data(result),
                [
                    ("sentencepiece .vocab", "unigram.vocab", result.model.to_vocab_text),
                    tokenizer_json_file(result.model),
                ],
            )
            render_vocab_export_note(result.model)
        else:
            st.info(t("Fix the settings above to train the model."), icon=":material/info:")
if word_tab.open:
    with word_tab:
        if result is not None:
            render_word(result, corpus)
        else:
            st.info(
                t("Fix the settings above: this tab uses the trained model."),
                icon=":material/info:",
            )
if seed_tab.open:
    with seed_tab:
        render_seed_001()
