"""AppTest: every stepping page draws "The code of this step" (folded) with the textbook
function of its stage, and the learning pages offer "Open as a notebook"; in zh and ko the
panel's words and the textbook's comments are translated, identifiers stay English."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link

PANEL = {"en": "The code of this step", "zh": "这一步的代码", "ko": "이 단계의 코드"}
NOTEBOOK = {"en": "Open as a notebook", "zh": "作为笔记本打开", "ko": "노트북으로 열기"}

# page -> (link parameters, the textbook function its first step shows, offers a notebook)
PAGES = {
    "bpe_learn": ({}, "merge_step", True),
    "wordpiece": ({}, "merge_step", True),
    "unigram": ({}, "seed", True),
    "gage": ({}, "compress_step", True),
    "bpe_encode": ({}, "encode_step", True),
}


def _html(at: AppTest) -> str:
    return " ".join(el.proto.body for el in at.get("html"))


def _panel(at: AppTest, lang: str) -> object:
    found = [e for e in at.expander if e.label == PANEL[lang]]
    assert found, [e.label for e in at.expander]  # (WordPiece: learn and encode tabs)
    return found[0]


@pytest.mark.parametrize("page", list(PAGES))
def test_every_stepping_page_shows_the_code_of_its_step(page: str) -> None:
    params, function, notebook = PAGES[page]
    at = open_link(page, params)
    _panel(at, "en")
    assert f"<code>{function}</code>" in _html(at)
    assert "class='ln ran'" in _html(at)  # lines marked as run
    buttons = [b.proto.label for b in at.get("download_button")]
    assert (NOTEBOOK["en"] in buttons) is notebook, buttons


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_panel_speaks_the_session_language(lang: str) -> None:
    at = open_link("bpe_learn", {"lang": lang})
    _panel(at, lang)
    html = _html(at)
    comment = {"zh": "没有可合并的了", "ko": "더 병합할 것이 없음"}[lang]
    assert comment in html  # a textbook comment, translated
    assert "every word is a single symbol" not in html
    assert "merge_step" in html and "count_pairs" in html  # identifiers stay English
    assert NOTEBOOK[lang] in [b.proto.label for b in at.get("download_button")]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_unigram_given_seed_and_digamma_have_their_panels(lang: str) -> None:
    """Seed 001's own list (seed_given) and the digamma M-step (em_step_digamma) show their
    textbook code, with lines marked; in Korean the new comments are translated."""
    params = {"corpus": "seed-hug", "uni_seed_mode": "given", "uni_digamma": "true"}
    at = open_link("unigram", {**params, "lang": lang} if lang != "en" else params)
    _panel(at, lang)
    html = _html(at)
    assert "<code>seed_given</code>" in html and "class='ln ran'" in html
    assert "counts = {" in html  # the values beside the code
    if lang == "ko":
        assert "목록에 있는 문자를 먼저" in html
    # and the page offers its notebook (seed_given and em_step_digamma, replayed)
    assert NOTEBOOK[lang] in [b.proto.label for b in at.get("download_button")]
    at = open_link("unigram", {**params, "step": "2"})
    assert "<code>em_step_digamma</code>" in _html(at)


def test_unigram_with_pruned_characters_has_its_panels_and_notebook() -> None:
    """With "Always keep single characters" off, the prune step that removes the character u
    shows prune_step with removed = {'u', 'ugs'} beside it, a later EM step (lattices with
    unknown nodes) shows em_step, and the page offers its notebook."""
    params = {"corpus": "seed-hug", "uni_keep_chars": "false", "uni_vocab_size": "8"}
    at = open_link("unigram", {**params, "step": "4"})
    _panel(at, "en")
    html = _html(at)
    assert "<code>prune_step</code>" in html and "class='ln ran'" in html
    assert "removed = {&#x27;u&#x27;, &#x27;ugs&#x27;}" in html
    assert NOTEBOOK["en"] in [b.proto.label for b in at.get("download_button")]
    at = open_link("unigram", {**params, "step": "8"})
    html = _html(at)
    assert "<code>em_step</code>" in html and "total = " in html


# page -> (link parameters, tie picker's namespace, step, the pair picked, the textbook values)
PICKS = {
    "bpe_learn": ({}, "bpe", 1, ("s", "t"), "count = 9"),
    "wordpiece": ({"corpus": "seed-hug"}, "wp", 2, ("p", "##u"), "score = 1/36"),
}


@pytest.mark.parametrize("page", list(PICKS))
def test_a_hand_picked_tie_shows_the_chosen_pair_in_the_panel(page: str) -> None:
    """After a student picks another of the tied pairs, the panel shows ``merge_step`` with
    ``choose``: ``best`` is the chosen pair (not the tie rule's), with its count or score."""
    params, ns, number, pair, value = PICKS[page]
    at = open_link(page, params)
    if number > 1:
        at.button(key=f"{ns}_learn__next").click()
        at.run()
    at.selectbox(key=f"{ns}_tie_pick_{number}").set_value(pair)
    at.button(key=f"{ns}_tie_go_{number}").click()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    _panel(at, "en")
    html = _html(at)
    shown = "(" + ", ".join(f"&#x27;{p}&#x27;" for p in pair) + ")"
    assert f"best = {shown}" in html, html[-3000:]
    assert value in html


def test_gage_hand_picked_tie_shows_the_chosen_pair_in_the_panel() -> None:
    """Gage, seed 003's tie at step 2: after the student picks ``ab`` over ``Za``, the panel
    shows ``compress_step`` with ``choose``: ``best`` is the chosen pair, with its count."""
    at = open_link("gage", {})
    at.button(key="gage_steps__next").click()
    at.run()
    at.selectbox(key="gage_tie_pick_2").set_value(("a", "b"))
    at.button(key="gage_tie_go_2").click()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    _panel(at, "en")
    html = _html(at)
    assert "best = &#x27;ab&#x27;" in html, html[-3000:]
    assert "count = 2" in html and "<code>compress_step</code>" in html
