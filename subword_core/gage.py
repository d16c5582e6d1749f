"""Gage's byte-pair compression (1994), replayed step by step on a string of characters.

Philip Gage's "A New Algorithm for Data Compression" (C Users Journal, 1994) is where BPE
comes from. Seed 003 shows it on ``aaabdaaabac``:

    aaabdaaabac -> ZabdZabac (Z=aa) -> ZYdZYac (Y=ab) -> XdXac (X=ZY)

1. find the pair of neighbouring symbols that occurs most often;
2. replace every copy of it with a new symbol that does not occur in the text, and write
   ``new symbol -> pair`` into a table;
3. repeat until no pair occurs twice (or no unused symbol is left).

Decompression reads the table backwards and puts each pair back where its symbol stands.

How it differs from its NLP descendant (:mod:`subword_core.bpe`): Gage works on one string,
not on a corpus of words with counts; a *symbol* here is one character of the string, one
Unicode code point (Gage used bytes, and new symbols were byte values the data never used);
the new symbol is an unrelated character, not the concatenation of the pair, so the table
is needed to read the result; and it stops by itself when no pair repeats, instead of after
a chosen number of merges.

Decisions made here (and explained on the app's page):

- Pairs are counted the way replacement uses them: non-overlapping copies, left to right.
  ``aaa`` holds ``aa`` at two positions, but replacing the first copy uses up the middle
  ``a``, so it counts once. ``PairCount.overlapping`` keeps the other count for comparison.
- A pair must occur at least twice to be replaced (Gage's rule): replacing a single copy
  would shorten the string by one character and add a whole table entry.
- Ties go to the pair that occurs first in the current string; ``choose`` picks another
  tied pair (seed 003 picks ``ab`` over ``Za`` at step 2).
- New symbols come from ``symbols`` in order; by default ``Z, Y, X, ... A``, skipping any
  letter that occurs in the text. When they run out, compression stops and says so
  (``stop_reason == "out_of_symbols"``).

>>> result = compress("aaabdaaabac")
>>> result.compressed, result.table
('XdXac', {'Z': 'aa', 'Y': 'Za', 'X': 'Yb'})
>>> compress("aaabdaaabac", choose={2: "ab"}).table
{'Z': 'aa', 'Y': 'ab', 'X': 'ZY'}
>>> decompress("XdXac", {"Z": "aa", "Y": "ab", "X": "ZY"})
'aaabdaaabac'
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from subword_core.errors import ParameterError

Pair = tuple[str, str]

MIN_COUNT = 2
"""A pair is replaced only if at least this many non-overlapping copies occur."""

DEFAULT_SYMBOLS = string.ascii_uppercase[::-1]
"""New symbols used when none are given: ``Z``, ``Y``, ``X``, ... ``A`` (as in seed 003)."""

TABLE_ENTRY_CHARS = 3
"""Characters one table entry takes when written out: the new symbol and its pair."""

__all__ = [
    "DEFAULT_SYMBOLS",
    "MIN_COUNT",
    "TABLE_ENTRY_CHARS",
    "DecompressStep",
    "GageResult",
    "GageStep",
    "PairCount",
    "compress",
    "count_pairs",
    "decompress",
    "decompress_steps",
    "replay",
]


# --------------------------------------------------------------------------------------
# The trace: plain, frozen data
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairCount:
    """One pair of neighbouring characters in the current string, and how often it occurs.

    Attributes:
        pair: the two characters.
        count: non-overlapping copies, counted left to right: how many replacing it
            would remove.
        overlapping: every position where it starts (differs from ``count`` only for a
            doubled character such as ``aa`` inside ``aaa``).
        first_at: 0-based index in the string where it first occurs (the tie rule).

    >>> PairCount(("a", "a"), 2, 4, 0).overlapping
    4
    """

    pair: Pair
    count: int
    overlapping: int
    first_at: int


@dataclass(frozen=True)
class GageStep:
    """One step of the compression: what was counted, what was replaced, and why.

    Attributes:
        number: 1-based step number.
        before: the string at the start of the step.
        pair_counts: the pairs of ``before``, best first (count descending, then first
            occurrence). Always holds every pair tied with the best one; on long texts only
            the ``top_k`` most frequent others.
        pairs_total: how many distinct pairs ``before`` holds.
        pairs_omitted: how many of them ``pair_counts`` leaves out.
        best_count: the highest count (0 when ``before`` has fewer than two characters).
        tied: every pair with ``best_count`` when it is at least ``MIN_COUNT``, in order of
            first occurrence (empty on a step that stops because no pair repeats).
        rule: ``"unique"`` (no tie), ``"first-occurrence"`` (the tie went to the pair met
            first), ``"chosen"`` (the caller picked it) or ``"none"`` (nothing replaced).
        pair: the replaced pair, or ``None`` on the final step that stops.
        symbol: the new symbol that replaced it, or ``None``.
        positions: 0-based indices in ``before`` where a replaced copy starts.
        after: the string at the end of the step (``before`` when nothing was replaced).
        stop_reason: set on the final step only: ``"no_repeats"`` (no pair occurs twice)
            or ``"out_of_symbols"`` (a pair still repeats, but no unused symbol is left).

    >>> step = compress("abab").steps[0]
    >>> step.pair, step.symbol, step.positions, step.after
    (('a', 'b'), 'Z', (0, 2), 'ZZ')
    """

    number: int
    before: str
    pair_counts: tuple[PairCount, ...]
    pairs_total: int
    pairs_omitted: int
    best_count: int
    tied: tuple[Pair, ...]
    rule: str
    pair: Pair | None
    symbol: str | None
    positions: tuple[int, ...]
    after: str
    stop_reason: str | None

    @property
    def is_tie(self) -> bool:
        """True when more than one pair had the best count."""
        return len(self.tied) > 1

    @property
    def after_positions(self) -> tuple[int, ...]:
        """0-based indices in ``after`` where the new symbol was written.

        >>> compress("abab").steps[0].after_positions
        (0, 1)
        """
        # each earlier replacement shortened the string by one character
        return tuple(p - k for k, p in enumerate(self.positions))

    @property
    def saved(self) -> int:
        """How many characters the step removed from the string (one per replaced copy)."""
        return len(self.positions)


@dataclass(frozen=True)
class GageResult:
    """What :func:`compress` returns.

    Attributes:
        text: the input.
        compressed: the string after the last replacement.
        table: ``{new symbol: the two characters it replaced}`` in the order the
            replacements were made.
        steps: one ``GageStep`` per replacement, plus a final step that stops and says why.
        symbols: every symbol that was available for new pairs, in the order of use.
        stop_reason: ``"no_repeats"`` or ``"out_of_symbols"``.

    >>> r = compress("aaabdaaabac")
    >>> r.ratio, r.table_chars, r.total_chars
    (2.2, 9, 14)
    """

    text: str
    compressed: str
    table: dict[str, str]
    steps: tuple[GageStep, ...]
    symbols: tuple[str, ...]
    stop_reason: str

    @property
    def replacements(self) -> tuple[GageStep, ...]:
        """The steps that replaced a pair (all but the final one)."""
        return tuple(s for s in self.steps if s.pair is not None)

    @property
    def symbols_left(self) -> tuple[str, ...]:
        """Symbols that were available but not needed."""
        return self.symbols[len(self.table) :]

    @property
    def ratio(self) -> float:
        """Compression ratio: characters before / characters after (the table not counted).

        >>> compress("abab").ratio
        2.0
        """
        return len(self.text) / len(self.compressed) if self.compressed else 1.0

    @property
    def table_chars(self) -> int:
        """Characters the table takes written out: 3 per entry (the symbol and its pair)."""
        return TABLE_ENTRY_CHARS * len(self.table)

    @property
    def total_chars(self) -> int:
        """What has to be stored to get the text back: the string plus the table."""
        return len(self.compressed) + self.table_chars

    @property
    def ratio_with_table(self) -> float:
        """Characters before / (characters after + the table's characters).

        Below 1 the "compressed" form, table included, is longer than the text.

        >>> round(compress("aaabdaaabac").ratio_with_table, 3)
        0.786
        """
        return len(self.text) / self.total_chars if self.total_chars else 1.0

    def string_at(self, step: int) -> str:
        """The string after ``step`` steps (0 = the input).

        >>> compress("aaabdaaabac").string_at(1)
        'ZabdZabac'
        """
        if step <= 0 or not self.steps:
            return self.text
        return self.steps[min(step, len(self.steps)) - 1].after

    def table_at(self, step: int) -> dict[str, str]:
        """The table after ``step`` steps (0 = empty).

        >>> compress("aaabdaaabac").table_at(1)
        {'Z': 'aa'}
        """
        return dict(list(self.table.items())[: max(step, 0)])


@dataclass(frozen=True)
class DecompressStep:
    """One step of decompression: a symbol is put back as the pair it stands for.

    Attributes:
        number: 1-based step number (step 1 undoes the *last* table entry).
        symbol: the symbol being expanded.
        pair: the two characters it stands for.
        before: the string before the step.
        positions: 0-based indices in ``before`` where the symbol occurs.
        after: the string after the step.

    >>> decompress_steps("ZZ", {"Z": "ab"})[0].after
    'abab'
    """

    number: int
    symbol: str
    pair: str
    before: str
    positions: tuple[int, ...]
    after: str


# --------------------------------------------------------------------------------------
# Counting
# --------------------------------------------------------------------------------------


def count_pairs(text: str) -> list[PairCount]:
    """Count every pair of neighbouring characters, best first (stage 1 of a step).

    Order: non-overlapping count descending, then first occurrence (leftmost first).

    Args:
        text: the current string.

    Returns:
        One ``PairCount`` per distinct pair.

    >>> [(pc.pair, pc.count, pc.overlapping) for pc in count_pairs("aaab")]
    [(('a', 'a'), 1, 2), (('a', 'b'), 1, 1)]
    """
    count: dict[Pair, int] = {}
    overlapping: dict[Pair, int] = {}
    first_at: dict[Pair, int] = {}
    free_from: dict[Pair, int] = {}  # first index where a new copy may start
    for i, pair in enumerate(pairwise(text)):
        overlapping[pair] = overlapping.get(pair, 0) + 1
        first_at.setdefault(pair, i)
        # subtle: "aaa" holds ("a", "a") at 0 and at 1, but replacing the copy at 0 uses up
        # the middle "a". A copy counts only if it starts after the last counted one ends,
        # which is exactly what a left-to-right replacement will do.
        if i >= free_from.get(pair, 0):
            count[pair] = count.get(pair, 0) + 1
            free_from[pair] = i + 2
    ranked = [PairCount(p, count[p], overlapping[p], first_at[p]) for p in first_at]
    ranked.sort(key=lambda pc: (-pc.count, pc.first_at))
    return ranked


def _replace(text: str, pair: Pair, symbol: str) -> tuple[str, tuple[int, ...]]:
    """Stage 3, replace: non-overlapping copies of ``pair``, left to right, by ``symbol``.

    Returns the new string and the indices (in ``text``) where replaced copies start.

    >>> _replace("aaabdaaabac", ("a", "a"), "Z")
    ('ZabdZabac', (0, 5))
    """
    left, right = pair
    out: list[str] = []
    positions: list[int] = []
    i, n = 0, len(text)
    while i < n:
        if i + 1 < n and text[i] == left and text[i + 1] == right:
            out.append(symbol)
            positions.append(i)
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out), tuple(positions)


# --------------------------------------------------------------------------------------
# Compression
# --------------------------------------------------------------------------------------


def _symbol_pool(text: str, symbols: str | Iterable[str] | None) -> tuple[str, ...]:
    present = set(text)
    if symbols is None:
        return tuple(s for s in DEFAULT_SYMBOLS if s not in present)
    if not isinstance(symbols, str) and not isinstance(symbols, Iterable):
        raise ParameterError(
            f"symbols must be a string of characters (e.g. 'ZYX') or None, not {symbols!r}.",
            code="bad_symbols",
            values={"value": repr(symbols)},
        )
    pool = list(symbols)
    for s in pool:
        if not isinstance(s, str) or len(s) != 1:
            raise ParameterError(
                f"Each new symbol must be a single character; {s!r} is not. "
                "Give them as a string such as 'ZYX'.",
                code="symbol_not_char",
                values={"symbol": repr(s)},
            )
    seen: set[str] = set()
    for s in pool:
        if s in seen:
            raise ParameterError(
                f"The new symbol {s!r} is listed twice: each symbol can stand for only one pair.",
                code="symbol_repeated",
                values={"symbol": repr(s)},
            )
        seen.add(s)
    clash = [s for s in pool if s in present]
    if clash:
        listed = ", ".join(repr(s) for s in clash)
        raise ParameterError(
            f"The new symbols must not occur in the text, but {listed} "
            f"{'does' if len(clash) == 1 else 'do'}: after compression nobody could tell "
            "a new symbol from the original character. Choose characters the text does not use.",
            code="symbols_in_text",
            values={"symbols": listed},
        )
    return tuple(pool)


def _as_pair(value: Sequence[str] | str, where: str) -> Pair:
    items = list(value) if isinstance(value, str | Sequence) else []
    if len(items) != 2 or not all(isinstance(x, str) and len(x) == 1 for x in items):
        raise ParameterError(
            f"{where}: a pair is two characters, such as 'ab' or ('a', 'b'), not {value!r}.",
            code="bad_pair",
            values={"where": where, "value": repr(value)},
        )
    return (items[0], items[1])


def compress(
    text: str,
    symbols: str | Iterable[str] | None = None,
    *,
    choose: Mapping[int, Pair | str] | None = None,
    top_k: int = 50,
) -> GageResult:
    """Compress ``text`` by repeatedly replacing its most frequent pair with a new symbol.

    Each step runs the algorithm's stages (docs/ARCHITECTURE.md): count the pairs of the
    current string (:func:`count_pairs`), rank them (:func:`_rank`, then :func:`_pick`
    applies the tie rule or stops), replace the winner (:func:`_replace`) and record the
    new symbol in the table and the step (:func:`_record`).

    Args:
        text: the string to compress. Each character is one symbol.
        symbols: the new symbols, used in this order (a string such as ``"ZYX"`` or a list
            of single characters). ``None`` uses ``Z``, ``Y``, ``X``, ... ``A``, skipping
            letters that occur in the text. When they run out while a pair still repeats,
            compression stops with ``stop_reason == "out_of_symbols"``.
        choose: ``{step number: pair}`` to replace another of the tied pairs at a step
            (e.g. ``{2: "ab"}`` for seed 003's table). Ties otherwise go to the pair that
            occurs first in the current string.
        top_k: how many pair counts each step keeps besides the tied ones.

    Returns:
        A ``GageResult`` with ``compressed``, ``table`` and ``steps``.

    Raises:
        ParameterError: ``text`` is not a string; a given symbol is not one character,
            is listed twice or occurs in the text; a ``choose`` entry is not a pair or
            not one of the tied pairs at its step; ``top_k`` < 1.

    >>> r = compress("aaabdaaabac", "ZYX", choose={2: ("a", "b")})
    >>> [s.after for s in r.replacements]
    ['ZabdZabac', 'ZYdZYac', 'XdXac']
    >>> r.steps[-1].stop_reason
    'no_repeats'
    """
    pool, choices = _check_options(text, symbols, choose, top_k)
    current = text
    table: dict[str, str] = {}
    steps: list[GageStep] = []
    stop = "no_repeats"
    while True:
        number = len(steps) + 1
        ranked = _rank(count_pairs(current), top_k)
        pair, rule, stop = _pick(ranked, number, choices, out_of_symbols=len(table) >= len(pool))
        if pair is None:
            steps.append(_record(number, current, ranked, rule, stop_reason=stop))
            break
        symbol = pool[len(table)]
        after, positions = _replace(current, pair, symbol)
        steps.append(_record(number, current, ranked, rule, pair, symbol, positions, after, table))
        current = after
    return GageResult(
        text=text,
        compressed=current,
        table=table,
        steps=tuple(steps),
        symbols=pool,
        stop_reason=stop,
    )


def _check_options(
    text: str,
    symbols: str | Iterable[str] | None,
    choose: Mapping[int, Pair | str] | None,
    top_k: int,
) -> tuple[tuple[str, ...], dict[int, Pair]]:
    """Check ``compress``'s arguments; return the new symbols and the chosen pairs.

    >>> _check_options("abab", "ZY", {2: "ab"}, 5)
    (('Z', 'Y'), {2: ('a', 'b')})
    """
    if not isinstance(text, str):
        raise ParameterError(
            f"Gage's compression works on a string, not on {type(text).__name__}.",
            code="not_text",
            values={"name": "gage", "type": type(text).__name__},
        )
    if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k < 1:
        raise ParameterError(
            f"top_k must be a whole number of at least 1, not {top_k!r}.",
            code="not_positive",
            values={"name": "top_k", "value": repr(top_k)},
        )
    pool = _symbol_pool(text, symbols)
    choices: dict[int, Pair] = {}
    for number, value in (choose or {}).items():
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ParameterError(
                f"Steps are numbered from 1; {number!r} is not a step number.",
                code="bad_step",
                values={"value": repr(number)},
            )
        choices[number] = _as_pair(value, f"Step {number}")
    return pool, choices


class _Ranked(NamedTuple):
    """One step's ranking (:func:`_rank`).

    Attributes:
        counts: every pair of the current string, best first (:func:`count_pairs`).
        best: the highest count (0 when the string has fewer than two characters).
        tied: the pairs with ``best``, in order of first occurrence; empty when ``best``
            is below ``MIN_COUNT`` (nothing will be replaced).
        kept: what the step shows: the ``top_k`` first pairs and every tied one.
    """

    counts: list[PairCount]
    best: int
    tied: tuple[Pair, ...]
    kept: tuple[PairCount, ...]


def _rank(counts: list[PairCount], top_k: int) -> _Ranked:
    """Stage 2, rank: the best count, the pairs tied with it, and the rows a step shows.

    >>> ranked = _rank(count_pairs("abcabcab"), 1)
    >>> ranked.best, ranked.tied, [pc.pair for pc in ranked.kept]
    (3, (('a', 'b'),), [('a', 'b')])
    """
    best = counts[0].count if counts else 0
    tied = tuple(pc.pair for pc in counts if pc.count == best) if best >= MIN_COUNT else ()
    kept = tuple(pc for i, pc in enumerate(counts) if i < top_k or pc.count == best)
    return _Ranked(counts, best, tied, kept)


def _pick(
    ranked: _Ranked, number: int, choices: Mapping[int, Pair], *, out_of_symbols: bool
) -> tuple[Pair | None, str, str]:
    """Stage 2, rank (end): the pair to replace and the rule, or ``None`` and why it stops.

    Returns ``(pair, rule, stop reason)``; the stop reason counts only when ``pair`` is
    ``None``: ``"no_repeats"`` (no pair occurs ``MIN_COUNT`` times) or ``"out_of_symbols"``.

    >>> _pick(_rank(count_pairs("abcabc"), 5), 1, {}, out_of_symbols=False)
    (('a', 'b'), 'first-occurrence', 'no_repeats')
    >>> _pick(_rank(count_pairs("abcabc"), 5), 1, {1: ("b", "c")}, out_of_symbols=False)
    (('b', 'c'), 'chosen', 'no_repeats')
    >>> _pick(_rank(count_pairs("abc"), 5), 1, {}, out_of_symbols=False)
    (None, 'none', 'no_repeats')
    """
    tied = ranked.tied
    if ranked.best < MIN_COUNT or out_of_symbols:
        return None, "none", ("no_repeats" if ranked.best < MIN_COUNT else "out_of_symbols")
    if number in choices:
        pair = choices[number]
        if pair not in tied:
            raise ParameterError(
                f"Step {number}: {pair[0] + pair[1]!r} is not one of the tied pairs "
                f"({', '.join(repr(a + b) for a, b in tied)}), so it cannot be chosen here.",
                code="not_tied",
                values={
                    "step": number,
                    "pair": repr(pair[0] + pair[1]),
                    "tied": ", ".join(repr(a + b) for a, b in tied),
                },
            )
        return pair, "chosen", "no_repeats"
    # subtle: ``count_pairs`` puts the leftmost pair first among equal counts, so ties go
    # to the pair met first in the current string (``Za`` at seed 003's step 2).
    return tied[0], ("unique" if len(tied) == 1 else "first-occurrence"), "no_repeats"


def _record(
    number: int,
    before: str,
    ranked: _Ranked,
    rule: str,
    pair: Pair | None = None,
    symbol: str | None = None,
    positions: tuple[int, ...] = (),
    after: str | None = None,
    table: dict[str, str] | None = None,
    stop_reason: str | None = None,
) -> GageStep:
    """Stage 4, record: ``symbol -> pair`` into the table, and the step's trace.

    Without a ``pair`` the step replaced nothing: ``after`` is ``before``.

    >>> table = {}
    >>> ranked = _rank(count_pairs("abab"), 5)
    >>> step = _record(1, "abab", ranked, "unique", ("a", "b"), "Z", (0, 2), "ZZ", table)
    >>> table, step.after, step.best_count, step.saved
    ({'Z': 'ab'}, 'ZZ', 2, 2)
    """
    if pair is not None and symbol is not None and table is not None:
        table[symbol] = pair[0] + pair[1]
    counts, kept = ranked.counts, ranked.kept
    return GageStep(
        number=number,
        before=before,
        pair_counts=kept,
        pairs_total=len(counts),
        pairs_omitted=len(counts) - len(kept),
        best_count=ranked.best,
        tied=ranked.tied,
        rule=rule,
        pair=pair,
        symbol=symbol,
        positions=positions,
        after=before if after is None else after,
        stop_reason=stop_reason,
    )


def replay(result: GageResult) -> str:
    """Re-apply the recorded replacements, in order, to the input.

    A check that the trace is complete: the outcome equals ``result.compressed``.

    >>> r = compress("aaabdaaabac")
    >>> replay(r) == r.compressed
    True
    """
    current = result.text
    for step in result.steps:
        if step.pair is not None and step.symbol is not None:
            current, _ = _replace(current, step.pair, step.symbol)
    return current


# --------------------------------------------------------------------------------------
# Decompression
# --------------------------------------------------------------------------------------


def _check_table(table: Mapping[str, str | Sequence[str]]) -> list[tuple[str, str]]:
    if not isinstance(table, Mapping):
        raise ParameterError(
            "The table must map each new symbol to its pair, e.g. {'Z': 'aa', 'Y': 'ab'}.",
            code="bad_table",
        )
    entries = []
    for symbol, pair in table.items():
        if not isinstance(symbol, str) or len(symbol) != 1:
            raise ParameterError(
                f"Table keys are single characters (the new symbols); {symbol!r} is not.",
                code="table_key",
                values={"symbol": repr(symbol)},
            )
        entries.append((symbol, "".join(_as_pair(pair, f"Table entry {symbol!r}"))))
    return entries


def decompress_steps(
    compressed: str, table: Mapping[str, str | Sequence[str]]
) -> list[DecompressStep]:
    """Undo the table one entry at a time, last entry first, and record every step.

    Args:
        compressed: the compressed string.
        table: ``{new symbol: pair}`` in the order the replacements were made (the pair as
            a two-character string or a tuple of two characters).

    Returns:
        One ``DecompressStep`` per table entry, in the order they are undone.

    Raises:
        ParameterError: a key is not one character or a value is not two.

    >>> [s.after for s in decompress_steps("XdXac", {"Z": "aa", "Y": "ab", "X": "ZY"})]
    ['ZYdZYac', 'ZabdZabac', 'aaabdaaabac']
    """
    entries = _check_table(table)
    steps: list[DecompressStep] = []
    current = compressed
    # subtle: later symbols are built from earlier ones (X = ZY), never the other way, so
    # expanding in reverse order leaves no symbol behind; in table order X would bring
    # back a Z and a Y after they had already been expanded.
    for symbol, pair in reversed(entries):
        positions = tuple(i for i, ch in enumerate(current) if ch == symbol)
        after = current.replace(symbol, pair)
        steps.append(DecompressStep(len(steps) + 1, symbol, pair, current, positions, after))
        current = after
    return steps


def decompress(compressed: str, table: Mapping[str, str | Sequence[str]]) -> str:
    """Expand a compressed string back to the original text.

    Args:
        compressed: the compressed string.
        table: ``{new symbol: pair}`` in the order the replacements were made.

    Returns:
        The original text.

    Raises:
        ParameterError: a key is not one character or a value is not two.

    >>> decompress("ZZ", {"Z": "ab"})
    'abab'
    """
    steps = decompress_steps(compressed, table)
    return steps[-1].after if steps else compressed
