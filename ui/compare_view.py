"""The Compare page: four tokenizers trained on one corpus with one target vocabulary size.

BPE, WordPiece, Unigram and byte-level BPE come from :mod:`subword_core`; this module only
decides how one shared *target vocabulary size* is turned into each trainer's setting, puts
every segmentation on the same footing (the word's characters with the markers stripped), and
draws the result. The data behind every table and chart is built by a plain function that
returns a dataclass or a DataFrame, so tests check it directly.

What the target means for each algorithm (said on the page too):

- **BPE**: the alphabet (each distinct character plus the ``</w>`` symbol) plus one token per
  merge, so ``target - alphabet`` merges are learned (pairs seen once are merged too, so the
  target is reached unless the pairs run out);
- **byte-level BPE**: the 256 byte values plus one token per merge, ``target - 256`` merges;
- **WordPiece** and **Unigram**: the target is their ``vocab_size``, alphabet included.

A target below an algorithm's alphabet skips that algorithm, with the reason.

Example:
    >>> from subword_core.corpus import Corpus
    >>> corpus = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    >>> [p.setting for p in plan(corpus, 20)]
    [9, 20, 20, None]
    >>> strip_marker("BPE", "est</w>"), strip_marker("WordPiece", "##est")
    ('est', 'est')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from subword_core import bpe, byte_level, unigram, wordpiece
from subword_core.corpus import Corpus
from subword_core.encoders import boundaries
from subword_core.errors import SubwordError
from ui.charts import LABEL_PX, described, show_chart
from ui.common import TABLE_CSS, remember, restore_widgets
from ui.corpus_picker import error_text
from ui.follow import SizeRule, example_words, fit_size, follow_default, show_example_label
from ui.html import (
    badge_html,
    caption_html,
    esc,
    md_escape,
    show_error,
    show_html,
    show_text,
    table_details_html,
    token_spans_html,
)
from ui.i18n import translator
from ui.limits import LIMITS
from ui.links import PageLink, kept_params, register_page, register_params
from ui.pretok import Pretok, PretokSpec, pretok_words
from ui.runtime.training import Training, TrainingFailed, cached_training, training_work

t = translator("compare")

Progress = Callable[[int, int], None]

__all__ = [
    "ALGORITHMS",
    "Plan",
    "Segmented",
    "Trained",
    "corpus_figures",
    "disputed_cuts",
    "overlap_table",
    "parse_target",
    "plan",
    "render_corpus_figures",
    "render_segmentations",
    "segment",
    "settings_panel",
    "strip_marker",
    "target_rule",
    "train_all",
    "word_table_html",
]

ALGORITHMS: tuple[str, ...] = ("BPE", "WordPiece", "Unigram", "Byte-level BPE")
"""The four algorithms, in the order the page shows them."""

MARKERS: dict[str, str] = {
    "BPE": "</w>",
    "WordPiece": "##",
    "Unigram": "▁",
    "Byte-level BPE": "Ġ",
}
"""The marker each algorithm's tokens may carry (shown muted, stripped for comparing)."""

BYTES = 256
MAX_TARGET = LIMITS.compare_target
WIDGETS_KEY = "cmp__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"cmp_target": "30", "cmp_text": "lowest newer wider 你"}
# The link parameters this view owns (ui.links).
register_params(
    kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"cmp_target": ("str",), "cmp_text": ("str",)})
)
PRETOK = PretokSpec("cmp", "whitespace")
"""One pre-tokenization for all four, whitespace by default (the words as typed): the page
compares the algorithms on the same words, so none takes its own page's default (BERT for
WordPiece, none ▁ for Unigram); the page says so under the choice."""
register_params(PRETOK.link_params())
register_page("compare", PageLink((*PRETOK.keys, "cmp_target", "cmp_text")))
DEFAULT_TARGET = 30
"""The smallest default target; on a corpus with larger alphabets it follows the corpus."""


