"""AppTest of the two BPE pages: set widgets, step, and check what a student sees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _html(at: AppTest) -> str:
    """All st.html bodies on the page, tags stripped, entities kept (as the browser gets them)."""
    bodies = [el.proto.body for el in at.get("html")]
    # the text on screen: styles and the screen-reader-only roles of tokens left out
    text = " ".join(
        re.sub(r"<style>.*?</style>|<span class=\"sw-sr\">[^<]*</span>", "", b, flags=re.S)
        for b in bodies
    )
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def _open(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _corpus(at: AppTest, text: str) -> None:
    at.sidebar.radio(key="corpus__source").set_value("type")
    at.run()
    at.sidebar.text_area(key="corpus__text").set_value(text)
    at.run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.fixture
def learn() -> AppTest:
    return _open("pages/bpe_learn.py")


def test_first_step_explains_the_tie(learn: AppTest) -> None:
    page = _html(learn)
    assert "Merge 1:" in page
    assert "all occur 9 times" in page
    assert "first seen" in page
    assert "first met in “newest”" in page
    assert "changes by 0 (11 → 11 symbols)" in page
    # the corpus table shows newest with the new 'es' highlighted
    assert "NEW" in page or "new" in page


def test_next_and_last_step(learn: AppTest) -> None:
    learn.button(key="bpe_learn__next").click()
    learn.run()
    assert learn.session_state["bpe_learn__step"] == 2
    page = _html(learn)
    assert "Merge 2:" in page
    assert "es" in page and "changes by -1 (11 → 10 symbols)" in page
    learn.button(key="bpe_learn__last").click()
    learn.run()
    page = _html(learn)
    assert "Merge 10:" in page
    assert "last of the 10 merges you asked for" in page
    table = learn.dataframe[0].value
    assert table["new symbol"].tolist()[-1] == "wi"
    assert len(table) == 10


def test_stop_step_says_why(learn: AppTest) -> None:
    _corpus(learn, "low 5\nlower 2\nnewest 6\nwidest 3\nxyz 1")
    learn.number_input(key="bpe_num_merges").set_value(100)
    learn.run()
    learn.button(key="bpe_learn__last").click()
    learn.run()
    page = _html(learn)
    assert "Stop." in page
    assert "fewer than the minimum pair count 2" in page


def test_tie_choice_reproduces_seed_002(learn: AppTest) -> None:
    learn.selectbox(key="bpe_tie_pick_1").set_value(("s", "t"))
    learn.button(key="bpe_tie_go_1").click()
    learn.run()
    assert not learn.exception
    page = _html(learn)
    assert "You chose" in page
    table = learn.dataframe[0].value
    assert table.iloc[0][["left", "right", "chosen by"]].tolist() == ["s", "t", "you"]
    learn.button(key="bpe_learn__next").click()
    learn.run()
    assert "Merge 2:" in _html(learn)
    assert learn.dataframe[0].value.iloc[1][["left", "right"]].tolist() == ["e", "st"]


def test_lexicographic_rule(learn: AppTest) -> None:
    learn.radio(key="bpe_tie_break").set_value("lexicographic")
    learn.run()
    page = _html(learn)
    assert "greatest in string order" in page
    assert learn.dataframe[0].value.iloc[0][["left", "right"]].tolist() == ["t", "</w>"]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("bpe_num_merges", 0, "number of merges must be a whole number of at least 1"),
        ("bpe_min_frequency", 0, "minimum pair count must be a whole number of at least 1"),
    ],
)
def test_bad_numbers_get_a_message(learn: AppTest, key: str, value: int, message: str) -> None:
    learn.number_input(key=key).set_value(value)
    learn.run()
    assert not learn.exception
    assert any(message in e.value for e in learn.error)


def test_marker_inside_the_corpus_is_explained(learn: AppTest) -> None:
    _corpus(learn, "a</w>b 3\nab 2")
    assert not learn.exception
    errors = " ".join(e.value for e in learn.error)
    assert "already contains the end-of-word marker" in errors
    # what the student typed is still there
    assert learn.sidebar.text_area(key="corpus__text").value == "a</w>b 3\nab 2"
    learn.text_input(key="bpe_marker").set_value("@")
    learn.run()
    assert not learn.error
    assert "Merge 1:" in _html(learn)


def test_empty_corpus_is_explained(learn: AppTest) -> None:
    learn.sidebar.radio(key="corpus__source").set_value("type")
    learn.run()
    learn.sidebar.text_area(key="corpus__text").set_value("   ")
    learn.run()
    assert not learn.exception
    assert any("can't be read yet" in e.value for e in learn.sidebar.error)
    assert "The corpus is empty" in _html(learn)
    assert any("no valid corpus" in w.value for w in learn.warning)


def test_settings_survive_a_page_switch(learn: AppTest) -> None:
    learn.number_input(key="bpe_num_merges").set_value(4)
    learn.run()
    learn.switch_page("pages/bpe_encode.py")
    learn.run()
    learn.switch_page("pages/bpe_learn.py")
    learn.run()
    assert learn.number_input(key="bpe_num_merges").value == 4
    assert len(learn.dataframe[0].value) == 1  # step 1 of 4


# --- encode page ------------------------------------------------------------------------


def _open_encode_with_seed_003_words() -> AppTest:
    """The encode page with seed 003's words (the default words follow the corpus)."""
    at = _open("pages/bpe_encode.py")
    at.text_input(key="bpe_encode_text").set_value("lowest newer widest loki")
    return at.run()


