"""AppTest of the seed gallery: every Open button lands on the right page, corpus and step."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.bpe import merge_symbols
from ui.views.gallery.entries import ENTRIES
from ui.views.gallery.replace_demo import buggy_replace_merge, replace_demo_rows

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _html(at: AppTest) -> str:
    """All st.html bodies on the page, tags stripped, entities decoded (as a reader sees it)."""
    bodies = [el.proto.body for el in at.get("html")]
    # the text on screen: styles and the screen-reader-only roles of tokens left out
    text = " ".join(
        re.sub(r"<style>.*?</style>|<span class=\"sw-sr\">[^<]*</span>", "", b, flags=re.S)
        for b in bodies
    )
    # a language mark (ui.draw.html.lang_spans) is inline: no space where it starts or ends
    text = re.sub(r'<span lang="[^"]+">|</span>', "", text)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def gallery() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page("pages/gallery.py")
    return _ok(at.run())


def _open(at: AppTest, key: str) -> AppTest:
    """Click an entry's Open button; the run ends on the entry's page."""
    at.button(key=f"gallery_open_{key}").click()
    _ok(at.run())
    # subtle: AppTest does not follow a script's st.switch_page on later runs (a browser
    # does, through the URL), so the next runs are pointed at the page the app opened.
    at.switch_page(next(e.page for e in ENTRIES if e.key == key))
    return at


def _title(at: AppTest) -> str:
    return at.title[0].value


def test_every_entry_is_listed_with_its_erratum(gallery: AppTest) -> None:
    page = _html(gallery)
    for entry in ENTRIES:
        assert entry.title in page
        assert gallery.button(key=f"gallery_open_{entry.key}").label == "Open"
    bodies = [el.proto.body for el in gallery.get("html")]
    errata = [b for b in bodies if "class='sw-text sw-problem'" in b]
    notes = [b for b in bodies if "class='sw-text sw-note'" in b]
    assert len(errata) == sum(e.erratum is not None and e.note_kind == "erratum" for e in ENTRIES)
    assert len(notes) == sum(e.erratum is not None and e.note_kind == "note" for e in ENTRIES)
    assert (len(errata), len(notes)) == (4, 2)  # seeds 002, 001 Unigram, 004, 000
    assert "17/210 × 20/210 = 0.00771" in page
    assert "buggy: str.replace" in page and "correct: merge_symbols" in page


def test_seed_003_opens_bpe_learn_at_step_1(gallery: AppTest) -> None:
    at = _open(gallery, "s003-bpe")
    assert _title(at) == "BPE: learn merges"
    assert at.sidebar.radio(key="corpus__source").value == "seed-low"
    assert at.session_state["bpe_learn__step"] == 1
    assert "Merge 1:" in _html(at)
    at.button(key="bpe_learn__last").click()
    _ok(at.run())
    table = at.dataframe[0].value
    assert table["new symbol"].tolist() == [
        "es", "est", "est</w>", "lo", "low", "ne", "new", "newest</w>", "low</w>", "wi"
    ]  # fmt: skip


def test_seed_002_reproduces_the_printed_order_by_tie_choices(gallery: AppTest) -> None:
    at = _open(gallery, "s002-bpe")
    assert _title(at) == "BPE: learn merges"
    page = _html(at)
    assert "Merge 1:" in page and "You chose" in page
    table = at.dataframe[0].value
    assert table[["left", "right"]].values.tolist()[0] == ["s", "t"]
    at.button(key="bpe_learn__last").click()
    _ok(at.run())
    table = at.dataframe[0].value
    assert list(zip(table["left"], table["right"], strict=True)) == [
        ("s", "t"), ("e", "st"), ("est", "</w>"), ("l", "o"), ("lo", "w"), ("n", "e"),
        ("w", "est</w>"), ("ne", "west</w>"), ("low", "</w>"), ("i", "d"),
    ]  # fmt: skip


def test_seed_003_encodings(gallery: AppTest) -> None:
    at = _open(gallery, "s003-encode")
    assert _title(at) == "BPE: encode & decode"
    assert at.text_input(key="bpe_encode_text").value == "loki lowest lowing highing"
    page = _html(at)
    assert "loki lo k i </w>" in page
    assert "lowest low est </w>" in page
    assert "highing h i g h i n g </w>" in page


def test_seed_001_mhug_gives_unk_hug(gallery: AppTest) -> None:
    at = _open(gallery, "s001-mhug")
    assert _title(at) == "BPE: encode & decode"
    assert at.sidebar.radio(key="corpus__source").value == "seed-hug"
    assert at.toggle(key="bpe_encode_unk").value is True
    assert "mhug [UNK] hug </w>" in _html(at)


def test_seed_001_wordpiece(gallery: AppTest) -> None:
    at = _open(gallery, "s001-wordpiece")
    assert _title(at) == "WordPiece"
    assert at.number_input(key="wp_vocab_size").value == 9
    page = _html(at)
    assert "Merge 1:" in page and "1/20" in page
    assert at.dataframe[0].value.iloc[0]["pair"] == "##g + ##s"


def test_seed_001_unigram(gallery: AppTest) -> None:
    at = _open(gallery, "s001-unigram")
    assert _title(at) == "Unigram language model"
    assert at.sidebar.radio(key="corpus__source").value == "seed-hug"
    assert at.radio(key="uni_seed_mode").value == "given"
    assert at.session_state["uni_tab"] == "Tutorial 001's “pug” (erratum)"  # the open tab
    # only the open tab runs: the seed's table with the corrected probability
    assert "P(pu, g) = 17/210 × 20/210 = 0.00771" in _html(at)


def test_seed_001_unigram_is_read_on_bare_words_after_a_choice(gallery: AppTest) -> None:
    """Unigram defaults to none (▁); the seed's numbers need whitespace, whatever came before."""
    from ui.views.unigram.params import TAB_IDS, WIDGETS_KEY

    gallery.switch_page("pages/unigram.py")
    _ok(gallery.run())
    assert gallery.radio(key="uni_pretok").value == "none"  # sentencepiece's, on seed-low
    gallery.radio(key="uni_pretok").set_value("bert")  # a choice made before
    _ok(gallery.run())
    gallery.switch_page("pages/gallery.py")
    _ok(gallery.run())
    at = _open(gallery, "s001-unigram")
    _ok(at.run())
    assert at.radio(key="uni_pretok").value == "whitespace"
    assert at.toggle(key="uni_marker").value is False
    page = _html(at)
    assert "P(p, u, g) = 17/210 × 36/210 × 20/210 = 0.00132" in page
    assert "Tutorial 001 counts bare words" in page
    assert "This example is read with whitespace only" in page  # says why, above the tabs
    # the training tab: step 1 holds the seed's 15 tokens with the seed's counts
    at.session_state[WIDGETS_KEY]["uni_tab"] = TAB_IDS["train"]
    _ok(at.run())
    table = next(df.value for df in at.dataframe if "count" in df.value.columns)
    counts = dict(zip(table["piece"], table["count"], strict=True))
    assert len(counts) == 15 and sum(counts.values()) == 210
    assert counts["p"] == counts["pu"] == 17 and counts["u"] == 36 and counts["g"] == 20


