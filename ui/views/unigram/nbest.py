"""The n best segmentations of a word, with seed 000's length penalty.

Example:
    >>> from subword_core.unigram import learn
    >>> model = learn({"hug": 10, "pug": 5}, vocab_size=5).model
    >>> len(nbest_table(model, "hug", 2, 0.0)) <= 2
    True
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from subword_core.unigram import Unigram
from ui.app.common import persisted
from ui.app.i18n import translator
from ui.app.limits import LIMITS, advice
from ui.draw.html import esc, show_html
from ui.views.unigram.params import _shown
from ui.views.unigram.text import seg_text

t = translator("unigram")


def nbest_table(model: Unigram, word: str, k: int, lam: float) -> pd.DataFrame:
    """The ``k`` best segmentations with seed 000's score ``log P / |y| ** lam``.

    >>> model = Unigram([("a", -1.0), ("b", -1.0), ("ab", -2.5)])
    >>> df = nbest_table(model, "ab", 2, 1.0)
    >>> df[["segmentation", "score", "rank by score"]].values.tolist()
    [['a · b', -1.0, 1], ['ab', -2.5, 2]]
    """
    segs = model.nbest(word, k)
    scores = [s.penalised(lam) for s in segs]
    order = sorted(range(len(segs)), key=lambda i: (-scores[i], i))
    rank_by_score = {i: r for r, i in enumerate(order, start=1)}
    return pd.DataFrame(
        [
            {
                "rank by P": i + 1,
                "segmentation": seg_text(s.pieces),
                "|y|": s.length,
                "log P": round(s.log_prob, 4),
                "score": round(scores[i], 4),
                "rank by score": rank_by_score[i],
            }
            for i, s in enumerate(segs)
        ]
    )


def _render_nbest(model: Unigram, word: str, *, from_vocab: bool = False) -> None:
    st.subheader(t("The n best, with a length penalty"))
    show_html(
        "<p class='sw-text'>"
        + t(
            "Tutorial 000 reranks the n most probable segmentations y by "
            "<strong>score = log P(y) / |y|<sup>λ</sup></strong>, where |y| is the number of "
            "pieces. log P is negative, so a larger λ brings segmentations with more pieces "
            "closer to 0."
        )
        + "</p>"
    )
    c1, c2 = st.columns(2)
    k = c1.number_input(
        t("How many (n)"),
        step=1,
        key="uni_k",
        persist_state=persisted("uni_k"),
    )
    lam = c2.slider(
        t("λ (length exponent)"),
        min_value=0.0,
        max_value=3.0,
        step=0.1,
        key="uni_lambda",
        persist_state=persisted("uni_lambda"),
        help=t("Tutorial 000's score log P / |y|^λ: λ = 0 ranks by probability alone."),
    )
    if k is None or int(k) != k or k < 1:
        st.error(t("n must be a whole number of at least 1."), icon=":material/warning:")
        return
    if k > LIMITS.unigram_nbest:
        st.error(
            t("At most {n:,} segmentations here.").format(n=int(LIMITS.unigram_nbest))
            + " "
            + advice("unigram_nbest"),
            icon=":material/warning:",
        )
        return
    table = nbest_table(model, word, int(k), float(lam))
    st.dataframe(_shown(table), hide_index=True, width="stretch")
    if from_vocab:
        st.caption(
            t(
                "A .vocab keeps 6 significant digits of each score, so two segmentations "
                "that tie here may not tie with the .model's exact scores, and sentencepiece "
                "may list them in the other order."
            )
        )
    top = table.loc[table["rank by score"] == 1].iloc[0]
    if lam == 0:
        why = t("With λ = 0 the score is just log P, so the ranking is the probability ranking.")
    elif int(top["rank by P"]) == 1:
        why = t(
            "With λ = {lam}, log P is divided by |y|^{lam}: the most probable "
            "segmentation still scores best."
        ).format(lam=f"{lam:g}")
    else:
        why = t(
            "With λ = {lam}, log P (always negative) is divided by |y|^{lam}, which "
            "brings segmentations with more pieces closer to 0: “{segmentation}” ({n} pieces, "
            "log P {log_p}) now scores best, {score}."
        ).format(
            lam=f"{lam:g}",
            segmentation=top["segmentation"],
            n=int(top["|y|"]),
            log_p=f"{top['log P']:.3f}",
            score=f"{top['score']:.3f}",
        )
    show_html(f"<p class='sw-text sw-small'>{esc(why)}</p>")
