"""The tracer's bounds reach the page in words, in English, 中文 and 한국어 (issue 26)."""

from __future__ import annotations

import re

import pytest

import ui.app.i18n
from subword_core.pretrained import PretrainedError, load
from tests.core.test_bounds import ATTACKS, EXPECTED
from ui.app.bounds_text import bound_problems
from ui.views.pretrained.files import error_text


def _refusal(name: str) -> PretrainedError:
    file, text = ATTACKS[name]
    with pytest.raises(PretrainedError) as err:
        load({"tokenizer.json": file}).trace(text)
    return err.value


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
@pytest.mark.parametrize("name", ["replace_chain", "pattern_repeats", "wordpiece_long_word"])
def test_a_bound_is_worded_in_the_language(name: str, lang: str) -> None:
    err = _refusal(name)
    assert err.code == EXPECTED[name]
    ui.app.i18n._outside_session[0] = lang
    try:
        text = error_text(err)
    finally:
        ui.app.i18n._outside_session[0] = "en"
    limit = err.values["limit"]
    assert f"{limit:,}" in text, text  # the number, with thousands separators
    if lang == "en":
        assert text == str(err)
    else:
        assert not re.search(r"\b(the|than|this|file)\b", text), text  # no English sentence
        shown = text.replace("(a|aa)+", "").replace(str(err.values.get("pattern", "")), "")
        assert "?" not in shown, text  # every value filled


def test_every_bound_code_is_worded() -> None:
    assert set(EXPECTED.values()) | {"json_too_deep"} == set(bound_problems())


def test_the_player_does_not_trace_again_at_every_click(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each click on Next reruns the page; the trace is kept with the file (issue 26)."""
    from subword_core.pretrained import Pretrained
    from tests.app.conftest import open_link

    calls: list[str] = []
    original = Pretrained.trace

    def counted(self: Pretrained, text: str, **kwargs: object) -> object:
        calls.append(text)
        return original(self, text, **kwargs)

    monkeypatch.setattr(Pretrained, "trace", counted)
    at = open_link("pretrained", {})
    for _ in range(3):
        at.button(key="pre__next").click().run()
        assert not at.exception, [e.value for e in at.exception]
    assert len(calls) <= 1, calls
