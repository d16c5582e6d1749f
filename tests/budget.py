"""How many examples each Hypothesis test tries: one budget for the whole suite.

Every ``max_examples`` in the tests is written as ``examples(n)``: ``n`` is the test's own
share of the budget (what it tries on a CI run), and the profile chosen for the run scales it.
The profiles are registered in ``tests/conftest.py``:

- ``ci`` (the default): derandomized, so each run tries the same examples and a red run is
  red again on a second try; ``examples(n)`` is ``n``;
- ``nightly``: random examples, five times as many (``examples(n)`` is ``5 * n``)::

      HYPOTHESIS_PROFILE=nightly python -m pytest

``SUBWORD_FUZZ_SCALE=20`` multiplies the budget once more (a long bug hunt).

A test may try fewer on a CI run, ``examples(n, ci=k)``: ``k`` examples under ``ci``, still
``5 * n`` under ``nightly``. Only where the examples cost more than they find: the CI run
is derandomized (the same ``k`` examples each time, a regression check), the nightly run
hunts; and only where the strategy reaches its interesting cases (empty input, markers,
ties, long words) within ``k`` (it draws them often, or ``@example`` pins them).
"""

from __future__ import annotations

import os

#: The profile of this run (``HYPOTHESIS_PROFILE``), ``ci`` unless set.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci") or "ci"

#: How many times its base budget a test tries under each profile.
SCALES = {"ci": 1, "nightly": 5}

#: An extra factor for a long hunt, ``SUBWORD_FUZZ_SCALE=20`` (at least 1).
FUZZ_SCALE = max(1, int(os.environ.get("SUBWORD_FUZZ_SCALE", "1") or "1"))


def examples(n: int, profile: str | None = None, *, ci: int | None = None) -> int:
    """The examples a test whose base budget is ``n`` tries under ``profile`` (this run's);
    ``ci``, when given, is what it tries under the ``ci`` profile instead of ``n``.

    >>> examples(60, "ci") == 60 * FUZZ_SCALE
    True
    >>> examples(60, "nightly") == 5 * examples(60, "ci")
    True
    >>> examples(150, "ci", ci=50) == 50 * FUZZ_SCALE
    True
    >>> examples(150, "nightly", ci=50) == 750 * FUZZ_SCALE
    True
    """
    if n < 1 or (ci is not None and not 1 <= ci <= n):
        raise ValueError(f"a test tries at least one example and ci <= n, not {n}, ci={ci}")
    name = PROFILE if profile is None else profile
    scale = SCALES.get(name)
    if scale is None:
        raise ValueError(f"unknown HYPOTHESIS_PROFILE {name or PROFILE!r}: one of {sorted(SCALES)}")
    if name == "ci" and ci is not None:
        return ci * FUZZ_SCALE
    return n * scale * FUZZ_SCALE
