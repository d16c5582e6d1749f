"""The Compare page's settings: the one target vocabulary size (it follows the corpus until
the student types one) and the trainings it starts, with what was skipped and why.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> target_rule(Corpus.from_counts({"hug": 1, "pug": 1})).floor
    5
"""

from __future__ import annotations

import streamlit as st

from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.common import TABLE_CSS, persisted, restore_widgets
from ui.app.corpus_picker import error_text
from ui.app.follow import SizeRule, fit_size
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.draw.html import (
    badge_html,
    esc,
    md_escape,
    show_error,
    show_html,
    show_text,
)
from ui.runtime.training import TrainingFailed
from ui.views.compare.plan import (
    ALGORITHMS,
    DEFAULT_TARGET,
    MAX_TARGET,
    WIDGET_DEFAULTS,
    WIDGETS_KEY,
    display_name,
    parse_target,
    plan,
    plan_text,
)
from ui.views.compare.train import Trained, _train_cached

t = translator("compare")


def target_rule(corpus: Corpus) -> SizeRule:
    """The target that fits ``corpus``: at least its largest character-level alphabet.

    >>> rule = target_rule(Corpus.from_counts({"hug": 1, "pug": 1}))
    >>> rule.floor, rule.default
    (5, 30)
    """
    alphabets = {p.name: p.alphabet for p in plan(corpus, 1) if p.name != "Byte-level BPE"}
    name = max(alphabets, key=alphabets.__getitem__)
    floor = alphabets[name]
    return SizeRule(
        default=max(DEFAULT_TARGET, min(floor + 10, MAX_TARGET)),
        floor=floor,
        ceiling=MAX_TARGET,
        what=t("target vocabulary size"),
        why=t(
            "this corpus's {name} alphabet alone has {floor} tokens (a smaller target skips it)"
        ).format(name=display_name(name), floor=floor),
        text=True,
    )


def settings_panel(corpus: Corpus) -> int | None:
    """The target size box with what it means per algorithm; the size, or ``None``.

    Until the student types a target it follows the corpus (the largest character alphabet
    plus 10, at least 30); a chosen target that a new corpus's alphabets outgrow is moved, with
    a note, so that BPE, WordPiece and Unigram are not all skipped.
    """
    moved = fit_size(
        WIDGETS_KEY, "cmp_target", target_rule(corpus), initial=WIDGET_DEFAULTS["cmp_target"]
    )
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    c1, c2 = st.columns([1, 3])
    typed = c1.text_input(
        t("Target vocabulary size"),
        key="cmp_target",
        max_chars=LIMITS.box_chars,
        persist_state=persisted("cmp_target"),
        help=t("One size for all four; what it means for each is listed on the right."),
    )
    target, problem = parse_target(typed)
    if problem:
        c1.error(md_escape(problem), icon=":material/warning:")
        return None
    assert target is not None
    rows = "".join(
        f"<tr><th scope='row'>{esc(display_name(p.name))}</th><td>"
        + (badge_html(t("skipped"), "warning") + " " if p.skipped else "")
        + f"{esc(plan_text(p, target))}</td></tr>"
        for p in plan(corpus, target)
    )
    means = t("what the target {target} means").format(target=target)
    with c2:
        show_html(
            f"<table class='sw-table'><thead><tr><th>{esc(t('algorithm'))}</th>"
            f"<th>{esc(means)}</th></tr></thead><tbody>{rows}</tbody></table>" + TABLE_CSS
        )
    if moved:
        show_text(moved, small=True)
    return target


def train_or_explain(corpus: Corpus, target: int) -> dict[str, Trained]:
    """Train (cached); say in the page which algorithms were skipped or failed, and why."""
    try:
        out = _train_cached(corpus, target)
    except TrainingFailed as err:  # its process died (out of memory, killed): none trained
        show_error(str(err))
        return {}
    plans = {p.name: p for p in plan(corpus, target)}
    for name in ALGORITHMS:
        value = out.get(name)
        if isinstance(value, SubwordError):
            st.error(
                t("{name} could not be trained: {reason}").format(
                    name=md_escape(display_name(name)), reason=md_escape(error_text(value))
                ),
                icon=":material/warning:",
            )
        elif isinstance(value, str):
            st.info(
                t("{name} is skipped: {why}.").format(
                    name=md_escape(display_name(name)),
                    why=md_escape(plan_text(plans[name], target)),
                ),
                icon=":material/info:",
            )
    return {k: v for k, v in out.items() if isinstance(v, Trained)}
