"""Shared strategies and checks for the fuzz tests of :mod:`subword_core`.

Every fuzz module imports its strategies from here, so "arbitrary input" means the same
thing everywhere: any Unicode except surrogates (which cannot be encoded at all), with the
characters a tokenizer cares about mixed in often: the markers ``</w>``, ``##``, ``▁``,
``_``, ``@@``, the byte-level display characters ``Ġ`` and ``Ċ``, combining marks, emoji,
control characters and NUL.

Each fuzz module also declares ``COVERED``: ``{"module.Name": ("test_name", ...)}`` for
every public function, class and public method it exercises; ``test_fuzz_coverage.py``
checks those against the modules' public names.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from subword_core.errors import SubwordError
from tests.budget import examples

#: Characters a tokenizer treats specially, or that break naive code.
SPECIAL_PIECES = (
    "</w>",
    "##",
    "▁",
    "_",
    "@@",
    "Ġ",
    "Ċ",
    "ĉ",
    "\x00",
    "\t",
    "\n",
    "\r",
    "\x0b",
    "\x1c",
    "\x85",
    "\u2028",
    "\u0301",  # combining acute accent
    "e\u0301",
    "🙂",
    "👩\u200d💻",  # a ZWJ sequence
    "\ufeff",
    "你",
    "'s",
    "'",
    ":",
    " ",
    "{",
    "}",
    "<unk>",
    "[UNK]",
    "-",
    "0",
    "5",
)

#: Any Unicode character except a surrogate.
chars = st.characters(blacklist_categories=("Cs",))

#: Text built from arbitrary characters and the special pieces above.
text_pieces = st.one_of(chars, chars, st.sampled_from(SPECIAL_PIECES))


def texts(max_pieces: int = 12, min_pieces: int = 0) -> st.SearchStrategy[str]:
    """Arbitrary text of at most ``max_pieces`` pieces (characters or special pieces)."""
    return st.lists(text_pieces, min_size=min_pieces, max_size=max_pieces).map("".join)


#: A word that a corpus accepts (non-empty, no whitespace), often with special pieces.
clean_words = st.lists(
    st.one_of(
        st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")),
        st.sampled_from(["</w>", "##", "▁", "_", "@@", "Ġ", "\u0301", "🙂", "你", "'s"]),
    ),
    min_size=1,
    max_size=6,
).map("".join)

#: Mostly valid ``{word: count}`` corpora, sometimes anything at all.
corpora = st.one_of(
    st.dictionaries(clean_words, st.integers(1, 6), min_size=1, max_size=6),
    st.dictionaries(clean_words, st.integers(1, 6), min_size=1, max_size=6),
    st.dictionaries(texts(6), st.one_of(st.integers(-2, 6), st.floats(), st.none()), max_size=6),
)

#: Small ASCII corpora where training has real work to do (ties, prunings).
small_corpora = st.dictionaries(
    st.text("abcd", min_size=1, max_size=6), st.integers(1, 5), min_size=1, max_size=6
)


def anything(small: st.SearchStrategy[object] | None = None) -> st.SearchStrategy[object]:
    """A parameter value: usually ``small``, else negative, zero, huge or of a wrong type."""
    return st.one_of(
        small if small is not None else st.integers(1, 30),
        st.integers(-3, 3),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=True),
        st.booleans(),
        st.none(),
        st.text(max_size=3),
    )


# ``SUBWORD_FUZZ_SCALE=20 python -m pytest tests/core -k fuzz`` hunts 20 times longer
# (tests.budget.examples, which also follows the Hypothesis profile).
FUZZ = settings(
    max_examples=examples(150, ci=50), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
"""Settings of most fuzz tests: enough to find bugs, small enough for a quick suite.

50 examples on a CI run (derandomized: a regression check; ``texts`` and ``anything`` draw
the markers, empty text and wrong types within a few examples), 750 on a nightly hunt."""

FUZZ_SLOW = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck)
)
"""Settings of the fuzz tests that train a model or start a command per example."""


def documented(exc: BaseException, *extra: type[BaseException]) -> bool:
    """True when ``exc`` is a documented error (a ``SubwordError`` or ``extra``) with a message."""
    return isinstance(exc, (SubwordError, *extra)) and bool(str(exc))
