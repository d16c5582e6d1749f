"""The step charts: templates built once, filled with each step's data (ui.charts).

A template that names a data source the page does not fill in draws an empty chart without
any error, and a spec that Vega-Lite rejects draws nothing: both are checked here, as is the
data of one step on the BPE page against the training itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.dataframe_util import convert_anything_to_arrow_bytes
from streamlit.testing.v1 import AppTest

from subword_core.bpe import learn
from subword_core.examples import example_text
from ui import bpe_view, byte_level_view, gage_view, unigram_view
from ui.charts import arrow_bytes, template_spec

APP = str(Path(__file__).resolve().parents[2] / "app.py")

#: (page, its step player's key, the open tab if the player is on one)
PLAYERS = [
    ("pages/bpe_learn.py", "bpe_learn", None),
    ("pages/gage.py", "gage_steps", None),
    ("pages/unigram.py", "uni_train", None),
    ("pages/byte_level.py", "bbpe_learn", ("bbpe__widgets", "bbpe_tab", byte_level_view.TABS[1])),
]

TEMPLATES = [
    (bpe_view.pair_chart, ("#31333f",)),
    (bpe_view.vocab_chart, ()),
    (unigram_view._likelihood_chart, ()),
    (gage_view._pair_chart, ("#fafafa",)),
    (gage_view._size_chart, ("#31333f",)),
    (unigram_view._lattice_chart, (3, 4, "#31333f")),
    (unigram_view._sample_chart, ()),
]


def drawn_charts(at: AppTest) -> list[tuple[dict[str, Any], dict[str, pd.DataFrame]]]:
    """Every Vega-Lite chart on the page: its spec and its named data sets."""
    charts = []
    for element in at.get("vega_lite_chart"):
        proto = element.proto
        data = {d.name: pa.ipc.open_stream(d.data.data).read_pandas() for d in proto.datasets}
        charts.append((json.loads(proto.spec), data))
    return charts


def data_names(spec: Any) -> set[str]:
    """The names of the data sources a spec reads (``{"data": {"name": ...}}`` anywhere)."""
    names: set[str] = set()
    if isinstance(spec, dict):
        data = spec.get("data")
        if isinstance(data, dict) and "name" in data:
            names.add(data["name"])
        for value in spec.values():
            names |= data_names(value)
    elif isinstance(spec, list):
        for value in spec:
            names |= data_names(value)
    return names


def _open(page: str, tab: tuple[str, str, str] | None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(page)
    at.run()
    if tab is not None:
        store, key, label = tab  # AppTest cannot click tabs: set the kept tab widget
        at.session_state[store][key] = label
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize(("build", "args"), TEMPLATES, ids=lambda v: getattr(v, "__name__", ""))
def test_every_step_template_is_valid_vega_lite(build: Any, args: tuple) -> None:
    build(*args).to_dict(validate=True)  # raises on a spec Vega-Lite would reject


def test_a_template_is_built_once_per_arguments() -> None:
    calls = []

    def bars(height: int) -> alt.Chart:
        calls.append(height)
        return alt.Chart(alt.NamedData("rows")).mark_bar().encode(x="x:Q").properties(height=height)

    first = template_spec(bars, 100)
    assert template_spec(bars, 100) is first and calls == [100]
    assert template_spec(bars, 140)["height"] == 140 and calls == [100, 140]
    assert "datasets" not in first  # the shared spec never holds one drawing's data


def test_show_template_draws_the_data_and_leaves_the_template_alone() -> None:
    at = AppTest.from_string(
        """
import altair as alt
import pandas as pd
from ui.charts import show_template, template_spec

def bars() -> alt.Chart:
    return alt.Chart(alt.NamedData("rows")).mark_bar().encode(x="x:Q")

