"""Shared set-up for the AppTests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from streamlit.runtime.pages_manager import PagesManager


@pytest.fixture(autouse=True)
def _navigation_not_pages_folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make AppTest treat app.py as an st.navigation app, as the real server does.

    A folder named ``pages/`` next to the entry point switches on Streamlit's legacy multipage
    mode until the first ``st.navigation`` call. A real server leaves it after the first run,
    but AppTest resets the flag before every run, so from the second run on it would run the
    page file alone, without app.py and its sidebar.
    """
    original = PagesManager.__init__

    def init(self: PagesManager, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    monkeypatch.setattr(PagesManager, "__init__", init)
    yield
