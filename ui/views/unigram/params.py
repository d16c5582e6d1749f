"""The Unigram page's widgets, tabs and link parameters, and the labels its tables show.

The widget defaults and the tab ids live here because every stage of the page reads them
(the settings panel, the word tab, seed 001's button, the gallery); importing this module
registers the page's link parameters (:mod:`ui.app.links`).

Example:
    >>> TAB_IDS["word"], WIDGET_DEFAULTS["uni_em"]
    ('Segment a word', 2)
"""

from __future__ import annotations

import pandas as pd
import pyarrow as pa

from subword_core.text.normalize import NORMALIZATIONS
from ui.app.i18n import translator
from ui.app.limits import LIMITS, unigram_max_shrink
from ui.app.links import MAX_LINK_INT, PageLink, kept_params, register_page, register_params
from ui.app.pretok import PretokSpec

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
    "seed001": "Tutorial 001's “pug” (erratum)",
}
"""The page's tabs by stable id (kept in ``uni_tab``, carried by links) and their labels."""
TABS: tuple[str, ...] = tuple(TAB_IDS.values())
"""The page's tab labels; the open one is kept (``uni_tab``), so a link or the gallery can open
one (by id or label, see :func:`ui.draw.tabs.kept_tabs`)."""
_SEED_LABELS = {
    "substrings": "Every character + the most frequent substrings",
    "given": "My own list (tutorial 001's 15 tokens to start with)",
}

# The link parameters this view owns (ui.app.links), in the order a link lists them; the ranges are
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
        "tutorial 001 printed": t("tutorial 001 printed"),
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
