"""PairTable and PairRanking: after any sequence of merges, the same as counting afresh."""

from __future__ import annotations

import itertools
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.merges as merges
from subword_core.merges import PairRanking, PairTable, merge_symbols
from tests.budget import examples
from tests.core.doctests import failed_doctests

words_st = st.lists(
    st.lists(st.sampled_from("abc"), min_size=1, max_size=9), min_size=1, max_size=8
)


def test_doctests() -> None:
    assert failed_doctests(merges) == {}


def _fresh(words: list[list[str]], freqs: list[int]) -> PairTable:
    return PairTable([list(w) for w in words], list(freqs))


def _same_as_fresh(table: PairTable) -> None:
    fresh = _fresh(table.words, table.freq)
    assert table.counts == fresh.counts
    assert table.where == fresh.where
    assert table.first_word == fresh.first_word
    for pair in table.counts:
        assert table.first_seen(pair) == fresh.first_seen(pair)


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(words_st, st.data())
def test_merges_keep_every_index_equal_to_a_fresh_count(words: list, data: st.DataObject) -> None:
    freqs = data.draw(st.lists(st.integers(1, 5), min_size=len(words), max_size=len(words)))
    table = _fresh(words, freqs)
    for _ in range(6):
        if not table.counts:
            break
        pair = data.draw(st.sampled_from(sorted(table.counts)))
        before = [list(w) for w in table.words]
        changed = table.merge(pair)
        expected = [merge_symbols(w, pair)[0] for w in before]
        assert table.words == expected
        assert [i for i, *_ in changed] == [i for i, w in enumerate(before) if w != expected[i]]
        for index, old, new, times in changed:
            assert (old, new, times) == (before[index], expected[index], len(old) - len(new))
        _same_as_fresh(table)


@settings(max_examples=examples(200), deadline=None)
@given(words_st, st.data())
def test_replace_word_keeps_every_index_equal_to_a_fresh_count(
    words: list, data: st.DataObject
) -> None:
    table = _fresh(words, [1] * len(words))
    for _ in range(5):
        index = data.draw(st.integers(0, len(words) - 1))
        new = data.draw(st.lists(st.sampled_from(["a", "b", "ab"]), max_size=6))
        table.replace_word(index, new)
        _same_as_fresh(table)


@settings(max_examples=examples(200), deadline=None)
@given(
    words_st,
    st.sampled_from(["first-seen", "lexicographic"]),
    st.integers(1, 5),
    st.sampled_from([32, -1000]),
)
def test_ordered_level_is_the_sorted_bucket(
    words: list, tie_break: str, limit: int, small: int
) -> None:
    table = _fresh(words, [1] * len(words))
    with mock.patch.object(PairRanking, "small_bucket", small):
        ranking = PairRanking(table, tie_break, table.counts)
        for _ in range(4):  # after merges too: the heaps must follow the changes
            for count, bucket in ranking.by_score.items():
                if tie_break == "lexicographic":
                    expected = sorted(bucket, reverse=True)
                else:
                    expected = sorted(bucket, key=table.first_seen)
                assert ranking.ordered_level(count, limit) == expected[:limit]
            assert ranking.top_levels(1) == sorted(set(table.counts.values()), reverse=True)[:1]
            if not table.counts:
                break
            table.merge(max(table.counts, key=lambda p: (table.counts[p], p)))
            for pair in table.touched:
                ranking.set(pair, table.counts.get(pair))


def test_overlapping_pairs_merge_left_to_right() -> None:
    table = PairTable([list("aaaa"), list("aaa")], [1, 2])
    table.merge(("a", "a"))
    assert table.words == [["aa", "aa"], ["aa", "a"]]
    assert table.counts == {("aa", "aa"): 1, ("aa", "a"): 2}
    assert list(itertools.chain.from_iterable(table.where.values())) == [0, 1]
