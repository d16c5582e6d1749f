"""The live class: the teacher leads, every student follows and answers (issue 29).

A teacher starts a class from the sidebar; the page then shows a class code and a QR code of
the join link (large enough for a projector). Students join by the link, the QR code or the
code typed on the start page; from then on their page follows the teacher's: page, corpus,
settings, tab and step. The teacher can ask the class the step's question; the answers are
counted live in a chart (never names), and the reveal shows every student their verdict.

How it is built (the rows are in :mod:`ui.class_store`, any number of app processes share them):

- The teacher's view is what the share link describes (:func:`ui.share.build_params`).
  :func:`class_publish` runs where the link is published (``app.py`` after the page, and the
  step player's listener) and writes a new version when the view changed.
- A following student's page draws a small fragment (:func:`class_banner`) that reads the
  class's version every :attr:`ui.limits.Limits.class_poll_ms` ms (one read by primary key)
  and reruns the app only when it changed; :func:`class_follow`, before any widget is drawn,
  then switches to the teacher's page and applies the parameters (:func:`ui.share.apply_params`).
- A view asks the step's question through :func:`class_gate` with an :class:`Ask` (its key,
  wording, options and verdict function, the same verdicts as the single-student quiz).
- The teacher key lives only in the teacher's session (and in the teacher link shown once in
  the teacher's sidebar): never in the join link or on the projector.

Example:
    >>> Ask("bpe_learn:3", "Which pair?", lambda a: (a == "x", ""), (("x", "x"),)).kind
    'choice'
    >>> clean_nickname("  Ann\\x00 <b>  ")
    'Ann <b>'
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import altair as alt
import pandas as pd
import streamlit as st

from subword_core.unigram import PruneStep
from ui.class_store import (
    ENV_URL,
    ClassState,
    NotTeacher,
    Question,
    Store,
    StoreError,
    normal_code,
    store_for,
)
from ui.corpus_picker import choose_source, corpus_as_text
from ui.html import esc, md_escape, show_html, show_text
from ui.i18n import translator
from ui.limits import LIMITS
from ui.presenter import presenting
from ui.qr import qr_img_html, reachable_base
from ui.share import apply_params, build_params

__all__ = [
    "Ask",
    "class_banner",
    "class_follow",
    "class_gate",
    "class_link_params",
    "class_listener",
    "class_publish",
    "class_sidebar",
    "clean_nickname",
    "join_form",
    "merge_ask",
    "pair_ask",
    "prune_ask",
    "split_ask",
    "summary_csv",
]

t = translator("classroom")

_PAGES_DIR = Path(__file__).resolve().parents[1] / "pages"
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


@dataclass(frozen=True)
class Ask:
    """A step's question for the class, as a view words and judges it.

    Attributes:
        key: Which step of which view, the same for the teacher and the students (e.g.
            ``"bpe_learn:3"``).
        prompt: The question (plain text, in the session's language).
        verdict: ``answer id -> (right?, explanation HTML)``, the single-student quiz's.
        options: ``(id, label)`` of each option; empty for a typed answer.
        right: The right answers' ids (for a choice, worked out from ``verdict`` when empty).
        hint: For a typed answer: an example of the form (plain text).
        normalize: Turns a typed answer into its id (e.g. pieces joined by one space).
    """

    key: str
    prompt: str
    verdict: Callable[[str], tuple[bool, str]]
    options: tuple[tuple[str, str], ...] = ()
    right: tuple[str, ...] = ()
    hint: str = ""
    normalize: Callable[[str], str] | None = None

    @property
    def kind(self) -> str:
        """``"choice"`` with options, else ``"text"``."""
        return "choice" if self.options else "text"

    def right_answers(self) -> tuple[str, ...]:
        """The right answers' ids (every tied option is right)."""
        if self.right or not self.options:
            return self.right
        return tuple(oid for oid, _ in self.options if self.verdict(oid)[0])


def pair_ask(
    key: str,
    prompt: str,
    pairs: list[tuple[str, str]],
    verdict: Callable[[tuple[str, str]], tuple[bool, str]],
) -> Ask:
    """An :class:`Ask` for "which pair is merged next?" (ids are the pairs as JSON).

    Example:
        >>> ask = pair_ask("k", "Which?", [("s", "t"), ("e", "s")], lambda p: (p == ("e", "s"), ""))
        >>> ask.options[0], ask.right_answers()
        (('["e", "s"]', 'e + s'), ('["e", "s"]',))
    """

    def judge(answer: str) -> tuple[bool, str]:
        try:
            a, b = json.loads(answer)
        except (ValueError, TypeError):
            return False, ""
        return verdict((str(a), str(b)))

    options = tuple(
        (json.dumps([a, b], ensure_ascii=False), f"{a} + {b}")
        for a, b in sorted(dict.fromkeys(pairs))
    )
    return Ask(key, prompt, judge, options)


def merge_ask(
    page: str,
    step: int,
    pairs: list[tuple[str, str]],
    verdict: Callable[[tuple[str, str]], tuple[bool, str]],
) -> Ask:
    """ "Which pair will step ``step`` merge?" for the class (BPE, byte-level BPE, WordPiece).

    Example:
        >>> merge_ask("bpe_learn", 3, [("a", "b")], lambda p: (True, "")).key
        'bpe_learn:merge:3'
    """
    prompt = t("Which pair will step {step} merge?").format(step=step)
    return pair_ask(f"{page}:merge:{step}", prompt, pairs, verdict)


def split_ask(
    page: str,
    word: str,
    verdict: Callable[[list[str]], tuple[bool, str]],
    expected: list[str],
    *,
    strip: Callable[[list[str]], list[str]] = list,
    hint: str = "",
) -> Ask:
    """ "How will ``word`` be split?" for the class (BPE encode, WordPiece encode).

    Args:
        page: The page's URL path (part of the question's key).
        word: The word the teacher's page encodes.
        verdict: The single-student quiz's verdict for typed pieces.
        expected: The model's pieces for ``word``.
        strip: Drops what may be typed or left out (end-of-word markers, ``##``), so that
            equal answers are counted together.
        hint: An example of the form, e.g. ``"lo w est"``.

    Example:
        >>> def strip(pieces):
        ...     return [p.removesuffix("</w>") for p in pieces]
        >>> ask = split_ask("bpe_encode", "lowest", lambda g: (g == ["low", "est"], ""),
        ...                 ["low", "est</w>"], strip=strip)
        >>> ask.right, ask.normalize("low   est</w>")
        (('low est',), 'low est')
    """

    def norm(text: str) -> str:
        return " ".join(strip(text.split()))

    prompt = t("How will “{word}” be split?").format(word=word)
    return Ask(
        f"{page}:split:{word}",
        prompt,
        lambda answer: verdict(answer.split()),
        right=(norm(" ".join(expected)),),
        hint=hint,
        normalize=norm,
    )


def prune_ask(page: str, step: PruneStep) -> Ask | None:
    """ "Is this piece kept or removed by the pruning round?" (Unigram), or ``None``.

    The piece judged sits at the cut: the first one removed in odd rounds, the last one
    kept in even rounds (so the right answer is not always the same).

    Example:
        >>> from subword_core.unigram import learn
        >>> step = learn({"hug": 10, "pug": 5, "pun": 12}, 7).steps[3]
        >>> ask = prune_ask("unigram", step)
        >>> ask.right_answers(), [oid for oid, _ in ask.options]
        (('removed',), ['kept', 'removed'])
    """
    rank = step.kept_candidates + (1 if step.round % 2 else 0)
    rows = [row for row in step.losses if row.rank == rank]
    if not rows:
        return None
    row = rows[0]

    def verdict(answer: str) -> tuple[bool, str]:
        right = answer == ("kept" if row.kept else "removed")
        why = t(
            "“{piece}” ranks {rank} of {n} pieces by loss (without it the corpus "
            "log-likelihood drops by {loss}). The round keeps the {k} pieces with the highest "
            "loss, so it is {fate}."
        ).format(
            piece=esc(row.piece),
            rank=row.rank,
            n=f"{step.candidates:,}",
            loss=f"{row.loss:.3f}",
            k=f"{step.kept_candidates:,}",
            fate=t("kept") if row.kept else t("removed"),
        )
        return right, (t("Right:") if right else t("Not right:")) + " " + why

    prompt = t("Pruning round {round}: is “{piece}” kept or removed?").format(
        round=step.round, piece=row.piece
    )
    options = (("kept", t("kept")), ("removed", t("removed")))
    return Ask(f"{page}:prune:{step.number}", prompt, verdict, options)


def clean_nickname(text: str) -> str:
    """A nickname as kept: control and direction characters dropped, spaces squeezed, cut to
    :attr:`ui.limits.Limits.class_name_chars` (it is shown escaped wherever it appears).

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
    the environment variable wins (:func:`ui.class_store.default_url`)."""
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
    st.session_state.pop(_TEACHER_LINK, None)


# --- joining ------------------------------------------------------------------------------


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

    Call it in ``app.py`` before :func:`ui.share.apply_link` (which then never sees them).

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


# --- following --------------------------------------------------------------------------


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


# --- the banner ---------------------------------------------------------------------------


def _join_link(code: str) -> str:
    url = st.context.url or ""
    base = reachable_base(url, listen=st.get_option("server.address")).base if url else ""
    return f"{base}?class={code}"


def _qr_img(link: str, scale: int) -> str:
    """The join link's QR code as an ``<img>`` (st.html keeps no inline ``<svg>``)."""
    return qr_img_html(
        link, alt=t("QR code of the join link"), scale=scale, css_class="sw-class-qr"
    )


def _message() -> None:
    message = st.session_state.pop(_MESSAGE, None)
    if message:
        st.warning(md_escape(message), icon=":material/warning:")


def class_banner(page: str) -> None:
    """The class's strip at the top of the page: code and QR (teacher), following (student).

    Call it in ``app.py`` on every full run, before the page runs.

    Example::

        class_banner("bpe_learn")
    """
    state = st.session_state
    state[_PAGE] = page
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
        c1, c2 = st.columns([3, 1], vertical_alignment="center")
        nick = state.get(_NICK)
        if state.get(_FOLLOW):
            text = t("You follow the live class {code}: your page shows the teacher's.")
        else:
            text = t("You are exploring on your own (live class {code}).")
        line = text.format(code=code)
        if nick:
            line += " " + t("Your nickname: {nick}.").format(nick=nick)
        with c1:
            show_text(line)
            st.fragment(run_every=LIMITS.class_poll_ms / 1000)(_poll)()
        if state.get(_FOLLOW):
            if c2.button(t("Explore on my own"), key="class_detach", icon=":material/explore:"):
                state[_FOLLOW] = False
                st.rerun()
        elif c2.button(
            t("Back to the class"), key="class_back", type="primary", icon=":material/group:"
        ):
            state[_FOLLOW] = True
            state[_APPLIED] = None  # the next poll (now) fetches the teacher's view
            try:
                state[_PENDING] = _store().state(code)
            except StoreError as err:
                _fail(err)
            st.rerun()


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
            st.fragment(run_every=LIMITS.class_poll_ms / 1000 * 2)(_teacher_live)()
        with c2:
            scale = 3 if asking else 5
            show_html(_qr_img(link, scale))
        b1, b2, _ = st.columns([1, 1, 2])
        if b1.button(t("End the class"), key="class_end", icon=":material/stop_circle:"):
            _end()
            st.rerun()
        if asking and b2.button(t("Close the question"), key="class_dismiss"):
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
            x=alt.X("count:Q", title=t("students"), axis=alt.Axis(tickMinStep=1)),
            color=alt.Color(
                "verdict:N",
                scale=alt.Scale(
                    domain=[names["right"], names["wrong"], names["open"]],
                    range=["#2ca02c", "#d62728", "#1f77b4"],  # (the legend: after the reveal)
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


def _end() -> None:
    state = st.session_state
    try:
        summary = _store().end(str(state[_CODE]), str(state[_KEY]))
    except StoreError as err:
        _fail(err)
        return
    _leave()
    state[_SUMMARY] = summary


def summary_csv(summary: list[dict[str, object]]) -> str:
    """The class summary as CSV (no names): question, answers, right answers, share right.

    Example:
        >>> print(summary_csv([{"number": 1, "question": "Which?", "answers": 4, "right": 3,
        ...     "share_right": 0.75}]).strip())
        number,question,answers,right,share_right
        1,Which?,4,3,0.75
    """
    out = io.StringIO()
    writer = csv.DictWriter(
        out, ["number", "question", "answers", "right", "share_right"], lineterminator="\n"
    )
    writer.writeheader()
    for row in summary:
        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
    return out.getvalue()


def _summary_box() -> None:
    state = st.session_state
    summary = state[_SUMMARY]
    with st.container(border=True, key="class_summary"):
        st.markdown(t("**The class has ended: how it answered**"))
        if not summary:
            show_text(t("No question was asked."), small=True)
        else:
            table = pd.DataFrame(
                [
                    {
                        t("question"): f"{row['number']}. {row['question']}",
                        t("answers"): row["answers"],
                        t("share right"): (
                            "—" if row["share_right"] is None else f"{row['share_right']:.0%}"
                        ),
                    }
                    for row in summary
                ]
            )
            st.table(table.set_index(t("question")))  # plain HTML: read aloud, no canvas
        c1, c2 = st.columns(2)
        c1.download_button(
            t("Download the summary (CSV)"),
            summary_csv(summary),
            file_name="class-summary.csv",
            mime="text/csv",
            key="class_summary_csv",
            on_click="ignore",
        )
        if c2.button(t("Close the summary"), key="class_summary_close"):
            state.pop(_SUMMARY, None)
            st.rerun()


# --- the teacher's sidebar ------------------------------------------------------------------


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
            if st.button(
                t("Start a live class"), key="class_start", icon=":material/cast_for_education:"
            ):
                _start(page)
                st.rerun()
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


# --- the step's question ------------------------------------------------------------------


def _verdict_html(right: bool, why: str) -> str:
    icon = "<strong aria-hidden='true'>" + ("✓" if right else "✗") + "</strong>"
    colour = "rgb(44,160,44)" if right else "rgb(214,39,40)"
    return (
        f"<div class='sw-text' style='border:2px solid {colour};border-radius:.4em;"
        f"padding:.5em .8em;margin:.4em 0'>{icon} {why}</div>"
    )


def class_gate(ask: Ask | None) -> bool:
    """The class's question for this step; ``True`` when the step may be shown.

    Outside a class it does nothing and returns ``True``. The teacher gets an "Ask the class"
    button; while the question is open, the step stays hidden for everybody (the view then
    draws what comes before it, as for the quiz) and the students answer here; after the
    reveal each student sees their verdict with the quiz's explanation.

    Example::

        if not class_gate(pair_ask("bpe_learn:3", prompt, pairs, verdict)):
            return  # the corpus before the step was drawn instead
    """
    role = _role()
    if ask is None:
        return True
    if role == "teacher":
        return _teacher_gate(ask)
    if role == "student" and st.session_state.get(_FOLLOW):
        return _student_gate(ask)
    return True


def _teacher_gate(ask: Ask) -> bool:
    state = st.session_state
    question: Question | None = state.get(_QUESTION)
    if question is not None and question.ask_key == ask.key:
        if question.state == "open":
            st.info(
                t(
                    "The class is answering (the chart is at the top). The step is shown after "
                    "the reveal."
                ),
                icon=":material/hourglass_top:",
            )
            return False
        for answer in question.right or ():
            show_html(_verdict_html(*ask.verdict(answer)))
        return True
    if (question is None or question.state == "revealed") and st.button(
        t("Ask the class: {prompt}").format(prompt=md_escape(ask.prompt)),
        key=f"class_ask_{ask.key}",
        icon=":material/quiz:",
    ):
        try:
            state[_QUESTION] = _store().ask(
                str(state[_CODE]),
                str(state[_KEY]),
                ask.key,
                ask.kind,
                ask.prompt,
                ask.options,
                ask.right_answers(),
            )
        except StoreError as err:
            _fail(err)
        st.rerun(scope="app")
    return True


def _send(question: Question, answer: str) -> None:
    state = st.session_state
    if not answer:
        state[_MESSAGE] = t("Choose or type an answer first.")
        return
    try:
        _store().answer(str(state[_CODE]), question.id, _sid(), answer)
    except StoreError:
        state[_MESSAGE] = t("The question is closed, or the class cannot be reached: not sent.")
        return
    state.setdefault(_MINE, {})[question.id] = answer


def _student_gate(ask: Ask) -> bool:
    state = st.session_state
    question: Question | None = state.get(_QUESTION)
    if question is None or question.ask_key != ask.key:
        return True
    mine = state.get(_MINE, {}).get(question.id)
    if question.state == "revealed":
        if mine is None:
            show_text(t("You did not answer this question."), small=True)
        else:
            show_html(_verdict_html(*ask.verdict(mine)))
        return True
    with st.container(border=True, key=f"class_answer_{question.id}"):
        show_html(f"<p class='sw-text'><strong>{esc(ask.prompt)}</strong></p>")
        _message()
        if ask.options:
            labels = dict(ask.options)
            pick = st.radio(
                t("Your answer"),
                list(labels),
                index=None,
                format_func=lambda oid: md_escape(labels.get(oid, oid)),
                key=f"class_pick_{question.id}",
                horizontal=True,
            )
            answer = pick or ""
        else:
            typed = st.text_input(
                t("Your answer: the pieces, separated by spaces"),
                key=f"class_typed_{question.id}",
                max_chars=LIMITS.class_answer_chars,
                placeholder=ask.hint,
            )
            answer = _clean_answer(typed or "")
            if answer and ask.normalize is not None:
                answer = ask.normalize(answer)
        if st.button(t("Send my answer"), key=f"class_send_{question.id}", type="primary"):
            _send(question, answer)
        mine = state.get(_MINE, {}).get(question.id)
        if mine is not None:
            shown = dict(ask.options).get(mine, mine)
            show_text(
                t(
                    "Your answer is in: {answer}. You can change it until the teacher reveals it."
                ).format(answer=shown),
                small=True,
            )
    return False
