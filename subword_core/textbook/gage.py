"""Gage's compression (1994), the textbook way: the algorithm BPE was named after.

Replace the most frequent pair of neighbouring characters with a new symbol that does not
occur in the text, note the replacement in a table, and repeat while some pair occurs at
least twice. ``subword_core.gage`` records each step for the app; the tests prove it makes
the same replacements as ``compress`` here.

>>> compress("aaabdaaabac", "ZYX")
('XdXac', {'Z': 'aa', 'Y': 'Za', 'X': 'Yb'})
"""

from __future__ import annotations


def compress_step(text: str, symbol: str, choose: str | None = None) -> tuple[str, str] | None:
    """One step: (``text`` with its most frequent pair replaced by ``symbol``, the pair),
    or ``None`` when no pair repeats.

    ``choose``: a pair tied with the best, to replace instead of the one seen first.

    >>> compress_step("aaabdaaabac", "Z")
    ('ZabdZabac', 'aa')
    >>> compress_step("aaabdaaabac", "Y", choose="ab")  # "aa" and "ab" both occur twice
    ('aaYdaaYac', 'ab')
    """
    pairs = dict.fromkeys(text[i : i + 2] for i in range(len(text) - 1))  # first seen first
    # str.count counts copies that do not overlap, left to right: "aaa" holds "aa" once
    counts = {pair: text.count(pair) for pair in pairs}
    if not counts:
        return None  # fewer than two characters: no pair at all
    # a tie: the pair picked by hand (choose), else the pair seen first
    best = max(counts, key=lambda pair: (counts[pair], pair == choose))
    count = counts[best]
    if count < 2:
        return None  # no pair occurs twice: replacing would save nothing
    return text.replace(best, symbol), best  # also left to right, without overlaps


def compress(text: str, symbols: str) -> tuple[str, dict[str, str]]:
    """Compress until no pair repeats or the new symbols run out: (text, table).

    >>> compress("abab", "Z")
    ('ZZ', {'Z': 'ab'})
    """
    table: dict[str, str] = {}
    for symbol in symbols:
        step = compress_step(text, symbol)
        if step is None:
            break
        text, table[symbol] = step
    return text, table
