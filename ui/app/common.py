"""Pieces shared by the pages: kept settings and the tables' style.

- :func:`restore_widgets` (with ``persist_state="session"`` widgets, or :func:`remember`):
  widget values that survive page switches and take a link's or a class's values.
- :data:`LINK_CONTEXT`: the stand-in context of tie choices a shared link brings (the ties
  themselves, and the other parts only the merge pages use, are in :mod:`ui.merge_family`).
- The server runtime (training processes, the byte-budgeted cache) is in :mod:`ui.runtime`.

Example:
    >>> LINK_CONTEXT
    '__link__'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import streamlit as st

TABLE_CSS = (
    "<style>.sw-table{border-collapse:collapse;width:100%}"
    ".sw-table td,.sw-table th{padding:.25em .6em;border-bottom:1px solid rgba(128,128,128,.3);"
    "text-align:left;vertical-align:middle}"
    # a long word (text without spaces) wraps in its own column instead of widening the table
    ".sw-table td:first-child{overflow-wrap:anywhere}"
    ".sw-table .sw-tokens{flex-wrap:wrap}</style>"
)


# --- widget values that survive page switches ------------------------------------------


def restore_widgets(shadow_key: str, defaults: Mapping[str, object]) -> None:
    """Write each widget's kept value into its key before the widget is drawn.

    The one call that sets a view's defaults. Writers from outside the widget (a shared link,
    :mod:`ui.app.share`; a live class, :mod:`ui.classroom`; the size that follows the corpus,
    :mod:`ui.app.follow`; the gallery) write the kept dict ``shadow_key``; this call hands each
    value to its widget.

    subtle: Streamlit forgets a widget's state when a page without it runs, unless the widget
    is drawn with ``persist_state=persisted(key)`` (``"session"``, noted). A widget drawn
    without it keeps its value in
    the dict through :func:`remember` as its ``on_change``; a widget drawn with it needs no
    callback: a value it changed (not what it was given last run) is taken into the dict
    here, unless a writer changed the dict since (the writer wins, as a link must). So views
    convert widget by widget (docs/ARCHITECTURE.md, "Widget values across pages"). Invalid
    values are kept too: nothing the student typed is lost.

    Example::

        restore_widgets("gage__widgets", {"gage_text": "abab", "gage_letters": ""})
        st.text_input("Text", key="gage_text", persist_state=persisted("gage_text"))
    """
    state = st.session_state
    shadow: dict[str, object] = state.setdefault(shadow_key, dict(defaults))
    adopt_widget_changes(shadow_key, defaults)
    for key, default in defaults.items():
        state[key] = shadow.get(key, default)
    note_given(shadow_key, defaults)


def adopt_widget_changes(shadow_key: str, keys: Iterable[str]) -> None:
    """Take into the dict ``shadow_key`` the values that persisted widgets changed.

    A widget's value counts as changed by the student when it differs from what it was
    given last run (:func:`note_given`) while the dict still holds what it held then.

    Example::

        adopt_widget_changes("bpe__pretok", ("bpe_pretok",))  # before reading the dict
    """
    state = st.session_state
    shadow = state.setdefault(shadow_key, {})
    given: dict[str, tuple[object, object]] = state.get(_given_key(shadow_key), {})
    drawn: set[str] = state.get(_PERSISTED, set())
    for key in keys:
        # subtle: only a widget drawn with persist_state=persisted(key): Streamlit may leave
        # a stale value (None) under the key of a widget that stopped rendering without it
        if key in drawn and key in state and key in given:
            kept_then, shown_then = given[key]
            if state[key] != shown_then and shadow.get(key) == kept_then:
                shadow[key] = state[key]


def note_given(shadow_key: str, keys: Iterable[str]) -> None:
    """Record, for each widget key, the kept value and the value the widget was given.

    Call after writing the widgets' keys (:func:`restore_widgets` does).
    """
    state = st.session_state
    shadow = state.get(shadow_key, {})
    state[_given_key(shadow_key)] = {
        key: (shadow.get(key), state[key]) for key in keys if key in state
    }


def write_kept(shadow_key: str, key: str, value: object) -> None:
    """Give the widget ``key`` a new kept ``value`` after :func:`restore_widgets` ran (before
    the widget is drawn): the dict, the widget's key and the record of what it was given.

    A writer that sets both the dict and the key in the same run (the words that follow the
    corpus, :func:`ui.app.follow.follow_default`) uses it, so that the student's next change to
    a persisted widget is not mistaken for an older value.

    Example::

        write_kept("cmp__widgets", "cmp_text", "lower newest")
    """
    state = st.session_state
    state.setdefault(shadow_key, {})[key] = value
    state[key] = value
    state.setdefault(_given_key(shadow_key), {})[key] = (value, value)


_PERSISTED = "__persisted_widgets"
"""Session-state key: the widget keys drawn with ``persist_state=persisted(key)``."""


def persisted(key: str) -> Literal["session"]:
    """``persist_state`` of a kept widget: ``persist_state=persisted("bpe_num_merges")``.

    The widget keeps its own value across pages (``"session"``), and :func:`restore_widgets`
    takes what the student changed into the kept dict (no ``on_change=remember`` needed).

    Example::

        st.number_input("Merges", key="bpe_num_merges", persist_state=persisted("bpe_num_merges"))
    """
    st.session_state.setdefault(_PERSISTED, set()).add(key)
    return "session"


def _given_key(shadow_key: str) -> str:
    return f"{shadow_key}__given"


def remember(shadow_key: str, key: str) -> None:
    """``on_change`` callback: copy the widget's new value into the shadow dict.

    Not needed for a widget drawn with ``persist_state="session"`` (see
    :func:`restore_widgets`).
    """
    st.session_state[shadow_key][key] = st.session_state[key]


# --- ties: the link's stand-in context (the choices: ui.merge_family.ties) ---------------


LINK_CONTEXT = "__link__"
"""Stands for "the corpus and settings a shared link opened with" in stored tie choices."""


def text_colour() -> str:
    """Chart text that reads on the viewer's theme (altair marks do not follow it)."""
    theme = getattr(st.context, "theme", None)
    return "#fafafa" if getattr(theme, "type", None) == "dark" else "#31333f"
