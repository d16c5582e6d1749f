"""Everything the Gage page shows: the text to compress, each replacement, the table, decoding.

The numbers come from :mod:`subword_core.gage`; this module says in words what they mean,
draws the string as character boxes (every new symbol keeps one colour on the whole page,
in the strings and in the table) and builds the data for the charts. The page calls
:func:`settings_panel`, :func:`compress_or_explain` and :func:`render_step`.

Example:
    >>> from subword_core.gage import compress
    >>> table_data(compress("aaabdaaabac"), 3)["stands for"].to_pylist()
    ['aa', 'aaa', 'aaab']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

import altair as alt
import pyarrow as pa
import streamlit as st

from subword_core import gage
from subword_core.errors import SubwordError
from subword_core.gage import GageResult, GageStep
from subword_core.textbook import code
from ui.charts import (
    BAR_LIMIT,
    VALUE_LABEL_PX,
    arrow_table,
    bar_chart_properties,
    bounded_rows,
    count_axis,
    described,
    label_axis,
    show_template,
    top_legend,
)
from ui.code_panel import code_panel
from ui.common import (
    TABLE_CSS,
    remember,
    rerun_if_retrain_requested,
    restore_widgets,
    text_colour,
    tie_choices,
    tie_picker,
)
from ui.corpus_picker import error_text
from ui.html import (
    badge_html,
    caption_html,
    esc,
    heading_html,
    show_html,
    sr_html,
    table_details_html,
    visible_whitespace,
)
from ui.i18n import current_language, translator
from ui.limits import LIMITS
from ui.links import PageLink, kept_params, register_page, register_params
from ui.presenter import settings_box
from ui.runtime.cache import shared_cache

t = translator("gage")

__all__ = [
    "SEED_TEXT",
    "GageSettings",
    "compress_or_explain",
    "decompress_html",
    "describe_step",
    "explain_step",
    "pair_count_data",
    "render_step",
    "settings_panel",
    "size_data",
    "string_html",
    "table_data",
]

SEED_TEXT = "aaabdaaabac"
"""Seed 003's example."""
MAX_TEXT = LIMITS.gage_chars
"""Longest text the page accepts (the step view draws every character as a box)."""
SHOW_CHARS = 400
"""Characters drawn per string; longer strings are cut with a note."""
SHOW_CHARS_DECOMPRESS = 120
"""Characters drawn per string in the decompression steps (one row per table entry)."""
CHART_ROWS = BAR_LIMIT  # bars in the pair chart (ui.charts: readable at 1024 px)
SIZE_TOTALS = 12  # the size chart writes every bar's total up to this many steps

_NS = "gage"  # namespace of the tie choices in session state
_PLAYER = "gage_steps"
WIDGETS_KEY = "gage__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"gage_text": SEED_TEXT, "gage_letters": ""}
# The link parameters this view owns (ui.links).
register_params(
    kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"gage_text": ("str",), "gage_letters": ("str",)})
)
register_page("gage", PageLink(("gage_text", "gage_letters"), player=_PLAYER, ties=_NS))
_SEED_PAIR = ("a", "b")

# Character boxes: plain characters get a grey border, new symbols their palette colour.
_CSS = (
    "<style>.sw-gage-plain{border-color:rgba(128,128,128,.65)}"
    ".sw-gage-str{font-size:1.15em}"
    ".sw-gage-row{display:flex;gap:.6em;align-items:flex-end;flex-wrap:wrap;margin:.35em 0}"
    ".sw-gage-what{min-width:4.5em;font-weight:600}"
    ".sw-table td.sw-gage-wrap .sw-tok{white-space:pre-wrap;word-break:break-all}</style>"
)


@dataclass(frozen=True)
class GageSettings:
    """What a student sets on the page: the text and, optionally, the new symbols.

    >>> GageSettings().text
    'aaabdaaabac'
    """

    text: str = SEED_TEXT
    letters: str = ""  # "" = Z, Y, X, ... skipping letters of the text


def _sym(symbol: str) -> str:
    return f"<code>{esc(visible_whitespace(symbol))}</code>"


def _pair(pair: tuple[str, str] | str) -> str:
    return f"<code>{esc(visible_whitespace(pair[0] + pair[1]))}</code>"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("{some} and {last}").format(some=t(", ").join(items[:-1]), last=items[-1])


def _chars(n: int) -> str:
    return t.n("{n} character", "{n} characters", n).format(n=n)


def _pair_label(pair: tuple[str, str]) -> str:
    return f"{visible_whitespace(pair[0])} + {visible_whitespace(pair[1])}"


# --------------------------------------------------------------------------------------
# Settings and compression
# --------------------------------------------------------------------------------------


def _use_seed() -> None:
    st.session_state[WIDGETS_KEY].update(gage_text=SEED_TEXT, gage_letters="")


