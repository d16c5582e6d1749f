"""WordPiece's settings: the widgets (kept across pages, carried by links), the page's tabs,
the cached training, and the words every tab uses (column names, fractions).

The numbers come from :mod:`subword_core.wordpiece`; the tab modules (:mod:`.learn`,
:mod:`.compare`, :mod:`.encode`, :mod:`.variants`, :mod:`.export`) say in words what they
mean. The page calls :func:`settings_panel`, :func:`train_or_explain` and their
``render_*`` functions.

Example:
    >>> from fractions import Fraction
    >>> fraction_text(Fraction(5, 100))
    '1/20 ≈ 0.0500'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import streamlit as st

from subword_core import wordpiece
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from subword_core.wordpiece import WordPieceResult
from ui.app.common import persisted, restore_widgets
from ui.app.corpus_picker import error_text
from ui.app.follow import SizeRule, fit_size
from ui.app.i18n import translator
from ui.app.limits import LIMITS, advice
from ui.app.links import LinkParam, PageLink, kept_params, register_page, register_params
from ui.app.presenter import settings_box
from ui.app.pretok import PretokSpec
from ui.draw.html import show_error, show_text
from ui.merge_family.ties import tie_choices
from ui.runtime.training import Training, cached_training, training_work

__all__ = [
    "MAX_VOCAB",
    "PRETOK",
    "TABLE_ROWS",
    "TAB_IDS",
    "TIES_NS",
    "WIDGETS_KEY",
    "WIDGET_DEFAULTS",
    "WordPieceSettings",
    "column",
    "fraction_text",
    "settings_panel",
    "tab_labels",
    "train_or_explain",
]

t = translator("wordpiece")


TABLE_ROWS = 30
MAX_VOCAB = LIMITS.vocab


@dataclass(frozen=True)
class WordPieceSettings:
    """What a student can change on the WordPiece page.

    >>> WordPieceSettings(20).scoring
    'likelihood'
    """

    vocab_size: int
    scoring: str = "likelihood"
    tie_break: str = "first-seen"
    prefix: str = "##"


TIES_NS = "wp"
WIDGETS_KEY = "wp__widgets"
_EXTRA = 10  # default: the alphabet plus this many merged tokens
WIDGET_DEFAULTS: dict[str, object] = {
    "wp_vocab_size": None,
    "wp_scoring": "likelihood",
    "wp_tie_break": "first-seen",
    "wp_prefix": "##",
    "wp_tab": "learn",
}
TAB_IDS: dict[str, str] = {
    "learn": "Learn step by step",
    "compare": "Likelihood vs frequency",
    "encode": "Encode a word",
    "variants": "The tutorials' other “WordPiece”",
}
"""The page's tabs by stable id (kept in ``wp_tab``, carried by links) and their labels
(in English; the page draws them translated)."""


def tab_labels() -> dict[str, str]:
    """The page's tab labels by id, in the session's language (the gallery names them too).

    Example:
        >>> tab_labels()["variants"]
        "The tutorials' other “WordPiece”"
    """
    return {
        "learn": t("Learn step by step"),
        "compare": t("Likelihood vs frequency"),
        "encode": t("Encode a word"),
        "variants": t("The tutorials' other “WordPiece”"),
    }


_SCORING_LABELS = {
    "likelihood": "Likelihood score freq(ab) / (freq(a)·freq(b)) (WordPiece, tutorial 001)",
    "frequency": "Frequency, like BPE (what the `tokenizers` WordPiece trainer does)",
}
_TIE_LABELS = {
    "first-seen": "First seen in the corpus",
    "lexicographic": "Greatest in string order",
}

# The link parameters this view owns (ui.app.links): the settings above, the open tab, and the
# toggles and text drawn in pages/wordpiece.py; its step player is "wp_learn".
register_params(
    kept_params(
        WIDGETS_KEY,
        WIDGET_DEFAULTS,
        {
            "wp_vocab_size": ("int", 1, LIMITS.vocab),
            "wp_scoring": ("choice", tuple(_SCORING_LABELS)),
            "wp_tie_break": ("choice", tuple(_TIE_LABELS)),
            "wp_prefix": ("str",),
            "wp_tab": ("tab", TAB_IDS),
        },
    ),
    LinkParam("wp_quiz", "bool"),
    LinkParam("wp_encode_text", "str"),
    LinkParam("wp_encode_quiz", "bool"),
)
PRETOK = PretokSpec("wp", "bert")
"""WordPiece's pre-tokenization: BERT's (punctuation and each CJK character apart)."""
register_params(PRETOK.link_params())
register_page(
    "wordpiece",
    PageLink(
        (
            *PRETOK.keys,
            "wp_vocab_size",
            "wp_scoring",
            "wp_tie_break",
            "wp_prefix",
            "wp_quiz",
            "wp_encode_text",
            "wp_encode_quiz",
            "wp_tab",
        ),
        player="wp_learn",
        ties=TIES_NS,
    ),
)


def _scoring_label(key: str) -> str:
    return {
        "likelihood": t("Likelihood score freq(ab) / (freq(a)·freq(b)) (WordPiece, tutorial 001)"),
        "frequency": t("Frequency, like BPE (what the `tokenizers` WordPiece trainer does)"),
    }[key]


def _tie_label(key: str) -> str:
    return {
        "first-seen": t("First seen in the corpus"),
        "lexicographic": t("Greatest in string order"),
    }[key]


def column(name: str) -> str:
    """A table header in the session's language (``name``: its English, the frame's id).

    Example:
        >>> column("in vocabulary?")
        'in vocabulary?'
    """
    headers = {
        "rank": t("rank"),
        "pair": t("pair"),
        "score": t("score"),
        "status": t("status"),
        "step": t("step"),
        "likelihood merges": t("likelihood merges"),
        "its score": t("its score"),
        "frequency merges": t("frequency merges"),
        "its count": t("its count"),
        "same?": t("same?"),
        "try": t("try"),
        "from": t("from"),
        "to": t("to"),
        "looked up": t("looked up"),
        "in vocabulary?": t("in vocabulary?"),
    }
    return headers.get(name, name)


def fraction_text(score: Fraction) -> str:
    """A score as a fraction and a decimal, e.g. ``1/20 ≈ 0.0500``; whole numbers plain."""
    if score.denominator == 1:
        return str(score.numerator)
    return f"{score.numerator}/{score.denominator} ≈ {float(score):.4f}"


def _set_vocab(size: int) -> None:
    st.session_state[WIDGETS_KEY]["wp_vocab_size"] = size


def _settings_problems_shown(size: float | None, alphabet: int, prefix: str) -> bool:
    """Say what is wrong with the chosen vocabulary size and continuation prefix, one error
    each; ``True`` when something is."""
    problems = []
    if size is None or int(size) != size:
        problems.append(t("The vocabulary size must be a whole number."))
    elif size < alphabet:
        problems.append(
            t(
                "The vocabulary size must be at least the alphabet size, {n}: every "
                "single character (word-initial and continuation form) is always a token."
            ).format(n=int(alphabet))
        )
    elif size > MAX_VOCAB:
        problems.append(
            t("At most {n:,} tokens: more would make the trace too long.").format(n=int(MAX_VOCAB))
            + " "
            + advice("vocab")
        )
    if any(ch.isspace() for ch in prefix):
        problems.append(t("The continuation prefix cannot contain spaces."))
    for problem in problems:
        st.error(problem, icon=":material/warning:")
    return bool(problems)


def settings_panel(corpus: Corpus) -> WordPieceSettings | None:
    """Draw the settings; return them, or ``None`` after saying what is wrong."""
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    prefix_now = str(shadow.get("wp_prefix", "##"))
    alphabet = len(wordpiece.alphabet_of(corpus, prefix_now)) if corpus else 0
    # subtle: until the student types a size it follows the corpus; a chosen size that a new
    # corpus's alphabet outgrows is moved (with a note), never left as a red error
    moved = fit_size(
        WIDGETS_KEY,
        "wp_vocab_size",
        SizeRule(
            default=alphabet + _EXTRA,
            floor=alphabet,
            ceiling=MAX_VOCAB,
            what=t("vocabulary size"),
            why=t("this corpus's alphabet alone has {n} tokens").format(n=alphabet),
            margin=t("{n} merges"),
        ),
    )
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        c1, c2, c3 = st.columns([1.1, 2.2, 1.2])
        size = c1.number_input(
            t("Vocabulary size"),
            step=1,
            key="wp_vocab_size",
            persist_state=persisted("wp_vocab_size"),
            help=t(
                "How many tokens the vocabulary should hold, the alphabet included. "
                "Each merge adds one token."
            ),
        )
        c1.caption(t("The alphabet alone has {n} tokens.").format(n=alphabet))
        scoring = c2.radio(
            t("Merge the pair with the best…"),
            list(_SCORING_LABELS),
            format_func=_scoring_label,
            key="wp_scoring",
            persist_state=persisted("wp_scoring"),
        )
        tie = c3.radio(
            t("Among equal scores, take the pair…"),
            list(_TIE_LABELS),
            format_func=_tie_label,
            key="wp_tie_break",
            persist_state=persisted("wp_tie_break"),
        )
        prefix = c3.text_input(
            t("Continuation prefix"),
            key="wp_prefix",
            max_chars=LIMITS.box_chars,
            persist_state=persisted("wp_prefix"),
            help=t("Marks pieces that continue a word: h ##u ##g. BERT uses ##."),
        )
    if moved:
        show_text(moved, small=True)
    if _settings_problems_shown(size, alphabet, prefix):
        if size is not None and size < alphabet:
            st.button(
                t("Use {size} (the alphabet plus {n} merges)").format(
                    size=alphabet + _EXTRA, n=_EXTRA
                ),
                on_click=_set_vocab,
                args=(alphabet + _EXTRA,),
            )
        return None
    return WordPieceSettings(int(size), scoring, tie, prefix)


def _train(
    corpus: Corpus, settings: WordPieceSettings, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> WordPieceResult:
    """Learn (once per corpus, settings and tie choices; shared by all sessions)."""
    return cached_training(
        "wordpiece",
        (corpus, settings, choices),
        t("Learning the vocabulary"),
        Training(
            wordpiece.learn,
            (corpus, settings.vocab_size),
            {
                "prefix": settings.prefix,
                "scoring": settings.scoring,
                "tie_break": settings.tie_break,
                "choose": dict(choices),
            },
            work=training_work(corpus, settings.vocab_size),
        ),
        max_entries=24,
    )


def train_or_explain(
    corpus: Corpus, settings: WordPieceSettings, *, with_choices: bool = True
) -> WordPieceResult | None:
    """Train (cached); on a documented error show it and return ``None``."""
    choices = tie_choices(TIES_NS, (corpus, settings)) if with_choices else {}
    try:
        return _train(corpus, settings, tuple(sorted(choices.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return None
