"""Gage's compression (1994): replace the most frequent pair with a new symbol (tutorial 003)."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.glossary import term_md
from ui.app.i18n import translator
from ui.app.presenter import presenting
from ui.draw.player import step_player
from ui.study.notebook import gage_cells, notebook_button
from ui.views.gage.explain import describe_step
from ui.views.gage.settings import compress_or_explain, settings_panel
from ui.views.gage.step import render_step

t = translator("gage")

st.title(t("Gage's compression"))
st.caption(
    t(
        "Where BPE comes from: Philip Gage's 1994 {compression} algorithm. Find the {pair} of "
        "neighbouring characters that occurs most often, replace every copy with a new {symbol} "
        "the text does not use, note the replacement in a table, and repeat until no pair "
        "occurs twice. Each {step} is one replacement; when pairs {tie}, you can choose. This "
        "page works on the text you type here, not on the {corpus} in the sidebar."
    ).format(
        compression=term_md("gage", t("compression")),
        pair=term_md("pair", t("pair")),
        symbol=term_md("symbol", t("symbol")),
        step=term_md("step", t("step")),
        tie=term_md("tie", t("tie")),
        corpus=term_md("corpus", t("corpus")),
    )
)


def rules() -> None:
    """How this page counts, ties and names symbols."""
    with st.expander(t("The rules this page follows"), expanded=False):
        st.markdown(
            "\n".join(
                "- " + rule
                for rule in (
                    t(
                        "**A symbol is one character** of the text (spaces included). Gage "
                        "worked on bytes; the idea is the same."
                    ),
                    t(
                        "**Copies are counted without overlaps, left to right**, because that "
                        "is how many the replacement can remove: `aaa` holds `aa` at two places, "
                        "but replacing the first copy uses up the middle `a`, so it counts once. "
                        "The chart also shows the count with overlaps."
                    ),
                    t(
                        "**A pair must occur at least twice.** Replacing a single copy would "
                        "save one character and cost a table entry."
                    ),
                    t(
                        "**Ties** go to the pair that occurs first (furthest left). You can pick "
                        "another tied pair at any tie. Tutorial 003 picks `ab` over `Za` at step "
                        "2: choose it there to get its table (Z = aa, Y = ab, X = ZY)."
                    ),
                    t(
                        "**New symbols** are Z, Y, X, … A, skipping letters your text uses, "
                        "unless you type your own. When they run out, compression stops and "
                        "says so."
                    ),
                    t(
                        "**Decompression** reads the table backwards: the last symbol is put "
                        "back first."
                    ),
                )
            )
        )


if not presenting():  # in presenter mode the rules go last: the step's essentials come first
    rules()

settings = settings_panel()
if settings is not None:
    result = compress_or_explain(settings)
    if result is not None:
        step_player(
            "gage_steps",
            len(result.steps),
            lambda n: render_step(result, n, settings),
            label="Step",
            describe=lambda n: describe_step(result, n),
        )
        used = "".join(s.symbol or "" for s in result.replacements)
        notebook_button("gage", gage_cells(settings.text, used))
if presenting():
    rules()
