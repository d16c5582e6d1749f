"""A reusable step player: first / previous / next / last, a slider, and Play with a speed.

Pages hand it the number of steps and a ``render(step)`` callback; the player keeps the current
step in session state, so the view stays on the same step while a student changes other widgets,
and animates the steps when Play is on.

How it is built (patterns checked against Streamlit 1.67, see DESIGN.md):

- The Play toggle and the speed choice are drawn *outside* the fragment; they decide the
  fragment's ``run_every``. Everything that depends on the step (buttons, slider, the view) is
  inside ``@st.fragment``, so a click or a timer tick reruns only that part.
- The step lives in the player's own session-state key, never only in the slider's key. Before
  the slider is drawn its key is set from that step (no ``value=`` argument), so the slider can
  move under program control and a changed ``max_value`` cannot reset it. Buttons and the
  slider change the step in ``on_click`` / ``on_change`` callbacks, which run before the script.
- A timer tick advances the step *before* the slider is drawn. When playback reaches the last
  step it sets a flag and reruns the app; the next run turns the toggle off (by writing its key
  before the toggle exists) so the student sees Play switch off by itself.

Session-state keys, for a player created with ``key="bpe"``: ``"bpe__step"`` (the step, 1-based),
``"bpe__slider"``, ``"bpe__play"``, ``"bpe__speed"``, ``"bpe__motion_ok"`` (widgets),
``"bpe__stop"`` (end-of-playback flag), ``"bpe__last_advance"`` (time of the last automatic
advance), ``"bpe__controls"`` (the row with Play).

Example::

    def show(step: int) -> None:
        st.write(f"After merge {step}")
    step_player("bpe", 10, show, label="Merge")
"""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from ui.app.i18n import keep_choice, translator
from ui.app.shell import error_boundary
from ui.draw.html import esc, md_escape, show_html
from ui.runtime.cache import Held, hold

__all__ = ["SPEEDS", "get_step", "set_step", "set_step_listener", "step_player"]

t = translator("common")

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0)
"""Seconds per step offered by the speed choice."""
_DEFAULT_SPEED = 1.0


_step_listener: Callable[[str], None] | None = None


def set_step_listener(listener: Callable[[str], None] | None) -> None:
    """Call ``listener(key)`` at the end of every run of a player's fragment (``None``: nobody).

    A step change reruns only the player's fragment, so whatever shows the step outside the
    view (the shareable link in the address bar and the sidebar, :func:`ui.app.share.publish_link`)
    is updated here. ``app.py`` sets it; the player itself knows nothing of links.

    Args:
        listener: Called with the player's ``key``, inside the fragment, after the view.

    Example::

        set_step_listener(publish_link)
    """
    global _step_listener
    _step_listener = listener


def _k(key: str, part: str) -> str:
    return f"{key}__{part}"


def get_step(key: str) -> int:
    """Return the player's current step (1-based; 1 if the player has not been shown yet).

    The value is clamped to the number of steps the next time the player is drawn.

    Args:
        key: The ``key`` given to :func:`step_player`.

    Returns:
        The current step.

    Example::

        get_step("bpe")
        # 1
    """
    return int(st.session_state.get(_k(key, "step"), 1))


def set_step(key: str, step: int) -> None:
    """Move the player to ``step`` (for example from a gallery link that opens a page at step 3).

    Call it before :func:`step_player` is drawn in the run, or from a widget callback. Values
    outside ``1..n_steps`` are clamped when the player is drawn.

    Args:
        key: The ``key`` given to :func:`step_player`.
        step: The step to show (1-based).

    Example::

        set_step("bpe", 3)
    """
    st.session_state[_k(key, "step")] = int(step)
    st.session_state[_k(key, "last_advance")] = time.monotonic()


def _move(key: str, step: int, n_steps: int) -> None:
    """Callback target: go to ``step`` (clamped)."""
    set_step(key, max(1, min(int(step), n_steps)))


