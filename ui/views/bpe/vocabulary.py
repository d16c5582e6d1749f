"""BPE's two vocabularies after a step: the learned one (grows by one per merge) and the
symbols present in the corpus (+1, 0 or −1 per merge), with the chart of the latter.

Example:
    >>> from subword_core.bpe import learn
    >>> vocab_chart_data(learn({"low": 5, "lower": 2}, 2))["symbols"].to_pylist()
    [6, 5, 4]
"""

from __future__ import annotations

import altair as alt
import pyarrow as pa

from subword_core.bpe import BPEResult
from ui.app.glossary import term_html
from ui.app.i18n import current_language, join_sentences, translator
from ui.draw.charts import arrow_table, count_axis, described, show_template
from ui.draw.html import esc, token_spans_html

__all__ = ["learned_vocabulary", "show_vocab_chart", "vocab_chart", "vocab_chart_data"]

t = translator("bpe")


def vocab_chart_data(result: BPEResult) -> pa.Table:
    """Vocabulary size after every step (step 0 = before any merge).

    Columns ``step``, ``symbols`` and ``change``.

    >>> from subword_core.bpe import learn
    >>> vocab_chart_data(learn({"low": 5, "lower": 2}, 2))["symbols"].to_pylist()
    [6, 5, 4]
    """
    rows = [{"step": 0, "symbols": len(result.initial_vocab), "change": 0}]
    for step in result.steps:
        if step.merged is not None:
            rows.append(
                {"step": step.number, "symbols": step.vocab_size, "change": step.vocab_delta}
            )
    return arrow_table(rows, ["step", "symbols", "change"])


def vocab_chart(lang: str = "en") -> alt.LayerChart:
    """Vocabulary size over the merges, a template (see :mod:`ui.draw.charts`), its titles in
    ``lang`` (see :func:`pair_chart`).

    Its data: ``vocab`` (rows of :func:`vocab_chart_data`) and ``now`` (one row, ``step``:
    the current step, drawn as a red rule).

    >>> spec = vocab_chart().to_dict(validate=False)
    >>> [layer["data"]["name"] for layer in spec["layer"]]
    ['vocab', 'now']
    """
    line = (
        alt.Chart(alt.NamedData("vocab"))
        .mark_line(point=True)
        .encode(
            x=alt.X("step:Q", axis=count_axis(t("merge"))),
            y=alt.Y(
                "symbols:Q", scale=alt.Scale(zero=False), axis=count_axis(t("distinct symbols"))
            ),
            tooltip=[
                alt.Tooltip("step:Q", title=t("merge")),
                alt.Tooltip("symbols:Q", title=t("distinct symbols")),
                alt.Tooltip("change:Q", title=t("change")),
            ],
        )
    )
    now = alt.Chart(alt.NamedData("now")).mark_rule(color="#d62728").encode(x="step:Q")
    return described(
        (line + now).properties(height=220),
        t(
            "Line chart: how many distinct symbols the corpus holds after each merge (merge 0: "
            "the characters); a vertical line marks the current step. Each merge's change is in "
            "the merge table's last column."
        ),
    )


def show_vocab_chart(vocab: pa.Table, current: int) -> None:
    """Draw :func:`vocab_chart` for the rows ``vocab`` of :func:`vocab_chart_data`."""
    show_template(
        vocab_chart,
        (current_language(),),
        {"vocab": vocab, "now": {"step": [current]}},
        width="stretch",
    )


def learned_vocabulary(result: BPEResult, step: int) -> list[str]:
    """The learned vocabulary after ``step`` steps: the alphabet, then each merge's new symbol.

    It grows by one per merge (seed 003's list; seed 004's ``vocabs``), unlike the symbols
    present in the corpus (:meth:`BPEResult.vocab_at`, seed 000's +1 / 0 / −1).

    >>> from subword_core.bpe import learn
    >>> result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 2)
    >>> len(learned_vocabulary(result, 2)), len(result.vocab_at(2))
    (13, 10)
    """
    vocab = dict.fromkeys(result.initial_vocab)
    for s in result.steps[:step]:
        if s.merged_symbol is not None:
            vocab[s.merged_symbol] = None
    return list(vocab)


def two_vocabularies_html(result: BPEResult, step: int) -> str:
    """Both lists a BPE page calls a vocabulary, named, counted and told apart (HTML)."""
    marker = result.model.end_of_word or None
    learned = learned_vocabulary(result, step)
    present = result.vocab_at(step)
    alphabet = len(result.initial_vocab)

    def listed(symbols: list[str], highlight: list[int]) -> str:
        shown = symbols[:120]
        rest = (
            t(" … and {n} more").format(n=len(symbols) - len(shown))
            if len(symbols) > len(shown)
            else ""
        )
        keep = [i for i in highlight if i < len(shown)]
        return token_spans_html(shown, marker=marker, highlight=keep) + esc(rest)

    last = result.steps[step - 1].merged_symbol if step else None
    new = [len(learned) - 1] if last is not None and learned[-1] == last else []
    gone = len(learned) - len(present)
    why = (
        t.n(
            "{n} learned symbol is no longer in the corpus: each time, every occurrence was "
            "inside a merged pair. Encoding can still produce them (a new word may need them), "
            "so the model keeps them.",
            "{n} learned symbols are no longer in the corpus: each time, every occurrence was "
            "inside a merged pair. Encoding can still produce them (a new word may need them), "
            "so the model keeps them.",
            gone,
        ).format(n=gone)
        if gone > 0
        else ""
    )
    learned_line = t(
        "{name}: {n} symbols = the {alphabet_size} of the {alphabet} + one per merge (it only "
        "grows, as tutorial 003 prints it):"
    ).format(
        name=f"<strong>{term_html('learned-vocabulary', t('Learned vocabulary'))}</strong>",
        n=len(learned),
        alphabet_size=alphabet,
        alphabet=term_html("alphabet", t("alphabet")),
    )
    present_line = t(
        "{name}: {n} (each merge changes this by +1, 0 or −1, as tutorial 000 explains)."
    ).format(
        name=f"<strong>{term_html('corpus-symbols', t('Symbols in the corpus'))}</strong>",
        n=len(present),
    )
    return (
        f"<div class='sw-small' style='margin-top:.4em'>{learned_line}</div>"
        + listed(learned, new)
        + f"<div class='sw-small' style='margin-top:.4em'>{join_sentences(present_line, why)}</div>"
        + listed(present, [])
    )
