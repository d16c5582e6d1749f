"""The interface languages in a real browser (issue 18): the sidebar menu, ``lang=`` links,
and the Chinese and Korean examples, at 1024×768 with the console checked throughout.

tests/app/test_i18n.py checks the same flows with AppTest, which never runs the frontend's
element tree; here Chromium clicks through them like a student:

- the language menu, switched by clicking, changes the title, the page heading and the
  navigation while the typed corpus and the step (player counter, step heading, link) stay;
- every page of the navigation, in ``lang=zh`` and in ``lang=ko``, speaks that language
  (``<html lang>``, the window title, the navigation, the page heading): opened by its link
  in one of them and reached through the menu in the other;
- a shared link with ``lang=ko`` and a step opens at that step in Korean from the first draw;
- the built-in Chinese and Korean examples, picked in the sidebar, train and show their tokens
  on the BPE, WordPiece and Unigram pages.

Expected strings are never written out in Chinese or Korean here: they are read through the
app's own catalogs (:func:`ui.app.i18n.translation`), and the navigation's English titles and each
page's heading are read from app.py and pages/*.py, so the test follows the code.

Needs Debian's headless Chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from subword_core.text.examples import EXAMPLES
from tests.e2e.conftest import (
    NAV_LABELS,
    NAV_LINKS,
    NAV_SECTIONS,
    SHOTS,
    Console,
    assert_no_exception,
    success_shot,
    wait_for_param,
)
from tests.page_headings import page_heading
from ui.app import registry
from ui.app.i18n import _MENU_LABEL, HTML_LANG, LANGUAGES, Message, translation
from ui.app.registry import ALL_PAGES

WAIT = 60_000  # ms: an upper bound for content to arrive on a slow shared machine, never a pause
VIEWPORT = {"width": 1024, "height": 768}
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
HAN = re.compile("[\u4e00-\u9fff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
# where the algorithm pages draw tokens: token chips, table cells and code (a piece in a sentence)
TOKENS = "[data-testid='stMain'] :is(.sw-tok-text, td, code)"
APP_TITLE = "Subword tokenizers, step by step"  # app.py's page_title (domain "app")


def tr(lang: str, domain: str, message: str) -> Message:
    """``message`` of ``domain`` in ``lang``, as the app words it (Korean particles included)."""
    return Message(translation(lang, domain).gettext(message))


@dataclass(frozen=True)
class NavPage:
    """A page of app.py's navigation, in English as the code writes it."""

    url_path: str  # "" for the default page
    nav_title: str  # its title in the navigation (domain "app")
    domain: str  # the catalog of the page's file
    heading: str  # its ``st.title`` message


def navigation() -> tuple[list[NavPage], list[str]]:
    """The pages in navigation order (:mod:`ui.app.registry`, which app.py draws), and the section
    headers (English, non-empty)."""
    pages = [
        NavPage(page.url_path, page.title, *page_heading(page.file))
        for section in registry.SECTIONS
        for page in ALL_PAGES
        if page.section == section
    ]
    return pages, [section for section in registry.SECTIONS if section]


PAGES, SECTIONS = navigation()


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[tuple[Any, Console]]:
    """One 1024×768 tab for the whole module (each test opens its own address in it)."""
    page = browser.new_page(viewport=VIEWPORT)
    console = Console(page)
    yield page, console
    page.close()


def _go(tab: tuple[Any, Console], url: str) -> tuple[Any, Console]:
    """Open ``url`` in the module's tab with a fresh list of console errors."""
    page, console = tab
    console.errors.clear()
    page.goto(url)
    return page, console


def _settled(page: Any, console: Console, what: str) -> None:
    """Wait for the run to end, then: no exception box, no console error."""
    try:
        page.locator(IDLE).wait_for(state="attached", timeout=WAIT)
    except PlaywrightTimeout:
        page.screenshot(path=str(SHOTS / "language_failure.png"), full_page=True)
        raise AssertionError(f"{what}: the run did not end; errors: {console.errors}") from None
    page.evaluate("1")  # let Playwright deliver the console events that are already in
    assert_no_exception(page)
    assert console.errors == [], f"{what}: {console.errors}"


