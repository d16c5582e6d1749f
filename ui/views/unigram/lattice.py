"""The lattice of one word: its chart's data, the chart, the table and every segmentation.

Example:
    >>> from subword_core.unigram import learn
    >>> model = learn({"hug": 10, "pug": 5}, vocab_size=5).model
    >>> segmentation_table(model, "hug").columns[0]
    'rank'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from subword_core.unigram import Lattice, Unigram
from ui.app.i18n import translator
from ui.draw.charts import count_axis, described
from ui.draw.html import table_details_html
from ui.views.unigram.params import MAX_TABLE_SEGMENTATIONS, _column_label
from ui.views.unigram.text import prob_text, seg_text

t = translator("unigram")


# --------------------------------------------------------------------------------------
# One word: lattice, all segmentations, n-best, sampling
# --------------------------------------------------------------------------------------


def lattice_chart_data(lattice: Lattice) -> pd.DataFrame:
    """One row per lattice node, with the row it is drawn in (Viterbi path on top).

    >>> lat = Unigram([("a", -1.0), ("b", -2.0), ("ab", -1.5)]).lattice("ab")
    >>> lattice_chart_data(lat)[["piece", "start", "end", "row", "status"]].values.tolist()
    [['ab', 0, 2, 0, 'Viterbi path'], ['a', 0, 1, 1, 'other'], ['b', 1, 2, 1, 'other']]
    """
    rows = []
    # the best path fills row 0; the other nodes are packed greedily below it
    ends: list[int] = []
    order = sorted(
        (n for n in lattice.nodes if not n.on_best_path),
        key=lambda n: (n.end - n.start, n.start),
    )
    placed: dict[int, int] = {i: 0 for i in lattice.best_path}
    for node in order:
        for r, end in enumerate(ends):
            if end <= node.start:
                ends[r] = node.end
                placed[node.index] = r + 1
                break
        else:
            ends.append(node.end)
            placed[node.index] = len(ends)
    for node in sorted(lattice.nodes, key=lambda n: (placed[n.index], n.start)):
        status = "Viterbi path" if node.on_best_path else ("unknown" if node.unknown else "other")
        rows.append(
            {
                "piece": node.piece,
                "start": node.start,
                "end": node.end,
                "row": placed[node.index],
                "status": status,
                "log P(piece)": round(node.score, 4),
                "best score before": round(node.best_prefix, 4),
                "forward (log)": round(node.forward, 4),
                "backward (log)": round(node.backward, 4),
                "chance used": round(node.posterior, 4),
                "unknown": node.unknown,
                "middle": (node.start + node.end) / 2,
                "label": ("★ " if node.on_best_path else "") + node.piece,
            }
        )
    return pd.DataFrame(rows)


def _lattice_chart(rows: int, length: int, text: str, lang: str = "en") -> alt.LayerChart:
    """The lattice of a word, a template (see :mod:`ui.draw.charts`).

    ``rows``: rows of pieces; ``length``: the word's length in characters; ``text``: the
    label colour; ``lang``: the language of its titles (see :func:`_likelihood_chart`). Its
    data: ``nodes`` (rows of :func:`lattice_chart_data`) and ``letters``
    (the word's characters above the pieces: ``middle``, ``row`` = -1, ``label``).
    """
    scale = alt.Scale(
        domain=["Viterbi path", "other", "unknown"],
        range=["#d62728", "#1f77b4", "#ff7f0e"],
    )
    y = alt.Y("row:O", axis=None, scale=alt.Scale(domain=list(range(-1, rows))))
    tooltip = [
        alt.Tooltip(f"{name}:{kind}", title=_column_label(name))
        for name, kind in (
            ("piece", "N"),
            ("start", "Q"),
            ("end", "Q"),
            ("log P(piece)", "Q"),
            ("best score before", "Q"),
            ("forward (log)", "Q"),
            ("backward (log)", "Q"),
            ("chance used", "Q"),
        )
    ]
    # translucent fills and theme-coloured text read on the light and the dark theme; the
    # path also differs by its thick border and the star, not by colour alone
    bars = (
        alt.Chart(alt.NamedData("nodes"))
        .mark_bar(cornerRadius=3, height={"band": 0.8}, fillOpacity=0.3)
        .encode(
            x=alt.X(
                "start:Q",
                title=t("position in the word"),
                scale=alt.Scale(domain=[0, length]),
                axis=count_axis(values=list(range(length + 1))),
            ),
            x2="end:Q",
            y=y,
            color=alt.Color("status:N", scale=scale, legend=None),
            # no legend: the height is fitted to the rows (a legend was cut off below them);
            # the caption says what red, blue and a dashed border mean
            stroke=alt.Stroke("status:N", scale=scale, legend=None),
            strokeWidth=alt.condition(
                alt.datum.status == "Viterbi path", alt.value(3), alt.value(1.2)
            ),
            strokeDash=alt.condition(alt.datum.unknown, alt.value([4, 3]), alt.value([1, 0])),
            tooltip=tooltip,
        )
    )
    labels = (
        alt.Chart(alt.NamedData("nodes"))
        .mark_text(fontSize=15, color=text)
        .encode(x="middle:Q", y=y, text="label:N", tooltip=tooltip)
    )
    heading = (
        alt.Chart(alt.NamedData("letters"))
        .mark_text(fontSize=18, fontWeight="bold", color=text)
        .encode(x="middle:Q", y=y, text="label:N")
    )
    return described(
        bars + labels + heading,
        t(
            "Lattice of the word: its characters on top, and one bar for every vocabulary piece "
            "that fits at those positions; the top row, marked ★, is the most probable "
            "segmentation (the Viterbi path); a dashed border marks an unknown character."
        ),
    )


_LATTICE_TABLE = (
    "piece", "start", "end", "status", "log P(piece)", "best score before", "forward (log)",
    "backward (log)", "chance used",
)  # fmt: skip


def _lattice_table_html(data: pd.DataFrame) -> str:
    """The lattice chart's numbers as a folded table, path first (its text alternative)."""
    statuses = {
        "Viterbi path": "★ " + t("Viterbi path"),
        # i18n: a lattice piece that is not on the best path
        "other": t("other"),
        # i18n: a lattice piece for a character missing from the vocabulary
        "unknown": t("unknown"),
    }
    at = _LATTICE_TABLE.index("status")
    rows = [
        tuple(statuses.get(v, v) if i == at else v for i, v in enumerate(row))
        for row in data[list(_LATTICE_TABLE)].itertuples(index=False)
    ]
    return table_details_html(
        t("Show the lattice as a table"),
        [_column_label(c) for c in _LATTICE_TABLE],
        rows,
        caption=t("Every piece of the lattice, with its scores, as in the chart"),
    )


def segmentation_table(
    model: Unigram, word: str, limit: int = MAX_TABLE_SEGMENTATIONS
) -> pd.DataFrame:
    """Every segmentation of ``word`` with P and its share of P(word), most probable first.

    Raises:
        ParameterError: the word has more than ``limit`` segmentations.

    >>> model = Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("pu", -2.5)])
    >>> segmentation_table(model, "pug")[["segmentation", "pieces", "best"]].values.tolist()
    [['pu · g', 2, '★'], ['p · u · g', 3, '']]
    """
    segs = model.segmentations(word, limit=limit)
    best = tuple(model.encode(word))
    return pd.DataFrame(
        [
            {
                "rank": i,
                "segmentation": seg_text(s.pieces),
                "pieces": s.length,
                "log P": round(s.log_prob, 4),
                "P": prob_text(s.prob),
                "share of P(word)": prob_text(s.share),
                "best": "★" if s.pieces == best else "",
            }
            for i, s in enumerate(segs, start=1)
        ]
    )
