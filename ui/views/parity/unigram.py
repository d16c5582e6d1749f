"""The Parity page's Unigram part: the app's Unigram next to sentencepiece's trainer, and
sentencepiece's errors in words.

Example::

    render_unigram(corpus, vocab_size=30)
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from subword_core import unigram
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.corpus_picker import error_text
from ui.app.i18n import current_language, join_sentences, translator
from ui.draw.html import esc, md_escape, show_html
from ui.runtime.cache import shared_cache
from ui.views.parity.diffs import _diff_html, _diff_words, _tokens
from ui.views.parity.settings import MAX_WORDS, SHOW_DIFFS, SPM_META, _need, limit_corpus

t = translator("parity")

# --------------------------------------------------------------------------------------
# Unigram vs sentencepiece
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnigramParity:
    """sentencepiece against the app's unigram trainer (``word_start="▁"``, digamma M-step).

    ``asked`` is the app vocabulary size asked for, ``used`` the one both trained with (lower
    when sentencepiece said the corpus cannot fill ``asked``), ``note`` the explanation.
    """

    asked: int
    used: int
    note: str | None
    shared: int
    only_ours: tuple[str, ...]
    only_theirs: tuple[str, ...]
    words_agree: int
    words_total: int
    word_diffs: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
    trained_on: int
    words_in_corpus: int


_TOO_HIGH = re.compile(r"Vocabulary size too high \((\d+)\)\. Please set it to a value <= (\d+)")
_TOO_LOW = re.compile(r"Vocabulary size is smaller than required_chars\. (\d+) vs (\d+)")


def explain_spm_error(message: str) -> str:
    """sentencepiece's error in plain words, with the size that would work when it says one.

    >>> message = "Vocabulary size is smaller than required_chars. 33 vs 101. Increase it"
    >>> print(explain_spm_error(message))  # doctest: +ELLIPSIS
    sentencepiece needs at least 98 pieces here: ...
    """
    low = _TOO_LOW.search(message)
    if low:
        chars = int(low.group(2)) - len(SPM_META)
        return t(
            "sentencepiece needs at least {chars} pieces here: it keeps every one of the "
            "corpus's {chars} characters, ▁ included (character_coverage=1.0), plus its {meta} "
            "control pieces. Set the Unigram vocabulary to {chars} or more."
        ).format(chars=chars, meta=len(SPM_META))
    return t("sentencepiece refused to train: {message}").format(message=message)


def _spm_train(corpus: Corpus, vocab_size: int) -> tuple[list[str], list[list[str]]]:
    """Train sentencepiece (unigram) on ``word<TAB>count`` lines; its pieces and the words'.

    Raises:
        RuntimeError: sentencepiece's own error (e.g. a vocabulary too large for the corpus).
    """
    import sentencepiece as spm

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "corpus.tsv")
        with open(path, "w", encoding="utf-8") as out:
            out.writelines(f"{w}\t{n}\n" for w, n in corpus)
        prefix = os.path.join(folder, "m")
        spm.SentencePieceTrainer.train(
            input=path,
            input_format="tsv",
            model_prefix=prefix,
            vocab_size=vocab_size,
            model_type="unigram",
            normalization_rule_name="identity",
            character_coverage=1.0,
            split_by_unicode_script=False,
            split_by_number=False,
            split_digits=False,
            max_sentencepiece_length=16,
            num_threads=1,
            minloglevel=2,
        )
        sp = spm.SentencePieceProcessor(model_file=prefix + ".model")
        pieces = [sp.id_to_piece(i) for i in range(sp.get_piece_size())]
        encoded = [sp.encode(w, out_type=str) for w in corpus.words]
    return [p for p in pieces if p not in SPM_META], encoded


def unigram_parity(corpus: Corpus, vocab_size: int, max_words: int = MAX_WORDS) -> UnigramParity:
    """Train sentencepiece with ``vocab_size + 3`` (its three control pieces) and the app with
    ``vocab_size``; if sentencepiece says the corpus cannot fill that, retry with its maximum.

    Raises:
        SubwordError: the app cannot train at that size (too few pieces for the characters).
        RuntimeError: sentencepiece failed for another reason.
    """
    data = limit_corpus(corpus, max_words)
    used, note = vocab_size, None
    try:
        theirs, their_words = _spm_train(data, vocab_size + len(SPM_META))
    except RuntimeError as error:
        match = _TOO_HIGH.search(str(error))
        if not match:
            raise RuntimeError(explain_spm_error(str(error))) from error
        most = int(match.group(2))
        used = most - len(SPM_META)
        note = t(
            "sentencepiece refused {asked} pieces ({size} plus its 3 control pieces <unk>, <s>, "
            "</s>): on this corpus it can build at most {most}, because its vocabulary only "
            "holds characters and substrings it actually found (and it needs the vocabulary "
            "size to be reached exactly). Both were trained with {used} pieces instead."
        ).format(asked=vocab_size + len(SPM_META), size=vocab_size, most=most, used=used)
        theirs, their_words = _spm_train(data, most)
    result = unigram.learn(data, used, word_start="▁", digamma=True, top_k=5, boundary=2)
    ours = [p for p, _ in result.pieces]
    ours_set, theirs_set = set(ours), set(theirs)
    our_words = [result.model.encode("▁" + w) for w in data.words]
    agree, diffs = _diff_words(data.words, our_words, their_words)
    return UnigramParity(
        asked=vocab_size,
        used=used,
        note=note,
        shared=len(ours_set & theirs_set),
        only_ours=tuple(p for p in ours if p not in theirs_set),
        only_theirs=tuple(p for p in theirs if p not in ours_set),
        words_agree=agree,
        words_total=len(data),
        word_diffs=tuple(diffs[:SHOW_DIFFS]),
        trained_on=len(data),
        words_in_corpus=len(corpus),
    )


@shared_cache(
    "parity-unigram",
    max_entries=8,
    spinner=lambda: t("Training sentencepiece and the app's unigram…"),
)
def _cached_unigram(corpus: Corpus, vocab_size: int, lang: str) -> UnigramParity:
    del lang  # a key: the note is written in the session's language
    return unigram_parity(corpus, vocab_size)


def render_unigram(corpus: Corpus, vocab_size: int) -> None:
    """Unigram vs sentencepiece."""
    st.subheader(t("Unigram vs sentencepiece"))
    if not _need("sentencepiece"):
        return
    try:
        parity = _cached_unigram(corpus, vocab_size, current_language())
    except (SubwordError, RuntimeError, ValueError) as error:
        st.warning(
            t(
                "This comparison could not run with this vocabulary size. sentencepiece (or the "
                "app) refused it; the message says why."
            ),
            icon=":material/warning:",
        )
        show_html(f'<div class="sw-text sw-problem">{esc(error_text(error))}</div>')
        return
    if parity.note:
        st.info(md_escape(parity.note), icon=":material/info:")
    table = pd.DataFrame(
        [
            {
                t("Pieces (without control pieces)"): parity.used,
                t("Pieces shared"): parity.shared,
                t("Only in the app"): len(parity.only_ours),
                t("Only in sentencepiece"): len(parity.only_theirs),
                t("Words agreeing"): t("{n} of {total}").format(
                    n=parity.words_agree, total=parity.words_total
                ),
            }
        ]
    )
    st.dataframe(table, hide_index=True, width="stretch")
    show_html(
        '<div class="sw-text">'
        + esc(
            t(
                "The app trains here with sentencepiece's closest settings: the ▁ word-start "
                "marker in front of every word, the digamma M-step, shrinking factor 0.75, two "
                "EM iterations per round. Why they can still differ: sentencepiece seeds its "
                "vocabulary from a suffix array of the text (the app from substring counts of "
                "the words), approximates a piece's removal loss from Viterbi segmentations "
                "(the app computes the exact drop of the likelihood) and prunes on its own "
                "schedule, and it computes in single-precision floats, so close scores can "
                "order differently."
            )
        )
        + "</div>"
    )
    if parity.trained_on < parity.words_in_corpus:
        st.caption(
            t("Trained on the {n} most frequent distinct words.").format(n=f"{parity.trained_on:,}")
        )
    with st.expander(t("Details")):
        show_html(
            '<div class="sw-text">'
            + esc(join_sentences(t("Only in the app:"), _tokens(parity.only_ours)))
            + "<br>"
            + esc(join_sentences(t("Only in sentencepiece:"), _tokens(parity.only_theirs)))
            + "</div>"
        )
        if parity.word_diffs:
            show_html(_diff_html(parity.word_diffs, t("app"), "sentencepiece"))