def _speaks(page: Any, lang: str, nav_page: NavPage) -> None:
    """The window title, ``<html lang>``, navigation, menu and heading are in ``lang``."""
    expect(page.locator("h1").first).to_have_text(
        tr(lang, nav_page.domain, nav_page.heading), timeout=WAIT
    )
    expect(page.locator(NAV_LABELS)).to_have_text(
        [tr(lang, "app", p.nav_title) for p in PAGES], timeout=WAIT
    )
    expect(page.locator(NAV_SECTIONS)).to_have_text([tr(lang, "app", s) for s in SECTIONS])
    expect(page).to_have_title(tr(lang, "app", APP_TITLE))
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang], timeout=WAIT)
    expect(page.get_by_role("combobox", name=_MENU_LABEL)).to_have_value(LANGUAGES[lang])


def test_the_expectations_are_translated() -> None:
    """The catalogs differ from English where the browser tests compare them (else they
    could not fail on an untranslated page)."""
    for lang in ("zh", "ko"):
        assert tr(lang, "app", APP_TITLE) != APP_TITLE
        assert tr(lang, "common", "Step {step} of {n}") != "Step {step} of {n}"
        translated = [tr(lang, "app", p.nav_title) for p in PAGES]
        assert (
            sum(t != p.nav_title for t, p in zip(translated, PAGES, strict=True)) > len(PAGES) / 2
        )
    # every page is in the menu (tests/test_registry.py: every file of pages/ is in the registry)
    assert len(PAGES) == len(ALL_PAGES)


# -- 1. the menu keeps the corpus and the step --------------------------------------------

_CORPUS = "banana bandana bandanas banana ban bans"  # running text: 5 distinct words, 6 in all
_BPE_LEARN = next(p for p in PAGES if p.url_path == "bpe_learn")


def _choose_language(page: Any, lang: str) -> None:
    """Open the sidebar's language menu and click ``lang``'s name, as a student does."""
    menu = page.get_by_role("combobox", name=_MENU_LABEL)
    # subtle: the sidebar is taller than 768 px; a click that scrolls it first can land while
    # the sidebar still moves and only focus the box, so bring it into view, then click
    menu.scroll_into_view_if_needed()
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.get_by_role("option", name=LANGUAGES[lang], exact=True).click()


def _counter(lang: str, step: int, n: int) -> str:
    return tr(lang, "common", "Step {step} of {n}").format(step=step, n=n)


def _counter_pattern(lang: str) -> str:
    """A regular expression for the player's counter in ``lang`` (groups ``step`` and ``n``)."""
    template = re.escape(tr(lang, "common", "Step {step} of {n}"))
    return template.replace(r"\{step\}", r"(?P<step>\d+)").replace(r"\{n\}", r"(?P<n>\d+)")


def test_the_menu_switches_the_language_and_keeps_the_corpus_and_the_step(
    server: str, tab: tuple[Any, Console]
) -> None:
    page, console = _go(tab, f"{server}/bpe_learn")
    page.get_by_text(re.compile(r"^Step 1 of \d+$")).first.wait_for(timeout=WAIT)
    _settled(page, console, "the English page")

    # a typed corpus instead of the default example
    page.locator("[data-testid='stSidebar']").get_by_text("Type or paste text").click()
    box = page.locator(".st-key-corpus__text textarea")
    box.fill(_CORPUS)
    box.press("Control+Enter")
    summary = "{distinct} distinct words · {total} words in total"
    page.get_by_text(summary.format(distinct=5, total=6)).first.wait_for(timeout=WAIT)
    page.get_by_text(re.compile(r"^Merge 1: ")).first.wait_for(timeout=WAIT)
    _settled(page, console, "the typed corpus")

    # merge 3 with Next (the button by its key: its label is translated)
    for step in (2, 3):
        page.locator(".st-key-bpe_learn__next").get_by_role("button").click()
        page.get_by_text(re.compile(rf"^Step {step} of \d+$")).first.wait_for(timeout=WAIT)
        page.get_by_text(re.compile(rf"^Merge {step}: ")).first.wait_for(timeout=WAIT)
    _settled(page, console, "step 3 in English")
    n = int(page.get_by_text(re.compile(r"^Step 3 of \d+$")).first.inner_text().split()[-1])
    heading = page.get_by_text(re.compile(r"^Merge 3: ")).first.inner_text()
    found = re.match(r"Merge 3: (\S+ \+ \S+) → (\S+)", heading)
    assert found, heading
    pair, symbol = found.groups()
    wait_for_param(page, "step", "3")

    for lang in ("ko", "zh", "en"):
        _choose_language(page, lang)
        _speaks(page, lang, _BPE_LEARN)
        # the step: the player's counter and the same merge's heading
        expect(page.get_by_text(_counter(lang, 3, n), exact=True)).to_be_visible(timeout=WAIT)
        title = tr(lang, "bpe", "Merge {n}: {pair} → {symbol}").format(
            n=3, pair=pair, symbol=symbol
        )
        expect(page.get_by_text(title).first).to_be_visible(timeout=WAIT)
        # the corpus: the typed text and its summary (in the new language)
        expect(page.locator(".st-key-corpus__text textarea")).to_have_value(_CORPUS)
        words = tr(lang, "common", summary).format(distinct=5, total=6)
        expect(page.get_by_text(words).first).to_be_visible(timeout=WAIT)
        _settled(page, console, f"switched to {lang}")
        params = wait_for_param(page, "step", "3")
        assert params.get("lang") == (None if lang == "en" else lang), params
        assert params.get("text") == _CORPUS, params
        success_shot(page, f"language_menu_{lang}", full_page=False)


