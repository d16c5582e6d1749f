"""The corpus picker's messages: every corpus error and note in plain words in the session's
language (never ``str(err)`` on a page).

Example:
    >>> from subword_core.errors import CorpusError
    >>> error_text(CorpusError("empty")) != ""
    True
"""

from __future__ import annotations

from subword_core.text.corpus import Note
from ui.app.core_errors import coded_text
from ui.app.i18n import DEFAULT_LANGUAGE, current_language, translator

t = translator("common")

ENCODING_NAMES: dict[str, str] = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 with a byte-order mark",
    "utf-16": "UTF-16 with a byte-order mark",
    "utf-32": "UTF-32 with a byte-order mark",
    "utf-16-le": "UTF-16 (little-endian) without a byte-order mark, recognised by its zero bytes",
    "utf-16-be": "UTF-16 (big-endian) without a byte-order mark, recognised by its zero bytes",
    "utf-32-le": "UTF-32 (little-endian) without a byte-order mark, recognised by its zero bytes",
    "utf-32-be": "UTF-32 (big-endian) without a byte-order mark, recognised by its zero bytes",
}
"""How :func:`decode_upload`'s encodings are named (in English; the page uses
:func:`_encoding_name`, in the session's language)."""


def _encoding_name(encoding: str) -> str:
    without_bom = t("{name} ({order}) without a byte-order mark, recognised by its zero bytes")
    names = {
        "utf-8": "UTF-8",
        "utf-8-sig": t("UTF-8 with a byte-order mark"),
        "utf-16": t("UTF-16 with a byte-order mark"),
        "utf-32": t("UTF-32 with a byte-order mark"),
        "utf-16-le": without_bom.format(name="UTF-16", order=t("little-endian")),
        "utf-16-be": without_bom.format(name="UTF-16", order=t("big-endian")),
        "utf-32-le": without_bom.format(name="UTF-32", order=t("little-endian")),
        "utf-32-be": without_bom.format(name="UTF-32", order=t("big-endian")),
    }
    return names.get(encoding, encoding)


_COUNT_LINE_EXAMPLES = '"low 5", "low: 5" or "low<TAB>5"'
_DICT_EXAMPLE = "{'l o w </w>': 5, 'n e w e s t </w>': 6}"


def _coded_message(code: str | None, values: dict[str, int | str]) -> str | None:
    """A core error's problem in the session's language, by its code (``None``: not mapped).

    The values that quote the input (``text``, ``word``, ``key``, ``count``…) are already
    shortened by the core; the page escapes the whole message.
    """
    text = {name: str(value) for name, value in values.items()}
    worded = _coded_input_message(code, text)
    if worded is not None:
        return worded
    if code == "count_too_large":
        limit = f"{values.get('max_count', 0):,}"
        if "digits" in values:
            return t(
                "This count is too large ({digits} digits): a count can be at most {max_count} "
                "(a trillion). Check for a typo, or scale all the counts down."
            ).format(digits=f"{values['digits']:,}", max_count=limit)
        return t(
            "A count here is larger than {max_count} (a trillion), the largest count allowed. "
            "Check for a typo, or scale all the counts down."
        ).format(max_count=limit)
    if code == "undecodable":
        return t(
            "The file cannot be read as text: byte offset {offset} (counting from 0) is not "
            "valid in its encoding. Save the file as UTF-8 (most editors offer it under 'Save "
            "as' or 'Encoding') and upload it again, or paste the text into the box instead."
        ).format(offset=f"{int(values.get('offset', 0)):,}")
    return None


def _coded_input_message(code: str | None, v: dict[str, str]) -> str | None:
    """The problems of :mod:`subword_core.text.corpus` that quote the input, by code."""
    examples = {"examples": _COUNT_LINE_EXAMPLES, "example": _DICT_EXAMPLE}
    messages = {
        "empty_corpus": lambda: t(
            "The corpus is empty: type some words (for example: low low lower newest), or one "
            "word and its count per line ({examples})."
        ),
        "not_a_count_line": lambda: t(
            '{text} is not in "word count" form. Most lines look like word counts, so every '
            "line must be one word (without spaces) and its count, e.g. {examples}."
        ),
        "bad_count": lambda: t(
            "In {text} the count {count} is not allowed: counts must be whole numbers of at "
            "least 1 (like 1, 2 or 15)."
        ),
        "dict_syntax": lambda: t(
            "The dictionary could not be read: {cause}, near {text} (column {column}). The "
            "expected shape is {example}."
        ),
        "dict_unreadable": lambda: t(
            "The dictionary could not be read. The expected shape is {example}."
        ),
        "not_a_dict": lambda: t(
            'Text that starts with "{{" is read as a dictionary such as {example}, but this is '
            "not one: each entry needs a quoted key, a colon and a count."
        ),
        "dict_empty": lambda: t("The dictionary is empty: add at least one entry, e.g. {example}."),
        "dict_entry": lambda: t(
            "{text} is not a plain dictionary entry: write each entry as 'symbols': count."
        ),
        "dict_key": lambda: t(
            "Every key must be a quoted string such as 'l o w </w>', but {key} in {text} is not."
        ),
        "dict_key_only_marker": lambda: t(
            "The key {key} has no symbols left once the '</w>' marker is removed; every key "
            "needs at least one symbol, e.g. 'l o w </w>'."
        ),
        "dict_bad_count": lambda: t(
            "The count for {key} is {count}, but counts must be whole numbers of at least 1 "
            "(like 1, 2 or 15)."
        ),
        "word_empty": lambda: t("A word cannot be empty."),
        "word_has_space": lambda: t(
            "The word {word} contains whitespace; a word must be one token without spaces, "
            "tabs or line breaks."
        ),
        "word_not_text": lambda: t("Every word must be text, but got {word}."),
        "word_bad_count": lambda: t(
            "The count of {word} is {count}, but counts must be whole numbers of at least 1."
        ),
        "word_repeated": lambda: t(
            "The word {word} is listed twice; each word may appear only once."
        ),
        "not_a_pair": lambda: t("Each corpus item must be a (word, count) pair, not {item}."),
        "not_counts": lambda: t(
            "The counts must be a mapping such as {{'low': 5}} or (word, count) pairs, not {item}."
        ),
    }
    if code not in messages:
        return None
    fields = {**examples, "text": "", "count": "", "reason": "", "key": "", "word": "", "item": ""}
    fields |= {"column": "?", **v, "cause": _syntax_cause(v.get("cause", ""))}
    return messages[code]().format(**fields)


