"""Shareable links (ui.app.share): opening a link restores the view; the URL follows the view."""

from __future__ import annotations

import json

import pytest

from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link
from ui.app.share import MAX_LINK_TEXT, PAGES, PARAMS, parse_value

# For every page with settings: a link with values that differ from the defaults.
LINKS: dict[str, dict[str, str]] = {
    "exercises": {"ex_seed": "42"},
    "bpe_learn": {
        "corpus": "seed-hug",
        "bpe_num_merges": "5",
        "bpe_min_frequency": "1",
        "bpe_tie_break": "lexicographic",
        "bpe_quiz": "true",
        "step": "2",
    },
    "bpe_encode": {
        "corpus": "seed-low",
        "bpe_num_merges": "6",
        "bpe_encode_text": "slowest lower",
        "bpe_encode_unk": "true",
        "bpe_encode_quiz": "true",
    },
    "wordpiece": {
        "corpus": "seed-hug",
        "wp_vocab_size": "12",
        "wp_scoring": "frequency",
        "wp_encode_text": "hugs bun",
        "wp_encode_quiz": "true",
        "wp_tab": "encode",
        "step": "2",
    },
    "unigram": {
        "corpus": "seed-hug",
        "uni_vocab_size": "14",
        "uni_vocab_touched": "true",
        "uni_em": "3",
        "uni_shrink": "0.5",
        "step": "2",
    },
    "byte_level": {
        "corpus": "seed-low",
        "bbpe_num_merges": "7",
        "bbpe_tab": "learn",
        "step": "3",
    },
    "gage": {"gage_text": "abababcabx", "step": "2"},
    "compare": {"corpus": "seed-low", "cmp_target": "25", "cmp_text": "lower newest"},
    "bpe_variants": {"corpus": "seed-hug", "bpe_num_merges": "4", "fam_tab": "encoders"},
    "pretrained": {"pre_source": "multilingual", "pre_text": "学校 학교", "step": "3"},
    "cost": {"corpus": "zh", "cost_en": "We learn.", "cost_zh": "我们学习。", "cost_ko": "배운다."},
}


def test_every_page_with_settings_has_a_link_test() -> None:
    assert set(LINKS) == set(PAGES)


@pytest.mark.parametrize("page", sorted(LINKS))
def test_opening_a_link_restores_the_view(page: str) -> None:
    link = LINKS[page]
    at = open_link(page, link)
    spec = PAGES[page]
    for key, text in link.items():
        if key in PARAMS:
            param, expected = PARAMS[key], parse_value(PARAMS[key], text)
            if param.shadow is not None:
                assert at.session_state[param.shadow][key] == expected, key
            if param.shadow is None or key in at.session_state:
                # the widget holds the value (tabs hold the open tab's label)
                shown = dict(param.labels)[expected] if param.kind == "tab" else expected
                assert at.session_state[key] == shown, key
    if spec.player and "step" in link:
        assert at.session_state[f"{spec.player}__step"] == int(link["step"])
    if "corpus" in link:
        assert at.session_state["corpus__source"] == link["corpus"]
    # ... and the address bar, written back from the restored view, says the same
    for key, text in link.items():
        assert at.query_params[key] == text, key


def test_the_link_follows_the_view_and_reopens_it() -> None:
    at = open_link("bpe_learn", {})
    at.number_input(key="bpe_num_merges").set_value(7)
    at.run()
    at.button(key="bpe_learn__next").click()
    at.run()
    params = {k: v for k, v in at.query_params.items() if isinstance(v, str)}
    assert params["bpe_num_merges"] == "7"
    assert params["step"] == "2"
    assert params["corpus"] == "seed-low"

    again = open_link("bpe_learn", params)
    assert again.session_state["bpe_learn__step"] == 2
    assert again.number_input(key="bpe_num_merges").value == 7
    assert "Merge 2:" in _html(again)


