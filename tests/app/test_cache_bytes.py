"""The shared caches are bounded by their estimated size in bytes, not only by count.

Every store of ui.runtime.cache counts its results against one budget (``SUBWORD_LIMIT_CACHE_MB``);
storing a result evicts the least recently used results, of any store, until the total is
under it. A page whose results were evicted simply computes them again.
"""

from __future__ import annotations

from tests.app.conftest import bpe_store, open_link
from ui.app.limits import LIMITS, Limits
from ui.runtime.cache import _Budget, _Store, approx_bytes


def test_a_small_budget_evicts_the_oldest_results_and_stays_under_it() -> None:
    budget = _Budget(max_bytes=1000)
    store = _Store(max_entries=100, budget=budget)
    for key in "abcdef":
        store.put(key, key.upper(), size=300)
        assert budget.total <= 1000
    # three of 300 fit in 1000: the three oldest went, oldest first
    assert [store.get(k) for k in "abcdef"] == [None, None, None, "D", "E", "F"]
    assert budget.total == store.total_bytes() == 900


def test_eviction_follows_use_not_insertion() -> None:
    budget = _Budget(max_bytes=1000)
    store = _Store(max_entries=100, budget=budget)
    for key in "abc":
        store.put(key, key, size=300)
    assert store.get("a") == "a"  # "a" used last: "b" is now the oldest
    store.put("d", "d", size=300)
    assert store.get("b") is None
    assert {k for k in "acd" if store.get(k) is not None} == set("acd")


def test_the_budget_is_shared_by_all_stores() -> None:
    budget = _Budget(max_bytes=1000)
    first, second = _Store(100, budget), _Store(100, budget)
    first.put("x", "old", size=600)
    second.put("y", "new", size=600)
    assert first.get("x") is None  # the other store's newer result pushed it out
    assert second.get("y") == "new"
    assert (first.total_bytes(), second.total_bytes(), budget.total) == (0, 600, 600)


def test_a_result_larger_than_the_budget_is_not_kept_and_evicts_nothing() -> None:
    budget = _Budget(max_bytes=1000)
    store = _Store(100, budget)
    store.put("small", "s", size=100)
    store.put("huge", "h", size=5000)
    assert store.get("huge") is None
    assert store.get("small") == "s"
    assert budget.total == 100


def test_count_eviction_also_frees_the_bytes() -> None:
    budget = _Budget(max_bytes=10_000)
    store = _Store(max_entries=2, budget=budget)
    for key in "abc":
        store.put(key, key, size=1000)
    assert store.get("a") is None
    assert budget.total == 2000


def test_sizes_are_measured_when_not_given() -> None:
    budget = _Budget(max_bytes=10_000_000)
    store = _Store(10, budget)
    value = tuple(range(100_000))
    store.put("big", value)
    assert budget.total == approx_bytes(value) > 100_000 * 3


def test_the_budget_is_a_limit_a_teacher_can_raise() -> None:
    assert LIMITS.cache_mb == 512
    assert Limits.from_env({"SUBWORD_LIMIT_CACHE_MB": "2048"}).cache_mb == 2048


def test_the_bpe_page_still_works_after_its_results_were_evicted(fresh_budget: _Budget) -> None:
    at = open_link("bpe_learn", {})
    merges = at.number_input(key="bpe_num_merges").value
    [first_key] = bpe_store().items
    first_size = bpe_store().total_bytes()
    # room for what is stored now and half a training more: the next one evicts the first
    limit = fresh_budget.total + first_size // 2
    fresh_budget.max_bytes = limit

    at.number_input(key="bpe_num_merges").set_value(merges + 1)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert fresh_budget.total <= limit
    assert bpe_store().get(first_key) is None  # evicted
    assert len(bpe_store().items) == 1

    at.number_input(key="bpe_num_merges").set_value(merges)
    at.run()  # trains the first settings again
    assert not at.exception, [e.value for e in at.exception]
    assert "Merge 1:" in " ".join(el.proto.body for el in at.get("html"))
    assert bpe_store().get(first_key) is not None
    assert fresh_budget.total <= limit
