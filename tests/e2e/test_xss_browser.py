"""Hostile text in every text entry of every page: no script runs, the page style stays.

The corpus of every page is set to hostile text through a shareable link (``?text=``: the
sidebar's corpus box, as if typed there), then every other text box and text area on the page
gets hostile text in turn. After each one: no
dialog opened, no payload set its flag on ``window``, no element got injected
``<script>``/``<iframe>``/``<img src=x>``, the page's colours are unchanged, no request left
127.0.0.1 (an image is fetched as soon as it is drawn: a tracking pixel), no ``<a>`` or
``<img>`` pointing to another host is drawn in the main area or the sidebar, and no exception
box appeared. The same markdown and HTML go into every text parameter of every page's link
(``ui.app.share.PAGES``), its tie choices and an unknown parameter's name.

Every attack at once. Each typed value costs a full run of the page and a redraw, and the
browser's redraw is most of this module's time, so an entry gets every attack in one value
(:data:`SPACED`: the markdown ones first, then the HTML ones, separated by spaces) instead of
one value per attack. It checks what one value per attack checked:

- each attack has a marker of its own that the checks read after every value, and nothing
  in the combined value switches another attack off: every HTML payload is a closed element
  (``<script>…</script>``, ``<iframe …></iframe>``, ``<style>…</style>``, a self-contained
  ``<img>``/``<svg>``/``<a>``), so in a raw-HTML sink each still sets ``window.__xss`` (2, 3,
  6), adds an element :data:`_INJECTED` counts (1, 4, 6) or changes the colours (the style);
- the markdown attacks come first, so a sink that parses markdown sees them in a paragraph:
  an HTML payload at the start of a line would open an HTML block in which markdown is not
  parsed, and a markdown sink would then pass without drawing the foreign link or image;
- every word of :data:`SPACED` is short (the longest is 83 characters), as each payload was
  on its own, so a view that takes words one by one (and refuses a long word) reaches its
  sink with every attack as before.

A one-line box may refuse spaces (the end-of-word marker, the continuation prefix, the
variants page's word): it also gets :data:`LONG_WORD`, every attack without a space in one
word, and :data:`SHORT_WORD`, a script handler and a foreign image in at most
:data:`SHORT_LIMIT` characters, for a view that refuses a longer word (the variants page's
BPE-dropout word). A text area takes spaces and lines: it gets :data:`SPACED` only.

Streamlit's ``st.html`` sanitises too; this test is the guard against a page that renders
user text with ``unsafe_allow_html`` or a component (checked: with ``ui.draw.html.esc`` disabled
and ``show_html`` switched to ``st.markdown(..., unsafe_allow_html=True)`` it fails at once;
with the variants page's dropout word drawn as markdown without ``md_escape``, it fails on
the foreign image the page requests).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import pytest

from tests.e2e.conftest import Runs, assert_no_exception, success_shot
from ui.app.share import PAGES as LINK_PAGES
from ui.app.share import PARAMS

# Each payload, if it ever ran, would set window.__xss (or open a dialog).
PAYLOADS = (
    "<script>window.__xss=1;alert(1)</script>",
    "<img/src=x/onerror=window.__xss=2;alert(2)>",
    "<svg/onload=window.__xss=3;alert(3)>",
    "<iframe/srcdoc='<script>parent.__xss=4</script>'></iframe>",
    "<style>*{background:rgb(255,0,0)!important;color:rgb(0,255,0)!important}</style>",
    "[click](javascript:window.__xss=5) <a/href=javascript:window.__xss=6>x</a>",
    "**bold** $x^2$ :red[red] ![img](http://127.0.0.1:9/x.png)",
)
# Markdown that, drawn as markdown, becomes a link or an image to another host.
MD_PAYLOADS = (
    "[x](http://evil.example/link)",
    "![x](http://evil.example/pixel.png)",
    "http://evil.example/auto",
    "<http://evil.example/angle>",
    "www.evil.example",
    "me@evil.example",
)
MD_COMBINED = " ".join(MD_PAYLOADS)
# Every attack in one value: the markdown first (see the module's docstring), then the HTML.
SPACED = f"{MD_COMBINED} {' '.join(PAYLOADS)}"
# Every attack without its spaces, in one word; a "(" before each link keeps it a link
# (a bare address is linked only after a space, "(" or the start of the line).
LONG_WORD = "(".join(w for p in (*MD_PAYLOADS, *PAYLOADS) for w in p.split(" "))
# A script handler and a foreign image that a view refusing words over 40 characters takes
SHORT_LIMIT = 40
SHORT_WORD = "![](//evil.example)<svg/onload=__xss=7>"
assert len(SHORT_WORD) <= SHORT_LIMIT and " " not in LONG_WORD
assert max(len(w) for w in SPACED.split(" ")) < 100  # the encode views' word limit
# The corpus, through the link: the same text area, the same sink as typing it there.
HOSTILE_CORPUS = f"{SPACED} low lower newest widest"
_CORPUS = "textarea[aria-label='Your corpus']"
# The projector's size. subtle: the checks do not depend on what is on screen: an image is
# fetched wherever it is on the page (Streamlit draws none lazily: a planted image 9,000 px
# below a 1024 x 768 view was requested at once), the DOM checks read every element, and
# playwright scrolls an entry into view to type in it; a larger view only made the browser
# paint more of every page.
VIEWPORT = {"width": 1024, "height": 768}
# Links that the app itself draws to another host, if any (the glossary's are relative).
ALLOWED_HOSTS: frozenset[str] = frozenset()

PAGES = (
    "bpe_learn",
    "bpe_encode",
    "bpe_variants",
    "byte_level",
    "gage",
    "wordpiece",
    "unigram",
    "compare",
    "cost",
    "parity",
    "gallery",
    "",
)

_STYLE = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const h1 = document.querySelector('h1');
  return [getComputedStyle(document.body).backgroundColor, getComputedStyle(main).backgroundColor,
          h1 ? getComputedStyle(h1).color : ''];
}"""
# (ui.app.i18n's inline scripts, <html lang>, are marked data-sw-lang: one or two per page;
# the one other inline script, on every page, is the baseline :func:`clean` counts)
_INJECTED = """() => document.querySelectorAll(
  'script:not([src]):not([data-sw-lang]), iframe[srcdoc], img[src="x"], svg[onload],'
  + ' a[href^="javascript:"]'
).length"""


