"""Widget values across pages, with the shadow dict (``on_change=remember``) and with
``persist_state="session"`` (issue 27, item 3): the same behaviour either way.

Each test runs twice: as the views are today, and with every ``remember`` widget drawn with
``persist_state="session"`` and no callback (:mod:`tests.app.persist_sim`), which is what
``scripts/persist_state_codemod.py`` makes of the view files. It covers what the shadow dict
was for: a value kept across page switches, a link applied before the widget is drawn, a live
class's settings written into a follower's page, and an invalid typed value kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link
from tests.app.persist_sim import convert_widgets
from ui.classroom.store import store_for


@pytest.fixture(params=["remember", "persist_state"])
def converted(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The widget keys drawn with persist_state (none when the views are as they are)."""
    if request.param == "remember":
        return []
    return convert_widgets(monkeypatch)


def _switch(at: AppTest, page: str) -> None:
    at.switch_page(f"pages/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def _link(at: AppTest) -> dict[str, str]:
    return {k: v for k, v in at.query_params.items() if isinstance(v, str)}


def test_a_value_survives_two_page_switches_and_a_link(converted: list[str]) -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "bpe_num_merges": "6"})
    assert at.number_input(key="bpe_num_merges").value == 6  # the link, before the widget
    _switch(at, "glossary")
    _switch(at, "bpe_learn")
    assert at.number_input(key="bpe_num_merges").value == 6  # the link's value stayed
    at.number_input(key="bpe_num_merges").set_value(8)
    at.run()
    _switch(at, "glossary")
    _switch(at, "home")
    _switch(at, "bpe_learn")
    assert at.number_input(key="bpe_num_merges").value == 8
    assert _link(at)["bpe_num_merges"] == "8"  # and the page's own link says so
    _switch(at, "bpe_encode")  # the other page of the same settings shows it too
    assert at.number_input(key="bpe_num_merges").value == 8
    if converted:
        assert "bpe_num_merges" in converted  # (the simulation did draw it with persist_state)


def test_an_invalid_typed_value_is_kept(converted: list[str]) -> None:
    at = open_link("compare", {"corpus": "seed-low"})
    at.text_input(key="cmp_target").input("thirty")
    at.run()
    _switch(at, "glossary")
    _switch(at, "compare")
    assert at.text_input(key="cmp_target").value == "thirty"
    assert at.error or at.warning  # the page says what is wrong with it, in words


def test_a_class_writes_the_followers_settings(
    converted: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    monkeypatch.setenv("SUBWORD_CLASS_DB", url)
    store = store_for(url)
    teacher = {"corpus": "seed-low", "bpe_num_merges": "5", "step": "2"}
    code, key = store.create_class("bpe_learn", teacher, None)
    at = open_link("bpe_learn", {"class": code})
    assert at.number_input(key="bpe_num_merges").value == 5
    at.number_input(key="bpe_num_merges").set_value(9)  # the student tries a value
    at.run()
    assert at.number_input(key="bpe_num_merges").value == 9
    store.publish(code, key, "bpe_learn", {**teacher, "bpe_num_merges": "7"}, None)
    at.run()  # the poll sees the new version and reruns
    at.run()
    assert at.number_input(key="bpe_num_merges").value == 7  # the class's value wins
    assert not at.exception, [e.value for e in at.exception]
