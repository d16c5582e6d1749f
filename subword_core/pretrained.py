"""Trace a pretrained tokenizer step by step: the same tokens as the ``tokenizers`` library.

A student arrives with a real tokenizer file and asks "why is `` unhappiness`` three tokens?".
:func:`load` reads the file(s) and :meth:`Pretrained.trace` replays the library's encoding of
a typed text, keeping every decision a teacher points at:

1. **special tokens** (``added_tokens``) are cut out of the text first and never split;
2. the **normalizer** (lower-casing, NFKC, BERT's cleaning, ...) rewrites each remaining piece;
3. the **pre-tokenizer** cuts the text into words (GPT-2's rule, BERT's whitespace and
   punctuation rule, Metaspace's ``▁``); a ByteLevel pre-tokenizer also maps every UTF-8 byte
   to one printable character (``0x20 -> 'Ġ'``);
4. the **model** splits each word: BPE applies the learned merges by priority (lowest rank
   first, leftmost on a tie), WordPiece tries the longest vocabulary entry at each position,
   Unigram finds the best path through the lattice of pieces (Viterbi).

Files read: a Hugging Face ``tokenizer.json`` (model BPE, WordPiece or Unigram), a BERT
``vocab.txt``, GPT-2's ``vocab.json`` + ``merges.txt`` and a sentencepiece ``.vocab``. A file
that is none of these, or that uses a component this module does not replay exactly, is
refused with a :class:`PretrainedError` that says so in words (never a wrong trace).

The tracing is this module's own; it follows the ``tokenizers`` library (0.2x) rule by rule,
and the oracle tests compare its tokens with the library's on random texts.

>>> import json
>>> doc = {"model": {"type": "BPE", "vocab": {"l": 0, "o": 1, "w": 2, "lo": 3, "low": 4},
...        "merges": ["l o", "lo w"]}, "pre_tokenizer": {"type": "WhitespaceSplit"}}
>>> tok = load({"tokenizer.json": json.dumps(doc)})
>>> trace = tok.trace("low lo")
>>> trace.tokens
('low', 'lo')
>>> [(s.rank, s.merged) for s in trace.steps if isinstance(s, MergeStep)]
[(0, 'lo'), (1, 'low'), (0, 'lo')]
"""

from __future__ import annotations

import heapq
import itertools
import json
import math
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from subword_core import bounds
from subword_core.bounds import BoundError, Bounds, Meter, StepList
from subword_core.bounds import bounds_in_force as _bounds_in_force
from subword_core.byte_level import BYTE_TO_UNICODE
from subword_core.charsmap import Charsmap, CharsmapError
from subword_core.corpus import Note
from subword_core.errors import SubwordError
from subword_core.oniguruma import OnigurumaPattern, PatternError
from subword_core.unicode_tables import is_numeric, is_word, lower

__all__ = [
    "SUPPORTED_NORMALIZERS",
    "SUPPORTED_PRE_TOKENIZERS",
    "AddedTokensStep",
    "BpeStartStep",
    "ByteMapStep",
    "LatticeStep",
    "MergeStep",
    "NormalizeStep",
    "PathStep",
    "Pretrained",
    "PretrainedError",
    "ResultStep",
    "SplitStep",
    "Trace",
    "WholeWordStep",
    "WordPieceStep",
    "load",
]

SUPPORTED_NORMALIZERS = (
    "NFC",
    "NFD",
    "NFKC",
    "NFKD",
    "Lowercase",
    "Strip",
    "StripAccents",
    "Replace",
    "Prepend",
    "BertNormalizer",
    "Nmt",
    "Precompiled",
    "Sequence",
)
"""The normalizer components :func:`load` replays (``Precompiled``: sentencepiece's rules)."""
SUPPORTED_PRE_TOKENIZERS = (
    "ByteLevel",
    "BertPreTokenizer",
    "Whitespace",
    "WhitespaceSplit",
    "Metaspace",
    "Split",
    "Punctuation",
    "Digits",
    "Sequence",
)
"""The pre-tokenizer components :func:`load` replays."""

UNK_PENALTY = 10.0
"""The ``tokenizers`` library scores an unknown character ``min_score - 10`` in a lattice."""

_WHITE_SPACE_EXTRA_NOT = frozenset("\x1c\x1d\x1e\x1f")


class PretrainedError(SubwordError):
    """A tokenizer file that cannot be read or traced, said in plain words.

    Attributes:
        code: A stable name for programs (``"not_a_tokenizer"``, ``"unsupported"``, ...).
        values: The facts behind it, by name (e.g. ``{"component": "Precompiled"}``).

    Example:
        >>> err = PretrainedError("no", code="unsupported", values={"component": "X"})
        >>> err.code, err.values["component"]
        ('unsupported', 'X')
    """

    def __init__(self, message: str, code: str, values: Mapping[str, object] | None = None) -> None:
        self.message = message
        self.code = code
        self.values: dict[str, object] = dict(values or {})
        super().__init__(message)

    def __reduce__(self) -> tuple[type[PretrainedError], tuple[str, str, dict[str, object]]]:
        return (type(self), (self.message, self.code, self.values))


# --------------------------------------------------------------------------------------
# Steps
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AddedTokensStep:
    """The text cut at special (added) tokens; ``pieces`` are ``(text, is_added_token)``."""

    pieces: tuple[tuple[str, bool], ...]
    word: None = None


@dataclass(frozen=True)
class NormalizeStep:
    """One normalizer component applied to every piece (``before`` -> ``after``).

    ``replaced`` lists what a ``Precompiled`` normalizer (sentencepiece's rules) rewrote,
    ``(original, replacement)``, each pair once, in the order met (empty for the others);
    ``pattern`` and ``content``: a ``Replace`` normalizer's pattern and what replaces it.
    """

    component: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    replaced: tuple[tuple[str, str], ...] = ()
    pattern: str = ""
    content: str = ""
    word: None = None


@dataclass(frozen=True)
class SplitStep:
    """One pre-tokenizer component: the words before and after it (a ``Split``'s pattern)."""

    component: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    pattern: str = ""
    word: None = None


@dataclass(frozen=True)
class ByteMapStep:
    """ByteLevel: a word's UTF-8 bytes, each drawn as one printable character."""

    text: str
    data: bytes
    mapped: str
    word: int | None = None


@dataclass(frozen=True)
class BpeStartStep:
    """BPE's first split of one word into characters (with prefix/suffix, unknowns fused).

    ``unknown`` lists the characters not in the vocabulary; ``fallback`` those written as
    ``<0xXX>`` byte tokens instead.
    """

    word: int
    text: str
    symbols: tuple[str, ...]
    unknown: tuple[str, ...]
    fallback: tuple[str, ...]
    candidates: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class WholeWordStep:
    """BPE with ``ignore_merges``: the whole word is in the vocabulary, so no merge is tried."""

    word: int
    text: str


@dataclass(frozen=True)
class MergeStep:
    """One BPE merge in one word.

    Attributes:
        word: Which word (index into :attr:`Trace.words`).
        rank: The merge's rank (0 = learned first = applied first).
        left, right, merged: The pair and the symbol it becomes.
        position: The index of ``left`` in ``before``.
        before, after: The word's symbols before and after the merge.
        candidates: The adjacent pairs that had a merge before this one: ``(left, right,
            rank)``, in word order; the lowest rank (leftmost on a tie) wins.
    """

    word: int
    rank: int
    left: str
    right: str
    merged: str
    position: int
    before: tuple[str, ...]
    after: tuple[str, ...]
    candidates: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class WordPieceStep:
    """WordPiece's longest-match search at one position of one word.

    Attributes:
        tries: The candidates looked up, longest first, ``(candidate, in_vocab)``.
        found: The candidate taken, or ``None`` (the word becomes the unknown token).
        too_long: The word has more than ``max_input_chars_per_word`` characters.
    """

    word: int
    text: str
    start: int
    tries: tuple[tuple[str, bool], ...]
    found: str | None
    too_long: bool = False


@dataclass(frozen=True)
class LatticeStep:
    """Unigram Viterbi at one character position of one word.

    Attributes:
        start: The character position; ``best`` the best score of a path ending here.
        pieces: The vocabulary pieces starting here, ``(piece, end, score, path_score,
            improved)``; ``end`` in characters; ``improved`` when it became the best path
            to ``end``. An unknown character appears with piece ``None``'s score
            ``min_score - 10``.
    """

    word: int
    text: str
    start: int
    best: float
    pieces: tuple[tuple[str, int, float, float, bool, bool], ...]


@dataclass(frozen=True)
class PathStep:
    """Unigram: the best path read back from the end, ``(piece, start, end, score, unk)``."""

    word: int
    text: str
    path: tuple[tuple[str, int, int, float, bool], ...]
    total: float
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class ResultStep:
    """The final tokens and ids."""

    tokens: tuple[str, ...]
    ids: tuple[int, ...]
    word: None = None


Step = (
    AddedTokensStep
    | NormalizeStep
    | SplitStep
    | ByteMapStep
    | BpeStartStep
    | WholeWordStep
    | MergeStep
    | WordPieceStep
    | LatticeStep
    | PathStep
    | ResultStep
)


@dataclass(frozen=True)
class Trace:
    """What :meth:`Pretrained.trace` returns: the steps, the words and the final tokens."""

    text: str
    words: tuple[str, ...]
    steps: tuple[Step, ...]
    tokens: tuple[str, ...]
    ids: tuple[int, ...]


# --------------------------------------------------------------------------------------
# Character classes as the Rust library sees them
# --------------------------------------------------------------------------------------


