"""What the browser draws first in a widget is the value the session holds.

subtle: Streamlit sends a widget's session value to the browser only in the run that wrote it
(``set_value``); every other run sends the widget's ``value=`` default. The browser may draw a
widget for the first time from such a later message: a widget in a tab that is not open yet, or
one whose component is still being loaded when the next run's message arrives. It then shows
the message's default and sends it back with the next click. That is how a student opening the
"Joint BPE" tab after a quick click found the target corpus empty and an error instead of the
joint merges (about one time in two in tests/e2e/test_browser.py's variants test). A widget the
app fills in through the session must therefore also get that value as its ``value=``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.app.conftest import open_link
from ui.app.registry import ALL_PAGES

#: Widget kinds whose default the browser can draw, with how a widget's shown value reads.
KINDS = ("text_input", "text_area", "number_input", "checkbox", "toggle", "selectbox", "radio")


def _drawn_default(kind: str, widget: Any) -> tuple[Any, Any]:
    """The default the browser would draw, and what the session holds, comparably."""
    proto = widget.proto
    if kind in ("selectbox", "radio"):
        return proto.default, widget.index
    if kind == "number_input":
        return (proto.default if proto.HasField("default") else None), widget.value
    return proto.default, widget.value


#: Pages opened by a link that gives a box its words: the box then keeps them (it follows the
#: corpus only until it is given words), so no run writes them again.
LINKED = [
    ("wordpiece", {"wp_encode_text": "hugs bum", "wp_tab": "learn"}),
    ("bpe_encode", {"bpe_encode_text": "low lowest"}),
]


@pytest.mark.parametrize(
    ("name", "params"),
    [(entry.name, {}) for entry in ALL_PAGES] + LINKED,
    ids=[entry.name for entry in ALL_PAGES] + [f"{n}-linked" for n, _ in LINKED],
)
def test_a_widget_drawn_late_shows_the_sessions_value(name: str, params: dict[str, str]) -> None:
    """Every page, opened and run again as a tab click does: each widget whose value the run
    did not send (``set_value``) has a default equal to what the session holds."""
    at = open_link(name, params)
    at.run()  # the second run: the values written in the first are not sent again
    assert not at.exception, [e.value for e in at.exception]
    stale = []
    for kind in KINDS:
        for widget in at.get(kind):
            if widget.proto.set_value:
                continue
            default, value = _drawn_default(kind, widget)
            if default != value:
                stale.append((kind, widget.key, default, value))
    assert not stale, stale
