"""Every view that owns link parameters, imported together so that each registers them.

A view declares the link parameters it owns next to its widgets (:mod:`ui.app.links`) when it is
imported. ``app.py`` imports this module before it applies a shared link
(:func:`ui.app.share.apply_link`), so a page opened first through a link finds its parameters
registered although the page itself (which imports its view) runs later. Which views those
are, the page registry says (each entry's ``links``, :func:`ui.app.registry.link_views`): a new
page's views are listed there, not here. This module sits with the pages, above the views
(docs/ARCHITECTURE.md).

Example:
    >>> from ui.app.links import PAGES
    >>> "bpe_learn" in PAGES and "unigram" in PAGES
    True
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ui.app.registry import link_views

__all__ = ["VIEWS"]

VIEWS: tuple[ModuleType, ...] = tuple(importlib.import_module(name) for name in link_views())
"""The view modules that register link parameters (imported here, in registry order)."""
