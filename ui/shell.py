"""Make sure every page runs inside ``app.py``'s navigation (sidebar, page config).

subtle: because the project has a ``pages/`` folder, Streamlit starts in its legacy
multipage mode. If the first requests after the server starts open a page URL directly
(e.g. a link a teacher shared, ``/bpe_learn``, opened by a whole class at once), Streamlit
runs that page file on its own, without ``app.py``: no corpus picker, no wide layout.
``app.py`` marks its own runs (:func:`app_shell`, per script thread, so sessions running at
the same moment cannot confuse each other); a page that finds no mark was started on its
own: it switches the server out of the legacy mode (``app.py``'s ``st.navigation`` would do
the same) and reruns, and the rerun goes through ``app.py`` to the same page.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

__all__ = ["app_shell", "ensure_app_shell"]

_local = threading.local()
_MAX_RERUNS = 3  # a page run on its own on purpose (a test) must not rerun for ever


@contextmanager
def app_shell() -> Iterator[None]:
    """Mark this script run as going through ``app.py`` (wrap ``app.py``'s body in it).

    Example:
        >>> with app_shell():  # doctest: +SKIP
        ...     pg.run()
    """
    _local.active = True
    try:
        yield
    finally:
        _local.active = False


def ensure_app_shell() -> None:
    """Rerun through ``app.py`` if this page was started without it.

    Example:
        >>> ensure_app_shell()  # doctest: +SKIP
    """
    if getattr(_local, "active", False):
        st.session_state.pop("shell__reruns", None)
        return
    reruns = st.session_state.get("shell__reruns", 0)
    if reruns >= _MAX_RERUNS:
        return
    st.session_state["shell__reruns"] = reruns + 1
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # pragma: no cover - a future Streamlit without the legacy mode
        pass
    else:
        PagesManager.uses_pages_directory = False
    st.rerun()
