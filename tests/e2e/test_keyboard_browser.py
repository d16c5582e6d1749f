"""Keyboard only, and reduced motion, in a real browser against a real server.

- The BPE learning page is used with the keyboard alone (Tab, Shift+Tab, Enter, Space, typing
  and the arrow keys, never the mouse): quiz mode is switched on, a quiz question answered,
  the player stepped with its buttons and its arrow-key shortcuts. Every control reached has
  a visible focus indicator (an outline or a focus ring).
- With the device's "reduce motion" setting (emulated), the player's Play is hidden until
  the student ticks "Let the steps play by themselves"; without it, that box is not shown.

Same set-up as the other browser tests (tests/e2e/conftest.py).
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import (
    Console,
    assert_no_exception,
    success_shot,
    wait_for_param,
    wait_until_idle,
)

WAIT = 45_000  # ms: an upper bound for content to arrive, never a pause
_IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
KEY = "bpe_learn"  # the BPE page's player
QUIZ = "bpe_quiz"  # its quiz widgets' key prefix (ui.app.quiz: namespace "bpe" + "_quiz")


def _open(browser: Any, url: str, *, reduced_motion: str | None = None) -> tuple[Any, Console]:
    """A 1024×768 tab on ``url`` (with the device's ``reduced_motion`` preference if given),
    once the player's first step is drawn and the run is over."""
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    if reduced_motion is not None:
        page.emulate_media(reduced_motion=reduced_motion)
    console = Console(page)
    page.goto(url)
    page.get_by_text(re.compile(r"^Step 1 of \d+")).first.wait_for(timeout=60_000)
    page.locator(_IDLE).wait_for(timeout=WAIT)
    return page, console


def _tab_to(page: Any, selector: str, *, back: bool = False, limit: int = 150) -> None:
    """Press Tab (or Shift+Tab) until the focus is inside ``selector``; it must get there,
    and the focus must be visible: the widget looks different with and without it (the
    widget is photographed focused, then after one key press back, then focused again)."""
    inside = "(sel) => !!document.activeElement && !!document.activeElement.closest(sel)"
    forward, backward = ("Shift+Tab", "Tab") if back else ("Tab", "Shift+Tab")
    redrawn = 0  # a late run may redraw the widget under the focus: then Tab to it again
    for _ in range(limit):
        if page.evaluate(inside, selector):
            widget = page.locator(selector).first
            focused = widget.screenshot(animations="disabled")
            page.keyboard.press(backward)
            unfocused = widget.screenshot(animations="disabled")
            page.keyboard.press(forward)
            if not page.evaluate(inside, selector) and redrawn < 2:
                redrawn += 1
                continue
            assert page.evaluate(inside, selector), f"the focus did not come back to {selector}"
            assert focused != unfocused, f"no visible focus on {selector}"
            return
        page.keyboard.press(forward)
    raise AssertionError(f"{selector} is not reachable with the keyboard")


def _counter(page: Any, step: int) -> None:
    page.get_by_text(re.compile(rf"^Step {step} of \d+")).first.wait_for(timeout=WAIT)
    page.locator(_IDLE).wait_for(timeout=WAIT)


def test_the_quiz_and_the_player_work_with_the_keyboard_alone(server: str, browser: Any) -> None:
    page, console = _open(browser, f"{server}/bpe_learn")
    # quiz mode on: Tab to the toggle, Space
    _tab_to(page, ".st-key-bpe_quiz")
    page.keyboard.press("Space")
    question = page.get_by_text("Quiz: which pair will step 1 merge?")
    question.wait_for(timeout=WAIT)
    page.locator(_IDLE).wait_for(timeout=WAIT)
    # the guess: Tab into the choice, type to filter, Enter picks
    _tab_to(page, ".st-key-bpe_quiz_pick_1")
    page.keyboard.type("s + t")
    page.get_by_role("option", name="s + t", exact=True).wait_for(timeout=WAIT)
    page.keyboard.press("Enter")
    expect(page.get_by_role("combobox", name="Your guess")).to_have_value("s + t")
    # "Check my answer": Tab, Enter
    _tab_to(page, f".st-key-{QUIZ}_check_1")
    page.keyboard.press("Enter")
    page.get_by_text(re.compile(r"Right too: s \+ t occurs 9 times")).wait_for(timeout=WAIT)
    page.get_by_text(re.compile(r"^Merge 1:")).first.wait_for(timeout=WAIT)
    page.locator(_IDLE).wait_for(timeout=WAIT)

    # the player: Next by Tab + Enter, Back by Shift+Tab + Space
    _tab_to(page, f".st-key-{KEY}__next")
    page.keyboard.press("Enter")
    _counter(page, 2)
    page.get_by_role("button", name="Just show me").wait_for(timeout=WAIT)
    _tab_to(page, f".st-key-{QUIZ}_skip_2")
    page.keyboard.press("Space")
    page.get_by_text(re.compile(r"^Merge 2:")).first.wait_for(timeout=WAIT)
    page.locator(_IDLE).wait_for(timeout=WAIT)
    _tab_to(page, f".st-key-{KEY}__prev", back=True)
    page.keyboard.press("Space")
    _counter(page, 1)
    # the arrow-key shortcuts, from wherever the focus is outside a text field
    page.keyboard.press("ArrowRight")
    _counter(page, 2)
    page.keyboard.press("ArrowRight")
    _counter(page, 3)
    page.keyboard.press("ArrowLeft")
    _counter(page, 2)
    assert_no_exception(page)
    success_shot(page, "keyboard_bpe_learn")
    assert console.errors == [], console.errors
    page.close()


def test_play_waits_for_the_student_when_the_device_asks_for_reduced_motion(
    server: str, browser: Any
) -> None:
    page, console = _open(browser, f"{server}/bpe_learn", reduced_motion="reduce")
    play = page.locator(f".st-key-{KEY}__play")
    speed = page.locator(f".st-key-{KEY}__speed")
    allow = page.get_by_text("Let the steps play by themselves")
    expect(allow).to_be_visible()
    expect(play).to_be_hidden()
    expect(speed).to_be_hidden()
    # nothing advances by itself: Next still steps, one step per press
    page.get_by_role("button", name="Next").first.click()
    _counter(page, 2)
    # the student asks for it: Play shows, and plays to the last step
    allow.click()
    expect(play).to_be_visible()
    expect(speed).to_be_visible()
    play.get_by_text("Play").click()
    total = int(
        re.search(
            r"of (\d+)", page.get_by_text(re.compile(r"^Step \d+ of")).first.inner_text()
        ).group(1)
    )  # type: ignore[union-attr]
    _counter(page, total)
    assert_no_exception(page)
    assert console.errors == [], console.errors
    page.close()

    # without the setting, Play is there at once and the box is not
    page, console = _open(browser, f"{server}/bpe_learn", reduced_motion="no-preference")
    expect(page.locator(f".st-key-{KEY}__play")).to_be_visible()
    expect(page.get_by_text("Let the steps play by themselves")).to_be_hidden()
    assert console.errors == [], console.errors
    page.close()


def test_the_tie_picker_and_the_tabs_work_with_the_keyboard_alone(
    server: str, browser: Any
) -> None:
    # the tie picker (BPE step 1 is a three-way tie): Tab in, type a pair, Enter, then
    # Tab to "Merge this pair and continue" and press Enter
    page, console = _open(browser, f"{server}/bpe_learn")
    _tab_to(page, ".st-key-bpe_tie_pick_1")
    page.keyboard.type("s + t")
    page.get_by_role("option", name="s + t", exact=True).wait_for(timeout=WAIT)
    page.keyboard.press("Enter")
    _tab_to(page, ".st-key-bpe_tie_go_1")
    page.keyboard.press("Enter")
    page.get_by_text(re.compile(r"^Merge 1: s \+ t")).first.wait_for(timeout=WAIT)
    page.locator(_IDLE).wait_for(timeout=WAIT)
    # the chart's numbers as a table: its summary is reached by Tab and opened by Enter
    _tab_to(page, "details.sw-as-table")
    page.keyboard.press("Enter")
    table = page.locator("details.sw-as-table table").first
    expect(table).to_be_visible()
    expect(table.locator("td", has_text="★ merged")).to_have_count(1)
    assert console.errors == [], console.errors
    page.close()

    # the tabs (ui.draw.tabs.kept_tabs): Tab to the open tab, the arrow keys move between tabs,
    # Enter opens one, and its content shows
    page, console = _open(browser, f"{server}/wordpiece")
    tabs = page.locator("[data-testid='stTabs'] [role='tab']")
    _tab_to(page, "[data-testid='stTabs'] [role='tab'][aria-selected='true']")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(tabs.nth(1)).to_have_attribute("aria-selected", "true")
    # that tab's run over before the next key: a tab chosen while it is still drawing is
    # lost (tests/e2e/conftest.py open_tab)
    wait_for_param(page, "wp_tab", "compare")
    wait_until_idle(page)
    focused = page.evaluate("() => document.activeElement.getAttribute('role')")
    assert focused == "tab", focused
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(tabs.nth(0)).to_have_attribute("aria-selected", "true")
    wait_for_param(page, "wp_tab", "learn")
    page.get_by_text(re.compile(r"^Step 1 of \d+")).first.wait_for(timeout=WAIT)
    assert_no_exception(page)
    assert console.errors == [], console.errors
    page.close()
