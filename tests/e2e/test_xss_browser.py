"""Hostile text in every text entry of every page: no script runs, the page style stays.

The corpus of every page is set to hostile words through a shareable link (``?text=``),
then every text box and text area on the page gets a hostile payload in turn. After each
one: no dialog opened, no payload set its flag on ``window``, no element got injected
``<script>``/``<iframe>``/``<img src=x>``, the page's colours are unchanged, and no
exception box appeared.

Markdown payloads (links, images, autolinks, e-mail links) go in the same way, and into every
text parameter of every page's link (``ui.app.share.PAGES``): after each, no request has left
127.0.0.1 (an image is fetched as soon as it is drawn: a tracking pixel) and no ``<a>`` or
``<img>`` pointing to another host is drawn in the main area or the sidebar.

Streamlit's ``st.html`` sanitises too; this test is the guard against a page that renders
user text with ``unsafe_allow_html`` or a component (checked: with ``ui.draw.html.esc`` disabled
and ``show_html`` switched to ``st.markdown(..., unsafe_allow_html=True)`` it fails at once).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import pytest

from tests.e2e.conftest import SHOTS, Runs, assert_no_exception
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
# typed into every entry: all of them at once, and the image alone (a one-word entry)
MD_TYPED = (MD_COMBINED, MD_PAYLOADS[1])
HOSTILE_CORPUS = (
    " ".join(p for p in PAYLOADS if " " not in p) + f" {MD_COMBINED} low lower newest widest"
)
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
_INJECTED = """() => document.querySelectorAll(
  'script:not([src]), iframe[srcdoc], img[src="x"], svg[onload], a[href^="javascript:"]'
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


@pytest.mark.parametrize("path", PAGES)
def test_hostile_text_everywhere_stays_text(server: str, browser: Any, path: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 2000})
    outside = _watch_requests(page)
    runs = Runs(page)
    page.goto(f"{server}/{path}?text={quote(HOSTILE_CORPUS)}")
    page.get_by_text("Corpus", exact=True).first.wait_for(timeout=60_000)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.locator("textarea[aria-label='Your corpus']").wait_for(timeout=60_000)
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=60_000)
    runs.settle(page, 0)
    # Streamlit's own inline scripts (if any) are the baseline; payloads must not add to it.
    inline_scripts = page.evaluate(_INJECTED)
    style = page.evaluate(_STYLE)
    _check(page, dialogs, style, inline_scripts, "loading a hostile corpus")
    _check_markdown(page, outside, "loading a hostile corpus")

    entries = page.locator(_ENTRIES)
    count = entries.count()
    filled = 0
    for index in range(count):
        entry = page.locator(_ENTRIES).nth(index)
        if not entry.count() or not entry.is_editable():
            continue
        label = entry.get_attribute("aria-label") or f"entry {index}"
        filled += 1
        for payload in (*PAYLOADS[::3], *MD_TYPED) if count > 4 else (*PAYLOADS, *MD_TYPED):
            entry.fill(payload)
            is_area = entry.evaluate("e => e.tagName") == "TEXTAREA"
            since = runs.requested
            entry.press("Control+Enter" if is_area else "Enter")
            runs.settle(page, since)
            _check(page, dialogs, style, inline_scripts, f"typing into “{label}”")
            _check_markdown(page, outside, f"typing {payload!r} into “{label}”")
    assert filled >= 1  # at least the sidebar's corpus box (the link chose "type")
    page.screenshot(path=str(SHOTS / f"xss_{path or 'home'}.png"), full_page=True)
    page.close()


def _text_params(path: str) -> list[str]:
    """The link parameters of a page that carry free text."""
    return [k for k in LINK_PAGES[path].params if PARAMS[k].kind == "str"]


# Every page with settings in its link, each loaded with markdown in every text parameter:
# all payloads at once, then the image alone and an autolink alone (values without spaces,
# for settings that refuse spaces). The tie choices and an unknown parameter's name carry
# markdown too (both are quoted or listed on the page).
@pytest.mark.parametrize("path", sorted(LINK_PAGES))
def test_markdown_in_every_link_text_stays_text(server: str, browser: Any, path: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 2000})
    outside = _watch_requests(page)
    runs = Runs(page)
    texts = _text_params(path)
    for value in (MD_COMBINED, MD_PAYLOADS[1], MD_PAYLOADS[4]):
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
        assert_no_exception(page)
        _check_markdown(page, outside, where)
    page.screenshot(path=str(SHOTS / f"xss_md_link_{path}.png"), full_page=True)
    page.close()
