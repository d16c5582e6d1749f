"""The WordPiece page in 中文 and 한국어: headings, widgets, step sentences, tables, encoding."""

from __future__ import annotations

import re

import pytest

from tests.app.conftest import html_text as _text
from tests.app.conftest import open_link

# seed 001's corpus: merge 1 is ##g + ##s with the score 5 / (20 × 5) = 1/20
LINK = {"corpus": "seed-hug"}


WORDS = {
    "zh": {
        "size": "词表大小",
        "quiz": "小测验：每次合并显示之前先让我猜",
        "tab": "编码一个词",
        "merge": "合并 1：",
        "why": "出现 5 次；",
        "score": "所以它的分数是 5 / (20 × 5) = 1/20 ≈ 0.0500",
        "column": "状态",
        "status": "★ 已合并",
        "intro": "最长的匹配 token",
    },
    "ko": {
        "size": "단어 집합 크기",
        "quiz": "퀴즈: 병합이 보이기 전에 먼저 맞혀 보기",
        "tab": "단어 인코딩",
        "merge": "병합 1:",
        "why": "5 번 나옵니다.",
        "score": "점수는 5 / (20 × 5) = 1/20 ≈ 0.0500",
        "column": "상태",
        "status": "★ 병합됨",
        "intro": "가장 길게 일치하는 토큰",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_learning_step_speaks_the_language(lang: str) -> None:
    at = open_link("wordpiece", {**LINK, "lang": lang})
    words = WORDS[lang]
    assert not at.error, [e.value for e in at.error]
    assert at.number_input(key="wp_vocab_size").label == words["size"]
    assert at.toggle(key="wp_quiz").label == words["quiz"]
    assert words["tab"] in [tab.label for tab in at.tabs]
    page = _text(at)
    assert words["intro"] in page  # the page's introduction
    assert words["merge"] in page and words["why"] in page and words["score"] in page
    assert "Merge 1:" not in page and "occurs" not in page
    scores = at.dataframe[0].value
    assert words["column"] in scores.columns
    assert scores.iloc[0][words["column"]] == words["status"]


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_encoding_tab_speaks_the_language(lang: str) -> None:
    at = open_link(
        "wordpiece", {**LINK, "lang": lang, "wp_tab": "encode", "wp_encode_text": "hugs"}
    )
    page = _text(at)
    looked_up = {"zh": "“hugs”是怎样被查找的", "ko": "“hugs”의 조각을 찾는 과정"}[lang]
    assert looked_up in [h.value for h in at.subheader]
    sentence = {"zh": r"\d+ 次查找得到 \d+ 个子词", "ko": r"\d+번 찾아서 조각 \d+개를 얻습니다"}[
        lang
    ]
    assert re.search(sentence, page), page
    tries = at.dataframe[-1].value
    assert {"zh": "在词表中？", "ko": "단어 집합에 있음?"}[lang] in tries.columns


def test_english_stays_the_default() -> None:
    at = open_link("wordpiece", LINK)
    assert at.number_input(key="wp_vocab_size").label == "Vocabulary size"
    page = _text(at)
    assert "Merge 1:" in page and "5 / (20 × 5) = 1/20 ≈ 0.0500" in page
    assert "status" in at.dataframe[0].value.columns
