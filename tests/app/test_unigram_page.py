"""AppTest of the Unigram page: set widgets, step through training, look at one word."""

from __future__ import annotations

import doctest
import math
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

import ui.views.unigram.params as view
from tests.app.conftest import html_text as _html
from tests.app.conftest import open_link

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAGE = "pages/unigram.py"
SEED_001_COUNTS = {"h": 15, "u": 36, "g": 20, "hu": 15, "ug": 20, "p": 17, "pu": 17, "n": 16}
SEED_001_COUNTS |= {"un": 16, "b": 4, "bu": 4, "s": 5, "hug": 15, "gs": 5, "ugs": 5}
# seed 001's vocabulary as a .vocab text (natural-log probabilities count / 210)
SEED_001_VOCAB = "\n".join(f"{p}\t{math.log(c / 210)!r}" for p, c in SEED_001_COUNTS.items())


def _frame(at: AppTest, column: str) -> pd.DataFrame:
    """The (first) dataframe shown with this column."""
    for df in at.dataframe:
        if column in df.value.columns:
            return df.value
    raise AssertionError(f"no table with a {column!r} column")


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _open(corpus: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    if corpus:
        at.sidebar.radio(key="corpus__source").set_value(corpus)
        at.run()
    at.switch_page(PAGE)
    at.run()
    _ok(at)
    return at


def _tab(at: AppTest, label: str) -> None:
    """Open a tab (AppTest cannot click tabs; the page restores the open tab from its kept
    widget values, so that is where it is set). Only the open tab's content runs."""
    assert label in view.TABS
    at.session_state[view.WIDGETS_KEY]["uni_tab"] = label
    at.run()
    _ok(at)


TRAIN, WORD, SEED = view.TABS


def _use_vocab(at: AppTest, text: str, *, marker: bool = True) -> None:
    if at.session_state[view.WIDGETS_KEY].get("uni_tab") != WORD:
        _tab(at, WORD)
    at.radio(key="uni_model_source").set_value("vocab")
    at.run()
    at.text_area(key="uni_vocab_text").set_value(text)
    at.run()
    at.toggle(key="uni_vocab_marker").set_value(marker)
    at.run()
    _ok(at)


def _word(at: AppTest, word: str) -> None:
    if at.session_state[view.WIDGETS_KEY].get("uni_tab") != WORD:
        _tab(at, WORD)
    at.text_input(key="uni_word").set_value(word)
    at.run()
    _ok(at)


def test_view_doctests() -> None:
    assert doctest.testmod(view).failed == 0


def test_first_step_is_the_seed() -> None:
    at = _open()  # low 5, lower 2, newest 6, widest 3, read as ▁low … (the default, none)
    page = _html(at)
    assert "Step 1: the seed vocabulary" in page
    assert "all 11 characters plus all 53 substrings" in page  # ▁ is the 11th character
    pieces = _frame(at, "count")
    counts = dict(zip(pieces["piece"], pieces["count"], strict=True))
    assert counts["e"] == 17 and counts["▁"] == 16  # hand counts: ▁ starts all 16 words
    assert counts["▁low"] == 7 and "low▁" not in counts
    assert "Step 1 of" in page


def test_seed_001_button_reproduces_the_seed_table() -> None:
    at = _open()
    _tab(at, SEED)
    at.button(key="uni_use_seed_001").click()
    at.run()
    _ok(at)
    assert at.sidebar.radio(key="corpus__source").value == "seed-hug"
    assert at.radio(key="uni_seed_mode").value == "given"
    page = _html(at)
    assert "starts from the 15 pieces you gave" in page
    assert "total of all counts, 210" in page
    table = _frame(at, "count")
    assert dict(zip(table["piece"], table["count"], strict=True)) == SEED_001_COUNTS
    # the tie of seed 001: p + ug is just as probable as pu + g
    assert "just as probable: pu · g" in page


def test_stepping_to_a_pruning_round_and_to_the_end() -> None:
    at = _open("seed-hug")
    at.number_input(key="uni_vocab_size").set_value(9)
    at.run()
    for _ in range(3):
        at.button(key="uni_train__next").click()
        at.run()
    _ok(at)
    page = _html(at)
    assert "Step 4: pruning round 1, 19 → 14 pieces" in page
    assert "✂ cut line: the 7 pieces above stay, the 5 below are removed" in page
    assert "Each round keeps 75% of the vocabulary: 75% of 19 is 14" in page
    assert page.count("removed ") >= 5
    at.button(key="uni_train__last").click()
    at.run()
    page = _html(at)
    assert "Done: the vocabulary has 9 pieces" in page
    assert "EM never lowers it" in page


def test_the_explanations_follow_the_settings() -> None:
    at = _open("seed-hug")
    at.number_input(key="uni_vocab_size").set_value(9)
    at.slider(key="uni_shrink").set_value(0.5)
    at.run()
    at.button(key="uni_train__next").click()
    at.run()
    assert "M-step: each piece's new probability is its expected count divided by" in _html(at)
    at.button(key="uni_train__next").click()
    at.run()
    at.button(key="uni_train__next").click()
    at.run()
    page = _html(at)
    assert "Each round keeps 50% of the vocabulary: 50% of 19 is 9" in page


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("uni_em", 0, "EM iterations must be a whole number of at least 1"),
        ("uni_em", 21, "At most 20 EM iterations per round here"),
        ("uni_max_len", 0, "longest seed substring must be a whole number from 1 to 32"),
        ("uni_max_len", 33, "SUBWORD_LIMIT_UNIGRAM_PIECE_CHARS"),
        ("uni_seed_size", 100_001, "At most 100,000 seed substrings here"),
    ],
)
def test_bad_settings_get_a_message(key: str, value: int, message: str) -> None:
    at = _open()
    at.number_input(key=key).set_value(value)
    at.run()
    _ok(at)
    assert any(message in e.value for e in at.error)
    assert at.number_input(key=key).value == value  # kept as typed


