"""Gage's compression: seed 003's worked example, the trace's invariants, bad input, properties."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.gage as gage
from subword_core.errors import ParameterError
from subword_core.gage import compress, count_pairs, decompress, decompress_steps, replay
from tests.budget import examples

SEED = "aaabdaaabac"
SEED_TABLE = {"Z": "aa", "Y": "ab", "X": "ZY"}
FIRST_OCCURRENCE_TABLE = {"Z": "aa", "Y": "Za", "X": "Yb"}


def test_doctests() -> None:
    result = doctest.testmod(gage)
    assert result.attempted > 10
    assert result.failed == 0


# --- seed 003 --------------------------------------------------------------------------


def test_seed_003_with_the_seeds_choice_at_the_tie() -> None:
    result = compress(SEED, "ZYX", choose={2: ("a", "b")})
    assert [s.after for s in result.replacements] == ["ZabdZabac", "ZYdZYac", "XdXac"]
    assert result.table == SEED_TABLE
    assert list(result.table) == ["Z", "Y", "X"]  # in the order they were made
    assert result.compressed == "XdXac"
    assert result.stop_reason == "no_repeats"
    assert decompress(result.compressed, result.table) == SEED


def test_seed_003_step_2_is_a_tie_between_za_and_ab() -> None:
    step = compress(SEED, "ZYX", choose={2: "ab"}).steps[1]
    assert step.before == "ZabdZabac"
    assert step.best_count == 2
    assert step.tied == (("Z", "a"), ("a", "b"))  # in order of first occurrence
    assert step.is_tie
    assert (step.rule, step.pair, step.symbol) == ("chosen", ("a", "b"), "Y")
    assert step.positions == (1, 5)
    assert step.after_positions == (1, 4)


def test_seed_003_first_occurrence_takes_za_and_reaches_the_same_string() -> None:
    result = compress(SEED)  # default symbols Z, Y, X; ties to the leftmost pair
    assert [s.after for s in result.replacements] == ["ZabdZabac", "YbdYbac", "XdXac"]
    assert result.table == FIRST_OCCURRENCE_TABLE
    assert [s.rule for s in result.steps] == [
        "first-occurrence",
        "first-occurrence",
        "unique",
        "none",
    ]
    assert result.table != SEED_TABLE
    assert decompress(result.compressed, result.table) == SEED
    same = compress(SEED, "ZYX")
    assert (same.steps, same.table) == (result.steps, result.table)


def test_seed_003_step_1_counts_copies_that_do_not_overlap() -> None:
    step = compress(SEED).steps[0]
    counts = {pc.pair: (pc.count, pc.overlapping) for pc in step.pair_counts}
    # "aaa" holds aa twice if overlaps count, but only one copy can be replaced
    assert counts[("a", "a")] == (2, 4)
    assert counts[("a", "b")] == (2, 2)
    assert step.tied == (("a", "a"), ("a", "b"))
    assert (step.pair, step.symbol, step.positions) == (("a", "a"), "Z", (0, 5))


def test_seed_003_stops_when_no_pair_occurs_twice() -> None:
    last = compress(SEED).steps[-1]
    assert last.number == 4
    assert (last.pair, last.symbol, last.stop_reason, last.rule) == (
        None,
        None,
        "no_repeats",
        "none",
    )
    assert last.before == last.after == "XdXac"
    assert last.best_count == 1
    assert last.tied == ()
    assert [pc.count for pc in last.pair_counts] == [1, 1, 1, 1]


def test_seed_003_decompression_step_by_step() -> None:
    steps = decompress_steps("XdXac", SEED_TABLE)
    assert [(s.symbol, s.pair) for s in steps] == [("X", "ZY"), ("Y", "ab"), ("Z", "aa")]
    assert [s.after for s in steps] == ["ZYdZYac", "ZabdZabac", SEED]
    assert steps[0].positions == (0, 2)
    assert decompress("XdXac", FIRST_OCCURRENCE_TABLE) == SEED


def test_decompressing_in_table_order_would_fail() -> None:
    """Why decompression runs backwards: X brings back Y and Z."""
    text = "XdXac"
    for symbol, pair in SEED_TABLE.items():
        text = text.replace(symbol, pair)
    assert text != SEED


def test_seed_003_sizes_and_ratio() -> None:
    result = compress(SEED, "ZYX", choose={2: "ab"})
    assert (len(result.text), len(result.compressed)) == (11, 5)
    assert result.ratio == pytest.approx(2.2)
    assert result.table_chars == 9
    assert result.total_chars == 14
    assert result.ratio_with_table == pytest.approx(11 / 14)
    assert [s.saved for s in result.replacements] == [2, 2, 2]


def test_string_and_table_at_a_step() -> None:
    result = compress(SEED, choose={2: "ab"})
    assert [result.string_at(k) for k in range(5)] == [
        SEED,
        "ZabdZabac",
        "ZYdZYac",
        "XdXac",
        "XdXac",
    ]
    assert result.table_at(0) == {}
    assert result.table_at(2) == {"Z": "aa", "Y": "ab"}
    assert result.table_at(9) == SEED_TABLE


# --- counting and stopping -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "overlapping"),
    [("aa", 1, 1), ("aaa", 1, 2), ("aaaa", 2, 3), ("aaaaa", 2, 4), ("aabaa", 2, 2)],
)
def test_runs_of_one_character(text: str, count: int, overlapping: int) -> None:
    (pc,) = [pc for pc in count_pairs(text) if pc.pair == ("a", "a")]
    assert (pc.count, pc.overlapping, pc.first_at) == (count, overlapping, 0)


def test_count_matches_the_replacements_made() -> None:
    result = compress("aaaaab")
    step = result.steps[0]
    assert step.best_count == 2 and step.pair == ("a", "a")
    assert step.positions == (0, 2)
    assert step.after == "ZZab"


def test_a_pair_that_occurs_once_is_not_replaced() -> None:
    for text in ("", "a", "ab", "abcd", "aaa", "abcbd"):
        result = compress(text)
        assert result.table == {}
        assert result.compressed == text
        assert len(result.steps) == 1 and result.steps[0].stop_reason == "no_repeats"
        assert result.ratio == 1.0


def test_new_symbols_skip_letters_in_the_text() -> None:
    result = compress("ZZYaZZYa")
    assert result.symbols[:2] == ("X", "W")
    assert "Z" not in result.symbols and "Y" not in result.symbols
    assert decompress(result.compressed, result.table) == "ZZYaZZYa"


def test_own_symbols_in_the_order_given() -> None:
    result = compress("abababab", "αβ")
    assert result.table == {"α": "ab", "β": "αα"}
    assert result.compressed == "ββ"


def test_tie_ranked_by_first_occurrence() -> None:
    step = compress("cdabcdab").steps[0]
    assert step.tied == (("c", "d"), ("d", "a"), ("a", "b"))
    assert step.pair == ("c", "d")


def test_top_k_keeps_every_tied_pair() -> None:
    text = "".join(chr(0x4E00 + i) for i in range(200)) + "xyxy" + "uvuv"
    step = compress(text, top_k=1).steps[0]
    assert step.tied == (("x", "y"), ("u", "v"))
    assert [pc.pair for pc in step.pair_counts] == [("x", "y"), ("u", "v")]
    assert step.pairs_total == len(step.pair_counts) + step.pairs_omitted
    assert step.pairs_omitted > 190


# --- too few unused symbols ------------------------------------------------------------


def test_no_symbols_left_stops_and_says_why() -> None:
    result = compress("abab", "")
    assert result.stop_reason == "out_of_symbols"
    (step,) = result.steps
    assert step.stop_reason == "out_of_symbols"
    assert step.pair is None and step.best_count == 2 and step.tied == (("a", "b"),)
    assert result.compressed == "abab"


def test_symbols_run_out_part_way() -> None:
    result = compress("abababcdcdcd", "Z")
    assert result.table == {"Z": "ab"}
    assert result.compressed == "ZZZcdcdcd"
    assert result.stop_reason == "out_of_symbols"
    assert result.steps[-1].tied == (("c", "d"),)
    assert result.symbols_left == ()
    assert decompress(result.compressed, result.table) == "abababcdcdcd"


def test_every_default_symbol_used_in_the_text() -> None:
    text = "ABCDEFGHIJKLMNOPQRSTUVWXYZ abab"
    result = compress(text)
    assert result.symbols == ()
    assert result.stop_reason == "out_of_symbols"
    assert result.compressed == text


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"symbols": "ZaY"}, "must not occur in the text, but 'a' does"),
        ({"symbols": "abY"}, "'a', 'b' do"),
        ({"symbols": "ZYZ"}, "'Z' is listed twice"),
        ({"symbols": ["Z", "YY"]}, "must be a single character; 'YY' is not"),
        ({"symbols": 5}, "must be a string of characters"),
        ({"choose": {1: "ac"}}, "Step 1: 'ac' is not one of the tied pairs ('aa', 'ab')"),
        ({"choose": {1: "abc"}}, "Step 1: a pair is two characters"),
        ({"choose": {0: "aa"}}, "Steps are numbered from 1"),
        ({"top_k": 0}, "top_k must be a whole number of at least 1"),
    ],
)
def test_bad_arguments_are_explained(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParameterError) as err:
        compress(SEED, **kwargs)  # type: ignore[arg-type]
    assert message in str(err.value)


def test_text_must_be_a_string() -> None:
    with pytest.raises(ParameterError, match="works on a string"):
        compress(b"abab")  # type: ignore[arg-type]


def test_choosing_at_a_later_step_than_there_are_is_ignored() -> None:
    assert compress(SEED, choose={9: "xy"}).table == FIRST_OCCURRENCE_TABLE


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"ZY": "aa"}, "Table keys are single characters"),
        ({"Z": "aaa"}, "Table entry 'Z': a pair is two characters"),
        ({"Z": 7}, "a pair is two characters"),
        ([("Z", "aa")], "must map each new symbol to its pair"),
    ],
)
def test_bad_tables_are_explained(table: object, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        decompress("Z", table)  # type: ignore[arg-type]


def test_decompress_accepts_tuple_pairs_and_an_empty_table() -> None:
    assert decompress("ZZ", {"Z": ("a", "b")}) == "abab"
    assert decompress("abc", {}) == "abc"
    assert decompress_steps("abc", {}) == []


# --- properties ------------------------------------------------------------------------

# Short alphabets make repeated pairs likely; the others mix in capitals (which the default
# symbols must skip), accents, CJK, emoji and whitespace.
ALPHABETS = ["ab", "abc", "abZYX", "aáéZ漢字", "ab \n\t", "XYZ😀🎉", "ABCDEFGHIJKLMNOPQRSTUVWXYZab"]
texts = st.one_of(
    st.sampled_from(ALPHABETS).flatmap(lambda a: st.text(alphabet=a, max_size=60)),
    st.text(max_size=60),
)


def _check_trace(result: gage.GageResult) -> None:
    assert replay(result) == result.compressed
    before = result.text
    for step, symbol in zip(result.replacements, result.table, strict=True):
        assert step.before == before
        assert step.symbol == symbol
        assert step.pair is not None and result.table[symbol] == "".join(step.pair)
        assert step.pair in step.tied and step.best_count >= gage.MIN_COUNT
        assert len(step.positions) == step.best_count
        assert len(step.after) == len(step.before) - step.saved
        assert all(step.after[p] == symbol for p in step.after_positions)
        assert symbol not in step.before
        before = step.after
    last = result.steps[-1]
    assert last.pair is None and last.before == result.compressed
    assert sum(s.pair is None for s in result.steps) == 1
    if result.stop_reason == "no_repeats":
        assert all(pc.count < gage.MIN_COUNT for pc in count_pairs(result.compressed))
    else:
        assert result.symbols_left == ()
        assert last.best_count >= gage.MIN_COUNT
    assert not set(result.table) & set(result.text)


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(texts)
def test_round_trip_with_default_symbols(text: str) -> None:
    result = compress(text)
    assert decompress(result.compressed, result.table) == text
    assert [s.after for s in decompress_steps(result.compressed, result.table)][-1:] in (
        [],
        [text],
    )
    _check_trace(result)


@settings(max_examples=examples(200), deadline=None)
@given(texts, st.integers(min_value=0, max_value=40), st.randoms(use_true_random=False))
def test_round_trip_with_own_symbols_and_tie_choices(
    text: str, n_symbols: int, rnd: random.Random
) -> None:
    # own symbols: characters the text does not use (private-use area, then non-ASCII)
    candidates = [chr(c) for c in range(0xE000, 0xE100)] + list("ΩΨΦΧ")
    symbols = [c for c in candidates if c not in text][:n_symbols]
    # walk the ties in order, picking a random tied pair at each (a choice changes the
    # steps after it, so the next tie is looked for in the new run)
    choose: dict[int, tuple[str, str]] = {}
    result = compress(text, symbols)
    while tie := next(
        (s for s in result.replacements if s.is_tie and s.number not in choose), None
    ):
        choose[tie.number] = rnd.choice(tie.tied)
        result = compress(text, symbols, choose=choose)
    assert decompress(result.compressed, result.table) == text
    assert len(result.table) <= n_symbols
    _check_trace(result)


@settings(max_examples=examples(200), deadline=None)
@given(texts)
def test_counts_are_what_replacement_removes(text: str) -> None:
    for pc in count_pairs(text):
        _, positions = gage._replace(text, pc.pair, "\ue000")
        assert len(positions) == pc.count
        assert pc.overlapping >= pc.count
        assert text[pc.first_at : pc.first_at + 2] == "".join(pc.pair)
        if pc.pair[0] != pc.pair[1]:
            assert pc.overlapping == pc.count
