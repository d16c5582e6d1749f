"""Exercises: the answer keys (computed with the textbook code) equal the fast trainers'
results over many seeds, a sheet is the same for the same seed, and typed answers are
checked like the quiz (ties counted right, numbers as fractions or decimals)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import bpe, exercises, unigram, wordpiece
from subword_core.exercises import MERGES, check, generate
from tests.budget import examples

seeds = st.integers(0, 2**31 - 1)


@settings(max_examples=examples(60), deadline=None)
@given(seeds)
def test_answer_keys_equal_the_fast_trainers(seed: int) -> None:
    sheet = generate(seed)
    nxt, seg, match, score, prob = sheet.questions
    first = bpe.learn(sheet.corpus, 1, end_of_word="", min_frequency=1).steps[0]
    assert nxt.answer == first.merged
    assert set(nxt.accepted) == set(first.tied) and nxt.why["count"] == first.best_count

    learned = bpe.learn(sheet.corpus, MERGES, end_of_word="", min_frequency=1)
    assert seg.given["merges"] == learned.merges
    assert seg.answer == learned.model.encode(seg.given["word"])

    alphabet = wordpiece.alphabet_of(wordpiece._as_corpus(sheet.corpus))
    wp = wordpiece.learn(sheet.corpus, len(alphabet) + MERGES)
    assert match.given["vocab"] == sorted(wp.vocab)
    assert match.answer == wordpiece.WordPiece(wp.vocab).encode(match.given["word"])
    assert score.given["pair"] == wp.steps[0].merged
    assert score.answer == wp.steps[0].best_score

    pieces = prob.given["pieces"]
    model = unigram.Unigram([(p, math.log(f)) for p, f in prob.given["probs"].items()])
    assert math.isclose(math.exp(model.score(pieces)), float(prob.answer), rel_tol=1e-12)


@settings(max_examples=examples(30), deadline=None)
@given(seeds)
def test_the_keys_and_every_tie_are_counted_right(seed: int) -> None:
    sheet = generate(seed)
    assert generate(seed) == sheet
    for q in sheet.questions:
        for answer in q.accepted:
            typed = (
                str(answer) if q.kind in ("wordpiece_score", "unigram_prob") else " ".join(answer)
            )
            assert check(q, typed), (q.kind, typed)
    nxt = sheet.questions[0]
    assert not check(nxt, "x y") and not check(nxt, "")
    assert check(sheet.questions[3], f"{float(sheet.questions[3].answer):.3g}")
    assert not check(sheet.questions[3], str(sheet.questions[3].answer * 2))


def test_a_sheet_has_every_kind() -> None:
    assert [q.kind for q in generate(0).questions] == list(exercises.KINDS)
