"""The code panel's claims hold: for every stage, running the textbook function on the
step's state (under ``sys.settrace``) runs exactly the marked lines and ends with the values
the panel shows, which come from the fast trainers' trace (subword_core/textbook/code.py)."""

from __future__ import annotations

import random

import pytest

from subword_core import bpe, byte_level, gage, unigram, wordpiece
from subword_core.textbook import bpe as tb_bpe
from subword_core.textbook import code
from subword_core.textbook import gage as tb_gage

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
    assert lines == step.lines()
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


@pytest.mark.parametrize(
    ("counts", "size", "factor"),
    [(CORPORA[0], 10, 0.75), ({"abab": 3, "ab": 2, "ba": 1}, 2, 0.75),
     ({"ddbba": 5, "d": 5, "dd": 5}, 7, 0.5)],
)  # fmt: skip
def test_unigram_steps_with_pruned_characters(counts: dict, size: int, factor: float) -> None:
    """``keep_single_chars=False``: the prune steps that remove characters, the EM steps
    whose lattices then hold unknown nodes, and Viterbi over unknown characters have their
    panels, proven like the others."""
    settings = {"seed_size": 1000, "max_piece_length": 16, "shrinking_factor": factor}
    result = unigram.learn(
        counts, size, top_k=10**6, boundary=10**6, keep_single_chars=False, **settings
    )  # type: ignore[arg-type]
    gone: set[str] = set()
    after_chars = 0
    for n in range(1, len(result.steps) + 1):
        step = code.unigram_step(result, n, keep_single_chars=False, **settings)  # type: ignore[arg-type]
        assert check(step)
        kind = result.steps[n - 1]
        after_chars += kind.kind == "em" and any(len(p) == 1 for p in gone)
        if isinstance(kind, unigram.PruneStep):
            assert step is not None and step.values["removed"] == set(kind.removed)
            gone |= set(kind.removed)
    assert any(len(p) == 1 for p in gone) and after_chars
    unknown = 0
    for word in [*counts, "abcd", "dab"]:
        step = code.unigram_viterbi(result.model, word)
        unknown += any(ch in gone for ch in word)
        assert check(step)
    assert unknown


SEED_001 = ["h", "u", "g", "hu", "ug", "p", "pu", "n", "un", "b", "bu", "s", "hug", "gs", "ugs"]


@pytest.mark.parametrize(
    ("given", "digamma"),
    [(SEED_001, False), (SEED_001, True), ([*SEED_001, "zz", "x"], False), (None, True)],
)
def test_unigram_given_seed_and_digamma_steps(given: list[str] | None, digamma: bool) -> None:
    """A hand-typed seed list (textbook ``seed_given``) and the digamma M-step
    (``em_step_digamma``) have their panels, proven like the other stages."""
    settings = {"seed_size": 1000, "max_piece_length": 16, "shrinking_factor": 0.75}
    result = unigram.learn(
        CORPORA[0], 10, top_k=10**6, boundary=10**6, seed_vocab=given, digamma=digamma, **settings
    )  # type: ignore[arg-type]
    functions = set()
    for n in range(1, len(result.steps) + 1):
        step = code.unigram_step(result, n, **settings, seed_list=given)  # type: ignore[arg-type]
        assert check(step)
        assert step is not None
        functions.add(step.function.__name__)
    seed = "seed_given" if given else "seed"
    em = "em_step_digamma" if digamma else "em_step"
    assert functions == {seed, em, "prune_step"}
    if given:  # seed 001's 15 tokens, all in the corpus: "zz" and "x" are dropped
        first = code.unigram_step(result, 1, **settings, seed_list=given)  # type: ignore[arg-type]
        assert first is not None and len(first.values["counts"]) == 15


@pytest.mark.parametrize(
    "counts", [{"a": 3, "b": 1, "c": 2}, {"x": 1}, {"ab": 2, "c": 1}, {"a": 1, "b": 1}]
)
@pytest.mark.parametrize("marker", ["", "▁"])
def test_unigram_seed_on_one_character_words(counts: dict, marker: str) -> None:
    """With one-character words the seed's substring loops never run: they are not marked
    (with ▁ the words have two characters, and they run)."""
    chars = len({c for w in counts for c in marker + w})
    result = unigram.learn(counts, chars, word_start=marker, top_k=10**6, boundary=10**6)
    step = code.unigram_step(result, 1)
    assert check(step)
    assert step is not None
    one = all(len(marker + w) == 1 for w in counts)
    assert (step.lines() < code.executed_lines(step.function, None)) is one
    given = code.unigram_step(
        unigram.learn(counts, chars, word_start=marker, seed_vocab=["a"]), 1, seed_list=["a"]
    )
    assert check(given)


def test_unigram_seed_values_when_the_table_leaves_rows_out() -> None:
    """top_k keeps the seed table's most frequent rows only: the panel still shows them (and
    how many pieces ``counts`` has), and the textbook's ``counts`` holds exactly those."""
    result = unigram.learn(CORPORA[0], 10, top_k=3)
    step = code.unigram_step(result, 1)
    assert step is not None and result.steps[0].pieces_omitted > 0
    shown = step.values["counts"]
    assert isinstance(shown, code.Some) and len(shown.items) == 3
    assert shown.size == result.steps[0].vocab_size
    assert check(step)
    assert not code.values_match({"counts": code.Some({"u": 35.0}, shown.size)}, {"counts": {}})


