"""Old import path, for this round only: moved to :mod:`subword_core.text.unicode_tables`.

A thin re-export kept while :mod:`subword_core.pretrained` still imports ``is_word``,
``is_numeric`` and ``lower`` from here (issue 27: the pretrained tracer is split on another
branch); new code imports :mod:`subword_core.text.unicode_tables`. To be deleted once nothing
imports this path.
"""

from __future__ import annotations

from subword_core.text.unicode_tables import *  # noqa: F403
from subword_core.text.unicode_tables import __all__  # noqa: F401
