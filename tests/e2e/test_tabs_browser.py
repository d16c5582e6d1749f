"""Tabs in a real browser: the open WordPiece tab stays open when a setting changes, and its
id (not its label) is in the address bar; the browser console stays free of errors.

Needs Debian's Chromium at /usr/bin/chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, assert_no_exception

# The frontend first probes these per page (404 by design, see DESIGN.md): not errors.
_PROBES = ("/_stcore/health", "/_stcore/host-config")


def _params(page: Any) -> dict[str, str]:
    # subtle: page.url can lag behind history.replaceState; ask the page itself.
    href = page.evaluate("window.location.href")
    return {k: v[-1] for k, v in parse_qs(urlsplit(href).query).items()}


def _wait_for_param(page: Any, key: str, value: str, timeout: float = 45.0) -> dict[str, str]:
    """Wait until the address bar says ``key=value`` (written when a run has finished)."""
    deadline = time.monotonic() + timeout
    params = _params(page)
    while params.get(key) != value and time.monotonic() < deadline:
        time.sleep(0.2)
        params = _params(page)
    assert params.get(key) == value, (key, params)
    return params


def _open(browser: Any, url: str) -> tuple[Any, list[str]]:
    """A new tab on the WordPiece page at ``url``, recording console errors from the start."""
    page = browser.new_page(viewport={"width": 1400, "height": 1400})
    errors: list[str] = []

    def on_console(msg: Any) -> None:
        url = (msg.location or {}).get("url", "")
        if msg.type == "error" and not any(p in url or p in msg.text for p in _PROBES):
            errors.append(f"{msg.text} ({url})")

    page.on("console", on_console)
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    page.goto(url)
    page.get_by_role("tab", name="Encode a word").wait_for(timeout=60_000)  # trained
    return page, errors


def test_wordpiece_tab_stays_open_across_setting_changes_and_is_in_the_link(
    server: str, browser: Any
) -> None:
    page, errors = _open(browser, f"{server}/wordpiece")
    encode = page.get_by_role("tab", name="Encode a word")
    encode.click()
    expect(encode).to_have_attribute("aria-selected", "true")
    _wait_for_param(page, "wp_tab", "encode")  # the id, not the label

    # a setting change reruns the page: the tab stays open
    page.get_by_text("Frequency, like BPE").first.click()
    _wait_for_param(page, "wp_scoring", "frequency")
    expect(encode).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("textbox", name="Words to encode")).to_be_visible()

    size = page.get_by_role("spinbutton", name="Vocabulary size")
    size.fill("25")
    size.press("Enter")
    params = _wait_for_param(page, "wp_vocab_size", "25")
    expect(encode).to_have_attribute("aria-selected", "true")
    assert params["wp_tab"] == "encode"
    assert_no_exception(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "wordpiece_tab_kept.png"), full_page=True)
    link = page.evaluate("window.location.href")
    assert errors == [], errors
    page.close()

    # the link opens the same tab
    again, again_errors = _open(browser, link)
    expect(again.get_by_role("tab", name="Encode a word")).to_have_attribute(
        "aria-selected", "true"
    )
    expect(again.get_by_role("spinbutton", name="Vocabulary size")).to_have_value("25")
    assert_no_exception(again)
    assert again_errors == [], again_errors
    again.close()
