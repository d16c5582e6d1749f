"""The Parity page's differences: the words two tokenizers cut differently, drawn side by
side.

Example:
    >>> _pair(("e", "s"))
    'e + s'
"""

from __future__ import annotations

from collections.abc import Sequence

from ui.app.i18n import translator
from ui.draw.html import esc, token_spans_html

t = translator("parity")


def _diff_words(
    words: Sequence[str], ours: Sequence[Sequence[str]], theirs: Sequence[Sequence[str]]
) -> tuple[int, list[tuple[str, tuple[str, ...], tuple[str, ...]]]]:
    """How many words agree, and the words that differ (word, ours, theirs)."""
    agree = 0
    diffs: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    for word, a, b in zip(words, ours, theirs, strict=True):
        if list(a) == list(b):
            agree += 1
        else:
            diffs.append((word, tuple(a), tuple(b)))
    return agree, diffs


def _pair(pair: tuple[str, str] | None) -> str:
    return t("(none: it stopped)") if pair is None else f"{pair[0]} + {pair[1]}"


def _diff_html(
    diffs: Sequence[tuple[str, tuple[str, ...], tuple[str, ...]]], ours: str, theirs: str
) -> str:
    rows = "".join(
        f"<tr><td>{esc(w)}</td><td>{token_spans_html(list(a))}</td>"
        f"<td>{token_spans_html(list(b))}</td></tr>"
        for w, a, b in diffs
    )
    return (
        f'<table class="sw-text"><tr><th>{esc(t("word"))}</th><th>{esc(ours)}</th>'
        f"<th>{esc(theirs)}</th></tr>{rows}</table>"
    )


def _tokens(tokens: Sequence[str], limit: int = 20) -> str:
    more = t(" … and {n} more").format(n=len(tokens) - limit) if len(tokens) > limit else ""
    return ", ".join(tokens[:limit]) + more if tokens else t("none")