# subtle: the library classes characters with Unicode tables older than Python's (and leaves
# unassigned code points alone), so characters added to Unicode since are classed apart.
# These ranges are where the two disagree, found by scanning every code point against
# tokenizers 0.23 (tests/core/test_pretrained.py checks the pre-tokenizers' classes on the
# Basic Multilingual Plane, the simple normalizers on every code point).
_NOT_PUNCT_THERE: tuple[tuple[int, int], ...] = (
    (0x61D, 0x61D),
    (0x9FD, 0x9FD),
    (0xA76, 0xA76),
    (0xC77, 0xC77),
    (0xC84, 0xC84),
    (0x1B7D, 0x1B7E),
    (0x2E43, 0x2E4F),
    (0x2E52, 0x2E5D),
    (0x10EAD, 0x10EAD),
    (0x10F55, 0x10F59),
    (0x10F86, 0x10F89),
    (0x1144B, 0x1144F),
    (0x1145A, 0x1145B),
    (0x1145D, 0x1145D),
    (0x11660, 0x1166C),
    (0x116B9, 0x116B9),
    (0x1183B, 0x1183B),
    (0x11944, 0x11946),
    (0x119E2, 0x119E2),
    (0x11A3F, 0x11A46),
    (0x11A9A, 0x11A9C),
    (0x11A9E, 0x11AA2),
    (0x11C41, 0x11C45),
    (0x11C70, 0x11C71),
    (0x11EF7, 0x11EF8),
    (0x11FFF, 0x11FFF),
    (0x12FF1, 0x12FF2),
    (0x16E97, 0x16E9A),
    (0x16FE2, 0x16FE2),
    (0x1E95E, 0x1E95F),
)
_PUNCT_THERE: tuple[tuple[int, int], ...] = (
    (0x166D, 0x166D),
    (0x111C9, 0x111C9),
)
_NOT_CONTROL_THERE: tuple[tuple[int, int], ...] = (
    (0x890, 0x891),
    (0x8E2, 0x8E2),
    (0x110CD, 0x110CD),
    (0x13430, 0x13438),
)
_NOT_MN_THERE: tuple[tuple[int, int], ...] = (
    (0x7FD, 0x7FD),
    (0x898, 0x89F),
    (0x8CA, 0x8E1),
    (0x9FE, 0x9FE),
    (0xAFA, 0xAFF),
    (0xB55, 0xB55),
    (0xC04, 0xC04),
    (0xC3C, 0xC3C),
    (0xD00, 0xD00),
    (0xD3B, 0xD3C),
    (0xD81, 0xD81),
    (0xEBA, 0xEBA),
    (0x180F, 0x180F),
    (0x1885, 0x1886),
    (0x1ABF, 0x1ACE),
    (0x1DF6, 0x1DFB),
    (0xA82C, 0xA82C),
    (0xA8C5, 0xA8C5),
    (0xA8FF, 0xA8FF),
    (0xA9BD, 0xA9BD),
    (0x10D24, 0x10D27),
    (0x10EAB, 0x10EAC),
    (0x10F46, 0x10F50),
    (0x10F82, 0x10F85),
    (0x11070, 0x11070),
    (0x11073, 0x11074),
    (0x110C2, 0x110C2),
    (0x111C9, 0x111C9),
    (0x111CF, 0x111CF),
    (0x1123E, 0x1123E),
    (0x1133B, 0x1133B),
    (0x11438, 0x1143F),
    (0x11442, 0x11444),
    (0x11446, 0x11446),
    (0x1145E, 0x1145E),
    (0x1182F, 0x11837),
    (0x11839, 0x1183A),
    (0x1193B, 0x1193C),
    (0x1193E, 0x1193E),
    (0x11943, 0x11943),
    (0x119D4, 0x119D7),
    (0x119DA, 0x119DB),
    (0x119E0, 0x119E0),
    (0x11A01, 0x11A0A),
    (0x11A33, 0x11A38),
    (0x11A3B, 0x11A3E),
    (0x11A47, 0x11A47),
    (0x11A51, 0x11A56),
    (0x11A59, 0x11A5B),
    (0x11A8A, 0x11A96),
    (0x11A98, 0x11A99),
    (0x11C30, 0x11C36),
    (0x11C38, 0x11C3D),
    (0x11C3F, 0x11C3F),
    (0x11C92, 0x11CA7),
    (0x11CAA, 0x11CB0),
    (0x11CB2, 0x11CB3),
    (0x11CB5, 0x11CB6),
    (0x11D31, 0x11D36),
    (0x11D3A, 0x11D3A),
    (0x11D3C, 0x11D3D),
    (0x11D3F, 0x11D45),
    (0x11D47, 0x11D47),
    (0x11D90, 0x11D91),
    (0x11D95, 0x11D95),
    (0x11D97, 0x11D97),
    (0x11EF3, 0x11EF4),
    (0x16F4F, 0x16F4F),
    (0x16FE4, 0x16FE4),
    (0x1CF00, 0x1CF2D),
    (0x1CF30, 0x1CF46),
    (0x1E000, 0x1E006),
    (0x1E008, 0x1E018),
    (0x1E01B, 0x1E021),
    (0x1E023, 0x1E024),
    (0x1E026, 0x1E02A),
    (0x1E130, 0x1E136),
    (0x1E2AE, 0x1E2AE),
    (0x1E2EC, 0x1E2EF),
    (0x1E944, 0x1E94A),
)
_MN_THERE: tuple[tuple[int, int], ...] = ((0x1734, 0x1734),)
# StripAccents asks another table (any mark: Mn, Mc, Me) than BERT's normalizer (Mn only)
_NOT_MARK_THERE: tuple[tuple[int, int], ...] = (
    (0x7FD, 0x7FD),
    (0x898, 0x89F),
    (0x8CA, 0x8D3),
    (0x9FE, 0x9FE),
    (0xAFA, 0xAFF),
    (0xB55, 0xB55),
    (0xC04, 0xC04),
    (0xC3C, 0xC3C),
    (0xD00, 0xD00),
    (0xD3B, 0xD3C),
    (0xD81, 0xD81),
    (0xEBA, 0xEBA),
    (0x1715, 0x1715),
    (0x180F, 0x180F),
    (0x1ABF, 0x1ACE),
    (0x1CF7, 0x1CF7),
    (0x1DF6, 0x1DFA),
    (0xA82C, 0xA82C),
    (0xA8FF, 0xA8FF),
    (0x10D24, 0x10D27),
    (0x10EAB, 0x10EAC),
    (0x10F46, 0x10F50),
    (0x10F82, 0x10F85),
    (0x11070, 0x11070),
    (0x11073, 0x11074),
    (0x110C2, 0x110C2),
    (0x11145, 0x11146),
    (0x111C9, 0x111C9),
    (0x111CE, 0x111CF),
    (0x1133B, 0x1133B),
    (0x1145E, 0x1145E),
    (0x1182C, 0x1183A),
    (0x11930, 0x11935),
    (0x11937, 0x11938),
    (0x1193B, 0x1193E),
    (0x11940, 0x11940),
    (0x11942, 0x11943),
    (0x119D1, 0x119D7),
    (0x119DA, 0x119E0),
    (0x119E4, 0x119E4),
    (0x11A01, 0x11A0A),
    (0x11A33, 0x11A39),
    (0x11A3B, 0x11A3E),
    (0x11A47, 0x11A47),
    (0x11A51, 0x11A5B),
    (0x11A8A, 0x11A99),
    (0x11D31, 0x11D36),
    (0x11D3A, 0x11D3A),
    (0x11D3C, 0x11D3D),
    (0x11D3F, 0x11D45),
    (0x11D47, 0x11D47),
    (0x11D8A, 0x11D8E),
    (0x11D90, 0x11D91),
    (0x11D93, 0x11D97),
    (0x11EF3, 0x11EF6),
    (0x16F4F, 0x16F4F),
    (0x16F7F, 0x16F87),
    (0x16FE4, 0x16FE4),
    (0x16FF0, 0x16FF1),
    (0x1CF00, 0x1CF2D),
    (0x1CF30, 0x1CF46),
    (0x1E130, 0x1E136),
    (0x1E2AE, 0x1E2AE),
    (0x1E2EC, 0x1E2EF),
)
_MARK_THERE: tuple[tuple[int, int], ...] = ((0x1CF2, 0x1CF3),)
# characters newer than the library's normalization tables, so NFC/NFD/NFKC/NFKD keep them as
# they are (with the marks above, which it does not know either)
_NO_DECOMPOSITION_THERE: tuple[tuple[int, int], ...] = (
    (0x32FF, 0x32FF),
    (0xA7F2, 0xA7F4),
    (0xAB69, 0xAB69),
    (0x10781, 0x10785),
    (0x10787, 0x107B0),
    (0x107B2, 0x107BA),
    (0x11938, 0x11938),
    (0x1F16C, 0x1F16C),
    (0x1FBF0, 0x1FBF9),
)


def _in(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= code <= hi for lo, hi in ranges)


def _is_mn(ch: str) -> bool:
    """A non-spacing mark, as the library's tables say."""
    code = ord(ch)
    if unicodedata.category(ch) == "Mn":
        return not _in(code, _NOT_MN_THERE)
    return _in(code, _MN_THERE)


_UNKNOWN_THERE = re.compile(
    "(["
    + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in _NO_DECOMPOSITION_THERE + _NOT_MARK_THERE)
    + "])"
)


def _is_mark(ch: str) -> bool:
    """Any combining mark (``M*``), as the library's StripAccents tables say."""
    if unicodedata.category(ch)[0] == "M":
        return not _in(ord(ch), _NOT_MARK_THERE)
    return _in(ord(ch), _MARK_THERE)


def _unicode_normalize(form: str, text: str) -> str:
    """``unicodedata.normalize`` that leaves alone what the library's older tables do not know.

    Such a character is cut out and kept; the text between is normalized on its own, as the
    library, seeing a starter it cannot decompose or compose, does.

    Example:
        >>> _unicode_normalize("NFKD", "\\u32ff\\u00e9") == "\\u32ffe\\u0301"  # 12.1's ㋿
        True
    """
    if text.isascii():
        return text
    # the odd pieces are the kept characters (the pattern captures them)
    pieces = _UNKNOWN_THERE.split(text)
    return "".join(p if i % 2 else unicodedata.normalize(form, p) for i, p in enumerate(pieces))


def _is_ws(ch: str) -> bool:
    """Unicode White_Space (Rust's ``char::is_whitespace``)."""
    return ch.isspace() and ch not in _WHITE_SPACE_EXTRA_NOT


def _is_punct(ch: str) -> bool:
    """BERT's punctuation: ASCII punctuation or a Unicode ``P*`` character."""
    if ch.isascii():
        return ch.isprintable() and not ch.isalnum() and ch != " "
    if unicodedata.category(ch).startswith("P"):
        return not _in(ord(ch), _NOT_PUNCT_THERE)
    return _in(ord(ch), _PUNCT_THERE)


def _is_bert_ws(ch: str) -> bool:
    return ch in "\t\n\r" or _is_ws(ch)


def _is_bert_control(ch: str) -> bool:
    if ch in "\t\n\r":
        return False
    return unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") and not _in(
        ord(ch), _NOT_CONTROL_THERE
    )


_CJK = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _CJK)


# --------------------------------------------------------------------------------------
# Normalizers
# --------------------------------------------------------------------------------------

Normalizer = tuple[str, Callable[[str], str]]


_WHY_UNSUPPORTED = {
    "no_pattern": "{component} without a pattern",
    "behavior": "{component} with the behaviour {behavior}",
    "not_an_object": "{component}",
}
"""How a refusal names the part it cannot replay, by its ``cause`` (English; the UI words it
from the values)."""


