"""Exercises in a real browser: the printable handout fits A4 in en, zh and ko (questions on
page 1, the answer key alone on page 2, printed to PDF by Chromium), and a typed answer is
checked on the page. Screenshots of the handouts go to ``SHOTS``.

Needs Debian's headless Chromium and the playwright package (tests/e2e/conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import ui.app.i18n
from subword_core.exercises import generate
from tests.e2e.conftest import assert_no_exception, open_page, success_shot
from ui.views.exercises.sheet import handout_html


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
@pytest.mark.parametrize("seed", [1, 42, 314159])
def test_the_handout_fits_two_a4_pages(
    browser: Any, lang: str, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ui.app.i18n, "current_language", lambda: lang)
    file = tmp_path / f"handout_{lang}.html"
    file.write_text(handout_html(generate(seed)), encoding="utf-8")
    page = browser.new_page(viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
    page.goto(file.as_uri())
    pdf = page.pdf(format="A4", print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 2, f"{lang} sheet {seed}: {pages} pages"
    success_shot(page, f"handout_{seed}_{lang}")
    page.close()


def test_an_answer_is_checked_on_the_page(server: str, browser: Any) -> None:
    sheet = generate(42)
    page = open_page(browser, f"{server}/exercises?ex_seed=42", width=1400, height=1600)
    box = page.get_by_label("Your answer to 1")
    box.wait_for(timeout=45_000)
    box.fill(" ".join(sheet.questions[0].answer))
    box.press("Enter")
    page.get_by_text("Right.").first.wait_for(timeout=20_000)
    box.fill("x y")
    box.press("Enter")
    page.get_by_text("Not this one").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    success_shot(page, "exercises_page", full_page=False)
    page.close()
