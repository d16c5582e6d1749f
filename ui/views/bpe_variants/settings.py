"""The BPE variants page (dropout, other encoders, joint BPE): its tabs, its link
parameters, and the word box two tabs share.

All three tabs reuse the model learned with the BPE settings (:mod:`ui.views.bpe.settings`).

Example:
    >>> TAB_IDS["joint"]
    'Joint BPE'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from subword_core.text.corpus import Corpus
from ui.app.follow import ExampleWords, example_words, follow_default, show_example_label
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.links import PageLink, kept_params, register_page, register_params
from ui.draw.tabs import kept_tabs
from ui.views.bpe.settings import LINK_SETTINGS as BPE_LINK_SETTINGS

__all__ = ["TAB_IDS", "WIDGETS_KEY", "WIDGET_DEFAULTS", "page_tabs", "word_box"]

t = translator("family")


WIDGETS_KEY = "fam__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"fam_tab": "dropout"}
TAB_IDS: dict[str, str] = {
    "dropout": "BPE-dropout",
    "encoders": "Other encoders",
    "joint": "Joint BPE",
}
"""The page's tabs by stable id (kept in ``fam_tab``, carried by links) and their English
labels (an older link may name a tab by them); :func:`page_tabs` shows them translated."""
# The link parameters this view owns (ui.app.links); the page's link also holds the BPE settings
# (the page draws the BPE settings panel, ui.views.bpe.settings) and its tie choices.
register_params(kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"fam_tab": ("tab", TAB_IDS)}))
register_page("bpe_variants", PageLink((*BPE_LINK_SETTINGS, "fam_tab"), ties="bpe"))


def page_tabs() -> Sequence[Any]:
    """Draw the page's tabs (:data:`TAB_IDS`), labelled in the session's language, and
    return their containers; the open tab is kept by id (:func:`ui.draw.tabs.kept_tabs`).

    Example::

        dropout_tab, encoders_tab, joint_tab = page_tabs()
    """
    labels = {
        "dropout": t("BPE-dropout"),
        "encoders": t("Other encoders"),
        "joint": t("Joint BPE"),
    }
    return kept_tabs("fam_tab", labels, WIDGETS_KEY)


def word_box(box: DeltaGenerator, key: str, corpus: Corpus | None, tutorial: str) -> str:
    """A one-word box that starts on the tutorial's word if the corpus has its letters, else
    on a word not in the corpus built from its pieces; what the student types is kept."""
    default = ExampleWords((), tutorial)
    if corpus is not None:
        letters = {ch for w in corpus.words for ch in w}
        if not set(tutorial) <= letters or tutorial in corpus.words:
            unseen = example_words(corpus).unseen
            default = ExampleWords((), unseen) if unseen else ExampleWords(corpus.words[:1], None)
    follow_default(key, default.text)
    word = box.text_input(
        t("Word"),
        value=st.session_state[key],  # drawn first (test_widget_defaults)
        key=key,
        max_chars=LIMITS.box_chars,
    )
    with box:
        show_example_label(default, key)
    return str(word)
