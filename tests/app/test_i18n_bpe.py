"""The BPE pages (learn merges, encode & decode) in 中文 and 한국어: the ``bpe`` catalog.

English stays the default: tests/app/test_bpe_pages.py reads the English text.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.bpe import learn
from tests.app.conftest import open_link
from ui.app.i18n import translation
from ui.merge_family.merge_table import merge_table, merge_table_shown

SEED = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


def _html(at: AppTest) -> str:
    return "\n".join(el.proto.body for el in at.get("html"))


def _step_heading(at: AppTest) -> str:
    return next(b for b in (el.proto.body for el in at.get("html")) if "<h3" in b)


@pytest.mark.parametrize(
    ("lang", "title", "merges", "quiz", "heading", "sentence", "table"),
    [
        (
            "zh",
            "BPE：学习合并",
            "合并次数",
            "小测验：每次合并显示之前先让我猜",
            "第 3 次合并：",
            "它出现了 <strong>9</strong> 次",
            "到目前为止的合并表（这就是模型）",
        ),
        (
            "ko",
            "BPE: 병합 학습",
            "병합 횟수",
            "퀴즈: 병합이 보이기 전에 먼저 맞혀 보기",
            "병합 3:",
            "<strong>9</strong>번 나옵니다",
            "지금까지의 병합 표 (이것이 모델입니다)",
        ),
    ],
)
def test_the_learn_page_speaks_the_language(
    lang: str, title: str, merges: str, quiz: str, heading: str, sentence: str, table: str
) -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "step": "3", "lang": lang})
    assert not at.error, [e.value for e in at.error]
    assert [t.value for t in at.title] == [title]
    assert at.number_input(key="bpe_num_merges").label == merges
    assert at.toggle(key="bpe_quiz").label == quiz
    step = _step_heading(at)
    # merge 3 of seed 003: est + </w>, 9 times (newest ×6, widest ×3), a step sentence with numbers
    assert heading in step and "est&lt;/w&gt;" in step
    assert sentence in step
    assert "The most frequent pair" not in step and "Symbols in the corpus" not in step
    assert table in _html(at)
    # the table's headers are translated; its data (and exports) keep English columns
    columns = at.dataframe[0].value.columns.tolist()
    assert columns[3] == translation(lang, "bpe").gettext("new symbol") != "new symbol"


def test_the_tie_rule_and_the_stop_sentence_are_translated() -> None:
    at = open_link(
        "bpe_learn",
        {"corpus": "seed-low", "step": "1", "lang": "zh", "bpe_tie_break": "lexicographic"},
    )
    radio = at.radio(key="bpe_tie_break")
    assert radio.value == "lexicographic"  # the stable id; only the label is translated
    assert radio.label == "字符对频率并列时，合并哪一个…"
    assert "按字符串顺序最大（subword-nmt）" in radio.options
    step = _step_heading(at)
    assert "个字符对频率并列" in step and "为了打破并列" in step
    # learning stops: 20 merges asked, every word is one symbol after 15
    at = open_link(
        "bpe_learn",
        {"corpus": "seed-low", "bpe_num_merges": "20", "step": "16", "lang": "ko"},
    )
    step = _step_heading(at)
    assert "16단계: 학습 멈춤" in step and "<strong>멈춤.</strong> 이제 모든 단어가" in step


def test_bad_settings_get_a_message_in_the_language() -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "lang": "ko"})
    at.number_input(key="bpe_num_merges").set_value(0).run()
    assert not at.exception
    assert any("병합 횟수는 1 이상의 정수여야 합니다" in e.value for e in at.error)


@pytest.mark.parametrize(
    ("lang", "title", "heading", "iteration", "why", "decode"),
    [
        (
            "zh",
            "BPE：编码与解码",
            "“lowest”是怎样一次次迭代编码的",
            "第 1 次迭代。",
            "是在合并 <strong>#",
            "与输入相同",
        ),
        (
            "ko",
            "BPE: 인코딩과 디코딩",
            "반복마다 본 “lowest”의 인코딩",
            "반복 1.",
            "병합 <strong>#",
            "입력과 같음",
        ),
    ],
)
def test_the_encode_page_speaks_the_language(
    lang: str, title: str, heading: str, iteration: str, why: str, decode: str
) -> None:
    at = open_link("bpe_encode", {"corpus": "seed-low", "bpe_encode_text": "lowest", "lang": lang})
    assert not at.error, [e.value for e in at.error]
    assert [t.value for t in at.title] == [title]
    assert [s.value for s in at.subheader] == [heading]
    page = _html(at)
    assert iteration in page and why in page and decode in page
    assert "Iteration 1." not in page and "was learned as merge" not in page
    # "1 word → 2 tokens" (lowest -> low est</w>), in the language
    summary = {"zh": "1 个词 → 2 个 token", "ko": "단어 1개 → 토큰 2개"}[lang]
    assert any(summary in c.value for c in at.caption)
    assert (
        at.toggle(key="bpe_encode_quiz").label != "Quiz me: let me type how a word is split first"
    )


def test_the_encode_page_without_words_says_so_in_the_language() -> None:
    at = open_link("bpe_encode", {"corpus": "seed-low", "bpe_encode_text": " ", "lang": "zh"})
    assert [i.value for i in at.info] == ["在上面输入一个或多个词，看看它们如何被编码。"]


def test_the_shown_merge_table_keeps_english_in_english() -> None:
    table = merge_table(learn(SEED, 3), 3)
    shown = merge_table_shown(table)  # outside a session: English
    assert shown.column_names == table.column_names
    assert shown.to_pylist() == table.to_pylist()
