"""The merge table (the model so far): its data in English, and as the page shows it.

Example:
    >>> from subword_core.bpe import learn
    >>> merge_table(learn({"low": 5, "lower": 2}, 2), 2)["new symbol"].to_pylist()
    ['lo', 'low']
"""

from __future__ import annotations

import pyarrow as pa

from subword_core.bpe import BPEResult
from ui.app.i18n import translator
from ui.draw.charts import arrow_table

__all__ = ["MERGE_COLUMNS", "merge_column_label", "merge_table", "merge_table_shown"]

t = translator("bpe")


MERGE_COLUMNS = (
    "merge", "left", "right", "new symbol", "count", "tie", "chosen by", "corpus symbols ±"
)  # fmt: skip


def merge_table(result: BPEResult, upto: int) -> pa.Table:
    """The merges learned in steps 1..upto, as the merge table (the model) so far.

    Columns: :data:`MERGE_COLUMNS`.

    >>> from subword_core.bpe import learn
    >>> merge_table(learn({"low": 5, "lower": 2}, 2), 2)["new symbol"].to_pylist()
    ['lo', 'low']
    """
    rows = [
        {
            "merge": s.number,
            "left": s.merged[0],
            "right": s.merged[1],
            "new symbol": s.merged_symbol,
            "count": s.best_count,
            "tie": "yes" if s.is_tie else "",
            "chosen by": {"unique": "most frequent", "chosen": "you"}.get(s.rule, s.rule),
            "corpus symbols ±": f"{s.vocab_delta:+d}",
        }
        for s in result.steps[:upto]
        if s.merged is not None
    ]
    return arrow_table(rows, MERGE_COLUMNS)


def merge_column_label(name: str) -> str:
    """A column of :data:`MERGE_COLUMNS` as the student reads it (the data keeps the English).

    >>> merge_column_label("new symbol"), merge_column_label("no such column")
    ('new symbol', 'no such column')
    """
    labels = {
        "merge": t("merge"),
        "left": t("left"),
        "right": t("right"),
        "new symbol": t("new symbol"),
        "count": t("count"),
        "tie": t("tie"),
        "chosen by": t("chosen by"),
        "corpus symbols ±": t("corpus symbols ±"),
    }
    return labels.get(name, name)


def _chosen_by_label(value: str) -> str:
    labels = {
        "most frequent": t("most frequent"),
        "you": t("you"),
        # i18n: the tie rule "first seen in the corpus" (a merge table cell)
        "first-seen": t("first-seen"),
        # i18n: the tie rule "greatest in string order" (a merge table cell)
        "lexicographic": t("lexicographic"),
    }
    return labels.get(value, value)


def merge_table_shown(table: pa.Table) -> pa.Table:
    """A :func:`merge_table` as shown on the page: headers and words in the session's language.

    The table itself (exports, tests) keeps its English columns; in English this returns it
    with the same headers and values.

    >>> from subword_core.bpe import learn
    >>> shown = merge_table_shown(merge_table(learn({"low": 5, "lower": 2}, 2), 2))
    >>> shown.column_names[:4], shown["chosen by"].to_pylist()
    (['merge', 'left', 'right', 'new symbol'], ['first-seen', 'most frequent'])
    """
    if "tie" in table.column_names:
        at = table.schema.get_field_index("tie")
        table = table.set_column(
            at, "tie", pa.array([t("yes") if v else "" for v in table["tie"].to_pylist()])
        )
    if "chosen by" in table.column_names:
        at = table.schema.get_field_index("chosen by")
        chosen = [_chosen_by_label(v) for v in table["chosen by"].to_pylist()]
        table = table.set_column(at, "chosen by", pa.array(chosen, type=pa.string()))
    return table.rename_columns([merge_column_label(c) for c in table.column_names])
