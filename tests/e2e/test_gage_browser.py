"""The Gage page in a real browser against a real server: steps, the tie, escaping.

Needs Debian's headless Chromium and the playwright package, like
tests/e2e/test_browser.py (same server and browser fixtures, own server for this module).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import assert_no_exception, open_page, success_shot


def _page(browser: Any, url: str) -> Any:
    return open_page(browser, url, width=1400, height=2400)


def _heading(page: Any, text: str) -> Any:
    # the rules expander also mentions steps, so look for the step's own heading
    return page.locator("h3", has_text=text).first


def test_gage_page_steps_and_reproduces_the_seed_table(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/gage")
    _heading(page, "Step 1: aa → Z").wait_for(timeout=45_000)
    page.get_by_role("button", name="Next").first.click()
    _heading(page, "Step 2: Za → Y").wait_for(timeout=20_000)
    page.get_by_text("Tutorial 003 breaks this tie the other way").first.wait_for(timeout=20_000)

    # pick a + b at the tie, as the seed does
    # the tie picker, in the main area (the sidebar's language menu is a selectbox too)
    page.locator("[data-testid='stMain'] [data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name="a + b").click()
    page.get_by_role("button", name="Replace this pair and continue").click()
    _heading(page, "Step 2: ab → Y").wait_for(timeout=20_000)
    page.get_by_text("This is tutorial 003's choice").first.wait_for(timeout=20_000)

    page.get_by_role("button", name="Last").first.click()
    _heading(page, "Step 4: compression stops").wait_for(timeout=20_000)
    page.get_by_text("✓ identical to the input").first.wait_for(timeout=20_000)
    # the fragment may still show the previous step's elements for a moment: wait for ours
    ratio = page.locator("[data-testid='stMetric']", has_text="Compression ratio")
    ratio.filter(has_text="2.20").first.wait_for(timeout=20_000)
    page.locator("[data-testid='stMetric']", has_text="String + table").filter(
        has_text="14"
    ).first.wait_for(timeout=20_000)
    # two charts drawn: the pair counts and the sizes
    expect(page.locator("[data-testid='stVegaLiteChart']")).to_have_count(2, timeout=20_000)
    assert_no_exception(page)
    success_shot(page, "gage")
    page.close()


def test_gage_page_shows_typed_markup_as_text(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/gage")
    _heading(page, "Step 1:").wait_for(timeout=45_000)
    box = page.get_by_role("textbox", name="Text to compress")
    box.fill("<img src=x onerror=alert(1)><img src=x onerror=alert(1)>")
    box.press("Enter")
    _heading(page, "Step 1: er → Z").wait_for(timeout=20_000)
    page.get_by_text("<img", exact=False).first.wait_for(timeout=20_000)
    assert page.locator("img[src='x']").count() == 0  # shown as text, not as markup
    assert_no_exception(page)
    page.close()
