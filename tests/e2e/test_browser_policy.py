"""When the browser tests skip, and when they fail instead (tests/e2e/conftest.py).

Only tests that need Chromium skip without it; under CI they fail, so a CI run cannot pass
by skipping them. This file needs no browser: it runs everywhere.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import CHROMIUM, missing_browser, require_browser, under_ci

NO_SHELL = "Debian's Chromium headless shell (/usr/bin/chromium-headless-shell) not installed"


def _none(_: str) -> None:
    return None


def test_missing_chromium_and_playwright_are_named() -> None:
    assert missing_browser(which=lambda name: name, find_spec=lambda name: object()) is None
    assert missing_browser(which=_none, find_spec=lambda name: object()) == (
        f"Debian's Chromium headless shell ({CHROMIUM}) not installed"
    )
    assert missing_browser(which=lambda name: name, find_spec=_none) == (
        "the playwright package not installed"
    )


def test_without_a_browser_a_test_skips_outside_ci() -> None:
    with pytest.raises(pytest.skip.Exception, match="Chromium"):
        require_browser({}, missing=NO_SHELL)
    with pytest.raises(pytest.skip.Exception):
        require_browser({"CI": "false"}, missing="the playwright package not installed")


@pytest.mark.parametrize("ci", ["true", "1", "yes"])
def test_without_a_browser_a_test_fails_under_ci(ci: str) -> None:
    with pytest.raises(pytest.fail.Exception, match="under CI the browser tests must run"):
        require_browser({"CI": ci}, missing=NO_SHELL)


def test_with_a_browser_nothing_happens_under_ci_or_not() -> None:
    assert require_browser({"CI": "true"}, missing="") is None
    assert require_browser({}, missing="") is None


def test_ci_is_read_as_ci_services_set_it() -> None:
    assert under_ci({"CI": "true"}) and under_ci({"CI": "1"})
    assert not under_ci({}) and not under_ci({"CI": ""}) and not under_ci({"CI": "false"})
