"""BPE-dropout, the other encoders and joint BPE in 中文 and 한국어: the ``family`` catalog.

English stays the default: tests/app/test_bpe_variants_page.py reads the English text.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link

TABS = {
    "zh": ["BPE-dropout", "其他编码方式", "联合 BPE"],
    "ko": ["BPE 드롭아웃", "다른 인코딩 방식", "공동 BPE"],
}


def _html(at: AppTest) -> str:
    return "\n".join(el.proto.body for el in at.get("html"))


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_dropout_speaks_the_language(lang: str) -> None:
    at = open_link("bpe_variants", {"corpus": "seed-low", "lang": lang})
    assert not at.error, [e.value for e in at.error]
    title = {
        "zh": "BPE：dropout、其他编码方式、联合 BPE",
        "ko": "BPE: 드롭아웃, 다른 인코딩 방식, 공동 BPE",
    }
    assert [t.value for t in at.title] == [title[lang]]
    assert [t.label for t in at.tabs] == TABS[lang]
    p = at.slider(key="fam_dropout_p")
    assert p.label == {"zh": "丢弃概率 p", "ko": "드롭아웃 확률 p"}[lang]
    page = _html(at)
    iteration = {"zh": "第 1 次迭代。", "ko": "반복 1."}[lang]
    draw = {"zh": "这次抽样：", "ko": "이번 결과:"}[lang]
    assert iteration in page and draw in page
    assert "Iteration 1." not in page and "This draw:" not in page
    # "k different segmentations in 1000 samples (seed 0)", with its numbers, in the language
    samples = {"zh": "1000 个样本中有", "ko": "샘플 1000개에서"}[lang]
    assert samples in page and {"zh": "随机种子 0", "ko": "시드 0"}[lang] in page


def test_dropout_with_p_one_and_a_bad_word_in_korean() -> None:
    at = open_link("bpe_variants", {"corpus": "seed-low", "lang": "ko"})
    at.slider(key="fam_dropout_p").set_value(1.0).run()
    page = _html(at)
    assert "p = 1이면 모든 쌍이 버려집니다" in page
    assert "이번에는 지금 있는 학습된 쌍이 모두 버려져서" in page
    at.text_input(key="fam_dropout_word").set_value("two words").run()
    assert not at.exception
    assert any("단어 하나를 (공백 없이) 입력하세요" in i.value for i in at.info)
    assert at.text_input(key="fam_dropout_word").value == "two words"


def test_the_encoders_in_chinese() -> None:
    at = open_link("bpe_variants", {"corpus": "seed-low", "fam_tab": "encoders", "lang": "zh"})
    assert not at.exception
    page = _html(at)
    assert "BPE（按优先级合并）" in page and "与 BPE 相同" in page
    assert "<th>编码方式</th>" in page
    assert any("四种方式用的是同一个词表" in c.value for c in at.caption)


def test_joint_bpe_in_korean_keeps_english_data_columns_in_english() -> None:
    at = open_link("bpe_variants", {"corpus": "seed-low", "fam_tab": "joint", "lang": "ko"})
    assert not at.exception
    assert "공동 병합 10개." in _html(at)
    table = at.dataframe[0].value
    assert list(table.columns[:4]) == ["병합", "공동 병합", "소스", "타깃"]
    at.text_area(key="fam_joint_target").set_value("  ").run()
    assert any("타깃 훈련 데이터가 비어 있습니다" in e.value for e in at.error)
    assert at.text_area(key="fam_joint_target").value == "  "
    # back to English: the same tab, the English columns that exports and tests read
    at.sidebar.selectbox(key="lang").set_value("en").run()
    at.text_area(key="fam_joint_target").set_value("lowest 4\nnewer 3").run()
    assert not at.exception
    assert list(at.dataframe[0].value.columns[:4]) == ["merge", "joint merge", "source", "target"]
    assert [t.label for t in at.tabs] == ["BPE-dropout", "Other encoders", "Joint BPE"]


def test_switching_the_language_keeps_the_open_tab_and_the_word() -> None:
    at = open_link("bpe_variants", {"corpus": "seed-low", "fam_tab": "encoders"})
    at.text_input(key="fam_enc_word").set_value("nestle").run()
    for lang in ("zh", "ko", "en"):
        at.sidebar.selectbox(key="lang").set_value(lang).run()
        assert not at.exception
        assert at.query_params["fam_tab"] == "encoders"
        assert at.text_input(key="fam_enc_word").value == "nestle"
    assert "same as BPE" in _html(at)
