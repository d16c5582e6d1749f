"""The Compare page's training: the four tokenizers trained (cached, in a child process)
on one corpus, and how each training ended.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> sorted(train_all(Corpus.from_counts({"hug": 3, "pug": 2}), 8))
    ['BPE', 'Byte-level BPE', 'Unigram', 'WordPiece']
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from subword_core import bpe, byte_level, unigram, wordpiece
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.i18n import translator
from ui.runtime.training import Training, cached_training, training_work
from ui.views.compare.plan import Plan, Progress, plan

t = translator("compare")


def note_text(p: Plan, trained: Trained) -> str:
    """How one training ended, in the session's language (plain text).

    >>> from subword_core.text.corpus import Corpus
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
    (:func:`ui.runtime.training.cached_training`).

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

    >>> from subword_core.text.corpus import Corpus
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
