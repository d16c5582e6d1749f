"""AppTest of the WordPiece page: steps with scores, ties, comparison, encoding, variants."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import html_text as _html

APP = str(Path(__file__).resolve().parents[2] / "app.py")


@pytest.fixture
def at() -> AppTest:
    """The WordPiece page on seed 001's corpus (hug 10, pug 5, pun 12, bun 4, hugs 5)."""
    app = AppTest.from_file(APP, default_timeout=90)
    app.run()
    app.sidebar.radio(key="corpus__source").set_value("seed-hug")
    app.run()
    app.switch_page("pages/wordpiece.py")
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_first_step_shows_the_seed_001_score(at: AppTest) -> None:
    page = _html(at)
    assert "The alphabet alone has 7 tokens." in " ".join(c.value for c in at.caption)
    assert "Merge 1:" in page
    assert "5 / (20 × 5) = 1/20 ≈ 0.0500" in page
    scores = at.dataframe[0].value
    assert scores.iloc[0][["pair", "freq(a)", "freq(b)", "freq(ab)", "status"]].tolist() == [
        "##g + ##s",
        20,
        5,
        5,
        "★ merged",
    ]


def test_second_step_is_a_tie_won_by_first_seen(at: AppTest) -> None:
    at.button(key="wp_learn__next").click()
    at.run()
    page = _html(at)
    assert "Merge 2:" in page and "1/36" in page
    assert "It ties with" in page
    assert "met first in the corpus: in “hug”" in page
    statuses = at.dataframe[0].value["status"].tolist()
    assert statuses[0] == "★ merged" and statuses.count("tie") >= 3


def test_choosing_another_tied_pair(at: AppTest) -> None:
    at.button(key="wp_learn__next").click()
    at.run()
    at.selectbox(key="wp_tie_pick_2").set_value(("p", "##u"))
    at.button(key="wp_tie_go_2").click()
    at.run()
    assert not at.exception
    page = _html(at)
    assert "You chose this pair" in page
    assert "Merge 2: p + ##u → pu" in page


def test_vocab_size_below_the_alphabet(at: AppTest) -> None:
    at.number_input(key="wp_vocab_size").set_value(5)
    at.run()
    assert not at.exception
    assert any("at least the alphabet size, 7" in e.value for e in at.error)
    at.button[0].click()  # "Use 17 (the alphabet plus 10 merges)"
    at.run()
    assert not at.error
    assert at.number_input(key="wp_vocab_size").value == 17


def test_likelihood_vs_frequency(at: AppTest) -> None:
    assert "They part ways" not in _html(at)  # a closed tab trains nothing (and shows nothing)
    at.session_state["wp__widgets"]["wp_tab"] = "compare"
    at.run()
    page = _html(at)
    assert "They part ways at step 1" in page
    table = at.dataframe[1].value
    assert table.iloc[0]["frequency merges"] == "##u + ##g → ##ug"
    assert table.iloc[0]["same?"] == "✗ differ"


def test_encode_seed_001_words(at: AppTest) -> None:
    at.number_input(key="wp_vocab_size").set_value(9)
    at.run()
    at.text_input(key="wp_encode_text").set_value("hugs bum")
    at.run()
    page = _html(at)
    assert "hugs hu ##gs" in page
    assert "bum [UNK]" in page
    at.selectbox(key="wp_encode_word").set_value("bum")
    at.run()
    page = _html(at)
    assert "replaces the whole word with [UNK]" in page
    assert re.search(r"already found \(\s*b\s*,\s*##u\s*\) are thrown away", page)
    tries = at.dataframe[-1].value
    assert tries["looked up"].tolist()[-1] == "##m"
    assert tries["in vocabulary?"].tolist()[-1] == "no"


def test_word_start_display(at: AppTest) -> None:
    at.number_input(key="wp_vocab_size").set_value(9)
    at.text_input(key="wp_encode_text").set_value("hugs")
    at.toggle(key="wp_word_start").set_value(True)
    at.run()
    assert "_hu gs" in _html(at)


def test_own_vocabulary_with_a_duplicate(at: AppTest) -> None:
    at.toggle(key="wp_own_vocab").set_value(True)
    at.run()
    at.text_area(key="wp_vocab_text").set_value("[UNK]\nh\n##u\nh\n")
    at.run()
    assert not at.exception
    assert any("already appeared on line 2" in e.value for e in at.error)
    assert at.text_area(key="wp_vocab_text").value == "[UNK]\nh\n##u\nh\n"
    at.text_area(key="wp_vocab_text").set_value("[UNK]\nh\n##u\n##g\n")
    at.text_input(key="wp_encode_text").set_value("hug")
    at.run()
    assert not at.error
    assert "hug h ##u ##g" in _html(at)


