"""A first class in 中文 and 한국어 at 1024×768 in presenter mode (issue 28), in a real browser.

- every heading shows whole glyphs: not under Streamlit's header, not covered by the next
  block, and on a line tall enough for Chinese and Korean glyphs (item 1), light and dark;
- the gallery's Open keeps presenter mode and the language (item 5);
- the first visitor of a ``present=1`` link never sees the sidebar open (item 12), and no
  tooltip stays over the speed after Next (item 12);
- the zoom control (A− / A+) scales the page and travels in the link (item 10).

Same set-up as ``test_presenter_browser.py`` (``tests/e2e/conftest.py``).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import (
    NAV_CURRENT,
    NAV_LINKS,
    NAV_MENU,
    SHOTS,
    Console,
    app_server,
    assert_no_exception,
    success_shot,
    url_params,
    wait_for_param,
    wait_until_idle,
)
from ui.app.registry import ALL_PAGES

WIDTH, HEIGHT = 1024, 768

_HEADINGS = """() => {
  const header = document.querySelector("[data-testid='stHeader']").getBoundingClientRect();
  const out = [];
  for (const h of document.querySelectorAll("[data-testid='stMain'] :is(h1, h2, h3, h4)")) {
    const box = h.getBoundingClientRect();
    if (!h.offsetParent || box.height === 0 || !h.textContent.trim()) continue;
    const block = h.closest("[data-testid='stElementContainer']").getBoundingClientRect();
    const style = getComputedStyle(h);
    out.push({
      text: h.textContent.trim().slice(0, 40),
      // the block the next element is laid out after: it must hold the whole heading
      overflow: box.bottom - block.bottom,
      // the header is opaque and fixed: the page's first heading must start below it
      underHeader: window.scrollY === 0 ? header.bottom - box.top : 0,
      line: parseFloat(style.lineHeight) / parseFloat(style.fontSize),
    });
  }
  return out;
}"""


_PRESENTING = "() => getComputedStyle(document.documentElement).fontSize === '18px'"


def _projector(browser: Any, url: str, *, dark: bool = False) -> tuple[Any, Console]:
    page = browser.new_page(
        viewport={"width": WIDTH, "height": HEIGHT}, color_scheme="dark" if dark else "light"
    )
    console = Console(page)
    page.goto(url)
    return page, console


# Streamlit's dark theme paints the app's background dark: its red channel is under 64
_DARK_BACKGROUND = (
    "parseInt(getComputedStyle(document.querySelector(\"[data-testid='stApp']\"))"
    ".backgroundColor.slice(4)) < 64"
)


def _headings_fit(page: Any, title: str, what: str) -> None:
    """Every heading of the page drawn whole (the checks of item 1)."""
    headings = page.evaluate(_HEADINGS)
    assert headings and headings[0]["text"].startswith(title[:3]), (what, headings)
    for heading in headings:
        assert heading["overflow"] <= 1, f"{what}: the next block covers {heading}"
        assert heading["underHeader"] <= 1, f"{what}: the header covers {heading}"
        assert heading["line"] >= 1.4, f"{what}: a line too short for CJK glyphs: {heading}"


@pytest.mark.parametrize(
    ("lang", "path", "title"),
    [
        ("zh", "bpe_learn", "BPE：学习合并"),
        ("ko", "bpe_learn", "BPE: 병합 학습"),
        ("ko", "unigram", "유니그램 언어 모델"),
    ],
)
def test_headings_show_whole_glyphs_in_presenter_mode(
    server: str, browser: Any, lang: str, path: str, title: str
) -> None:
    """Light, then dark: one page, whose viewer switches to a dark preference (Streamlit
    follows it and draws the page again in its dark theme; no page load, no run)."""
    page, console = _projector(browser, f"{server}/{path}?lang={lang}&present=1")
    page.locator("h1", has_text=title).first.wait_for(timeout=60_000)
    page.wait_for_function(_PRESENTING, timeout=60_000)  # presenter mode's styles are in
    page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").wait_for(
        state="attached", timeout=90_000
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        if scheme == "dark":
            page.emulate_media(color_scheme="dark")
            page.wait_for_function(f"() => {_DARK_BACKGROUND}", timeout=30_000)
            # two animation frames: the page is laid out again in the dark theme
            page.evaluate(
                "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
        else:
            assert not page.evaluate(f"() => {_DARK_BACKGROUND}")  # it does start light
        _headings_fit(page, title, scheme)
        success_shot(page, f"class_{path}_{lang}_{scheme}", full_page=False)
    assert_no_exception(page)
    assert console.errors == [], console.errors
    page.close()


def _sidebar_collapsed(page: Any) -> bool:
    sidebar = page.locator("[data-testid='stSidebar']")
    return sidebar.get_attribute("data-collapsed") == "true"


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_gallerys_open_keeps_presenter_mode_and_the_language(
    server: str, browser: Any, lang: str
) -> None:
    page, console = _projector(browser, f"{server}/gallery?lang={lang}&present=1")
    button = page.locator(".st-key-gallery_open_s003-bpe button").first
    button.wait_for(timeout=60_000)
    assert _sidebar_collapsed(page)
    button.click()
    page.wait_for_function("() => location.pathname.endsWith('/bpe_learn')", timeout=60_000)
    params = wait_for_param(page, "present", "1")
    assert params.get("lang") == lang, params
    page.locator("[data-testid='stMain'] details").first.wait_for(timeout=60_000)
    # presenter mode, not only in the link: the sidebar folded, the settings box closed
    assert _sidebar_collapsed(page)
    settings = page.locator("[data-testid='stMain'] details").first
    assert settings.get_attribute("open") is None
    assert page.locator("html").get_attribute("lang", timeout=10_000).startswith(lang)
    next_label = {"zh": "下一步", "ko": "다음"}[lang]
    page.get_by_role("button", name=next_label).first.click()
    wait_for_param(page, "step", "2")
    assert url_params(page).get("present") == "1"
    assert _sidebar_collapsed(page)
    assert_no_exception(page)
    assert console.errors == [], console.errors
    page.close()


_WATCH_SIDEBAR = """
window.__sidebar = [];
setInterval(() => {
  const s = document.querySelector("[data-testid='stSidebar']");
  if (s) window.__sidebar.push([performance.now(), s.getAttribute('data-collapsed')]);
}, 20);
"""


def test_the_first_visitor_of_a_present_link_never_sees_the_sidebar_open(browser: Any) -> None:
    """A fresh server (the first visitor imports every view): the sidebar stays folded."""
    with app_server() as url:
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        page.add_init_script(_WATCH_SIDEBAR)
        page.goto(f"{url}/?present=1&lang=zh")
        page.locator("h1").first.wait_for(timeout=90_000)
        seen = page.evaluate("window.__sidebar")
        page.close()
    assert seen, "the sidebar was never drawn"
    opened = [t for t, collapsed in seen if collapsed == "false"]
    shown_for = (opened[-1] - opened[0]) if opened else 0.0
    # before: open with the page files' raw names while the views were imported (seconds)
    assert shown_for < 300, f"the sidebar was shown open for {shown_for:.0f} ms"


_WATCH_NAV = """
window.__nav = [];
const __look = () => {
  const n = document.querySelector("[data-testid='stSidebarNav']");
  if (n) window.__nav.push([performance.now(), n.innerText]);
};
// every state of the page the browser could paint: each change of the document, and a poll
new MutationObserver(__look).observe(document, {childList: true, subtree: true});
setInterval(__look, 10);
"""


@pytest.mark.parametrize(
    ("query", "title"),
    [("present=1&lang=ko", "병합 학습"), ("lang=zh", "学习合并")],
    ids=["present-ko", "zh"],
)
def test_the_first_request_to_a_page_address_never_shows_streamlits_own_menu(
    browser: Any, query: str, title: str
) -> None:
    """A fresh server, first request straight to a page (``/bpe_learn?…``): the sidebar
    folds at once in presenter mode (under 0.3 s: the page reruns through app.py before it
    imports its views), Streamlit's own page menu (the ``pages/`` files' raw names, before
    any script runs) is never drawn, not for one frame, and the app's own menu
    (:mod:`ui.app.menu`) is there, translated, with the page marked, when the sidebar is open."""
    with app_server() as url:
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        page.add_init_script(_WATCH_SIDEBAR + _WATCH_NAV)
        page.goto(f"{url}/bpe_learn?{query}")
        page.locator("h1").first.wait_for(timeout=90_000)
        # the whole first load watched: until its run has ended (not a fixed second)
        wait_until_idle(page, timeout=90)
        seen = page.evaluate("window.__sidebar")
        raw = page.evaluate("window.__nav")
        # before: Streamlit drew its pages/ list (raw English file names) for up to 0.3 s
        # before any script ran, then st.navigation's menu; now only the app's own is drawn
        if raw:
            page.close()
            pytest.fail(f"Streamlit's own menu was drawn in {len(raw)} states: {raw[0][1]!r}")
        if "present=1" in query:
            page.locator("[data-testid='stExpandSidebarButton']").first.click()
        # (the links' component is fetched on first use: a moment of placeholders)
        page.locator(NAV_CURRENT).first.wait_for(timeout=30_000)
        names = page.locator(NAV_MENU).first.inner_text()
        current = page.locator(NAV_CURRENT).first.inner_text()
        # its links keep the language and presenter mode (also opened in a new tab), and so
        # does going to another page with it
        hrefs = page.locator(NAV_LINKS).evaluate_all("(links) => links.map((a) => a.href)")
        page.locator(NAV_LINKS).filter(has_text="WordPiece").first.click()
        page.wait_for_function("() => location.pathname.endsWith('/wordpiece')", timeout=60_000)
        page.locator("h1", has_text="WordPiece").first.wait_for(timeout=60_000)
        kept = {key: wait_for_param(page, key, value)[key] for key, value in _kept(query).items()}
        page.close()
    opened = [t for t, collapsed in seen if collapsed == "false"]
    shown_for = (opened[-1] - opened[0]) if opened else 0.0
    if "present=1" in query:
        assert shown_for < 300, f"the sidebar was shown open for {shown_for:.0f} ms"
    assert title in names  # the app's menu, translated
    assert title in current  # and the page is marked in it
    assert len(hrefs) == len(ALL_PAGES)
    for href in hrefs:
        assert _kept(query).items() <= _params_of(href).items(), href
    assert kept == _kept(query)


def _kept(query: str) -> dict[str, str]:
    """The app-wide settings of a query (``lang``, ``present``), which every page keeps."""
    params = dict(part.split("=") for part in query.split("&"))
    return {key: value for key, value in params.items() if key in ("lang", "present")}


def _params_of(href: str) -> dict[str, str]:
    return {key: values[-1] for key, values in parse_qs(urlsplit(href).query).items()}


def test_no_tooltip_stays_over_the_speed_after_next(server: str, browser: Any) -> None:
    page, console = _projector(browser, f"{server}/bpe_learn?lang=ko&present=1")
    page.get_by_role("button", name="다음").first.wait_for(timeout=60_000)
    page.get_by_role("button", name="다음").first.click()
    wait_for_param(page, "step", "2")
    page.get_by_role("button", name="다음").first.hover()  # the pointer rests there
    time.sleep(1.5)
    tips = page.locator("[data-testid='stTooltipContent']:visible")
    assert tips.count() == 0, tips.all_inner_texts()
    assert console.errors == [], console.errors
    page.close()


def test_the_zoom_scales_the_page_and_travels_in_the_link(server: str, browser: Any) -> None:
    page, console = _projector(browser, f"{server}/bpe_learn?present=1&zoom=120")
    page.get_by_text("Merge 1:").first.wait_for(timeout=60_000)
    root = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
    assert page.evaluate(root) == pytest.approx(18 * 1.2, abs=0.1)
    assert url_params(page).get("zoom") == "120"
    page.locator("[data-testid='stExpandSidebarButton']").first.click()
    page.get_by_role("button", name="A+").click()
    wait_for_param(page, "zoom", "135")
    page.wait_for_function(f"() => Math.abs({root} - 18 * 1.35) < 0.1", timeout=30_000)
    # the step's chart draws its labels larger too
    page.get_by_role("button", name="A−").click()
    wait_for_param(page, "zoom", "120")  # the rerun redraws the buttons: wait before the next click
    page.get_by_role("button", name="A−").click()
    wait_for_param(page, "zoom", "110")
    page.get_by_role("button", name="A−").click()
    page.wait_for_function("() => !location.search.includes('zoom=')", timeout=30_000)
    assert_no_exception(page)
    assert console.errors == [], console.errors
    page.close()
