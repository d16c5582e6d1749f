"""The one place where the app builds HTML: escaped token spans, badges, and ``show_html``.

Every string that may come from a user (corpus words, tokens, file contents, parser messages)
goes through :func:`esc` before it is placed in markup, attributes included. The markup is shown
with :func:`show_html` (``st.html``, which sanitises with DOMPurify as a second line of defence),
never with ``unsafe_allow_html``.

The colours are semi-transparent so that they sit on both the light and the dark theme, the text
colour is inherited from the theme, and every box also has a border and text cues (labels,
dashed borders) so that colour is never the only signal on a washed-out classroom projector.

Example:
    >>> token_spans_html(["lo", "w</w>"], highlight=[1], marker="</w>").count("sw-tok ")
    2
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterable, Sequence

import streamlit as st

from ui.app.i18n import sentence_gap, translator

t = translator("common")

__all__ = [
    "BADGE_KINDS",
    "STYLE",
    "badge_html",
    "caption_html",
    "esc",
    "heading_html",
    "lang_spans",
    "md_escape",
    "page_styles",
    "show_error",
    "show_html",
    "show_text",
    "sr_html",
    "table_details_html",
    "token_spans_html",
    "visible_whitespace",
]

# Hues chosen to stay apart for common colour-vision deficiencies; alpha keeps them readable as
# a background on white and on the dark theme's near-black, with the text colour inherited.
_PALETTE: tuple[tuple[int, int, int], ...] = (
    (31, 119, 180),  # blue
    (255, 127, 14),  # orange
    (44, 160, 44),  # green
    (148, 103, 189),  # purple
    (23, 190, 207),  # cyan
    (227, 119, 194),  # pink
    (188, 189, 34),  # olive
    (140, 86, 75),  # brown
)

_PALETTE_CSS = "\n".join(
    f".sw-c{i} {{ background: rgba({r}, {g}, {b}, 0.20); "
    f"border-color: rgba({r}, {g}, {b}, 0.85); }}"
    for i, (r, g, b) in enumerate(_PALETTE)
)

BADGE_KINDS: dict[str, tuple[int, int, int]] = {
    "neutral": (128, 128, 128),
    "info": (31, 119, 180),
    "success": (44, 160, 44),
    "warning": (230, 150, 0),
    "error": (214, 39, 40),
}
"""Kinds accepted by :func:`badge_html`, with their RGB colour."""

_BADGE_CSS = "\n".join(
    f".sw-badge-{kind} {{ background: rgba({r}, {g}, {b}, 0.18); "
    f"border-color: rgba({r}, {g}, {b}, 0.85); }}"
    for kind, (r, g, b) in BADGE_KINDS.items()
)

STYLE = f"""<style>
/* less empty room around every page (Streamlit leaves 6rem above and 5rem at the sides):
   the step comes sooner, and a 1024 px screen with the sidebar open keeps room for it */
[data-testid="stMainBlockContainer"] {{ padding-top: 3.5rem; padding-left: 2rem;
  padding-right: 2rem; }}
.sw-tokens {{ display: inline-flex; flex-wrap: wrap; gap: 0.25em; align-items: flex-end;
  line-height: 1.3; vertical-align: bottom; max-width: 100%; }}
/* one monospace stack for every token, byte and cut on every page (--sw-mono), with CJK
   fallbacks that have Hangul jamo and Korean glyph shapes on a Korean page */
:root {{ --sw-mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono",
  "Noto Sans Mono CJK SC", "WenQuanYi Micro Hei Mono", monospace; }}
:lang(ko) {{ --sw-mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono",
  "Noto Sans Mono CJK KR", "WenQuanYi Micro Hei Mono", monospace; }}
.sw-tok {{ display: inline-flex; flex-direction: column; align-items: center;
  border: 1px solid; border-radius: 0.3em; padding: 0.05em 0.35em; color: inherit;
  font-family: var(--sw-mono); white-space: pre-wrap; overflow-wrap: anywhere;
  max-width: 100%; }}
.sw-tok-text {{ display: inline-block; max-width: 100%; }}
.sw-tok-hl {{ border-width: 3px; font-weight: 700; padding: 0 0.3em; }}
.sw-tok-label {{ font-family: inherit; font-size: 0.62em; font-weight: 700;
  text-transform: uppercase; letter-spacing: 0.04em; line-height: 1.1; opacity: 0.9; }}
