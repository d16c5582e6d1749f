"""The corpus picker's parsing: typed text, an example or table rows read into a corpus
(cached per text and language), or the message that says what to fix.

Example::

    outcome = _parse_text("low 5\nlower 2")
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd

from subword_core.errors import CorpusError, SubwordError
from subword_core.text.corpus import Corpus, normalize_text, parse_corpus
from subword_core.text.examples import EXAMPLES, example_text
from ui.app.corpus_picker.bounds import keep_frequent_words, within_limits
from ui.app.corpus_picker.messages import error_text
from ui.app.i18n import current_language, translator
from ui.runtime.cache import shared_cache

t = translator("common")


@dataclass(frozen=True)
class _Outcome:
    """The result of reading one input: a corpus, or a plain-language error and where it is."""

    corpus: Corpus | None
    error: str | None = None
    where: str | None = None  # e.g. "line 2" or "row 3"


def _parse_text(text: str) -> _Outcome:
    """Parse text, with the notes and the error in the session's language (cached)."""
    return _parse_text_in(text, current_language())


@shared_cache("corpus-text", max_entries=64)
def _parse_text_in(text: str, lang: str) -> _Outcome:
    """Parse text (cached, so errors are cached too: they come back as data, not exceptions).

    The input policy (:mod:`ui.app.limits`) applies here: a text over the size limit is used in
    part, a corpus with too many distinct words keeps its most frequent ones; notes say so.
    ``lang`` is the session's language (the notes and errors are worded in it: a key of
    the cache).
    """
    used, cut_note = within_limits(text)
    try:
        corpus = keep_frequent_words(parse_corpus(used))
    except CorpusError as err:
        where = t("line {n}").format(n=err.line) if err.line is not None else None
        return _Outcome(None, error_text(err), where)
    except SubwordError as err:
        return _Outcome(None, error_text(err))
    if cut_note:
        corpus = Corpus(corpus.items, corpus.source_format, (cut_note, *corpus.notes))
    return _Outcome(corpus)


def _example_outcome(key: str) -> _Outcome:
    """Parse a built-in example once per server and language (the pydoc one takes a moment)."""
    return _example_outcome_in(key, current_language())


@shared_cache(
    "corpus-example",
    max_entries=3 * len(EXAMPLES),
    spinner=lambda: t("Reading the example…"),
)
def _example_outcome_in(key: str, lang: str) -> _Outcome:
    return _parse_text_in(example_text(key), lang)


def _rows_outcome(rows: list[tuple[Any, Any]]) -> _Outcome:
    """Validate table rows ``(word, count)``; fully empty rows are ignored."""
    pairs: list[tuple[str, int]] = []
    seen: dict[str, int] = {}
    repeated: list[str] = []
    for number, (raw_word, raw_count) in enumerate(rows, start=1):
        word = "" if _is_missing(raw_word) else normalize_text(str(raw_word).strip())
        if not word and _is_missing(raw_count):
            continue
        where = t("row {n}").format(n=number)
        if not word:
            return _Outcome(
                None, t("Row {row}: this row has a count but no word.").format(row=number), where
            )
        if _is_missing(raw_count):
            return _Outcome(
                None,
                t("Row {row}: the word {word} has no count; type a whole number.").format(
                    row=number, word=repr(word)
                ),
                where,
            )
        try:
            count_value = float(raw_count)
        except (TypeError, ValueError):
            count_value = math.nan
        if not count_value.is_integer() or count_value < 1:
            return _Outcome(
                None,
                t(
                    "Row {row}: the count of {word} is {count}, but counts must be whole "
                    "numbers of at least 1."
                ).format(row=number, word=repr(word), count=repr(raw_count)),
                where,
            )
        try:
            Corpus.from_counts([(word, int(count_value))])
        except CorpusError as err:
            return _Outcome(
                None, t("Row {row}: {problem}").format(row=number, problem=error_text(err)), where
            )
        if word in seen and word not in repeated:
            repeated.append(word)
        seen[word] = number
        pairs.append((word, int(count_value)))
    if not pairs:
        return _Outcome(None, t("The table is empty: add at least one word with a count."))
    try:
        corpus = keep_frequent_words(Corpus.from_counts(pairs))
    except CorpusError as err:  # e.g. a word's rows add up to more than MAX_COUNT
        return _Outcome(None, error_text(err))
    if repeated:
        shown = ", ".join(repeated[:8]) + (" …" if len(repeated) > 8 else "")
        note = t(
            "Some words are in more than one row, so their counts were added: {words}."
        ).format(words=shown)
        corpus = Corpus(corpus.items, source_format="counts", notes=(*corpus.notes, note))
    return _Outcome(corpus)


def _is_missing(value: object) -> bool:
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False
