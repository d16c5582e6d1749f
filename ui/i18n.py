"""The interface in English, 简体中文 and 한국어: gettext catalogs read with Babel.

A module marks the text a student sees and asks for it in the session's language::

    from ui.i18n import translator

    t = translator("bpe")  # this file's catalog ("domain"), one per module group

    st.subheader(t("Merge {n}").format(n=step))
    st.caption(t.n("{n} word changed", "{n} words changed", count).format(n=count))

- ``t(...)`` and ``t.n(...)`` take **constant strings** (``scripts/i18n.py extract`` finds
  them in the source; an f-string cannot be found, so put values in with ``.format`` and named
  fields, which the translator may move around the sentence).
- The language is read when ``t`` is called (the session's choice, :data:`LANG_KEY`), so a
  module-level ``t`` is right; a module-level *translated constant* is not (it would be
  translated once, in whatever language came first): translate inside the function.
- Each file belongs to exactly one domain, the one it passes to :func:`translator`; the
  catalogs are ``locales/<lang>/LC_MESSAGES/<domain>.po``. One domain per module group (one
  per view) lets several translators work at once without touching the same file.
- English is the source language: an English session, a missing catalog or an untranslated
  message shows the text as written in the code.

The ``.po`` files are read once per process (Babel's ``read_po``, compiled in memory; no
``.mo`` file is committed or built). ``python scripts/i18n.py update`` brings them in line
with the code; ``python scripts/i18n.py check`` (and ``tests/test_i18n_catalogs.py``) fails on
a message that is missing, stale or untranslated.

Example:
    >>> t = translator("common")
    >>> t("Step {step} of {n}").format(step=3, n=10)  # outside a session: English
    'Step 3 of 10'
    >>> t.n("{n} step", "{n} steps", 2).format(n=2)
    '2 steps'
    >>> translation("ko", "common").gettext("Next")
    '다음'
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

import streamlit as st
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ui.links import LinkParam, register_global

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAINS",
    "HTML_LANG",
    "LANGUAGES",
    "LANG_KEY",
    "LOCALES_DIR",
    "Translator",
    "browser_language",
    "current_language",
    "language_menu",
    "language_of",
    "mark_page_language",
    "page_language_html",
    "translation",
    "translator",
]

LANGUAGES: dict[str, str] = {"en": "English", "zh": "简体中文", "ko": "한국어"}
"""The interface languages, by code (also the ``lang=`` link values), each named in itself."""

HTML_LANG: dict[str, str] = {"en": "en", "zh": "zh-Hans", "ko": "ko"}
"""Each interface language as a BCP 47 tag for the page's ``<html lang>`` (simplified Chinese
is ``zh-Hans``: screen readers pick their voice, and Chromium its Han glyphs, by it)."""

DEFAULT_LANGUAGE = "en"
"""The source language: the text as written in the code."""

LANG_KEY = "lang"
"""Session-state key of the language menu, also the link parameter (``lang=zh``)."""

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
"""Where the catalogs live: ``locales/<lang>/LC_MESSAGES/<domain>.po``."""

DOMAINS: tuple[str, ...] = (
    "app",
    "common",
    "glossary",
    "bpe",
    "byte_level",
    "gage",
    "wordpiece",
    "unigram",
    "compare",
    "parity",
    "pretrained",
    "gallery",
    "family",
)
"""The catalogs: ``app`` (app.py, the home page), ``common`` (the UI primitives),
``glossary``, and one per view (``family`` is BPE-dropout, joint BPE and the encoders)."""


@functools.cache
def translation(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` (read once per process).

    English, or a catalog that does not exist yet, gives the messages unchanged. Fuzzy
    entries (a guess ``update`` made) are not used.

    Example:
        >>> translation("zh", "common").gettext("Next")
        '下一步'
        >>> translation("en", "common").gettext("Next")
        'Next'
    """
    path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT_LANGUAGE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def language_of(text: str | None) -> str | None:
    """The interface language of a locale or ``Accept-Language`` value, if it is one we have.

    Example:
        >>> language_of("ko-KR"), language_of("zh-Hans-CN"), language_of("fr"), language_of(None)
        ('ko', 'zh', None, None)
        >>> language_of("fr-FR,fr;q=0.9,zh-CN;q=0.8")
        'zh'
    """
    for part in (text or "").split(","):
        code = part.split(";")[0].strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return None


def browser_language() -> str | None:
    """The browser's language, where Streamlit tells it: ``st.context.locale``, else the
    ``Accept-Language`` header; ``None`` outside a session or for another language.

    Example::

        browser_language()
        # 'ko' in a Korean browser
    """
    try:
        found = language_of(st.context.locale)
        if found is None:
            found = language_of(st.context.headers.get("Accept-Language"))
    except Exception:  # outside a running app there is no context
        return None
    return found


def _in_session() -> bool:
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        return get_script_run_ctx(suppress_warning=True) is not None
    except Exception:  # pragma: no cover - streamlit internals moved
        return False