def _on_slider(key: str) -> None:
    set_step(key, st.session_state[_k(key, "slider")])


def _on_play(key: str, n_steps: int) -> None:
    if st.session_state.get(_k(key, "play")):
        # Pressing Play on the last step replays from the start, like a media player.
        if get_step(key) >= n_steps:
            st.session_state[_k(key, "step")] = 1
        st.session_state[_k(key, "last_advance")] = time.monotonic()


def _on_motion_ok(key: str) -> None:
    # Play is hidden again: it must not go on advancing where the student cannot stop it.
    if not st.session_state.get(_k(key, "motion_ok")):
        st.session_state[_k(key, "play")] = False


def _format_speed(seconds: float) -> str:
    return t("{seconds} s / step").format(seconds=f"{seconds:g}")


def step_player(
    key: str,
    n_steps: int,
    render: Callable[[int], None],
    *,
    label: str | None = None,
    describe: Callable[[int], str] | None = None,
    shortcuts: bool = True,
) -> None:
    """Draw the step controls and the view of the current step.

    Args:
        key: A name for this player, unique on the page; prefixes its session-state keys.
        n_steps: How many steps there are (steps are numbered 1..n_steps). With 0 steps an
            info message is shown and ``render`` is not called; with 1 step there is no slider.
        render: Draws the view of one step; called inside the player's fragment, so it is
            redrawn on every click and timer tick without rerunning the whole page.
        label: What a step is called, translated by the caller, e.g. ``t("Merge")`` ("Merge
            3 of 10"); by default "Step" in the session's language ("Step 3 of 10").
        describe: Optional one-line description of a step shown next to the counter
            (plain text, escaped), e.g. ``lambda s: f"merge {merges[s - 1]}"``.
        shortcuts: Let the Left and Right arrow keys press Back and Next (many presentation
            clickers send them too). Turn it off for all but one player when a page has two.

    Example::

        step_player("gage", 3, lambda s: st.write(s), label="Replacement")
    """
    state = st.session_state
    step_key, play_key, speed_key = _k(key, "step"), _k(key, "play"), _k(key, "speed")
    stop_key, slider_key = _k(key, "stop"), _k(key, "slider")

    if n_steps <= 0:
        state.pop(play_key, None)
        st.info(t("There is nothing to step through yet: 0 steps."), icon=":material/info:")
        return

    # Clamp: the number of steps may have changed since the last run (e.g. after retraining).
    state[step_key] = max(1, min(get_step(key), n_steps))

    if n_steps == 1:
        state.pop(play_key, None)
        _counter(label, 1, 1, describe)
        render(1)
        return

    # End of playback, requested by the fragment: switch the toggle off before it is drawn.
    if state.pop(stop_key, False):
        state[play_key] = False

    controls = st.container(
        horizontal=True, vertical_alignment="center", gap="medium", key=_k(key, "controls")
    )
    with controls:
        # Reduced motion (WCAG 2.3.3): with the device's "reduce motion" setting on, the page's
        # styles (ui.draw.html.STYLE) hide Play and its speed until this box is ticked, and show
        # the box only then; the server cannot see that setting, the browser's CSS can.
        st.checkbox(
            t("Let the steps play by themselves"),
            key=_k(key, "motion_ok"),
            on_change=_on_motion_ok,
            args=(key,),
            help=t(
                "Your device asks for reduced motion, so Play is hidden: step with Next and "
                "Back (or the arrow keys), or tick this box to show Play."
            ),
        )
        playing = st.toggle(
            t("Play"),
            key=play_key,
            on_change=_on_play,
            args=(key, n_steps),
            help=t("Show the steps one after another; stops at the last one."),
        )
        keep_choice(speed_key, _DEFAULT_SPEED)  # its labels are translated
        speed = st.segmented_control(
            t("Speed"),
            SPEEDS,
            required=True,
            format_func=_format_speed,
            key=speed_key,
            label_visibility="collapsed",
        )
    seconds = float(speed) if speed is not None else _DEFAULT_SPEED
    held = hold((render, describe))  # never held directly by the fragment: see _view_of

    @st.fragment(run_every=seconds if playing else None)
    def _player() -> None:
        render, describe = _view_of(held)
        if playing:
            now = time.monotonic()
            last = state.get(_k(key, "last_advance"), 0.0)
            # subtle: only a timer tick advances; a click or another rerun that comes soon after
            # the last advance does not (half a period of slack absorbs timer jitter).
            if now - last >= seconds * 0.5 and get_step(key) < n_steps:
                state[step_key] = get_step(key) + 1
                state[_k(key, "last_advance")] = now
            if get_step(key) >= n_steps:
                state[stop_key] = True
                st.rerun()
        step = get_step(key)

        at_start, at_end = step <= 1, step >= n_steps
        # (key suffix, text, icon, target step, disabled, keyboard shortcut); no tooltip: a
        # button's tooltip restated its label and stayed over the speed above it while the
        # pointer rested on Next, click after click (issue 28)
        buttons = (
            (
                "first",
                t("First"),
                ":material/first_page:",
                1,
                at_start,
                None,
            ),
            (
                "prev",
                t("Back"),
                ":material/chevron_left:",
                step - 1,
                at_start,
                "Left",
            ),
            (
                "next",
                t("Next"),
                ":material/chevron_right:",
                step + 1,
                at_end,
                "Right",
            ),
            (
                "last",
                t("Last"),
                ":material/last_page:",
                n_steps,
                at_end,
                None,
            ),
        )
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            for name, text, icon, target, disabled, shortcut in buttons:
                st.button(
                    text,
                    key=_k(key, name),
                    icon=icon,
                    icon_position="right" if name in ("next", "last") else "left",
                    disabled=disabled,
                    on_click=_move,
                    args=(key, target, n_steps),
                    shortcut=shortcut if shortcuts else None,
                )
            _counter(label, step, n_steps, describe)

        state[slider_key] = step  # set before the slider exists; never together with value=
        st.slider(
            t("Step") if label in (None, "Step") else md_escape(label),
            min_value=1,
            max_value=n_steps,
            key=slider_key,
            on_change=_on_slider,
            args=(key,),
            label_visibility="collapsed",
        )
        # a step change reruns only this fragment, outside the page's error boundary
        with error_boundary(f"step {step} of {key}"):
            render(step)
        # A step change reruns only this fragment: the listener (app.py gives it the shareable
        # link's publish_link) keeps what depends on the step up to date here.
        if _step_listener is not None:
            _step_listener(key)

    _player()


_View = tuple[Callable[[int], None], Callable[[int], str] | None]


def _view_of(held: Held[_View]) -> _View:
    """The ``render`` and ``describe`` a player's fragment draws with.

    subtle: Streamlit keeps a session's fragments between runs, and whatever they hold. The
    fragment holds the view (and so the trained result) only through a handle the cache
    empties when it evicts that result (:func:`ui.runtime.cache.hold`): open sessions stay
    within the cache budget. An emptied handle reruns the whole page, which computes the
    result again.
    """
    view = held.value
    if view is None:
        st.rerun()
    return view  # type: ignore[return-value]


def _counter(
    label: str | None, step: int, n_steps: int, describe: Callable[[int], str] | None
) -> None:
    if label is None or label == "Step":  # (tests and scripts/load_ws.py read the English)
        counter = t("Step {step} of {n}").format(step=step, n=n_steps)
    else:
        counter = t("{label} {step} of {n}").format(label=label, step=step, n=n_steps)
    text = f"<strong>{esc(counter)}</strong>"
    if describe is not None:
        text += f" · {esc(describe(step))}"
    show_html(f'<div class="sw-text">{text}</div>')
