"""The step charts: templates built once, filled with each step's data (ui.draw.charts).

A template that names a data source the page does not fill in draws an empty chart without
any error, and a spec that Vega-Lite rejects draws nothing: both are checked here, as is the
data of one step on the BPE page against the training itself. So are the rules that keep a
chart readable at a late step of a real corpus (issue 15): whole-number ticks on every axis
of counts, cut labels, a bounded number of bars with a correct "+k more" note, and legends
above the plot (a legend below or beside a narrow plot was cut off at 1024 px).
"""

from __future__ import annotations

import html
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
from subword_core.gage import compress
from subword_core.text.examples import example_text
from subword_core.wordpiece import learn as learn_wordpiece
from tests.budget import examples
from ui.draw.charts import (
    BAR_LIMIT,
    LABEL_PX,
    LEGEND_PX,
    VALUE_LABEL_PX,
    arrow_bytes,
    bar_chart_properties,
    bounded_rows,
    legend_entry_px,
    more_title,
    template_spec,
    top_legend,
)
from ui.merge_family import pair_chart
from ui.views.bpe import vocabulary as bpe_vocabulary
from ui.views.byte_level.settings import TABS as BYTE_LEVEL_TABS
from ui.views.compare import figures as compare_figures
from ui.views.gage import pairs as gage_pairs
from ui.views.gage import sizes as gage_sizes
from ui.views.unigram import lattice as unigram_lattice
from ui.views.unigram import likelihood as unigram_likelihood
from ui.views.unigram import params as unigram_params
from ui.views.unigram import sampling as unigram_sampling
from ui.views.wordpiece import learn as wordpiece_learn

APP = str(Path(__file__).resolve().parents[2] / "app.py")

#: (page, its step player's key, the open tab if the player is on one)
PLAYERS = [
    ("pages/bpe_learn.py", "bpe_learn", None),
    ("pages/gage.py", "gage_steps", None),
    ("pages/unigram.py", "uni_train", None),
    ("pages/byte_level.py", "bbpe_learn", ("bbpe__widgets", "bbpe_tab", BYTE_LEVEL_TABS[1])),
]

