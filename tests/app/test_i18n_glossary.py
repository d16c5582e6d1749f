"""The glossary (domain ``glossary``): English, 中文 and 한국어 side by side for every term, the
definitions in the session's language, and the term links' hover text."""

from __future__ import annotations

import html

import pytest

from tests.app.conftest import open_link
from ui.app.glossary import TERMS, TERMS_BY_KEY, WORDS, overview_html


def _page(at) -> str:
    return html.unescape("\n".join(e.proto.body for e in at.get("html")))


def test_every_term_is_in_three_languages_side_by_side() -> None:
    table = html.unescape(overview_html())
    assert table.count("<tr>") == len(TERMS) + 1  # the header row, then one row per term
    assert "—" not in table  # every term has its word in every language (issue 28)
    for term in TERMS:
        zh, ko = WORDS[term.key]
        assert f"<td lang='zh'>{zh}" in table and f"<td lang='ko'>{ko}" in table
    assert "<th scope='col'>English</th><th scope='col'>中文</th>" in table


@pytest.mark.parametrize(
    ("lang", "title", "definition", "example", "seed"),
    [
        (
            "zh",
            "术语表",
            "分词器学习所用的文本",
            "教程里的玩具语料 low:5 lower:2 newest:6 widest:3：4 个不同的词，共 16 个词。",
            "<strong>教程 003</strong>",
        ),
        (
            "ko",
            "용어집",
            "토크나이저가 학습하는 텍스트입니다",
            "튜토리얼의 작은 훈련 데이터 low:5 lower:2 newest:6 widest:3: "
            "서로 다른 단어 4개, 모두 16단어.",
            "<strong>튜토리얼 003</strong>",
        ),
    ],
)
def test_the_glossary_page_speaks_the_language(
    lang: str, title: str, definition: str, example: str, seed: str
) -> None:
    at = open_link("glossary", {"lang": lang})
    assert not at.error
    assert at.title[0].value == title
    page = _page(at)
    assert definition in page and example in page and seed in page
    assert TERMS_BY_KEY["corpus"].definition not in page  # the English definition is gone
    # the three columns stay, whatever the language: the English name and both seeds' words
    assert "<td lang='en'><a href='#merge'>merge</a></td><td lang='zh'>合并</td>" in page
    assert [h.proto.anchor for h in at.subheader] == [t.key for t in TERMS]
    # the headwords are in the interface's language, the English name beside them
    heads = [h.value for h in at.subheader]
    assert {"zh": "并列 (tie)", "ko": "동률 (tie)"}[lang] in heads
    assert {"zh": "语料 (corpus)", "ko": "훈련 데이터 (corpus)"}[lang] in heads


def test_english_is_unchanged() -> None:
    at = open_link("glossary", {})
    assert at.title[0].value == "Glossary"
    page = _page(at)
    assert TERMS_BY_KEY["merge"].definition in page
    assert "<strong>tutorial 003</strong>: " in page


def test_a_term_link_carries_the_definition_in_the_language() -> None:
    at = open_link("bpe_learn", {"lang": "ko", "corpus": "seed-low"})
    captions = "\n".join(c.value for c in at.caption)
    assert '(glossary#pair "단어 안에서 나란히 있는 두 기호입니다.' in captions  # term_md
    assert 'title="BPE 모델의 단어 집합: 초기 글자 집합에' in "\n".join(  # term_html
        e.proto.body for e in at.get("html")
    )
