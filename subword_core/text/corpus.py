"""Training corpora for the subword tokenizers.

A *corpus* here is not a list of sentences but a word-frequency table: each distinct word with the
number of times it occurs, kept in the order in which the words were first seen. That is exactly
what BPE, WordPiece and Unigram training look at, and keeping first-seen order makes every table
and every tie-break in the app reproducible.

:func:`parse_corpus` turns what a student types or pastes into a :class:`Corpus`. Three input
formats are accepted and detected automatically:

* **Running text**, e.g. ``low low low lower newest``: the text is split on whitespace and every
  token counts as one occurrence of that word.
* **Count lines**, one word and its count per line, written ``low 5``, ``low: 5`` or
  ``low<TAB>5``. A word listed on several lines gets the sum of its counts.
* **The tutorials' Python-dict notation**, e.g. ``{'l o w </w>': 5, 'n e w e s t </w>': 6}``.
  Each key is a word already split into symbols; the symbols are joined back into the word and a
  final ``</w>`` end-of-word marker is removed, because the app adds its own marker later.

Input that starts with ``{`` is read as a dictionary. Otherwise, if every non-blank line (or more
than half of them, or half when the others look like count lines with a typo, e.g. ``lower x``)
looks like ``word count``, the input is read as count lines and every line must then be valid;
anything else is running text.

The text is first normalised to Unicode **NFC** (:func:`normalize_text`): a letter typed as a
base letter plus a combining mark (``e`` + U+0301) becomes the single composed letter (``é``),
so two words that look the same are the same word; a note says when this changed anything.
Words are not changed beyond that (no lower-casing, no accent stripping).

A count may be at most :data:`MAX_COUNT` (10^12, a trillion; a word's counts summed over
repeated lines included): bigger numbers are no corpus anyone counted, and they broke the charts
(a float overflows) and Python's int-to-text conversion (more than 4300 digits). The parser
refuses them with the line number, before converting the digits to a number.

Example:
    >>> parse_corpus("low low lower").as_dict()
    {'low': 2, 'lower': 1}
    >>> parse_corpus("low 5\\nlower: 2").as_dict()
    {'low': 5, 'lower': 2}
    >>> parse_corpus("{'l o w </w>': 5, 'n e w e s t </w>': 6}").as_dict()
    {'low': 5, 'newest': 6}
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from subword_core.errors import CorpusError, ParameterError, check_option

__all__ = [
    "END_OF_WORD_MARKER_IN_TUTORIALS",
    "MAX_COUNT",
    "NORMAL_FORM",
    "Corpus",
    "Note",
    "normalize_text",
    "parse_corpus",
]

NORMAL_FORM = "NFC"
"""The Unicode normal form of every corpus and typed word (composed letters)."""

MAX_COUNT = 10**12
"""The largest count of one word (a trillion): larger counts are refused (``count_too_large``)."""

#: The end-of-word symbol used by the classic BPE tutorials' dictionaries.
END_OF_WORD_MARKER_IN_TUTORIALS = "</w>"

_SOURCE_FORMATS = ("text", "counts", "dict")
# A value that "looks numeric": optional sign, then digits, dots and commas with at least one digit.
_NUMERIC_LIKE = re.compile(r"[-+]?[0-9.,]*[0-9][0-9.,]*", re.ASCII)
# A valid count: a whole number written with ASCII digits (an optional leading "+" is tolerated).
_WHOLE_NUMBER = re.compile(r"\+?[0-9]+", re.ASCII)
# Line breaks as Python's tokenizer sees them (so our line numbers match ast's).
_NEWLINE = re.compile(r"\r\n|\r|\n")
_QUOTE_LIMIT = 60
_MAX_LISTED_WORDS = 8
_COUNT_LINE_EXAMPLES = '"low 5", "low: 5" or "low<TAB>5"'
_DICT_EXAMPLE = "{'l o w </w>': 5, 'n e w e s t </w>': 6}"
_MAX_COUNT_DIGITS = len(str(MAX_COUNT))
# Python's message for a number literal longer than sys.get_int_max_str_digits() (4300).
_TOO_MANY_DIGITS = re.compile(r"integer string conversion.*?value has (\d+) digits")


class Note(str):
    """A note on what parsing did: plain English text, with a code and values for programs.

    A note is a ``str`` (the English sentence), so it prints, compares and pickles as one;
    ``code`` and ``values`` let a program word it itself (e.g. in another language).

    Args:
        text: The English sentence.
        code: The note's stable name (e.g. ``"summed"``).
        values: The facts behind it, by name (e.g. ``{"words": "low, new"}``).

    Example:
        >>> note = Note("Some words were added.", "summed", {"words": "low"})
        >>> note, note.code, note.values
        ('Some words were added.', 'summed', {'words': 'low'})
    """

    code: str
    values: dict[str, int | str]

    def __new__(cls, text: str, code: str, values: Mapping[str, int | str] | None = None) -> Note:
        note = super().__new__(cls, text)
        note.code = code
        note.values = dict(values or {})
        return note

    def __reduce__(self) -> tuple[type[Note], tuple[str, str, dict[str, int | str]]]:
        return (type(self), (str(self), self.code, self.values))


@dataclass(frozen=True)
class Corpus:
    """A word-frequency table: distinct words with their counts, in first-seen order.

    Build one with :func:`parse_corpus` (from text) or :meth:`Corpus.from_counts` (from Python
    data). Two corpora are equal when they hold the same words with the same counts in the same
    order; ``source_format`` and ``notes`` are informational and ignored by ``==``.

    Attributes:
        items: ``(word, count)`` pairs in first-seen order. Words are unique, non-empty and contain
            no whitespace; counts are whole numbers of at least 1.
        source_format: How the corpus was written: ``"text"`` (running text), ``"counts"``
            (``word count`` lines) or ``"dict"`` (the tutorials' dictionary notation).
        notes: Plain-language notes about what parsing did, e.g. that repeated words were summed.

    Raises:
        CorpusError: If ``items`` breaks one of the rules above (checked on construction).

    Example:
        >>> corpus = Corpus.from_counts({"low": 5, "lower": 2})
        >>> corpus.words, corpus.counts, corpus.total
        (('low', 'lower'), (5, 2), 7)
        >>> print(corpus.to_text())
        low 5
        lower 2
    """

    items: tuple[tuple[str, int], ...]
    source_format: str = field(default="counts", compare=False)
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        check_option("source_format", self.source_format, _SOURCE_FORMATS)
        items = tuple(self.items)
        if not items:
            raise _empty_error()
        seen: set[str] = set()
        for pair in items:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise CorpusError(
                    f"Each corpus item must be a (word, count) pair, not {_shorten(repr(pair))}.",
                    code="not_a_pair",
                    values={"item": _shorten(repr(pair))},
                )
            word, count = pair
            _check_word(word)
            _check_count(word, count)
            if word in seen:
                raise CorpusError(
                    f"The word {word!r} is listed twice; each word may appear only once "
                    "(use Corpus.from_counts to add up repeated words).",
                    code="word_repeated",
                    values={"word": repr(word)},
                )
            seen.add(word)
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "notes", tuple(self.notes))

    @classmethod
    def from_counts(cls, counts: Mapping[str, int] | Iterable[tuple[str, int]]) -> Corpus:
        """Build a corpus from a mapping or from ``(word, count)`` pairs.

        Args:
            counts: A mapping such as ``{"low": 5}`` or an iterable of ``(word, count)`` pairs.
                Order is kept; a word repeated in an iterable gets the sum of its counts.

        Returns:
            The corpus, with ``source_format="counts"``.

        Raises:
            CorpusError: If there are no words, a word is empty or contains whitespace, or a count
                is not a whole number (``int``, not ``bool``) of at least 1.

        Example:
            >>> Corpus.from_counts([("low", 2), ("new", 1), ("low", 3)]).as_dict()
            {'low': 5, 'new': 1}
        """
        pairs = counts.items() if isinstance(counts, Mapping) else counts
        if isinstance(pairs, str | bytes) or not isinstance(pairs, Iterable):
            raise CorpusError(
                "The counts must be a mapping such as {'low': 5} or (word, count) pairs, "
                f"not {_shorten(repr(counts))}.",
                code="not_counts",
                values={"item": _shorten(repr(counts))},
            )
        merged: dict[str, int] = {}
        for pair in pairs:
            try:
                word, count = pair
            except (TypeError, ValueError):
                raise CorpusError(
                    f"Each corpus item must be a (word, count) pair, not {_shorten(repr(pair))}.",
                    code="not_a_pair",
                    values={"item": _shorten(repr(pair))},
                ) from None
            _check_word(word)
            _check_count(word, count)
            merged[word] = merged.get(word, 0) + count
        return cls(items=tuple(merged.items()), source_format="counts")

    # The views below are computed once per corpus (a page reads them at every step change).
    @cached_property
    def words(self) -> tuple[str, ...]:
        """The distinct words, in first-seen order."""
        return tuple(word for word, _ in self.items)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """The counts, aligned with :attr:`words`."""
        return tuple(count for _, count in self.items)

    @property
    def total(self) -> int:
        """The total number of word occurrences (the sum of all counts)."""
        return sum(count for _, count in self.items)

    def __len__(self) -> int:
        """Return the number of distinct words."""
        return len(self.items)

    def __iter__(self) -> Iterator[tuple[str, int]]:
        """Yield ``(word, count)`` pairs in first-seen order."""
        return iter(self.items)

    def as_dict(self) -> dict[str, int]:
        """Return a new ``{word: count}`` dict in first-seen order.

        Example:
            >>> Corpus.from_counts([("b", 1), ("a", 2)]).as_dict()
            {'b': 1, 'a': 2}
        """
        return dict(self.items)

    def to_text(self) -> str:
        """Write the corpus as ``word count`` lines that :func:`parse_corpus` reads back.

        A word that itself ends with ``:`` is written as ``word: count`` so that its own colon is
        not mistaken for the separator. ``parse_corpus(corpus.to_text()) == corpus`` holds for
        every corpus whose words are in NFC (all corpora that :func:`parse_corpus` returns).

        Example:
            >>> print(Corpus.from_counts({"low": 5, "newest": 6}).to_text())
            low 5
            newest 6
        """
        return "\n".join(
            f"{word}: {count}" if word.endswith(":") else f"{word} {count}"
            for word, count in self.items
        )


def normalize_text(text: str) -> str:
    """Return ``text`` in the app's Unicode normal form (:data:`NORMAL_FORM`, i.e. NFC).

    Raises:
        ParameterError: ``text`` is not a str.

    Example:
        >>> normalize_text("cafe\u0301") == "caf\u00e9"
        True
    """
    if not isinstance(text, str):
        raise ParameterError(
            f"Only text can be normalised, not {type(text).__name__}.",
            code="not_text",
            values={"name": "normalize", "type": type(text).__name__},
        )
    return unicodedata.normalize(NORMAL_FORM, text)


def parse_corpus(text: str) -> Corpus:
    """Read a corpus typed or pasted by a student.

    The format (running text, ``word count`` lines or the tutorials' dictionary) is detected
    automatically; see the module documentation for the exact rules.

    Args:
        text: The raw input.

    Returns:
        The corpus. Its ``source_format`` says which format was detected and its ``notes``
        explain anything parsing did besides counting (summing repeated words, joining symbols).

    Raises:
        CorpusError: If the input is empty or cannot be read; the message says what is wrong and
            ``err.line`` gives the 1-based line number when one line is to blame.

    Example:
        >>> parse_corpus("low low lower").as_dict()
        {'low': 2, 'lower': 1}
        >>> parse_corpus("low: 5\\nlower\\t2").source_format
        'counts'
    """
    if not isinstance(text, str):
        raise ParameterError(
            f"The corpus must be given as text (a str), not {type(text).__name__}.",
            code="not_text",
            values={"name": "corpus", "type": type(text).__name__},
        )
    normal = normalize_text(text)
    corpus = _parse(normal)
    changed = normal != text
    if any(normalize_text(w) != w for w in corpus.words):
        # subtle: joining the dict notation's symbols ("A" + U+0300) can undo the NFC form
        merged = Corpus.from_counts((normalize_text(w), c) for w, c in corpus.items)
        corpus = Corpus(merged.items, corpus.source_format, corpus.notes)
        changed = True
    if changed:
        note = Note(
            f"The text was normalised to Unicode {NORMAL_FORM}: letters typed as a base letter "
            "plus a combining accent became single letters, so words that look the same count "
            "as one word.",
            "normalized",
            {"form": NORMAL_FORM},
        )
        corpus = Corpus(corpus.items, corpus.source_format, (*corpus.notes, note))
    return corpus


def _parse(text: str) -> Corpus:
    stripped = text.strip()
    if not stripped:
        raise _empty_error()
    lines = text.splitlines()
    numbered = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    count_like = sum(1 for _, line in numbered if _is_count_like(line))
    all_count_like = count_like == len(numbered)
    if stripped.startswith("{") and not all_count_like:
        return _parse_dict(text)
    if all_count_like or count_like > len(numbered) / 2:
        return _parse_count_lines(numbered)
    if (
        count_like
        and count_like * 2 >= len(numbered)
        and all(_is_count_like(line) or _looks_like_broken_count(line) for _, line in numbered)
    ):
        # subtle: "low 5\nlower x" is half count lines and half a typo of one; reading it as
        # running text would hide the typo, so it is read as count lines and line 2 is reported.
        return _parse_count_lines(numbered)
    return _parse_running_text(text)


def _looks_like_broken_count(line: str) -> bool:
    """A line that is probably a count line with a typo: one or two fields, or a colon/tab."""
    return len(line.split()) <= 2 or ":" in line or "\t" in line.strip()


# --- running text -------------------------------------------------------------------------------


def _parse_running_text(text: str) -> Corpus:
    counts: dict[str, int] = {}
    for word in text.split():
        counts[word] = counts.get(word, 0) + 1
    return Corpus(items=tuple(counts.items()), source_format="text")


# --- count lines --------------------------------------------------------------------------------


def _split_count_line(line: str) -> tuple[str, str] | None:
    """Split ``word count``, ``word: count``, ``word :count``, ``word : count`` or ``word:count``.

    Returns ``(word, value)`` with the value still unchecked, or ``None`` if the line does not
    have the shape of one word followed by one value.
    """
    tokens = line.split()
    if len(tokens) == 3 and tokens[1] == ":":
        return tokens[0], tokens[2]
    if len(tokens) == 2:
        word, value = tokens
        if len(word) > 1 and word.endswith(":"):
            word = word[:-1]
        elif len(value) > 1 and value.startswith(":"):
            value = value[1:]
        return word, value
    if len(tokens) == 1:
        word, colon, value = tokens[0].rpartition(":")
        if colon and word and value:
            return word, value
    return None


def _is_count_like(line: str) -> bool:
    split = _split_count_line(line)
    return split is not None and _NUMERIC_LIKE.fullmatch(split[1]) is not None


def _parse_count_lines(numbered: list[tuple[int, str]]) -> Corpus:
    counts: dict[str, int] = {}
    repeated: list[str] = []
    for number, line in numbered:
        split = _split_count_line(line)
        if split is None:
            raise CorpusError(
                f'{_quote(line)} is not in "word count" form. Most lines look like word counts, '
                f"so every line must be one word (without spaces) and its count, e.g. "
                f"{_COUNT_LINE_EXAMPLES}.",
                line=number,
                code="not_a_count_line",
                values={"text": _quote(line)},
            )
        word, value = split
        if _WHOLE_NUMBER.fullmatch(value) is not None:
            digits = value.lstrip("+").lstrip("0")
            # subtle: the length first; int() of more than 4300 digits raises ValueError
            if len(digits) > _MAX_COUNT_DIGITS or int(digits or "0") > MAX_COUNT:
                raise _count_too_large(f"In {_quote(line)} the count", digits, number)
        if _WHOLE_NUMBER.fullmatch(value) is None or int(value) < 1:
            raise CorpusError(
                f"In {_quote(line)} the count {_shorten(repr(value), 20)} is not allowed: counts "
                "must be whole numbers of at least 1 (like 1, 2 or 15).",
                line=number,
                code="bad_count",
                values={"text": _quote(line), "count": _shorten(repr(value), 20)},
            )
        if word in counts and word not in repeated:
            repeated.append(word)
        counts[word] = counts.get(word, 0) + int(value)
        if counts[word] > MAX_COUNT:
            raise _sum_too_large(word, number)
    notes: tuple[str, ...] = ()
    if repeated:
        notes = (
            Note(
                "Some words appear on more than one line, so their counts were added together: "
                f"{_list_words(repeated)}.",
                "lines_summed",
                _listed(repeated),
            ),
        )
    return Corpus(items=tuple(counts.items()), source_format="counts", notes=notes)


# --- the tutorials' dictionary notation ---------------------------------------------------------


def _parse_dict(text: str) -> Corpus:
    """Read the tutorials' dictionary notation: read the dictionary, check each entry, add up.

    >>> corpus = _parse_dict("{'l o w </w>': 5, 'lo w': 2}")
    >>> corpus.as_dict(), len(corpus.notes)
    ({'low': 7}, 2)
    """
    source = _DictSource.of(text)
    node = _read_dict(source)
    counts: dict[str, int] = {}
    repeated: list[str] = []
    for key_node, value_node in zip(node.keys, node.values, strict=True):
        word, value = _dict_entry(key_node, value_node, source)
        if word in counts and word not in repeated:
            repeated.append(word)
        counts[word] = counts.get(word, 0) + value
        if counts[word] > MAX_COUNT:
            raise _sum_too_large(word, value_node.lineno + source.offset)

    notes = [
        Note(
            "The symbols of each key were joined into one word and the '</w>' end-of-word "
            "markers were removed, because the app adds its own end-of-word marker.",
            "keys_joined",
        )
    ]
    if repeated:
        notes.append(
            Note(
                "Some keys became the same word, so their counts were added together: "
                f"{_list_words(repeated)}.",
                "keys_summed",
                _listed(repeated),
            )
        )
    return Corpus(items=tuple(counts.items()), source_format="dict", notes=tuple(notes))


@dataclass(frozen=True)
class _DictSource:
    """The dictionary's text without its leading blank lines, and how to point into it.

    ``ast`` numbers lines from the first non-blank one; ``offset`` is the number of blank
    lines before it, to give the line number in the student's text.

    >>> source = _DictSource.of("\\n\\n{'a': 1,\\n 'b': x}")
    >>> source.offset, source.line_text(2), source.line_text(9)
    (2, " 'b': x}", '')
    """

    body: str
    lines: list[str]
    offset: int

    @classmethod
    def of(cls, text: str) -> _DictSource:
        body = text.lstrip()
        # ast reports line numbers relative to `body`; add the blank lines that lstrip removed.
        offset = len(_NEWLINE.findall(text[: len(text) - len(body)]))
        return cls(body, _NEWLINE.split(body), offset)

    def line_text(self, lineno: int | None) -> str:
        """Line ``lineno`` (1-based, as ``ast`` counts) of the body, or ``""``."""
        if lineno is None or not 1 <= lineno <= len(self.lines):
            return ""
        return self.lines[lineno - 1]


def _read_dict(source: _DictSource) -> ast.Dict:
    """The dictionary the text holds, as a syntax tree, or a ``CorpusError`` that says why not.

    >>> len(_read_dict(_DictSource.of("{'a': 1, 'b': 2}")).keys)
    2
    >>> try:
    ...     _read_dict(_DictSource.of("\\n{'a': 1,, }"))
    ... except CorpusError as error:
    ...     print(str(error)[:48])
    Line 2: The dictionary could not be read (Python
    """
    line_text, offset = source.line_text, source.offset
    try:
        tree = ast.parse(source.body, mode="eval")
    except SyntaxError as exc:
        lineno = exc.lineno if exc.lineno is not None else 1
        reason = exc.msg or "invalid syntax"
        too_long = _TOO_MANY_DIGITS.search(reason)
        if too_long:  # a number literal of more than 4300 digits
            raise _count_too_large(
                f"In {_quote(line_text(lineno))} a count", "9" * int(too_long[1]), lineno + offset
            ) from None
        if "null bytes" in reason:
            lineno = next((i for i, ln in enumerate(source.lines, 1) if "\x00" in ln), 1)
        raise CorpusError(
            "The dictionary could not be read (Python says: "
            f"{reason}). Check the quotes, colons, commas and braces near "
            f"{_quote(line_text(lineno))}. The expected shape is {_DICT_EXAMPLE}.",
            line=lineno + offset,
            code="dict_syntax",
            values={
                "reason": reason,
                "cause": _syntax_cause(reason),
                "column": exc.offset or 0,
                "text": _quote(line_text(lineno)),
            },
        ) from None
    except (ValueError, RecursionError, MemoryError):
        raise CorpusError(
            f"The dictionary could not be read. The expected shape is {_DICT_EXAMPLE}.",
            line=1 + offset,
            code="dict_unreadable",
        ) from None

    node = tree.body
    if not isinstance(node, ast.Dict):
        raise CorpusError(
            'Text that starts with "{" is read as a dictionary such as '
            f"{_DICT_EXAMPLE}, but this is not one: each entry needs a quoted key, a colon and a "
            "count.",
            line=node.lineno + offset,
            code="not_a_dict",
        )
    if not node.keys:
        raise CorpusError(
            f"The dictionary is empty: add at least one entry, e.g. {_DICT_EXAMPLE}.",
            line=node.lineno + offset,
            code="dict_empty",
        )
    return node


_SYNTAX_CAUSES = (
    ("quote", ("unterminated string", "unterminated triple-quoted", "EOL while scanning")),
    ("bracket", ("never closed", "does not match", "unmatched", "unexpected EOF")),
    ("colon", ("expected ':'",)),
    ("comma", ("forgot a comma",)),
    ("null", ("null bytes",)),
)


def _syntax_cause(reason: str) -> str:
    """What Python's reason for a syntax error is about, as a stable name (for wording it).

    ``"quote"`` (a string not closed), ``"bracket"`` (a brace or bracket not closed or not
    matching), ``"colon"``, ``"comma"``, ``"null"`` (a NUL character), else ``"syntax"``.

    >>> _syntax_cause("unterminated string literal (detected at line 1)")
    'quote'
    >>> _syntax_cause("'{' was never closed"), _syntax_cause("invalid syntax")
    ('bracket', 'syntax')
    """
    for cause, fragments in _SYNTAX_CAUSES:
        if any(fragment in reason for fragment in fragments):
            return cause
    return "syntax"


def _dict_entry(
    key_node: ast.expr | None, value_node: ast.expr, source: _DictSource
) -> tuple[str, int]:
    """One entry's word (its key's symbols joined) and count, or a ``CorpusError``.

    >>> node = _read_dict(_DictSource.of("{'l o w </w>': 5}"))
    >>> _dict_entry(node.keys[0], node.values[0], _DictSource.of("{'l o w </w>': 5}"))
    ('low', 5)
    """
    line_text, offset = source.line_text, source.offset
    where = key_node if key_node is not None else value_node
    lineno = where.lineno
    if key_node is None:
        raise CorpusError(
            f"{_quote(line_text(lineno))} is not a plain dictionary entry: write each entry "
            "as 'symbols': count.",
            line=lineno + offset,
            code="dict_entry",
            values={"text": _quote(line_text(lineno))},
        )
    if not (isinstance(key_node, ast.Constant) and isinstance(key_node.value, str)):
        raise CorpusError(
            f"Every key must be a quoted string such as 'l o w </w>', but "
            f"{_shorten(ast.unparse(key_node))} in {_quote(line_text(lineno))} is not.",
            line=lineno + offset,
            code="dict_key",
            values={"key": _shorten(ast.unparse(key_node)), "text": _quote(line_text(lineno))},
        )
    key = key_node.value
    word = _join_symbols(key)
    if not word:
        raise CorpusError(
            f"The key {_shorten(repr(key))} has no symbols left once the '</w>' marker is "
            "removed; every key needs at least one symbol, e.g. 'l o w </w>'.",
            line=lineno + offset,
            code="dict_key_only_marker",
            values={"key": _shorten(repr(key))},
        )
    value = value_node.value if isinstance(value_node, ast.Constant) else None
    if type(value) is int and value > MAX_COUNT:
        # subtle: a hex literal (0xfff…) can hold more than 4300 decimal digits: never
        # turned into decimal text here (ast.unparse would raise ValueError)
        raise _count_too_large(
            f"In {_quote(line_text(value_node.lineno))} the count of {_shorten(repr(key))}",
            f"{value:x}",
            value_node.lineno + offset,
            hexadecimal=True,
        )
    if type(value) is not int or value < 1:
        raise CorpusError(
            f"The count for {_shorten(repr(key))} is {_shorten(ast.unparse(value_node))}, "
            "but counts must be whole numbers of at least 1 (like 1, 2 or 15).",
            line=value_node.lineno + offset,
            code="dict_bad_count",
            values={"key": _shorten(repr(key)), "count": _shorten(ast.unparse(value_node))},
        )
    return word, value


def _join_symbols(key: str) -> str:
    """Turn a tutorial key like ``'l o w </w>'`` into the word ``'low'``."""
    symbols = key.split()
    if symbols and symbols[-1] == END_OF_WORD_MARKER_IN_TUTORIALS:
        symbols.pop()
    elif symbols and symbols[-1].endswith(END_OF_WORD_MARKER_IN_TUTORIALS):
        # Some tutorials glue the marker to the last symbol: 'l o w</w>'.
        symbols[-1] = symbols[-1][: -len(END_OF_WORD_MARKER_IN_TUTORIALS)]
    return "".join(symbols)


# --- validation and message helpers -------------------------------------------------------------


_WHITESPACE = re.compile(r"\s")
"""Exactly the characters for which ``str.isspace()`` is true (checked on every code point)."""


def _check_word(word: object) -> None:
    if not isinstance(word, str):
        raise CorpusError(
            f"Every word must be text, but got {_shorten(repr(word))} ({type(word).__name__}).",
            code="word_not_text",
            values={"word": _shorten(repr(word))},
        )
    if not word:
        raise CorpusError("A word cannot be empty.", code="word_empty")
    if _WHITESPACE.search(word):  # str.isspace's characters, at C speed (a word may be 100,000)
        raise CorpusError(
            f"The word {_shorten(repr(word))} contains whitespace; a word must be one token "
            "without spaces, tabs or line breaks.",
            code="word_has_space",
            values={"word": _shorten(repr(word))},
        )


def _check_count(word: str, count: object) -> None:
    if isinstance(count, bool) or not isinstance(count, int):
        raise CorpusError(
            f"The count of {_shorten(repr(word))} is {_shorten(repr(count), 20)}, but counts must "
            "be whole numbers of at least 1.",
            code="word_bad_count",
            values={"word": _shorten(repr(word)), "count": _shorten(repr(count), 20)},
        )
    if count < 1:
        raise CorpusError(
            f"The count of {_shorten(repr(word))} is {count}, but counts must be whole numbers "
            "of at least 1.",
            code="word_bad_count",
            values={"word": _shorten(repr(word)), "count": str(count)},
        )
    if count > MAX_COUNT:
        raise CorpusError(
            f"The count of {_shorten(repr(word))} is larger than {MAX_COUNT:,}, the largest "
            "count allowed.",
            code="count_too_large",
            values={"max_count": MAX_COUNT},
        )


def _count_too_large(
    what: str, digits: str, line: int, *, hexadecimal: bool = False
) -> CorpusError:
    """The error for a count above :data:`MAX_COUNT` (``digits``: written without leading 0s)."""
    kind = "hexadecimal digits" if hexadecimal else "digits"
    shown = f" {'0x' if hexadecimal else ''}{digits}" if len(digits) <= 20 else ""
    return CorpusError(
        f"{what}{shown} is too large ({len(digits):,} {kind}): a count can be at most "
        f"{MAX_COUNT:,} (a trillion). Check for a typo, or scale all the counts down.",
        line=line,
        code="count_too_large",
        values={"digits": len(digits), "max_count": MAX_COUNT},
    )


def _sum_too_large(word: str, line: int) -> CorpusError:
    return CorpusError(
        f"The counts of {_shorten(repr(word))} add up to more than {MAX_COUNT:,} (a trillion) "
        "here, the largest count allowed. Check for a typo, or scale all the counts down.",
        line=line,
        code="count_too_large",
        values={"max_count": MAX_COUNT},
    )


def _empty_error() -> CorpusError:
    return CorpusError(_empty_message(), code="empty_corpus")


def _empty_message() -> str:
    return (
        "The corpus is empty: type some words (for example: low low lower newest), "
        f"or one word and its count per line ({_COUNT_LINE_EXAMPLES})."
    )


def _shorten(snippet: str, limit: int = _QUOTE_LIMIT) -> str:
    return snippet if len(snippet) <= limit else snippet[: limit - 1] + "…"


def _quote(line: str) -> str:
    return f'"{_shorten(line.strip())}"'


def _listed(words: list[str]) -> dict[str, int | str]:
    """The values of a note that lists words: the first few, and how many more.

    >>> _listed(["a", "b"])
    {'words': 'a, b', 'more': 0}
    """
    shown = ", ".join(_shorten(word, 30) for word in words[:_MAX_LISTED_WORDS])
    return {"words": shown, "more": max(0, len(words) - _MAX_LISTED_WORDS)}


def _list_words(words: list[str]) -> str:
    shown = ", ".join(_shorten(word, 30) for word in words[:_MAX_LISTED_WORDS])
    hidden = len(words) - _MAX_LISTED_WORDS
    return shown + (f" and {hidden} more" if hidden > 0 else "")
