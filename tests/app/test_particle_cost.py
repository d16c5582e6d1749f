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
        ("a" * 2_000_000 + "!" * 2_000_000, "은/는", "은(는)"),  # only the end is read
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