def _unsupported(
    kind: str, component: str, cause: str | None = None, **values: str
) -> PretrainedError:
    """The refusal of a component that cannot be replayed exactly.

    ``values`` carry the parts, so a program words the refusal itself: ``component`` (the
    file's type name, or the JSON type where an object was expected), ``kind``
    (``"normalizer"`` or ``"pre-tokenizer"``), and ``cause`` when the type itself is
    supported but not this use of it (``"no_pattern"``, ``"behavior"`` with ``behavior``,
    ``"not_an_object"``; a regular expression's refusal has ``"pattern"``). As for the
    corpus errors, ``cause`` is a code and ``reason`` (the regular expression's) English.

    Example:
        >>> err = _unsupported("pre-tokenizer", "Split", "behavior", behavior="Sideways")
        >>> err.values["cause"], err.values["behavior"], "behaviour Sideways" in str(err)
        ('behavior', 'Sideways', True)
    """
    named = _WHY_UNSUPPORTED[cause].format(component=component, **values) if cause else component
    parts: dict[str, object] = {"component": component, "kind": kind, **values}
    if cause:
        parts["cause"] = cause
    return PretrainedError(
        f"This file's {kind} is “{named}”, which this page cannot replay exactly, so it "
        "does not trace the file rather than show steps that may be wrong. Supported "
        f"normalizers: {', '.join(SUPPORTED_NORMALIZERS)}; pre-tokenizers: "
        f"{', '.join(SUPPORTED_PRE_TOKENIZERS)} (Split and Replace with a string, or a "
        "regular expression using \\p{L}-style classes, \\s, \\d, lookarounds and "
        "possessive quantifiers).",
        code="unsupported",
        values=parts,
    )


def _pattern(node: Mapping[str, Any], kind: str) -> OnigurumaPattern:
    """A ``Split``/``Replace`` pattern, run as Oniguruma would (:mod:`subword_core.oniguruma`).

    Example:
        >>> _pattern({"pattern": {"Regex": r"\\p{N}+"}}, "pre-tokenizer").spans("ab 12")
        [(3, 5)]
    """
    pattern = node.get("pattern") or {}
    if not isinstance(pattern, Mapping):
        raise _unsupported(kind, str(node.get("type")), "no_pattern")
    if "String" in pattern:
        return OnigurumaPattern(str(pattern["String"]), literal=True)
    if "Regex" in pattern:
        text = str(pattern["Regex"])
        try:
            return OnigurumaPattern(text)
        except BoundError as err:  # its counted repeats would fill the memory
            raise PretrainedError(err.message, err.code or "bound", err.values) from None
        except PatternError as err:
            raise PretrainedError(
                f"This file's {kind} {node.get('type')} uses the regular expression "
                f"{text[:80]}, which may mean something else here than in the library's engine "
                f"(Oniguruma): {err}. It is not replayed rather than traced wrongly.",
                code="unsupported",
                values={
                    "kind": kind,
                    "component": str(node.get("type")),
                    "cause": "pattern",
                    "pattern": text[:80],
                    "reason": str(err),
                    "construct": err.construct,
                },
            ) from None
    raise _unsupported(kind, str(node.get("type")), "no_pattern")


def _bert_normalize(node: Mapping[str, Any]) -> Callable[[str], str]:
    clean = bool(node.get("clean_text", True))
    chinese = bool(node.get("handle_chinese_chars", True))
    lower = bool(node.get("lowercase", True))
    strip = node.get("strip_accents")
    strip = lower if strip is None else bool(strip)

    def run(text: str) -> str:
        if clean:
            text = "".join(
                " " if _is_bert_ws(c) else c
                for c in text
                if not (c in "\x00\ufffd" or _is_bert_control(c))
            )
        if chinese:
            text = "".join(f" {c} " if _is_cjk(c) else c for c in text)
        if strip:
            text = "".join(c for c in _unicode_normalize("NFD", text) if not _is_mn(c))
        if lower:
            text = _lower(text)
        return text

    return run


_NMT_DROP = frozenset([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F, 0x8F, 0x9F])
_NMT_SPACE = frozenset(
    [0x09, 0x0A, 0x0C, 0x0D, 0x1680, *range(0x200B, 0x2010), 0x2028, 0x2029, 0x2581, 0xFEFF, 0xFFFD]
)


def _nmt(text: str) -> str:
    return "".join(" " if ord(c) in _NMT_SPACE else c for c in text if ord(c) not in _NMT_DROP)


class _Shown:
    """A ``Split`` or ``Replace`` component that carries its pattern (and content) for its step.

    Example:
        >>> run = _Shown(lambda t: t.replace("x", "ks"), "x", "ks")
        >>> run("x"), _Shown.pattern_of(run), _Shown.pattern_of(str.upper)
        ('ks', 'x', '')
    """

    def __init__(
        self,
        run: Callable[..., Any],
        pattern: str,
        content: str = "",
        keeps_start: Callable[[str], bool] | None = None,
    ) -> None:
        self.run = run
        self.pattern = pattern
        self.content = content
        self.keeps_start = keeps_start

    def __call__(self, *args: Any) -> Any:
        return self.run(*args)

    @staticmethod
    def pattern_of(func: object) -> str:
        """The pattern of a ``_Shown`` component, ``""`` for any other."""
        return func.pattern if isinstance(func, _Shown) else ""


class _Precompiled:
    """The ``Precompiled`` normalizer: sentencepiece's rules (:mod:`subword_core.charsmap`).

    Example:
        >>> run = _Precompiled(Charsmap.build({"ﬁ": "fi"}))
        >>> run("ﬁne"), run.replacements(("ﬁne", "ﬁx"))
        ('fine', (('ﬁ', 'fi'),))
    """

    def __init__(self, charsmap: Charsmap) -> None:
        self.charsmap = charsmap

    def __call__(self, text: str) -> str:
        try:
            return self.charsmap.normalize(text)
        except CharsmapError as err:
            raise _bad(
                f"The Precompiled normalizer's table is damaged: {err}", "bad_charsmap"
            ) from None

    def replacements(self, pieces: Sequence[str]) -> tuple[tuple[str, str], ...]:
        """What the rules rewrote in ``pieces``: ``(original, replacement)``, each once."""
        found: dict[tuple[str, str], None] = {}
        try:
            for piece in pieces:
                for old, new in self.charsmap.segments(piece):
                    if old != new:
                        found[(old, new)] = None
        except CharsmapError as err:  # a walk the ASCII shortcut of __call__ never took
            raise _bad(
                f"The Precompiled normalizer's table is damaged: {err}", "bad_charsmap"
            ) from None
        return tuple(found)


def _precompiled(node: Mapping[str, Any]) -> _Precompiled:
    data = node.get("precompiled_charsmap")
    if not isinstance(data, str):
        raise _bad(
            "The Precompiled normalizer has no precompiled_charsmap (base64 text), so the "
            "library cannot read the file either.",
            "bad_charsmap",
        )
    try:
        return _Precompiled(Charsmap.from_base64(data))
    except CharsmapError as err:
        raise _bad(
            f"The Precompiled normalizer's table cannot be read: {err}", "bad_charsmap"
        ) from None


def _strip(left: bool, right: bool) -> Callable[[str], str]:
    def run(text: str) -> str:
        start, end = 0, len(text)
        while left and start < end and _is_ws(text[start]):
            start += 1
        while right and end > start and _is_ws(text[end - 1]):
            end -= 1
        return text[start:end]

    return run


def _prepend(prefix: str) -> Callable[[str], str]:
    def run(text: str) -> str:
        if not text:
            return text
        bounds.produce(len(prefix) + len(text), "Prepend")
        return prefix + text

    return run


def _normalizers(node: Any) -> list[Normalizer]:
    """The normalizer as a flat list of ``(name, function)``."""
    if node is None:
        return []
    if not isinstance(node, Mapping):
        raise _unsupported("normalizer", type(node).__name__, "not_an_object")
    kind = str(node.get("type"))
    if kind == "Sequence":
        return [n for part in node.get("normalizers") or [] for n in _normalizers(part)]
    if kind in ("NFC", "NFD", "NFKC", "NFKD"):
        return [(kind, lambda t, form=kind: _unicode_normalize(form, t))]
    if kind == "Lowercase":
        return [(kind, _lower)]
    if kind == "Strip":
        return [(kind, _strip(bool(node.get("strip_left")), bool(node.get("strip_right"))))]
    if kind == "StripAccents":
        # every mark (Mn, Mc, Me), where BERT's normalizer removes only Mn
        return [(kind, lambda t: "".join(c for c in t if not _is_mark(c)))]
    if kind == "BertNormalizer":
        return [(kind, _bert_normalize(node))]
    if kind == "Nmt":
        return [(kind, _nmt)]
    if kind == "Precompiled":
        return [(kind, _precompiled(node))]
    if kind == "Prepend":
        return [(kind, _prepend(str(node.get("prepend", ""))))]
    if kind == "Replace":
        pattern, content = _pattern(node, "normalizer"), str(node.get("content", ""))

        def keeps_start(text: str) -> bool:
            # subtle: what replaces a match takes the alignment of the match's last character
            first = next(iter(pattern.spans(text)), (1, 1))
            return not (first[0] == 0 and (first[1] >= 2 or (first[1] == 1 and not content)))

        run = _Shown(lambda t: pattern.sub(t, content), pattern.pattern, content, keeps_start)
        return [(kind, run)]
    raise _unsupported("normalizer", kind)


# --------------------------------------------------------------------------------------
# Pre-tokenizers: each maps (piece, piece_starts_the_text) -> pieces
# --------------------------------------------------------------------------------------

Splitter = tuple[str, Callable[[str, bool], list[str]], bool]  # (name, split, maps_bytes)


def _split_by(text: str, is_delim: Callable[[str], bool], behavior: str) -> list[str]:
    """The library's ``split`` on a character class: (text span, is_match) then a behaviour."""
    spans: list[tuple[int, int, bool]] = []
    for i, ch in enumerate(text):
        spans.append((i, i + 1, is_delim(ch)))
    return _behave(text, _coalesce(spans), behavior)


