"""The link parameters each view owns: declared next to its widgets, collected here.

A view says which of its settings travel in a shareable link (:mod:`ui.app.share`) and which
page links hold them, when it is imported::

    register_params(kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {
        "gage_text": ("str",),
        "gage_letters": ("str",),
    }))
    register_page("gage", PageLink(("gage_text", "gage_letters"), player="gage_steps"))

:mod:`ui.app.share` reads and writes links from :data:`PARAMS` and :data:`PAGES` and imports no
view; ``app.py`` imports every view (:mod:`ui.app.all_views`) before it applies a link, so a
page opened first through a link finds its parameters registered. A parameter's URL name is
its widget key. Numbers carry their range (from :mod:`ui.app.limits`), choices and tabs their
stable ids (never display labels, which get translated).

Example:
    >>> param = kept_params("demo__widgets", {"demo_n": 3}, {"demo_n": ("int", 1, 10)})[0]
    >>> param.key, param.kind, param.low, param.high, param.shadow
    ('demo_n', 'int', 1, 10, 'demo__widgets')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = [
    "GLOBAL_PARAMS",
    "MAX_LINK_INT",
    "PAGES",
    "PARAMS",
    "LinkParam",
    "PageLink",
    "kept_params",
    "register_global",
    "register_page",
    "register_params",
]


@dataclass(frozen=True)
class LinkParam:
    """One setting that can travel in a link.

    Attributes:
        key: The widget's session-state key, also the URL parameter's name.
        kind: ``"int"``, ``"float"``, ``"bool"``, ``"str"``, ``"choice"`` or ``"tab"`` (the
            open tab, by id; see :mod:`ui.draw.tabs`).
        shadow: The dict of kept widget values holding it (see
            :func:`ui.app.common.restore_widgets`), or ``None`` for a plain session-state key.
        defaults: That dict's defaults (so a fresh session gets a complete dict).
        options: The allowed values of a ``"choice"``, the tab ids of a ``"tab"``.
        low: The smallest allowed number, if any.
        high: The largest allowed number, if any.
        optional: ``None`` (written ``null`` in the URL) is allowed, e.g. "automatic size".
        labels: A ``"tab"``'s ``(id, label)`` pairs (a label, from an older link, reads as its id).

    Example:
        >>> LinkParam("bpe_attach", "bool").kind
        'bool'
    """

    key: str
    kind: str
    shadow: str | None = None
    defaults: Mapping[str, object] | None = None
    options: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    optional: bool = False
    labels: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PageLink:
    """What a page's link holds besides the corpus.

    Attributes:
        params: The settings (keys of :data:`PARAMS`), in the order the link lists them.
        player: The step player's key, or ``None``.
        ties: The namespace of the page's tie choices, or ``None``.

    Example:
        >>> PageLink(("gage_text",), player="gage_steps").player
        'gage_steps'
    """

    params: tuple[str, ...] = ()
    player: str | None = None
    ties: str | None = None


MAX_LINK_INT = 2**53 - 1
"""The largest whole number a link may hold where no limit says less (a browser's number input
holds whole numbers exactly up to this)."""

PARAMS: dict[str, LinkParam] = {}
"""Every setting a link can carry, by its URL name (= widget key), as the views registered them."""

PAGES: dict[str, PageLink] = {}
"""What each page's link holds (by the page's URL path); other pages share the corpus only."""

GLOBAL_PARAMS: dict[str, tuple[LinkParam, object]] = {}
"""Settings that every page's link may carry (the interface language), by URL name, each with
the value a link leaves out (a link says ``lang=zh``, never ``lang=en``)."""

_KINDS = ("int", "float", "bool", "str", "choice", "tab")


def kept_params(
    shadow: str, defaults: Mapping[str, object], specs: Mapping[str, tuple]
) -> tuple[LinkParam, ...]:
    """Link parameters for widgets whose values are kept in the dict ``shadow``.

    Args:
        shadow: The session-state key of the kept values (the view's ``WIDGETS_KEY``).
        defaults: Their defaults; a default of ``None`` makes the setting optional (``null``).
        specs: ``key -> (kind, ...)``: ``("int", low, high)`` or ``("float", low, high)``,
            ``("bool",)``, ``("str",)``, ``("choice", ids)``, ``("tab", {id: label})``.

    Example:
        >>> tab = kept_params("w", {}, {"w_tab": ("tab", {"learn": "Learn"})})[0]
        >>> tab.options, tab.labels
        (('learn',), (('learn', 'Learn'),))
    """
    out = []
    for key, spec in specs.items():
        kind, *rest = spec
        if kind not in _KINDS:
            raise ValueError(f"{key}: unknown kind {kind!r}; use one of {', '.join(_KINDS)}")
        extra: dict[str, object] = {}
        if kind == "choice":
            extra["options"] = tuple(rest[0])
        elif kind == "tab":
            extra["options"] = tuple(rest[0])
            extra["labels"] = tuple(rest[0].items())
        elif rest:
            extra["low"], extra["high"] = rest[0], rest[1]
        out.append(
            LinkParam(key, kind, shadow, defaults, optional=defaults.get(key) is None, **extra)
        )
    return tuple(out)


def register_params(*groups: tuple[LinkParam, ...] | LinkParam) -> None:
    """Add link parameters (single ones or groups from :func:`kept_params`) to :data:`PARAMS`.

    Registering a key again replaces it (Streamlit re-imports a changed view).

    Example:
        >>> register_params(LinkParam("demo_flag", "bool"))
        >>> PARAMS.pop("demo_flag").kind
        'bool'
    """
    for group in groups:
        for param in (group,) if isinstance(group, LinkParam) else group:
            PARAMS[param.key] = param


def register_page(page: str, link: PageLink) -> None:
    """Say what the link of ``page`` (its URL path) holds; its params must be registered.

    Example:
        >>> register_params(LinkParam("demo_text", "str"))
        >>> register_page("demo", PageLink(("demo_text",)))
        >>> PAGES.pop("demo").params, PARAMS.pop("demo_text").kind
        (('demo_text',), 'str')
    """
    unknown = [key for key in link.params if key not in PARAMS]
    if unknown:
        raise ValueError(f"the link of {page!r} names unregistered parameters: {unknown}")
    PAGES[page] = link


def register_global(param: LinkParam, default: object) -> None:
    """Let every page's link carry ``param`` (a plain session-state key, not a page's widget).

    A link holds it whenever its value is not ``default``; a value a link cannot use is
    listed in the share box like any other part.

    Example:
        >>> register_global(LinkParam("demo_lang", "choice", options=("en", "zh")), "en")
        >>> GLOBAL_PARAMS.pop("demo_lang")[1]
        'en'
    """
    if param.shadow is not None:
        raise ValueError(f"{param.key}: a page-independent setting is a plain session-state key")
    GLOBAL_PARAMS[param.key] = (param, default)
