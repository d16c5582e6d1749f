"""The Compare page in a real browser against a real server: a target size and a sentence.

Needs Debian's headless Chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import (
    assert_no_exception,
    open_page,
    success_shot,
    wait_for_param,
    wait_until_idle,
)


def _page(browser: Any, url: str) -> Any:
    return open_page(browser, url, width=1400, height=2400, wait_for="what the target 30 means")


def test_four_algorithms_on_a_typed_sentence(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/compare")
    size = page.get_by_role("textbox", name="Target vocabulary size")
    size.fill("266")
    size.press("Enter")
    page.get_by_text("what the target 266 means").first.wait_for(timeout=30_000)
    box = page.get_by_role("textbox", name="Words or a sentence to segment")
    box.fill("lowest <b>newer</b> 你")
    box.press("Enter")
    # the default sentence's results are on the page already: wait for the typed one's run
    wait_for_param(page, "cmp_text", "lowest <b>newer</b> 你", timeout=60)
    wait_until_idle(page)
    page.get_by_text("Byte-level BPE:", exact=False).first.wait_for(timeout=60_000)
    page.get_by_text("disputed boundar", exact=False).first.wait_for(timeout=30_000)
    assert page.locator("b", has_text="newer").count() == 0  # shown as text, not markup
    assert page.locator(".cmp-dis").count() >= 1  # disputed cuts are marked
    page.get_by_text("On the whole corpus").first.wait_for(timeout=30_000)
    page.locator("[data-testid='stVegaLiteChart']").first.wait_for(timeout=30_000)
    assert_no_exception(page)
    success_shot(page, "compare_sentence")
    page.close()


def test_bad_target_is_explained_and_kept(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/compare")
    size = page.get_by_role("textbox", name="Target vocabulary size")
    size.fill("many")
    size.press("Enter")
    page.get_by_text("is not a whole number").first.wait_for(timeout=30_000)
    assert size.input_value() == "many"
    assert_no_exception(page)
    page.close()
