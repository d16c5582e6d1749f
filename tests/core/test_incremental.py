"""The incremental learners record exactly the textbook learners' steps (subword_core/textbook/).

Whole traces are compared with ``==``: merges, counts, kept rows and their order, ties (also
when there are more than ``max_ties``), changed words, vocabulary changes and stop steps.
``PairRanking.small_bucket`` is lowered in half of the examples so that the heaps used for
large buckets run on these small corpora too.
"""

from __future__ import annotations

from collections.abc import Callable
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import bpe, wordpiece
from subword_core.merges import PairRanking
from subword_core.textbook import bpe as textbook_bpe
from subword_core.textbook import wordpiece as textbook_wp
from tests.budget import examples

# few letters and short words: pairs repeat and ties are everywhere
corpora = st.dictionaries(
    st.text(alphabet="abcde", min_size=1, max_size=8), st.integers(1, 6), min_size=1, max_size=14
)
# many words seen once: hundreds of pairs tied at count 1
tie_heavy = st.dictionaries(
    st.text(alphabet="abcdefghij", min_size=2, max_size=6),
    st.just(1),
    min_size=20,
    max_size=60,
)

bpe_settings = st.fixed_dictionaries(
    {
        "num_merges": st.integers(1, 30),
        "min_frequency": st.integers(1, 3),
        "attach_end_of_word": st.booleans(),
        "end_of_word": st.sampled_from(["</w>", "", "_"]),
        "tie_break": st.sampled_from(["first-seen", "lexicographic"]),
        "top_k": st.integers(1, 12),
        "max_ties": st.integers(1, 8),
        "max_changed_words": st.integers(1, 5),
    }
)


def _learn_bpe(counts: dict[str, int], kw: dict, small_bucket: int) -> bpe.BPEResult:
    with mock.patch.object(PairRanking, "small_bucket", small_bucket):
        return bpe.learn(counts, **kw)


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(st.one_of(corpora, tie_heavy), bpe_settings, st.sampled_from([32, -1000]))
def test_bpe_steps_equal_the_textbook_steps(counts: dict, kw: dict, small_bucket: int) -> None:
    result = _learn_bpe(counts, kw, small_bucket)
    expected, final = textbook_bpe.trace(counts, **kw)
    for ours, theirs in zip(result.steps, expected, strict=False):
        assert ours == theirs, f"step {theirs.number}"
    assert len(result.steps) == len(expected)
    assert list(result.final_segmentation) == final


@settings(max_examples=examples(100), deadline=None)
@given(tie_heavy, st.sampled_from(["first-seen", "lexicographic"]), st.integers(1, 4))
def test_bpe_winner_is_chosen_among_all_ties_even_when_few_are_kept(
    counts: dict, tie_break: str, max_ties: int
) -> None:
    kw = {"min_frequency": 1, "tie_break": tie_break, "top_k": 2, "max_ties": max_ties}
    result = _learn_bpe(counts, {"num_merges": 40, **kw}, -1000)
    expected, _ = textbook_bpe.trace(counts, 40, **kw)
    assert result.merges == [s.merged for s in expected if s.merged]
    capped = [s for s in result.steps if s.ties_omitted]
    assert capped, "the corpus should produce more ties than max_ties"
    for step in capped:
        assert len(step.tied) == max_ties < step.ties_total
        assert step.is_tie and step.merged == step.tied[0]


def test_choose_accepts_a_tied_pair_beyond_the_kept_ones() -> None:
    counts = {w: 1 for w in ["ab", "cd", "ef", "gh", "ij"]}
    kw = {"min_frequency": 1, "max_ties": 2, "end_of_word": ""}
    first = bpe.learn(counts, 1, **kw).steps[0]
    assert first.ties_total == 5 and first.tied == (("a", "b"), ("c", "d"))
    step = bpe.learn(counts, 1, **kw, choose={1: ("i", "j")}).steps[0]
    assert step.merged == ("i", "j") and step.rule == "chosen"
    assert step.tied[-1] == ("i", "j") and step.pair_counts[-1].pair == ("i", "j")


