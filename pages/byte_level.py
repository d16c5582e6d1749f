"""Byte-level BPE: BPE over UTF-8 bytes, so no text is ever unknown (seed 000's BBPE)."""

from __future__ import annotations

import streamlit as st

from ui.byte_level_view import (
    page_tabs,
    render_byte_table,
    render_compare,
    render_hex_input,
    render_learn_step,
    render_tokens,
    settings_panel,
    text_panel,
    train_or_explain,
)
from ui.corpus_picker import require_corpus
from ui.player import step_player
from ui.shell import ensure_app_shell

ensure_app_shell()
st.title("Byte-level BPE")
st.caption(
    "GPT-style tokenizers run BPE on the bytes of the text instead of its characters. Every "
    "text in every script is some bytes, and all 256 bytes are in the vocabulary, so nothing "
    "is ever unknown, and decoding gives back exactly the text that went in."
)

corpus = require_corpus()
settings = settings_panel()
if settings is not None:
    result = train_or_explain(corpus, settings)
    if result is not None:
        text = text_panel(corpus)
        # only the open tab runs: the others may be slow on a large corpus
        tokens_tab, learn_tab, compare_tab, table_tab = page_tabs()
        if tokens_tab.open:
            with tokens_tab:
                render_tokens(result.model, text)
                with st.expander("Bytes that are not valid UTF-8"):
                    render_hex_input(result.model)
        if learn_tab.open:
            with learn_tab:
                step_player(
                    "bbpe_learn",
                    len(result.steps),
                    lambda n: render_learn_step(result, n, corpus, settings),
                    label="Step",
                )
        if compare_tab.open:
            with compare_tab:
                render_compare(corpus, settings, result, text)
        if table_tab.open:
            with table_tab:
                render_byte_table()