def settings_panel() -> GageSettings | None:
    """Draw the text and new-symbol inputs; return them, or ``None`` when there is no text.

    The values survive page switches (:func:`ui.common.restore_widgets`).
    """
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        c1, c2, c3 = st.columns([2.2, 1.2, 1.2], vertical_alignment="bottom")
        text = c1.text_input(
            t("Text to compress"),
            key="gage_text",
            max_chars=MAX_TEXT,
            on_change=remember,
            args=(WIDGETS_KEY, "gage_text"),
            help=t("Any text. Every character is one symbol, spaces included."),
        )
        letters = c2.text_input(
            t("New symbols (optional)"),
            key="gage_letters",
            max_chars=LIMITS.box_chars,
            placeholder=t("Z Y X … (default)"),
            on_change=remember,
            args=(WIDGETS_KEY, "gage_letters"),
            help=t(
                "Characters to use for the new symbols, in order, e.g. ZYX. They must not "
                "occur in the text. Empty: Z, Y, X, … A, skipping letters your text uses. "
                "Spaces here are ignored."
            ),
        )
        c3.button(t("Seed 003's example"), on_click=_use_seed, key="gage_seed", width="stretch")
    if text == "":
        st.info(t("Type some text above to compress it."), icon=":material/info:")
        return None
    return GageSettings(text, "".join(letters.split()))


