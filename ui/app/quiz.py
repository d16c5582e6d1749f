"""Quiz mode: the student guesses before the app shows the answer.

- :func:`quiz_gate` (learn pages): before a step is shown, which pair will be merged?
- :func:`segmentation_gate` (encode views): how will this word be split? The student types
  the pieces separated by spaces.

A page turns quiz mode on with a toggle and calls the gate first. Until the student has
answered (or asked for the answer), the gate draws the question and returns ``False``: the
page then hides the answer. The verdict text comes from the page's own ``verdict`` function,
so each algorithm explains its own rule.

Example:
    >>> shuffle_free_order([("s", "t"), ("e", "s")])
    [('e', 's'), ('s', 't')]
    >>> boundaries(["lo", "w", "est"])
    {2, 3}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

import streamlit as st

from ui.app.i18n import join_sentences, translator
from ui.app.limits import LIMITS
from ui.draw.html import esc, md_escape, show_html

t = translator("common")

Pair = tuple[str, str]


def boundaries(pieces: Iterable[str]) -> set[int]:
    """Character offsets where one piece ends and the next begins (inside the word)."""
    cuts, offset = set(), 0
    for piece in pieces:
        offset += len(piece)
        cuts.add(offset)
    cuts.discard(offset)
    return cuts


def _verdict_html(right: bool, why: str) -> str:
    # ✓ and ✗ (not emoji): a classroom PC without an emoji font shows them too
    icon = "<strong aria-hidden='true'>" + ("✓" if right else "✗") + "</strong>"
    return (
        f"<div class='sw-text' style='border:2px solid "
        f"{'rgb(44,160,44)' if right else 'rgb(214,39,40)'};border-radius:.4em;"
        f"padding:.5em .8em;margin:.4em 0'>{icon} {why}</div>"
    )


def _verdict_box(right: bool, why: str) -> None:
    show_html(_verdict_html(right, why))


def shuffle_free_order(pairs: Iterable[Pair]) -> list[Pair]:
    """The options in alphabetical order, so their order gives nothing away."""
    return sorted(dict.fromkeys(pairs))


def _stored(key: str, context: Hashable) -> dict:
    """The answers kept under ``key`` for this context (a new, empty dict for another one)."""
    stored = st.session_state.get(key)
    if stored and stored[0] == context:
        return stored[1]
    answers: dict = {}
    st.session_state[key] = (context, answers)
    return answers


def _answers(namespace: str, context: Hashable) -> dict[int, Pair | None]:
    return _stored(f"{namespace}__quiz", context)


def _buttons(
    cols: tuple[Any, Any], base: str, which: object, check: Callable, give_up: Callable, args: tuple
) -> None:
    """The two answer buttons both quizzes share (keys ``{base}_check_{which}`` and
    ``{base}_skip_{which}``): check my answer, or just show it."""
    cols[0].button(
        t("Check my answer"), key=f"{base}_check_{which}", on_click=check, args=args, type="primary"
    )
    cols[1].button(t("Just show me"), key=f"{base}_skip_{which}", on_click=give_up, args=args)


def _tries(namespace: str, context: Hashable) -> dict[int, Pair]:
    """The last guess checked at each step that is not answered yet (judged in the gate)."""
    return _stored(f"{namespace}__quiz_tries", context)


def _check(namespace: str, context: Hashable, step: int) -> None:
    pick = st.session_state.get(f"{namespace}_quiz_pick_{step}")
    if not pick:
        st.session_state[f"{namespace}__quiz_empty"] = step
        return
    _tries(namespace, context)[step] = (pick[0], pick[1])


def _give_up(namespace: str, context: Hashable, step: int) -> None:
    _answers(namespace, context)[step] = None


def _message_slot(message: str | None, warning: str | None, *, icon: str) -> None:
    """One place in the quiz box for what comes and goes (an empty placeholder when there is
    nothing to say), so the box keeps the same elements in the same order on every run."""
    slot = st.empty()
    if warning:
        slot.warning(md_escape(warning), icon=icon)
    elif message:
        slot.html(_verdict_html(False, message))


def quiz_gate(
    namespace: str,
    context: Hashable,
    step: int,
    options: Iterable[Pair],
    verdict: Callable[[Pair], tuple[bool, str]],
) -> bool:
    """Ask which pair step ``step`` merges; return True once the step may be revealed.

    A right guess (for a tie: any of the tied pairs) or "Just show me" reveals the step. A
    wrong guess keeps it hidden and shows why it is wrong, until the student checks another
    guess or asks to see the answer.

    Args:
        namespace: the page's namespace for session state.
        context: what the answers belong to (corpus and settings); answers reset with it.
        step: the step number.
        options: the pairs to choose from (shown in alphabetical order).
        verdict: ``pair -> (right?, explanation HTML)`` for the student's pick; a wrong
            pick's explanation should not give the answer away.

    Example::

        quiz_gate("bpe", (corpus, settings), 1, pairs, verdict)
        # False
    """
    answers = _answers(namespace, context)
    tries = _tries(namespace, context)
    wrong = None
    if step not in answers and step in tries:
        right, why = verdict(tries[step])
        if right:
            answers[step] = tries.pop(step)
        else:
            wrong = why
    if step in answers:
        picked = answers[step]
        slot = st.empty()  # the verdict, or nothing after "Just show me"
        if picked is not None:
            slot.html(_verdict_html(*verdict(picked)))
        return True
    choices = shuffle_free_order(options)
    with st.container(border=True):
        st.markdown(t("**Quiz: which pair will step {step} merge?**").format(step=int(step)))
        empty = st.session_state.pop(f"{namespace}__quiz_empty", None) == step
        _message_slot(
            wrong and join_sentences(wrong, t("Choose again, or ask to see the answer.")),
            t("Choose a pair first, then check your answer.") if empty else None,
            icon=":material/touch_app:",
        )
        st.caption(t("Look at the corpus below as it is before this step, then choose."))
        c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
        c1.selectbox(
            t("Your guess") if wrong is None else t("Your next guess"),
            choices,
            index=None,
            placeholder=t("Choose a pair…"),
            format_func=lambda p: f"{p[0]} + {p[1]}",
            key=f"{namespace}_quiz_pick_{step}",
        )
        args = (namespace, context, step)
        _buttons((c2, c3), f"{namespace}_quiz", step, _check, _give_up, args)
    return False


# --- typed segmentations --------------------------------------------------------------------


def _seg_answers(namespace: str, context: Hashable) -> dict[str, tuple[str, ...] | None]:
    return _stored(f"{namespace}__segquiz", context)


def _seg_tries(namespace: str, context: Hashable) -> dict[str, tuple[str, ...]]:
    """The last typed guess checked for each word that is not answered yet."""
    return _stored(f"{namespace}__segquiz_tries", context)


def _seg_check(namespace: str, context: Hashable, word: str) -> None:
    typed = st.session_state.get(f"{namespace}_segquiz_guess_{word}") or ""
    if not typed.split():
        st.session_state[f"{namespace}__segquiz_empty"] = word
        return
    _seg_tries(namespace, context)[word] = tuple(typed.split())


def _seg_give_up(namespace: str, context: Hashable, word: str) -> None:
    _seg_answers(namespace, context)[word] = None


def segmentation_gate(
    namespace: str,
    context: Hashable,
    word: str,
    verdict: Callable[[list[str]], tuple[bool, str]],
    *,
    hint: str,
) -> bool:
    """Ask how ``word`` will be split; return True once the answer may be shown.

    A right guess or "Just show me" shows the answer. A wrong guess keeps it hidden and
    shows why it is wrong; the typed pieces stay in the box to be corrected and checked again.

    Args:
        namespace: the page's namespace for session state.
        context: what the answers belong to (the model); answers reset with it.
        word: the word in question.
        verdict: ``typed pieces -> (right?, explanation HTML)``; a wrong guess's explanation
            should not give the answer away.
        hint: how to type the pieces (plain text), e.g. ``"lo w est"``.

    Example::

        segmentation_gate("bpe_enc", model, "lowest", verdict, hint="low est")
        # False
    """
    answers = _seg_answers(namespace, context)
    tries = _seg_tries(namespace, context)
    wrong = None
    if word not in answers and word in tries:
        right, why = verdict(list(tries[word]))
        if right:
            answers[word] = tries.pop(word)
        else:
            wrong = why
    if word in answers:
        typed = answers[word]
        if typed is not None:
            _verdict_box(*verdict(list(typed)))
        return True
    with st.container(border=True):
        question = t("Quiz: how will “{word}” be split?").format(word=esc(word))
        show_html(f"<p><strong>{question}</strong></p>")
        empty = st.session_state.pop(f"{namespace}__segquiz_empty", None) == word
        _message_slot(
            wrong
            and join_sentences(
                wrong, t("Change your pieces and check again, or ask to see the answer.")
            ),
            t("Type the pieces first, then check your answer.") if empty else None,
            icon=":material/touch_app:",
        )
        c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
        c1.text_input(
            t("Your guess: the pieces, separated by spaces"),
            key=f"{namespace}_segquiz_guess_{word}",
            max_chars=LIMITS.box_chars,
            placeholder=hint,
        )
        args = (namespace, context, word)
        _buttons((c2, c3), f"{namespace}_segquiz", word, _seg_check, _seg_give_up, args)
    return False
