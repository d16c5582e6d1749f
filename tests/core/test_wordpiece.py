"""WordPiece: seed 001/003/004 facts, a textbook-loop oracle, encode properties, bad input."""

from __future__ import annotations

import itertools
import random
import string
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.wordpiece as wp
from subword_core import bpe
from subword_core.errors import ParameterError
from subword_core.wordpiece import WordPiece, learn
from tests.budget import examples
from tests.core.doctests import failed_doctests

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def test_doctests() -> None:
    assert failed_doctests(wp) == {}


# --- seed 001 ---------------------------------------------------------------------------


def test_seed_001_first_merge_is_g_s_with_score_one_twentieth() -> None:
    step = learn(HUG, 8).steps[0]
    assert step.merged == ("##g", "##s")
    assert step.new_token == "##gs"
    assert step.best_score == Fraction(1, 20)
    best = step.candidates[0]
    # freq(##g) = hug 10 + pug 5 + hugs 5; freq(##s) = hugs 5; freq(##g ##s) = 5
    assert (best.freq_a, best.freq_b, best.freq_pair) == (20, 5, 5)
    assert step.rule == "unique"


def test_seed_001_second_merge_is_h_u_first_of_several_ties() -> None:
    result = learn(HUG, 9)
    step = result.steps[1]
    assert step.merged == ("h", "##u")
    assert step.new_token == "hu"
    assert step.best_score == Fraction(1, 36)
    assert step.is_tie and step.rule == "first-seen"
    assert ("p", "##u") in step.tied and ("b", "##u") in step.tied
    # the vocabulary of that run, as the seed prints it
    assert result.vocab == ["b", "h", "p", "##g", "##n", "##s", "##u", "##gs", "hu"]
    assert result.steps[-1].stop_reason == "vocab_size"


def test_seed_001_encodings() -> None:
    model = learn(HUG, 9).model
    assert model.encode("hugs") == ["hu", "##gs"]
    assert model.encode("bum") == ["[UNK]"]  # b, ##u, then ##m is in no vocabulary
    tries, tokens = model.encode_steps("bum")
    assert tokens == ["[UNK]"]
    assert [t.candidate for t in tries if t.matched] == ["b", "##u"]
    assert tries[-1].candidate == "##m" and not tries[-1].matched


def test_likelihood_and_frequency_choose_differently_on_seed_001() -> None:
    likelihood = learn(HUG, 12)
    frequency = learn(HUG, 12, scoring="frequency")
    # frequency: ##u ##g (20) and ##u ##n (16)... the most frequent pair is ##u ##g
    assert frequency.steps[0].merged == ("##u", "##g")
    assert frequency.steps[0].best_score == 20
    assert wp.first_difference(likelihood, frequency) == 1


# --- seed 004 and seed 003 variants -----------------------------------------------------


def test_seed_004_bpe_vocabulary_by_longest_prefix() -> None:
    result = bpe.learn({"low_": 5, "lower_": 2, "newest_": 6, "widest_": 3}, 10, end_of_word="")
    model = wp.from_bpe_vocabulary([*string.ascii_lowercase, "_"], result.merges)
    assert model.encode("slow_") == ["s", "low_"]
    assert model.encode("slowest_") == ["s", "low", "est_"]
    # a character outside the vocabulary: the pieces so far, then one [UNK] for the rest
    assert model.encode("loW_") == ["lo", "[UNK]"]


def test_seed_003_word_start_display() -> None:
    tokens = ["J", "##et", "makers", "fe", "##ud"]
    assert wp.word_start_form(tokens) == ["_J", "et", "_makers", "_fe", "ud"]


# --- bad input --------------------------------------------------------------------------


def test_vocab_size_below_the_alphabet_names_the_alphabet_size() -> None:
    with pytest.raises(ParameterError, match="at least the alphabet size, 7"):
        learn(HUG, 5)


def test_vocab_text_errors_name_the_line() -> None:
    with pytest.raises(ParameterError, match="Line 2 is blank"):
        WordPiece.from_vocab_text("a\n\n##b\n")
    with pytest.raises(ParameterError, match="Line 3: the token 'a' already appeared on line 1"):
        WordPiece.from_vocab_text("a\n##b\na\n")
    with pytest.raises(ParameterError, match="empty"):
        WordPiece.from_vocab_text("\n\n")
    assert WordPiece.from_vocab_text("a\n##b\n\n").vocab == ("a", "##b")  # trailing blank ok


def test_edge_words() -> None:
    model = WordPiece(["a", "##a"], max_input_chars_per_word=5)
    assert model.encode("") == []
    assert model.encode("aaaaa") == ["a", "##a", "##a", "##a", "##a"]
    assert model.encode("aaaaaa") == ["[UNK]"]  # longer than the limit
    assert model.encode("ab") == ["[UNK]"]


