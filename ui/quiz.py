"""Quiz mode: before a step is shown, the student guesses which pair will be merged.

A page turns quiz mode on with a toggle and calls :func:`quiz_gate` at the top of its step
view. Until the student has answered (or asked for the answer), the gate draws the question
and returns ``False``: the page then shows only the state *before* the step. The verdict
text comes from the page's own ``verdict`` function, so each algorithm explains its rule.

Example:
    >>> shuffle_free_order([("s", "t"), ("e", "s")])
    [('e', 's'), ('s', 't')]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import streamlit as st

from ui.html import show_html

Pair = tuple[str, str]


def shuffle_free_order(pairs: Iterable[Pair]) -> list[Pair]:
    """The options in alphabetical order, so their order gives nothing away."""
    return sorted(dict.fromkeys(pairs))


def _answers(namespace: str, context: Hashable) -> dict[int, Pair | None]:
    stored = st.session_state.get(f"{namespace}__quiz")
    if stored and stored[0] == context:
        return stored[1]
    answers: dict[int, Pair | None] = {}
    st.session_state[f"{namespace}__quiz"] = (context, answers)
    return answers


def _check(namespace: str, context: Hashable, step: int) -> None:
    pick = st.session_state.get(f"{namespace}_quiz_pick_{step}")
    if not pick:
        st.session_state[f"{namespace}__quiz_empty"] = step
        return
    _answers(namespace, context)[step] = (pick[0], pick[1])


def _give_up(namespace: str, context: Hashable, step: int) -> None:
    _answers(namespace, context)[step] = None


def quiz_gate(
    namespace: str,
    context: Hashable,
    step: int,
    options: Iterable[Pair],
    verdict: Callable[[Pair], tuple[bool, str]],
) -> bool:
    """Ask which pair step ``step`` merges; return True once the step may be revealed.

    Args:
        namespace: the page's namespace for session state.
        context: what the answers belong to (corpus and settings); answers reset with it.
        step: the step number.
        options: the pairs to choose from (shown in alphabetical order).
        verdict: ``pair -> (right?, explanation HTML)`` for the student's pick.
    """
    answers = _answers(namespace, context)
    choices = shuffle_free_order(options)
    if step in answers:
        picked = answers[step]
        if picked is not None:
            right, why = verdict(picked)
            icon = "✅" if right else "❌"
            show_html(
                f"<div class='sw-text' style='border:2px solid "
                f"{'rgb(44,160,44)' if right else 'rgb(214,39,40)'};border-radius:.4em;"
                f"padding:.5em .8em;margin:.4em 0'>{icon} {why}</div>"
            )
        return True
    with st.container(border=True):
        st.markdown(f"**Quiz: which pair will step {step} merge?**")
        if st.session_state.pop(f"{namespace}__quiz_empty", None) == step:
            st.warning("Choose a pair first, then check your answer.", icon="👆")
        st.caption("Look at the corpus below as it is before this step, then choose.")
        c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
        c1.selectbox(
            "Your guess",
            choices,
            index=None,
            placeholder="Choose a pair…",
            format_func=lambda p: f"{p[0]} + {p[1]}",
            key=f"{namespace}_quiz_pick_{step}",
        )
        c2.button(
            "Check my answer",
            key=f"{namespace}_quiz_check_{step}",
            on_click=_check,
            args=(namespace, context, step),
            type="primary",
        )
        c3.button(
            "Just show me",
            key=f"{namespace}_quiz_skip_{step}",
            on_click=_give_up,
            args=(namespace, context, step),
        )
    return False
