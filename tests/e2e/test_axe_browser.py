"""axe-core (WCAG 2 A/AA rules) on every page and every tab, light and dark, in a real browser.

The ``axe-playwright-python`` package ships axe-core (``axe.min.js``): nothing is downloaded at
run time. One server and one browser context serve the whole module, and one browser tab goes
from page to page through the app's own menu (a page switch in the same session: a page load
costs several times more, :func:`_open`); on each page its tabs are clicked in turn in the
light theme, then the browser's colour scheme is switched to dark (the app follows it at once,
as Streamlit's "system" theme does, and a rerun gives the server the new theme for the chart
text) and the tabs are checked again, last to first: every (theme, tab) state is checked
once, with one page switch per page instead of one page load per theme. The light pass runs
every WCAG rule; the dark pass runs the ones about colour (axe's ``cat.color`` tag: text
contrast, links told apart by colour alone), since the theme changes only colours: the page's
markup is the same (the app reads the theme for one thing, the charts' text colour:
``ui.app.common``), and a contrast check is most of axe's time.
Presenter mode (``present=1``: larger type, settings folded) is checked on the algorithm
pages in both themes the same way, and the Chinese and Korean interfaces (``lang=zh``,
``lang=ko``) on three pages in the light theme: one page load per language, no tabs.
(A planted fault still fails on a page reached through the menu: a dark-only low contrast
rule in ``ui.draw.html``'s styles failed the gallery, glossary and wordpiece tests, dark
states only.)

A violation counts unless it is on markup Streamlit draws itself and the app cannot change;
those are listed in :data:`STREAMLIT_OWN` by rule and selector, each with its reason (the
docs/REFERENCE.md's "Accessibility" section repeats them).

Needs Debian's headless Chromium and the playwright package; the server and
browser fixtures come from tests/e2e/conftest.py.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import NAV_LINKS, SHOTS, Console, Runs, assert_no_exception

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# (axe rule, CSS selector) -> why it is left out. A node is left out when it or an ancestor
# matches the selector and the violation is of that rule, nothing else.
STREAMLIT_OWN: dict[tuple[str, str], str] = {
    # none now: st.navigation's menu (<div> inside <ul>, flagged by "list" and "listitem") is
    # off; the app draws its own with st.page_link (ui.app.menu)
}

# url path -> the page's tabs by link id (clicked in turn, by label); pages without tabs: {}
PAGES: dict[str, dict[str, str]] = {
    "": {},
    "gallery": {},
    "glossary": {},
    "exercises": {},
    "bpe_learn": {},
    "bpe_encode": {},
    "bpe_variants": {},
    "byte_level": {},
    "gage": {},
    "wordpiece": {},
    "unigram": {},
    "compare": {},
    "cost": {},
    "parity": {},
    "pretrained": {},
}


def _tabs() -> None:
    """Fill in the tabbed pages from the pages' own tab tables (a new tab is checked too)."""
    from ui.views.bpe_variants.settings import TAB_IDS as FAMILY
    from ui.views.byte_level.settings import TAB_IDS as BYTE_LEVEL
    from ui.views.unigram.params import TAB_IDS as UNIGRAM
    from ui.views.wordpiece.settings import TAB_IDS as WORDPIECE

    PAGES.update(bpe_variants=FAMILY, byte_level=BYTE_LEVEL, wordpiece=WORDPIECE, unigram=UNIGRAM)


_tabs()

PRESENTER_PAGES = ("bpe_learn", "wordpiece", "unigram", "compare")
"""Checked again in presenter mode: the algorithm pages, whose settings fold away."""

LANGUAGE_PAGES = ("", "bpe_learn", "glossary")
"""Checked again in Chinese and Korean: the start page, a step page, the glossary's three
languages side by side."""

