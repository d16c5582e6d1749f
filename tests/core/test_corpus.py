"""Tests for subword_core.text.corpus: parsing the three corpus formats and the Corpus type."""

from __future__ import annotations

import doctest
import pickle
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.errors
import subword_core.text.corpus
from subword_core.errors import CorpusError, ParameterError, SubwordError
from subword_core.text.corpus import Corpus, normalize_text, parse_corpus
from tests.budget import examples

SEED_TEXT = "low low low low low lower lower newest newest newest newest newest newest"
SEED_DICT = "{'l o w </w>': 5, 'l o w e r </w>': 2, 'n e w e s t </w>': 6, 'w i d e s t </w>': 3}"


# --- errors -------------------------------------------------------------------------------------


def test_error_hierarchy() -> None:
    assert issubclass(SubwordError, ValueError)
    assert issubclass(CorpusError, SubwordError)
    assert issubclass(ParameterError, SubwordError)


def test_corpus_error_message_and_line() -> None:
    err = CorpusError("bad count", line=4)
    assert err.line == 4
    assert err.message == "bad count"
    assert str(err) == "Line 4: bad count"
    plain = CorpusError("empty")
    assert plain.line is None
    assert str(plain) == "empty"


def test_corpus_error_pickles() -> None:
    err = pickle.loads(pickle.dumps(CorpusError("bad count", line=2)))
    assert (str(err), err.line) == ("Line 2: bad count", 2)


# --- running text -------------------------------------------------------------------------------


def test_seed_running_text() -> None:
    corpus = parse_corpus(SEED_TEXT)
    assert corpus.source_format == "text"
    assert corpus.as_dict() == {"low": 5, "lower": 2, "newest": 6}
    assert corpus.words == ("low", "lower", "newest")
    assert corpus.counts == (5, 2, 6)
    assert corpus.total == 13
    assert corpus.notes == ()


def test_running_text_first_seen_order_and_any_whitespace() -> None:
    corpus = parse_corpus("  zeta alpha\tzeta\n\nbeta\r\nalpha  zeta ")
    assert corpus.items == (("zeta", 3), ("alpha", 2), ("beta", 1))


def test_running_text_keeps_characters_inside_words() -> None:
    corpus = parse_corpus("Café café, naïve! 日本語 x:y")
    assert corpus.words == ("Café", "café,", "naïve!", "日本語", "x:y")


def test_lines_that_are_mostly_not_counts_are_running_text() -> None:
    corpus = parse_corpus("the year 2024\nchapter 1\nwe read and read")
    assert corpus.source_format == "text"
    assert corpus.as_dict()["read"] == 2
    assert corpus.as_dict()["1"] == 1


@pytest.mark.parametrize(("text", "line"), [("low 5\nlower x", 2), ("low 5\nlower", 2)])
def test_half_count_lines_and_a_typo_report_the_typo(text: str, line: int) -> None:
    with pytest.raises(CorpusError) as err:
        parse_corpus(text)
    assert err.value.line == line


def test_exactly_half_count_like_is_running_text() -> None:
    corpus = parse_corpus("low 5\nthe lower the newer")
    assert corpus.source_format == "text"
    assert corpus.total == 6


# --- count lines --------------------------------------------------------------------------------


def test_seed_count_lines_mixed_separators() -> None:
    corpus = parse_corpus("low 5\nlower: 2\nnewest\t6\n")
    assert corpus.source_format == "counts"
    assert corpus.items == (("low", 5), ("lower", 2), ("newest", 6))
    assert corpus.notes == ()


@pytest.mark.parametrize(
    "line",
    ["low 5", "low: 5", "low:5", "low :5", "low : 5", "low\t5", "  low   5  ", "low:\t5", "low +5"],
)
def test_count_line_separators(line: str) -> None:
    assert parse_corpus(line).items == (("low", 5),)


def test_count_lines_blank_lines_and_crlf() -> None:
    corpus = parse_corpus("\n\nlow 5\r\n\r\n  \nnewest 6\r\n")
    assert corpus.items == (("low", 5), ("newest", 6))


def test_count_lines_repeated_words_are_summed_with_note() -> None:
    corpus = parse_corpus("low 5\nnew 1\nlow: 2")
    assert corpus.items == (("low", 7), ("new", 1))
    assert len(corpus.notes) == 1
    assert "added together" in corpus.notes[0]
    assert "low" in corpus.notes[0]


