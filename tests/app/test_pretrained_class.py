"""The pretrained page in class (issue 28, item 3): its link carries the sample, the text and the
step; the default text asks nothing false; unknown pieces are drawn as unknown; a built-in
sample knows Chinese and Korean."""

from __future__ import annotations

import re

from subword_core.pretrained import Pretrained, load
from tests.app.conftest import html_text, open_link
from ui.app.links import PAGES, PARAMS
from ui.views.pretrained.files import ASSETS, DEFAULT_TEXT, SAMPLES


def _tok(source: str) -> Pretrained:
    name = SAMPLES[source][1]
    return load({name: (ASSETS / name).read_bytes()})


def test_sample_text_and_step_are_link_parameters() -> None:
    assert PAGES["pretrained"].player == "pre"
    assert {"pre_source", "pre_text"} <= set(PAGES["pretrained"].params)
    assert "upload" not in PARAMS["pre_source"].options  # a link cannot carry a file
    at = open_link("pretrained", {"pre_source": "bert", "pre_text": "hug 学校", "step": "2"})
    assert not at.exception
    assert at.radio(key="pre_source").value == "bert"
    assert at.text_area(key="pre_text").value == "hug 学校"
    assert at.session_state["pre__step"] == 2


def test_the_default_text_asks_nothing_false() -> None:
    at = open_link("pretrained", {})
    assert at.text_area(key="pre_text").value == DEFAULT_TEXT
    page = "\n".join(c.value for c in at.caption) + html_text(at)
    assert "three tokens" not in page and "three tokens" not in DEFAULT_TEXT
    for source in SAMPLES:  # every sample traces it
        assert _tok(source).trace(DEFAULT_TEXT).tokens


def test_a_sample_knows_chinese_and_korean() -> None:
    tok = _tok("multilingual")
    for text in ("我们在学校学习语言。", "우리는 학교에서 공부한다."):
        trace = tok.trace(text)
        assert tok.unk_id not in trace.steps[-1].ids, trace.tokens
        assert len(trace.tokens) < len(text)  # whole words and syllable groups, not characters
    for source in ("bytebpe", "bert", "unigram", "t5"):  # the others do not
        trace = _tok(source).trace("我们在学校学习语言。")
        assert _tok(source).unk_id in trace.steps[-1].ids or len(trace.tokens) >= 10


def test_the_page_says_the_multilingual_sample_was_trained_here() -> None:
    at = open_link("pretrained", {"pre_source": "multilingual"})
    captions = "\n".join(c.value for c in at.caption)
    assert "trained in this app" in captions and "written for the app" in captions


def test_unknown_pieces_are_drawn_as_unknown() -> None:
    tok = _tok("multilingual")
    text = "学校 猫"  # 猫 is not in the sample's sentences
    trace = tok.trace(text)
    assert tok.unk_id in trace.steps[-1].ids
    link = {"pre_source": "multilingual", "pre_text": text, "step": str(len(trace.steps))}
    page = html_text(open_link("pretrained", link))
    assert re.search(r"猫\s*, unknown", page)  # the screen reader's text of the unknown style
    assert "Dashed red box: an unknown piece" in page
    assert not re.search(r"学校\s*, unknown", page)