def _syntax_cause(cause: str) -> str:
    """What is wrong in a dictionary that Python could not read, by the core's ``cause``.

    Python's own reason (``invalid syntax``, ``'{' was never closed``) is English and
    technical; the page says instead what to look for.
    """
    causes = {
        "quote": lambda: t("a quote is not closed"),
        "bracket": lambda: t("a brace or bracket is not closed, or does not match"),
        "colon": lambda: t("a colon is missing"),
        "comma": lambda: t("a comma is missing"),
        "null": lambda: t("the text holds a NUL character"),
    }
    if cause in causes:
        return causes[cause]()
    return t("check the quotes, colons, commas and braces")


def error_text(err: BaseException) -> str:
    """A core error worded for the student in the session's language.

    In Chinese and Korean, errors with a known ``code`` are worded from their ``values``: the
    corpus parser's here, the others' in :mod:`ui.app.core_errors`; every error in English, and
    one without a known code, keeps the core's English explanation (it may quote the input).
    The line, when there is one, comes first.

    Example:
        >>> from subword_core.errors import CorpusError
        >>> error_text(CorpusError("too big", line=2, code="count_too_large"))
        'Line 2: too big'
        >>> error_text(CorpusError("A word cannot be empty."))
        'A word cannot be empty.'
    """
    code = getattr(err, "code", None)
    message = None
    if current_language() != DEFAULT_LANGUAGE:  # English: the core's words (they quote the input)
        values = dict(getattr(err, "values", None) or {})
        message = _coded_message(code, values)
        if message is None:
            message = coded_text(code, values)
    if message is None:
        message = str(getattr(err, "message", None) or err)
    line = getattr(err, "line", None)
    if line is None:
        return message
    return t("Line {line}: {message}").format(line=line, message=message)


def note_text(note: str) -> str:
    """A note on what parsing did, in the session's language.

    The core's notes (:class:`subword_core.text.corpus.Note`) carry a code and values: in Chinese
    and Korean they are worded here; in English, and for the notes the UI wrote itself
    (already in the session's language), the note is shown as it is.

    Example:
        >>> note_text(Note("Hangul syllables were decomposed into jamo (NFD).", "jamo"))
        'Hangul syllables were decomposed into jamo (NFD).'
        >>> note_text("Limit: …")
        'Limit: …'
    """
    if not isinstance(note, Note) or current_language() == DEFAULT_LANGUAGE:
        return str(note)
    v = note.values
    more = int(v.get("more", 0) or 0)
    words = str(v.get("words", ""))
    if more:
        words = t.n("{words} and {n} more", "{words} and {n} more", more).format(
            words=words, n=f"{more:,}"
        )
    wordings = {
        "normalized": lambda: t(
            "The text was normalised to Unicode {form}: letters typed as a base letter plus a "
            "combining accent became single letters, so words that look the same count as one "
            "word."
        ),
        "lines_summed": lambda: t(
            "Some words appear on more than one line, so their counts were added together: {words}."
        ),
        "keys_joined": lambda: t(
            "The symbols of each key were joined into one word and the '</w>' end-of-word "
            "markers were removed, because the app adds its own end-of-word marker."
        ),
        "keys_summed": lambda: t(
            "Some keys became the same word, so their counts were added together: {words}."
        ),
        "bert_split": lambda: t(
            "BERT pre-tokenization cut the {n} distinct words into {units} distinct units "
            "(punctuation and each CJK character apart)."
        ),
        "jamo": lambda: t("Hangul syllables were decomposed into jamo (NFD)."),
    }
    if note.code not in wordings:
        return str(note)
    numbers = {"n": f"{int(v.get('words', 0) or 0):,}"} if note.code == "bert_split" else {}
    units = f"{int(v.get('units', 0) or 0):,}"
    return wordings[note.code]().format(
        form=v.get("form", "NFC"), words=words, units=units, **numbers
    )
