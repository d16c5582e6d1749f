"""The seed gallery in 中文 and 한국어 (issue 18): entries, notes, buttons, example descriptions."""

from __future__ import annotations

import pytest

from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link
from ui.views.gallery.entries import ENTRIES

PAGE = "gallery"


WORDS = {
    "zh": {
        "title": "教程示例集",
        "open": "打开",
        "entry": "BPE：在 low / lower / newest / widest 上的十次合并",
        "seed": "教程 003",
        "numbers": "P(pu, g) = 17/210 × 20/210 = 0.00771",
        "erratum": "勘误",
        "demo": "有错误的：str.replace",
        "example": "的短词。教程 001 用它讲",  # the sidebar's example description (common)
    },
    "ko": {
        "title": "튜토리얼 예제 모음",
        "open": "열기",
        "entry": "BPE: low / lower / newest / widest에서 병합 10번",
        "seed": "튜토리얼 003",
        "numbers": "P(pu, g) = 17/210 × 20/210 = 0.00771",
        "erratum": "정오표",
        "demo": "틀린 방법: str.replace",
        "example": "을 함께 가진 짧은 단어 다섯 개",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_gallery_speaks_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link(PAGE, {"lang": lang, "corpus": "seed-hug"})
    assert not at.error, [e.value for e in at.error]
    assert at.title[0].value == words["title"]
    for entry in ENTRIES:
        assert at.button(key=f"gallery_open_{entry.key}").label == words["open"]
    page = _html(at)
    assert words["entry"] in page and words["seed"] in page
    assert "BPE: ten merges" not in page
    assert words["numbers"] in page  # the erratum's numbers survive translation
    assert words["erratum"] in page and words["demo"] in page
    # the sidebar describes the built-in example in the language too (translated by key)
    sidebar = " ".join(el.proto.body for el in at.sidebar.get("html"))
    sidebar += " ".join(m.value for m in at.sidebar.markdown)
    assert words["example"] in sidebar


def test_opening_an_entry_in_korean_lands_on_its_page() -> None:
    at = open_link(PAGE, {"lang": "ko"})
    at.button(key="gallery_open_s003-gage").click().run()
    assert not at.exception
    assert at.session_state["lang"] == "ko"
    assert at.query_params.get("step") == "2" or at.session_state["gage_steps"] == 2


def test_english_stays_the_default() -> None:
    at = open_link(PAGE, {})
    assert at.title[0].value == "Tutorial gallery"
    assert at.button(key="gallery_open_s003-bpe").label == "Open"
    assert "BPE: ten merges on low / lower / newest / widest" in _html(at)