def _coalesce(spans: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Join neighbouring non-matches (a character class matches one character at a time)."""
    out: list[tuple[int, int, bool]] = []
    for start, end, match in spans:
        if out and not match and not out[-1][2]:
            out[-1] = (out[-1][0], end, False)
        else:
            out.append((start, end, match))
    return out


def _regex_spans(text: str, pattern: OnigurumaPattern, invert: bool) -> list[tuple[int, int, bool]]:
    spans: list[tuple[int, int, bool]] = []
    prev = 0
    for start, end in pattern.spans(text):
        if prev != start:
            spans.append((prev, start, False))
        spans.append((start, end, True))
        prev = end
    if prev != len(text):
        spans.append((prev, len(text), False))
    return [(a, b, match != invert) for a, b, match in spans]


def _behave(text: str, spans: list[tuple[int, int, bool]], behavior: str) -> list[str]:
    out: list[tuple[int, int]] = []
    if behavior == "Removed":
        out = [(a, b) for a, b, match in spans if not match]
    elif behavior == "Isolated":
        out = [(a, b) for a, b, _ in spans]
    elif behavior == "Contiguous":
        # subtle: neighbours of the same kind join, non-matches too (only an inverted
        # pattern puts two side by side: "aa" split on "a", inverted, stays one piece)
        last_match = False
        for a, b, match in spans:
            if match == last_match and out:
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
            last_match = match
    elif behavior == "MergedWithPrevious":
        last_match = False
        for a, b, match in spans:
            if match and not last_match and out:
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
            last_match = match
    elif behavior == "MergedWithNext":
        last_match = False
        rev: list[tuple[int, int]] = []
        for a, b, match in reversed(spans):
            if match and not last_match and rev:
                rev[-1] = (a, rev[-1][1])
            else:
                rev.append((a, b))
            last_match = match
        out = rev[::-1]
    else:
        raise _unsupported("pre-tokenizer", "Split", "behavior", behavior=behavior)  # unreachable
    return [text[a:b] for a, b in out if b > a]


_BEHAVIORS = ("Removed", "Isolated", "Contiguous", "MergedWithPrevious", "MergedWithNext")


def _behavior(node: Mapping[str, Any], kind: str) -> str:
    """A ``Split``'s or ``Punctuation``'s behaviour, refused when it is none of the library's.

    Example:
        >>> _behavior({"behavior": "Removed"}, "Split")
        'Removed'
    """
    behavior = str(node.get("behavior", "Isolated"))
    if behavior not in _BEHAVIORS:
        raise _unsupported("pre-tokenizer", kind, "behavior", behavior=behavior)
    return behavior


_GPT2 = OnigurumaPattern(
    r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
)


def _byte_level(node: Mapping[str, Any]) -> Callable[[str, bool], list[str]]:
    prefix = bool(node.get("add_prefix_space", True))
    use_regex = bool(node.get("use_regex", True))

    def run(text: str, _first: bool) -> list[str]:
        if prefix and not text.startswith(" "):
            text = " " + text
        if not use_regex:
            return [text] if text else []
        # the library runs GPT-2's pattern with Oniguruma, so its Unicode tables decide
        return [text[a:b] for a, b in _GPT2.spans(text) if b > a]

    return run


def _metaspace(node: Mapping[str, Any]) -> Callable[[str, bool], list[str]]:
    rep = str(node.get("replacement", "▁"))
    scheme = node.get("prepend_scheme")
    if scheme is None:
        scheme = "always" if node.get("add_prefix_space", True) else "never"
    split = bool(node.get("split", True))

    def run(text: str, first: bool) -> list[str]:
        bounds.produce(len(text) + text.count(" ") * (len(rep) - 1) + len(rep), "Metaspace")
        text = text.replace(" ", rep)
        if (scheme == "always" or (scheme == "first" and first)) and not text.startswith(rep):
            text = rep + text
        if not split:
            return [text] if text else []
        return _split_by(text, lambda c: c == rep, "MergedWithNext")

    return run


def _is_word(ch: str) -> bool:
    """The library's ``\\w`` (its ``regex`` crate's Unicode tables, :mod:`~.unicode_tables`)."""
    return is_word(ch)


def _whitespace(text: str, _first: bool) -> list[str]:
    """The Whitespace pre-tokenizer, ``\\w+|[^\\w\\s]+``: word runs and symbol runs."""
    out: list[str] = []
    kinds = ["w" if _is_word(c) else "s" if _is_ws(c) else "p" for c in text]
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and kinds[j] == kinds[i]:
            j += 1
        if kinds[i] != "s":
            out.append(text[i:j])
        i = j
    return out


def _splitters(node: Any) -> list[Splitter]:
    if node is None:
        return []
    if not isinstance(node, Mapping):
        raise _unsupported("pre-tokenizer", type(node).__name__, "not_an_object")
    kind = str(node.get("type"))
    if kind == "Sequence":
        return [s for part in node.get("pretokenizers") or [] for s in _splitters(part)]
    if kind == "ByteLevel":
        return [(kind, _byte_level(node), True)]
    if kind == "Metaspace":
        return [(kind, _metaspace(node), False)]
    if kind == "WhitespaceSplit":
        return [(kind, lambda t, _f: _split_by(t, _is_ws, "Removed"), False)]
    if kind == "Whitespace":
        return [(kind, _whitespace, False)]
    if kind == "BertPreTokenizer":

        def bert(text: str, _first: bool) -> list[str]:
            words = _split_by(text, _is_ws, "Removed")
            return [p for w in words for p in _split_by(w, _is_punct, "Isolated")]

        return [(kind, bert, False)]
    if kind == "Punctuation":
        behavior = _behavior(node, kind)
        return [(kind, lambda t, _f: _split_by(t, _is_punct, behavior), False)]
    if kind == "Digits":
        behavior = "Isolated" if node.get("individual_digits") else "Contiguous"
        return [(kind, lambda t, _f: _split_by(t, _is_numeric, behavior), False)]
    if kind == "Split":
        pattern = _pattern(node, "pre-tokenizer")
        behavior, invert = _behavior(node, kind), bool(node.get("invert"))
        run = _Shown(
            lambda t, _f: _behave(t, _regex_spans(t, pattern, invert), behavior), pattern.pattern
        )
        return [(kind, run, False)]
    raise _unsupported("pre-tokenizer", kind)


def _is_numeric(ch: str) -> bool:
    return is_numeric(ch)


def _lower(text: str) -> str:
    """``Lowercase``: each character alone, with the library's case tables."""
    return lower(text)


# --------------------------------------------------------------------------------------
# Models
# --------------------------------------------------------------------------------------


@dataclass
class _Bpe:
    vocab: dict[str, int]
    merges: dict[tuple[int, int], tuple[int, int]]  # (left id, right id) -> (rank, new id)
    unk: str | None = None
    prefix: str | None = None
    suffix: str | None = None
    fuse_unk: bool = False
    byte_fallback: bool = False
    ignore_merges: bool = False
    names: dict[int, str] = field(default_factory=dict)


@dataclass
class _WordPiece:
    vocab: dict[str, int]
    unk: str
    prefix: str = "##"
    max_chars: int = 100


@dataclass
class _Unigram:
    pieces: list[tuple[str, float]]
    vocab: dict[str, int]
    unk_id: int | None
    byte_fallback: bool
    by_first: dict[str, list[tuple[str, int]]]
    min_score: float


@dataclass(frozen=True)
class _Added:
    content: str
    id: int
    single_word: bool
    lstrip: bool
    rstrip: bool
    normalized: bool
    special: bool = False
    pattern: str = ""  # the text searched for: the content, normalised for a normalized token


_AddedIndex = tuple[dict[str, _Added], list[int]]


def _added_index(tokens: Sequence[_Added]) -> _AddedIndex | None:
    """The library's search for added tokens, as a table: the text each token searches for
    (its ``pattern``) with the first token that searches it, and their lengths, longest first.

    ``tokens`` come in the library's order (special tokens first, each in the file's order);
    of two tokens searching the same text, the first wins. A position is tried once per
    length, not once per token, and no pattern is compiled: 400,000 special tokens took 28 s
    per trace, and as one regular expression, gigabytes to compile.

    Example:
        >>> a, b = (_Added("<s>", n, False, False, False, False, pattern="<s>") for n in (1, 2))
        >>> first, lengths = _added_index([a, b])
        >>> first["<s>"].id, lengths
        (1, [3])
    """
    first: dict[str, _Added] = {}
    for token in tokens:
        if token.pattern:
            first.setdefault(token.pattern, token)
    if not first:
        return None
    return first, sorted({len(c) for c in first}, reverse=True)


