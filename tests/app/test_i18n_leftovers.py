"""What earlier translations left in English, now in 中文 and 한국어: the Unigram page's tables,
n-best, sampling and seed 001 tab, its charts (templates built per language); the corpus
errors of the core worded by code; the built-in examples' titles and descriptions; the
segmentation table's headers; the glossary's seed titles and notes. English unchanged."""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

import ui.i18n
from subword_core.corpus import parse_corpus
from subword_core.errors import CorpusError
from subword_core.examples import EXAMPLES
from tests.app.conftest import open_link
from ui.corpus_picker import error_text, example_description, example_title
from ui.glossary import SEED_TITLES, TERMS, seed_titles

HUG = {"corpus": "seed-hug"}


def _html(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))


def _columns(at: AppTest) -> list[list[str]]:
    return [list(df.value.columns) for df in at.dataframe]


def _specs(at: AppTest) -> list[dict]:
    return [json.loads(el.proto.spec) for el in at.get("vega_lite_chart")]


def _strings(spec: object) -> set[str]:
    """Every title and description in a Vega-Lite spec."""
    found: set[str] = set()
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in ("title", "description") and isinstance(value, str):
                found.add(value)
            found |= _strings(value)
    elif isinstance(spec, list):
        for value in spec:
            found |= _strings(value)
    return found