@shared_cache("gage", max_entries=32)
def _compress(
    text: str, letters: str, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> GageResult:
    return gage.compress(text, letters or None, choose=dict(choices))


def compress_or_explain(settings: GageSettings) -> GageResult | None:
    """Compress (cached); on a documented error say what is wrong and return ``None``."""
    choices = tie_choices(_NS, settings)
    try:
        result: GageResult = _compress(
            settings.text, settings.letters, tuple(sorted(choices.items()))
        )
    except SubwordError as err:
        # st.error renders markdown: our own words there, the message (which quotes the
        # student's characters) escaped below it.
        st.error(t("These settings can't be used yet."), icon=":material/warning:")
        show_html(f'<div class="sw-text sw-problem">{esc(error_text(err))}</div>')
        return None
    if result.stop_reason == "out_of_symbols":
        st.warning(
            t(
                "Compression stopped early: it ran out of unused symbols while a pair still "
                "occurs more than once. The last step says which pair; add more new symbols "
                "(characters the text does not use) to go on."
            ),
            icon=":material/warning:",
        )
    return result


# --------------------------------------------------------------------------------------
# Strings as character boxes
# --------------------------------------------------------------------------------------


def _colours(table: Mapping[str, str]) -> dict[str, int]:
    return {symbol: i for i, symbol in enumerate(table)}


def string_html(
    text: str,
    colours: Mapping[str, int],
    *,
    groups: Collection[int] = (),
    highlight: Collection[int] = (),
    label: str | None = None,
    limit: int = SHOW_CHARS,
) -> str:
    """A string as one box per character (HTML, escaped).

    Args:
        text: the string.
        colours: new symbol -> palette index; other characters get a plain grey box.
        groups: indices where a pair starts; the pair is drawn as one highlighted box
            (the copies about to be replaced).
        highlight: indices of single characters to highlight (symbols just written).
        label: the small label above highlighted boxes (shown in capitals); by default
            "new" in the session's language.
        limit: draw at most this many characters, then say how many more there are.

    >>> html_ = string_html("ZabZ", {"Z": 0}, groups=[1])
    >>> html_.count("sw-tok "), "sw-c0" in html_, "sw-tok-hl" in html_
    (3, True, True)
    """
    if label is None:
        label = t("new")
    starts, marked = set(groups), set(highlight)
    boxes: list[str] = []
    i = 0
    shown = min(len(text), limit)
    while i < shown:
        width = 2 if i in starts and i + 1 < len(text) else 1
        piece = text[i : i + width]
        classes = ["sw-tok"]
        classes.append(f"sw-c{colours[piece]}" if piece in colours else "sw-gage-plain")
        head = role = ""
        if width == 2 or i in marked:
            classes.append("sw-tok-hl")
            # screen readers: the box's text, then its role ("ab, pair"), the label once
            head = f'<span class="sw-tok-label" aria-hidden="true">{esc(label)}</span>'
            role = sr_html(f", {label}")
        body = "".join(
            f'<span class="sw-ws">{esc(visible_whitespace(ch))}</span>'
            if ch != visible_whitespace(ch)
            else esc(ch)
            for ch in piece
        )
        title = (
            t("character {n}").format(n=i + 1)
            if width == 1
            else t("characters {a}–{b}").format(a=i + 1, b=i + 2)
        )
        boxes.append(
            f'<span class="{" ".join(classes)}" title="{esc(title)}">{head}'
            f'<span class="sw-tok-text">{body}</span>{role}</span>'
        )
        i += width
    more = ""
    if len(text) > shown:
        more = (
            ' <span class="sw-small">'
            + esc(t("… and {n} more characters").format(n=len(text) - shown))
            + "</span>"
        )
    if not text:
        boxes.append(f'<span class="sw-empty">{esc(t("(empty)"))}</span>')
    return f'<span class="sw-tokens sw-gage-str">{"".join(boxes)}</span>{more}'


# --------------------------------------------------------------------------------------
# Words for one step
# --------------------------------------------------------------------------------------


def _overlap_note(step: GageStep) -> str:
    """Say so when a pair's overlapping copies were counted once (``aa`` inside ``aaa``)."""
    notes = []
    for pc in step.pair_counts:
        if (pc.pair in step.tied or pc.pair == step.pair) and pc.overlapping != pc.count:
            notes.append(
                t(
                    "{pair} starts at {places} places, but neighbouring copies overlap (in "
                    "{triple} only one copy can be replaced), so it counts {count}"
                ).format(
                    pair=_pair(pc.pair),
                    places=pc.overlapping,
                    triple=_sym(pc.pair[0] * 3),
                    count=pc.count,
                )
            )
    return " " + t("({notes}.)").format(notes=t("; ").join(notes)) if notes else ""


def explain_step(step: GageStep, result: GageResult) -> str:
    """One step in plain words, with its numbers (HTML; the student's text escaped).

    >>> from subword_core.gage import compress
    >>> r = compress("aaabdaaabac")
    >>> "a tie" in explain_step(r.steps[1], r)
    True
    """
    if step.pair is None:
        return _explain_stop(step, result)
    assert step.symbol is not None
    pair, count = step.pair, step.best_count
    parts = []
    if not step.is_tie:
        parts.append(
            t(
                "The most frequent pair of neighbouring characters is {pair}: it occurs "
                "<strong>{count}</strong> times, more than any other pair."
            ).format(pair=_pair(pair), count=count)
            + _overlap_note(step)
        )
    else:
        firsts = {pc.pair: pc.first_at for pc in step.pair_counts}
        tied = [_pair(p) for p in step.tied]
        sentence = (
            t("{pairs} both occur <strong>{count}</strong> times: a tie between {n} pairs.")
            if len(tied) == 2
            else t("{pairs} all occur <strong>{count}</strong> times: a tie between {n} pairs.")
        )
        parts.append(
            sentence.format(pairs=_list(tied), count=count, n=len(tied)) + _overlap_note(step)
        )
        if step.rule == "chosen":
            parts.append(t("You chose {pair} among them.").format(pair=_pair(pair)))
        else:
            where = _list(
                [
                    t("{pair} at character {n}").format(pair=_pair(p), n=firsts[p] + 1)
                    for p in step.tied
                ]
            )
            parts.append(
                t(
                    "The rule <em>first occurrence</em> takes the tied pair that starts "
                    "furthest left ({where}): {pair}."
                ).format(where=where, pair=_pair(pair))
            )
    parts.append(
        t(
            "Its {n} copies (left to right) are replaced by the new symbol {symbol}, a "
            "character the text does not use, and the table notes {symbol} = {pair}."
        ).format(n=len(step.positions), symbol=_sym(step.symbol), pair=_pair(pair))
    )
    parts.append(
        t.n(
            "The string shrinks from {before} to <strong>{after}</strong> (−{saved}); the "
            "table now has {n} entry.",
            "The string shrinks from {before} to <strong>{after}</strong> (−{saved}); the "
            "table now has {n} entries.",
            step.number,
        ).format(
            before=_chars(len(step.before)), after=len(step.after), saved=step.saved, n=step.number
        )
    )
    return " ".join(parts)


def _explain_stop(step: GageStep, result: GageResult) -> str:
    done = len(result.replacements)
    summary = t.n(
        "After {done} replacement: {before} → <strong>{after}</strong>, plus a table of "
        "{entries} entry.",
        "After {done} replacements: {before} → <strong>{after}</strong>, plus a table of "
        "{entries} entries.",
        done,
    ).format(
        done=done,
        before=_chars(len(result.text)),
        after=len(result.compressed),
        entries=len(result.table),
    )
    if step.stop_reason == "out_of_symbols":
        best = step.pair_counts[0]
        given = len(result.symbols)
        if given == 1:
            why = t("the only new symbol, {symbol}, is in use").format(
                symbol=_sym(result.symbols[0])
            )
        elif given:
            why = t("all {n} new symbols ({symbols}) are in use").format(
                n=given, symbols=_sym("".join(result.symbols))
            )
        elif set(gage.DEFAULT_SYMBOLS) <= set(result.text):
            why = t("there was none to begin with: every letter Z … A occurs in the text")
        else:
            why = t("no new symbols were given")
        return (
            t(
                "<strong>Stop: no unused symbol left.</strong> {pair} still occurs "
                "<strong>{count}</strong> times and could be replaced, but {why}. Type more new "
                "symbols above (characters the text does not use) to go on."
            ).format(pair=_pair(best.pair), count=best.count, why=why)
            + " "
            + summary
        )
    if step.best_count == 0:
        return (
            t(
                "<strong>Stop.</strong> The string has fewer than two characters, so it has no "
                "pair at all."
            )
            + " "
            + summary
        )
    n = step.pairs_total
    return (
        t.n(
            "<strong>Stop.</strong> No pair occurs twice any more: each of the {n} pair of "
            "neighbouring characters occurs once. Replacing a pair that occurs once would "
            "shorten the string by one character but add a whole table entry, so Gage's "
            "algorithm ends here.",
            "<strong>Stop.</strong> No pair occurs twice any more: each of the {n} pairs of "
            "neighbouring characters occurs once. Replacing a pair that occurs once would "
            "shorten the string by one character but add a whole table entry, so Gage's "
            "algorithm ends here.",
            n,
        ).format(n=n)
        + " "
        + summary
    )


# --------------------------------------------------------------------------------------
# Data for charts and tables (tested directly: AppTest cannot see inside altair charts)
# --------------------------------------------------------------------------------------


def pair_count_data(step: GageStep, limit: int = CHART_ROWS) -> pa.Table:
    """One row per pair shown in the step's count chart, best first: at most ``limit``.

    The replaced pair is always drawn, also when more than ``limit`` pairs tie with it.

    >>> from subword_core.gage import compress
    >>> first = pair_count_data(compress("aaabdaaabac").steps[0]).to_pylist()[0]
    >>> first["pair"], first["status"], first["label"]
    ('a + a', 'replaced', '2 ★ replaced')
    """
    tied = set(step.tied)
    drawn, _ = bounded_rows(step.pair_counts, limit, keep=lambda pc: pc.pair == step.pair)
    rows = []
    for rank, pc in enumerate(drawn, start=1):
        if pc.pair == step.pair:
            status, label = "replaced", t("{n} ★ replaced").format(n=pc.count)
        elif pc.pair in tied:
            status, label = "tied", t("{n} tie").format(n=pc.count)
        else:
            status, label = "other", str(pc.count)
        # subtle: the count with overlaps is in the tooltip, not the label: a label as long
        # as "2 ★ replaced (4 with overlaps)" left the bars no room in a narrow column
        rows.append(
            {
                "rank": rank,
                "pair": _pair_label(pc.pair),
                "count": pc.count,
                "overlapping": pc.overlapping,
                "first at": pc.first_at + 1,
                "status": status,
                "label": label,
            }
        )
    columns = ["rank", "pair", "count", "overlapping", "first at", "status", "label"]
    return arrow_table(rows, columns)


def _pair_chart(text: str, lang: str = "en") -> alt.LayerChart:
    """The pair-count bar chart, a template (see :mod:`ui.charts`); ``text``: label colour.

    ``lang`` is the language its words are in (a template per language).

    Its data: ``pairs`` (rows of :func:`pair_count_data`) and ``threshold`` (one row,
    ``min``: how often a pair must occur, drawn as a dashed line). No legend: the label next
    to each bar says "★ replaced" or "tie", and the caption explains the colours.
    """
    colour = alt.Color(
        "status:N",
        scale=alt.Scale(
            domain=["replaced", "tied", "other"], range=["#d62728", "#ff9f1c", "#8c8c8c"]
        ),
        legend=None,
    )
    base = alt.Chart(alt.NamedData("pairs")).encode(
        y=alt.Y(
            "pair:N",
            sort=alt.EncodingSortField(field="rank", op="min", order="ascending"),
            title=None,
            axis=label_axis(font_size=14),
        ),
        x=alt.X(
            "count:Q",
            axis=count_axis(t("copies (not overlapping)")),
            scale=alt.Scale(domainMin=0, nice=True),
        ),
        tooltip=[
            alt.Tooltip("pair:N", title=t("pair")),
            alt.Tooltip("count:Q", title=t("copies")),
            alt.Tooltip("overlapping:Q", title=t("with overlaps")),
            alt.Tooltip("first at:Q", title=t("first at")),
            alt.Tooltip("label:N", title=t("status")),
        ],
    )
    bars = base.mark_bar(stroke="currentColor", strokeWidth=0.5).encode(color=colour)
    labels = base.mark_text(
        align="left", dx=4, fontSize=13, color=text, limit=VALUE_LABEL_PX
    ).encode(text="label:N")
    rule = (
        alt.Chart(alt.NamedData("threshold"))
        .mark_rule(strokeDash=[4, 4], color=text)
        .encode(x="min:Q", tooltip=[alt.Tooltip("min:Q", title=t("must occur at least"))])
    )
    return described(
        bars + labels + rule,
        t(
            "Bar chart: how many non-overlapping copies of each pair of neighbouring characters "
            "the string holds, most frequent first; the pair replaced is marked ★ replaced, "
            "pairs tied with it are marked tie."
        ),
    )


def _pair_description(pairs: pa.Table, left_out: int) -> str:
    """What one drawing of the pair chart shows, in words (read by screen readers)."""
    rows = pairs.select(["pair", "count", "status"]).to_pylist()
    chosen = [r for r in rows if r["status"] == "replaced"]
    more = " " + t("(and {n} more, not drawn)").format(n=f"{left_out:,}") if left_out else ""
    text = t("Bar chart of pair counts in the string: {n} pairs{more}.").format(
        n=f"{len(rows):,}", more=more
    )
    if chosen:
        text += " " + t("Replaced: {pair}, {n} copies.").format(
            pair=chosen[0]["pair"], n=f"{chosen[0]['count']:,}"
        )
    tied = sum(r["status"] == "tied" for r in rows)
    if tied:
        text += " " + t.n(
            "{n} other pair tied with it.", "{n} other pairs tied with it.", tied
        ).format(n=f"{tied:,}")
    return (
        text
        + " "
        + t("The dashed line: a pair must occur at least {n} times.").format(n=gage.MIN_COUNT)
    )


def _pair_table_html(pairs: pa.Table) -> str:
    """The pair chart's numbers as a folded table (its text alternative)."""
    marks = {"replaced": t("★ replaced"), "tied": t("tie"), "other": ""}
    columns = ["rank", "pair", "count", "overlapping", "first at", "status"]
    rows = [
        tuple(marks.get(r[c], r[c]) if c == "status" else r[c] for c in columns)
        for r in pairs.select(columns).to_pylist()
    ]
    return table_details_html(
        t("Show the pair counts as a table"),
        [t("rank"), t("pair"), t("copies"), t("with overlaps"), t("first at"), t("status")],
        rows,
        caption=t("Pair counts in the string, as in the chart"),
    )


def table_data(result: GageResult, upto: int) -> pa.Table:
    """The replacement table after step ``upto``, in the order the entries were made.

    ``stands for`` is the piece of the original text a symbol expands to in the end.

    >>> from subword_core.gage import compress
    >>> table = table_data(compress("aaabdaaabac", choose={2: "ab"}), 3)
    >>> [(r["symbol"], r["pair"], r["stands for"]) for r in table.to_pylist()]
    [('Z', 'aa', 'aa'), ('Y', 'ab', 'ab'), ('X', 'ZY', 'aaab')]
    """
    rows = []
    expanded: dict[str, str] = {}
    for step in result.replacements[: max(upto, 0)]:
        assert step.symbol is not None and step.pair is not None
        pair = step.pair[0] + step.pair[1]
        expanded[step.symbol] = "".join(expanded.get(ch, ch) for ch in pair)
        rows.append(
            {
                "step": step.number,
                "symbol": step.symbol,
                "pair": pair,
                "stands for": expanded[step.symbol],
                "copies": step.best_count,
                "chosen by": {"unique": t("most frequent"), "chosen": t("you")}.get(
                    step.rule, t("first occurrence")
                ),
            }
        )
    columns = ["step", "symbol", "pair", "stands for", "copies", "chosen by"]
    return arrow_table(rows, columns)


def _piece_html(text: str) -> str:
    """A piece of the original text as one plain box (escaped, whitespace made visible)."""
    return (
        f'<span class="sw-tok sw-gage-plain"><span class="sw-tok-text">'
        f"{esc(visible_whitespace(text))}</span></span>"
    )


def _table_html(table: pa.Table, colours: Mapping[str, int], current: int) -> str:
    if table.num_rows == 0:
        return (
            "<p class='sw-small'>"
            + esc(t("The table is empty: nothing has been replaced."))
            + "</p>"
        )
    body = []
    for row in table.to_pylist():
        step, symbol, pair, stands, copies, chosen = row.values()
        now = badge_html(t("this step"), "success") if step == current else ""
        body.append(
            f"<tr><td>{step}</td><td>{string_html(symbol, colours)}</td>"
            f"<td>{string_html(pair, colours)}</td>"
            f"<td class='sw-gage-wrap'>{_piece_html(stands)}</td>"
            f"<td style='text-align:right'>{copies}</td><td>{esc(chosen)} {now}</td></tr>"
        )
    head = "".join(
        f"<th>{esc(h)}</th>"
        for h in (
            t("step"),
            t("symbol"),
            t("= pair"),
            t("stands for"),
            t("copies"),
            t("chosen by"),
        )
    )
    return (
        f"<table class='sw-table'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>" + TABLE_CSS
    )


def size_data(result: GageResult, now: int | None = None) -> pa.Table:
    """Characters to store after each step (0 = the input): the string and the table.

    Long format for a stacked bar chart: one row per step and part; ``now`` is true on the
    rows of step ``now`` (drawn darker).

    >>> from subword_core.gage import compress
    >>> rows = size_data(compress("aaabdaaabac"), now=1).to_pylist()
    >>> [(r["step"], r["part"], r["characters"]) for r in rows[:4]]
    [(0, 'string', 11), (0, 'table', 0), (1, 'string', 9), (1, 'table', 3)]
    >>> [r["step"] for r in rows if r["now"]]
    [1, 1]
    """
    rows = []
    for k in range(len(result.replacements) + 1):
        string = len(result.string_at(k))
        table = gage.TABLE_ENTRY_CHARS * k
        for part, n in ((t("string"), string), (t("table"), table)):
            rows.append(
                {"step": k, "part": part, "characters": n, "total": string + table, "now": k == now}
            )
    return arrow_table(rows, ["step", "part", "characters", "total", "now"])


def _size_chart(text: str, lang: str = "en") -> alt.LayerChart:
    """Characters to store after each step, a template (see :mod:`ui.charts`), in ``lang``.

    Its data: ``sizes`` (rows of :func:`size_data` plus ``now``: true on the current step's
    rows, drawn darker), ``totals`` (one row per step) and ``input`` (one row, ``y``: the
    input's length, drawn as a dashed line).
    """
    parts = [t("string"), t("table")]  # the values of size_data's "part"
    bars = (
        alt.Chart(alt.NamedData("sizes"))
        .mark_bar(stroke="currentColor", strokeWidth=0.5)
        .encode(
            x=alt.X(
                "step:O",
                title=t("after step (0 = the input)"),
                axis=alt.Axis(labelAngle=0, labelOverlap=True),  # drops labels that would touch
            ),
            y=alt.Y("characters:Q", axis=count_axis(t("characters to store")), stack="zero"),
            color=alt.Color(
                "part:N",
                scale=alt.Scale(domain=parts, range=["#1f77b4", "#ff9f1c"]),
                legend=top_legend(parts, room=250),  # a wider column
            ),
            order=alt.Order("part:N", sort="ascending"),
            opacity=alt.condition("datum.now", alt.value(1.0), alt.value(0.45)),
            tooltip=[
                alt.Tooltip("step:O", title=t("step")),
                alt.Tooltip("part:N", title=t("part")),
                alt.Tooltip("characters:Q", title=t("characters")),
                alt.Tooltip("total:Q", title=t("total")),
            ],
        )
    )
    totals = (
        alt.Chart(alt.NamedData("totals"))
        .mark_text(dy=-8, fontSize=13, color=text)
        .encode(x="step:O", y="total:Q", text="total:Q")
    )
    line = (
        alt.Chart(alt.NamedData("input"))
        .mark_rule(strokeDash=[4, 4], color=text)
        .encode(y="y:Q", tooltip=[alt.Tooltip("y:Q", title=t("the input's length"))])
    )
    return described(
        (bars + totals + line).properties(height=360),
        t(
            "Stacked bar chart: the characters to store after each step, the string and the "
            "table, with their total above each bar; the current step is drawn darker, a "
            "dashed line marks the input's length."
        ),
    )


def _sizes_table_html(sizes: pa.Table) -> str:
    """The size chart's numbers as a folded table: one row per step."""
    by_step: dict[int, dict[str, int]] = {}
    for r in sizes.select(["step", "part", "characters", "total"]).to_pylist():
        by_step.setdefault(r["step"], {"total": r["total"]})[r["part"]] = r["characters"]
    string, table = t("string"), t("table")
    rows = [(k, v.get(string, 0), v.get(table, 0), v["total"]) for k, v in by_step.items()]
    return table_details_html(
        t("Show the sizes as a table"),
        [t("after step"), string, table, t("string + table")],
        rows,
        caption=t("Characters to store after each step, as in the chart"),
    )


# --------------------------------------------------------------------------------------
# Decompression
# --------------------------------------------------------------------------------------


def decompress_html(result: GageResult, upto: int) -> str:
    """Undo the table after step ``upto``, last entry first, back to the input (HTML).

    >>> from subword_core.gage import compress
    >>> "identical to the input" in decompress_html(compress("aaabdaaabac"), 3)
    True
    """
    table = result.table_at(upto)
    start = result.string_at(upto)
    colours = _colours(result.table)
    rows = [
        f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('Start'))}</span>"
        f"{string_html(start, colours, limit=SHOW_CHARS_DECOMPRESS)}</div>"
    ]
    steps = gage.decompress_steps(start, table)
    for ds in steps:
        # where the expanded pairs sit in the new string: each earlier one added a character
        spots = [p + k for k, p in enumerate(ds.positions)]
        where = t.n("{n} place", "{n} places", len(ds.positions)).format(n=len(ds.positions))
        after = string_html(
            ds.after, colours, groups=spots, label=t("back"), limit=SHOW_CHARS_DECOMPRESS
        )
        rows.append(
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{ds.number}.</span>"
            f"<span>{_sym(ds.symbol)} → {_pair(ds.pair)} ({esc(where)})</span>"
            f"{after}</div>"
        )
    end = steps[-1].after if steps else start
    if end == result.text:
        verdict = badge_html(t("✓ identical to the input"), "success")
    else:  # pragma: no cover - compress guarantees the round trip
        verdict = badge_html(t("✗ differs from the input"), "error")
    if not steps:
        intro = esc(t("The table is empty, so there is nothing to undo: the string is the input."))
    elif len(steps) == 1:
        intro = t(
            "The table has one entry: put {symbol} back as {pair} wherever it stands."
        ).format(symbol=_sym(steps[0].symbol), pair=_pair(steps[0].pair))
    else:
        intro = t(
            "Read the table backwards: the last entry, {symbol}, is undone first, because later "
            "symbols are made of earlier ones. Each symbol is put back as its pair wherever it "
            "stands."
        ).format(symbol=_sym(steps[0].symbol))
    return (
        f"<p class='sw-text'>{intro}</p>{''.join(rows)}<p>{verdict}</p>"
        f"<p class='sw-small'>{esc(t('Compare the result with the input:'))}</p>"
        f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('Input'))}</span>"
        f"{string_html(result.text, colours, limit=SHOW_CHARS_DECOMPRESS)}</div>" + _CSS
    )


