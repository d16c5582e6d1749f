"""Hostile input (issue 16): absurd links, bugs, huge counts and odd uploads never show a traceback.

Each test opens the app the way a student's browser would (AppTest) and checks what the page
says: a refused link part is listed in the share box, a bug becomes the friendly box of
:func:`ui.app.shell.error_boundary`, a corpus with a huge count gets an error with its line number.
"""

from __future__ import annotations

import json
import logging
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

import ui.views.bpe.learn
import ui.views.wordpiece.settings
from subword_core.text.corpus import MAX_COUNT
from tests.app.conftest import APP, open_link
from tests.budget import examples
from ui.app.corpus_picker import ENCODING_NAMES, SOURCE_KEY, decode_upload
from ui.app.limits import LIMITS, Limits
from ui.app.share import MAX_LINK_TEXT, MAX_STEP, PARAMS, _parse_ties, allowed_range, parse_value
from ui.app.shell import ERROR_BOX_TITLE

ROOT = Path(APP).parent


def _link_note(at: AppTest) -> str:
    return next(
        (el.proto.body for el in at.sidebar.get("html") if "could not be used" in el.proto.body),
        "",
    )


def _all_text(at: AppTest) -> str:
    parts = [el.proto.body for el in at.get("html")]
    parts += [el.value for el in at.error] + [el.value for el in at.sidebar.error]
    return " ".join(parts)


# --- links -----------------------------------------------------------------------------------


def test_deeply_nested_ties_json_is_refused_and_listed() -> None:
    # was a RecursionError traceback
    deep = "[" * 5000 + "]" * 5000
    at = open_link("bpe_learn", {"corpus": "seed-low", "ties": deep})
    assert not at.exception
    assert "the tie choices (not in the expected form" in _link_note(at)
    assert "bpe__choices" not in at.session_state
    assert "Merge 1:" in _all_text(at)  # the page itself is drawn as usual


def test_absurd_numbers_in_a_link_are_refused_with_the_allowed_range() -> None:
    at = open_link(
        "unigram",
        {
            "corpus": "seed-hug",
            "uni_vocab_size": "9" * 5000,  # int() refuses more than 4300 digits
            "uni_em": "1e9",
            "uni_samples": str(LIMITS.unigram_samples + 1),
            "uni_shrink": "nan",
            "uni_lambda": "inf",
            "uni_seed": str(2**70),
            "step": "9" * 40,
        },
    )
    assert not at.exception
    note = _link_note(at)
    for key in ("uni_vocab_size", "uni_em", "uni_samples", "uni_shrink", "uni_lambda", "uni_seed"):
        assert f"{key} (not {allowed_range(PARAMS[key])})" in note, key
    assert f"the step (not a whole number from 1 to {MAX_STEP:,})" in note
    shadow = at.session_state["uni__widgets"]
    assert shadow["uni_em"] == 2 and shadow["uni_samples"] == 1000  # the defaults
    assert shadow["uni_shrink"] == 0.75


def test_a_merge_count_above_the_limit_is_refused_and_the_limit_itself_is_not() -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low", "bpe_num_merges": str(LIMITS.merges + 1)})
    assert f"bpe_num_merges (not a whole number from 1 to {LIMITS.merges:,})" in _link_note(at)
    assert at.number_input(key="bpe_num_merges").value == 10
    at = open_link("bpe_learn", {"corpus": "seed-low", "bpe_num_merges": str(LIMITS.merges)})
    assert _link_note(at) == ""
    assert at.number_input(key="bpe_num_merges").value == LIMITS.merges


def test_long_link_texts_and_many_unknown_parts_are_refused_in_a_short_note() -> None:
    long_text = "low " * (MAX_LINK_TEXT // 4 + 1)
    params = {"text": long_text, "bpe_marker": "x" * (MAX_LINK_TEXT + 1)}
    params |= {f"junk{i}-" + "k" * 500: "1" for i in range(50)}
    at = open_link("bpe_learn", params)
    assert not at.exception
    note = _link_note(at)
    assert f"the corpus text (longer than {MAX_LINK_TEXT:,} characters)" in note
    assert f"bpe_marker (longer than {MAX_LINK_TEXT:,} characters)" in note
    assert "and 42 more" in note
    assert len(note) < 3000  # 50 names of 500 characters are not all repeated
    assert at.session_state[SOURCE_KEY] != "type"  # the long text was not used


# the pure parsers, fuzzed: whatever the text, a value in range or None, never an exception
_NUMBER_KEYS = sorted(k for k, p in PARAMS.items() if p.kind in ("int", "float"))
_absurd = st.one_of(
    st.text(max_size=40),
    st.integers().map(str),
    st.integers(0, 6000).map(lambda n: "9" * n),
    st.floats().map(repr),
    st.sampled_from(["nan", "-inf", "1e400", "1_000", "0x10", " 5", "٣", "+7", "-0"]),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(_NUMBER_KEYS), _absurd)
@example("bpe_num_merges", "9" * 5000)
@example("uni_shrink", "1e400")
def test_parse_value_keeps_numbers_in_range(key: str, text: str) -> None:
    param = PARAMS[key]
    value = parse_value(param, text)
    if value is None:
        return
    if value is not None and type(value).__name__ == "_Null":
        assert param.optional
        return
    assert isinstance(value, int | float)
    assert value == value and abs(value) != float("inf")  # finite
    assert param.low is None or value >= param.low
    assert param.high is None or value <= param.high
    assert abs(value) <= 2**53


_json_like = st.recursive(
    st.one_of(st.integers(), st.text(max_size=5), st.floats(), st.none(), st.booleans()),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
).map(json.dumps)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(
        _json_like,
        st.integers(1, 20_000).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 20_000).map(lambda n: '[[1, "' + "[" * n + '", "b"]]'),
        st.text(alphabet='[]{}",:1a\\', max_size=200),
    )
)
@example("[" * 100_000 + "]" * 100_000)
@example('[[1, "a", "b"]]')
def test_parse_ties_never_raises_and_keeps_to_the_form(text: str) -> None:
    ties = _parse_ties(text)
    if ties is None:
        return
    assert len(text) <= MAX_LINK_TEXT
    for step, pair in ties.items():
        assert isinstance(step, int) and 1 <= step <= MAX_STEP
        assert all(isinstance(s, str) and s for s in pair)


