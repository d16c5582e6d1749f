"""Issue 28 (items 3, 4, 6, 11) in a real browser: what a class sees at 1024×768.

Needs Debian's Chromium at /usr/bin/chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import SHOTS, Console, assert_no_exception

WAIT = 60_000  # ms: an upper bound for content to arrive, never a pause


def _open(browser: Any, url: str, wait_for: str, height: int = 768) -> tuple[Any, Console]:
    page = browser.new_page(viewport={"width": 1024, "height": height})
    console = Console(page)
    page.goto(url)
    page.get_by_text(wait_for).first.wait_for(timeout=WAIT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    return page, console


def test_unigram_changes_are_visible_and_zoomed(server: str, browser: Any) -> None:
    page, console = _open(
        browser, f"{server}/unigram?corpus=seed-low&step=7", "Zoomed in", height=2200
    )
    page.get_by_text("change: about 0").first.wait_for(timeout=WAIT)
    # two likelihood charts: the whole training and the zoomed one, both drawn
    charts = page.locator("[data-testid='stVegaLiteChart']")
    charts.nth(1).wait_for(timeout=WAIT)
    assert charts.count() >= 2
    assert "e-13" not in page.inner_text("body")
    assert_no_exception(page)
    assert not console.errors, console.errors
    page.screenshot(path=str(SHOTS / "lesson_unigram_zoom.png"), full_page=True)
    page.close()


def test_unigram_default_word_has_alternatives(server: str, browser: Any) -> None:
    page, console = _open(browser, f"{server}/unigram?corpus=seed-low&uni_tab=word", "lower")
    page.get_by_text("from the corpus: lower · not in the corpus: lowest").wait_for(timeout=WAIT)
    page.get_by_text("▁low · er").first.wait_for(timeout=WAIT)  # a second path of the lattice
    assert_no_exception(page)
    assert not console.errors, console.errors
    page.close()
