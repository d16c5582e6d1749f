"""The one page registry: every page of the app, in navigation order, with all it needs.

``app.py`` builds ``st.navigation`` from :data:`ALL_PAGES`; :mod:`ui.app.all_views` imports each
page's link views (by module name, :func:`link_views`) before a shared link is applied;
:data:`ui.app.i18n.DOMAINS` lists each page's translation domains (:func:`page_domains`); the
tests take their lists of pages from here. A new page is one :class:`Page` entry here plus
its files (``pages/<name>.py``, its view package) and its catalogs (docs/ARCHITECTURE.md,
"How to add a page").

The module imports nothing of the app (view modules are named as strings and imported with
:mod:`importlib`), so every layer may read it. Titles and section names are English msgids
of the ``app`` domain, marked with :func:`N_` for ``scripts/i18n.py`` and translated where
they are drawn (``t.marked(page.title)`` in ``app.py``).

Example:
    >>> page("bpe_learn").file, page("bpe_learn").domains
    ('pages/bpe_learn.py', ('bpe',))
    >>> page("home").url_path, page("home").name
    ('', 'home')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ALL_PAGES",
    "I18N_DOMAIN",
    "SECTIONS",
    "Page",
    "link_views",
    "page",
    "page_domains",
]

I18N_DOMAIN = "app"
"""The catalog of the titles and section names marked here with :func:`N_`."""


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the ``app`` catalog; return it untranslated.

    ``scripts/i18n.py`` reads ``N_("…")`` in a module that declares ``I18N_DOMAIN``; the
    message is translated where it is shown (:meth:`ui.app.i18n.Translator.marked`).

    Example:
        >>> N_("Glossary")
        'Glossary'
    """
    return message


@dataclass(frozen=True)
class Page:
    """One page of the app.

    Attributes:
        file: The page's script, ``pages/<name>.py`` (its stem is the URL path).
        title: The navigation title (an English msgid of the ``app`` domain).
        icon: A Material icon (``:material/…:``); never an emoji or a remote image.
        section: The navigation section's msgid (``""``: the top group, without a header).
        domains: The translation domains of the page and its own views (their catalogs are
            ``locales/{zh,ko}/LC_MESSAGES/<domain>.po``); the first is the page file's.
        views: The view modules that draw the page (dotted names; importable).
        links: The modules (among ``views``, or in one of its packages) that register the
            page's link parameters (:mod:`ui.app.links`): imported by :mod:`ui.app.all_views`
            before a link is applied.
        default: The start page (its URL path is ``""``).

    Example:
        >>> Page("pages/demo.py", "Demo", ":material/star:", "", ("app",)).url_path
        'demo'
    """

    file: str
    title: str
    icon: str
    section: str
    domains: tuple[str, ...]
    views: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    default: bool = False

    @property
    def name(self) -> str:
        """The file's stem, e.g. ``"bpe_learn"`` (the page's name in tests and links)."""
        return self.file.removeprefix("pages/").removesuffix(".py")

    @property
    def url_path(self) -> str:
        """The page's URL path as ``st.navigation`` gives it (``""`` for the start page)."""
        return "" if self.default else self.name


_TOP, _BPE, _WP_UNI, _COMPARE = "", N_("BPE"), N_("WordPiece and Unigram"), N_("Compare")

SECTIONS: tuple[str, ...] = (_TOP, _BPE, _WP_UNI, _COMPARE)
"""The navigation's sections in order (msgids; ``""`` is the top group, drawn without header)."""

