"""WordPiece, the "likelihood vs frequency" tab: the same corpus learned with both scores.

Example::

    from ui.views.wordpiece.compare import render_compare
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from subword_core import wordpiece
from subword_core.text.corpus import Corpus
from subword_core.wordpiece import WordPieceResult, WordPieceStep
from ui.app.i18n import translator
from ui.draw.html import show_html, token_spans_html
from ui.merge_family.words import pair_html
from ui.views.wordpiece.settings import WordPieceSettings, column, fraction_text, train_or_explain

__all__ = ["comparison_table", "render_compare"]

t = translator("wordpiece")


def comparison_table(a: WordPieceResult, b: WordPieceResult) -> pd.DataFrame:
    """Side by side: the token each run adds at each step, and whether they agree.

    >>> from subword_core.wordpiece import learn
    >>> c = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> comparison_table(learn(c, 9), learn(c, 9, scoring="frequency")).iloc[0].tolist()[1:]
    ['##g + ##s → ##gs', '1/20 ≈ 0.0500', '##u + ##g → ##ug', '20', '✗ differ']
    """
    rows = []
    for i in range(max(len(a.steps), len(b.steps))):
        x = a.steps[i] if i < len(a.steps) else None
        y = b.steps[i] if i < len(b.steps) else None
        rows.append(
            {
                "step": i + 1,
                "likelihood merges": _merge_text(x),
                "its score": fraction_text(x.best_score) if x and x.merged else "",
                "frequency merges": _merge_text(y),
                "its count": fraction_text(y.best_score) if y and y.merged else "",
                "same?": "✓" if x and y and x.merged == y.merged else t("✗ differ"),
            }
        )
    return pd.DataFrame(rows).rename(columns=column)


def _merge_text(step: WordPieceStep | None) -> str:
    if step is None or step.merged is None:
        return "—"
    return f"{step.merged[0]} + {step.merged[1]} → {step.new_token}"


def render_compare(corpus: Corpus, settings: WordPieceSettings) -> None:
    """Train both scorings with the same size; mark where they first choose differently."""
    like = train_or_explain(
        corpus,
        WordPieceSettings(settings.vocab_size, "likelihood", settings.tie_break, settings.prefix),
        with_choices=False,
    )
    freq = train_or_explain(
        corpus,
        WordPieceSettings(settings.vocab_size, "frequency", settings.tie_break, settings.prefix),
        with_choices=False,
    )
    if like is None or freq is None:
        return
    first = wordpiece.first_difference(like, freq)
    if first is None:
        show_html(
            "<p>"
            + t("On this corpus both scorings make the same merges in the same order.")
            + "</p>"
        )
    else:
        x = like.steps[first - 1]
        y = freq.steps[first - 1]
        nothing = t("nothing")
        show_html(
            "<p>"
            + t(
                "They part ways at <strong>step {step}</strong>: the likelihood score merges "
                "{like} (score {score}), while frequency merges {freq} ({n} times). "
                "Frequency favours pairs of common pieces; the likelihood score favours pairs "
                "whose pieces rarely appear without each other."
            ).format(
                step=first,
                like=pair_html(x.merged) if x.merged else nothing,
                score=fraction_text(x.best_score),
                freq=pair_html(y.merged) if y.merged else nothing,
                n=y.best_score,
            )
            + "</p>"
        )
    df = comparison_table(like, freq)
    st.dataframe(
        df.style.apply(
            lambda row: (
                ["font-weight: bold; border-top: 2px solid #d62728" if row.iloc[0] == first else ""]
                * len(row)
            ),
            axis=1,
        ),
        hide_index=True,
        width="stretch",
    )
    like_vocab, freq_vocab = set(like.vocab), set(freq.vocab)  # once: 20,000 tokens each
    only_like = [t for t in like.vocab if t not in freq_vocab]
    only_freq = [t for t in freq.vocab if t not in like_vocab]
    c1, c2 = st.columns(2)
    with c1:
        show_html(
            "<div><strong>"
            + t("Only in the likelihood vocabulary")
            + f"</strong> ({len(only_like)})</div>"
            + token_spans_html(only_like[:80])
        )
    with c2:
        show_html(
            "<div><strong>"
            + t("Only in the frequency vocabulary")
            + f"</strong> ({len(only_freq)})</div>"
            + token_spans_html(only_freq[:80])
        )