def test_count_lines_words_may_contain_colons_and_digits() -> None:
    corpus = parse_corpus("a:b 3\nx:y:4\n2024 7\n: 1\na:: 2")
    assert corpus.items == (("a:b", 3), ("x:y", 4), ("2024", 7), (":", 1), ("a:", 2))


def test_count_lines_first_seen_order() -> None:
    assert parse_corpus("z 1\na 2\nm 3").words == ("z", "a", "m")


def test_majority_count_like_then_every_line_must_be_valid() -> None:
    with pytest.raises(CorpusError) as info:
        parse_corpus("low 5\nlower 2\nnew york 3")
    assert info.value.line == 3
    assert "word count" in str(info.value)
    assert "new york 3" in str(info.value)
    assert str(info.value).startswith("Line 3: ")


@pytest.mark.parametrize("bad", ["0", "-3", "2.5", "x", "1,000", "5.0", "٣"])
def test_count_lines_bad_counts(bad: str) -> None:
    with pytest.raises(CorpusError) as info:
        parse_corpus(f"low 5\nlower {bad}\nnewest 6")
    assert info.value.line == 2
    assert "whole numbers of at least 1" in str(info.value)
    assert f"lower {bad}" in str(info.value)


def test_single_zero_count_line_is_an_error() -> None:
    with pytest.raises(CorpusError) as info:
        parse_corpus("\n\nlow 0")
    assert info.value.line == 3
    assert "whole numbers of at least 1" in str(info.value)


def test_long_offending_line_is_shortened() -> None:
    long_line = "word " + "x" * 200
    with pytest.raises(CorpusError) as info:
        parse_corpus(f"a 1\nb 2\n{long_line}")
    assert info.value.line == 3
    assert "x" * 200 not in str(info.value)
    assert "…" in str(info.value)


# --- the tutorials' dictionary ------------------------------------------------------------------


def test_seed_dict() -> None:
    corpus = parse_corpus(SEED_DICT)
    assert corpus.source_format == "dict"
    assert corpus.items == (("low", 5), ("lower", 2), ("newest", 6), ("widest", 3))
    assert any("</w>" in note and "joined" in note for note in corpus.notes)


def test_dict_multiline_double_quotes_trailing_comma() -> None:
    text = '\n\n  {\n    "l o w </w>": 5,\n    "l o w e r </w>": 2,\n    "n e w e s t </w>":6,\n}\n'
    corpus = parse_corpus(text)
    assert corpus.items == (("low", 5), ("lower", 2), ("newest", 6))


@pytest.mark.parametrize(
    ("key", "word"),
    [
        ("l o w </w>", "low"),
        ("l o w e r ", "lower"),
        ("l o w _", "low_"),
        ("low", "low"),
        ("l o w</w>", "low"),
        ("é t é </w>", "été"),
        ("</w> a </w>", "</w>a"),
    ],
)
def test_dict_keys_are_joined(key: str, word: str) -> None:
    assert parse_corpus(f"{{{key!r}: 1}}").words == (word,)


def test_dict_keys_joining_to_same_word_are_summed() -> None:
    corpus = parse_corpus("{'l o w </w>': 5, 'low': 2, 'n e w': 1}")
    assert corpus.items == (("low", 7), ("new", 1))
    assert any("added together" in note for note in corpus.notes)


def test_dict_is_parsed_without_eval() -> None:
    with pytest.raises(CorpusError) as info:
        parse_corpus("{'low': __import__('os').system('echo hacked')}")
    assert "whole numbers of at least 1" in str(info.value)


@pytest.mark.parametrize(
    ("text", "line", "phrase"),
    [
        ("{'l o w </w>': 5,\n 'l o w e r </w>' 2}", 2, "could not be read"),
        ("{'l o w </w>': 5,\n 'n e w': 1", 1, "could not be read"),
        ("\n\n{'low': 5,\n 'new': 1,,\n}", 4, "could not be read"),
        ("{'low': 5} extra", 1, "could not be read"),
        ("{'low': 5,\n 3: 2}", 2, "quoted string"),
        ("{'low': 5,\n ('a', 'b'): 2}", 2, "quoted string"),
        ("{'low': 5,\n '</w>': 2}", 2, "no symbols left"),
        ("{'low': 5,\n '   ': 2}", 2, "no symbols left"),
        ("{'low': 5,\n 'new': 0}", 2, "whole numbers of at least 1"),
        ("{'low': 5,\n 'new': -3}", 2, "whole numbers of at least 1"),
        ("{'low': 5,\n 'new': 2.5}", 2, "whole numbers of at least 1"),
        ("{'low': 5,\n 'new': '4'}", 2, "whole numbers of at least 1"),
        ("{'low': 5,\n 'new': True}", 2, "whole numbers of at least 1"),
        ("{'low':\n 5, 'new': x}", 2, "whole numbers of at least 1"),
        ("{}", 1, "dictionary is empty"),
        ("\n  { }  ", 2, "dictionary is empty"),
        ("{'low', 'lower'}", 1, "not one"),
        ("{'low': 5} | {'new': 1}", 1, "not one"),
        ("{'low': 5, **other}", 1, "plain dictionary entry"),
    ],
)
def test_dict_errors(text: str, line: int, phrase: str) -> None:
    with pytest.raises(CorpusError) as info:
        parse_corpus(text)
    assert info.value.line == line
    assert phrase in str(info.value)
    assert str(info.value).startswith(f"Line {line}: ")


