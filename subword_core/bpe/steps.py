"""BPE, the trace: one record per step (:class:`MergeStep`, with its :class:`PairCount` rows) and
per encoding step (:class:`EncodeStep`); the end-of-word marker and the stop reasons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from subword_core.merges import (
    Pair,
    WordChange,
)

StopReason = Literal["num_merges", "min_frequency", "no_pairs"]


DEFAULT_END_OF_WORD = "</w>"


# --------------------------------------------------------------------------------------
# The trace: plain, frozen data
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairCount:
    """One adjacent pair and how often it occurs in the corpus (weighted by word counts).

    ``first_seen`` is where the pair first occurs in corpus order: the index of the
    word in the corpus and the character offset inside the word's current segmentation.

    >>> PairCount(("e", "s"), 9, (2, 3)).count
    9
    """

    pair: Pair
    count: int
    first_seen: tuple[int, int]


@dataclass(frozen=True)
class MergeStep:
    """One iteration of BPE learning: what was counted, what was chosen and why.

    Attributes:
        number: 1-based step number (equal to the merge number when a merge happened).
        pair_counts: the most frequent pairs at the start of the step, best first
            (count descending, then the tie rule's order): the pairs in ``tied``, then
            the next most frequent ones up to ``top_k`` rows in all.
        pairs_total: how many distinct adjacent pairs the corpus had at this step.
        pairs_omitted: how many of them ``pair_counts`` leaves out.
        best_count: the highest pair count at this step (0 when there was no pair).
        tied: the pairs with ``best_count``, ranked by the tie rule (winner first when
            the rule chose; the chosen pair may be elsewhere when ``rule == "chosen"``).
            All of them unless there are more than ``max_ties``: then the first
            ``max_ties`` by the tie rule (plus the chosen pair).
        rule: ``"unique"`` (no tie), ``"first-seen"``, ``"lexicographic"`` or
            ``"chosen"`` (the caller picked among the tied pairs).
        merged: the merged pair, or ``None`` for a final step that stops without merging.
        changed_words: words whose segmentation changed (all of them on small corpora,
            the most frequent ``max_changed_words`` otherwise), in corpus order.
        changed_words_total: how many distinct words the merge changed.
        vocab_size: number of distinct symbols in the corpus after the step.
        vocab_added: symbols that appeared (the new merged symbol unless it existed).
        vocab_removed: symbols that vanished because every occurrence was merged away.
        stop_reason: set on the last step only: ``"num_merges"`` (done), ``"min_frequency"``
            (the best pair is rarer than ``min_frequency``) or ``"no_pairs"`` (every word
            is a single symbol).
        min_frequency: the threshold in force, so a stop can be explained with numbers.
        ties_total: how many pairs had ``best_count`` (``len(tied)`` unless capped; see
            ``ties_omitted``).

    >>> from subword_core.bpe import learn
    >>> step = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 1).steps[0]
    >>> step.merged, step.best_count, step.tied
    (('e', 's'), 9, (('e', 's'), ('s', 't'), ('t', '</w>')))
    """

    number: int
    pair_counts: tuple[PairCount, ...]
    pairs_total: int
    pairs_omitted: int
    best_count: int
    tied: tuple[Pair, ...]
    rule: str
    merged: Pair | None
    changed_words: tuple[WordChange, ...]
    changed_words_total: int
    vocab_size: int
    vocab_added: tuple[str, ...]
    vocab_removed: tuple[str, ...]
    stop_reason: str | None
    min_frequency: int
    ties_total: int = 0

    def __post_init__(self) -> None:
        if not self.ties_total:  # built without it (older code): every tie was kept
            object.__setattr__(self, "ties_total", len(self.tied))

    @property
    def ties_omitted(self) -> int:
        """How many tied pairs ``tied`` leaves out (only when there were over ``max_ties``)."""
        return self.ties_total - len(self.tied)

    @property
    def merged_symbol(self) -> str | None:
        """The new symbol the merge created, e.g. ``"es"`` for ``("e", "s")``."""
        return None if self.merged is None else self.merged[0] + self.merged[1]

    @property
    def vocab_delta(self) -> int:
        """How the number of distinct symbols changed: usually +1, but 0 or -1 happen."""
        return len(self.vocab_added) - len(self.vocab_removed)

    @property
    def is_tie(self) -> bool:
        """True when more than one pair had the best count."""
        return self.ties_total > 1


@dataclass(frozen=True)
class EncodeStep:
    """One iteration of encoding a word by merge priority.

    Attributes:
        number: 1-based iteration number.
        symbols: the word's symbols at the start of the iteration.
        pairs: every adjacent pair in order, with its merge number (1-based) or ``None``
            when the pair was never learned.
        merged: the learned pair with the lowest merge number, or ``None``: nothing left
            to merge, encoding stops.
        rank: the merge number of ``merged``.
        positions: symbol indices where ``merged`` was applied (non-overlapping,
            left to right).
        result: the symbols after the iteration.
        dropped: with BPE-dropout, the indices of the learned pairs (in ``pairs``) that
            were dropped in this iteration; they could not be merged this time.

    >>> from subword_core.bpe import BPEModel
    >>> model = BPEModel((("l", "o"), ("lo", "w")))
    >>> [s.merged for s in model.encode_steps("low")]
    [('l', 'o'), ('lo', 'w'), None]
    """

    number: int
    symbols: tuple[str, ...]
    pairs: tuple[tuple[Pair, int | None], ...]
    merged: Pair | None
    rank: int | None
    positions: tuple[int, ...]
    result: tuple[str, ...]
    dropped: tuple[int, ...] = ()