# --------------------------------------------------------------------------------------
# The shared target and the four trainers
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How the shared target becomes one algorithm's setting, or why it is skipped.

    Attributes:
        name: one of :data:`ALGORITHMS`.
        alphabet: the size of the algorithm's starting vocabulary.
        setting: merges (BPE, byte-level) or ``vocab_size`` (WordPiece, Unigram);
            ``None`` when skipped.
        meaning: the setting in words.

    >>> Plan("BPE", 11, 9, "11 + 9 merges").skipped
    False
    """

    name: str
    alphabet: int
    setting: int | None
    meaning: str

    @property
    def skipped(self) -> bool:
        """Whether the target is too small for this algorithm."""
        return self.setting is None


def parse_target(text: str) -> tuple[int | None, str | None]:
    """Read the target vocabulary size typed by the student.

    Returns:
        ``(size, None)`` or ``(None, message)``.

    >>> parse_target(" 40 "), parse_target("forty")[1][:20]
    ((40, None), "'forty' is not a who")
    """
    stripped = str(text).strip()
    if not stripped:
        return None, t("Type a target vocabulary size, e.g. 40.")
    try:
        size = int(stripped)
    except ValueError:
        return None, t("{typed} is not a whole number; type a target size such as 40.").format(
            typed=repr(stripped if len(stripped) <= 40 else stripped[:40] + "…")
        )
    if size < 1:
        return None, t("The target vocabulary size must be at least 1.")
    if size > MAX_TARGET:
        return None, t("Keep the target at most {n} so that training stays quick.").format(
            n=f"{MAX_TARGET:,}"
        )
    return size, None


def plan(corpus: Corpus, target: int) -> list[Plan]:
    """Turn one target vocabulary size into each algorithm's setting (in ALGORITHMS order).

    >>> corpus = Corpus.from_counts({"hug": 1, "pug": 1})
    >>> [(p.name, p.alphabet, p.setting) for p in plan(corpus, 8)]  # doctest: +NORMALIZE_WHITESPACE
    [('BPE', 5, 3), ('WordPiece', 4, 8), ('Unigram', 4, 8), ('Byte-level BPE', 256, None)]
    """
    chars = len({ch for word in corpus.words for ch in word})
    out: list[Plan] = []
    bpe_alpha = chars + 1
    out.append(
        _merge_plan("BPE", bpe_alpha, target, f"{chars} characters + the </w> symbol")
        if target >= bpe_alpha
        else _skip("BPE", bpe_alpha, target, f"{chars} characters + the </w> symbol")
    )
    for name, alpha, what in (
        ("WordPiece", len(wordpiece.alphabet_of(corpus)), "word-initial and ## characters"),
        ("Unigram", chars, "characters"),
    ):
        if target >= alpha:
            out.append(
                Plan(
                    name,
                    alpha,
                    target,
                    f"vocab_size = {target}, the alphabet's {alpha} {what} included",
                )
            )
        else:
            out.append(_skip(name, alpha, target, what))
    out.append(
        _merge_plan("Byte-level BPE", BYTES, target, "byte values")
        if target >= BYTES
        else _skip("Byte-level BPE", BYTES, target, "byte values")
    )
    return out


def _merge_plan(name: str, alpha: int, target: int, what: str) -> Plan:
    merges = target - alpha
    return Plan(name, alpha, merges, f"{alpha} ({what}) + {merges} merges")


def _skip(name: str, alpha: int, target: int, what: str) -> Plan:
    return Plan(
        name,
        alpha,
        None,
        f"skipped: it starts from {alpha} tokens ({what}), more than the target {target}",
    )


def display_name(name: str) -> str:
    """An algorithm's name on the page (only byte-level BPE's is translated).

    >>> display_name("BPE"), display_name("Byte-level BPE")
    ('BPE', 'Byte-level BPE')
    """
    return t("Byte-level BPE") if name == "Byte-level BPE" else name


def plan_text(p: Plan, target: int = 0) -> str:
    """What the target means for one algorithm, in the session's language (plain text).

    >>> plan_text(Plan("BPE", 11, 9, ""))
    '11 (10 characters + the </w> symbol) + 9 merges'
    """
    what = {
        "BPE": t("{n} characters + the </w> symbol").format(n=p.alphabet - 1),
        "WordPiece": t("word-initial and ## characters"),
        "Unigram": t("characters"),
        "Byte-level BPE": t("byte values"),
    }.get(p.name, "")
    if p.setting is None:
        return t("it starts from {alpha} tokens ({what}), more than the target {target}").format(
            alpha=p.alphabet, what=what, target=target
        )
    if p.name in ("BPE", "Byte-level BPE"):
        return t("{alpha} ({what}) + {merges} merges").format(
            alpha=p.alphabet, what=what, merges=p.setting
        )
    return t("vocab_size = {target}, the alphabet's {alpha} {what} included").format(
        target=p.setting, alpha=p.alphabet, what=what
    )


def note_text(p: Plan, trained: Trained) -> str:
    """How one training ended, in the session's language (plain text).

    >>> from subword_core.corpus import Corpus
    >>> corpus = Corpus.from_counts({"hug": 3, "pug": 2})
    >>> note_text(plan(corpus, 8)[0], train_all(corpus, 8)["BPE"])
    '8 tokens'
    """
    size = len(trained.vocab)
    if p.name in ("BPE", "Byte-level BPE"):
        if p.setting == 0:
            return (
                t("no merges: just the alphabet")
                if p.name == "BPE"
                else t("no merges: the 256 bytes")
            )
        merges = len(trained.model.merges)
        if merges < (p.setting or 0):
            return t("{size} tokens: stopped after {merges} merges, no pair left to merge").format(
                size=size, merges=merges
            )
    elif p.name == "WordPiece" and size < (p.setting or 0):
        return t("{size} tokens: stopped early, no pair left to merge").format(size=size)
    elif p.name == "Unigram":
        if size < (p.setting or 0):
            return t("{n} pieces: every substring fits, nothing to prune").format(n=size)
        return t("{n} pieces").format(n=size)
    return t("{size} tokens").format(size=size)


@dataclass(frozen=True)
class Trained:
    """One trained algorithm, ready to segment words.

    Attributes:
        name: one of :data:`ALGORITHMS`.
        model: the subword_core model (``BPEModel``, ``WordPiece``, ``Unigram``,
            ``ByteLevelModel``).
        vocab: the model's vocabulary, as the model writes it.
        note: how training ended, in words.
    """

    name: str
    model: Any
    vocab: tuple[str, ...]
    note: str


def _train_one(corpus: Corpus, p: Plan, progress: Progress | None = None) -> Trained:
    assert p.setting is not None
    if p.name == "BPE":
        if p.setting == 0:
            model = bpe.BPEModel((), alphabet=frozenset("".join(corpus.words)))
            return Trained(p.name, model, tuple(model.vocabulary), "no merges: just the alphabet")
        res = bpe.learn(corpus, p.setting, min_frequency=1, progress=progress)
        vocab = tuple(res.model.vocabulary)
        return Trained(p.name, res.model, vocab, _reached(len(vocab), p, len(res.merges)))
    if p.name == "WordPiece":
        res_wp = wordpiece.learn(corpus, p.setting, progress=progress)
        vocab = tuple(res_wp.vocab)
        return Trained(p.name, res_wp.model, vocab, _reached(len(vocab), p, len(res_wp.merges)))
    if p.name == "Unigram":
        res_u = unigram.learn(corpus, p.setting, progress=progress)
        vocab = tuple(piece for piece, _ in res_u.pieces)
        note = (
            f"{len(vocab)} pieces"
            if res_u.stop_reason == "vocab_size"
            else f"{len(vocab)} pieces: every substring fits, nothing to prune"
        )
        return Trained(p.name, res_u.model, vocab, note)
    if p.setting == 0:
        model_b = byte_level.ByteLevelModel(())
        return Trained(p.name, model_b, tuple(model_b.vocabulary), "no merges: the 256 bytes")
    res_b = byte_level.learn(corpus, p.setting, min_frequency=1, progress=progress)
    vocab = tuple(res_b.model.vocabulary)
    return Trained(p.name, res_b.model, vocab, _reached(len(vocab), p, len(res_b.merges)))


def _reached(size: int, p: Plan, merges: int) -> str:
    if p.name in ("BPE", "Byte-level BPE") and merges < (p.setting or 0):
        return f"{size} tokens: stopped after {merges} merges, no pair left to merge"
    if p.name == "WordPiece" and size < (p.setting or 0):
        return f"{size} tokens: stopped early, no pair left to merge"
    return f"{size} tokens"


TRAINING_LABEL = "Training the four tokenizers (% done)"
"""The progress bar's label: the four trainings report together, in percent."""


