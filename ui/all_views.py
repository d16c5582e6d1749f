"""Every view that owns link parameters, imported together so that each registers them.

A view declares the link parameters it owns next to its widgets (:mod:`ui.links`) when it is
imported. ``app.py`` imports this module before it applies a shared link
(:func:`ui.share.apply_link`), so a page opened first through a link finds its parameters
registered although the page itself (which imports its view) runs later. A new view with link
parameters is added here (a test checks it). This module sits with the pages, above the views
(docs/ARCHITECTURE.md).

Example:
    >>> from ui.links import PAGES
    >>> "bpe_learn" in PAGES and "unigram" in PAGES
    True
"""

from __future__ import annotations

from ui import (
    bpe_family_view,
    bpe_view,
    byte_level_view,
    gage_view,
    unigram_view,
    wordpiece_view,
)
from ui.views.compare import plan as compare_plan
from ui.views.cost import sentences as cost_sentences
from ui.views.exercises import sheet as exercises_sheet
from ui.views.pretrained import files as pretrained_files

__all__ = ["VIEWS"]

VIEWS = (
    bpe_view,
    bpe_family_view,
    byte_level_view,
    compare_plan,
    exercises_sheet,
    cost_sentences,
    gage_view,
    pretrained_files,
    unigram_view,
    wordpiece_view,
)
"""The view modules that register link parameters."""
