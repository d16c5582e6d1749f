"""One step of the player: the strings before and after, the sentence, counts, table, sizes.

Composed from the other modules of this package. The page calls :func:`render_step` (and
:func:`ui.views.gage.explain.describe_step` for the player's labels).
"""

from __future__ import annotations

import streamlit as st

from subword_core.gage import GageResult
from subword_core.textbook import code
from ui.app.i18n import translator
from ui.draw.html import badge_html, esc, heading_html, show_html
from ui.merge_family.ties import rerun_if_retrain_requested, tie_picker
from ui.study.code_panel import code_panel
from ui.views.gage.explain import _seed_note, _title, explain_step
from ui.views.gage.pairs import _pair_counts_column
from ui.views.gage.settings import _NS, GageSettings
from ui.views.gage.sizes import _render_sizes
from ui.views.gage.strings import _CSS, _colours, string_html
from ui.views.gage.table import _table_html, decompress_html, table_data

__all__ = ["render_step"]

t = translator("gage")


# --------------------------------------------------------------------------------------
# Rendering one step
# --------------------------------------------------------------------------------------


def render_step(result: GageResult, number: int, settings: GageSettings) -> None:
    """Draw one step: the sentence, the tie, the counts, before/after, table, sizes, decoding."""
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    state = min(number, len(result.replacements))  # replacements done after this step
    colours = _colours(result.table)
    badges = []
    if step.is_tie and step.pair is not None:
        badges.append(badge_html(t("tie × {n}").format(n=len(step.tied)), "warning"))
    if step.pair is not None:
        badges.append(badge_html(t("−{n} characters").format(n=step.saved), "success"))
    elif step.stop_reason == "out_of_symbols":
        badges.append(badge_html(t("out of symbols"), "error"))
    else:
        badges.append(badge_html(t("done"), "info"))
    # the string first: it is what a class watches shrink, so it stays near the controls
    if step.pair is not None:
        before = string_html(step.before, colours, groups=step.positions, label=t("pair"))
        after = string_html(step.after, colours, highlight=step.after_positions)
        strings = (
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('Before'))}</span>"
            f"{before}</div>"
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('After'))}</span>"
            f"{after}</div>"
        )
    else:
        strings = (
            f"<div class='sw-gage-row'><span class='sw-gage-what'>{esc(t('Final'))}</span>"
            f"{string_html(step.after, colours)}</div>"
        )
    show_html(
        f"<h3 style='margin:.2em 0'>{_title(step)} {' '.join(badges)}</h3>"
        f"{strings}"
        f"<p class='sw-text' style='font-size:1.08em'>{explain_step(step, result)}</p>" + _CSS
    )
    left, right = st.columns([1, 1.25])
    with left:
        _pair_counts_column(step)
    with right:
        show_html(
            heading_html(t("The table so far"))
            + _table_html(table_data(result, state), colours, step.number)
            + _CSS
        )
    # after the chart and table, so they start on a projector's first screen when presenting
    code_panel(code.gage_step(step))

    if step.is_tie and step.pair is not None:
        tie_picker(_NS, settings, step.number, step.tied, step.pair, verb="Replace")

    note = _seed_note(step, result)
    if note:
        show_html(f"<p class='sw-text'>{badge_html(t('seed note'), 'info')} {note}</p>")
    _render_sizes(result, state)

    show_html(heading_html(t("Decompress: back to the original")) + decompress_html(result, state))
