"""Ties: let a student pick another of the tied pairs at a step and continue from there.

Shared by the merge pages (BPE, byte-level BPE, WordPiece, Gage's compression): a step's
tie box (:func:`tie_picker`) records the choice in session state, and the page's next
training passes the choices (:func:`tie_choices`) to the trainer's ``choose``.

Example::

    from ui.merge_family.ties import tie_choices
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import streamlit as st

from ui.app.common import LINK_CONTEXT
from ui.app.i18n import translator
from ui.draw.html import md_escape

__all__ = ["rerun_if_retrain_requested", "tie_choices", "tie_picker"]

Pair = tuple[str, str]
t = translator("common")


def tie_choices(namespace: str, context: Hashable) -> dict[int, Pair]:
    """The tie choices made for this context (corpus + settings), else none.

    The result is also kept as ``{namespace}__choices_live``, for the page's shareable link.
    """
    state = st.session_state
    stored = state.get(f"{namespace}__choices")
    if stored and stored[0] == LINK_CONTEXT:
        # subtle: choices from a link (ui.app.share) belong to whatever corpus and settings the
        # link restored; they are bound to that context the first time the page trains.
        stored = (context, stored[1])
        state[f"{namespace}__choices"] = stored
    chosen = dict(stored[1]) if stored and stored[0] == context else {}
    state[f"{namespace}__choices_live"] = chosen
    return chosen


def _choose(namespace: str, context: Hashable, step: int, merged: Pair) -> None:
    pick = tuple(st.session_state.get(f"{namespace}_tie_pick_{step}", merged))
    if pick != merged:
        # a choice at this step makes the later ones meaningless: they are dropped
        kept = {s: p for s, p in tie_choices(namespace, context).items() if s < step}
        kept[step] = (pick[0], pick[1])
        st.session_state[f"{namespace}__choices"] = (context, kept)
        st.session_state[f"{namespace}__retrain"] = True


def _forget(namespace: str) -> None:
    st.session_state.pop(f"{namespace}__choices", None)
    st.session_state[f"{namespace}__retrain"] = True


def rerun_if_retrain_requested(namespace: str) -> None:
    """Call first thing inside a step player's render function.

    subtle: the step view runs inside the player's fragment, so a click on the tie picker
    reruns only the fragment; its callback records the choice and asks for a whole-app
    rerun here, which retrains (cached) with the new choice.
    """
    if st.session_state.pop(f"{namespace}__retrain", False):
        st.rerun()


def tie_picker(
    namespace: str,
    context: Hashable,
    step: int,
    tied: Iterable[Pair],
    merged: Pair,
    verb: str = "Merge",
) -> None:
    """A box offering the other tied pairs at ``step``, plus "forget my choices".

    ``verb`` names the action: ``"Merge"``, or ``"Replace"`` for Gage's compression (which
    replaces rather than merges); the box is worded in the session's language.
    """
    options = list(tied)
    replace = verb == "Replace"
    with st.container(border=True):
        c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
        if replace:
            label = t("This step is a tie. Replace another of the {n} tied pairs instead:")
            go = t("Replace this pair and continue")
        else:
            label = t("This step is a tie. Merge another of the {n} tied pairs instead:")
            go = t("Merge this pair and continue")
        c1.selectbox(
            label.format(n=len(options)),
            options,
            index=options.index(merged),
            format_func=lambda p: f"{p[0]} + {p[1]}",
            key=f"{namespace}_tie_pick_{step}",
        )
        c2.button(
            go,
            key=f"{namespace}_tie_go_{step}",
            on_click=_choose,
            args=(namespace, context, step, merged),
        )
        chosen = tie_choices(namespace, context)
        if chosen:
            listed = t(", ").join(
                t("step {step}: {pair}").format(step=s, pair=f"{p[0]} + {p[1]}")
                for s, p in sorted(chosen.items())
            )
            c1.caption(t("Your choices so far: {listed}.").format(listed=md_escape(listed)))
            c2.button(
                t("Forget my choices"),
                key=f"{namespace}_tie_reset_{step}",
                on_click=_forget,
                args=(namespace,),
            )
