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

# Each payload, if it ever ran, would set window.__xss<m> (or open a dialog), where <m> is the
# marker of the entry it was typed into (``{m}`` below): entries filled in the same run are told
# apart, so a failure names the entry.
PAYLOADS = (
    "<script>window.__xss{m}=1;alert({m}1)</script>",
    "<img/src=x/onerror=window.__xss{m}=2;alert({m}2)>",
    "<svg/onload=window.__xss{m}=3;alert({m}3)>",
    "<iframe/srcdoc='<script>parent.__xss{m}=4</script>'></iframe>",
    "<style>*{background:rgb(255,0,0)!important;color:rgb(0,255,0)!important}</style>",
    "[click](javascript:window.__xss{m}=5) <a/href=javascript:window.__xss{m}=6>x</a>",
    "**bold** $x^2$ :red[red] ![img](http://127.0.0.1:9/x{m}.png)",
)
# Markdown that, drawn as markdown, becomes a link or an image to another host (the address
# carries the entry's marker too).
MD_PAYLOADS = (
    "[x](http://evil.example/{m}/link)",
    "![x](http://evil.example/{m}/pixel.png)",
    "http://evil.example/{m}/auto",
    "<http://evil.example/{m}/angle>",
    "www.evil.example/{m}",
    "me{m}@evil.example",
)
MD_COMBINED = " ".join(MD_PAYLOADS)
# typed into every entry: all of them at once, and the image alone (a one-word entry)
MD_TYPED = (MD_COMBINED, MD_PAYLOADS[1])


def marked(payload: str, marker: str) -> str:
    """``payload`` with its marker: ``marked("alert({m}1)", "3") == "alert(31)"``."""
    return payload.replace("{m}", marker)


CORPUS_MARK = "0"
"""The marker of the payloads in the hostile corpus of the link (the entries' start at 1)."""
HOSTILE_CORPUS = marked(
    " ".join(p for p in PAYLOADS if " " not in p) + f" {MD_COMBINED} low lower newest widest",
    CORPUS_MARK,
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
_INJECTED = """() => [...document.querySelectorAll(
  'script:not([src]), iframe[srcdoc], img[src="x"], svg[onload], a[href^="javascript:"]'
)].map((e) => e.outerHTML.slice(0, 120))"""


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
_RAN = "() => Object.keys(window).filter((k) => k.startsWith('__xss'))"


def _check(
    page: Any, dialogs: list[str], style: list[str], inline_scripts: list[str], where: str
) -> None:
    assert dialogs == [], f"a dialog opened after {where}: {dialogs}"
    assert page.evaluate(_RAN) == [], f"a payload ran after {where}: {page.evaluate(_RAN)}"
    injected = page.evaluate(_INJECTED)
    assert len(injected) == len(inline_scripts), f"markup was injected after {where}: {injected}"
    assert page.evaluate(_STYLE) == style, f"the page style changed after {where}"
    assert_no_exception(page)


def _fill_all(page: Any, payload: str) -> dict[str, str]:
    """Type ``payload`` into every editable entry, each with its own marker, each committed
    (Enter, or Ctrl+Enter in a text area) without waiting for the runs in between: the app's
    runs are waited for once, after the last entry (:meth:`Runs.settle`).

    subtle: the entries are filled from the last on the page to the first. A value an entry
    refuses can hide the entries after it (compare's words box is not drawn while its target
    is not a number), never one before it; filled first to last, a run started by one entry
    removed the next one while it was being typed into.

    Returns ``{marker: entry label}`` for the entries filled.
    """
    filled: dict[str, str] = {}
    for index in reversed(range(page.locator(_ENTRIES).count())):
        entry = page.locator(_ENTRIES).nth(index)
        if not entry.count() or not entry.is_editable():
            continue
        marker = str(index + 1)
        filled[marker] = entry.get_attribute("aria-label") or f"entry {index}"
        entry.fill(marked(payload, marker))
        is_area = entry.evaluate("e => e.tagName") == "TEXTAREA"
        entry.press("Control+Enter" if is_area else "Enter")
    return filled


# Each payload goes into every entry of the page in the same run (the same kind of payload
# everywhere, so one cannot hide another; the markers tell the entries apart), then the checks:
# one run per payload instead of one per payload and entry.
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

    many = page.locator(_ENTRIES).count() > 4
    filled: dict[str, str] = {}
    for payload in (*PAYLOADS[::3], *MD_TYPED) if many else (*PAYLOADS, *MD_TYPED):
        since = runs.requested
        typed = _fill_all(page, payload)
        # one run per entry, each stopping the one before: more than one run's time
        runs.settle(page, since, timeout=120)
        filled |= typed
        where = f"typing {payload!r} into {typed} (marker: entry)"
        _check(page, dialogs, style, inline_scripts, where)
        _check_markdown(page, outside, where)
    assert filled  # at least the sidebar's corpus box (the link chose "type")
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
    for value in (marked(v, CORPUS_MARK) for v in (MD_COMBINED, MD_PAYLOADS[1], MD_PAYLOADS[4])):
        params = {"text": f"{value} low lower newest", **dict.fromkeys(texts, value)}
        if LINK_PAGES[path].ties:
            image, link = (marked(v, CORPUS_MARK) for v in MD_PAYLOADS[1::-1])
            params["ties"] = f'[[1, "{image}", "{link}"]]'
        params[marked(MD_PAYLOADS[1], CORPUS_MARK)] = "1"  # an unknown part, listed on the page
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