def test_a_tie_choice_travels_in_the_link() -> None:
    # seed 002's order: at step 1 of low/lower/newest/widest, s+t instead of e+s (tied at 9)
    at = open_link("bpe_learn", {"corpus": "seed-low", "ties": json.dumps([[1, "s", "t"]])})
    page = _html(at)
    assert "Merge 1: s + t" in page
    context, chosen = at.session_state["bpe__choices"]
    assert context != "__link__" and chosen == {1: ("s", "t")}  # bound to the real corpus
    assert json.loads(at.query_params["ties"]) == [[1, "s", "t"]]


def test_a_tie_choice_that_is_not_a_tie_is_explained() -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "ties": json.dumps([[1, "l", "o"]])})
    assert any("not one of the tied pairs" in e.value for e in at.error)


def test_unusable_parts_are_listed_and_defaults_used() -> None:
    at = open_link(
        "bpe_learn",
        {
            "bpe_num_merges": "many",
            "bpe_tie_break": "<script>alert(1)</script>",
            "step": "-3",
            "ties": "{oops",
            "corpus": "no-such-example",
            "<b>bold</b>": "1",
        },
    )
    assert at.number_input(key="bpe_num_merges").value == 10
    assert at.session_state["bpe_tie_break"] == "first-seen"
    note = next(
        el.proto.body for el in at.sidebar.get("html") if "could not be used" in el.proto.body
    )
    for part in ("bpe_num_merges", "bpe_tie_break", "the step", "the tie choices", "the corpus"):
        assert part in note
    assert "&lt;b&gt;bold&lt;/b&gt;" in note and "<b>" not in note  # shown as text


def test_a_typed_corpus_goes_into_the_link_unless_too_long() -> None:
    at = open_link("bpe_learn", {"text": "hug hug pug pun bun"})
    assert at.session_state["corpus__source"] == "type"
    assert at.sidebar.text_area(key="corpus__text").value == "hug hug pug pun bun"
    assert at.query_params["text"] == "hug hug pug pun bun"

    long_text = "lower " * (MAX_LINK_TEXT // 6 + 10)
    at.sidebar.text_area(key="corpus__text").set_value(long_text)
    at.run()
    assert "text" not in at.query_params and "corpus" not in at.query_params
    bodies = " ".join(el.proto.body for el in at.sidebar.get("html"))
    assert "Not in the link: the corpus" in bodies


def test_a_table_corpus_travels_as_word_count_lines() -> None:
    at = open_link("bpe_learn", {})
    at.sidebar.radio(key="corpus__source").set_value("table")
    at.run()
    assert not at.exception
    assert at.query_params["text"].splitlines()[0].split() == ["low", "5"]


@pytest.mark.parametrize(
    ("page", "key", "tab"),
    [
        ("wordpiece", "wp_tab", "compare"),
        ("unigram", "uni_tab", "word"),
        ("byte_level", "bbpe_tab", "bytes"),
        ("bpe_variants", "fam_tab", "joint"),
    ],
)
def test_the_open_tab_travels_as_its_id(page: str, key: str, tab: str) -> None:
    at = open_link(page, {"corpus": "seed-hug", key: tab})
    param = PARAMS[key]
    assert at.session_state[param.shadow][key] == tab  # kept by id
    assert at.session_state[key] == dict(param.labels)[tab]  # the open tab, by its label
    assert at.query_params[key] == tab  # written back as the id, not the label


def test_an_old_link_with_an_english_tab_label_still_opens_that_tab() -> None:
    at = open_link("byte_level", {"corpus": "seed-low", "bbpe_tab": "The byte table"})
    assert at.session_state["bbpe_tab"] == "The byte table"
    assert at.query_params["bbpe_tab"] == "bytes"  # and the link now says its id
    assert not any("could not be used" in el.proto.body for el in at.sidebar.get("html"))


def test_an_unknown_tab_id_is_refused_in_words() -> None:
    at = open_link("wordpiece", {"corpus": "seed-hug", "wp_tab": "<i>nope</i>"})
    assert not at.exception
    assert at.session_state["wp_tab"] == "Learn step by step"  # the first tab, as by default
    note = next(
        el.proto.body for el in at.sidebar.get("html") if "could not be used" in el.proto.body
    )
    assert "wp_tab (no tab has that id; the tabs are learn, compare, encode, variants)" in note
    assert "<i>" not in note
    assert at.query_params["wp_tab"] == "learn"
