"""A real browser against a real server: pages load, controls work, no exception box.

Needs Debian's headless Chromium and the playwright package (its own browser
download does not work offline). ``.ci/run`` installs Chromium when it is missing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.conftest import (
    app_server,
    assert_no_exception,
    open_page,
    open_tab,
    success_shot,
    wait_for_param,
    wait_until_idle,
)


def test_learn_page_steps_and_plays(server: str, browser: object) -> None:
    page = open_page(browser, f"{server}/bpe_learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    page.get_by_role("button", name="Next").first.click()
    page.get_by_text("Merge 2:").first.wait_for(timeout=20_000)
    wait_for_param(page, "step", "2")  # Next's run is over: Play is not drawn again under the click
    page.get_by_text("Play", exact=True).first.click()
    page.get_by_text("Merge 4:").first.wait_for(timeout=20_000)  # playback advances by itself
    assert_no_exception(page)
    success_shot(page, "bpe_learn_playing")
    page.close()


def test_encode_page_shows_tokens_and_iterations(server: str, browser: object) -> None:
    page = open_page(browser, f"{server}/bpe_encode?bpe_encode_text=lowest%20newer")
    iterations = page.get_by_text("How “lowest” is encoded, iteration by iteration")
    iterations.first.wait_for(timeout=45_000)
    box = page.get_by_label("Words or a sentence to encode")
    box.fill("<img src=x onerror=alert(1)> slowest")
    box.press("Enter")
    page.get_by_text("slowest", exact=True).first.wait_for(timeout=20_000)
    assert page.locator("img[src='x']").count() == 0  # shown as text, not as markup
    assert_no_exception(page)
    success_shot(page, "bpe_encode")
    page.close()


def test_wordpiece_page_steps_and_tabs(server: str, browser: Any) -> None:
    page = open_page(browser, f"{server}/wordpiece")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    page.get_by_role("button", name="Next").first.click()
    page.get_by_text("Merge 2:").first.wait_for(timeout=20_000)
    wait_for_param(page, "step", "2")
    open_tab(page, "Likelihood vs frequency", "wp_tab", "compare")
    page.get_by_text("They part ways at").first.wait_for(timeout=20_000)
    open_tab(page, "Encode a word", "wp_tab", "encode")
    page.get_by_text("is looked up").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    success_shot(page, "wordpiece")
    page.close()


def test_bpe_variants_page_tabs(server: str, browser: Any) -> None:
    page = open_page(browser, f"{server}/bpe_variants")
    page.get_by_text("This draw:").first.wait_for(timeout=45_000)
    # each tab's run ends before the next click: a quicker click can be lost (open_tab)
    open_tab(page, "Other encoders", "fam_tab", "encoders")
    page.get_by_text("same as BPE").first.wait_for(timeout=20_000)
    open_tab(page, "Joint BPE", "fam_tab", "joint")
    page.get_by_text("joint merges").first.wait_for(timeout=20_000)
    assert_no_exception(page)
    success_shot(page, "bpe_variants")
    page.close()


def test_a_long_training_shows_a_progress_bar(server: str, browser: Any) -> None:
    """A long training reports its progress, on a fast machine as on a slow one.

    subtle: the bar itself may come and go between two frames when training is quick (and
    Streamlit merges updates of one element that were not sent yet), so the test reads what
    the progress callback last reported: the status line that replaces the bar when it ends.
    """
    page = open_page(browser, f"{server}/bpe_learn?corpus=pydoc&bpe_num_merges=3000&step=1")
    # generous: the page first reads and parses the 466 KB corpus, then learns 3,000 merges
    page.get_by_text("Merge 1:").first.wait_for(timeout=180_000)
    status = page.locator("[role='status']", has_text="Learning merges: done, 3,000 of 3,000.")
    status.first.wait_for(state="attached", timeout=30_000)
    box = status.first.bounding_box()
    assert box is not None and box["height"] <= 1  # for screen readers; takes no room
    assert page.locator("[data-testid='stProgress']").count() == 0  # the bar has gone
    assert_no_exception(page)
    page.close()


def test_a_class_opening_a_page_link_at_once_on_a_fresh_server(browser: Any) -> None:
    """Several sessions start on a page URL at the same moment, the first requests after the
    server's start: each gets the whole app (its sidebar, the page's own content).

    (This also covers a single direct link as the first request after start, which was a test
    of its own with a fresh server of its own.)
    """
    with app_server() as fresh:
        contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(4)]
        pages = [c.new_page() for c in contexts]
        for page in pages:
            page.goto(f"{fresh}/bpe_learn", wait_until="commit")
        for page in pages:
            page.get_by_text("Merge 1:").first.wait_for(timeout=90_000)
            # the sidebar's corpus picker is drawn by app.py: a page run on its own has none
            page.get_by_text("Which words should the tokenizers learn from?").first.wait_for(
                timeout=30_000
            )
            assert page.get_by_text("BPE: learn merges").count() >= 1  # the app's menu
            assert_no_exception(page)
        for context in contexts:
            context.close()


def test_steps_are_written_when_the_download_is_clicked(server: str, browser: Any) -> None:
    """The step files are made on click (a callable for ``st.download_button``)."""
    page = open_page(browser, f"{server}/bpe_learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    wait_until_idle(page)  # the first run has drawn the export box and its buttons
    page.get_by_text("Export: the steps and the model").first.click()
    button = page.get_by_role("button", name="Steps as JSON (every number recorded)")
    with page.expect_download(timeout=30_000) as info:
        button.click()
    steps = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert info.value.suggested_filename == "bpe_steps.json"
    assert len(steps) == 10 and steps[0]["merged"] == ["e", "s"]
    with page.expect_download(timeout=30_000) as info:
        page.get_by_role("button", name="Steps as CSV").click()
    rows = Path(info.value.path()).read_text(encoding="utf-8").splitlines()
    assert len(rows) == 11 and rows[1].split(",")[1:3] == ["e", "s"]
    assert_no_exception(page)
    page.close()
