"""Small texts the Unigram page writes about numbers and pieces.

Example:
    >>> seg_text(("p", "ug"))
    'p · ug'
    >>> prob_text(17 / 210 * 20 / 210)
    '0.00771'
"""

from __future__ import annotations

import math

import streamlit as st

from ui.app.i18n import translator
from ui.draw.html import esc, md_escape, show_html

t = translator("unigram")


# --------------------------------------------------------------------------------------
# Small text helpers
# --------------------------------------------------------------------------------------


def seg_text(pieces: tuple[str, ...] | list[str]) -> str:
    """A segmentation as plain text: pieces joined by a middle dot.

    >>> seg_text(["low", "est"])
    'low · est'
    """
    return " · ".join(pieces) if pieces else t("(empty)")


def prob_text(p: float) -> str:
    """A probability with three significant digits, e.g. ``0.00771`` or ``2.1e-09``.

    >>> prob_text(0.5), prob_text(2.06e-9)
    ('0.5', '2.06e-09')
    """
    return f"{p:.3g}"


def _num(x: float, digits: int = 2) -> str:
    return f"{x:,.{digits}f}".replace("-", "−")


ABOUT_ZERO = 1e-6
"""A log-likelihood change or loss below this reads as "about 0" (a class sees no number
like 6.5e-13, which looks like something happened)."""


def _plain(x: float, significant: int = 2) -> str:
    """``x`` as a plain decimal (never ``e-05``) with ``significant`` digits, ``−`` for minus.

    >>> _plain(0.0000055), _plain(-0.00023), _plain(12.3456)
    ('0.0000055', '−0.00023', '12.35')
    """
    if x == 0:
        return "0"
    decimals = max(2, significant - 1 - math.floor(math.log10(abs(x))))
    return _num(x, decimals)


def loss_text(loss: float) -> str:
    """A removal loss: three decimals, two significant digits as a plain decimal when it is
    small, "about 0" below :data:`ABOUT_ZERO`.

    >>> loss_text(84.73034), loss_text(2.3e-04), loss_text(6.5e-13), loss_text(0.0)
    ('84.730', '0.00023', 'about 0', '0')
    """
    if loss == 0:
        return "0"
    if abs(loss) < ABOUT_ZERO:
        # i18n: a loss or a change too small to matter (e.g. 6.5e-13)
        return t("about 0")
    if abs(loss) < 0.001:
        return _plain(loss)
    return f"{loss:,.3f}"


def change_texts(before: float, after: float) -> tuple[str, str, str]:
    """A log-likelihood change at a scale where it is visible: ``before`` and ``after`` with
    enough decimals to differ, and the change signed, as a plain decimal, or "about 0".

    >>> change_texts(-20.9784312, -20.9784257)
    ('−20.978431', '−20.978426', '+0.0000055')
    >>> change_texts(-30.5, -20.25)
    ('−30.50', '−20.25', '+10.25')
    >>> change_texts(-20.98, -20.98 + 1e-13)[2]
    'about 0'
    """
    diff = after - before
    if abs(diff) < ABOUT_ZERO:
        return _num(before), _num(after), t("about 0")
    decimals = max(2, -math.floor(math.log10(abs(diff))))
    sign = "+" if diff > 0 else ""
    return _num(before, decimals), _num(after, decimals), sign + _plain(diff)


def _percent(share: float, ways: int = 2) -> str:
    """A share as a percentage that never rounds a part (of ``ways`` parts) to the whole."""
    if ways == 1:
        return t("all")
    if share >= 0.9995:
        return ">99.9%"
    if 0 < share < 0.0005:
        return "<0.1%"
    return f"{share:.1%}"


def _tok(piece: str) -> str:
    return f"<code>{esc(piece)}</code>"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _problem(headline: str, detail: str | None = None) -> None:
    """Show a problem: our own words in ``st.error``, the core's message escaped below."""
    st.error(md_escape(headline), icon=":material/warning:")
    if detail:
        show_html(f'<div class="sw-text sw-problem">{esc(detail)}</div>')
