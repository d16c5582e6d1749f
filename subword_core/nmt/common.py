"""What every command of the drop-in shares: its error, its constants, files and lines, messages.

Example:
    >>> _show("a long line " * 10)[:20]
    "'a long line a long "
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterator
from typing import BinaryIO

from subword_core.bpe import DEFAULT_END_OF_WORD
from subword_core.errors import SubwordError

__all__ = ["CODES_HEADER", "MARKER", "PROG", "CommandError"]

PROG = "python -m subword_core"
CODES_HEADER = "#version: 0.2\n"
MARKER = DEFAULT_END_OF_WORD
Pair = tuple[str, str]

# Characters that end a line for subword-nmt's UTF-8 reader (str.splitlines) but not for
# Python's universal newlines, which `python -m subword_nmt.apply_bpe` uses on stdin.
_OTHER_LINE_BREAKS = frozenset("\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


class CommandError(SubwordError):
    """A problem with a command's input, explained in one line (shown on stderr, exit 2).

    Example:
        >>> str(CommandError("codes.bpe: line 3: expected two symbols"))
        'codes.bpe: line 3: expected two symbols'
    """


def _words(line: str) -> list[str]:
    """The words of a line, as every subword-nmt command reads them.

    Spaces and line breaks are stripped from both ends, the rest is split at each single
    space, and the empty strings a run of spaces leaves are dropped. Nothing else
    separates words: a tab, a form feed or a no-break space is part of its word.

    >>> _words("  low\\tlow  newer\\n")
    ['low\\tlow', 'newer']
    """
    return [word for word in line.strip("\r\n ").split(" ") if word]


# --- files ----------------------------------------------------------------------------


class _Unclosed:
    """Wrap a standard stream so that ``with`` does not close it."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def __enter__(self) -> BinaryIO:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        self.stream.flush()


def _open_input(path: str | None) -> BinaryIO | _Unclosed:
    if path is None:
        return _Unclosed(sys.stdin.buffer)
    try:
        return open(path, "rb")
    except OSError as err:
        raise CommandError(f"cannot read {path}: {err.strerror or err}.") from None


def _open_output(path: str | None) -> BinaryIO | _Unclosed:
    if path is None:
        sys.stdout.flush()
        return _Unclosed(sys.stdout.buffer)
    try:
        return open(path, "wb")
    except OSError as err:
        raise CommandError(f"cannot write {path}: {err.strerror or err}.") from None


def _iter_lines(stream: BinaryIO, name: str, *, universal: bool = False) -> Iterator[str]:
    """Decode UTF-8 and split lines as subword-nmt's ``codecs`` reader does.

    subtle: that reader splits on every ``str.splitlines`` boundary (also ``\\r``, ``\\f``,
    ``\\x1c`` ... ``\\u2029``), not only on ``\\n``. Decoding one ``\\n``-terminated byte
    line at a time gives the same lines (no UTF-8 sequence contains the byte 0x0A) and an
    exact line number when the input is not UTF-8. With ``universal``, lines are split as
    Python's text files split them by default (universal newlines: ``\\r\\n`` and ``\\r``
    become ``\\n``).
    """
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = raw[exc.start : exc.end].hex(" ")
            raise CommandError(
                f"{name}: line {number} is not valid UTF-8 (byte {bad} at byte "
                f"{exc.start + 1} of the line); the input must be UTF-8 text."
            ) from None
        yield from _universal_lines(text) if universal else text.splitlines(keepends=True)


def _universal_lines(text: str) -> list[str]:
    """Lines as ``open(path, encoding="utf-8")`` reads them: universal newlines.

    >>> _universal_lines("a\\r\\nb\\rc\\x0cd\\n")
    ['a\\n', 'b\\n', 'c\\x0cd\\n']
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    last = lines.pop()
    return [line + "\n" for line in lines] + ([last] if last else [])


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass


# --- messages -------------------------------------------------------------------------


def _whole_number(value: str, name: str, number: int) -> int:
    try:
        return int(value)  # subword-nmt's int(): also ' 5', '+5', '1_000', '-3'
    except ValueError:
        raise CommandError(
            f"{name}: line {number}: the count {_show(value)} is not a whole number."
        ) from None


# Control characters have no Unicode name, only these aliases.
_CONTROL_NAMES = {
    "\t": "CHARACTER TABULATION (tab)",
    "\n": "LINE FEED",
    "\x0b": "LINE TABULATION",
    "\x0c": "FORM FEED",
    "\r": "CARRIAGE RETURN",
    "\x1c": "FILE SEPARATOR",
    "\x1d": "GROUP SEPARATOR",
    "\x1e": "RECORD SEPARATOR",
    "\x1f": "UNIT SEPARATOR",
    "\x85": "NEXT LINE",
}


def _describe(char: str) -> str:
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "control character")
    return f"U+{ord(char):04X} {name}"


def _decimal(number: int) -> str:
    """``str(number)``, also beyond Python's limit on the digits of an int (4300).

    >>> len(_decimal(-(10**5000)))
    5002
    """
    try:
        return str(number)
    except ValueError:
        high, low = divmod(abs(number), 10**4000)
        return ("-" if number < 0 else "") + _decimal(high) + str(low).zfill(4000)


def _show(text: str, limit: int = 40) -> str:
    """``repr`` of a line or word without its line break, shortened for a one-line message."""
    text = text.rstrip("\r\n")
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
