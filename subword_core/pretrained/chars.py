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

from subword_core.text.unicode_tables import DIFFERENCES, is_numeric, is_word, lower

_WHITE_SPACE_EXTRA_NOT = frozenset("\x1c\x1d\x1e\x1f")


# subtle: the library classes characters with Unicode tables other than Python's (older for
# punctuation, marks and decompositions; newer for \w, digits and case, which
# unicode_tables answers outright), so each question asks unicodedata, then these ranges where
# the two disagree, read off the library for every code point by scripts/unicode_tables.py
# (tests/core/test_pretrained_exact.py checks each component on every code point)
_NOT_PUNCT_THERE = DIFFERENCES["not_punct"]
_PUNCT_THERE = DIFFERENCES["punct"]
_NOT_CONTROL_THERE = DIFFERENCES["not_control"]
_NOT_MN_THERE = DIFFERENCES["not_mn"]
_MN_THERE = DIFFERENCES["mn"]
# StripAccents asks another table (any mark: Mn, Mc, Me) than BERT's normalizer (Mn only)
_NOT_MARK_THERE = DIFFERENCES["not_mark"]
_MARK_THERE = DIFFERENCES["mark"]
# characters newer than the library's normalization tables, so NFC/NFD/NFKC/NFKD keep them as
# they are (with the marks above, which it does not know either)
_NO_DECOMPOSITION_THERE = DIFFERENCES["no_decomposition"]


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
