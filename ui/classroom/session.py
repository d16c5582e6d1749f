"""The live class's session: its keys in ``st.session_state``, the store, messages.

Every part of :mod:`ui.classroom` reads the class through these: the code and role of this
session (:func:`_role`), its id in the class tables (:func:`_sid`), the store (:func:`_store`,
the database URL from the environment or Streamlit's secrets) and the message box.

Example:
    >>> clean_nickname("  Ann\\x00 <b>  ")
    'Ann <b>'
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

import streamlit as st

from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.classroom.store import ENV_URL, NotTeacher, Store, StoreError, store_for
from ui.draw.html import md_escape

t = translator("classroom")

_PAGES_DIR = Path(__file__).resolve().parents[2] / "pages"
_PAGE_NAME = re.compile(r"[a-z_]{1,40}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")

# session-state keys
_CODE = "class__code"
_ROLE = "class__role"  # "teacher" or "student"
_KEY = "class__key"  # the teacher key (the teacher's session only)
_NICK = "class__nick"
_FOLLOW = "class__follow"
_APPLIED = "class__applied"  # the version this student's page shows
_PENDING = "class__pending"  # a ClassState to apply in the next run
_PUBLISHED = "class__published"  # what the teacher published last
_QUESTION = "class__question"  # the current Question, as last read
_MINE = "class__mine"  # this student's answers: question id -> answer
_JOINS = "class__joins"  # times of this session's join attempts
_SID = "class__sid"  # this session's id in the class tables
_TEACHER_LINK = "class__teacher_link"
_SUMMARY = "class__summary"
_ENDED = "class__ended"
_MESSAGE = "class__message"
_PAGE = "class__page"
_SHOWN = "class__shown"  # the ClassState this student's page shows
_PLAYER = "class__player"  # (page, player key, fragment id) of the step player drawn last
_SLOT = "class__slot"  # this full run's container for the open question's answer box


def clean_nickname(text: str) -> str:
    """A nickname as kept: control and direction characters dropped, spaces squeezed, cut to
    :attr:`ui.app.limits.Limits.class_name_chars` (it is shown escaped wherever it appears).

    Example:
        >>> clean_nickname("a" * 500) == "a" * LIMITS.class_name_chars
        True
    """
    return " ".join(_CONTROL.sub("", text).split())[: LIMITS.class_name_chars]


def _clean_answer(text: str) -> str:
    return " ".join(_CONTROL.sub("", text).split())[: LIMITS.class_answer_chars]


# --- the store --------------------------------------------------------------------------


def _url() -> str | None:
    """The database URL from Streamlit's secrets (``[connections.classroom] url``), if any;
    the environment variable wins (:func:`ui.classroom.store.default_url`)."""
    if os.environ.get(ENV_URL):
        return None
    try:
        if not st.secrets.load_if_toml_exists():
            return None
        url = st.secrets.get("connections", {}).get("classroom", {}).get("url")
    except Exception:  # unreadable secrets: the default database
        return None
    return str(url) if url else None


def _store() -> Store:
    return store_for(_url())


def _fail(err: StoreError) -> None:
    """Say in the page that the class database failed (never a traceback)."""
    st.session_state[_MESSAGE] = (
        t("The teacher key does not fit this class (or it has ended).")
        if isinstance(err, NotTeacher)
        else t(
            "The live class cannot reach its database just now, so the class does not move "
            "for the moment. Everything else works as usual; try again in a moment."
        )
    )


def _role() -> str | None:
    state = st.session_state
    return state.get(_ROLE) if state.get(_CODE) else None


def _sid() -> str:
    return str(st.session_state.setdefault(_SID, secrets.token_hex(16)))


def _leave() -> None:
    for key in (_CODE, _ROLE, _KEY, _FOLLOW, _APPLIED, _PENDING, _PUBLISHED, _QUESTION, _MINE):
        st.session_state.pop(key, None)
    for key in (_SHOWN, _PLAYER, _SLOT):
        st.session_state.pop(key, None)
    st.session_state.pop(_TEACHER_LINK, None)


def _message() -> None:
    message = st.session_state.pop(_MESSAGE, None)
    if message:
        st.warning(md_escape(message), icon=":material/warning:")