def test_seed_004_bpe_without_marker(gallery: AppTest) -> None:
    at = _open(gallery, "s004-bpe")
    assert _title(at) == "BPE: learn merges"
    assert at.sidebar.radio(key="corpus__source").value == "seed-low-underscore"
    assert at.text_input(key="bpe_marker").value == ""
    at.button(key="bpe_learn__last").click()
    _ok(at.run())
    assert at.dataframe[0].value["new symbol"].tolist() == [
        "es", "est", "est_", "lo", "low", "ne", "new", "newest_", "low_", "wi"
    ]  # fmt: skip


def test_seed_003_gage_at_the_tie_with_the_seed_choice(gallery: AppTest) -> None:
    at = _open(gallery, "s003-gage")
    assert _title(at) == "Gage's compression"
    assert at.session_state["gage_steps__step"] == 2
    page = _html(at)
    assert "Step 2: ab → Y" in page
    assert "This is tutorial 003's choice" in page


def test_seed_000_opens_where_the_vocabulary_shrinks(gallery: AppTest) -> None:
    at = _open(gallery, "s000-vocab")
    assert _title(at) == "BPE: learn merges"
    assert at.session_state["bpe_learn__step"] == 2
    assert "changes by -1 (11 → 10 symbols)" in _html(at)


def test_opening_seed_003_after_seed_002_forgets_the_tie_choices(gallery: AppTest) -> None:
    at = _open(gallery, "s002-bpe")
    at.switch_page("pages/gallery.py")
    _ok(at.run())
    at = _open(at, "s003-bpe")
    assert at.dataframe[0].value[["left", "right"]].values.tolist()[0] == ["e", "s"]


def test_the_buggy_replace_joins_across_a_boundary() -> None:
    assert buggy_replace_merge("xa b", ("a", "b")) == "xab"
    assert merge_symbols(["xa", "b"], ("a", "b"))[0] == ["xa", "b"]
    wrong = [r for r in replace_demo_rows() if r[5]]
    assert [(r[0], r[2], r[3], r[4]) for r in wrong] == [(2, "xa b", "xab", "xa b")]


def test_opening_after_the_target_page_was_used_overrides_its_widgets() -> None:
    """A student who typed on the encode page and changed settings still gets the seed's view."""
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page("pages/bpe_encode.py")
    _ok(at.run())
    at.text_input(key="bpe_encode_text").set_value("something else")
    at.number_input(key="bpe_num_merges").set_value(3)
    _ok(at.run())
    at.switch_page("pages/gallery.py")
    _ok(at.run())
    at = _open(at, "s001-mhug")
    assert at.text_input(key="bpe_encode_text").value == "mhug"
    assert at.number_input(key="bpe_num_merges").value == 10
    assert "mhug [UNK] hug </w>" in _html(at)
    _ok(at.run())  # and it stays there on the next run
    assert at.title[0].value == "BPE: encode & decode"
    assert at.text_input(key="bpe_encode_text").value == "mhug"


def test_chinese_and_korean_in_the_entries_say_their_language(gallery: AppTest) -> None:
    """WCAG 3.1.2: a run of Chinese or Korean on the English page is marked with its
    language, so that a screen reader switches voice (ui.draw.html.lang_spans)."""
    bodies = " ".join(el.proto.body for el in gallery.get("html"))
    assert '<span lang="zh-Hans">中文</span>' in bodies
    assert '<span lang="ko">한국어</span>' in bodies
    assert '<span lang="ko">다</span>+.' in bodies  # a syllable inside English text
