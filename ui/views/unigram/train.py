"""The Unigram page's training: one cached training per corpus and settings, its EM budget,
and what the page says when a training cannot run.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> em_iterations(Corpus.from_counts({"hug": 10}), UnigramSettings(5))[0]  # all of them
    2
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from subword_core import unigram
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from subword_core.unigram import UnigramResult
from ui.app.corpus_picker import error_text
from ui.app.i18n import translator
from ui.app.limits import LIMITS, advice, unigram_em_iterations
from ui.draw.html import md_escape
from ui.runtime.training import Training, cached_training, training_work
from ui.views.unigram.settings import UnigramSettings
from ui.views.unigram.text import _problem

t = translator("unigram")


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
