"""Everything the Unigram page shows: settings, cached training, step views, word panels.

The numbers come from :mod:`subword_core.unigram`; this module says in plain words what they
mean and draws them. The data behind every chart and table is built by a ``*_data`` or
``*_table`` function that returns a DataFrame, so tests check it directly (AppTest cannot look
inside altair charts). The page calls :func:`settings_panel`, :func:`train_or_explain` and
the ``render_*`` functions.

Example:
    >>> seg_text(("p", "ug"))
    'p · ug'
    >>> prob_text(17 / 210 * 20 / 210)
    '0.00771'
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import altair as alt
import pandas as pd
import pyarrow as pa
import streamlit as st

from subword_core import unigram
from subword_core.corpus import Corpus
from subword_core.errors import SubwordError
from subword_core.normalize import NORMALIZATIONS, normalize_chars
from subword_core.textbook import code
from subword_core.unigram import (
    EMStep,
    Lattice,
    PruneStep,
    SeedStep,
    Unigram,
    UnigramResult,
)
from ui.charts import (
    arrow_table,
    count_axis,
    described,
    label_axis,
    show_template,
    top_legend,
)
from ui.classroom import class_gate, prune_ask
from ui.code_panel import code_panel
from ui.common import TABLE_CSS, remember, restore_widgets, text_colour
from ui.corpus_picker import SOURCE_KEY, error_text
from ui.follow import ExampleWords, SizeRule, example_words, fit_size
from ui.html import (
    badge_html,
    caption_html,
    esc,
    heading_html,
    md_escape,
    show_html,
    show_text,
    table_details_html,
    token_spans_html,
)
from ui.i18n import current_language, translator
from ui.limits import (
    LIMITS,
    PASTE_CHARS,
    advice,
    unigram_em_iterations,
    unigram_max_shrink,
    word_too_long,
)
from ui.links import MAX_LINK_INT, PageLink, kept_params, register_page, register_params
from ui.presenter import presenting, settings_box
from ui.pretok import PretokSpec
from ui.runtime.training import Training, cached_training, training_work
from ui.tabs import kept_tabs, tab_id

__all__ = [
    "SEED_001",
    "TABS",
    "TAB_IDS",
    "Normalized",
    "UnigramSettings",
    "explain_em",
    "explain_prune",
    "explain_seed",
    "lattice_chart_data",
    "likelihood_chart_data",
    "loss_table",
    "nbest_table",
    "normalize_corpus",
    "normalized_corpus",
    "page_tabs",
    "piece_table",
    "prob_text",
    "render_pretok_note",
    "render_seed_001",
    "render_train_step",
    "render_vocab_export_note",
    "render_word",
    "sample_table",
    "seed_001_table",
    "seg_text",
    "segmentation_table",
    "settings_panel",
    "train_or_explain",
]

t = translator("unigram")

SEED_001 = ("h", "u", "g", "hu", "ug", "p", "pu", "n", "un", "b", "bu", "s", "hug", "gs", "ugs")
"""Seed 001's fifteen-token seed vocabulary for hug / pug / pun / bun / hugs."""

SEED_001_CORPUS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
# What seed 001 printed for "pug" (it used 5/210 for p and for pu, whose counts are 17).
SEED_001_PRINTED = {
    ("pu", "g"): ("5/210 × 20/210", 0.0022676),
    ("p", "u", "g"): ("5/210 × 36/210 × 20/210", 0.000389),
}

MAX_VOCAB = LIMITS.vocab
MAX_TABLE_SEGMENTATIONS = (
    LIMITS.segmentations
)  # the all-segmentations table refuses words with more
MAX_LATTICE_CHARS = LIMITS.lattice_chars  # the lattice chart draws words up to this length
MAX_SAMPLES = LIMITS.unigram_samples
TABLE_ROWS = 30
HIST_ROWS = 12

WIDGETS_KEY = "uni__widgets"
_EXTRA = 10  # the fewest longer pieces the default vocabulary has (see _extra)
WIDGET_DEFAULTS: dict[str, object] = {
    "uni_vocab_size": None,
    "uni_seed_mode": "substrings",
    "uni_seed_list": " ".join(SEED_001),
    "uni_seed_size": None,
    "uni_shrink": 0.75,
    "uni_em": 2,
    "uni_max_len": 16,
    "uni_marker": False,
    "uni_keep_chars": True,
    "uni_digamma": False,
    "uni_normalization": "none",
    "uni_word": None,
    "uni_model_source": "trained",
    "uni_vocab_text": "",
    "uni_vocab_marker": True,
    "uni_k": 5,
    "uni_lambda": 0.0,
    "uni_alpha": 0.5,
    "uni_samples": 1000,
    "uni_seed": 42,
    "uni_tab": "train",
}
TAB_IDS: dict[str, str] = {
    "train": "Train step by step",
    "word": "Segment a word",
    "seed001": "Seed 001's “pug” (erratum)",
}
"""The page's tabs by stable id (kept in ``uni_tab``, carried by links) and their labels."""
TABS: tuple[str, ...] = tuple(TAB_IDS.values())
"""The page's tab labels; the open one is kept (``uni_tab``), so a link or the gallery can open
one (by id or label, see :func:`ui.tabs.kept_tabs`)."""
_SEED_LABELS = {
    "substrings": "Every character + the most frequent substrings",
    "given": "My own list (seed 001's 15 tokens to start with)",
}

# The link parameters this view owns (ui.links), in the order a link lists them; the ranges are
# the settings panel's own checks. The page's step player is "uni_train".
_LINK_PARAMS = kept_params(
    WIDGETS_KEY,
    WIDGET_DEFAULTS,
    {
        "uni_vocab_size": ("int", 1, LIMITS.vocab),
        "uni_vocab_touched": ("bool",),
        "uni_seed_mode": ("choice", tuple(_SEED_LABELS)),
        "uni_seed_list": ("str",),
        "uni_seed_size": ("int", 1, LIMITS.unigram_seed_size),
        "uni_shrink": ("float", 0.05, unigram_max_shrink()),
        "uni_em": ("int", 1, LIMITS.unigram_em),
        "uni_max_len": ("int", 1, LIMITS.unigram_piece_chars),
        "uni_marker": ("bool",),
        "uni_keep_chars": ("bool",),
        "uni_digamma": ("bool",),
        "uni_normalization": ("choice", NORMALIZATIONS),
        "uni_word": ("str",),
        "uni_word_touched": ("bool",),
        "uni_k": ("int", 1, LIMITS.unigram_nbest),
        "uni_lambda": ("float", 0.0, 3.0),
        "uni_alpha": ("float", 0.0, 2.0),
        "uni_samples": ("int", 1, LIMITS.unigram_samples),
        "uni_seed": ("int", -MAX_LINK_INT, MAX_LINK_INT),
        "uni_tab": ("tab", TAB_IDS),
    },
)
PRETOK = PretokSpec("uni", "none", by_example=(("seed-hug", "whitespace"),))
"""Unigram's pre-tokenization: sentencepiece's convention, none (▁, the trainer's word-start
marker: the choice none switches the marker on). Seed 001's example (``seed-hug``) defaults to
whitespace instead: the seed counts bare words, and its 15 seed tokens, their counts (total 210)
and P(pu, g) = 0.00771 hold only without ▁. A scheme the student picks is kept on any corpus."""
register_params(_LINK_PARAMS, PRETOK.link_params())
register_page(
    "unigram",
    PageLink((*PRETOK.keys, *(p.key for p in _LINK_PARAMS)), player="uni_train"),
)
_MODEL_LABELS = {
    "trained": "The model trained above",
    "vocab": "A sentencepiece .vocab I paste or upload",
}
_KIND_COLOURS = {"seed": "#7f7f7f", "EM": "#1f77b4", "prune": "#d62728"}
# the shape tells the kinds apart without colour (the caption names them: ◆ ● ▼)
_KIND_SHAPES = {"seed": "diamond", "EM": "circle", "prune": "triangle-down"}


def _seed_label(key: str) -> str:
    return {
        "substrings": t("Every character + the most frequent substrings"),
        "given": t("My own list (seed 001's 15 tokens to start with)"),
    }[key]


def _normalization_label(rule: str) -> str:
    return {
        "none": t("none (the text as it is)"),
        "nfkc": "NFKC",
        "nmt_nfkc": t("nmt_nfkc (sentencepiece's default)"),
    }[rule]


def _model_label(key: str) -> str:
    return {
        "trained": t("The model trained above"),
        "vocab": t("A sentencepiece .vocab I paste or upload"),
    }[key]


def _column_label(name: str) -> str:
    """A table column's header in the session's language (the data keep English names).

    >>> _column_label("expected count"), _column_label("no such column")
    ('expected count', 'no such column')
    """
    labels = {
        "piece": t("piece"),
        "count": t("count"),
        "expected count": t("expected count"),
        # i18n: a column header; P is the probability
        "P before": t("P before"),
        "P after": t("P after"),
        "log P after": t("log P after"),
        "rank": t("rank"),
        "loss": t("loss"),
        "status": t("status"),
        "segmentation": t("segmentation"),
        "pieces": t("pieces"),
        "share of P(word)": t("share of P(word)"),
        # i18n: a column header: ★ marks the most probable segmentation
        "best": t("best"),
        "rank by P": t("rank by P"),
        # i18n: a column header: seed 000's length-penalised score
        "score": t("score"),
        "rank by score": t("rank by score"),
        # i18n: a column header: how many of the samples gave this segmentation
        "drawn": t("drawn"),
        "sampled share": t("sampled share"),
        "exact share": t("exact share"),
        # i18n: a column header of seed 001's token table (a vocabulary entry)
        "token": t("token"),
        "P = product": t("P = product"),
        "seed 001 printed": t("seed 001 printed"),
        # i18n: a column header: ✓ or ✗ against what the seed printed
        "check": t("check"),
        "step": t("step"),
        # i18n: a column header: what a training step did
        "what": t("what"),
        "log-likelihood": t("log-likelihood"),
        # i18n: a column header: where the piece starts in the word (a character position)
        "start": t("start"),
        "end": t("end"),
        "log P(piece)": t("log P(piece)"),
        "best score before": t("best score before"),
        "forward (log)": t("forward (log)"),
        "backward (log)": t("backward (log)"),
        "chance used": t("chance used"),
    }
    return labels.get(name, name)


def _shown(table: pd.DataFrame | pa.Table) -> pd.DataFrame | pa.Table:
    """``table`` as the page shows it: its headers in the session's language.

    Tests and exports read the English columns of the ``*_table`` functions; in English the
    table comes back with the same headers.

    >>> _shown(pd.DataFrame({"rank by P": [1], "|y|": [2]})).columns.tolist()
    ['rank by P', '|y|']
    """
    if isinstance(table, pa.Table):
        return table.rename_columns([_column_label(c) for c in table.column_names])
    return table.rename(columns={c: _column_label(str(c)) for c in table.columns})


@dataclass(frozen=True)
class UnigramSettings:
    """What a student can change before training.

    >>> UnigramSettings(20).shrinking_factor
    0.75
    """

    vocab_size: int
    seed_list: tuple[str, ...] | None = None
    seed_size: int | None = None
    shrinking_factor: float = 0.75
    em_iterations: int = 2
    max_piece_length: int = 16
    word_start: str = ""
    keep_single_chars: bool = True
    digamma: bool = False
    normalization: str = "none"