# --------------------------------------------------------------------------------------
# Rendering one step
# --------------------------------------------------------------------------------------


def _seed_note(step: GageStep, result: GageResult) -> str | None:
    if result.text != SEED_TEXT:
        return None
    if step.number == 1 and step.pair is not None:
        counts = t(
            "It does not say how it counts: with overlapping copies <code>aa</code> would win "
            "outright, 4 to 2."
        )
        if step.pair == ("a", "a"):
            return t("Seed 003 replaces <code>aa</code> here too (Z = aa).") + " " + counts
        return t("Seed 003 replaces <code>aa</code> here instead (Z = aa).") + " " + counts
    if step.number != 2 or _SEED_PAIR not in step.tied:
        return None
    if step.pair == _SEED_PAIR:
        return t(
            "This is seed 003's choice: it replaces <code>ab</code> here (Y = ab), and step 3 "
            "then gives X = ZY, the seed's table."
        )
    return t(
        "Seed 003 breaks this tie the other way: it replaces <code>ab</code> (Y = ab, then "
        "X = ZY). Both choices end at <code>XdXac</code>, with different tables. Choose "
        "a + b below to reproduce the seed's table."
    )


def describe_step(result: GageResult, number: int) -> str:
    """A short plain-text label of a step for the player, e.g. ``"aa → Z"``.

    >>> from subword_core.gage import compress
    >>> [describe_step(compress("abab"), n) for n in (1, 2)]
    ['ab → Z', 'stop']
    """
    step = result.steps[number - 1]
    if step.pair is None or step.symbol is None:
        return t("stop")
    return f"{visible_whitespace(step.pair[0] + step.pair[1])} → {visible_whitespace(step.symbol)}"


