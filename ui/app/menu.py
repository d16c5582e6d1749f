"""The app's page menu, drawn by the app itself from the page registry.

subtle: Streamlit draws its own menu of a ``pages/`` folder (the files' raw English names)
from the session's first message, before any script runs; a class opening a link saw it
for a fraction of a second, then the app's translated menu (issue 28, item 12). So
``.streamlit/config.toml`` says ``client.showSidebarNavigation = false`` (no menu of
Streamlit's, ever: it also hides an ``st.navigation`` menu), :func:`navigation` keeps
``st.navigation``'s routing with ``position="hidden"``, and :func:`page_menu` draws the
menu with ``st.page_link``: translated, grouped in the registry's sections, the current
page marked (bold on a shaded line, Streamlit's own mark for a link to the current page).

Each link carries the app-wide settings (:func:`app_wide_params`: the language, presenter
mode and its zoom), so a link opened in a new tab keeps them too; within a tab they live in
the session anyway, and the new page's address gets the rest of its view
(:func:`ui.app.share.publish_link`).

Example::

    pg = navigation()
    menu = st.sidebar.container()
    ...  # the language menu, the presenter toggle
    page_menu(menu, pg.url_path)
"""

from __future__ import annotations

from contextlib import nullcontext

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.navigation.page import StreamlitPage

from ui.app.i18n import translator
from ui.app.links import GLOBAL_PARAMS
from ui.app.presenter import PRESENT_KEY, presenting
from ui.app.registry import ALL_PAGES, SECTIONS, Page
from ui.draw.html import esc

__all__ = ["CURRENT_KEY", "MENU_KEY", "app_wide_params", "navigation", "page_menu"]

t = translator("app")

MENU_KEY = "sw_menu"
"""The menu's container key: its element has the class ``st-key-sw_menu`` (tests find it)."""

CURRENT_KEY = "sw_menu_here"
"""The current page's link is in the container with the class ``st-key-sw_menu_here``."""

_STYLE = """<style>
.st-key-sw_menu { gap: 0; }
.st-key-sw_menu .sw-menu-section { font-size: 0.875rem; font-weight: 600; opacity: 0.75;
  margin: 0.9rem 0 0.15rem 0.5rem; line-height: 1.5; }
/* a long title wraps instead of ending in "…" (Streamlit cuts a link's label to one line) */
.st-key-sw_menu [data-testid="stPageLink-NavLink"] { padding-block: 0.3rem; }
.st-key-sw_menu [data-testid="stPageLink-NavLink"] span { white-space: normal; line-height: 1.4; }
/* the current page: Streamlit's shade and bold, and a bar in the accent colour */
.st-key-sw_menu_here a { box-shadow: inset 3px 0 0 #c53948; }
</style>"""


def _streamlit_page(entry: Page) -> StreamlitPage:
    return st.Page(entry.file, title=t.marked(entry.title), icon=entry.icon, default=entry.default)


def navigation() -> StreamlitPage:
    """The page this run shows: ``st.navigation`` over the registry, its own menu hidden.

    Example::

        pg = navigation()
        pg.run()
    """
    return st.navigation([_streamlit_page(entry) for entry in ALL_PAGES], position="hidden")


def app_wide_params() -> dict[str, str]:
    """The settings every page's address keeps: ``lang``, ``present`` and ``zoom`` when they
    are not their defaults (as :func:`ui.app.share.build_params` writes them).

    Example::

        app_wide_params()
        # {'lang': 'zh', 'present': '1'}
    """
    state = st.session_state
    params: dict[str, str] = {}
    for key, (_param, default) in GLOBAL_PARAMS.items():
        value = state.get(key, default)
        if value != default:
            params[key] = str(value)
    if presenting():
        params[PRESENT_KEY] = "1"
    return params


def page_menu(where: DeltaGenerator, current: str) -> None:
    """Draw the page menu in ``where`` (a container at the top of the sidebar).

    Args:
        where: The container (made before the sidebar's other parts, filled after the
            language and presenter mode are known).
        current: The URL path of the page this run shows (``""`` for the start page).

    Example::

        page_menu(st.sidebar.container(), "bpe_learn")
    """
    params = app_wide_params()
    with where, st.container(key=MENU_KEY):
        st.html(_STYLE)
        for section in SECTIONS:
            if section:
                # a constant of ours, translated: escaped all the same
                st.html(f"<div class='sw-menu-section'>{esc(t.marked(section))}</div>")
            for entry in ALL_PAGES:
                if entry.section == section:
                    _link(entry, params, here=entry.url_path == current)


def _link(entry: Page, params: dict[str, str], *, here: bool) -> None:
    """One page's link; the current page's in a container of its own (a bar at its left)."""
    with st.container(key=CURRENT_KEY) if here else nullcontext():
        st.page_link(
            entry.file,
            label=t.marked(entry.title),
            icon=entry.icon,
            query_params=params,
            width="stretch",
        )
