"""BPE's settings: the widgets (kept across pages, carried by links), the cached training.

The core (:mod:`subword_core.bpe`) supplies numbers; the views turn them into sentences,
charts and tables. Pages stay thin: they call :func:`settings_panel`,
:func:`train_or_explain` (or :func:`shared_model`) and one ``render_*`` function of
:mod:`ui.views.bpe.learn` or :mod:`ui.views.bpe.encode`.

Example:
    >>> BPESettings().end_of_word
    '</w>'
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from subword_core.bpe import BPEResult, learn
from subword_core.errors import SubwordError
from subword_core.text.corpus import MAX_COUNT, Corpus
from ui.app.common import persisted, restore_widgets
from ui.app.corpus_picker import error_text
from ui.app.i18n import translator
from ui.app.limits import LIMITS, advice
from ui.app.links import LinkParam, PageLink, kept_params, register_page, register_params
from ui.app.presenter import settings_box
from ui.app.pretok import PretokSpec
from ui.draw.html import show_error, show_text
from ui.merge_family.ties import tie_choices
from ui.runtime.training import Training, cached_training, training_work

__all__ = [
    "DEFAULTS",
    "LINK_SETTINGS",
    "MAX_MERGES",
    "PRETOK",
    "SHADOW",
    "TIES_NS",
    "WIDGETS_KEY",
    "WIDGET_DEFAULTS",
    "BPESettings",
    "settings_panel",
    "shared_model",
    "train_or_explain",
]

t = translator("bpe")

MAX_MERGES = LIMITS.merges


@dataclass(frozen=True)
class BPESettings:
    """The learning settings a student can change (shared by the BPE pages).

    >>> BPESettings().end_of_word
    '</w>'
    """

    num_merges: int = 10
    min_frequency: int = 2
    end_of_word: str = "</w>"
    attach_end_of_word: bool = False
    tie_break: str = "first-seen"


DEFAULTS = BPESettings()
SHADOW = "bpe__settings"  # survives page switches (widget state does not)
TIES_NS = "bpe"  # namespace of the tie choices in session state
WIDGETS_KEY = "bpe__widgets"
WIDGET_DEFAULTS: dict[str, object] = {
    "bpe_num_merges": DEFAULTS.num_merges,
    "bpe_min_frequency": DEFAULTS.min_frequency,
    "bpe_marker": DEFAULTS.end_of_word,
    "bpe_attach": DEFAULTS.attach_end_of_word,
    "bpe_tie_break": DEFAULTS.tie_break,
}
_TIE_RULES = ("first-seen", "lexicographic")


def _tie_label(rule: str) -> str:
    """The tie rule's option label, in the session's language."""
    if rule == "lexicographic":
        return t("Greatest in string order (subword-nmt)")
    return t("First seen in the corpus (the tutorials)")


# The link parameters this view owns (ui.app.links): the settings above, and the toggles and text
# of the BPE pages (drawn in pages/bpe_learn.py and pages/bpe_encode.py).
register_params(
    kept_params(
        WIDGETS_KEY,
        WIDGET_DEFAULTS,
        {
            "bpe_num_merges": ("int", 1, LIMITS.merges),
            "bpe_min_frequency": ("int", 1, MAX_COUNT),
            "bpe_marker": ("str",),
            "bpe_attach": ("bool",),
            "bpe_tie_break": ("choice", _TIE_RULES),
        },
    ),
    LinkParam("bpe_quiz", "bool"),
    LinkParam("bpe_encode_text", "str"),
    LinkParam("bpe_encode_unk", "bool"),
    LinkParam("bpe_encode_quiz", "bool"),
)
LINK_SETTINGS: tuple[str, ...] = tuple(WIDGET_DEFAULTS)
"""The link parameters of the settings panel (every BPE page's link holds them)."""
PRETOK = PretokSpec("bpe", "whitespace")
"""BPE's pre-tokenization: whitespace only, as subword-nmt expects (the learn and encode pages)."""
register_params(PRETOK.link_params())
register_page(
    "bpe_learn",
    PageLink((*LINK_SETTINGS, *PRETOK.keys, "bpe_quiz"), player="bpe_learn", ties=TIES_NS),
)
register_page(
    "bpe_encode",
    PageLink(
        (*LINK_SETTINGS, *PRETOK.keys, "bpe_encode_text", "bpe_encode_unk", "bpe_encode_quiz"),
        ties=TIES_NS,
    ),
)


def settings_panel(label: str | None = None, *, expanded: bool | None = None) -> BPESettings | None:
    """Draw the learning settings; return them, or ``None`` after showing what is wrong.

    The values survive page switches (:func:`ui.app.common.restore_widgets`).

    Args:
        label: The title of the box that holds them (:func:`ui.app.presenter.settings_box`;
            by default "Settings", translated).
        expanded: Whether the box starts open (by default: open unless presenting).
    """
    state = st.session_state
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)

    with settings_box(t("Settings") if label is None else label, expanded=expanded):
        c1, c2, c3, c4 = st.columns([1, 1, 1.3, 1.6])
        num_merges = c1.number_input(
            t("Number of merges"),
            step=1,
            key="bpe_num_merges",
            persist_state=persisted("bpe_num_merges"),
            help=t(
                "How many merges to learn at most. Learning may stop earlier (see the last step)."
            ),
        )
        min_frequency = c2.number_input(
            t("Minimum pair count"),
            step=1,
            key="bpe_min_frequency",
            persist_state=persisted("bpe_min_frequency"),
            help=t(
                "Stop when the most frequent pair occurs fewer times than this "
                "(subword-nmt's --min-frequency, default 2)."
            ),
        )
        marker = c3.text_input(
            t("End-of-word marker"),
            key="bpe_marker",
            max_chars=LIMITS.box_chars,
            persist_state=persisted("bpe_marker"),
            help=t(
                "Appended to every word so that 'est' at the end of a word differs from 'est' "
                "inside one. Leave empty for no marker."
            ),
        )
        attach = c3.toggle(
            t("Glue it to the last letter"),
            key="bpe_attach",
            persist_state=persisted("bpe_attach"),
            help=t(
                "Off: '</w>' is a symbol of its own (Sennrich et al. 2016, tutorials 002/003). "
                "On: 'w</w>' is one symbol, as subword-nmt does."
            ),
        )
        tie_break = c4.radio(
            t("When pairs tie, merge the pair that is…"),
            list(_TIE_RULES),
            format_func=_tie_label,
            key="bpe_tie_break",
            persist_state=persisted("bpe_tie_break"),
        )

    problems = []
    if num_merges is None or int(num_merges) != num_merges or num_merges < 1:
        problems.append(t("The number of merges must be a whole number of at least 1."))
    elif num_merges > MAX_MERGES:
        problems.append(
            t("At most {n} merges: more would make the trace too long.").format(n=f"{MAX_MERGES:,}")
            + " "
            + advice("merges")
        )
    if min_frequency is None or int(min_frequency) != min_frequency or min_frequency < 1:
        problems.append(t("The minimum pair count must be a whole number of at least 1."))
    if any(ch.isspace() for ch in marker):
        problems.append(t("The end-of-word marker cannot contain spaces."))
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        return None
    settings = BPESettings(int(num_merges), int(min_frequency), marker, bool(attach), tie_break)
    state[SHADOW] = settings
    return settings


