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

import os

import pytest
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


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (the README's command): one worker more than the cores this process may
    use; ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when it is set (xdist reads it).

    subtle: with one worker per core a 2-core machine stood idle 13 % of the run: a browser
    test waits on the clock (a player at 1 s per step, a student's poll, the quiet half
    second after a run) and on its browser and server, while its worker's core has nothing
    to do. A third worker fills those gaps: the suite in a fresh clone took 496 s with three
    workers against 545 s with two (the same commit, back to back, 0 reruns each; the
    machine busy 94 % of the time instead of 87 %).
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    if hasattr(os, "sched_getaffinity"):  # Linux: the cores this process may run on
        return len(os.sched_getaffinity(0)) + 1
    return (os.cpu_count() or 1) + 1


#: Tests that take seconds of CPU each (measured 2026-11-27, ``--durations``), as node-id
#: prefixes: they start first, so that no long test starts last and runs on alone while the
#: other workers are idle (xdist hands out single tests in collection order;
#: ``tests/e2e``'s ``xdist_group`` units are scheduled as wholes, by size, and are untouched).
SLOW_FIRST = (
    "tests/app/test_i18n_pretrained.py::test_no_english_is_left_on_any_step",
    "tests/core/test_pretrained.py::test_fifty_thousand_merges_match_the_library",
    "tests/core/test_history.py::test_a_20000_character_word",
    "tests/core/test_bpe_oracle.py::test_2000_merges_on_pydoc_equal_subword_nmt",
    "tests/core/test_bpe_oracle.py::test_merges_on_the_training_split_equal_subword_nmt",
    "tests/core/test_cli.py::test_learn_pydoc",
    "tests/app/test_unigram_page.py::test_a_large_corpus_runs_fewer_em_iterations",
    "tests/core/test_oniguruma.py::test_each_accepted_class_matches_the_library",
    "tests/core/test_bounds.py::test_a_huge_alternation_is_refused_before_compiling",
    "tests/core/test_pretrained_exact.py::test_whitespace_classes_every_code_point",
    "tests/core/test_pretrained.py::test_llama3_style_byte_level_file_matches_the_library",
    "tests/e2e/test_class_browser.py::test_a_class_on_one_process_with_sqlite",
    "tests/e2e/test_large_result_ws.py::test_a_wordpiece_result_arriving_is_not_walked_by_the_collector",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the tests of :data:`SLOW_FIRST` first, each set in its collected order; every
    other test keeps its place (a stable sort: nothing is added or left out)."""
    items.sort(key=lambda item: not item.nodeid.startswith(SLOW_FIRST))
