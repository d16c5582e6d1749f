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
from ui.common import (
    TABLE_CSS,
    remember,
    rerun_if_retrain_requested,
    restore_widgets,
    shared_cache,
    text_colour,
    tie_choices,
    tie_picker,
)
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
from ui.limits import LIMITS
from ui.links import PageLink, kept_params, register_page, register_params
from ui.presenter import settings_box

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
    return ", ".join(items[:-1]) + " and " + items[-1]


def _chars(n: int) -> str:
    return f"{n} character{'' if n == 1 else 's'}"


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
        c1, c2, c3 = st.columns([2.4, 1.3, 0.9], vertical_alignment="bottom")
        text = c1.text_input(
            "Text to compress",
            key="gage_text",
            max_chars=MAX_TEXT,
            on_change=remember,
            args=(WIDGETS_KEY, "gage_text"),
            help="Any text. Every character is one symbol, spaces included.",
        )
        letters = c2.text_input(
            "New symbols (optional)",
            key="gage_letters",
            placeholder="Z Y X … (default)",
            on_change=remember,
            args=(WIDGETS_KEY, "gage_letters"),
            help="Characters to use for the new symbols, in order, e.g. ZYX. They must not "
            "occur in the text. Empty: Z, Y, X, … A, skipping letters your text uses. "
            "Spaces here are ignored.",
        )
        c3.button("Seed 003's example", on_click=_use_seed, key="gage_seed", width="stretch")
    if text == "":
        st.info("Type some text above to compress it.", icon=":material/info:")
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
        st.error("These settings can't be used yet.", icon=":material/warning:")
        show_html(f'<div class="sw-text sw-problem">{esc(str(err))}</div>')
        return None
    if result.stop_reason == "out_of_symbols":
        st.warning(
            "Compression stopped early: it ran out of unused symbols while a pair still "
            "occurs more than once. The last step says which pair; add more new symbols "
            "(characters the text does not use) to go on.",
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
    label: str = "new",
    limit: int = SHOW_CHARS,
) -> str:
    """A string as one box per character (HTML, escaped).

    Args:
        text: the string.
        colours: new symbol -> palette index; other characters get a plain grey box.
        groups: indices where a pair starts; the pair is drawn as one highlighted box
            (the copies about to be replaced).
        highlight: indices of single characters to highlight (symbols just written).
        label: the small label above highlighted boxes (shown in capitals).
        limit: draw at most this many characters, then say how many more there are.

    >>> html_ = string_html("ZabZ", {"Z": 0}, groups=[1])
    >>> html_.count("sw-tok "), "sw-c0" in html_, "sw-tok-hl" in html_
    (3, True, True)
    """
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
        title = f"character {i + 1}" if width == 1 else f"characters {i + 1}–{i + 2}"
        boxes.append(
            f'<span class="{" ".join(classes)}" title="{esc(title)}">{head}'
            f'<span class="sw-tok-text">{body}</span>{role}</span>'
        )
        i += width
    more = ""
    if len(text) > shown:
        more = f' <span class="sw-small">… and {len(text) - shown} more characters</span>'
    if not text:
        boxes.append('<span class="sw-empty">(empty)</span>')
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
                f"{_pair(pc.pair)} starts at {pc.overlapping} places, but neighbouring copies "
                f"overlap (in {_sym(pc.pair[0] * 3)} only one copy can be replaced), so it "
                f"counts {pc.count}"
            )
    return f" ({'; '.join(notes)}.)" if notes else ""


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
            f"The most frequent pair of neighbouring characters is {_pair(pair)}: it occurs "
            f"<strong>{count}</strong> times, more than any other pair.{_overlap_note(step)}"
        )
    else:
        firsts = {pc.pair: pc.first_at for pc in step.pair_counts}
        tied = [_pair(p) for p in step.tied]
        both = "both" if len(tied) == 2 else "all"
        parts.append(
            f"{_list(tied)} {both} occur <strong>{count}</strong> times: a tie between "
            f"{len(tied)} pairs.{_overlap_note(step)}"
        )
        if step.rule == "chosen":
            parts.append(f"You chose {_pair(pair)} among them.")
        else:
            where = _list([f"{_pair(p)} at character {firsts[p] + 1}" for p in step.tied])
            parts.append(
                f"The rule <em>first occurrence</em> takes the tied pair that starts furthest "
                f"left ({where}): {_pair(pair)}."
            )
    parts.append(
        f"Its {len(step.positions)} copies (left to right) are replaced by the new symbol "
        f"{_sym(step.symbol)}, a character the text does not use, and the table notes "
        f"{_sym(step.symbol)} = {_pair(pair)}."
    )
    parts.append(
        f"The string shrinks from {_chars(len(step.before))} to "
        f"<strong>{len(step.after)}</strong> (−{step.saved}); the table now has "
        f"{step.number} entr{'y' if step.number == 1 else 'ies'}."
    )
    return " ".join(parts)