def test_the_menu_keeps_a_chosen_sample_and_the_players_speed(
    server: str, tab: tuple[Any, Console]
) -> None:
    """Choices whose options are shown translated and that no page setting keeps (the
    pretrained page's sample, the player's speed) are still chosen after each switch: the
    browser keeps a choice by its label, which the switch changes (ui.app.i18n.keep_choice)."""
    page, console = _go(tab, f"{server}/pretrained")
    samples = page.locator("[data-testid='stMain'] [role='radiogroup']").first
    samples.locator("label").nth(3).click()  # the fourth sample (T5-style, Precompiled)
    # its run over before the speed is clicked: the speed is drawn again by that run (a click
    # on a widget a pending run redraws can be undone)
    wait_for_param(page, "pre_source", "t5")
    page.locator(IDLE).wait_for(state="attached", timeout=WAIT)
    speeds = page.locator("[data-testid='stMain'] [data-testid='stButtonGroup'] button")
    speeds.first.wait_for(timeout=WAIT)
    speeds.nth(2).click()  # the slowest speed (the default is the middle one)
    expect(speeds.nth(2)).to_have_attribute("aria-checked", "true", timeout=WAIT)
    _settled(page, console, "the fourth sample, the slowest speed")
    for lang in ("ko", "zh", "en"):
        _choose_language(page, lang)
        expect(samples.locator("input[type=radio]").nth(3)).to_be_checked(timeout=WAIT)
        expect(speeds.nth(2)).to_have_attribute("aria-checked", "true", timeout=WAIT)
        _settled(page, console, f"switched to {lang}")


# -- 2. every page with lang=zh and lang=ko ------------------------------------------------


#: Each page is opened by a ``lang=`` link in one language and reached through the app's menu
#: in the other (from the page before it, in the same session), the two in turn down the
#: navigation: a link on every page, and the menu keeping the language on every page, at
#: about two thirds of the CPU of a page load each time. (AppTest checks every page's heading
#: in both languages from a link: tests/app/test_i18n.py.)
_BY_LINK = {(p.url_path, ("zh", "ko")[i % 2]) for i, p in enumerate(PAGES)}
_WHERE = "[location.pathname.replace(/^\\/|\\/$/g, ''), document.documentElement.lang]"


def _open_in(server: str, tab: tuple[Any, Console], nav_page: NavPage, lang: str) -> str:
    """Bring ``nav_page`` up in ``lang`` by its link, or, where :data:`_BY_LINK` says not,
    through the menu (when the tab speaks ``lang`` on another page; else by its link after
    all: a test run on its own). Says which."""
    page, console = tab
    path, speaks = page.evaluate(_WHERE)
    if (
        (nav_page.url_path, lang) in _BY_LINK
        or speaks != HTML_LANG[lang]
        or path == nav_page.url_path
    ):
        _go(tab, f"{server}/{nav_page.url_path}?lang={lang}")
        return "link"
    console.errors.clear()
    page.locator(NAV_LINKS).nth(PAGES.index(nav_page)).click()
    page.wait_for_function(f"() => {_WHERE}[0] === {nav_page.url_path!r}")
    return "menu"


