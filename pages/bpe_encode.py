"""BPE: encode new words by merge priority, and decode them back (tutorials 001/003)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import dataclasses

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.follow import example_words, follow_default, show_example_label
from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.pretok import apply_pretok, pretok_panel, pretok_words
from ui.study.notebook import bpe_encode_cells, notebook_button
from ui.views.bpe.encode import imported_model, render_encode
from ui.views.bpe.settings import PRETOK, shared_model

t = translator("bpe")

st.title(t("BPE: encode & decode"))
st.caption(
    t(
        "To {encode} a word, split it into characters, then keep {merging} the {pair} that was "
        "learned earliest (the lowest merge number: {priority}) until no learned pair is left; "
        "what remains are the word's {tokens}. To {decode}, join the tokens and turn each "
        "{marker} back into a word boundary."
    ).format(
        # i18n: the words linked to the glossary in the sentence "To encode a word…"
        encode=term_md("encode", t("encode")),
        merging=term_md("merge", t("merging")),
        pair=term_md("pair", t("pair")),
        priority=term_md("merge-priority", t("merge priority")),
        tokens=term_md("token", t("tokens")),
        decode=term_md("decode", t("decode")),
        marker=term_md("marker", t("marker")),
    )
)

typed_corpus = require_corpus()
choice = pretok_panel(PRETOK)
corpus = apply_pretok(typed_corpus, choice)
shared = shared_model(corpus)
if shared is not None:
    settings, result = shared
    examples = example_words(typed_corpus)  # the student's own words are never replaced
    follow_default("bpe_encode_text", examples.text)
    text = st.text_input(
        t("Words or a sentence to encode"),
        value=st.session_state["bpe_encode_text"],  # drawn first (test_widget_defaults)
        key="bpe_encode_text",
        max_chars=LIMITS.box_chars,
    )
    show_example_label(examples, "bpe_encode_text")
    use_unk = st.toggle(
        t("Map characters never seen in training to [UNK]"),
        key="bpe_encode_unk",
        help=t("Tutorial 001: with merges u+g and h+ug, “mhug” becomes [UNK] hug."),
    )
    quiz = st.toggle(
        t("Quiz me: let me type how a word is split first"),
        key="bpe_encode_quiz",
        help=t(
            "Type the pieces separated by spaces; the app says whether BPE splits the word "
            "that way, and if not, which merge decides it."
        ),
    )
    own = st.toggle(
        t("Use merges learned elsewhere"),
        key="bpe_encode_own",
        help=t(
            "A subword-nmt codes file or a Hugging Face BPE tokenizer.json, e.g. one "
            "exported from the “learn merges” page or trained with the libraries."
        ),
    )
    model = result.model
    if own:
        with st.container(border=True):
            model = imported_model()
            if model is not None and use_unk and model.alphabet is None:
                st.caption(
                    t(
                        "A codes file does not list the characters seen in training, so no "
                        "character is mapped to [UNK] with these merges."
                    )
                )
    if model is not None:
        if use_unk:
            model = dataclasses.replace(model, unk_token="[UNK]")
        words = pretok_words(text, choice)  # cut the way the corpus was
        if not words:
            st.info(t("Type one or more words above to see how they are encoded."))
        else:
            word = st.selectbox(t("Show the iterations for"), words, key="bpe_encode_word")
            render_encode(model, " ".join(words), word, quiz=quiz)
            notebook_button("bpe_encode", bpe_encode_cells(model, words))