@pytest.mark.parametrize("text", ["aaabdaaabac", "abcabcabc", "a", "abcd", "aaaa bbbb"])
def test_gage_steps(text: str) -> None:
    for step in gage.compress(text).steps:
        shown = code.gage_step(step)
        assert check(shown)


def _tied_steps(result: object) -> list[tuple[int, tuple[str, str]]]:
    """(step, a tied pair the rule did not take) for every tie of a training."""
    return [
        (s.number, next(p for p in s.tied if p != s.merged))
        for s in result.steps  # type: ignore[attr-defined]
        if s.merged is not None and len(s.tied) > 1
    ]


@pytest.mark.parametrize("counts", CORPORA[:2])
@pytest.mark.parametrize("tie", ["first-seen", "lexicographic"])
def test_bpe_hand_picked_ties(counts: dict, tie: str) -> None:
    """A pair the student picked among the tied ones: the panel shows ``merge_step`` merging
    THAT pair (``choose``), and the textbook, run on the step's state, ends with it."""
    picks = _tied_steps(bpe.learn(counts, 30, tie_break=tie, min_frequency=1))
    assert picks
    for number, pair in picks:
        result = bpe.learn(counts, 30, tie_break=tie, min_frequency=1, choose={number: pair})
        assert result.steps[number - 1].rule == "chosen"
        for n in range(1, len(result.steps) + 1):
            step = code.bpe_merge(result, n, tie)
            assert check(step)
        shown = code.bpe_merge(result, number, tie)
        assert shown is not None and shown.values["best"] == pair
        assert shown.values["count"] == result.steps[number - 1].best_count


def test_byte_level_hand_picked_tie() -> None:
    text = "low lower newest widest low low"
    picks = _tied_steps(byte_level.learn(text, 20, min_frequency=1).bpe)
    assert picks
    number, pair = picks[0]
    plain = byte_level.learn(text, 20, min_frequency=1)
    shown_pair = plain.steps[number - 1].tied[plain.bpe.steps[number - 1].tied.index(pair)]
    result = byte_level.learn(text, 20, min_frequency=1, choose={number: shown_pair})
    assert result.bpe.steps[number - 1].rule == "chosen"
    shown = code.bpe_merge(result.bpe, number, "first-seen")
    assert check(shown) and shown is not None and shown.values["best"] == pair


@pytest.mark.parametrize("counts", CORPORA)
@pytest.mark.parametrize("scoring", ["likelihood", "frequency"])
def test_wordpiece_hand_picked_ties(counts: dict, scoring: str) -> None:
    picks = _tied_steps(wordpiece.learn(counts, 40, scoring=scoring))
    for number, pair in picks:
        result = wordpiece.learn(counts, 40, scoring=scoring, choose={number: pair})
        assert result.steps[number - 1].rule == "chosen"
        for n in range(1, len(result.steps) + 1):
            assert check(code.wordpiece_merge(result, n))
        shown = code.wordpiece_merge(result, number)
        assert shown is not None and shown.values["best"] == pair
        assert shown.values["score"] == result.steps[number - 1].best_score
    if scoring == "frequency" and counts is CORPORA[0]:
        assert picks


def test_textbook_choose_takes_a_tied_pair_only() -> None:
    """``choose`` picks among the pairs tied with the best; the textbook's own loop agrees."""
    words = [["a", "b", "c"], ["a", "b"], ["b", "c"]]
    assert tb_bpe.merge_step([list(w) for w in words], [1, 1, 1], choose=("b", "c")) == ("b", "c")
    assert tb_bpe.merge_step([list(w) for w in words], [1, 1, 1]) == ("a", "b")


@pytest.mark.parametrize("text", ["aaabdaaabac", "abcabcabc", "abab cdcd", "aaaa bbbb"])
def test_gage_hand_picked_ties(text: str) -> None:
    """A pair the student picked among the tied ones: the panel shows ``compress_step``
    replacing THAT pair (``choose``), and the textbook, run on the step's state, agrees."""
    picks = [
        (s.number, next(p for p in s.tied if p != s.pair))
        for s in gage.compress(text).steps
        if s.pair is not None and len(s.tied) > 1
    ]
    for number, pair in picks:
        result = gage.compress(text, choose={number: pair})
        assert result.steps[number - 1].rule == "chosen"
        for step in result.steps:
            assert check(code.gage_step(step)) or step.stop_reason == "out_of_symbols"
        shown = code.gage_step(result.steps[number - 1])
        assert shown is not None and shown.values["best"] == "".join(pair)
        assert shown.values["count"] == result.steps[number - 1].best_count
    if text == "aaabdaaabac":
        assert picks  # seed 003's tie at step 2 ("Za" or "ab")


def test_gage_textbook_choose_takes_a_tied_pair_only() -> None:
    """``choose`` wins a tie only: a pair with fewer copies leaves the rule's pick."""
    assert tb_gage.compress_step("ababab", "Z", choose="ba") == ("ZZZ", "ab")  # ab 3, ba 2
    assert tb_gage.compress_step("abab cdcd", "Z", choose="cd") == ("abab ZZ", "cd")
    assert tb_gage.compress_step("abab cdcd", "Z") == ("ZZ cdcd", "ab")