wordpiece_settings = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["likelihood", "frequency"]),
        "tie_break": st.sampled_from(["first-seen", "lexicographic"]),
        "top_k": st.integers(1, 12),
        "max_ties": st.integers(1, 8),
        "max_changed_words": st.integers(1, 5),
    }
)


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(
    st.one_of(corpora, tie_heavy),
    st.integers(0, 30),
    wordpiece_settings,
    st.sampled_from([32, -1000]),
)
def test_wordpiece_steps_equal_the_textbook_steps(
    counts: dict, extra: int, kw: dict, small_bucket: int
) -> None:
    size = len(wordpiece.alphabet_of(wordpiece._as_corpus(counts))) + extra
    with mock.patch.object(PairRanking, "small_bucket", small_bucket):
        result = wordpiece.learn(counts, size, **kw)
    expected, final = textbook_wp.trace(counts, size, **kw)
    for ours, theirs in zip(result.steps, expected, strict=False):
        assert ours == theirs, f"step {theirs.number}"
    assert len(result.steps) == len(expected)
    assert list(result.final_segmentation) == final


def test_wordpiece_ties_beyond_max_ties_are_counted_and_the_winner_is_exact() -> None:
    counts = {w: 1 for w in ["ab", "cd", "ef", "gh", "ij"]}  # five pairs, all scored 1
    step = wordpiece.learn(counts, 11, max_ties=2).steps[0]
    assert step.ties_total == 5 and step.ties_omitted == 3 and step.is_tie
    assert step.tied == (("a", "##b"), ("c", "##d")) == (step.merged, step.tied[1])
    chosen = wordpiece.learn(counts, 11, max_ties=2, choose={1: ("i", "##j")}).steps[0]
    assert chosen.merged == ("i", "##j") and chosen.tied[-1] == ("i", "##j")


# --- progress callbacks ------------------------------------------------------------------


def _progress_runs() -> dict[str, Callable[[Callable[[int, int], None]], object]]:
    """The three trainers on the paragraph example, each taking a ``progress`` callback."""
    from subword_core import unigram
    from subword_core.text.corpus import parse_corpus
    from subword_core.text.examples import example_text

    corpus = parse_corpus(example_text("paragraph"))
    return {
        "bpe": lambda report: bpe.learn(corpus, 500, min_frequency=1, progress=report),
        "wordpiece": lambda report: wordpiece.learn(corpus, 400, progress=report),
        "unigram": lambda report: unigram.learn(corpus, 60, progress=report),
    }


def test_progress_is_reported_at_most_about_100_times_and_ends_complete() -> None:
    runs = _progress_runs()
    for name, run in runs.items():
        calls: list[tuple[int, int]] = []
        run(lambda done, total, calls=calls: calls.append((done, total)))
        assert 2 <= len(calls) <= 102, name
        totals = {total for _, total in calls}
        assert len(totals) == 1, name
        done = [d for d, _ in calls]
        assert done == sorted(done) and done[-1] == calls[-1][1], name


class _Stop(Exception):
    """What the app's progress callback raises to stop a training (Streamlit's are alike)."""


def test_an_exception_from_progress_stops_learning_at_once_and_leaves_nothing_behind() -> None:
    runs = _progress_runs()
    for name, run in runs.items():
        clean = run(lambda done, total: None)
        calls: list[int] = []

        def stop_at_third(
            done: int, total: int, calls: list[int] = calls, name: str = name
        ) -> None:
            calls.append(done)
            if len(calls) == 3:
                raise _Stop
            assert len(calls) < 3, f"{name}: learning went on after progress raised"

        try:
            run(stop_at_third)
        except _Stop:
            pass
        else:
            raise AssertionError(f"{name}: the exception from progress was swallowed")
        assert len(calls) == 3, name
        # nothing shared was left half-changed: the same learning again gives the same trace
        assert run(lambda done, total: None).steps == clean.steps, name
