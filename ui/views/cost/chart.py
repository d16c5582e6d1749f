"""The cost page's chart, table and tokens drawn, for every tokenizer the app has.

Example:
    >>> names_of("tokens per word")
    'tokens per word'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd
import streamlit as st

from ui.app.i18n import translator
from ui.draw.charts import described, show_chart, top_legend
from ui.draw.html import esc, show_html, token_spans_html
from ui.views.compare.plan import display_name
from ui.views.compare.train import Trained
from ui.views.cost.costs import _sample_names, cost_rows, pretrained_tokens, trained_tokens
from ui.views.cost.sentences import _COLOURS, LANGUAGES, _language_names
from ui.views.pretrained.files import SAMPLES

t = translator("cost")


def _chart(data: pd.DataFrame) -> alt.Chart:
    """The bars, every label a screen reader reads in the session's language: each field's
    title (Vega-Lite names a bar by its fields' titles, the field name when a title is
    left out), each bar's own sentence (``description``) and the axes' and legend's."""
    names = _language_names()
    domain = [names[lang] for lang in LANGUAGES]
    data = data.assign(
        aria=[
            t("{tokenizer}, {language}: {n} tokens").format(
                tokenizer=row["tokenizer"], language=row["language"], n=row["tokens"]
            )
            for _, row in data.iterrows()
        ]
    )
    language = t("language")
    return described(
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=alt.Y(
                "tokenizer:N",
                title=t("tokenizer"),
                sort=None,
                axis=alt.Axis(
                    title=None,
                    labelLimit=260,
                    description=t("The tokenizers, one group of bars each"),
                ),
            ),
            yOffset=alt.YOffset("language:N", sort=domain, title=language),
            x=alt.X(
                "tokens:Q",
                title=t("tokens"),
                axis=alt.Axis(description=t("The number of tokens")),
            ),
            color=alt.Color(
                "language:N",
                scale=alt.Scale(domain=domain, range=[_COLOURS[lang] for lang in LANGUAGES]),
                legend=top_legend(domain, description=t("The colours: the sentence's language")),
                title=language,
            ),
            tooltip=[
                alt.Tooltip("tokenizer:N", title=t("tokenizer")),
                alt.Tooltip("language:N", title=language),
                alt.Tooltip("tokens:Q", title=t("tokens")),
                alt.Tooltip("tokens per character:Q", title=t("tokens per character")),
            ],
            description=alt.Description("aria:N"),
        )
        .properties(height=alt.Step(9)),
        t("Bar chart: how many tokens each tokenizer needs for the sentence in each language."),
    )


def _tokens_table_html(
    tokens: Mapping[str, Mapping[str, Sequence[str]]], labels: Mapping[str, str]
) -> str:
    """Every tokenizer's tokens, one row each, a column per language (escaped HTML)."""
    names = _language_names()
    head = "".join(f"<th scope='col'>{esc(names[lang])}</th>" for lang in LANGUAGES)
    rows = "".join(
        f"<tr><th scope='row'>{esc(labels[name])}</th>"
        + "".join(
            f"<td lang='{lang}'><strong>{len(by_lang[lang])}</strong> "
            f"{token_spans_html(list(by_lang[lang]), unk='[UNK]')}</td>"
            for lang in LANGUAGES
        )
        + "</tr>"
        for name, by_lang in tokens.items()
    )
    return (
        f"<table class='sw-table'><thead><tr><th>{esc(t('tokenizer'))}</th>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def render_costs(trained: Mapping[str, Trained], sentences: Mapping[str, str]) -> None:
    """The chart, the table and the tokens drawn, for every tokenizer the app has.

    Example::

        render_costs(trained, sentence_inputs())
    """
    labels: dict[str, str] = {}
    tokens: dict[str, dict[str, tuple[str, ...]]] = {}
    by_lang = {lang: trained_tokens(trained, sentences[lang]) for lang in LANGUAGES}
    for name in trained:
        label = t("{name} trained on this corpus").format(name=display_name(name))
        labels[label] = label
        tokens[label] = {lang: by_lang[lang][name] for lang in LANGUAGES}
    samples = {lang: pretrained_tokens(sentences[lang]) for lang in LANGUAGES}
    sample_names = _sample_names()
    for key in SAMPLES:
        if all(isinstance(samples[lang][key], tuple) for lang in LANGUAGES):
            label = sample_names[key]
            labels[label] = label
            tokens[label] = {lang: samples[lang][key] for lang in LANGUAGES}  # type: ignore[misc]
    names = _language_names()
    rows = cost_rows(tokens, sentences)
    data = pd.DataFrame(rows)
    data["language"] = data["language"].map(names)
    show_chart(_chart(data), width="stretch")
    st.caption(
        t(
            "Per word: per word of the English sentence, the same meaning in every language "
            "(Chinese writes no spaces between words). Characters: without spaces."
        )
    )
    wide = data.pivot_table(
        index="tokenizer",
        columns="language",
        values=["tokens", "tokens per character", "tokens per word"],
        aggfunc="first",
        sort=False,
    )
    wide.columns = [f"{names_of(value)} · {lang}" for value, lang in wide.columns]
    wide.index.name = t("tokenizer")
    st.dataframe(wide, width="stretch")
    show_html(_tokens_table_html(tokens, labels))


def names_of(column: str) -> str:
    """A column's heading in the session's language.

    Example:
        >>> names_of("tokens per word")
        'tokens per word'
    """
    return {
        "tokens": t("tokens"),
        "tokens per character": t("tokens per character"),
        "tokens per word": t("tokens per word"),
    }[column]
