"""The learners' segmentation history (subword_core/merges/history.py): small, and exactly a replay.

A long word's history keeps the positions each merge changed, not a copy of the word per
merge. These tests check that every step's segmentation, the words each step changed and
the steps' changed-word rows equal a direct replay of the merges, and bound the memory a
long word's trace takes (tracemalloc counts allocations, so the bound does not depend on the
machine's speed).
"""

from __future__ import annotations

import pickle
import random
import tracemalloc
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import bpe, byte_level, merges, wordpiece
from subword_core.merges import history, merge_symbols
from subword_core.text.corpus import Corpus
from tests.budget import examples
from tests.core.doctests import failed_doctests

#: Above ``PairTable.long_word`` (64), so these words take the stored-as-changes path.
long_words = st.text(alphabet="abcd", min_size=65, max_size=240)
corpora = st.dictionaries(
    st.one_of(long_words, st.text(alphabet="abcd", min_size=1, max_size=8)),
    st.integers(1, 4),
    min_size=1,
    max_size=5,
)


def test_doctests() -> None:
    assert failed_doctests(merges) == {}


def _replay(result: bpe.BPEResult | wordpiece.WordPieceResult) -> list[list[tuple[str, ...]]]:
    """Every word's symbols after each step (0 = before any), by merging step after step."""
    words = [list(w) for w in result.initial_segmentation]
    out = [[tuple(w) for w in words]]
    for step in result.steps:
        if step.merged is not None:
            new = getattr(step, "new_token", None) or step.merged[0] + step.merged[1]
            words = [merge_symbols(w, step.merged, new)[0] for w in words]
        out.append([tuple(w) for w in words])
    return out


def _check(result: bpe.BPEResult | wordpiece.WordPieceResult) -> None:
    replayed = _replay(result)
    assert replayed[-1] == list(result.final_segmentation)
    tracked = sorted(result.history)
    for n, words in enumerate(replayed):
        assert result.segmentation_at(n) == [(i, words[i]) for i in tracked]
        changed = {i for i in tracked if n and words[i] != replayed[n - 1][i]}
        assert result.changed_at(n) == changed
    for step in result.steps:
        for change in step.changed_words:
            i = result.corpus.words.index(change.word)
            assert change.before == replayed[step.number - 1][i]
            assert change.after == replayed[step.number][i]
            assert tuple(change.after) == replayed[step.number][i]


@settings(max_examples=examples(60), deadline=None)
@given(corpora, st.integers(1, 60), st.sampled_from([1, 2, 3, 7, 64]), st.integers(1, 5))
def test_bpe_history_equals_a_replay(counts: dict, merges: int, every: int, limit: int) -> None:
    with mock.patch.object(history, "SNAPSHOT_EVERY", every):
        result = bpe.learn(counts, merges, min_frequency=1, history_limit=limit)
    assert len(result.history) == min(limit, len(counts))
    _check(result)


@settings(max_examples=examples(40), deadline=None)
@given(corpora, st.integers(1, 60), st.sampled_from([1, 2, 3, 7, 64]), st.integers(1, 5))
def test_wordpiece_history_equals_a_replay(
    counts: dict, extra: int, every: int, limit: int
) -> None:
    size = len(wordpiece.alphabet_of(Corpus.from_counts(counts))) + extra
    with mock.patch.object(history, "SNAPSHOT_EVERY", every):
        result = wordpiece.learn(counts, size, history_limit=limit)
    _check(result)


def test_byte_level_history_equals_a_replay() -> None:
    text = "".join(random.Random(3).choices("你好世界", k=300))  # one chunk of 900 bytes
    with mock.patch.object(history, "SNAPSHOT_EVERY", 5):
        result = byte_level.learn(text, 80, min_frequency=1)
    _check(result.bpe)


def test_a_result_survives_pickling_with_its_history() -> None:
    """``st.cache_data`` pickles results: the history and the rows that point into it."""
    word = "".join(random.Random(5).choices("acgt", k=500))
    result = bpe.learn({word: 1, "acgt": 3}, 40, min_frequency=1)
    again = pickle.loads(pickle.dumps(result))
    assert again.steps == result.steps and again.history == result.history
    assert again.segmentation_at(25) == result.segmentation_at(25)


def _long_text(length: int = 20_000, seed: int = 16) -> str:
    """Running CJK text without spaces: a Zipf-like draw over 300 characters, so pairs repeat."""
    chars = [chr(0x4E00 + i * 7) for i in range(300)]
    weights = [1 / rank for rank in range(1, len(chars) + 1)]
    return "".join(random.Random(seed).choices(chars, weights, k=length))


def _peak_mb(run: object) -> float:
    tracemalloc.start()
    try:
        run()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


# Measured here: BPE ~20 MB, WordPiece ~28 MB; before, with a copy of the word per merge,
# 254 MB and 328 MB (and 123 MB / 167 MB still held by the result).
PEAK_MB = 40


def test_a_20000_character_word_over_1000_bpe_merges_stays_small() -> None:
    corpus = Corpus.from_counts({_long_text(): 1})
    held = []
    peak = _peak_mb(lambda: held.append(bpe.learn(corpus, 1000, min_frequency=1)))
    result = held[0]
    assert len(result.merges) == 1000 and result.steps[-1].changed_words_total == 1
    assert peak < PEAK_MB, f"peak {peak:.1f} MB"
    # the last step still shows the word as it is, rebuilt from the stored changes
    assert result.steps[-1].changed_words[0].after == result.final_segmentation[0]
    assert result.segmentation_at(1000) == [(0, result.final_segmentation[0])]


def test_a_20000_character_word_over_1000_wordpiece_merges_stays_small() -> None:
    corpus = Corpus.from_counts({_long_text(): 1})
    size = len(wordpiece.alphabet_of(corpus)) + 1000
    held = []
    peak = _peak_mb(lambda: held.append(wordpiece.learn(corpus, size)))
    result = held[0]
    assert len(result.vocab) == size
    assert peak < PEAK_MB, f"peak {peak:.1f} MB"
    assert result.segmentation_at(len(result.steps)) == [(0, result.final_segmentation[0])]