def _train_cached(
    corpus: Corpus, target: int, *, quiet: bool = False
) -> dict[str, Trained | str | SubwordError]:
    """Train the four (once per corpus and target; shared by all sessions), with a progress
    bar; the training stops between steps when its student leaves
    (:func:`ui.common.cached_training`).

    subtle: shared, not copied as st.cache_data would: the models are read-only for the page
    and unpickling four traces on every keystroke in the sentence box would be slow.
    ``quiet`` draws nothing (for a caller inside ``st.cache_data``, which would replay a
    drawn bar); such a training cannot be stopped, so it is only a fallback.
    """
    return cached_training(
        "compare-train",
        (corpus, target),
        t("Training the four tokenizers (% done)"),  # TRAINING_LABEL
        Training(train_all, (corpus, target), work=training_work(corpus, target)),
        max_entries=8,
        bar=_no_bar if quiet else None,
    )


@contextmanager
def _no_bar(what: str) -> Iterator[Progress]:
    yield lambda done, total: None


def train_all(
    corpus: Corpus, target: int, progress: Progress | None = None
) -> dict[str, Trained | str | SubwordError]:
    """Train every algorithm the target allows; a skipped or failed one maps to a message.

    ``progress(done, total)`` is told the share done of all the trainings, in percent
    (``total`` is 100), between the steps of each; an exception it raises stops them.

    >>> from subword_core.corpus import Corpus
    >>> seen = []
    >>> out = train_all(Corpus.from_counts({"hug": 3, "pug": 2}), 8, lambda d, t: seen.append(d))
    >>> [type(v).__name__ for v in out.values()], seen[-1]
    (['Trained', 'Trained', 'Trained', 'str'], 100)
    """
    out: dict[str, Trained | str | SubwordError] = {}
    plans = plan(corpus, target)
    trained = [p for p in plans if not p.skipped]
    for p in plans:
        if p.skipped:
            out[p.name] = f"{p.name} is {p.meaning}."
            continue
        report = None
        if progress is not None:
            report = functools.partial(_share, progress, trained.index(p), len(trained))
        try:
            out[p.name] = _train_one(corpus, p, report)
        except SubwordError as err:
            out[p.name] = err  # worded on the page, in the session's language
    if progress is not None:
        progress(100, 100)
    return out