def _explain_stop(step: GageStep, result: GageResult) -> str:
    done = len(result.replacements)
    summary = (
        f"After {done} replacement{'s' if done != 1 else ''}: {_chars(len(result.text))} → "
        f"<strong>{len(result.compressed)}</strong>, plus a table of {len(result.table)} "
        f"entr{'y' if len(result.table) == 1 else 'ies'}."
    )
    if step.stop_reason == "out_of_symbols":
        best = step.pair_counts[0]
        given = len(result.symbols)
        if given == 1:
            why = f"the only new symbol, {_sym(result.symbols[0])}, is in use"
        elif given:
            why = f"all {given} new symbols ({_sym(''.join(result.symbols))}) are in use"
        elif set(gage.DEFAULT_SYMBOLS) <= set(result.text):
            why = "there was none to begin with: every letter Z … A occurs in the text"
        else:
            why = "no new symbols were given"
        return (
            f"<strong>Stop: no unused symbol left.</strong> {_pair(best.pair)} still occurs "
            f"<strong>{best.count}</strong> times and could be replaced, but {why}. "
            "Type more new symbols above (characters the text does not use) to go on. " + summary
        )
    if step.best_count == 0:
        return (
            "<strong>Stop.</strong> The string has fewer than two characters, so it has no "
            "pair at all. " + summary
        )
    n = step.pairs_total
    return (
        f"<strong>Stop.</strong> No pair occurs twice any more: each of the {n} "
        f"pair{'s' if n != 1 else ''} of neighbouring characters occurs once. Replacing a pair "
        "that occurs once would shorten the string by one character but add a whole table "
        "entry, so Gage's algorithm ends here. " + summary
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
            status, label = "replaced", f"{pc.count} ★ replaced"
        elif pc.pair in tied:
            status, label = "tied", f"{pc.count} tie"
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


def _pair_chart(text: str) -> alt.LayerChart:
    """The pair-count bar chart, a template (see :mod:`ui.charts`); ``text``: label colour.

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
            axis=count_axis("copies (not overlapping)"),
            scale=alt.Scale(domainMin=0, nice=True),
        ),
        tooltip=[
            "pair:N",
            alt.Tooltip("count:Q", title="copies"),
            alt.Tooltip("overlapping:Q", title="with overlaps"),
            "first at:Q",
            "status:N",
        ],
    )
    bars = base.mark_bar(stroke="currentColor", strokeWidth=0.5).encode(color=colour)
    labels = base.mark_text(
        align="left", dx=4, fontSize=13, color=text, limit=VALUE_LABEL_PX
    ).encode(text="label:N")
    rule = (
        alt.Chart(alt.NamedData("threshold"))
        .mark_rule(strokeDash=[4, 4], color=text)
        .encode(x="min:Q", tooltip=[alt.Tooltip("min:Q", title="must occur at least")])
    )
    return described(
        bars + labels + rule,
        "Bar chart: how many non-overlapping copies of each pair of neighbouring characters "
        "the string holds, most frequent first; the pair replaced is marked ★ replaced, pairs "
        "tied with it are marked tie.",
    )


def _pair_description(pairs: pa.Table, left_out: int) -> str:
    """What one drawing of the pair chart shows, in words (read by screen readers)."""
    rows = pairs.select(["pair", "count", "status"]).to_pylist()
    chosen = [r for r in rows if r["status"] == "replaced"]
    more = f" (and {left_out:,} more, not drawn)" if left_out else ""
    text = f"Bar chart of pair counts in the string: {len(rows):,} pairs{more}."
    if chosen:
        text += f" Replaced: {chosen[0]['pair']}, {chosen[0]['count']:,} copies."
    tied = sum(r["status"] == "tied" for r in rows)
    if tied:
        text += f" {tied:,} other pair{'s' if tied > 1 else ''} tied with it."
    return text + f" The dashed line: a pair must occur at least {gage.MIN_COUNT} times."


def _pair_table_html(pairs: pa.Table) -> str:
    """The pair chart's numbers as a folded table (its text alternative)."""
    marks = {"replaced": "★ replaced", "tied": "tie", "other": ""}
    columns = ["rank", "pair", "count", "overlapping", "first at", "status"]
    rows = [
        tuple(marks.get(r[c], r[c]) if c == "status" else r[c] for c in columns)
        for r in pairs.select(columns).to_pylist()
    ]
    return table_details_html(
        "Show the pair counts as a table",
        ["rank", "pair", "copies", "with overlaps", "first at", "status"],
        rows,
        caption="Pair counts in the string, as in the chart",
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
                "chosen by": {"unique": "most frequent", "chosen": "you"}.get(
                    step.rule, "first occurrence"
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
        return "<p class='sw-small'>The table is empty: nothing has been replaced.</p>"
    body = []
    for row in table.to_pylist():
        step, symbol, pair, stands, copies, chosen = row.values()
        now = badge_html("this step", "success") if step == current else ""
        body.append(
            f"<tr><td>{step}</td><td>{string_html(symbol, colours)}</td>"
            f"<td>{string_html(pair, colours)}</td>"
            f"<td class='sw-gage-wrap'>{_piece_html(stands)}</td>"
            f"<td style='text-align:right'>{copies}</td><td>{esc(chosen)} {now}</td></tr>"
        )
    return (
        "<table class='sw-table'><thead><tr><th>step</th><th>symbol</th><th>= pair</th>"
        "<th>stands for</th><th>copies</th><th>chosen by</th></tr></thead>"
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
        for part, n in (("string", string), ("table", table)):
            rows.append(
                {"step": k, "part": part, "characters": n, "total": string + table, "now": k == now}
            )
    return arrow_table(rows, ["step", "part", "characters", "total", "now"])


def _size_chart(text: str) -> alt.LayerChart:
    """Characters to store after each step, a template (see :mod:`ui.charts`).

    Its data: ``sizes`` (rows of :func:`size_data` plus ``now``: true on the current step's
    rows, drawn darker), ``totals`` (one row per step) and ``input`` (one row, ``y``: the
    input's length, drawn as a dashed line).
    """
    bars = (
        alt.Chart(alt.NamedData("sizes"))
        .mark_bar(stroke="currentColor", strokeWidth=0.5)
        .encode(
            x=alt.X(
                "step:O",
                title="after step (0 = the input)",
                axis=alt.Axis(labelAngle=0, labelOverlap=True),  # drops labels that would touch
            ),
            y=alt.Y("characters:Q", axis=count_axis("characters to store"), stack="zero"),
            color=alt.Color(
                "part:N",
                scale=alt.Scale(domain=["string", "table"], range=["#1f77b4", "#ff9f1c"]),
                legend=top_legend(["string", "table"], room=250),  # a wider column
            ),
            order=alt.Order("part:N", sort="ascending"),
            opacity=alt.condition("datum.now", alt.value(1.0), alt.value(0.45)),
            tooltip=["step:O", "part:N", "characters:Q", "total:Q"],
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
        .encode(y="y:Q", tooltip=[alt.Tooltip("y:Q", title="the input's length")])
    )
    return described(
        (bars + totals + line).properties(height=360),
        "Stacked bar chart: the characters to store after each step, the string and the "
        "table, with their total above each bar; the current step is drawn darker, a dashed "
        "line marks the input's length.",
    )


def _sizes_table_html(sizes: pa.Table) -> str:
    """The size chart's numbers as a folded table: one row per step."""
    by_step: dict[int, dict[str, int]] = {}
    for r in sizes.select(["step", "part", "characters", "total"]).to_pylist():
        by_step.setdefault(r["step"], {"total": r["total"]})[r["part"]] = r["characters"]
    rows = [(k, v.get("string", 0), v.get("table", 0), v["total"]) for k, v in by_step.items()]
    return table_details_html(
        "Show the sizes as a table",
        ["after step", "string", "table", "string + table"],
        rows,
        caption="Characters to store after each step, as in the chart",
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
        f"<div class='sw-gage-row'><span class='sw-gage-what'>Start</span>"
        f"{string_html(start, colours, limit=SHOW_CHARS_DECOMPRESS)}</div>"
    ]
    steps = gage.decompress_steps(start, table)
    for ds in steps:
        # where the expanded pairs sit in the new string: each earlier one added a character
        spots = [p + k for k, p in enumerate(ds.positions)]
        where = f"{len(ds.positions)} place{'s' if len(ds.positions) != 1 else ''}"
        after = string_html(
            ds.after, colours, groups=spots, label="back", limit=SHOW_CHARS_DECOMPRESS
        )
        rows.append(
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{ds.number}.</span>"
            f"<span>{_sym(ds.symbol)} → {_pair(ds.pair)} ({where})</span>"
            f"{after}</div>"
        )
    end = steps[-1].after if steps else start
    if end == result.text:
        verdict = badge_html("✓ identical to the input", "success")
    else:  # pragma: no cover - compress guarantees the round trip
        verdict = badge_html("✗ differs from the input", "error")
    if not steps:
        intro = "The table is empty, so there is nothing to undo: the string is the input."
    elif len(steps) == 1:
        intro = (
            f"The table has one entry: put {_sym(steps[0].symbol)} back as "
            f"{_pair(steps[0].pair)} wherever it stands."
        )
    else:
        intro = (
            f"Read the table backwards: the last entry, {_sym(steps[0].symbol)}, is undone "
            "first, because later symbols are made of earlier ones. Each symbol is put back "
            "as its pair wherever it stands."
        )
    return (
        f"<p class='sw-text'>{intro}</p>{''.join(rows)}<p>{verdict}</p>"
        f"<p class='sw-small'>Compare the result with the input:</p>"
        f"<div class='sw-gage-row'><span class='sw-gage-what'>Input</span>"
        f"{string_html(result.text, colours, limit=SHOW_CHARS_DECOMPRESS)}</div>" + _CSS
    )


# --------------------------------------------------------------------------------------
# Rendering one step
# --------------------------------------------------------------------------------------


def _seed_note(step: GageStep, result: GageResult) -> str | None:
    if result.text != SEED_TEXT:
        return None
    if step.number == 1 and step.pair is not None:
        same = "too" if step.pair == ("a", "a") else "instead"
        return (
            f"Seed 003 replaces <code>aa</code> here {same} (Z = aa). It does not say how it "
            "counts: with overlapping copies <code>aa</code> would win outright, 4 to 2."
        )
    if step.number != 2 or _SEED_PAIR not in step.tied:
        return None
    if step.pair == _SEED_PAIR:
        return (
            "This is seed 003's choice: it replaces <code>ab</code> here (Y = ab), and step 3 "
            "then gives X = ZY, the seed's table."
        )
    return (
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
        return "stop"
    return f"{visible_whitespace(step.pair[0] + step.pair[1])} → {visible_whitespace(step.symbol)}"


def _title(step: GageStep) -> str:
    if step.pair is None:
        return f"Step {step.number}: compression stops"
    return f"Step {step.number}: {_pair(step.pair)} → {_sym(step.symbol or '')}"


def render_step(result: GageResult, number: int, settings: GageSettings) -> None:
    """Draw one step: the sentence, the tie, the counts, before/after, table, sizes, decoding."""
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    state = min(number, len(result.replacements))  # replacements done after this step
    colours = _colours(result.table)
    badges = []
    if step.is_tie and step.pair is not None:
        badges.append(badge_html(f"tie × {len(step.tied)}", "warning"))
    if step.pair is not None:
        badges.append(badge_html(f"−{step.saved} characters", "success"))
    elif step.stop_reason == "out_of_symbols":
        badges.append(badge_html("out of symbols", "error"))
    else:
        badges.append(badge_html("done", "info"))
    # the string first: it is what a class watches shrink, so it stays near the controls
    if step.pair is not None:
        before = string_html(step.before, colours, groups=step.positions, label="pair")
        after = string_html(step.after, colours, highlight=step.after_positions, label="new")
        strings = (
            f"<div class='sw-gage-row'><span class='sw-gage-what'>Before</span>{before}</div>"
            f"<div class='sw-gage-row'><span class='sw-gage-what'>After</span>{after}</div>"
        )
    else:
        strings = (
            "<div class='sw-gage-row'><span class='sw-gage-what'>Final</span>"
            f"{string_html(step.after, colours)}</div>"
        )
    show_html(
        f"<h3 style='margin:.2em 0'>{_title(step)} {' '.join(badges)}</h3>"
        f"{strings}"
        f"<p class='sw-text' style='font-size:1.08em'>{explain_step(step, result)}</p>" + _CSS
    )
    left, right = st.columns([1, 1.25])
    with left:
        st.markdown(f"**Pair counts in the string at step {step.number:d}**")
        pairs = pair_count_data(step)
        if pairs.num_rows == 0:
            st.info("No pairs: the string has fewer than two characters.")
        else:
            left_out = max(step.pairs_total - pairs.num_rows, 0)
            show_template(
                _pair_chart,
                (text_colour(),),
                {"pairs": pairs, "threshold": {"min": [gage.MIN_COUNT]}},
                # subtle: the chart is fitted into this height with its axis and note, so
                # the bars get what is left over
                properties=bar_chart_properties(pairs.num_rows, left_out, "more pairs, not drawn"),
                description=_pair_description(pairs, left_out),
                width="stretch",
            )
            drawn = f"The {pairs.num_rows:d} most frequent of" if left_out else "All"
            show_html(
                caption_html(
                    f"{drawn} {step.pairs_total:d} pairs. ★ replaced (red bar); tie: tied "
                    "with it (orange); dashed line: a pair must occur at least twice. Point at "
                    "a bar for its count with overlaps. Copies are counted without overlaps, as "
                    "the replacement uses them."
                )
                + _pair_table_html(pairs)
            )
    with right:
        show_html(
            heading_html("The table so far")
            + _table_html(table_data(result, state), colours, step.number)
            + _CSS
        )

    if step.is_tie and step.pair is not None:
        tie_picker(_NS, settings, step.number, step.tied, step.pair, verb="Replace")

    note = _seed_note(step, result)
    if note:
        show_html(f"<p class='sw-text'>{badge_html('seed note', 'info')} {note}</p>")
    _render_sizes(result, state)

    show_html(heading_html("Decompress: back to the original") + decompress_html(result, state))


def _render_sizes(result: GageResult, state: int) -> None:
    string = len(result.string_at(state))
    entries = state
    table = gage.TABLE_ENTRY_CHARS * entries
    total = string + table
    original = len(result.text)
    # one horizontal container rather than four columns: fewer blocks to send at each step
    metrics = st.container(horizontal=True, gap="medium")
    metrics.metric("String length", f"{original} → {string}", help="Characters in the string.")
    metrics.metric(
        "Compression ratio",
        f"{original / string if string else 1:.2f}",
        help="Input length ÷ string length (the table not counted).",
    )
    metrics.metric(
        "Table",
        f"{entries} × {gage.TABLE_ENTRY_CHARS} = {table}",
        help="Each entry written out takes 3 characters: the symbol and its pair.",
    )
    metrics.metric(
        "String + table",
        f"{total}",
        delta=f"{total - original:+d} vs the input",
        delta_color="inverse",
        help="What must be stored to get the text back. Input length ÷ this = "
        f"{original / total if total else 1:.2f}.",
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
            (text_colour(),),
            {
                "sizes": sizes,
                "totals": sizes.take([2 * k for k in written]),  # one row per step
                "input": {"y": [original]},
            },
            description=(
                f"Stacked bar chart of the characters to store after each of {steps - 1:,} "
                f"steps (string and table). The input: {original:,}; after step {state:,} "
                f"(drawn darker): {string:,} + {table:,} = {total:,}. A dashed line marks "
                "the input's length."
            ),
            width="stretch",
        )
    with right:
        ratio_all = original / total if total else 1.0
        verdict = (
            "smaller than the input"
            if total < original
            else "the same size as the input"
            if total == original
            else "<strong>longer</strong> than the input"
        )
        show_html(
            "<p class='sw-text'>"
            f"The string went from {_chars(original)} to <strong>{string}</strong>: a "
            f"compression ratio of <strong>{original / string if string else 1:.2f}</strong>. "
            f"But the table is part of the cost: {entries} entr{'y' if entries == 1 else 'ies'}"
            f" × {gage.TABLE_ENTRY_CHARS} characters = {table}. String and table together take "
            f"<strong>{total}</strong> characters, {verdict} (ratio {ratio_all:.2f}). A "
            "replacement pays off only when its pair occurs often: each copy saves one "
            "character, and each entry costs three.</p>" + _sizes_table_html(sizes)
        )
