"""Every trainer the app runs takes a ``progress`` callback that can stop it between steps.

The app's callback (the checkpoint of ui.runtime.training) raises Streamlit's stop exception when
the student leaves; here a plain exception stands for it. For each trainer: the callback changes
nothing in the result, an exception from it goes through at once (no step runs after it), and the
same training afterwards gives the same result (nothing shared was left half-changed).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from subword_core import bpe, byte_level, joint, unigram, wordpiece
from subword_core.text.corpus import Corpus, parse_corpus
from subword_core.text.examples import example_text

Report = Callable[[int, int], None] | None


def _corpus() -> Corpus:
    return parse_corpus(example_text("paragraph"))


# the trainings of the byte-level page, the Compare page and the joint BPE tab
TRAINERS: dict[str, Callable[[Report], object]] = {
    "byte-level": lambda report: byte_level.learn(
        _corpus(), 300, extra_text="你好 你好", progress=report
    ),
    "character BPE": lambda report: bpe.learn(
        _corpus(), 300, min_frequency=1, attach_end_of_word=True, progress=report
    ),
    "joint": lambda report: joint.learn_joint(
        _corpus(), {"lowest": 4, "newer": 3, "wider": 2}, 200, progress=report, min_frequency=1
    ),
    "compare BPE": lambda report: bpe.learn(_corpus(), 200, min_frequency=1, progress=report),
    "compare WordPiece": lambda report: wordpiece.learn(_corpus(), 300, progress=report),
    "compare Unigram": lambda report: unigram.learn(_corpus(), 150, progress=report),
    "compare byte-level": lambda report: byte_level.learn(
        _corpus(), 200, min_frequency=1, progress=report
    ),
}


class _Stop(Exception):
    """Stands for Streamlit's StopException raised from the progress bar's update."""


@pytest.mark.parametrize("name", list(TRAINERS))
def test_progress_does_not_change_the_result(name: str) -> None:
    run = TRAINERS[name]
    calls: list[tuple[int, int]] = []
    with_progress = run(lambda done, total: calls.append((done, total)))
    assert with_progress == run(None)
    assert len(calls) >= 3, "too few checkpoints to stop a long training"
    done = [d for d, _ in calls]
    assert done == sorted(done)
    assert len({t for _, t in calls}) == 1 and calls[-1][0] == calls[-1][1]


@pytest.mark.parametrize("name", list(TRAINERS))
def test_an_exception_from_progress_stops_the_trainer_between_steps(name: str) -> None:
    run = TRAINERS[name]
    calls: list[int] = []

    def stop_at_second(done: int, total: int) -> None:
        calls.append(done)
        assert len(calls) <= 2, f"{name}: learning went on after progress raised"
        if len(calls) == 2:
            raise _Stop

    with pytest.raises(_Stop):
        run(stop_at_second)
    assert len(calls) == 2
    assert run(lambda done, total: None) == run(None)


def test_joint_progress_counts_the_three_learnings() -> None:
    calls: list[tuple[int, int]] = []
    joint.learn_joint({"ab": 3, "abc": 2}, {"ab": 1}, 4, progress=lambda d, t: calls.append((d, t)))
    assert {t for _, t in calls} == {12}
    # each learning ends with its own "done" report: after the first, a third of the total
    assert (4, 12) in calls and (8, 12) in calls and calls[-1] == (12, 12)
