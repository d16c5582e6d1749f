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

from ui.views.bpe import settings as bpe_settings
from ui.views.bpe_variants import settings as bpe_variants_settings
from ui.views.byte_level import settings as byte_level_settings
from ui.views.compare import plan as compare_plan
from ui.views.cost import sentences as cost_sentences
from ui.views.exercises import sheet as exercises_sheet
from ui.views.gage import settings as gage_settings
from ui.views.pretrained import files as pretrained_files
from ui.views.unigram import params as unigram_params
from ui.views.wordpiece import settings as wordpiece_settings

__all__ = ["VIEWS"]

VIEWS = (
    bpe_settings,
    bpe_variants_settings,
    byte_level_settings,
    compare_plan,
    exercises_sheet,
    cost_sentences,
    gage_settings,
    pretrained_files,
    unigram_params,
    wordpiece_settings,
)
"""The view modules that register link parameters."""
