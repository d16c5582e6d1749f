"""Write ``subword_core/text/unicode_tables.py``: character classes read off ``tokenizers``.

Python 3.11's ``unicodedata`` is Unicode 14; the library (Rust's standard library and its
``regex`` crate) uses newer tables, so a letter, digit or case pair added since is classed
differently. This script asks the installed library, for every code point, what its
``Whitespace`` pre-tokenizer calls a word character (the ``regex`` crate's ``\\w``), what its
``Digits`` pre-tokenizer calls numeric (``char::is_numeric``) and what ``Lowercase`` makes of
it (``char::to_lowercase``), and where its punctuation, BERT's control characters, its
non-spacing marks, ``StripAccents``' marks and its decompositions differ from this Python's
``unicodedata``; it writes the answers as tables the tracer reads. Run from the
repository root after upgrading ``tokenizers``: ``python -m scripts.unicode_tables``
(tests/core/test_pretrained_exact.py checks the tables against the library on every code
point).
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from tokenizers import normalizers, pre_tokenizers

OUT = Path(__file__).resolve().parents[1] / "subword_core" / "text" / "unicode_tables.py"
CHARS = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]


def _merged_with(prefix: str, pre: object) -> set[str]:
    """The characters the pre-tokenizer keeps in one piece with ``prefix`` just before them."""
    text = "".join(prefix + c for c in CHARS)
    out: set[str] = set()
    for _piece, (start, end) in pre.pre_tokenize_str(text):  # type: ignore[attr-defined]
        first = start + 1 if start % 2 else start  # the first prefix inside the piece
        out.update(CHARS[k // 2] for k in range(first, end - 1, 2))
    return out


def _mapped(normalizer: object, sep: str = "\x00") -> dict[str, str]:
    """What the normalizer makes of each character alone (``sep``, left alone, between)."""
    rest = [c for c in CHARS if c != sep]
    out = normalizer.normalize_str(sep.join(rest)).split(sep)  # type: ignore[attr-defined]
    return dict(zip(rest, out, strict=True))


def _py_punct(c: str) -> bool:
    if c.isascii():
        return c.isprintable() and not c.isalnum() and c != " "
    return unicodedata.category(c).startswith("P")


def _differences() -> dict[str, set[str]]:
    """Where the library's answer differs from this Python's ``unicodedata``, per question."""
    pieces = pre_tokenizers.Punctuation().pre_tokenize_str("a".join(CHARS))
    punct = {p for p, _ in pieces if len(p) == 1 and p != "a"}
    py_punct = {c for c in CHARS if _py_punct(c)}
    bert = normalizers.BertNormalizer
    clean = _mapped(
        bert(clean_text=True, handle_chinese_chars=False, strip_accents=False, lowercase=False), "a"
    )
    kept = {"\x00", "\ufffd", "\t", "\n", "\r"}
    control = {c for c, m in clean.items() if m == ""} - kept
    py_control = {c for c in CHARS if unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs")}
    stable = {c for c, m in _mapped(normalizers.NFD()).items() if m == c}
    strip = _mapped(
        bert(clean_text=False, handle_chinese_chars=False, strip_accents=True, lowercase=False)
    )
    mn = {c for c in stable if strip[c] == ""}
    py_mn = {c for c in stable if unicodedata.category(c) == "Mn"}
    mark = {c for c, m in _mapped(normalizers.StripAccents()).items() if m == ""}
    py_mark = {c for c in CHARS if unicodedata.category(c)[0] == "M"}
    nfkd = _mapped(normalizers.NFKD())
    return {
        "not_punct": py_punct - punct,
        "punct": punct - py_punct,
        "not_control": (py_control - kept) - control,
        "not_mn": py_mn - mn,
        "mn": mn - py_mn,
        "not_mark": py_mark - mark,
        "mark": mark - py_mark,
        "no_decomposition": {
            c for c, m in nfkd.items() if m == c and unicodedata.normalize("NFKD", c) != c
        },
    }


def _ranges(chars: set[str]) -> list[tuple[int, int]]:
    codes = sorted(ord(c) for c in chars)
    out: list[tuple[int, int]] = []
    for code in codes:
        if out and out[-1][1] == code - 1:
            out[-1] = (out[-1][0], code)
        else:
            out.append((code, code))
    return out


def _wrap(parts: list[str]) -> str:
    lines, line = [], ""
    for part in parts:
        if len(line) + len(part) + 1 > 92:
            lines.append(line)
            line = ""
        line = f"{line} {part}" if line else part
    return "\n".join([*lines, line])


def _range_text(chars: set[str]) -> str:
    return _wrap([f"{lo:X}" if lo == hi else f"{lo:X}-{hi:X}" for lo, hi in _ranges(chars)])


def main() -> None:
    """Ask the library, write the module."""
    import tokenizers

    word = _merged_with("a", pre_tokenizers.Whitespace())
    digits = pre_tokenizers.Digits(individual_digits=True).pre_tokenize_str("a".join(CHARS))
    numeric = {piece for piece, _ in digits if len(piece) == 1 and piece != "a"}
    rest = CHARS[1:]  # U+0000 (its own lower case) separates the others
    lowered = normalizers.Lowercase().normalize_str("\x00".join(rest)).split("\x00")
    lower = {c: low for c, low in zip(rest, lowered, strict=True) if c != low}
    pairs = [f"{ord(c):X}:{'.'.join(f'{ord(x):X}' for x in low)}" for c, low in lower.items()]
    differences = _differences()
    text = TEMPLATE.format(
        version=tokenizers.__version__,
        python=".".join(map(str, sys.version_info[:2])),
        unicode=unicodedata.unidata_version,
        word=_range_text(word),
        numeric=_range_text(numeric),
        lower=_wrap(pairs),
        differences="".join(
            f'    "{name}": """\n{_range_text(chars)}\n""",\n'
            for name, chars in differences.items()
        ),
    )
    OUT.write_text(text, encoding="utf-8")
    print(f"{OUT}: {len(word):,} word, {len(numeric):,} numeric, {len(lower):,} lower-case")


TEMPLATE = '''"""Character classes as the ``tokenizers`` library sees them (generated: do not edit).

