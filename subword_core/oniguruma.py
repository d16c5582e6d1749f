"""Regular expressions as the ``tokenizers`` library's engine (Oniguruma) reads them.

``Split`` pre-tokenizers and ``Replace`` normalizers carry a regular expression: GPT-2's
``'s|'t|... ?\\p{L}+| ?\\p{N}+|...``, GPT-4's and Llama-3's ``[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|
\\p{N}{1,3}|...``. The library runs them with Oniguruma; Python's ``re`` knows neither
``\\p{L}`` nor possessive quantifiers, so this module runs them with the ``regex`` module,
and only where the two engines were checked to agree:

* **classes** ``\\p{X}`` / ``\\P{X}`` for the general categories listed in
  :data:`SAFE_PROPERTIES`, ``\\s \\S \\d \\D`` and ``.``: compared with the library on every
  code point (tests/core/test_oniguruma.py). ``\\w``, ``\\b`` and ``\\h`` mean other things
  in the two engines (Oniguruma's ``\\w`` takes ``²`` and the joiners, ``\\h`` is a hex
  digit there);
* **groups** ``(?:``, ``(?i:``, lookahead ``(?=`` ``(?!``, lookbehind ``(?<=`` ``(?<!``,
  atomic ``(?>`` and plain captures; **quantifiers** greedy, lazy and possessive
  (``++ *+ ?+``);
* **literals** and the escapes ``\\r \\n \\t \\f \\v``, ``\\xHH``, ``\\uHHHH`` and escaped
  punctuation.

Everything else is refused with the reason in words (:class:`PatternError`): anchors
``^ $ \\A \\z`` (Oniguruma's ``^``/``$`` are line anchors, Python's are not), ``{n,m}+``
(possessive in ``regex``, a repeated repeat in Oniguruma), classes nested in classes and
``&&``, inline flags such as ``(?i)``, back-references.

The ``regex`` module's Unicode tables are newer than Oniguruma's: the characters assigned in
between (:data:`NEWER_THAN_THE_LIBRARY`) are classed as unassigned, as the library does.

>>> pattern = OnigurumaPattern(r"'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+")
>>> [text for start, end in pattern.spans("it's 42 cats!") for text in ["it's 42 cats!"[start:end]]]
['it', "'s", ' 42', ' cats', '!']
>>> refusal(r"^\\w+")
"the anchor ^ (a line anchor in Oniguruma, the text's start in Python)"
"""

from __future__ import annotations

import regex

from subword_core.errors import SubwordError

__all__ = [
    "NEWER_THAN_THE_LIBRARY",
    "SAFE_PROPERTIES",
    "OnigurumaPattern",
    "PatternError",
    "refusal",
]

SAFE_PROPERTIES = frozenset(
    {"L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No"}
    | {"P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So"}
    | {"Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Cn", "Co"}
)
"""General categories whose ``\\p{X}`` matches the same code points in both engines."""

NEWER_THAN_THE_LIBRARY: tuple[tuple[int, int], ...] = (
    (0x88F, 0x88F),
    (0xC5C, 0xC5C),
    (0xCDC, 0xCDC),
    (0x1ACF, 0x1ADD),
    (0x1AE0, 0x1AEB),
    (0x20C1, 0x20C1),
    (0x2B96, 0x2B96),
    (0xA7CE, 0xA7CF),
    (0xA7D2, 0xA7D2),
    (0xA7D4, 0xA7D4),
    (0xA7F1, 0xA7F1),
    (0xFBC3, 0xFBD2),
    (0xFD90, 0xFD91),
    (0xFDC8, 0xFDCE),
    (0x10940, 0x10959),
    (0x10EC5, 0x10EC7),
    (0x10ED0, 0x10ED8),
    (0x10EFA, 0x10EFB),
    (0x11B60, 0x11B67),
    (0x11DB0, 0x11DDB),
    (0x11DE0, 0x11DE9),
    (0x16EA0, 0x16EB8),
    (0x16EBB, 0x16ED3),
    (0x16FF2, 0x16FF6),
    (0x187F8, 0x187FF),
    (0x18D09, 0x18D1E),
    (0x18D80, 0x18DF2),
    (0x1CCFA, 0x1CCFC),
    (0x1CEBA, 0x1CED0),
    (0x1CEE0, 0x1CEF0),
    (0x1E6C0, 0x1E6DE),
    (0x1E6E0, 0x1E6F5),
    (0x1E6FE, 0x1E6FF),
    (0x1F6D8, 0x1F6D8),
    (0x1F777, 0x1F77A),
    (0x1F8D0, 0x1F8D8),
    (0x1FA54, 0x1FA57),
    (0x1FA8A, 0x1FA8A),
    (0x1FA8E, 0x1FA8E),
    (0x1FAC8, 0x1FAC8),
    (0x1FACD, 0x1FACD),
    (0x1FAEA, 0x1FAEA),
    (0x1FAEF, 0x1FAEF),
    (0x1FBFA, 0x1FBFA),
    (0x2B73A, 0x2B73F),
    (0x2CEA2, 0x2CEAD),
    (0x323B0, 0x33479),
)
"""Code points the ``regex`` module knows and the library's Oniguruma does not (unassigned)."""

