"""The Unigram page in a real browser against a real server: steps, a typed word, seed 001.

Needs Debian's Chromium at /usr/bin/chromium and the playwright package, like
tests/e2e/test_browser.py (same server and browser fixtures, own server for this module).
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
    page = browser.new_page(viewport={"width": 1400, "height": 2200})
    page.goto(url)
    page.get_by_text("Step 1: the seed vocabulary").first.wait_for(timeout=60_000)
    return page


def _no_exception(page: Any) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


def test_training_steps_reach_a_pruning_round(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/unigram")
    for _ in range(3):
        page.get_by_role("button", name="Next").first.click()
        time.sleep(0.5)
    page.get_by_text("pruning round 1").first.wait_for(timeout=20_000)
    page.get_by_text("✂ cut line").first.wait_for(timeout=20_000)
    assert page.locator("canvas, svg").count() >= 1  # the likelihood chart is drawn
    _no_exception(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "unigram_prune.png"), full_page=True)
    page.close()


def test_a_typed_word_gets_its_lattice(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/unigram")
    page.get_by_role("tab", name="Segment a word").click()
    box = page.get_by_label("A word to segment")
    box.fill("<b>slowest</b>")
    box.press("Enter")
    page.get_by_text("is the most probable segmentation of").first.wait_for(timeout=20_000)
    assert page.locator("b", has_text="slowest").count() == 0  # shown as text, not markup
    box.fill("lowest")
    box.press("Enter")
    page.get_by_text("segmentation of “lowest”").first.wait_for(timeout=20_000)
    page.get_by_text("The lattice: every piece that fits").wait_for(timeout=20_000)
    _no_exception(page)
    page.screenshot(path=str(SHOTS / "unigram_word.png"), full_page=True)
    page.close()


def test_seed_001_example_trains(server: str, browser: object) -> None:
    page = _page(browser, f"{server}/unigram")
    page.get_by_role("tab", name="Seed 001").click()
    page.get_by_text("Erratum.").first.wait_for(timeout=20_000)
    page.get_by_role("button", name="Train on this example").click()
    page.get_by_role("tab", name="Train step by step").click()
    page.get_by_text("starts from the 15 pieces you gave").first.wait_for(timeout=30_000)
    _no_exception(page)
    page.close()
