"""The tracer's refusals: :class:`PretrainedError` and the components it replays.

A file the tracer cannot read, or that uses a component it does not replay exactly, is
refused with a :class:`PretrainedError` carrying a stable ``code`` and the facts behind it
(``values``), so the UI words it in the student's language.
"""

from __future__ import annotations

from collections.abc import Mapping

from subword_core.errors import SubwordError

SUPPORTED_NORMALIZERS = (
    "NFC",
    "NFD",
    "NFKC",
    "NFKD",
    "Lowercase",
    "Strip",
    "StripAccents",
    "Replace",
    "Prepend",
    "BertNormalizer",
    "Nmt",
    "Precompiled",
    "Sequence",
)
"""The normalizer components :func:`load` replays (``Precompiled``: sentencepiece's rules)."""
SUPPORTED_PRE_TOKENIZERS = (
    "ByteLevel",
    "BertPreTokenizer",
    "Whitespace",
    "WhitespaceSplit",
    "Metaspace",
    "Split",
    "Punctuation",
    "Digits",
    "Sequence",
)


class PretrainedError(SubwordError):
    """A tokenizer file that cannot be read or traced, said in plain words.

    Attributes:
        code: A stable name for programs (``"not_a_tokenizer"``, ``"unsupported"``, ...).
        values: The facts behind it, by name (e.g. ``{"component": "Precompiled"}``).

    Example:
        >>> err = PretrainedError("no", code="unsupported", values={"component": "X"})
        >>> err.code, err.values["component"]
        ('unsupported', 'X')
    """

    def __init__(self, message: str, code: str, values: Mapping[str, object] | None = None) -> None:
        self.message = message
        self.code = code
        self.values: dict[str, object] = dict(values or {})
        super().__init__(message)

    def __reduce__(self) -> tuple[type[PretrainedError], tuple[str, str, dict[str, object]]]:
        return (type(self), (self.message, self.code, self.values))


_WHY_UNSUPPORTED = {
    "no_pattern": "{component} without a pattern",
    "behavior": "{component} with the behaviour {behavior}",
    "not_an_object": "{component}",
}
"""How a refusal names the part it cannot replay, by its ``cause`` (English; the UI words it
from the values)."""


def _unsupported(
    kind: str, component: str, cause: str | None = None, **values: str
) -> PretrainedError:
    """The refusal of a component that cannot be replayed exactly.

    ``values`` carry the parts, so a program words the refusal itself: ``component`` (the
    file's type name, or the JSON type where an object was expected), ``kind``
    (``"normalizer"`` or ``"pre-tokenizer"``), and ``cause`` when the type itself is
    supported but not this use of it (``"no_pattern"``, ``"behavior"`` with ``behavior``,
    ``"not_an_object"``; a regular expression's refusal has ``"pattern"``). As for the
    corpus errors, ``cause`` is a code and ``reason`` (the regular expression's) English.

    Example:
        >>> err = _unsupported("pre-tokenizer", "Split", "behavior", behavior="Sideways")
        >>> err.values["cause"], err.values["behavior"], "behaviour Sideways" in str(err)
        ('behavior', 'Sideways', True)
    """
    named = _WHY_UNSUPPORTED[cause].format(component=component, **values) if cause else component
    parts: dict[str, object] = {"component": component, "kind": kind, **values}
    if cause:
        parts["cause"] = cause
    return PretrainedError(
        f"This file's {kind} is “{named}”, which this page cannot replay exactly, so it "
        "does not trace the file rather than show steps that may be wrong. Supported "
        f"normalizers: {', '.join(SUPPORTED_NORMALIZERS)}; pre-tokenizers: "
        f"{', '.join(SUPPORTED_PRE_TOKENIZERS)} (Split and Replace with a string, or a "
        "regular expression using \\p{L}-style classes, \\s, \\d, lookarounds and "
        "possessive quantifiers).",
        code="unsupported",
        values=parts,
    )


def _bad(message: str, code: str, **values: object) -> PretrainedError:
    return PretrainedError(message, code=code, values=values)