def test_encode_seed_003_words() -> None:
    at = _open_encode_with_seed_003_words()
    page = _html(at)
    # lowest -> low est</w>; loki -> lo k i </w>
    assert "low est &lt;/w&gt;" in page
    assert "lo k i &lt;/w&gt;" in page
    assert "Iteration 6." in page  # lowest: five merges, then the stop
    assert "The only pair left was never learned" in page
    assert "identical to the input" in page


def test_encode_shows_iterations_of_the_chosen_word() -> None:
    at = _open_encode_with_seed_003_words()
    at.selectbox(key="bpe_encode_word").set_value("loki")
    at.run()
    page = _html(at)
    assert "How “loki” is encoded" in " ".join(h.value for h in at.subheader)
    assert "learned as merge #4" in page


def test_encode_unk_seed_001() -> None:
    at = _open("pages/bpe_encode.py")
    at.sidebar.radio(key="corpus__source").set_value("seed-hug")
    at.run()
    at.text_input(key="bpe_encode_text").set_value("mhug")
    at.toggle(key="bpe_encode_unk").set_value(True)
    at.run()
    assert not at.exception
    page = _html(at)
    assert "[UNK] hug &lt;/w&gt;" in page
    assert "differs from the input" in page
    assert any("unknown characters" in c.value for c in at.caption)


def test_encode_escapes_user_text() -> None:
    at = _open("pages/bpe_encode.py")
    at.text_input(key="bpe_encode_text").set_value("<script>alert(1)</script>")
    at.run()
    assert not at.exception
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "<script>" not in bodies
    assert "&lt;script&gt;" in bodies


def test_encode_with_no_words() -> None:
    at = _open("pages/bpe_encode.py")
    at.text_input(key="bpe_encode_text").set_value("   ")
    at.run()
    assert not at.exception
    assert any("Type one or more words" in i.value for i in at.info)


def test_settings_survive_a_broken_corpus(learn: AppTest) -> None:
    """While the corpus is invalid the settings are not drawn; they must come back as set."""
    learn.toggle(key="bpe_attach").set_value(True)
    learn.run()
    _corpus(learn, "low 5\nlower x")
    assert "can't be read yet" in " ".join(e.value for e in learn.sidebar.error)
    learn.sidebar.text_area(key="corpus__text").set_value("low 5\nlower 2")
    learn.run()
    assert learn.toggle(key="bpe_attach").value is True
    assert learn.dataframe[0].value.iloc[0][["left", "right"]].tolist() == ["l", "o"]
    assert "w&lt;/w&gt;" in _html(learn).replace(" ", "")


def _verdict(at: AppTest, start: str) -> str:
    """The quiz's verdict box that starts with ``start`` (tags stripped)."""
    bodies = [el.proto.body for el in at.get("html")]
    found = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", b)) for b in bodies if start in b]
    assert len(found) == 1, f"{len(found)} boxes with {start!r}"
    return found[0]


