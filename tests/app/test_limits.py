"""The input policy (ui.limits): limits hit are said in the page, with what to do instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui import corpus_picker
from ui.corpus_picker import bounds as corpus_bounds
from ui.limits import LIMITS, Limits, advice

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _typed(text: str, page: str = "pages/bpe_learn.py") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(page)
    at.run()
    at.sidebar.radio(key="corpus__source").set_value("type")
    at.run()
    at.sidebar.text_area(key="corpus__text").set_value(text)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _sidebar_text(at: AppTest) -> str:
    return " ".join(el.proto.body for el in at.sidebar.get("html"))


def test_a_long_text_is_used_in_part_and_the_box_keeps_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus_bounds, "LIMITS", Limits(corpus_chars=40))
    text = "lowlimit " * 10 + "newlimit " * 10  # 180 characters; a text no other test uses
    at = _typed(text)
    note = _sidebar_text(at)
    assert "Limit: the text has 180 characters; the first 35 are used" in note
    assert "SUBWORD_LIMIT_CORPUS_CHARS" in note and "learn-bpe" in note
    assert at.session_state["corpus__current"].as_dict() == {"lowlimit": 4}
    assert at.sidebar.text_area(key="corpus__text").value == text  # nothing typed is lost


def test_too_many_distinct_words_keeps_the_most_frequent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus_bounds, "LIMITS", Limits(corpus_words=2))
    at = _typed("rare1 common2 common2 common1 common1 common1 rare2")
    assert at.session_state["corpus__current"].as_dict() == {"common2": 2, "common1": 3}
    assert "the 2 most frequent are used (2 occurrences of rarer words" in _sidebar_text(at)


def test_too_many_merges_says_what_to_do() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("pages/bpe_learn.py")
    at.run()
    at.number_input(key="bpe_num_merges").set_value(LIMITS.merges + 1)
    at.run()
    assert not at.exception
    message = " ".join(e.value for e in at.error)
    assert f"At most {LIMITS.merges:,} merges" in message
    assert advice("merges") in message


def test_limits_come_from_the_environment_when_valid() -> None:
    limits = Limits.from_env({"SUBWORD_LIMIT_MERGES": "50", "SUBWORD_LIMIT_VOCAB": "-3"})
    assert limits.merges == 50
    assert limits.vocab == Limits().vocab  # not a number >= 1: the default stays


def test_a_long_word_is_cut_to_the_character_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus_bounds, "LIMITS", Limits(corpus_word_chars=12))
    text = "低头思故乡举头望明月床前明月光疑是地上霜"  # 20 characters without spaces: one word
    at = _typed(text)
    assert at.session_state["corpus__current"].as_dict() == {text[:12]: 1}
    note = _sidebar_text(at)
    assert "a word of 20 characters (text without spaces is one word) is cut" in note
    assert "to its first 12" in note
    assert "SUBWORD_LIMIT_CORPUS_WORD_CHARS" in note
    assert at.sidebar.text_area(key="corpus__text").value == text  # nothing typed is lost


def test_distinct_words_are_kept_by_frequency_within_the_character_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from subword_core.corpus import Corpus

    monkeypatch.setattr(corpus_bounds, "LIMITS", Limits(corpus_word_chars=10))
    corpus = Corpus.from_counts({"abcd": 1, "ab": 5, "xyz": 2, "longest": 3, "q": 1})
    kept = corpus_picker.keep_frequent_words(corpus)
    # by count: ab (2 characters), longest (7: 9 in all), xyz (3: 12, over the limit of 10),
    # so xyz and every rarer word are left out, even q, which would still fit
    assert kept.as_dict() == {"ab": 5, "longest": 3}
    assert "the 2 most frequent are used, 9 characters in all" in kept.notes[-1]
    assert "(4 occurrences of rarer words are left out)" in kept.notes[-1]
    roomy = Limits(corpus_word_chars=100)
    monkeypatch.setattr(corpus_bounds, "LIMITS", roomy)
    assert corpus_picker.keep_frequent_words(corpus) is corpus  # nothing to cut: no note
