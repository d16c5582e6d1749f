"""The tutorials' alternative encoders, and joint BPE over a source and a target corpus."""

from __future__ import annotations

import doctest
import itertools
import string
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.encoders as enc
import subword_core.joint as joint
from subword_core import bpe
from subword_core.errors import ParameterError
from tests.budget import examples

TOY = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


def test_doctests() -> None:
    assert doctest.testmod(enc).failed == 0
    assert doctest.testmod(joint).failed == 0


# --- encoders ---------------------------------------------------------------------------


def test_seed_004_longest_prefix() -> None:
    result = bpe.learn({"low_": 5, "lower_": 2, "newest_": 6, "widest_": 3}, 10, end_of_word="")
    vocab = [*string.ascii_lowercase, "_", *(a + b for a, b in result.merges)]
    assert enc.longest_prefix("slow_", vocab) == ["s", "low_"]
    assert enc.longest_prefix("slowest_", vocab) == ["s", "low", "est_"]
    assert enc.longest_prefix("sl0w_", vocab) == ["s", "l", "[UNK]"]


def test_longest_match_by_length_on_the_seed_vocabulary() -> None:
    result = bpe.learn(TOY, 10)
    vocab = result.model.vocabulary
    assert enc.longest_match_by_length("lowest</w>", vocab) == ["low", "est</w>"]
    # 'newest</w>' is itself a token: the longest match takes the whole word
    assert enc.longest_match_by_length("newest</w>", vocab) == ["newest</w>"]
    assert enc.longest_match_by_length("lo?</w>", vocab) == ["lo", "<UNK>", "</w>"]


def test_char_ngrams() -> None:
    model = bpe.learn(TOY, 10).model
    symbols = model.symbols("lowest")
    assert enc.char_ngrams(symbols, model.vocabulary, 1) == symbols
    assert enc.char_ngrams(symbols, model.vocabulary, 3) == ["low", "est", "</w>"]
    assert enc.char_ngrams(symbols, model.vocabulary, 2) == ["lo", "<UNK>", "<UNK>", "</w>"]
    with pytest.raises(ParameterError, match="at least 1"):
        enc.char_ngrams(symbols, model.vocabulary, 0)


vocabularies = st.lists(st.text(alphabet="abc", min_size=1, max_size=3), max_size=12)


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(st.text(alphabet="abcd", max_size=12), vocabularies)
def test_longest_match_covers_the_text(text: str, vocab: list[str]) -> None:
    tokens = enc.longest_match_by_length(text, vocab)
    known = set(vocab)
    # every token is a vocabulary entry or <UNK>, and the known ones spell the text in order
    assert all(t in known or t == "<UNK>" for t in tokens)
    if "<UNK>" not in tokens:
        assert "".join(tokens) == text


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(st.text(alphabet="abcd", max_size=12), vocabularies)
def test_longest_prefix_takes_the_longest_token_each_time(text: str, vocab: list[str]) -> None:
    tokens = enc.longest_prefix(text, vocab)
    known = set(vocab)
    at = 0
    for token in tokens:
        if token == "[UNK]":
            assert tokens[-1] == "[UNK]"  # only ever the last one
            assert not any(text[at:].startswith(v) for v in known)
            break
        assert text.startswith(token, at)
        assert not any(len(v) > len(token) and text.startswith(v, at) for v in known)
        at += len(token)
    else:
        assert at == len(text)


def test_boundaries_show_where_segmentations_differ() -> None:
    assert enc.boundaries(["low", "est"]) ^ enc.boundaries(["lo", "west"]) == {2, 3}


# --- joint BPE --------------------------------------------------------------------------

SRC = {"lower": 4, "newest": 1, "widest": 2}
TGT = {"lowest": 3, "newer": 2, "wider": 5}


def test_joint_is_bpe_on_the_summed_counts() -> None:
    result = joint.learn_joint(SRC, TGT, 8)
    summed = Counter(SRC) + Counter(TGT)
    assert result.merges == bpe.learn(dict(summed), 8).merges


def test_side_counts_add_up_to_the_joint_count() -> None:
    result = joint.learn_joint(SRC, TGT, 8)
    for step, (src, tgt) in zip(result.joint.steps, result.side_counts, strict=False):
        assert src + tgt == step.best_count
    # every joint merge occurred somewhere, and some merges draw on both sides
    assert all(src + tgt > 0 for src, tgt in result.side_counts)
    assert any(src > 0 and tgt > 0 for src, tgt in result.side_counts)


@settings(max_examples=examples(100), deadline=None)
@given(
    st.dictionaries(
        st.text(alphabet="abcd", min_size=1, max_size=6), st.integers(1, 4), min_size=1
    ),
    st.dictionaries(
        st.text(alphabet="bcde", min_size=1, max_size=6), st.integers(1, 4), min_size=1
    ),
)
def test_side_counts_match_a_recount(src: dict, tgt: dict) -> None:
    result = joint.learn_joint(src, tgt, 6, min_frequency=1)
    for k, (pair, (a, b)) in enumerate(zip(result.merges, result.side_counts, strict=True)):
        for side, expected in ((src, a), (tgt, b)):
            count = 0
            for word, freq in side.items():
                symbols = bpe.split_word(word)
                for earlier in result.merges[:k]:
                    symbols = bpe.merge_symbols(symbols, earlier)[0]
                count += freq * sum(1 for p in itertools.pairwise(symbols) if p == pair)
            assert count == expected


def test_separate_runs_are_plain_bpe_per_side() -> None:
    result = joint.learn_joint(SRC, TGT, 5)
    assert result.source.merges == bpe.learn(SRC, 5).merges
    assert result.target.merges == bpe.learn(TGT, 5).merges
    assert result.separate_choice(1) == (result.source.merges[0], result.target.merges[0])
    assert result.separate_choice(99) == (None, None)


@pytest.mark.parametrize("empty", ["", "   ", {}])
def test_an_empty_side_is_refused(empty: object) -> None:
    with pytest.raises(ParameterError, match="target corpus is empty"):
        joint.learn_joint(SRC, empty, 3)  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="source corpus is empty"):
        joint.learn_joint(empty, TGT, 3)  # type: ignore[arg-type]