.sw-tok-unk {{ border: 2px dashed rgb(214, 39, 40) !important;
  background: rgba(214, 39, 40, 0.12) !important; }}
.sw-marker {{ font-size: 0.72em; opacity: 0.7; font-weight: 400; }}
.sw-ws {{ opacity: 0.7; }}
/* Text for screen readers inside a line (a token's role, "space"): takes no room. Not
   .sw-sr-only, which hides the whole element that holds it. */
.sw-sr {{ position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }}
.sw-empty {{ opacity: 0.6; font-style: italic; }}
{_PALETTE_CSS}
.sw-badge {{ display: inline-block; border: 1px solid; border-radius: 999px;
  padding: 0 0.6em; font-size: 0.85em; font-weight: 600; color: inherit; line-height: 1.5;
  white-space: nowrap; }}
{_BADGE_CSS}
.sw-text {{ white-space: pre-wrap; overflow-wrap: anywhere; }}
.sw-small {{ font-size: 0.88em; opacity: 0.85; }}
.sw-caption {{ font-size: 0.875rem; opacity: 0.74; margin: 0.1rem 0 0.6rem; }}
.sw-heading {{ font-weight: 600; margin: 0.9rem 0 0.35rem; }}
.sw-heading:first-child {{ margin-top: 0.2rem; }}
.sw-plain {{ font-weight: 400; }}
/* For screen readers only (e.g. "Learning merges: done"); the element that holds it takes
   no room either, so it adds no gap to the page. */
.sw-sr-only, [data-testid="stElementContainer"]:has(> div .sw-sr-only) {{ position: absolute;
  width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }}
/* Contrast, WCAG AA 4.5:1 in the light and the dark theme (issue 21). Streamlit fades a
   caption with opacity 0.6, its links too (3.9:1 on white, links 3:1): instead its text is
   the theme's text colour at 74 % (6:1 light, 9:1 dark) and its links keep their colour. */
[data-testid="stCaptionContainer"] {{ opacity: 1;
  color: color-mix(in srgb, currentColor 74%, transparent); }}
/* The open tab, a slider's value and the chosen segment (e.g. the player's speed) are in
   the accent colour: 4.5:1 on white but 3.6:1 on the dark theme's tinted pill. Mixed with
   the text colour they read in both themes (7:1 or more); the tab's underline and the
   pill's frame still mark the choice, and the pill's text is bold too (not colour only). */