def test_vocabulary_below_the_characters_offers_a_fix() -> None:
    at = _open("seed-hug")
    at.number_input(key="uni_vocab_size").set_value(5)
    at.run()
    _ok(at)
    assert any("must be at least 7" in e.value for e in at.error)
    assert at.number_input(key="uni_vocab_size").value == 5
    at.button(key="uni_fix_vocab").click()
    at.run()
    _ok(at)
    assert at.number_input(key="uni_vocab_size").value == 17
    assert not at.error
    assert "Step 1: the seed vocabulary" in _html(at)


def test_given_seed_list_problems() -> None:
    at = _open("seed-hug")
    at.radio(key="uni_seed_mode").set_value("given")
    at.run()
    at.text_input(key="uni_seed_list").set_value("hug hug ug")
    at.run()
    assert any("twice" in e.value for e in at.error)
    at.text_input(key="uni_seed_list").set_value("hug zz ug")
    at.run()
    _ok(at)
    page = _html(at)
    assert "zz never occur in the corpus, so they were dropped" in page
    assert "were missing and were added" in page


def test_a_word_lattice_and_its_segmentations() -> None:
    at = _open("seed-hug")
    _use_vocab(at, SEED_001_VOCAB, marker=False)
    _word(at, "pug")
    page = _html(at)
    assert "p ug is the most probable segmentation of “pug”" in page
    segs = _frame(at, "share of P(word)")
    assert segs["segmentation"].tolist() == ["p · ug", "pu · g", "p · u · g"]
    assert segs["P"].tolist() == ["0.00771", "0.00771", "0.00132"]
    total = 2 * 17 * 20 / 210**2 + 17 * 36 * 20 / 210**3  # P(pug): all three summed
    assert f"the word has P = {total:.3g}" in page
    assert segs["best"].tolist() == ["★", "", ""]  # the Viterbi pick among the tie