def _title(step: GageStep) -> str:
    if step.pair is None:
        return esc(t("Step {n}: compression stops").format(n=step.number))
    return t("Step {n}: {pair} → {symbol}").format(
        n=step.number, pair=_pair(step.pair), symbol=_sym(step.symbol or "")
    )


def _pair_counts_column(step: GageStep) -> None:
    """The left column of a step: the string's pair counts as a chart and a table."""
    st.markdown(
        "**" + t("Pair counts in the string at step {n}").format(n=f"{step.number:d}") + "**"
    )
    pairs = pair_count_data(step)
    if pairs.num_rows == 0:
        st.info(t("No pairs: the string has fewer than two characters."))
    else:
        left_out = max(step.pairs_total - pairs.num_rows, 0)
        show_template(
            _pair_chart,
            (text_colour(), current_language()),
            {"pairs": pairs, "threshold": {"min": [gage.MIN_COUNT]}},
            # subtle: the chart is fitted into this height with its axis and note, so
            # the bars get what is left over
            properties=bar_chart_properties(pairs.num_rows, left_out, t("more pairs, not drawn")),
            description=_pair_description(pairs, left_out),
            width="stretch",
        )
        drawn = (
            t("The {shown} most frequent of {total} pairs.").format(
                shown=f"{pairs.num_rows:d}", total=f"{step.pairs_total:d}"
            )
            if left_out
            else t("All {total} pairs.").format(total=f"{step.pairs_total:d}")
        )
        show_html(
            caption_html(
                drawn
                + " "
                + t(
                    "★ replaced (red bar); tie: tied with it (orange); dashed line: a pair "
                    "must occur at least twice. Point at a bar for its count with overlaps. "
                    "Copies are counted without overlaps, as the replacement uses them."
                )
            )
            + _pair_table_html(pairs)
        )


