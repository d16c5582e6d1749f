"""Following the teacher: a student's poll, the switch to the teacher's page and view.

Example::

    class_follow("bpe_learn")  # app.py, before any widget is drawn
"""

from __future__ import annotations

import streamlit as st

from ui.classroom.session import (
    _APPLIED,
    _CODE,
    _ENDED,
    _FOLLOW,
    _PAGE_NAME,
    _PAGES_DIR,
    _PENDING,
    _QUESTION,
    _ROLE,
    _leave,
    _store,
)
from ui.classroom.store import ClassState, Store, StoreError
from ui.corpus_picker import choose_source
from ui.html import show_text
from ui.i18n import translator
from ui.limits import LIMITS
from ui.share import apply_params

t = translator("classroom")


def _page_file(page: str) -> str | None:
    name = page or "home"
    if not _PAGE_NAME.fullmatch(name) or not (_PAGES_DIR / f"{name}.py").is_file():
        return None
    return f"pages/{name}.py"


def class_follow(page: str) -> None:
    """Apply the teacher's view a poll brought (before any widget is drawn in the run).

    Switches to the teacher's page first when it is another one.

    Example::

        class_follow("bpe_learn")
    """
    state = st.session_state
    pending: ClassState | None = state.get(_PENDING)
    if pending is None:
        return
    if (pending.page or "home") != (page or "home"):
        target = _page_file(pending.page)
        if target is not None:
            st.switch_page(target)  # the next run applies it
        state.pop(_PENDING)
        return
    state.pop(_PENDING)
    params = {k: v for k, v in pending.params.items() if k not in ("lang", "present")}
    if "corpus" not in params and pending.corpus:
        choose_source("type", pending.corpus[: LIMITS.corpus_chars])
    apply_params(page, params)
    state[_APPLIED] = pending.version
    state[_QUESTION] = pending.question


def _fetch_and_rerun(store: Store, code: str) -> None:
    new = store.state(code)
    if new is None:
        _ended()
    else:
        st.session_state[_PENDING] = new
    st.rerun()


def _ended() -> None:
    _leave()
    st.session_state[_ENDED] = True


def _poll() -> None:
    """A student's poll: rerun the app when the teacher changed something or ended."""
    state = st.session_state
    code = state.get(_CODE)
    if not code or state.get(_ROLE) != "student":
        return
    try:
        store = _store()
        version = store.version(code)
        if version is None:
            _ended()
            st.rerun()
        if state.get(_FOLLOW) and version != state.get(_APPLIED):
            _fetch_and_rerun(store, code)
    except StoreError:
        show_text(t("The class's database does not answer; trying again…"), small=True)