class Pretrained:
    """A loaded tokenizer: its pipeline and model, ready to :meth:`trace` a text.

    Attributes:
        kind: ``"BPE"``, ``"WordPiece"`` or ``"Unigram"``.
        source: What was read, in words (``"tokenizer.json"``, ``"BERT vocab.txt"``, ...).
        vocab_size: Entries in the model's vocabulary.
        merges: The number of BPE merges (0 for the other models).
        normalizer_names: The normalizer components, in order.
        splitter_names: The pre-tokenizer components, in order.
        byte_level: Whether a ByteLevel pre-tokenizer maps bytes to characters.
        notes: Things to know that do not change the tokens (post-processor, truncation, the
            pipeline a bare vocabulary is read with): each a :class:`~subword_core.corpus.Note`,
            the English sentence with a ``code`` and ``values`` for a program that words it.

    Example:
        >>> tok = load({"vocab.txt": "[UNK]\\nun\\n##happy\\n##ness\\nhappy"})
        >>> tok.trace("Unhappiness").tokens
        ('[UNK]',)
        >>> tok.trace("unhappy").tokens
        ('un', '##happy')
    """

    def __init__(
        self,
        model: _Bpe | _WordPiece | _Unigram,
        *,
        source: str,
        normalizers: list[Normalizer],
        splitters: list[Splitter],
        added: list[_Added],
        notes: list[Note],
    ) -> None:
        self._model = model
        self.kind = {_Bpe: "BPE", _WordPiece: "WordPiece", _Unigram: "Unigram"}[type(model)]
        self.source = source
        self._normalizers = normalizers
        self._splitters = splitters
        # the library searches the normalised form of a normalized token in normalised text
        ordered = sorted(added, key=lambda a: not a.special)
        self._added = [
            replace(a, pattern=self._normalize_text(a.content) if a.normalized else a.content)
            for a in ordered
        ]
        self._matchers = {  # built once per file
            flag: _added_index([a for a in self._added if a.normalized == flag])
            for flag in (False, True)
        }
        self.notes = notes
        self.normalizer_names = tuple(n for n, _ in normalizers)
        self.splitter_names = tuple(n for n, _, _ in splitters)
        self.byte_level = any(b for _, _, b in splitters)
        self.vocab_size = len(model.vocab)
        self.merges = len(model.merges) if isinstance(model, _Bpe) else 0
        self.added_tokens = tuple(a.content for a in sorted(added, key=lambda a: -len(a.content)))

    # -- the pipeline --------------------------------------------------------------------

    def _normalize_text(self, text: str) -> str:
        """``text`` through every normalizer component (a normalized token's content)."""
        for _name, func in self._normalizers:
            text = func(text)
        return text

    def _cut_added(
        self, pieces: list[tuple[str, _Added | None, bool]], normalized: bool
    ) -> list[tuple[str, _Added | None, bool]]:
        matcher = self._matchers[normalized]
        if matcher is None:
            return pieces
        out: list[tuple[str, _Added | None, bool]] = []
        for text, added, first in pieces:
            if added is not None:
                out.append((text, added, first))
                continue
            out.extend(_find_added(text, matcher, first))
        return out

    @property
    def unk_id(self) -> int | None:
        """The unknown token's id (the id of a piece the model has no entry for), or ``None``.

        Example:
            >>> load({"x.vocab": "<unk>\\t0\\n▁a\\t-1"}).unk_id
            0
        """
        model = self._model
        if isinstance(model, _Unigram):
            return model.unk_id
        return model.vocab.get(model.unk) if model.unk is not None else None

    def trace(self, text: str, *, bounds: Bounds | None = None) -> Trace:
        """Encode ``text`` as the ``tokenizers`` library does, keeping every step.

        Special tokens are matched, but the post-processor's ``[CLS]``/``[SEP]`` or ``<s>``
        are not added (``encode(text, add_special_tokens=False)``).

        Args:
            text: The text to encode.
            bounds: The work and memory the trace may take
                (:class:`~subword_core.bounds.Bounds`; the defaults when ``None``).

        Returns:
            The :class:`Trace`.

        Raises:
            PretrainedError: When the file cannot encode the text (e.g. an unknown character
                and no unknown token), as the library would fail.
            BoundError: When the file asks for more work or memory than ``bounds`` allow
                (:class:`~subword_core.bounds.BoundError`, with a code and values).

        Example:
            >>> tok = load({"x.vocab": "<unk>\\t0\\n▁a\\t-1\\nb\\t-2\\n▁\\t-3"})
            >>> tok.trace("ab a").tokens
            ('▁a', 'b', '▁a')
        """
        try:
            with _bounds_in_force(bounds, len(text)) as meter:
                return self._traced(text, StepList(meter), meter)
        except BoundError as err:  # one error type for the caller: the file asks too much
            raise PretrainedError(err.message, err.code or "bound", err.values) from None

    def _traced(self, text: str, steps: list[Step], meter: Meter) -> Trace:
        """:meth:`trace` with its steps kept in ``steps`` and the work counted by ``meter``."""
        pieces: list[tuple[str, _Added | None, bool]] = [(text, None, True)] if text else []
        if self._added:
            pieces = self._cut_added(pieces, normalized=False)
        for name, func in self._normalizers:
            meter.stage(name)
            before = tuple(p for p, a, _ in pieces if a is None)
            # subtle: a piece still "starts the text" (Metaspace's prepend_scheme "first")
            # only while its first character survives: the library checks the offset in the
            # original text of what is left, so a stripped leading space moves it off 0
            pieces = [
                (p, a, f)
                if a is not None
                else (func(p), a, f and bool(p) and _keeps_start(func, p))
                for p, a, f in pieces
            ]
            after = tuple(p for p, a, _ in pieces if a is None)
            meter.stage(name)
            meter.produce(sum(map(len, after)))  # NFKC, Lowercase … grow a text too
            replaced = func.replacements(before) if isinstance(func, _Precompiled) else ()
            shown = (func.pattern, func.content) if isinstance(func, _Shown) else ("", "")
            steps.append(NormalizeStep(name, before, after, replaced, *shown))
        if self._added:
            pieces = self._cut_added(pieces, normalized=True)
        pieces = [p for p in pieces if p[0]]
        if any(a is not None for _, a, _ in pieces):
            steps.insert(0, AddedTokensStep(tuple((p, a is not None) for p, a, _ in pieces)))
        # each pre-tokenizer component splits the words further; added tokens stay whole
        words: list[tuple[str, _Added | None, bool]] = pieces
        for name, func, _bytes in self._splitters:
            meter.stage(name)
            before = tuple(w for w, a, _ in words if a is None)
            new: list[tuple[str, _Added | None, bool]] = []
            for w, a, first in words:
                if a is not None:
                    new.append((w, a, first))
                else:
                    new.extend((p, None, first and i == 0) for i, p in enumerate(func(w, first)))
            words = new
            after = tuple(w for w, a, _ in words if a is None)
            steps.append(SplitStep(name, before, after, _Shown.pattern_of(func)))
        tokens: list[str] = []
        ids: list[int] = []
        word_texts: list[str] = []
        for w, a, _ in words:
            index = len(word_texts)
            word_texts.append(w)
            if a is not None:
                # the matched text: normalised, with the whitespace lstrip/rstrip took
                tokens.append(w)
                ids.append(a.id)
                continue
            if self.byte_level:
                data = w.encode("utf-8")
                mapped = "".join(BYTE_TO_UNICODE[b] for b in data)
                steps.append(ByteMapStep(w, data, mapped, index))
                w = mapped
                word_texts[index] = w
            pairs = self._encode_word(w, index, steps)
            tokens.extend(t for t, _ in pairs)
            ids.extend(i for _, i in pairs)
        steps.append(ResultStep(tuple(tokens), tuple(ids)))
        return Trace(text, tuple(word_texts), tuple(steps), tuple(tokens), tuple(ids))

    def _encode_word(self, word: str, index: int, steps: list[Step]) -> list[tuple[str, int]]:
        model = self._model
        if not word:
            return []
        if isinstance(model, _Bpe):
            return _bpe_word(model, word, index, steps)
        if isinstance(model, _WordPiece):
            return _wordpiece_word(model, word, index, steps)
        return _unigram_word(model, word, index, steps)


def _keeps_start(func: Callable[[str], str], text: str) -> bool:
    """Whether the first character ``func`` leaves of ``text`` comes from its first character.

    A character-by-character normalizer keeps it unless it deletes that character; a
    ``Replace`` loses it when a match at the start is deleted, or is longer than one
    character (the library aligns the replacement with the match's last character).

    Example:
        >>> _keeps_start(str.strip, " a"), _keeps_start(str.strip, "a ")
        (False, True)
    """
    if isinstance(func, _Shown) and func.keeps_start is not None:
        return func.keeps_start(text)
    return func(text[0]) != ""


def _find_added(
    text: str, matcher: _AddedIndex, first: bool
) -> list[tuple[str, _Added | None, bool]]:
    """Cut ``text`` at the added tokens, as the library's ``find_matches`` does.

    Leftmost match first, the longest there; a ``single_word`` match inside a word is skipped
    whole (the search goes on after it); ``lstrip``/``rstrip`` take the whitespace beside the
    token into its string. subtle: the search goes on after the match, not after the
    whitespace ``rstrip`` took, so a next token starting with a space overlaps it, as in
    the library (``"<a> <b>"`` gives ``"<a> "`` and ``" <b>"``).

    Example:
        >>> token = _Added("<x>", 5, False, True, True, False, pattern="<x>")
        >>> cut = _find_added("a <x> b", _added_index([token]), True)
        >>> [(p, a is not None) for p, a, _ in cut]
        [('a', False), (' <x> ', True), ('b', False)]
    """
    first_of, lengths = matcher
    out: list[tuple[str, _Added | None, bool]] = []
    done, i, n = 0, 0, len(text)
    bounds.current().spend(n * sum(k for k in lengths if k <= n), "special tokens")
    while i < n:
        # leftmost first, the longest there: each length looked up once at each position
        match = next((a for k in lengths if (a := first_of.get(text[i : i + k]))), None)
        if match is None:
            i += 1
            continue
        start, stop = i, i + len(match.pattern)
        i = stop  # the search goes on after the match (also after a skipped one)
        if match.single_word and not (
            (start == 0 or not is_word(text[start - 1])) and (stop == n or not is_word(text[stop]))
        ):
            continue
        if match.lstrip:
            while start > 0 and _is_ws(text[start - 1]):
                start -= 1
            start = max(start, done)
        if match.rstrip:
            while stop < n and _is_ws(text[stop]):
                stop += 1
        if start > done:
            out.append((text[done:start], None, first and done == 0))
        out.append((text[start:stop], match, first and start == 0))
        done = stop
    if done != n:
        out.append((text[done:], None, first and done == 0))
    return out


def _is_word_char(ch: str) -> bool:
    """A ``single_word`` token's boundary: the library's ``\\w`` (not ``str.isalnum``)."""
    return is_word(ch)


# -- BPE ---------------------------------------------------------------------------------


def _bpe_word(model: _Bpe, word: str, index: int, steps: list[Step]) -> list[tuple[str, int]]:
    """BPE on one word, in the library's stages: start symbols, rank candidates, merge, record.

    Example:
        >>> model = _bpe_model({"vocab": {"l": 0, "o": 1, "w": 2, "lo": 3, "low": 4},
        ...                     "merges": ["l o", "lo w"]}, "x")
        >>> steps = []
        >>> _bpe_word(model, "low", 0, steps)
        [('low', 4)]
        >>> [type(s).__name__ for s in steps]
        ['BpeStartStep', 'MergeStep', 'MergeStep']
    """
    if model.ignore_merges and word in model.vocab:
        steps.append(WholeWordStep(index, word))
        return [(word, model.vocab[word])]
    ids, unknown, fallback = _bpe_start(model, word)
    names, merges = model.names, model.merges
    steps.append(
        BpeStartStep(
            index,
            word,
            tuple(names[i] for i in ids),
            tuple(unknown),
            tuple(fallback),
            _candidates(ids, merges, names),
        )
    )
    chain = _Chain.of(ids)
    queue = _bpe_queue(chain, merges)
    while (best := _bpe_best(chain, merges, queue)) is not None:
        steps.append(_bpe_merge(chain, merges, names, index, *best))
        _bpe_requeue(chain, merges, queue, best[1])
    return [(names[i], i) for i in _alive_ids(chain.ids, chain.nxt)]


