"""Gage's page in 中文 and 한국어 (issue 18): the rules, the step sentences, metrics, decoding."""

from __future__ import annotations

import pytest

from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link

PAGE = "gage"


WORDS = {
    "zh": {
        "title": "Gage 的压缩算法",
        "text": "要压缩的文本",
        "rules": "本页遵循的规则",
        "sentence": "aa 和 ab 都出现 2 次：2 个字符对并列。",
        "shrinks": "字符串从 11 个字符缩短到 9 个（−2）",
        "ratio": "压缩比",
        "decode": "解压：还原成原文",
        "unique": "出现次数最多的相邻字符对是 Yb ：它出现 2 次",
        "stop": "停止。 再也没有出现两次的字符对了：4 个相邻字符对都只出现一次。",
    },
    "ko": {
        "title": "Gage의 압축 알고리즘",
        "text": "압축할 텍스트",
        "rules": "이 페이지가 따르는 규칙",
        "sentence": "둘 다 2 번 나옵니다. 쌍 2개가 동률입니다.",
        "shrinks": "문자열이 11글자에서 9 글자로 줄었고(−2)",
        "ratio": "압축률",
        "decode": "압축 풀기: 원래대로",
        "unique": "가장 자주 나오는 이웃한 글자 쌍은 Yb 입니다. 2 번 나와서",
        "stop": "멈춤. 이제 두 번 나오는 쌍이 없습니다. 이웃한 글자 쌍 4개가 모두",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_a_step_is_told_in_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link(PAGE, {"lang": lang, "gage_text": "aaabdaaabac", "step": "1"})
    assert not at.error, [e.value for e in at.error]
    assert at.title[0].value == words["title"]
    assert at.text_input(key="gage_text").label == words["text"]
    assert words["rules"] in [e.label for e in at.expander]
    page = _html(at)
    assert words["sentence"] in page, page[:600]
    assert words["shrinks"] in page
    assert words["decode"] in page
    assert "both occur" not in page
    assert words["ratio"] in [m.label for m in at.metric]


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_last_steps_are_told_in_the_language(lang: str) -> None:
    at = open_link(PAGE, {"lang": lang, "gage_text": "aaabdaaabac", "step": "3"})
    assert not at.error, [e.value for e in at.error]
    assert WORDS[lang]["unique"] in _html(at)
    at = open_link(PAGE, {"lang": lang, "gage_text": "aaabdaaabac", "step": "4"})
    assert WORDS[lang]["stop"] in _html(at)


def test_english_stays_the_default() -> None:
    at = open_link(PAGE, {"gage_text": "aaabdaaabac", "step": "1"})
    assert at.title[0].value == "Gage's compression"
    assert "aa and ab both occur 2 times: a tie between 2 pairs." in _html(at)
