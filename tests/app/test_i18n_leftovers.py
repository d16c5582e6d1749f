"""What earlier translations left in English, now in 中文 and 한국어: the Unigram page's tables,
n-best, sampling and seed 001 tab, its charts (templates built per language); the corpus
errors of the core worded by code; the built-in examples' titles and descriptions; the
segmentation table's headers; the glossary's seed titles and notes. Then (issue 18) every
other core error by its code, the corpus and pre-tokenization notes, a dict syntax error by
cause, the spinners, the gallery's tab names, the link box's problems after a language
switch, the tie picker, the tracer's errors, notes and refused parts, a failed training's
reason, and Korean particles fitted to the value before them. English unchanged."""

from __future__ import annotations

import ast
import json
import pickle
import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest

import ui.app.i18n
from subword_core import bpe
from subword_core.byte_level import parse_hex
from subword_core.errors import CorpusError, ParameterError
from subword_core.formats import tokenizer_json
from subword_core.pretrained import PretrainedError
from subword_core.pretrained import load as pretrained_load
from subword_core.text.corpus import Corpus, Note, parse_corpus
from subword_core.text.examples import EXAMPLES
from subword_core.text.pretokenize import pretokenize_corpus
from subword_core.wordpiece import WordPiece
from tests.app.conftest import open_link
from tests.source_files import python_files
from ui.app.corpus_picker import error_text, example_description, example_title, note_text
from ui.app.glossary import SEED_TITLES, TERMS, seed_titles
from ui.app.i18n import LOCALES_DIR, Message, ko_particle, translation
from ui.app.share import LinkProblem
from ui.draw.html import esc
from ui.runtime.training import TrainingFailed
from ui.views.pretrained.files import error_text as pretrained_error_text
from ui.views.pretrained.files import note_text as pretrained_note_text

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
        ("zh", "剪枝", "勘误。", "用这个例子训练（教程 001 的语料和 15 个子词）"),
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
    assert "tutorial 001 printed" not in pug.columns and len(pug.columns) == 5
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
        ui.app.i18n._outside_session[0] = lang  # conftest puts English back
        worded = error_text(err)
        assert worded != english
        assert not re.search(r"\b(must|cannot|could not|is not|the)\b", worded), worded
        for value in err.values.values():
            if code != "dict_syntax":  # Python's own reason stays as Python says it
                assert str(value) in worded
    ui.app.i18n._outside_session[0] = "en"


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
    assert not any("(tutorial 001)" in option for option in picker.options)
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


# --------------------------------------------------------------------------------------
# Issue 18: the core's other errors and its notes, spinners, the dict syntax reason, the
# gallery's tab names, the link's problems, and Korean particles after values
# --------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
_CORE_CODE = re.compile(r'\bcode="([a-z_0-9]+)"')
_ENGLISH_PROSE = re.compile(r"\b(must|cannot|could not|is not|should be|was never)\b")


def _core_codes(root: Path = ROOT) -> set[str]:
    """Every error code the core raises, subpackages included (the pretrained tracer's have
    their own page, the command line's (nmt) are never shown by the app)."""
    codes: set[str] = set()
    core = root / "subword_core"
    for path in python_files(root, "subword_core"):
        if {"pretrained", "nmt"}.isdisjoint(path.relative_to(core).with_suffix("").parts):
            codes |= set(_CORE_CODE.findall(path.read_text(encoding="utf-8")))
    return codes


def _in(lang: str, make: Callable[[], str]) -> str:
    """``make()`` outside a session in ``lang`` (then English again)."""
    ui.app.i18n._outside_session[0] = lang
    try:
        return make()
    finally:
        ui.app.i18n._outside_session[0] = "en"


def test_the_core_raises_many_codes() -> None:
    codes = _core_codes()
    assert {"not_positive", "bad_option", "not_tied", "json_invalid", "count_too_large"} <= codes
    assert len(codes) > 90


