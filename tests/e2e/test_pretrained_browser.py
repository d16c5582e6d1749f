"""The pretrained-tokenizer page in a real browser: upload a 50,000-merge byte-level BPE,
type a text, step through it with the player; a file that is not a tokenizer is refused.

Needs Debian's headless Chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py. The model is trained here with
``tokenizers`` (a few seconds, no download).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from subword_core.pretrained import load
from tests.core import pretrained_models as pm
from tests.e2e.conftest import (
    SHOTS,
    Console,
    assert_no_exception,
    click_next_until,
    success_shot,
    wait_for_param,
    wait_until_idle,
)

TEXT = "unhappiness <b>x</b>"


def _page(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.goto(f"{url}/pretrained")
    page.get_by_text("Trace a pretrained tokenizer").first.wait_for(timeout=60_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    return page


def _upload(page: Any, paths: list[Path]) -> None:
    page.get_by_text("My own file(s)").click()
    page.locator("input[type=file]").first.set_input_files([str(p) for p in paths])


def test_upload_type_and_step_through_merges(server: str, browser: object, tmp_path: Path) -> None:
    files = pm.byte_level_bpe(vocab_size=50_257, chars=2_000_000)
    words = len(load(files).trace(TEXT).words)
    paths = pm.write(files, tmp_path)
    page = _page(browser, server)
    console = Console(page)
    _upload(page, paths)
    page.get_by_text("50,000 merges").first.wait_for(timeout=60_000)
    box = page.get_by_label("Text to encode")
    box.fill(TEXT)
    box.press("Control+Enter")
    # the default text's trace is on the page already: wait for the typed text's run, so
    # that Next steps through TEXT's trace (its target is fixed when the button is drawn)
    wait_for_param(page, "pre_text", TEXT)
    wait_until_idle(page)
    page.get_by_text("Step 1 of").first.wait_for(timeout=30_000)
    page.get_by_text(f"pre-tokenizer ByteLevel: {words} words").first.wait_for(timeout=30_000)
    click_next_until(
        page, ["Bytes to printable characters", "BPE: start from single", "Merge rank"]
    )
    assert page.get_by_text("it has the lowest rank").count() >= 1
    success_shot(page, "pretrained_merge")
    page.get_by_role("button", name="Last").first.click()
    page.get_by_text("The same tokens and ids as the tokenizers library").first.wait_for(
        timeout=30_000
    )
    assert page.locator("b", has_text="x").count() == 0  # the typed tag is text, not markup
    assert_no_exception(page)
    success_shot(page, "pretrained_result")
    assert console.errors == []
    page.close()


def test_a_file_that_is_not_a_tokenizer_is_refused(
    server: str, browser: object, tmp_path: Path
) -> None:
    prose = tmp_path / "notes.txt"
    prose.write_text("Dear diary, today I met a tokenizer.\nIt was nice.\n")
    page = _page(browser, server)
    console = Console(page)
    _upload(page, [prose])
    page.get_by_text("This file cannot be traced").first.wait_for(timeout=30_000)
    page.get_by_text("notes.txt is not a tokenizer file").first.wait_for(timeout=30_000)
    assert_no_exception(page)
    success_shot(page, "pretrained_refused")
    assert console.errors == []
    page.close()


def test_precompiled_sample_shows_each_replacement(server: str, browser: object) -> None:
    page = _page(browser, server)
    console = Console(page)
    page.get_by_text("Precompiled, as T5 and ALBERT").first.click()
    page.get_by_text("model Unigram").first.wait_for(timeout=60_000)
    box = page.get_by_label("Text to encode")
    box.fill("ｆｕｌｌ\u3000width ﬁne café\u00a0②")
    box.press("Control+Enter")
    wait_for_param(page, "pre_text", "ｆｕｌｌ\u3000width ﬁne café\u00a0②")
    wait_until_idle(page)
    page.get_by_text("Normalizer: Precompiled").first.wait_for(timeout=30_000)
    page.get_by_text("replacements, each kind once").first.wait_for(timeout=30_000)
    assert page.get_by_text("U+FB01").count() >= 1
    assert_no_exception(page)
    page.get_by_text("replacements, each kind once").first.scroll_into_view_if_needed()
    success_shot(page, "pretrained_precompiled", full_page=False)
    assert console.errors == []
    page.close()


def test_a_regex_that_may_differ_is_refused_in_words(
    server: str, browser: object, tmp_path: Path
) -> None:
    import json

    doc = json.loads(pm.char_bpe()["tokenizer.json"])
    doc["pre_tokenizer"] = {"type": "Split", "pattern": {"Regex": r"\w+$"}, "behavior": "Isolated"}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc))
    page = _page(browser, server)
    console = Console(page)
    _upload(page, [path])
    page.get_by_text("This file cannot be traced").first.wait_for(timeout=30_000)
    # English: the core's own sentence (中文 and 한국어 word it from the code)
    page.get_by_text("may mean something else here").first.wait_for(timeout=30_000)
    assert_no_exception(page)
    page.get_by_text("may mean something else here").first.scroll_into_view_if_needed()
    success_shot(page, "pretrained_regex_refused", full_page=False)
    assert console.errors == []
    page.close()


def test_a_file_the_library_refuses_is_refused_in_korean(
    server: str, browser: object, tmp_path: Path
) -> None:
    """A Unigram score written ``NaN``: Python reads it, the library does not (issue 26), and
    the page says so in 한국어 instead of tracing it."""
    text = pm.unigram()["tokenizer.json"]
    text = text.decode() if isinstance(text, bytes) else text
    path = tmp_path / "tokenizer.json"
    path.write_text(text.replace("]]", ', ["zzz", NaN]]', 1))
    page = browser.new_page(viewport={"width": 1024, "height": 768})  # type: ignore[attr-defined]
    page.goto(f"{server}/pretrained?lang=ko")
    console = Console(page)
    page.get_by_text("내 파일").first.wait_for(timeout=60_000)
    page.get_by_text("내 파일").first.click()
    page.locator("input[type=file]").first.set_input_files([str(path)])
    page.get_by_text("유한하지 않은 수 NaN이 있습니다").first.wait_for(timeout=30_000)
    assert_no_exception(page)
    success_shot(page, "pretrained_library_refuses_ko", full_page=False)
    assert console.errors == []
    page.close()