def _share(progress: Progress, index: int, of: int, done: int, total: int) -> None:
    """Report ``done`` of ``total`` in the ``index``-th of ``of`` trainings as a percentage."""
    part = min(done, total) / total if total else 1.0
    progress(int(100 * (index + part) / of), 100)


# --------------------------------------------------------------------------------------
# Segmenting one word, markers stripped
# --------------------------------------------------------------------------------------


def strip_marker(name: str, token: str) -> str:
    """A token's characters of the word, without its algorithm's marker.

    ``</w>`` (BPE) is removed from the end, ``##`` (WordPiece) and ``▁`` (Unigram,
    sentencepiece style) from the start. Byte-level tokens are handled by :func:`segment`
    (they stand for bytes; ``Ġ`` is the space byte).

    >>> strip_marker("BPE", "</w>"), strip_marker("Unigram", "▁the")
    ('', 'the')
    """
    if name == "BPE":
        return token.removesuffix("</w>")
    if name == "WordPiece":
        return token.removeprefix("##")
    if name == "Unigram":
        return token.removeprefix("▁")
    return token.removeprefix("Ġ")


@dataclass(frozen=True)
class Segmented:
    """One word segmented by one algorithm.

    Attributes:
        tokens: what the model returns (markers kept, e.g. ``"</w>"``, ``"Ġlow"``).
        cuts: character offsets inside the word where a token ends (markers stripped).
        count: how many tokens carry characters of the word (marker-only tokens such as
            a lone ``</w>`` or a lone ``Ġ`` are not counted).
        unks: how many tokens are unknown (``[UNK]``, or a character the model never saw).
        inside: byte-level only: cuts that fall inside one character's UTF-8 bytes.
        unknown: indices of the tokens that are not in the vocabulary (BPE and Unigram: a
            character never seen in training, kept as a token of its own).

    >>> Segmented(("low", "</w>"), frozenset(), 1, 0).whole
    True
    """

    tokens: tuple[str, ...]
    cuts: frozenset[int]
    count: int
    unks: int
    inside: int = 0
    unknown: frozenset[int] = frozenset()

    @property
    def whole(self) -> bool:
        """The word is one known token."""
        return self.count == 1 and self.unks == 0


def segment(trained: Trained, word: str) -> Segmented:
    """Segment one word (no spaces) and put the cuts in character offsets.

    >>> from subword_core.corpus import Corpus
    >>> bpe_model = train_all(Corpus.from_counts({"low": 5, "lowest": 2}), 12)["BPE"]
    >>> s = segment(bpe_model, "lowest")
    >>> s.tokens, sorted(s.cuts), s.count
    (('lowes', 't', '</w>'), [5], 2)
    """
    name, model = trained.name, trained.model
    if name == "Byte-level BPE":
        return _segment_bytes(model, word)
    tokens = tuple(model.encode(word))
    if name == "WordPiece" and tokens == (model.unk_token,):
        return Segmented(tokens, frozenset(), 1, 1)
    pieces = [strip_marker(name, t) for t in tokens]
    pieces = [p for p in pieces if p]
    # BPE and Unigram: a character never seen in training stays a token of its own that is
    # not in the vocabulary; that is what they have instead of an [UNK] token.
    vocab = set(trained.vocab)
    unknown = frozenset(i for i, t in enumerate(tokens) if t not in vocab)
    return Segmented(tokens, frozenset(boundaries(pieces)), len(pieces), len(unknown), 0, unknown)


