"""The live class in AppTest (ui/classroom/): links, teacher key, rate limit, database down."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, open_link
from ui.app.limits import LIMITS
from ui.classroom.store import store_for


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    monkeypatch.setenv("SUBWORD_CLASS_DB", url)
    return url


def _texts(at: AppTest) -> str:
    parts = [str(el.value) for el in (*at.warning, *at.info, *at.markdown, *at.caption)]
    parts += [el.proto.body for el in at.get("html")]
    return "\n".join(parts)


def test_a_join_link_follows_the_teacher_to_the_step(db: str) -> None:
    """(The switch to the teacher's page is in tests/e2e/test_class_browser.py: AppTest does
    not follow st.switch_page.)"""
    store = store_for(db)
    code, key = store.create_class("bpe_learn", {"corpus": "seed-low", "step": "2"}, None)
    at = open_link("bpe_learn", {"class": code})
    assert not at.exception
    assert "class" not in at.query_params
    assert "You follow the live class" in _texts(at)
    assert "Step 2 of 10" in _texts(at)
    store.publish(code, key, "bpe_learn", {"corpus": "seed-low", "step": "4"}, None)
    at.run()  # the poll sees the new version and reruns
    at.run()
    assert "Step 4 of 10" in _texts(at), _texts(at)[:2000]
    assert not at.exception


def test_a_forged_teacher_link_gives_no_teacher_rights(db: str) -> None:
    code, _key = store_for(db).create_class("bpe_learn", {"corpus": "seed-low"}, None)
    at = open_link("bpe_learn", {"class": code, "teacher": "forged-key"})
    assert "teacher key does not fit" in _texts(at)
    assert not any(b.label == "End the class" for b in at.button)
    assert "teacher" not in at.query_params and "class" not in at.query_params


def test_the_real_teacher_link_takes_the_class_back(db: str) -> None:
    store = store_for(db)
    code, key = store.create_class("bpe_learn", {"corpus": "seed-low", "step": "3"}, None)
    at = open_link("bpe_learn", {"class": code, "teacher": key})
    at.run()
    assert any(b.label == "End the class" for b in at.button)
    assert "Step 3 of 10" in _texts(at)
    assert key not in str(at.query_params)


def test_joining_is_rate_limited_per_session(db: str) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    for _ in range(LIMITS.class_joins_per_minute):
        at.text_input(key="class_join_code").set_value("ABCDEF")
        _submit(at)
        assert "No live class has this code" in _texts(at)
    at.text_input(key="class_join_code").set_value("ABCDEF")
    _submit(at)
    assert "Too many tries" in _texts(at)
    assert not at.exception


def _submit(at: AppTest) -> None:
    [join] = [b for b in at.get("button") if getattr(b, "label", "") == "Join"]
    join.click().run()


def test_a_database_that_is_down_is_a_message_and_the_app_works(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SUBWORD_CLASS_DB", "postgresql+psycopg://nobody@127.0.0.1:1/none")
    at = open_link("bpe_learn", {"corpus": "seed-low"})
    [start] = [b for b in at.button if b.label == "Start a live class"]
    start.click().run()
    assert not at.exception
    assert "cannot reach its database" in _texts(at)
    assert "Pair counts before merge 1" in _texts(at)  # the page itself works
    assert not any(b.label == "End the class" for b in at.button)


def _labels(at: AppTest) -> list[str]:
    return [b.label for b in at.button]


def test_a_typed_split_question_on_bpe_encode(db: str) -> None:
    """The teacher asks how a word is split; the step hides; a student's typed answer counts;
    the reveal shows the student the quiz's verdict (end-of-word markers may be left out)."""
    store = store_for(db)
    params = {"corpus": "seed-low", "bpe_num_merges": "10", "bpe_encode_text": "lowest"}
    code, key = store.create_class("bpe_encode", params, None)
    teacher = open_link("bpe_encode", {"class": code, "teacher": key})
    teacher.run()
    [ask] = [b for b in teacher.button if b.label.startswith("Ask the class: How will")]
    ask.click().run()
    assert not teacher.exception
    assert "The class is answering" in _texts(teacher)
    state = store.state(code)
    assert state is not None and state.question is not None
    question = state.question
    assert question.kind == "text" and question.right == ("low est",)
    student = open_link("bpe_encode", {"class": code})
    student.text_input(key=f"class_typed_{question.id}").set_value("low est</w>")
    [send] = [b for b in student.button if b.label == "Send my answer"]
    send.click().run()
    assert "Your answer is in" in _texts(student)
    assert store.counts(question.id) == {"low est": 1}  # the marker left out: counted as one
    store.reveal(code, key, question.id)
    student.run()
    student.run()
    assert "Right: " in _texts(student)
    assert not student.exception


def test_a_student_cannot_reveal_or_end(db: str) -> None:
    store = store_for(db)
    code, key = store.create_class("bpe_learn", {"corpus": "seed-low", "step": "2"}, None)
    store.ask(code, key, "bpe_learn:merge:2", "choice", "?", [("a", "a")], ["a"])
    student = open_link("bpe_learn", {"class": code})
    student.run()
    labels = _labels(student)
    assert "Reveal the answer" not in labels and "End the class" not in labels
    assert not any(label.startswith("Ask the class") for label in labels)


