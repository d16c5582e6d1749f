"""The corpus picker's sources: the session-state keys, the built-in examples with their
titles and descriptions in the session's language, and the names of the ways to write a
corpus.

Example:
    >>> source_titles()[-1]
    ':material/table_edit: Edit a word/count table'
"""

from __future__ import annotations

from subword_core.text.examples import EXAMPLES
from ui.app.i18n import translator
from ui.app.limits import LIMITS

t = translator("common")

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

    :data:`subword_core.text.examples.EXAMPLES` holds the English titles; the picker and the seed
    gallery show them through this function.

    Example:
        >>> example_title("seed-hug")
        'hug / pug / pun / bun / hugs (tutorial 001)'
        >>> example_title("no-such-example")
        'no-such-example'
    """
    titles = {
        "seed-low": t("low / lower / newest / widest (tutorials 002, 003)"),
        "seed-hug": t("hug / pug / pun / bun / hugs (tutorial 001)"),
        "seed-low-underscore": t(
            "low_ / lower_ / newest_ / widest_ (tutorial 004, `_` as an ordinary end letter)"
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
            "Five short words that share 'ug' and 'un'. Tutorial 001 uses it for BPE, "
            "WordPiece and Unigram, so the three methods can be compared."
        ),
        "seed-low-underscore": t(
            "The low/lower/newest/widest corpus with '_' typed at the end of each word, "
            "as tutorial 004 does. Here '_' is just another letter, so it can merge like one."
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
