"""The Parity page's WordPiece part: the app's WordPiece next to ``tokenizers``'
WordPieceTrainer (frequency-based BPE with ``##``).

Example::

    render_wordpiece(corpus, vocab_size=30)
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

from subword_core import wordpiece
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.corpus_picker import error_text
from ui.app.i18n import current_language, join_sentences, translator
from ui.draw.html import esc, md_escape, show_html
from ui.runtime.cache import shared_cache
from ui.views.parity.diffs import _diff_html, _diff_words, _tokens
from ui.views.parity.settings import MAX_WORDS, SHOW_DIFFS, _need, limit_corpus

t = translator("parity")

# --------------------------------------------------------------------------------------
# WordPiece vs tokenizers
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordPieceRow:
    """One app WordPiece model against the library's trained vocabulary."""

    label: str
    vocab_size: int
    shared: int
    only_ours: tuple[str, ...]
    only_theirs: tuple[str, ...]
    words_agree: int
    words_total: int
    word_diffs: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]


@dataclass(frozen=True)
class WordPieceParity:
    """The library's vocabulary (``[UNK]`` left out), its size setting, and the app's rows."""

    library_vocab: tuple[str, ...]
    library_setting: int
    extra_initials: tuple[str, ...]
    rows: tuple[WordPieceRow, ...]
    trained_on: int
    words_in_corpus: int


def _hf_wordpiece(corpus: Corpus, vocab_size: int) -> tuple[list[str], list[list[str]]]:
    """Train ``tokenizers``' WordPiece on the corpus; its vocabulary and the words' tokens."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.WordPieceTrainer(
        vocab_size=vocab_size, special_tokens=["[UNK]"], min_frequency=0, show_progress=False
    )
    tokenizer.train_from_iterator((" ".join([w] * n) for w, n in corpus), trainer=trainer)
    vocab = tokenizer.get_vocab()
    ordered = [t for t in sorted(vocab, key=vocab.__getitem__) if t != "[UNK]"]
    model = tokenizer.model
    return ordered, [[t.value for t in model.tokenize(w)] for w in corpus.words]


def wordpiece_parity(
    corpus: Corpus, vocab_size: int, max_words: int = MAX_WORDS
) -> WordPieceParity:
    """Compare the app's likelihood- and frequency-scored WordPiece with ``tokenizers``.

    The library counts ``[UNK]`` and a word-initial form of *every* character (even one that
    never starts a word) in its ``vocab_size``, so it gets ``vocab_size + 1 + extra`` to make
    the same number of merges.

    Raises:
        SubwordError: ``vocab_size`` below the app's alphabet (the message says so).
    """
    data = limit_corpus(corpus, max_words)
    initials = {w[0] for w in data.words}
    extra = tuple(sorted({c for w in data.words for c in w} - initials))
    setting = vocab_size + 1 + len(extra)
    theirs, their_words = _hf_wordpiece(data, setting)
    rows = []
    for label, scoring in (
        (t("App, likelihood score (its default)"), "likelihood"),
        (t("App, frequency score (the library's rule)"), "frequency"),
    ):
        result = wordpiece.learn(
            data, vocab_size, scoring=scoring, top_k=5, max_changed_words=1, history_limit=1
        )  # type: ignore[arg-type]
        ours = list(result.vocab)
        ours_set, theirs_set = set(ours), set(theirs) - set(extra)
        our_words = [result.model.encode(w) for w in data.words]
        agree, diffs = _diff_words(data.words, our_words, their_words)
        rows.append(
            WordPieceRow(
                label=label,
                vocab_size=len(ours),
                shared=len(ours_set & theirs_set),
                only_ours=tuple(t for t in ours if t not in theirs_set),
                only_theirs=tuple(t for t in theirs if t not in ours_set and t not in extra),
                words_agree=agree,
                words_total=len(data),
                word_diffs=tuple(diffs[:SHOW_DIFFS]),
            )
        )
    return WordPieceParity(tuple(theirs), setting, extra, tuple(rows), len(data), len(corpus))


@shared_cache(
    "parity-wordpiece",
    max_entries=8,
    spinner=lambda: t("Training tokenizers' WordPiece and the app's…"),
)
def _cached_wordpiece(corpus: Corpus, vocab_size: int, lang: str) -> WordPieceParity:
    del lang  # a key: the labels are written in the session's language
    return wordpiece_parity(corpus, vocab_size)


def render_wordpiece(corpus: Corpus, vocab_size: int) -> None:
    """WordPiece vs ``tokenizers``' WordPieceTrainer."""
    st.subheader(t("WordPiece vs tokenizers' WordPieceTrainer"))
    if not _need("tokenizers"):
        return
    try:
        parity = _cached_wordpiece(corpus, vocab_size, current_language())
    except (SubwordError, RuntimeError, ValueError) as error:
        st.warning(
            t("This comparison could not run with this vocabulary size."),
            icon=":material/warning:",
        )
        show_html(f'<div class="sw-text sw-problem">{esc(error_text(error))}</div>')
        return
    table = pd.DataFrame(
        [
            {
                t("App model"): r.label,
                t("Tokens shared"): r.shared,
                t("Only in the app"): len(r.only_ours),
                t("Only in the library"): len(r.only_theirs),
                t("Words agreeing"): t("{n} of {total}").format(
                    n=r.words_agree, total=r.words_total
                ),
            }
            for r in parity.rows
        ]
    )
    st.dataframe(table, hide_index=True, width="stretch")
    extra = (
        t(
            "It also puts a word-initial form of every character in its vocabulary, even of the "
            "{n} that never start a word here ({tokens}), so it was given vocab_size={setting} "
            "(the app's {size} + [UNK] + those) to make the same number of merges; they are "
            "left out of the counts."
        ).format(
            n=len(parity.extra_initials),
            tokens=_tokens(parity.extra_initials),
            setting=parity.library_setting,
            size=vocab_size,
        )
        if parity.extra_initials
        else t("It was given vocab_size={setting} (the app's {size} + [UNK]).").format(
            setting=parity.library_setting, size=vocab_size
        )
    )
    show_html(
        '<div class="sw-text">'
        + t(
            "Why they differ: the library's WordPiece <em>trainer</em> is frequency-based BPE "
            "with ## (it merges the most frequent pair), while the app's WordPiece merges the "
            "pair with the best likelihood score freq(ab) / (freq(a) freq(b)). With the "
            "frequency score the app follows the same rule; what can still differ is the order "
            "among pairs with the same count (the app takes the first-seen pair, the library "
            "its own internal order)."
        )
        + f" {esc(extra)}</div>"
    )
    if parity.trained_on < parity.words_in_corpus:
        st.caption(
            t("Trained on the {n} most frequent distinct words.").format(n=f"{parity.trained_on:,}")
        )
    for row in parity.rows:
        with st.expander(t("Details: {label}").format(label=md_escape(row.label))):
            show_html(
                '<div class="sw-text">'
                + esc(join_sentences(t("Only in the app:"), _tokens(row.only_ours)))
                + "<br>"
                + esc(join_sentences(t("Only in the library:"), _tokens(row.only_theirs)))
                + "</div>"
            )
            if row.word_diffs:
                show_html(_diff_html(row.word_diffs, t("app"), "tokenizers"))
