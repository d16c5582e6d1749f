"""A real browser against a real server: pages load, controls work, no exception box.

Needs Debian's Chromium at /usr/bin/chromium and the playwright package (its own browser
download does not work offline). ``.ci/run`` installs Chromium when it is missing.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", "/tmp/subword-e2e"))

playwright = pytest.importorskip("playwright.sync_api")
if not shutil.which(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A fresh `streamlit run app.py` on a free loopback port, stopped by PID afterwards."""
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.headless=true",
            "--server.address=127.0.0.1",
            f"--server.port={port}",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.read() == b"ok":
                        break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("the app did not start within 60 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield b
        b.close()


def _page(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1400, "height": 2000})  # type: ignore[attr-defined]
    page.goto(url)
    page.get_by_text("Corpus", exact=True).first.wait_for(timeout=45_000)
    return page


def _no_exception(page: object) -> None:
    assert page.locator("[data-testid='stException']").count() == 0  # type: ignore[attr-defined]


def test_a_direct_link_to_a_page_gets_the_whole_app(server: str, browser: object) -> None:
    """The first request after start opens a page URL: it must still get the sidebar."""
    page = _page(browser, f"{server}/bpe_learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    assert page.get_by_text("BPE: learn merges").count() >= 1
    _no_exception(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "bpe_learn.png"), full_page=True)
    page.close()


def test_learn_page_steps_and_plays(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/bpe_learn")
    page.get_by_text("Merge 1:").first.wait_for(timeout=45_000)
    page.get_by_role("button", name="Next").first.click()
    page.get_by_text("Merge 2:").first.wait_for(timeout=20_000)
    page.get_by_text("Play", exact=True).first.click()
    page.get_by_text("Merge 4:").first.wait_for(timeout=20_000)  # playback advances by itself
    _no_exception(page)
    page.screenshot(path=str(SHOTS / "bpe_learn_playing.png"), full_page=True)
    page.close()


def test_encode_page_shows_tokens_and_iterations(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/bpe_encode")
    page.get_by_text("How “lowest” is encoded, iteration by iteration").wait_for(timeout=45_000)
    box = page.get_by_label("Words or a sentence to encode")
    box.fill("<img src=x onerror=alert(1)> slowest")
    box.press("Enter")
    page.get_by_text("slowest", exact=True).first.wait_for(timeout=20_000)
    assert page.locator("img[src='x']").count() == 0  # shown as text, not as markup
    _no_exception(page)
    page.screenshot(path=str(SHOTS / "bpe_encode.png"), full_page=True)
    page.close()


def test_wordpiece_page_steps_and_tabs(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/wordpiece")
    page.get_by_text("Step 1:").first.wait_for(timeout=45_000)
    page.get_by_role("button", name="Next").first.click()
    page.get_by_text("Step 2:").first.wait_for(timeout=20_000)
    page.get_by_role("tab", name="Likelihood vs frequency").click()
    page.get_by_text("They part ways at").first.wait_for(timeout=20_000)
    page.get_by_role("tab", name="Encode a word").click()
    page.get_by_text("is looked up").first.wait_for(timeout=20_000)
    _no_exception(page)
    page.screenshot(path=str(SHOTS / "wordpiece.png"), full_page=True)
    page.close()


def test_bpe_variants_page_tabs(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/bpe_variants")
    page.get_by_text("This draw:").first.wait_for(timeout=45_000)
    page.get_by_role("tab", name="Other encoders").click()
    page.get_by_text("same as BPE").first.wait_for(timeout=20_000)
    page.get_by_role("tab", name="Joint BPE").click()
    page.get_by_text("joint merges").first.wait_for(timeout=20_000)
    _no_exception(page)
    page.screenshot(path=str(SHOTS / "bpe_variants.png"), full_page=True)
    page.close()
