"""Old import path: the pair table moved to :mod:`subword_core.merges` (one file per part).

A thin re-export, kept so that ``from subword_core.pairs import PairTable`` (notebooks, other
branches) still works; new code imports from :mod:`subword_core.merges`.
"""

from __future__ import annotations

from subword_core.merges.changes import (
    Pair,
    WordChange,
    _frozen,
    keep_changes,
    kept_changes,
    merge_symbols,
    segmentation_at,
)
from subword_core.merges.long_words import _Fenwick, _LongWord
from subword_core.merges.ranking import PairRanking, Score
from subword_core.merges.table import PairTable, _merge_local

__all__ = [
    "Pair",
    "PairRanking",
    "PairTable",
    "Score",
    "WordChange",
    "_Fenwick",
    "_LongWord",
    "_frozen",
    "_merge_local",
    "keep_changes",
    "kept_changes",
    "merge_symbols",
    "segmentation_at",
]
