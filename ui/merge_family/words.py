"""Pairs, symbols and lists as escaped HTML, the way every merge page writes them.

Example:
    >>> pair_html(("e", "s"))
    '<code>e</code> + <code>s</code>'
"""

from __future__ import annotations

from ui.app.i18n import translator
from ui.draw.html import esc

__all__ = ["list_html", "pair_html", "symbol_html"]

t = translator("bpe")


def pair_html(pair: tuple[str, str]) -> str:
    """A pair as escaped HTML: ``<code>e</code> + <code>s</code>``."""
    return f"<code>{esc(pair[0])}</code> + <code>{esc(pair[1])}</code>"


def symbol_html(symbol: str) -> str:
    """A symbol (a token) as escaped HTML.

    >>> symbol_html("<w>")
    '<code>&lt;w&gt;</code>'
    """
    return f"<code>{esc(symbol)}</code>"


def list_html(items: list[str]) -> str:
    """Items (HTML already) as one list in words, "a, b and c", in the session's language.

    >>> list_html(["a", "b", "c"])
    'a, b and c'
    """
    if len(items) <= 1:
        return "".join(items)
    # i18n: the separator of a list ("a, b and c"): 、 in Chinese
    head = t(", ").join(items[:-1])
    return t("{items} and {last}").format(items=head, last=items[-1])