@pytest.mark.parametrize(
    ("page", "link", "wanted"),
    [
        ("byte_level", {"corpus": "seed-low", "step": "2", "bbpe_tab": "learn"}, "Which pair"),
        ("wordpiece", {"corpus": "seed-hug", "step": "2"}, "Which pair"),
        ("wordpiece", {"corpus": "seed-hug", "step": "2"}, "How will"),
        ("unigram", {"corpus": "seed-hug"}, "Pruning round"),
    ],
)
def test_every_stepping_page_asks_its_question(
    db: str, page: str, link: dict[str, str], wanted: str
) -> None:
    store = store_for(db)
    code, key = store.create_class(page, link, None)
    at = open_link(page, {"class": code, "teacher": key})
    at.run()
    if page == "unigram":  # the first pruning round of seed-hug's default training
        at.slider(key="uni_train__slider").set_value(4).run()
    [ask] = [b for b in at.button if b.label.startswith(f"Ask the class: {wanted}")]
    ask.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "The class is answering" in _texts(at)
    state = store.state(code)
    assert state is not None and state.question is not None and state.question.right


def test_a_typed_or_uploaded_corpus_reaches_the_students(db: str) -> None:
    code, _key = store_for(db).create_class("bpe_learn", {"step": "1"}, "qzx qzx qzv 3")
    at = open_link("bpe_learn", {"class": code})
    at.run()
    assert not at.exception
    assert "qzx" in _texts(at) and "qzv" in _texts(at)


def test_after_the_reveal_the_teachers_button_says_it_hides_the_answers(db: str) -> None:
    """While the question is open the teacher's button closes it; after the reveal a click
    takes the chart and the verdicts away, and the button says so (not "Close the question")."""
    store = store_for(db)
    code, key = store.create_class("bpe_learn", {"corpus": "seed-low", "step": "2"}, None)
    teacher = open_link("bpe_learn", {"class": code, "teacher": key})
    teacher.run()
    [ask] = [b for b in teacher.button if b.label.startswith("Ask the class: Which pair")]
    ask.click().run()
    assert teacher.button(key="class_dismiss").label == "Close the question"
    teacher.button(key="class_reveal").click().run()
    assert not teacher.exception
    hide = teacher.button(key="class_dismiss")
    assert hide.label == "Hide the answers", _labels(teacher)
    assert "summary keeps the answers" in str(hide.help)
    hide.click().run()
    assert "class_dismiss" not in [b.key for b in teacher.button]
    state = store.state(code)
    assert state is not None and state.question is None  # the students' verdicts go too


def test_starting_a_class_draws_it_in_the_clicks_own_run(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Start button is a callback: the click's run draws the code, the QR code and the
    teacher link; no st.rerun runs the teacher's whole page a second time."""
    import sys

    import streamlit as st

    callers: list[str] = []
    rerun = st.rerun

    def counting(*args: object, **kwargs: object) -> None:
        callers.append(sys._getframe(1).f_globals.get("__name__", ""))
        rerun(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(st, "rerun", counting)
    at = open_link("bpe_learn", {"corpus": "seed-low"})
    at.button(key="class_start").click().run()
    assert not at.exception
    assert "Live class: join with the code" in _texts(at)
    assert any("teacher=" in str(c.value) for c in at.sidebar.code)
    assert "ui.classroom.teach" not in callers, callers


def test_an_answer_sent_as_the_class_moves_on_is_not_lost(db: str) -> None:
    """A student's "Send my answer" click runs the whole page; the poll runs first in that run
    and, when the class's version grew meanwhile, reruns the page: a click handled in the
    page's body was then dropped (Streamlit resets a button's click on st.rerun) and the
    answer never reached the teacher's chart, without a word. The answer is in anyway."""
    store = store_for(db)
    params = {"corpus": "seed-low", "step": "2"}
    code, key = store.create_class("bpe_learn", params, None)
    teacher = open_link("bpe_learn", {"class": code, "teacher": key})
    teacher.run()
    [ask] = [b for b in teacher.button if b.label.startswith("Ask the class: Which pair")]
    ask.click().run()
    state = store.state(code)
    assert state is not None and state.question is not None
    question = state.question
    student = open_link("bpe_learn", {"class": code})
    student.run()
    pick = student.radio(key=f"class_pick_{question.id}")
    pick.set_value(question.options[0][0])
    # the class's version grows (the teacher's page published again) before the click
    store.publish(code, key, "bpe_learn", params, None)
    student.button(key=f"class_send_{question.id}").click().run()
    assert not student.exception
    assert sum(store.counts(question.id).values()) == 1, _texts(student)[:1500]


def test_exploring_and_coming_back_hold_as_the_class_moves_on(db: str) -> None:
    """ "Explore on my own" and "Back to the class" are kept even when the class's version grew
    just before the click (the poll at the top of the click's run reruns the page)."""
    store = store_for(db)
    code, key = store.create_class("bpe_learn", {"corpus": "seed-low", "step": "2"}, None)
    student = open_link("bpe_learn", {"class": code})
    student.run()
    store.publish(code, key, "bpe_learn", {"corpus": "seed-low", "step": "3"}, None)
    student.button(key="class_detach").click().run()
    assert "You are exploring on your own" in _texts(student), _texts(student)[:1500]
    store.publish(code, key, "bpe_learn", {"corpus": "seed-low", "step": "4"}, None)
    student.run()
    student.run()
    assert "Step 4 of 10" not in _texts(student)  # exploring: the class does not move it
    student.button(key="class_back").click().run()
    student.run()
    assert "You follow the live class" in _texts(student)
    assert "Step 4 of 10" in _texts(student), _texts(student)[:1500]
    assert not student.exception
