"""Make sure every page runs inside ``app.py``'s navigation (sidebar, page config).

subtle: because the project has a ``pages/`` folder, Streamlit starts in its legacy
multipage mode. If the very first request after the server starts opens a page URL
directly (e.g. a link a teacher shared, ``/bpe_learn``), Streamlit runs that page file on
its own, without ``app.py``: no corpus picker, no wide layout. ``app.py`` calls
``st.navigation``, which switches the server to the current mode for good, so a page that
finds the legacy mode still on knows it was started on its own; it switches the mode and
reruns, and the rerun goes through ``app.py`` to the same page.
"""

from __future__ import annotations

import streamlit as st


def ensure_app_shell() -> None:
    """Rerun through ``app.py`` if this page was started without it.

    Example:
        >>> ensure_app_shell()  # doctest: +SKIP
    """
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # pragma: no cover - a future Streamlit without the legacy mode
        return
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
