"""WordPiece: likelihood-score merges and longest-match-first encoding (tutorials 001, 003, 004)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from subword_core.errors import SubwordError
from subword_core.wordpiece import WordPiece
from ui.app.corpus_picker import error_text, require_corpus
from ui.app.follow import example_words, follow_default, show_example_label
from ui.app.glossary import term_html
from ui.app.i18n import translator
from ui.app.limits import LIMITS, PASTE_CHARS
from ui.app.pretok import apply_pretok, pretok_panel, pretok_words
from ui.draw.html import show_error, show_html
from ui.draw.player import step_player
from ui.draw.tabs import kept_tabs
from ui.study.exports import export_panel, tokenizer_json_file
from ui.study.notebook import offer_notebook
from ui.views.wordpiece.compare import render_compare
from ui.views.wordpiece.encode import render_encode
from ui.views.wordpiece.export import render_export_note
from ui.views.wordpiece.learn import merges_table, render_learn_step
from ui.views.wordpiece.settings import (
    PRETOK,
    WIDGETS_KEY,
    settings_panel,
    tab_labels,
    train_or_explain,
)
from ui.views.wordpiece.variants import render_variants

t = translator("wordpiece")

st.title("WordPiece")
show_html(
    "<div class='sw-caption'>"
    + t(
        "Like BPE, WordPiece grows a {vocabulary} (its token list) by {merging} neighbouring "
        "{symbols}, one merge per {step}, but it merges the {pair} with the best "
        "{likelihood_score} instead of the most frequent one. It {encodes} a word by taking "
        "the {longest_match} from the left; a word with a part no {token} matches becomes "
        "{unk}."
    ).format(
        vocabulary=term_html("token-list", t("vocabulary")),
        merging=term_html("merge", t("merging")),
        symbols=term_html("symbol", t("symbols")),
        step=term_html("step", t("step")),
        pair=term_html("pair", t("pair")),
        likelihood_score=term_html("likelihood-score", t("likelihood score")),
        encodes=term_html("encode", t("encodes")),
        longest_match=term_html("longest-match", t("longest matching token")),
        token=term_html("token", t("token")),
        unk=term_html("unk", "[UNK]"),
    )
    + "</div>"
)

typed_corpus = require_corpus()
choice = pretok_panel(PRETOK)
corpus = apply_pretok(typed_corpus, choice)
settings = settings_panel(corpus)
if settings is not None:
    result = train_or_explain(corpus, settings)
    if result is not None:
        # the open tab is kept (by id) across setting changes and travels in the link
        learn_tab, compare_tab, encode_tab, variants_tab = kept_tabs(
            "wp_tab", tab_labels(), WIDGETS_KEY
        )
        with learn_tab:
            quiz = st.toggle(
                t("Quiz me: let me guess each merge before it is shown"),
                key="wp_quiz",
                help=t("Each step stays hidden until you pick the pair you expect to be merged."),
            )
            step_player(
                "wp_learn",
                len(result.steps),
                lambda n: render_learn_step(result, n, settings, quiz=quiz),
                label="Step",
            )
            offer_notebook("wordpiece", corpus.as_dict(), settings)
            export_panel(
                "wordpiece",
                result.steps,
                merges_table(result),
                [
                    ("BERT vocab.txt", "vocab.txt", result.model.to_vocab_text),
                    tokenizer_json_file(result.model),
                ],
            )
            render_export_note(result.model)
        # the comparison trains a second model (frequency scoring), and the variants tab
        # several: they run only while their tab is open (at 20,000 tokens on pydoc the
        # comparison alone took 10 s)
        if compare_tab.open:
            with compare_tab:
                render_compare(corpus, settings)
        with encode_tab:
            examples = example_words(typed_corpus)  # the student's own words are never replaced
            follow_default("wp_encode_text", examples.text)
            text = st.text_input(
                t("Words to encode"),
                value=st.session_state["wp_encode_text"],  # drawn first (test_widget_defaults)
                key="wp_encode_text",
                max_chars=LIMITS.box_chars,
            )
            show_example_label(examples, "wp_encode_text")
            word_start = st.toggle(
                t("Show with a word-start marker (_), as tutorial 003 does"), key="wp_word_start"
            )
            own = st.toggle(t("Use my own vocabulary (vocab.txt)"), key="wp_own_vocab")
            seg_quiz = st.toggle(
                t("Quiz me: let me type how a word is split first"),
                key="wp_encode_quiz",
                help=t(
                    "Type how you expect the word to be split (## optional); the app says "
                    "whether longest-match-first agrees, and if not, where and why."
                ),
            )
            model: WordPiece | None = result.model
            if own:
                vocab_text = st.text_area(
                    t("Paste a BERT-style vocab.txt: one token per line, ## for continuations"),
                    key="wp_vocab_text",
                    max_chars=PASTE_CHARS,
                    height=150,
                )
                try:
                    model = WordPiece.from_vocab_text(vocab_text)
                except SubwordError as err:
                    show_error(error_text(err))
                    model = None
            words = pretok_words(text, choice)  # cut the way the corpus was
            if model is not None:
                if not words:
                    st.info(t("Type one or more words above to see how they are looked up."))
                else:
                    word = st.selectbox(t("Show the look-ups for"), words, key="wp_encode_word")
                    render_encode(
                        model, " ".join(words), word, word_start=word_start, quiz=seg_quiz
                    )
        if variants_tab.open:
            with variants_tab:
                render_variants(corpus, st.session_state.get("wp_encode_text", "slow slowest"))
