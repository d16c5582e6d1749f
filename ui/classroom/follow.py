"""Following the teacher: a student's poll, the switch to the teacher's page and view.

Example::

    class_follow("bpe_learn")  # app.py, before any widget is drawn
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
from streamlit.runtime.scriptrunner_utils.script_run_context import (
    ThreadState,
    get_script_run_ctx,
)

from ui.app.corpus_picker import choose_source
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.links import PAGES, PageLink
from ui.app.share import MAX_STEP, apply_params
from ui.classroom.session import (
    _APPLIED,
    _CODE,
    _ENDED,
    _FOLLOW,
    _PAGE,
    _PAGE_NAME,
    _PAGES_DIR,
    _PENDING,
    _PLAYER,
    _QUESTION,
    _ROLE,
    _SHOWN,
    _leave,
    _store,
)
from ui.classroom.store import ClassState, Store, StoreError
from ui.draw.html import show_text
from ui.draw.player import set_step

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
    state[_SHOWN] = pending
    state[_QUESTION] = pending.question


def _fetch_and_rerun(store: Store, code: str, version: int) -> None:
    new = store.state_at(code, version)
    if new is None:
        _ended()
    elif _rerun_player(new):
        return
    else:
        st.session_state[_PENDING] = new
    st.rerun()


def note_player(player: str) -> None:
    """Remember which fragment draws the page's step player (a student's session only).

    The step player's listener calls it from inside the player's fragment, so that a poll
    that brings only a new step reruns that fragment, not the whole page.

    Example::

        note_player("bpe")  # inside the player's fragment
    """
    state = st.session_state
    if state.get(_ROLE) != "student" or not state.get(_CODE):
        return
    fragment = ThreadState.get().fragment_id
    if fragment:
        state[_PLAYER] = (state.get(_PAGE), player, fragment)


def step_only(old: ClassState | None, new: ClassState) -> int | None:
    """The new step when only the teacher's step changed from ``old`` to ``new``, else ``None``.

    Example:
        >>> a = ClassState("K", 1, "bpe_learn", {"corpus": "c", "step": "2"}, None, None)
        >>> b = ClassState("K", 2, "bpe_learn", {"corpus": "c", "step": "3"}, None, None)
        >>> step_only(a, b), step_only(b, ClassState("K", 3, "home", {"step": "3"}, None, None))
        (3, None)
    """
    if old is None or (old.page, old.corpus, old.question) != (new.page, new.corpus, new.question):
        return None
    rest_old = {k: v for k, v in old.params.items() if k != "step"}
    rest_new = {k: v for k, v in new.params.items() if k != "step"}
    text = new.params.get("step", "")
    if rest_old != rest_new or not text.isdigit() or not 1 <= int(text) <= MAX_STEP:
        return None
    return int(text)


def _rerun_player(new: ClassState) -> bool:
    """Only the step changed: move this student's player and rerun only its fragment.

    ``False`` (nothing done) when more than the step changed or the player's fragment is
    not known in this run; the caller then reruns the whole page.
    """
    state = st.session_state
    step = step_only(state.get(_SHOWN), new)
    noted = state.get(_PLAYER)
    player = PAGES.get(new.page, PageLink()).player
    if step is None or noted is None or noted[:2] != (new.page, player):
        return False
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or ctx.script_requests is None or not ctx.fragment_storage.contains(noted[2]):
        return False
    if not ctx.fragment_ids_this_run:
        # the poll runs inline in a full run of the page (its banner, before the page):
        # stopping that run for the player alone would leave the page undrawn
        return False
    set_step(noted[1], step)
    state[_APPLIED] = new.version
    state[_SHOWN] = new
    # st.rerun can name another fragment only from a widget's callback: ask the same way
    ctx.script_requests.request_rerun(
        RerunData(
            query_string=ctx.query_string,
            page_script_hash=ctx.page_script_hash,
            fragment_id_queue=[noted[2]],
            is_fragment_scoped_rerun=True,
            cached_message_hashes=ctx.cached_message_hashes,
            context_info=ctx.context_info,
        )
    )
    st.empty()  # a yield point: the runner stops this poll here and runs the player
    return True


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
        version = store.recent_version(code, LIMITS.class_version_ms / 1000)
        if version is None:
            _ended()
            st.rerun()
        applied = state.get(_APPLIED)
        # only forward: a version this process read a moment ago may be older than the one
        # this page already shows (versions only grow)
        if state.get(_FOLLOW) and (applied is None or version > applied):
            _fetch_and_rerun(store, code, version)
    except StoreError:
        show_text(t("The class's database does not answer; trying again…"), small=True)