# --- the error boundary ----------------------------------------------------------------------


def _boom(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("/site-packages/secret/path.py: injected failure")


def test_a_bug_in_a_page_shows_the_friendly_box_and_logs_the_traceback(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(ui.views.wordpiece.settings, "settings_panel", _boom)
    with caplog.at_level(logging.ERROR, logger="subword.app"):
        at = open_link("wordpiece", {"corpus": "seed-hug", "wp_prefix": "@@"})
    assert not at.exception  # no traceback element
    box = [e.value for e in at.error if ERROR_BOX_TITLE in e.value]
    assert len(box) == 1
    assert "Nothing you typed is lost" in box[0] and "What to try" in box[0]
    assert "injected failure" not in _all_text(at) and "site-packages" not in _all_text(at)
    # the rest of the app is drawn, and the settings kept
    assert at.session_state["wp__widgets"]["wp_prefix"] == "@@"
    assert at.sidebar.radio(key=SOURCE_KEY).value == "seed-hug"
    assert at.query_params["wp_prefix"] == "@@"  # the link box ran after the page
    # ... and the server's log has the details
    record = next(r for r in caplog.records if r.name == "subword.app")
    assert record.exc_info is not None and "injected failure" in str(record.exc_info[1])
    reference = re.search(r"`([0-9a-f]{8})`", box[0])
    assert reference is not None and reference[1] in record.getMessage()


def test_a_bug_in_a_step_shows_the_friendly_box_inside_the_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at = open_link("bpe_learn", {"corpus": "seed-low"})
    monkeypatch.setattr(ui.views.bpe.learn, "render_learn_step", _boom)
    at.button(key="bpe_learn__next").click().run()
    assert not at.exception
    assert any(ERROR_BOX_TITLE in e.value for e in at.error)
    assert at.session_state["bpe_learn__step"] == 2  # the step change itself went through


def test_control_flow_exceptions_are_not_caught() -> None:
    # st.rerun() and st.stop() raise BaseException subclasses, which the boundary lets through
    from streamlit.runtime.scriptrunner_utils.exceptions import (
        RerunException,
        ScriptControlException,
        StopException,
    )

    assert issubclass(RerunException, ScriptControlException)
    assert issubclass(StopException, ScriptControlException)
    assert not issubclass(ScriptControlException, Exception)


def test_no_error_details_reach_a_browser() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] == "none"


# --- uploads and counts ----------------------------------------------------------------------


def test_the_server_upload_limit_is_the_apps() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["maxUploadSize"] == Limits().upload_mb


def test_the_server_upload_limit_follows_a_raised_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit import config

    import ui.app.shell

    monkeypatch.setattr(ui.app.shell, "LIMITS", Limits(upload_mb=7))
    before = config.get_option("server.maxUploadSize")
    try:
        ui.app.shell.sync_upload_limit()
        assert config.get_option("server.maxUploadSize") == 7
    finally:
        config.set_option("server.maxUploadSize", before)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("low 5\nlower 99999999999999999999999", 2),  # was an OverflowError in the charts
        ("low 5\nnewest 6\nlower " + "9" * 5000, 3),  # was a ValueError in the parser
        ("{'l o w </w>': 5,\n 'l o w e r </w>': 0x" + "f" * 4000 + "}", 2),  # hex: ValueError
    ],
)
@pytest.mark.parametrize("page", ["bpe_learn", "wordpiece"])
def test_a_huge_count_is_a_clear_message_with_its_line(page: str, text: str, line: int) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(f"pages/{page}.py")
    at.run()
    at.sidebar.radio(key=SOURCE_KEY).set_value("type").run()
    at.sidebar.text_area(key="corpus__text").input(text).run()
    assert not at.exception
    assert any(f"line {line} needs a fix" in e.value for e in at.sidebar.error)
    shown = _all_text(at)
    assert f"at most {MAX_COUNT:,}" in shown and f"Line {line}:" in shown
    assert not any(ERROR_BOX_TITLE in e.value for e in at.error)  # refused, not a bug


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_without_a_bom_are_decoded_and_named(encoding: str) -> None:
    text = "low 5\nlower 2\ncafé 1\n"
    assert decode_upload(text.encode(encoding)) == (text, encoding)


def test_an_upload_in_utf16_without_a_bom_is_read_and_the_page_says_so() -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.sidebar.radio(key=SOURCE_KEY).set_value("upload").run()
    uploader = at.sidebar.get("file_uploader")[0]
    uploader.upload("win.txt", "low 5\nlower 2\n".encode("utf-16-le"), "text/plain").run()
    assert not at.exception
    assert at.session_state["corpus__current"].as_dict() == {"low": 5, "lower": 2}
    html = " ".join(el.proto.body for el in at.sidebar.get("html"))
    assert f"Read win.txt as {ENCODING_NAMES['utf-16-le']}." in html