def _bpe_start(model: _Bpe, word: str) -> tuple[list[int], list[str], list[str]]:
    """Stage 1, start symbols: one id per character (prefix and suffix added, unknowns fused).

    Returns the ids, the characters not in the vocabulary, and those written as ``<0xXX>``
    byte tokens instead.

    Example:
        >>> model = _bpe_model({"vocab": {"a": 0, "##b": 1, "<unk>": 2}, "merges": [],
        ...                     "continuing_subword_prefix": "##", "unk_token": "<unk>"}, "x")
        >>> _bpe_start(model, "abz")
        ([0, 1, 2], ['##z'], [])
    """
    ids: list[int] = []
    unknown: list[str] = []
    fallback: list[str] = []
    pending_unk: int | None = None
    unk_id = None
    if model.unk is not None:
        unk_id = model.vocab.get(model.unk)
    last = len(word) - 1
    for i, ch in enumerate(word):
        s = ch
        if i > 0 and model.prefix:
            s = model.prefix + s
        if i == last and model.suffix:
            s = s + model.suffix
        if s in model.vocab:
            if pending_unk is not None:
                ids.append(pending_unk)
                pending_unk = None
            ids.append(model.vocab[s])
            continue
        if model.byte_fallback:
            codes = [f"<0x{b:02X}>" for b in s.encode("utf-8")]
            if all(c in model.vocab for c in codes):
                ids.extend(model.vocab[c] for c in codes)
                fallback.append(s)
                continue
        unknown.append(s)
        if model.unk is None:
            continue
        if unk_id is None:
            raise PretrainedError(
                f"The unknown token {model.unk!r} is not in the vocabulary, so the library "
                "cannot encode a character it does not know.",
                code="unk_not_in_vocab",
                values={"unk": model.unk},
            )
        if pending_unk is not None and not model.fuse_unk:
            ids.append(pending_unk)
        pending_unk = unk_id
    if pending_unk is not None:
        ids.append(pending_unk)
    return ids, unknown, fallback


@dataclass
class _Chain:
    """A word's symbols as a linked list (the library's ``merge_all``): merging is O(1).

    ``ids[i]`` is the symbol at slot ``i``; ``nxt``/``prv`` link the alive slots (``-1``: none).
    """

    ids: list[int]
    nxt: list[int]
    prv: list[int]
    alive: list[bool]

    @classmethod
    def of(cls, ids: list[int]) -> _Chain:
        """The chain of ``ids``, every slot alive.

        Example:
            >>> _Chain.of([7, 8, 9]).nxt
            [1, 2, -1]
        """
        n = len(ids)
        return cls(
            ids,
            [i + 1 if i + 1 < n else -1 for i in range(n)],
            [i - 1 for i in range(n)],
            [True] * n,
        )


_Queue = list[tuple[int, int, int]]
"""A heap of ``(rank, slot, new id)``: the merge candidates, the lowest rank (leftmost) first."""


def _bpe_queue(chain: _Chain, merges: Mapping[tuple[int, int], tuple[int, int]]) -> _Queue:
    """Stage 2, rank candidates: every adjacent pair that has a merge, by rank then position.

    Example:
        >>> _bpe_queue(_Chain.of([0, 1, 0, 1]), {(0, 1): (5, 2), (1, 0): (3, 4)})
        [(3, 1, 4), (5, 0, 2), (5, 2, 2)]
    """
    queue = [
        (merges[pair][0], i, merges[pair][1])
        for i, pair in enumerate(itertools.pairwise(chain.ids))
        if pair in merges
    ]
    heapq.heapify(queue)
    return queue


def _bpe_best(
    chain: _Chain, merges: Mapping[tuple[int, int], tuple[int, int]], queue: _Queue
) -> tuple[int, int, int] | None:
    """The next merge to apply, ``(rank, slot, new id)``, or ``None`` when none is left.

    A stale entry (one of its sides merged since it was queued) is skipped when it comes up.

    Example:
        >>> chain = _Chain.of([0, 1])
        >>> _bpe_best(chain, {(0, 1): (0, 2)}, _bpe_queue(chain, {(0, 1): (0, 2)}))
        (0, 0, 2)
    """
    while queue:
        rank, pos, new = heapq.heappop(queue)
        if not chain.alive[pos] or chain.nxt[pos] == -1:
            continue
        found = merges.get((chain.ids[pos], chain.ids[chain.nxt[pos]]))
        if found is None or found[1] != new:
            continue
        return rank, pos, new
    return None


def _bpe_merge(
    chain: _Chain,
    merges: Mapping[tuple[int, int], tuple[int, int]],
    names: Mapping[int, str],
    index: int,
    rank: int,
    pos: int,
    new: int,
) -> MergeStep:
    """Stages 3 and 4, merge and record: join slot ``pos`` with its right neighbour.

    Example:
        >>> chain, names = _Chain.of([0, 1, 2]), {0: "l", 1: "o", 2: "w", 3: "lo"}
        >>> step = _bpe_merge(chain, {(0, 1): (0, 3)}, names, 0, 0, 0, 3)
        >>> step.before, step.after, step.candidates
        (('l', 'o', 'w'), ('lo', 'w'), (('l', 'o', 0),))
    """
    ids, nxt, prv = chain.ids, chain.nxt, chain.prv
    right = nxt[pos]
    before = _alive(ids, nxt, names)
    candidates = _candidates(_alive_ids(ids, nxt), merges, names)
    position = len(_walk(nxt, pos)) - 1  # the left symbol's index among the alive ones
    left_name, right_name = names[ids[pos]], names[ids[right]]
    ids[pos] = new
    chain.alive[right] = False
    nxt[pos] = nxt[right]
    if nxt[right] != -1:
        prv[nxt[right]] = pos
    after = _alive(ids, nxt, names)
    return MergeStep(
        index, rank, left_name, right_name, names[new], position, before, after, candidates
    )


def _bpe_requeue(
    chain: _Chain, merges: Mapping[tuple[int, int], tuple[int, int]], queue: _Queue, pos: int
) -> None:
    """After a merge at ``pos``, queue the new pairs it forms with its neighbours.

    Example:
        >>> chain, queue = _Chain.of([3, 2]), []
        >>> _bpe_requeue(chain, {(3, 2): (1, 4)}, queue, 0)
        >>> queue
        [(1, 0, 4)]
    """
    ids, nxt, prv = chain.ids, chain.nxt, chain.prv
    if prv[pos] >= 0:
        pair = (ids[prv[pos]], ids[pos])
        if pair in merges:
            r, nw = merges[pair]
            heapq.heappush(queue, (r, prv[pos], nw))
    if nxt[pos] != -1:
        pair = (ids[pos], ids[nxt[pos]])
        if pair in merges:
            r, nw = merges[pair]
            heapq.heappush(queue, (r, pos, nw))


def _walk(nxt: list[int], stop: int) -> list[int]:
    """Positions from the first alive symbol (0) up to and including ``stop``."""
    out, i = [0], 0
    while i != stop:
        i = nxt[i]
        out.append(i)
    return out


def _alive_ids(ids: list[int], nxt: list[int]) -> list[int]:
    out, i = [], 0 if ids else -1
    while i != -1:
        out.append(ids[i])
        i = nxt[i]
    return out


def _alive(ids: list[int], nxt: list[int], names: Mapping[int, str]) -> tuple[str, ...]:
    return tuple(names[i] for i in _alive_ids(ids, nxt))


def _candidates(
    ids: Sequence[int], merges: Mapping[tuple[int, int], tuple[int, int]], names: Mapping[int, str]
) -> tuple[tuple[str, str, int], ...]:
    return tuple(
        (names[a], names[b], merges[(a, b)][0])
        for a, b in itertools.pairwise(ids)
        if (a, b) in merges
    )


# -- WordPiece ---------------------------------------------------------------------------


def _wordpiece_word(
    model: _WordPiece, word: str, index: int, steps: list[Step]
) -> list[tuple[str, int]]:
    unk_id = model.vocab.get(model.unk)

    def unk() -> list[tuple[str, int]]:
        if unk_id is None:
            raise PretrainedError(
                f"The unknown token {model.unk!r} is not in the vocabulary, so the library "
                f"cannot encode {word!r}.",
                code="unk_not_in_vocab",
                values={"unk": model.unk},
            )
        return [(model.unk, unk_id)]

    if len(word) > model.max_chars:
        steps.append(WordPieceStep(index, word, 0, (), None, too_long=True))
        return unk()
    out: list[tuple[str, int]] = []
    start = 0
    while start < len(word):
        tries: list[tuple[str, bool]] = []
        found = None
        for end in range(len(word), start, -1):
            prefix = model.prefix if start > 0 else ""
            bounds.charge(steps, len(prefix) + end - start + 1, "WordPiece's tries")
            candidate = prefix + word[start:end]
            hit = candidate in model.vocab
            tries.append((candidate, hit))
            if hit:
                found = (candidate, end)
                break
        steps.append(WordPieceStep(index, word, start, tuple(tries), found and found[0]))
        if found is None:
            return unk()
        out.append((found[0], model.vocab[found[0]]))
        start = found[1]
    return out


# -- Unigram -----------------------------------------------------------------------------


def _unigram_reach(model: _Unigram, word: str) -> list[int]:
    """For each position of ``word``, how many characters a piece starting there may have
    (at most the longest piece with that first letter, in UTF-8 bytes, and what is left).

    Example:
        >>> _unigram_reach(_make_unigram([("ab", -1.0), ("b", -2.0)], None, False), "abc")
        [2, 1, 0]
    """
    by_first, n = model.by_first, len(word)
    longest = {c: len(entries[-1][0].encode()) for c in set(word) if (entries := by_first.get(c))}
    return [min(longest.get(c, 0), n - i) for i, c in enumerate(word)]


