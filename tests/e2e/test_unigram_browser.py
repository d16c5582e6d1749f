"""The Unigram page in a real browser against a real server: steps, a typed word, seed 001.

Needs Debian's headless Chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import (
    SHOTS,
    assert_no_exception,
    click_next_until,
    open_page,
    open_tab,
    success_shot,
)


def _page(browser: Any, url: str) -> Any:
    return open_page(browser, url, width=1400, height=2200, wait_for="Step 1: the seed vocabulary")


def test_training_steps_reach_a_pruning_round(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/unigram")
    click_next_until(page, ["Step 2 of", "Step 3 of", "Step 4 of"])
    page.get_by_text("pruning round 1").first.wait_for(timeout=20_000)
    page.get_by_text("✂ cut line").first.wait_for(timeout=20_000)
    assert page.locator("canvas, svg").count() >= 1  # the likelihood chart is drawn
    assert_no_exception(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    success_shot(page, "unigram_prune")
    page.close()


def test_a_typed_word_gets_its_lattice(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/unigram")
    open_tab(page, "Segment a word", "uni_tab", "word")
    box = page.get_by_label("A word to segment")
    box.fill("<b>slowest</b>")
    box.press("Enter")
    page.get_by_text("is the most probable segmentation of").first.wait_for(timeout=20_000)
    assert page.locator("b", has_text="slowest").count() == 0  # shown as text, not markup
    box.fill("lowest")
    box.press("Enter")
    # ▁ in front: the page's default pre-tokenization is sentencepiece's (none, ▁)
    page.get_by_text("segmentation of “▁lowest”").first.wait_for(timeout=20_000)
    page.get_by_text("The lattice: every piece that fits").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    success_shot(page, "unigram_word")
    page.close()


def test_seed_001_example_trains(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/unigram")
    open_tab(page, "Tutorial 001", "uni_tab", "seed001")
    page.get_by_text("Erratum.").first.wait_for(timeout=20_000)
    page.get_by_role("button", name="Train on this example").click()
    # on bare words (whitespace only, not the page's default ▁), and the page says why
    page.get_by_text("This example is read with whitespace only").first.wait_for(timeout=30_000)
    open_tab(page, "Train step by step", "uni_tab", "train")
    page.get_by_text("starts from the 15 pieces you gave").first.wait_for(timeout=30_000)
    page.get_by_text("total of all counts, 210").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    page.close()
