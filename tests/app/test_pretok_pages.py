"""Pre-tokenization on every algorithm page: the zh and ko examples with each choice render
within the limits, the choice shows in the page and travels in the link."""

from __future__ import annotations

import pytest

from subword_core.text.pretokenize import SCHEMES, to_jamo
from tests.app.conftest import open_link

# page -> key prefix of its choice, its default, whether it offers schemes
PAGES = {
    "bpe_learn": ("bpe", "whitespace", True),
    "bpe_encode": ("bpe", "whitespace", True),
    "wordpiece": ("wp", "bert", True),
    "unigram": ("uni", "none", True),
    "compare": ("cmp", "whitespace", True),
    "byte_level": ("bbpe", "", False),
}
CASES = [
    (page, corpus, scheme, jamo)
    for page, (_, default, offers) in PAGES.items()
    for corpus in ("zh", "ko")
    for scheme, jamo in (
        [*((s, False) for s in SCHEMES), (default, True)] if offers else [("", False), ("", True)]
    )
]


def _html(at: object) -> str:
    return " ".join(h.proto.body for h in at.get("html"))  # type: ignore[attr-defined]


def _problems(at: object) -> list[str]:
    return [e.value for e in at.exception] + [  # type: ignore[attr-defined]
        e.value
        for e in at.error  # type: ignore[attr-defined]
        if "Limit" in e.value or "could not" in e.value
    ]


@pytest.mark.parametrize(("page", "corpus", "scheme", "jamo"), CASES)
def test_each_choice_renders_on_the_cjk_examples(
    page: str, corpus: str, scheme: str, jamo: bool
) -> None:
    prefix, _, offers = PAGES[page]
    params = {"corpus": corpus, f"{prefix}_jamo": "true" if jamo else "false"}
    if offers:
        params[f"{prefix}_pretok"] = scheme
    at = open_link(page, params)
    assert _problems(at) == []
    assert at.session_state[f"{prefix}__pretok"][f"{prefix}_jamo"] is jamo
    if offers:
        assert at.session_state[f"{prefix}_pretok"] == scheme
    assert any(e.label.startswith("Pre-tokenization") for e in at.expander)
    assert "Why it matters for Chinese and Korean" in _html(at)
    for key, value in params.items():  # written back into the address bar
        assert at.query_params[key] == value, key


def test_the_defaults_are_each_algorithms_convention() -> None:
    for page, (prefix, default, offers) in PAGES.items():
        at = open_link(page, {"corpus": "seed-low"})
        if offers:
            assert at.radio(key=f"{prefix}_pretok").value == default, page
        assert at.toggle(key=f"{prefix}_jamo").value is False, page


def test_bert_cuts_chinese_into_characters_on_the_wordpiece_page() -> None:
    bert = _html(open_link("wordpiece", {"corpus": "zh", "wp_pretok": "bert"}))
    whitespace = _html(open_link("wordpiece", {"corpus": "zh", "wp_pretok": "whitespace"}))
    sentence = "我们在学校学习计算机。"  # a whole line is one word with whitespace only
    assert sentence in whitespace and sentence not in bert


def test_jamo_reach_the_bpe_merges() -> None:
    at = open_link("bpe_learn", {"corpus": "ko", "bpe_jamo": "true", "step": "1"})
    page = _html(at)
    assert to_jamo("학교") in page or to_jamo("학") in page
    assert "학교" not in " ".join(e.value for e in at.markdown if "Merge" in e.value)


def test_a_link_restores_the_choice_and_the_page_changes_with_it() -> None:
    link = {"corpus": "ko", "cmp_pretok": "bert", "cmp_text": "학교에서 공부한다."}
    at = open_link("compare", link)
    assert at.radio(key="cmp_pretok").value == "bert"
    assert at.query_params["cmp_pretok"] == "bert"
    # the typed sentence is cut like the corpus: the full stop is a word of its own
    assert "공부한다." not in _html(at)
    plain = open_link("compare", {**link, "cmp_pretok": "whitespace"})
    assert "공부한다." in _html(plain)


def test_the_byte_level_page_explains_three_bytes_and_merges_across_syllables() -> None:
    page = _html(open_link("byte_level", {"corpus": "ko"}))
    assert "<code>ed 95 9c</code>" in page  # 한 = U+D55C, three bytes
    assert "1110xxxx 10xxxxxx 10xxxxxx" in page
    assert "across characters" in page  # the ko example's merges include one


def test_the_gallery_opens_the_korean_bpe_example() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP

    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("pages/gallery.py")
    at.run()
    at.button(key="gallery_open_ko-bpe").click()
    at.run()
    at.switch_page("pages/bpe_learn.py")
    at.run()
    assert not at.exception
    assert at.session_state["corpus__source"] == "ko"
    assert "다" in _html(at)


def test_the_pages_say_which_default_they_use() -> None:
    # every page: sentencepiece's rule is the Unigram page's default
    assert "whose rule is the Unigram page&#x27;s default" in _html(open_link("bpe_learn", {}))
    # compare: one choice for all four, whitespace by default, not each page's own default
    at = open_link("compare", {"corpus": "zh"})
    assert at.radio(key="cmp_pretok").value == "whitespace"
    page = _html(at)
    assert "One choice for all four algorithms" in page
    assert "none ▁ for Unigram" in page
    assert "Unigram page to none" in at.radio(key="cmp_pretok").help
    assert "sentencepiece" in open_link("unigram", {}).radio(key="uni_pretok").help
