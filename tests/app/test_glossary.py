"""The glossary page, the term links on the stepping pages, literal tokens and Material icons."""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st_
from streamlit.string_util import validate_material_icon
from streamlit.testing.v1 import AppTest

from tests.source_files import python_files
from ui.app.glossary import SEED_TITLES, TERMS, TERMS_BY_KEY, term_html, term_md
from ui.app.registry import ALL_PAGES
from ui.draw.html import md_escape

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


def _open(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page(page).run()
    assert not at.exception
    return at


def _texts(node: object) -> list[str]:
    """The sources of the page's text elements in page order: markdown (captions, alerts,
    markdown) and HTML blocks. Headings and widget labels are left out."""
    out: list[str] = []
    proto = getattr(node, "proto", None)
    kind = type(node).__name__
    if kind in {"Markdown", "Caption", "Latex", "Divider"} or kind in {
        "Info",
        "Warning",
        "Error",
        "Success",
    }:
        out.append(str(getattr(proto, "body", "")))
    elif kind == "Html":
        out.append(str(proto.body))
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for key in sorted(children):
            out.extend(_texts(children[key]))
    return out


# --------------------------------------------------------------------------------------
# The glossary page
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def glossary() -> AppTest:
    return _open("pages/glossary.py")


def test_every_term_has_its_own_anchor(glossary: AppTest) -> None:
    anchors = [h.proto.anchor for h in glossary.subheader]
    assert anchors == [t.key for t in TERMS]
    assert len(set(anchors)) == len(anchors)
    for key in ("step", "merge", "pair", "symbol", "token", "piece", "vocabulary", "alphabet"):
        assert key in anchors
    for key in ("marker", "tie", "likelihood-score", "loss", "lattice", "unk", "dropout"):
        assert key in anchors


def test_glossary_lists_the_seeds_and_their_words(glossary: AppTest) -> None:
    page = "\n".join(e.proto.body for e in glossary.get("html"))
    for number in SEED_TITLES:
        assert f"<strong>tutorial {number}</strong>" in page
    # the seeds' own words beside the English ones
    for word in ("词表", "단어 집합", "合并", "병합", "字符对", "符号", "迭代", "반복", "손실"):
        assert word in page, word
    # the kinds of vocabulary, each defined
    for key in ("learned-vocabulary", "corpus-symbols", "token-list", "seed-vocabulary"):
        assert TERMS_BY_KEY[key].definition in page.replace("&#x27;", "'")


def test_every_related_term_exists() -> None:
    for term in TERMS:
        assert set(term.related) <= set(TERMS_BY_KEY), term.key
        for seed, _ in term.seeds:
            assert seed in SEED_TITLES


def test_term_links_open_a_new_tab_and_escape() -> None:
    link = term_html("unk", "<b>[UNK]</b>")
    assert 'target="_blank"' in link and 'rel="noopener"' in link
    assert "&lt;b&gt;" in link and "<b>" not in link
    assert term_md("unk", "[UNK]").startswith("[\\[UNK\\]](glossary#unk ")
    with pytest.raises(KeyError):
        term_html("no-such-term")


# --------------------------------------------------------------------------------------
# First uses on the stepping pages link to the glossary
# --------------------------------------------------------------------------------------

_LINK = re.compile(
    r"\[(?P<md>[^\]]*)\]\(glossary#(?P<mdkey>[a-z-]+)(?: \"(?:[^\"\\]|\\.)*\")?\)"
    r"|<a [^>]*href=\"glossary#(?P<htmlkey>[a-z-]+)\"[^>]*>(?P<html>.*?)</a>",
    re.S,
)
_TITLE = re.compile(r' title="[^"]*"')
_MD_TITLE = re.compile(r'(\]\(glossary#[a-z-]+) "(?:[^"\\]|\\.)*"\)')

# page -> (word as it first appears, accepted glossary keys)
KEY_TERMS: dict[str, list[tuple[str, set[str]]]] = {
    "pages/bpe_learn.py": [
        ("pair", {"pair"}),
        ("symbols?", {"symbol"}),
        ("corpus", {"corpus"}),
        ("merges?", {"merge"}),
        ("step", {"step"}),
        ("learned vocabulary", {"learned-vocabulary"}),
    ],
    "pages/byte_level.py": [
        ("bytes?", {"byte"}),
        ("merges?", {"merge"}),
        ("pair", {"pair"}),
        ("vocabulary", {"vocabulary"}),
        ("step", {"step"}),
    ],
    "pages/wordpiece.py": [
        ("vocabulary", {"token-list", "vocabulary"}),
        ("pair", {"pair"}),
        ("symbols?", {"symbol"}),
        ("likelihood score", {"likelihood-score"}),
        ("step", {"step"}),
    ],
    "pages/unigram.py": [
        ("vocabulary", {"vocabulary"}),
        ("piece", {"piece"}),
        ("probability", {"likelihood"}),
        ("EM", {"em"}),
        ("removal loss", {"loss"}),
        ("step", {"step"}),
    ],
    "pages/gage.py": [
        ("pair", {"pair"}),
        ("symbol", {"symbol"}),
        ("step", {"step"}),
        ("tie", {"tie"}),
    ],
    "pages/bpe_encode.py": [
        ("encode", {"encode"}),
        ("pair", {"pair"}),
        ("tokens?", {"token"}),
    ],
}


def _first_use_is_linked(text: str, word: str, keys: set[str]) -> bool:
    text = _MD_TITLE.sub(r"\1)", _TITLE.sub("", text))  # hover texts are not uses
    links = [
        (m.start(), m.end(), m.group("mdkey") or m.group("htmlkey")) for m in _LINK.finditer(text)
    ]

    def in_link(pos: int) -> str | None:
        return next((key for start, end, key in links if start <= pos < end), None)

    for match in re.finditer(rf"(?<![\w#/-]){word}(?![\w])", text, flags=re.I):
        if text[max(0, match.start() - 9) : match.start()].endswith("glossary#"):
            continue  # inside an address
        return in_link(match.start()) in keys
    return False  # the page never uses the word: a key term must appear


@pytest.mark.parametrize("page", list(KEY_TERMS))
def test_stepping_pages_link_the_first_use_of_key_terms(page: str) -> None:
    at = _open(page)
    text = "\n".join(_texts(at.main))
    for word, keys in KEY_TERMS[page]:
        assert _first_use_is_linked(text, word, keys), (page, word)


def test_first_use_check_can_fail() -> None:
    linked = f"Each {term_md('pair')} of symbols; another pair"
    assert _first_use_is_linked(linked, "pair", {"pair"})
    assert not _first_use_is_linked("a pair, then " + term_md("pair"), "pair", {"pair"})
    assert not _first_use_is_linked(linked, "symbols?", {"symbol"})


# --------------------------------------------------------------------------------------
# Tokens are shown literally in markdown sinks
# --------------------------------------------------------------------------------------


def test_seed_004_merge_caption_escapes_underscores() -> None:
    at = _open("pages/wordpiece.py")
    at.session_state["wp__widgets"]["wp_tab"] = "variants"  # a closed tab draws nothing
    at.run()
    captions = [c.value for c in at.caption if "merges learned:" in c.value]
    assert captions, "the seed 004 tab's caption is missing"
    caption = captions[0]
    # the default corpus is low / lower / newest / widest: seed 004's merges est+_ and low+_
    assert "est+\\_" in caption
    assert re.search(r"(?<!\\)_", caption) is None  # no bare underscore left to italicise


@given(st_.text())
def test_md_escape_leaves_no_special_character_bare(text: str) -> None:
    escaped = md_escape(text)
    # every markdown special character is preceded by a backslash, and removing the added
    # backslashes and word joiners gives the text back (so what is shown is the text itself)
    specials = "\\`*_[]<>$!~#|:&/"
    out: list[str] = []
    i = 0
    while i < len(escaped):
        ch = escaped[i]
        added_joiner = ch == "\u2060" and (
            escaped[i + 1 : i + 3] == "\\:"
            or escaped[i + 1 : i + 2] == "@"
            or (escaped[i + 1 : i + 2] == "." and "".join(out)[-3:].lower() == "www")
        )
        if added_joiner:
            i += 1
            continue
        if ch == "\\":
            assert i + 1 < len(escaped) and escaped[i + 1] in specials + "-+=.)"
            out.append(escaped[i + 1])
            i += 2
            continue
        assert ch not in specials
        out.append(ch)
        i += 1
    assert "".join(out) == text
    # what markdown's text holds once the backslashes are gone: no autolink, e-mail link
    # or :icon: code can start in it, and no line starts a list or a setext underline
    shown = escaped.replace("\\", "")
    assert re.search(r"(?i)https?:|www\.", shown) is None
    assert all(shown[j - 1 : j] == "\u2060" for j, c in enumerate(shown) if c in ":@")
    assert re.search(r"(?m)^[ \t]*([-+=]|\d+[.)])", escaped) is None


# --------------------------------------------------------------------------------------
# Icons: Material icons, no emoji (a classroom PC may have no emoji font)
# --------------------------------------------------------------------------------------


def _is_emoji(text: str) -> bool:
    for ch in text:
        o = ord(ch)
        if o in _TEXT_SYMBOLS:
            continue  # plain text glyphs that DejaVu and other common fonts have
        if o >= 0x1F000 or 0x2600 <= o <= 0x27BF or 0x2300 <= o <= 0x23FF or o == 0xFE0F:
            return True
        if ch == "ℹ" or (unicodedata.category(ch) == "So" and o > 0x2100):
            return True
    return False


_TEXT_SYMBOLS = {ord(c) for c in "←→↵⇥∅␍␣▁◌★✓✗✕"}


def _icon_arguments(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """Every string passed as ``icon=`` in the app's code (``page_icon`` is a file): app.py,
    pages/ and ui/ with their subpackages."""
    found = []
    for path in python_files(root, "app.py", "pages", "ui"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "icon":
                for sub in ast.walk(node.value):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        found.append((path.name, sub.lineno, sub.value))
    return found


def test_no_icon_argument_is_an_emoji() -> None:
    icons = _icon_arguments()
    assert len(icons) > 20  # the scan sees the app's icons (navigation and alerts)
    for name, line, icon in icons:
        assert not _is_emoji(icon), f"{name}:{line}: {icon!r}"
        assert icon.startswith(":material/"), f"{name}:{line}: {icon!r}"
        validate_material_icon(icon)  # raises on an unknown name


def test_the_page_icon_is_a_file_of_the_app() -> None:
    """Not an emoji (empty box without an emoji font) and not a Material icon: Streamlit's
    frontend fetches a Material favicon from Google's servers, which a closed classroom
    network (and this machine) cannot reach, and every page load logged a console error."""
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    call = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "set_page_config"
    )
    icon = next(k.value for k in call.keywords if k.arg == "page_icon")
    constants = sorted(
        (c for c in ast.walk(icon) if isinstance(c, ast.Constant)), key=lambda c: c.col_offset
    )
    parts = [c.value for c in constants]
    path = ROOT.joinpath(*parts)
    assert path.suffix == ".png" and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_emoji_check_can_fail() -> None:
    assert _is_emoji("⚠️") and _is_emoji("🧩") and _is_emoji("ℹ️")
    assert not _is_emoji(":material/warning:") and not _is_emoji("★ merged")


def test_navigation_uses_material_icons_and_lists_the_glossary() -> None:
    assert "pages/glossary.py" in [page.file for page in ALL_PAGES]
    assert len(ALL_PAGES) == 15
    for page in ALL_PAGES:
        assert page.icon.startswith(":material/"), page
