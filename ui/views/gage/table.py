"""The replacement table, and decompression: reading the table backwards to the input.

Example:
    >>> from subword_core.gage import compress
    >>> table_data(compress("aaabdaaabac"), 3)["stands for"].to_pylist()
    ['aa', 'aaa', 'aaab']
"""

from __future__ import annotations

from collections.abc import Mapping

import pyarrow as pa

from subword_core import gage
from subword_core.gage import GageResult
from ui.app.common import TABLE_CSS
from ui.app.i18n import translator
from ui.draw.charts import arrow_table
from ui.draw.html import badge_html, esc
from ui.views.gage.settings import SHOW_CHARS_DECOMPRESS
from ui.views.gage.strings import _CSS, _colours, _pair, _piece_html, _sym, string_html

__all__ = ["decompress_html", "table_data"]

t = translator("gage")


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