def test_nbest_length_penalty_changes_the_winner() -> None:
    at = _open("seed-hug")
    _use_vocab(at, SEED_001_VOCAB, marker=False)
    _word(at, "pug")
    nbest = _frame(at, "rank by score")
    assert nbest["segmentation"].tolist() == ["p · ug", "pu · g", "p · u · g"]
    assert nbest["rank by score"].tolist() == [1, 2, 3]
    # log(17*20/210^2) / 2 = -2.43 against log(17*36*20/210^3) / 3 = -2.21
    at.slider(key="uni_lambda").set_value(1.0)
    at.run()
    _ok(at)
    nbest = _frame(at, "rank by score")
    best = nbest.loc[nbest["rank by score"] == 1, "segmentation"].item()
    assert best == "p · u · g"
    assert "now scores best" in _html(at)
    at.number_input(key="uni_k").set_value(0)
    at.run()
    _ok(at)
    assert any("n must be a whole number of at least 1" in e.value for e in at.error)


def test_nbest_from_a_vocab_says_its_scores_are_rounded() -> None:
    at = _open("seed-hug")
    _word(at, "pug")
    assert not any("6 significant digits" in c.value for c in at.caption)
    _use_vocab(at, SEED_001_VOCAB, marker=False)
    assert any("6 significant digits" in c.value for c in at.caption)


def test_sampling_is_seeded_and_checked_against_the_exact_shares() -> None:
    at = _open("seed-hug")
    _use_vocab(at, SEED_001_VOCAB, marker=False)
    _word(at, "hugs")
    at.number_input(key="uni_samples").set_value(4000)
    at.slider(key="uni_alpha").set_value(1.0)
    at.run()
    _ok(at)
    first = _frame(at, "sampled share").copy()
    assert first["drawn"].sum() == 4000
    assert (first["sampled share"] - first["exact share"]).abs().max() < 0.03
    at.run()
    assert _frame(at, "sampled share").equals(first)  # same seed, same draws
    at.number_input(key="uni_seed").set_value(7)
    at.run()
    assert not _frame(at, "sampled share").equals(first)
    assert "Total variation distance" in _html(at)
    at.slider(key="uni_alpha").set_value(0.0)
    at.run()
    _ok(at)
    assert any("α must be greater than 0" in e.value for e in at.error)


def test_malformed_vocab_is_explained_and_kept() -> None:
    at = _open()
    text = "▁a\t-1\n▁b\tminus\n"
    _use_vocab(at, text)
    assert any("cannot be read yet" in e.value for e in at.error)
    assert "Line 2: the score “minus” of “▁b” is not a number" in _html(at)
    assert at.text_area(key="uni_vocab_text").value == text


def test_a_word_with_too_many_segmentations() -> None:
    at = _open()
    _use_vocab(at, "▁\t-1\na\t-1\naa\t-1.5")
    _word(at, "a" * 20)
    _ok(at)
    assert any("10,946 different ways" in w.value for w in at.warning)
    assert len(_frame(at, "rank by score")) == 5  # n-best still works


def test_a_word_over_the_length_limit_is_refused_and_kept() -> None:
    """A 6000-character word (Chinese text without spaces) would take half a minute."""
    at = _open()
    long_word = "世界" * 3000
    _word(at, long_word)
    assert any("6,000 characters" in w.value and "up to 200" in w.value for w in at.warning)
    assert at.text_input(key="uni_word").value == long_word
    assert not at.dataframe  # no table was drawn for it
    _word(at, "low")  # a short word works again
    assert at.dataframe


def test_bad_words_are_explained() -> None:
    at = _open()
    _word(at, "low est")
    assert any("One word at a time" in e.value for e in at.error)
    assert at.text_input(key="uni_word").value == "low est"
    _word(at, "   ")
    assert any("Type a word above" in i.value for i in at.info)


