"""The code panel's claims hold: for every stage, running the textbook function on the
step's state (under ``sys.settrace``) runs exactly the marked lines and ends with the values
the panel shows, which come from the fast trainers' trace (subword_core/textbook/code.py)."""

from __future__ import annotations

import random

import pytest

from subword_core import bpe, byte_level, gage, unigram, wordpiece
from subword_core.textbook import bpe as tb_bpe
from subword_core.textbook import code

CORPORA = [
    {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5},
    {"low": 5, "lower": 2, "newest": 6, "widest": 3},
    {"aaa": 3, "ab": 1},
]


def check(step: code.CodeStep | None) -> bool:
    """Run the step's textbook call; assert its lines and values; False when not runnable."""
    if step is None or step.args is None:
        return False
    lines, local = code.run_traced(step.function, *step.args())
    assert lines == code.executed_lines(step.function, step.exit)
    assert code.values_match(step.values, local), (step.values, local)
    return True


@pytest.mark.parametrize("counts", CORPORA)
@pytest.mark.parametrize("tie", ["first-seen", "lexicographic"])
def test_bpe_learn_steps(counts: dict, tie: str) -> None:
    for min_frequency in (1, 2, 4):
        result = bpe.learn(counts, 30, tie_break=tie, min_frequency=min_frequency)
        exits = set()
        for n in range(1, len(result.steps) + 1):
            step = code.bpe_merge(result, n, tie)
            assert check(step)
            assert step is not None
            exits.add(step.exit)
        assert None in exits


def test_every_bpe_exit_is_reached() -> None:
    seen = set()
    for counts, merges, low in [(CORPORA[0], 30, 1), (CORPORA[0], 30, 20), (CORPORA[0], 2, 1)]:
        result = bpe.learn(counts, merges, min_frequency=low)
        seen |= {
            code.bpe_merge(result, n, "first-seen").exit for n in range(1, len(result.steps) + 1)
        }  # type: ignore[union-attr]
    assert seen == {None, 0, 1}


def test_byte_level_steps() -> None:
    result = byte_level.learn("low lower newest widest low low", 20, min_frequency=1)
    for n in range(1, len(result.steps) + 1):
        assert check(code.bpe_merge(result.bpe, n, "first-seen"))


@pytest.mark.parametrize("counts", CORPORA)
def test_bpe_encode_steps(counts: dict) -> None:
    model = bpe.learn(counts, 8).model
    for word in [*counts, "hugs", "bunny", "lowest", "x"]:
        for step in model.encode_steps(word):
            assert check(code.bpe_encode(model, step))


@pytest.mark.parametrize("seed", range(5))
def test_bpe_dropout_steps(seed: int) -> None:
    model = bpe.learn(CORPORA[1], 12).model
    ranks = {pair: k + 1 for k, pair in enumerate(model.merges)}
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    for word in ["lowest", "newer", "widest"]:
        for step in model.encode_steps(word, dropout=0.3, rng=fast_rng):
            shown = code.bpe_dropout(step)
            lines, local = code.run_traced(
                tb_bpe.dropout_step, list(step.symbols), ranks, 0.3, slow_rng
            )
            assert lines == code.executed_lines(shown.function, shown.exit)
            assert code.values_match(shown.values, local)


@pytest.mark.parametrize("counts", CORPORA)
@pytest.mark.parametrize("scoring", ["likelihood", "frequency"])
def test_wordpiece_steps(counts: dict, scoring: str) -> None:
    result = wordpiece.learn(counts, 40, scoring=scoring)
    for n in range(1, len(result.steps) + 1):
        assert check(code.wordpiece_merge(result, n))
    for word in [*counts, "hugs", "bunny", "lowest", "xyz"]:
        assert check(code.wordpiece_encode(result.model, word))


# (the settings of tests/core/test_textbook_unigram.py: no near-tie of losses on the cut,
# where floating point alone decides which piece goes)
@pytest.mark.parametrize(
    ("counts", "size", "factor"), [(CORPORA[0], 10, 0.75), (CORPORA[1], 14, 0.5)]
)
def test_unigram_steps(counts: dict, size: int, factor: float) -> None:
    settings = {"seed_size": 1000, "max_piece_length": 16, "shrinking_factor": factor}
    result = unigram.learn(counts, size, top_k=10**6, boundary=10**6, **settings)  # type: ignore[arg-type]
    kinds = set()
    for n in range(1, len(result.steps) + 1):
        assert check(code.unigram_step(result, n, **settings))  # type: ignore[arg-type]
        kinds.add(result.steps[n - 1].kind)
    assert kinds == {"seed", "em", "prune"}
    for word in [*counts, "bunhug", "snow"]:
        step = code.unigram_viterbi(result.model, word)
        assert step is None or check(step)


@pytest.mark.parametrize("text", ["aaabdaaabac", "abcabcabc", "a", "abcd", "aaaa bbbb"])
def test_gage_steps(text: str) -> None:
    for step in gage.compress(text).steps:
        shown = code.gage_step(step)
        assert check(shown)
