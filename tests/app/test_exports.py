"""The step exports: JSON keeps every recorded number, exactly."""

from __future__ import annotations

import json
from fractions import Fraction

from subword_core import bpe, wordpiece
from ui.exports import steps_json


def test_bpe_steps_json_round_trips_the_numbers() -> None:
    result = bpe.learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 10)
    data = json.loads(steps_json(result.steps))
    assert len(data) == len(result.steps)
    assert data[0]["tied"] == [["e", "s"], ["s", "t"], ["t", "</w>"]]
    assert [tuple(d["merged"]) for d in data] == result.merges
    assert data[-1]["stop_reason"] == "num_merges"


def test_wordpiece_scores_stay_exact_fractions() -> None:
    result = wordpiece.learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9)
    data = json.loads(steps_json(result.steps))
    assert Fraction(data[0]["best_score"]) == Fraction(1, 20)
    assert Fraction(data[1]["candidates"][0]["score"]) == Fraction(1, 36)
