"""The Gage page's settings: the text to compress, the new symbols, and compressing (cached).

Also the page's kept widget values and the link parameters it owns (registered here, on import).
The page calls :func:`settings_panel` and :func:`compress_or_explain`.

Example:
    >>> GageSettings().text == SEED_TEXT
    True
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from subword_core import gage
from subword_core.errors import SubwordError
from subword_core.gage import GageResult
from ui.app.common import persisted, restore_widgets
from ui.app.corpus_picker import error_text
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.links import PageLink, kept_params, register_page, register_params
from ui.app.presenter import settings_box
from ui.draw.charts import BAR_LIMIT
from ui.draw.html import esc, show_html
from ui.merge_family.ties import tie_choices
from ui.runtime.cache import shared_cache

__all__ = [
    "CHART_ROWS",
    "MAX_TEXT",
    "SEED_TEXT",
    "SHOW_CHARS",
    "SHOW_CHARS_DECOMPRESS",
    "SIZE_TOTALS",
    "WIDGETS_KEY",
    "WIDGET_DEFAULTS",
    "GageSettings",
    "compress_or_explain",
    "settings_panel",
]

t = translator("gage")

SEED_TEXT = "aaabdaaabac"
"""Seed 003's example."""
MAX_TEXT = LIMITS.gage_chars
"""Longest text the page accepts (the step view draws every character as a box)."""
SHOW_CHARS = 400
"""Characters drawn per string; longer strings are cut with a note."""
SHOW_CHARS_DECOMPRESS = 120
"""Characters drawn per string in the decompression steps (one row per table entry)."""
CHART_ROWS = BAR_LIMIT  # bars in the pair chart (ui.draw.charts: readable at 1024 px)
SIZE_TOTALS = 12  # the size chart writes every bar's total up to this many steps

_NS = "gage"  # namespace of the tie choices in session state
_PLAYER = "gage_steps"
WIDGETS_KEY = "gage__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"gage_text": SEED_TEXT, "gage_letters": ""}
# The link parameters this view owns (ui.app.links).
register_params(
    kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"gage_text": ("str",), "gage_letters": ("str",)})
)
register_page("gage", PageLink(("gage_text", "gage_letters"), player=_PLAYER, ties=_NS))


@dataclass(frozen=True)
class GageSettings:
    """What a student sets on the page: the text and, optionally, the new symbols.

    >>> GageSettings().text
    'aaabdaaabac'
    """

    text: str = SEED_TEXT
    letters: str = ""  # "" = Z, Y, X, ... skipping letters of the text


# --------------------------------------------------------------------------------------
# Settings and compression
# --------------------------------------------------------------------------------------


def _use_seed() -> None:
    st.session_state[WIDGETS_KEY].update(gage_text=SEED_TEXT, gage_letters="")


def settings_panel() -> GageSettings | None:
    """Draw the text and new-symbol inputs; return them, or ``None`` when there is no text.

    The values survive page switches (:func:`ui.app.common.restore_widgets`).
    """
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        c1, c2, c3 = st.columns([2.2, 1.2, 1.2], vertical_alignment="bottom")
        text = c1.text_input(
            t("Text to compress"),
            key="gage_text",
            max_chars=MAX_TEXT,
            persist_state=persisted("gage_text"),
            help=t("Any text. Every character is one symbol, spaces included."),
        )
        letters = c2.text_input(
            t("New symbols (optional)"),
            key="gage_letters",
            max_chars=LIMITS.box_chars,
            placeholder=t("Z Y X … (default)"),
            persist_state=persisted("gage_letters"),
            help=t(
                "Characters to use for the new symbols, in order, e.g. ZYX. They must not "
                "occur in the text. Empty: Z, Y, X, … A, skipping letters your text uses. "
                "Spaces here are ignored."
            ),
        )
        c3.button(t("Tutorial 003's example"), on_click=_use_seed, key="gage_seed", width="stretch")
    if text == "":
        st.info(t("Type some text above to compress it."), icon=":material/info:")
        return None
    return GageSettings(text, "".join(letters.split()))


@shared_cache("gage", max_entries=32)
def _compress(
    text: str, letters: str, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> GageResult:
    return gage.compress(text, letters or None, choose=dict(choices))


def compress_or_explain(settings: GageSettings) -> GageResult | None:
    """Compress (cached); on a documented error say what is wrong and return ``None``."""
    choices = tie_choices(_NS, settings)
    try:
        result: GageResult = _compress(
            settings.text, settings.letters, tuple(sorted(choices.items()))
        )
    except SubwordError as err:
        # st.error renders markdown: our own words there, the message (which quotes the
        # student's characters) escaped below it.
        st.error(t("These settings can't be used yet."), icon=":material/warning:")
        show_html(f'<div class="sw-text sw-problem">{esc(error_text(err))}</div>')
        return None
    if result.stop_reason == "out_of_symbols":
        st.warning(
            t(
                "Compression stopped early: it ran out of unused symbols while a pair still "
                "occurs more than once. The last step says which pair; add more new symbols "
                "(characters the text does not use) to go on."
            ),
            icon=":material/warning:",
        )
    return result
