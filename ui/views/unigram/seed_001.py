"""Seed 001's "pug" example, with the seed's misprint: its table and its tab.

Example:
    >>> tokens, pug = seed_001_table()
    >>> len(tokens)
    15
"""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from subword_core import unigram
from subword_core.unigram import SeedStep, Unigram
from ui.app.corpus_picker import SOURCE_KEY
from ui.app.i18n import translator
from ui.draw.html import esc, show_html, show_text
from ui.views.unigram.params import (
    PRETOK,
    SEED_001,
    SEED_001_CORPUS,
    SEED_001_PRINTED,
    TABS,
    WIDGET_DEFAULTS,
    WIDGETS_KEY,
    _shown,
)
from ui.views.unigram.text import _num, prob_text, seg_text

t = translator("unigram")


# --------------------------------------------------------------------------------------
# Seed 001's "pug" example, with the seed's misprint
# --------------------------------------------------------------------------------------


def seed_001_table() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Seed 001's 15 tokens with counts, and the segmentations of "pug" against the seed.

    >>> tokens, pug = seed_001_table()
    >>> int(tokens["count"].sum()), pug["P"].tolist()
    (210, ['0.00771', '0.00771', '0.00132'])
    """
    step = unigram.learn(SEED_001_CORPUS, 7, seed_vocab=SEED_001).steps[0]
    assert isinstance(step, SeedStep)
    total = step.total_count
    counts = {s.piece: s.count for s in step.pieces}
    tokens = pd.DataFrame(
        [
            {
                "token": s.piece,
                "count": int(s.count),
                "P": f"{int(s.count)}/{_num(total, 0)} = {s.prob:.4f}",
            }
            for s in step.pieces
        ]
    )
    model = Unigram([(s.piece, s.log_prob) for s in step.pieces])
    rows = []
    for seg in model.segmentations("pug"):
        formula = " × ".join(f"{int(counts[p])}/{_num(total, 0)}" for p in seg.pieces)
        printed = SEED_001_PRINTED.get(seg.pieces)
        rows.append(
            {
                "segmentation": seg_text(seg.pieces),
                "P = product": formula,
                "P": prob_text(seg.prob),
                "tutorial 001 printed": (
                    f"{printed[0]} = {printed[1]}" if printed else t("(not listed)")
                ),
                "check": (
                    t("✗ erratum: p and pu occur 17 times, not 5")
                    if printed and not math.isclose(printed[1], seg.prob, rel_tol=1e-3)
                    else ("✓" if printed else "")
                ),
            }
        )
    return tokens, pd.DataFrame(rows)


def render_seed_001() -> None:
    """Seed 001's worked example, recomputed, next to what the seed printed."""
    tokens, pug = seed_001_table()
    show_html(
        "<p class='sw-text'>"
        + t(
            "Tutorial 001 trains on hug ×10, pug ×5, pun ×12, bun ×4, hugs ×5 from 15 seed "
            "tokens. Each token's count is how often it occurs inside the words: "
            "<code>p</code> occurs in pug (5) and pun (12), so 17 times; the 15 counts add up "
            "to <strong>210</strong>, and a token's probability is its count / 210."
        )
        + "</p>"
    )
    show_text(
        t(
            "Tutorial 001 counts bare words: this table is computed without ▁, and the button "
            "below reads the example with whitespace only, not the page's default none (▁), "
            "which would put ▁ in front of every word and change every count."
        ),
        small=True,
    )
    st.markdown(
        "**" + t("The segmentations of “pug”, recomputed, next to what the tutorial printed") + "**"
    )
    st.dataframe(_shown(pug), hide_index=True, width="stretch")
    left, right = st.columns([1, 1.6])
    with left:
        st.dataframe(_shown(tokens), hide_index=True, width="stretch", height="auto")
    with right:
        ours = {row["segmentation"]: row for _, row in pug.iterrows()}
        two, three = ours[seg_text(("pu", "g"))], ours[seg_text(("p", "u", "g"))]
        printed_two = SEED_001_PRINTED[("pu", "g")]
        printed_three = SEED_001_PRINTED[("p", "u", "g")]
        show_html(
            "<div class='sw-text sw-problem'>"
            + t(
                "<strong>Erratum.</strong> The tutorial computes P(pu, g) = {printed_two} and "
                "P(p, u, g) = {printed_three}, using 5 for p and for pu. Both occur 17 times "
                "(pug 5 + pun 12), so P(pu, g) = {two} = <strong>{p_two}</strong> and "
                "P(p, u, g) = {three} = <strong>{p_three}</strong>. The conclusion stands: "
                "fewer pieces, higher probability."
            ).format(
                printed_two=f"{printed_two[0]} = {printed_two[1]}",
                printed_three=f"{printed_three[0]} = {printed_three[1]}",
                two=esc(two["P = product"]),
                p_two=esc(two["P"]),
                three=esc(three["P = product"]),
                p_three=esc(three["P"]),
            )
            + "</div>"
        )
        show_html(
            "<p class='sw-text'>"
            + t(
                "Note the tie: <strong>p · ug</strong> has exactly the same probability as "
                "<strong>pu · g</strong> (17 × 20 either way). The tutorial's table lists pug as "
                "pu + g; Viterbi as sentencepiece runs it keeps the segmentation whose last "
                "piece is longer, p + ug. The same happens for pun (p + un), bun (b + un) and "
                "hugs (h + ugs, tied with hug + s and hu + gs)."
            )
            + "</p>"
        )
        st.button(
            t("Train on this example (tutorial 001's corpus and 15 tokens)"),
            key="uni_use_seed_001",
            on_click=use_seed_001,
            help=t(
                "Switches the sidebar corpus to hug / pug / pun / bun / hugs and the seed "
                "vocabulary to these 15 tokens; then open the training tab."
            ),
        )


def use_seed_001() -> None:
    """Load seed 001's corpus and 15 seed tokens (the page's button and the gallery's entry).

    The pre-tokenization goes back to following the default, which is whitespace on this
    example (:data:`PRETOK`): the seed counts bare words. Asking for the seed's example asks
    for its numbers, so an earlier pick of none (▁) or BERT is let go here.
    """
    st.session_state[SOURCE_KEY] = "seed-hug"
    st.session_state.setdefault(PRETOK.shadow, dict(PRETOK.defaults))[PRETOK.scheme_key] = None
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    shadow["uni_tab"] = TABS[0]  # the training tab, where the result is
    shadow["uni_seed_mode"] = "given"
    shadow["uni_seed_list"] = " ".join(SEED_001)
    shadow["uni_marker"] = False
    shadow["uni_keep_chars"] = True
    shadow["uni_vocab_size"] = 10
    shadow["uni_vocab_touched"] = True