# axe runs in the page; the nodes of a listed (rule, selector) are dropped there, where the
# selector can be matched against the node itself.
_RUN_AXE = """async ([tags, own, colourOnly]) => {
  let runOnly = {type: "tag", values: tags};
  if (colourOnly) {
    const ids = axe.getRules(tags).filter((r) => r.tags.includes("cat.color")).map((r) => r.ruleId);
    if (!ids.length) throw new Error("axe has no colour rule among " + tags);
    runOnly = {type: "rule", values: ids};
  }
  const result = await axe.run(document, {runOnly, resultTypes: ["violations"]});
  const out = [];
  for (const v of result.violations) {
    const sels = own.filter(([rule]) => rule === v.id).map(([, sel]) => sel);
    const nodes = v.nodes.filter((n) => {
      const el = n.target.length === 1 ? document.querySelector(n.target[0]) : null;
      return !(el && sels.some((s) => el.closest(s)));
    });
    if (nodes.length) {
      out.push({id: v.id, help: v.help, nodes: nodes.map((n) => ({
        target: n.target.join(" "), html: n.html.slice(0, 200),
        why: [...n.any, ...n.all, ...n.none].map((c) => c.message).join("; ")}))});
    }
  }
  return out;
}"""


def _axe_script() -> str:
    from axe_playwright_python.base import AXE_SCRIPT

    return AXE_SCRIPT


def _settled(page: Any, timeout: float = 90.0) -> None:
    """Wait until the run has finished: no running indicator, no stale element, no element
    still a placeholder (Streamlit draws a skeleton while an element's code loads: the
    sidebar's menu links, on a busy machine, came after the main area), the charts that are
    shown drawn (one in a closed box or tab is drawn only when opened).

    Checked every quarter second until three checks in a row (half a second) find the page
    quiet, so a run that is about to start again (a link written into the address bar, a
    fragment) is not taken for the end.
    """
    page.locator("h1").first.wait_for(timeout=60_000)
    quiet = 0
    deadline = time.monotonic() + timeout
    while True:
        busy = page.evaluate(
            """() => !document.querySelector('[data-test-script-state="notRunning"]')
              || !!document.querySelector('[data-testid="stStatusWidget"]')
              || !!document.querySelector('[data-stale="true"]')
              || !!document.querySelector('[data-testid^="stSkeleton"], [data-testid$="Skeleton"]')
              || [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
                   .some((c) => c.checkVisibility() && !c.querySelector("svg, canvas"))"""
        )
        quiet = 0 if busy else quiet + 1
        if quiet >= 3:
            return
        assert time.monotonic() < deadline, "the page did not settle"
        page.wait_for_timeout(250)


_BACKGROUND = (
    "() => getComputedStyle(document.querySelector('[data-testid=\"stApp\"]')).backgroundColor"
)


_DARK = "() => matchMedia('(prefers-color-scheme: dark)').matches"


def _switch_theme(page: Any, runs: Runs, theme: str, *, rerun: bool = True) -> None:
    """Switch the browser's colour scheme to ``theme`` without reloading the page.

    The app follows the browser's scheme (Streamlit's "system" theme listens to the media
    query), so its colours change at once; the server reads the theme (``st.context.theme``,
    the charts' text colour) with the next run, so one rerun is asked for (the ``r`` key) and
    waited for: the page is then drawn as a fresh load in that theme draws it. Without
    ``rerun`` the caller's next action runs the script (a page switch through the menu).
    """
    before = page.evaluate(_BACKGROUND)
    page.emulate_media(color_scheme=theme)
    page.wait_for_function(f"() => ({_BACKGROUND})() !== {before!r}", timeout=15_000)
    if not rerun:
        return
    since = runs.requested
    page.keyboard.press("r")
    runs.settle(page, since)
    _settled(page)


def axe_violations(page: Any, *, colour_only: bool = False) -> list[dict[str, Any]]:
    """axe-core's WCAG 2 A/AA violations on the page, without :data:`STREAMLIT_OWN`'s nodes;
    with ``colour_only``, of the rules about colour alone (the second theme's pass)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_script())
    own = [list(k) for k in STREAMLIT_OWN]
    return page.evaluate(_RUN_AXE, [WCAG_TAGS, own, colour_only])


def _report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']}: {v['help']}")
        lines += [f"    {n['target']}\n      {n['html']}\n      {n['why']}" for n in v["nodes"]]
    return "\n".join(lines)


def _check(page: Any, where: str, shot: str, *, theme: str = "light") -> dict[str, str]:
    """axe on the page as it is: ``{where: report}`` (and a screenshot) if it finds anything;
    every rule in the first of :data:`THEMES`, the colour rules in the second."""
    violations = axe_violations(page, colour_only=theme != THEMES[0])
    if not violations:
        return {}
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"axe_{shot}.png"))
    return {where: _report(violations)}


THEMES = ("light", "dark")
"""Every state is checked in both; the page opens in the first (every rule), then switches to
the second (the colour rules)."""


@pytest.fixture(scope="module")
def light(browser: Any) -> Iterator[Any]:
    """One light-theme browser context for the module (a page switches to dark by itself)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, color_scheme="light")
    yield context
    context.close()


