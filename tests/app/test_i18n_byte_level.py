"""The byte-level BPE page in 中文 and 한국어 (issue 18): headings, labels, step sentences."""

from __future__ import annotations

import pytest

from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link

PAGE = "byte_level"


WORDS = {
    "zh": {
        "title": "字节级 BPE",
        "tab": "你的文本：字节和 token",
        "merges": "合并次数",
        "chunks": "1 · 把文本切成块",
        "counts": "个字符 →",
        "merge3": "第 3 次合并：",
        "table": "合并表",
        "cjk": "中文和韩文：为什么一个字是 3 个字节，以及跨字的合并",
    },
    "ko": {
        "title": "바이트 수준 BPE",
        "tab": "내 텍스트의 바이트와 토큰",
        "merges": "병합 횟수",
        "chunks": "1 · 텍스트를 덩어리로 자르기",
        "counts": "UTF-8 바이트",
        "merge3": "3번째 병합:",
        "table": "병합 표",
        "cjk": "중국어와 한국어: 음절 하나가 왜 3바이트인지, 그리고 음절을 넘나드는 병합",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_tokens_tab_speaks_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link(PAGE, {"lang": lang})
    assert not at.error, [e.value for e in at.error]
    assert at.title[0].value == words["title"]
    assert at.number_input(key="bbpe_num_merges").label == words["merges"]
    assert words["tab"] in [tab.label for tab in at.tabs]
    assert "##### " + words["chunks"] in [m.value for m in at.markdown]
    assert words["cjk"] in [e.label for e in at.expander]
    page = _html(at)
    assert words["counts"] in page
    assert "characters →" not in page  # the English sentence is gone


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_a_learning_step_is_told_in_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link(PAGE, {"lang": lang, "bbpe_tab": "learn", "step": "3"})
    assert not at.error, [e.value for e in at.error]
    page = _html(at)
    assert words["merge3"] in page, page[:400]
    assert "Merge 3:" not in page
    assert any(words["table"] in m.value for m in at.markdown)
    headers = list(at.dataframe[0].value.columns)
    assert "bytes" not in headers and "holds" not in headers  # headers translated


def test_english_stays_the_default() -> None:
    at = open_link(PAGE, {"bbpe_tab": "learn", "step": "3"})
    assert at.title[0].value == "Byte-level BPE"
    assert "Merge 3:" in _html(at)
    assert "bytes" in at.dataframe[0].value.columns
