"""Korean particles cost the same after any value (issue 26, item 1).

Choosing 을/를, 이/가 … read the value's end with a regular expression that was quadratic in
its length: 2,000,000 ``!`` pasted into a box froze every student's server for over a minute.
"""

from __future__ import annotations

import time

import pytest

from ui.app.i18n import ko_particle


def _cost(value: str, pair: str) -> tuple[float, str]:
    start = time.perf_counter()
    particle = ko_particle(value, pair)
    return time.perf_counter() - start, particle


@pytest.mark.parametrize(
    ("value", "pair", "expected"),
    [
        ("!" * 2_000_000, "을/를", "을(를)"),  # was over a minute
        ("中" * 2_000_000 + "2024年", "이/가", "가"),
        ("a" * 2_000_000 + "!" * 2_000_000, "은/는", "은(는)"),  # only the end is read (64 Ki)
        ("병합" * 1_000_000, "을/를", "을"),
        ("[" * 1_000_000 + "(" * 1_000_000, "이/가", "이(가)"),
        ("<a " * 1_000_000 + "단어", "을/를", "를"),
        ("1,0" * 1_000_000, "와/과", "과"),
    ],
)
def test_a_long_value_costs_no_more_than_a_short_one(value: str, pair: str, expected: str) -> None:
    elapsed, particle = _cost(value, pair)
    assert particle == expected
    assert elapsed < 0.05, f"{elapsed:.3f} s for {len(value):,} characters"


def test_the_end_still_decides_after_a_long_value() -> None:
    assert ko_particle("x" * 10_000 + " [병합](glossary#merge)", "을/를") == "을"
    assert ko_particle("x" * 10_000 + '<b title="y">서울</b>', "으로/로") == "로"
    assert ko_particle("x" * 10_000 + "'low'", "은/는") == "는"


def _text_boxes() -> list[tuple[str, int, bool]]:
    """Every st.text_input / st.text_area call in the app: file, line, whether it is bounded."""
    import ast
    from pathlib import Path

    from tests.source_files import python_files

    root = Path(__file__).resolve().parents[2]
    found = []
    for path in python_files(root, "app.py", "ui", "pages"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"text_input", "text_area"}
            ):
                bounded = any(k.arg == "max_chars" for k in node.keywords)
                found.append((str(path.relative_to(root)), node.lineno, bounded))
    return found


def test_every_free_text_box_is_bounded() -> None:
    boxes = _text_boxes()
    assert len(boxes) >= 15
    assert [(f, line) for f, line, bounded in boxes if not bounded] == []


def test_two_million_characters_in_compares_target_box_in_korean() -> None:
    from tests.app.conftest import open_link

    at = open_link("compare", {"lang": "ko"})
    start = time.perf_counter()
    at.text_input(key="cmp_target").set_value("!" * 2_000_000).run()
    elapsed = time.perf_counter() - start
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.text_input(key="cmp_target").value) <= 20_000  # cut by the server
    assert elapsed < 30, elapsed  # was over a minute, every student frozen


@pytest.mark.parametrize(
    ("value", "pair", "expected"),
    [
        ("단어" + "!" * 300, "을/를", "를"),  # was 을(를): more than 200 marks hid the sound
        ("병합" + "!" * 300, "을/를", "을"),
        ("3" + "?" * 20_000, "이/가", "이"),  # a whole box of marks (삼)
        ("서울" + "…" * 10_000, "으로/로", "로"),
        ("'low'" + "。" * 5_000, "은/는", "는"),
        ("단어" + ">" * 300, "을/를", "를"),
        ("단어" + ")" * 300 + "]" * 300, "이/가", "가"),
        ("단어" + ";" * 300 + "&" * 300, "을/를", "를"),
        ("<b>학</b>" + "!" * 300, "을/를", "을"),  # the tag it ends in is still skipped
        ("&#54617;" + "!" * 300, "을/를", "을"),  # an entity is still read (학)
        ("[병합](glossary#merge)" + " " * 300, "을/를", "을"),  # a link's text, before spaces
        ("!" * 300, "을/를", "을(를)"),  # no sound at all
    ],
)
def test_the_last_sound_decides_after_any_number_of_marks(
    value: str, pair: str, expected: str
) -> None:
    assert ko_particle(value, pair) == expected


def test_finding_the_last_sound_reads_each_character_once_and_at_most_a_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counts the work instead of timing it: the characters the regular expressions read."""
    import ui.app.i18n as i18n

    searched: list[int] = []
    heard: list[int] = []

    class Counting:
        def search(self, text: str) -> object:
            searched.append(len(text))
            return real_search(text)

    real_search, real_heard_text = i18n._HEARD.search, i18n._heard_text
    monkeypatch.setattr(i18n, "_HEARD", Counting())
    monkeypatch.setattr(
        i18n, "_heard_text", lambda text: heard.append(len(text)) or real_heard_text(text)
    )

    for marks in (300, 5_000, 50_000):
        searched.clear()
        heard.clear()
        assert ko_particle("단어" + "!" * marks, "을/를") == "를"
        assert marks < sum(searched) <= marks + 2  # linear: each character read once
        assert len(heard) == 2 and max(heard) <= i18n._SOUND_TAIL

    for value in ("!" * 2_000_000, "단어" + "!" * 2_000_000, "[" * 1_000_000 + "(" * 1_000_000):
        searched.clear()
        heard.clear()
        assert ko_particle(value, "을/를") == "을(를)"  # the sound is too far back: neutral
        assert sum(searched) <= i18n._SOUND_LOOKBACK  # bounded, whatever the length
        assert len(heard) <= 2 and max(heard) <= i18n._SOUND_TAIL