class _Tab:
    """A browser tab kept from one test to the next (see :func:`_open`)."""

    def __init__(self, page: Any, query: str) -> None:
        self.page, self.query = page, query
        self.console, self.runs = Console(page), Runs(page)


@pytest.fixture(scope="module")
def kept(light: Any) -> Iterator[dict[str, _Tab]]:
    """The module's kept tab (closed with the context)."""
    yield {}


def _open(light: Any, kept: dict[str, _Tab], server: str, path: str, query: str = "") -> _Tab:
    """The page at ``path`` (with ``query``: ``lang=zh``), settled, in the light theme.

    A page load is the most expensive thing a browser test does (a new tab: a new renderer,
    Streamlit's whole frontend started again, a new session), so the tab is kept: the next
    test whose link is the same (``query``) switches the theme back to light and goes to its
    page through the app's menu (``ui.app.menu``), as a reader does, in the same session; the
    page is drawn by a fresh run of its script, in the light theme, with the same state as a
    fresh load (the tests before it change no setting, only tabs and the theme). A tab with
    another ``query``, a closed one, or one already on ``path`` is replaced by a fresh load.
    """
    tab = kept.get("tab")
    if tab is not None and not tab.page.is_closed() and tab.query == query:
        page = tab.page
        here = urlsplit(page.evaluate("location.href")).path.strip("/")
        link = page.locator(f"{NAV_LINKS}[href='{path}']")
        if here != path and link.count():
            if page.evaluate(_DARK):
                _switch_theme(page, tab.runs, "light", rerun=False)
            tab.console.errors.clear()  # (the test before has checked them)
            since = tab.runs.requested
            link.first.click()
            page.wait_for_function(
                f"() => location.pathname.replace(/^\\/|\\/$/g, '') === {path!r}"
            )
            tab.runs.settle(page, since)
            _settled(page)
            return tab
    if tab is not None and not tab.page.is_closed():
        tab.page.close()
    tab = kept["tab"] = _Tab(light.new_page(), query)
    tab.page.goto(f"{server}/{path}{'?' + query if query else ''}")
    _settled(tab.page)
    return tab


def _check_tabs(
    page: Any, runs: Runs, path: str, theme: str, labels: list[str | None]
) -> dict[str, str]:
    """axe on each tab of ``labels`` in turn (``None``: the tab open now), in ``theme``."""
    found: dict[str, str] = {}
    for label in labels:
        if label is not None:
            tab = page.get_by_role("tab", name=label, exact=True)
            if tab.get_attribute("aria-selected") != "true":
                since = runs.requested
                tab.click()
                expect(tab).to_have_attribute("aria-selected", "true")
                runs.settle(page, since)
                _settled(page)
        shot = f"{path or 'home'}_{theme}_{[*PAGES[path].values()].index(label) if label else 0}"
        where = f"{path or 'home'} ({theme}{', tab ' + label if label else ''})"
        found |= _check(page, where, shot, theme=theme)
    return found


@pytest.mark.parametrize("path", list(PAGES))
def test_axe_finds_no_wcag_violation_on_the_page_and_its_tabs(
    server: str, light: Any, kept: dict[str, _Tab], path: str
) -> None:
    tab = _open(light, kept, server, path)
    page, runs = tab.page, tab.runs
    tabs: list[str | None] = list(PAGES[path].values()) or [None]
    found: dict[str, str] = {}
    for theme in THEMES:
        if theme != THEMES[0]:
            _switch_theme(page, runs, theme)
            tabs.reverse()  # from the tab open now: one click fewer
        found |= _check_tabs(page, runs, path, theme, tabs)
    assert_no_exception(page)
    assert not found, "\n\n".join(f"== {k}\n{v}" for k, v in found.items())
    assert tab.console.errors == [], tab.console.errors


