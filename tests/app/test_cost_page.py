"""How many tokens does my sentence cost? (issue 28, item 4): the same sentence in English,
Chinese and Korean, tokens per character and per word for every tokenizer the app has, a chart,
a table, the tokens drawn, a link."""

from __future__ import annotations

import pytest

from tests.app.conftest import html_text, open_link
from ui.app.links import PAGES
from ui.views.cost.costs import cost_rows
from ui.views.cost.sentences import SENTENCES
from ui.views.pretrained.files import SAMPLES


def test_the_page_counts_every_tokenizer_in_three_languages() -> None:
    at = open_link("cost", {"corpus": "seed-hug"})
    assert not at.exception
    assert [a.value for a in at.text_area] == [SENTENCES[k] for k in ("en", "zh", "ko")]
    table = at.dataframe[0].value
    # the trained ones (byte-level BPE is skipped at the default target) and every sample
    assert len(table) == 3 + len(SAMPLES)
    assert "BPE trained on this corpus" in table.index
    assert "Unigram sample that knows 中文 and 한국어" in table.index
    for value in ("tokens", "tokens per character", "tokens per word"):
        for lang in ("English", "Chinese", "Korean"):
            assert f"{value} · {lang}" in table.columns
    assert at.get("vega_lite_chart")  # the chart
    raw = "".join(e.proto.body for e in at.get("html"))
    assert raw.count('class="sw-tok ') > 50  # the tokens drawn
    assert "Unigram sample that knows 中文 and 한국어" in html_text(at)


def test_the_multilingual_sample_is_cheaper_in_chinese_than_a_byte_level_one() -> None:
    at = open_link("cost", {"corpus": "seed-hug"})
    table = at.dataframe[0].value
    knows = table.loc["Unigram sample that knows 中文 and 한국어", "tokens · Chinese"]
    byte_level = table.loc["byte-level BPE sample (GPT-2 style)", "tokens · Chinese"]
    assert knows < byte_level


def test_sentences_travel_in_the_link() -> None:
    assert {"cost_en", "cost_zh", "cost_ko"} <= set(PAGES["cost"].params)
    at = open_link("cost", {"cost_en": "school", "cost_zh": "学校", "cost_ko": "학교"})
    assert [a.value for a in at.text_area] == ["school", "学校", "학교"]
    assert at.query_params["cost_zh"] == "学校"


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_page_speaks_the_language(lang: str) -> None:
    at = open_link("cost", {"lang": lang})
    assert not at.exception
    assert (
        at.title[0].value
        == {"zh": "我的句子要花多少个 token？", "ko": "내 문장은 토큰이 몇 개 들까?"}[lang]
    )


def test_cost_rows_divide_by_characters_and_english_words() -> None:
    rows = cost_rows({"X": {"en": ("a", "b"), "zh": ("学校",)}}, {"en": "a b", "zh": "学 校"})
    assert [(r["language"], r["tokens per character"], r["tokens per word"]) for r in rows] == [
        ("en", 1.0, 1.0),
        ("zh", 0.5, 0.5),
    ]


def _fields(encoding: dict) -> list[dict]:
    """Every field definition of a Vega-Lite encoding (a tooltip holds a list of them)."""
    out: list[dict] = []
    for value in encoding.values():
        for field in value if isinstance(value, list) else [value]:
            if isinstance(field, dict) and "field" in field:
                out.append(field)
    return out


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_charts_screen_reader_labels_speak_the_language(lang: str) -> None:
    """Vega-Lite names each bar for a screen reader by its fields' titles (the English field
    name when a title is left out) and words the axes and legend in English unless they carry
    a ``description``: every one is given, in the language (issue 28)."""
    import json
    import re

    at = open_link("cost", {"lang": lang, "corpus": "seed-hug"})
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    encoding = spec["encoding"]
    cjk = re.compile(r"[\u4e00-\u9fff\uac00-\ud7af]")
    for field in _fields(encoding):
        if field["field"] != "aria":
            assert field.get("title") and cjk.search(field["title"]), field
    assert encoding["description"]["field"] == "aria"
    for channel, part in (("x", "axis"), ("y", "axis"), ("color", "legend")):
        assert cjk.search(encoding[channel][part]["description"]), channel
    assert cjk.search(spec["description"])