def test_user_text_is_escaped() -> None:
    at = _open()
    _word(at, "<img/src=x>")
    bodies = " ".join(el.proto.body for el in at.get("html"))
    # the only images are the app's own QR codes (ui.draw.qr), never the typed word
    assert all('class="sw-qr' in img for img in re.findall(r"<img[^>]*>", bodies))
    assert "<img/src" not in bodies
    assert "&lt;img/src=x&gt;" in bodies
    _use_vocab(at, "<script>\t-1\n")
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "<script>" not in bodies


def test_the_word_start_marker_inside_the_corpus_is_explained() -> None:
    at = _open()
    at.sidebar.radio(key="corpus__source").set_value("type")
    at.run()
    at.sidebar.text_area(key="corpus__text").set_value("hug 10\na\u2581b 3")
    at.run()
    _ok(at)
    # the default, none (▁), switches the marker on; whitespace only switches it off
    assert at.toggle(key="uni_marker").value is True
    at.radio(key="uni_pretok").set_value("whitespace")
    at.run()
    _ok(at)
    assert at.toggle(key="uni_marker").value is False
    assert "word-start marker" not in _html(at)  # marker off: the word is just text
    # the marker follows the pre-tokenization: none (▁) switches it on
    at.radio(key="uni_pretok").set_value("none")
    at.run()
    _ok(at)
    assert at.toggle(key="uni_marker").value is True
    assert any("cannot start" in e.value for e in at.error)
    assert "already contains the word-start marker" in _html(at)
    assert at.sidebar.text_area(key="corpus__text").value == "hug 10\na\u2581b 3"  # kept


def test_seed_001_tab_shows_the_erratum() -> None:
    at = _open()
    _tab(at, SEED)
    pug = _frame(at, "tutorial 001 printed")
    rows = {r["segmentation"]: r for _, r in pug.iterrows()}
    assert rows["pu · g"]["P"] == "0.00771"
    assert rows["p · u · g"]["P"] == "0.00132"
    assert rows["pu · g"]["tutorial 001 printed"] == "5/210 × 20/210 = 0.0022676"
    assert rows["pu · g"]["check"].startswith("✗")
    assert rows["p · ug"]["tutorial 001 printed"] == "(not listed)"
    tokens = _frame(at, "token")
    assert int(tokens["count"].sum()) == 210
    page = _html(at)
    assert "P(pu, g) = 17/210 × 20/210 = 0.00771" in page


def test_settings_and_word_survive_a_page_switch() -> None:
    at = _open("seed-hug")
    at.slider(key="uni_shrink").set_value(0.6)
    at.number_input(key="uni_vocab_size").set_value(12)
    at.run()
    _word(at, "bugs")
    at.switch_page("pages/home.py")
    at.run()
    at.switch_page(PAGE)
    at.run()
    _ok(at)
    assert at.slider(key="uni_shrink").value == 0.6
    assert at.number_input(key="uni_vocab_size").value == 12
    assert at.text_input(key="uni_word").value == "bugs"


def test_the_vocabulary_size_follows_the_corpus_until_typed() -> None:
    at = _open()
    assert at.number_input(key="uni_vocab_size").value == 21  # 10 characters and ▁, + 10
    at.sidebar.radio(key="corpus__source").set_value("seed-hug")
    at.run()
    # seed 001's example is read with whitespace only: no ▁, 7 characters + 10
    assert at.number_input(key="uni_vocab_size").value == 17


def test_a_large_corpus_lists_the_top_rows_only() -> None:
    at = _open("paragraph")
    at.number_input(key="uni_vocab_size").set_value(60)
    at.run()
    at.button(key="uni_train__next").click()
    at.run()
    _ok(at)
    assert "pieces listed" in _html(at)  # the caption above the corpus table
    at.button(key="uni_train__next").click()
    at.run()
    at.button(key="uni_train__next").click()
    at.run()
    page = _html(at)
    assert "pruning round 1" in page
    assert "not listed" in page or "more" in page


