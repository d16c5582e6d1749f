"""Old import path, for this round only: the corpus moved to :mod:`subword_core.text.corpus`.

A thin re-export kept while :mod:`subword_core.pretrained` still imports ``Note`` from here
(issue 27: the pretrained tracer is split on another branch); new code imports
:mod:`subword_core.text.corpus`. To be deleted once nothing imports this path.
"""

from __future__ import annotations

from subword_core.text.corpus import *  # noqa: F403
from subword_core.text.corpus import __all__  # noqa: F401