def _train(
    corpus: Corpus, settings: BPESettings, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> BPEResult:
    """Learn (once per corpus, settings and tie choices; shared by all sessions)."""
    return cached_training(
        "bpe",
        (corpus, settings, choices),
        t("Learning merges"),
        Training(
            learn,
            (corpus, settings.num_merges),
            {
                "min_frequency": settings.min_frequency,
                "end_of_word": settings.end_of_word,
                "attach_end_of_word": settings.attach_end_of_word,
                "tie_break": settings.tie_break,
                "choose": dict(choices),
            },
            work=training_work(corpus, settings.num_merges),
        ),
        max_entries=24,
    )


def shared_model(corpus: Corpus) -> tuple[BPESettings, BPEResult] | None:
    """For pages that use the model of the "learn merges" page: its settings in an expander,
    the cached training, and one line saying what was learned. ``None`` if there is none."""
    settings = settings_panel(
        t("Learning settings (shared with the “learn merges” page)"), expanded=False
    )
    if settings is None:
        return None
    result = train_or_explain(corpus, settings)
    if result is None:
        return None
    show_text(
        t.n(
            "Model: {n} merge learned from the current corpus.",
            "Model: {n} merges learned from the current corpus.",
            len(result.merges),
        ).format(n=len(result.merges)),
        small=True,
    )
    return settings, result


def train_or_explain(corpus: Corpus, settings: BPESettings) -> BPEResult | None:
    """Train (cached); on a documented error show it in the page and return ``None``."""
    choices = tie_choices(TIES_NS, (corpus, settings))
    try:
        return _train(corpus, settings, tuple(sorted(choices.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return None
