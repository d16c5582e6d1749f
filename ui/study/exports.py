"""Downloads: a run's steps as CSV and JSON, and the learned model in the libraries' formats.

Example:
    >>> from subword_core.bpe import learn
    >>> import json
    >>> json.loads(steps_json(learn({"low": 5, "lower": 2}, 1).steps))[0]["merged"]
    ['l', 'o']
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

import pandas as pd
import pyarrow as pa
import streamlit as st

from subword_core.errors import SubwordError
from subword_core.formats import tokenizer_json
from ui.app.corpus_picker import error_text
from ui.app.i18n import translator
from ui.draw.html import md_escape, show_text

t = translator("common")


def _plain(value: object) -> object:
    """JSON has no fractions: write them as "a/b" text, which keeps them exact."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def steps_json(steps: Sequence[object]) -> str:
    """Every step with all its recorded numbers, as a JSON list (one object per step)."""
    return json.dumps(
        [dataclasses.asdict(s) for s in steps],  # type: ignore[call-overload]
        ensure_ascii=False,
        indent=1,
        default=_plain,
    )


def table_csv(table: pd.DataFrame | pa.Table) -> str:
    """A table as CSV text (header row, no index), from pandas or Arrow alike.

    >>> print(table_csv(pa.table({"merge": [1], "new symbol": ["es"]})), end="")
    merge,new symbol
    1,es
    """
    frame = table.to_pandas() if isinstance(table, pa.Table) else table
    return frame.to_csv(index=False)


def tokenizer_json_file(model: tokenizer_json.Model) -> tuple[str, str, Callable[[], str]]:
    """The :func:`export_panel` entry of a model's Hugging Face ``tokenizer.json``.

    The file is written by :func:`subword_core.formats.tokenizer_json.dumps` when the panel is
    drawn; a model the format cannot hold is explained in the panel instead.

    >>> from subword_core.unigram import Unigram
    >>> label, name, produce = tokenizer_json_file(Unigram([("a", -1.0)]))
    >>> name, '"type": "Unigram"' in produce()
    ('tokenizer.json', True)
    """
    return ("tokenizer.json", "tokenizer.json", partial(tokenizer_json.dumps, model))


def export_panel(
    key: str,
    steps: Sequence[object],
    table: pd.DataFrame | pa.Table,
    models: Sequence[tuple[str, str, Callable[[], str]]],
) -> None:
    """Download buttons for the steps (CSV of ``table``, JSON of ``steps``) and the model.

    Args:
        key: a prefix for the widget keys.
        steps: the run's steps (frozen dataclasses).
        table: one row per step, for the CSV.
        models: ``(label, file name, producer)``; a producer that raises a
            ``SubwordError`` (a format that cannot hold this model) is explained instead.
    """
    with st.expander(t("Export: the steps and the model")):
        c1, c2 = st.columns(2)
        # subtle: the step files are written only when a button is clicked (a callable as
        # ``data``): on a long run the JSON alone takes longer than the rest of the page.
        c1.download_button(
            t("Steps as CSV"),
            lambda: table_csv(table),
            file_name=f"{key}_steps.csv",
            mime="text/csv",
            key=f"{key}_dl_csv",
            on_click="ignore",  # a download changes nothing on the page: no rerun
        )
        c2.download_button(
            t("Steps as JSON (every number recorded)"),
            lambda: steps_json(steps),
            file_name=f"{key}_steps.json",
            mime="application/json",
            key=f"{key}_dl_json",
            on_click="ignore",
        )
        cols = st.columns(max(1, len(models)))
        for col, (label, name, produce) in zip(cols, models, strict=False):
            try:
                data = produce()
            except SubwordError as err:
                with col:
                    show_text(
                        t("{label}: not available for this model. {problem}").format(
                            label=label, problem=error_text(err)
                        ),
                        small=True,
                    )
                continue
            col.download_button(
                md_escape(label),
                data,
                file_name=name,
                mime="text/plain",
                key=f"{key}_dl_{name}",
                on_click="ignore",
            )
        st.caption(
            t(
                "The model files load in the reference libraries: subword-nmt's apply-bpe "
                "(codes), BERT-style tools (vocab.txt), sentencepiece-style tools (.vocab: "
                "piece, TAB, log-probability) and Hugging Face tokenizers (tokenizer.json)."
            )
        )
