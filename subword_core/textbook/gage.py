"""Gage's compression (1994), the textbook way: the algorithm BPE was named after.

Replace the most frequent pair of neighbouring characters with a new symbol that does not
occur in the text, note the replacement in a table, and repeat while some pair occurs at
least twice. ``subword_core.gage`` records each step for the app; the tests prove it makes
the same replacements as ``compress`` here.

>>> compress("aaabdaaabac", "ZYX")
('XdXac', {'Z': 'aa', 'Y': 'Za', 'X': 'Yb'})
"""

from __future__ import annotations


def compress_step(text: str, symbol: str) -> tuple[str, str] | None:
    """One step: (``text`` with its most frequent pair replaced by ``symbol``, the pair),
    or ``None`` when no pair repeats.

    >>> compress_step("aaabdaaabac", "Z")
    ('ZabdZabac', 'aa')
    """
    pairs = dict.fromkeys(text[i : i + 2] for i in range(len(text) - 1))  # first seen first
    # str.count counts copies that do not overlap, left to right: "aaa" holds "aa" once
    counts = {pair: text.count(pair) for pair in pairs}
    if not counts:
        return None  # fewer than two characters: no pair at all
    best = max(counts, key=lambda pair: counts[pair])  # a tie: the pair seen first
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