@pytest.mark.parametrize("code", sorted(_core_codes()))
@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_every_core_error_code_is_worded_in_zh_and_ko(code: str, lang: str) -> None:
    english = "An English sentence that must not reach the page."
    for err in (ParameterError(english, code=code), CorpusError(english, code=code)):
        worded = _in(lang, lambda err=err: error_text(err))
        assert worded != english and english not in worded, code
        assert not _ENGLISH_PROSE.search(worded), worded
        assert not re.search(r"\{[a-z_]+\}", worded), worded  # every field filled


def test_real_core_errors_carry_their_values_into_korean() -> None:
    with pytest.raises(ParameterError) as blank:
        WordPiece.from_vocab_text("a\n\nb")
    with pytest.raises(ParameterError) as json_error:
        tokenizer_json.loads('{"model": ')
    with pytest.raises(ParameterError) as hex_error:
        parse_hex("e4 zz")
    with pytest.raises(ParameterError) as positive:
        bpe.learn(Corpus.from_counts({"low": 5}), num_merges=0)
    assert positive.value.code == "not_positive"
    worded = [_in("ko", lambda e=e: error_text(e.value)) for e in (blank, json_error, hex_error)]
    assert worded[0].startswith("2번째 줄이 비어 있습니다"), worded[0]
    assert "1번째 줄" in worded[1] and "JSON" in worded[1], worded[1]
    assert "2번째 항목 'zz'는" in worded[2], worded[2]  # 'zz' ends in a vowel: 는
    num = _in("ko", lambda: error_text(positive.value))
    assert "num_merges는 1 이상의 정수" in num and "0은 쓸 수 없습니다" in num, num  # 영: 은
    assert _in("zh", lambda: error_text(positive.value)).startswith("num_merges 必须")
    assert error_text(positive.value) == str(positive.value)  # English: the core's words


def test_a_parameter_error_keeps_its_code_through_pickle() -> None:
    err = ParameterError("x", code="not_positive", values={"name": "k", "value": "0"})
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), back.code, back.values, str(back)) == (
        ParameterError,
        "not_positive",
        {"name": "k", "value": "0"},
        "x",
    )


@pytest.mark.parametrize(
    ("text", "code", "ko", "zh"),
    [
        ("low 5\nlow 2\nnew 1", "lines_summed", "빈도를 합했습니다: low", "频率已相加：low"),
        ("{'l o w </w>': 5}", "keys_joined", "단어 끝 표시 '</w>'", "词尾标记 '</w>'"),
        ("{'l o w': 5, 'lo w': 2}", "keys_summed", "빈도를 합했습니다: low", "频率已相加：low"),
        ("cafe\u0301 low", "normalized", "유니코드 NFC로 정규화", "Unicode NFC"),
    ],
)
def test_the_corpus_notes_are_worded_by_code(text: str, code: str, ko: str, zh: str) -> None:
    notes = parse_corpus(text).notes
    note = next(n for n in notes if isinstance(n, Note) and n.code == code)
    assert note_text(note) == str(note)  # English: the core's own sentence
    assert ko in _in("ko", lambda: note_text(note))
    assert zh in _in("zh", lambda: note_text(note))
    for lang in ("zh", "ko"):
        assert not _ENGLISH_PROSE.search(_in(lang, lambda: note_text(note)))
        assert "added together" not in _in(lang, lambda: note_text(note))


def test_a_long_list_of_summed_words_says_how_many_more() -> None:
    text = "\n".join(f"w{i} 1\nw{i} 2" for i in range(10))
    note = parse_corpus(text).notes[0]
    assert note.values == {"words": "w0, w1, w2, w3, w4, w5, w6, w7", "more": 2}
    assert "w7 외 2개" in _in("ko", lambda: note_text(note))


def test_the_pretokenization_notes_have_codes() -> None:
    corpus = Corpus.from_counts({"한국어。": 2})
    notes = pretokenize_corpus(corpus, "bert", jamo=True).notes
    assert [n.code for n in notes] == ["bert_split", "jamo"]
    assert "자모로 분해" in _in("ko", lambda: note_text(notes[1]))
    assert "1개가 서로 다른 단위 2개로" in _in("ko", lambda: note_text(notes[0]))


