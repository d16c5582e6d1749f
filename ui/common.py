"""Pieces shared by the merge-based pages (BPE, WordPiece): kept settings, ties, tables.

- :func:`restore_widgets` (with ``persist_state="session"`` widgets, or :func:`remember`):
  widget values that survive page switches and take a link's or a class's values.
- :func:`tie_choices`, :func:`tie_picker`, :func:`rerun_if_retrain_requested`: let a student
  pick another of the tied pairs at a step and continue from there.
- :func:`segmentation_table_html`: each corpus word with its current pieces.

Example:
    >>> segmentation_table_html([("low", 5, ("lo", "w"), True)], "lo").count("<tr>")
    2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Literal

import streamlit as st

from ui.html import badge_html, esc, md_escape, token_spans_html
from ui.i18n import translator

Pair = tuple[str, str]
t = translator("common")

TABLE_CSS = (
    "<style>.sw-table{border-collapse:collapse;width:100%}"
    ".sw-table td,.sw-table th{padding:.25em .6em;border-bottom:1px solid rgba(128,128,128,.3);"
    "text-align:left;vertical-align:middle}"
    # a long word (text without spaces) wraps in its own column instead of widening the table
    ".sw-table td:first-child{overflow-wrap:anywhere}"
    ".sw-table .sw-tokens{flex-wrap:wrap}</style>"
)


# --- widget values that survive page switches ------------------------------------------


def restore_widgets(shadow_key: str, defaults: Mapping[str, object]) -> None:
    """Write each widget's kept value into its key before the widget is drawn.

    The one call that sets a view's defaults. Writers from outside the widget (a shared link,
    :mod:`ui.share`; a live class, :mod:`ui.classroom`; the size that follows the corpus,
    :mod:`ui.follow`; the gallery) write the kept dict ``shadow_key``; this call hands each
    value to its widget.

    subtle: Streamlit forgets a widget's state when a page without it runs, unless the widget
    is drawn with ``persist_state=persisted(key)`` (``"session"``, noted). A widget drawn
    without it keeps its value in
    the dict through :func:`remember` as its ``on_change``; a widget drawn with it needs no
    callback: a value it changed (not what it was given last run) is taken into the dict
    here, unless a writer changed the dict since (the writer wins, as a link must). So views
    convert widget by widget (docs/ARCHITECTURE.md, "Widget values across pages"). Invalid
    values are kept too: nothing the student typed is lost.

    Example::

        restore_widgets("gage__widgets", {"gage_text": "abab", "gage_letters": ""})
        st.text_input("Text", key="gage_text", persist_state=persisted("gage_text"))
    """
    state = st.session_state
    shadow: dict[str, object] = state.setdefault(shadow_key, dict(defaults))
    adopt_widget_changes(shadow_key, defaults)
    for key, default in defaults.items():
        state[key] = shadow.get(key, default)
    note_given(shadow_key, defaults)


def adopt_widget_changes(shadow_key: str, keys: Iterable[str]) -> None:
    """Take into the dict ``shadow_key`` the values that persisted widgets changed.

    A widget's value counts as changed by the student when it differs from what it was
    given last run (:func:`note_given`) while the dict still holds what it held then.

    Example::

        adopt_widget_changes("bpe__pretok", ("bpe_pretok",))  # before reading the dict
    """
    state = st.session_state
    shadow = state.setdefault(shadow_key, {})
    given: dict[str, tuple[object, object]] = state.get(_given_key(shadow_key), {})
    drawn: set[str] = state.get(_PERSISTED, set())
    for key in keys:
        # subtle: only a widget drawn with persist_state=persisted(key): Streamlit may leave
        # a stale value (None) under the key of a widget that stopped rendering without it
        if key in drawn and key in state and key in given:
            kept_then, shown_then = given[key]
            if state[key] != shown_then and shadow.get(key) == kept_then:
                shadow[key] = state[key]


def note_given(shadow_key: str, keys: Iterable[str]) -> None:
    """Record, for each widget key, the kept value and the value the widget was given.

    Call after writing the widgets' keys (:func:`restore_widgets` does).
    """
    state = st.session_state
    shadow = state.get(shadow_key, {})
    state[_given_key(shadow_key)] = {
        key: (shadow.get(key), state[key]) for key in keys if key in state
    }


def write_kept(shadow_key: str, key: str, value: object) -> None:
    """Give the widget ``key`` a new kept ``value`` after :func:`restore_widgets` ran (before
    the widget is drawn): the dict, the widget's key and the record of what it was given.

    A writer that sets both the dict and the key in the same run (the words that follow the
    corpus, :func:`ui.follow.follow_default`) uses it, so that the student's next change to
    a persisted widget is not mistaken for an older value.

    Example::

        write_kept("cmp__widgets", "cmp_text", "lower newest")
    """
    state = st.session_state
    state.setdefault(shadow_key, {})[key] = value
    state[key] = value
    state.setdefault(_given_key(shadow_key), {})[key] = (value, value)


_PERSISTED = "__persisted_widgets"
"""Session-state key: the widget keys drawn with ``persist_state=persisted(key)``."""


def persisted(key: str) -> Literal["session"]:
    """``persist_state`` of a kept widget: ``persist_state=persisted("bpe_num_merges")``.

    The widget keeps its own value across pages (``"session"``), and :func:`restore_widgets`
    takes what the student changed into the kept dict (no ``on_change=remember`` needed).

    Example::

        st.number_input("Merges", key="bpe_num_merges", persist_state=persisted("bpe_num_merges"))
    """
    st.session_state.setdefault(_PERSISTED, set()).add(key)
    return "session"


def _given_key(shadow_key: str) -> str:
    return f"{shadow_key}__given"


def remember(shadow_key: str, key: str) -> None:
    """``on_change`` callback: copy the widget's new value into the shadow dict.

    Not needed for a widget drawn with ``persist_state="session"`` (see
    :func:`restore_widgets`).
    """
    st.session_state[shadow_key][key] = st.session_state[key]


# --- ties: pick another tied pair and continue ------------------------------------------


LINK_CONTEXT = "__link__"
"""Stands for "the corpus and settings a shared link opened with" in stored tie choices."""


def tie_choices(namespace: str, context: Hashable) -> dict[int, Pair]:
    """The tie choices made for this context (corpus + settings), else none.

    The result is also kept as ``{namespace}__choices_live``, for the page's shareable link.
    """
    state = st.session_state
    stored = state.get(f"{namespace}__choices")
    if stored and stored[0] == LINK_CONTEXT:
        # subtle: choices from a link (ui.share) belong to whatever corpus and settings the
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


# --- the corpus with its current pieces -------------------------------------------------


def segmentation_table_html(
    rows: Iterable[tuple[str, int, tuple[str, ...], bool]],
    new_token: str | None,
    *,
    marker: str | None = None,
    heading: str | None = None,
    render: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None,
) -> str:
    """An HTML table: word, count, its pieces (the new token highlighted), changed badge.

    Args:
        rows: ``(word, count, pieces, changed at this step)``.
        new_token: the token to highlight in changed rows.
        marker: a marker to show muted inside tokens (e.g. ``"</w>"``).
        heading: the pieces column's heading (default: "segmentation after this step", in
            the session's language).
        render: optional display form of the pieces (e.g. word-start markers).
    """
    body = []
    for word, count, pieces, changed in rows:
        highlight = [i for i, s in enumerate(pieces) if changed and s == new_token]
        shown = render(pieces) if render else pieces
        spans = token_spans_html(shown, highlight=highlight, marker=marker)
        # i18n: a badge on a corpus row whose pieces this step changed
        mark = badge_html(t("changed"), "success") if changed else ""
        body.append(
            f"<tr><td>{esc(word)}</td><td style='text-align:right'>{count}</td>"
            f"<td>{spans}</td><td>{mark}</td></tr>"
        )
    if heading is None:
        heading = t("segmentation after this step")
    return (
        f"<table class='sw-table'><thead><tr><th>{esc(t('word'))}</th><th>{esc(t('count'))}</th>"
        f"<th>{esc(heading)}</th><th></th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>" + TABLE_CSS
    )


def text_colour() -> str:
    """Chart text that reads on the viewer's theme (altair marks do not follow it)."""
    theme = getattr(st.context, "theme", None)
    return "#fafafa" if getattr(theme, "type", None) == "dark" else "#31333f"
