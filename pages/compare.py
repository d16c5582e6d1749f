"""Compare segmentations: BPE, WordPiece, Unigram and byte-level BPE side by side."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.app.pretok import apply_pretok, pretok_panel
from ui.views.compare.figures import render_corpus_figures
from ui.views.compare.plan import PRETOK
from ui.views.compare.settings import settings_panel, train_or_explain
from ui.views.compare.words import render_segmentations

t = translator("compare")

st.title(t("Compare segmentations"))
st.caption(
    t(
        "The four algorithms learn from the same {corpus} with one target {vocabulary} size. "
        "Type words or a sentence to see where their {segmentations} agree and where they cut "
        "differently."
    ).format(
        corpus=term_md("corpus", t("corpus")),
        vocabulary=term_md("vocabulary", t("vocabulary")),
        segmentations=term_md("segmentation", t("segmentations")),
    )
)
with st.expander(t("How the four are put on the same footing")):
    st.markdown(
        "- "
        + t(
            "**One target size.** BPE's vocabulary is its alphabet (the corpus's characters "
            "plus the `</w>` symbol) plus one token per merge, so it learns *target − alphabet* "
            "merges; byte-level BPE starts from all 256 byte values, so it learns *target − "
            "256* merges (both also merge pairs seen only once, so the target is reached unless "
            "the pairs run out). WordPiece and Unigram take the target as their vocabulary "
            "size. An algorithm whose alphabet alone is larger than the target is skipped, and "
            "the page says so."
        )
        + "\n- "
        + t(
            "**Markers are stripped before comparing cuts**: BPE's `</w>` at the end, "
            "WordPiece's `##` and sentencepiece's `▁` at the start, and byte-level BPE's `Ġ` "
            "(the space byte in front of each word). Tokens that are only a marker (a lone "
            "`</w>` or `Ġ`) are shown but not counted."
        )
        + "\n- "
        + t(
            "**Cuts** are positions between characters. Byte-level tokens stand for bytes, so a "
            "cut that falls inside one character's UTF-8 bytes is counted apart."
        )
        + "\n- "
        + t(
            "**UNK**: WordPiece turns a word it cannot build into `[UNK]`. BPE and Unigram keep "
            "a character they never saw as a token outside their vocabulary: counted as UNK. "
            "Byte-level BPE never has one."
        )
    )

typed_corpus = require_corpus()
choice = pretok_panel(
    PRETOK,
    note=t(
        "One choice for all four algorithms, so that they learn from the same words. The "
        "default is whitespace only (the words as typed), not each algorithm's own default "
        "on its page (BERT for WordPiece, none ▁ for Unigram): choose one to see all four "
        "on it."
    ),
    default_help=t(
        "The default is whitespace only, the same for all four: the words as typed. The "
        "WordPiece page defaults to BERT and the Unigram page to none (▁)."
    ),
)
corpus = apply_pretok(typed_corpus, choice)
target = settings_panel(corpus)
if target is not None:
    trained = train_or_explain(corpus, target)
    if trained:
        render_segmentations(trained, corpus=typed_corpus, pretok=choice)
        st.subheader(t("On the whole corpus"))
        render_corpus_figures(corpus, target, trained)
