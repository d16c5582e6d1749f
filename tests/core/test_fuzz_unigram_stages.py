"""Fuzz tests of the Unigram trainer's stage functions (subword_core/unigram/{long_words,loss}):
the rescaled sums of a long word agree with the same sums in log space, removing a piece never
makes a word more probable, and on the corpora that reach the rare branches (a piece used by
almost every segmentation, periodic and very long words) the fast trainer keeps the textbook's
pieces. (The other stages are registered in test_fuzz_unigram.py, whose tests drive them.)"""

from __future__ import annotations

import math
from itertools import pairwise

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from subword_core import unigram
from subword_core.textbook import unigram as textbook
from subword_core.unigram.em import e_step, m_step
from subword_core.unigram.long_words import (
    log_space_counts,
    long_log_z,
    long_word,
    long_word_counts,
)
from subword_core.unigram.loss import z_without
from subword_core.unigram.seed import seed_vocabulary
from subword_core.unigram.state import _Trainer
from tests.budget import examples

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.unigram.long_words.log_space_counts": ("test_long_word_sums",),
    "subword_core.unigram.long_words.long_word_counts": ("test_long_word_sums",),
    "subword_core.unigram.long_words.long_log_z": ("test_long_word_sums",),
    "subword_core.unigram.long_words.long_word": ("test_long_word_sums",),
    "subword_core.unigram.loss.z_without": (
        "test_long_word_sums",
        "test_learn_on_rare_branch_corpora",
    ),
    "subword_core.unigram.loss.exact_loss": ("test_learn_on_rare_branch_corpora",),
    "subword_core.unigram.loss.group_loss": ("test_learn_on_rare_branch_corpora",),
    "subword_core.unigram.loss.group_log_z_without": ("test_learn_on_rare_branch_corpora",),
}


def _trainer(words: list[str], freqs: list[int]) -> _Trainer:
    trainer = _Trainer(words, freqs)
    seed_vocabulary(trainer, None, seed_size=15, max_piece_length=4)
    m_step(trainer, e_step(trainer)[0])  # realistic probabilities
    return trainer


@settings(max_examples=examples(25), deadline=None)
@given(st.text(alphabet="abc", min_size=2, max_size=900), st.integers(1, 5))
def test_long_word_sums(word: str, n: int) -> None:
    trainer = _trainer([word, "ab"], [n, 3])
    edges, length = trainer.lattices[0], len(word)
    scaled = [0.0] * len(trainer.prob)
    in_logs = [0.0] * len(trainer.prob)
    ll = long_word_counts(trainer, edges, length, n, scaled)
    assert math.isclose(ll, log_space_counts(trainer, edges, length, n, in_logs), rel_tol=1e-9)
    for a, b in zip(scaled, in_logs, strict=True):
        assert math.isclose(a, b, rel_tol=1e-7, abs_tol=1e-9), (a, b)
    log_z = long_log_z(trainer, edges, length)
    assert math.isclose(n * log_z, ll, rel_tol=1e-9)
    sums = long_word(trainer, edges, length)
    assert sums is None or math.isclose(sums.log_z, log_z, rel_tol=1e-9)
    repl = trainer.replacement()
    for k in {k for _, _, k in edges if k >= trainer.first}:
        if len(trainer.vocab[k]) > 1:
            assert z_without(trainer, edges, length, k, repl) <= log_z + 1e-9


unit = st.text(alphabet="ab", min_size=1, max_size=3)
rare_branch_corpora = st.one_of(
    # a piece used by almost every segmentation of a very frequent word
    st.builds(
        lambda u, times, big: {u * times: big, "a": 1, "b": 1},
        st.text(alphabet="ab", min_size=2, max_size=3),
        st.integers(2, 3),
        st.sampled_from([10**9, 10**12]),
    ),
    # a periodic word, too improbable for plain floats
    st.builds(lambda u, times: {u * times: 1, "a": 1, "b": 1}, unit, st.integers(200, 400)),
)


@settings(max_examples=examples(8), deadline=None)
@given(rare_branch_corpora, st.integers(0, 2))
@example({"ab" * 400: 1, "a": 1, "b": 1}, 0)  # reach group_log_z_without (a near-certain group)
@example({"aaaa": 10**12, "a": 1}, 2)
def test_learn_on_rare_branch_corpora(counts: dict[str, int], extra: int) -> None:
    size = len({c for w in counts for c in w}) + 1 + extra
    result = unigram.learn(counts, size, seed_size=15, max_piece_length=4)
    logps = sorted(p for _, p in result.pieces)
    # no two pieces within rounding of each other: either could be pruned then
    assume(all(b - a > 1e-9 for a, b in pairwise(logps)))
    expected = textbook.learn(counts, size, seed_size=15, max_piece_length=4)
    assert sorted(p for p, _ in result.pieces) == sorted(expected)
