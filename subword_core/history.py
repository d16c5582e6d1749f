"""Old import path: the word history moved to :mod:`subword_core.merges.history`.

A thin re-export, kept so that ``from subword_core.history import WordHistory`` still works;
new code imports from :mod:`subword_core.merges`.
"""

from __future__ import annotations

from subword_core.merges.history import (
    SNAPSHOT_EVERY,
    LoggedSymbols,
    WordHistory,
    _apply,
    _merge_positions,
    _Track,
)

__all__ = [
    "SNAPSHOT_EVERY",
    "LoggedSymbols",
    "WordHistory",
    "_Track",
    "_apply",
    "_merge_positions",
]
