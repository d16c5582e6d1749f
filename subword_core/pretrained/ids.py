"""What the ``tokenizers`` library refuses to read, refused here in words (issue 26).

The library reads a ``tokenizer.json`` with serde: an id is a ``u32`` (a whole number from 0
to 4,294,967,295, never ``true``), Unigram's ``unk_id`` a ``usize`` inside the vocabulary,
a flag ``true`` or ``false``, ``max_input_chars_per_word`` a whole number from 0, and a JSON
number is finite (``NaN``, ``Infinity`` and ``1e999`` are refused). Python reads all of these,
so without these checks a file the library refuses would be traced as if it worked.

>>> _check_id(7, "t.json", "a")
7
>>> try:
...     _check_id(-1, "t.json", "a")
... except PretrainedError as err:
...     print(err.code, err.values["id"])
bad_id -1
"""

from __future__ import annotations

from subword_core.pretrained.errors import PretrainedError, _bad

U32_MAX = 2**32 - 1
"""The largest id the library reads (its ids are ``u32``)."""
USIZE_MAX = 2**64 - 1
"""The largest count the library reads (a ``usize`` on a 64-bit machine)."""


def _shown(value: object) -> str:
    """``value`` as the file writes it (``true``, ``null``, ``-1``, ``"x"``), cut to 40 characters.

    >>> _shown(True), _shown(None), _shown(-1), _shown("7")
    ('true', 'null', '-1', '"7"')
    """
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, str):
        return f'"{value[:38]}"'
    return str(value)[:40]


def _is_whole(value: object, top: int) -> bool:
    """A JSON whole number from 0 to ``top`` (``true`` is not one, as in the library)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _check_id(value: object, name: str, token: str) -> int:
    """``value`` when it is an id the library reads for ``token``; refused otherwise.

    >>> _check_id(U32_MAX, "t.json", "a") == U32_MAX
    True
    """
    if not _is_whole(value, U32_MAX):
        shown = _shown(value)
        raise _bad(
            f"{name}: the token {token[:40]!r} has the id {shown}; the tokenizers library reads "
            f"an id as a whole number from 0 to {U32_MAX:,} and refuses this file.",
            "bad_id",
            file=name,
            token=token[:40],
            id=shown,
        )
    return int(value)  # type: ignore[arg-type]


def _check_unk_id(value: object, name: str, size: int) -> int | None:
    """Unigram's ``unk_id``: ``None`` (no unknown piece) or an id inside the vocabulary.

    >>> _check_unk_id(None, "t.json", 0), _check_unk_id(1, "t.json", 2)
    (None, 1)
    """
    if value is None:
        return None
    if not _is_whole(value, size - 1):
        shown = _shown(value)
        ids = f" (ids 0 to {size - 1:,})" if size else ""
        raise _bad(
            f"{name}: unk_id is {shown}, but the vocabulary has {size:,} pieces{ids}; the "
            "tokenizers library refuses this file.",
            "bad_unk_id",
            file=name,
            unk_id=shown,
            size=size,
        )
    return int(value)  # type: ignore[arg-type]


def _check_flag(value: object, name: str, key: str, *, null: bool) -> bool:
    """A setting the library reads as ``true`` or ``false`` (``null`` too where ``null``).

    >>> _check_flag(None, "t.json", "fuse_unk", null=True)
    False
    """
    if isinstance(value, bool) or (null and value is None):
        return bool(value)
    shown = _shown(value)
    raise _bad(
        f"{name}: {key} is {shown}; the tokenizers library reads it only as true or false and "
        "refuses this file.",
        "not_a_flag",
        file=name,
        key=key,
        value=shown,
    )


def _check_count(value: object, name: str, key: str) -> int:
    """A setting the library reads as a whole number from 0 (``max_input_chars_per_word``).

    >>> _check_count(100, "t.json", "max_input_chars_per_word")
    100
    """
    if not _is_whole(value, USIZE_MAX):
        shown = _shown(value)
        raise _bad(
            f"{name}: {key} is {shown}; the tokenizers library reads a whole number from 0 "
            "there and refuses this file.",
            "not_a_count",
            file=name,
            key=key,
            value=shown,
        )
    return int(value)  # type: ignore[arg-type]


def _not_finite(name: str, literal: str) -> PretrainedError:
    """The refusal of a number JSON cannot hold (``NaN``, ``Infinity``, ``1e999``).

    >>> _not_finite("t.json", "NaN").values["value"]
    'NaN'
    """
    return _bad(
        f"{name} holds the number {literal[:40]}, which is not a finite number: JSON has no "
        "NaN or infinity, and the tokenizers library refuses this file.",
        "not_finite",
        file=name,
        value=literal[:40],
    )
