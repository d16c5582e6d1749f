"""AppTest of the Gage page: seed 003 step by step, the tie, the table, sizes, bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

from subword_core.gage import compress
from ui.views.gage.pairs import pair_count_data
from ui.views.gage.sizes import size_data
from ui.views.gage.table import table_data

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAGE = "pages/gage.py"


def _html(at: AppTest) -> str:
    """All st.html bodies on the page, tags stripped, entities kept (as the browser gets them)."""
    bodies = [el.proto.body for el in at.get("html")]
    # the text on screen: styles and the screen-reader-only roles of tokens left out
    text = " ".join(
        re.sub(r"<style>.*?</style>|<span class=\"sw-sr\">[^<]*</span>", "", b, flags=re.S)
        for b in bodies
    )
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def _metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(APP, default_timeout=90)
    app.run()
    app.switch_page(PAGE)
    app.run()
    return _ok(app)


def _set(at: AppTest, text: str | None = None, letters: str | None = None) -> None:
    if text is not None:
        at.text_input(key="gage_text").set_value(text)
    if letters is not None:
        at.text_input(key="gage_letters").set_value(letters)
    _ok(at.run())


def _go(at: AppTest, button: str) -> None:
    at.button(key=f"gage_steps__{button}").click()
    _ok(at.run())


def test_first_step_of_seed_003(at: AppTest) -> None:
    assert at.text_input(key="gage_text").value == "aaabdaaabac"
    page = _html(at)
    assert "Step 1 of 4" in page
    assert "Step 1: aa → Z" in page
    assert "aa and ab both occur 2 times: a tie between 2 pairs" in page
    assert "aa starts at 4 places, but neighbouring copies overlap" in page
    assert "aa at character 1 and ab at character 3" in page
    assert "The string shrinks from 11 characters to 9 (−2)" in page
    assert "Tutorial 003 replaces aa here too (Z = aa)" in page
    assert _metrics(at) == {
        "String length": "11 → 9",
        "Compression ratio": "1.22",
        "Table": "1 × 3 = 3",
        "String + table": "12",
    }
    assert "✓ identical to the input" in page


def test_first_occurrence_reaches_xdxac_with_za(at: AppTest) -> None:
    _go(at, "next")
    page = _html(at)
    assert "Step 2: Za → Y" in page
    assert "Tutorial 003 breaks this tie the other way" in page
    assert at.selectbox(key="gage_tie_pick_2").value == ("Z", "a")
    _go(at, "last")
    page = _html(at)
    assert "Step 4: compression stops" in page
    assert "No pair occurs twice any more: each of the 4 pairs" in page
    assert "Final X d X a c" in page
    # the table: step, symbol, pair, stands for, copies, chosen by
    assert "2 Y Z a aaa 2 first occurrence" in page
    assert "3 X Y b aaab 2 most frequent" in page


def test_choosing_ab_at_the_tie_reproduces_the_seed_table(at: AppTest) -> None:
    _go(at, "next")
    at.selectbox(key="gage_tie_pick_2").set_value(("a", "b"))
    at.button(key="gage_tie_go_2").click()
    _ok(at.run())
    page = _html(at)
    assert "Step 2: ab → Y" in page
    assert "You chose ab among them" in page
    assert "This is tutorial 003's choice" in page
    assert "Before Z pair ab d Z pair ab a c" in page
    assert "After Z new Y d Z new Y a c" in page
    _go(at, "next")
    assert "Step 3: ZY → X" in _html(at)
    _go(at, "next")
    page = _html(at)
    assert "1 Z a a aa 2 first occurrence" in page
    assert "2 Y a b ab 2 you" in page
    assert "3 X Z Y aaab 2 most frequent" in page
    assert _metrics(at) == {
        "String length": "11 → 5",
        "Compression ratio": "2.20",
        "Table": "3 × 3 = 9",
        "String + table": "14",
    }
    assert "longer than the input (ratio 0.79)" in page
    # decompression, last entry first, back to the input
    assert "1. X → ZY (2 places) back ZY d back ZY a c" in page
    assert "3. Z → aa (2 places)" in page
    assert "✓ identical to the input" in page


def test_own_symbols_and_text(at: AppTest) -> None:
    _set(at, "abababab", "α β")
    _go(at, "last")
    page = _html(at)
    assert "1 α a b ab 4 most frequent" in page
    assert "2 β α α abab 2 most frequent" in page
    assert _metrics(at)["String length"] == "8 → 2"
    assert _metrics(at)["Compression ratio"] == "4.00"


def test_a_symbol_that_occurs_in_the_text_is_explained(at: AppTest) -> None:
    _set(at, letters="ZaY")
    assert any("can't be used yet" in e.value for e in at.error)
    assert "must not occur in the text, but &#x27;a&#x27; does" in _html(at)


def test_running_out_of_symbols_says_so(at: AppTest) -> None:
    _set(at, "ababcdcd", "Q")
    assert any("ran out of unused symbols" in w.value for w in at.warning)
    _go(at, "last")
    page = _html(at)
    assert "Stop: no unused symbol left" in page
    assert "cd still occurs 2 times and could be replaced, but the only new symbol, Q" in page
    _set(at, "ABCDEFGHIJKLMNOPQRSTUVWXYZ abab", "")
    page = _html(at)
    assert "every letter Z … A occurs in the text" in page
    assert any("ran out of unused symbols" in w.value for w in at.warning)


def test_text_without_repeats_is_one_stop_step(at: AppTest) -> None:
    _set(at, "abc")
    page = _html(at)
    assert "Step 1 of 1" in page
    assert "Stop." in page and "each of the 2 pairs" in page
    assert "The table is empty" in page
    assert _metrics(at)["Compression ratio"] == "1.00"


def test_empty_text_asks_for_some(at: AppTest) -> None:
    _set(at, "")
    assert any("Type some text" in i.value for i in at.info)


def test_user_text_is_escaped(at: AppTest) -> None:
    _set(at, "<b>x</b><b>x</b>")
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "<b>" not in bodies and "</b>" not in bodies
    assert "&lt;" in bodies and "&gt;" in bodies
    assert "Step 1: b&gt; → Z" in _html(at)  # the most frequent pair (4 copies), escaped


def test_settings_survive_a_page_switch_and_the_seed_button(at: AppTest) -> None:
    _set(at, "hello hello", "QR")
    at.switch_page("pages/home.py")
    _ok(at.run())
    at.switch_page(PAGE)
    _ok(at.run())
    assert at.text_input(key="gage_text").value == "hello hello"
    assert at.text_input(key="gage_letters").value == "QR"
    at.button(key="gage_seed").click()
    _ok(at.run())
    assert at.text_input(key="gage_text").value == "aaabdaaabac"
    assert at.text_input(key="gage_letters").value == ""


# --- the data behind the charts and the table ------------------------------------------


def _columns(table: pa.Table, *names: str) -> list[tuple[object, ...]]:
    """The rows of ``table`` as tuples of the ``names`` columns."""
    return [tuple(row[name] for name in names) for row in table.to_pylist()]


def test_pair_count_data_marks_the_tie() -> None:
    step = compress("aaabdaaabac").steps[1]
    table = pair_count_data(step)
    assert _columns(table, "pair", "count", "status")[:3] == [
        ("Z + a", 2, "replaced"),
        ("a + b", 2, "tied"),
        ("b + d", 1, "other"),
    ]
    assert table["first at"].to_pylist()[:2] == [1, 2]


def test_size_data_counts_the_table() -> None:
    rows = size_data(compress("aaabdaaabac"), now=2).to_pylist()
    totals = {r["step"]: r["total"] for r in rows}
    assert list(totals.values()) == [11, 12, 13, 14]
    assert [r["step"] for r in rows if r["now"]] == [2, 2]


def test_table_data_of_the_seed() -> None:
    table = table_data(compress("aaabdaaabac", choose={2: "ab"}), 3)
    assert _columns(table, "symbol", "pair", "stands for", "chosen by") == [
        ("Z", "aa", "aa", "first occurrence"),
        ("Y", "ab", "ab", "you"),
        ("X", "ZY", "aaab", "most frequent"),
    ]
    assert table_data(compress("aaabdaaabac"), 0).num_rows == 0