_FOREIGN = """() => {
  const out = [];
  for (const root of document.querySelectorAll(
      '[data-testid="stMain"], [data-testid="stSidebar"]')) {
    for (const el of root.querySelectorAll('a[href], img[src], image, source[srcset]')) {
      const raw = el.getAttribute('href') || el.getAttribute('src') || el.getAttribute('srcset')
        || el.getAttribute('xlink:href') || '';
      // the app's own QR codes (ui.draw.qr.qr_img_html): drawn here, from a data: address
      if (el.matches('img.sw-qr, img.sw-class-qr')
          && raw.startsWith('data:image/svg+xml;base64,')) continue;
      let host;
      try { host = new URL(raw, location.href).host; } catch (e) { host = '?' + raw; }
      if (host !== location.host) out.push(el.tagName + ' ' + raw + ' @' + host);
    }
  }
  return out;
}"""


def _watch_requests(page: Any) -> list[str]:
    """Every request for another host than the app's is recorded and refused."""
    outside: list[str] = []

    def route(r: Any) -> None:
        if urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on(
        "request",
        lambda req: (
            urlsplit(req.url).hostname in ("127.0.0.1", None)
            or req.url.startswith("data:")
            or outside.append(req.url)
        ),
    )
    return outside


def _check_markdown(page: Any, outside: list[str], where: str) -> None:
    assert outside == [], f"requests left 127.0.0.1 after {where}: {outside}"
    foreign = [f for f in page.evaluate(_FOREIGN) if f.rsplit("@", 1)[-1] not in ALLOWED_HOSTS]
    assert foreign == [], f"links or images to another host after {where}: {foreign}"


_ENTRIES = "textarea:visible, input[type='text']:visible:not([role='combobox'])"


def _check(
    page: Any, dialogs: list[str], style: list[str], inline_scripts: int, where: str
) -> None:
    assert dialogs == [], f"a dialog opened after {where}"
    assert page.evaluate("() => window.__xss") is None, f"a payload ran after {where}"
    assert page.evaluate(_INJECTED) == inline_scripts, f"markup was injected after {where}"
    assert page.evaluate(_STYLE) == style, f"the page style changed after {where}"
    assert_no_exception(page)


