"""The ``browser`` fixture's tabs share one browser context (tests/e2e/conftest.py ``Tabs``):
each still starts as a new visitor would, and its tab closes with its test.

What a test used to get from a context of its own, checked on the app's server: no cookie and
an empty ``localStorage`` in a new tab (Streamlit keeps the sidebar's width and the chosen
theme there), while a reload in the same tab keeps what the page stored, as a browser does;
and the tabs a test leaves open are closed when it ends.
"""

from __future__ import annotations

from typing import Any

_STORE = "() => { localStorage.setItem('sw-probe', 'kept'); document.cookie = 'sw_probe=1'; }"
_READ = "() => [localStorage.getItem('sw-probe'), document.cookie.includes('sw_probe=1')]"


def test_a_new_tab_starts_with_no_cookie_and_no_local_storage(server: str, browser: Any) -> None:
    first = browser.new_page()
    first.goto(f"{server}/_stcore/health")  # the app's origin, without its frontend
    first.evaluate(_STORE)
    assert first.evaluate(_READ) == ["kept", True]
    first.reload()
    assert first.evaluate(_READ) == ["kept", True]  # the same tab keeps both

    second = browser.new_page()
    second.goto(f"{server}/_stcore/health")
    assert second.evaluate(_READ) == [None, False]  # a new visitor
    first.close()
    second.close()


def test_the_tabs_a_test_opened_are_closed_and_the_earlier_ones_stay(
    server: str, browser: Any
) -> None:
    earlier = browser.new_page()  # as a module's fixture opens one before its tests
    before = len(browser.opened)
    left_open = browser.new_page()
    left_open.goto(f"{server}/_stcore/health")
    closed = browser.new_page()
    closed.close()
    browser.close_since(before)  # what the autouse fixture does when a test ends
    assert left_open.is_closed() and not earlier.is_closed()
    assert browser.opened[-1] is earlier
    earlier.close()
