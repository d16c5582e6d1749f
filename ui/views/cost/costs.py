"""How many tokens does my sentence cost? The same sentence in English, 中文 and 한국어, counted
by every tokenizer the app has: the four trained on the current corpus (the Compare page's
cached trainings, :mod:`ui.compare_view`) and the pretrained samples (:mod:`ui.pretrained_view`).

A sentence's cost is its number of tokens. To compare languages, the page divides it by the
sentence's characters (spaces left out) and by the words of the English sentence: the three
sentences say the same thing, so "tokens per English word" compares the languages on the same
meaning (Chinese has no spaces to count words by; Korean's spaced units, 어절, hold particles).

Example:
    >>> rows = cost_rows({"BPE": {"en": ("lo", "w</w>")}}, {"en": "low"})
    >>> rows[0]["tokens"], rows[0]["tokens per character"], rows[0]["tokens per word"]
    (2, 0.667, 2.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd
import streamlit as st

from subword_core.pretrained import Pretrained, PretrainedError, load
from ui.charts import described, show_chart, top_legend
from ui.views.compare.train import Trained, display_name, segment
from ui.html import esc, show_html, token_spans_html
from ui.i18n import translator
from ui.links import LinkParam, PageLink, register_page, register_params
from ui.views.pretrained.steps import ASSETS, SAMPLES, TEXT_CHARS

t = translator("cost")

__all__ = [
    "LANGUAGES",
    "SENTENCES",
    "cost_rows",
    "pretrained_tokens",
    "render_costs",
    "sentence_inputs",
    "trained_tokens",
]

LANGUAGES: tuple[str, ...] = ("en", "zh", "ko")
"""The three languages, in the order the page shows them."""

SENTENCES: dict[str, str] = {
    "en": "We learn languages at school, and computers learn them too.",
    "zh": "我们在学校学习语言，计算机也学习语言。",
    "ko": "우리는 학교에서 언어를 배우고, 컴퓨터도 언어를 배운다.",
}
"""The default sentences, written for the app: one meaning in three languages."""

_KEYS = {lang: f"cost_{lang}" for lang in LANGUAGES}
register_params(*(LinkParam(key, "str") for key in _KEYS.values()))
register_page("cost", PageLink((*_KEYS.values(), "cmp_target")))

_COLOURS = {"en": "#1f77b4", "zh": "#d62728", "ko": "#2ca02c"}


def _language_names() -> dict[str, str]:
    return {"en": t("English"), "zh": t("Chinese"), "ko": t("Korean")}


def sentence_inputs() -> dict[str, str]:
    """The three sentence boxes (defaults until the student types); the sentences by language.

    Example::

        sentences = sentence_inputs()
    """
    names = _language_names()
    columns = st.columns(3)
    out: dict[str, str] = {}
    for column, lang in zip(columns, LANGUAGES, strict=True):
        key = _KEYS[lang]
        value = st.session_state.get(key)
        if value is None:
            st.session_state[key] = SENTENCES[lang]
        elif len(value) > TEXT_CHARS:  # e.g. a long link
            st.session_state[key] = value[:TEXT_CHARS]
        out[lang] = column.text_area(names[lang], key=key, max_chars=TEXT_CHARS, height=80)
    return out


def trained_tokens(trained: Mapping[str, Trained], text: str) -> dict[str, tuple[str, ...]]:
    """Each trained tokenizer's tokens for ``text`` (cut at spaces, each word on its own; the
    tokens that are only a marker, such as a lone ``</w>``, left out).

    Example:
        >>> from ui.views.compare.train import train_all
        >>> from subword_core.corpus import Corpus
        >>> models = train_all(Corpus.from_counts({"low": 5, "lower": 2}), 12)
        >>> trained_tokens({"BPE": models["BPE"]}, "low low")["BPE"]
        ('low</w>', 'low</w>')
    """
    out: dict[str, tuple[str, ...]] = {}
    for name, model in trained.items():
        tokens: list[str] = []
        for word in text.split():
            seg = segment(model, word)
            tokens.extend(tok for tok in seg.tokens if tok not in ("</w>", "Ġ", "▁"))
        out[name] = tuple(tokens)
    return out


@st.cache_resource(max_entries=len(SAMPLES), show_spinner=False)
def _sample(key: str) -> Pretrained:
    name = SAMPLES[key][1]
    return load({name: (ASSETS / name).read_bytes()})


def _sample_names() -> dict[str, str]:
    return {
        "bytebpe": t("byte-level BPE sample (GPT-2 style)"),
        "bert": t("WordPiece sample (BERT vocab.txt)"),
        "unigram": t("Unigram sample (T5 / XLM-R style)"),
        "t5": t("Unigram sample with sentencepiece's normalizer"),
        "multilingual": t("Unigram sample that knows 中文 and 한국어"),
    }


def pretrained_tokens(text: str) -> dict[str, tuple[str, ...] | str]:
    """Each pretrained sample's tokens for ``text``, or why it cannot encode it.

    Example:
        >>> len(pretrained_tokens("hug")["bert"]) >= 1
        True
    """
    out: dict[str, tuple[str, ...] | str] = {}
    for key in SAMPLES:
        try:
            out[key] = tuple(_sample(key).trace(text).tokens)
        except PretrainedError as err:
            out[key] = str(err)
    return out


def cost_rows(
    tokens: Mapping[str, Mapping[str, Sequence[str]]], sentences: Mapping[str, str]
) -> list[dict[str, object]]:
    """One row per tokenizer and language: tokens, characters (spaces left out), the English
    sentence's words, tokens per character and per English word (3 decimals).

    Example:
        >>> row = cost_rows({"X": {"zh": ("学", "校")}}, {"en": "school", "zh": "学校"})[0]
        >>> row["tokens per character"], row["tokens per word"]
        (1.0, 2.0)
    """
    words = len(sentences.get("en", "").split()) or 1
    rows: list[dict[str, object]] = []
    for name, by_lang in tokens.items():
        for lang, toks in by_lang.items():
            chars = len("".join(sentences[lang].split())) or 1
            rows.append(
                {
                    "tokenizer": name,
                    "language": lang,
                    "tokens": len(toks),
                    "characters": chars,
                    "words": words,
                    "tokens per character": round(len(toks) / chars, 3),
                    "tokens per word": round(len(toks) / words, 3),
                }
            )
    return rows


def _chart(data: pd.DataFrame) -> alt.Chart:
    names = _language_names()
    domain = [names[lang] for lang in LANGUAGES]
    return described(
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=alt.Y("tokenizer:N", title=None, sort=None, axis=alt.Axis(labelLimit=260)),
            yOffset=alt.YOffset("language:N", sort=domain),
            x=alt.X("tokens:Q", title=t("tokens")),
            color=alt.Color(
                "language:N",
                scale=alt.Scale(domain=domain, range=[_COLOURS[lang] for lang in LANGUAGES]),
                legend=top_legend(domain),
                title=None,
            ),
            tooltip=[
                alt.Tooltip("tokenizer:N", title=t("tokenizer")),
                alt.Tooltip("language:N", title=t("language")),
                alt.Tooltip("tokens:Q", title=t("tokens")),
                alt.Tooltip("tokens per character:Q", title=t("tokens per character")),
            ],
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