def test_text_starting_with_brace_but_all_count_lines_is_counts() -> None:
    # Keeps parse_corpus(c.to_text()) == c even when the first word starts with "{".
    corpus = parse_corpus("{a 5\nb 2")
    assert corpus.source_format == "counts"
    assert corpus.items == (("{a", 5), ("b", 2))


# --- empty input --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\n\n\t \r\n"])
def test_empty_input(text: str) -> None:
    with pytest.raises(CorpusError) as info:
        parse_corpus(text)
    assert info.value.line is None
    assert str(info.value).startswith("The corpus is empty: type some words")


def test_non_string_input_is_a_parameter_error() -> None:
    with pytest.raises(ParameterError):
        parse_corpus(b"low 5")  # type: ignore[arg-type]


# --- Corpus -------------------------------------------------------------------------------------


def test_from_counts_mapping_and_pairs() -> None:
    corpus = Corpus.from_counts({"low": 5, "lower": 2})
    assert corpus.items == (("low", 5), ("lower", 2))
    assert corpus.source_format == "counts"
    summed = Corpus.from_counts([("low", 2), ("new", 1), ("low", 3)])
    assert summed.items == (("low", 5), ("new", 1))


def test_corpus_protocols() -> None:
    corpus = Corpus.from_counts({"b": 2, "a": 1})
    assert len(corpus) == 2
    assert list(corpus) == [("b", 2), ("a", 1)]
    assert corpus.as_dict() == {"b": 2, "a": 1}
    assert list(corpus.as_dict()) == ["b", "a"]
    assert corpus.total == 3
    assert corpus.to_text() == "b 2\na 1"


def test_equality_ignores_format_and_notes_but_not_order() -> None:
    text_corpus = parse_corpus("low low new")
    assert text_corpus == Corpus.from_counts({"low": 2, "new": 1})
    assert hash(text_corpus) == hash(Corpus.from_counts({"low": 2, "new": 1}))
    assert text_corpus != Corpus.from_counts({"new": 1, "low": 2})


def test_corpus_is_frozen() -> None:
    corpus = Corpus.from_counts({"low": 1})
    with pytest.raises(AttributeError):
        corpus.items = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("counts", "phrase"),
    [
        ({}, "The corpus is empty"),
        ({"": 1}, "cannot be empty"),
        ({"a b": 1}, "whitespace"),
        ({"a\tb": 1}, "whitespace"),
        ({"low": 0}, "at least 1"),
        ({"low": -1}, "at least 1"),
        ({"low": 2.0}, "whole numbers"),
        ({"low": True}, "whole numbers"),
        ({"low": "3"}, "whole numbers"),
        ({3: 1}, "must be text"),
        ([("low", 1, 2)], "pair"),
    ],
)
def test_from_counts_errors(counts: object, phrase: str) -> None:
    with pytest.raises(CorpusError) as info:
        Corpus.from_counts(counts)  # type: ignore[arg-type]
    assert phrase in str(info.value)
    assert info.value.line is None


def test_direct_construction_is_validated() -> None:
    with pytest.raises(CorpusError, match="twice"):
        Corpus(items=(("low", 1), ("low", 2)))
    with pytest.raises(ParameterError):
        Corpus(items=(("low", 1),), source_format="csv")


def test_to_text_round_trip_for_awkward_words() -> None:
    corpus = Corpus.from_counts({"a:": 1, ":": 2, "::": 3, ":5": 4, "{x": 5, "5": 6, "a:b": 7})
    assert parse_corpus(corpus.to_text()) == corpus


# --- properties ---------------------------------------------------------------------------------