ALL_PAGES: tuple[Page, ...] = (
    Page(
        "pages/home.py",
        N_("Start here"),
        ":material/waving_hand:",
        _TOP,
        ("app",),
        views=("ui.views.home",),
        default=True,
    ),
    Page(
        "pages/gallery.py",
        N_("Tutorial gallery"),
        ":material/auto_stories:",
        _TOP,
        ("gallery",),
        views=("ui.views.gallery",),
    ),
    Page("pages/glossary.py", N_("Glossary"), ":material/menu_book:", _TOP, ("glossary",)),
    Page(
        "pages/exercises.py",
        N_("Exercises"),
        ":material/edit_note:",
        _TOP,
        ("textbook",),
        views=("ui.views.exercises.sheet",),
        links=("ui.views.exercises.sheet",),
    ),
    Page(
        "pages/bpe_learn.py",
        N_("BPE: learn merges"),
        ":material/merge:",
        _BPE,
        ("bpe",),
        views=("ui.views.bpe.settings", "ui.views.bpe"),
        links=("ui.views.bpe.settings",),
    ),
    Page(
        "pages/bpe_encode.py",
        N_("BPE: encode & decode"),
        ":material/content_cut:",
        _BPE,
        ("bpe",),
        views=("ui.views.bpe.settings", "ui.views.bpe"),
        links=("ui.views.bpe.settings",),
    ),
    Page(
        "pages/bpe_variants.py",
        N_("BPE: dropout, joint, encoders"),
        ":material/shuffle:",
        _BPE,
        ("family",),
        views=("ui.views.bpe_variants.settings", "ui.views.bpe.settings", "ui.views.bpe_variants"),
        links=("ui.views.bpe_variants.settings", "ui.views.bpe.settings"),
    ),
    Page(
        "pages/byte_level.py",
        N_("Byte-level BPE"),
        ":material/memory:",
        _BPE,
        ("byte_level",),
        views=("ui.views.byte_level.settings", "ui.views.byte_level"),
        links=("ui.views.byte_level.settings",),
    ),
    Page(
        "pages/gage.py",
        N_("Gage's compression (1994)"),
        ":material/compress:",
        _BPE,
        ("gage",),
        views=("ui.views.gage.settings", "ui.views.gage"),
        links=("ui.views.gage.settings",),
    ),
    Page(
        "pages/wordpiece.py",
        N_("WordPiece"),
        ":material/view_module:",
        _WP_UNI,
        ("wordpiece",),
        views=("ui.views.wordpiece.settings", "ui.views.wordpiece"),
        links=("ui.views.wordpiece.settings",),
    ),
    Page(
        "pages/unigram.py",
        N_("Unigram LM"),
        ":material/casino:",
        _WP_UNI,
        ("unigram",),
        views=("ui.views.unigram.params", "ui.views.unigram"),
        links=("ui.views.unigram.params",),
    ),
    Page(
        "pages/compare.py",
        N_("Compare segmentations"),
        ":material/balance:",
        _COMPARE,
        ("compare",),
        views=("ui.views.compare.plan", "ui.views.compare"),
        links=("ui.views.compare.plan",),
    ),
    Page(
        "pages/cost.py",
        N_("Tokens per language"),
        ":material/translate:",
        _COMPARE,
        ("cost",),
        views=("ui.views.cost", "ui.views.compare"),
        links=("ui.views.cost.sentences", "ui.views.compare.plan"),
    ),
    Page(
        "pages/parity.py",
        N_("Parity with the libraries"),
        ":material/science:",
        _COMPARE,
        ("parity",),
        views=("ui.views.parity",),
    ),
    Page(
        "pages/pretrained.py",
        N_("Trace a pretrained tokenizer"),
        ":material/travel_explore:",
        _COMPARE,
        ("pretrained",),
        views=("ui.views.pretrained.files", "ui.views.pretrained"),
        links=("ui.views.pretrained.files",),
    ),
)
"""Every page, in navigation order (within its section)."""


def page(name: str) -> Page:
    """The entry of the page whose file is ``pages/<name>.py``.

    Example:
        >>> page("glossary").icon
        ':material/menu_book:'
    """
    for entry in ALL_PAGES:
        if entry.name == name:
            return entry
    raise KeyError(f"no page {name!r} in ui.app.registry.ALL_PAGES")


def link_views() -> tuple[str, ...]:
    """The view modules that register link parameters, each once, in registry order.

    Example:
        >>> link_views()[:2]
        ('ui.views.exercises.sheet', 'ui.views.bpe.settings')
    """
    return tuple(dict.fromkeys(module for entry in ALL_PAGES for module in entry.links))


def page_domains() -> tuple[str, ...]:
    """The pages' translation domains, each once, in registry order.

    Example:
        >>> page_domains()[:3]
        ('app', 'gallery', 'glossary')
    """
    return tuple(dict.fromkeys(domain for entry in ALL_PAGES for domain in entry.domains))