WORD_TAB = {
    "zh": {
        "columns": ["排名", "切分", "子词数", "log P", "P", "占 P(词) 的比例", "最佳"],
        "nbest": "n 个最佳切分，带长度惩罚",
        "rank": "按得分排名",
        "sampled": "采样比例",
        "alpha": "α（平滑）",
        "axis": "在词中的位置",
        "fold": "以表格显示切分网格",
        "drawn": r"以 α = 0\.5 抽取了 1,000 个切分",
    },
    "ko": {
        "columns": ["순위", "분리", "서브워드 수", "log P", "P", "P(단어) 중 비율", "최선"],
        "nbest": "길이 페널티를 준 n개의 최선 분리",
        "rank": "점수 순위",
        "sampled": "샘플 비율",
        "alpha": "α (평활화)",
        "axis": "단어 안의 위치",
        "fold": "격자를 표로 보기",
        "drawn": r"α = 0\.5에서 분리 1,000개를 뽑았습니다",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_word_tab_speaks_the_language(lang: str) -> None:
    words = WORD_TAB[lang]
    at = open_link("unigram", {**HUG, "lang": lang, "uni_tab": "word"})
    assert not at.error, [e.value for e in at.error]
    columns = _columns(at)
    assert words["columns"] in columns, columns  # all segmentations
    assert any(words["rank"] in c for c in columns), columns  # n-best
    assert any(words["sampled"] in c for c in columns), columns  # samples
    assert words["nbest"] in [h.value for h in at.subheader]
    assert at.slider(key="uni_alpha").label == words["alpha"]
    page = _html(at)
    assert words["fold"] in page and "Show the lattice" not in page
    assert re.search(words["drawn"], page), page  # a sentence with its numbers
    assert "segmentations drawn" not in page
    titles = set().union(*(_strings(spec) for spec in _specs(at)))
    assert words["axis"] in titles and "position in the word" not in titles


def test_a_chart_template_is_built_per_language() -> None:
    """The lattice chart drawn first in English keeps English titles, and the same chart
    drawn next in Korean has Korean ones (the template is keyed by the language)."""
    english = open_link("unigram", {**HUG, "uni_tab": "word"})
    korean = open_link("unigram", {**HUG, "uni_tab": "word", "lang": "ko"})
    en_titles = set().union(*(_strings(spec) for spec in _specs(english)))
    ko_titles = set().union(*(_strings(spec) for spec in _specs(korean)))
    assert "position in the word" in en_titles and "단어 안의 위치" not in en_titles
    assert "단어 안의 위치" in ko_titles and "position in the word" not in ko_titles


@pytest.mark.parametrize(
    ("lang", "legend", "erratum", "button"),
    [
        ("zh", "剪枝", "勘误。", "用这个例子训练（教程 001 的语料和 15 个词元）"),
        ("ko", "가지치기", "정오표.", "이 예로 훈련하기 (튜토리얼 001의 훈련 데이터와 토큰 15개)"),
    ],
)
def test_training_chart_and_seed_001_speak_the_language(
    lang: str, legend: str, erratum: str, button: str
) -> None:
    at = open_link("unigram", {**HUG, "lang": lang})
    steps = next(spec for spec in _specs(at) if "steps" in json.dumps(spec))
    assert legend in json.dumps(steps, ensure_ascii=False)  # the kinds' legend
    at = open_link("unigram", {**HUG, "lang": lang, "uni_tab": "seed001"})
    assert erratum in _html(at) and "Erratum." not in _html(at)
    assert at.button(key="uni_use_seed_001").label == button
    pug = at.dataframe[0].value
    assert "seed 001 printed" not in pug.columns and len(pug.columns) == 5
    assert pug.iloc[:, 3].tolist().count("5/210 × 20/210 = 0.0022676") == 1


def test_english_unigram_tables_keep_their_columns() -> None:
    at = open_link("unigram", {**HUG, "uni_tab": "word"})
    columns = _columns(at)
    assert ["rank", "segmentation", "pieces", "log P", "P", "share of P(word)", "best"] in columns
    assert any("rank by score" in c for c in columns)
    assert "The n best, with a length penalty" in [h.value for h in at.subheader]


BAD_INPUTS = {
    "empty_corpus": "   ",
    "not_a_count_line": "low 5\nlower 2\nnew est 6",
    "bad_count": "low 5\nlower 0",
    "dict_syntax": "{'l o w': 5,, }",
    "not_a_dict": "{5}",
    "dict_empty": "{}",
    "dict_key": "{5: 5}",
    "dict_key_only_marker": "{'</w>': 5}",
    "dict_bad_count": "{'l o w': 'x'}",
}


@pytest.mark.parametrize("code", list(BAD_INPUTS))
def test_every_corpus_error_has_a_code_and_is_worded_in_zh_and_ko(code: str) -> None:
    with pytest.raises(CorpusError) as caught:
        parse_corpus(BAD_INPUTS[code])
    err = caught.value
    assert err.code == code
    english = error_text(err)
    assert english == str(err)  # English: the core's own words
    for lang in ("zh", "ko"):
        ui.i18n._outside_session[0] = lang  # conftest puts English back
        worded = error_text(err)
        assert worded != english
        assert not re.search(r"\b(must|cannot|could not|is not|the)\b", worded), worded
        for value in err.values.values():
            if code != "dict_syntax":  # Python's own reason stays as Python says it
                assert str(value) in worded
    ui.i18n._outside_session[0] = "en"


def test_a_dictionary_error_in_the_sidebar_is_korean() -> None:
    at = open_link("home", {"lang": "ko", "text": "{'l o w': 5,\n 'n e w': 0}"})
    body = "\n".join(h.proto.body for h in at.sidebar.get("html"))
    assert "2번째 줄: &#x27;n e w&#x27;의 빈도가 0인데" in body, body
    assert "but counts must" not in body
    assert at.session_state["corpus__text"] == "{'l o w': 5,\n 'n e w': 0}"  # kept


@pytest.mark.parametrize(
    ("lang", "title", "description"),
    [
        ("zh", "hug / pug / pun / bun / hugs（教程 001）", "五个共用 'ug' 和 'un' 的短词"),
        ("ko", "hug / pug / pun / bun / hugs (튜토리얼 001)", "'ug'와 'un'을 함께 가진 짧은 단어"),
    ],
)
def test_the_examples_are_named_in_the_language(lang: str, title: str, description: str) -> None:
    at = open_link("home", {"lang": lang, **HUG})
    picker = next(r for r in at.sidebar.radio if r.key == "corpus__source")
    assert title in picker.options
    assert not any("(seed 001)" in option for option in picker.options)
    body = "\n".join(h.proto.body for h in at.sidebar.get("html"))
    assert description in body.replace("&#x27;", "'")


def test_example_titles_and_descriptions_are_the_cores_in_english() -> None:
    for key, example in EXAMPLES.items():
        assert example_title(key) == example.title
        assert example_description(key) == example.description


@pytest.mark.parametrize(
    ("lang", "heading", "changed"),
    [("zh", "这一步之后的切分", "已变"), ("ko", "이 단계 후의 분리", "바뀜")],
)
def test_the_segmentation_table_speaks_the_language(lang: str, heading: str, changed: str) -> None:
    at = open_link("bpe_learn", {"lang": lang, "corpus": "seed-low", "step": "2"})
    page = _html(at)
    assert f"<th>{heading}</th>" in page and changed in page
    assert "segmentation after this step" not in page and ">changed<" not in page


@pytest.mark.parametrize(
    ("lang", "title", "note"),
    [
        ("zh", "001（中文）：带 </w> 的 BPE", "三种算法都用 hug:10 pug:5 pun:12 bun:4 hugs:5"),
        (
            "ko",
            "003 (한국어): Gage의 압축",
            "세 알고리즘 모두 hug:10 pug:5 pun:12 bun:4 hugs:5를 씀",
        ),
    ],
)
def test_the_glossary_seeds_speak_the_language(lang: str, title: str, note: str) -> None:
    at = open_link("glossary", {"lang": lang})
    page = _html(at).replace("&lt;", "<").replace("&gt;", ">")
    assert title in page and note in page
    assert "for all three algorithms" not in page and "Gage's compression, BPE" not in page


def test_english_glossary_seeds_are_unchanged() -> None:
    assert seed_titles() == SEED_TITLES
    corpus = next(term for term in TERMS if term.key == "corpus")
    assert ("001", "hug:10 pug:5 pun:12 bun:4 hugs:5 for all three algorithms") in corpus.seeds
