"""The code panel reads and parses a textbook function once per process (a step change
redraws the panel in every following student's session), and still colours it in each
session's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import ui.app.i18n
from subword_core import bpe
from subword_core.textbook import code
from ui.study import code_panel


@pytest.fixture
def lang() -> Iterator[list[str]]:
    yield ui.app.i18n._outside_session
    ui.app.i18n._outside_session[0] = "en"


def test_the_panel_parses_each_function_once_and_keeps_the_language(lang: list[str]) -> None:
    result = bpe.learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 4)
    steps = [code.bpe_merge(result, k, "first-seen") for k in (1, 2, 3)]
    code_panel._parsed.cache_clear()
    code_panel._assignments.cache_clear()
    english = [code_panel.code_html(s) for s in steps]
    # one function, three steps: read and parsed once
    assert code_panel._parsed.cache_info().misses == 1
    assert code_panel._assignments.cache_info().misses == 1
    # the values still follow each step (the cache holds the source, not the step)
    assert len(set(english)) == 3
    lang[0] = "zh"
    chinese = code_panel.code_html(steps[0])
    assert chinese != english[0]  # the comments in Chinese, not the English ones kept
    assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese)
    lang[0] = "en"
    assert code_panel.code_html(steps[0]) == english[0]
