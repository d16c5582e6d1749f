"""Presenter mode (ui.app.presenter): a sidebar toggle, ``present=1`` in links, settings folded."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link

STEPPING_PAGES = ("bpe_learn", "byte_level", "wordpiece", "unigram", "gage")


def _settings_boxes(at: AppTest) -> list:
    return [e for e in at.expander if e.label == "Settings"]


@pytest.mark.parametrize("page", STEPPING_PAGES)
def test_a_present_link_folds_the_settings_of_every_stepping_page(page: str) -> None:
    at = open_link(page, {"present": "1"})
    assert at.toggle(key="present").value is True
    boxes = _settings_boxes(at)
    assert len(boxes) == 1 and boxes[0].proto.expanded is False
    assert at.query_params["present"] == "1"  # and the link keeps it


@pytest.mark.parametrize("page", STEPPING_PAGES)
def test_outside_presenter_mode_the_settings_box_isopen_link(page: str) -> None:
    at = open_link(page, {})
    assert at.toggle(key="present").value is False
    boxes = _settings_boxes(at)
    assert len(boxes) == 1 and boxes[0].proto.expanded is True
    assert "present" not in at.query_params


def test_the_toggle_turns_presenter_mode_on_and_off_and_the_link_follows() -> None:
    at = open_link("bpe_learn", {})
    at.toggle(key="present").set_value(True).run()
    assert at.query_params["present"] == "1"
    assert _settings_boxes(at)[0].proto.expanded is False
    at.toggle(key="present").set_value(False).run()
    assert "present" not in at.query_params
    assert _settings_boxes(at)[0].proto.expanded is True


def test_a_bad_present_value_is_refused_in_words() -> None:
    at = open_link("bpe_learn", {"present": "yes please"})
    assert at.toggle(key="present").value is False
    shown = " ".join(el.proto.body for el in at.get("html"))
    assert "presenter mode (present=1 turns it on)" in shown
