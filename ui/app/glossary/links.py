"""The entries in the session's language and the pages' links to them (:func:`term_html`,
:func:`term_md`), opened in a new tab with the definition as hover text."""

from __future__ import annotations

import functools

from ui.app.glossary.entries import _as_written, _terms
from ui.app.glossary.words import GLOSSARY_PATH, Term
from ui.app.i18n import current_language, translation
from ui.draw.html import esc, md_escape

TERMS: tuple[Term, ...] = _terms(_as_written)
"""Every glossary entry, in reading order."""

TERMS_BY_KEY: dict[str, Term] = {t.key: t for t in TERMS}
"""The entries by anchor key (in English)."""


@functools.cache
def _terms_in(lang: str) -> tuple[Term, ...]:
    return _terms(translation(lang, "glossary").gettext)


def terms() -> tuple[Term, ...]:
    """Every entry with its definition, example and advice in the session's language (names,
    keys and the tutorials' words stay as they are).

    Example:
        >>> terms()[0].definition[:30]  # outside a session: English
        'The text a tokenizer learns fr'
    """
    return _terms_in(current_language())


def _localized(key: str) -> Term:
    """The entry ``key`` in the session's language (``KeyError`` if there is none)."""
    TERMS_BY_KEY[key]
    return next(term for term in terms() if term.key == key)


def term_url(key: str) -> str:
    """The glossary link of a term, relative to the page (works under any base path).

    Raises:
        KeyError: If ``key`` is not a glossary entry.

    Example:
        >>> term_url("tie")
        'glossary#tie'
    """
    return f"{GLOSSARY_PATH}#{TERMS_BY_KEY[key].key}"


def term_html(key: str, text: str | None = None) -> str:
    """A link to the glossary entry ``key`` for an HTML block (``show_html``).

    It opens in a new tab (the page the student is on keeps its state) and shows the
    definition on hover. The text is escaped.

    Args:
        key: A key of :data:`TERMS_BY_KEY`, e.g. ``"vocabulary"``.
        text: The words shown (default: the term's name), e.g. a plural.

    Example:
        >>> term_html("pair", "pairs")[:56]
        '<a class="sw-term" href="glossary#pair" target="_blank" '
    """
    term = _localized(key)
    return (
        f'<a class="sw-term" href="{term_url(key)}" target="_blank" rel="noopener" '
        f'title="{esc(term.definition)}" style="color:inherit;text-decoration:underline dotted;'
        f'text-underline-offset:0.2em">{esc(term.name if text is None else text)}</a>'
    )


def term_md(key: str, text: str | None = None) -> str:
    """A link to the glossary entry ``key`` for a markdown sink (``st.caption``…).

    Streamlit opens markdown links to other pages in a new tab; the definition is the
    link's title (shown on hover). The text is markdown-escaped.

    Example:
        >>> term_md("tie", "ties")[:22]
        '[ties](glossary#tie "T'
    """
    term = _localized(key)
    title = term.definition.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{md_escape(term.name if text is None else text)}]({term_url(key)} "{title}")'
