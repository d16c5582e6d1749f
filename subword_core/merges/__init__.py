"""The merge machinery BPE and WordPiece share: the pair table, its ranking, long words, history.

Adjacent-pair bookkeeping shared by the merge-based learners (BPE, WordPiece).

Both learners repeatedly pick a pair of neighbouring symbols and merge it everywhere.
Recounting every pair after every merge is what the tutorials do and is easy to read, but
slow on a real text; ``PairTable`` keeps the counts, which words hold each pair, and where
each pair is first seen, and updates only the pairs next to the occurrences a merge
replaces. The textbook loop is kept in the tests as the oracle it must agree with.

Text without spaces (Chinese running text, a URL, a DNA string) is one long word. Scanning
such a word at every merge would make learning cost grow with the square of its length, so
a long word also gets a ``_LongWord``: its symbols as a linked list and, for every pair, the
positions where it occurs. A merge then touches only its own occurrences and their
neighbours.

>>> table = PairTable([["l", "o", "w"], ["l", "o"]], [5, 2])
>>> table.counts[("l", "o")], table.first_seen(("o", "w"))
(7, (0, 1))

One file per part::

    changes.py     merge_symbols (merge a pair in one word); WordChange, the words a merge changed
    table.py       PairTable: every pair's count, the words holding it, where it is first seen
    ranking.py     PairRanking: the best pair first; the tie rules (TIE_BREAKS)
    long_words.py  the position index of a long word (text without spaces)
    history.py     WordHistory: each word's segmentation at every step, kept small
"""

from __future__ import annotations

from subword_core.merges.changes import (
    Pair,
    WordChange,
    keep_changes,
    kept_changes,
    merge_symbols,
    segmentation_at,
)
from subword_core.merges.history import SNAPSHOT_EVERY, LoggedSymbols, WordHistory
from subword_core.merges.ranking import TIE_BREAKS, PairRanking, Score, TieBreak
from subword_core.merges.table import PairTable

__all__ = [
    "SNAPSHOT_EVERY",
    "TIE_BREAKS",
    "LoggedSymbols",
    "Pair",
    "PairRanking",
    "PairTable",
    "Score",
    "TieBreak",
    "WordChange",
    "WordHistory",
    "keep_changes",
    "kept_changes",
    "merge_symbols",
    "segmentation_at",
]
