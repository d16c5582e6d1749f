"""Byte-level BPE: BPE over UTF-8 bytes, so no text is ever unknown (seed 000's BBPE)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.corpus_picker import require_corpus
from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.app.pretok import apply_pretok, pretok_panel
from ui.draw.player import step_player
from ui.study.notebook import offer_notebook
from ui.views.byte_level.bytes import render_byte_table, render_cjk_bytes
from ui.views.byte_level.compare import render_compare
from ui.views.byte_level.learn import render_learn_step, train_or_explain
from ui.views.byte_level.settings import PRETOK, page_tabs, settings_panel, text_panel
from ui.views.byte_level.tokens import render_hex_input, render_tokens

t = translator("byte_level")

st.title(t("Byte-level BPE"))
st.caption(
    t(
        "GPT-style tokenizers run BPE on the {bytes} of the text instead of its characters: "
        "each {step} {merges} the most frequent {pair} of neighbouring {symbols}. Every text in "
        "every script is some bytes, and all 256 bytes are in the {vocabulary}, so no {token} "
        "is ever unknown ({unk}), and {decoding} gives back exactly the text that went in."
    ).format(
        bytes=term_md("byte", t("bytes")),
        step=term_md("step", t("step")),
        merges=term_md("merge", t("merges")),
        pair=term_md("pair", t("pair")),
        symbols=term_md("symbol", t("symbols")),
        vocabulary=term_md("vocabulary", t("vocabulary")),
        token=term_md("token", t("token")),
        unk=term_md("unk", "[UNK]"),
        decoding=term_md("decode", t("decoding")),
    )
)

corpus = apply_pretok(require_corpus(), pretok_panel(PRETOK))
settings = settings_panel()
if settings is not None:
    result = train_or_explain(corpus, settings)
    if result is not None:
        # only the open tab runs: the others may be slow on a large corpus
        tokens_tab, learn_tab, compare_tab, table_tab = page_tabs()
        if tokens_tab.open:
            with tokens_tab:
                render_tokens(result.model, text_panel(corpus))
                with st.expander(t("Bytes that are not valid UTF-8")):
                    render_hex_input(result.model)
        if learn_tab.open:
            with learn_tab:
                step_player(
                    "bbpe_learn",
                    len(result.steps),
                    lambda n: render_learn_step(result, n, corpus, settings),
                    label="Step",  # the player translates its own "Step"
                )
                offer_notebook("byte_level", corpus.as_dict(), settings)
        if compare_tab.open:
            with compare_tab:
                render_compare(corpus, settings, result, text_panel(corpus))
        if table_tab.open:
            with table_tab:
                render_byte_table()
        with st.expander(
            t("Chinese and Korean: why a syllable is 3 bytes, and merges across them")
        ):
            render_cjk_bytes(result)
