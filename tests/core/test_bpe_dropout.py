"""BPE-dropout: p=0 is BPE, p=1 is characters, seeds replay, subword-nmt agrees draw by draw."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.bpe import BPEModel, learn
from subword_core.errors import ParameterError
from tests.budget import examples

TOY = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


@pytest.fixture(scope="module")
def model() -> BPEModel:
    return learn(TOY, 10).model


def test_p0_is_plain_bpe(model: BPEModel) -> None:
    for word in ["lowest", "newer", "unrelated", "widest"]:
        assert model.encode(word, dropout=0.0) == model.encode(word)


def test_p1_gives_characters(model: BPEModel) -> None:
    for word in ["lowest", "newest", "x"]:
        assert model.encode(word, dropout=1.0) == model.symbols(word)
    steps = model.encode_steps("lowest", dropout=1.0)
    assert len(steps) == 1 and steps[0].merged is None
    # every learned pair present was dropped, and is recorded as dropped
    learned = [i for i, (_, rank) in enumerate(steps[0].pairs) if rank is not None]
    assert steps[0].dropped == tuple(learned) and learned


def test_a_seed_replays_the_same_draw(model: BPEModel) -> None:
    words = ["lowest", "newest", "widest", "lower"] * 5
    first = [model.encode(w, dropout=0.3, rng=random.Random(42)) for w in words]
    again = [model.encode(w, dropout=0.3, rng=random.Random(42)) for w in words]
    assert first == again
    rng_a, rng_b = random.Random(9), random.Random(9)
    assert [model.encode_steps("newest", dropout=0.5, rng=rng_a) for _ in range(20)] == [
        model.encode_steps("newest", dropout=0.5, rng=rng_b) for _ in range(20)
    ]


def test_steps_record_dropped_candidates(model: BPEModel) -> None:
    rng = random.Random(3)
    saw_drop = False
    for _ in range(200):
        steps = model.encode_steps("newest", dropout=0.4, rng=rng)
        for step in steps:
            for i in step.dropped:
                assert step.pairs[i][1] is not None  # only learned pairs are candidates
            if step.merged is not None:
                # the merged pair has the lowest rank among the learned pairs not dropped
                alive = [
                    r
                    for i, (_, r) in enumerate(step.pairs)
                    if r is not None and i not in step.dropped
                ]
                assert step.rank == min(alive)
                assert all(step.pairs[p][0] == step.merged for p in step.positions)
                assert not set(step.positions) & set(step.dropped)
            saw_drop |= bool(step.dropped)
        assert "".join(steps[-1].result) == "".join(model.symbols("newest"))
    assert saw_drop


def test_sampled_distribution_is_stable(model: BPEModel) -> None:
    """Two independent seeds give nearly the same distribution of segmentations."""

    def distribution(seed: int) -> Counter[tuple[str, ...]]:
        rng = random.Random(seed)
        return Counter(tuple(model.encode("newest", dropout=0.2, rng=rng)) for _ in range(4000))

    a, b = distribution(1), distribution(2)
    total_variation = sum(abs(a[k] - b[k]) for k in a.keys() | b.keys()) / (2 * 4000)
    assert total_variation < 0.05
    assert len(a) > 3  # dropout really produces several segmentations
    assert a.most_common(1)[0][0] == tuple(model.encode("newest"))  # p=0.2: BPE's is the mode


@pytest.mark.parametrize("p", [-0.1, 1.5, float("nan"), True])
def test_dropout_outside_0_1_is_refused(model: BPEModel, p: float) -> None:
    with pytest.raises(ParameterError, match="between 0 and 1"):
        model.encode("low", dropout=p, rng=random.Random(0))


def test_dropout_needs_an_explicit_random_source(model: BPEModel) -> None:
    with pytest.raises(ParameterError, match=r"random\.Random"):
        model.encode("low", dropout=0.5)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.text(alphabet="lowesntidr", min_size=1, max_size=10), min_size=1, max_size=20),
    st.floats(0.0, 1.0),
    st.integers(0, 2**32 - 1),
)
def test_same_draws_as_subword_nmt(words: list[str], p: float, seed: int) -> None:
    """subword-nmt's apply-bpe with the same seed segments the same way, for any p."""
    apply_bpe = pytest.importorskip("subword_nmt.apply_bpe")
    result = learn(TOY, 10, attach_end_of_word=True, tie_break="lexicographic")
    codes = io.StringIO(result.model.to_codes())
    theirs_bpe = apply_bpe.BPE(codes)
    random.seed(seed)
    theirs = theirs_bpe.segment(" ".join(words), dropout=p).split(" ")

    rng = random.Random(seed)
    ours = []
    for word in words:
        tokens = result.model.strip_marker(result.model.encode(word, dropout=p, rng=rng))
        ours += [t + "@@" for t in tokens[:-1]] + tokens[-1:]
    assert ours == theirs