@pytest.fixture(scope="module")
def clean(server: str, browser: Any) -> tuple[list[str], int]:
    """The page's colours and Streamlit's own inline scripts on a page opened without any
    hostile text: what every page must still show after hostile text (the colours are the
    theme's, the same on every page)."""
    page = browser.new_page(viewport=VIEWPORT)
    runs = Runs(page)
    page.goto(f"{server}/bpe_learn")
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=60_000)
    runs.settle(page, 0)
    found = page.evaluate(_STYLE), page.evaluate(_INJECTED)
    page.close()
    return found


@pytest.mark.parametrize("path", PAGES)
def test_hostile_text_everywhere_stays_text(
    server: str, browser: Any, clean: tuple[list[str], int], path: str
) -> None:
    style, inline_scripts = clean
    page = browser.new_page(viewport=VIEWPORT)
    outside = _watch_requests(page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    runs = Runs(page)
    page.goto(f"{server}/{path}?text={quote(HOSTILE_CORPUS)}")
    page.get_by_text("Corpus", exact=True).first.wait_for(timeout=60_000)
    page.locator(_CORPUS).wait_for(timeout=60_000)
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=60_000)
    runs.settle(page, 0)
    _check(page, dialogs, style, inline_scripts, "loading a hostile corpus")
    _check_markdown(page, outside, "loading a hostile corpus")

    # the sidebar's corpus box holds the hostile text (the link chose "type"); it is not
    # typed into again: that would be one more run of the same text through the same sink
    assert page.locator(_CORPUS).input_value() == HOSTILE_CORPUS
    for index in range(page.locator(_ENTRIES).count()):
        entry = page.locator(_ENTRIES).nth(index)
        if not entry.count() or not entry.is_editable():
            continue
        label = entry.get_attribute("aria-label") or f"entry {index}"
        if label == "Your corpus":
            continue
        is_area = entry.evaluate("e => e.tagName") == "TEXTAREA"
        for payload in (SPACED,) if is_area else (SPACED, LONG_WORD, SHORT_WORD):
            entry.fill(payload)
            since = runs.requested
            entry.press("Control+Enter" if is_area else "Enter")
            runs.settle(page, since)
            _check(page, dialogs, style, inline_scripts, f"typing {payload!r} into “{label}”")
            _check_markdown(page, outside, f"typing {payload!r} into “{label}”")
    success_shot(page, f"xss_{path or 'home'}")
    page.close()


def _text_params(path: str) -> list[str]:
    """The link parameters of a page that carry free text."""
    return [k for k in LINK_PAGES[path].params if PARAMS[k].kind == "str"]


# Link parameters whose views refuse a value with spaces (``isspace`` in ui/views) and take
# a long word: the end-of-word marker, the continuation prefix. (Unigram's word to segment
# refuses spaces too, but its tab is not open here, and a word over 200 characters.)
SPACE_FREE_PARAMS = frozenset({"bpe_marker", "wp_prefix"})


# Every page with settings in its link, loaded with every attack in every text parameter,
# spaced; a page whose link holds a setting that refuses spaces is loaded again with every
# attack as one word (LONG_WORD: no link parameter has a shorter limit). The tie choices and
# an unknown parameter's name carry markdown too (both are quoted or listed on the page).
@pytest.mark.parametrize("path", sorted(LINK_PAGES))
def test_markdown_in_every_link_text_stays_text(
    server: str, browser: Any, clean: tuple[list[str], int], path: str
) -> None:
    style, inline_scripts = clean
    page = browser.new_page(viewport=VIEWPORT)
    outside = _watch_requests(page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    runs = Runs(page)
    texts = _text_params(path)
    assert set(PARAMS) >= SPACE_FREE_PARAMS
    for value in (SPACED, LONG_WORD) if SPACE_FREE_PARAMS & set(texts) else (SPACED,):
        params = {"text": f"{value} low lower newest", **dict.fromkeys(texts, value)}
        if LINK_PAGES[path].ties:
            params["ties"] = f'[[1, "{MD_PAYLOADS[1]}", "{MD_PAYLOADS[0]}"]]'
        params[MD_PAYLOADS[1]] = "1"  # an unknown part: its name is listed on the page
        since = runs.requested
        page.goto(f"{server}/{path}?{urlencode(params)}")
        page.get_by_text("Corpus", exact=True).first.wait_for(timeout=60_000)
        page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=60_000)
        runs.settle(page, since)
        where = f"opening {path} with {value!r} in {['text', *texts]}"
        _check(page, dialogs, style, inline_scripts, where)
        _check_markdown(page, outside, where)
    success_shot(page, f"xss_md_link_{path}")
    page.close()
