"""Each AppTest starts from results computed under the app's real limits.

The shared cache (``ui.runtime.cache``) keeps results for the whole test process, as it does
for a server's sessions. A test that patched a ``LIMITS`` computed results under its own
limits, and they were kept: a later test's new session got the default example read under
``corpus_words=2`` (low 5, newest 6), in the full parallel suite only. Reproduced by::

    python -m pytest -n 0 \\
        tests/app/test_limits.py::test_too_many_distinct_words_keeps_the_most_frequent \\
        tests/app/test_shell.py::test_require_corpus_stops_a_page_with_a_message

Now an autouse fixture (tests/app/conftest.py) forgets the cache's results when such a test
ends; this test goes through the same steps within one test.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, forget_results_under_patched_limits, forget_shared_results
from ui.app.corpus_picker import bounds as corpus_bounds
from ui.app.limits import Limits


def _words(at: AppTest) -> tuple[str, ...]:
    assert not at.exception
    return at.session_state["corpus__current"].words


def test_results_read_under_a_patched_limit_do_not_reach_a_later_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forget_shared_results()  # the example is read again below, under the patched limit
    with monkeypatch.context() as patch:  # the earlier test
        patch.setattr(corpus_bounds, "LIMITS", Limits(corpus_words=2))
        assert _words(AppTest.from_file(APP, default_timeout=60).run()) == ("low", "newest")
        # what the autouse fixture does as that test ends, its patches still in place
        assert forget_results_under_patched_limits() == ["ui.app.corpus_picker.bounds"]
    # the later test: a new session gets the default example whole
    whole = ("low", "lower", "newest", "widest")
    assert _words(AppTest.from_file(APP, default_timeout=60).run()) == whole
    assert forget_results_under_patched_limits() == []  # nothing patched: the results stay