def test_every_page_of_the_navigation_is_checked(
    server: str, light: Any, kept: dict[str, _Tab]
) -> None:
    page = _open(light, kept, server, "").page
    # the menu is drawn with the sidebar, which may come after the main area on a busy
    # machine (a quiet page with no menu yet failed here once: ``set() == {...}``)
    page.locator(NAV_LINKS).nth(len(PAGES) - 1).wait_for(state="attached", timeout=60_000)
    hrefs = page.locator(NAV_LINKS).evaluate_all("(links) => links.map((a) => a.href)")
    assert {urlsplit(h).path.strip("/") for h in hrefs} == set(PAGES)


_PLANT = """() => {
  const box = document.createElement("div");
  box.id = "sw-planted";
  box.style.cssText = "position: fixed; top: 0; left: 0; z-index: 999999; background: #999";
  box.innerHTML = '<p class="sw-planted" style="color: #888">faint text</p>'
    + '<img class="sw-planted" src="data:," width="8" height="8">';
  document.body.appendChild(box);
}"""


def test_the_second_themes_pass_runs_the_colour_rules_alone(
    server: str, light: Any, kept: dict[str, _Tab]
) -> None:
    """A planted faint paragraph and an image without ``alt``: every rule finds both, the
    colour rules (the dark pass) find the faint text alone."""
    page = _open(light, kept, server, "").page
    page.evaluate(_PLANT)
    try:
        every = {v["id"] for v in axe_violations(page) if "sw-planted" in str(v)}
        colour = {v["id"] for v in axe_violations(page, colour_only=True) if "sw-planted" in str(v)}
    finally:
        page.evaluate("() => document.getElementById('sw-planted').remove()")
    assert every == {"color-contrast", "image-alt"}
    assert colour == {"color-contrast"}


@pytest.mark.parametrize("path", PRESENTER_PAGES)
def test_axe_finds_no_wcag_violation_in_presenter_mode(server: str, light: Any, path: str) -> None:
    page = light.new_page()
    console = Console(page)
    runs = Runs(page)
    page.goto(f"{server}/{path}?present=1")
    _settled(page)
    found: dict[str, str] = {}
    for theme in THEMES:
        if theme != THEMES[0]:
            _switch_theme(page, runs, theme)
        # presenter mode is on: its larger type (its style may land a moment after the page
        # settles on a busy machine), and the page's settings folded into a closed box
        size = "getComputedStyle(document.documentElement).fontSize"
        with contextlib.suppress(Exception):
            page.wait_for_function(f"{size} === '18px'", timeout=15_000)
        assert page.evaluate(size) == "18px", theme
        boxes = page.locator('[data-testid="stMain"] [data-testid="stExpander"] details')
        assert boxes.count() >= 1, theme
        expect(
            page.locator('[data-testid="stMain"] [data-testid="stExpander"] details[open]')
        ).to_have_count(0)
        found |= _check(
            page, f"{path} (presenter, {theme})", f"{path}_present_{theme}", theme=theme
        )
    assert_no_exception(page)
    page.close()
    assert not found, "\n\n".join(f"== {k}\n{v}" for k, v in found.items())
    assert console.errors == [], console.errors


@pytest.mark.parametrize(
    ("path", "lang"),
    [(path, lang) for lang in ("zh", "ko") for path in LANGUAGE_PAGES],
    ids=[f"{path}-{lang}" for lang in ("zh", "ko") for path in LANGUAGE_PAGES],
)
def test_axe_finds_no_wcag_violation_in_the_translated_interface(
    server: str, light: Any, kept: dict[str, _Tab], path: str, lang: str
) -> None:
    from ui.app.i18n import HTML_LANG

    tab = _open(light, kept, server, path, f"lang={lang}")
    page = tab.page
    # the page says its language (Streamlit's own <html> says "en"; ui.app.i18n sets it)
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    found = _check(page, f"{path or 'home'} ({lang})", f"{path or 'home'}_{lang}")
    assert_no_exception(page)
    assert not found, "\n\n".join(f"== {k}\n{v}" for k, v in found.items())
    assert tab.console.errors == [], tab.console.errors
