"""The start page (domain ``app``) in 中文 and 한국어; English stays the default."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_link


def _markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize(
    ("lang", "title", "header", "metric"),
    [
        ("zh", "子词分词器，一步一步看", "你正在使用的语料", "不同的词"),
        ("ko", "서브워드 토크나이저, 한 단계씩", "지금 사용하는 훈련 데이터", "서로 다른 단어"),
    ],
)
def test_the_start_page_speaks_the_language(
    lang: str, title: str, header: str, metric: str
) -> None:
    at = open_link("home", {"lang": lang})
    assert not at.error
    assert at.title[0].value == title
    assert header in [h.value for h in at.header]
    assert at.metric[0].label == metric
    assert {"zh": "子词", "ko": "서브워드"}[lang] in _markdown(at)
    assert "A language model never sees" not in _markdown(at)
    # a sentence with numbers: the preview table's caption on a corpus of 120 words
    words = " ".join(f"w{i}" for i in range(120))
    at = open_link("home", {"lang": lang, "text": words})
    caption = next(c.value for c in at.caption if "120" in c.value)
    assert "100" in caption and ({"zh": "频率最高", "ko": "빈도가 가장 높은"}[lang] in caption)


def test_the_start_page_stays_english_by_default() -> None:
    at = open_link("home", {})
    assert at.title[0].value == "Subword tokenizers, step by step"
    assert [m.label for m in at.metric] == ["Distinct words", "Words in total", "Written as"]
    assert list(at.dataframe[0].value.columns) == ["word", "count"]
    assert "A language model never sees letters" in _markdown(at)


@pytest.mark.parametrize(("lang", "tag"), [("zh", "zh-Hans"), ("ko", "ko"), ("en", "en")])
def test_the_page_says_its_language(lang: str, tag: str) -> None:
    """Streamlit's page is <html lang="en">: a script in the sidebar sets the interface's
    tag, so that a screen reader reads it with the right voice (tests/e2e/test_axe_browser.py
    checks the attribute in the browser)."""
    at = open_link("home", {"lang": lang} if lang != "en" else {})
    scripts = [
        h.proto.body for h in at.sidebar.get("html") if "<script data-sw-lang>" in h.proto.body
    ]
    assert len(scripts) == 1
    assert f'document.documentElement.lang = "{tag}";' in scripts[0]
