"""The Compare page's words: each typed word's segmentation by every algorithm, one above the
other, the cuts they dispute in red.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> from ui.views.compare.train import train_all
    >>> from ui.views.compare.segment import segment
    >>> trained = train_all(Corpus.from_counts({"hug": 3, "pug": 2}), 8)
    >>> segs = {k: segment(v, "hug") for k, v in trained.items() if not isinstance(v, str)}
    >>> "hug" in word_table_html("hug", segs)
    True
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from subword_core import byte_level
from subword_core.text.corpus import Corpus
from ui.app.common import (
    TABLE_CSS,
    persisted,
)
from ui.app.follow import example_words, follow_default, show_example_label
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.pretok import Pretok, pretok_words
from ui.draw.html import (
    badge_html,
    esc,
    show_html,
    token_spans_html,
)
from ui.views.compare.plan import MARKERS, WIDGET_DEFAULTS, WIDGETS_KEY, display_name
from ui.views.compare.segment import Segmented, disputed_cuts, segment, strip_marker
from ui.views.compare.train import Trained

t = translator("compare")

# --------------------------------------------------------------------------------------
# Drawing
# --------------------------------------------------------------------------------------

_CSS = (
    "<style>.cmp-cuts{font-family:var(--sw-mono);"
    "white-space:pre-wrap;overflow-wrap:anywhere;font-size:1.1em}"
    ".cmp-cut{opacity:.75}"
    ".cmp-dis{color:rgb(214,39,40);font-weight:800;background:rgba(214,39,40,.14)}"
    ".cmp-word{font-size:1.15em;font-weight:700;margin:.6em 0 .2em;overflow-wrap:anywhere}"
    ".cmp-scroll{overflow-x:auto}"
    ".sw-table.cmp-table .sw-tokens{flex-wrap:wrap}</style>"
)


def _cuts_html(word: str, cuts: frozenset[int], disputed: set[int]) -> str:
    """The word with a bar at each cut; disputed cuts red and thick. One cell per gap."""
    out = []
    for index, ch in enumerate(word):
        if index:
            if index in cuts:
                css = "cmp-dis" if index in disputed else "cmp-cut"
                bar = "┃" if index in disputed else "│"
                out.append(f'<span class="{css}">{bar}</span>')
            elif index in disputed:
                out.append('<span class="cmp-dis">·</span>')
            else:
                out.append(" ")
        out.append(esc(ch))
    return f'<span class="cmp-cuts">{"".join(out)}</span>'


def word_table_html(word: str, segs: Mapping[str, Segmented]) -> str:
    """One word: a row per algorithm with its token spans, its cuts, token and UNK counts.

    Tokens next to a disputed cut get a thick border labelled "differs"; in the cuts column a
    disputed cut is a red ``┃`` (this algorithm cuts there, another does not) or a red ``·``
    (another algorithm cuts there, this one does not).

    >>> seg = Segmented(("lo", "w"), frozenset({2}), 2, 0)
    >>> "lo" in word_table_html("low", {"BPE": seg})
    True
    """
    disputed = disputed_cuts(segs)
    body = []
    for name, s in segs.items():
        marker = MARKERS[name]
        highlight = _tokens_at(name, word, s, disputed)
        spans = token_spans_html(
            s.tokens,
            highlight=highlight,
            unk="[UNK]" if name == "WordPiece" else None,
            marker=marker,
            highlight_label=t("differs"),
            unknown=s.unknown,
        )
        unk = badge_html(t("{n} UNK").format(n=s.unks), "error") if s.unks else ""
        inside = (
            " "
            + badge_html(
                t.n("{n} cut inside a character", "{n} cuts inside a character", s.inside).format(
                    n=s.inside
                ),
                "warning",
            )
            if s.inside
            else ""
        )
        body.append(
            f"<tr><th scope='row'>{esc(display_name(name))}</th><td>{spans}</td>"
            f"<td>{_cuts_html(word, s.cuts, disputed)}</td>"
            f"<td style='text-align:right'>{s.count}</td><td>{unk}{inside}</td></tr>"
        )
    n = len(disputed)
    summary = (
        badge_html(
            t.n("{n} disputed boundary", "{n} disputed boundaries", n).format(n=n), "warning"
        )
        if n
        else badge_html(t("all agree"), "success")
    )
    head = "".join(
        f"<th>{esc(h)}</th>" for h in (t("algorithm"), t("tokens"), t("cuts"), t("count"), "")
    )
    return (
        f"<div class='cmp-word'>{esc(word)} {summary}</div>"
        "<div class='cmp-scroll'><table class='sw-table cmp-table'><thead><tr>"
        f"{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def _byte_tokens_at(word: str, s: Segmented, disputed: set[int]) -> list[int]:
    """Byte-level: tokens whose first or last byte sits at a disputed character cut."""
    char_at: dict[int, int] = {}
    at = 0
    for index, ch in enumerate(word):
        char_at[at] = index
        at += len(ch.encode("utf-8"))
    char_at[at] = len(word)
    out = []
    at = -1  # the space byte in front of the word
    for index, token in enumerate(s.tokens):
        start, at = at, at + len(byte_level.from_display(token))
        if at <= 0:
            continue  # only the space byte
        ends = {char_at.get(max(start, 0)), char_at.get(at)}
        if ends & disputed:
            out.append(index)
    return out


def _tokens_at(name: str, word: str, s: Segmented, disputed: set[int]) -> list[int]:
    """Indices of the tokens that end or start at a disputed cut (marker-only tokens skip)."""
    if not disputed:
        return []
    if name == "Byte-level BPE":
        return _byte_tokens_at(word, s, disputed)
    out = []
    at = 0
    for index, token in enumerate(s.tokens):
        piece = strip_marker(name, token)
        if name == "WordPiece" and token == "[UNK]":
            continue
        start, at = at, at + len(piece)
        if piece and (start in disputed or at in disputed):
            out.append(index)
    return out


def render_segmentations(
    trained: Mapping[str, Trained], *, corpus: Corpus | None = None, pretok: Pretok | None = None
) -> None:
    """The sentence box and, for each word, every algorithm's segmentation one above the other.

    With ``corpus``, the box starts on words of the corpus and one word not in it (until the
    student types there).
    """
    examples = example_words(corpus) if corpus is not None else None
    if examples is not None:
        follow_default(
            "cmp_text",
            examples.text,
            shadow_key=WIDGETS_KEY,
            initial=(WIDGET_DEFAULTS["cmp_text"],),
        )
    text = st.text_input(
        t("Words or a sentence to segment"),
        key="cmp_text",
        max_chars=LIMITS.box_chars,
        persist_state=persisted("cmp_text"),
        help=t("Each word (split at spaces) is segmented on its own by every algorithm."),
    )
    if examples is not None:
        show_example_label(examples, "cmp_text", shadow_key=WIDGETS_KEY)
    # the typed text is cut the way the corpus was (pre-tokenization, ui.app.pretok)
    words = pretok_words(text, pretok) if pretok is not None else list(dict.fromkeys(text.split()))
    if not words:
        st.info(
            t("Type one or more words above to compare their segmentations."),
            icon=":material/edit:",
        )
        return
    shown = words[:12]
    totals = {name: [0, 0] for name in trained}
    parts = [_CSS]
    for word in shown:
        segs = {name: segment(t, word) for name, t in trained.items()}
        for name, s in segs.items():
            totals[name][0] += s.count
            totals[name][1] += s.unks
        parts.append(word_table_html(word, segs))
    summary = " ".join(
        badge_html(
            t("{name}: {n} tokens, {u} UNK").format(name=display_name(name), n=n, u=u),
            "error" if u else "info",
        )
        for name, (n, u) in totals.items()
    )
    show_html(f"<div>{summary}</div>" + "".join(parts) + TABLE_CSS)
    if len(words) > len(shown):
        st.caption(
            t("Showing the first {shown} of {total} different words.").format(
                shown=len(shown), total=len(words)
            )
        )