def _segment_bytes(model: byte_level.ByteLevelModel, word: str) -> Segmented:
    tokens = tuple(model.encode(word))
    data = word.encode("utf-8")
    starts: dict[int, int] = {}
    at = 0
    for index, ch in enumerate(word):
        starts[at] = index
        at += len(ch.encode("utf-8"))
    lengths = [len(byte_level.from_display(t)) for t in tokens]
    if model.add_prefix_space and lengths:
        lengths[0] -= 1  # the space added in front of the word
    cuts: set[int] = set()
    inside = 0
    at = 0
    for length in lengths[:-1]:
        at += length
        if 0 < at < len(data):
            if at in starts:
                cuts.add(starts[at])
            else:
                inside += 1
    count = sum(1 for length in lengths if length > 0)
    return Segmented(tokens, frozenset(cuts), count, 0, inside)


def disputed_cuts(segs: Mapping[str, Segmented]) -> set[int]:
    """Cut positions made by some algorithms but not all.

    >>> a = Segmented(("lo", "w"), frozenset({2}), 2, 0)
    >>> b = Segmented(("l", "ow"), frozenset({1}), 2, 0)
    >>> sorted(disputed_cuts({"A": a, "B": b}))
    [1, 2]
    """
    sets = [s.cuts for s in segs.values()]
    if not sets:
        return set()
    union = set().union(*sets)
    common = set.intersection(*(set(s) for s in sets))
    return union - common


# --------------------------------------------------------------------------------------
# Corpus-level figures
# --------------------------------------------------------------------------------------


def corpus_figures(corpus: Corpus, trained: Mapping[str, Trained]) -> pd.DataFrame:
    """Per algorithm: vocabulary size, tokens per word, words kept whole, UNK tokens.

    Averages are over running words (each corpus word weighted by its count).

    >>> from subword_core.corpus import Corpus
    >>> corpus = Corpus.from_counts({"hug": 3, "pug": 1})
    >>> df = corpus_figures(corpus, {"BPE": train_all(corpus, 8)["BPE"]})
    >>> float(df.loc[0, "tokens per word"]), float(df.loc[0, "kept whole"])
    (1.25, 0.75)
    """
    rows = []
    for name, t in trained.items():
        tokens = whole = unks = 0
        for word, count in corpus.items:
            s = segment(t, word)
            tokens += s.count * count
            whole += count if s.whole else 0
            unks += s.unks * count
        total = corpus.total
        rows.append(
            {
                "algorithm": name,
                "vocabulary": len(t.vocab),
                "tokens per word": round(tokens / total, 3),
                "kept whole": round(whole / total, 3),
                "UNK tokens": unks,
            }
        )
    return pd.DataFrame(rows)


def _surface(name: str, vocab: Sequence[str]) -> set[str]:
    out: set[str] = set()
    for token in vocab:
        if name == "Byte-level BPE":
            try:
                text = byte_level.from_display(token).decode("utf-8").strip()
            except UnicodeDecodeError:
                continue  # part of a character: no text to compare
        else:
            text = strip_marker(name, token)
        if len(text) >= 2:
            out.add(text)
    return out


def overlap_table(trained: Mapping[str, Trained]) -> pd.DataFrame:
    """Shared learned pieces for every pair of algorithms (markers stripped, 2+ characters).

    Single characters and bytes are left out: every algorithm starts with them. Columns:
    ``a``, ``b``, ``shared``, ``jaccard`` (shared / pieces in either); both orders and the
    diagonal are included, so the table draws as a square heatmap.

    >>> from subword_core.corpus import Corpus
    >>> out = train_all(Corpus.from_counts({"hug": 3, "hugs": 2}), 9)
    >>> df = overlap_table({k: out[k] for k in ("BPE", "WordPiece")})
    >>> int(df[(df.a == "BPE") & (df.b == "BPE")].shared.iloc[0]) >= 1
    True
    """
    surfaces = {name: _surface(name, t.vocab) for name, t in trained.items()}
    rows = []
    for a in surfaces:
        for b in surfaces:
            sa, sb = surfaces[a], surfaces[b]
            either = len(sa | sb)
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "shared": len(sa & sb),
                    "jaccard": round(len(sa & sb) / either, 3) if either else 0.0,
                }
            )
    return pd.DataFrame(rows, columns=["a", "b", "shared", "jaccard"])


