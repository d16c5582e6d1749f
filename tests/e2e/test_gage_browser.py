"""The Gage page in a real browser against a real server: steps, the tie, escaping.

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
def browser() -> Iterator[Any]:
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
    page = browser.new_page(viewport={"width": 1440, "height": 2400})
    page.goto(url)
    page.get_by_text("Corpus", exact=True).first.wait_for(timeout=45_000)
    return page


def _heading(page: Any, text: str) -> Any:
    # the rules expander also mentions steps, so look for the step's own heading
    return page.locator("h3", has_text=text).first


def _no_exception(page: Any) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


def test_gage_page_steps_and_reproduces_the_seed_table(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/gage")
    _heading(page, "Step 1: aa → Z").wait_for(timeout=45_000)
    page.get_by_role("button", name="Next").first.click()
    _heading(page, "Step 2: Za → Y").wait_for(timeout=20_000)
    page.get_by_text("Seed 003 breaks this tie the other way").wait_for(timeout=20_000)

    # pick a + b at the tie, as the seed does
    page.locator("[data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name="a + b").click()
    page.get_by_role("button", name="Replace this pair and continue").click()
    _heading(page, "Step 2: ab → Y").wait_for(timeout=20_000)
    page.get_by_text("This is seed 003's choice").wait_for(timeout=20_000)

    page.get_by_role("button", name="Last").first.click()
    _heading(page, "Step 4: compression stops").wait_for(timeout=20_000)
    page.get_by_text("✓ identical to the input").wait_for(timeout=20_000)
    # the fragment may still show the previous step's elements for a moment: wait for ours
    ratio = page.locator("[data-testid='stMetric']", has_text="Compression ratio")
    ratio.filter(has_text="2.20").first.wait_for(timeout=20_000)
    page.locator("[data-testid='stMetric']", has_text="String + table").filter(
        has_text="14"
    ).first.wait_for(timeout=20_000)
    # two charts drawn: the pair counts and the sizes
    charts = page.locator("[data-testid='stVegaLiteChart']")
    deadline = time.monotonic() + 20
    while charts.count() != 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert charts.count() == 2
    _no_exception(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "gage.png"), full_page=True)
    page.close()


def test_gage_page_shows_typed_markup_as_text(server: str, browser: Any) -> None:
    page = _page(browser, f"{server}/gage")
    _heading(page, "Step 1:").wait_for(timeout=45_000)
    box = page.get_by_role("textbox", name="Text to compress")
    box.fill("<img src=x onerror=alert(1)><img src=x onerror=alert(1)>")
    box.press("Enter")
    _heading(page, "Step 1: er → Z").wait_for(timeout=20_000)
    page.get_by_text("<img", exact=False).first.wait_for(timeout=20_000)
    assert page.locator("img[src='x']").count() == 0  # shown as text, not as markup
    _no_exception(page)
    page.close()
