"""AppTest of the Compare page: one target size, four segmentations, disputed cuts, figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.text.corpus import Corpus
from tests.app.conftest import html_text as _html
from ui.views.compare.figures import corpus_figures, overlap_table
from ui.views.compare.plan import parse_target, plan
from ui.views.compare.segment import disputed_cuts, segment
from ui.views.compare.train import train_all
from ui.views.compare.words import word_table_html

APP = str(Path(__file__).resolve().parents[2] / "app.py")
SEED_LOW = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})


def _raw_html(at: AppTest) -> str:
    return " ".join(el.proto.body for el in at.get("html"))


@pytest.fixture
def at() -> AppTest:
    """The Compare page on the default corpus (seed 000: low, lower, newest, widest)."""
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    app.switch_page("pages/compare.py")
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


# --- the data functions ------------------------------------------------------------------


def test_plan_turns_the_target_into_each_setting() -> None:
    plans = {p.name: p for p in plan(SEED_LOW, 266)}
    chars = len(set("".join(SEED_LOW.words)))
    assert plans["BPE"].setting == 266 - (chars + 1)
    assert plans["WordPiece"].setting == 266 and plans["Unigram"].setting == 266
    assert plans["Byte-level BPE"].setting == 10
    small = {p.name: p for p in plan(SEED_LOW, 30)}
    assert small["Byte-level BPE"].skipped and "256" in small["Byte-level BPE"].meaning
    assert all(p.skipped for p in plan(SEED_LOW, 3))


def test_parse_target_rejects_words_and_zero() -> None:
    assert parse_target("40") == (40, None)
    assert parse_target("abc")[0] is None and "whole number" in str(parse_target("abc")[1])
    assert parse_target("0")[0] is None and parse_target("")[0] is None


def test_segmentations_compare_on_characters_with_markers_stripped() -> None:
    trained = train_all(SEED_LOW, 266)
    assert all(not isinstance(v, str) for v in trained.values())
    segs = {name: segment(t, "lowest") for name, t in trained.items()}  # type: ignore[arg-type]
    for s in segs.values():
        assert all(0 < c < len("lowest") for c in s.cuts)
    assert "</w>" in segs["BPE"].tokens[-1] or segs["BPE"].tokens[-1] == "</w>"
    assert segs["Byte-level BPE"].tokens[0].startswith("Ġ")
    assert disputed_cuts(segs) == set().union(*(s.cuts for s in segs.values())) - set.intersection(
        *(set(s.cuts) for s in segs.values())
    )


def test_tokens_at_a_disputed_cut_are_marked_in_every_row() -> None:
    trained = train_all(SEED_LOW, 266)
    segs = {name: segment(t, "wider") for name, t in trained.items()}  # type: ignore[arg-type]
    assert disputed_cuts(segs)
    rows = word_table_html("wider", segs).split("<tr>")[2:]
    assert len(rows) == 4
    for row in rows:
        assert "sw-tok-hl" in row and "differs" in row
        assert "cmp-dis" in row


def test_unknown_characters_are_counted() -> None:
    trained = train_all(SEED_LOW, 30)
    wp = segment(trained["WordPiece"], "läw")  # type: ignore[arg-type]
    assert wp.tokens == ("[UNK]",) and wp.unks == 1
    bpe = segment(trained["BPE"], "läw")  # type: ignore[arg-type]
    assert bpe.unks == 1 and "ä" in bpe.tokens
    uni = segment(trained["Unigram"], "läw")  # type: ignore[arg-type]
    assert uni.unks == 1
    # the unknown token itself is drawn as unknown (dashed red), not only counted
    assert bpe.unknown == {bpe.tokens.index("ä")} and len(uni.unknown) == 1
    segs = {"BPE": bpe, "WordPiece": wp, "Unigram": uni}
    rows = word_table_html("läw", segs).split("<tr>")[2:]  # type: ignore[arg-type]
    for row in rows:
        assert row.count("sw-tok-unk") == 1 and "(unknown)" in row


def test_byte_level_cut_inside_a_character() -> None:
    trained = train_all(SEED_LOW, 260)
    s = segment(trained["Byte-level BPE"], "你")  # type: ignore[arg-type]
    assert s.unks == 0 and s.cuts == frozenset() and s.inside == 2 and s.count == 3


def test_corpus_figures_and_overlap() -> None:
    trained = {k: v for k, v in train_all(SEED_LOW, 266).items() if not isinstance(v, str)}
    figures = corpus_figures(SEED_LOW, trained)
    assert figures["algorithm"].tolist() == ["BPE", "WordPiece", "Unigram", "Byte-level BPE"]
    assert (figures["tokens per word"] >= 1).all()
    assert ((figures["kept whole"] >= 0) & (figures["kept whole"] <= 1)).all()
    overlap = overlap_table(trained)
    assert len(overlap) == 16
    diag = overlap[overlap.a == overlap.b]
    assert (diag.jaccard == 1.0).all()
    pair = overlap[(overlap.a == "BPE") & (overlap.b == "WordPiece")].iloc[0]
    back = overlap[(overlap.a == "WordPiece") & (overlap.b == "BPE")].iloc[0]
    assert pair.shared == back.shared > 0


# --- the page --------------------------------------------------------------------------


def test_default_page_shows_three_and_skips_byte_level(at: AppTest) -> None:
    page = _html(at)
    assert "skipped" in page and "Byte-level BPE is skipped" in " ".join(i.value for i in at.info)
    for name in ("BPE", "WordPiece", "Unigram"):
        assert name in page
    assert "differs" in page or "all agree" in page
    assert len(at.dataframe) == 1


def test_typed_sentence_and_size_show_spans_marks_and_figures(at: AppTest) -> None:
    at.text_input(key="cmp_target").set_value("266")
    at.run()
    at.text_input(key="cmp_text").set_value("lowest <b>wider</b>")
    at.run()
    assert not at.exception
    raw = _raw_html(at)
    page = _html(at)
    assert "<b>wider" not in raw and "&lt;b&gt;wider&lt;/b&gt;" in raw  # escaped, not markup
    assert "lowest" in page and "Byte-level BPE" in page
    assert raw.count("sw-tok ") >= 8  # four rows of spans per word
    assert "disputed boundar" in page and "cmp-dis" in raw and "differs" in page
    assert "UNK" in page  # '<' '>' '/' were never seen: counted as unknown
    figures = at.dataframe[0].value
    assert figures["algorithm"].tolist() == ["BPE", "WordPiece", "Unigram", "Byte-level BPE"]
    assert not [i for i in at.info if "skipped" in i.value]


def test_bad_target_keeps_what_was_typed(at: AppTest) -> None:
    at.text_input(key="cmp_text").set_value("slowest")
    at.run()
    at.text_input(key="cmp_target").set_value("lots")
    at.run()
    assert not at.exception
    assert any("not a whole number" in e.value for e in at.error)
    assert at.text_input(key="cmp_target").value == "lots"
    at.text_input(key="cmp_target").set_value("2")
    at.run()
    assert not at.exception
    assert "skipped" in _html(at)
    assert not at.dataframe  # nothing trained, no figures


def test_empty_text_says_what_to_do(at: AppTest) -> None:
    at.text_input(key="cmp_text").set_value("   ")
    at.run()
    assert any("Type one or more words" in i.value for i in at.info)


def test_settings_survive_a_page_switch(at: AppTest) -> None:
    at.text_input(key="cmp_target").set_value("40")
    at.run()
    at.text_input(key="cmp_text").set_value("newer")
    at.run()
    at.switch_page("pages/wordpiece.py")
    at.run()
    at.switch_page("pages/compare.py")
    at.run()
    assert at.text_input(key="cmp_target").value == "40"
    assert at.text_input(key="cmp_text").value == "newer"


def test_an_algorithm_that_fails_is_explained_and_the_others_shown(at: AppTest) -> None:
    at.sidebar.radio(key="corpus__source").set_value("type")
    at.run()
    at.sidebar.text_area(key="corpus__text").set_value("low lower new##est widest low")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    errors = " ".join(e.value for e in at.error)
    assert "WordPiece could not be trained" in errors
    page = _html(at)
    unseen = at.text_input(key="cmp_text").value.split()[-1]  # the example word not in it
    assert "Unigram" in page and unseen in page
    assert at.dataframe[0].value["algorithm"].tolist() == ["BPE", "Unigram"]
