"""The Parity page: the app's trainers next to subword-nmt, ``tokenizers`` and sentencepiece.

The reference libraries are *test oracles and comparisons*, never the app's algorithms:
:mod:`subword_core` never imports them. This module is the only place in the UI that does, and
only lazily inside functions, so the app runs without them (``requirements.txt`` does not list
them; ``requirements-dev.txt`` does) and the page then says which package to install.

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
    >>> from subword_core.corpus import Corpus
    >>> corpus = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    >>> missing_package("json") is None
    True
    >>> [w for w, _ in limit_corpus(corpus, 2)]
    ['newest', 'low']
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from subword_core import bpe, unigram, wordpiece
from subword_core.corpus import Corpus
from subword_core.errors import SubwordError
from ui.corpus_picker import error_text
from ui.html import esc, md_escape, show_html, token_spans_html
from ui.i18n import current_language, translator
from ui.limits import LIMITS
from ui.runtime.cache import shared_cache

t = translator("parity")

__all__ = [
    "MAX_SIZE",
    "MAX_WORDS",
    "BPEParity",
    "BPERow",
    "UnigramParity",
    "WordPieceParity",
    "WordPieceRow",
    "bpe_parity",
    "explain_spm_error",
    "limit_corpus",
    "missing_package",
    "render_bpe",
    "render_unigram",
    "render_wordpiece",
    "settings_panel",
    "unigram_parity",
    "wordpiece_parity",
]

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


def _diff_words(
    words: Sequence[str], ours: Sequence[Sequence[str]], theirs: Sequence[Sequence[str]]
) -> tuple[int, list[tuple[str, tuple[str, ...], tuple[str, ...]]]]:
    """How many words agree, and the words that differ (word, ours, theirs)."""
    agree = 0
    diffs: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    for word, a, b in zip(words, ours, theirs, strict=True):
        if list(a) == list(b):
            agree += 1
        else:
            diffs.append((word, tuple(a), tuple(b)))
    return agree, diffs


# --------------------------------------------------------------------------------------
# BPE vs subword-nmt
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BPERow:
    """One app setting against subword-nmt.

    Attributes:
        label: the app's settings in words.
        attach: ``attach_end_of_word``; ``tie_break``: the app's tie rule.
        merges_agree: how many merges, from the first, are the same as subword-nmt's.
        merges_ours / merges_theirs: how many merges each learned.
        first_diff: ``(merge number, app's pair, library's pair)`` or ``None``.
        words_agree / words_total: corpus words segmented the same (markers stripped).
        why: the reason for the first difference, or that they agree.
        tie: True when the first differing merge was a tie in the app's trace.
    """

    label: str
    attach: bool
    tie_break: str
    merges_agree: int
    merges_ours: int
    merges_theirs: int
    first_diff: tuple[int, tuple[str, str] | None, tuple[str, str] | None] | None
    words_agree: int
    words_total: int
    word_diffs: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
    why: str
    tie: bool

    @property
    def agrees(self) -> bool:
        """Same merges and same segmentation of every compared word."""
        return self.first_diff is None and self.words_agree == self.words_total


@dataclass(frozen=True)
class BPEParity:
    """subword-nmt's merges and the app's rows (subword-nmt's conventions first)."""

    library_merges: tuple[tuple[str, str], ...]
    rows: tuple[BPERow, ...]
    words_compared: int
    words_in_corpus: int


def _snmt_learn(corpus: Corpus, num_merges: int, min_frequency: int) -> str:
    """subword-nmt's codes file for the corpus read as ``word count`` lines (--dict-input)."""
    from subword_nmt.learn_bpe import learn_bpe

    text = "".join(f"{word} {count}\n" for word, count in corpus)
    out = io.StringIO()
    with contextlib.redirect_stderr(io.StringIO()):  # its progress bar and stop message
        learn_bpe(io.StringIO(text), out, num_merges, min_frequency, is_dict=True)
    return out.getvalue()


def _snmt_segment(codes: str, words: Sequence[str]) -> list[list[str]]:
    """subword-nmt's segmentation of each word, ``</w>`` and separators removed."""
    if len(codes.splitlines()) <= 1:  # no merges: it cannot read such a file; characters
        return [list(w) for w in words]
    from subword_nmt.apply_bpe import BPE, encode

    model = BPE(io.StringIO(codes))
    return [
        list(
            encode(w, model.bpe_codes, model.bpe_codes_reverse, None, "@@", model.version, {}, None)
        )
        for w in words
    ]


def _bpe_why(
    result: bpe.BPEResult, index: int, ours: tuple[str, str] | None, theirs: tuple[str, str] | None
) -> tuple[str, bool]:
    """Explain the first differing merge (0-based ``index``) of ``result`` and subword-nmt."""
    if ours is None or theirs is None:
        who = t("The app") if ours is None else "subword-nmt"
        return (
            t(
                "{who} stopped earlier: no pair left at least as frequent as the minimum "
                "frequency, counted on differently marked symbols."
            ).format(who=who),
            False,
        )
    step = result.steps[index]
    reasons: list[str] = []
    tie = step.is_tie and step.rule != "lexicographic"
    if tie:
        reasons.append(
            t(
                "Tie broken differently: {n} pairs had the same best count ({count}); the "
                "app's {rule} rule took {ours}, subword-nmt takes the lexicographically "
                "greatest pair, {theirs}."
            ).format(
                n=f"{step.ties_total:,}",
                count=step.best_count,
                rule={"first-seen": t("first-seen"), "chosen": t("chosen")}.get(
                    step.rule, step.rule
                ),
                ours=f"{ours[0]} + {ours[1]}",
                theirs=f"{theirs[0]} + {theirs[1]}",
            )
        )
    glued = [s for s in theirs if s.endswith("</w>") and s != "</w>"]
    if not result.model.attach_end_of_word and (glued or "</w>" in ours):
        example = (
            t("{symbol} is one symbol there").format(symbol=glued[0])
            if glued
            else t("a pair with </w> alone, like {pair}, cannot occur there").format(
                pair=f"{ours[0]} + {ours[1]}"
            )
        )
        reasons.append(
            t(
                "Marker placement: subword-nmt glues </w> to the last character ({example}), "
                "the app keeps </w> as a symbol of its own, so the two count different pairs."
            ).format(example=example)
        )
    if not reasons:
        reasons.append(t("The pair counts differ because the end-of-word marker is placed apart."))
    return " ".join(reasons), tie


def bpe_parity(
    corpus: Corpus, num_merges: int, min_frequency: int = 2, max_words: int = MAX_WORDS
) -> BPEParity:
    """Compare the app's BPE with subword-nmt under four settings.

    Rows: subword-nmt's conventions (must agree), the app's defaults, and the two settings
    that change one convention only, which show which one causes a difference.

    >>> corpus = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    >>> rows = bpe_parity(corpus, 10).rows
    >>> rows[0].agrees, rows[1].first_diff
    (True, (1, ('e', 's'), ('s', 't</w>')))
    """
    codes = _snmt_learn(corpus, num_merges, min_frequency)
    theirs = tuple(tuple(line.split(" ")) for line in codes.splitlines()[1:])
    words = list(limit_corpus(corpus, max_words).words)
    their_words = _snmt_segment(codes, words)
    settings = (
        (
            t("subword-nmt's conventions: glued </w>, greatest pair wins ties"),
            True,
            "lexicographic",
        ),
        (t("App defaults: separate </w>, first-seen ties"), False, "first-seen"),
        (t("Glued </w>, first-seen ties (only the tie rule differs)"), True, "first-seen"),
        (
            t("Separate </w>, greatest pair wins ties (only the marker differs)"),
            False,
            "lexicographic",
        ),
    )
    rows = []
    for label, attach, tie_break in settings:
        result = bpe.learn(
            corpus,
            num_merges,
            min_frequency=min_frequency,
            attach_end_of_word=attach,
            tie_break=tie_break,  # type: ignore[arg-type]
            top_k=5,
            max_changed_words=1,
            history_limit=1,
        )
        ours = [tuple(m) for m in result.merges]
        agree = 0
        while agree < min(len(ours), len(theirs)) and ours[agree] == theirs[agree]:
            agree += 1
        first = None
        why, tie = t("Same merges in the same order."), False
        if agree < max(len(ours), len(theirs)):
            a = ours[agree] if agree < len(ours) else None
            b = theirs[agree] if agree < len(theirs) else None
            first = (agree + 1, a, b)
            why, tie = _bpe_why(result, agree, a, b)  # type: ignore[arg-type]
        our_words = [result.model.strip_marker(result.model.encode(w)) for w in words]
        words_agree, diffs = _diff_words(words, our_words, their_words)
        if first is None and diffs:
            why = t("Same merges, yet some words are segmented differently when applied.")
        rows.append(
            BPERow(
                label=label,
                attach=attach,
                tie_break=tie_break,
                merges_agree=agree,
                merges_ours=len(ours),
                merges_theirs=len(theirs),
                first_diff=first,  # type: ignore[arg-type]
                words_agree=words_agree,
                words_total=len(words),
                word_diffs=tuple(diffs[:SHOW_DIFFS]),
                why=why,
                tie=tie,
            )
        )
    return BPEParity(theirs, tuple(rows), len(words), len(corpus))  # type: ignore[arg-type]


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


# --------------------------------------------------------------------------------------
# Cached runs and rendering
# --------------------------------------------------------------------------------------


@shared_cache(
    "parity-bpe", max_entries=8, spinner=lambda: t("Running subword-nmt and the app's BPE…")
)
def _cached_bpe(corpus: Corpus, num_merges: int, min_frequency: int, lang: str) -> BPEParity:
    del lang  # a key: the explanations are written in the session's language
    return bpe_parity(corpus, num_merges, min_frequency)


@shared_cache(
    "parity-wordpiece",
    max_entries=8,
    spinner=lambda: t("Training tokenizers' WordPiece and the app's…"),
)
def _cached_wordpiece(corpus: Corpus, vocab_size: int, lang: str) -> WordPieceParity:
    del lang  # a key: the labels are written in the session's language
    return wordpiece_parity(corpus, vocab_size)


@shared_cache(
    "parity-unigram",
    max_entries=8,
    spinner=lambda: t("Training sentencepiece and the app's unigram…"),
)
def _cached_unigram(corpus: Corpus, vocab_size: int, lang: str) -> UnigramParity:
    del lang  # a key: the note is written in the session's language
    return unigram_parity(corpus, vocab_size)


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


def _pair(pair: tuple[str, str] | None) -> str:
    return t("(none: it stopped)") if pair is None else f"{pair[0]} + {pair[1]}"


def _diff_html(
    diffs: Sequence[tuple[str, tuple[str, ...], tuple[str, ...]]], ours: str, theirs: str
) -> str:
    rows = "".join(
        f"<tr><td>{esc(w)}</td><td>{token_spans_html(list(a))}</td>"
        f"<td>{token_spans_html(list(b))}</td></tr>"
        for w, a, b in diffs
    )
    return (
        f'<table class="sw-text"><tr><th>{esc(t("word"))}</th><th>{esc(ours)}</th>'
        f"<th>{esc(theirs)}</th></tr>{rows}</table>"
    )


def _tokens(tokens: Sequence[str], limit: int = 20) -> str:
    more = t(" … and {n} more").format(n=len(tokens) - limit) if len(tokens) > limit else ""
    return ", ".join(tokens[:limit]) + more if tokens else t("none")


def render_bpe(corpus: Corpus, num_merges: int, min_frequency: int) -> None:
    """BPE vs subword-nmt: one row per app setting, then the first words that differ."""
    st.subheader(t("BPE vs subword-nmt"))
    if not _need("subword_nmt"):
        return
    try:
        parity = _cached_bpe(corpus, num_merges, min_frequency, current_language())
    except (SubwordError, RuntimeError, ValueError) as error:
        st.warning(t("This comparison could not run on this corpus."), icon=":material/warning:")
        show_html(f'<div class="sw-text sw-problem">{esc(error_text(error))}</div>')
        return
    table = pd.DataFrame(
        [
            {
                t("App settings"): r.label,
                t("Verdict"): t("agree") if r.agrees else t("differ"),
                t("Merges agreeing"): t("{n} of {total}").format(
                    n=r.merges_agree, total=max(r.merges_ours, r.merges_theirs)
                ),
                t("Words agreeing"): t("{n} of {total}").format(
                    n=r.words_agree, total=r.words_total
                ),
                t("First differing merge"): (
                    "—"
                    if r.first_diff is None
                    else t("#{n}: app {ours}, subword-nmt {theirs}").format(
                        n=r.first_diff[0],
                        ours=_pair(r.first_diff[1]),
                        theirs=_pair(r.first_diff[2]),
                    )
                ),
                t("Why"): r.why,
            }
            for r in parity.rows
        ]
    )
    st.dataframe(table, hide_index=True, width="stretch")
    st.markdown(
        t(
            "subword-nmt learned **{n}** merges (same number of merges and minimum frequency "
            "for every row). With its two conventions the app must reproduce it exactly; each "
            "other row changes one or both conventions, so the first differing merge shows "
            "which one matters on this corpus."
        ).format(n=len(parity.library_merges))
    )
    reasons = "".join(
        f"<li><strong>{esc(r.label)}</strong>: {esc(r.why)}</li>"
        for r in parity.rows
        if not r.agrees
    )
    if reasons:
        show_html(f'<div class="sw-text">{esc(t("Why they differ:"))}<ul>{reasons}</ul></div>')
    for row in parity.rows:
        if row.word_diffs:
            with st.expander(
                t("Words segmented differently: {label}").format(label=md_escape(row.label))
            ):
                show_html(_diff_html(row.word_diffs, t("app"), "subword-nmt"))


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
                f'<div class="sw-text">{esc(t("Only in the app:"))} '
                f"{esc(_tokens(row.only_ours))}<br>"
                f"{esc(t('Only in the library:'))} {esc(_tokens(row.only_theirs))}</div>"
            )
            if row.word_diffs:
                show_html(_diff_html(row.word_diffs, t("app"), "tokenizers"))


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
            f'<div class="sw-text">{esc(t("Only in the app:"))} '
            f"{esc(_tokens(parity.only_ours))}<br>"
            f"{esc(t('Only in sentencepiece:'))} {esc(_tokens(parity.only_theirs))}</div>"
        )
        if parity.word_diffs:
            show_html(_diff_html(parity.word_diffs, t("app"), "sentencepiece"))
