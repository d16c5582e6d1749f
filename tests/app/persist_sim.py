"""The persist_state conversion of the views, simulated at run time (issue 27, item 3).

The lead converts the views after merging (``scripts/persist_state_codemod.py``): every widget
drawn with ``on_change=remember, args=(KEY, "name")`` is drawn with ``persist_state="session"``
and no callback. :func:`convert_widgets` makes Streamlit's widget functions do exactly that
to every call, so the page-switch, link and class tests can prove the converted app behaves
the same before any view file is edited: ``SUBWORD_SIMULATE_PERSIST=1 pytest tests/app …``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.app.common import persisted, remember

WIDGETS = ("number_input", "text_input", "text_area", "selectbox", "radio", "checkbox")
WIDGETS += ("toggle", "slider", "select_slider", "segmented_control", "pills", "multiselect")
"""The widget functions a view may draw with ``on_change=remember``."""


def _converted(draw: Callable[..., Any], calls: list[str]) -> Callable[..., Any]:
    @functools.wraps(draw)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("on_change") is remember:
            del kwargs["on_change"]
            key = kwargs.pop("args")[1]
            kwargs["persist_state"] = persisted(key)
            calls.append(str(kwargs.get("key")))
        return draw(*args, **kwargs)

    return wrapper


def convert_widgets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Draw every ``remember`` widget with ``persist_state="session"`` instead; the keys
    converted so far are returned (a list that grows as pages run)."""
    calls: list[str] = []
    for name in WIDGETS:
        monkeypatch.setattr(DeltaGenerator, name, _converted(getattr(DeltaGenerator, name), calls))
        # st.number_input & co. are bound to the main container when streamlit is imported
        monkeypatch.setattr(st, name, _converted(getattr(st, name), calls))
    return calls
