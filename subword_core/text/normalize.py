"""Sentencepiece's text normalisation, written from its documented behaviour.

Before a sentencepiece model segments a sentence, its *normaliser* rewrites the text in
three steps (``normalizer_spec`` in the model):

1. **characters** by a rule: ``identity`` (``"none"`` here) changes nothing; ``nfkc`` maps
   each character to its Unicode NFKC form (compatibility characters such as ``ﬁ``, ``①``,
   full-width ``Ａ`` and a decomposed ``e`` + accent become ``fi``, ``1``, ``A``, ``é``);
   ``nmt_nfkc``, sentencepiece's default, is NFKC with extra rules for machine translation
   (its ``Builder::BuildNmtNFKCMap``): tab, line feed, form feed, carriage return, and the
   invisible or odd spaces U+061C, U+1680, U+200B, U+200C, U+200E, U+200F, U+2028, U+2029,
   U+FEFF and U+FFFD, and ``▁`` itself (U+2581) become a space; the other ASCII control
   characters (U+0001–U+001F, U+007F) and U+008F, U+009F are removed; the full-width tilde
   ``～`` is kept (it is not the same sign as ``~`` in Japanese);
2. **whitespace** (``remove_extra_whitespaces``): spaces at the start and the end are
   dropped and a run of spaces becomes one. Only the space character U+0020 (after step 1)
   counts: with ``none`` a tab stays a tab, inside a word;
3. **the marker** (``escape_whitespaces``, ``add_dummy_prefix``): every space becomes ``▁``
   and one ``▁`` goes in front, so ``"Hello  world"`` becomes ``"▁Hello▁world"``; a ``▁``
   left at the end (one the text itself held) is dropped as well.

The Unicode tables are Python's (``unicodedata``); sentencepiece's were compiled from a
newer Unicode version, so a character assigned since then may be mapped there and kept here.

>>> normalize_chars("ﬁne\\tcafe\\u0301", "nmt_nfkc")
'fine café'
>>> sentencepiece_text("  Hello\\u3000 world ", "nmt_nfkc")
'▁Hello▁world'
"""

from __future__ import annotations

import unicodedata

from subword_core.errors import check_option

__all__ = ["NORMALIZATIONS", "normalize_chars", "sentencepiece_text"]

#: The rules, by the names used in links and exports; sentencepiece's names in the comments.
NORMALIZATIONS: tuple[str, ...] = ("none", "nfkc", "nmt_nfkc")  # identity, nfkc, nmt_nfkc

#: nmt_nfkc's extra rules: these become a space ...
_NMT_SPACES = frozenset(
    "\t\n\x0c\r\u061c\u1680\u200b\u200c\u200e\u200f\u2028\u2029\u2581\ufeff\ufffd"
)
#: ... these are removed ...
_NMT_REMOVED = frozenset(
    [chr(c) for c in range(0x01, 0x20) if chr(c) not in _NMT_SPACES] + ["\x7f", "\x8f", "\x9f"]
)
#: ... and this one is kept as it is.
_NMT_KEPT = frozenset("\uff5e")


def _check_rule(rule: str) -> None:
    check_option(
        "normalization",
        rule,
        NORMALIZATIONS,
        f"Unknown normalisation {rule!r}: choose one of {', '.join(NORMALIZATIONS)}.",
    )


def normalize_chars(text: str, rule: str) -> str:
    """Step 1 alone: ``text`` with its characters rewritten by ``rule``.

    Args:
        text: any text.
        rule: ``"none"``, ``"nfkc"`` or ``"nmt_nfkc"``.

    Raises:
        ParameterError: an unknown rule.

    >>> normalize_chars("Ａ①\\u200bｶﾞ", "nfkc"), normalize_chars("Ａ①\\u200bｶﾞ", "nmt_nfkc")
    ('A1\\u200bガ', 'A1 ガ')
    """
    _check_rule(rule)
    if rule == "none":
        return text
    out: list[str] = []
    i = 0
    while i < len(text):
        # subtle: sentencepiece's table maps one character, or one character's decomposed
        # form (a letter and its accents), at a time, the longest that matches; it never
        # normalises across two entries (ﬁ then an accent stays f, i, accent)
        for j in range(min(len(text), i + _LONGEST), i + 1, -1):
            value = _sequence(text[i:j], rule)
            if value is not None:
                out.append(value)
                i = j
                break
        else:
            out.append(_char(text[i], rule))
            i += 1
    return "".join(out)


_LONGEST = 6  # no character decomposes into more than 5 (NFD), plus room


def _char(ch: str, rule: str) -> str:
    """One character by the rule."""
    if rule == "nmt_nfkc":
        if ch in _NMT_SPACES:
            return " "
        if ch in _NMT_REMOVED:
            return ""
        if ch in _NMT_KEPT:
            return ch
    return unicodedata.normalize("NFKC", ch)


def _sequence(seq: str, rule: str) -> str | None:
    """The value of a table entry for ``seq`` (two or more characters), or None.

    An entry is a character's canonical decomposition (``e`` + U+0301 for ``é``), each of
    its characters possibly written in a form that normalises to it alone (``ｶ`` for
    ``カ``, ``ﾞ`` for U+3099); its value is the NFKC form of the composed character.
    """
    singles = [_char(ch, rule) for ch in seq]
    if any(len(one) != 1 for one in singles):
        return None
    decomposed = "".join(singles)
    composed = unicodedata.normalize("NFC", decomposed)
    if len(composed) != 1 or unicodedata.normalize("NFD", composed) != decomposed:
        return None
    return _char(composed, rule)


def sentencepiece_text(text: str, rule: str, *, marker: str = "▁") -> str:
    """All three steps: the string sentencepiece's model segments (one lattice).

    With ``marker=""`` no ``▁`` is put in: the characters are rewritten and the extra
    spaces removed, and what is left is returned with single spaces.

    Raises:
        ParameterError: an unknown rule.

    >>> sentencepiece_text(" a\\tb  c▁", "none"), sentencepiece_text(" a\\tb  c▁", "nmt_nfkc")
    ('▁a\\tb▁c', '▁a▁b▁c')
    """
    words = [w for w in normalize_chars(text, rule).split(" ") if w]
    if not marker:
        return " ".join(words)
    joined = marker + marker.join(words) if words else ""
    while joined.endswith(marker):  # sentencepiece drops every ▁ at the end
        joined = joined[: -len(marker)]
    return joined