def render_step(result: GageResult, number: int, settings: GageSettings) -> None:
    """Draw one step: the sentence, the tie, the counts, before/after, table, sizes, decoding."""
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    state = min(number, len(result.replacements))  # replacements done after this step
    colours = _colours(result.table)
    badges = []
    if step.is_tie and step.pair is not None:
        badges.append(badge_html(t("tie × {n}").format(n=len(step.tied)), "warning"))
    if step.pair is not None:
        badges.append(badge_html(t("−{n} characters").format(n=step.saved), "success"))
    elif step.stop_reason == "out_of_symbols":
        badges.append(badge_html(t("out of symbols"), "error"))
    else:
        badges.append(badge_html(t("done"), "info"))
    # the string first: it is what a class watches shrink, so it stays near the controls
    if step.pair is not None:
        before = string_html(step.before, colours, groups=step.positions, label=t("pair"))
        after = string_html(step.after, colours, highlight=step.after_positions)
        strings = (
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('Before'))}</span>"
            f"{before}</div>"
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('After'))}</span>"
            f"{after}</div>"
        )
    else:
        strings = (
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('Final'))}</span>"
            f"{string_html(step.after, colours)}</div>"
        )
    show_html(
        f"<h3 style='margin:.2em 0'>{_title(step)} {' '.join(badges)}</h3>"
        f"{strings}"
        f"<p class='sw-text' style='font-size:1.08em'>{explain_step(step, result)}</p>" + _CSS
    )
    left, right = st.columns([1, 1.25])
    with left:
        _pair_counts_column(step)
    with right:
        show_html(
            heading_html(t("The table so far"))
            + _table_html(table_data(result, state), colours, step.number)
            + _CSS
        )
    # after the chart and table, so they start on a projector's first screen when presenting
    code_panel(code.gage_step(step))

    if step.is_tie and step.pair is not None:
        tie_picker(_NS, settings, step.number, step.tied, step.pair, verb="Replace")

    note = _seed_note(step, result)
    if note:
        show_html(f"<p class='sw-text'>{badge_html(t('seed note'), 'info')} {note}</p>")
    _render_sizes(result, state)

    show_html(heading_html(t("Decompress: back to the original")) + decompress_html(result, state))


