"""Hostile links in a real browser (issue 16): a message in the page, never a stack trace."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from tests.e2e.conftest import assert_no_exception, open_page, success_shot, wait_until_idle


def _assert_no_trace(page: Any) -> None:
    # the message is drawn, so the run has started: check once it has ended (a trace drawn
    # later in the same run would otherwise be missed)
    wait_until_idle(page)
    assert_no_exception(page)  # no stException element
    text = page.inner_text("body")
    for leak in ("Traceback", "/site-packages/", "RecursionError", "OverflowError", '.py"'):
        assert leak not in text, leak


def test_a_link_with_deeply_nested_ties_is_refused_in_words(server: str, browser: Any) -> None:
    deep = "[" * 3000 + "]" * 3000  # was a RecursionError on the server
    page = open_page(
        browser, f"{server}/bpe_learn?{urlencode({'corpus': 'seed-low', 'ties': deep})}"
    )
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    page.get_by_text("the tie choices (not in the expected form").first.wait_for(timeout=20_000)
    _assert_no_trace(page)
    page.close()


def test_a_link_with_a_huge_count_says_which_line(server: str, browser: Any) -> None:
    text = "low 5\nlower " + "9" * 1200  # within the link's length; was an OverflowError
    page = open_page(browser, f"{server}/bpe_learn?{urlencode({'text': text})}")
    page.get_by_text("line 2 needs a fix").first.wait_for(timeout=45_000)
    page.get_by_text("a count can be at most 1,000,000,000,000").first.wait_for(timeout=20_000)
    _assert_no_trace(page)
    success_shot(page, "hostile_huge_count")
    page.close()


def test_absurd_numbers_in_a_link_are_listed(server: str, browser: Any) -> None:
    query = urlencode({"corpus": "seed-hug", "wp_vocab_size": "9" * 1000, "step": "1e99"})
    page = open_page(browser, f"{server}/wordpiece?{query}")
    page.get_by_text("could not be used").first.wait_for(timeout=45_000)
    page.get_by_text("wp_vocab_size (not a whole number from 1 to").first.wait_for(timeout=20_000)
    _assert_no_trace(page)
    page.close()
