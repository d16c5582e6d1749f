"""BPE-dropout (Provilkov et al. 2020): while encoding, each merge is skipped with probability
``dropout``, so one word gets several segmentations (subword regularization).
"""

from __future__ import annotations

import random

from subword_core.errors import ParameterError


def _check_dropout(dropout: float, rng: random.Random | None) -> None:
    if isinstance(dropout, bool) or not isinstance(dropout, int | float) or not 0 <= dropout <= 1:
        raise ParameterError(
            f"dropout must be a probability between 0 and 1, not {dropout!r}.",
            code="bad_probability",
            values={"name": "dropout", "value": repr(dropout)},
        )
    if 0 < dropout < 1 and rng is None:
        raise ParameterError(
            "BPE-dropout is random: pass rng=random.Random(seed) so the same draw can be replayed.",
            code="needs_rng",
        )


def _survivors(n: int, dropout: float, rng: random.Random | None) -> list[bool]:
    """Which of ``n`` pair occurrences survive this iteration.

    subtle: one draw per adjacent pair, left to right, learned or not, exactly as
    subword-nmt's apply-bpe does, so the same seed gives the same segmentation in both.
    """
    if not dropout:
        return [True] * n
    if dropout >= 1:
        return [False] * n
    assert rng is not None
    return [rng.random() > dropout for _ in range(n)]
