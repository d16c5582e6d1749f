"""Strings as character boxes: every new symbol keeps one colour on the whole page.

The same colours in the strings, the table and the decompression; also the small words the
step's sentences share (a symbol, a pair, a list, a number of characters).

Example:
    >>> "sw-c0" in string_html("Zab", {"Z": 0})
    True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ui.app.i18n import translator
from ui.draw.html import esc, sr_html, visible_whitespace
from ui.views.gage.settings import SHOW_CHARS

__all__ = ["string_html"]

t = translator("gage")


# Character boxes: plain characters get a grey border, new symbols their palette colour.
_CSS = (
    "<style>.sw-gage-plain{border-color:rgba(128,128,128,.65)}"
    ".sw-gage-str{font-size:1.15em}"
    ".sw-gage-row{display:flex;gap:.6em;align-items:flex-end;flex-wrap:wrap;margin:.35em 0}"
    ".sw-gage-what{min-width:4.5em;font-weight:600}"
    ".sw-table td.sw-gage-wrap .sw-tok{white-space:pre-wrap;word-break:break-all}</style>"
)


def _sym(symbol: str) -> str:
    return f"<code>{esc(visible_whitespace(symbol))}</code>"


def _pair(pair: tuple[str, str] | str) -> str:
    return f"<code>{esc(visible_whitespace(pair[0] + pair[1]))}</code>"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("{some} and {last}").format(some=t(", ").join(items[:-1]), last=items[-1])


def _chars(n: int) -> str:
    return t.n("{n} character", "{n} characters", n).format(n=n)


def _pair_label(pair: tuple[str, str]) -> str:
    return f"{visible_whitespace(pair[0])} + {visible_whitespace(pair[1])}"


# --------------------------------------------------------------------------------------
# Strings as character boxes
# --------------------------------------------------------------------------------------


def _colours(table: Mapping[str, str]) -> dict[str, int]:
    return {symbol: i for i, symbol in enumerate(table)}


def string_html(
    text: str,
    colours: Mapping[str, int],
    *,
    groups: Collection[int] = (),
    highlight: Collection[int] = (),
    label: str | None = None,
    limit: int = SHOW_CHARS,
) -> str:
    """A string as one box per character (HTML, escaped).

    Args:
        text: the string.
        colours: new symbol -> palette index; other characters get a plain grey box.
        groups: indices where a pair starts; the pair is drawn as one highlighted box
            (the copies about to be replaced).
        highlight: indices of single characters to highlight (symbols just written).
        label: the small label above highlighted boxes (shown in capitals); by default
            "new" in the session's language.
        limit: draw at most this many characters, then say how many more there are.

    >>> html_ = string_html("ZabZ", {"Z": 0}, groups=[1])
    >>> html_.count("sw-tok "), "sw-c0" in html_, "sw-tok-hl" in html_
    (3, True, True)
    """
    if label is None:
        label = t("new")
    starts, marked = set(groups), set(highlight)
    boxes: list[str] = []
    i = 0
    shown = min(len(text), limit)
    while i < shown:
        width = 2 if i in starts and i + 1 < len(text) else 1
        piece = text[i : i + width]
        classes = ["sw-tok"]
        classes.append(f"sw-c{colours[piece]}" if piece in colours else "sw-gage-plain")
        head = role = ""
        if width == 2 or i in marked:
            classes.append("sw-tok-hl")
            # screen readers: the box's text, then its role ("ab, pair"), the label once
            head = f'<span class="sw-tok-label" aria-hidden="true">{esc(label)}</span>'
            role = sr_html(f", {label}")
        body = "".join(
            f'<span class="sw-ws">{esc(visible_whitespace(ch))}</span>'
            if ch != visible_whitespace(ch)
            else esc(ch)
            for ch in piece
        )
        title = (
            t("character {n}").format(n=i + 1)
            if width == 1
            else t("characters {a}–{b}").format(a=i + 1, b=i + 2)
        )
        boxes.append(
            f'<span class="{" ".join(classes)}" title="{esc(title)}">{head}'
            f'<span class="sw-tok-text">{body}</span>{role}</span>'
        )
        i += width
    more = ""
    if len(text) > shown:
        more = (
            ' <span class="sw-small">'
            + esc(t("… and {n} more characters").format(n=len(text) - shown))
            + "</span>"
        )
    if not text:
        boxes.append(f'<span class="sw-empty">{esc(t("(empty)"))}</span>')
    return f'<span class="sw-tokens sw-gage-str">{"".join(boxes)}</span>{more}'


def _piece_html(text: str) -> str:
    """A piece of the original text as one plain box (escaped, whitespace made visible)."""
    return (
        f'<span class="sw-tok sw-gage-plain"><span class="sw-tok-text">'
        f"{esc(visible_whitespace(text))}</span></span>"
    )
