"""Make sure every page runs inside ``app.py``'s navigation (sidebar, page config).

subtle: because the project has a ``pages/`` folder, Streamlit starts in its legacy
multipage mode. If the first requests after the server starts open a page URL directly
(e.g. a link a teacher shared, ``/bpe_learn``, opened by a whole class at once), Streamlit
runs that page file on its own, without ``app.py``: no corpus picker, no wide layout.
``app.py`` marks its own runs (:func:`app_shell`, per script thread, so sessions running at
the same moment cannot confuse each other); a page that finds no mark was started on its
own: it switches the server out of the legacy mode (``app.py``'s ``st.navigation`` would do
the same) and reruns, and the rerun goes through ``app.py`` to the same page.

:func:`error_boundary` is the app's one answer to a bug: ``app_shell`` puts it around every
page, and the step player around every step it draws (a step change reruns only the player's
fragment, outside the page's run). An unexpected exception becomes a friendly box in the page
(what happened, what to try, that nothing typed is lost) and a log entry on the server with
the traceback; no traceback or server path reaches the browser (``client.showErrorDetails``
is ``"none"`` in ``.streamlit/config.toml`` for anything outside the boundary).
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from streamlit import config

from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.draw.html import md_escape

__all__ = [
    "ERROR_BOX_TITLE",
    "app_shell",
    "ensure_app_shell",
    "error_boundary",
    "sync_upload_limit",
]

_LOG = logging.getLogger("subword.app")
t = translator("common")
_local = threading.local()

ERROR_BOX_TITLE = "Something went wrong while drawing this part of the page."
"""The first sentence of the friendly box (tests look for it)."""


@contextmanager
def error_boundary(where: str = "page") -> Iterator[None]:
    """Turn an unexpected exception in the block into a friendly box and a server log entry.

    Streamlit's own control flow (``st.rerun``, ``st.stop``: ``RerunException`` and
    ``StopException``, subclasses of ``BaseException``) passes through untouched, as do
    ``KeyboardInterrupt`` and ``SystemExit``. The widgets drawn before the error keep their
    values, and the run goes on after the block (so the sidebar and the link box are drawn).

    Args:
        where: What the block draws, for the log (e.g. the page's URL path).

    Example::

        with error_boundary("bpe_learn"):
            pg.run()
    """
    try:
        yield
    except Exception:
        reference = secrets.token_hex(4)
        _LOG.exception("Unexpected error in %s (reference %s)", where, reference)
        # our own words only (a markdown sink): nothing from the exception reaches the page
        st.error(
            # the title is ERROR_BOX_TITLE in English (tests look for it)
            "**"
            + t("Something went wrong while drawing this part of the page.")
            + "**\n\n"
            + t(
                "The app ran into a problem it did not expect: a bug in the app, not something "
                "you did wrong. Nothing you typed is lost: the corpus and the settings keep "
                "their values."
            )
            + "\n\n"
            + t(
                "What to try: change the last setting back, go to another step, pick another "
                "example corpus, or reload the page. If it keeps happening, tell your teacher "
                "and give this reference: `{reference}` (the details are in the server's log)."
            ).format(reference=md_escape(reference)),
            icon=":material/sentiment_dissatisfied:",
        )


_MAX_RERUNS = 3  # a page run on its own on purpose (a test) must not rerun for ever


@contextmanager
def app_shell(where: str = "page") -> Iterator[None]:
    """Mark this script run as going through ``app.py`` (wrap ``app.py``'s body in it).

    The block runs inside :func:`error_boundary`: an unexpected error shows a friendly box.

    Args:
        where: The page's URL path, for the server's log.

    Example::

        with app_shell("bpe_learn"):
            pg.run()
    """
    _local.active = True
    try:
        with error_boundary(where):
            yield
    finally:
        _local.active = False


def ensure_app_shell() -> None:
    """Rerun through ``app.py`` if this page was started without it.

    A page calls it first, before it imports its views (seconds in a fresh server), so that
    a page started on its own reruns through ``app.py`` at once.

    Example::

        ensure_app_shell()
    """
    if getattr(_local, "active", False):
        st.session_state.pop("shell__reruns", None)
        return
    reruns = st.session_state.get("shell__reruns", 0)
    if reruns >= _MAX_RERUNS:
        return
    st.session_state["shell__reruns"] = reruns + 1
    if st.query_params.get("present") == "1":
        # the page's first message: a class's projector must not show the sidebar open (with
        # the pages/ files' raw names) while the rerun through app.py imports the views
        st.set_page_config(layout="wide", initial_sidebar_state="collapsed")
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # pragma: no cover - a future Streamlit without the legacy mode
        pass
    else:
        PagesManager.uses_pages_directory = False
    st.rerun()


def sync_upload_limit() -> None:
    """Make the server's upload limit (``server.maxUploadSize``) the app's ``LIMITS.upload_mb``.

    ``.streamlit/config.toml`` holds the default (20 MB, checked by a test); a teacher who raises
    the app's limit with ``SUBWORD_LIMIT_UPLOAD_MB`` gets the server's raised too. The server
    reads the option at every upload, so setting it in the first run is in time (no upload can
    come before a session's first run).

    Example::

        sync_upload_limit()
    """
    if config.get_option("server.maxUploadSize") != LIMITS.upload_mb:
        _LOG.info("server.maxUploadSize set to %s MB (ui.app.limits)", LIMITS.upload_mb)
        config.set_option("server.maxUploadSize", LIMITS.upload_mb, "ui.app.limits (app.py)")
