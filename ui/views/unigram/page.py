"""The Unigram page's tabs and the notes under its pre-tokenization and export.

Example:
    >>> tab_labels()["seed001"]
    "Tutorial 001's “pug” (erratum)"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from subword_core.unigram import Unigram
from ui.app.corpus_picker import SOURCE_KEY
from ui.app.i18n import translator
from ui.app.presenter import presenting
from ui.draw.html import md_escape, show_text
from ui.draw.tabs import kept_tabs, tab_id
from ui.views.unigram.params import PRETOK, TAB_IDS, WIDGET_DEFAULTS, WIDGETS_KEY
from ui.views.unigram.settings import _normalization_label

t = translator("unigram")


def page_tabs() -> Sequence[Any]:
    """Draw the tabs of :data:`TABS` and return their containers; the open one is kept."""
    # an English label (the gallery and older links name the tab so) is read as its id, so
    # that it opens the same tab in any language
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    shadow["uni_tab"] = tab_id(TAB_IDS, shadow.get("uni_tab")) or shadow.get("uni_tab")
    return kept_tabs("uni_tab", tab_labels(), WIDGETS_KEY)


def tab_labels() -> dict[str, str]:
    """The page's tab labels by id, in the session's language (the gallery names them too).

    Example:
        >>> tab_labels()["seed001"]
        "Tutorial 001's “pug” (erratum)"
    """
    return {
        "train": t("Train step by step"),
        "word": t("Segment a word"),
        "seed001": t("Tutorial 001's “pug” (erratum)"),
    }


def render_pretok_note(scheme: str) -> None:
    """Under the pre-tokenization choice: why seed 001's example is read with whitespace only.

    Says nothing on a corpus that keeps the page's default (:data:`PRETOK`). On seed 001's
    example it says why whitespace is that example's default, or, when another scheme was
    picked, how to get the seed's numbers back.

    Example::

        render_pretok_note("whitespace")
    """
    wanted = dict(PRETOK.by_example).get(str(st.session_state.get(SOURCE_KEY)))
    if wanted is None:
        return
    if scheme == wanted:
        text = t(
            "This example is read with whitespace only, not the page's default none (▁): "
            "tutorial 001 counts bare words (hug, pug, pun, bun, hugs), so its 15 seed tokens add "
            "up to 210. With ▁ every word would start with ▁ (▁hug, ▁pug …), and the seed "
            "vocabulary and its counts would differ."
        )
    else:
        text = t(
            "Tutorial 001's numbers (its 15 seed tokens, total 210, P(pu, g) = 0.00771) are "
            "counted on bare words: choose whitespace only above to get them."
        )
    with st.sidebar if presenting() else st.container():
        show_text(text, small=True)


def render_vocab_export_note(model: Unigram) -> None:
    """Under the export buttons: what the .vocab file cannot hold (the normalisation).

    Nothing is said while the normalisation is none (a .vocab then loses nothing of it).
    """
    if model.normalization == "none":
        return
    st.caption(
        md_escape(
            t(
                "The .vocab file lists pieces and scores only: it cannot hold the "
                "normalisation ({rule}); tokenizer.json holds it as its normalizer. Whoever "
                "reads the .vocab has to choose {rule} again."
            ).format(rule=_normalization_label(model.normalization))
        )
    )
