"""Character classes as the ``tokenizers`` library (Rust) sees them.

The public ones are shared with the app's own pre-tokenizers (:mod:`subword_core.text.pretokenize`):
:func:`is_ws` (Unicode White_Space), :func:`is_punct` (BERT's punctuation) and
:func:`is_cjk` (BERT's CJK ideographs).

>>> is_ws("\u3000"), is_punct("!"), is_cjk("中")
(True, True, True)
"""

from __future__ import annotations

import re
import unicodedata

from subword_core.text.unicode_tables import is_numeric, is_word, lower

_WHITE_SPACE_EXTRA_NOT = frozenset("\x1c\x1d\x1e\x1f")


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


def is_ws(ch: str) -> bool:
    """Unicode White_Space (Rust's ``char::is_whitespace``).

    >>> is_ws("\u00a0"), is_ws("\x1c")
    (True, False)
    """
    return ch.isspace() and ch not in _WHITE_SPACE_EXTRA_NOT


def is_punct(ch: str) -> bool:
    """BERT's punctuation: ASCII punctuation or a Unicode ``P*`` character.

    >>> is_punct("$"), is_punct("、"), is_punct("a")
    (True, True, False)
    """
    if ch.isascii():
        return ch.isprintable() and not ch.isalnum() and ch != " "
    if unicodedata.category(ch).startswith("P"):
        return not _in(ord(ch), _NOT_PUNCT_THERE)
    return _in(ord(ch), _PUNCT_THERE)


def _is_bert_ws(ch: str) -> bool:
    return ch in "\t\n\r" or is_ws(ch)


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


def is_cjk(ch: str) -> bool:
    """A CJK ideograph as BERT's ``_is_chinese_char`` counts them (not kana, not Hangul).

    >>> is_cjk("字"), is_cjk("か")
    (True, False)
    """
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _CJK)


def _is_word(ch: str) -> bool:
    """The library's ``\\w`` (its ``regex`` crate's Unicode tables, :mod:`~.unicode_tables`)."""
    return is_word(ch)


def _is_numeric(ch: str) -> bool:
    return is_numeric(ch)


def _lower(text: str) -> str:
    """``Lowercase``: each character alone, with the library's case tables."""
    return lower(text)
