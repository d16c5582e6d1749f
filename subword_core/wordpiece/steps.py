"""WordPiece, the trace: one record per step (:class:`WordPieceStep`, with its :class:`PairScore`
rows) and per encoding try (:class:`EncodeTry`); the defaults (``##``, ``[UNK]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from subword_core.merges import (
    Pair,
    WordChange,
)

Scoring = Literal["likelihood", "frequency"]


SCORINGS: tuple[str, ...] = ("likelihood", "frequency")


DEFAULT_PREFIX = "##"


DEFAULT_UNK = "[UNK]"


DEFAULT_MAX_CHARS = 100


# --------------------------------------------------------------------------------------
# The trace
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairScore:
    """A candidate pair with the numbers its score is made of.

    ``freq_a`` and ``freq_b`` count every occurrence of each symbol in the corpus (weighted
    by word counts); ``freq_pair`` counts the pair. ``score`` is exact (a fraction), so ties
    are real ties.

    >>> PairScore(("##g", "##s"), 20, 5, 5, Fraction(1, 20), (4, 2)).score
    Fraction(1, 20)
    """

    pair: Pair
    freq_a: int
    freq_b: int
    freq_pair: int
    score: Fraction
    first_seen: tuple[int, int]


@dataclass(frozen=True)
class WordPieceStep:
    """One iteration of WordPiece learning.

    Attributes:
        number: 1-based step number.
        candidates: the best-scoring pairs, best first (score, then the tie rule): the
            pairs in ``tied``, then the next best ones up to ``top_k`` rows in all.
        candidates_total: how many distinct pairs there were.
        candidates_omitted: how many ``candidates`` leaves out.
        best_score: the best score (0 when there was no pair).
        tied: the pairs with ``best_score``, ranked by the tie rule: all of them unless
            there are more than ``max_ties`` (then the first ``max_ties``, plus a chosen one).
        rule: ``"unique"``, ``"first-seen"``, ``"lexicographic"`` or ``"chosen"``.
        merged: the merged pair, or ``None`` for a final step that stops without merging.
        new_token: the token the merge added (``h`` + ``##u`` -> ``hu``).
        added: whether ``new_token`` was new to the vocabulary (two different pairs can
            build the same string; the vocabulary then does not grow).
        changed_words: words whose pieces changed (at most ``max_changed_words``).
        changed_words_total: how many words changed.
        vocab_size: vocabulary size after the step.
        stop_reason: on the last step: ``"vocab_size"`` (reached) or ``"no_pairs"``.
        ties_total: how many pairs had ``best_score`` (see ``ties_omitted``).

    >>> from subword_core.wordpiece import learn
    >>> learn({"hug": 10, "hugs": 5}, 5).steps[0].best_score
    Fraction(1, 15)
    """

    number: int
    candidates: tuple[PairScore, ...]
    candidates_total: int
    candidates_omitted: int
    best_score: Fraction
    tied: tuple[Pair, ...]
    rule: str
    merged: Pair | None
    new_token: str | None
    added: bool
    changed_words: tuple[WordChange, ...]
    changed_words_total: int
    vocab_size: int
    stop_reason: str | None
    ties_total: int = 0

    def __post_init__(self) -> None:
        if not self.ties_total:  # built without it (older code): every tie was kept
            object.__setattr__(self, "ties_total", len(self.tied))

    @property
    def ties_omitted(self) -> int:
        """How many tied pairs ``tied`` leaves out (only when there were over ``max_ties``)."""
        return self.ties_total - len(self.tied)

    @property
    def is_tie(self) -> bool:
        """True when more than one pair had the best score."""
        return self.ties_total > 1


@dataclass(frozen=True)
class EncodeTry:
    """One substring tried by longest-match-first encoding.

    >>> EncodeTry(0, 4, "hugs", False).candidate
    'hugs'
    """

    start: int
    end: int
    candidate: str
    matched: bool