TEMPLATES = [
    (pair_chart.pair_chart, ("#31333f",)),
    (bpe_vocabulary.vocab_chart, ()),
    (unigram_likelihood._likelihood_chart, ()),
    (gage_pairs._pair_chart, ("#fafafa",)),
    (gage_sizes._size_chart, ("#31333f",)),
    (unigram_lattice._lattice_chart, (3, 4, "#31333f")),
    (unigram_sampling._sample_chart, ()),
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
from ui.draw.charts import show_template, template_spec

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
        # one template: only the data (and the bar chart's height and note, and the
        # description, which cites the step's numbers) moved on
        moved = {"height": 0, "title": None, "description": ""}
        assert {**spec, **moved} == {**spec_before, **moved}
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
    at.session_state[unigram_params.WIDGETS_KEY]["uni_tab"] = unigram_params.TABS[1]
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    word = at.text_input(key="uni_word").value
    charts = drawn_charts(at)
    by_names = {tuple(sorted(data)): data for _, data in charts}
    assert {("letters", "nodes"), ("shares",)} <= set(by_names)
    for spec, data in charts:
        assert data_names(spec) == set(data)
    lattice, shares = by_names["letters", "nodes"], by_names["shares",]
    full = "▁" + word  # the page's default pre-tokenization (none) puts ▁ in front
    assert "".join(lattice["letters"]["label"]) == full
    path = lattice["nodes"][lattice["nodes"]["status"] == "Viterbi path"].sort_values("start")
    assert "".join(path["piece"]) == full  # the red path spells the word
    assert set(shares["shares"]["kind"]) == {"sampled share", "exact share"}
    sampled = shares["shares"][shares["shares"]["kind"] == "sampled share"]["share"]
    assert abs(sampled.sum() - 1) < 1e-9


@settings(max_examples=examples(60), deadline=None)
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


# --------------------------------------------------------------------------------------
# Readable at every step (issue 15)
# --------------------------------------------------------------------------------------

#: Fields that count things (pairs, symbols, steps, characters, positions): whole ticks.
COUNT_FIELDS = {"count", "symbols", "step", "characters", "start"}

_OVERLAP = pd.DataFrame(
    {
        "a": ["BPE", "BPE", "Byte-level BPE", "Byte-level BPE"],
        "b": ["BPE", "Byte-level BPE", "BPE", "Byte-level BPE"],
        "shared": [40, 12, 12, 35],
        "jaccard": [1.0, 0.2, 0.2, 1.0],
    }
)
#: Every step template with its arguments, and the compare page's heatmap.
SPECS = [
    *((build.__name__, build(*args).to_dict(validate=False)) for build, args in TEMPLATES),
    ("overlap", compare_figures._overlap_chart(_OVERLAP).to_dict(validate=False)),
]


def _units(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The single-view specs of a (layered) spec, each with its ``encoding``."""
    if "layer" in spec:
        return [unit for layer in spec["layer"] for unit in _units(layer)]
    return [spec]


def _axes(spec: dict[str, Any], channel: str) -> tuple[set[str], set[str], dict[str, Any]]:
    """The quantitative and nominal fields on ``channel`` and its axis (merged over layers).

    ``None`` in the axis dict's ``"hidden"`` key when some layer hides the axis.
    """
    quantitative, discrete, axis = set(), set(), {}
    for unit in _units(spec):
        enc = unit.get("encoding", {}).get(channel)
        if not isinstance(enc, dict) or "field" not in enc:
            continue
        kind = enc.get("type")
        (quantitative if kind == "quantitative" else discrete).add(enc["field"])
        if enc.get("axis", {}) is None:
            axis["hidden"] = None
        else:
            axis.update(enc.get("axis", {}))
    return quantitative, discrete, axis


def _legends(value: Any) -> list[Any]:
    """Every ``legend`` value in a spec (``None`` for a legend switched off)."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "legend":
                found.append(item)
            else:
                found.extend(_legends(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(_legends(item))
    return found


@pytest.mark.parametrize(("name", "spec"), SPECS, ids=[name for name, _ in SPECS])
def test_every_count_axis_has_whole_number_ticks(name: str, spec: dict[str, Any]) -> None:
    checked = 0
    for channel in ("x", "y"):
        quantitative, _, axis = _axes(spec, channel)
        if quantitative & COUNT_FIELDS:
            checked += 1
            assert axis.get("tickMinStep") == 1, (name, channel, axis)
            assert axis.get("format") == "d", (name, channel, axis)
    # the templates that draw counts are known: a lost count axis fails here too
    expected = {"pair_chart": 1, "vocab_chart": 2, "_likelihood_chart": 1, "_pair_chart": 1}
    expected |= {"_size_chart": 1, "_lattice_chart": 1}
    assert checked == expected.get(name, 0)


@pytest.mark.parametrize(("name", "spec"), SPECS, ids=[name for name, _ in SPECS])
def test_every_label_axis_cuts_long_labels_and_draws_them_all(
    name: str, spec: dict[str, Any]
) -> None:
    for channel in ("x", "y"):
        _, discrete, axis = _axes(spec, channel)
        if not discrete or "hidden" in axis:
            continue  # no labels, or an axis drawn by the chart's own text marks
        if name == "_size_chart":  # step numbers 0..n: dropping some is the readable choice
            assert axis.get("labelOverlap") is True
            continue
        assert 0 < axis.get("labelLimit", 0) <= LABEL_PX, (name, channel, axis)
        assert axis.get("labelOverlap") is False, (name, channel, axis)


@pytest.mark.parametrize(("name", "spec"), SPECS, ids=[name for name, _ in SPECS])
def test_legends_sit_above_the_plot_or_are_replaced_by_the_caption(
    name: str, spec: dict[str, Any]
) -> None:
    for legend in _legends(spec):
        if legend is None:
            continue
        assert legend.get("orient") == "top", (name, legend)
        assert legend.get("direction") == "horizontal", (name, legend)
        assert legend.get("columns", 0) >= 1, (name, legend)  # wrapped, never one long line


def test_a_legend_wraps_before_it_is_wider_than_a_narrow_plot() -> None:
    assert top_legend(["seed", "EM", "prune"]).to_dict()["columns"] == 2
    assert top_legend(["sampled share", "exact share"]).to_dict()["columns"] == 1
    assert top_legend(["string", "table"], room=250).to_dict()["columns"] == 2
    assert legend_entry_px("prune") + legend_entry_px("seed") <= LEGEND_PX


def test_bar_charts_whose_legend_was_cut_off_now_label_their_bars() -> None:
    """The pair charts have no legend: the text next to each bar names its status."""
    for build in (pair_chart.pair_chart, gage_pairs._pair_chart):
        spec = build("#31333f").to_dict(validate=False)
        assert [leg for leg in _legends(spec) if leg is not None] == []
        texts = [u for u in _units(spec) if u.get("mark", {}).get("type") == "text"]
        assert [u["encoding"]["text"]["field"] for u in texts] == ["label"]
        # a long text next to the bars would squeeze the plot to nothing in a narrow column
        assert [u["mark"]["limit"] for u in texts] == [VALUE_LABEL_PX]


@pytest.fixture(scope="module")
def late_pydoc_step() -> Any:
    """Merge 3000 on pydoc: 305 pairs tie at count 8, of 12,214 pairs."""
    result = learn(example_text("pydoc"), 3000)
    step = result.steps[-1]
    assert step.ties_total > 2 * BAR_LIMIT and step.pairs_total > 10_000
    return result


def test_the_pair_chart_draws_at_most_the_limit_and_counts_the_rest(late_pydoc_step: Any) -> None:
    step = late_pydoc_step.steps[-1]
    table = pair_chart.pair_chart_data(step)
    assert table.num_rows == BAR_LIMIT
    assert table["status"].to_pylist().count("merged") == 1
    assert pair_chart.pairs_left_out(step, table.num_rows) == step.pairs_total - BAR_LIMIT
    assert more_title(step.pairs_total - BAR_LIMIT, "more pairs, not drawn")["text"] == (
        f"+{step.pairs_total - BAR_LIMIT:,} more pairs, not drawn"
    )
    assert table["full"].to_pylist() == table["pair"].to_pylist()


def test_a_chosen_tie_far_down_the_list_is_still_drawn(late_pydoc_step: Any) -> None:
    step = late_pydoc_step.steps[-1]
    far = step.tied[40]  # rank 41 among the tied pairs, past the bars drawn
    chosen = learn(example_text("pydoc"), 3000, choose={3000: far}).steps[-1]
    assert chosen.merged == far
    rows = pair_chart.pair_chart_data(chosen).to_pylist()
    assert len(rows) == BAR_LIMIT
    assert rows[-1]["pair"] == f"{far[0]} + {far[1]}" and rows[-1]["status"] == "merged"
    assert [r["rank"] for r in rows] == list(range(1, BAR_LIMIT + 1))  # drawn in this order
    assert all(r["status"] == "tied" for r in rows[:-1])


def test_bounded_rows_keeps_the_order_and_counts_what_it_left_out() -> None:
    rows = list(range(40))
    assert bounded_rows(rows, 15) == (list(range(15)), 25)
    assert bounded_rows(rows, 15, keep=lambda r: r == 30) == ([*range(14), 30], 25)
    assert bounded_rows(rows, 15, keep=lambda r: r == 3) == (list(range(15)), 25)
    assert bounded_rows(rows[:4], 15, keep=lambda r: r == 99) == ([0, 1, 2, 3], 0)


def test_the_gage_and_wordpiece_step_lists_are_bounded_too() -> None:
    text = "the cat sat on the mat and the dog sat on the log " * 6
    step = next(s for s in compress(text).steps if len(s.pair_counts) > BAR_LIMIT)
    pairs = gage_pairs.pair_count_data(step)
    assert pairs.num_rows == BAR_LIMIT
    assert pairs["status"].to_pylist().count("replaced") == (step.pair is not None)
    wp = learn_wordpiece(example_text("paragraph"), 400).steps
    big = next(s for s in wp if s.candidates_total > 25 and s.merged is not None)
    scores = wordpiece_learn.score_table(big).to_pylist()
    assert len(scores) == 25 and sum(r["status"] == "★ merged" for r in scores) == 1


def test_a_late_pydoc_step_on_the_page_is_bounded_with_a_correct_note(
    late_pydoc_step: Any,
) -> None:
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"corpus": "pydoc", "bpe_num_merges": "3000", "step": "3000"})
    at.switch_page("pages/bpe_learn.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    step = late_pydoc_step.steps[-1]
    left_out = step.pairs_total - BAR_LIMIT
    (spec, data), *_ = drawn_charts(at)
    assert len(data["pairs"]) == BAR_LIMIT
    assert spec["title"]["text"] == f"+{left_out:,} more pairs, not drawn"
    assert spec["height"] == bar_chart_properties(BAR_LIMIT, left_out, "")["height"]
    captions = " ".join(el.proto.body for el in at.get("html"))
    assert f"(+{left_out:,} more not drawn)" in captions


# --------------------------------------------------------------------------------------
# Text alternatives (issue 21): every chart says what it shows; its numbers as a table
# --------------------------------------------------------------------------------------

#: (page, the open tab if not the first: (store, key, tab id)) of every page that draws charts
CHART_PAGES = [
    ("pages/bpe_learn.py", None),
    ("pages/gage.py", None),
    ("pages/unigram.py", None),
    ("pages/unigram.py", (unigram_params.WIDGETS_KEY, "uni_tab", unigram_params.TABS[1])),
    ("pages/byte_level.py", ("bbpe__widgets", "bbpe_tab", BYTE_LEVEL_TABS[1])),
    ("pages/compare.py", None),
    ("pages/bpe_variants.py", None),
    ("pages/bpe_variants.py", ("fam__widgets", "fam_tab", "joint")),
]


@pytest.mark.parametrize(("build", "args"), TEMPLATES, ids=lambda v: getattr(v, "__name__", ""))
def test_every_step_template_says_what_it_shows(build: Any, args: tuple) -> None:
    description = template_spec(build, *args).get("description")
    assert isinstance(description, str) and len(description.split()) >= 8, description


@pytest.mark.parametrize(
    ("page", "tab"), CHART_PAGES, ids=[f"{p}-{t[2] if t else 'first'}" for p, t in CHART_PAGES]
)
def test_every_chart_a_page_draws_has_a_description(page: str, tab: Any) -> None:
    at = _open(page, tab)
    charts = drawn_charts(at)
    assert charts, f"{page} drew no chart"
    for spec, data in charts:
        description = spec.get("description")
        assert isinstance(description, str) and len(description.split()) >= 8, (
            page,
            sorted(data),
            description,
        )


def _html_bodies(at: AppTest) -> str:
    return " ".join(el.proto.body for el in at.get("html"))


def _table_rows(html_: str, summary: str) -> list[list[str]]:
    """The body rows of the folded table under ``summary`` (table_details_html)."""
    start = html_.index(f"<summary>{summary}</summary>")
    body = html_[html_.index("<tbody>", start) + 7 : html_.index("</tbody>", start)]
    return [
        [html.unescape(cell.split("</td>")[0]) for cell in row.split("<td>")[1:]]
        for row in body.split("<tr>")[1:]
    ]


def test_the_bpe_pair_chart_says_its_merge_and_lists_its_counts_as_a_table() -> None:
    at = _open("pages/bpe_learn.py", None)
    (spec, data), *_ = drawn_charts(at)
    pairs = data["pairs"]
    merged = pairs[pairs["status"] == "merged"].iloc[0]
    assert f"Merged: {merged['pair']}, {merged['count']:,} times." in spec["description"]
    assert f"{len(pairs)} pairs" in spec["description"]
    rows = _table_rows(_html_bodies(at), "Show the pair counts as a table")
    assert [(int(r[0]), r[1], int(r[2])) for r in rows] == list(
        zip(pairs["rank"], pairs["pair"], pairs["count"], strict=True)
    )
    assert [r[3] for r in rows].count("★ merged") == 1  # the winner also in words


def test_the_gage_and_unigram_charts_list_their_numbers_as_tables() -> None:
    at = _open("pages/gage.py", None)
    html_ = _html_bodies(at)
    by_names = {tuple(sorted(data)): data for _, data in drawn_charts(at)}
    pairs = by_names["pairs", "threshold"]["pairs"]
    rows = _table_rows(html_, "Show the pair counts as a table")
    drawn = list(zip(pairs["pair"], pairs["count"], strict=True))
    assert [(r[1], int(r[2])) for r in rows] == drawn
    sizes = by_names["input", "sizes", "totals"]["sizes"]
    rows = _table_rows(html_, "Show the sizes as a table")
    assert [int(r[3].replace(",", "")) for r in rows] == sizes["total"].tolist()[::2]

    at = _open("pages/unigram.py", None)
    (_, data), *_ = drawn_charts(at)
    rows = _table_rows(_html_bodies(at), "Show the log-likelihoods as a table")
    assert [float(r[2].replace(",", "")) for r in rows] == pytest.approx(
        data["steps"]["log-likelihood"].tolist(), rel=1e-5
    )