def test_the_unigram_caps_are_limits_shared_with_links() -> None:
    from ui.app.limits import LIMITS, Limits, unigram_max_shrink
    from ui.app.share import PARAMS, parse_value

    assert (LIMITS.unigram_em, LIMITS.unigram_seed_size, LIMITS.unigram_piece_chars) == (
        20,
        100_000,
        32,
    )
    assert LIMITS.unigram_em_work == 1_800_000
    assert (LIMITS.unigram_nbest, unigram_max_shrink()) == (200, 0.8)
    assert Limits.from_env({"SUBWORD_LIMIT_UNIGRAM_EM": "30"}).unigram_em == 30
    # a link cannot ask for more than the page allows
    assert parse_value(PARAMS["uni_em"], "20") == 20
    assert parse_value(PARAMS["uni_em"], "21") is None
    assert parse_value(PARAMS["uni_seed_size"], "100001") is None
    assert parse_value(PARAMS["uni_max_len"], "33") is None
    assert parse_value(PARAMS["uni_k"], "201") is None
    assert parse_value(PARAMS["uni_shrink"], "0.8") == 0.8
    assert parse_value(PARAMS["uni_shrink"], "0.85") is None


def _step_line(at: AppTest, number: int) -> str:
    """The step player's counter line at step ``number`` ("Step 4 of 40 · EM 3 of round 0")."""
    at.slider(key="uni_train__slider").set_value(number)
    at.run()
    _ok(at)
    found = re.search(rf"Step {number} of [\d,]+ · (.*?) Step {number}:", _html(at))
    assert found, f"no counter for step {number}"
    return found.group(1)


def test_a_small_corpus_runs_all_the_em_iterations_asked() -> None:
    at = _open("paragraph")
    at.number_input(key="uni_em").set_value(10)
    at.run()
    _ok(at)
    assert not at.error
    # step 1 is the seed, steps 2 to 11 the ten EM iterations of round 0, then a pruning
    assert _step_line(at, 11).endswith("EM 10 of round 0")
    assert "pruning" in _step_line(at, 12)
    assert not [i for i in at.info if "EM iteration" in i.value]


def test_a_large_corpus_runs_fewer_em_iterations_and_says_why() -> None:
    # opened on a link that holds the settings: one training on pydoc, not a first one with
    # the page's defaults before the widgets change (most of this test's time). The EM budget
    # counts the corpus's lattice edges, which the seed's size does not change; a seed of
    # 4,000 pieces (not the default 100,000) trains in a third of the time
    at = open_link(
        "unigram",
        {
            "corpus": "pydoc",
            "uni_vocab_size": "2000",
            "uni_vocab_touched": "true",
            "uni_em": "10",
            "uni_seed_size": "4000",
        },
    )
    _ok(at)
    assert at.number_input(key="uni_vocab_size").value == 2_000
    notes = [i.value for i in at.info if "EM iteration" in i.value]
    assert len(notes) == 1
    assert "ran 3 EM iterations per pruning round, not the 10 asked" in notes[0]
    assert "1,800,000" in notes[0]
    assert _step_line(at, 4).endswith("EM 3 of round 0")
    assert "pruning" in _step_line(at, 5)
    assert at.number_input(key="uni_em").value == 10  # what the student asked is kept
    assert at.number_input(key="uni_seed_size").value == 4_000


# --------------------------------------------------------------------------------------
# Pre-tokenization: sentencepiece's none (▁) by default; seed 001's example on bare words
# --------------------------------------------------------------------------------------


def _seed_counts(at: AppTest) -> dict[str, int]:
    """The training's step 1: each seed piece and its count."""
    table = _frame(at, "count")
    return dict(zip(table["piece"], table["count"], strict=True))


