"""Oniguruma-compatible patterns: the same matches as the ``tokenizers`` library's engine.

Every class the module accepts is compared with the library on every code point; the
pre-tokenizer patterns of GPT-2, GPT-4 (cl100k, also Llama-3's), GPT-4o (o200k) and Qwen2,
and a few patterns with lookarounds, possessive quantifiers and empty matches, are compared
on hypothesis-drawn mixed-script text through a ``Split`` pre-tokenizer.
"""

from __future__ import annotations

import doctest
import functools
from collections.abc import Callable, Iterator

import pytest
import regex
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tokenizers import Regex, normalizers, pre_tokenizers

import subword_core.pretrained.oniguruma as oniguruma
from subword_core.pretrained.oniguruma import (
    SAFE_PROPERTIES,
    UNASSIGNED_IN_THE_LIBRARY,
    OnigurumaPattern,
    PatternError,
    refusal,
)
from subword_core.pretrained.pre_tokenizers import _splitters
from tests.budget import examples
from tests.core import exhaustive

pytestmark = pytest.mark.oracle

GPT2 = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
CL100K = (  # GPT-4's, and Llama-3's tokenizer.json
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
O200K = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+"""
    r"""[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
QWEN2 = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+"""
    r"""[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
OTHERS = [
    r"\p{L}++|\p{N}*+|\s?+\S",  # possessive quantifiers, an empty match
    r"(?<=\p{L})\p{N}|(?<!\s)\s",  # lookbehind
    r"(?>\p{Lu}\p{Ll}*)|\p{P}+|\d+|\D",  # atomic group
    r"a*|b",  # an empty match right after a match
    r".{1,2}|\n",
    r"[\u4e00-\u9fff]+|[가-힣]+",
    r"\x41+|\u00e9|[\-\.]",
]
PATTERNS = [GPT2, CL100K, O200K, QWEN2, *OTHERS]


def _library_matches(pattern: str, text: str) -> set[str]:
    """The characters of ``text`` the library's engine matches with ``pattern`` (in runs)."""
    kept = normalizers.Replace(Regex(pattern + "+"), "").normalize_str(text)
    return _characters(text).difference(kept)


@functools.cache
def _characters(text: str) -> frozenset[str]:
    return frozenset(text)  # built once per text: a set of 1.1M characters takes seconds


def _our_matches(pattern: str, text: str) -> set[str]:
    compiled = OnigurumaPattern(pattern + "+")
    return {c for start, end in compiled.spans(text) for c in text[start:end]}


class _StandInsOnce:
    """``oniguruma._UNASSIGNED`` that replaces the stand-ins in a checked text only once.

    subtle: ``spans`` first replaces what the library calls unassigned (819k of the 1.1M
    code points, one call of the replacement each: ~8 s), the same text for every class.
    The first replacement of each text of :mod:`tests.core.exhaustive`, made by the module's
    own pattern and replacement, is kept and given again; any other text is replaced as usual.
    """

    def __init__(self, pattern: regex.Pattern[str]) -> None:
        self._pattern = pattern
        self._done: dict[int, str] = {}  # id(text): the text replaced

    def sub(self, repl: Callable[[regex.Match[str]], str], text: str) -> str:
        if id(text) not in exhaustive.TEXTS:
            return self._pattern.sub(repl, text)
        if id(text) not in self._done:
            self._done[id(text)] = self._pattern.sub(repl, text)
        return self._done[id(text)]

    def __getattr__(self, name: str) -> object:
        return getattr(self._pattern, name)


@pytest.fixture(scope="module")
def stand_ins_once() -> Iterator[None]:
    """Every-code-point checks share one stand-in replacement of their text."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(oniguruma, "_UNASSIGNED", _StandInsOnce(oniguruma._UNASSIGNED))
        yield


def test_doctests() -> None:
    assert doctest.testmod(oniguruma).failed == 0


@pytest.mark.parametrize(
    "pattern",
    [
        *(f"\\p{{{name}}}" for name in sorted(SAFE_PROPERTIES)),
        *(f"\\P{{{name}}}" for name in ("L", "N")),
        r"\s",
        r"\S",
        r"\d",
        r"\D",
        ".",
        r"[^\s\p{L}\p{N}]",
    ],
)
@pytest.mark.exhaustive
@pytest.mark.usefixtures("stand_ins_once")
def test_each_accepted_class_matches_the_library_on_every_code_point(
    pattern: str, request: pytest.FixtureRequest
) -> None:
    text = exhaustive.text(request)  # every code point, or the sample (tests/core/exhaustive.py)
    ours, theirs = _our_matches(pattern, text), _library_matches(pattern, text)
    assert sorted(hex(ord(c)) for c in ours ^ theirs) == []
    exhaustive.passed(request)


@pytest.mark.exhaustive
def test_the_unassigned_table_is_what_the_library_calls_unassigned(
    request: pytest.FixtureRequest,
) -> None:
    text = exhaustive.text(request)  # every code point, or the sample (tests/core/exhaustive.py)
    theirs = _library_matches(r"\p{Cn}", text)
    table = {chr(c) for lo, hi in UNASSIGNED_IN_THE_LIBRARY for c in range(lo, hi + 1)}
    assert table & _characters(text) == theirs
    # the regex module's tables are newer: what it leaves unassigned, the library does too
    assert set(regex.findall(r"\p{Cn}", text)) <= theirs
    exhaustive.passed(request)


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"^\p{L}", "anchor ^"),
        (r"\p{L}$", "anchor $"),
        (r"\w+", "\\w"),
        (r"\bx", "\\b"),
        (r"\h", "\\h"),
        (r"\p{Greek}", "\\p{Greek}"),
        (r"\p{^L}", "\\p{^L}"),
        (r"a{1,2}+", "{n,m}+"),
        (r"[a[b]]", "class inside a class"),
        (r"[a&&b]", "class inside a class"),
        (r"(?i)a", "group (?i)"),
        (r"(a)\1", "\\1"),
        (r"[]a]", "] first"),
        ("\\", "backslash at the end"),
        (r"(?i:ss)", "(?i:"),
        (r"(?i:'s|fi)", "(?i:"),
        (r"(?i:i)", "(?i:"),
        (r"(?i:s+)", "(?i:"),
        (r"(?i:(s){2})", "(?i:"),
        (r"(?i:é)", "(?i:"),
        (r"(?i:[a-z])", "(?i:"),
    ],
)
def test_what_may_differ_is_refused_in_words(pattern: str, words: str) -> None:
    reason = refusal(pattern)
    assert reason is not None and words in reason
    with pytest.raises(PatternError) as info:
        OnigurumaPattern(pattern)
    assert info.value.construct and info.value.construct in pattern + "]"


_SPACES = "".join(c for c in map(chr, range(0x3001)) if c.isspace()) + "\u200b\ufeff\u180e"
_MIXED = (
    "abcXYZſKİı'’sStTlLdDmMvVrReE"
    "你好世界日本語한국어가나다각"
    "0123456789٣٤५５²½ⅷ"
    '.,;:!?"()[]{}<>-_/\\@#$%^&*+=~`|«»¿¡。、「」'
    "\U0001f600\U0001f44d\U0001f3fb\u200d\u2764\ufe0f\U0001f1ef\U0001f1f5"
    "é\u0301\u0308ʕĸ\u0378"
    "\U0001e6c0\u088f\U000323b0\U00011de0"  # newer than the library's tables
)
mixed_texts = st.lists(
    st.one_of(
        st.text(alphabet=_MIXED + _SPACES, max_size=10),
        st.sampled_from(["'s", "'S", "'ll", "'LL", "'ſ", "'K", " 's", "\r\n", "  \n", "123456"]),
        st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=4),
    ),
    max_size=10,
).map("".join)


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p[:24])
@pytest.mark.parametrize("behavior", ["isolated", "removed", "merged_with_next"])
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mixed_texts)
@example(text="it's 'S 'ſ 12345 \u3000\r\n\n x  \t y\u00a0\u2028z")
@example(text="ab\u0295c \U0001e6c0\u088fx")
def test_split_patterns_match_the_library(pattern: str, behavior: str, text: str) -> None:
    spec = {"type": "Split", "pattern": {"Regex": pattern}, "behavior": behavior}
    camel = "".join(part.title() for part in behavior.split("_"))
    ours = _splitters({**spec, "behavior": camel})[0][1](text, True)
    theirs = pre_tokenizers.Split(Regex(pattern), behavior).pre_tokenize_str(text)
    assert ours == [piece for piece, _ in theirs], text
