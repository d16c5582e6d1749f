"""The quiz verdicts: every tied pair is right (with the tie and its rule explained), and a
wrong answer's explanation does not give the answer away (the student may guess again)."""

from __future__ import annotations

import html
import re

import pytest

from subword_core import bpe, wordpiece
from subword_core.bpe import BPEModel
from subword_core.wordpiece import WordPiece
from tests.app.conftest import html_text, open_link
from ui.merge_family.quiz import quiz_verdict
from ui.views.bpe.encode import segmentation_verdict
from ui.views.wordpiece import encode as wordpiece_encode
from ui.views.wordpiece import learn as wordpiece_learn

SEED_002 = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
SEED_HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", markup)))


@pytest.mark.parametrize(
    ("tie_break", "merged", "rule"),
    [("first-seen", "e + s", "first seen"), ("lexicographic", "t + </w>", "string order")],
)
def test_bpe_every_tied_pair_is_right(tie_break: str, merged: str, rule: str) -> None:
    step = bpe.learn(SEED_002, 1, tie_break=tie_break).steps[0]  # type: ignore[arg-type]
    assert len(step.tied) == 3 and step.merged is not None
    for pair in step.tied:
        right, why = quiz_verdict(step, pair)
        why = _text(why)
        assert right, why
        if pair == step.merged:
            assert why.startswith(f"Right: {merged} occurs 9 times, tied with 2 other pairs")
            assert rule in why and "Any of the tied pairs would have been a right answer" in why
        else:
            assert why.startswith(f"Right too: {pair[0]} + {pair[1]} occurs 9 times")
            assert f"as often as {merged}: 3 pairs tie for the highest count" in why
            assert rule in why and f"that is {merged}, so this step merges it" in why
            assert "Your pick is just as right" in why


def test_bpe_tie_broken_by_the_students_earlier_choice() -> None:
    step = bpe.learn(SEED_002, 1, choose={1: ("s", "t")}).steps[0]
    assert step.rule == "chosen"
    right, why = quiz_verdict(step, ("e", "s"))
    assert right and "You chose s + t for this step earlier" in _text(why)
    right, why = quiz_verdict(step, ("s", "t"))
    assert right and "the tied pair you chose earlier" in _text(why)


def test_bpe_wrong_pick_does_not_name_the_answer() -> None:
    steps = bpe.learn(SEED_002, 3).steps
    right, why = quiz_verdict(steps[0], ("l", "o"))
    assert not right
    assert _text(why) == "Not this one: l + o occurs 7 times, but 3 pairs occur 9 times, more " + (
        "often than any other pair."
    )
    assert steps[2].merged == ("est", "</w>") and not steps[2].is_tie
    right, why = quiz_verdict(steps[2], ("l", "o"))
    assert not right and "another pair occurs 9 times" in why and "est" not in _text(why)


def test_wordpiece_every_pair_tied_on_score_is_right() -> None:
    step = wordpiece.learn(SEED_HUG, 9).steps[1]
    assert step.merged == ("h", "##u") and step.ties_total == 6
    for pair in step.tied:
        right, why = wordpiece_learn.quiz_verdict(step, pair)
        why = _text(why)
        assert right, why
        if pair == step.merged:
            assert "tied with 5 other pairs. The tie goes to the pair met first" in why
        else:
            assert why.startswith(f"Right too: {pair[0]} + {pair[1]} scores")
            assert "the same as h + ##u (15/(15 × 36) = 1/36" in why
            assert "6 pairs tie for the best score" in why
            assert "The tie goes to the pair met first in the corpus, h + ##u" in why
            assert "Your pick is just as right" in why


def test_wordpiece_lexicographic_tie_and_wrong_pick() -> None:
    step = wordpiece.learn(SEED_HUG, 9, tie_break="lexicographic").steps[1]
    right, why = wordpiece_learn.quiz_verdict(step, ("h", "##u"))
    assert right and "sorts last as text, p + ##u" in _text(why)
    first = wordpiece.learn(SEED_HUG, 9).steps[0]
    right, why = wordpiece_learn.quiz_verdict(first, ("h", "##u"))
    assert not right and "another pair scores 1/20" in why and "##s" not in why


def test_segmentation_verdicts_do_not_give_the_answer_away() -> None:
    model = BPEModel((("l", "o"), ("lo", "w"), ("e", "s")))
    right, why = segmentation_verdict(model, "lowes", ["lo", "wes"])
    assert not right and "merge 2" in why and "after “lo”" in why
    assert "<code>low</code>" not in why and "the model gives" not in why
    wp = WordPiece(["h", "hu", "##g", "##s", "##gs"])
    right, why = wordpiece_encode.segmentation_verdict(wp, "hugs", ["hu", "g", "s"])
    assert not right and "##gs is in the vocabulary" in _text(why)  # the hint at the 1st cut
    assert "the model gives" not in why


# issue 28, item 9: the quiz's wording -------------------------------------------------------


def test_wordpiece_unknown_word_wrong_guess_keeps_the_answer() -> None:
    wp = WordPiece(["h", "hu", "##g", "##s", "##gs"])
    right, why = wordpiece_encode.segmentation_verdict(wp, "hux", ["hu", "x"])
    text = _text(why)
    assert not right and "character 3" in text  # where to look: a hint
    assert "[UNK]" not in text and "becomes" not in text and "gives up" not in text
    right, why = wordpiece_encode.segmentation_verdict(wp, "hux", ["[UNK]"])
    assert right and "[UNK]" in _text(why)


@pytest.mark.parametrize(
    ("page", "params", "toggle"),
    [
        ("bpe_learn", {"corpus": "seed-low"}, "bpe_quiz"),
        ("wordpiece", {"corpus": "seed-hug"}, "wp_quiz"),
    ],
)
def test_quiz_corpus_table_is_headed_before_this_step(
    page: str, params: dict[str, str], toggle: str
) -> None:
    at = open_link(page, params)
    at.toggle(key=toggle).set_value(True).run()
    assert not at.exception
    text = html_text(at)
    assert "segmentation before this step" in text
    assert "segmentation after this step" not in text  # the step is not done yet


def test_the_quiz_toggles_have_one_name_per_kind() -> None:
    import ast
    from pathlib import Path

    labels: dict[str, set[str]] = {"learn": set(), "encode": set()}
    for name in ("bpe_learn", "bpe_encode", "wordpiece"):
        tree = ast.parse(Path(f"pages/{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and str(node.value).startswith("Quiz me:"):
                kind = "learn" if "merge" in node.value else "encode"
                labels[kind].add(node.value)
    assert labels == {
        "learn": {"Quiz me: let me guess each merge before it is shown"},
        "encode": {"Quiz me: let me type how a word is split first"},
    }
    from ui.app.i18n import translation

    for lang in ("zh", "ko"):
        for label in (*labels["learn"], *labels["encode"]):
            words = {translation(lang, d).gettext(label) for d in ("bpe", "wordpiece")}
            assert len(words) == 1, words
