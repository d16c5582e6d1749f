"""Tabs in a real browser: the open WordPiece tab stays open when a setting changes, and its
id (not its label) is in the address bar; the browser console stays free of errors.

Needs Debian's headless Chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import Console, assert_no_exception, success_shot, wait_for_param


def _open(browser: Any, url: str) -> tuple[Any, list[str]]:
    """A new tab on the WordPiece page at ``url``, recording console errors from the start."""
    page = browser.new_page(viewport={"width": 1400, "height": 1400})
    console = Console(page)
    page.goto(url)
    page.get_by_role("tab", name="Encode a word").wait_for(timeout=60_000)  # trained
    return page, console.errors


def test_wordpiece_tab_stays_open_across_setting_changes_and_is_in_the_link(
    server: str, browser: Any
) -> None:
    page, errors = _open(browser, f"{server}/wordpiece")
    encode = page.get_by_role("tab", name="Encode a word")
    encode.click()
    expect(encode).to_have_attribute("aria-selected", "true")
    wait_for_param(page, "wp_tab", "encode")  # the id, not the label

    # a setting change reruns the page: the tab stays open
    page.get_by_text("Frequency, like BPE").first.click()
    wait_for_param(page, "wp_scoring", "frequency")
    expect(encode).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("textbox", name="Words to encode")).to_be_visible()

    size = page.get_by_role("spinbutton", name="Vocabulary size")
    size.fill("25")
    size.press("Enter")
    params = wait_for_param(page, "wp_vocab_size", "25")
    expect(encode).to_have_attribute("aria-selected", "true")
    assert params["wp_tab"] == "encode"
    assert_no_exception(page)
    success_shot(page, "wordpiece_tab_kept")
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
