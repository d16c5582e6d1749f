"""The merge pages' settings checks: the number of merges and the minimum pair count.

Example:
    >>> merge_settings_problems(10, 2)
    []
    >>> merge_settings_problems(0, 2)
    ['The number of merges must be a whole number of at least 1.']
"""

from __future__ import annotations

from ui.i18n import translator
from ui.limits import LIMITS, advice

__all__ = ["MAX_MERGES", "merge_settings_problems"]

t = translator("bpe")

MAX_MERGES = LIMITS.merges


def merge_settings_problems(num_merges: float | None, min_frequency: float | None) -> list[str]:
    """What is wrong with a number of merges and a minimum pair count, in the session's
    language (empty when both are whole numbers of at least 1 and the merges are at most
    :data:`MAX_MERGES`).

    Example:
        >>> len(merge_settings_problems(2.5, None))
        2
    """
    problems = []
    if num_merges is None or int(num_merges) != num_merges or num_merges < 1:
        problems.append(t("The number of merges must be a whole number of at least 1."))
    elif num_merges > MAX_MERGES:
        problems.append(
            t("At most {n} merges: more would make the trace too long.").format(n=f"{MAX_MERGES:,}")
            + " "
            + advice("merges")
        )
    if min_frequency is None or int(min_frequency) != min_frequency or min_frequency < 1:
        problems.append(t("The minimum pair count must be a whole number of at least 1."))
    return problems
