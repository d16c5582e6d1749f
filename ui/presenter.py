"""Presenter mode: the app in front of a class, on a 1024×768 projector.

A toggle in the sidebar (and ``present=1`` in a shared link) switches it on. Then:

- the sidebar folds away (it holds the corpus picker; the arrow at the top left opens it),
- every page's settings fold into a closed box ("Settings"), so the step player, the step's
  explanation and the top of its chart or table come first,
- the type is larger and the page's margins smaller,
- the player's arrow-key shortcuts step, as outside presenter mode (and as most clickers do).

Outside presenter mode the settings box is open, and can be folded too.

Example::

    presenting()
    # False
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from ui.html import md_escape
from ui.i18n import translator

__all__ = [
    "PRESENT_KEY",
    "presenter_styles",
    "presenter_toggle",
    "presenting",
    "settings_box",
    "sidebar_state",
]

t = translator("common")

PRESENT_KEY = "present"
"""Session-state key of the toggle, also the link parameter (``present=1``)."""

_STYLE = """<style>
/* Presenter mode (ui.presenter): larger type, less room above the page, no page intro. */
html { font-size: 18px; }
[data-testid="stMainBlockContainer"] { padding: 3.4rem 1.5rem 2rem; max-width: 100%; }
[data-testid="stMainBlockContainer"] h1 { font-size: 1.8rem; padding: 0 0 0.1rem; }
/* the page's intro (the caption right under its title): the teacher says it */
[data-testid="stElementContainer"]:has(h1)
  + [data-testid="stElementContainer"]:has([data-testid="stCaptionContainer"]),
[data-testid="stElementContainer"]:has(h1)
  + [data-testid="stElementContainer"]:has(> [data-testid="stHtml"] > .sw-caption:only-child)
  { display: none; }
.sw-text { font-size: 1.05em; }
/* less room between blocks, so the step's chart or table starts on the first screen */
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.55rem; }
</style>"""


def presenting() -> bool:
    """Whether presenter mode is on in this session.

    Example::

        presenting()
        # False
    """
    return bool(st.session_state.get(PRESENT_KEY, False))


def sidebar_state() -> str:
    """The sidebar's state for ``st.set_page_config``: folded away while presenting.

    The browser applies it when it changes, so a sidebar the teacher opens again stays open.

    Example::

        sidebar_state()
        # 'expanded'
    """
    return "collapsed" if presenting() else "expanded"


def presenter_toggle() -> None:
    """Draw the presenter-mode toggle at the top of the sidebar.

    Example::

        presenter_toggle()
    """
    st.sidebar.toggle(
        t("Presenter mode"),
        key=PRESENT_KEY,
        help=t(
            "For a projector: larger type, settings folded away, the sidebar closed "
            "(open it again with the arrow at the top left). Arrow keys step."
        ),
    )


def presenter_styles() -> None:
    """Put presenter mode's styles on the page when it is on (once per full run).

    Example::

        presenter_styles()
    """
    if presenting():
        st.html(_STYLE)


@contextmanager
def settings_box(label: str | None = None, *, expanded: bool | None = None) -> Iterator[None]:
    """A box for a page's settings that can be folded: closed in presenter mode, else open.

    Args:
        label: The box's title (plain text, no user text: it is rendered as markdown), already
            translated; by default "Settings" in the session's language.
        expanded: Open at first? By default open, except in presenter mode.

    Example::

        with settings_box():
            st.number_input("Number of merges", value=10)
    """
    if expanded is None:
        expanded = not presenting()
    title = t("Settings") if label is None else md_escape(label)
    with st.expander(title, expanded=expanded, icon=":material/tune:"):
        yield
