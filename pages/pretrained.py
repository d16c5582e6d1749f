"""Trace a pretrained tokenizer: a real file, a typed text, every step of its encoding."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from subword_core.pretrained import PretrainedError
from ui.app.bounds_text import bound_heading, bound_problems
from ui.app.i18n import translator
from ui.app.presenter import presenting, settings_box
from ui.draw.html import show_text
from ui.draw.player import step_player
from ui.views.pretrained.files import (
    DEFAULT_TEXT,
    TEXT_CHARS,
    choose_files,
    error_text,
    load_tokenizer,
    trace_text,
)
from ui.views.pretrained.steps import describe_step, render_step
from ui.views.pretrained.summary import show_summary

t = translator("pretrained")

st.title(t("Trace a pretrained tokenizer"))
st.caption(
    t(
        "How many tokens is “unhappiness”, and why? Pick a sample or upload a real tokenizer "
        "file, type a text, and step through what the tokenizers library does with it: special "
        "tokens, the normalizer, the pre-tokenizer's split, the bytes (byte-level BPE), then "
        "each merge by rank, each WordPiece longest-match try, or the Unigram lattice's best "
        "path."
    )
)

# in presenter mode the choice and the file's summary fold away, so that the text and the
# step's explanation fit the first screen of a projector
with settings_box(t("Tokenizer")):
    files = choose_files()
    tok = load_tokenizer(files) if files is not None else None
    if tok is not None:
        show_summary(tok)
if tok is not None:
    if "pre_text" not in st.session_state:
        st.session_state["pre_text"] = DEFAULT_TEXT
    elif len(st.session_state["pre_text"] or "") > TEXT_CHARS:  # e.g. from a link
        st.session_state["pre_text"] = st.session_state["pre_text"][:TEXT_CHARS]
    text = st.text_area(
        t("Text to encode"),
        value=st.session_state["pre_text"],  # drawn first (test_widget_defaults)
        key="pre_text",
        max_chars=TEXT_CHARS,
        height=68 if presenting() else 80,
    )
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
            lambda n: render_step(trace, n, tok.unk_id),
            describe=lambda n: describe_step(trace, n),
        )
