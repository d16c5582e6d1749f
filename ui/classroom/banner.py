"""The class's strip at the top of the page: the teacher's code, QR code and live answers;
a student's "you follow the class" line and its poll.

Example::

    class_banner("bpe_learn")  # app.py, before the page runs
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from ui.app.i18n import join_sentences, translator
from ui.app.limits import LIMITS
from ui.app.presenter import presenting
from ui.classroom.follow import _poll
from ui.classroom.session import (
    _APPLIED,
    _CODE,
    _ENDED,
    _FOLLOW,
    _KEY,
    _NICK,
    _PAGE,
    _PENDING,
    _QUESTION,
    _ROLE,
    _SLOT,
    _SUMMARY,
    _fail,
    _message,
    _role,
    _store,
)
from ui.classroom.store import Question, StoreError
from ui.classroom.summary import _end, _summary_box
from ui.draw.html import esc, show_html, show_text
from ui.draw.qr import qr_img_html, reachable_base

t = translator("classroom")


def _join_link(code: str) -> str:
    url = st.context.url or ""
    base = reachable_base(url, listen=st.get_option("server.address")).base if url else ""
    return f"{base}?class={code}"


def _qr_img(link: str, scale: int) -> str:
    """The join link's QR code as an ``<img>`` (st.html keeps no inline ``<svg>``)."""
    return qr_img_html(
        link, alt=t("QR code of the join link"), scale=scale, css_class="sw-class-qr"
    )


def class_banner(page: str) -> None:
    """The class's strip at the top of the page: code and QR (teacher), following (student).

    Call it in ``app.py`` on every full run, before the page runs.

    Example::

        class_banner("bpe_learn")
    """
    state = st.session_state
    state[_PAGE] = page
    state.pop(_SLOT, None)  # made again by this run's banner (a student following)
    _message()
    if state.get(_SUMMARY) is not None:
        _summary_box()
    if state.pop(_ENDED, False):
        st.info(t("The teacher ended the class. You can go on exploring on your own."))
    role = _role()
    if role == "teacher":
        _teacher_banner()
    elif role == "student":
        _student_banner()


def _student_banner() -> None:
    state = st.session_state
    code = str(state[_CODE])
    with st.container(border=True, key="class_student"):
        nick = state.get(_NICK)
        if state.get(_FOLLOW):
            text = t("You follow the live class {code}: your page shows the teacher's.")
        else:
            text = t("You are exploring on your own (live class {code}).")
        line = text.format(code=code)
        if nick:
            line = join_sentences(line, t("Your nickname: {nick}.").format(nick=nick))
        # the button keeps its whole label (a column of a quarter cut it with the sidebar open)
        row = st.container(horizontal=True, vertical_alignment="center", gap="small")
        with row:
            show_text(line)
        st.fragment(run_every=LIMITS.class_poll_ms / 1000)(_poll)()
        # callbacks, run before the page: the poll above may rerun the page (the class moved
        # on), and a click handled after it would then be dropped
        if state.get(_FOLLOW):
            row.button(
                t("Explore on my own"),
                key="class_detach",
                icon=":material/explore:",
                on_click=_explore,
            )
        else:
            row.button(
                t("Back to the class"),
                key="class_back",
                type="primary",
                icon=":material/group:",
                on_click=_back_to_class,
                args=(code,),
            )
    if state.get(_FOLLOW):
        # an open question's answer box (ui.classroom.ask) is drawn here, right under this
        # strip: on the first screen of a 1024×768 page, above the page's intro and settings
        state[_SLOT] = st.container()


def _explore() -> None:
    """Stop following: the student's page stays where it is."""
    st.session_state[_FOLLOW] = False


def _back_to_class(code: str) -> None:
    """Follow the class again, from the teacher's view now (applied in this run)."""
    state = st.session_state
    state[_FOLLOW] = True
    state[_APPLIED] = None  # the poll fetches the teacher's view again if this read fails
    try:
        state[_PENDING] = _store().state(code)
    except StoreError as err:
        _fail(err)


def _teacher_banner() -> None:
    state = st.session_state
    code = str(state[_CODE])
    link = _join_link(code)
    question: Question | None = state.get(_QUESTION)
    asking = question is not None
    size = 2 if asking else 3.2
    with st.container(border=True, key="class_teacher"):
        c1, c2 = st.columns([3, 1] if asking else [2, 1], vertical_alignment="center")
        with c1:
            show_html(
                f"<div class='sw-class-code'><span>{esc(t('Live class: join with the code'))}"
                f"</span> <strong lang='en' translate='no' style='font-size:{size}em;"
                f"letter-spacing:.12em;font-family:monospace'>{esc(code)}</strong></div>"
            )
            if not presenting() or not asking:
                st.code(link, language=None, wrap_lines=True)
            # on the first screen of a 1024×768 projector, above the (growing) answer chart
            with st.container(horizontal=True, gap="small"):
                _teacher_buttons(code, question)
            st.fragment(run_every=LIMITS.class_poll_ms / 1000 * 2)(_teacher_live)()
        with c2:
            scale = 3 if asking else 5
            show_html(_qr_img(link, scale))