def test_the_sidebar_notes_follow_the_language() -> None:
    at = open_link("home", {"lang": "ko", "text": "low 5\nlow 3\nnew 1"})
    body = "\n".join(h.proto.body for h in at.sidebar.get("html"))
    assert "여러 줄에 나오는 단어가 있어 빈도를 합했습니다: low." in body, body
    assert "added together" not in body
    at.sidebar.selectbox(key="lang").set_value("zh").run()
    body = "\n".join(h.proto.body for h in at.sidebar.get("html"))
    assert "有些词出现在不止一行" in body and "빈도" not in body


@pytest.mark.parametrize(
    ("text", "cause", "ko"),
    [
        ("{'l o w': 5,, }", "syntax", "따옴표, 쌍점, 쉼표, 중괄호를 확인하세요"),
        ("{'low: 5}", "quote", "따옴표가 닫히지 않았습니다"),
        ("{'low' 5}", "comma", "쉼표가 빠졌습니다"),
        ("{'a': 1]", "bracket", "짝이 맞지 않습니다"),
    ],
)
def test_a_dict_syntax_error_is_worded_by_cause(text: str, cause: str, ko: str) -> None:
    with pytest.raises(CorpusError) as caught:
        parse_corpus(text)
    err = caught.value
    assert (err.code, err.values["cause"]) == ("dict_syntax", cause)
    worded = _in("ko", lambda: error_text(err))
    assert ko in worded and f"{err.values['column']}번째 칸" in worded, worded
    assert str(err.values["reason"]) not in worded and "Python" not in worded
    assert err.values["reason"] in error_text(err)  # English keeps Python's reason


def constant_spinners(root: Path = ROOT) -> list[str]:
    """Every spinner given as a constant in ui/, pages/ (subpackages included) and app.py."""
    found = []
    for path in python_files(root, "ui", "pages", "app.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""\b(show_)?spinner=["']|st\.spinner\(["']""", line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_no_spinner_text_is_a_constant() -> None:
    """A spinner given as a constant is drawn in English whatever the language."""
    assert constant_spinners() == []


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_gallery_names_the_tabs_as_the_pages_draw_them(lang: str) -> None:
    at = open_link("gallery", {"lang": lang})
    page = _html(at) + "\n".join(m.value for m in at.markdown)
    unigram = translation(lang, "unigram").gettext("Tutorial 001's “pug” (erratum)")
    wordpiece = translation(lang, "wordpiece").gettext("The tutorials' other “WordPiece”")
    assert unigram != "Tutorial 001's “pug” (erratum)"
    for label in (unigram, wordpiece):
        assert esc(label) in page or label in page, label
    assert "Tutorial 001&#x27;s “pug” (erratum)" not in page and "other WordPiece" not in page


def test_the_links_problems_follow_the_language() -> None:
    """The box lists the link's problems in the language of the moment, not of the link."""
    at = open_link("home", {"lang": "ko", "corpus": "no-such-example", "zzz": "1"})

    def note() -> str:
        return "\n".join(h.proto.body for h in at.sidebar.get("html"))

    korean = note()
    at.sidebar.selectbox(key="lang").set_value("zh").run()
    chinese = note()
    at.sidebar.selectbox(key="lang").set_value("en").run()
    assert "the corpus (no built-in example has that name)" in note()
    # (worded outside the session only now: AppTest reads the widgets in the last language)
    for problem in (LinkProblem("corpus"), LinkProblem("unknown", keys=("zzz",))):
        assert esc(_in("ko", problem.text)) in korean
        assert esc(_in("zh", problem.text)) in chinese
        assert esc(_in("ko", problem.text)) not in chinese


# --- Korean particles ------------------------------------------------------------------

_FIXED_PARTICLE = re.compile(
    r"\{[A-Za-z_][A-Za-z0-9_]*\}(을\(를\)|를\(을\)|이\(가\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로"
    r"|으로|을|를|이|가|은|는|와|과|로)(?![\uac00-\ud7a3])"
)


