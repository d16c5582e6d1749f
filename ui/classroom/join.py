"""Joining a live class: by the link (``?class=``), the teacher link, or the start page's form.

Joining is rate-limited per session (:attr:`ui.app.limits.Limits.class_joins_per_minute`), so codes
cannot be found by trying.

Example::

    class_link_params()  # app.py, before the shared link is applied
    join_form()  # the start page
"""

from __future__ import annotations

import time

import streamlit as st

from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.classroom.session import (
    _CODE,
    _ENDED,
    _FOLLOW,
    _JOINS,
    _KEY,
    _MESSAGE,
    _NICK,
    _PENDING,
    _QUESTION,
    _ROLE,
    _fail,
    _leave,
    _message,
    _role,
    _sid,
    _store,
    clean_nickname,
)
from ui.classroom.store import StoreError, normal_code

t = translator("classroom")


def _may_join() -> bool:
    """Count a join attempt; ``False`` (and a message) past the per-minute limit."""
    now = time.monotonic()
    tries = [x for x in st.session_state.get(_JOINS, []) if now - x < 60]
    if len(tries) >= LIMITS.class_joins_per_minute:
        st.session_state[_JOINS] = tries
        st.session_state[_MESSAGE] = t(
            "Too many tries to join a class: wait a minute, then type the code again."
        )
        return False
    st.session_state[_JOINS] = [*tries, now]
    return True


def _join(text: str, nickname: str = "") -> bool:
    """Join the class with code ``text`` as a student; ``False`` with a message if not."""
    if not _may_join():
        return False
    code = normal_code(text)
    try:
        found = bool(code) and _store().join(code, _sid(), clean_nickname(nickname))
        state_now = _store().state(code) if found else None
    except StoreError as err:
        _fail(err)
        return False
    if state_now is None:
        st.session_state[_MESSAGE] = t(
            "No live class has this code: check the letters on the projector."
        )
        return False
    _leave()
    state = st.session_state
    state.update({_CODE: code, _ROLE: "student", _NICK: clean_nickname(nickname), _FOLLOW: True})
    state[_PENDING] = state_now
    state.pop(_ENDED, None)
    state.pop(_MESSAGE, None)
    return True


def _take_back(code: str, key: str) -> bool:
    """Become the teacher of ``code`` again (the teacher link); ``False`` with a message."""
    if not _may_join():
        return False
    code = normal_code(code)
    try:
        ok = bool(code) and _store().check_key(code, key)
        state_now = _store().state(code) if ok else None
    except StoreError as err:
        _fail(err)
        return False
    if state_now is None:
        st.session_state[_MESSAGE] = t("The teacher key does not fit this class (or it has ended).")
        return False
    _leave()
    st.session_state.update({_CODE: code, _ROLE: "teacher", _KEY: key, _PENDING: state_now})
    st.session_state[_QUESTION] = state_now.question
    return True


def class_link_params() -> None:
    """Take ``class=`` (and a teacher link's ``teacher=``) out of the opening link and join.

    Call it in ``app.py`` before :func:`ui.app.share.apply_link` (which then never sees them).

    Example::

        class_link_params()
    """
    params = st.query_params
    code = params.get("class")
    key = params.get("teacher")
    if code is None and key is None:
        return
    params.pop("class", None)
    params.pop("teacher", None)
    if code is None:
        return
    if key is not None:
        _take_back(code, key[:200])
    else:
        _join(code[:40])


def join_form() -> None:
    """The start page's "Join a live class" box: the code, an optional nickname, Join.

    Example::

        join_form()
    """
    if _role() is not None:
        return
    with st.form("class_join", border=True):
        st.markdown(t("**Join a live class**"))
        c1, c2, c3 = st.columns([1, 1, 1], vertical_alignment="bottom")
        c1.text_input(
            t("Class code"),
            key="class_join_code",
            max_chars=12,
            placeholder="KMRTPH",
            help=t("The six letters your teacher shows."),
        )
        c2.text_input(
            t("Nickname (optional)"),
            key="class_join_nick",
            max_chars=LIMITS.class_name_chars,
            help=t("Nobody sees who answered what; leave it empty if you like."),
        )
        if c3.form_submit_button(t("Join"), type="primary") and _join(
            st.session_state.get("class_join_code") or "",
            st.session_state.get("class_join_nick") or "",
        ):
            st.rerun()
    _message()
