"""The input policy (ui.app.limits): limits hit are said in the page, with what to do instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.app import corpus_picker
from ui.app.corpus_picker import bounds as corpus_bounds
from ui.app.limits import LIMITS, Limits, advice, em_iterations_within

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
    from subword_core.text.corpus import Corpus

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


def test_em_iterations_within_the_budget() -> None:
    """The Unigram page's EM work budget is UI policy (``unigram_em_work``): the core trainer
    runs the iterations it is given."""
    assert em_iterations_within(100, 10, 20) == 10  # 10 iterations of 10 edges fit in 100
    assert em_iterations_within(100, 10, 4) == 4  # never more than asked
    assert em_iterations_within(100, 34, 20) == 2  # 3 x 34 = 102 would pass it
    assert em_iterations_within(100, 1_000, 20) == 1  # a round needs one, whatever it costs
    assert em_iterations_within(100, 0, 7) == 7  # nothing to visit: all of them


def test_the_core_has_no_em_budget() -> None:
    """The budget left the core (issue 27): only the cost of one iteration stays there."""
    from subword_core import unigram

    assert not hasattr(unigram, "em_iterations_within")
    assert unigram.lattice_edges(["hug", "pug"], 2) == 10
