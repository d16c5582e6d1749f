"""AppTest of the BPE dropout / other encoders / joint BPE page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.bpe import learn
from tests.app.conftest import html_text as _html
from ui.views.bpe_variants.dropout import dropout_samples

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _without_status(page: str) -> str:
    return re.sub(r"Learning [^.]*: (done|stopped), [\d,]+ of [\d,]+\. ?", "", page)


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(APP, default_timeout=90)
    app.run()
    app.switch_page("pages/bpe_variants.py")
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_dropout_draw_is_shown_iteration_by_iteration(at: AppTest) -> None:
    page = _html(at)
    assert "Iteration 1." in page
    assert "This draw:" in page
    # seed 0, p = 0.3 on "lowest": the draw replays, so the page shows the same every time
    # (but for the trainings' status lines, which only the run that trained shows)
    again = _html(at.run())
    assert _without_status(page) == _without_status(again)


def test_p_one_leaves_characters_and_p_zero_is_bpe(at: AppTest) -> None:
    at.slider(key="fam_dropout_p").set_value(1.0)
    at.run()
    page = _html(at)
    assert "every pair is dropped" in page
    assert "Every learned pair present was dropped this time" in page
    assert "dropped this time'" in " ".join(el.proto.body for el in at.get("html"))
    at.slider(key="fam_dropout_p").set_value(0.0)
    at.run()
    assert "this is plain BPE" in _html(at)
    bodies = " ".join(el.proto.body for el in at.get("html"))
    assert "dropped this time" not in bodies  # no struck-through pair at p = 0


def test_a_different_seed_can_give_a_different_draw(at: AppTest) -> None:
    draws = set()
    for seed in range(6):
        at.number_input(key="fam_dropout_seed").set_value(seed)
        at.run()
        draws.add(_html(at).split("This draw:")[1].split("plain BPE")[0])
    assert len(draws) > 1


def test_sample_distribution_data() -> None:
    model = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 10).model
    df = dropout_samples(model, "lowest", 0.3, 0, 1000)
    assert int(df["times"].sum()) == 1000
    assert abs(float(df["share"].sum()) - 1.0) < 1e-9
    assert df["segmentation"].iloc[0] == "low est</w>"  # BPE's own segmentation is the mode


def test_bad_word_gets_a_message(at: AppTest) -> None:
    at.text_input(key="fam_dropout_word").set_value("two words")
    at.run()
    assert not at.exception
    assert any("Type one word" in i.value for i in at.info)


def test_a_word_over_the_length_limit_gets_a_message(at: AppTest) -> None:
    at.text_input(key="fam_dropout_word").set_value("ab" * 500)
    at.run()
    assert not at.exception
    assert any("1,000 characters" in w.value and "up to 40" in w.value for w in at.warning)
    assert at.text_input(key="fam_dropout_word").value == "ab" * 500


def test_other_encoders_mark_the_difference(at: AppTest) -> None:
    page = _html(at)
    # nestle: BPE gives n est l e; the longest prefix takes ne first
    assert "same as BPE" in page
    assert "differs from BPE at" in page


def test_joint_bpe_and_an_empty_target(at: AppTest) -> None:
    page = _html(at)
    assert "10 joint merges" in page
    table = at.dataframe[0].value
    assert list(table.columns[:4]) == ["merge", "joint merge", "source", "target"]
    assert (table["source"] + table["target"] > 0).all()
    at.text_area(key="fam_joint_target").set_value("  ")
    at.run()
    assert not at.exception
    assert any("target corpus is empty" in e.value for e in at.error)
    assert at.text_area(key="fam_joint_target").value == "  "


def test_joint_bad_target_line(at: AppTest) -> None:
    at.text_area(key="fam_joint_target").set_value("low 5\nlower x\nnew 2")
    at.run()
    assert not at.exception
    assert any("Line 2" in e.value for e in at.error)