def _teacher_buttons(code: str, question: Question | None) -> None:
    """End the class; while a question is asked, "Close the question" (open) or "Hide the
    answers" (revealed: the click takes the chart off the projector and the verdicts off the
    students' pages, and brings the code and QR code back)."""
    state = st.session_state
    if st.button(t("End the class"), key="class_end", icon=":material/stop_circle:"):
        _end()
        st.rerun()
    if question is None:
        return
    if question.state == "revealed":
        label, icon = t("Hide the answers"), ":material/visibility_off:"
        why = t(
            "Takes the chart off the projector and the verdicts off the students' pages. "
            "The class summary keeps the answers."
        )
    else:
        label, icon = t("Close the question"), ":material/close:"
        why = t("Closes the question without the reveal: the students see no verdict.")
    if st.button(label, key="class_dismiss", icon=icon, help=why):
        try:
            _store().dismiss(code, str(state[_KEY]))
            state[_QUESTION] = None
        except StoreError as err:
            _fail(err)
        st.rerun()


def _teacher_live() -> None:
    """The teacher's live part: how many joined, and the answers to the current question."""
    state = st.session_state
    code = state.get(_CODE)
    if not code or state.get(_ROLE) != "teacher":
        return
    question: Question | None = state.get(_QUESTION)
    try:
        store = _store()
        joined = store.member_count(code)
        counts = store.counts(question.id) if question is not None else {}
    except StoreError:
        show_text(t("The class's database does not answer; trying again…"), small=True)
        return
    answered = sum(counts.values())
    if question is None:
        show_text(t.n("{n} student joined.", "{n} students joined.", joined).format(n=joined))
        return
    show_html(
        f"<p class='sw-text' style='margin:.2em 0'><strong>{esc(question.prompt)}</strong> "
        + esc(t("{answered} of {joined} answered.").format(answered=answered, joined=joined))
        + "</p>"
    )
    _answer_chart(question, counts)
    if question.state == "open" and st.button(
        t("Reveal the answer"), key="class_reveal", type="primary", icon=":material/visibility:"
    ):
        try:
            store.reveal(code, str(state[_KEY]), question.id)
            state[_QUESTION] = store.state(code).question  # type: ignore[union-attr]
        except (StoreError, AttributeError) as err:
            _fail(err if isinstance(err, StoreError) else StoreError(str(err)))
        st.rerun(scope="app")


def answer_table(question: Question, counts: dict[str, int]) -> pd.DataFrame:
    """The rows of the answer chart: one per option (and per other typed answer), with counts.

    Example:
        >>> options = (("a", "a + b"), ("c", "c + d"))
        >>> q = Question(1, 1, "k", "choice", "?", options, "revealed", ("a",))
        >>> answer_table(q, {"a": 2}).to_dict("records")[0]
        {'answer': '✓ a + b', 'count': 2, 'verdict': 'right'}
    """
    revealed = question.state == "revealed"
    right = set(question.right or ())
    rows = []
    labels = dict(question.options)
    ids = list(labels) + sorted(a for a in counts if a not in labels)
    for aid in ids:
        verdict = ("right" if aid in right else "wrong") if revealed else "open"
        label = labels.get(aid, aid)
        if verdict == "right":
            label = f"✓ {label}"  # also when nobody chose it (no bar to colour)
        rows.append({"answer": label, "count": counts.get(aid, 0), "verdict": verdict})
    if question.kind == "text":
        rows.sort(key=lambda r: -int(r["count"]))
        rows = rows[:12]
    return pd.DataFrame(rows, columns=["answer", "count", "verdict"])


def _answer_chart(question: Question, counts: dict[str, int]) -> None:
    table = answer_table(question, counts)
    if table.empty:
        show_text(t("No answers yet."), small=True)
        return
    names = {"right": t("right"), "wrong": t("not right"), "open": t("answers")}
    table["verdict"] = table["verdict"].map(names)
    chart = (
        alt.Chart(table)
        .mark_bar()
        .encode(
            y=alt.Y("answer:N", sort=None, title=None),
            x=alt.X(
                "count:Q",
                title=t("students"),
                axis=alt.Axis(tickMinStep=1, format="d"),
                # whole students, from 0 to at least 1 (no answers yet: no "0.000000" tick)
                scale=alt.Scale(domain=[0, max(1, int(table["count"].max()))]),
            ),
            color=alt.Color(
                "verdict:N",
                # the legend (after the reveal) names only right and not right
                scale=alt.Scale(
                    domain=[names["right"], names["wrong"]]
                    if question.state == "revealed"
                    else [names["open"]],
                    range=["#2ca02c", "#d62728"] if question.state == "revealed" else ["#1f77b4"],
                ),
                legend=alt.Legend(title=None, orient="bottom")
                if question.state == "revealed"
                else None,
            ),
        )
        .properties(height=alt.Step(24))
    )
    described = "; ".join(f"{row.answer}: {row['count']}" for _, row in table.iterrows())
    st.altair_chart(chart, width="stretch", alt=described)
    if question.state == "revealed":
        show_text(
            t(
                "Green answers are right. When pairs tie for the highest count, every tied pair "
                "is right: the rule that breaks the tie only picks which one is merged."
            ),
            small=True,
        )