def _render_sizes(result: GageResult, state: int) -> None:
    string = len(result.string_at(state))
    entries = state
    table = gage.TABLE_ENTRY_CHARS * entries
    total = string + table
    original = len(result.text)
    # one horizontal container rather than four columns: fewer blocks to send at each step
    metrics = st.container(horizontal=True, gap="medium")
    metrics.metric(
        t("String length"), f"{original} → {string}", help=t("Characters in the string.")
    )
    metrics.metric(
        t("Compression ratio"),
        f"{original / string if string else 1:.2f}",
        help=t("Input length ÷ string length (the table not counted)."),
    )
    metrics.metric(
        t("Table"),
        f"{entries} × {gage.TABLE_ENTRY_CHARS} = {table}",
        help=t("Each entry written out takes 3 characters: the symbol and its pair."),
    )
    metrics.metric(
        t("String + table"),
        f"{total}",
        delta=t("{n} vs the input").format(n=f"{total - original:+d}"),
        delta_color="inverse",
        help=t("What must be stored to get the text back. Input length ÷ this = {ratio}.").format(
            ratio=f"{original / total if total else 1:.2f}"
        ),
    )
    left, right = st.columns([1.25, 1])
    with left:
        sizes = size_data(result, now=state)
        steps = sizes.num_rows // 2  # two rows per step: string and table
        # subtle: past a dozen bars a number over each overlaps its neighbours; then only
        # the input's, this step's and the last step's totals are written
        written = range(steps) if steps <= SIZE_TOTALS else sorted({0, state, steps - 1})
        show_template(
            _size_chart,
            (text_colour(), current_language()),
            {
                "sizes": sizes,
                "totals": sizes.take([2 * k for k in written]),  # one row per step
                "input": {"y": [original]},
            },
            description=t(
                "Stacked bar chart of the characters to store after each of {steps} steps "
                "(string and table). The input: {original}; after step {state} (drawn darker): "
                "{string} + {table} = {total}. A dashed line marks the input's length."
            ).format(
                steps=f"{steps - 1:,}",
                original=f"{original:,}",
                state=f"{state:,}",
                string=f"{string:,}",
                table=f"{table:,}",
                total=f"{total:,}",
            ),
            width="stretch",
        )
    with right:
        ratio_all = original / total if total else 1.0
        verdict = (
            t("smaller than the input")
            if total < original
            else t("the same size as the input")
            if total == original
            else t("<strong>longer</strong> than the input")
        )
        show_html(
            "<p class='sw-text'>"
            + t.n(
                "The string went from {before} to <strong>{after}</strong>: a compression ratio "
                "of <strong>{ratio}</strong>. But the table is part of the cost: {entries} entry "
                "× {size} characters = {table}. String and table together take "
                "<strong>{total}</strong> characters, {verdict} (ratio {ratio_all}). A "
                "replacement pays off only when its pair occurs often: each copy saves one "
                "character, and each entry costs three.",
                "The string went from {before} to <strong>{after}</strong>: a compression ratio "
                "of <strong>{ratio}</strong>. But the table is part of the cost: {entries} "
                "entries × {size} characters = {table}. String and table together take "
                "<strong>{total}</strong> characters, {verdict} (ratio {ratio_all}). A "
                "replacement pays off only when its pair occurs often: each copy saves one "
                "character, and each entry costs three.",
                entries,
            ).format(
                before=_chars(original),
                after=string,
                ratio=f"{original / string if string else 1:.2f}",
                entries=entries,
                size=gage.TABLE_ENTRY_CHARS,
                table=table,
                total=total,
                verdict=verdict,
                ratio_all=f"{ratio_all:.2f}",
            )
            + "</p>"
            + _sizes_table_html(sizes)
        )
