"""The interface languages (ui.app.i18n): every page in 中文 and 한국어, the menu,
``lang=`` links."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link
from tests.page_headings import page_heading
from ui.app.i18n import language_of, translation
from ui.app.registry import ALL_PAGES

PAGES = sorted(page.name for page in ALL_PAGES)
FILES = {page.name: page.file for page in ALL_PAGES}
NEXT = {"en": "Next", "zh": "下一步", "ko": "다음"}


def _counter(at: AppTest) -> str:
    return next(h.proto.body for h in at.get("html") if 'sw-text"><strong>' in h.proto.body)


@pytest.mark.parametrize("lang", ["zh", "ko"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_in_each_language(page: str, lang: str) -> None:
    at = open_link(page, {"lang": lang})  # (asserts no exception)
    assert not at.error, [e.value for e in at.error]
    assert at.session_state["lang"] == lang
    assert at.sidebar.selectbox(key="lang").value == lang
    # the shared parts speak the language: the sidebar's corpus header and presenter toggle
    header = {"zh": "语料", "ko": "훈련 데이터 (corpus)"}[lang]
    assert header in [h.value for h in at.sidebar.header]
    assert at.sidebar.toggle(key="present").label == {"zh": "演示模式", "ko": "발표 모드"}[lang]
    # the page's own heading, as its catalog words it (and not left in English)
    domain, heading = page_heading(FILES[page])
    said = translation(lang, domain).gettext(heading)
    assert at.title[0].value == said
    assert said != heading or heading == "WordPiece", (page, lang)  # a name stays a name


def test_the_player_speaks_the_language_and_english_stays_the_default() -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "step": "3"})
    assert "Step 3 of 10" in _counter(at)  # (scripts/load_ws.py reads the English counter)
    assert at.session_state["lang"] == "en"
    at = open_link("bpe_learn", {"corpus": "seed-low", "step": "3", "lang": "ko"})
    assert "10단계 중 3단계" in _counter(at)
    assert [b.label for b in at.button][:4] == ["처음", "이전", "다음", "마지막"]


def test_switching_the_language_keeps_the_corpus_and_the_step() -> None:
    at = open_link("bpe_learn", {"text": "hug hug pug pun bun hugs", "step": "4"})
    assert at.session_state["corpus__source"] == "type"
    for lang in ("zh", "ko", "en"):
        at.sidebar.selectbox(key="lang").set_value(lang).run()
        assert not at.exception
        assert at.session_state["corpus__source"] == "type"
        assert at.session_state["corpus__text"] == "hug hug pug pun bun hugs"
        assert at.query_params["step"] == "4"
        assert NEXT[lang] in [b.label for b in at.button]
    assert "Step 4 of" in _counter(at)


def test_the_link_carries_the_language_except_english() -> None:
    at = open_link("home", {"lang": "zh"})
    assert at.query_params["lang"] == "zh"
    assert "语料" in [h.value for h in at.sidebar.header]
    at.sidebar.selectbox(key="lang").set_value("en").run()
    assert "lang" not in at.query_params
    at.sidebar.selectbox(key="lang").set_value("ko").run()
    assert at.query_params["lang"] == "ko"


@pytest.mark.parametrize("value", ["fr", "ZH", "<b>x</b>"])
def test_an_unknown_language_is_refused_and_english_used(value: str) -> None:
    at = open_link("home", {"lang": value})
    assert at.session_state["lang"] == "en"
    note = next(
        el.proto.body for el in at.sidebar.get("html") if "could not be used" in el.proto.body
    )
    assert "lang (the value is not allowed here)" in note
    assert "lang" not in at.query_params


def test_the_browser_language_decides_the_default() -> None:
    assert language_of("zh-CN") == "zh"
    assert language_of("ko") == "ko"
    assert language_of("en-GB,en;q=0.9") == "en"
    assert language_of("de-DE,de;q=0.9,ko-KR;q=0.8") == "ko"
    assert language_of("") is None