def _overlap_chart(df: pd.DataFrame) -> alt.LayerChart:
    """The vocabulary-overlap heatmap of :func:`overlap_table`'s rows.

    No colour legend: a legend beside the grid took the whole width of a two-fifths column
    at 1024 px and squeezed the cells to nothing; each cell writes its number and the
    caption says what the colour means. The algorithm names are cut at :data:`LABEL_PX`,
    one word a line on the left.

    >>> df = pd.DataFrame({"a": ["BPE"], "b": ["BPE"], "shared": [3], "jaccard": [1.0]})
    >>> spec = _overlap_chart(df).to_dict(validate=False)
    >>> spec["layer"][0]["encoding"]["color"]["legend"] is None
    True
    """
    df = df.assign(a=df["a"].map(display_name), b=df["b"].map(display_name))
    order = list(dict.fromkeys(df["a"]))
    base = alt.Chart(df).encode(
        x=alt.X(
            "a:N",
            sort=order,
            title=None,
            axis=alt.Axis(labelAngle=-45, labelLimit=LABEL_PX, labelOverlap=False),
        ),
        y=alt.Y(
            "b:N",
            sort=order,
            title=None,
            # one word a line ("Byte-level" over "BPE"): the cells keep the column's width
            axis=alt.Axis(
                labelLimit=LABEL_PX, labelOverlap=False, labelExpr="split(datum.label, ' ')"
            ),
        ),
    )
    rect = base.mark_rect(stroke="gray", strokeWidth=0.5).encode(
        color=alt.Color(
            "jaccard:Q",
            scale=alt.Scale(domain=[0, 1], scheme="blues"),
            legend=None,
        ),
        tooltip=[
            alt.Tooltip("a:N", title=t("algorithm")),
            alt.Tooltip("b:N", title=t("algorithm")),
            alt.Tooltip("shared:Q", title=t("pieces shared")),
            alt.Tooltip("jaccard:Q", format=".0%", title=t("shared / in either")),
        ],
    )
    text = base.mark_text(fontSize=15, fontWeight="bold").encode(
        text=alt.Text("shared:Q"),
        # subtle: the cells are opaque (pale to dark blue) on either theme, so the number's
        # colour follows the cell, not the theme: dark on pale cells, white on dark ones.
        color=alt.condition(alt.datum.jaccard > 0.55, alt.value("white"), alt.value("#1f2430")),
    )
    return described(
        (rect + text).properties(height=260),
        t(
            "Heatmap: for every two algorithms, how many learned pieces of two or more "
            "characters they share (the number in the cell); the darker the cell, the larger "
            "the share of their pieces in common."
        ),
    )


def _overlap_table_html(df: pd.DataFrame) -> str:
    """The overlap heatmap's numbers as a folded table: each pair of algorithms once."""
    names = list(dict.fromkeys(df["a"]))
    rows = [
        (r.a, r.b, int(r.shared), f"{r.jaccard:.0%}")
        for r in df.itertuples(index=False)
        if names.index(r.a) <= names.index(r.b)
    ]
    rows = [(display_name(a), display_name(b), n, share) for a, b, n, share in rows]
    return table_details_html(
        t("Show the overlap as a table"),
        [t("algorithm"), t("algorithm"), t("pieces shared"), t("shared / in either")],
        rows,
        caption=t("Learned pieces two algorithms share, as in the heatmap"),
    )


# --------------------------------------------------------------------------------------
# Drawing
# --------------------------------------------------------------------------------------

_CSS = (
    "<style>.cmp-cuts{font-family:var(--sw-mono);"
    "white-space:pre-wrap;overflow-wrap:anywhere;font-size:1.1em}"
    ".cmp-cut{opacity:.75}"
    ".cmp-dis{color:rgb(214,39,40);font-weight:800;background:rgba(214,39,40,.14)}"
    ".cmp-word{font-size:1.15em;font-weight:700;margin:.6em 0 .2em;overflow-wrap:anywhere}"
    ".cmp-scroll{overflow-x:auto}"
    ".sw-table.cmp-table .sw-tokens{flex-wrap:wrap}</style>"
)


