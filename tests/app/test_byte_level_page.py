"""AppTest of the byte-level BPE page: tokens with bytes, steps, ties, comparison, bad input."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import ui.views.byte_level
import ui.views.byte_level.settings as view
from subword_core import bpe
from subword_core.byte_level import ByteLevelModel, learn
from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import example_text
from tests.app.conftest import html_text as _html
from tests.source_files import package_modules
from ui.views.byte_level.compare import comparison_table

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAGE = "pages/byte_level.py"


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


@pytest.fixture
def at() -> AppTest:
    """The page on the default corpus (low/lower/newest/widest) and the mixed sample."""
    app = AppTest.from_file(APP, default_timeout=90)
    app.run()
    app.switch_page(PAGE)
    app.run()
    _ok(app)
    return app


def _tab(at: AppTest, label: str) -> None:
    """Open a tab (AppTest cannot click tabs; the page restores the open tab from its kept
    widget values, so that is where it is set)."""
    assert label in view.TABS
    at.session_state["bbpe__widgets"]["bbpe_tab"] = label
    at.run()
    _ok(at)


LEARN, COMPARE, TABLE = view.TABS[1], view.TABS[2], view.TABS[3]


def _type(at: AppTest, text: str) -> None:
    at.text_area(key="bbpe_text").set_value(text)
    at.run()
    _ok(at)


def _default_model() -> ByteLevelModel:
    """The model the page learns by default: seed-low + the mixed sample, 40 merges."""
    corpus = parse_corpus(example_text("seed-low"))
    return learn(corpus, 40, extra_text=view.SAMPLES["mixed"].train).model


@pytest.mark.parametrize(
    "name", package_modules(ui.views.byte_level.__path__, "ui.views.byte_level.")
)
def test_view_doctests(name: str) -> None:
    assert doctest.testmod(importlib.import_module(name)).failed == 0


def test_tokens_with_bytes_partial_marks_and_decode(at: AppTest) -> None:
    _type(at, "low 你好 🙂")
    page = _html(at)
    # 1 space + low + space + 你好 (2 × 3 bytes) + space + 🙂 (4 bytes) = 3 + 1 + 6 + 1 + 4
    assert "8 characters → 15 bytes of UTF-8" in page
    assert "No token is unknown" in page
    assert "e4 bd a0" in page  # 你 in the character cards
    assert "f0 9f 99 82" in page  # 🙂
    assert "part of a char" in page  # the label on cut tokens, not only a colour
    assert "你 1/3" in page or "你 1–2/3" in page
    assert "✓ identical to your text" in page
    assert "minus the space added at the start" in page


def test_decode_slider_starts_inside_a_character(at: AppTest) -> None:
    _type(at, "你好")
    slider = at.slider(key="bbpe_decode_upto")
    tokens = _default_model().encode("你好")
    assert 1 <= slider.value < len(tokens)
    page = _html(at)
    assert "ends inside a character" in page and "�" in page
    slider.set_value(len(tokens))
    at.run()
    assert "ends at a character boundary" in _html(at)


def test_user_text_is_escaped(at: AppTest) -> None:
    _type(at, "<b>bold</b> <img src=x onerror=alert(1)>")
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "<img src=x" not in bodies and "<b>bold" not in bodies
    assert "&lt;b&gt;bold" in bodies


def test_byte_table_letters_in_the_text_are_pointed_out(at: AppTest) -> None:
    _type(at, "aĠb low")
    notes = " ".join(i.value for i in at.info)
    assert "Your text contains Ġ (U+0120)" in notes and "`c4 a0`" in notes
    page = _html(at)
    assert "c4 a0" in page  # the typed Ġ is its own two bytes in the cards ...
    assert "✓ identical to your text" in page  # ... and decoding gives it back
    _type(at, "plain low")
    assert not any("U+0120" in i.value for i in at.info)


def test_byte_table_letters_in_the_corpus_are_pointed_out(at: AppTest) -> None:
    at.sidebar.radio(key="corpus__source").set_value("type")
    at.run()
    at.sidebar.text_area(key="corpus__text").set_value("ĊĠ 3\nlow 5")
    at.run()
    _ok(at)
    notes = " ".join(i.value for i in at.info)
    assert "The corpus contains Ċ (U+010A)" in notes and "(the line break)" in notes
    assert "It also contains Ġ" in notes


def test_long_text_is_drawn_in_part(at: AppTest) -> None:
    _type(at, "word 字 " * 400)
    page = _html(at)
    assert "The first 200 of" in page and "tokens are shown" in page
    assert "✓ identical to your text" in page
    _tab(at, COMPARE)
    assert "The first 200 of 800 words are shown" in _html(at)


def test_empty_text(at: AppTest) -> None:
    _type(at, "")
    assert any("Type some text above" in i.value for i in at.info)


def test_only_the_open_tab_runs(at: AppTest) -> None:
    assert "BPE merges bytes into tokens" in " ".join(m.value for m in at.markdown)
    assert "Merge 1:" not in _html(at)
    _tab(at, LEARN)
    assert "Merge 1:" in _html(at)
    assert "BPE merges bytes into tokens" not in " ".join(m.value for m in at.markdown)
    # the open tab is kept across a page switch
    at.switch_page("pages/home.py")
    at.run()
    at.switch_page(PAGE)
    at.run()
    _ok(at)
    assert "Merge 1:" in _html(at)


def test_learning_steps_show_bytes_and_partial_merges(at: AppTest) -> None:
    _tab(at, LEARN)
    page = _html(at)
    assert "Merge 1:" in page
    assert "In bytes: 65 + 73 → 65 73" in page
    assert "tie × 2" in page
    at.button(key="bbpe_learn__next").click()
    at.run()
    at.button(key="bbpe_learn__next").click()
    at.run()
    page = _html(at)
    assert "Merge 3:" in page and "a word with the space before it" in page
    at.slider(key="bbpe_learn__slider").set_value(5)
    at.run()
    _ok(at)
    page = _html(at)
    assert "Merge 5:" in page
    assert "f0 + 9f → f0 9f" in page
    assert "bytes 1–2 of the 4 bytes of “🍕”" in page
    assert "only part of a character" in page
    assert "different characters share this one token" in page
    assert "vocabulary is now 261 tokens" in page
    table = at.dataframe[0].value
    assert table["bytes"].tolist()[-1] == "f0 9f"
    assert table["holds"].tolist()[-1].startswith("🍕 1–2/4 (and ")
    assert table["new symbol"].tolist()[:3] == ["es", "est", "Ġl"]


def test_pair_counts_as_a_table_with_their_bytes(at: AppTest) -> None:
    """The pair chart's text alternative: a folded table, with the bytes in hex that the
    chart gives only in a tooltip (out of reach of a keyboard); the caption leads with the
    marks, not the colours."""
    _tab(at, LEARN)
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "Show the pair counts as a table" in bodies
    assert "<td>1</td><td>e + s  (65 | 73)</td><td>10</td><td>★ merged</td>" in bodies
    assert "<td>s + t  (73 | 74)</td><td>10</td><td>tie</td>" in bodies
    assert "★ merged (red bar); tie: tied with it (orange)" in _html(at)


def test_choosing_another_tied_pair(at: AppTest) -> None:
    _tab(at, LEARN)
    pick = at.selectbox(key="bbpe_tie_pick_1")
    assert pick.options == ["e + s", "s + t"]
    pick.set_value(("s", "t"))
    at.button(key="bbpe_tie_go_1").click()
    at.run()
    _ok(at)
    page = _html(at)
    assert "You chose" in page and "In bytes: 73 + 74 → 73 74" in page
    table = at.dataframe[0].value
    assert table.iloc[0][["left", "right", "chosen by"]].tolist() == ["s", "t", "you"]


def test_comparison_with_character_level_bpe(at: AppTest) -> None:
    _type(at, "我喜欢喝茶 café 🦊")
    _tab(at, COMPARE)
    frames = [df.value for df in at.dataframe]
    compare = next(df for df in frames if "method" in df.columns)
    rows = compare.set_index("method")
    assert rows.loc["character-level BPE", "unknown tokens"] >= 3  # 喝 茶 🦊 never seen
    assert rows.loc["byte-level BPE", "unknown tokens"] == 0
    assert rows.loc["byte-level BPE", "decodes back exactly"] == "✓"
    assert rows.loc["character-level BPE", "decodes back exactly"] == "✗"
    assert rows.loc["byte-level BPE", "vocabulary size"] == 256 + 40
    page = _html(at)
    assert "never occur in the training data" in page
    assert "[UNK]" in page


def test_comparison_table_counts() -> None:
    model = learn({"low": 3}, 2).model
    char = bpe.learn({"low": 3}, 2, attach_end_of_word=True)
    df = comparison_table(model, char, "low lo你")
    row = df.set_index("method")
    assert row.loc["character-level BPE", "unknown tokens"] == 1
    assert row.loc["character-level BPE", "tokens"] == len(
        bpe.BPEModel(tuple(char.merges), attach_end_of_word=True).tokenize("low lo你")
    )
    assert row.loc["byte-level BPE", "tokens"] == len(model.encode("low lo你"))
    assert row.loc["byte-level BPE", "tokens per character"] == round(
        len(model.encode("low lo你")) / 7, 2
    )


def test_sample_choice_fills_the_text_box(at: AppTest) -> None:
    at.selectbox(key="bbpe_sample").set_value("ko")
    at.run()
    _ok(at)
    # the corpus's example words, then the sample's sentence
    assert at.text_area(key="bbpe_text").value.endswith(view.SAMPLES["ko"].try_text)
    assert at.text_area(key="bbpe_text").value.startswith("lower newest widest lowest ")
    assert "좋아" in _html(at)
    at.selectbox(key="bbpe_sample").set_value("none")
    at.run()
    _ok(at)
    _tab(at, LEARN)
    assert "Merge 1:" in _html(at)
    # the four words alone: 15 merges, then every chunk is one token (a final stop step)
    assert "Step 1 of 16" in _html(at)


def test_bad_settings_are_explained(at: AppTest) -> None:
    at.number_input(key="bbpe_num_merges").set_value(0)
    at.run()
    _ok(at)
    assert any("at least 1" in e.value for e in at.error)
    at.number_input(key="bbpe_num_merges").set_value(9999)
    at.run()
    assert any(
        "At most 5,000 merges" in e.value and "SUBWORD_LIMIT_MERGES" in e.value for e in at.error
    )


def test_settings_survive_a_page_switch(at: AppTest) -> None:
    at.number_input(key="bbpe_num_merges").set_value(12)
    at.run()
    _type(at, "hello 世界")
    at.switch_page("pages/home.py")
    at.run()
    at.switch_page(PAGE)
    at.run()
    _ok(at)
    assert at.number_input(key="bbpe_num_merges").value == 12
    assert at.text_area(key="bbpe_text").value == "hello 世界"


def test_bytes_that_are_not_utf8(at: AppTest) -> None:
    at.text_input(key="bbpe_hex").set_value("e4 bd a0 ff 41")
    at.run()
    _ok(at)
    page = _html(at)
    assert "Byte ff at offset 3 is not valid UTF-8" in page
    assert "✓ the same bytes" in page
    assert "(not UTF-8)" in page
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert 'bb-label">not UTF-8<' in bodies  # a label, not only a colour
    at.text_input(key="bbpe_hex").set_value("e4 zz")
    at.run()
    _ok(at)
    assert any("not a byte in hex" in e.value for e in at.error)


def test_byte_table(at: AppTest) -> None:
    _tab(at, TABLE)
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "byte 20 → Ġ (U+0120)" in bodies
    assert bodies.count("bb-moved") >= 68


def test_learning_from_running_text_with_new_lines(at: AppTest) -> None:
    at.sidebar.radio(key="corpus__source").set_value("paragraph")
    at.run()
    _ok(at)
    _tab(at, LEARN)
    assert "Merge 1:" in _html(at)