def test_seed_004_variant() -> None:
    app = AppTest.from_file(APP, default_timeout=90)
    app.run()
    app.switch_page("pages/wordpiece.py")
    app.run()
    app.text_input(key="wp_encode_text").set_value("slow slowest")
    app.session_state["wp__widgets"]["wp_tab"] = "variants"  # a closed tab draws nothing
    app.run()
    assert not app.exception
    page = _html(app)
    assert "slow_ s low_" in page
    assert "slowest_ s low est_" in page


def test_escapes_typed_words(at: AppTest) -> None:
    at.text_input(key="wp_encode_text").set_value("<b>x</b>")
    at.run()
    bodies = " ".join(el.proto.body for el in at.get("html"))
    # BERT's pre-tokenization (the default) cuts the punctuation off: each unit is escaped
    assert "<b>" not in bodies and "&lt;" in bodies and "&gt;" in bodies
    at.radio(key="wp_pretok").set_value("whitespace")  # the typed word stays whole
    at.run()
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "<b>x</b>" not in bodies and "&lt;b&gt;x&lt;/b&gt;" in bodies


def test_quiz_mode(at: AppTest) -> None:
    at.toggle(key="wp_quiz").set_value(True)
    at.run()
    assert "Merge 1:" not in _html(at)
    at.selectbox(key="wp_quiz_pick_1").set_value(("##u", "##g"))
    at.button(key="wp_quiz_check_1").click()
    at.run()
    page = _html(at)
    assert "Not this one" in page and "20/(36 × 20) = 1/36" in page
    verdict = next(el.proto.body for el in at.get("html") if "Not this one" in el.proto.body)
    assert "another pair scores 1/20" in verdict and "##s" not in verdict  # not given away
    assert "Merge 1:" not in page  # still hidden: the student may guess again
    at.selectbox(key="wp_quiz_pick_1").set_value(("##g", "##s"))
    at.button(key="wp_quiz_check_1").click()
    at.run()
    page = _html(at)
    assert "Right: ##g + ##s scores 5/(20 × 5) = 1/20" in page
    assert "Merge 1:" in page
    at.button(key="wp_learn__next").click()
    at.run()
    at.selectbox(key="wp_quiz_pick_2").set_value(("h", "##u"))
    at.button(key="wp_quiz_check_2").click()
    at.run()
    page = _html(at)
    assert "Right: h + ##u scores 15/(15 × 36) = 1/36" in page
    assert "tied with 5 other pairs. The tie goes to the pair met first in the corpus" in page


def test_merges_table_for_the_export() -> None:
    from subword_core.wordpiece import learn
    from ui.views.wordpiece.learn import merges_table

    df = merges_table(learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9))
    assert df.iloc[0][["left", "right", "freq(a)", "freq(b)", "freq(ab)"]].tolist() == [
        "##g",
        "##s",
        20,
        5,
        5,
    ]
    assert df.iloc[1]["tied pairs"] > 1


def test_typed_segmentation_quiz(at: AppTest) -> None:
    at.number_input(key="wp_vocab_size").set_value(9)
    at.text_input(key="wp_encode_text").set_value("hugs bum")
    at.toggle(key="wp_encode_quiz").set_value(True)
    at.run()
    assert "hugs hu ##gs" not in _html(at)  # the answer stays hidden
    at.text_input(key="wp_encode_segquiz_guess_hugs").set_value("hug s")
    at.button(key="wp_encode_segquiz_check_hugs").click()
    at.run()
    page = _html(at)
    assert (
        "Not quite. At the start of the word, hug is not in the vocabulary, so the longest "
        "match there is hu" in page
    )
    assert "hugs hu ##gs" not in page and "the model gives" not in page  # still hidden
    # the guess stays in the box to be corrected
    assert at.text_input(key="wp_encode_segquiz_guess_hugs").value == "hug s"
    at.text_input(key="wp_encode_segquiz_guess_hugs").set_value("hu gs")
    at.button(key="wp_encode_segquiz_check_hugs").click()
    at.run()
    assert "Right: hu ##gs" in _html(at)


def test_export_note_names_the_unk_difference(at: AppTest) -> None:
    page = _html(at)
    # the trained vocabulary lacks [UNK]; the files add it, which the note explains
    assert "a word that starts with [UNK], such as [UNK]s, becomes [UNK] + ..." in page
    assert "vocab.txt holds only the tokens: read it with the prefix ##, at most 100" in page
