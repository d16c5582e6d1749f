"""Hostile text in every text entry of every page: no script runs, the page style stays.

The corpus of every page is set to hostile words through a shareable link (``?text=``),
then every text box and text area on the page gets a hostile payload in turn. After each
one: no dialog opened, no payload set its flag on ``window``, no element got injected
``<script>``/``<iframe>``/``<img src=x>``, the page's colours are unchanged, and no
exception box appeared.

Streamlit's ``st.html`` sanitises too; this test is the guard against a page that renders
user text with ``unsafe_allow_html`` or a component (checked: with ``ui.html.esc`` disabled
and ``show_html`` switched to ``st.markdown(..., unsafe_allow_html=True)`` it fails at once).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

import pytest

from tests.e2e.conftest import SHOTS, assert_no_exception, open_page

# Each payload, if it ever ran, would set window.__xss (or open a dialog).
PAYLOADS = (
    "<script>window.__xss=1;alert(1)</script>",
    "<img/src=x/onerror=window.__xss=2;alert(2)>",
    "<svg/onload=window.__xss=3;alert(3)>",
    "<iframe/srcdoc='<script>parent.__xss=4</script>'></iframe>",
    "<style>*{background:rgb(255,0,0)!important;color:rgb(0,255,0)!important}</style>",
    "[click](javascript:window.__xss=5) <a/href=javascript:window.__xss=6>x</a>",
    "**bold** $x^2$ :red[red] ![img](http://127.0.0.1:9/x.png)",
)
HOSTILE_CORPUS = " ".join(p for p in PAYLOADS if " " not in p) + " low lower newest widest"

PAGES = (
    "bpe_learn",
    "bpe_encode",
    "bpe_variants",
    "byte_level",
    "gage",
    "wordpiece",
    "unigram",
    "compare",
    "parity",
    "gallery",
    "",
)

_STYLE = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const h1 = document.querySelector('h1');
  return [getComputedStyle(document.body).backgroundColor, getComputedStyle(main).backgroundColor,
          h1 ? getComputedStyle(h1).color : ''];
}"""
_INJECTED = """() => document.querySelectorAll(
  'script:not([src]), iframe[srcdoc], img[src="x"], svg[onload], a[href^="javascript:"]'
).length"""


_ENTRIES = "textarea:visible, input[type='text']:visible:not([role='combobox'])"


def _settle(page: Any) -> None:
    """Wait until the app has finished rerunning."""
    time.sleep(0.6)
    status = page.locator("[data-testid='stStatusWidget']")
    deadline = time.monotonic() + 60
    while status.count() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(0.3)


def _check(
    page: Any, dialogs: list[str], style: list[str], inline_scripts: int, where: str
) -> None:
    assert dialogs == [], f"a dialog opened after {where}"
    assert page.evaluate("() => window.__xss") is None, f"a payload ran after {where}"
    assert page.evaluate(_INJECTED) == inline_scripts, f"markup was injected after {where}"
    assert page.evaluate(_STYLE) == style, f"the page style changed after {where}"
    assert_no_exception(page)


@pytest.mark.parametrize("path", PAGES)
def test_hostile_text_everywhere_stays_text(server: str, browser: Any, path: str) -> None:
    page = open_page(browser, f"{server}/{path}?text={quote(HOSTILE_CORPUS)}")
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.locator("textarea[aria-label='Your corpus']").wait_for(timeout=60_000)
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=60_000)
    _settle(page)
    # Streamlit's own inline scripts (if any) are the baseline; payloads must not add to it.
    inline_scripts = page.evaluate(_INJECTED)
    style = page.evaluate(_STYLE)
    _check(page, dialogs, style, inline_scripts, "loading a hostile corpus")

    entries = page.locator(_ENTRIES)
    count = entries.count()
    filled = 0
    for index in range(count):
        entry = page.locator(_ENTRIES).nth(index)
        if not entry.count() or not entry.is_editable():
            continue
        label = entry.get_attribute("aria-label") or f"entry {index}"
        filled += 1
        for payload in PAYLOADS[::3] if count > 4 else PAYLOADS:
            entry.fill(payload)
            is_area = entry.evaluate("e => e.tagName") == "TEXTAREA"
            entry.press("Control+Enter" if is_area else "Enter")
            _settle(page)
            _check(page, dialogs, style, inline_scripts, f"typing into “{label}”")
    assert filled >= 1  # at least the sidebar's corpus box (the link chose "type")
    page.screenshot(path=str(SHOTS / f"xss_{path or 'home'}.png"), full_page=True)
    page.close()