def _cuts_html(word: str, cuts: frozenset[int], disputed: set[int]) -> str:
    """The word with a bar at each cut; disputed cuts red and thick. One cell per gap."""
    out = []
    for index, ch in enumerate(word):
        if index:
            if index in cuts:
                css = "cmp-dis" if index in disputed else "cmp-cut"
                bar = "┃" if index in disputed else "│"
                out.append(f'<span class="{css}">{bar}</span>')
            elif index in disputed:
                out.append('<span class="cmp-dis">·</span>')
            else:
                out.append(" ")
        out.append(esc(ch))
    return f'<span class="cmp-cuts">{"".join(out)}</span>'


def word_table_html(word: str, segs: Mapping[str, Segmented]) -> str:
    """One word: a row per algorithm with its token spans, its cuts, token and UNK counts.

    Tokens next to a disputed cut get a thick border labelled "differs"; in the cuts column a
    disputed cut is a red ``┃`` (this algorithm cuts there, another does not) or a red ``·``
    (another algorithm cuts there, this one does not).

    >>> seg = Segmented(("lo", "w"), frozenset({2}), 2, 0)
    >>> "lo" in word_table_html("low", {"BPE": seg})
    True
    """
    disputed = disputed_cuts(segs)
    body = []
    for name, s in segs.items():
        marker = MARKERS[name]
        highlight = _tokens_at(name, word, s, disputed)
        spans = token_spans_html(
            s.tokens,
            highlight=highlight,
            unk="[UNK]" if name == "WordPiece" else None,
            marker=marker,
            highlight_label=t("differs"),
            unknown=s.unknown,
        )
        unk = badge_html(t("{n} UNK").format(n=s.unks), "error") if s.unks else ""
        inside = (
            " "
            + badge_html(
                t.n("{n} cut inside a character", "{n} cuts inside a character", s.inside).format(
                    n=s.inside
                ),
                "warning",
            )
            if s.inside
            else ""
        )
        body.append(
            f"<tr><th scope='row'>{esc(display_name(name))}</th><td>{spans}</td>"
            f"<td>{_cuts_html(word, s.cuts, disputed)}</td>"
            f"<td style='text-align:right'>{s.count}</td><td>{unk}{inside}</td></tr>"
        )
    n = len(disputed)
    summary = (
        badge_html(
            t.n("{n} disputed boundary", "{n} disputed boundaries", n).format(n=n), "warning"
        )
        if n
        else badge_html(t("all agree"), "success")
    )
    head = "".join(
        f"<th>{esc(h)}</th>" for h in (t("algorithm"), t("tokens"), t("cuts"), t("count"), "")
    )
    return (
        f"<div class='cmp-word'>{esc(word)} {summary}</div>"
        "<div class='cmp-scroll'><table class='sw-table cmp-table'><thead><tr>"
        f"{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def _byte_tokens_at(word: str, s: Segmented, disputed: set[int]) -> list[int]:
    """Byte-level: tokens whose first or last byte sits at a disputed character cut."""
    char_at: dict[int, int] = {}
    at = 0
    for index, ch in enumerate(word):
        char_at[at] = index
        at += len(ch.encode("utf-8"))
    char_at[at] = len(word)
    out = []
    at = -1  # the space byte in front of the word
    for index, token in enumerate(s.tokens):
        start, at = at, at + len(byte_level.from_display(token))
        if at <= 0:
            continue  # only the space byte
        ends = {char_at.get(max(start, 0)), char_at.get(at)}
        if ends & disputed:
            out.append(index)
    return out


def _tokens_at(name: str, word: str, s: Segmented, disputed: set[int]) -> list[int]:
    """Indices of the tokens that end or start at a disputed cut (marker-only tokens skip)."""
    if not disputed:
        return []
    if name == "Byte-level BPE":
        return _byte_tokens_at(word, s, disputed)
    out = []
    at = 0
    for index, token in enumerate(s.tokens):
        piece = strip_marker(name, token)
        if name == "WordPiece" and token == "[UNK]":
            continue
        start, at = at, at + len(piece)
        if piece and (start in disputed or at in disputed):
            out.append(index)
    return out


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
        on_change=remember,
        args=(WIDGETS_KEY, "cmp_target"),
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


def render_segmentations(
    trained: Mapping[str, Trained], *, corpus: Corpus | None = None, pretok: Pretok | None = None
) -> None:
    """The sentence box and, for each word, every algorithm's segmentation one above the other.

    With ``corpus``, the box starts on words of the corpus and one word not in it (until the
    student types there).
    """
    examples = example_words(corpus) if corpus is not None else None
    if examples is not None:
        follow_default(
            "cmp_text",
            examples.text,
            shadow_key=WIDGETS_KEY,
            initial=(WIDGET_DEFAULTS["cmp_text"],),
        )
    text = st.text_input(
        t("Words or a sentence to segment"),
        key="cmp_text",
        max_chars=LIMITS.box_chars,
        on_change=remember,
        args=(WIDGETS_KEY, "cmp_text"),
        help=t("Each word (split at spaces) is segmented on its own by every algorithm."),
    )
    if examples is not None:
        show_example_label(examples, "cmp_text", shadow_key=WIDGETS_KEY)
    # the typed text is cut the way the corpus was (pre-tokenization, ui.pretok)
    words = pretok_words(text, pretok) if pretok is not None else list(dict.fromkeys(text.split()))
    if not words:
        st.info(
            t("Type one or more words above to compare their segmentations."),
            icon=":material/edit:",
        )
        return
    shown = words[:12]
    totals = {name: [0, 0] for name in trained}
    parts = [_CSS]
    for word in shown:
        segs = {name: segment(t, word) for name, t in trained.items()}
        for name, s in segs.items():
            totals[name][0] += s.count
            totals[name][1] += s.unks
        parts.append(word_table_html(word, segs))
    summary = " ".join(
        badge_html(
            t("{name}: {n} tokens, {u} UNK").format(name=display_name(name), n=n, u=u),
            "error" if u else "info",
        )
        for name, (n, u) in totals.items()
    )
    show_html(f"<div>{summary}</div>" + "".join(parts) + TABLE_CSS)
    if len(words) > len(shown):
        st.caption(
            t("Showing the first {shown} of {total} different words.").format(
                shown=len(shown), total=len(words)
            )
        )


# Small by construction: one row per algorithm and a 4 x 4 overlap table (the models
# themselves are in the shared store of _train_cached).
@st.cache_data(max_entries=8, show_spinner=False)  # the caller shows one, translated
def _figures_cached(corpus: Corpus, target: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    out = _train_cached(corpus, target, quiet=True)  # found: train_or_explain trained it
    trained = {k: v for k, v in out.items() if isinstance(v, Trained)}
    return corpus_figures(corpus, trained), overlap_table(trained)


def render_corpus_figures(corpus: Corpus, target: int, trained: Mapping[str, Trained]) -> None:
    """The per-algorithm figures on the whole corpus and the vocabulary-overlap heatmap.

    Cached per corpus and target, so typing a new sentence does not segment the corpus again.
    """
    with st.spinner(t("Segmenting the corpus…")):
        figures, overlap = _figures_cached(corpus, target)
    plans = {p.name: p for p in plan(corpus, target)}
    headers = {
        "algorithm": t("algorithm"),
        "vocabulary": t("vocabulary"),
        "tokens per word": t("tokens per word"),
        "kept whole": t("kept whole"),
        "UNK tokens": t("UNK tokens"),
    }
    c1, c2 = st.columns([3, 2])
    with c1:
        # the data keeps its English column names; the headers are translated
        st.dataframe(
            figures.assign(algorithm=figures["algorithm"].map(display_name)),
            hide_index=True,
            column_config={
                "algorithm": st.column_config.TextColumn(headers["algorithm"]),
                "vocabulary": st.column_config.NumberColumn(headers["vocabulary"]),
                "kept whole": st.column_config.NumberColumn(
                    headers["kept whole"],
                    format="percent",
                    help=t("Share of running words that are one token"),
                ),
                "tokens per word": st.column_config.NumberColumn(
                    headers["tokens per word"], format="%.2f"
                ),
                "UNK tokens": st.column_config.NumberColumn(headers["UNK tokens"]),
            },
        )
        notes = " · ".join(
            f"{display_name(name)}: {note_text(plans[name], tr)}" for name, tr in trained.items()
        )
        st.caption(md_escape(notes))
    with c2:
        if len(trained) >= 2:
            show_chart(_overlap_chart(overlap), width="stretch")
            show_html(
                caption_html(
                    t(
                        "Vocabulary overlap: how many learned pieces of two or more characters "
                        "two algorithms share (markers stripped; single characters and bytes "
                        "left out, since every algorithm starts with them). Colour: shared / in "
                        "either, from pale (none shared) to dark blue (all)."
                    )
                )
                + _overlap_table_html(overlap)
            )
        else:
            st.caption(t("The overlap chart needs at least two trained algorithms."))
