"""The cost page's counts: how many tokens does my sentence cost? The same sentence in
English, 中文 and 한국어, counted by every tokenizer the app has: the four trained on the current
corpus (the Compare page's cached trainings, :mod:`ui.views.compare`) and the pretrained samples
(:mod:`ui.views.pretrained`).

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

import streamlit as st

from subword_core.pretrained import Pretrained, PretrainedError, load
from ui.app.i18n import translator
from ui.views.compare.segment import segment
from ui.views.compare.train import Trained
from ui.views.pretrained.files import ASSETS, SAMPLES

t = translator("cost")


def trained_tokens(trained: Mapping[str, Trained], text: str) -> dict[str, tuple[str, ...]]:
    """Each trained tokenizer's tokens for ``text`` (cut at spaces, each word on its own; the
    tokens that are only a marker, such as a lone ``</w>``, left out).

    Example:
        >>> from ui.views.compare.train import train_all
        >>> from subword_core.text.corpus import Corpus
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
