"""The comparison tab: character-level BPE (with [UNK]) next to byte-level BPE on one text.

The page calls :func:`render_compare`.
"""

from __future__ import annotations

import dataclasses

import pandas as pd
import streamlit as st

from subword_core import bpe
from subword_core.byte_level import ByteLevelModel, ByteLevelResult
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.common import TABLE_CSS
from ui.app.corpus_picker import error_text
from ui.app.i18n import translator
from ui.draw.html import show_error, show_html, show_text, token_spans_html
from ui.runtime.training import Training, cached_training, training_work
from ui.views.byte_level.chars import _more, char_label
from ui.views.byte_level.learn import _column_label
from ui.views.byte_level.settings import MAX_CARDS, SAMPLES, UNK, ByteLevelSettings

__all__ = ["comparison_table", "render_compare"]

t = translator("byte_level")


# --------------------------------------------------------------------------------------
# Character-level BPE on the same text
# --------------------------------------------------------------------------------------


def _char_train(corpus: Corpus, settings: ByteLevelSettings) -> bpe.BPEResult:
    """Character-level BPE on the same text (cached and stoppable like :func:`_train`)."""
    extra = [(w, 1) for w in SAMPLES[settings.sample].train.split()]
    return cached_training(
        "byte-level-chars",
        (corpus, settings),
        t("Learning character-level merges"),
        Training(
            bpe.learn,
            (Corpus.from_counts([*corpus.items, *extra]), settings.num_merges),
            {
                "min_frequency": settings.min_frequency,
                "attach_end_of_word": True,
                "tie_break": settings.tie_break,
            },
            work=training_work(corpus, settings.num_merges, len(SAMPLES[settings.sample].train)),
        ),
        max_entries=16,
    )


def _char_vocab_size(result: bpe.BPEResult) -> int:
    symbols = dict.fromkeys(result.initial_vocab)
    for left, right in result.merges:
        symbols[left + right] = None
    return len(symbols) + 1  # + [UNK]


def comparison_table(
    byte_model: ByteLevelModel, char_result: bpe.BPEResult, text: str
) -> pd.DataFrame:
    """One row per method: tokens, unknown tokens, tokens per character, vocabulary, exact?

    >>> from subword_core import bpe
    >>> from subword_core.byte_level import learn
    >>> df = comparison_table(learn({"low": 3}, 2).model, bpe.learn({"low": 3}, 2), "low 你")
    >>> df["unknown tokens"].tolist(), df["tokens"].tolist()
    ([1, 0], [4, 6])
    """
    char_model = dataclasses.replace(char_result.model, unk_token=UNK)
    char_tokens = char_model.tokenize(text)
    shown = char_model.strip_marker(char_tokens)
    byte_tokens = byte_model.encode(text)
    n = max(len(text), 1)
    rows = [
        {
            "method": "character-level BPE",
            "tokens": len(char_tokens),
            "unknown tokens": sum(t == UNK for t in shown),
            "tokens per character": round(len(char_tokens) / n, 2),
            "vocabulary size": _char_vocab_size(char_result),
            "decodes back exactly": "✓" if char_model.decode(char_tokens) == text else "✗",
        },
        {
            "method": "byte-level BPE",
            "tokens": len(byte_tokens),
            "unknown tokens": 0,
            "tokens per character": round(len(byte_tokens) / n, 2),
            "vocabulary size": byte_model.vocab_size,
            "decodes back exactly": "✓" if byte_model.decode(byte_tokens) == text else "✗",
        },
    ]
    return pd.DataFrame(rows)


def render_compare(
    corpus: Corpus, settings: ByteLevelSettings, result: ByteLevelResult, text: str
) -> None:
    """Character-level BPE (with [UNK]) next to byte-level BPE on the same text."""
    if not text:
        st.info(t("Type some text above to compare the two."))
        return
    try:
        char_result = _char_train(corpus, settings)
    except SubwordError as err:
        show_error(error_text(err))
        return
    both = (
        t("Both learned **{n}** merges from the same corpus and sample.")
        if SAMPLES[settings.sample].train
        else t("Both learned **{n}** merges from the same corpus.")
    )
    st.markdown(
        both.format(n=int(settings.num_merges))
        + " "
        + t(
            "Character-level BPE starts from the characters it saw in training; anything else "
            "becomes `{unk}`. Byte-level BPE starts from all 256 bytes."
        ).format(unk=UNK)
    )
    table = comparison_table(result.model, char_result, text)
    methods = {
        "character-level BPE": t("character-level BPE"),
        "byte-level BPE": t("byte-level BPE"),
    }
    shown = table.assign(method=table["method"].map(lambda m: methods.get(m, m)))
    st.dataframe(shown.rename(columns=_column_label), hide_index=True, width="stretch")

    char_model = dataclasses.replace(char_result.model, unk_token=UNK)
    alphabet = char_model.alphabet or frozenset()
    unseen = list(dict.fromkeys(ch for ch in text if not ch.isspace() and ch not in alphabet))
    _render_both_tokens(char_model, result.model, text)
    _render_verdict(table, unseen)


def _render_both_tokens(char_model: bpe.BPEModel, byte_model: ByteLevelModel, text: str) -> None:
    """The text as each method cuts it: character-level (words, [UNK]) and byte-level."""
    split = text.split()
    words = [char_model.strip_marker(char_model.encode(w)) for w in split[:MAX_CARDS]]
    st.markdown(t("**Character-level BPE** (words split on spaces)"))
    show_html(
        " ".join(token_spans_html(w, unk=UNK) for w in words)
        + _more(len(split), t("The first {shown} of {total} words are shown."))
        + TABLE_CSS
    )
    st.markdown("**" + t("Byte-level BPE") + "**")
    byte_tokens = byte_model.encode(text)
    show_html(
        token_spans_html(byte_tokens[:MAX_CARDS])
        + _more(len(byte_tokens), t("The first {shown} of {total} tokens are shown."))
    )


def _render_verdict(table: pd.DataFrame, unseen: list[str]) -> None:
    """What the unknown characters cost each method, in words (from the comparison table)."""
    char_row, byte_row = table.iloc[0], table.iloc[1]
    if unseen:
        listed = " ".join(char_label(ch) for ch in unseen[:30])
        more = t(" and {n} more").format(n=len(unseen) - 30) if len(unseen) > 30 else ""
        unk_text = t(
            "{n} different characters of your text never occur in the training data "
            "({listed}{more}), so character-level BPE writes {unk} for them: {unknown} unknown "
            "tokens, and what they were is lost. Byte-level BPE spells them with byte tokens "
            "instead: no unknown token, exact decoding."
        ).format(
            n=len(unseen),
            listed=listed,
            more=more,
            unk=UNK,
            unknown=char_row["unknown tokens"],
        )
    else:
        unk_text = t(
            "Every character of your text occurs in the training data, so character-level BPE "
            "needs no {unk} here. Type a character it has never seen (東, 🦊, ß) to see the "
            "difference."
        ).format(unk=UNK)
    cost = t(
        "The price: byte-level BPE uses {byte} tokens per character here, character-level BPE "
        "{char}, because a character it has not merged costs one token per byte (up to 4). Its "
        "vocabulary ({vocab}) always includes all 256 bytes."
    ).format(
        byte=byte_row["tokens per character"],
        char=char_row["tokens per character"],
        vocab=byte_row["vocabulary size"],
    )
    show_text(unk_text)
    show_text(cost, small=True)
