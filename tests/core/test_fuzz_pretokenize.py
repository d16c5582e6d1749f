"""Fuzzing pre-tokenization (:mod:`subword_core.text.pretokenize`) with arbitrary input.

Whatever comes in, a function returns or raises a ``ParameterError`` with a message (an
unknown scheme); never another exception. Where it returns: no unit is empty or holds
whitespace, the units spell the text without its whitespace (and without the ``▁`` the
``"none"`` scheme writes in front), BERT gives each punctuation mark and CJK ideograph a unit
of its own, jamo decomposition changes only Hangul syllables, and a corpus's counts add up.
"""

from __future__ import annotations

import unicodedata

from hypothesis import example, given
from hypothesis import strategies as st

from subword_core.text.corpus import Corpus
from subword_core.text.pretokenize import (
    SCHEMES,
    SPACE_MARK,
    is_cjk,
    is_hangul_syllable,
    is_punctuation,
    pretokenize,
    pretokenize_corpus,
    split_text,
    split_word,
    to_jamo,
)
from tests.core.fuzz_support import FUZZ, chars, clean_words, documented, texts

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.text.pretokenize.split_text": ("test_split_text",),
    "subword_core.text.pretokenize.split_word": ("test_split_word",),
    "subword_core.text.pretokenize.pretokenize": ("test_split_text",),
    "subword_core.text.pretokenize.pretokenize_corpus": ("test_pretokenize_corpus",),
    "subword_core.text.pretokenize.is_cjk": ("test_split_word", "test_character_classes"),
    "subword_core.text.pretokenize.is_punctuation": ("test_split_word", "test_character_classes"),
    "subword_core.text.pretokenize.is_hangul_syllable": ("test_character_classes",),
    "subword_core.text.pretokenize.to_jamo": ("test_character_classes", "test_split_text"),
}

korean = st.text("학교에서공부해요한국어 ,.。你好", max_size=10)
schemes = st.one_of(st.sampled_from(SCHEMES), st.sampled_from(SCHEMES), texts(2))
any_text = st.one_of(texts(16), korean)


def _is_white_space(ch: str) -> bool:
    """Unicode White_Space: Python's ``isspace`` without the four information separators."""
    return ch.isspace() and ch not in "\x1c\x1d\x1e\x1f"


def _check_units(units: list[str], text: str, scheme: str) -> None:
    assert all(units)
    assert not any(_is_white_space(ch) for unit in units for ch in unit)
    spelled = "".join(u.removeprefix(SPACE_MARK) if scheme == "none" else u for u in units)
    assert spelled == "".join(ch for ch in text if not _is_white_space(ch))
    if scheme == "none":
        assert all(u.startswith(SPACE_MARK) for u in units)
    if scheme == "bert":
        for unit in units:
            if any(is_punctuation(c) or is_cjk(c) for c in unit):
                assert len(unit) == 1


@FUZZ
@given(any_text, schemes, st.booleans())
@example("我们学习。Hello, world", "bert", False)
@example("a\x1cb c", "whitespace", False)
@example("학교에서,", "none", True)
def test_split_text(text: str, scheme: str, jamo: bool) -> None:
    try:
        units = split_text(text, scheme)
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc) and scheme not in SCHEMES, repr(exc)
        return
    _check_units(units, text, scheme)
    assert pretokenize(text, scheme, jamo=jamo) == ([to_jamo(u) for u in units] if jamo else units)


@FUZZ
@given(clean_words | korean.map(lambda t: t.replace(" ", "")), schemes)
def test_split_word(word: str, scheme: str) -> None:
    try:
        units = split_word(word, scheme)
    except Exception as exc:
        assert documented(exc) and scheme not in SCHEMES, repr(exc)
        return
    if scheme == "whitespace":
        assert units == ([word] if word else [])
    elif scheme == "none":
        assert units == ([SPACE_MARK + word] if word else [])
    else:
        assert "".join(units) == word
        assert all(len(u) == 1 for u in units if is_punctuation(u[0]) or is_cjk(u[0]))


@FUZZ
@given(st.one_of(chars, korean))
def test_character_classes(text: str) -> None:
    for ch in text:
        assert isinstance(is_cjk(ch), bool) and isinstance(is_punctuation(ch), bool)
        assert not (is_cjk(ch) and is_hangul_syllable(ch))
    jamo = to_jamo(text)
    assert unicodedata.normalize("NFC", jamo) == unicodedata.normalize("NFC", text)
    assert not any(is_hangul_syllable(ch) for ch in jamo)
    assert len(jamo) == len(text) + sum(
        len(unicodedata.normalize("NFD", ch)) - 1 for ch in text if is_hangul_syllable(ch)
    )


@FUZZ
@given(
    st.dictionaries(
        clean_words | korean.map(lambda t: t.replace(" ", "")).filter(bool),
        st.integers(1, 5),
        min_size=1,
        max_size=5,
    ),
    schemes,
    st.booleans(),
)
def test_pretokenize_corpus(counts: dict[str, int], scheme: str, jamo: bool) -> None:
    corpus = Corpus.from_counts(counts)
    try:
        out = pretokenize_corpus(corpus, scheme, jamo=jamo)
    except Exception as exc:
        assert documented(exc) and scheme not in SCHEMES, repr(exc)
        return
    if scheme == "whitespace" and not jamo:
        assert out is corpus
        return
    expected: dict[str, int] = {}
    for word, count in corpus.items:
        for unit in split_word(word, scheme):
            key = to_jamo(unit) if jamo else unit
            expected[key] = expected.get(key, 0) + count
    assert out.as_dict() == expected
    assert sum(out.as_dict().values()) >= sum(corpus.as_dict().values())
