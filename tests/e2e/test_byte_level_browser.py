"""The byte-level BPE page in a real browser against a real server.

Same set-up as ``test_browser.py``: Debian's headless Chromium and the playwright
package; a fresh ``streamlit run app.py`` on a free loopback port, stopped by PID afterwards.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import (
    SHOTS,
    assert_no_exception,
    click_next_until,
    open_page,
    open_tab,
    success_shot,
)


def _page(browser: Any, url: str) -> Any:
    page = open_page(browser, url)
    page.get_by_text("BPE merges bytes into tokens").first.wait_for(timeout=45_000)
    return page


def test_tokens_of_typed_text(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/byte_level")
    box = page.get_by_role("textbox", name="Text to tokenize")
    box.fill("<img src=x onerror=alert(1)> 🦊 東京")
    box.press("Control+Enter")
    page.get_by_text("f0 9f a6 8a", exact=True).first.wait_for(timeout=20_000)  # 🦊's bytes
    assert page.locator("img[src='x']").count() == 0  # shown as text, not as markup
    assert page.get_by_text("part of a char").count() > 0
    page.get_by_text("✓ identical to your text").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    success_shot(page, "byte_level_tokens")
    page.close()


def test_steps_comparison_and_byte_table(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/byte_level")
    open_tab(page, "Learn merges step by step", "bbpe_tab", "learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=20_000)
    click_next_until(page, [f"Merge {n}:" for n in range(2, 6)])
    page.get_by_text("BPE counts bytes, not characters").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    success_shot(page, "byte_level_step5")

    open_tab(page, "Compare with character-level BPE", "bbpe_tab", "compare")
    page.get_by_text("never occur in the training data").first.wait_for(timeout=20_000)
    open_tab(page, "The byte table", "bbpe_tab", "bytes")
    page.get_by_text("Row = first hex digit").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    page.close()


def test_settings_and_bytes_that_are_not_text(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/byte_level")
    merges = page.get_by_role("spinbutton", name="Number of merges")
    merges.fill("8")
    merges.press("Enter")
    open_tab(page, "Learn merges step by step", "bbpe_tab", "learn")
    page.get_by_text("Step 1 of 8").first.wait_for(timeout=20_000)
    open_tab(page, "Your text in bytes and tokens", "bbpe_tab", "tokens")
    page.get_by_text("Bytes that are not valid UTF-8").first.click()
    hex_box = page.get_by_role("textbox", name="Bytes in hex")
    hex_box.fill("e4 bd a0 ff")
    hex_box.press("Enter")
    page.get_by_text("Byte ff at offset 3 is not valid UTF-8", exact=False).first.wait_for(
        timeout=20_000
    )
    assert_no_exception(page)
    page.close()
