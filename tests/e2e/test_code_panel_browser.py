"""The code of this step in a real browser, presenter mode at 1024×768, in zh and ko: the
folded box opens, shows the textbook source with the step's lines marked and its values, the
comments in the page's language, nothing wider than the screen, no console error; a click on
Next changes the values. Screenshots go to ``SHOTS``.

Needs Debian's headless Chromium and the playwright package (tests/e2e/conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Console, assert_no_exception, success_shot

TITLE = {"zh": "这一步的代码", "ko": "이 단계의 코드"}
COMMENT = {"zh": "没有可合并的了", "ko": "더 병합할 것이 없음"}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_code_panel_in_presenter_mode(server: str, browser: Any, lang: str) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    console = Console(page)
    page.goto(f"{server}/bpe_learn?present=1&lang={lang}&corpus=seed-low")
    summary = page.locator("[data-testid='stExpander'] summary", has_text=TITLE[lang]).first
    summary.wait_for(timeout=60_000)
    summary.click()
    code = page.locator(".sw-code").first
    code.wait_for(timeout=20_000)
    assert code.locator(".ln.ran").count() >= 8  # the lines merge 1 ran
    values = code.locator(".val").all_inner_texts()
    assert "best = ('e', 's')" in values and "count = 9" in values
    assert COMMENT[lang] in code.inner_text() and "merge_step" in code.inner_text()
    box = code.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1024
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    summary.scroll_into_view_if_needed()
    success_shot(page, f"code_panel_{lang}", full_page=False)
    page.get_by_role("button", name={"zh": "下一步", "ko": "다음"}[lang]).first.click()
    page.locator(".sw-code .val", has_text="best = ('es', 't')").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    assert console.errors == []
    page.close()
