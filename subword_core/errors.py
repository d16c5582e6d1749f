"""Errors raised by :mod:`subword_core`.

Every documented error is a :class:`SubwordError`, which is a :class:`ValueError`, so callers
can catch one type. ``str(err)`` is a plain-language English message (for notebook users);
``err.code`` and ``err.values`` name the problem and its facts, so a program (the Streamlit
pages) can word it itself, in the student's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class SubwordError(ValueError):
    """Base class for every documented error of subword_core.

    Args:
        message: A plain-language explanation (English) of what is wrong and how to fix it.
        code: A stable name of the problem for programs (e.g. ``"not_positive"``), or
            ``None``; the message is for people.
        values: The facts behind the problem, by name (e.g. ``{"name": "top_k", "value":
            "0"}``), for a program that words the problem itself (e.g. in another language).

    Attributes:
        message: The explanation.
        code: The problem's stable name, or ``None``.
        values: The facts behind the problem (empty when there are none).

    Example:
        >>> err = SubwordError("top_k must be at least 1", code="not_positive")
        >>> str(err), err.code, err.values
        ('top_k must be at least 1', 'not_positive', {})
    """

    def __init__(
        self,
        message: str = "",
        *,
        code: str | None = None,
        values: Mapping[str, int | str] | None = None,
    ) -> None:
        # subtle: a subclass that sets its own code and values before calling this
        # (PretrainedError) keeps them
        self.message = message
        self.code = code if code is not None else getattr(self, "code", None)
        self.values: dict[str, int | str] = dict(values or getattr(self, "values", None) or {})
        super().__init__(message)

    def __reduce__(self) -> tuple[object, ...]:
        # Keep code and values through pickling (the training worker sends errors back).
        return (_rebuild, (type(self), self.message, self.code, self.values))


def _rebuild(
    cls: type[SubwordError], message: str, code: str | None, values: dict[str, int | str]
) -> SubwordError:
    """A :class:`SubwordError` subclass made again from its message, code and values."""
    return cls(message, code=code, values=values)


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
        self.line = line
        super().__init__(message, code=code, values=values)
        self.args = (f"Line {line}: {message}" if line is not None else message,)

    def __reduce__(
        self,
    ) -> tuple[type[CorpusError], tuple[str, int | None, str | None, dict[str, int | str]]]:
        # Keep the exception picklable despite the custom signature.
        return (type(self), (self.message, self.line, self.code, self.values))


class ParameterError(SubwordError):
    """A bad argument (e.g. num_merges < 1), message in plain words, with a code and values.

    Example:
        >>> err = ParameterError(
        ...     "top_k must be a whole number of at least 1, not 0.",
        ...     code="not_positive",
        ...     values={"name": "top_k", "value": "0"},
        ... )
        >>> err.code, err.values["name"]
        ('not_positive', 'top_k')
    """


def check_option(
    name: str, value: object, options: Iterable[str], message: str | None = None
) -> None:
    """Raise a :class:`ParameterError` (code ``bad_option``) unless ``value`` is an option.

    Args:
        name: The argument's name, e.g. ``"tie_break"``.
        value: What was passed.
        options: The values allowed.
        message: The English sentence, when the default ("NAME must be one of …, not …")
            does not fit.

    Example:
        >>> check_option("tie_break", "first-seen", ("first-seen", "lexicographic"))
        >>> try:
        ...     check_option("errors", "ignore", ("replace", "strict"))
        ... except ParameterError as err:
        ...     print(err, err.code, err.values["options"])
        errors must be one of replace, strict, not 'ignore'. bad_option replace, strict
    """
    allowed = tuple(options)
    if value in allowed:
        return
    listed = ", ".join(allowed)
    shown = repr(value)
    if len(shown) > 60:  # a pasted or linked value can be long: name it, not all of it
        shown = shown[:57] + "…"
    raise ParameterError(
        message or f"{name} must be one of {listed}, not {shown}.",
        code="bad_option",
        values={"name": name, "value": shown, "options": listed},
    )


def check_positive(name: str, value: object, message: str | None = None) -> None:
    """Raise a :class:`ParameterError` (code ``not_positive``) unless ``value`` is a whole
    number of at least 1 (an ``int``, not a ``bool``).

    Args:
        name: The argument's name, e.g. ``"num_merges"``.
        value: What was passed.
        message: The English sentence, when the default ("NAME must be a whole number of
            at least 1, not …") does not fit.

    Example:
        >>> check_positive("num_merges", 10)
        >>> for bad in (0, 2.5, True):
        ...     try:
        ...         check_positive("num_merges", bad)
        ...     except ParameterError as err:
        ...         print(err, err.code, err.values["value"])
        num_merges must be a whole number of at least 1, not 0. not_positive 0
        num_merges must be a whole number of at least 1, not 2.5. not_positive 2.5
        num_merges must be a whole number of at least 1, not True. not_positive True
    """
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return
    raise ParameterError(
        message or f"{name} must be a whole number of at least 1, not {value!r}.",
        code="not_positive",
        values={"name": name, "value": repr(value)},
    )
