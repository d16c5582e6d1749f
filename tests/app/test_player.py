"""AppTest checks of ui.draw.player.step_player: buttons, slider, clamping, 0 and 1 steps."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _player_app() -> None:
    import streamlit as st

    from ui.draw.player import get_step, step_player

    n_steps = st.session_state.get("n_steps", 5)
    step_player("demo", n_steps, lambda step: st.text(f"showing step {step}"), label="Merge")
    st.text(f"get_step={get_step('demo')}")


def _run(n_steps: int = 5) -> AppTest:
    at = AppTest.from_function(_player_app, default_timeout=10)
    at.session_state["n_steps"] = n_steps
    return at.run()


def _shown(at: AppTest) -> str:
    texts = [t.value for t in at.text if t.value.startswith("showing step")]
    assert len(texts) == 1, texts
    return texts[0]


def test_starts_at_step_one() -> None:
    at = _run()
    assert not at.exception
    assert _shown(at) == "showing step 1"
    assert at.slider(key="demo__slider").value == 1
    assert at.button(key="demo__first").disabled
    assert at.button(key="demo__prev").disabled
    assert not at.button(key="demo__next").disabled


def test_buttons_move_the_step() -> None:
    at = _run()
    at.button(key="demo__next").click().run()
    assert _shown(at) == "showing step 2"
    at.button(key="demo__next").click().run()
    assert _shown(at) == "showing step 3"
    at.button(key="demo__prev").click().run()
    assert _shown(at) == "showing step 2"
    at.button(key="demo__last").click().run()
    assert _shown(at) == "showing step 5"
    assert at.slider(key="demo__slider").value == 5
    assert at.button(key="demo__next").disabled
    at.button(key="demo__first").click().run()
    assert _shown(at) == "showing step 1"
    assert not at.exception


def test_slider_moves_the_step() -> None:
    at = _run()
    at.slider(key="demo__slider").set_value(4).run()
    assert _shown(at) == "showing step 4"
    assert "get_step=4" in [t.value for t in at.text]
    at.button(key="demo__prev").click().run()
    assert _shown(at) == "showing step 3"
    assert at.slider(key="demo__slider").value == 3


def test_step_is_clamped_when_steps_shrink() -> None:
    at = _run()
    at.button(key="demo__last").click().run()
    assert _shown(at) == "showing step 5"
    at.session_state["n_steps"] = 3
    at.run()
    assert not at.exception
    assert _shown(at) == "showing step 3"
    assert at.slider(key="demo__slider").value == 3
    assert at.slider(key="demo__slider").max == 3
    at.session_state["n_steps"] = 8
    at.run()
    assert _shown(at) == "showing step 3"
    assert at.slider(key="demo__slider").max == 8


def test_play_on_last_step_restarts_and_stops_at_the_end() -> None:
    at = _run(n_steps=2)
    at.button(key="demo__last").click().run()
    at.toggle(key="demo__play").set_value(True).run()
    assert not at.exception
    # Pressing Play on the last step starts again from the first.
    assert _shown(at) == "showing step 1"


def test_one_step_has_no_slider() -> None:
    at = _run(n_steps=1)
    assert not at.exception
    assert _shown(at) == "showing step 1"
    assert len(at.slider) == 0


def test_zero_steps_shows_info_and_does_not_render() -> None:
    at = _run(n_steps=0)
    assert not at.exception
    assert len(at.info) == 1
    assert not [t for t in at.text if t.value.startswith("showing step")]


def test_timer_tick_advances_and_playback_stops_at_the_last_step() -> None:
    at = _run(n_steps=3)
    at.toggle(key="demo__play").set_value(True).run()
    assert _shown(at) == "showing step 1"  # starting Play does not skip a step
    # Pretend the last advance was long ago, as a timer tick would find it.
    at.session_state["demo__last_advance"] = 0.0
    at.run()
    assert _shown(at) == "showing step 2"
    assert at.toggle(key="demo__play").value is True
    at.session_state["demo__last_advance"] = 0.0
    at.run()
    assert not at.exception
    assert _shown(at) == "showing step 3"
    assert at.toggle(key="demo__play").value is False  # switched off by itself at the end
