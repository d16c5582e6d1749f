"""Sentences joined in code read as Chinese writes them (issue 28): no Latin space after 。！？
(``0.3333。 它与`` was on the WordPiece page), English and Korean keep theirs.

The pages are run in 中文 (AppTest) and every text block of ours is read as the browser lays
it out: block tags end a line, inline tags take no room, so a space left between two joined
sentences shows.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link
from ui.app.i18n import Message, join_sentences, sentence_gap

_BLOCK = re.compile(
    r"</?(?:div|p|h[1-6]|br|li|ul|ol|tr|td|th|table|thead|tbody|figure|figcaption|details|summary)"
    r"\b[^<>]*>"
)
_SPACE_AFTER_END = re.compile(r"[。！？] +\S")


def _texts(at: AppTest) -> list[str]:
    """The page's text blocks as laid out: html bodies (styles out), markdown, captions, alerts."""
    out = [re.sub(r"<style>.*?</style>", "", el.proto.body, flags=re.S) for el in at.get("html")]
    for kind in ("markdown", "caption", "info", "warning", "success", "error"):
        out += [str(el.value) for el in getattr(at, kind)]
    return [re.sub(r"<[^<>]*>", "", _BLOCK.sub("\n", text)) for text in out]


@pytest.mark.parametrize(
    ("page", "params"),
    [
        ("wordpiece", {}),  # a tie at step 1: "… 0.3333。它与 ##i + ##d 并列（分数相同）。…"
        ("bpe_learn", {}),
        ("bpe_encode", {}),
        ("gage", {}),
        ("unigram", {}),
    ],
)
def test_no_latin_space_after_a_chinese_full_stop(page: str, params: dict[str, str]) -> None:
    at = open_link(page, {"lang": "zh", **params})
    found = [
        text[max(0, m.start() - 20) : m.end() + 10]
        for text in _texts(at)
        for m in _SPACE_AFTER_END.finditer(text)
    ]
    assert found == [], found


def test_joined_sentences_keep_their_space_in_english_and_korean() -> None:
    assert join_sentences("Merged.", "", "Next.", lang="en") == "Merged. Next."
    assert join_sentences("병합됩니다.", "다음입니다.", lang="ko") == "병합됩니다. 다음입니다."
    # Korean next to a Chinese corpus symbol: the space stays (only Chinese drops it)
    assert sentence_gap("새 토큰 。", "추가", "ko") == " "


def test_chinese_joins_drop_the_space_next_to_full_width_punctuation() -> None:
    assert (
        join_sentences("得分 0.3333。", "它与 ab 并列。", lang="zh")
        == "得分 0.3333。它与 ab 并列。"
    )
    assert join_sentences("<b>合并。</b>", "<i>（另有 2 个）</i>", lang="zh") == (
        "<b>合并。</b><i>（另有 2 个）</i>"
    )
    assert join_sentences("结果：", "lower", lang="zh") == "结果：lower"
    assert join_sentences("共 3 个 token", "ab", lang="zh") == "共 3 个 token ab"


def test_a_message_joined_with_a_space_drops_it_in_chinese(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``t("…。") + " " + t("…")``, as much code joins sentences: the seam follows the same rule."""
    import ui.app.i18n as i18n

    monkeypatch.setattr(i18n, "current_language", lambda: "zh")
    assert Message("已合并。") + " " + Message("下一步。") == "已合并。下一步。"
    assert "得分 1/3。" + " " + Message("它与 ab 并列。") == "得分 1/3。它与 ab 并列。"
    assert Message("共 3 个") + " " + "token" == "共 3 个 token"
    monkeypatch.setattr(i18n, "current_language", lambda: "en")
    assert Message("Merged.") + " " + Message("Next.") == "Merged. Next."
