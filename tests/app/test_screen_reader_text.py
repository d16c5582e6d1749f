"""What a screen reader reads of the token boxes (issue 21): the token's text and its role.

A token box is coloured, bordered and labelled above; none of that reaches a screen reader.
Each box is a list item whose *accessible text* (its text, less anything ``aria-hidden``) is the
token, then its role: "w</w>, new", "你, unknown", a space read "space". Checked on the HTML the
helpers build and on the HTML a page sends (AppTest).
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.draw.html import token_spans_html
from ui.views.gage.strings import string_html

APP = str(Path(__file__).resolve().parents[2] / "app.py")
_VOID = {"br", "img", "hr", "input", "meta", "link", "wbr"}


class _Reader(HTMLParser):
    """The accessible text of every ``role="listitem"`` (aria-hidden subtrees left out), and
    how many lists and items outside a list there are."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (role, hidden) of each open element
        self.items: list[str] = []
        self.lists = 0
        self.orphans = 0  # list items outside a list

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        a = dict(attrs)
        role = a.get("role") or ""
        hidden = bool(self.stack and self.stack[-1][1]) or a.get("aria-hidden") == "true"
        if role == "list":
            self.lists += 1
        if role == "listitem":
            self.orphans += not any(r == "list" for r, _ in self.stack)
            self.items.append("")
        self.stack.append((role, hidden))

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        inside = any(r == "listitem" for r, _ in self.stack)
        if inside and not self.stack[-1][1]:
            self.items[-1] += data


def read(html_: str) -> _Reader:
    reader = _Reader()
    reader.feed(html_)
    return reader


def spoken(html_: str) -> list[str]:
    """What a screen reader reads for each token box, whitespace collapsed."""
    return [" ".join(item.split()) for item in read(html_).items]


def test_a_token_box_is_read_as_its_text_and_its_role_never_a_colour() -> None:
    html_ = token_spans_html(
        ["lo", "w</w>", "你", "[UNK]", "a b", ""],
        highlight={1},
        unk="[UNK]",
        unknown={2},
        marker="</w>",
    )
    assert spoken(html_) == [
        "lo",
        "w</w>, new",
        "你, unknown",
        "[UNK], unknown",
        "a space b",
        "empty token",
    ]
    reader = read(html_)
    assert reader.lists == 1 and reader.orphans == 0
    # the visible label above the box is hidden from screen readers (read once, as the role)
    assert 'class="sw-tok-label" aria-hidden="true"' in html_


def test_the_role_follows_the_label_the_page_gives() -> None:
    html_ = token_spans_html(["lo", "w"], highlight={0}, highlight_label="differs")
    assert spoken(html_) == ["lo, differs", "w"]


def test_gage_pairs_are_read_with_their_role() -> None:
    html_ = string_html("ZabZ", {"Z": 0}, groups=[1], label="pair")
    # the pair box reads "ab, pair"; the label is hidden; gage's characters are no list
    assert '<span class="sw-sr">, pair</span>' in html_
    assert 'class="sw-tok-label" aria-hidden="true"' in html_


def test_the_bpe_page_reads_the_merged_symbol_as_new() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("pages/bpe_learn.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    html_ = " ".join(el.proto.body for el in at.get("html"))
    items = spoken(html_)
    assert items, "the page shows token boxes"
    new = [i for i in items if i.endswith(", new")]
    assert new, "the symbol the merge built is read with its role"
    # step 1 of seed-low merges e + s (or a tie of it): every new box is that one symbol
    assert len({i.removesuffix(", new") for i in new}) == 1
    assert read(html_).orphans == 0