def test_a_word_containing_the_prefix_is_refused() -> None:
    with pytest.raises(ParameterError, match="already contains the continuation prefix"):
        learn({"a##b": 3, "ab": 2}, 10)


def test_choose_a_tied_pair() -> None:
    result = learn(HUG, 9, choose={2: ("p", "##u")})
    assert result.merges[1] == ("p", "##u")
    assert result.steps[1].rule == "chosen"
    with pytest.raises(ParameterError, match="not one of the tied pairs"):
        learn(HUG, 9, choose={1: ("h", "##u")})


# --- the incremental learner equals the textbook loop -----------------------------------


def _textbook(counts: dict[str, int], vocab_size: int, scoring: str, tie: str) -> list:
    """Recount everything at every step; the pair dict's insertion order is first-seen."""
    words = [wp.split_word(w) for w in counts]
    freqs = list(counts.values())
    vocab = set(wp.alphabet_of(wp._as_corpus(counts)))
    size = len(vocab)
    merges = []
    while size < vocab_size:
        symbol: dict[str, int] = {}
        pairs: dict[tuple[str, str], int] = {}
        for pieces, f in zip(words, freqs, strict=True):
            for p in pieces:
                symbol[p] = symbol.get(p, 0) + f
            for pair in itertools.pairwise(pieces):
                pairs[pair] = pairs.get(pair, 0) + f
        if not pairs:
            break

        def score(p: tuple[str, str], pairs: dict = pairs, symbol: dict = symbol) -> Fraction:
            if scoring == "frequency":
                return Fraction(pairs[p])
            return Fraction(pairs[p], symbol[p[0]] * symbol[p[1]])

        if tie == "lexicographic":
            best = max(pairs, key=lambda p: (score(p), p))
        else:
            best = max(pairs, key=score)  # max keeps the first of equals
        merges.append(best)
        token = wp.merged_token(best)
        if token not in vocab:
            vocab.add(token)
            size += 1
        words = [bpe.merge_symbols(w, best, token)[0] for w in words]
    return merges


corpora = st.dictionaries(
    st.text(alphabet="abcde", min_size=1, max_size=7), st.integers(1, 6), min_size=1, max_size=10
)


@settings(max_examples=examples(200), deadline=None)
@given(
    corpora,
    st.integers(0, 20),
    st.sampled_from(["likelihood", "frequency"]),
    st.sampled_from(["first-seen", "lexicographic"]),
)
def test_incremental_learner_equals_the_textbook_loop(
    counts: dict, extra: int, scoring: str, tie: str
) -> None:
    size = len(wp.alphabet_of(wp._as_corpus(counts))) + extra
    result = learn(counts, size, scoring=scoring, tie_break=tie)  # type: ignore[arg-type]
    assert result.merges == _textbook(counts, size, scoring, tie)
    for step in result.steps:
        if step.merged is not None:
            assert step.merged in step.tied
            assert step.candidates[0].score == step.best_score
            if scoring == "likelihood":
                c = step.candidates[0]
                assert c.score == Fraction(c.freq_pair, c.freq_a * c.freq_b)
    # replaying the merges gives the final pieces
    words = [list(w) for w in result.initial_segmentation]
    for pair in result.merges:
        words = [bpe.merge_symbols(w, pair, wp.merged_token(pair))[0] for w in words]
    assert [tuple(w) for w in words] == list(result.final_segmentation)


@settings(max_examples=examples(200), deadline=None)
@given(corpora, st.lists(st.text(alphabet="abcdefxy", min_size=1, max_size=9), max_size=10))
def test_encode_properties(counts: dict, held_out: list[str]) -> None:
    result = learn(counts, len(wp.alphabet_of(wp._as_corpus(counts))) + 8)
    model = result.model
    vocab = set(model.vocab)
    for word in [*counts, *held_out]:
        tries, tokens = model.encode_steps(word)
        if tokens == ["[UNK]"]:
            assert any(not t.matched for t in tries)
            continue
        assert all(t in vocab for t in tokens)
        assert model.decode(tokens) == word
        # greedy: each matched piece is the longest vocabulary entry at its position
        for t in tries:
            if t.matched:
                longer = [
                    x for x in tries if x.start == t.start and x.end > t.end and not x.matched
                ]
                assert len(longer) == min(len(word), t.start + model._longest) - t.end
    # every training word can be written with the learned vocabulary
    for word in counts:
        assert model.encode(word) != ["[UNK]"]


def test_large_trace_is_bounded() -> None:
    rng = random.Random(1)
    text = " ".join(
        "".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 8))) for _ in range(3000)
    )
    result = learn(text, 60, top_k=8, max_changed_words=4, history_limit=10)
    assert len(result.history) == 10
    for step in result.steps:
        ties = [c for c in step.candidates if c.score == step.best_score]
        assert len(step.candidates) <= 8 + len(ties)
        assert len(step.changed_words) <= 4
