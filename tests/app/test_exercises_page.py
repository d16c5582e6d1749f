"""AppTest of the exercises page: the seed from the link picks the sheet, typed answers are
checked (a tied pair counts as right), the key and the handout follow the language."""

from __future__ import annotations

import pytest

from subword_core.exercises import generate
from tests.app.conftest import open_link


def _answers(at: object, number: int, text: str) -> object:
    at.text_input(key=f"ex_answer_{number}").set_value(text).run()  # type: ignore[attr-defined]
    assert not at.exception  # type: ignore[attr-defined]
    return at


def test_the_seed_in_the_link_gives_its_sheet_and_answers_are_checked() -> None:
    sheet = generate(42)
    at = open_link("exercises", {"ex_seed": "42"})
    assert at.number_input(key="ex_seed").value == 42
    first = sheet.questions[0]
    for pair in first.accepted:  # every tied pair is right
        _answers(at, 1, " ".join(pair))
        assert [s.body for s in at.success] == ["Right."]
    _answers(at, 1, "x y")
    assert at.error and not at.success
    _answers(at, 4, str(sheet.questions[3].answer))
    assert at.success
    buttons = [b.proto.label for b in at.get("download_button")]
    assert "Printable handout (A4)" in buttons


@pytest.mark.parametrize(("lang", "word"), [("zh", "答案"), ("ko", "정답")])
def test_the_page_speaks_the_language(lang: str, word: str) -> None:
    at = open_link("exercises", {"ex_seed": "7", "lang": lang})
    assert any(e.label == word for e in at.expander)
    assert "Which pair" not in " ".join(el.proto.body for el in at.get("html"))
