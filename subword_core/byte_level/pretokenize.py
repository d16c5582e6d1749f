"""Byte-level BPE, pre-tokenization: GPT-2's split of text into chunks (contractions, runs of
letters, of digits, of other characters, spaces) before any merge; merges never cross a chunk.
"""

from __future__ import annotations

import unicodedata

# --------------------------------------------------------------------------------------
# Pre-tokenization: GPT-2's rule
# --------------------------------------------------------------------------------------

_CONTRACTIONS = ("'s", "'t", "'re", "'ve", "'m", "'ll", "'d")


# subtle: Unicode's White_Space property, which is what the regex engine behind GPT-2 and
# the tokenizers library calls \s. Python's str.isspace() also counts the four information
# separators U+001C-U+001F; GPT-2 treats those as punctuation.
_NOT_WHITE_SPACE = frozenset("\x1c\x1d\x1e\x1f")


def _kind(ch: str) -> str:
    """``"L"`` letter, ``"N"`` number, ``"S"`` whitespace, ``"P"`` anything else."""
    if ch.isspace() and ch not in _NOT_WHITE_SPACE:
        return "S"
    category = unicodedata.category(ch)[0]
    return category if category in "LN" else "P"


def pre_tokenize(text: str) -> list[str]:
    """Cut running text into chunks with GPT-2's rule; BPE never merges across chunks.

    The rule is GPT-2's regular expression
    ``'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+``,
    read left to right, first alternative that fits:

    - the contractions ``'s 't 're 've 'm 'll 'd`` (lower case only);
    - a run of letters, of digits, or of other symbols, each with at most one space before it;
    - a run of whitespace: at the end of the text all of it; before a word all but its last
      character, which then goes with the word if it is a plain space.

    The chunks joined give the text back. Letters and digits are judged by Python's Unicode
    database (14.0 in Python 3.11); characters added to Unicode later count as "other".

    >>> pre_tokenize("I'll say  hi!! 你好 2024")
    ['I', "'ll", ' say', ' ', ' hi', '!!', ' 你好', ' 2024']
    >>> pre_tokenize("a\\n\\nb ")
    ['a', '\\n', '\\n', 'b', ' ']
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "'":
            contraction = next((c for c in _CONTRACTIONS if text.startswith(c, i)), None)
            if contraction is not None:
                out.append(contraction)
                i += len(contraction)
                continue
        kind = _kind(ch)
        start = i
        if ch == " " and i + 1 < n and _kind(text[i + 1]) != "S":
            # ' ?\p{L}+' and its siblings: one plain space goes with the run after it
            i += 1
            kind = _kind(text[i])
        if kind != "S":
            while i < n and _kind(text[i]) == kind:
                i += 1
            out.append(text[start:i])
            continue
        end = i
        while end < n and _kind(text[end]) == "S":
            end += 1
        if end < n and end - i >= 2:
            # subtle: '\s+(?!\S)' backs off one character before a word, so that the last
            # space can start the word's chunk (or, for a tab or newline, stand alone).
            end -= 1
        out.append(text[i:end])
        i = end
    return out
