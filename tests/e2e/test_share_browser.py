"""Shareable links in a real browser: the address bar follows the view; opening it restores it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import (
    Console,
    assert_no_exception,
    click_next_until,
    open_page,
    success_shot,
    wait_for_param,
)


def test_the_address_bar_follows_the_step_and_reopens_the_same_view(
    server: str, browser: Any
) -> None:
    page = open_page(browser, f"{server}/bpe_learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    click_next_until(page, ["Merge 2:", "Merge 3:", "Merge 4:"])
    params = wait_for_param(page, "step", "4")  # a step change reruns only the player
    assert params["step"] == "4"
    assert params["corpus"] == "seed-low"
    assert params["bpe_num_merges"] == "10"
    link = page.evaluate("window.location.href")
    page.close()

    again = open_page(browser, link)
    again.get_by_text("Merge 4:").first.wait_for(timeout=45_000)
    again.get_by_text("Step 4 of").first.wait_for(timeout=30_000)  # reopened at step 4
    assert_no_exception(again)
    again.close()


def test_a_link_with_a_typed_corpus_and_settings(server: str, browser: Any) -> None:
    link = (
        f"{server}/bpe_learn?text=hug+hug+pug+pun+bun+hugs&bpe_num_merges=4"
        "&bpe_tie_break=lexicographic&step=2"
    )
    page = open_page(browser, link)
    page.get_by_text("Step 2 of").first.wait_for(timeout=45_000)
    # expect() polls: the widgets may still be redrawn right after the first render
    expect(page.get_by_role("spinbutton", name="Number of merges")).to_have_value("4")
    expect(page.get_by_role("textbox", name="Your corpus")).to_have_value(
        "hug hug pug pun bun hugs"
    )
    assert_no_exception(page)
    success_shot(page, "share_link")
    page.close()


def test_a_broken_link_says_what_it_ignored(server: str, browser: Any) -> None:
    page = open_page(browser, f"{server}/bpe_learn?bpe_num_merges=lots&<b>x</b>=1&step=3")
    page.get_by_text("Step 3 of").first.wait_for(timeout=45_000)
    page.get_by_text("could not be used").first.wait_for(timeout=20_000)
    assert page.locator("b", has_text="x").count() == 0  # the unknown name is shown as text
    assert_no_exception(page)
    page.close()


def test_the_qr_code_is_drawn_when_the_box_is_opened_and_follows_the_step(
    server: str, browser: Any
) -> None:
    """Issue 26: the QR code is drawn only while the share box is open (it was drawn at every
    step change of every student). Opening the box draws it; a step change with the box open
    draws the new step's; a closed box holds no code; the console stays clean. Its links are
    code boxes, also drawn only while it is open: the first code box on a page loads the
    browser's syntax highlighter (a large share of a page load's CPU)."""
    page = browser.new_page(viewport={"width": 1024, "height": 768})  # a projector
    console = Console(page)
    page.goto(f"{server}/bpe_learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    qr = page.locator("img[alt='QR code of the link for students']")
    box = page.get_by_test_id("stSidebar").get_by_text("Share this view")
    expect(box).to_be_visible()
    codes = page.get_by_test_id("stCode")
    assert qr.count() == 0  # closed: not drawn
    assert codes.count() == 0  # nor the links' code boxes, anywhere on the page
    box.click()
    expect(qr).to_be_visible()
    expect(page.get_by_test_id("stSidebar").get_by_test_id("stCode")).to_have_count(2)
    expect(codes.first).to_contain_text("step=1")
    first = qr.get_attribute("src")
    success_shot(page, "share_box_qr_1024", full_page=False)
    click_next_until(page, ["Merge 2:"])
    wait_for_param(page, "step", "2")
    expect(qr).not_to_have_attribute("src", first or "")  # the new step's link
    expect(page.get_by_test_id("stSidebar").get_by_text("step=2").first).to_be_visible()
    box.click()  # closed again
    expect(qr).to_have_count(0)
    expect(codes).to_have_count(0)
    click_next_until(page, ["Merge 3:"])
    expect(page.get_by_text("Step 3 of").first).to_be_visible()
    assert qr.count() == 0
    assert_no_exception(page)
    assert not console.errors, console.errors
    page.close()
