"""The words for the bounds one student's input meets, so that the class goes on (issue 26).

The core stops a tokenizer file that asks too much (:mod:`subword_core.bounds`) with a code
and its values; :func:`bound_problems` words each code in the session's language. The queue
for the training processes is worded here too.

Example:
    >>> sorted(bound_problems())[:2]
    ['json_too_deep', 'pattern_too_large']
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from ui.app.i18n import Message, translator

__all__ = [
    "bound_heading",
    "bound_problems",
    "bound_text",
    "training_queue_text",
]

t = translator("bounds")


def bound_problems() -> dict[str, str]:
    """The tracer's bounds, by the code of the error (values filled by the caller).

    Example:
        >>> "{limit}" in bound_problems()["text_too_long"]
        True
    """
    return {
        "text_too_long": t(
            "This file's {component} would make the text {chars} characters long, more than "
            "the {limit} a trace allows: the file multiplies the text (a long Replace content, "
            "Prepend or Metaspace replacement). It is refused rather than filling the server's "
            "memory."
        ),
        "trace_too_long": t(
            "The trace of this text would keep over {steps} steps and {units} characters, more "
            "than a trace allows ({limit_steps} steps, {limit_units} characters). Try a shorter "
            "text."
        ),
        "trace_too_much_work": t(
            "Tracing this text with this file means looking at over {work} candidates "
            "({what}), more than the {limit} a trace allows. Try a shorter text, or a file "
            "with fewer of them."
        ),
        "pattern_too_large": t(
            "The regular expression {pattern} is {size} characters long once its counted "
            "repeats are written out, more than the {limit} allowed: compiling it would fill "
            "the server's memory. It is refused."
        ),
        "json_too_deep": t(
            "{file} is nested too deeply to be read: a tokenizer.json is a few levels deep."
        ),
        "pattern_too_slow": t(
            "The regular expression {pattern} took more than {seconds} s on this text and was "
            "stopped: it backtracks (an ambiguous alternation under a repeat, such as (a|aa)+, "
            "tries every way to match). The tokenizers library may hang on it too. Try a "
            "shorter text or another file."
        ),
    }


def bound_heading() -> str:
    """The heading above a bound's words on the pretrained page (the library might trace the
    text; this server will not, for the class's sake).

    Example:
        >>> bound_heading()
        'The server will not trace this text with this file:'
    """
    return t("The server will not trace this text with this file:")


def _what(what: str) -> str:
    """The candidates a trace looked at, in the session's language (the core's English)."""
    return {
        "special tokens": t("special tokens tried at each character"),
        "Unigram pieces": t("Unigram pieces that start with each letter"),
        "WordPiece's tries": t("WordPiece's longest-match tries"),
    }.get(what, what)


def bound_text(code: str | None, values: Mapping[str, object]) -> str | None:
    """A bound of the tracer in the session's language; ``None`` for another code.

    Numbers get thousands separators; a value the wording needs but lacks shows as ``?``.

    Example:
        >>> bound_text("pattern_too_large", {"pattern": "a{9}", "size": 90000, "limit": 50000})[:44]
        'The regular expression a{9} is 90,000 charac'
        >>> bound_text("no_file", {}) is None
        True
    """
    template = bound_problems().get(code or "")
    if template is None:
        return None
    shown = {
        name: f"{value:,}" if type(value) is int else str(value) for name, value in values.items()
    }
    if "what" in shown:
        shown["what"] = _what(shown["what"])
    needed = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return Message(template).format(**{**dict.fromkeys(needed, "?"), **shown})


def training_queue_text(ahead: int, running: int) -> str:
    """Where a training waiting for a free place stands: ``ahead`` trainings wait before it.

    Example:
        >>> training_queue_text(2, 4)[:40]
        'The server is training for 4 other stude'
    """
    return t(
        "The server is training for {running} other students at once, its most. Yours starts "
        "as soon as a place is free (trainings waiting before yours: {ahead}). It keeps its "
        "place: you need not click again."
    ).format(running=f"{running:,}", ahead=f"{ahead:,}")