def test_quiz_hides_the_step_until_answered(learn: AppTest) -> None:
    learn.toggle(key="bpe_quiz").set_value(True)
    learn.run()
    assert "Merge 1:" not in _html(learn)  # the answer is hidden
    assert any("which pair will step 1 merge" in m.value for m in learn.markdown)
    # checking without a choice asks for one
    learn.button(key="bpe_quiz_check_1").click()
    learn.run()
    assert any("Choose a pair first" in w.value for w in learn.warning)
    # a wrong guess: l + o occurs 7 times, e + s (and two tied pairs) 9
    learn.selectbox(key="bpe_quiz_pick_1").set_value(("l", "o"))
    learn.button(key="bpe_quiz_check_1").click()
    learn.run()
    why = _verdict(learn, "Not this one")
    assert "l + o occurs 7 times, but 3 pairs occur 9 times" in why
    assert "e + s" not in why  # the answer is not given away
    assert "Choose again, or ask to see the answer." in why
    assert "Merge 1:" not in _html(learn)  # still hidden: the student may guess again
    assert learn.selectbox(key="bpe_quiz_pick_1").value == ("l", "o")
    # another try, right this time
    learn.selectbox(key="bpe_quiz_pick_1").set_value(("e", "s"))
    learn.button(key="bpe_quiz_check_1").click()
    learn.run()
    page = _html(learn)
    assert "Right: e + s occurs 9 times, tied with 2 other pairs" in page
    assert "Not this one" not in page
    assert "Merge 1:" in page  # revealed after the right answer


def test_quiz_tied_pick_is_right_and_a_wrong_one_can_be_skipped(learn: AppTest) -> None:
    learn.toggle(key="bpe_quiz").set_value(True)
    learn.run()
    learn.selectbox(key="bpe_quiz_pick_1").set_value(("s", "t"))
    learn.button(key="bpe_quiz_check_1").click()
    learn.run()
    why = _verdict(learn, "Right too")
    assert "s + t occurs 9 times, as often as e + s: 3 pairs tie for the highest count" in why
    assert "the rule first seen reads the corpus" in why and "that is e + s" in why
    assert "Your pick is just as right" in why
    assert "Merge 1:" in _html(learn)
    learn.button(key="bpe_learn__next").click()
    learn.run()
    assert "Merge 2:" not in _html(learn)
    learn.selectbox(key="bpe_quiz_pick_2").set_value(("es", "t"))
    learn.button(key="bpe_quiz_check_2").click()
    learn.run()
    assert "Right: es + t occurs 9 times" in _html(learn)
    learn.button(key="bpe_learn__next").click()
    learn.run()
    learn.selectbox(key="bpe_quiz_pick_3").set_value(("w", "e"))
    learn.button(key="bpe_quiz_check_3").click()
    learn.run()
    assert "Not this one: w + e occurs" in _html(learn) and "Merge 3:" not in _html(learn)
    learn.button(key="bpe_quiz_skip_3").click()  # "Just show me" after a wrong guess
    learn.run()
    page = _html(learn)
    assert "Merge 3:" in page and "Not this one" not in page


def test_exports_offer_steps_and_model(learn: AppTest) -> None:
    """The export panel offers CSV, JSON and the model (or says why a format cannot hold it)."""
    # the default model keeps </w> as its own symbol, which tokenizer.json cannot express
    assert "tokenizer.json: not available for this model" in _html(learn)
    learn.toggle(key="bpe_attach").set_value(True)
    learn.run()
    assert "tokenizer.json: not available" not in _html(learn)


def test_encode_typed_segmentation_quiz() -> None:
    at = _open_encode_with_seed_003_words()
    at.toggle(key="bpe_encode_quiz").set_value(True)
    at.run()
    assert "low est &lt;/w&gt;" not in _html(at)  # hidden until answered
    at.button(key="bpe_encode_segquiz_check_lowest").click()
    at.run()
    assert any("Type the pieces first" in w.value for w in at.warning)
    at.text_input(key="bpe_encode_segquiz_guess_lowest").set_value("lo west")
    at.button(key="bpe_encode_segquiz_check_lowest").click()
    at.run()
    why = _verdict(at, "Not quite")
    assert "lo + w (merge 5); it joins across your boundary after “lo”" in why
    assert "low est" not in why  # the answer is not given away
    assert "low est &lt;/w&gt;" not in _html(at)  # still hidden: the student may guess again
    assert at.text_input(key="bpe_encode_segquiz_guess_lowest").value == "lo west"
    at.text_input(key="bpe_encode_segquiz_guess_lowest").set_value("low est</w>")
    at.button(key="bpe_encode_segquiz_check_lowest").click()
    at.run()
    assert "Right: low est ." in _html(at)
    at.selectbox(key="bpe_encode_word").set_value("loki")
    at.run()
    at.button(key="bpe_encode_segquiz_skip_loki").click()
    at.run()
    assert "How “loki” is encoded" in " ".join(h.value for h in at.subheader)
