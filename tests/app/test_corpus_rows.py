"""The table "the corpus after merge n" shows the words that merge changed, on any corpus.

The learners track the history of the most frequent words only (``history_limit``); a late
merge on a large corpus usually changes rarer words. The table adds the step's changed-word
rows, so the merged symbol is always in view. Also: the steps' JSON export of a long word,
whose rows are rebuilt from the stored changes, is plain JSON.
"""

from __future__ import annotations

import json
import random

from subword_core import bpe, wordpiece
from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import example_text
from ui.merge_family import corpus_table
from ui.study.exports import steps_json
from ui.views.wordpiece import learn as wordpiece_learn


def test_pydoc_merge_1000_shows_the_words_it_changed() -> None:
    result = bpe.learn(parse_corpus(example_text("pydoc")), 1000)
    step = result.steps[999]
    assert not result.changed_at(1000), "the merge changes no tracked word: the case to fix"
    rows = corpus_table.corpus_rows(result, 1000)
    changed = [r for r in rows if r[3]]
    assert changed and len(rows) <= corpus_table.TABLE_ROWS
    assert all(step.merged_symbol in symbols for _, _, symbols, _ in changed)
    assert {w for w, *_ in changed} <= {c.word for c in step.changed_words}
    assert rows[: len(changed)] == changed  # the changed words come first


def test_wordpiece_rows_show_untracked_changed_words() -> None:
    counts = {f"a{x}": 50 for x in "bcdefghij"} | {"yz": 1, "yzyz": 1}
    size = len(wordpiece.alphabet_of(wordpiece._as_corpus(counts))) + 12
    result = wordpiece.learn(counts, size, history_limit=3)
    late = next(s for s in result.steps if s.merged and s.merged[0] == "y")
    rows = wordpiece_learn.corpus_rows_at(result, late.number)
    assert {w for w, _, _, changed in rows if changed} == {"yz", "yzyz"}
    assert [(w, p) for w, _, p, _ in rows[:2]] == [("yz", ("yz",)), ("yzyz", ("yz", "##y", "##z"))]


def test_steps_json_of_a_long_word_is_plain_json() -> None:
    word = "".join(random.Random(2).choices("acgt", k=300))
    result = bpe.learn({word: 1}, 5, min_frequency=1)
    data = json.loads(steps_json(result.steps))
    for step, row in zip(result.steps, data, strict=True):
        assert row["changed_words"][0]["after"] == list(step.changed_words[0].after)
