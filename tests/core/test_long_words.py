"""Long words (text without spaces) give exactly the textbook's merges, steps and encodings.

A word longer than ``PairTable.long_word`` symbols is merged through a position index (a
linked list of symbols) instead of a scan, and ``BPEModel.encode`` merges by a heap of pair
ranks. These tests check results, never timing: the learners against the textbook oracle
(subword_core/textbook/) on long single words and, with ``long_word`` lowered, on ordinary
corpora whose every word then takes the indexed path; the encoders against a plain scan.
"""

from __future__ import annotations

import random
from itertools import pairwise
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import bpe, byte_level, wordpiece
from subword_core.merges import PairRanking, PairTable, merge_symbols
from subword_core.textbook import bpe as textbook_bpe
from subword_core.textbook import wordpiece as textbook_wp
from tests.budget import examples

# few letters, so that pairs repeat, overlap ("aaaa") and tie
long_words = st.text(alphabet="abcd", min_size=65, max_size=160)
short_corpora = st.dictionaries(
    st.text(alphabet="abcde", min_size=1, max_size=10), st.integers(1, 5), min_size=1, max_size=8
)
long_word_limits = st.sampled_from([0, 2, 5])  # PairTable.long_word, lowered
bpe_settings = st.fixed_dictionaries(
    {
        "num_merges": st.integers(1, 25),
        "min_frequency": st.integers(1, 2),
        "attach_end_of_word": st.booleans(),
        "end_of_word": st.sampled_from(["</w>", ""]),
        "tie_break": st.sampled_from(["first-seen", "lexicographic"]),
        "top_k": st.integers(1, 8),
        "max_ties": st.integers(1, 6),
    }
)
wordpiece_settings = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["likelihood", "frequency"]),
        "tie_break": st.sampled_from(["first-seen", "lexicographic"]),
        "top_k": st.integers(1, 8),
        "max_ties": st.integers(1, 6),
    }
)


def _same_bpe(counts: dict[str, int], kw: dict, long_word: int, small_bucket: int) -> None:
    with (
        mock.patch.object(PairTable, "long_word", long_word),
        mock.patch.object(PairRanking, "small_bucket", small_bucket),
    ):
        result = bpe.learn(counts, **kw)
    expected, final = textbook_bpe.trace(counts, **kw)
    assert result.steps == expected
    assert list(result.final_segmentation) == final
    assert bpe.replay(result) == final


def _same_wordpiece(counts: dict[str, int], extra: int, kw: dict, long_word: int) -> None:
    size = len(wordpiece.alphabet_of(wordpiece._as_corpus(counts))) + extra
    with mock.patch.object(PairTable, "long_word", long_word):
        result = wordpiece.learn(counts, size, **kw)
    expected, final = textbook_wp.trace(counts, size, **kw)
    assert result.steps == expected
    assert list(result.final_segmentation) == final


@settings(max_examples=examples(60), deadline=None)
@given(long_words, bpe_settings, st.sampled_from([32, -1000]))
def test_bpe_on_one_long_word_equals_the_textbook(word: str, kw: dict, small: int) -> None:
    _same_bpe({word: 1}, kw, PairTable.long_word, small)


@settings(max_examples=examples(60), deadline=None)
@given(short_corpora, bpe_settings, long_word_limits, st.sampled_from([32, -1000]))
def test_bpe_with_every_word_indexed_equals_the_textbook(
    counts: dict, kw: dict, long_word: int, small: int
) -> None:
    _same_bpe(counts, kw, long_word, small)


@settings(max_examples=examples(40), deadline=None)
@given(long_words, st.integers(0, 25), wordpiece_settings)
def test_wordpiece_on_one_long_word_equals_the_textbook(word: str, extra: int, kw: dict) -> None:
    # subtle: the likelihood score's "##" makes offsets shrink as pieces merge (``lost``)
    _same_wordpiece({word: 2, word[:70]: 1}, extra, kw, PairTable.long_word)


@settings(max_examples=examples(60), deadline=None)
@given(short_corpora, st.integers(0, 25), wordpiece_settings, long_word_limits)
def test_wordpiece_with_every_word_indexed_equals_the_textbook(
    counts: dict, extra: int, kw: dict, long_word: int
) -> None:
    _same_wordpiece(counts, extra, kw, long_word)


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.text(alphabet="abc", min_size=1, max_size=12), min_size=1, max_size=5), st.data()
)
def test_indexed_table_stays_equal_to_a_fresh_count(words: list[str], data: st.DataObject) -> None:
    with mock.patch.object(PairTable, "long_word", 1):
        table = PairTable([list(w) for w in words], [1] * len(words))
        for _ in range(8):
            if not table.counts:
                break
            pair = data.draw(st.sampled_from(sorted(table.counts)))
            if data.draw(st.booleans()):
                table.merge(pair)
            else:  # replace_word rebuilds a word's index
                index = data.draw(st.integers(0, len(words) - 1))
                table.replace_word(index, merge_symbols(table.words[index], pair)[0])
            fresh = PairTable([list(w) for w in table.words], [1] * len(words))
            assert (table.counts, table.where) == (fresh.counts, fresh.where)
            for pair in table.counts:
                assert table.first_seen(pair) == fresh.first_seen(pair)


def _scan_encode(model: bpe.BPEModel, word: str) -> list[str]:
    """The tutorials' encoder: find the lowest-ranked pair, merge it everywhere, repeat."""
    symbols = model.symbols(word)
    while True:
        known = [(model.ranks[p], p) for p in pairwise(symbols) if p in model.ranks]
        if not known:
            return symbols
        symbols = merge_symbols(symbols, min(known)[1])[0]


merge_lists = st.lists(
    st.tuples(st.sampled_from(["a", "b", "c", "ab", "ba", "aa", "abc"]), st.sampled_from("abc")),
    max_size=12,
)


@settings(max_examples=examples(200), deadline=None)
@given(merge_lists, st.text(alphabet="abc", max_size=120), st.booleans())
def test_encode_by_rank_equals_the_scan(merges: list, word: str, attach: bool) -> None:
    # merges in any order, as a codes file may hold them (later merges of parts included)
    model = bpe.BPEModel(tuple(merges), end_of_word="", attach_end_of_word=attach)
    assert model.encode(word) == _scan_encode(model, word)
    steps = model.encode_steps(word, rng=random.Random(0))
    assert list(steps[-1].result) == model.encode(word)


@settings(max_examples=examples(30), deadline=None)
@given(long_words, st.integers(1, 30))
def test_learned_models_encode_long_words_as_the_scan(word: str, merges: int) -> None:
    model = bpe.learn({word: 1, word[::-1]: 2}, merges, min_frequency=1).model
    assert model.encode(word + word[:7]) == _scan_encode(model, word + word[:7])
    chunked = byte_level.learn(word, merges).model
    assert chunked.decode(chunked.encode(word)) == word
    assert chunked.encode(word) == _scan_encode(
        chunked.bpe, byte_level.to_display(b" " + word.encode())
    )
