"""The Compare page in 中文 and 한국어 (issue 18): headings, labels, the target table, figures."""

from __future__ import annotations

import json
import re

import pytest

from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link

PAGE = "compare"


WORDS = {
    "zh": {
        "title": "比较分词结果",
        "target": "目标词表大小",
        "whole": "在整个语料上",
        "means": "目标 30 意味着什么",
        "merges": "次合并",
        "skipped": "已跳过 字节级 BPE：它从 256 个 token（字节值）开始，已经超过目标 30。",
        "algorithm": "算法",
    },
    "ko": {
        "title": "서브워드 분리 비교",
        "target": "목표 단어 집합 크기",
        "whole": "훈련 데이터 전체에서",
        "means": "목표 30의 의미",
        "merges": "병합 ",
        "skipped": "바이트 수준 BPE는 건너뜁니다: 256개 토큰(바이트 값)에서 시작하므로 목표 30보다",
        "algorithm": "알고리즘",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_compare_page_speaks_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link(PAGE, {"lang": lang, "cmp_target": "30"})
    assert not at.error, [e.value for e in at.error]
    assert at.title[0].value == words["title"]
    assert at.text_input(key="cmp_target").label == words["target"]
    assert words["whole"] in [h.value for h in at.subheader]
    page = _html(at)
    assert words["means"] in page
    assert words["merges"] in page  # "11 (10 characters + …) + 19 merges" with numbers
    assert not re.search(r"\+ \d+ merges", page)  # (the pre-tokenization panel is not ours)
    assert any(words["skipped"] in i.value for i in at.info), [i.value for i in at.info]
    # the figures keep English columns in the data, with translated headers
    frame = at.dataframe[0]
    assert "algorithm" in frame.value.columns
    headers = json.loads(frame.proto.columns)
    assert headers["algorithm"]["label"] == words["algorithm"]


def test_english_stays_the_default() -> None:
    at = open_link(PAGE, {"cmp_target": "30"})
    assert at.title[0].value == "Compare segmentations"
    assert "what the target 30 means" in _html(at)
    assert any("Byte-level BPE is skipped" in i.value for i in at.info)
