"""The corpus log-likelihood over all training steps: its data, chart and table.

Example:
    >>> from subword_core.unigram import learn
    >>> likelihood_chart_data(learn({"hug": 10, "pug": 5}, vocab_size=5)).num_rows > 1
    True
"""

from __future__ import annotations

import altair as alt
import pyarrow as pa
import streamlit as st

from subword_core.unigram import EMStep, PruneStep, UnigramResult
from ui.app.i18n import current_language, translator
from ui.draw.charts import arrow_table, count_axis, described, show_template, top_legend
from ui.draw.html import md_escape, table_details_html
from ui.views.unigram.params import _KIND_COLOURS, _KIND_SHAPES, _column_label

t = translator("unigram")


# --------------------------------------------------------------------------------------
# Data for charts and tables (tested directly)
# --------------------------------------------------------------------------------------


def likelihood_chart_data(result: UnigramResult) -> pa.Table:
    """One row per step: its kind and the corpus log-likelihood after it.

    The kinds and the ``what`` labels are in the session's language (the chart's legend and
    tooltip show them; :func:`_likelihood_chart` uses the same words).

    >>> from subword_core.unigram import learn
    >>> table = likelihood_chart_data(learn({"hug": 10, "pug": 5, "pun": 12}, 9))
    >>> table["kind"].to_pylist()
    ['seed', 'EM', 'EM', 'prune', 'EM', 'EM']
    """
    rows = []
    kinds = _kind_labels()
    for step, ll in zip(result.steps, result.log_likelihoods, strict=True):
        kind = kinds[{"seed": "seed", "em": "EM", "prune": "prune"}[step.kind]]
        if isinstance(step, EMStep):
            label = t("EM {iteration} (round {round})").format(
                iteration=step.iteration, round=step.round
            )
            size = step.vocab_size
        elif isinstance(step, PruneStep):
            label = t("prune {round}: {before:,} → {after:,}").format(
                round=step.round, before=step.vocab_before, after=step.vocab_after
            )
            size = step.vocab_after
        else:
            label = kinds["seed"]
            size = step.vocab_size
        rows.append(
            {
                "step": step.number,
                "kind": kind,
                "log-likelihood": ll,
                "pieces": size,
                "what": label,
            }
        )
    return arrow_table(rows, ["step", "kind", "log-likelihood", "pieces", "what"])


def _kind_labels() -> dict[str, str]:
    """The step kinds of the likelihood chart, by id, in the session's language."""
    return {
        # i18n: the likelihood chart's legend: the seed step
        "seed": t("seed"),
        # i18n: the likelihood chart's legend: an EM iteration
        "EM": t("EM"),
        # i18n: the likelihood chart's legend: a pruning round
        "prune": t("prune"),
    }


def _likelihood_chart(lang: str = "en") -> alt.LayerChart:
    """The log-likelihood over the steps, a template (see :mod:`ui.draw.charts`).

    ``lang`` is the language of its legend, titles and description (a template is built once
    per arguments, so the language must be one of them).

    Its data: ``steps`` (rows of :func:`likelihood_chart_data`) and ``now`` (one row,
    ``step``: the current step, drawn as a red rule).
    """
    kinds = _kind_labels()
    domain = [kinds[k] for k in _KIND_COLOURS]
    colour = alt.Color(
        "kind:N",
        scale=alt.Scale(domain=domain, range=list(_KIND_COLOURS.values())),
        legend=top_legend(domain),
    )
    # the same legend for the shape, so that the two merge into one above the plot
    shape = alt.Shape(
        "kind:N",
        scale=alt.Scale(domain=domain, range=list(_KIND_SHAPES.values())),
        legend=top_legend(domain),
    )
    base = alt.Chart(alt.NamedData("steps")).encode(
        x=alt.X("step:Q", axis=count_axis(t("step"))),
        y=alt.Y("log-likelihood:Q", title=t("corpus log-likelihood"), scale=alt.Scale(zero=False)),
        tooltip=[
            alt.Tooltip("step:Q", title=t("step")),
            alt.Tooltip("what:N", title=t("what")),
            alt.Tooltip("log-likelihood:Q", format=",.6f", title=t("log-likelihood")),
            alt.Tooltip("pieces:Q", title=t("pieces")),
        ],
    )
    line = base.mark_line(color="#8c8c8c", strokeDash=[3, 3])
    points = base.mark_point(filled=True, size=90).encode(color=colour, shape=shape)
    now = (
        alt.Chart(alt.NamedData("now")).mark_rule(color="#d62728", strokeWidth=2).encode(x="step:Q")
    )
    return described(
        (line + points + now).properties(height=300),  # ~40 px go to the legend
        t(
            "Line chart: the corpus log-likelihood after each step of the training, the seed "
            "(a diamond), the EM iterations (circles) and the pruning rounds (triangles); a "
            "vertical line marks the current step."
        ),
    )


def zoomed_rows(data: pa.Table) -> pa.Table | None:
    """The rows of :func:`likelihood_chart_data` after the first EM iteration, whose changes the
    first iteration's jump flattens on a shared axis; ``None`` when fewer than two are left.

    >>> from subword_core.unigram import learn
    >>> data = likelihood_chart_data(learn({"hug": 10, "pug": 5, "pun": 12}, 9))
    >>> zoomed_rows(data)["step"].to_pylist()  # the seed and the first EM iteration left out
    [3, 4, 5, 6]
    """
    em = _kind_labels()["EM"]
    kinds = data["kind"].to_pylist()
    first = next((i for i, kind in enumerate(kinds) if kind == em), None)
    if first is None or data.num_rows - first - 1 < 2:
        return None
    return data.slice(first + 1)


def _zoomed_likelihood_chart(steps: pa.Table, number: int) -> None:
    """The likelihood chart again from the second EM iteration on, on its own axis."""
    zoomed = zoomed_rows(steps)
    if zoomed is None:
        return
    first = zoomed["step"][0].as_py()
    heading = t("Zoomed in: after the first EM iteration (steps {first:,}–{last:,})").format(
        first=first, last=zoomed["step"][-1].as_py()
    )
    st.markdown("**" + md_escape(heading) + "**")
    show_template(
        _likelihood_chart,
        (current_language(),),
        {"steps": zoomed, "now": {"step": [max(number, first)]}},
        description=t(
            "The same line chart from step {first:,} on, its axis fitted to these steps so "
            "that the smaller changes after the first EM iteration show."
        ).format(first=first),
        width="stretch",
    )


def _likelihood_table_html(data: pa.Table) -> str:
    """The likelihood chart's numbers as a folded table (its text alternative)."""
    rows = [
        (r["step"], r["what"], r["log-likelihood"], r["pieces"])
        for r in data.select(["step", "what", "log-likelihood", "pieces"]).to_pylist()
    ]
    return table_details_html(
        t("Show the log-likelihoods as a table"),
        [_column_label(c) for c in ("step", "what", "log-likelihood", "pieces")],
        rows,
        caption=t("Corpus log-likelihood after each step, as in the chart"),
    )
