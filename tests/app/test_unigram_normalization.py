"""The Unigram page's normalisation choice (none / NFKC / nmt_nfkc): corpus, word, link, zh/ko."""

from __future__ import annotations

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

import ui.views.unigram.params as view
import ui.views.unigram.settings as settings_view
from subword_core.text.corpus import Corpus
from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link

# full-width ＡＢＣ twice, plain ABC and abc once: NFKC makes the first three one word
FULL_WIDTH = {"text": "ＡＢＣ ＡＢＣ ABC abc"}


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _captions(at: AppTest) -> str:
    """The captions' text as shown (md_escape's backslashes and word joiners removed)."""
    return " | ".join(c.value.replace("\u2060", "").replace("\\", "") for c in at.caption)


def _seed_pieces(at: AppTest) -> dict[str, int]:
    for df in at.dataframe:
        frame: pd.DataFrame = df.value
        if "count" in frame.columns and "piece" in frame.columns:
            return dict(zip(frame["piece"], frame["count"], strict=True))
    raise AssertionError("no seed table")


def _choose(at: AppTest, rule: str) -> None:
    at.radio(key="uni_normalization").set_value(rule)
    at.run()
    _ok(at)


def test_the_corpus_helper_adds_up_equal_words_and_splits_on_new_spaces() -> None:
    corpus = Corpus.from_counts({"ＡＢＣ": 2, "ABC": 1, "a\u200bb": 4, "\x01": 1, "x": 1})
    nfkc = settings_view.normalized_corpus(corpus, "nfkc")
    assert nfkc.corpus.as_dict() == {"ABC": 3, "a\u200bb": 4, "\x01": 1, "x": 1}
    nmt = settings_view.normalized_corpus(corpus, "nmt_nfkc")
    assert nmt.corpus.as_dict() == {"ABC": 3, "a": 4, "b": 4, "x": 1}  # ZWSP: a space; ^A: gone
    assert ("\x01", "") in nmt.changed
    assert settings_view.normalized_corpus(Corpus.from_counts({"\x01": 1}), "nmt_nfkc").empty
    assert settings_view.normalized_corpus(corpus, "none").corpus is corpus


def test_nfkc_trains_on_the_plain_letters_and_segments_typed_words_the_same_way() -> None:
    at = open_link("unigram", FULL_WIDTH)
    assert at.radio(key="uni_normalization").value == "none"  # the default
    # 9 letters and ▁ (the default pre-tokenization, none, marks every word start)
    assert "The corpus has 10 different characters." in _captions(at)
    none_seed = _seed_pieces(at)
    assert none_seed["Ａ"] == 2 and none_seed["A"] == 1

    _choose(at, "nfkc")
    captions = _captions(at)
    assert "The corpus has 7 different characters." in captions
    assert "1 word of the corpus changed: ＡＢＣ → ABC." in captions
    nfkc_seed = _seed_pieces(at)
    assert "Ａ" not in nfkc_seed and nfkc_seed["A"] == 3  # the counts of equal words add up
    assert nfkc_seed != none_seed
    # the export note: a .vocab cannot hold the normalisation
    assert "it cannot hold the normalisation (NFKC)" in _captions(at)

    at.session_state[view.WIDGETS_KEY]["uni_tab"] = view.TAB_IDS["word"]
    at.run()
    at.text_input(key="uni_word").set_value("ＡＢＣ")
    at.run()
    _ok(at)
    assert "normalised: ＡＢＣ → ABC" in _captions(at)
    assert "segmentation of “▁ABC”" in _html(at)  # ▁: the word start (pre-tokenization none)


def test_without_normalisation_nothing_is_said() -> None:
    at = open_link("unigram", FULL_WIDTH)
    captions = _captions(at)
    assert "changed:" not in captions and "cannot hold the normalisation" not in captions


def test_a_corpus_that_normalises_to_nothing_is_explained() -> None:
    at = open_link("unigram", {"text": "\x01 \x02"})
    assert not at.error  # none: the control characters are characters like any other
    _choose(at, "nmt_nfkc")
    assert any("leaves no word of the corpus" in e.value for e in at.error)
    assert at.radio(key="uni_normalization").value == "nmt_nfkc"  # the choice is kept
    _choose(at, "nfkc")
    assert not at.error


def test_the_link_restores_the_choice_and_refuses_an_unknown_one() -> None:
    at = open_link("unigram", {"corpus": "seed-hug", "uni_normalization": "nmt_nfkc"})
    assert at.radio(key="uni_normalization").value == "nmt_nfkc"
    assert at.query_params["uni_normalization"] == "nmt_nfkc"

    at = open_link("unigram", {"corpus": "seed-hug", "uni_normalization": "<b>nfd</b>"})
    assert at.radio(key="uni_normalization").value == "none"
    note = next(
        el.proto.body for el in at.sidebar.get("html") if "could not be used" in el.proto.body
    )
    assert "uni_normalization" in note and "<b>" not in note
    assert at.query_params["uni_normalization"] == "none"  # written back as the default


@pytest.mark.parametrize(
    ("lang", "label", "option", "explained"),
    [
        ("zh", "规范化（在训练和切分之前）", "nmt_nfkc（sentencepiece 的默认）", "全角字母"),
        ("ko", "정규화 (훈련과 분리 전에)", "nmt_nfkc (sentencepiece의 기본값)", "전각 글자"),
    ],
)
def test_the_choice_speaks_the_language(lang: str, label: str, option: str, explained: str) -> None:
    at = open_link("unigram", {**FULL_WIDTH, "lang": lang})
    radio = at.radio(key="uni_normalization")
    assert radio.label == label
    assert option in radio.options
    assert explained in _captions(at)