[data-testid="stTab"][aria-selected="true"], [data-testid="stSliderThumbValue"],
button[data-variant="segmented_control"][aria-checked="true"] {{
  color: color-mix(in srgb, #c53948 60%, currentColor) !important; }}
/* (!important: Streamlit's own rules for these states are more specific) */
button[data-variant="segmented_control"][aria-checked="true"] p {{ font-weight: 700; }}
/* Reduced motion (ui.draw.player): a player's "Let the steps play by themselves" box shows only
   when the device asks for reduced motion, and then Play and its speed show only once it is
   ticked. Keyed widgets carry the class "st-key-" + their key; a player's keys end __motion_ok,
   __play, __speed, its controls row __controls. */
[class*="st-key-"][class*="__motion_ok"] {{ display: none; }}
@media (prefers-reduced-motion: reduce) {{
  [class*="st-key-"][class*="__motion_ok"] {{ display: flex; }}
  [class*="st-key-"][class*="__controls"]:not(:has([class*="__motion_ok"] input:checked))
    > :is([class*="st-key-"][class*="__play"], [class*="st-key-"][class*="__speed"]) {{
    display: none; }}
}}
/* A chart's numbers as a table (table_details_html) */
.sw-as-table {{ margin: 0.2rem 0 0.6rem; font-size: 0.9rem; }}
.sw-as-table > summary {{ cursor: pointer; width: fit-content; }}
.sw-as-table > summary:focus-visible {{ outline: 2px solid currentColor; outline-offset: 2px; }}
.sw-data {{ border-collapse: collapse; margin-top: 0.3rem; }}
.sw-data caption {{ text-align: left; font-size: 0.85rem; padding-bottom: 0.2rem; }}
.sw-data th, .sw-data td {{ border: 1px solid rgba(128, 128, 128, 0.5); padding: 0.1em 0.5em;
  text-align: left; }}
.sw-problem {{ border-left: 4px solid rgb(214, 39, 40); background: rgba(214, 39, 40, 0.08);
  padding: 0.4em 0.7em; border-radius: 0.2em; }}
</style>"""
"""The shared ``<style>`` block, put on the page by :func:`page_styles`. Classes start ``sw-``."""

_WHITESPACE_SYMBOLS = {" ": "␣", "\t": "⇥", "\n": "↵", "\r": "␍"}


def esc(text: str) -> str:
    """Escape text for HTML content and attribute values (quotes included).

    Args:
        text: Any text, e.g. a word typed by a student.

    Returns:
        The text with ``& < > " '`` replaced by character references.

    Example:
        >>> esc('<b title="x">low</b>')
        '&lt;b title=&quot;x&quot;&gt;low&lt;/b&gt;'
    """
    return html.escape(str(text), quote=True)


# Runs of Korean (Hangul) and of Chinese (Han, with CJK punctuation), spaces inside a run kept
_HANGUL = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"
_HAN = "\u2e80-\u2fdf\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_SCRIPT_RUN = re.compile(f"([{_HANGUL}]+(?: +[{_HANGUL}]+)*)|([{_HAN}]+(?: +[{_HAN}]+)*)")
_RUN_LANG = ("ko", "zh-Hans")
_TAG = re.compile(r"(<[^>]*>)")


def lang_spans(markup: str, page: str = "en") -> str:
    """Mark runs of Korean and Chinese in ``markup`` with their language (WCAG 3.1.2).

    A screen reader reads a ``<span lang="ko">`` with its Korean voice; Chromium also picks
    Chinese rather than Japanese glyphs for ``zh-Hans``. Runs in the page's own language
    (``page``: an interface language, ``"en"``, ``"zh"`` or ``"ko"``) are left as they are.
    ``markup`` is HTML whose text is already escaped: the runs hold no ``& < > " '``, so
    the spans cannot break it; the corpus's own words are not guessed at (only text of ours).

    Example:
        >>> lang_spans("BPE on Korean: 다+. (8 times)")
        'BPE on Korean: <span lang="ko">다</span>+. (8 times)'
        >>> lang_spans("中文: 学+习 and 한국어", page="zh")
        '中文: 学+习 and <span lang="ko">한국어</span>'
        >>> print(lang_spans("<abbr title='合并'>merge</abbr> 合并"))
        <abbr title='合并'>merge</abbr> <span lang="zh-Hans">合并</span>
    """
    own = {"zh": "zh-Hans", "ko": "ko"}.get(page)

    def mark(m: re.Match[str]) -> str:
        tag = _RUN_LANG[0] if m.group(1) else _RUN_LANG[1]
        return m.group(0) if tag == own else f'<span lang="{tag}">{m.group(0)}</span>'

    # text between tags only: a run inside an attribute (a term link's title) stays as it is
    parts = _TAG.split(markup)
    return "".join(p if p.startswith("<") else _SCRIPT_RUN.sub(mark, p) for p in parts)


def visible_whitespace(text: str) -> str:
    """Replace spaces, tabs and line breaks by visible symbols (not escaped).

    Args:
        text: A token or word.

    Returns:
        The text with ``" "`` as ``"␣"``, tab as ``"⇥"``, newline as ``"↵"``.

    Example:
        >>> visible_whitespace("a b")
        'a␣b'
    """
    return "".join(_WHITESPACE_SYMBOLS.get(ch, ch) for ch in text)


_WHITESPACE_NAMES = {" ": "space", "\t": "tab", "\n": "line break", "\r": "carriage return"}


def sr_html(text: str) -> str:
    """Text only screen readers read, inside a line: e.g. a token's role (``text`` is escaped).

    Example:
        >>> sr_html("new")
        '<span class="sw-sr">new</span>'
    """
    return f'<span class="sw-sr">{esc(text)}</span>'


def _ws_html(ch: str, symbol: str) -> str:
    """A visible-whitespace symbol, read by a screen reader by its name ("space")."""
    names = {" ": t("space"), "\t": t("tab"), "\n": t("line break"), "\r": t("carriage return")}
    name = names.get(ch, names[" "])
    return f'<span class="sw-ws" aria-hidden="true">{symbol}</span>{sr_html(f" {name} ")}'


def _piece_html(text: str) -> str:
    """Escape one piece of a token, wrapping visible-whitespace symbols in a muted span."""
    out: list[str] = []
    for ch in text:
        symbol = _WHITESPACE_SYMBOLS.get(ch)
        out.append(_ws_html(ch, symbol) if symbol else esc(ch))
    return "".join(out)


def _token_text_html(token: str, marker: str | None) -> str:
    if token == "":
        return '<span class="sw-empty" aria-hidden="true">∅</span>' + sr_html(t("empty token"))
    if not marker or marker not in token:
        return _piece_html(token)
    # subtle: the marker may appear anywhere in a token (e.g. "est</w>" or "▁the"); every
    # occurrence is muted, the rest is shown as usual.
    parts = token.split(marker)
    marker_html = f'<span class="sw-marker">{esc(marker)}</span>'
    return marker_html.join(_piece_html(part) for part in parts)


def token_spans_html(
    tokens: Sequence[str],
    *,
    highlight: Collection[int] = (),
    unk: str | None = None,
    marker: str | None = None,
    highlight_label: str | None = None,
    unknown: Collection[int] = (),
) -> str:
    """Render tokens as bordered, coloured boxes (an inline group of ``sw-tok`` spans).

    Neighbouring tokens get different colours; every token also has a border, so the boundaries
    stay visible without colour. Highlighted tokens get a thick border, bold text and a small
    label above them; the unknown token gets a dashed red border; the end-of-word ``marker``
    inside a token is shown smaller and muted; spaces are shown as ``␣``. Everything is escaped.

    Screen readers get a list with one item per token, read as the token's text and then its
    role, never a colour: "lo", "w</w>, new", "你, unknown"; a ``␣`` is read "space".

    Args:
        tokens: The tokens in order (e.g. one word's segmentation).
        highlight: Indices (0-based) of tokens to emphasise, e.g. the piece a merge just built.
        unk: The unknown-token string (e.g. ``"[UNK]"``); tokens equal to it get the UNK style.
        marker: The end-of-word (or word-start) marker, e.g. ``"</w>"``, to show in muted style.
        highlight_label: The small label shown above highlighted tokens (default: "new",
            in the session's language).
        unknown: Indices (0-based) of further tokens to show as unknown: a character that a
            BPE or Unigram model never saw stays a token of its own instead of ``[UNK]``.

    Returns:
        An HTML fragment; pass it (possibly with others) to :func:`show_html`.

    Example:
        >>> html_ = token_spans_html(["l", "ow</w>"], highlight={1}, marker="</w>")
        >>> 'class="sw-marker">&lt;/w&gt;' in html_, "sw-tok-hl" in html_
        (True, True)
        >>> token_spans_html(["你", "a"], unknown={0}).count("sw-tok-unk")
        1
        >>> '<span class="sw-sr">, unknown</span>' in token_spans_html(["你"], unknown={0})
        True
    """
    highlighted = set(highlight)
    if highlight_label is None:
        # i18n: the label above a token a merge just built (also read by screen readers)
        highlight_label = t("new")
    unknown_role = t("unknown")
    spans: list[str] = []
    for index, token in enumerate(tokens):
        classes = ["sw-tok", f"sw-c{index % len(_PALETTE)}"]
        label = ""
        roles: list[str] = []
        is_unk = (unk is not None and token == unk) or index in unknown
        if is_unk:
            classes.append("sw-tok-unk")
            roles.append(unknown_role)
        if index in highlighted:
            classes.append("sw-tok-hl")
            label = f'<span class="sw-tok-label" aria-hidden="true">{esc(highlight_label)}</span>'
            roles.append(highlight_label)
        title = (t("token {n}: {token} (unknown)") if is_unk else t("token {n}: {token}")).format(
            n=index + 1, token=token
        )
        # Screen readers: one list item per token, read as its text, then its role
        # ("lo, new"); the visible label above the box is hidden from them (read once).
        role = sr_html(", " + ", ".join(roles)) if roles else ""
        spans.append(
            f'<span class="{" ".join(classes)}" role="listitem" title="{esc(title)}">{label}'
            f'<span class="sw-tok-text">{_token_text_html(token, marker)}</span>{role}</span>'
        )
    return f'<span class="sw-tokens" role="list">{"".join(spans)}</span>'


def _cell_html(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return esc("" if value is None else (t("yes") if value else t("no")))
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return esc(f"{value:,.6g}")
    return esc(str(value))


def table_details_html(
    summary: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    caption: str = "",
) -> str:
    """A chart's numbers as a table, folded away under ``summary`` (``<details>``).

    The text alternative of a chart where the numbers matter: a plain HTML table (column
    headers, one row per mark) that a screen reader reads cell by cell and a student can
    open with the keyboard (Enter or Space on the summary). It lives in an HTML block next
    to the chart, so a step change sends no extra element. Numbers are formatted (``1,234``;
    floats to 6 significant digits), text is escaped.

    Args:
        summary: What the folded line says, e.g. "Show the pair counts as a table".
        columns: The column headers.
        rows: The rows, one value per column.
        caption: The table's caption (for screen readers: what the table is).

    Example:
        >>> html_ = table_details_html("As a table", ["pair", "count"], [("e + s", 9)])
        >>> "<th scope='col'>pair</th>" in html_, "<td>e + s</td><td>9</td>" in html_
        (True, True)
    """
    head = "".join(f"<th scope='col'>{esc(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell_html(v)}</td>" for v in row) + "</tr>" for row in rows
    )
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return (
        f"<details class='sw-as-table'><summary>{esc(summary)}</summary>"
        f"<table class='sw-data'>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
        "</table></details>"
    )


def badge_html(text: str, kind: str = "neutral") -> str:
    """Render a small rounded label, e.g. ``+1`` for a vocabulary change or ``tie``.

    Args:
        text: The label (escaped).
        kind: One of ``"neutral"``, ``"info"``, ``"success"``, ``"warning"``, ``"error"``.

    Returns:
        An HTML fragment.

    Raises:
        ValueError: If ``kind`` is not one of the kinds above.

    Example:
        >>> badge_html("+1", "success")
        '<span class="sw-badge sw-badge-success">+1</span>'
    """
    if kind not in BADGE_KINDS:
        raise ValueError(f"Unknown badge kind {kind!r}; use one of {', '.join(BADGE_KINDS)}.")
    return f'<span class="sw-badge sw-badge-{kind}">{esc(text)}</span>'


def heading_html(text: str, note: str = "") -> str:
    """A small bold heading inside an HTML block, like ``st.markdown("**text**")`` but without
    an element of its own (every element is a message at each step change).

    Args:
        text: The heading (escaped).
        note: Optional smaller, plain text after it (escaped).

    Example:
        >>> heading_html("The corpus after merge 3")
        "<div class='sw-heading'>The corpus after merge 3</div>"
        >>> heading_html("Vocabulary", "11 tokens")
        "<div class='sw-heading'>Vocabulary <span class='sw-small sw-plain'>11 tokens</span></div>"
    """
    gap = sentence_gap(text, note)  # none before a Chinese note's （
    extra = f"{gap}<span class='sw-small sw-plain'>{esc(note)}</span>" if note else ""
    return f"<div class='sw-heading'>{esc(text)}{extra}</div>"


def caption_html(text: str) -> str:
    """A caption inside an HTML block, styled like ``st.caption`` (``text`` is escaped).

    Example:
        >>> caption_html("All 12 pairs.")
        "<div class='sw-caption'>All 12 pairs.</div>"
    """
    return f"<div class='sw-caption'>{esc(text)}</div>"


def page_styles() -> None:
    """Put the shared ``sw-`` styles (:data:`STYLE`) on the page, once per full run.

    ``app.py`` calls it before the page runs. A ``<style>``-only ``st.html`` takes no room
    on the page, and its rules apply to every fragment drawn by :func:`show_html`, also
    to those a step player's fragment redraws without rerunning ``app.py``. (Each fragment
    used to carry its own copy: 8 copies of 2.5 KB, hashed and sent at every step change.)

    Example::

        page_styles()
    """
    st.html(STYLE)


def show_html(fragment: str) -> None:
    """Show an HTML fragment built by this module (styled by :func:`page_styles`).

    Only pass fragments whose user text went through :func:`esc` (all helpers here do).

    Args:
        fragment: The HTML to show.

    Example::

        show_html(token_spans_html(["lo", "w"]))
    """
    st.html(fragment)


# Characters that start markdown (or Streamlit) syntax anywhere in a line: emphasis, code,
# links and images, HTML and entities, LaTeX, strikethrough, headings, tables, directives.
# subtle: "/" too: Streamlit showed ":material/warning:" (word joiners and all) as
# ":material_warning:" when the slash was bare.
_MARKDOWN_SPECIALS = frozenset("\\`*_[]<>$!~#|:&/")

# U+2060 WORD JOINER: invisible, takes no room, and is not a word character for the regular
# expressions of Streamlit's markdown plugins.
_WORD_JOINER = "\u2060"

# subtle: some of Streamlit's markdown plugins work on the *text* after the backslashes are
# gone, so a backslash alone does not stop them (checked in Chromium, streamlit 1.67):
# remark-gfm's autolink literals (``http://x``, ``HTTPS://x``, ``www.x``, ``me@x``,
# ``mailto:me@x``) still became links and ``:material/warning:`` still became an icon. A word
# joiner before every ``:`` and ``@`` and between ``www`` and ``.`` breaks those patterns
# (also emoji codes such as ``:smile:``); colour directives (``:red[x]``), ``$`` LaTeX,
# ``<http://x>`` autolinks and reference definitions are stopped by the backslashes.
_AUTOLINK_WWW = re.compile(r"(?i)(www)(?=\.)")
# List items, setext underlines and thematic breaks (``- x``, ``+ x``, ``1. x``, ``2) x``,
# ``===``, ``---``) only start a line: there the marker gets a backslash too. Elsewhere these
# characters mean nothing, so "Byte-level" stays as it is.
_LINE_START = re.compile(r"(?m)^([ \t]*)([-+=]|\d+[.)])")


def md_escape(text: object) -> str:
    r"""Make ``text`` show literally in any Streamlit markdown sink: one helper for all of them.

    Use it for every text from a user, a file or a link that goes to ``st.markdown``,
    ``st.caption``, ``st.write``, ``st.title``/``header``/``subheader``, ``st.error``/
    ``warning``/``info``/``success``, ``st.toast``, widget labels and ``help=`` texts,
    ``st.tabs``/``st.expander``/``st.popover`` labels, ``st.metric`` labels, and the
    ``format_func`` results of ``st.radio``, ``st.pills``, ``st.segmented_control`` and
    ``st.select_slider`` (all render markdown). Not for ``st.selectbox``/``st.multiselect``
    options, ``st.text``, ``st.code`` or table cells: those show text as it is, backslashes
    included.

    Markdown's special characters get a backslash (markdown drops it), so do ``-``, ``+``,
    ``=`` and ``1.``/``1)`` at the start of a line, and an invisible word joiner (U+2060) goes
    before ``:`` and ``@`` and after ``www`` before ``.``: no link, image, autolink, e-mail
    link, icon, emoji, colour, LaTeX, HTML, heading, list, quote or table is made. Line
    breaks follow markdown (a single one shows as a space).

    Args:
        text: Any text (other values are converted with ``str``).

    Returns:
        The text to put in the markdown (alone or inside our own constant words).

    Example:
        >>> print(md_escape("**a** [x](y) Byte-level, 3.5 (ok)"))
        \*\*a\*\* \[x\](y) Byte-level, 3.5 (ok)
        >>> def show(s):  # the invisible word joiner shown as "+"
        ...     print(md_escape(s).replace("\u2060", "+"))
        >>> show("![p](http://evil.example/p.png)")
        \!\[p\](http+\:\/\/evil.example\/p.png)
        >>> show("www.x.org a@b.c :red[x] :material/home: $x$ # | > & ~")
        www+.x.org a+@b.c +\:red\[x\] +\:material\/home+\: \$x\$ \# \| \> \& \~
        >>> show("- a\n  + b\n1. c\n2) d\n---")
        \- a
          \+ b
        1\. c
        2\) d
        \---
    """
    escaped = "".join(
        (_WORD_JOINER if ch == ":" else "") + "\\" + ch if ch in _MARKDOWN_SPECIALS else ch
        for ch in str(text)
    )
    escaped = escaped.replace("@", _WORD_JOINER + "@")
    escaped = _LINE_START.sub(lambda m: m[1] + m[2][:-1] + "\\" + m[2][-1], escaped)
    return _AUTOLINK_WWW.sub(r"\1" + _WORD_JOINER, escaped)


def show_error(message: str) -> None:
    """A red error box with ``message`` shown literally (it may quote what the student typed).

    Example::

        show_error("The word 'a</w>b' already contains the marker")
    """
    st.error(md_escape(message), icon=":material/warning:")


def show_text(text: str, *, small: bool = False) -> None:
    """Show plain text (escaped, line breaks kept, long words wrapped).

    Use it for any text that may contain user input, instead of ``st.markdown``.

    Args:
        text: The text, shown literally.
        small: Show it smaller and muted, like a caption.

    Example::

        show_text("Line 2: 'x' is not a count")
    """
    css = "sw-text sw-small" if small else "sw-text"
    show_html(f'<div class="{css}">{esc(text)}</div>')
