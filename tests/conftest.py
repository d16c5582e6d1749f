"""Set-up shared by every test: the views' link parameters are registered, as in ``app.py``,
and the Hypothesis profile of the run is loaded.

Each view registers the link parameters it owns when it is imported (:mod:`ui.app.links`), and
``app.py`` imports them all (:mod:`ui.app.all_views`) before it reads a link. Tests that read
``ui.app.share.PARAMS`` or ``PAGES`` while pytest collects them (to parametrize over the
parameters) need the same, before any test module is imported.

Hypothesis profiles (see :mod:`tests.budget`, which scales every ``max_examples``): ``ci``,
the default, derandomized (the same examples on every run, no example database shared by
the parallel workers); ``nightly`` (``HYPOTHESIS_PROFILE=nightly``), random, 5x examples.
"""

from __future__ import annotations

from hypothesis import settings

import ui.app.all_views  # noqa: F401
from tests.budget import PROFILE, examples

settings.register_profile("ci", derandomize=True, database=None, max_examples=examples(100, "ci"))
# derandomize=False said outright: under CI=true Hypothesis's own "ci" profile, which
# derandomizes, is the default a new profile would inherit from
settings.register_profile(
    "nightly", max_examples=examples(100, "nightly"), derandomize=False, print_blob=True
)
settings.load_profile(PROFILE)
