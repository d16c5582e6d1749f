"""Merging a pair in one word, and the record of the words a merge changed.

:func:`merge_symbols` merges a pair left to right in a list of symbols (the step every merge
learner and encoder shares); :class:`WordChange` is a changed word as a step shows it, and
:func:`kept_changes` / :func:`segmentation_at` read the changes back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from subword_core.merges.history import LoggedSymbols

Pair = tuple[str, str]


@dataclass(frozen=True)
class WordChange:
    """A corpus word whose segmentation a merge changed.

    >>> WordChange("newest", 6, ("n", "e", "w", "e", "s", "t"), ("n", "e", "w", "es", "t")).count
    6
    """

    word: str
    count: int
    before: tuple[str, ...]
    after: tuple[str, ...]


def keep_changes(changes: list[WordChange], limit: int) -> tuple[WordChange, ...]:
    """All changes if there are at most ``limit``, else the most frequent words' (corpus order).

    >>> [c.word for c in keep_changes([WordChange("a", 1, (), ()), WordChange("b", 5, (), ())], 1)]
    ['b']
    """
    if len(changes) <= limit:
        return tuple(changes)
    order = sorted(range(len(changes)), key=lambda i: -changes[i].count)[:limit]
    return tuple(changes[i] for i in sorted(order))


def kept_changes(
    changed: Sequence[tuple[int, Sequence[str], Sequence[str], int]],
    words: Sequence[str],
    freqs: Sequence[int],
    limit: int,
) -> tuple[WordChange, ...]:
    """``keep_changes`` for the ``(index, before, after, merges)`` rows of ``PairTable.merge``.

    The same choice (all, or the ``limit`` most frequent words, in corpus order), but a
    ``WordChange`` is built only for the words kept.

    >>> [c.word for c in kept_changes([(0, "a", "a", 1), (1, "b", "b", 1)], "ab", [1, 5], 1)]
    ['b']
    """
    if len(changed) > limit:
        keep = sorted(range(len(changed)), key=lambda i: -freqs[changed[i][0]])[:limit]
        changed = [changed[i] for i in sorted(keep)]
    # subtle: a long word's rows hold ``LoggedSymbols`` (rebuilt when read); ``tuple`` of
    # one would copy the word into every step again
    return tuple(
        WordChange(words[index], freqs[index], _frozen(before), _frozen(after))
        for index, before, after, _ in changed
    )


def _frozen(symbols: Sequence[str]) -> tuple[str, ...]:
    """``symbols`` as an immutable sequence: a tuple, or a ``LoggedSymbols`` as it is."""
    if isinstance(symbols, LoggedSymbols):
        return symbols  # type: ignore[return-value]
    return tuple(symbols)


def segmentation_at(
    initial: Sequence[tuple[str, ...]],
    history: Mapping[int, Sequence[tuple[int, tuple[str, ...]]]],
    step: int,
) -> list[tuple[int, tuple[str, ...]]]:
    """``(word index, symbols)`` of every tracked word after ``step`` steps.

    ``history`` maps a word index to the (step, symbols) at which its symbols changed.

    >>> segmentation_at([("a", "b")], {0: [(2, ("ab",))]}, 1)
    [(0, ('a', 'b'))]
    """
    rows = []
    for index, changes in sorted(history.items()):
        symbols = initial[index]
        for at, after in changes:
            if at > step:
                break
            symbols = after
        rows.append((index, symbols))
    return rows


def merge_symbols(
    symbols: Sequence[str], pair: Pair, merged: str | None = None
) -> tuple[list[str], list[int]]:
    """Merge every non-overlapping occurrence of ``pair``, scanning left to right.

    ``merged`` is the new symbol (``left + right`` unless given: WordPiece's ``h`` + ``##u``
    makes ``hu``). Returns the new symbols and the indices (in the old symbols) where
    merges started.

    >>> merge_symbols(["a", "a", "a"], ("a", "a"))
    (['aa', 'a'], [0])
    """
    left, right = pair
    if merged is None:
        merged = left + right
    out: list[str] = []
    positions: list[int] = []
    i, n = 0, len(symbols)
    while i < n:
        # subtle: "a a a" holds the pair (a, a) twice but only one merge fits; taking the
        # leftmost first is what subword-nmt and the tutorials do.
        if i + 1 < n and symbols[i] == left and symbols[i + 1] == right:
            out.append(merged)
            positions.append(i)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out, positions
