"""Errors raised by :mod:`subword_core`.

Every documented error is a :class:`SubwordError`, which is a :class:`ValueError`, so callers
(for example the Streamlit pages) can catch one type and show ``str(err)`` to the student: the
message is always written in plain language.
"""

from __future__ import annotations

from collections.abc import Mapping


class SubwordError(ValueError):
    """Base class for every documented error of subword_core."""


class CorpusError(SubwordError):
    """The corpus text or counts could not be understood.

    Args:
        message: A plain-language explanation of what is wrong and how to fix it.
        line: The 1-based line number of the input that caused the problem, or ``None`` when the
            problem is not tied to one line (for example an empty corpus).
        code: A stable name of the problem for programs (e.g. ``"count_too_large"``), or
            ``None``; the message is for people.
        values: The numbers (and quoted input) behind the problem, by name (e.g.
            ``{"max_count": 10**12}``, ``{"text": '"low x"'}``), for a program that words
            the problem itself (e.g. in another language).

    Attributes:
        message: The explanation without the ``"Line N: "`` prefix.
        line: The 1-based line number, or ``None``.
        code: The problem's stable name, or ``None``.
        values: The numbers behind the problem (empty when there are none).

    Example:
        >>> err = CorpusError("the count must be at least 1", line=3)
        >>> str(err)
        'Line 3: the count must be at least 1'
        >>> err.line
        3
        >>> CorpusError("too big", code="count_too_large", values={"digits": 20}).values
        {'digits': 20}
    """

    def __init__(
        self,
        message: str,
        line: int | None = None,
        code: str | None = None,
        values: Mapping[str, int | str] | None = None,
    ) -> None:
        self.message = message
        self.line = line
        self.code = code
        self.values: dict[str, int | str] = dict(values or {})
        super().__init__(f"Line {line}: {message}" if line is not None else message)

    def __reduce__(
        self,
    ) -> tuple[type[CorpusError], tuple[str, int | None, str | None, dict[str, int | str]]]:
        # Keep the exception picklable despite the custom signature.
        return (type(self), (self.message, self.line, self.code, self.values))


class ParameterError(SubwordError):
    """A bad argument (e.g. num_merges < 1), message in plain words."""