@pytest.mark.parametrize("nav_page", PAGES, ids=[p.url_path or "home" for p in PAGES])
@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_every_page_opens_in_the_linked_language(
    server: str, tab: tuple[Any, Console], lang: str, nav_page: NavPage
) -> None:
    how = _open_in(server, tab, nav_page, lang)
    page, console = tab
    _speaks(page, lang, nav_page)
    _settled(page, console, f"{nav_page.url_path or 'home'} in {lang} (by the {how})")
    if how == "menu":  # the link in the address bar keeps the language too
        assert wait_for_param(page, "lang", lang).get("lang") == lang


# -- 3. a shared link: the step and the language arrive together ---------------------------


def test_a_link_with_lang_and_step_opens_there_in_that_language(
    server: str, tab: tuple[Any, Console]
) -> None:
    page, console = _go(tab, f"{server}/bpe_learn?corpus=seed-hug&step=4&lang=ko")
    # the first counter drawn is already step 4 in Korean (never step 1, never English)
    any_counter = "|".join(re.sub(r"\(\?P<\w+>", "(", _counter_pattern(lang)) for lang in LANGUAGES)
    first = page.get_by_text(re.compile(rf"^({any_counter})$")).first
    first.wait_for(timeout=WAIT)
    shown = re.fullmatch(_counter_pattern("ko"), first.inner_text())
    assert shown and shown["step"] == "4", first.inner_text()
    _speaks(page, "ko", _BPE_LEARN)
    merge = tr("ko", "bpe", "Merge {n}: {pair} → {symbol}").split("{pair}")[0].format(n=4)
    expect(page.get_by_text(merge).first).to_be_visible(timeout=WAIT)
    _settled(page, console, "the link")
    params = wait_for_param(page, "step", "4")
    assert params.get("lang") == "ko" and params.get("corpus") == "seed-hug", params


# -- 4. the Chinese and Korean examples on the algorithm pages -----------------------------


# (page, its player's key with each example); WordPiece splits the Chinese example's
# characters apart (BERT's pre-tokenization, its default): nothing is left to merge, one step,
# no buttons
_EXAMPLE_CASES = [
    ("bpe_learn", {"zh": "bpe_learn", "ko": "bpe_learn"}),
    ("wordpiece", {"zh": None, "ko": "wp_learn"}),
    ("unigram", {"zh": "uni_train", "ko": "uni_train"}),
]


@pytest.mark.parametrize(("path", "players"), _EXAMPLE_CASES, ids=[c[0] for c in _EXAMPLE_CASES])
def test_the_zh_and_ko_examples_show_their_tokens(
    server: str, tab: tuple[Any, Console], path: str, players: dict[str, str | None]
) -> None:
    """The Chinese example, then the Korean one, picked in the sidebar of one page (each pick
    trains again; the page is opened once)."""
    page, console = _go(tab, f"{server}/{path}")
    page.get_by_text(re.compile(r"^Step 1 of \d+")).first.wait_for(timeout=WAIT)
    _settled(page, console, f"{path} with the default example")
    tokens = page.locator(TOKENS)
    for key, player in players.items():
        script = HAN if key == "zh" else HANGUL
        # none before the example (the Korean one comes after the Chinese one: no Hangul)
        expect(tokens.filter(has_text=script)).to_have_count(0)
        radio = page.locator("[data-testid='stSidebar'] [data-testid='stRadio']")
        radio.get_by_text(EXAMPLES[key].title, exact=True).click()
        wait_for_param(page, "corpus", key)  # written when the run with the example has ended
        _settled(page, console, f"{path} with the {key} example")
        if player is None:
            expect(page.get_by_text("Step 1 of 1", exact=True)).to_be_visible(timeout=WAIT)
        else:
            # step 2 (Unigram's step 1 lists its seed pieces in a canvas table, not as text);
            # the player keeps its step when the corpus changes (clamped): after the first
            # example it may be at step 2 already (the run is over: the counter is current)
            counter = page.get_by_text(re.compile(r"^Step \d+ of \d+")).first
            counter.wait_for(timeout=WAIT)
            if counter.inner_text().startswith("Step 1 of"):
                page.locator(f".st-key-{player}__next").get_by_role("button").click()
            page.get_by_text(re.compile(r"^Step 2 of \d+")).first.wait_for(timeout=WAIT)
        shown = page.locator(f"{TOKENS}:visible").filter(has_text=script)
        expect(shown.first).to_be_visible(timeout=WAIT)
        _settled(page, console, f"{path}'s step with the {key} example")
        success_shot(page, f"language_example_{path}_{key}", full_page=False)
