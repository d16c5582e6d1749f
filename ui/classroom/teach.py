"""The teacher's side: the sidebar's "Live class" box, starting a class, publishing the view.

Example::

    class_sidebar("bpe_learn")
    set_step_listener(class_listener(publish_link))
    class_publish()
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ui.app.corpus_picker import corpus_as_text
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.share import build_params
from ui.classroom.follow import note_player
from ui.classroom.session import (
    _CODE,
    _KEY,
    _PAGE,
    _PENDING,
    _PUBLISHED,
    _QUESTION,
    _ROLE,
    _TEACHER_LINK,
    _fail,
    _leave,
    _role,
    _store,
)
from ui.classroom.store import NotTeacher, StoreError
from ui.draw.html import show_text

t = translator("classroom")


def class_sidebar(page: str) -> None:
    """The sidebar's "Live class" box: start a class, or the teacher link (shown once).

    Example::

        class_sidebar("bpe_learn")
    """
    state = st.session_state
    role = _role()
    if role == "student":
        return
    with st.sidebar.expander(
        t("Live class"), icon=":material/groups:", expanded=bool(state.get(_TEACHER_LINK))
    ):
        if role is None:
            show_text(
                t(
                    "Lead a class: every student who joins sees your page, follows your steps "
                    "and answers your questions. No account is needed."
                ),
                small=True,
            )
            # a callback: the click's own run draws the class (st.rerun here ran the teacher's
            # whole page a second time: half a minute on a busy machine)
            st.button(
                t("Start a live class"),
                key="class_start",
                icon=":material/cast_for_education:",
                on_click=_start,
                args=(page,),
            )
            return
        link = state.get(_TEACHER_LINK)
        if link:
            show_text(
                t(
                    "Your teacher link takes the class back from another tab or device. It is "
                    "shown only now and only here: keep it to yourself, never on the projector."
                ),
                small=True,
            )
            st.code(link, language=None, wrap_lines=True)
            if st.button(t("I have kept it: hide it"), key="class_hide_key"):
                state.pop(_TEACHER_LINK, None)
                st.rerun()
        else:
            show_text(t("You lead the live class {code}.").format(code=state[_CODE]), small=True)


def _view_now(page: str) -> tuple[str, dict[str, str], str | None]:
    params, _ = build_params(page)
    params = {k: v for k, v in params.items() if k not in ("text", "lang", "present")}
    corpus = None
    if "corpus" not in params:
        corpus = corpus_as_text()
        if corpus is not None and len(corpus) > LIMITS.corpus_chars:
            corpus = corpus[: LIMITS.corpus_chars]
    return page, params, corpus


def _start(page: str) -> None:
    state = st.session_state
    view = _view_now(page)
    try:
        store = _store()
        store.cleanup(LIMITS.class_idle_minutes * 60)
        code, key = store.create_class(*view)
    except StoreError as err:
        _fail(err)
        return
    _leave()
    state.update({_CODE: code, _ROLE: "teacher", _KEY: key, _PUBLISHED: view, _QUESTION: None})
    url = st.context.url or ""
    base = url.split("?")[0]
    state[_TEACHER_LINK] = f"{base}?class={code}&teacher={key}"


def class_listener(listener: Callable[[str], None]) -> Callable[[str], None]:
    """The step player's listener ``listener`` followed by :func:`class_publish`.

    Example::

        set_step_listener(class_listener(publish_link))
    """

    def both(player: str) -> None:
        listener(player)
        class_publish(player)
        note_player(player)  # a student: a step alone reruns only this player

    return both


def class_publish(player: str | None = None) -> None:
    """The teacher's view changed? Write it as the class's new version (students follow).

    ``app.py`` calls it after the page ran and from the step player's listener.

    Example::

        class_publish()
    """
    state = st.session_state
    if _role() != "teacher" or state.get(_PENDING) is not None:
        return
    page = state.get(_PAGE)
    if page is None:
        return
    view = _view_now(page)
    if view == state.get(_PUBLISHED):
        return
    try:
        _store().publish(str(state[_CODE]), str(state[_KEY]), *view)
    except StoreError as err:
        _fail(err)
        if isinstance(err, NotTeacher):
            _leave()
        return
    state[_PUBLISHED] = view
