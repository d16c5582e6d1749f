"""AppTest: settings follow the corpus (issue 15, item 5).

- Sizes: switching to a bigger corpus never leaves a red error or a page where every
  algorithm is skipped; a size the student chose is moved with a note saying why.
- Default words to encode: words of the corpus plus one unseen word built from its pieces,
  labelled; the student's own words are never replaced.
- Tabs: the open tab stays open when a setting changes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from subword_core import wordpiece
from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import example_text
from subword_core.text.pretokenize import pretokenize_corpus

APP = str(Path(__file__).resolve().parents[2] / "app.py")
BIG = "paragraph"  # a bigger corpus than the default (seed 002's four words)


def _open(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _corpus(at: AppTest, source: str) -> None:
    at.sidebar.radio(key="corpus__source").set_value(source)
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def _html(at: AppTest) -> str:
    bodies = [el.proto.body for el in at.get("html")]
    text = " ".join(re.sub(r"<style>.*?</style>", "", b, flags=re.S) for b in bodies)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).replace("&#x27;", "'")


def _notes(at: AppTest) -> list[str]:
    return re.findall(r"Note: the .*?Change it as you like\.", _html(at))


def _big() -> Any:
    return parse_corpus(example_text(BIG))


# --- sizes ------------------------------------------------------------------------------


def test_wordpiece_default_size_follows_a_bigger_corpus_without_an_error() -> None:
    at = _open("pages/wordpiece.py")
    alphabet = len(wordpiece.alphabet_of(pretokenize_corpus(_big(), "bert")))  # the default
    assert at.number_input(key="wp_vocab_size").value < alphabet  # the default corpus's size
    _corpus(at, BIG)
    assert not at.error, [e.value for e in at.error]
    assert at.number_input(key="wp_vocab_size").value == alphabet + 10
    assert not _notes(at)  # it was never the student's: it just follows
    assert at.button(key="wp_learn__next")  # trained: the step player is there


def test_wordpiece_chosen_size_is_moved_with_a_note_keeping_its_merges() -> None:
    at = _open("pages/wordpiece.py")
    at.number_input(key="wp_vocab_size").set_value(15)  # the alphabet (11) + 4 merges
    at.run()
    _corpus(at, BIG)
    alphabet = len(wordpiece.alphabet_of(pretokenize_corpus(_big(), "bert")))  # the default
    assert not at.error, [e.value for e in at.error]
    assert at.number_input(key="wp_vocab_size").value == alphabet + 4
    assert _notes(at) == [
        f"Note: the vocabulary size was 15, but this corpus's alphabet alone has {alphabet} "
        f"tokens, so it was moved to {alphabet + 4}, which keeps the 4 merges it had. Change it "
        "as you like."
    ]
    # the note stays while the size is the moved one, and goes once the student changes it
    at.number_input(key="wp_vocab_size").set_value(alphabet + 6)
    at.run()
    assert not _notes(at) and not at.error


def test_a_size_typed_below_the_alphabet_of_the_corpus_in_use_is_explained_not_moved() -> None:
    at = _open("pages/wordpiece.py")
    at.number_input(key="wp_vocab_size").set_value(3)
    at.run()
    assert at.number_input(key="wp_vocab_size").value == 3  # what the student typed stays
    assert any("at least the alphabet size" in e.value for e in at.error)


def test_unigram_chosen_size_is_moved_with_a_note() -> None:
    at = _open("pages/unigram.py")
    # 10 characters and sentencepiece's ▁ (the page's default pre-tokenization) + 3 pieces
    at.number_input(key="uni_vocab_size").set_value(14)
    at.run()
    _corpus(at, BIG)
    chars = len({ch for w in _big().words for ch in "▁" + w})
    assert not at.error, [e.value for e in at.error]
    assert at.number_input(key="uni_vocab_size").value == chars + 3
    assert any(f"was 14, but this corpus has {chars} different characters" in n for n in _notes(at))


@pytest.mark.parametrize("typed", [None, "28"])
def test_compare_target_fits_a_bigger_corpus(typed: str | None) -> None:
    at = _open("pages/compare.py")
    if typed is not None:  # a target the student chose, fine for the default corpus
        at.text_input(key="cmp_target").set_value(typed)
        at.run()
    _corpus(at, BIG)
    assert not at.error, [e.value for e in at.error]
    target = int(at.text_input(key="cmp_target").value)
    floor = len(wordpiece.alphabet_of(_big()))  # the largest character-level alphabet here
    assert target == floor + 10
    trained = at.dataframe[0].value["algorithm"].tolist()
    assert trained == ["BPE", "WordPiece", "Unigram"]  # only byte-level (256) is skipped
    notes = _notes(at)
    if typed is None:
        assert not notes
    else:
        assert (
            notes
            and f"was 28, but this corpus's WordPiece alphabet alone has {floor}" in (notes[0])
        )


# --- default words --------------------------------------------------------------------


def test_bpe_encode_default_words_follow_the_corpus_but_never_typed_words() -> None:
    at = _open("pages/bpe_encode.py")
    words = at.text_input(key="bpe_encode_text").value.split()
    corpus_words = {"low", "lower", "newest", "widest"}
    assert corpus_words & set(words) and set(words) - corpus_words  # seen and unseen
    assert "Example words — from the corpus: lower, newest, widest · not in the corpus: " in (
        _html(at)
    )
    _corpus(at, "seed-hug")
    words = at.text_input(key="bpe_encode_text").value.split()
    assert words == ["hug", "pun", "hugs", "hun"]
    assert "not in the corpus: hun (made of its pieces)" in _html(at)
    at.text_input(key="bpe_encode_text").set_value("mug bug")
    at.run()
    _corpus(at, "seed-low")
    assert at.text_input(key="bpe_encode_text").value == "mug bug"  # the student's words stay
    assert "Example words" not in _html(at)


def test_wordpiece_default_words_are_not_unk_on_seed_001() -> None:
    at = _open("pages/wordpiece.py")
    _corpus(at, "seed-hug")
    text = at.text_input(key="wp_encode_text").value
    assert text.split() == ["hug", "pun", "hugs", "hun"]  # three corpus words, one unseen
    table = next(b.proto.body for b in at.get("html") if "<th>pieces</th>" in b.proto.body)
    assert "[UNK]" not in table
    assert "not in the corpus: hun" in _html(at)


def test_compare_and_byte_level_default_words_come_from_the_corpus() -> None:
    at = _open("pages/compare.py")
    assert at.text_input(key="cmp_text").value == "lower newest widest lowest"
    at = _open("pages/byte_level.py")
    assert at.text_area(key="bbpe_text").value.startswith("lower newest widest lowest ")
    assert "not in the corpus: lowest" in _html(at)


def test_unigram_word_is_a_corpus_word_with_an_unseen_one_offered() -> None:
    at = _open("pages/unigram.py")
    at.session_state["uni__widgets"]["uni_tab"] = "word"
    at.run()
    assert at.text_input(key="uni_word").value == "lower"  # the richest lattice of seed-low
    assert "from the corpus: lower · not in the corpus: lowest" in _html(at)
    at.button(key="uni_try_unseen").click()
    at.run()
    assert at.text_input(key="uni_word").value == "lowest"
    assert not at.exception


def test_bpe_variants_words_follow_the_corpus() -> None:
    at = _open("pages/bpe_variants.py")
    assert at.text_input(key="fam_dropout_word").value == "lowest"  # seed 000's word
    assert at.text_input(key="fam_enc_word").value == "nestle"  # seed 004's word
    _corpus(at, "seed-hug")  # has neither word's letters
    assert at.text_input(key="fam_dropout_word").value == "hun"
    assert at.text_input(key="fam_enc_word").value == "hun"


# --- tabs -----------------------------------------------------------------------------


def _open_tab(at: AppTest) -> int:
    containers = [n for n in _walk(at._tree) if getattr(n, "type", None) == "tab_container"]
    assert len(containers) == 1
    return int(containers[0].proto.tab_container.default_tab_index)


def _walk(node: Any) -> Any:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


@pytest.mark.parametrize(
    ("page", "shadow", "key", "tab", "index", "change"),
    [
        ("wordpiece", "wp__widgets", "wp_tab", "encode", 2, ("radio", "wp_scoring", "frequency")),
        ("unigram", "uni__widgets", "uni_tab", "word", 1, ("number_input", "uni_em", 3)),
        (
            "byte_level",
            "bbpe__widgets",
            "bbpe_tab",
            "compare",
            2,
            ("number_input", "bbpe_num_merges", 12),
        ),
        (
            "bpe_variants",
            "fam__widgets",
            "fam_tab",
            "joint",
            2,
            ("number_input", "bpe_num_merges", 6),
        ),
    ],
)
def test_the_open_tab_stays_open_when_a_setting_changes(
    page: str, shadow: str, key: str, tab: str, index: int, change: tuple[str, str, object]
) -> None:
    at = _open(f"pages/{page}.py")
    at.session_state[shadow][key] = tab  # what the tab's on_change keeps when it is clicked
    at.run()
    assert _open_tab(at) == index
    kind, widget, value = change
    getattr(at, kind)(key=widget).set_value(value)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert _open_tab(at) == index
    assert at.session_state[shadow][key] == tab
    assert at.query_params[key] == tab  # and the link names it by id
