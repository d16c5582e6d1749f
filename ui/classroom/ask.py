"""The step's question for the class: what a view asks (:class:`Ask`) and the gate that asks it.

A view asks the step's question through :func:`class_gate` with an :class:`Ask` (its key,
wording, options and verdict function, the same verdicts as the single-student quiz). The
teacher gets an "Ask the class" button; the students answer in the page; after the reveal
each student sees their verdict.

Example:
    >>> Ask("bpe_learn:3", "Which pair?", lambda a: (a == "x", ""), (("x", "x"),)).kind
    'choice'
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from subword_core.unigram import PruneStep
from ui.app.i18n import join_sentences, translator
from ui.app.limits import LIMITS
from ui.classroom.session import (
    _CODE,
    _FOLLOW,
    _KEY,
    _MESSAGE,
    _MINE,
    _QUESTION,
    _SLOT,
    _clean_answer,
    _fail,
    _message,
    _role,
    _sid,
    _store,
)
from ui.classroom.store import Question, StoreError
from ui.draw.html import esc, md_escape, show_html, show_text

t = translator("classroom")


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
        return right, join_sentences(t("Right:") if right else t("Not right:"), why)

    prompt = t("Pruning round {round}: is “{piece}” kept or removed?").format(
        round=step.round, piece=row.piece
    )
    options = (("kept", t("kept")), ("removed", t("removed")))
    return Ask(f"{page}:prune:{step.number}", prompt, verdict, options)


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


def _send_chosen(ask: Ask, question: Question) -> None:
    """Send the option picked or the pieces typed, as the widgets hold them (the callback of
    "Send my answer")."""
    state = st.session_state
    if ask.options:
        answer = str(state.get(f"class_pick_{question.id}") or "")
    else:
        answer = _clean_answer(str(state.get(f"class_typed_{question.id}") or ""))
        if answer and ask.normalize is not None:
            answer = ask.normalize(answer)
    _send(question, answer)


def _student_gate(ask: Ask) -> bool:
    state = st.session_state
    question: Question | None = state.get(_QUESTION)
    if question is None or question.ask_key != ask.key:
        return True
    mine = state.get(_MINE, {}).get(question.id)
    # the answer box, then the verdict, in the slot under the class's strip
    # (ui.classroom.banner): on the first screen; in place when there is none
    slot = state.get(_SLOT)
    with slot if slot is not None else contextlib.nullcontext():
        if question.state != "revealed":
            _answer_box(ask, question)
            return False
        if mine is None:
            show_text(t("You did not answer this question."), small=True)
        else:
            show_html(_verdict_html(*ask.verdict(mine)))
    return True


def _answer_box(ask: Ask, question: Question) -> None:
    """The open question's prompt, answer controls and "Send my answer" (a student)."""
    state = st.session_state
    with st.container(border=True, key=f"class_answer_{question.id}"):
        show_html(f"<p class='sw-text'><strong>{esc(ask.prompt)}</strong></p>")
        _message()
        if ask.options:
            labels = dict(ask.options)
            st.radio(
                t("Your answer"),
                list(labels),
                index=None,
                format_func=lambda oid: md_escape(labels.get(oid, oid)),
                key=f"class_pick_{question.id}",
                horizontal=True,
            )
        else:
            st.text_input(
                t("Your answer: the pieces, separated by spaces"),
                key=f"class_typed_{question.id}",
                max_chars=LIMITS.class_answer_chars,
                placeholder=ask.hint,
            )
        # a callback, run before the page: the poll at the top of the click's run may rerun the
        # page (the class moved on), and a click handled in the page's body is then dropped
        st.button(
            t("Send my answer"),
            key=f"class_send_{question.id}",
            type="primary",
            on_click=_send_chosen,
            args=(ask, question),
        )
        mine = state.get(_MINE, {}).get(question.id)
        if mine is not None:
            shown = dict(ask.options).get(mine, mine)
            show_text(
                t(
                    "Your answer is in: {answer}. You can change it until the teacher reveals it."
                ).format(answer=shown),
                small=True,
            )
