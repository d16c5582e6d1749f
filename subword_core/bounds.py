"""Bounds on the work a tokenizer file may ask of the tracer (:mod:`subword_core.pretrained`).

A tokenizer file is data, but some of its fields multiply work: a ``Replace`` whose content is
long, a ``Prepend`` or Metaspace ``replacement`` repeated at every space, a regular expression
whose repeats the ``regex`` module expands when compiling, an alternation that backtracks for
ever, a million pieces sharing a first letter. A 1 KB file once took a server to 3.6 GB on a
1,000-character text. Every such place asks this module first, and past a bound the trace
stops with a :class:`BoundError` that says which bound, in words, with the numbers (``code``
and ``values`` for a program that words it in another language).

The bounds are a core parameter (:class:`Bounds`, passed to :meth:`Pretrained.trace
<subword_core.pretrained.Pretrained.trace>` or put in force with :func:`bounds_in_force`), so
a notebook user is protected as the app is, and can raise them.

Example:
    >>> with bounds_in_force(Bounds(text_chars=10, growth=1)) as meter:
    ...     meter.produce(8, "Prepend")
    ...     try:
    ...         meter.produce(8, "Prepend")
    ...     except BoundError as err:
    ...         print(err.code, err.values["limit"])
    text_too_long 10
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from subword_core.errors import SubwordError

__all__ = [
    "BoundError",
    "Bounds",
    "Meter",
    "StepList",
    "bounds_in_force",
    "charge",
    "current",
    "pattern_size",
    "produce",
]


class BoundError(SubwordError):
    """A tokenizer file asked for more work than a bound allows (said in plain words).

    ``code`` is one of ``text_too_long``, ``trace_too_long``, ``trace_too_much_work``,
    ``pattern_too_large``, ``pattern_too_slow``; ``values`` hold the numbers.

    Example:
        >>> err = BoundError("too long", code="text_too_long", values={"limit": 5})
        >>> err.code, err.values["limit"], isinstance(err, ValueError)
        ('text_too_long', 5, True)
    """


@dataclass(frozen=True)
class Bounds:
    """The bounds of one trace (all whole numbers but ``regex_seconds``).

    Attributes:
        text_chars: characters one stage of the pipeline (a normalizer, a pre-tokenizer) may
            produce in all, at least; a longer text may grow to ``growth`` times its length.
        growth: how many times its own length a text may grow (NFKC writes up to 18
            characters for one; a file's ``Replace`` or ``Prepend`` could multiply it).
        trace_steps: steps one trace keeps.
        trace_units: what the steps keep, counted as characters plus one per item (a piece, a
            symbol, a candidate); a string shared by many steps counts once. The four sample
            files keep at most about 1,040,000 on a 1,000-character text.
        work: candidates a trace may look at: the special tokens tried at each character, the
            Unigram pieces sharing a word's letter at each position, WordPiece's tries.
        pattern_units: the size of a regular expression once its counted repeats are
            expanded (``(?:a{1000}){1000}`` is 1,000,000), which the ``regex`` module compiles
            into memory (a 162-byte pattern took 1.5 GB).
        regex_seconds: the processor time the patterns of one trace may take before they are
            stopped (an ambiguous alternation under repetition backtracks for ever). The
            ``regex`` module counts the whole process's time, so on a server whose other
            threads are busy a pattern gets less of it (about half with one busy thread);
            the patterns of real files take milliseconds.

    Example:
        >>> Bounds().text_limit(1_000), Bounds().text_limit(1_000_000)
        (100000, 20000000)
    """

    text_chars: int = 100_000
    growth: int = 20
    trace_steps: int = 50_000
    trace_units: int = 5_000_000
    work: int = 20_000_000
    pattern_units: int = 50_000
    regex_seconds: float = 1.0

    def text_limit(self, length: int) -> int:
        """The characters a stage may produce for a text of ``length`` characters."""
        return max(self.text_chars, self.growth * length)


DEFAULT = Bounds()
"""The bounds when none are given."""


class Meter:
    """What a trace has used so far, checked against its :class:`Bounds`.

    Example:
        >>> meter = Meter(Bounds(work=10))
        >>> meter.spend(6, "special tokens")
        >>> try:
        ...     meter.spend(6, "special tokens")
        ... except BoundError as err:
        ...     print(err.code)
        trace_too_much_work
    """

    def __init__(self, bounds: Bounds, length: int = 0) -> None:
        self.bounds = bounds
        self.text_limit = bounds.text_limit(length)
        self.produced = 0
        self.component = ""
        self.work = 0
        self.regex_used = 0.0

    def stage(self, component: str) -> None:
        """A new stage of the pipeline begins: what it produces is counted afresh."""
        self.produced = 0
        self.component = component

    def produce(self, chars: int, component: str = "") -> None:
        """Count ``chars`` characters about to be written by this stage (before writing them)."""
        self.produced += chars
        if self.produced > self.text_limit:
            name = component or self.component
            raise BoundError(
                f"This file's {name} would make the text {self.produced:,} characters long, "
                f"more than the {self.text_limit:,} a trace allows: the file multiplies the "
                "text (a long Replace content, Prepend or Metaspace replacement). It is "
                "refused rather than filling the memory.",
                code="text_too_long",
                values={"component": name, "chars": self.produced, "limit": self.text_limit},
            )

    def spend(self, candidates: int, what: str) -> None:
        """Count ``candidates`` looked at (``what`` names them in the message)."""
        self.work += candidates
        if self.work > self.bounds.work:
            raise BoundError(
                f"Tracing this text with this file means looking at over {self.work:,} "
                f"candidates ({what}), more than the {self.bounds.work:,} a trace allows. "
                "Try a shorter text, or a file with fewer of them.",
                code="trace_too_much_work",
                values={"what": what, "work": self.work, "limit": self.bounds.work},
            )


_CURRENT: contextvars.ContextVar[Meter | None] = contextvars.ContextVar("bounds", default=None)


def current() -> Meter:
    """The meter in force (a fresh one on :data:`DEFAULT` outside a trace)."""
    meter = _CURRENT.get()
    return meter if meter is not None else Meter(DEFAULT)


@contextlib.contextmanager
def bounds_in_force(bounds: Bounds | None = None, length: int = 0) -> Iterator[Meter]:
    """Put ``bounds`` in force for the code inside (a trace of a ``length``-character text).

    Example:
        >>> with bounds_in_force(Bounds(regex_seconds=0.5)):
        ...     current().bounds.regex_seconds
        0.5
    """
    token = _CURRENT.set(Meter(bounds or DEFAULT, length))
    try:
        yield _CURRENT.get() or Meter(DEFAULT)
    finally:
        _CURRENT.reset(token)


def produce(chars: int, component: str) -> None:
    """Count ``chars`` characters a normalizer is about to write, when a trace is metered.

    Example:
        >>> produce(10**12, "Replace")  # no trace in force: nothing is counted
    """
    meter = _CURRENT.get()
    if meter is not None:
        meter.produce(chars, component)


def charge(steps: object, candidates: int, what: str) -> None:
    """Count work for a trace whose steps are ``steps`` (a :class:`StepList`; else nothing).

    Example:
        >>> charge([], 10**12, "tries")  # a plain list: not a bounded trace
    """
    if isinstance(steps, StepList):
        steps.meter.spend(candidates, what)


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}
"""Each type's dataclass field names (``None``: not a dataclass), looked up once a type."""


def _field_names(kind: type) -> tuple[str, ...] | None:
    try:
        return _FIELD_NAMES[kind]
    except KeyError:
        names = None
        if dataclasses.is_dataclass(kind):
            names = tuple(f.name for f in dataclasses.fields(kind))
        _FIELD_NAMES[kind] = names
        return names


def _units(value: object, seen: set[int]) -> int:
    """What ``value`` keeps: characters of its strings plus one per item (shared long strings
    once).

    Example:
        >>> _units(("ab", ["c"], 3), set())
        8
    """
    if isinstance(value, str | bytes):
        if len(value) > 64:
            if id(value) in seen:
                return 1
            seen.add(id(value))
        return len(value) + 1
    if isinstance(value, tuple | list):
        return 1 + _items_units(value, seen)
    names = _field_names(type(value))
    if names is None:
        return 1
    return _items_units([getattr(value, name) for name in names], seen)


_ONE_UNIT = frozenset([int, float, bool, type(None)])


def _items_units(items: Iterable[object], seen: set[int]) -> int:
    """:func:`_units` summed over ``items``.

    subtle: short strings and numbers are counted here, not in a call each (a trace counts
    every step it keeps, so this loop sets the tracer's speed).
    """
    total = 0
    for item in items:
        kind = type(item)
        if kind is str and len(item) <= 64:  # type: ignore[arg-type]
            total += len(item) + 1  # type: ignore[arg-type]
        elif kind in _ONE_UNIT:
            total += 1
        elif kind is tuple:
            total += 1 + _items_units(item, seen)  # type: ignore[arg-type]
        else:
            total += _units(item, seen)
    return total


class StepList(list):  # type: ignore[type-arg]
    """The steps of one trace, counted as they are kept; past a bound, a :class:`BoundError`.

    Example:
        >>> steps = StepList(Meter(Bounds(trace_steps=2)))
        >>> steps.append("a"); steps.append("b")
        >>> try:
        ...     steps.append("c")
        ... except BoundError as err:
        ...     print(err.code, err.values["steps"])
        trace_too_long 3
    """

    def __init__(self, meter: Meter) -> None:
        super().__init__()
        self.meter = meter
        self.units = 0
        self._seen: set[int] = set()

    def _count(self, step: object) -> None:
        self.units += _units(step, self._seen)
        bounds = self.meter.bounds
        if len(self) + 1 > bounds.trace_steps or self.units > bounds.trace_units:
            raise BoundError(
                f"The trace of this text would keep over {len(self) + 1:,} steps and "
                f"{self.units:,} characters, more than a trace allows ({bounds.trace_steps:,} "
                f"steps, {bounds.trace_units:,} characters). Try a shorter text.",
                code="trace_too_long",
                values={
                    "steps": len(self) + 1,
                    "units": self.units,
                    "limit_steps": bounds.trace_steps,
                    "limit_units": bounds.trace_units,
                },
            )

    def append(self, step: object) -> None:
        """Keep ``step`` (after counting it)."""
        self._count(step)
        super().append(step)

    def insert(self, index: int, step: object) -> None:  # type: ignore[override]
        """Keep ``step`` at ``index`` (after counting it)."""
        self._count(step)
        super().insert(index, step)


# -- regular expressions -------------------------------------------------------------------


def _skip_class(pattern: str, i: int) -> int:
    """The index after the character class that starts at ``pattern[i] == "["``."""
    i += 1
    if i < len(pattern) and pattern[i] == "^":
        i += 1
    if i < len(pattern) and pattern[i] == "]":
        i += 1
    depth = 1
    while i < len(pattern) and depth:
        ch = pattern[i]
        if ch == "\\":
            i += 1
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        i += 1
    return i


def _count(pattern: str, i: int) -> tuple[int, int] | None:
    """A counted repeat ``{n}``, ``{n,}`` or ``{n,m}`` at ``i``: (its least count, the index
    after it); ``None`` when ``{`` is a plain character there."""
    end = pattern.find("}", i)
    if end < 0:
        return None
    body = pattern[i + 1 : end].split(",")
    if len(body) > 2 or not body[0].strip().isdigit():
        return None
    if len(body) == 2 and body[1].strip() and not body[1].strip().isdigit():
        return None
    return int(body[0]), end + 1


def _skip_group_prefix(pattern: str, i: int) -> int:
    """The index after a group's ``?:``, ``?=``, ``?<=``, ``?P<name>``, ``?i:`` … at ``i``."""
    if not pattern.startswith("?", i):
        return i
    i += 1
    if pattern.startswith(("<=", "<!"), i):
        return i + 2
    if pattern.startswith(("P<", "<"), i):
        close = pattern.find(">", i)
        return close + 1 if close >= 0 else len(pattern)
    while i < len(pattern) and (pattern[i].isalpha() or pattern[i] == "-"):
        i += 1  # flags such as ?i: or ?-i:
    if i < len(pattern) and pattern[i] in ":=!>":
        i += 1
    return i


def pattern_size(pattern: str) -> int:
    """The size of ``pattern`` with its counted repeats expanded, as it is compiled.

    Each character, escape or class counts 1; a group the sum of its branches; ``{n}``,
    ``{n,}`` and ``{n,m}`` multiply what they repeat by ``n`` (the ``regex`` module writes out
    the least count; ``*``, ``+``, ``?`` and the rest of a range cost nothing more).

    Example:
        >>> pattern_size(r"\\p{N}{1,3}"), pattern_size(r"(?:a{1000}){1000}"), pattern_size("a|bc")
        (1, 1000000, 3)
    """
    frames: list[tuple[int, int]] = []  # (total so far, last atom) of the enclosing groups
    total, last, i, n = 0, 0, 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            if i < n and pattern[i] == "{" and pattern[i - 1] in "pPxNuUog":
                close = pattern.find("}", i)
                i = close + 1 if close >= 0 else n
            total, last = total + 1, 1
            continue
        if ch == "[":
            i = _skip_class(pattern, i)
            total, last = total + 1, 1
            continue
        if ch == "(":
            frames.append((total, last))
            total, last = 0, 0
            i = _skip_group_prefix(pattern, i + 1)
            continue
        elif ch == ")" and frames:
            inner = total
            total, last = frames.pop()
            total, last = total + inner, inner
        elif ch == "{" and (found := _count(pattern, i)) is not None:
            times, i = found
            grown = last * max(times, 1)
            total, last = total - last + grown, grown
            continue
        elif ch == "|":
            last = 0
        elif ch not in "*+?":
            total, last = total + 1, 1
        i += 1
    while frames:  # an unclosed group: the compiler refuses it anyway
        inner = total
        total, _ = frames.pop()
        total += inner
    return total


def check_pattern(pattern: str) -> None:
    """Refuse ``pattern`` when its compiled size passes ``pattern_units``.

    Example:
        >>> check_pattern(r"\\s+")
        >>> try:
        ...     check_pattern(r"(?:(?:a{1000}){1000}){1000}")
        ... except BoundError as err:
        ...     print(err.code, f"{err.values['size']:,}")
        pattern_too_large 1,000,000,000
    """
    size, limit = pattern_size(pattern), current().bounds.pattern_units
    if size > limit:
        raise BoundError(
            f"The regular expression {pattern[:80]!r} is {size:,} characters long once its "
            f"counted repeats are written out, more than the {limit:,} allowed: compiling it "
            "would fill the memory. It is refused.",
            code="pattern_too_large",
            values={"pattern": pattern[:80], "size": size, "limit": limit},
        )


class Deadline:
    """The time the patterns may still take in this trace (``regex_seconds`` in all, counted
    in the thread's processor time, so a busy server does not stop a quick pattern).

    Example:
        >>> deadline = Deadline("x")
        >>> deadline.left() > 0
        True
        >>> deadline.done()
    """

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.meter = current()
        self.seconds = self.meter.bounds.regex_seconds
        self.start = time.thread_time()

    def left(self) -> float:
        """Seconds left (a tiny positive number once past: the search stops at once)."""
        used = self.meter.regex_used + time.thread_time() - self.start
        return max(self.seconds - used, 0.001)

    def done(self) -> None:
        """Count the time this pattern took against the trace's."""
        self.meter.regex_used += time.thread_time() - self.start
        self.start = time.thread_time()

    def expired(self) -> BoundError:
        """The error for a pattern that ran out of time."""
        return BoundError(
            f"The regular expression {self.pattern[:80]!r} took more than "
            f"{self.seconds:g} s on this text and was stopped: it backtracks (an ambiguous "
            "alternation under a repeat, such as (a|aa)+, tries every way to match). The "
            "tokenizers library may hang on it too. Try a shorter text or another file.",
            code="pattern_too_slow",
            values={"pattern": self.pattern[:80], "seconds": f"{self.seconds:g}"},
        )