def _korean_entries() -> list[tuple[str, str]]:
    out = []
    for path in sorted((LOCALES_DIR / "ko" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fp:
            catalog = read_po(fp, locale="ko")
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            out += [(path.name, s) for s in strings if message.id and s]
    return out


def test_no_korean_entry_fixes_the_particle_after_a_value() -> None:
    """A value's particle depends on its last sound: {word:을/를}, not {word}을(를)."""
    fixed = [f"{name}: {s}" for name, s in _korean_entries() if _FIXED_PARTICLE.search(s)]
    assert fixed == []


def test_every_korean_particle_field_formats() -> None:
    seen = 0
    for name, text in _korean_entries():
        if ":을/를}" in text or ":이/가}" in text or ":은/는}" in text or ":으로/로}" in text:
            seen += 1
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            out = Message(text).format(**dict.fromkeys(fields, 1))
            assert not re.search(r":(을/를|이/가|은/는|와/과|으로/로)", out), (name, out)
            assert "1을" in out or "1이" in out or "1은" in out or "1로" in out or "1과" in out
    assert seen > 50


@pytest.mark.parametrize(
    ("value", "pair", "expected"),
    [
        ("단어", "을/를", "를"),
        ("병합", "을/를", "을"),
        ("빈도", "이/가", "가"),
        ("서울", "으로/로", "로"),
        ("합", "으로/로", "으로"),
        ("0", "은/는", "은"),  # 영
        ("1", "으로/로", "로"),  # 일: ㄹ
        ("2", "이/가", "가"),  # 이
        ("3", "을/를", "을"),  # 삼
        ("4", "은/는", "는"),  # 사
        ("5", "와/과", "와"),  # 오
        ("6", "이/가", "이"),  # 육
        ("7", "을/를", "을"),  # 칠
        ("8", "으로/로", "로"),  # 팔
        ("9", "은/는", "는"),  # 구
        ("10", "이/가", "이"),  # 십
        ("1,000", "을/를", "을"),  # 천
        ("'low'", "을/를", "를"),
        ("bun", "이/가", "이"),
        ("hugs", "은/는", "는"),
        ("&#x27;l&#x27;", "은/는", "은"),  # escaped: the letter l, 엘
        ("</w>", "이/가", "이(가)"),  # no letter to hear
        ("学", "을/를", "을(를)"),
        ("", "와/과", "과(와)"),
    ],
)
def test_ko_particle(value: str, pair: str, expected: str) -> None:
    assert ko_particle(value, pair) == expected


def test_a_message_fits_the_particle_and_keeps_other_fields() -> None:
    out = Message("{a:을/를} {a}, {n:,}개, {n:이/가}").format(a="쌍", n=1000)
    assert out == "쌍을 쌍, 1,000개, 1000이"
    assert Message("{{a:을/를}} {a}").format(a="x") == "{a:을/를} x"


def test_the_tie_picker_speaks_korean() -> None:
    """Seed 003's Gage example ties at step 2 (Za and ab, twice each)."""
    at = open_link("gage", {"lang": "ko", "step": "2"})
    go = next(b for b in at.button if b.key and "_tie_go_" in b.key)
    assert go.label == "이 쌍을 치환하고 계속하기"
    pick = next(s for s in at.selectbox if s.key and "_tie_pick_" in s.key)
    assert pick.label.startswith("이 단계는 동률입니다.") and "tied" not in pick.label


def test_the_byte_level_rule_speaks_chinese() -> None:
    at = open_link("byte_level", {"lang": "zh", "corpus": "seed-hug"})
    page = _html(at)
    assert "GPT-2 的规则" in page and "GPT-2&#x27;s rule" not in page


def _tracer_nodes() -> list[ast.AST]:
    """Every syntax node of the pretrained tracer's package (``subword_core/pretrained/``)."""
    return [
        node
        for path in python_files(ROOT, "subword_core/pretrained")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    ]


def _tracer_codes() -> set[str]:
    """The pretrained tracer's error codes (``_bad(message, "code")``, ``code="…"``)."""
    codes: set[str] = set()
    for node in _tracer_nodes():
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id == "_bad" and len(node.args) > 1:
            codes.add(ast.literal_eval(node.args[1]))
        for keyword in node.keywords:
            if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                codes.add(keyword.value.value)
    return codes


@pytest.mark.parametrize("code", sorted(_tracer_codes()))
def test_every_tracer_error_is_worded_in_zh_and_ko(code: str) -> None:
    english = "An English sentence that must not reach the page."
    err = PretrainedError(english, code=code, values={"file": "x.json"})
    assert pretrained_error_text(err) == english
    for lang in ("zh", "ko"):
        worded = _in(lang, lambda: pretrained_error_text(err))
        assert worded != english and not _ENGLISH_PROSE.search(worded), worded


def test_a_tracer_error_in_korean_keeps_the_file_name() -> None:
    err = PretrainedError("x", code="binary", values={"file": "model.bin"})
    worded = _in("ko", lambda: pretrained_error_text(err))
    assert worded.startswith("model.bin은 바이너리 파일이며"), worded  # n: 엔, a consonant


def test_a_failed_training_says_why_in_the_language() -> None:
    worded = _in("ko", lambda: str(TrainingFailed("signal 9")))
    assert "신호 9에 의해 중단" in worded and "signal" not in worded, worded
    assert "内存不足" in _in("zh", lambda: str(TrainingFailed("out of memory")))
    assert "(its process ended with code 1)" in str(TrainingFailed("exit 1"))
    back = pickle.loads(pickle.dumps(TrainingFailed("exit 1")))
    assert (back.reason, back.code) == ("exit 1", "training_failed")


def _tracer_notes() -> dict[str, Note]:
    """The notes the tracer writes about a file (``Note(text, "code", …)``), by code."""
    codes = {
        ast.literal_eval(node.args[1])
        for node in _tracer_nodes()
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Note"
        and len(node.args) > 1
    }
    values = {"component": "TemplateProcessing", "case": "lower"}
    return {
        code: Note("An English sentence that must not reach the page.", code, values)
        for code in codes
    }


def test_the_tracer_writes_notes_with_codes() -> None:
    assert {"post_processor", "truncation", "bert_pipeline"} <= set(_tracer_notes())
    tok = pretrained_load({"vocab.txt": "[UNK]\nhello\n##s"})
    assert [getattr(n, "code", None) for n in tok.notes] == ["bert_pipeline"]


@pytest.mark.parametrize("code", sorted(_tracer_notes()))
def test_every_tracer_note_is_worded_in_zh_and_ko(code: str) -> None:
    note = _tracer_notes()[code]
    assert pretrained_note_text(note) == str(note)  # English: the core's sentence
    for lang in ("zh", "ko"):
        worded = _in(lang, lambda: pretrained_note_text(note))
        assert worded != str(note) and not _ENGLISH_PROSE.search(worded), worded
        assert not re.search(r"\{[a-z_]+\}", worded), worded
        if code == "post_processor":
            assert "TemplateProcessing" in worded


@pytest.mark.parametrize(
    ("node", "ko", "zh"),
    [
        ({"type": "Split", "behavior": "Isolated"}, "패턴이 없는 Split", "没有模式的 Split"),
        (
            {"type": "Punctuation", "behavior": "Sideways"},
            "동작(behavior)이 Sideways인 Punctuation",
            "行为（behavior）为 Sideways 的 Punctuation",
        ),
        (
            ["Whitespace"],
            "list (파일의 이 자리에는 객체가 와야 합니다)",
            "list（文件在这里应当写一个对象）",
        ),
    ],
)
def test_a_refused_part_is_worded_from_its_values(node: object, ko: str, zh: str) -> None:
    """A refusal names the part by its values (type, cause), not by an English phrase."""
    doc = {"model": {"type": "WordPiece", "vocab": {"[UNK]": 0}}, "pre_tokenizer": node}
    with pytest.raises(PretrainedError) as caught:
        pretrained_load({"tokenizer.json": json.dumps(doc)})
    err = caught.value
    assert err.code == "unsupported" and "component" in err.values and "cause" in err.values
    assert "this page cannot replay exactly" in pretrained_error_text(err)  # English as before
    assert ko in _in("ko", lambda: pretrained_error_text(err))
    assert zh in _in("zh", lambda: pretrained_error_text(err))