_outside_session = [DEFAULT_LANGUAGE]
"""The language of the last session run in this process, used outside any session.

subtle: Streamlit's AppTest formats a widget's options (``format_func``) in the test's own
thread, outside the session, to match the labels the script drew; a label translated in
another language there would not be found. A server never calls them outside a session.
Tests reset it to English (tests/app/conftest.py)."""


def current_language() -> str:
    """The session's interface language (outside a session: see :data:`_outside_session`).

    A session's first call decides it: a valid ``lang=`` in the address (a shared link),
    else the browser's language, else English; the language menu changes it later.

    Example:
        >>> current_language()
        'en'
    """
    if not _in_session():
        return _outside_session[0]
    state = st.session_state
    lang = state.get(LANG_KEY)
    kept = state.get(_KEPT_KEY)
    if kept in LANGUAGES and lang != kept:
        # subtle: st.switch_page (the gallery's Open) reruns without the widgets' values, so
        # the menu's state falls back to its default; the kept choice puts it back
        lang = state[LANG_KEY] = kept
    if lang not in LANGUAGES:
        linked = st.query_params.get(LANG_KEY)
        lang = linked if linked in LANGUAGES else (browser_language() or DEFAULT_LANGUAGE)
        state[LANG_KEY] = lang
    state[_KEPT_KEY] = lang
    _outside_session[0] = lang
    return lang


_KEPT_KEY = "lang__kept"
"""The language as last chosen (the menu's ``on_change`` and the first run set it)."""


def _remember_language() -> None:
    st.session_state[_KEPT_KEY] = st.session_state.get(LANG_KEY)


class Translator:
    """The messages of one domain in the session's current language.

    Attributes:
        domain: The catalog's name, e.g. ``"bpe"``.

    Example:
        >>> t = Translator("common")
        >>> t("Next"), t.n("{n} step", "{n} steps", 1).format(n=1)
        ('Next', '1 step')
    """

    def __init__(self, domain: str) -> None:
        if domain not in DOMAINS:
            raise ValueError(f"unknown domain {domain!r}; add it to ui.i18n.DOMAINS")
        self.domain = domain

    def __call__(self, message: str) -> str:
        """``message`` in the current language (as written if untranslated)."""
        return translation(current_language(), self.domain).gettext(message)

    def n(self, singular: str, plural: str, n: int) -> str:
        """The form of a message for the count ``n`` (Chinese and Korean have one form)."""
        return translation(current_language(), self.domain).ngettext(singular, plural, n)

    def __repr__(self) -> str:
        return f"Translator({self.domain!r})"


def translator(domain: str) -> Translator:
    """The translator of ``domain``: call it at module level as ``t = translator("…")``.

    Example:
        >>> translator("app")("Glossary")
        'Glossary'
    """
    return Translator(domain)


# lang=zh in any page's link (ui.share); English, the default, is left out of links
register_global(LinkParam(LANG_KEY, "choice", options=tuple(LANGUAGES)), DEFAULT_LANGUAGE)

_MENU_LABEL = "Language · 语言 · 언어"  # in all three, so that anyone finds it


def language_menu() -> str:
    """Draw the language menu in the sidebar and return the chosen language.

    ``app.py`` calls it on every full run (after a link is applied), so the choice survives
    page switches; a change reruns the whole app in the new language and keeps the corpus,
    the settings and the step (they live in session state, not in the widgets' labels).

    Example::

        language_menu()
        # 'zh'
    """
    current_language()  # a first run decides it before the widget exists
    return st.sidebar.selectbox(
        _MENU_LABEL,
        tuple(LANGUAGES),
        key=LANG_KEY,
        format_func=LANGUAGES.__getitem__,
        on_change=_remember_language,
    )


def page_language_html(lang: str) -> str:
    """A hidden element whose script sets the page's ``<html lang>`` to ``lang``'s tag.

    Streamlit's page is ``<html lang="en">`` whatever the interface: a screen reader would
    read a Chinese or Korean interface with an English voice (WCAG 3.1.1, language of the
    page). The script is a constant but for the tag, one of :data:`HTML_LANG`'s values (never
    user text); its element container is hidden, so it takes no room in the sidebar.

    Example:
        >>> page_language_html("zh")  # doctest: +ELLIPSIS
        '<style>...</style><script data-sw-lang>document.documentElement.lang = "zh-Hans";</script>'
    """
    tag = HTML_LANG.get(lang, HTML_LANG[DEFAULT_LANGUAGE])
    return (
        '<style>[data-testid="stElementContainer"]:has(> [data-testid="stHtml"] '
        "> script[data-sw-lang]){display:none}</style>"
        f'<script data-sw-lang>document.documentElement.lang = "{tag}";</script>'
    )


def mark_page_language() -> None:
    """Set the page's ``<html lang>`` to the session's language (once per full run).

    ``app.py`` calls it right after :func:`language_menu`; a new choice changes the script,
    which then runs again. Our own HTML blocks inherit the tag; cells in another language
    than the interface carry their own ``lang`` (the glossary's three-language columns).

    Example::

        mark_page_language()
        # <html lang="ko"> in a Korean session
    """
    st.sidebar.html(page_language_html(current_language()), unsafe_allow_javascript=True)