@dataclass(frozen=True)
class Normalized:
    """The corpus after the page's normalisation (:func:`normalized_corpus`).

    Attributes:
        corpus: The normalised corpus (the given one when nothing would be left).
        rule: ``"none"``, ``"nfkc"`` or ``"nmt_nfkc"``.
        changed: ``(word, normalised text)`` for every word the rule changed.
        empty: The rule would leave no word at all (then ``corpus`` is the given one).

    >>> Normalized(Corpus.from_counts({"a": 1}), "none").changed
    ()
    """

    corpus: Corpus
    rule: str
    changed: tuple[tuple[str, str], ...] = ()
    empty: bool = False


def normalized_corpus(corpus: Corpus, rule: str) -> Normalized:
    """Each word's text rewritten by ``rule`` (:func:`subword_core.normalize.normalize_chars`).

    Words that become equal add up their counts; a word that turns into several (an invisible
    space becomes a space under nmt_nfkc) gives each of them its count; a word that
    disappears (only control characters) is dropped.

    >>> n = normalized_corpus(Corpus.from_counts({"ＡＢＣ": 2, "abc": 1, "ABC": 1}), "nfkc")
    >>> n.corpus.as_dict(), n.changed
    ({'ABC': 3, 'abc': 1}, (('ＡＢＣ', 'ABC'),))
    """
    if rule == "none":
        return Normalized(corpus, rule)
    pairs: list[tuple[str, int]] = []
    changed: list[tuple[str, str]] = []
    for word, count in corpus.items:
        text = normalize_chars(word, rule)
        if text != word:
            changed.append((word, text))
        pairs.extend((part, count) for part in text.split())
    if not pairs:
        return Normalized(corpus, rule, tuple(changed), empty=True)
    if not changed:
        return Normalized(corpus, rule)
    return Normalized(Corpus.from_counts(pairs), rule, tuple(changed))


def normalize_corpus(corpus: Corpus) -> Normalized:
    """The corpus under the normalisation chosen in the settings panel (kept in the shadow)."""
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    rule = shadow.get("uni_normalization")
    return _normalized_cached(corpus, rule if rule in NORMALIZATIONS else "none")


@st.cache_data(max_entries=8, show_spinner=False)
def _normalized_cached(corpus: Corpus, rule: str) -> Normalized:
    return normalized_corpus(corpus, rule)


def _normalized_text(before: str, after: str) -> str:
    """``normalised: …`` for a text the rule changed (escaped for a markdown sink)."""
    shown = after.replace(" ", "␠") if after else "∅"
    return md_escape(t("normalised: {before} → {after}").format(before=before, after=shown))


# --------------------------------------------------------------------------------------
# Small text helpers
# --------------------------------------------------------------------------------------


def seg_text(pieces: tuple[str, ...] | list[str]) -> str:
    """A segmentation as plain text: pieces joined by a middle dot.

    >>> seg_text(["low", "est"])
    'low · est'
    """
    return " · ".join(pieces) if pieces else t("(empty)")


def prob_text(p: float) -> str:
    """A probability with three significant digits, e.g. ``0.00771`` or ``2.1e-09``.

    >>> prob_text(0.5), prob_text(2.06e-9)
    ('0.5', '2.06e-09')
    """
    return f"{p:.3g}"


def _num(x: float, digits: int = 2) -> str:
    return f"{x:,.{digits}f}".replace("-", "−")


ABOUT_ZERO = 1e-6
"""A log-likelihood change or loss below this reads as "about 0" (a class sees no number
like 6.5e-13, which looks like something happened)."""


def _plain(x: float, significant: int = 2) -> str:
    """``x`` as a plain decimal (never ``e-05``) with ``significant`` digits, ``−`` for minus.

    >>> _plain(0.0000055), _plain(-0.00023), _plain(12.3456)
    ('0.0000055', '−0.00023', '12.35')
    """
    if x == 0:
        return "0"
    decimals = max(2, significant - 1 - math.floor(math.log10(abs(x))))
    return _num(x, decimals)


def loss_text(loss: float) -> str:
    """A removal loss: three decimals, two significant digits as a plain decimal when it is
    small, "about 0" below :data:`ABOUT_ZERO`.

    >>> loss_text(84.73034), loss_text(2.3e-04), loss_text(6.5e-13), loss_text(0.0)
    ('84.730', '0.00023', 'about 0', '0')
    """
    if loss == 0:
        return "0"
    if abs(loss) < ABOUT_ZERO:
        # i18n: a loss or a change too small to matter (e.g. 6.5e-13)
        return t("about 0")
    if abs(loss) < 0.001:
        return _plain(loss)
    return f"{loss:,.3f}"


def change_texts(before: float, after: float) -> tuple[str, str, str]:
    """A log-likelihood change at a scale where it is visible: ``before`` and ``after`` with
    enough decimals to differ, and the change signed, as a plain decimal, or "about 0".

    >>> change_texts(-20.9784312, -20.9784257)
    ('−20.978431', '−20.978426', '+0.0000055')
    >>> change_texts(-30.5, -20.25)
    ('−30.50', '−20.25', '+10.25')
    >>> change_texts(-20.98, -20.98 + 1e-13)[2]
    'about 0'
    """
    diff = after - before
    if abs(diff) < ABOUT_ZERO:
        return _num(before), _num(after), t("about 0")
    decimals = max(2, -math.floor(math.log10(abs(diff))))
    sign = "+" if diff > 0 else ""
    return _num(before, decimals), _num(after, decimals), sign + _plain(diff)


def _percent(share: float, ways: int = 2) -> str:
    """A share as a percentage that never rounds a part (of ``ways`` parts) to the whole."""
    if ways == 1:
        return t("all")
    if share >= 0.9995:
        return ">99.9%"
    if 0 < share < 0.0005:
        return "<0.1%"
    return f"{share:.1%}"


def _tok(piece: str) -> str:
    return f"<code>{esc(piece)}</code>"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _problem(headline: str, detail: str | None = None) -> None:
    """Show a problem: our own words in ``st.error``, the core's message escaped below."""
    st.error(md_escape(headline), icon=":material/warning:")
    if detail:
        show_html(f'<div class="sw-text sw-problem">{esc(detail)}</div>')


# --------------------------------------------------------------------------------------
# Settings and training
# --------------------------------------------------------------------------------------


def _chars(corpus: Corpus, marker: str) -> int:
    return len({ch for w in corpus.words for ch in marker + w})


