"""The home page lists every page of the navigation (issue 28: "Tokens per language" was
missing), by the title the navigation shows, in every interface language."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.app.conftest import open_link
from ui.i18n import translation

ROOT = Path(__file__).resolve().parents[2]


def navigation_titles() -> dict[str, str]:
    """``page file -> English title`` of every ``st.Page`` in ``app.py``."""
    tree = ast.parse((ROOT / "app.py").read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "Page":
            path = node.args[0].value  # type: ignore[attr-defined]
            title = next(k.value for k in node.keywords if k.arg == "title")
            out[path] = title.args[0].value  # type: ignore[attr-defined]
    return out


def test_the_navigation_is_read() -> None:
    titles = navigation_titles()
    assert titles["pages/cost.py"] == "Tokens per language"
    assert len(titles) >= 15


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_the_home_page_names_every_page_as_the_navigation_does(lang: str) -> None:
    at = open_link("home", {"lang": lang} if lang != "en" else {})
    assert not at.exception
    text = "\n".join(m.value for m in at.markdown)
    missing = [
        title
        for path, title in navigation_titles().items()
        if path != "pages/home.py" and f"**{translation(lang, 'app').gettext(title)}" not in text
    ]
    assert missing == []
