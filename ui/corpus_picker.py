"""The sidebar corpus picker shared by every page.

``app.py`` calls :func:`corpus_sidebar` once per run, before ``pg.run()``; pages then call
:func:`require_corpus` (or :func:`current_corpus`) to get the corpus the student chose.

Sources: each built-in example of :mod:`subword_core.examples`, text typed or pasted into a
box, an uploaded ``.txt`` file, or a word/count table edited in place. What the student typed is
never thrown away: when the input is invalid, the box keeps it, a red message names the line
or row to fix, and the pages say there is no valid corpus (the previous corpus is *not* used
silently). Typed text, table edits and the uploaded file all survive page switches and a trip to
another source and back.

Session-state keys (all start with ``corpus__``):

- ``corpus__source`` (radio): an example key, ``"type"``, ``"upload"`` or ``"table"``.
- ``corpus__text`` (text area, kept with ``persist_state="session"``) and
  ``corpus__text_prefill`` (the text the box was last filled with by the app: while the box
  still holds exactly that, or is empty, it follows the chosen example; once edited, it is the
  student's).
- ``corpus__upload`` (file uploader) and ``corpus__upload_saved`` (the decoded file, kept when
  the uploader is not on screen).
- ``corpus__table`` (data editor), ``corpus__table_base`` (the rows it started from),
  ``corpus__table_prefill`` and ``corpus__table_rows`` (the latest edited rows).
- ``corpus__last_example``, ``corpus__prev_source``; the results ``corpus__current``
  (a ``Corpus`` or ``None``), ``corpus__status`` (``"ok"``, ``"error"`` or ``"waiting"``) and
  ``corpus__error`` (the plain-language message, or ``None``).

Example::

    # app.py
    corpus_sidebar()
    # pages/some_page.py
    corpus = require_corpus()
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from subword_core.corpus import Corpus, Note, normalize_text, parse_corpus
from subword_core.errors import CorpusError, SubwordError
from subword_core.examples import DEFAULT_EXAMPLE, EXAMPLES, example_text
from ui.core_errors import coded_text
from ui.html import esc, md_escape, show_html, show_text
from ui.i18n import DEFAULT_LANGUAGE, current_language, keep_choice, translator
from ui.limits import LIMITS, PASTE_CHARS, advice
from ui.runtime.cache import shared_cache

__all__ = [
    "ENCODING_NAMES",
    "FORMAT_NAMES",
    "SOURCE_KEY",
    "choose_source",
    "corpus_as_text",
    "corpus_sidebar",
    "current_corpus",
    "current_source_title",
    "decode_upload",
    "error_text",
    "example_description",
    "example_title",
    "explain_missing_corpus",
    "note_text",
    "require_corpus",
    "source_titles",
]

SOURCE_KEY = "corpus__source"
_TEXT_KEY = "corpus__text"
_TEXT_PREFILL_KEY = "corpus__text_prefill"
_UPLOAD_KEY = "corpus__upload"
_UPLOAD_SAVED_KEY = "corpus__upload_saved"
_TABLE_KEY = "corpus__table"
_TABLE_BASE_KEY = "corpus__table_base"
_TABLE_PREFILL_KEY = "corpus__table_prefill"
_TABLE_ROWS_KEY = "corpus__table_rows"
_LAST_EXAMPLE_KEY = "corpus__last_example"
_PREV_SOURCE_KEY = "corpus__prev_source"
_CURRENT_KEY = "corpus__current"
_ERROR_KEY = "corpus__error"
_STATUS_KEY = "corpus__status"

_TYPE, _UPLOAD, _TABLE = "type", "upload", "table"
t = translator("common")
_SOURCES: tuple[str, ...] = (*EXAMPLES, _TYPE, _UPLOAD, _TABLE)
_SOURCE_TITLES = {
    **{key: ex.title for key, ex in EXAMPLES.items()},
    _TYPE: ":material/edit: Type or paste text",
    _UPLOAD: ":material/upload_file: Upload a .txt file",
    _TABLE: ":material/table_edit: Edit a word/count table",
}


def _source_label(source: str) -> str:
    """The picker's label of a source in the session's language (examples keep their titles)."""
    if source == _TYPE:
        return ":material/edit: " + t("Type or paste text")
    if source == _UPLOAD:
        return ":material/upload_file: " + t("Upload a .txt file")
    if source == _TABLE:
        return ":material/table_edit: " + t("Edit a word/count table")
    if source in EXAMPLES:
        return example_title(source)
    return _SOURCE_TITLES[source]


def example_title(key: str) -> str:
    """A built-in example's title in the session's language (the core's English otherwise).

    :data:`subword_core.examples.EXAMPLES` holds the English titles; the picker and the seed
    gallery show them through this function.

    Example:
        >>> example_title("seed-hug")
        'hug / pug / pun / bun / hugs (seed 001)'
        >>> example_title("no-such-example")
        'no-such-example'
    """
    titles = {
        "seed-low": t("low / lower / newest / widest (seeds 002, 003)"),
        "seed-hug": t("hug / pug / pun / bun / hugs (seed 001)"),
        "seed-low-underscore": t(
            "low_ / lower_ / newest_ / widest_ (seed 004, `_` as an ordinary end letter)"
        ),
        "paragraph": t("A short paragraph"),
        "zh": t("中文: 计算机 / 语言 / 学习 (Chinese, no spaces)"),
        "ko": t("한국어: 학교 / 공부 / 언어 (Korean)"),
        "pydoc": t("Python's documentation topics (~466 KB of real English)"),
    }
    if key in titles:
        return titles[key]
    return EXAMPLES[key].title if key in EXAMPLES else key


def example_description(key: str) -> str:
    """A built-in example's description in the session's language (see :func:`example_title`).

    Example:
        >>> example_description("paragraph").startswith("A short story about a baker")
        True
    """
    descriptions = {
        "seed-low": t(
            "The classic toy corpus of Sennrich et al. (2016): four words with counts. "
            "Watch 'est' become one piece because newest and widest share it."
        ),
        "seed-hug": t(
            "Five short words that share 'ug' and 'un'. Seed 001 uses it for BPE, "
            "WordPiece and Unigram, so the three methods can be compared."
        ),
        "seed-low-underscore": t(
            "The low/lower/newest/widest corpus with '_' typed at the end of each word, "
            "as seed 004 does. Here '_' is just another letter, so it can merge like one."
        ),
        "paragraph": t(
            "A short story about a baker, written so that stems and endings repeat: "
            "walk / walked / walking, new / newer / newest, low / lower / lowest."
        ),
        "zh": t(
            "Eight short Chinese sentences written for this app. Chinese puts no spaces "
            "between words: split at spaces only, each sentence is one giant word and "
            "。 and ， can end up inside merges; BERT's pre-tokenization cuts every "
            "character apart."
        ),
        "ko": t(
            "Eight short Korean sentences written for this app. Words (어절) are split by "
            "spaces, but particles stay glued: 학교, 학교에서 and 학교에 are different "
            "words until merges find 학교. Each Hangul syllable is 3 bytes in UTF-8."
        ),
        "pydoc": t(
            "Every help topic of Python's own documentation, read from the Python "
            "installation running this app. Real text: thousands of different words."
        ),
    }
    if key in descriptions:
        return descriptions[key]
    return EXAMPLES[key].description if key in EXAMPLES else ""


def format_name(source_format: str) -> str:
    """The plain-language name of a ``Corpus.source_format`` in the session's language.

    Example:
        >>> format_name("counts")
        'one word and its count per line'
    """
    if source_format == "text":
        return t("running text (every word counted)")
    if source_format == "counts":
        return t("one word and its count per line")
    if source_format == "dict":
        return t("Python dict notation ({{'l o w </w>': 5, ...}})").format()
    return source_format


def _formats_help() -> str:
    return t(
        "Three ways to write a corpus:\n\n"
        "- running text: `the lower road was low`\n"
        "- one word and its count per line: `low 5` (or `low: 5`, or a tab between)\n"
        "- the tutorials' dict: `{{'l o w </w>': 5, 'n e w e s t </w>': 6}}`\n\n"
        "Click outside the box (or press Ctrl+Enter) to apply."
    ).format()


def source_titles() -> tuple[str, ...]:
    """The labels of the corpus sources, as the radio sends them (Material icon codes included).

    Example:
        >>> source_titles()[-3]
        ':material/edit: Type or paste text'
    """
    return tuple(_SOURCE_TITLES[source] for source in _SOURCES)


FORMAT_NAMES = {
    "text": "running text (every word counted)",
    "counts": "one word and its count per line",
    "dict": "Python dict notation ({'l o w </w>': 5, ...})",
}
"""Plain-language names of ``Corpus.source_format`` values."""

# The text box is prefilled with at most this many characters (the pydoc example is ~466 KB).
_PREFILL_LIMIT = LIMITS.prefill_chars
# The table is prefilled with at most this many rows (most frequent words of a large corpus).
_TABLE_PREFILL_ROWS = 500
_MAX_UPLOAD_MB = LIMITS.upload_mb

_FORMATS_HELP = """Three ways to write a corpus:

- running text: `the lower road was low`
- one word and its count per line: `low 5` (or `low: 5`, or a tab between)
- the tutorials' dict: `{'l o w </w>': 5, 'n e w e s t </w>': 6}`

Click outside the box (or press Ctrl+Enter) to apply."""


@dataclass(frozen=True)
class _Outcome:
    """The result of reading one input: a corpus, or a plain-language error and where it is."""

    corpus: Corpus | None
    error: str | None = None
    where: str | None = None  # e.g. "line 2" or "row 3"


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
    """The problems of :mod:`subword_core.corpus` that quote the input, by code."""
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
    corpus parser's here, the others' in :mod:`ui.core_errors`; every error in English, and
    one without a known code, keeps the core's English explanation (it may quote the input).
    The line, when there is one, comes first.

    Example:
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

    The core's notes (:class:`subword_core.corpus.Note`) carry a code and values: in Chinese
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


_BOMS = (  # UTF-32's little-endian mark starts with UTF-16's: UTF-32 first
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


def _wide_encoding(data: bytes) -> str | None:
    """UTF-16 or UTF-32 without a byte-order mark, told by where the zero bytes are.

    Text in those encodings has a zero byte in fixed places of every character (most of the
    characters of a corpus are Latin letters, digits and spaces); UTF-8 text has none.
    """
    if b"\x00" not in data:
        return None

    def zeros(offset: int, step: int) -> float:
        part = data[offset::step]
        return part.count(0) / len(part) if part else 0.0

    if len(data) % 4 == 0:
        if zeros(3, 4) == 1 and zeros(2, 4) > 0.9 and zeros(0, 4) < 0.5:
            return "utf-32-le"
        if zeros(0, 4) == 1 and zeros(1, 4) > 0.9 and zeros(3, 4) < 0.5:
            return "utf-32-be"
    if len(data) % 2 == 0:
        if zeros(1, 2) > 0.5 and zeros(0, 2) < 0.1:
            return "utf-16-le"
        if zeros(0, 2) > 0.5 and zeros(1, 2) < 0.1:
            return "utf-16-be"
    return None


def decode_upload(data: bytes) -> tuple[str, str]:
    """Decode an uploaded text file: UTF-8, or UTF-16/UTF-32 (with or without a byte-order mark).

    A byte-order mark decides the encoding (and is removed). Without one, UTF-16 and UTF-32 are
    recognised by their zero bytes (Latin text in them has a zero byte beside every letter; as
    UTF-8, those bytes would be read as invisible characters and glue the words together).
    Anything else is read as UTF-8. :data:`ENCODING_NAMES` names the encoding for the page.

    Args:
        data: The file's bytes.

    Returns:
        ``(text, encoding_used)``, where ``encoding_used`` is a key of :data:`ENCODING_NAMES`,
        e.g. ``"utf-8"``, ``"utf-8-sig"`` (a UTF-8 byte-order mark) or ``"utf-16-le"``.

    Raises:
        CorpusError: If the bytes cannot be read in the encoding found. The message says which
            encoding was tried, gives the byte offset of the first bad byte, and how to fix the
            file; ``err.line`` is the line of that byte (for UTF-8).

    Example:
        >>> decode_upload("low 5".encode())
        ('low 5', 'utf-8')
        >>> decode_upload("low 5".encode("utf-16-le"))
        ('low 5', 'utf-16-le')
        >>> decode_upload(b"caf\\xe9")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        subword_core.errors.CorpusError: Line 1: The file is not valid UTF-8 text ...
    """
    wide = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    wide = wide or _wide_encoding(data)
    if wide is not None:
        try:
            return data.decode(wide), wide
        except UnicodeDecodeError as exc:
            raise CorpusError(
                f"The file looks like {wide.upper()[:6]} text (it has the zero bytes of that "
                f"encoding), but byte offset {exc.start} (counting from 0) cannot be read in "
                "it. Save the file as UTF-8 (most editors offer it under 'Save as' or "
                "'Encoding') and upload it again, or paste the text into the box instead.",
                code="undecodable",
                values={"offset": exc.start},
            ) from None
    encoding = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
    try:
        return data.decode("utf-8-sig"), encoding
    except UnicodeDecodeError as exc:
        offset = exc.start
        line = data[:offset].count(b"\n") + 1
        hint = ""
        if len(data) % 2 == 0:
            hint = (
                " If it was saved as 'Unicode' (UTF-16) by a Windows editor, the app could "
                "not tell: it reads UTF-16 with a byte-order mark, or Latin text without one."
            )
        raise CorpusError(
            "The file is not valid UTF-8 text (the app tried UTF-8): byte "
            f"0x{data[offset]:02X} at byte offset {offset} (counting from 0) cannot be read."
            f"{hint} Save the file as UTF-8 (most editors offer it under 'Save as' or "
            "'Encoding') and upload it again, or paste the text into the box instead.",
            line=line,
            code="undecodable",
            values={"offset": offset},
        ) from None


def within_limits(text: str) -> tuple[str, str | None]:
    """Cut ``text`` to the corpus limit (:data:`ui.limits.LIMITS`) at a word boundary.

    Returns:
        ``(text to use, note or None)``; the note says what was cut and what to do instead.

    Example:
        >>> within_limits("low lower")
        ('low lower', None)
    """
    limit = LIMITS.corpus_chars
    if len(text) <= limit:
        return text, None
    cut = max(text.rfind(" ", 0, limit), text.rfind("\n", 0, limit))
    used = text[: cut if cut > 0 else limit]
    note = t(
        "Limit: the text has {n} characters; the first {used} are used (the limit is {limit})."
    ).format(n=f"{len(text):,}", used=f"{len(used):,}", limit=f"{limit:,}")
    return used, f"{note} {advice('corpus_chars')}"


def keep_frequent_words(corpus: Corpus) -> Corpus:
    """Keep the most frequent words within the limits (with a note for each limit hit).

    Two limits of :data:`ui.limits.LIMITS` apply: ``corpus_words`` (how many distinct words)
    and ``corpus_word_chars`` (their characters added up; a single word longer than that is
    cut to its first ``corpus_word_chars`` characters). Equal counts keep first-seen order.

    Example:
        >>> keep_frequent_words(Corpus.from_counts({"low": 5})).words
        ('low',)
    """
    notes: list[str] = []
    items = list(corpus.items)
    budget = LIMITS.corpus_word_chars
    cut = {i: len(w) for i, (w, _) in enumerate(items) if len(w) > budget}
    for i in cut:
        items[i] = (items[i][0][:budget], items[i][1])
    ranked = sorted(range(len(items)), key=lambda i: -items[i][1])
    kept: list[int] = []
    used = 0
    for i in ranked:
        if len(kept) == LIMITS.corpus_words or used + len(items[i][0]) > budget:
            break
        kept.append(i)
        used += len(items[i][0])
    notes += [
        t(
            "Limit: a word of {n} characters (text without spaces is one word) is cut to its "
            "first {limit}."
        ).format(n=f"{cut[i]:,}", limit=f"{budget:,}")
        + " "
        + advice("corpus_word_chars")
        for i in kept
        if i in cut
    ]
    if len(kept) < len(items):
        dropped = sum(items[i][1] for i in ranked[len(kept) :])
        numbers = {
            "n": f"{len(items):,}",
            "kept": f"{len(kept):,}",
            "used": f"{used:,}",
            "limit": f"{budget:,}",
            "dropped": f"{dropped:,}",
        }
        if len(kept) == LIMITS.corpus_words:
            name = "corpus_words"
            note = t.n(
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used "
                "({dropped} occurrence of rarer words is left out).",
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used "
                "({dropped} occurrences of rarer words are left out).",
                dropped,
            )
        else:
            name = "corpus_word_chars"
            note = t.n(
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used, "
                "{used} characters in all (the limit is {limit} characters in distinct words) "
                "({dropped} occurrence of rarer words is left out).",
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used, "
                "{used} characters in all (the limit is {limit} characters in distinct words) "
                "({dropped} occurrences of rarer words are left out).",
                dropped,
            )
        notes.append(note.format(**numbers) + " " + advice(name))
    if not notes:
        return corpus
    merged: dict[str, int] = {}
    for i in sorted(kept):  # first-seen order, as everywhere else
        word, count = items[i]
        merged[word] = merged.get(word, 0) + count  # a cut word may equal another word
    return Corpus(tuple(merged.items()), corpus.source_format, (*corpus.notes, *notes))


def _parse_text(text: str) -> _Outcome:
    """Parse text, with the notes and the error in the session's language (cached)."""
    return _parse_text_in(text, current_language())


@shared_cache("corpus-text", max_entries=64)
def _parse_text_in(text: str, lang: str) -> _Outcome:
    """Parse text (cached, so errors are cached too: they come back as data, not exceptions).

    The input policy (:mod:`ui.limits`) applies here: a text over the size limit is used in
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


def _text_form(source: str | None) -> str:
    """The text that stands for the corpus of ``source`` (to prefill the text box)."""
    if source in EXAMPLES:
        return example_text(source)
    if source == _UPLOAD:
        saved = st.session_state.get(_UPLOAD_SAVED_KEY)
        if saved and saved.get("text") is not None:
            return saved["text"]
    corpus = st.session_state.get(_CURRENT_KEY)
    if isinstance(corpus, Corpus):
        return corpus.to_text()
    return example_text(st.session_state.get(_LAST_EXAMPLE_KEY, DEFAULT_EXAMPLE))


def _shorten_prefill(text: str) -> str:
    if len(text) <= _PREFILL_LIMIT:
        return text
    cut = text.rfind("\n", 0, _PREFILL_LIMIT)
    return text[: cut if cut > 0 else _PREFILL_LIMIT]


def _rows_of(corpus: Corpus | None) -> list[tuple[str, int]]:
    if corpus is None:
        corpus = _example_outcome(st.session_state.get(_LAST_EXAMPLE_KEY, DEFAULT_EXAMPLE)).corpus
    if corpus is None:  # pragma: no cover - built-in examples always parse
        return []
    items = list(corpus.items)
    if len(items) > _TABLE_PREFILL_ROWS:
        items = sorted(items, key=lambda item: -item[1])[:_TABLE_PREFILL_ROWS]
    return items


def _prefill_corpus(source: str | None) -> Corpus | None:
    if source in EXAMPLES:
        return _example_outcome(source).corpus
    corpus = st.session_state.get(_CURRENT_KEY)
    return corpus if isinstance(corpus, Corpus) else None


# --- the sources -----------------------------------------------------------------------------


def _typed_source(entering_from: str | None) -> _Outcome:
    state = st.session_state
    # subtle: an untouched (or emptied) box follows the source the student comes from; once
    # edited, the text is the student's and is never replaced behind their back.
    current_text = state.get(_TEXT_KEY)
    untouched = (
        not current_text or not current_text.strip() or current_text == state.get(_TEXT_PREFILL_KEY)
    )
    if entering_from is not None and untouched:
        prefill = _shorten_prefill(_text_form(entering_from))
        state[_TEXT_KEY] = prefill
        state[_TEXT_PREFILL_KEY] = prefill
    text = st.text_area(
        t("Your corpus"),
        key=_TEXT_KEY,
        max_chars=PASTE_CHARS,
        height=180,
        help=_formats_help(),
        persist_state="session",
        placeholder=t("Type words here, e.g.  low low low lower newest newest"),
    )
    if text and len(text) >= _PREFILL_LIMIT * 0.9 and text == state.get(_TEXT_PREFILL_KEY):
        show_text(
            t(
                "The box starts with the first {n} characters of the previous corpus, "
                "to keep it quick; add or paste more if you like."
            ).format(n=f"{len(text):,}"),
            small=True,
        )
    return _parse_text(text or "")


def _on_upload_change() -> None:
    if st.session_state.get(_UPLOAD_KEY) is None:
        # The student removed the file with the ✕ button: forget it.
        st.session_state.pop(_UPLOAD_SAVED_KEY, None)


def _upload_source() -> _Outcome | None:
    state = st.session_state
    uploaded = st.file_uploader(
        t("A plain-text file (.txt, UTF-8)"),
        type=["txt"],
        key=_UPLOAD_KEY,
        on_change=_on_upload_change,
        max_upload_size=_MAX_UPLOAD_MB,
        help=t("Any text works: running text, word/count lines or the tutorials' dict notation."),
    )
    if uploaded is not None:
        saved = state.get(_UPLOAD_SAVED_KEY)
        if not saved or saved.get("file_id") != uploaded.file_id:
            try:
                text, encoding = decode_upload(uploaded.getvalue())
                saved = {"name": uploaded.name, "text": text, "encoding": encoding, "error": None}
            except CorpusError as err:
                saved = {"name": uploaded.name, "text": None, "encoding": None, "error": err}
            saved["file_id"] = uploaded.file_id
            state[_UPLOAD_SAVED_KEY] = saved
    saved = state.get(_UPLOAD_SAVED_KEY)
    if not saved:
        return None
    if uploaded is None:
        show_text(
            t("Using {name}, uploaded earlier. Upload another file to replace it.").format(
                name=saved["name"]
            )
        )
    if saved["error"] is not None:
        err: CorpusError = saved["error"]
        where = (
            t("line {n} of the file").format(n=err.line) if err.line is not None else t("the file")
        )
        return _Outcome(None, error_text(err), where)
    encoding = _encoding_name(saved["encoding"])
    advice_ = (
        "" if saved["encoding"].startswith("utf-8") else " " + t("Saving it as UTF-8 is safer.")
    )
    read = t("Read {name} as {encoding}.").format(name=saved["name"], encoding=encoding)
    show_text(read + advice_, small=True)
    outcome = _parse_text(saved["text"])
    if outcome.where is not None:
        outcome = _Outcome(
            None, outcome.error, t("{where} of the file").format(where=outcome.where)
        )
    return outcome


def _table_source(entering_from: str | None) -> _Outcome:
    state = st.session_state
    if _TABLE_KEY not in state or _TABLE_BASE_KEY not in state:
        rows = state.get(_TABLE_ROWS_KEY)
        touched = rows is not None and rows != state.get(_TABLE_PREFILL_KEY)
        if touched:
            base = rows
        else:
            base = _rows_of(_prefill_corpus(entering_from))
            state[_TABLE_PREFILL_KEY] = base
        state[_TABLE_BASE_KEY] = base
    base = state[_TABLE_BASE_KEY]
    frame = pd.DataFrame(
        {
            "word": pd.Series([w for w, _ in base], dtype="string"),
            "count": pd.Series([c for _, c in base], dtype="Int64"),
        }
    )
    edited = st.data_editor(
        frame,
        key=_TABLE_KEY,
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config={
            "word": st.column_config.TextColumn("word", required=True),
            "count": st.column_config.NumberColumn("count", min_value=1, step=1, format="%d"),
        },
    )
    rows = list(zip(edited["word"].tolist(), edited["count"].tolist(), strict=True))
    state[_TABLE_ROWS_KEY] = [(w, c) for w, c in rows if not (_is_missing(w) and _is_missing(c))]
    if len(base) >= _TABLE_PREFILL_ROWS:
        note = t("The table starts with the {n} most frequent words.").format(n=_TABLE_PREFILL_ROWS)
        show_text(note, small=True)
    return _rows_outcome(rows)


# --- public API ------------------------------------------------------------------------------


def corpus_sidebar() -> None:
    """Draw the corpus picker in the sidebar and remember the chosen corpus for the pages.

    Call it once per run from ``app.py``, before ``pg.run()``. It stores the result in
    ``st.session_state["corpus__current"]`` (a :class:`Corpus`, or ``None`` when the input is
    invalid or no file is uploaded yet).

    Example::

        corpus_sidebar()
        current_corpus().words
        # ('low', 'lower', 'newest', 'widest')
    """
    state = st.session_state
    if state.get(SOURCE_KEY) in _SOURCES:
        keep_choice(SOURCE_KEY)  # a language switch must not lose the chosen corpus
    with st.sidebar:
        st.header(t("Corpus"))
        source = st.radio(
            t("Which words should the tokenizers learn from?"),
            _SOURCES,
            index=_SOURCES.index(DEFAULT_EXAMPLE),
            format_func=_source_label,
            key=SOURCE_KEY,
        )
        previous = state.get(_PREV_SOURCE_KEY)
        entering_from = previous if previous != source else None
        if previous is None:  # first run of the session
            entering_from = state.get(_LAST_EXAMPLE_KEY, DEFAULT_EXAMPLE)

        outcome: _Outcome | None
        if source in EXAMPLES:
            state[_LAST_EXAMPLE_KEY] = source
            show_text(example_description(source), small=True)
            outcome = _example_outcome(source)
        elif source == _TYPE:
            outcome = _typed_source(entering_from)
        elif source == _UPLOAD:
            outcome = _upload_source()
        else:
            outcome = _table_source(entering_from)
        state[_PREV_SOURCE_KEY] = source

        state[_ERROR_KEY] = None
        if outcome is None:
            state[_CURRENT_KEY] = None
            state[_STATUS_KEY] = "waiting"
            st.info(t("Choose a .txt file to use it as the corpus."))
        elif outcome.corpus is None:
            state[_CURRENT_KEY] = None
            state[_STATUS_KEY] = "error"
            state[_ERROR_KEY] = outcome.error
            _show_error(outcome)
        else:
            state[_CURRENT_KEY] = outcome.corpus
            state[_STATUS_KEY] = "ok"
            _show_summary(outcome.corpus)


def _show_error(outcome: _Outcome) -> None:
    # st.error renders markdown, so it gets only our own words; the parser's message, which
    # may quote what the student typed, is shown escaped just below.
    if outcome.where:
        message = t("The corpus can't be read yet: {where} needs a fix.").format(
            where=md_escape(outcome.where)
        )
    else:
        message = t("The corpus can't be read yet.")
    st.error(message, icon=":material/warning:")
    show_html(f'<div class="sw-text sw-problem">{esc(outcome.error or "")}</div>')


def _show_summary(corpus: Corpus) -> None:
    fmt = format_name(corpus.source_format)
    parts = [
        t("{distinct} distinct words · {total} words in total").format(
            distinct=f"<strong>{len(corpus):,}</strong>", total=f"<strong>{corpus.total:,}</strong>"
        ),
        '<div class="sw-small">' + esc(t("Read as: {format}").format(format=fmt)) + "</div>",
    ]
    parts += [f'<div class="sw-small">{esc(note_text(note))}</div>' for note in corpus.notes]
    show_html(f'<div class="sw-text">{"".join(parts)}</div>')


def choose_source(source: str, text: str | None = None) -> None:
    """Select a source before the picker is drawn (a shared link does this).

    Args:
        source: An example key, or ``"type"``.
        text: For ``"type"``: the text to put in the box. It counts as typed by the student,
            so the picker never replaces it with an example's text.

    Example::

        choose_source("type", "low low lower")
    """
    state = st.session_state
    state[SOURCE_KEY] = source
    state[_PREV_SOURCE_KEY] = source
    if source == _TYPE:
        state[_TEXT_KEY] = text or ""
        state[_TEXT_PREFILL_KEY] = None


def corpus_as_text() -> str | None:
    """The current corpus as text a link can carry: the typed text as it is, other non-example
    sources as "word count" lines; ``None`` for a built-in example or no corpus.

    Example::

        corpus_as_text()
        # 'hug hug pug pun bun'
    """
    state = st.session_state
    source = state.get(SOURCE_KEY)
    if source in EXAMPLES:
        return None
    if source == _TYPE and state.get(_TEXT_KEY):
        return str(state[_TEXT_KEY])
    corpus = state.get(_CURRENT_KEY)
    return corpus.to_text() if isinstance(corpus, Corpus) else None


def current_corpus() -> Corpus | None:
    """Return the corpus chosen in the sidebar, or ``None`` if the input is not valid yet.

    When the sidebar has not run in this session (a page run on its own, e.g. in a test), the
    default example's corpus is returned.

    Example::

        current_corpus().words
        # ('low', 'lower', 'newest', 'widest')
    """
    state = st.session_state
    if _STATUS_KEY not in state:
        return _example_outcome(DEFAULT_EXAMPLE).corpus
    corpus = state.get(_CURRENT_KEY)
    return corpus if isinstance(corpus, Corpus) else None


def current_source_title() -> str:
    """Return the picker's label of the chosen source without its icon, e.g. ``"Type or paste
    text"``.

    Example::

        current_source_title()
        # 'low / lower / newest / widest (seeds 002, 003)'
    """
    source = st.session_state.get(SOURCE_KEY, DEFAULT_EXAMPLE)
    title = _source_label(source) if source in _SOURCE_TITLES else str(source)
    return title.split(": ", 1)[1] if title.startswith(":material/") else title


def explain_missing_corpus() -> None:
    """Say in the main area why there is no corpus (and quote the problem, escaped).

    Use it on a page that can still show something useful without a corpus; pages that
    cannot should call :func:`require_corpus` instead.

    Example::

        if current_corpus() is None:
            explain_missing_corpus()
    """
    if st.session_state.get(_STATUS_KEY) == "waiting":
        st.info(
            t(
                "There is no corpus yet: upload a .txt file in the sidebar, or pick one of the "
                "built-in examples there."
            ),
            icon=":material/description:",
        )
        return
    st.warning(
        t(
            "There is no valid corpus right now, so this page waits. Fix the corpus in the "
            "sidebar (open it with the arrow at the top left if it is hidden): nothing you "
            "typed is lost, and the page appears as soon as the corpus can be read."
        ),
        icon=":material/warning:",
    )
    message = st.session_state.get(_ERROR_KEY)
    if message:
        show_html(f'<div class="sw-text sw-problem">{esc(message)}</div>')


def require_corpus() -> Corpus:
    """Return the chosen corpus, or explain in the main area why there is none and stop the page.

    Example::

        corpus = require_corpus()
        corpus.total
        # 16
    """
    corpus = current_corpus()
    if corpus is not None:
        return corpus
    explain_missing_corpus()
    st.stop()