words = st.text(min_size=1, max_size=12).filter(
    lambda w: not any(ch.isspace() for ch in w) and w == normalize_text(w)
)


@settings(max_examples=examples(300, ci=100))
@given(st.dictionaries(words, st.integers(min_value=1, max_value=10**12), min_size=1, max_size=8))
def test_to_text_round_trip(counts: dict[str, int]) -> None:
    corpus = Corpus.from_counts(counts)
    parsed = parse_corpus(corpus.to_text())
    assert parsed == corpus
    assert parsed.items == tuple(counts.items())


@settings(max_examples=examples(500, ci=150))
@given(
    st.one_of(
        st.text(),
        st.text(alphabet=st.sampled_from(list("ab{}:'\" \t\n0123456789-.,</w>"))),
    )
)
def test_parse_corpus_never_raises_anything_but_corpus_error(text: str) -> None:
    try:
        corpus = parse_corpus(text)
    except CorpusError:
        return
    assert isinstance(corpus, Corpus)
    assert len(corpus) >= 1
    if corpus.source_format == "text":
        assert corpus.total == len(text.split())


# --- doctests -----------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [subword_core.text.corpus, subword_core.errors])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0


def test_text_is_normalised_to_nfc_and_the_student_is_told() -> None:
    decomposed = "cafe\u0301 caf\u00e9 re\u0301sume\u0301"
    corpus = parse_corpus(decomposed)
    assert corpus.as_dict() == {"caf\u00e9": 2, "r\u00e9sum\u00e9": 1}
    assert any("NFC" in note for note in corpus.notes)
    assert not parse_corpus("caf\u00e9 low").notes  # already NFC: nothing to say


@given(st.text(min_size=1, max_size=40))
def test_parsed_words_are_always_nfc(text: str) -> None:
    try:
        corpus = parse_corpus(text)
    except CorpusError:
        return
    assert all(word == normalize_text(word) for word in corpus.words)


# --- counts above MAX_COUNT (issue 16: these were tracebacks) -------------------------------


@pytest.mark.parametrize(
    ("text", "line", "digits"),
    [
        ("low 5\nlower " + "9" * 5000, 2, 5000),  # int() refused more than 4300 digits
        ("low 5\nlower 2000000000000", 2, 13),  # the charts overflowed
        ("low +0001000000000001", 1, 13),
        ("{'l o w </w>': 5,\n 'n e w </w>': 0x" + "f" * 4000 + "}", 2, 4000),  # hex literal
        ("{'l o w </w>': 5,\n\n 'n e w </w>': " + "7" * 5000 + "}", 3, 5000),  # ast refused it
    ],
)
def test_a_count_above_the_maximum_is_refused_with_its_line(
    text: str, line: int, digits: int
) -> None:
    with pytest.raises(CorpusError) as caught:
        parse_corpus(text)
    err = caught.value
    assert err.line == line
    assert err.code == "count_too_large"
    assert err.values == {"digits": digits, "max_count": subword_core.text.corpus.MAX_COUNT}
    assert f"{subword_core.text.corpus.MAX_COUNT:,}" in str(err)
    assert len(str(err)) < 400  # the digits are not all quoted back


def test_the_maximum_itself_is_allowed_and_a_sum_above_it_is_not() -> None:
    top = subword_core.text.corpus.MAX_COUNT
    assert parse_corpus(f"low {top}\nlower 1").as_dict() == {"low": top, "lower": 1}
    with pytest.raises(CorpusError) as caught:
        parse_corpus(f"low {top}\nlower 1\nlow 1")
    assert (caught.value.line, caught.value.code) == (3, "count_too_large")
    with pytest.raises(CorpusError) as caught:
        Corpus.from_counts({"low": top + 1})
    assert caught.value.code == "count_too_large"


def test_a_corpus_error_keeps_its_code_and_values_through_pickle() -> None:
    err = CorpusError("too big", line=2, code="count_too_large", values={"digits": 13})
    back = pickle.loads(pickle.dumps(err))
    assert (back.line, back.code, back.values, str(back)) == (2, err.code, err.values, str(err))


def test_every_whitespace_character_is_refused_inside_a_word() -> None:
    spaces = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
    assert len(spaces) > 20  # the Unicode ones too (no-break space, ideographic space…)
    for space in spaces:
        with pytest.raises(CorpusError, match="whitespace"):
            Corpus.from_counts({f"a{space}b": 1})
    assert Corpus.from_counts({"a\u200bb": 1}).words == ("a\u200bb",)  # zero-width: not a space