@pytest.mark.parametrize("corpus", [None, "zh", "ko"])
def test_the_default_is_sentencepieces_none_on_a_fresh_page(corpus: str | None) -> None:
    at = _open(corpus)
    assert at.radio(key="uni_pretok").value == "none"
    assert at.toggle(key="uni_marker").value is True
    assert at.session_state[view.PRETOK.shadow][view.PRETOK.scheme_key] is None  # a default
    assert "▁" in _seed_counts(at)
    assert "tutorial 001 counts bare words" not in _html(at)  # no note on these examples
    assert "uni_pretok" not in at.query_params  # a default stays out of the link


def test_seed_001s_example_is_read_with_whitespace_and_says_why() -> None:
    at = _open("seed-hug")
    assert at.radio(key="uni_pretok").value == "whitespace"
    assert at.toggle(key="uni_marker").value is False
    page = _html(at)
    assert "This example is read with whitespace only, not the page&#x27;s default none" in page
    assert "tutorial 001 counts bare words" in page
    at.radio(key="uni_seed_mode").set_value("given")
    at.run()
    _ok(at)
    assert _seed_counts(at) == SEED_001_COUNTS  # the seed's 15 tokens, total 210
    assert "total of all counts, 210" in _html(at)


def test_a_default_follows_the_example_and_a_choice_is_kept() -> None:
    at = _open()
    for corpus, scheme in (("seed-hug", "whitespace"), ("zh", "none"), ("seed-hug", "whitespace")):
        at.sidebar.radio(key="corpus__source").set_value(corpus)
        at.run()
        _ok(at)
        assert at.radio(key="uni_pretok").value == scheme, corpus  # the default follows
    at.radio(key="uni_pretok").set_value("bert")  # the student chooses
    at.run()
    for corpus in ("ko", "seed-hug", "seed-low"):
        at.sidebar.radio(key="corpus__source").set_value(corpus)
        at.run()
        _ok(at)
        assert at.radio(key="uni_pretok").value == "bert", corpus  # never overwritten
    at.sidebar.radio(key="corpus__source").set_value("seed-hug")
    at.run()
    assert "choose whitespace only above to get them" in _html(at)  # the seed's numbers
    assert at.query_params["uni_pretok"] == "bert"  # a choice travels in the link
    # a choice of the default scheme itself is a choice too: kept on seed 001's example
    at.radio(key="uni_pretok").set_value("none")
    at.run()
    at.sidebar.radio(key="corpus__source").set_value("zh")
    at.run()
    at.sidebar.radio(key="corpus__source").set_value("seed-hug")
    at.run()
    assert at.radio(key="uni_pretok").value == "none"


def test_the_seed_001_button_brings_back_the_seeds_numbers_after_a_choice() -> None:
    at = _open("zh")
    at.radio(key="uni_pretok").set_value("none")  # chosen, on another corpus
    at.run()
    _tab(at, SEED)
    assert "this table is computed without ▁" in _html(at)
    at.button(key="uni_use_seed_001").click()
    at.run()
    _ok(at)
    assert at.radio(key="uni_pretok").value == "whitespace"
    assert _seed_counts(at) == SEED_001_COUNTS
    assert "just as probable: pu · g" in _html(at)
    # the example's default, not a choice: another corpus gets sentencepiece's none again
    at.sidebar.radio(key="corpus__source").set_value("ko")
    at.run()
    assert at.radio(key="uni_pretok").value == "none"


def test_a_link_without_a_scheme_takes_the_default_and_one_with_it_keeps_it() -> None:
    assert open_link("unigram", {"corpus": "seed-hug"}).radio(key="uni_pretok").value == (
        "whitespace"
    )
    assert open_link("unigram", {"corpus": "ko"}).radio(key="uni_pretok").value == "none"
    # an older link names whitespace on the default corpus: it is kept as a choice
    old = open_link("unigram", {"corpus": "seed-low", "uni_pretok": "whitespace"})
    assert old.radio(key="uni_pretok").value == "whitespace"
    assert "all 10 characters plus all 36 substrings" in _html(old)
    assert old.query_params["uni_pretok"] == "whitespace"
