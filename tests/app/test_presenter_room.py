"""Presenter mode readable from the back of the room (issue 28, item 10): every chart's labels
and numbers larger (through the shared chart helpers), scaled by the zoom that travels in the
link; outside presenter mode the charts keep Vega-Lite's own sizes."""

from __future__ import annotations

import json

import pytest

from tests.app.conftest import open_link

STEPPING = {
    "bpe_learn": {"corpus": "seed-low", "step": "2"},
    "unigram": {"corpus": "seed-hug"},
    "gage": {"step": "2"},
    "byte_level": {"corpus": "seed-low", "bbpe_tab": "learn"},
}


def _configs(at: object) -> list[dict]:
    specs = [json.loads(el.proto.spec) for el in at.get("vega_lite_chart")]  # type: ignore[attr-defined]
    assert specs, "no chart drawn"
    return [spec.get("config", {}) for spec in specs]


@pytest.mark.parametrize(("page", "params"), STEPPING.items())
def test_every_chart_is_larger_in_presenter_mode(page: str, params: dict[str, str]) -> None:
    for config in _configs(open_link(page, {**params, "present": "1"})):
        assert config["axis"]["labelFontSize"] >= 15, config
        assert config["text"]["fontSize"] >= 15, config
    for config in _configs(open_link(page, params)):
        assert "labelFontSize" not in config.get("axis", {}), config


def test_the_zoom_scales_the_charts_and_stays_in_the_link() -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "present": "1", "zoom": "150"})
    assert {c["axis"]["labelFontSize"] for c in _configs(at)} == {22}  # 15 px × 1.5
    assert at.query_params["zoom"] == "150"
    at.sidebar.button(key="zoom_in").click().run()
    assert at.query_params["zoom"] == "175"
    for _ in range(5):  # 150, 135, 120, 110, 100
        at.sidebar.button(key="zoom_out").click().run()
    assert "zoom" not in at.query_params  # back at 100: a link leaves the default out


def test_a_zoom_outside_its_range_is_refused_and_named() -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "present": "1", "zoom": "900"})
    assert "zoom" not in at.query_params
    assert any("zoom" in el.proto.body for el in at.sidebar.get("html"))
