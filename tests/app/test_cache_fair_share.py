"""Each session has a fair share of the cache's byte budget (issue 26).

Under attack, one hostile session's trainings evicted the results the class's step players
held (``ui.runtime.cache.hold``), so 84 of 270 student steps became whole-page reruns. Now a
session over its share evicts its own entries first, and no session evicts another's held
results while that one is within its share; the total stays a hard bound.
"""

from __future__ import annotations

from collections.abc import Hashable

import pytest

import ui.runtime.cache
from tests.app.conftest import bpe_store, html_text, open_link
from ui.runtime.cache import Held, _Budget, _Store, hold


class _Runs:
    """Stands for Streamlit's script runs: ``use(session)`` makes a new run of ``session``
    current, so :func:`hold` attaches to what that run used, for that session."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.run: object = object()
        self.session: Hashable = None
        monkeypatch.setattr(ui.runtime.cache, "_this_run", lambda: self.run)
        monkeypatch.setattr(ui.runtime.cache, "_this_session", lambda: self.session)

    def use(self, session: str) -> None:
        self.run = type("Run", (), {})()
        self.session = session


def _show(runs: _Runs, store: _Store, session: str, key: str, size: int) -> Held[str]:
    """``session`` runs a page that stores (or finds) ``key`` and holds its view."""
    runs.use(session)
    if store.get(key) is None:
        store.put(key, key.upper(), size=size)
    return hold(f"the view of {key}")


def test_a_hostile_session_cannot_evict_a_students_held_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = _Runs(monkeypatch)
    budget = _Budget(max_bytes=1000)
    store = _Store(24, budget)
    student = _show(runs, store, "student", "corpus-of-student", 200)
    hostile = [_show(runs, store, "hostile", f"attack-{n}", 300) for n in range(20)]
    assert budget.total <= budget.max_bytes
    assert student.value == "the view of corpus-of-student"
    assert store.items.get("corpus-of-student") == "CORPUS-OF-STUDENT"
    # the hostile session evicted its own older results, and still sees its latest
    assert hostile[-1].value is not None and all(h.value is None for h in hostile[:-3])
    assert store.get("attack-0") is None


def test_a_session_over_its_share_evicts_its_own_entries_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = _Runs(monkeypatch)
    budget = _Budget(max_bytes=1000)
    store = _Store(24, budget)
    _show(runs, store, "hostile", "attack-0", 300)
    left = _show(runs, store, "left", "old-page", 100)  # oldest after attack-0 …
    del left  # … and nobody holds it now: the tab was closed
    _show(runs, store, "hostile", "attack-1", 300)
    _show(runs, store, "hostile", "attack-2", 300)
    _show(runs, store, "hostile", "attack-3", 300)  # 1,300 bytes: 300 must go
    assert store.get("attack-0") is None  # its own, though not the least recently used
    assert store.get("old-page") == "OLD-PAGE"
    assert budget.total == 1000


def test_a_result_shared_by_a_class_is_counted_once_and_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = _Runs(monkeypatch)
    budget = _Budget(max_bytes=1000)
    store = _Store(24, budget)
    views = [_show(runs, store, f"student-{n}", "the-class-corpus", 600) for n in range(30)]
    assert budget.total == 600
    charges = budget.charges()
    assert len(charges) == 30 and all(c == pytest.approx(20) for c in charges.values())
    # each student is well within its share (1000 / 31): a stranger cannot evict it
    _show(runs, store, "stranger", "big", 700)
    assert store.get("the-class-corpus") == "THE-CLASS-CORPUS" and views[0].value is not None
    assert store.get("big") is None and budget.total == 600  # it did not fit: not kept


def test_the_count_bound_gives_way_to_held_results_not_the_byte_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = _Runs(monkeypatch)
    budget = _Budget(max_bytes=1000)
    store = _Store(2, budget)
    views = [_show(runs, store, f"student-{n}", f"corpus-{n}", 10) for n in range(5)]
    assert all(v.value is not None for v in views) and len(store.items) == 5
    for n in range(10):
        _show(runs, store, "hostile", f"attack-{n}", 10)  # a store of 2: it evicts its own
    assert all(v.value is not None for v in views)
    assert len(store.items) == 6 and budget.total == 60
    del views  # the class leaves: the count holds again at the next store
    _show(runs, store, "hostile", "attack-10", 10)
    assert len(store.items) == 2


def test_a_session_alone_uses_the_whole_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = _Runs(monkeypatch)
    budget = _Budget(max_bytes=1000)
    store = _Store(24, budget)
    for n in range(3):
        _show(runs, store, "teacher", f"corpus-{n}", 300)
    assert len(store.items) == 3 and budget.total == 900
    _show(runs, store, "teacher", "corpus-3", 300)  # least recently used first
    assert list(store.items) == ["corpus-1", "corpus-2", "corpus-3"]


def test_a_students_step_player_survives_another_sessions_trainings(
    fresh_budget: _Budget,
) -> None:
    student = open_link("bpe_learn", {"corpus": "seed-hug", "bpe_num_merges": "5"})
    [(key, result)] = list(bpe_store().items.items())
    size = bpe_store().total_bytes()
    assert fresh_budget.held_entries() >= 1  # the student's player holds its result
    fresh_budget.max_bytes = fresh_budget.total + size * 5 // 2  # two and a half more

    hostile = open_link("bpe_learn", {"corpus": "seed-hug", "bpe_num_merges": "6"})
    for merges in range(7, 15):  # one training after another, each new
        hostile.number_input(key="bpe_num_merges").set_value(merges)
        hostile.run()
        assert not hostile.exception, [e.value for e in hostile.exception]
        assert fresh_budget.total <= fresh_budget.max_bytes
    assert bpe_store().items.get(key) is result  # was evicted by the hostile session
    assert len(fresh_budget.charges()) == 2  # two sessions, told apart

    student.button(key="bpe_learn__next").click()
    student.run()
    assert not student.exception, [e.value for e in student.exception]
    assert student.session_state["bpe_learn__step"] == 2
    assert "Merge 2:" in html_text(student)
    assert bpe_store().items.get(key) is result  # not trained again
