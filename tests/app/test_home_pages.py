"""The home page lists every page of the navigation (issue 28: "Tokens per language" was
missing), by the title the navigation shows, in every interface language."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_link
from ui.app.i18n import translation
from ui.app.registry import ALL_PAGES


def navigation_titles() -> dict[str, str]:
    """``page file -> English title`` of every page in the registry ``app.py`` navigates by."""
    return {page.file: page.title for page in ALL_PAGES}


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
