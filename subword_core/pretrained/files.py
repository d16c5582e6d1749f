"""Reading the bytes of an uploaded file: UTF-8 text, and JSON numbers as serde_json reads them."""

from __future__ import annotations

import json
import math
from typing import Any

from subword_core.pretrained.errors import _bad
from subword_core.pretrained.ids import _not_finite

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
    # subtle: the fraction's digits are tried afresh even when the integer part overflowed
    # (serde_json's parse_decimal): after 1844674407370955161 and a digit past 5, a fraction
    # digit up to 5 still fits and is taken
    for ch in frac:
        digit = ord(ch) - 48
        if _overflows(significand, digit):
            break  # this digit and the rest are ignored
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


def _library_number(value: float) -> float:
    """A number read by :func:`_read_json` as the library uses it where it wants a float.

    A whole number is kept whole (an id, a count); as a float (a Unigram score) serde_json
    reads one past a 64-bit integer as :func:`_library_float` does, not rounded correctly.

    Example:
        >>> _library_number(-2), _library_number(-0.5)
        (-2.0, -0.5)
        >>> _library_number(-123456789012345678901234) == -123456789012345678901234.0
        False
    """
    if isinstance(value, int) and abs(value) > _U64:
        return _library_float(str(value))
    return float(value)


_DIGITS_MAX = 400
"""A whole number with more digits than this is past any float (read without building it)."""


def _read_json(name: str, text: str) -> Any:
    """``text`` read as the library's JSON reader (serde_json) reads it: numbers as
    :func:`_library_float`, and ``NaN``, ``Infinity`` or a number past the largest float
    refused in words (serde_json refuses them wherever they stand).

    Example:
        >>> _read_json("t.json", '{"a": [1, -0.5]}')
        {'a': [1, -0.5]}
        >>> try:
        ...     _read_json("t.json", '{"a": NaN}')
        ... except Exception as err:
        ...     print(err.code)
        not_finite
    """

    def number(literal: str) -> float:
        value = _library_float(literal)
        if math.isinf(value):
            raise _not_finite(name, literal)
        return value

    def whole(literal: str) -> int:
        if len(literal) > _DIGITS_MAX or abs(value := int(literal)) > _FLOAT_MAX:
            raise _not_finite(name, literal)
        return value

    def constant(literal: str) -> float:
        raise _not_finite(name, literal)

    return json.loads(text, parse_float=number, parse_int=whole, parse_constant=constant)


_FLOAT_MAX = int(1.7976931348623157e308)
