"""Set-up shared by every test: the views' link parameters are registered, as in ``app.py``.

Each view registers the link parameters it owns when it is imported (:mod:`ui.links`), and
``app.py`` imports them all (:mod:`ui.all_views`) before it reads a link. Tests that read
``ui.share.PARAMS`` or ``PAGES`` while pytest collects them (to parametrize over the
parameters) need the same, before any test module is imported.
"""

from __future__ import annotations

import ui.all_views  # noqa: F401
