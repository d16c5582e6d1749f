"""Trace a pretrained tokenizer: a real file, a typed text, every step of its encoding."""

from __future__ import annotations

import streamlit as st

from subword_core.pretrained import PretrainedError
from ui.bounds_text import bound_heading, bound_problems
from ui.html import show_text
from ui.i18n import translator
from ui.player import step_player
from ui.pretrained_view import (
    TEXT_CHARS,
    choose_files,
    describe_step,
    error_text,
    load_tokenizer,
    render_step,
    show_summary,
    trace_text,
)
from ui.shell import ensure_app_shell

t = translator("pretrained")

ensure_app_shell()
st.title(t("Trace a pretrained tokenizer"))
st.caption(
    t(
        "Why is “ unhappiness” three tokens? Pick a sample or upload a real tokenizer file, type "
        "a text, and step through what the tokenizers library does with it: special tokens, the "
        "normalizer, the pre-tokenizer's split, the bytes (byte-level BPE), then each merge by "
        "rank, each WordPiece longest-match try, or the Unigram lattice's best path."
    )
)

files = choose_files()
tok = load_tokenizer(files) if files is not None else None
if tok is not None:
    show_summary(tok)
    if "pre_text" not in st.session_state:
        st.session_state["pre_text"] = "Why is unhappiness three tokens? Don't panic!"
    text = st.text_area(t("Text to encode"), key="pre_text", max_chars=TEXT_CHARS, height=80)
    try:
        trace = trace_text(tok, text)
    except PretrainedError as err:
        heading = t("The library cannot encode this text with this file:")
        if err.code in bound_problems():  # the file asks more of the server than it gives
            heading = bound_heading()
        st.error(heading, icon=":material/block:")
        show_text(error_text(err))
    else:
        step_player(
            "pre",
            len(trace.steps),
            lambda n: render_step(trace, n),
            describe=lambda n: describe_step(trace, n),
        )