def _unigram_word(
    model: _Unigram, word: str, index: int, steps: list[Step]
) -> list[tuple[str, int]]:
    n = len(word)
    reach = _unigram_reach(model, word)
    bounds.charge(steps, sum(m * (m + 1) // 2 for m in reach), "Unigram pieces")
    unk_score = model.min_score - UNK_PENALTY
    # best[end] = (score, start, id or -1 for unknown); None: no path yet
    best: list[tuple[float, int, int] | None] = [None] * (n + 1)
    best[0] = (0.0, 0, -2)
    for start in range(n):
        here = best[start]
        base = here[0] if here is not None else 0.0
        rows: list[tuple[str, int, float, float, bool, bool]] = []
        single = False
        # subtle: the pieces that start here, shortest first as the library's trie yields
        # them, found by looking each length up (not by trying every piece with this letter)
        for end in range(start + 1, start + reach[start] + 1):
            piece = word[start:end]
            pid = model.vocab.get(piece)
            if pid is None:
                continue
            score = model.pieces[pid][1]
            total = score + base
            old = best[end]
            improved = old is None or total > old[0]
            if improved:
                best[end] = (total, start, pid)
            rows.append((piece, end, score, total, improved, False))
            if len(piece) == 1:
                single = True
        if not single:
            end = start + 1
            total = unk_score + base
            old = best[end]
            improved = old is None or total > old[0]
            if improved:
                best[end] = (total, start, -1)
            rows.append((word[start], end, unk_score, total, improved, True))
        steps.append(LatticeStep(index, word, start, base, tuple(rows)))
    path: list[tuple[str, int, int, float, bool]] = []
    end = n
    while end > 0:
        node = best[end]
        assert node is not None
        _score, start, pid = node
        unk = pid == -1 or pid == model.unk_id
        score = unk_score if pid == -1 else model.pieces[pid][1]
        path.append((word[start:end], start, end, score, unk))
        end = start
    path.reverse()
    # consecutive unknown pieces are fused into one token (the library's fuse_unk)
    strings: list[tuple[str, bool]] = []
    for piece, _s, _e, _sc, unk in path:
        if unk and strings and strings[-1][1]:
            strings[-1] = (strings[-1][0] + piece, True)
        else:
            strings.append((piece, unk))
    total = best[n][0] if best[n] is not None else 0.0
    out: list[tuple[str, int]] = []
    for piece, _unk in strings:
        pid = model.vocab.get(piece)
        if pid is not None:
            out.append((piece, pid))
            continue
        if model.byte_fallback:
            codes = [f"<0x{b:02X}>" for b in piece.encode("utf-8")]
            if all(c in model.vocab for c in codes):
                out.extend((c, model.vocab[c]) for c in codes)
                continue
        if model.unk_id is None:
            raise PretrainedError(
                f"{piece!r} is in no piece of the vocabulary and the file names no unknown "
                "token, so the library cannot encode it.",
                code="no_unk_id",
                values={"piece": piece},
            )
        out.append((piece, model.unk_id))
    steps.append(PathStep(index, word, tuple(path), total, tuple(t for t, _ in out)))
    return out


# --------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------


def _bad(message: str, code: str, **values: object) -> PretrainedError:
    return PretrainedError(message, code=code, values=values)


_FORMATS = (
    "a Hugging Face tokenizer.json, a BERT vocab.txt, GPT-2's vocab.json together with "
    "merges.txt, or a sentencepiece .vocab"
)


def _looks_utf16(head: bytes) -> bool:
    """Whether ``head`` is UTF-16 text without a byte-order mark (mostly ASCII, so nearly
    every other byte is NUL).

    Example:
        >>> _looks_utf16('{"model": 1}'.encode("utf-16-le")), _looks_utf16(b"{}")
        (True, False)
    """
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return max(even.count(0), odd.count(0)) >= 0.9 * len(odd)


def _text(name: str, data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or _looks_utf16(data[:4096]):
        raise _bad(
            f"{name} is UTF-16 text, not UTF-8: the tokenizers library reads UTF-8 only. Save "
            f"it as UTF-8 (most editors offer it under “Save as”). This page reads {_FORMATS}.",
            "not_utf8",
            file=name,
            offset=0,
        )
    if b"\x00" in data[:4096]:
        hint = (
            " It looks like a sentencepiece .model (a binary file): upload its .vocab instead."
            if name.endswith(".model")
            else ""
        )
        raise _bad(
            f"{name} is a binary file, not a tokenizer file.{hint} This page reads {_FORMATS}.",
            "binary",
            file=name,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise _bad(
            f"{name} is not UTF-8 text (byte {err.start:,} cannot be read). This page reads "
            f"{_FORMATS}.",
            "not_utf8",
            file=name,
            offset=err.start,
        ) from None


_U64 = 2**64 - 1
_POW10 = [float(f"1e{k}") for k in range(309)]


def _overflows(value: int, digit: int, limit: int = _U64) -> bool:
    return value >= limit // 10 and (value > limit // 10 or digit > limit % 10)


def _library_float(text: str) -> float:
    """A JSON number read as the library's JSON reader (serde_json) reads it.

    Python's ``float`` rounds correctly; serde_json gathers the digits in a 64-bit integer
    (ignoring those past its capacity) and scales it by one power of ten, which lands one unit
    in the last place off for some 17-digit scores, so exact ties in a Unigram lattice break
    otherwise. Up to 15 digits both are exact.

    Example:
        >>> _library_float("-0.5"), _library_float("-1e-3")
        (-0.5, -0.001)
        >>> _library_float("-9.3457680514591484") == float("-9.3457680514591484")
        False
    """
    mantissa, _, exp_text = text.lower().partition("e")
    if not exp_text and len(mantissa) <= 16 and len(mantissa.partition(".")[2]) <= 22:
        return float(text)
    positive = not mantissa.startswith("-")
    whole, _, frac = mantissa.lstrip("-").partition(".")
    significand = exponent = 0
    full = False
    for ch in whole:
        digit = ord(ch) - 48
        if full or _overflows(significand, digit):
            full = True
            exponent += 1  # a digit past the integer's capacity only scales
        else:
            significand = significand * 10 + digit
    for ch in frac:
        digit = ord(ch) - 48
        full = full or _overflows(significand, digit)
        if not full:
            significand = significand * 10 + digit
            exponent -= 1
    if exp_text:
        negative = exp_text.startswith("-")
        exp = 0
        for ch in exp_text.lstrip("+-"):
            if _overflows(exp, ord(ch) - 48, 2**31 - 1):
                big = 0.0 if significand == 0 or negative else math.inf
                return big if positive else -big
            exp = exp * 10 + ord(ch) - 48
        exponent += -exp if negative else exp
    value = float(significand)
    while abs(exponent) >= len(_POW10) and value != 0.0 and exponent < 0:
        value /= 1e308
        exponent += 308
    if abs(exponent) < len(_POW10):
        power = _POW10[abs(exponent)]
        value = value * power if exponent >= 0 else value / power
    elif value != 0.0:
        value = math.inf
    return value if positive else -value


def load(files: Mapping[str, bytes | str]) -> Pretrained:
    """Read a tokenizer from one or two files, by content (the names only help the messages).

    Args:
        files: ``{file name: content}``: one ``tokenizer.json``, ``vocab.txt`` or ``.vocab``,
            or a GPT-2 ``vocab.json`` and ``merges.txt``.

    Returns:
        The :class:`Pretrained` tokenizer.

    Raises:
        PretrainedError: When the files are none of these, or use a component that cannot
            be replayed exactly; ``code`` names the problem.

    Example:
        >>> try:
        ...     load({"notes.txt": "hello world, this is prose"})
        ... except PretrainedError as err:
        ...     print(err.code)
        not_a_tokenizer
    """
    if not files:
        raise _bad(f"No file given. Upload {_FORMATS}.", "no_file")
    texts = {name: _text(name, data) for name, data in files.items()}
    jsons: dict[str, Any] = {}
    for name, text in texts.items():
        if text.lstrip().startswith("{"):
            try:
                jsons[name] = json.loads(text, parse_float=_library_float)
            except RecursionError:  # nested thousands deep: no tokenizer.json is
                raise _bad(
                    f"{name} is nested too deeply to be read: a tokenizer.json is a few levels "
                    "deep.",
                    "json_too_deep",
                    file=name,
                ) from None
            except json.JSONDecodeError as err:
                raise _bad(
                    f"{name} starts like JSON but is not valid JSON (line {err.lineno}, column "
                    f"{err.colno}: {err.msg}).",
                    "bad_json",
                    file=name,
                    line=err.lineno,
                ) from None
    full = [n for n, doc in jsons.items() if isinstance(doc, dict) and "model" in doc]
    if full:
        if len(files) > 1:
            raise _bad(
                f"{full[0]} is a complete tokenizer.json: upload it alone.", "too_many_files"
            )
        return _from_tokenizer_json(jsons[full[0]], full[0])
    vocab_json = [
        n
        for n, doc in jsons.items()
        if isinstance(doc, dict) and doc and all(isinstance(v, int) for v in doc.values())
    ]
    others = [n for n in texts if n not in jsons]
    if vocab_json:
        if not others:
            raise _bad(
                f"{vocab_json[0]} is a vocabulary (token → id) without its merges: upload the "
                "matching merges.txt together with it.",
                "needs_merges",
                file=vocab_json[0],
            )
        return _from_gpt2(jsons[vocab_json[0]], texts[others[0]], others[0])
    for name in jsons:
        raise _bad(
            f"{name} is JSON but not a tokenizer: a tokenizer.json has a “model” entry, and a "
            "vocab.json maps each token to a whole number.",
            "not_a_tokenizer",
            file=name,
        )
    if len(texts) > 1:
        raise _bad(
            "Upload one file, or GPT-2's vocab.json together with its merges.txt.",
            "too_many_files",
            files=len(texts),
        )
    name, text = next(iter(texts.items()))
    lines = [line for line in text.splitlines() if line.strip()]
    if (lines and lines[0].startswith("#version")) or _looks_like_merges(lines):
        raise _bad(
            f"{name} looks like a merges.txt: upload it together with its vocab.json.",
            "needs_vocab",
            file=name,
        )
    if lines and all("\t" in line for line in lines):
        return _from_sentencepiece_vocab(text, name)
    if lines and not any(c in line for line in lines for c in " \t"):
        return _from_vocab_txt(text, name)
    raise _bad(
        f"{name} is not a tokenizer file: it is none of {_FORMATS}.",
        "not_a_tokenizer",
        file=name,
    )


def _looks_like_merges(lines: list[str]) -> bool:
    sample = lines[:50]
    return (
        len(sample) >= 2
        and all(len(line.split(" ")) == 2 for line in sample)
        and not any("\t" in line for line in sample)
    )


def _added_tokens(doc: Mapping[str, Any]) -> list[_Added]:
    out = []
    for entry in doc.get("added_tokens") or []:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("content"), str):
            continue
        out.append(
            _Added(
                entry["content"],
                entry["id"] if isinstance(entry.get("id"), int) else -1,
                bool(entry.get("single_word")),
                bool(entry.get("lstrip")),
                bool(entry.get("rstrip")),
                bool(entry.get("normalized", not entry.get("special", False))),
                bool(entry.get("special")),
            )
        )
    return out


def _from_tokenizer_json(doc: Mapping[str, Any], name: str) -> Pretrained:
    model = doc.get("model")
    if not isinstance(model, Mapping):
        raise _bad(f"{name}: its “model” entry is not an object.", "bad_model", file=name)
    kind = model.get("type")
    if kind is None:
        kind = (
            "BPE"
            if "merges" in model
            else "Unigram"
            if isinstance(model.get("vocab"), list)
            else "WordPiece"
            if "max_input_chars_per_word" in model
            else None
        )
    notes: list[Note] = []
    if kind == "BPE":
        core: _Bpe | _WordPiece | _Unigram = _bpe_model(model, name)
    elif kind == "WordPiece":
        core = _wordpiece_model(model, name)
    elif kind == "Unigram":
        core = _unigram_model(model, name)
    else:
        raise _bad(
            f"{name} uses the model “{kind}”; this page traces BPE, WordPiece and Unigram.",
            "unsupported_model",
            model=str(kind),
        )
    post = doc.get("post_processor")
    if isinstance(post, Mapping):
        notes.append(
            Note(
                f"The post-processor ({post.get('type')}) may add special tokens such as [CLS] "
                "or <s> around the result; they are left out here, as in "
                "encode(text, add_special_tokens=False).",
                "post_processor",
                {"component": str(post.get("type"))},
            )
        )
    if doc.get("truncation"):
        notes.append(
            Note("The file asks for truncation; the trace shows all tokens.", "truncation")
        )
    return Pretrained(
        core,
        source=f"tokenizer.json ({kind})",
        normalizers=_normalizers(doc.get("normalizer")),
        splitters=_splitters(doc.get("pre_tokenizer")),
        added=_added_tokens(doc),
        notes=notes,
    )


def _merge_list(merges: Any, name: str) -> list[tuple[str, str]]:
    if not isinstance(merges, list):
        raise _bad(f"{name}: the merges are not a list.", "bad_merges", file=name)
    out = []
    for number, m in enumerate(merges, start=1):
        if isinstance(m, str):
            parts = m.split(" ")
            if len(parts) != 2:
                raise _bad(
                    f"{name}: merge {number:,} ({m[:40]!r}) is not two tokens separated by one "
                    "space.",
                    "bad_merges",
                    file=name,
                    merge=number,
                )
            out.append((parts[0], parts[1]))
        elif isinstance(m, list) and len(m) == 2 and all(isinstance(p, str) for p in m):
            out.append((m[0], m[1]))
        else:
            raise _bad(
                f"{name}: merge {number:,} is not a pair of tokens.", "bad_merges", file=name
            )
    return out


def _bpe_model(model: Mapping[str, Any], name: str, *, gpt2: bool = False) -> _Bpe:
    vocab = model.get("vocab")
    if not isinstance(vocab, Mapping) or not all(isinstance(v, int) for v in vocab.values()):
        raise _bad(f"{name}: a BPE vocabulary maps each token to a number.", "bad_vocab", file=name)
    dropout = model.get("dropout")
    if dropout not in (None, 0, 0.0):
        raise _bad(
            f"{name} uses BPE-dropout ({dropout}): its merges are skipped at random, so no "
            "single trace is “the” encoding. Set dropout to null in the file to trace it.",
            "dropout",
            dropout=dropout,
        )
    vocab = {str(k): int(v) for k, v in vocab.items()}
    for key in ("unk_token", "continuing_subword_prefix", "end_of_word_suffix"):
        if not isinstance(model.get(key), str | None):
            raise _bad(f"{name}: the model's {key} is not text.", "bad_model", file=name, key=key)
    prefix = model.get("continuing_subword_prefix") or None
    merges: dict[tuple[int, int], tuple[int, int]] = {}
    cut = len(prefix.encode()) if prefix else 0
    for rank, (a, b) in enumerate(_merge_list(model.get("merges") or [], name)):
        if a not in vocab or b not in vocab:
            raise _bad(
                f"{name}: merge {rank + 1:,} ({a} {b}) uses a token that is not in the vocabulary.",
                "merge_not_in_vocab",
                merge=rank + 1,
            )
        new = a + b.encode()[cut:].decode("utf-8", "replace")
        if new not in vocab:
            raise _bad(
                f"{name}: merge {rank + 1:,} makes {new!r}, which is not in the vocabulary.",
                "merge_not_in_vocab",
                merge=rank + 1,
            )
        merges[(vocab[a], vocab[b])] = (rank, vocab[new])
    names = {v: k for k, v in vocab.items()}
    return _Bpe(
        vocab,
        merges,
        unk=model.get("unk_token"),
        prefix=prefix,
        suffix=model.get("end_of_word_suffix") or None,
        fuse_unk=bool(model.get("fuse_unk")),
        byte_fallback=bool(model.get("byte_fallback")),
        ignore_merges=bool(model.get("ignore_merges")),
        names=names,
    )


def _wordpiece_model(model: Mapping[str, Any], name: str) -> _WordPiece:
    vocab = model.get("vocab")
    if not isinstance(vocab, Mapping) or not all(isinstance(v, int) for v in vocab.values()):
        raise _bad(
            f"{name}: a WordPiece vocabulary maps tokens to numbers.", "bad_vocab", file=name
        )
    max_chars = model.get("max_input_chars_per_word", 100)
    if not isinstance(max_chars, int):
        raise _bad(
            f"{name}: max_input_chars_per_word is {str(max_chars)[:20]!r}, not a whole number.",
            "bad_model",
            file=name,
        )
    return _WordPiece(
        {str(k): int(v) for k, v in vocab.items()},
        str(model.get("unk_token", "[UNK]")),
        str(model.get("continuing_subword_prefix", "##")),
        max_chars,
    )


def _unigram_model(model: Mapping[str, Any], name: str) -> _Unigram:
    raw = model.get("vocab")
    if not isinstance(raw, list):
        raise _bad(
            f"{name}: a Unigram vocabulary is a list of [piece, score].", "bad_vocab", file=name
        )
    pieces: list[tuple[str, float]] = []
    for number, entry in enumerate(raw, start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not isinstance(entry[0], str)
            or not isinstance(entry[1], int | float)
        ):
            raise _bad(
                f"{name}: vocabulary entry {number:,} is not [piece, score].",
                "bad_vocab",
                entry=number,
            )
        pieces.append((entry[0], float(entry[1])))
    unk_id = model.get("unk_id")
    return _make_unigram(
        pieces, unk_id if isinstance(unk_id, int) else None, bool(model.get("byte_fallback"))
    )


def _make_unigram(
    pieces: list[tuple[str, float]],
    unk_id: int | None,
    byte_fallback: bool,
    hidden: frozenset[str] = frozenset(),
) -> _Unigram:
    """The Unigram model; ``hidden`` pieces keep their ids but never match text."""
    vocab: dict[str, int] = {}
    by_first: dict[str, list[tuple[str, int]]] = {}
    for pid, (piece, _score) in enumerate(pieces):
        vocab.setdefault(piece, pid)
    for piece, pid in vocab.items():
        if piece and piece not in hidden:
            by_first.setdefault(piece[0], []).append((piece, pid))
    for entries in by_first.values():
        # the library's trie yields the prefixes shortest first
        entries.sort(key=lambda e: len(e[0].encode()))
    min_score = min((s for p, s in pieces if p not in hidden), default=0.0)
    if not math.isfinite(min_score):
        raise _bad("A Unigram score is not a finite number.", "bad_vocab")
    return _Unigram(pieces, vocab, unk_id, byte_fallback, by_first, min_score)


def _from_gpt2(vocab: Mapping[str, int], merges_text: str, name: str) -> Pretrained:
    lines = merges_text.splitlines()
    if lines and lines[0].startswith("#version"):
        lines = lines[1:]
    merges = [line for line in lines if line.strip()]
    core = _bpe_model({"vocab": vocab, "merges": merges}, name)
    # GPT-2's files: byte-level pre-tokenizer, no prefix space
    return Pretrained(
        core,
        source="GPT-2 vocab.json + merges.txt",
        normalizers=[],
        splitters=_splitters({"type": "ByteLevel", "add_prefix_space": False}),
        added=[],
        notes=[
            Note(
                "vocab.json and merges.txt do not say how the text is cut, so GPT-2's "
                "byte-level rule is used, without a space added in front (as GPT2Tokenizer "
                "does).",
                "gpt2_pipeline",
            )
        ],
    )


_CASE = {
    True: "lower-casing and stripping accents",
    False: "keeping case: the vocabulary has capitals",
}


def _from_vocab_txt(text: str, name: str, lowercase: bool | None = None) -> Pretrained:
    tokens = text.splitlines()
    vocab: dict[str, int] = {}
    for i, token in enumerate(tokens):
        token = token.rstrip("\r")
        if token:
            vocab.setdefault(token, i)
    unk = next((u for u in ("[UNK]", "<unk>", "[unk]") if u in vocab), None)
    if unk is None:
        raise _bad(
            f"{name} has no line [UNK]: a BERT vocab.txt lists the unknown token. This page "
            f"reads {_FORMATS}.",
            "no_unk",
            file=name,
        )
    if lowercase is None:
        # an uncased vocabulary has no upper-case letters outside its [SPECIAL] tokens
        lowercase = not any(
            c.isupper() for t in vocab if not (t.startswith("[") and t.endswith("]")) for c in t
        )
    special = [t for t in vocab if t.startswith("[") and t.endswith("]") and t[1:-1].isupper()]
    return Pretrained(
        _WordPiece(vocab, unk),
        source="BERT vocab.txt",
        normalizers=_normalizers({"type": "BertNormalizer", "lowercase": lowercase}),
        splitters=_splitters({"type": "BertPreTokenizer"}),
        added=[_Added(t, vocab[t], False, False, False, False) for t in special],
        notes=[
            Note(
                "vocab.txt lists only the tokens, so BERT's usual pipeline is used: BERT's "
                f"normalizer ({_CASE[lowercase]}) and its whitespace-and-punctuation split.",
                "bert_pipeline",
                {"case": "lower" if lowercase else "kept"},
            )
        ],
    )


def _from_sentencepiece_vocab(text: str, name: str) -> Pretrained:
    pieces: list[tuple[str, float]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        piece, _, score = line.partition("\t")
        try:
            value = float(score)
        except ValueError:
            raise _bad(
                f"{name}, line {number:,}: the score {score[:20]!r} is not a number (a .vocab "
                "line is piece, a tab, score).",
                "bad_vocab",
                line=number,
            ) from None
        pieces.append((piece, value))
    unk_id = next((i for i, (p, _) in enumerate(pieces) if p == "<unk>"), None)
    if unk_id is None:
        raise _bad(f"{name} has no <unk> piece.", "no_unk", file=name)
    # sentencepiece's unknown and control pieces (score 0) never match text, there as here
    control = frozenset(p for p, s in pieces if p in ("<unk>", "<s>", "</s>", "<pad>") and s == 0)
    return Pretrained(
        _make_unigram(pieces, unk_id, False, control),
        source="sentencepiece .vocab (Unigram)",
        normalizers=_normalizers(
            {
                "type": "Sequence",
                "normalizers": [
                    {"type": "Nmt"},
                    {"type": "NFKC"},
                    {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
                ],
            }
        ),
        splitters=_splitters({"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always"}),
        added=[],
        notes=[
            Note(
                "A .vocab lists pieces and scores only, so it is read as a Unigram model with "
                "the pipeline of the tokenizers library's SentencePieceUnigramTokenizer: Nmt, "
                "NFKC, runs of spaces made one, and Metaspace's ▁. As in sentencepiece, <unk>, "
                "<s> and </s> are never matched in the text.",
                "sentencepiece_pipeline",
            )
        ],
    )
