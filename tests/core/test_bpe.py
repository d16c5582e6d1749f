"""BPE: the seeds' worked examples, the trace's invariants, and properties on random corpora."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.bpe as bpe
from subword_core.bpe import BPEModel, learn, merge_symbols, replay
from subword_core.errors import CorpusError, ParameterError
from subword_core.text.corpus import Corpus, parse_corpus
from tests.budget import examples
from tests.core.doctests import failed_doctests

TOY = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
W = "</w>"

SEED_003_MERGES = [
    ("e", "s"),
    ("es", "t"),
    ("est", W),
    ("l", "o"),
    ("lo", "w"),
    ("n", "e"),
    ("ne", "w"),
    ("new", "est" + W),
    ("low", W),
    ("w", "i"),
]
SEED_002_MERGES = [
    ("s", "t"),
    ("e", "st"),
    ("est", W),
    ("l", "o"),
    ("lo", "w"),
    ("n", "e"),
    ("w", "est" + W),
    ("ne", "west" + W),
    ("low", W),
    ("i", "d"),
]


def test_doctests() -> None:
    assert failed_doctests(bpe) == {}


# --- seed 003: ten merges with first-seen ties, and four encodings -----------------------


def test_seed_003_merges() -> None:
    result = learn(TOY, 10)
    assert result.merges == SEED_003_MERGES
    assert result.stop_reason == "num_merges"
    assert result.steps[-1].stop_reason == "num_merges"


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("loki", ["lo", "k", "i"]),
        ("lowest", ["low", "est"]),
        ("lowing", ["low", "i", "n", "g"]),
        ("highing", ["h", "i", "g", "h", "i", "n", "g"]),
    ],
)
def test_seed_003_encodings(word: str, expected: list[str]) -> None:
    model = learn(TOY, 10).model
    assert model.strip_marker(model.encode(word)) == expected


def test_seed_003_encode_steps_of_lowest() -> None:
    steps = learn(TOY, 10).model.encode_steps("lowest")
    assert [s.merged for s in steps] == [
        ("e", "s"),
        ("es", "t"),
        ("est", W),
        ("l", "o"),
        ("lo", "w"),
        None,
    ]
    assert steps[0].symbols == ("l", "o", "w", "e", "s", "t", W)
    assert steps[0].rank == 1
    # the last iteration shows the one pair left and that it was never learned
    assert steps[-1].pairs == ((("low", "est" + W), None),)
    assert steps[-1].result == ("low", "est" + W)


def test_seed_003_first_step_explains_the_tie() -> None:
    step = learn(TOY, 10).steps[0]
    assert step.best_count == 9
    assert step.tied == (("e", "s"), ("s", "t"), ("t", W))
    assert step.rule == "first-seen"
    # e+s occurs first: in "newest" (word 2), after "n", "e", "w" (character offset 3)
    first = {pc.pair: pc.first_seen for pc in step.pair_counts}
    assert first[("e", "s")] == (2, 3)
    assert first[("s", "t")] == (2, 4)
    assert [c.word for c in step.changed_words] == ["newest", "widest"]
    assert step.changed_words[0].after == ("n", "e", "w", "es", "t", W)


def test_seed_003_pair_counts_of_first_step_are_complete() -> None:
    step = learn(TOY, 1).steps[0]
    counts = {pc.pair: pc.count for pc in step.pair_counts}
    # hand count: l o w </w> x5, l o w e r </w> x2, n e w e s t </w> x6, w i d e s t </w> x3
    assert counts[("l", "o")] == 7
    assert counts[("o", "w")] == 7
    assert counts[("w", "e")] == 2 + 6
    assert counts[("e", "w")] == 6
    assert counts[("d", "e")] == 3
    assert step.pairs_omitted == 0
    assert step.pairs_total == len(counts)


def test_vocabulary_does_not_always_grow_by_one() -> None:
    """Seed 000: a merge can add a symbol and remove one or two (+1, 0, -1)."""
    steps = learn(TOY, 10).steps
    deltas = [s.vocab_delta for s in steps]
    # e+s: 'es' appears, 's' vanishes (it only ever followed 'e')
    assert steps[0].vocab_added == ("es",) and steps[0].vocab_removed == ("s",)
    assert deltas[0] == 0
    # es+t: 'est' appears, 'es' and 't' both vanish
    assert steps[1].vocab_removed == ("es", "t") and deltas[1] == -1
    # low+</w>: 'low</w>' appears, 'low' stays (in "lower") and '</w>' stays
    assert deltas[8] == 1
    assert {-1, 0, 1} <= set(deltas)


def test_vocab_at_matches_the_symbols_in_the_corpus() -> None:
    result = learn(TOY, 10)
    for step in range(len(result.steps) + 1):
        segmentation = [symbols for _, symbols in result.segmentation_at(step)]
        present = {s for symbols in segmentation for s in symbols}
        assert set(result.vocab_at(step)) == present
        if step:
            assert result.steps[step - 1].vocab_size == len(present)


# --- seed 002: the same corpus, other tie choices ---------------------------------------


def test_seed_002_through_choose() -> None:
    result = learn(TOY, 10, choose={1: ("s", "t"), 7: ("w", "est" + W), 10: ("i", "d")})
    assert result.merges == SEED_002_MERGES
    assert result.steps[0].rule == "chosen"
    assert result.steps[3].rule == "first-seen"
    # every one of seed 002's merges was tied with seed 003's choice at its step
    for step in result.steps:
        assert step.merged in step.tied


def test_choose_refuses_a_pair_that_is_not_tied() -> None:
    with pytest.raises(ParameterError, match="not one of the tied pairs"):
        learn(TOY, 3, choose={1: ("l", "o")})


# --- seed 004: '_' as an ordinary letter, no marker -------------------------------------


def test_seed_004_merges_with_underscore_as_a_letter() -> None:
    corpus = {"low_": 5, "lower_": 2, "newest_": 6, "widest_": 3}
    result = learn(corpus, 10, end_of_word="")
    assert result.merges == [
        ("e", "s"),
        ("es", "t"),
        ("est", "_"),
        ("l", "o"),
        ("lo", "w"),
        ("n", "e"),
        ("ne", "w"),
        ("new", "est_"),
        ("low", "_"),
        ("w", "i"),
    ]


# --- seed 001: unknown characters ------------------------------------------------------


def test_seed_001_mhug_gives_unk_and_hug() -> None:
    model = BPEModel((("u", "g"), ("h", "ug")), alphabet=frozenset("hugpnbs"), unk_token="[UNK]")
    assert model.strip_marker(model.encode("mhug")) == ["[UNK]", "hug"]


def test_unknown_characters_are_kept_by_default() -> None:
    model = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 5).model
    assert model.encode("mhug")[0] == "m"


# --- stopping ---------------------------------------------------------------------------


def test_stops_below_min_frequency_and_says_why() -> None:
    result = learn({**TOY, "xyz": 1}, 100)
    last = result.steps[-1]
    assert result.stop_reason == "min_frequency"
    assert last.merged is None
    assert last.stop_reason == "min_frequency"
    assert last.best_count < last.min_frequency == 2
    assert len(result.merges) == len(result.steps) - 1


def test_min_frequency_one_merges_until_every_word_is_one_symbol() -> None:
    result = learn(TOY, 100, min_frequency=1)
    assert result.stop_reason == "no_pairs"
    assert all(len(symbols) == 1 for symbols in result.final_segmentation)


def test_attached_marker_convention() -> None:
    result = learn(TOY, 3, attach_end_of_word=True)
    assert result.initial_segmentation[0] == ("l", "o", "w" + W)
    assert ("t" + W) in {s for w in result.initial_segmentation for s in w}


def test_lexicographic_tie_break_takes_the_greatest_pair() -> None:
    step = learn(TOY, 1, tie_break="lexicographic").steps[0]
    assert step.merged == ("t", W)
    assert step.rule == "lexicographic"
    assert step.tied[0] == ("t", W)


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_merges": 0}, "num_merges"),
        ({"num_merges": -1}, "num_merges"),
        ({"num_merges": 3, "min_frequency": 0}, "min_frequency"),
        ({"num_merges": 3, "tie_break": "random"}, "tie_break"),
    ],
)
def test_bad_parameters(kwargs: dict, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        learn(TOY, **kwargs)


def test_a_word_containing_the_marker_is_refused() -> None:
    with pytest.raises(ParameterError, match="already contains the end-of-word marker"):
        learn({"a</w>b": 2, "ab": 3}, 3)
    # ...but it is fine with another marker
    assert learn({"a</w>b": 2, "ab": 3}, 3, end_of_word="@")


def test_corpus_text_errors_surface_as_corpus_errors() -> None:
    with pytest.raises(CorpusError):
        learn("   ", 3)


# --- encode / decode --------------------------------------------------------------------


def test_merge_symbols_overlapping_pairs_go_left_to_right() -> None:
    assert merge_symbols(["a", "a", "a", "a"], ("a", "a")) == (["aa", "aa"], [0, 2])
    assert merge_symbols(["a", "a", "a"], ("a", "a")) == (["aa", "a"], [0])


def test_decode_restores_words_in_both_marker_conventions() -> None:
    for attach in (False, True):
        model = learn(TOY, 10, attach_end_of_word=attach).model
        assert model.decode(model.tokenize("lowest newer  low")) == "lowest newer low"


def test_codes_round_trip() -> None:
    for attach in (False, True):
        model = learn(TOY, 10, attach_end_of_word=attach).model
        again = BPEModel.from_codes(model.to_codes())
        assert again.merges == model.merges
        assert again.attach_end_of_word == attach


def test_from_codes_names_the_bad_line() -> None:
    with pytest.raises(ParameterError, match="Line 3"):
        BPEModel.from_codes("#version: 0.2\ne s\nbroken\n")


# --- properties on random corpora -------------------------------------------------------

words = st.text(alphabet="abcde", min_size=1, max_size=8)
corpora = st.dictionaries(words, st.integers(1, 6), min_size=1, max_size=12)
settings_ = st.fixed_dictionaries(
    {
        "num_merges": st.integers(1, 25),
        "min_frequency": st.integers(1, 3),
        "attach_end_of_word": st.booleans(),
        "end_of_word": st.sampled_from(["</w>", "", "_"]),
        "tie_break": st.sampled_from(["first-seen", "lexicographic"]),
    }
)


def _naive_learn(counts: dict[str, int], num_merges: int, **kw: object) -> list[tuple[str, str]]:
    """The textbook loop (recount every pair at every step), as an oracle for the fast one."""
    marker = str(kw["end_of_word"])
    attach = bool(kw["attach_end_of_word"])
    words = [bpe.split_word(w, marker, attach) for w in counts]
    freqs = list(counts.values())
    merges = []
    for _ in range(num_merges):
        pairs: dict[tuple[str, str], int] = {}
        for symbols, freq in zip(words, freqs, strict=True):
            for pair in itertools.pairwise(symbols):
                pairs[pair] = pairs.get(pair, 0) + freq  # insertion order = first seen
        if not pairs:
            break
        if kw["tie_break"] == "lexicographic":
            best = max(pairs, key=lambda p: (pairs[p], p))
        else:
            best = max(pairs, key=lambda p: pairs[p])  # max keeps the first of equals
        if pairs[best] < int(kw["min_frequency"]):  # type: ignore[call-overload]
            break
        merges.append(best)
        words = [merge_symbols(w, best)[0] for w in words]
    return merges


@settings(max_examples=examples(150), deadline=None)
@given(corpora, settings_)
def test_incremental_learner_equals_the_textbook_loop(counts: dict, kw: dict) -> None:
    result = learn(counts, **kw)
    assert result.merges == _naive_learn(counts, **kw)


@settings(max_examples=examples(150), deadline=None)
@given(corpora, settings_)
def test_replaying_the_steps_reproduces_the_final_segmentation(counts: dict, kw: dict) -> None:
    result = learn(counts, **kw)
    assert replay(result) == list(result.final_segmentation)
    merged = [s.merged for s in result.steps if s.merged is not None]
    assert merged == result.merges
    # the steps' vocabulary deltas add up to the final vocabulary
    final = {s for w in result.final_segmentation for s in w}
    assert set(result.vocab_at(len(result.steps))) == final
    # every step's chosen pair had the best count and was among the tied pairs
    for step in result.steps:
        if step.merged is not None:
            assert step.merged in step.tied
            assert step.pair_counts[0].count == step.best_count >= kw["min_frequency"]


@settings(max_examples=examples(150), deadline=None)
@given(corpora, settings_, st.lists(st.text(alphabet="abcdefxyz", min_size=1, max_size=10)))
def test_encode_properties(counts: dict, kw: dict, held_out: list[str]) -> None:
    result = learn(counts, **kw)
    model = result.model
    vocab = set(model.vocabulary)
    for word in [*counts, *held_out]:
        tokens = model.encode(word)
        if kw["end_of_word"] and kw["end_of_word"] not in word:
            assert model.decode(tokens) == word
        assert "".join(tokens) == "".join(model.symbols(word))
        for token in tokens:
            assert token in vocab or len(token) == 1 or token == word[-1] + kw["end_of_word"]
    # a training word encodes exactly as training left it
    for index, word in enumerate(counts):
        assert tuple(model.encode(word)) == result.final_segmentation[index] or _dup_symbol(result)


def _dup_symbol(result: bpe.BPEResult) -> bool:
    """True if two merges produced the same symbol string (priority order may then differ)."""
    made = [a + b for a, b in result.merges]
    return len(made) != len(set(made))


def test_encode_steps_end_with_the_encoding() -> None:
    model = learn(TOY, 10).model
    rng = random.Random(3)
    for _ in range(50):
        word = "".join(rng.choice("lowestnidr") for _ in range(rng.randint(1, 9)))
        steps = model.encode_steps(word)
        assert list(steps[-1].result) == model.encode(word)
        assert steps[-1].merged is None
        ranks = [s.rank for s in steps if s.rank is not None]
        assert all(r is not None for r in ranks)


def test_large_corpus_trace_is_bounded() -> None:
    rng = random.Random(0)
    text = " ".join(
        "".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 9))) for _ in range(4000)
    )
    result = learn(parse_corpus(text), 30, top_k=10, max_changed_words=5, history_limit=20)
    assert len(result.history) == 20
    for step in result.steps:
        assert len(step.changed_words) <= 5
        ties = [pc for pc in step.pair_counts if pc.count == step.best_count]
        assert len(step.pair_counts) <= 10 + len(ties)
        assert step.pairs_omitted == step.pairs_total - len(step.pair_counts)
        assert step.changed_words_total >= len(step.changed_words)


def test_learn_accepts_a_corpus_object_and_text() -> None:
    assert learn(Corpus.from_counts(TOY), 2).merges == learn(TOY, 2).merges
    assert learn("low low low lower", 1).merges == [("l", "o")]