# subtle: a character newer than the library's tables is unassigned there, so before matching
# it is replaced by U+0378, a code point unassigned in both; the matches are read off the
# original text (one code point for one, so the positions agree)
_STAND_IN = "\u0378"
# ʕ (U+0295) became Lo in Unicode 16; for the library it is still Ll, like ĸ (caseless in both)
_RECLASSED = {"\u0295": "\u0138"}
_NEWER = regex.compile(
    "["
    + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in NEWER_THAN_THE_LIBRARY)
    + "".join(_RECLASSED)
    + "]"
)
_PROPERTY = regex.compile(r"\\[pP]\{(\^?)([A-Za-z_]+)\}")
_GROUPS = ("(?:", "(?i:", "(?=", "(?!", "(?<=", "(?<!", "(?>")
_SIMPLE_ESCAPES = frozenset("sSdDrntfv")
_HEX = frozenset("0123456789abcdefABCDEF")


class PatternError(SubwordError):
    """A pattern whose meaning may differ between Oniguruma and Python, with the reason.

    Example:
        >>> str(PatternError("the escape \\\\b"))
        'the escape \\\\b'
    """


def _escape_length(pattern: str, at: int) -> int | str:
    """The length of the escape at ``at`` (a backslash), or the reason it is refused."""
    if at + 1 >= len(pattern):
        return "a backslash at the end"
    ch = pattern[at + 1]
    if ch in "pP":
        found = _PROPERTY.match(pattern, at)
        if found and not found.group(1) and found.group(2) in SAFE_PROPERTIES:
            return found.end() - at
        return f"the class {pattern[at : at + 12]} (only {', '.join(sorted(SAFE_PROPERTIES))})"
    if ch in _SIMPLE_ESCAPES or not (ch.isalnum() or ch == "_" or ord(ch) > 127):
        return 2
    for letter, digits in (("x", 2), ("u", 4)):
        body = pattern[at + 2 : at + 2 + digits]
        if ch == letter and len(body) == digits and set(body) <= _HEX:
            return 2 + digits
    return f"the escape \\{ch}"


def refusal(pattern: str) -> str | None:
    """Why ``pattern`` may mean something else in Oniguruma, or ``None`` when it is safe.

    Example:
        >>> refusal(r"\\s+(?!\\S)|\\p{N}{1,3}") is None
        True
        >>> refusal(r"\\w+")
        'the escape \\\\w'
    """
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            step = _escape_length(pattern, i)
            if isinstance(step, str):
                return step
            i += step
            continue
        if in_class:
            if ch == "[" or pattern.startswith("&&", i):
                return "a class inside a class, or && (Oniguruma nests them, Python does not)"
            in_class = ch != "]"
            i += 1
            continue
        if ch == "[":
            i += 2 if pattern.startswith("[^", i) else 1
            if pattern.startswith("]", i):
                return "a ] first in a class (a literal in Python, an error in Oniguruma)"
            in_class = True
            continue
        if ch in "^$":
            return f"the anchor {ch} (a line anchor in Oniguruma, the text's start in Python)"
        if pattern.startswith("(?", i):
            group = next((g for g in _GROUPS if pattern.startswith(g, i)), None)
            if group is None:
                return f"the group {pattern[i : i + 4]}… (only {' '.join(_GROUPS)})"
            i += len(group)
            continue
        if pattern.startswith("}+", i):
            return "{n,m}+ (possessive in Python's regex, a repeated repeat in Oniguruma)"
        i += 1
    return None


class OnigurumaPattern:
    """A pattern checked by :func:`refusal` and compiled with the ``regex`` module.

    With ``literal=True`` the pattern is plain text to find (a ``String`` pattern).

    Raises:
        PatternError: the pattern uses something the engines may read differently, or
            does not compile.

    Example:
        >>> OnigurumaPattern(r"\\p{N}{1,3}").spans("12345")
        [(0, 3), (3, 5)]
    """

    def __init__(self, pattern: str, *, literal: bool = False) -> None:
        reason = None if literal else refusal(pattern)
        if reason is None and not literal and (_NEWER.search(pattern) or "\u0138" in pattern):
            reason = "characters whose Unicode class changed since the library's tables"
        if reason is not None:
            raise PatternError(reason)
        try:
            self._compiled = regex.compile(regex.escape(pattern) if literal else pattern)
        except (regex.error, OverflowError, RecursionError) as err:
            raise PatternError(f"it does not compile ({err})") from None
        self.pattern = pattern
        self._stand_in = not literal

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The matches' ``(start, end)``, left to right, as the library finds them.

        Example:
            >>> OnigurumaPattern("a|").spans("ab")
            [(0, 1), (2, 2)]
        """
        if not self.pattern and not self._stand_in:
            return []  # subtle: the library finds an empty String pattern nowhere
        seen = text
        if self._stand_in and not text.isascii():
            seen = _NEWER.sub(lambda m: _RECLASSED.get(m.group(), _STAND_IN), text)
        out: list[tuple[int, int]] = []
        pos, last_match = 0, -1
        while pos <= len(seen):
            found = self._compiled.search(seen, pos)
            if found is None:
                break
            start, end = found.span()
            if start == end:
                # subtle: the library's iterator steps one character past an empty match,
                # and drops an empty match right where the previous match ended
                pos = end + 1
                if end == last_match:
                    continue
            else:
                pos = end
            last_match = end
            out.append((start, end))
        return out

    def sub(self, text: str, content: str) -> str:
        """``text`` with every match replaced by ``content`` (the ``Replace`` normalizer).

        Example:
            >>> OnigurumaPattern(" {2,}").sub("a   b  c", " ")
            'a b c'
        """
        if not text:
            return text
        parts, done = [], 0
        for start, end in self.spans(text):
            parts += [text[done:start], content]
            done = end
        parts.append(text[done:])
        return "".join(parts)
