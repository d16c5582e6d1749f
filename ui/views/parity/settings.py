"""The Parity page's settings, and what it compares: the app's trainers next to
subword-nmt, ``tokenizers`` and sentencepiece.

The reference libraries are *test oracles and comparisons*, never the app's algorithms:
:mod:`subword_core` never imports them. This package is the only place in the UI that does, and
only lazily inside functions, so the app runs without them (``requirements.txt`` does not list
them; ``requirements-dev.txt`` does) and the page then says which package to install
(:func:`missing_package`).

Each comparison is a plain function returning a dataclass (tests check it directly); the
``render_*`` functions draw it. What is compared:

- **BPE vs subword-nmt**: the merge lists and the segmentation of the corpus words, once with
  subword-nmt's conventions (``</w>`` glued to the last character, ties to the greatest pair:
  they must agree) and once per app default (separate ``</w>``, first-seen ties), with the
  first differing merge and why it differs.
- **WordPiece vs tokenizers' WordPieceTrainer** (frequency-based BPE with ``##``): vocabulary
  and segmentations against the app's likelihood-scored and frequency-scored models.
- **Unigram vs sentencepiece**: segmentations and vocabularies of the two unigram trainers.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> corpus = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    >>> missing_package("json") is None
    True
    >>> [w for w, _ in limit_corpus(corpus, 2)]
    ['newest', 'low']
"""

from __future__ import annotations

import importlib.util

import streamlit as st

from subword_core.text.corpus import Corpus
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.draw.html import md_escape

t = translator("parity")

MAX_SIZE = LIMITS.parity_vocab
"""The largest number of merges / vocabulary size the page accepts (keeps a run short)."""

MAX_WORDS = LIMITS.parity_words
"""WordPiece and Unigram train on at most this many distinct words (the most frequent)."""

SHOW_DIFFS = 8
"""How many differing words each comparison lists."""

PACKAGES: dict[str, str] = {
    "subword_nmt": "subword-nmt",
    "tokenizers": "tokenizers",
    "sentencepiece": "sentencepiece",
}
"""Import name → the package to ``pip install``."""

SPM_META = ("<unk>", "<s>", "</s>")
"""sentencepiece's control pieces, counted in its ``vocab_size``."""


def missing_package(module: str) -> str | None:
    """The ``pip`` package to install when ``module`` cannot be imported, else ``None``.

    >>> missing_package("no_such_module_here")
    'no_such_module_here'
    """
    if importlib.util.find_spec(module) is not None:
        return None
    return PACKAGES.get(module, module)


def limit_corpus(corpus: Corpus, max_words: int = MAX_WORDS) -> Corpus:
    """The ``max_words`` most frequent words (ties: corpus order), or the corpus itself.

    >>> len(limit_corpus(Corpus.from_counts({"a": 1, "b": 2, "c": 3}), 2))
    2
    """
    if len(corpus) <= max_words:
        return corpus
    order = sorted(range(len(corpus)), key=lambda i: (-corpus.counts[i], i))[:max_words]
    return Corpus.from_counts([(corpus.words[i], corpus.counts[i]) for i in order])


def settings_panel() -> tuple[int, int, int, int]:
    """The four settings: BPE merges, minimum frequency, WordPiece and Unigram sizes."""
    cols = st.columns(4)
    merges = cols[0].number_input(
        t("BPE merges"), min_value=1, max_value=MAX_SIZE, value=50, step=10, key="par_merges"
    )
    min_freq = cols[1].number_input(
        t("BPE minimum frequency"), min_value=1, max_value=1_000, value=2, key="par_minfreq"
    )
    wp = cols[2].number_input(
        t("WordPiece vocabulary"), min_value=1, max_value=MAX_SIZE, value=30, key="par_wp"
    )
    uni = cols[3].number_input(
        t("Unigram vocabulary"), min_value=1, max_value=MAX_SIZE, value=30, key="par_uni"
    )
    st.caption(
        t(
            "Sizes are capped at {size} so a run stays short. WordPiece and Unigram train on at "
            "most the {words} most frequent distinct words (BPE compares its segmentations on "
            "them too)."
        ).format(size=f"{MAX_SIZE:,}", words=f"{MAX_WORDS:,}")
    )
    return int(merges), int(min_freq), int(wp), int(uni)


def _need(module: str) -> bool:
    """True when ``module`` imports; otherwise say which package to install."""
    package = missing_package(module)
    if package is None:
        return True
    st.info(
        t(
            "This comparison needs the reference library **{package}**, which the app does not "
            "need to run. Install it with `pip install {package}` (or "
            "`pip install -r requirements-dev.txt`) and reload the page."
        ).format(package=md_escape(package)),
        icon=":material/package_2:",
    )
    return False