show_template(bars, (), {"rows": pd.DataFrame({"x": [3, 4]})})
show_template(bars, (), {"rows": pd.DataFrame({"x": [5]})}, properties={"height": 99})
assert "datasets" not in template_spec(bars) and "height" not in template_spec(bars)
""",
        default_timeout=30,
    )
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    (spec, first), (spec_two, second) = drawn_charts(at)
    assert first["rows"]["x"].tolist() == [3, 4] and second["rows"]["x"].tolist() == [5]
    assert "height" not in spec and spec_two["height"] == 99


@pytest.mark.parametrize(("page", "player", "tab"), PLAYERS, ids=[p[0] for p in PLAYERS])
def test_step_charts_get_all_their_data_and_keep_their_spec(
    page: str, player: str, tab: tuple[str, str, str] | None
) -> None:
    at = _open(page, tab)
    before = drawn_charts(at)
    assert before, "the step view draws charts"
    at.button(key=f"{player}__next").click()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    after = drawn_charts(at)
    assert len(after) == len(before)
    for (spec, data), (spec_before, _) in zip(after, before, strict=True):
        assert data_names(spec) == set(data), "every data source the chart reads is filled"
        assert all(len(frame) for frame in data.values())
        # one template: only the data (and the bar chart's height) moved on
        assert {**spec, "height": 0} == {**spec_before, "height": 0}
    assert any(
        not a.equals(b)
        for (_, data), (_, data_before) in zip(after, before, strict=True)
        for a, b in zip(data.values(), data_before.values(), strict=True)
    ), "the next step draws other data"


def test_bpe_step_chart_data_is_the_training_step() -> None:
    at = _open("pages/bpe_learn.py", None)
    at.button(key="bpe_learn__next").click()
    at.run()
    result = learn(example_text("seed-low"), 10)
    step = result.steps[1]
    (_, pairs), (_, vocab) = drawn_charts(at)
    top = pairs["pairs"].iloc[0]
    assert (top["pair"], top["count"], top["status"]) == (
        f"{step.merged[0]} + {step.merged[1]}",
        step.best_count,
        "merged",
    )
    assert pairs["threshold"]["min"].tolist() == [step.min_frequency]
    assert vocab["now"]["step"].tolist() == [2]
    assert vocab["vocab"]["symbols"].tolist()[2] == step.vocab_size


def test_unigram_word_charts_get_all_their_data() -> None:
    at = _open("pages/unigram.py", None)
    at.session_state[unigram_view.WIDGETS_KEY]["uni_tab"] = unigram_view.TABS[1]
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    word = at.text_input(key="uni_word").value
    charts = drawn_charts(at)
    by_names = {tuple(sorted(data)): data for _, data in charts}
    assert {("letters", "nodes"), ("shares",)} <= set(by_names)
    for spec, data in charts:
        assert data_names(spec) == set(data)
    lattice, shares = by_names["letters", "nodes"], by_names["shares",]
    assert "".join(lattice["letters"]["label"]) == word
    path = lattice["nodes"][lattice["nodes"]["status"] == "Viterbi path"].sort_values("start")
    assert "".join(path["piece"]) == word  # the red path spells the word
    assert set(shares["shares"]["kind"]) == {"sampled share", "exact share"}
    sampled = shares["shares"][shares["shares"]["kind"] == "sampled share"]["share"]
    assert abs(sampled.sum() - 1) < 1e-9


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(-(2**40), 2**40),
            st.text(max_size=6),
            st.floats(allow_nan=False, width=64),
            st.booleans(),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_arrow_bytes_match_streamlits_own_conversion(rows: list[tuple]) -> None:
    frame = pd.DataFrame(rows, columns=["n", "label", "x", "flag"])
    ours = pa.ipc.open_stream(arrow_bytes(frame)).read_pandas()
    theirs = pa.ipc.open_stream(convert_anything_to_arrow_bytes(frame)).read_pandas()
    pd.testing.assert_frame_equal(ours, theirs, check_dtype=False)
    columns = {c: frame[c].tolist() for c in frame.columns}
    assert pa.ipc.open_stream(arrow_bytes(columns)).read_all().to_pylist() == frame.to_dict(
        "records"
    )
