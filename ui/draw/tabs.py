"""Tabs that stay open: across setting changes, page switches and shared links.

A page names its tabs by stable ids (``{"learn": "Learn step by step", ...}``): the id is what
is kept and what a link carries (``?wp_tab=encode``), the label is only what is shown (and
may be translated). :func:`kept_tabs` draws ``st.tabs`` with the open tab restored from the
kept id; :func:`tab_id` reads an id, or an English label of an older link, back into an id.

Example:
    >>> TABS = {"learn": "Learn step by step", "encode": "Encode a word"}
    >>> tab_id(TABS, "encode"), tab_id(TABS, "Encode a word"), tab_id(TABS, "Encode")
    ('encode', 'encode', None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

__all__ = ["kept_tabs", "tab_id"]


def tab_id(tabs: Mapping[str, str], value: object) -> str | None:
    """The id of the tab ``value`` names (an id, or a tab's label), or ``None``.

    Example:
        >>> tab_id({"learn": "Learn"}, "Learn")
        'learn'
    """
    if not isinstance(value, str):
        return None
    if value in tabs:
        return value
    return next((i for i, label in tabs.items() if label == value), None)


def _remember_tab(shadow_key: str, key: str, tabs: Mapping[str, str]) -> None:
    shadow = st.session_state.setdefault(shadow_key, {})
    shadow[key] = tab_id(tabs, st.session_state.get(key)) or next(iter(tabs))


def kept_tabs(key: str, tabs: Mapping[str, str], shadow_key: str) -> Sequence[Any]:
    """``st.tabs`` over ``tabs`` (id -> label) that opens on the kept tab and keeps the open one.

    The open tab's id is kept in ``st.session_state[shadow_key][key]`` (a link or another page
    may set it, by id or label); each container's ``.open`` says whether it is the open one.

    Known limit (Streamlit 1.67's frontend, not this code): a click on a second tab made while
    the run the first click asked for is still drawing can be undone, the page going back to
    the first tab (tests/e2e/conftest.py ``open_tab`` says how, and waits it out).

    Example::

        learn, encode = kept_tabs("wp_tab", {"learn": "Learn", "encode": "Encode"}, "wp__widgets")
    """
    state = st.session_state
    shadow = state.setdefault(shadow_key, {})
    chosen = tab_id(tabs, shadow.get(key)) or next(iter(tabs))
    shadow[key] = chosen
    state[key] = tabs[chosen]  # st.tabs holds the open tab's label
    return st.tabs(
        list(tabs.values()), key=key, on_change=_remember_tab, args=(shadow_key, key, tabs)
    )
