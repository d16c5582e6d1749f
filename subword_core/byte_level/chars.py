"""Byte-level BPE, characters inside tokens: which bytes of a token belong to which character,
and whether a token holds only part of a character (:class:`CharPiece`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from subword_core.errors import ParameterError

# --------------------------------------------------------------------------------------
# Which characters a run of bytes holds, and whether it cuts one
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CharPiece:
    """The part of one character that a token holds.

    Attributes:
        char: the character; a lone surrogate ``"\\udcXX"`` stands for a byte ``XX`` that is
            not valid UTF-8 (Python's ``surrogateescape``).
        first: 1-based index of the character's first byte inside this token.
        last: 1-based index of its last byte inside this token.
        size: how many bytes the character has in UTF-8 (1 to 4).

    >>> piece = CharPiece("你", 1, 2, 3)
    >>> piece.complete, piece.valid
    (False, True)
    """

    char: str
    first: int
    last: int
    size: int

    @property
    def complete(self) -> bool:
        """True when the token holds every byte of the character."""
        return self.first == 1 and self.last == self.size

    @property
    def valid(self) -> bool:
        """False for a byte that is not part of any valid UTF-8 character."""
        return not 0xDC80 <= ord(self.char) <= 0xDCFF


def _byte_chars(data: bytes) -> list[tuple[str, int, int]]:
    """For every byte: (its character, its 1-based index in the character, character size)."""
    out: list[tuple[str, int, int]] = []
    for ch in data.decode("utf-8", "surrogateescape"):
        size = len(ch.encode("utf-8", "surrogateescape"))
        out.extend((ch, k, size) for k in range(1, size + 1))
    return out


def char_pieces(data: bytes, bounds: Sequence[tuple[int, int]]) -> list[tuple[CharPiece, ...]]:
    """For each ``(start, end)`` byte range of ``data``, the characters (or parts) it holds.

    Args:
        data: the whole byte string (any bytes; invalid UTF-8 gives invalid pieces).
        bounds: byte ranges, e.g. the tokens' offsets.

    Returns:
        One tuple of :class:`CharPiece` per range, in order.

    Raises:
        ParameterError: a range that is not ``0 <= start <= end <= len(data)``.

    >>> [[(p.char, p.first, p.last, p.size) for p in ps]
    ...  for ps in char_pieces("a你".encode(), [(0, 2), (2, 4)])]
    [[('a', 1, 1, 1), ('你', 1, 1, 3)], [('你', 2, 3, 3)]]
    """
    per_byte = _byte_chars(data)
    out: list[tuple[CharPiece, ...]] = []
    for start, end in bounds:
        if not 0 <= start <= end <= len(data):
            raise ParameterError(
                f"The byte range ({start}, {end}) does not lie within the {len(data)} bytes.",
                code="byte_range",
                values={"start": start, "end": end, "n": len(data)},
            )
        pieces: list[CharPiece] = []
        i = start
        while i < end:
            ch, k, size = per_byte[i]
            take = min(size - k + 1, end - i)
            pieces.append(CharPiece(ch, k, k + take - 1, size))
            i += take
        out.append(tuple(pieces))
    return out
