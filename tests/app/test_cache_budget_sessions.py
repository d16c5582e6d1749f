"""The cache budget holds across open sessions (issue 26, item 7).

A step player's fragment stays registered between runs, and it used to hold the page's
``render`` callback, hence the trained result, after the cache had evicted it: five sessions
with a 64 MB budget held 430 MB more. Now a session holds its result through a handle
(:func:`ui.runtime.cache.hold`) that the budget empties when it evicts the result; the player
then reruns the page, which trains it again.
"""

from __future__ import annotations

import gc

import pytest

import ui.runtime.cache
from subword_core.bpe import BPEResult
from tests.app.conftest import bpe_store, html_text, open_link
from ui.runtime.cache import _Budget, _Store, approx_bytes, hold

MERGES = (4, 5, 6, 7, 8)
"""One session each: five different trainings of the same corpus."""


def _live(kind: type) -> dict[int, object]:
    gc.collect()
    return {id(obj): obj for obj in gc.get_objects() if type(obj) is kind}


def _new_bytes(kind: type, before: set[int]) -> int:
    """The bytes of the live ``kind`` objects made since ``before`` (earlier tests' are not
    this test's concern)."""
    return sum(approx_bytes(obj) for key, obj in _live(kind).items() if key not in before)


def test_open_sessions_hold_no_more_results_than_the_budget(fresh_budget: _Budget) -> None:
    before = set(_live(BPEResult))
    first = open_link("bpe_learn", {"corpus": "seed-hug", "bpe_num_merges": str(MERGES[0])})
    [result] = list(bpe_store().items.values())
    assert type(result) is BPEResult
    size = bpe_store().total_bytes()
    del result
    # room for what the first session stored and two and a half results more
    fresh_budget.max_bytes = fresh_budget.total + size * 5 // 2
    sessions = [first] + [
        open_link("bpe_learn", {"corpus": "seed-hug", "bpe_num_merges": str(n)}) for n in MERGES[1:]
    ]
    assert fresh_budget.total <= fresh_budget.max_bytes
    held = _new_bytes(BPEResult, before)
    assert held <= fresh_budget.max_bytes, (held, fresh_budget.max_bytes, size)

    # the first session's result was evicted: its Next trains it again and shows step 2
    first.button(key="bpe_learn__next").click()
    first.run()
    assert not first.exception, [e.value for e in first.exception]
    assert first.session_state["bpe_learn__step"] == 2
    assert "Merge 2:" in html_text(first)
    assert _new_bytes(BPEResult, before) <= fresh_budget.max_bytes
    assert len(sessions) == len(MERGES)  # every session still open


def test_a_handle_is_emptied_when_a_result_its_run_used_is_evicted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = type("Run", (), {})()  # stands for one script run
    monkeypatch.setattr(ui.runtime.cache, "_this_run", lambda: run)
    store = _Store(10, _Budget(max_bytes=1000))
    store.put("a", "A", size=600)
    held = hold("the view of A")
    assert held.value == "the view of A" and store.budget.held_entries() == 1
    store.put("b", "B", size=600)  # evicts "a": the session lets its view go
    assert held.value is None and store.get("a") is None
    assert store.budget.held_entries() == 0


def test_a_result_too_large_for_the_budget_stays_with_its_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = type("Run", (), {})()
    monkeypatch.setattr(ui.runtime.cache, "_this_run", lambda: run)
    store = _Store(10, _Budget(max_bytes=1000))
    store.put("huge", "H", size=5000)  # never stored: nothing would empty the handle
    held = hold("the view of H")
    store.put("b", "B", size=900)
    assert held.value == "the view of H"  # (the page shows it; no rerun loop)
