"""The shared parts (domain ``common``) in 中文 and 한국어: corpus errors by code, limit notes,
link problems, the pre-tokenization panel and screen-reader words; English unchanged."""

from __future__ import annotations

import pytest

from subword_core.errors import CorpusError
from tests.app.conftest import open_link
from ui.app.corpus_picker import error_text
from ui.app.limits import LIMITS


def _sidebar_html(at) -> str:
    return "\n".join(h.proto.body for h in at.sidebar.get("html"))


def _html(at) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))


TOO_BIG = "low 5\nlower 99999999999999999999"


@pytest.mark.parametrize(
    ("lang", "error", "problem"),
    [
        ("zh", "语料暂时无法读取：第 2 行 需要修改。", "第 2 行：这个频率太大了（20 位数字）"),
        ("ko", "2번째 줄", "2번째 줄: 이 빈도는 너무 큽니다(20자리)"),
    ],
)
def test_a_core_error_is_worded_by_its_code(lang: str, error: str, problem: str) -> None:
    at = open_link("home", {"lang": lang, "text": TOO_BIG})
    assert error in at.sidebar.error[0].value
    assert problem in _sidebar_html(at)
    assert "too large" not in _sidebar_html(at)
    # the text the student typed is kept as it was
    assert at.session_state["corpus__text"] == TOO_BIG


def test_the_same_error_stays_english_in_english() -> None:
    at = open_link("home", {"text": TOO_BIG})
    assert "line 2 needs a fix" in at.sidebar.error[0].value
    assert "Line 2: In " in _sidebar_html(at)  # the core's own words, quoting the line


def test_an_unmapped_code_falls_back_to_the_core_message() -> None:
    err = CorpusError("Something the UI does not map.", line=4, code="new_code")
    assert error_text(err) == "Line 4: Something the UI does not map."


def test_a_link_problem_is_named_in_the_language() -> None:
    at = open_link("bpe_learn", {"lang": "zh", "step": "0", "corpus": "nope"})
    notes = _sidebar_html(at)
    assert "步骤（不是从 1 到" in notes
    assert "语料（没有这个名字的内置示例）" in notes


@pytest.mark.parametrize(
    ("lang", "title", "why"),
    [
        ("zh", "预分词：", "为什么这对中文和韩文很重要"),
        ("ko", "사전 토큰화: ", "중국어와 한국어에서 이것이 중요한 이유"),
    ],
)
def test_the_pretokenization_panel_speaks_the_language(lang: str, title: str, why: str) -> None:
    at = open_link("bpe_learn", {"lang": lang})
    assert any(e.label.startswith(title) for e in at.expander)
    assert why in _html(at)
    radio = next(r for r in at.radio if r.key == "bpe_pretok")
    assert "(BERT)" in radio.options[1] or "（BERT）" in radio.options[1]
    assert radio.options[1] != "Whitespace + punctuation + one token per CJK character (BERT)"


def test_a_limit_note_is_in_the_language() -> None:
    at = open_link("home", {"lang": "ko", "text": "low low"})
    word = "a" * (LIMITS.corpus_word_chars + 5)  # text without spaces: one word, cut
    at.sidebar.text_area(key="corpus__text").set_value(f"{word} low").run()
    notes = _sidebar_html(at)
    assert "제한: 100,005자짜리 단어" in notes and "SUBWORD_LIMIT_CORPUS_WORD_CHARS" in notes
    assert "Limit:" not in notes


@pytest.mark.parametrize(("lang", "role"), [("zh", "新"), ("ko", "새 토큰")])
def test_screen_readers_hear_token_roles_in_the_language(lang: str, role: str) -> None:
    at = open_link("bpe_learn", {"lang": lang, "corpus": "seed-low", "step": "1"})
    assert f'<span class="sw-sr">, {role}</span>' in _html(at)