def _extra(corpus: Corpus) -> int:
    """How many longer pieces the default vocabulary adds to the characters.

    >>> _extra(Corpus.from_counts({"low": 5, "lower": 2}))
    10
    """
    return max(_EXTRA, min(500, len(corpus) // 2))


def _set_vocab(size: int) -> None:
    st.session_state[WIDGETS_KEY]["uni_vocab_size"] = size
    st.session_state[WIDGETS_KEY]["uni_vocab_touched"] = True


def _vocab_typed() -> None:
    remember(WIDGETS_KEY, "uni_vocab_size")
    st.session_state[WIDGETS_KEY]["uni_vocab_touched"] = True


def _normalized_note(normalized: Normalized | None) -> None:
    """Under the normalisation's choice: which words of the corpus it changed, if any."""
    if normalized is None or not normalized.changed:
        return
    first = normalized.changed[:5]
    st.caption(
        md_escape(
            t.n(
                "{n:,} word of the corpus changed: {examples}.",
                "{n:,} words of the corpus changed: {examples}.",
                len(normalized.changed),
            ).format(
                n=len(normalized.changed),
                examples=", ".join(f"{a} → {b.replace(' ', '␠') or '∅'}" for a, b in first)
                + (" …" if len(normalized.changed) > len(first) else ""),
            )
        )
    )


def settings_panel(corpus: Corpus, normalized: Normalized | None = None) -> UnigramSettings | None:
    """Draw the training settings; return them, or ``None`` after saying what is wrong.

    Values are kept across pages (a shadow dict, see :func:`ui.common.restore_widgets`);
    invalid values stay as typed. ``normalized`` is what :func:`normalize_corpus` made of
    the corpus (``corpus`` is then its corpus); the panel draws the choice and its effect.
    """
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    marker = "▁" if shadow.get("uni_marker") else ""
    chars = _chars(corpus, marker)
    # subtle: until the student types a size, it follows the corpus (see _extra); a typed size
    # that a new corpus's characters outgrow is moved, with a note, never left as a red error
    floor = chars if shadow.get("uni_keep_chars", True) else 1
    moved = fit_size(
        WIDGETS_KEY,
        "uni_vocab_size",
        SizeRule(
            default=chars + _extra(corpus),
            floor=floor,
            ceiling=MAX_VOCAB,
            what=t("vocabulary size"),
            why=t("this corpus has {n} different characters and every one of them is kept").format(
                n=chars
            ),
            margin=t("{n} longer pieces"),
        ),
        follows=not shadow.get("uni_vocab_touched") or shadow.get("uni_vocab_size") is None,
    )
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)

    def keep(key: str) -> dict[str, object]:
        return {"key": key, "on_change": remember, "args": (WIDGETS_KEY, key)}

    with settings_box():
        c1, c2, c3, c4 = st.columns([1, 1.9, 1.2, 1])
        size = c1.number_input(
            t("Vocabulary size"),
            step=1,
            help=t("How many pieces the final vocabulary keeps, single characters included."),
            key="uni_vocab_size",
            on_change=_vocab_typed,
        )
        c1.caption(t("The corpus has {n} different characters.").format(n=chars))
        mode = c2.radio(
            t("Seed vocabulary (where training starts)"),
            list(_SEED_LABELS),
            format_func=_seed_label,
            **keep("uni_seed_mode"),
        )
        if mode == "given":
            seed_text = c2.text_input(
                t("Seed pieces, separated by spaces"),
                help=t(
                    "Characters missing from the list are added; pieces that never occur "
                    "in the corpus are dropped (both are reported in step 1)."
                ),
                max_chars=LIMITS.box_chars,
                **keep("uni_seed_list"),
            )
            seed_size = None
        else:
            seed_text = ""
            seed_size = c2.number_input(
                t("How many substrings (empty: 5 × the vocabulary size, at least 1,000)"),
                step=100,
                placeholder=t("automatic"),
                **keep("uni_seed_size"),
            )
        shrink = c3.slider(
            t("Share kept by each pruning round"),
            min_value=0.05,
            max_value=unigram_max_shrink(),
            step=0.05,
            help=t(
                "Each round keeps this share of the vocabulary (the pieces whose removal "
                "would cost the most), but never fewer pieces than the vocabulary size. "
                "At most {most:.2f} here: more rounds would make training on a "
                "large corpus too slow (a teacher can raise it with "
                "SUBWORD_LIMIT_UNIGRAM_SHRINK_PCT)."
            ).format(most=float(unigram_max_shrink())),
            **keep("uni_shrink"),
        )
        em = c4.number_input(
            t("EM iterations per round"),
            step=1,
            help=t(
                "How many times the probabilities are re-estimated before each pruning. "
                "At most {most:,}; on a large corpus fewer run (the page says so), "
                "to keep each round's work within a budget."
            ).format(most=int(LIMITS.unigram_em)),
            **keep("uni_em"),
        )
        with st.expander(t("More settings")):
            # the toggles stacked in one wide column: four columns cut their labels to
            # "Mark w…" at 1024 px (a projector), and more so in Korean
            m1, m2 = st.columns([1, 2.2])
            max_len = m1.number_input(
                t("Longest seed substring"),
                step=1,
                help=t("Substrings longer than this are not in the automatic seed."),
                **keep("uni_max_len"),
            )
            use_marker = m2.toggle(
                t("Mark word starts with ▁ (as sentencepiece does)"),
                help=t(
                    "Puts ▁ in front of every word, so a piece at the start of a word "
                    "differs from the same letters inside one. Set by the pre-tokenization "
                    "above: on for none (▁), off for the others."
                ),
                disabled=True,
                **keep("uni_marker"),
            )
            keep_chars = m2.toggle(
                t("Always keep single characters"),
                help=t(
                    "Off: characters compete like other pieces; a pruned one becomes an "
                    "unknown character (scored lowest − 10)."
                ),
                **keep("uni_keep_chars"),
            )
            digamma = m2.toggle(
                t("Bayesian M-step (sentencepiece's digamma)"),
                help=t(
                    "log p = ψ(count) − ψ(total): rare pieces lose more. The probabilities "
                    "then no longer add up to 1, and the likelihood may drop."
                ),
                **keep("uni_digamma"),
            )
            rule = st.radio(
                t("Normalisation (before training and segmenting)"),
                list(NORMALIZATIONS),
                format_func=_normalization_label,
                horizontal=True,
                **keep("uni_normalization"),
            )
            st.caption(
                t(
                    "NFKC rewrites compatibility characters as the plain ones: full-width "
                    "letters and ligatures such as Ａ and ﬁ become A and fi. nmt_nfkc also "
                    "turns tabs and invisible spaces into spaces and drops control "
                    "characters. The default is none because the tutorials work on the raw "
                    "text; sentencepiece's default is nmt_nfkc."
                )
            )
            _normalized_note(normalized)

    if moved:
        show_text(moved, small=True)
    problems: list[str] = []
    if normalized is not None and normalized.empty:
        problems.append(
            t(
                "This normalisation leaves no word of the corpus (they hold only control "
                "characters): choose another one under More settings."
            )
        )
    floor = chars if keep_chars else 1
    if size is None or int(size) != size:
        problems.append(t("The vocabulary size must be a whole number."))
    elif size < floor:
        problems.append(
            t(
                "The vocabulary size must be at least {floor}: the corpus has {chars} "
                "different characters and every one of them is kept, so that any word can "
                "still be split."
            ).format(floor=int(floor), chars=int(chars))
            if keep_chars
            else t("The vocabulary size must be at least 1.")
        )
    elif size > MAX_VOCAB:
        problems.append(
            t("At most {n:,} pieces: more would make the trace too long.").format(n=int(MAX_VOCAB))
            + " "
            + advice("vocab")
        )
    if em is None or int(em) != em or em < 1:
        problems.append(t("The number of EM iterations must be a whole number of at least 1."))
    elif em > LIMITS.unigram_em:
        problems.append(
            t(
                "At most {n:,} EM iterations per round here: the likelihood "
                "hardly changes after the first few."
            ).format(n=int(LIMITS.unigram_em))
            + " "
            + advice("unigram_em")
        )
    if max_len is None or int(max_len) != max_len or not 1 <= max_len <= LIMITS.unigram_piece_chars:
        problems.append(
            t("The longest seed substring must be a whole number from 1 to {n:,}.").format(
                n=int(LIMITS.unigram_piece_chars)
            )
            + " "
            + advice("unigram_piece_chars")
        )
    if seed_size is not None and (int(seed_size) != seed_size or seed_size < 1):
        problems.append(t("The number of seed substrings must be a whole number of at least 1."))
    elif seed_size is not None and seed_size > LIMITS.unigram_seed_size:
        problems.append(
            t(
                "At most {n:,} seed substrings here: more would make "
                "training on a large corpus too slow."
            ).format(n=int(LIMITS.unigram_seed_size))
            + " "
            + advice("unigram_seed_size")
        )
    pieces: tuple[str, ...] | None = None
    if mode == "given":
        pieces = tuple(seed_text.split())
        if not pieces:
            problems.append(t("The seed list is empty: type at least one piece."))
        elif len(set(pieces)) != len(pieces):
            repeated = sorted({p for p in pieces if pieces.count(p) > 1})
            problems.append(
                t("The seed list names {n} piece(s) twice; remove the repeats.").format(
                    n=len(repeated)
                )
            )
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        if size is not None and int(size) == size and size < floor:
            st.button(
                t("Use {size} (the characters plus {n} pieces)").format(
                    size=int(floor + _extra(corpus)), n=int(_extra(corpus))
                ),
                key="uni_fix_vocab",
                on_click=_set_vocab,
                args=(floor + _extra(corpus),),
            )
        return None
    return UnigramSettings(
        vocab_size=int(size),
        seed_list=pieces,
        seed_size=None if seed_size is None else int(seed_size),
        shrinking_factor=round(float(shrink), 2),
        em_iterations=int(em),
        max_piece_length=int(max_len),
        word_start="▁" if use_marker else "",
        keep_single_chars=bool(keep_chars),
        digamma=bool(digamma),
        normalization=rule if rule in NORMALIZATIONS else "none",
    )


def _train(corpus: Corpus, settings: UnigramSettings) -> UnigramResult:
    """Train (once per corpus and settings; shared by all sessions).

    The corpus is already normalised; the model keeps the rule so that it segments new text
    (and its exports) the same way.
    """
    result = cached_training(
        "unigram",
        (corpus, settings),
        t("Pruning rounds"),
        Training(
            unigram.learn,
            (corpus, settings.vocab_size),
            {
                "seed_vocab": settings.seed_list,
                "seed_size": settings.seed_size,
                "max_piece_length": settings.max_piece_length,
                "shrinking_factor": settings.shrinking_factor,
                "em_iterations": settings.em_iterations,
                "keep_single_chars": settings.keep_single_chars,
                "word_start": settings.word_start,
                "digamma": settings.digamma,
            },
            work=training_work(corpus, settings.vocab_size),
        ),
        max_entries=16,
    )
    if result.model.normalization == settings.normalization:
        return result
    return replace(result, model=replace(result.model, normalization=settings.normalization))


def em_iterations(corpus: Corpus, settings: UnigramSettings) -> tuple[int, int]:
    """The EM iterations per round that run for ``settings`` on ``corpus`` (all that were
    asked unless the round's work would pass ``unigram_em_work``), and the lattice edges one
    iteration visits.

    >>> small = Corpus.from_counts({"hug": 3, "pug": 2})
    >>> em_iterations(small, UnigramSettings(8, em_iterations=10))
    (10, 12)
    """
    longest = settings.max_piece_length
    if settings.seed_list is not None:  # a given seed: its longest piece (characters added)
        longest = max(1, *(len(p) for p in settings.seed_list))
    words = (settings.word_start + w for w in corpus.words)
    return unigram_em_iterations(settings.em_iterations, words, longest)


def train_or_explain(corpus: Corpus, settings: UnigramSettings) -> UnigramResult | None:
    """Train (cached); on a documented error show it in the page and return ``None``.

    On a large corpus fewer EM iterations may run than asked (:func:`em_iterations`); the
    page then says how many ran and why.
    """
    run, edges = em_iterations(corpus, settings)
    try:
        result = _train(corpus, replace(settings, em_iterations=run))
    except SubwordError as err:
        _problem(t("Training cannot start with these settings:"), error_text(err))
        return None
    if run < settings.em_iterations:
        st.info(
            md_escape(
                t.n(
                    "Training ran {run} EM iteration per pruning round, not the {asked} asked: "
                    "one iteration on this corpus visits {edges:,} lattice edges, and a round "
                    "may visit at most {most:,} here, so that a large corpus does not keep the "
                    "server busy for the whole class.",
                    "Training ran {run} EM iterations per pruning round, not the {asked} asked: "
                    "one iteration on this corpus visits {edges:,} lattice edges, and a round "
                    "may visit at most {most:,} here, so that a large corpus does not keep the "
                    "server busy for the whole class.",
                    run,
                ).format(
                    run=run,
                    asked=settings.em_iterations,
                    edges=edges,
                    most=LIMITS.unigram_em_work,
                )
                + " "
                + advice("unigram_em_work")
            ),
            icon=":material/speed:",
        )
    return result


# --------------------------------------------------------------------------------------
# Words for one training step
# --------------------------------------------------------------------------------------


def explain_seed(step: SeedStep, max_piece_length: int = 16) -> str:
    """The seed step in plain words, with its numbers (HTML; user text escaped)."""
    multi = step.vocab_size - step.characters
    if step.source == "given":
        parts = [
            t(
                "Training starts from the <strong>{n:,}</strong> pieces you gave "
                "({chars} single characters and {multi} longer pieces)."
            ).format(n=step.vocab_size, chars=step.characters, multi=multi)
        ]
        if step.added_characters:
            added = _list([_tok(c) for c in step.added_characters])
            parts.append(
                t("The characters {added} were missing and were added.").format(added=added)
            )
        if step.absent:
            gone = _list([_tok(p) for p in step.absent])
            parts.append(
                t("{gone} never occur in the corpus, so they were dropped.").format(gone=gone)
            )
    else:
        which = (
            t("all <strong>{n}</strong> substrings").format(n=multi)
            if multi >= step.substrings_seen
            else t("the <strong>{n:,}</strong> most frequent of the {seen:,} substrings").format(
                n=multi, seen=step.substrings_seen
            )
        )
        parts = [
            t(
                "Training starts from a big vocabulary: all <strong>{chars}</strong> "
                "characters plus {which} of 2 to {longest} characters found in the words."
            ).format(chars=step.characters, which=which, longest=max_piece_length)
        ]
    example = max(step.pieces, key=lambda s: s.count) if step.pieces else None
    parts.append(
        t(
            "Each piece is counted everywhere it occurs inside the words, weighted by how often "
            "the word occurs; its starting probability is its count divided by the total of "
            "all counts, <strong>{total}</strong>."
        ).format(total=_num(step.total_count, 0))
    )
    if example is not None:
        parts.append(
            t("For example {piece} is counted {count} times: P = {count} / {total} = {p}.").format(
                piece=_tok(example.piece),
                count=_num(example.count, 0),
                total=_num(step.total_count, 0),
                p=prob_text(example.prob),
            )
        )
    parts.append(
        t(
            "With these probabilities the corpus log-likelihood (the log of the probability of "
            "all words, each summed over all its segmentations) is <strong>{ll}</strong>."
        ).format(ll=_num(step.log_likelihood))
    )
    return " ".join(parts)


def explain_em(step: EMStep) -> str:
    """One EM iteration in plain words, with its numbers (HTML)."""
    parts = [
        t(
            "<strong>E-step:</strong> every way of splitting every word is weighted by its "
            "probability (summed over the word's lattice by forward-backward); a piece's "
            "<em>expected count</em> adds up those weights, times the word's count. "
            "In all, the corpus is expected to hold <strong>{total}</strong> pieces."
        ).format(total=_num(step.total_count, 1))
    ]
    if step.digamma:
        parts.append(
            t(
                "<strong>M-step (digamma):</strong> log P = ψ(expected count) − ψ(total), which "
                "lowers rare pieces more than frequent ones."
            )
        )
    else:
        parts.append(
            t(
                "<strong>M-step:</strong> each piece's new probability is its expected count "
                "divided by {total}."
            ).format(total=_num(step.total_count, 1))
        )
    movers = sorted(
        (s for s in step.pieces if s.prev_log_prob is not None),
        key=lambda s: -abs(s.prob - math.exp(s.prev_log_prob or 0.0)),
    )[:2]
    if movers:
        moved = [
            t("{piece} {before} → {after} (expected {count} times)").format(
                piece=_tok(s.piece),
                before=prob_text(math.exp(s.prev_log_prob or 0.0)),
                after=prob_text(s.prob),
                count=_num(s.count, 2),
            )
            for s in movers
        ]
        parts.append(t("Biggest changes shown: {moved}.").format(moved=_list(moved)))
    gain = step.gain
    before, after, change = change_texts(step.log_likelihood_before, step.log_likelihood)
    if gain >= 0:
        rises = (
            t("The log-likelihood rises from {before} to <strong>{after}</strong> ({gain}):")
            if gain >= ABOUT_ZERO
            else t("The log-likelihood stays at {after} (change: {gain}):")
        )
        parts.append(
            rises.format(before=before, after=after, gain=change)
            + " "
            + (
                t("EM never lowers it.")
                if not step.digamma
                else t("(with the digamma M-step it could also drop).")
            )
        )
    else:
        parts.append(
            t(
                "The log-likelihood drops from {before} to <strong>{after}</strong>: the digamma "
                "M-step does not maximise the likelihood."
            ).format(before=before, after=after)
        )
    if step.final:
        parts.append(
            t(
                "<strong>Done:</strong> the vocabulary has {n:,} pieces, the size you "
                "asked for, so training stops here."
            ).format(n=step.vocab_size)
        )
    return " ".join(parts)


def explain_prune(step: PruneStep, factor: float) -> str:
    """One pruning round in plain words, with its numbers (HTML)."""
    removed = step.vocab_before - step.vocab_after
    parts = [
        t(
            "Removing a piece lowers the likelihood: the words that used it must be split "
            "another way. That drop is the piece's <em>removal loss</em>, computed here for each "
            "of the <strong>{n:,}</strong> candidate pieces."
        ).format(n=step.candidates)
    ]
    if step.required:
        parts.append(
            t(
                "The {n} single characters are always kept, so every word can still be split."
            ).format(n=step.required)
        )
    pct = f"{round(factor * 100):d}%"
    if step.vocab_after > step.shrink_target:
        goal = t(
            "{pct} of {before:,} is {target:,}, fewer than the vocabulary size, so this round "
            "keeps {after:,}"
        )
    else:
        goal = t("{pct} of {before:,} is {after:,}, the size after this round")
    goal = goal.format(
        pct=pct, before=step.vocab_before, target=step.shrink_target, after=step.vocab_after
    )
    parts.append(
        t(
            "Each round keeps {pct} of the vocabulary: {goal}. So the "
            "<strong>{kept:,}</strong> candidates with the highest losses stay "
            "and <strong>{removed:,}</strong> go."
        ).format(pct=pct, goal=goal, kept=step.kept_candidates, removed=removed)
    )
    last_kept, first_gone = step.cut_loss
    kept_row = next((r for r in step.losses if r.rank == step.kept_candidates), None)
    gone_row = next((r for r in step.losses if r.rank == step.kept_candidates + 1), None)
    if kept_row and gone_row and last_kept is not None and first_gone is not None:
        parts.append(
            t(
                "The cut falls between {kept} (loss {kept_loss}) and {gone} (loss {gone_loss})."
            ).format(
                kept=_tok(kept_row.piece),
                kept_loss=loss_text(last_kept),
                gone=_tok(gone_row.piece),
                gone_loss=loss_text(first_gone),
            )
        )
    shown = [_tok(p) for p in step.removed[:5]]
    if len(step.removed) > 5:
        shown.append(t("{n:,} more").format(n=len(step.removed) - 5))
    if shown:
        parts.append(t("Removed: {pieces}.").format(pieces=_list(shown)))
    zero = sum(1 for r in step.losses if not r.kept and r.loss < 1e-6)
    if zero:
        parts.append(
            t(
                "A loss of about 0 means no segmentation really needed the piece: the words "
                "have other splits that are just as likely."
            )
        )
    diff = step.log_likelihood_after - step.log_likelihood_before
    before, after, shown = change_texts(step.log_likelihood_before, step.log_likelihood_after)
    if abs(diff) < ABOUT_ZERO:
        change = t(
            "The log-likelihood stays at {after} (change: about 0): the removed pieces were "
            "not needed by any likely segmentation."
        ).format(after=after)
    elif diff > 0:
        change = t(
            "The log-likelihood rises by {diff}, from {before} to <strong>{after}</strong>: "
            "scaling the kept pieces' probabilities back up to a total of 1 gains more than the "
            "removed pieces' segmentations cost."
        ).format(diff=shown.lstrip("+"), before=before, after=after)
    else:
        change = t(
            "The log-likelihood drops by {diff}, from {before} to <strong>{after}</strong> "
            "(the kept pieces' probabilities are scaled up to add up to 1 again)."
        ).format(diff=shown.replace("−", ""), before=before, after=after)
    parts.append(change + " " + t("EM runs again next."))
    return " ".join(parts)


# --------------------------------------------------------------------------------------
# Data for charts and tables (tested directly)
# --------------------------------------------------------------------------------------


def likelihood_chart_data(result: UnigramResult) -> pa.Table:
    """One row per step: its kind and the corpus log-likelihood after it.

    The kinds and the ``what`` labels are in the session's language (the chart's legend and
    tooltip show them; :func:`_likelihood_chart` uses the same words).

    >>> from subword_core.unigram import learn
    >>> table = likelihood_chart_data(learn({"hug": 10, "pug": 5, "pun": 12}, 9))
    >>> table["kind"].to_pylist()
    ['seed', 'EM', 'EM', 'prune', 'EM', 'EM']
    """
    rows = []
    kinds = _kind_labels()
    for step, ll in zip(result.steps, result.log_likelihoods, strict=True):
        kind = kinds[{"seed": "seed", "em": "EM", "prune": "prune"}[step.kind]]
        if isinstance(step, EMStep):
            label = t("EM {iteration} (round {round})").format(
                iteration=step.iteration, round=step.round
            )
            size = step.vocab_size
        elif isinstance(step, PruneStep):
            label = t("prune {round}: {before:,} → {after:,}").format(
                round=step.round, before=step.vocab_before, after=step.vocab_after
            )
            size = step.vocab_after
        else:
            label = kinds["seed"]
            size = step.vocab_size
        rows.append(
            {
                "step": step.number,
                "kind": kind,
                "log-likelihood": ll,
                "pieces": size,
                "what": label,
            }
        )
    return arrow_table(rows, ["step", "kind", "log-likelihood", "pieces", "what"])


def _kind_labels() -> dict[str, str]:
    """The step kinds of the likelihood chart, by id, in the session's language."""
    return {
        # i18n: the likelihood chart's legend: the seed step
        "seed": t("seed"),
        # i18n: the likelihood chart's legend: an EM iteration
        "EM": t("EM"),
        # i18n: the likelihood chart's legend: a pruning round
        "prune": t("prune"),
    }


def _likelihood_chart(lang: str = "en") -> alt.LayerChart:
    """The log-likelihood over the steps, a template (see :mod:`ui.charts`).

    ``lang`` is the language of its legend, titles and description (a template is built once
    per arguments, so the language must be one of them).

    Its data: ``steps`` (rows of :func:`likelihood_chart_data`) and ``now`` (one row,
    ``step``: the current step, drawn as a red rule).
    """
    kinds = _kind_labels()
    domain = [kinds[k] for k in _KIND_COLOURS]
    colour = alt.Color(
        "kind:N",
        scale=alt.Scale(domain=domain, range=list(_KIND_COLOURS.values())),
        legend=top_legend(domain),
    )
    # the same legend for the shape, so that the two merge into one above the plot
    shape = alt.Shape(
        "kind:N",
        scale=alt.Scale(domain=domain, range=list(_KIND_SHAPES.values())),
        legend=top_legend(domain),
    )
    base = alt.Chart(alt.NamedData("steps")).encode(
        x=alt.X("step:Q", axis=count_axis(t("step"))),
        y=alt.Y("log-likelihood:Q", title=t("corpus log-likelihood"), scale=alt.Scale(zero=False)),
        tooltip=[
            alt.Tooltip("step:Q", title=t("step")),
            alt.Tooltip("what:N", title=t("what")),
            alt.Tooltip("log-likelihood:Q", format=",.6f", title=t("log-likelihood")),
            alt.Tooltip("pieces:Q", title=t("pieces")),
        ],
    )
    line = base.mark_line(color="#8c8c8c", strokeDash=[3, 3])
    points = base.mark_point(filled=True, size=90).encode(color=colour, shape=shape)
    now = (
        alt.Chart(alt.NamedData("now")).mark_rule(color="#d62728", strokeWidth=2).encode(x="step:Q")
    )
    return described(
        (line + points + now).properties(height=300),  # ~40 px go to the legend
        t(
            "Line chart: the corpus log-likelihood after each step of the training, the seed "
            "(a diamond), the EM iterations (circles) and the pruning rounds (triangles); a "
            "vertical line marks the current step."
        ),
    )


def zoomed_rows(data: pa.Table) -> pa.Table | None:
    """The rows of :func:`likelihood_chart_data` after the first EM iteration, whose changes the
    first iteration's jump flattens on a shared axis; ``None`` when fewer than two are left.

    >>> from subword_core.unigram import learn
    >>> data = likelihood_chart_data(learn({"hug": 10, "pug": 5, "pun": 12}, 9))
    >>> zoomed_rows(data)["step"].to_pylist()  # the seed and the first EM iteration left out
    [3, 4, 5, 6]
    """
    em = _kind_labels()["EM"]
    kinds = data["kind"].to_pylist()
    first = next((i for i, kind in enumerate(kinds) if kind == em), None)
    if first is None or data.num_rows - first - 1 < 2:
        return None
    return data.slice(first + 1)


def _zoomed_likelihood_chart(steps: pa.Table, number: int) -> None:
    """The likelihood chart again from the second EM iteration on, on its own axis."""
    zoomed = zoomed_rows(steps)
    if zoomed is None:
        return
    first = zoomed["step"][0].as_py()
    heading = t("Zoomed in: after the first EM iteration (steps {first:,}–{last:,})").format(
        first=first, last=zoomed["step"][-1].as_py()
    )
    st.markdown("**" + md_escape(heading) + "**")
    show_template(
        _likelihood_chart,
        (current_language(),),
        {"steps": zoomed, "now": {"step": [max(number, first)]}},
        description=t(
            "The same line chart from step {first:,} on, its axis fitted to these steps so "
            "that the smaller changes after the first EM iteration show."
        ).format(first=first),
        width="stretch",
    )


def _likelihood_table_html(data: pa.Table) -> str:
    """The likelihood chart's numbers as a folded table (its text alternative)."""
    rows = [
        (r["step"], r["what"], r["log-likelihood"], r["pieces"])
        for r in data.select(["step", "what", "log-likelihood", "pieces"]).to_pylist()
    ]
    return table_details_html(
        t("Show the log-likelihoods as a table"),
        [_column_label(c) for c in ("step", "what", "log-likelihood", "pieces")],
        rows,
        caption=t("Corpus log-likelihood after each step, as in the chart"),
    )


def piece_table(step: SeedStep | EMStep) -> pa.Table:
    """The pieces a seed or EM step lists: (expected) count and probability before/after.

    >>> from subword_core.unigram import learn
    >>> row = piece_table(learn({"hug": 10, "pug": 5}, 5).steps[0]).to_pylist()[1]
    >>> row["piece"], float(row["count"]), row["P"]
    ('u', 15.0, '0.167')
    """
    rows = []
    for s in step.pieces:
        row: dict[str, object] = {"piece": s.piece}
        if isinstance(step, SeedStep):
            row |= {"count": s.count, "P": prob_text(s.prob)}
        else:
            before = math.exp(s.prev_log_prob) if s.prev_log_prob is not None else float("nan")
            row |= {
                "expected count": round(s.count, 3),
                "P before": prob_text(before),
                "P after": prob_text(s.prob),
                "log P after": round(s.log_prob, 3),
            }
        rows.append(row)
    if isinstance(step, SeedStep):
        return arrow_table(rows, ["piece", "count", "P"])
    return arrow_table(rows, ["piece", "expected count", "P before", "P after", "log P after"])


def loss_table(step: PruneStep) -> pd.DataFrame:
    """The pruning round's loss rows by rank, with ``kept`` / ``removed``.

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5, "pun": 12}, 9).steps[3]
    >>> df = loss_table(step)
    >>> df["status"].tolist().count("removed") == step.vocab_before - step.vocab_after
    True
    """
    return pd.DataFrame(
        [
            {
                "rank": r.rank,
                "piece": r.piece,
                "loss": r.loss,
                "P": prob_text(math.exp(r.log_prob)),
                "expected count": round(r.count, 3),
                "status": "kept" if r.kept else "removed",
            }
            for r in step.losses
        ]
    )


def _loss_table_html(step: PruneStep, marker: str | None, head: int = 12, around: int = 8) -> str:
    """The loss rows as a table with the cut line: the top ``head`` rows and ``around`` rows
    on each side of the cut (every row when there are few), gaps marked."""
    cut = step.kept_candidates
    listed = [
        r
        for r in step.losses
        if len(step.losses) <= head + 2 * around
        or r.rank <= head
        or abs(r.rank - cut - 0.5) < around
    ]
    rows = []
    previous = 0
    for r in listed:
        if r.rank > previous + 1:
            gap = r.rank - previous - 1
            rows.append(
                "<tr class='sw-gap'><td colspan='6'>"
                + t.n("… {n:,} piece not listed …", "… {n:,} pieces not listed …", gap).format(
                    n=gap
                )
                + "</td></tr>"
            )
        if r.rank == step.kept_candidates + 1:
            rows.append(
                "<tr class='sw-cut'><td colspan='6'>"
                + t(
                    "✂ cut line: the {kept:,} pieces above stay, the {removed:,} below are removed"
                ).format(kept=step.kept_candidates, removed=step.candidates - step.kept_candidates)
                + "</td></tr>"
            )
        status = badge_html(t("kept"), "success") if r.kept else badge_html(t("removed"), "error")
        rows.append(
            f"<tr{'' if r.kept else ' class=sw-removed'}><td style='text-align:right'>"
            f"{r.rank}</td><td>{token_spans_html([r.piece], marker=marker)}</td>"
            f"<td style='text-align:right'>{loss_text(r.loss)}</td>"
            f"<td style='text-align:right'>{prob_text(math.exp(r.log_prob))}</td>"
            f"<td style='text-align:right'>{_num(r.count, 2)}</td><td>{status}</td></tr>"
        )
        previous = r.rank
    if previous < step.candidates:
        gap = step.candidates - previous
        rows.append(
            "<tr class='sw-gap'><td colspan='6'>… " + t("{n:,} more").format(n=gap) + " …</td></tr>"
        )
    css = (
        "<style>.sw-cut td{border-top:3px dashed rgb(214,39,40)!important;"
        "font-weight:700;color:rgb(214,39,40);text-align:center}"
        ".sw-gap td{opacity:.7;font-style:italic;text-align:center}"
        ".sw-removed td{opacity:.75}.sw-loss td{white-space:nowrap}</style>"
    )
    return (
        f"<table class='sw-table sw-loss'><thead><tr><th>{t('rank')}</th><th>{t('piece')}</th>"
        f"<th>{t('loss')}</th><th>P</th><th>{t('expected count')}</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS + css
    )


def _step_title(step: SeedStep | EMStep | PruneStep) -> str:
    if isinstance(step, SeedStep):
        return t("Step {n}: the seed vocabulary ({size:,} pieces)").format(
            n=step.number, size=step.vocab_size
        )
    if isinstance(step, EMStep):
        if step.round == 0:
            title = t("Step {n}: EM iteration {iteration}, before any pruning")
        else:
            title = t("Step {n}: EM iteration {iteration}, after pruning round {round}")
        return title.format(n=step.number, iteration=step.iteration, round=step.round)
    return t("Step {n}: pruning round {round}, {before:,} → {after:,} pieces").format(
        n=step.number, round=step.round, before=step.vocab_before, after=step.vocab_after
    )


def describe_step(result: UnigramResult, number: int) -> str:
    """A one-line description for the player's counter (plain text)."""
    step = result.steps[number - 1]
    if isinstance(step, SeedStep):
        return t("seed: {n:,} pieces").format(n=step.vocab_size)
    if isinstance(step, EMStep):
        return t("EM {iteration} of round {round}").format(
            iteration=step.iteration, round=step.round
        )
    return t("pruning {before:,} → {after:,}").format(
        before=step.vocab_before, after=step.vocab_after
    )


def corpus_segmentations(
    step: SeedStep | EMStep, corpus: Corpus, word_start: str
) -> list[tuple[str, int, tuple[str, ...], list[tuple[str, ...]]]] | None:
    """Each (frequent) corpus word, its best segmentation under the step's model, and the
    other segmentations exactly as probable (a tie).

    ``None`` when the step does not list every piece (a large vocabulary).

    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5}, 5).steps[2]
    >>> corpus_segmentations(step, Corpus.from_counts({"hug": 10, "pug": 5}), "")[0]
    ('hug', 10, ('hug',), [])
    """
    if step.pieces_omitted or not step.pieces:
        return None
    model = Unigram([(s.piece, s.log_prob) for s in step.pieces])
    items = sorted(corpus.items, key=lambda wc: -wc[1])[:TABLE_ROWS]
    rows = []
    for w, n in items:
        best, *others = model.nbest(word_start + w, 4)
        tied = [o.pieces for o in others if math.isclose(o.log_prob, best.log_prob, rel_tol=1e-12)]
        rows.append((w, n, best.pieces, tied))
    return rows


# --------------------------------------------------------------------------------------
# The step player's view
# --------------------------------------------------------------------------------------


def _textbook_settings(settings: UnigramSettings) -> dict[str, Any]:
    """The settings ``subword_core.textbook.code.unigram_step`` rebuilds a call with."""
    seed = settings.seed_size or max(5 * settings.vocab_size, 1000)
    return {
        "seed_size": seed,
        "max_piece_length": settings.max_piece_length,
        "shrinking_factor": settings.shrinking_factor,
    }


def _likelihood_column(result: UnigramResult, number: int) -> None:
    """The left column of a training step: the corpus log-likelihood over the steps."""
    st.markdown("**" + t("Corpus log-likelihood after each step") + "**")
    steps = likelihood_chart_data(result)
    current = [r for r in steps.to_pylist() if r["step"] == number]
    if current:
        description = t(
            "Line chart of the corpus log-likelihood over {n:,} steps; at this step "
            "({what}): {ll} with {pieces:,} pieces."
        ).format(
            n=steps.num_rows,
            what=current[0]["what"],
            ll=f"{current[0]['log-likelihood']:,.2f}",
            pieces=current[0]["pieces"],
        )
    else:
        description = t("Line chart of the corpus log-likelihood over {n:,} steps.").format(
            n=steps.num_rows
        )
    show_template(
        _likelihood_chart,
        (current_language(),),
        {"steps": steps, "now": {"step": [number]}},
        description=description,
        width="stretch",
    )
    show_html(
        caption_html(
            t(
                "◆ the seed (grey); ● EM iterations (blue, never down); ▼ pruning rounds "
                "(red). The vertical line marks this step."
            )
        )
    )
    _zoomed_likelihood_chart(steps, number)
    show_html(_likelihood_table_html(steps))


def _pieces_column(
    step: SeedStep | EMStep | PruneStep, corpus: Corpus, settings: UnigramSettings
) -> None:
    """The right column of a training step: the removal losses, or the pieces and the
    corpus words' segmentations."""
    marker = settings.word_start or None
    if isinstance(step, PruneStep):
        listed = (
            caption_html(
                t(
                    "Listed: the highest losses and the pieces on both sides of the cut, of "
                    "{n:,} candidates."
                ).format(n=step.candidates)
            )
            if step.candidates > len(step.losses) or len(step.losses) > 28
            else ""
        )
        show_html(
            heading_html(t("Removal losses, round {round}").format(round=step.round))
            + _loss_table_html(step, marker)
            + listed
        )
    else:
        heading = (
            t("Seed pieces, their counts and starting probabilities")
            if isinstance(step, SeedStep)
            else t("Pieces after this iteration, most probable first")
        )
        st.markdown("**" + heading + "**")
        st.dataframe(_shown(piece_table(step)), hide_index=True, width="stretch", height=360)
        omitted = (
            caption_html(
                t("{shown} of {n:,} pieces listed ({more:,} more not shown).").format(
                    shown=len(step.pieces), n=step.vocab_size, more=step.pieces_omitted
                )
            )
            if step.pieces_omitted
            else ""
        )
        _corpus_words(step, corpus, settings, omitted)


def _corpus_words(
    step: SeedStep | EMStep, corpus: Corpus, settings: UnigramSettings, omitted: str
) -> None:
    """The corpus words' best segmentation after ``step``, under the ``omitted`` caption."""
    marker = settings.word_start or None
    rows = corpus_segmentations(step, corpus, settings.word_start)
    if rows is None:
        if omitted:
            show_html(omitted)
    else:
        # one HTML block for the caption, the heading and the table (fewer elements
        # to send at every step change)
        body = "".join(
            f"<tr><td>{esc(w)}</td><td style='text-align:right'>{n}</td>"
            f"<td>{token_spans_html(list(p), marker=marker)}"
            + (
                " "
                + badge_html(t("tie"), "warning")
                + " <span class='sw-small'>"
                + t("just as probable: {others}").format(
                    others=esc(", ".join(seg_text(s) for s in tied))
                )
                + "</span>"
                if tied
                else ""
            )
            + "</td></tr>"
            for w, n, p, tied in rows
        )
        show_html(
            omitted
            + heading_html(t("The corpus words' best segmentation now (Viterbi)"))
            + f"<table class='sw-table'><thead><tr><th>{t('word')}</th>"
            f"<th>{t('count')}</th><th>{t('best segmentation')}</th></tr></thead>"
            f"<tbody>{body}</tbody></table>" + TABLE_CSS
        )


def render_train_step(
    result: UnigramResult, number: int, settings: UnigramSettings, corpus: Corpus
) -> None:
    """Draw one training step: title, explanation, likelihood chart, the step's table."""
    step = result.steps[number - 1]
    if isinstance(step, PruneStep) and not class_gate(prune_ask("unigram", step)):
        return  # a live class's question (ui.classroom): hidden until the reveal
    if isinstance(step, SeedStep):
        text = explain_seed(step, settings.max_piece_length)
        badge = badge_html(t("seed"), "neutral")
    elif isinstance(step, EMStep):
        text = explain_em(step)
        gain = change_texts(step.log_likelihood_before, step.log_likelihood)[2]
        badge = badge_html(t("log-likelihood {gain}").format(gain=gain), "info")
    else:
        text = explain_prune(step, settings.shrinking_factor)
        change = f"{step.vocab_after - step.vocab_before:+d}"
        badge = badge_html(t("{change} pieces").format(change=change), "error")
    show_html(
        f"<h3 style='margin:.2em 0'>{esc(_step_title(step))} {badge}</h3>"
        f"<p class='sw-text' style='font-size:1.08em'>{text}</p>"
    )
    left, right = st.columns([1, 1.2])
    with left:
        _likelihood_column(result, number)
    with right:
        _pieces_column(step, corpus, settings)
    # after the chart and table, so they start on a projector's first screen when presenting
    if settings.keep_single_chars:  # the textbook never prunes a character
        code_panel(code.unigram_step(result, number, **_textbook_settings(settings)))


# --------------------------------------------------------------------------------------
# One word: lattice, all segmentations, n-best, sampling
# --------------------------------------------------------------------------------------


def lattice_chart_data(lattice: Lattice) -> pd.DataFrame:
    """One row per lattice node, with the row it is drawn in (Viterbi path on top).

    >>> lat = Unigram([("a", -1.0), ("b", -2.0), ("ab", -1.5)]).lattice("ab")
    >>> lattice_chart_data(lat)[["piece", "start", "end", "row", "status"]].values.tolist()
    [['ab', 0, 2, 0, 'Viterbi path'], ['a', 0, 1, 1, 'other'], ['b', 1, 2, 1, 'other']]
    """
    rows = []
    # the best path fills row 0; the other nodes are packed greedily below it
    ends: list[int] = []
    order = sorted(
        (n for n in lattice.nodes if not n.on_best_path),
        key=lambda n: (n.end - n.start, n.start),
    )
    placed: dict[int, int] = {i: 0 for i in lattice.best_path}
    for node in order:
        for r, end in enumerate(ends):
            if end <= node.start:
                ends[r] = node.end
                placed[node.index] = r + 1
                break
        else:
            ends.append(node.end)
            placed[node.index] = len(ends)
    for node in sorted(lattice.nodes, key=lambda n: (placed[n.index], n.start)):
        status = "Viterbi path" if node.on_best_path else ("unknown" if node.unknown else "other")
        rows.append(
            {
                "piece": node.piece,
                "start": node.start,
                "end": node.end,
                "row": placed[node.index],
                "status": status,
                "log P(piece)": round(node.score, 4),
                "best score before": round(node.best_prefix, 4),
                "forward (log)": round(node.forward, 4),
                "backward (log)": round(node.backward, 4),
                "chance used": round(node.posterior, 4),
                "unknown": node.unknown,
                "middle": (node.start + node.end) / 2,
                "label": ("★ " if node.on_best_path else "") + node.piece,
            }
        )
    return pd.DataFrame(rows)


def _lattice_chart(rows: int, length: int, text: str, lang: str = "en") -> alt.LayerChart:
    """The lattice of a word, a template (see :mod:`ui.charts`).

    ``rows``: rows of pieces; ``length``: the word's length in characters; ``text``: the
    label colour; ``lang``: the language of its titles (see :func:`_likelihood_chart`). Its
    data: ``nodes`` (rows of :func:`lattice_chart_data`) and ``letters``
    (the word's characters above the pieces: ``middle``, ``row`` = -1, ``label``).
    """
    scale = alt.Scale(
        domain=["Viterbi path", "other", "unknown"],
        range=["#d62728", "#1f77b4", "#ff7f0e"],
    )
    y = alt.Y("row:O", axis=None, scale=alt.Scale(domain=list(range(-1, rows))))
    tooltip = [
        alt.Tooltip(f"{name}:{kind}", title=_column_label(name))
        for name, kind in (
            ("piece", "N"),
            ("start", "Q"),
            ("end", "Q"),
            ("log P(piece)", "Q"),
            ("best score before", "Q"),
            ("forward (log)", "Q"),
            ("backward (log)", "Q"),
            ("chance used", "Q"),
        )
    ]
    # translucent fills and theme-coloured text read on the light and the dark theme; the
    # path also differs by its thick border and the star, not by colour alone
    bars = (
        alt.Chart(alt.NamedData("nodes"))
        .mark_bar(cornerRadius=3, height={"band": 0.8}, fillOpacity=0.3)
        .encode(
            x=alt.X(
                "start:Q",
                title=t("position in the word"),
                scale=alt.Scale(domain=[0, length]),
                axis=count_axis(values=list(range(length + 1))),
            ),
            x2="end:Q",
            y=y,
            color=alt.Color("status:N", scale=scale, legend=None),
            # no legend: the height is fitted to the rows (a legend was cut off below them);
            # the caption says what red, blue and a dashed border mean
            stroke=alt.Stroke("status:N", scale=scale, legend=None),
            strokeWidth=alt.condition(
                alt.datum.status == "Viterbi path", alt.value(3), alt.value(1.2)
            ),
            strokeDash=alt.condition(alt.datum.unknown, alt.value([4, 3]), alt.value([1, 0])),
            tooltip=tooltip,
        )
    )
    labels = (
        alt.Chart(alt.NamedData("nodes"))
        .mark_text(fontSize=15, color=text)
        .encode(x="middle:Q", y=y, text="label:N", tooltip=tooltip)
    )
    heading = (
        alt.Chart(alt.NamedData("letters"))
        .mark_text(fontSize=18, fontWeight="bold", color=text)
        .encode(x="middle:Q", y=y, text="label:N")
    )
    return described(
        bars + labels + heading,
        t(
            "Lattice of the word: its characters on top, and one bar for every vocabulary piece "
            "that fits at those positions; the top row, marked ★, is the most probable "
            "segmentation (the Viterbi path); a dashed border marks an unknown character."
        ),
    )


_LATTICE_TABLE = (
    "piece", "start", "end", "status", "log P(piece)", "best score before", "forward (log)",
    "backward (log)", "chance used",
)  # fmt: skip


def _lattice_table_html(data: pd.DataFrame) -> str:
    """The lattice chart's numbers as a folded table, path first (its text alternative)."""
    statuses = {
        "Viterbi path": "★ " + t("Viterbi path"),
        # i18n: a lattice piece that is not on the best path
        "other": t("other"),
        # i18n: a lattice piece for a character missing from the vocabulary
        "unknown": t("unknown"),
    }
    at = _LATTICE_TABLE.index("status")
    rows = [
        tuple(statuses.get(v, v) if i == at else v for i, v in enumerate(row))
        for row in data[list(_LATTICE_TABLE)].itertuples(index=False)
    ]
    return table_details_html(
        t("Show the lattice as a table"),
        [_column_label(c) for c in _LATTICE_TABLE],
        rows,
        caption=t("Every piece of the lattice, with its scores, as in the chart"),
    )


def segmentation_table(
    model: Unigram, word: str, limit: int = MAX_TABLE_SEGMENTATIONS
) -> pd.DataFrame:
    """Every segmentation of ``word`` with P and its share of P(word), most probable first.

    Raises:
        ParameterError: the word has more than ``limit`` segmentations.

    >>> model = Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("pu", -2.5)])
    >>> segmentation_table(model, "pug")[["segmentation", "pieces", "best"]].values.tolist()
    [['pu · g', 2, '★'], ['p · u · g', 3, '']]
    """
    segs = model.segmentations(word, limit=limit)
    best = tuple(model.encode(word))
    return pd.DataFrame(
        [
            {
                "rank": i,
                "segmentation": seg_text(s.pieces),
                "pieces": s.length,
                "log P": round(s.log_prob, 4),
                "P": prob_text(s.prob),
                "share of P(word)": prob_text(s.share),
                "best": "★" if s.pieces == best else "",
            }
            for i, s in enumerate(segs, start=1)
        ]
    )


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


def sample_table(
    model: Unigram, word: str, alpha: float, n: int, seed: int, rows: int = HIST_ROWS
) -> tuple[pd.DataFrame, float]:
    """Draw ``n`` segmentations (seeded) and set their shares next to the exact ones.

    Returns the table (the ``rows`` most drawn segmentations, then one ``other`` row) and
    the total variation distance between the sampled and the exact distribution.

    >>> model = Unigram([("a", -1.0), ("aa", -1.0)])
    >>> df, tv = sample_table(model, "aa", 1.0, 400, 1)
    >>> sorted(df["segmentation"]), round(float(df["exact share"].sum()), 6)
    (['a · a', 'aa'], 1.0)
    """
    draws = model.sample_many(word, alpha, random.Random(seed), n)
    counts = Counter(tuple(d) for d in draws)
    log_z = model.word_log_prob(word, alpha)

    def exact(pieces: tuple[str, ...]) -> float:
        return math.exp(alpha * model.score(list(pieces)) - log_z)

    ranked = sorted(counts.items(), key=lambda pc: (-pc[1], -exact(pc[0])))
    shown = ranked[:rows]
    out = [
        {
            "segmentation": seg_text(p),
            "drawn": c,
            "sampled share": c / n,
            "exact share": exact(p),
        }
        for p, c in shown
    ]
    other_drawn = sum(c for _, c in ranked[rows:])
    other_exact = 1.0 - sum(exact(p) for p, _ in shown)
    if other_drawn or other_exact > 1e-9:
        out.append(
            {
                "segmentation": t("(all others)"),
                "drawn": other_drawn,
                "sampled share": other_drawn / n,
                "exact share": max(other_exact, 0.0),
            }
        )
    # total variation: |sampled - exact| over drawn segmentations plus the never-drawn mass
    drawn_exact = sum(exact(p) for p in counts)
    tv = 0.5 * (sum(abs(c / n - exact(p)) for p, c in counts.items()) + max(1.0 - drawn_exact, 0.0))
    return pd.DataFrame(out), tv


_SHARE_COLOURS = {"sampled share": "#1f77b4", "exact share": "#ff9f1c"}


def _share_labels() -> dict[str, str]:
    """The two kinds of share of the sampling chart, by id, in the session's language."""
    return {"sampled share": t("sampled share"), "exact share": t("exact share")}


def _sample_chart(lang: str = "en") -> alt.Chart:
    """Sampled against exact shares, a template (see :mod:`ui.charts`); ``lang``: the
    language of its legend, titles and description (see :func:`_likelihood_chart`).

    Its data: ``shares`` (:func:`_sample_shares`: one row per segmentation and kind).
    """
    labels = _share_labels()
    domain = [labels[k] for k in _SHARE_COLOURS]
    return (
        alt.Chart(alt.NamedData("shares"))
        .mark_bar(stroke="currentColor", strokeWidth=0.5)
        .encode(
            y=alt.Y(
                "segmentation:N",
                sort=alt.EncodingSortField(field="order", op="min", order="ascending"),
                title=None,
                axis=label_axis(),
            ),
            yOffset="kind:N",
            x=alt.X("share:Q", title=t("share"), axis=alt.Axis(format="%")),
            color=alt.Color(
                "kind:N",
                scale=alt.Scale(domain=domain, range=list(_SHARE_COLOURS.values())),
                legend=top_legend(domain),
            ),
            tooltip=[
                alt.Tooltip("segmentation:N", title=t("segmentation")),
                # i18n: the sampling chart's tooltip: sampled or exact share
                alt.Tooltip("kind:N", title=t("kind")),
                alt.Tooltip("share:Q", format=".3f", title=t("share")),
            ],
        )
        .properties(
            description=t(
                "Grouped bar chart: for each segmentation of the word, the share of "
                "the draws that gave it (sampled) next to its exact share; the same numbers "
                "are in the table beside it."
            )
        )
    )


def _sample_shares(table: pd.DataFrame) -> pd.DataFrame:
    """The sample table in long form for :func:`_sample_chart`, in the table's order; the
    kinds in the session's language (as the chart's legend names them).

    >>> table = pd.DataFrame(
    ...     {"segmentation": ["a b", "ab"], "sampled share": [0.6, 0.4], "exact share": [0.5, 0.5]}
    ... )
    >>> _sample_shares(table).values.tolist()[:2]
    [['a b', 'sampled share', 0.6, 0], ['ab', 'sampled share', 0.4, 1]]
    """
    long = table.assign(order=range(len(table))).melt(
        id_vars=["segmentation", "order"],
        value_vars=["sampled share", "exact share"],
        var_name="kind",
        value_name="share",
    )
    long["kind"] = long["kind"].map(_share_labels())
    return long[["segmentation", "kind", "share", "order"]]


def _model_from_vocab(normalization: str = "none") -> Unigram | None:
    """The .vocab panel: pasted text or an uploaded file; ``None`` (explained) if invalid.

    A .vocab file does not say how its text was normalised: the page's choice is used.
    """
    st.text_area(
        t("Paste a sentencepiece .vocab (one “piece TAB score” per line; spaces work too)"),
        key="uni_vocab_text",
        max_chars=PASTE_CHARS,
        on_change=remember,
        args=(WIDGETS_KEY, "uni_vocab_text"),
        height=150,
        placeholder="▁the\t-3.29\n▁a\t-4.36\ns\t-3.05",
    )
    upload = st.file_uploader(
        t("…or upload a .vocab file"), type=["vocab", "txt"], key="uni_upload"
    )
    text = st.session_state.get("uni_vocab_text", "")
    if upload is not None:
        raw = upload.getvalue()
        try:
            text = raw.decode("utf-8-sig")
            show_text(
                t("Read {name} as UTF-8 ({n:,} bytes).").format(name=upload.name, n=len(raw)),
                small=True,
            )
        except UnicodeDecodeError:
            _problem(t("The file is not UTF-8 text, so it cannot be a sentencepiece .vocab file."))
            return None
    if not text.strip():
        st.info(t("Paste or upload a .vocab file to use it here."), icon=":material/description:")
        return None
    try:
        model = Unigram.from_vocab_text(text, normalization=normalization)
    except SubwordError as err:
        _problem(t("The .vocab text cannot be read yet:"), error_text(err))
        return None
    st.caption(
        md_escape(
            t("{n:,} pieces read (<unk>, <s> and </s> are skipped if present).").format(
                n=len(model)
            )
        )
    )
    return model


def _word_typed() -> None:
    remember(WIDGETS_KEY, "uni_word")
    st.session_state[WIDGETS_KEY]["uni_word_touched"] = True


def _set_word(word: str) -> None:
    st.session_state[WIDGETS_KEY]["uni_word"] = word
    st.session_state[WIDGETS_KEY]["uni_word_touched"] = True


_DEFAULT_WORD_CANDIDATES = 300  # frequent words tried for the default word (short ones only)
_DEFAULT_WORD_CHARS = 24  # longer words are not tried (their lattices are slower to read)


def _runner_up_share(model: Unigram, word: str) -> float:
    """How probable the second-best segmentation is next to the best (0 when there is one).

    Example:
        >>> m = Unigram((("a", math.log(0.4)), ("b", math.log(0.4)), ("ab", math.log(0.2))))
        >>> round(_runner_up_share(m, "ab"), 3)  # P(a b) = 0.16 next to P(ab) = 0.2
        0.8
    """
    best = model.nbest(word, 2)
    if len(best) < 2 or best[0].log_prob == -math.inf:
        return 0.0
    return math.exp(best[1].log_prob - best[0].log_prob)


def _default_word(corpus: Corpus, model: Unigram, prefix: str) -> str:
    """A word worth looking at: the frequent word (or the unseen example word) whose lattice
    has the most real alternatives, i.e. whose second-best segmentation is the most probable
    next to the best one (the corpus's words first, then the unseen word). When no word has a
    probable alternative,
    the word with the most segmentations (at most 200, to stay readable), else the most
    frequent word.
    """
    by_count = sorted(corpus.items, key=lambda wc: (-wc[1], -len(wc[0])))
    words = [w for w, _ in by_count[:_DEFAULT_WORD_CANDIDATES] if len(w) <= _DEFAULT_WORD_CHARS]
    unseen = example_words(corpus).unseen
    candidates = [*words, *([unseen] if unseen and len(unseen) <= _DEFAULT_WORD_CHARS else [])]
    for group in (words, candidates[len(words) :]):  # the corpus's words first
        shares = [(_runner_up_share(model, prefix + w), -i, w) for i, w in enumerate(group)]
        share, _, word = max(shares, default=(0.0, 0, ""))
        if share > 1e-3:
            return word
    # no probable alternative anywhere (a model of a few whole words): the richest lattice
    paths = [(model.count_segmentations(prefix + w), -i, w) for i, w in enumerate(candidates)]
    count, _, word = max(((n, i, w) for n, i, w in paths if n <= 200), default=(1, 0, ""))
    return word if count > 1 else by_count[0][0]


def _word_label(corpus: Corpus, word: str, unseen: str | None) -> ExampleWords:
    """The default word said truthfully: from the corpus, or not in it (never both).

    Example:
        >>> from subword_core.corpus import Corpus
        >>> _word_label(Corpus.from_counts({"low": 5}), "lowest", "lowest")
        ExampleWords(seen=(), unseen='lowest')
    """
    if word in corpus.words:
        return ExampleWords((word,), unseen if unseen != word else None)
    return ExampleWords((), word)


def _viterbi_summary_html(
    model: Unigram, lattice: Lattice, full: str, marker: str | None, count: int
) -> str:
    """The paragraph under the lattice's heading: the best segmentation, its probability and
    share, and the unknown characters."""
    best = lattice.best_pieces
    unknown = [n.piece for n in lattice.nodes if n.unknown]
    summary = "<p class='sw-text'>" + t(
        "{best} is the most probable segmentation of “{word}” (Viterbi): log P = {log_p}, "
        "P = {p}. Viterbi walks the positions left to right and keeps, for each position, the "
        "best way to reach it; at the end it follows the best choices back. Summed over all its "
        "segmentations the word has P = {p_word}, so this one holds {share} of it."
    ).format(
        best=token_spans_html(best, marker=marker),
        word=esc(full),
        log_p=_num(lattice.best_score, 3),
        p=prob_text(math.exp(lattice.best_score)),
        p_word=prob_text(math.exp(lattice.log_z)),
        share=_percent(math.exp(lattice.best_score - lattice.log_z), count),
    )
    if unknown:
        summary += " " + t.n(
            "{chars} is not in the vocabulary: an unknown character scores the lowest score "
            "minus {penalty} ({score}).",
            "{chars} are not in the vocabulary: an unknown character scores the lowest score "
            "minus {penalty} ({score}).",
            len(set(unknown)),
        ).format(
            chars=_list([_tok(c) for c in dict.fromkeys(unknown)]),
            penalty=f"{unigram.UNK_PENALTY:g}",
            score=_num(model.unk_score, 2),
        )
    return summary + "</p>"


def _lattice_panel(lattice: Lattice, full: str) -> None:
    """The lattice chart of ``full`` and its table, or a note when the word is too long."""
    if len(full) > MAX_LATTICE_CHARS:
        st.info(
            t(
                "The lattice chart draws words of up to {most} characters; this one "
                "has {n}. The tables below still work."
            ).format(most=int(MAX_LATTICE_CHARS), n=len(full)),
            icon=":material/info:",
        )
    else:
        data = lattice_chart_data(lattice)
        # subtle: Streamlit sizes a chart with a discrete y axis by its own height argument,
        # not by the chart's properties, so it is passed here as well
        height = 34 * (int(data["row"].max()) + 2) + 90
        letters = pd.DataFrame(
            {"middle": [i + 0.5 for i in range(len(full))], "row": -1, "label": list(full)}
        )
        rows = int(data["row"].max()) + 1 if len(data) else 1
        show_template(
            _lattice_chart,
            (rows, len(full), text_colour(), current_language()),
            {"nodes": data, "letters": letters},
            description=t(
                "Lattice of the word {word}: {n:,} pieces fit it; the most probable "
                "segmentation, marked ★ on the top row: {path}."
            ).format(
                word=full,
                n=len(lattice.nodes),
                path=" · ".join(data.loc[data["status"] == "Viterbi path", "piece"]),
            ),
            width="stretch",
            height=height,
        )
        show_html(
            caption_html(
                t(
                    "{n} nodes. Each bar is a piece from the vocabulary that fits "
                    "the word at those positions; the top row (★, red) is the Viterbi path, the "
                    "other pieces are packed below; a dashed border marks an unknown character. "
                    "Hover a bar for its score, the best score of the text before it, the "
                    "forward and backward sums, and the chance that it is used."
                ).format(n=len(lattice.nodes))
            )
            + _lattice_table_html(data)
        )


def _all_segmentations(model: Unigram, lattice: Lattice, full: str, count: int) -> None:
    """Every segmentation of ``full`` in a table, or a warning when there are too many."""
    with st.container():
        st.subheader(t("All segmentations"))
        if count > MAX_TABLE_SEGMENTATIONS:
            st.warning(
                t(
                    "This word can be split in {n:,} different ways with this vocabulary; the "
                    "table lists words with at most {most:,}. The n-best table "
                    "shows the most probable ones."
                ).format(n=int(count), most=int(MAX_TABLE_SEGMENTATIONS)),
                icon=":material/front_hand:",
            )
        else:
            table = segmentation_table(model, full)
            st.dataframe(
                _shown(table),
                hide_index=True,
                width="stretch",
                height=min(420, 38 + 35 * len(table)),
            )
            st.caption(
                t.n(
                    "{n:,} segmentation. P multiplies the pieces' probabilities; the share "
                    "divides it by the sum over all segmentations, P(word) = {p}.",
                    "{n:,} segmentations. P multiplies the pieces' probabilities; the share "
                    "divides it by the sum over all segmentations, P(word) = {p}.",
                    int(count),
                ).format(n=int(count), p=md_escape(prob_text(math.exp(lattice.log_z))))
            )


def _checked_word(typed: str, model: Unigram) -> str | None:
    """The typed word, normalized as the model does; ``None`` after saying what is wrong
    (nothing typed, spaces, too long)."""
    word = typed.strip()
    if word:
        text = normalize_chars(word, model.normalization)
        if text != word:
            st.caption(_normalized_text(word, text))
        word = text.strip()
    if not word:
        st.info(
            t("Type a word above to see its lattice and segmentations."), icon=":material/edit:"
        )
        return None
    if any(ch.isspace() for ch in word):
        _problem(
            t(
                "One word at a time, please: the unigram model splits single words, and spaces "
                "separate words. Remove the spaces to continue (your text is kept)."
            )
        )
        return None
    # the word as typed is measured (the ▁ in front is the page's, not the student's)
    if len(word) > LIMITS.unigram_word_chars:
        st.warning(
            md_escape(word_too_long(len(word), "unigram_word_chars", t("this tab"))),
            icon=":material/front_hand:",
        )
        return None
    return word


def render_word(result: UnigramResult, corpus: Corpus) -> None:
    """The word panels: lattice, all segmentations, n-best with a length penalty, sampling."""
    shadow = st.session_state[WIDGETS_KEY]
    # subtle: until the student types a word, the word follows the corpus and the model
    if not shadow.get("uni_word_touched") or shadow.get("uni_word") is None:
        shadow["uni_word"] = _default_word(corpus, result.model, result.word_start)
        st.session_state["uni_word"] = shadow["uni_word"]

    def keep(key: str) -> dict[str, object]:
        return {"key": key, "on_change": remember, "args": (WIDGETS_KEY, key)}

    c1, c2 = st.columns([1.2, 1])
    typed = c1.text_input(
        t("A word to segment"), key="uni_word", on_change=_word_typed, max_chars=LIMITS.box_chars
    )
    if not shadow.get("uni_word_touched"):
        unseen = example_words(corpus).unseen
        with c1:
            show_text(_word_label(corpus, str(shadow["uni_word"]), unseen).label(), small=True)
        if unseen and unseen != shadow["uni_word"]:
            c1.button(
                t("Segment “{word}” (not in the corpus)").format(word=md_escape(unseen)),
                key="uni_try_unseen",
                on_click=_set_word,
                args=(unseen,),
            )
    source = c2.radio(
        t("Model"),
        list(_MODEL_LABELS),
        format_func=_model_label,
        **keep("uni_model_source"),
    )
    model: Unigram | None = result.model
    prefix = result.word_start
    if source == "vocab":
        with st.container(border=True):
            model = _model_from_vocab(result.model.normalization)
            marked = st.toggle(
                t("Put ▁ in front of the word, as sentencepiece does"),
                help=t(
                    "Sentencepiece models mark the start of a word with ▁ (its pieces look "
                    "like ▁the). Switch off for a vocabulary without that marker."
                ),
                **keep("uni_vocab_marker"),
            )
        prefix = "▁" if marked else ""
    if model is None:
        return
    word = _checked_word(typed, model)
    if word is None:
        return
    full = prefix + word
    marker = prefix or None

    st.subheader(t("The lattice: every piece that fits, and the best path"))
    lattice = model.lattice(full)
    count = model.count_segmentations(full)
    show_html(_viterbi_summary_html(model, lattice, full, marker, count))
    code_panel(code.unigram_viterbi(model, full))
    _lattice_panel(lattice, full)

    _all_segmentations(model, lattice, full, count)
    _render_nbest(model, full, from_vocab=source == "vocab")

    st.subheader(t("Sampling segmentations (subword regularization)"))
    _render_sampling(model, full)


def _render_nbest(model: Unigram, word: str, *, from_vocab: bool = False) -> None:
    st.subheader(t("The n best, with a length penalty"))
    show_html(
        "<p class='sw-text'>"
        + t(
            "Seed 000 reranks the n most probable segmentations y by "
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
        on_change=remember,
        args=(WIDGETS_KEY, "uni_k"),
    )
    lam = c2.slider(
        t("λ (length exponent)"),
        min_value=0.0,
        max_value=3.0,
        step=0.1,
        key="uni_lambda",
        on_change=remember,
        args=(WIDGETS_KEY, "uni_lambda"),
        help=t("Seed 000's score log P / |y|^λ: λ = 0 ranks by probability alone."),
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


def _render_sampling(model: Unigram, word: str) -> None:
    c1, c2, c3 = st.columns(3)
    alpha = c1.slider(
        t("α (smoothing)"),
        min_value=0.0,
        max_value=2.0,
        step=0.05,
        key="uni_alpha",
        on_change=remember,
        args=(WIDGETS_KEY, "uni_alpha"),
        help=t(
            "Each segmentation is drawn with probability ∝ P^α: small α spreads the draws, "
            "large α concentrates them on the best segmentation."
        ),
    )
    n = c2.number_input(
        t("Samples (N)"),
        step=100,
        key="uni_samples",
        on_change=remember,
        args=(WIDGETS_KEY, "uni_samples"),
    )
    seed = c3.number_input(
        t("Random seed"),
        step=1,
        key="uni_seed",
        on_change=remember,
        args=(WIDGETS_KEY, "uni_seed"),
        help=t("The same seed draws the same samples, so a class can replay a run."),
    )
    problems = []
    if alpha is None or alpha <= 0:
        problems.append(
            t(
                "α must be greater than 0: each segmentation is drawn with probability "
                "proportional to P^α, and α = 0 would ignore the model."
            )
        )
    if n is None or int(n) != n or not 1 <= n <= MAX_SAMPLES:
        problems.append(t("N must be a whole number from 1 to {n:,}.").format(n=int(MAX_SAMPLES)))
    if seed is None or int(seed) != seed:
        problems.append(t("The random seed must be a whole number."))
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        return
    if model.count_segmentations(word) == 1:
        st.info(
            t(
                "This word has only one segmentation with this vocabulary, so every draw "
                "gives it. Try a longer word, or a vocabulary with more pieces."
            ),
            icon=":material/info:",
        )
        return
    table, tv = sample_table(model, word, float(alpha), int(n), int(seed))
    left, right = st.columns([1.2, 1])
    with left:
        show_template(
            _sample_chart,
            (current_language(),),
            {"shares": _sample_shares(table)},
            width="stretch",
            height=44 * len(table) + 170,
        )
    with right:
        shown = table.copy()
        shown["sampled share"] = shown["sampled share"].round(4)
        shown["exact share"] = shown["exact share"].round(4)
        st.dataframe(_shown(shown), hide_index=True, width="stretch")
    show_html(
        "<p class='sw-text'>"
        + t(
            "{n:,} segmentations drawn with α = {alpha} by forward filtering, backward "
            "sampling: the forward pass sums the prefix probabilities, then the pieces are "
            "picked right to left, each with its share. The exact share of a segmentation is "
            "P^α divided by the sum over all segmentations. Total variation distance between "
            "the draws and the exact shares: <strong>{tv}</strong> (more samples bring it "
            "closer to 0)."
        ).format(n=int(n), alpha=f"{alpha:g}", tv=f"{tv:.3f}")
        + "</p>"
    )


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
                "seed 001 printed": (
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
            "Seed 001 trains on hug ×10, pug ×5, pun ×12, bun ×4, hugs ×5 from 15 seed "
            "tokens. Each token's count is how often it occurs inside the words: "
            "<code>p</code> occurs in pug (5) and pun (12), so 17 times; the 15 counts add up "
            "to <strong>210</strong>, and a token's probability is its count / 210."
        )
        + "</p>"
    )
    show_text(
        t(
            "Seed 001 counts bare words: this table is computed without ▁, and the button "
            "below reads the example with whitespace only, not the page's default none (▁), "
            "which would put ▁ in front of every word and change every count."
        ),
        small=True,
    )
    st.markdown(
        "**" + t("The segmentations of “pug”, recomputed, next to what the seed printed") + "**"
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
                "<strong>Erratum.</strong> The seed computes P(pu, g) = {printed_two} and "
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
                "<strong>pu · g</strong> (17 × 20 either way). The seed's table lists pug as "
                "pu + g; Viterbi as sentencepiece runs it keeps the segmentation whose last "
                "piece is longer, p + ug. The same happens for pun (p + un), bun (b + un) and "
                "hugs (h + ugs, tied with hug + s and hu + gs)."
            )
            + "</p>"
        )
        st.button(
            t("Train on this example (seed 001's corpus and 15 tokens)"),
            key="uni_use_seed_001",
            on_click=use_seed_001,
            help=t(
                "Switches the sidebar corpus to hug / pug / pun / bun / hugs and the seed "
                "vocabulary to these 15 tokens; then open the training tab."
            ),
        )


def page_tabs() -> Sequence[Any]:
    """Draw the tabs of :data:`TABS` and return their containers; the open one is kept."""
    # an English label (the gallery and older links name the tab so) is read as its id, so
    # that it opens the same tab in any language
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    shadow["uni_tab"] = tab_id(TAB_IDS, shadow.get("uni_tab")) or shadow.get("uni_tab")
    return kept_tabs("uni_tab", tab_labels(), WIDGETS_KEY)


def tab_labels() -> dict[str, str]:
    """The page's tab labels by id, in the session's language (the gallery names them too).

    Example:
        >>> tab_labels()["seed001"]
        "Seed 001's “pug” (erratum)"
    """
    return {
        "train": t("Train step by step"),
        "word": t("Segment a word"),
        "seed001": t("Seed 001's “pug” (erratum)"),
    }


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


def render_pretok_note(scheme: str) -> None:
    """Under the pre-tokenization choice: why seed 001's example is read with whitespace only.

    Says nothing on a corpus that keeps the page's default (:data:`PRETOK`). On seed 001's
    example it says why whitespace is that example's default, or, when another scheme was
    picked, how to get the seed's numbers back.

    Example::

        render_pretok_note("whitespace")
    """
    wanted = dict(PRETOK.by_example).get(str(st.session_state.get(SOURCE_KEY)))
    if wanted is None:
        return
    if scheme == wanted:
        text = t(
            "This example is read with whitespace only, not the page's default none (▁): "
            "seed 001 counts bare words (hug, pug, pun, bun, hugs), so its 15 seed tokens add "
            "up to 210. With ▁ every word would start with ▁ (▁hug, ▁pug …), and the seed "
            "vocabulary and its counts would differ."
        )
    else:
        text = t(
            "Seed 001's numbers (its 15 seed tokens, total 210, P(pu, g) = 0.00771) are "
            "counted on bare words: choose whitespace only above to get them."
        )
    with st.sidebar if presenting() else st.container():
        show_text(text, small=True)


def render_vocab_export_note(model: Unigram) -> None:
    """Under the export buttons: what the .vocab file cannot hold (the normalisation).

    Nothing is said while the normalisation is none (a .vocab then loses nothing of it).
    """
    if model.normalization == "none":
        return
    st.caption(
        md_escape(
            t(
                "The .vocab file lists pieces and scores only: it cannot hold the "
                "normalisation ({rule}); tokenizer.json holds it as its normalizer. Whoever "
                "reads the .vocab has to choose {rule} again."
            ).format(rule=_normalization_label(model.normalization))
        )
    )