Python 3.11's ``unicodedata`` is Unicode 14; the library classes characters with newer
tables (Rust's standard library, its ``regex`` crate), so letters, digits and case pairs added
to Unicode since (new Latin letters, CJK extensions, new scripts' digits) would be classed
apart. These tables were read off tokenizers {version} for every code point by
``python -m scripts.unicode_tables``; tests/core/test_pretrained_exact.py checks them against
the installed library. One table per question, used everywhere the tracer asks it:

* :data:`WORD_CLASS` / :func:`is_word`: the ``regex`` crate's ``\\\\w`` (the ``Whitespace``
  pre-tokenizer's ``\\\\w+|[^\\\\w\\\\s]+``, a ``single_word`` added token's word boundary);
* :data:`NUMERIC_CLASS` / :func:`is_numeric`: ``char::is_numeric`` (the ``Digits``
  pre-tokenizer);
* :func:`lower`: ``char::to_lowercase``, one character at a time (``Lowercase``,
  ``BertNormalizer(lowercase=True)``);
* :data:`DIFFERENCES`: where the library's punctuation (``Punctuation``,
  ``BertPreTokenizer``), BERT's control characters (``clean_text``), non-spacing marks
  (``strip_accents``), any mark (``StripAccents``) and decompositions (NFC, NFD, NFKC,
  NFKD) differ from Python {python}'s ``unicodedata`` (Unicode {unicode}), as code-point
  ranges (:mod:`subword_core.pretrained.chars` reads them).

>>> is_word("\\\\U000105c0"), "\\\\U000105c0".isalpha()  # Todhri, Unicode 16
(True, False)
>>> lower("ÀΣ\\\\u1c89")  # no final sigma: one character at a time
'àσ\\\\u1c8a'
"""

from __future__ import annotations

import bisect

__all__ = ["DIFFERENCES", "NUMERIC_CLASS", "WORD_CLASS", "is_numeric", "is_word", "lower"]

_WORD = """
{word}
"""
_NUMERIC = """
{numeric}
"""
# code point: its lower case (code points joined by dots), where it is not itself
_LOWER = """
{lower}
"""


def _read(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(
        (int(lo, 16), int(hi or lo, 16))
        for lo, _, hi in (part.partition("-") for part in text.split())
    )


def _class(ranges: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"\\\\U{{lo:08x}}-\\\\U{{hi:08x}}" for lo, hi in ranges)


_WORD_RANGES = _read(_WORD)
_NUMERIC_RANGES = _read(_NUMERIC)
_WORD_STARTS = [lo for lo, _ in _WORD_RANGES]
_NUMERIC_STARTS = [lo for lo, _ in _NUMERIC_RANGES]
WORD_CLASS = _class(_WORD_RANGES)
"""The word characters as the body of a ``re`` character class (``f"[{{WORD_CLASS}}]"``)."""
NUMERIC_CLASS = _class(_NUMERIC_RANGES)
"""The numeric characters as the body of a ``re`` character class."""
_LOWER_TABLE = {{
    int(code, 16): "".join(chr(int(x, 16)) for x in low.split("."))
    for code, _, low in (pair.partition(":") for pair in _LOWER.split())
}}
# where the library's answer differs from Python {python}'s unicodedata: code-point ranges
_DIFFERENCES = {{
{differences}}}
DIFFERENCES: dict[str, tuple[tuple[int, int], ...]] = {{
    name: _read(text) for name, text in _DIFFERENCES.items()
}}
"""Per question, ``(first, last)`` code points where the library and ``unicodedata`` differ:
``not_punct``/``punct``, ``not_control``, ``not_mn``/``mn``, ``not_mark``/``mark``,
``no_decomposition`` (``not_x``: Python says x, the library does not)."""


def _within(code: int, starts: list[int], ranges: tuple[tuple[int, int], ...]) -> bool:
    at = bisect.bisect_right(starts, code) - 1
    return at >= 0 and code <= ranges[at][1]


def is_word(ch: str) -> bool:
    """Whether the library's ``\\\\w`` matches ``ch``.

    Example:
        >>> is_word("a"), is_word("²"), is_word("-")
        (True, False, False)
    """
    return _within(ord(ch), _WORD_STARTS, _WORD_RANGES)


def is_numeric(ch: str) -> bool:
    """Whether the library's ``Digits`` pre-tokenizer counts ``ch`` as a digit.

    Example:
        >>> is_numeric("7"), is_numeric("²"), is_numeric("x")
        (True, True, False)
    """
    return _within(ord(ch), _NUMERIC_STARTS, _NUMERIC_RANGES)


def lower(text: str) -> str:
    """``text`` lower-cased as the library does: each character alone, no final sigma.

    Example:
        >>> lower("ΟΔΟΣ İ")
        'οδοσ i̇'
    """
    return text.translate(_LOWER_TABLE)
'''

if __name__ == "__main__":
    main()
