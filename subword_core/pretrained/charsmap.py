"""Sentencepiece's precompiled normalizer: the ``precompiled_charsmap`` of T5, XLM-R, ALBERT.

A sentencepiece model carries its normalization rules (``nmt_nfkc``, ``nfkc_cf``, ...) as one
binary blob, and a ``tokenizer.json`` converted from such a model keeps the same blob (in
base64) in a ``Precompiled`` normalizer. The blob is:

1. a little-endian ``uint32``: the size in bytes of the trie that follows;
2. the trie: a *double-array trie* (the darts-clone library's format), an array of
   ``uint32`` units; its keys are UTF-8 byte strings (a character, or a short sequence such
   as ``e`` + a combining acute accent) and each key's value is an offset into the pool;
3. the pool: the replacement strings, each ended by a NUL byte.

Normalizing a text is a walk from left to right: at each place, look the coming bytes up in
the trie; where a key matches, write its replacement instead of the key, otherwise copy the
character. This module follows the ``tokenizers`` library (the reference the page compares
with), which differs from sentencepiece's own C++ normalizer in two ways:

* it looks up one *grapheme* (a user-perceived character: a letter with its combining marks,
  an emoji with its modifiers) at a time, and only when the grapheme is shorter than 6 bytes;
  a longer grapheme is looked up one code point at a time;
* it takes the *shortest* key that is a prefix of what it looks up, and replaces the whole
  grapheme by that key's replacement (sentencepiece takes the longest prefix and goes on
  after it).

Nothing here is copied from either library; the tests compare the results with
``tokenizers`` on models trained with sentencepiece.

>>> cm = Charsmap.build({"ﬁ": "fi", "Ａ": "A", "\\u3000": " "})
>>> cm.normalize("ﬁｎＡ\\u3000x")
'fiｎA x'
>>> [(old, new) for old, new in cm.segments("ﬁＡ") if old != new]
[('ﬁ', 'fi'), ('Ａ', 'A')]
"""

from __future__ import annotations

import base64
import binascii
import struct
from collections.abc import Mapping

import regex

from subword_core import bounds
from subword_core.errors import SubwordError

__all__ = ["Charsmap", "CharsmapError"]

_GRAPHEME = regex.compile(r"\X")
_LONG_GRAPHEME = 6
"""Graphemes of this many UTF-8 bytes or more are looked up one code point at a time."""
_CACHE_LIMIT = 50_000


class CharsmapError(SubwordError):
    """A ``precompiled_charsmap`` that cannot be read, said in words.

    Example:
        >>> try:
        ...     Charsmap.from_bytes(b"\\x01")
        ... except CharsmapError as err:
        ...     print(err)
        The charsmap is 1 bytes long; it must start with a 4-byte trie size.
    """


# -- the double-array trie's units (darts-clone) ---------------------------------------------
# A unit packs, in 32 bits: the label (the byte that leads to this node), a "has a leaf"
# flag, and the offset to the node's children. A leaf unit holds a value instead.


def _has_leaf(unit: int) -> bool:
    return bool((unit >> 8) & 1)


def _value(unit: int) -> int:
    return unit & 0x7FFFFFFF


def _label(unit: int) -> int:
    # subtle: bit 31 is kept, so a leaf unit (bit 31 set) never equals a byte's label
    return unit & 0x800000FF


def _offset(unit: int) -> int:
    # subtle: bit 9 says the 22-bit offset is stored shifted by 8 (for far-away children)
    return (unit >> 10) << ((unit & 0x200) >> 6)


class Charsmap:
    """A parsed ``precompiled_charsmap``: the trie of keys and the pool of replacements.

    Example:
        >>> cm = Charsmap.build({"a": "b"})
        >>> cm.transform("a"), cm.transform("c")
        ('b', None)
    """

    def __init__(self, units: tuple[int, ...], pool: bytes) -> None:
        self.units = units
        self.pool = pool
        self._cache: dict[str, str | None] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> Charsmap:
        """Read the blob: trie size, trie, pool.

        Raises:
            CharsmapError: too short, a trie size that does not fit, an empty trie, or a pool
                that is not UTF-8 (the ``tokenizers`` library refuses or fails on each).

        Example:
            >>> Charsmap.from_bytes(Charsmap.build({"x": "y"}).to_bytes()).transform("x")
            'y'
        """
        if len(data) < 4:
            raise CharsmapError(
                f"The charsmap is {len(data)} bytes long; it must start with a 4-byte trie size."
            )
        (size,) = struct.unpack_from("<I", data)
        if size % 4 or 4 + size > len(data):
            raise CharsmapError(
                f"The charsmap's trie size ({size:,} bytes) does not fit in its "
                f"{len(data):,} bytes, or is not a whole number of 4-byte units."
            )
        if size == 0:
            raise CharsmapError("The charsmap's trie is empty.")
        units = struct.unpack_from(f"<{size // 4}I", data, 4)
        pool = data[4 + size :]
        try:
            pool.decode("utf-8")
        except UnicodeDecodeError as err:
            raise CharsmapError(
                f"The charsmap's replacement strings are not UTF-8 (byte {err.start:,})."
            ) from None
        return cls(units, pool)

    @classmethod
    def from_base64(cls, text: str) -> Charsmap:
        """Read the blob from a ``tokenizer.json``'s ``precompiled_charsmap`` (base64).

        Raises:
            CharsmapError: not base64, or a blob :meth:`from_bytes` refuses.

        Example:
            >>> text = base64.b64encode(Charsmap.build({"x": "y"}).to_bytes()).decode()
            >>> Charsmap.from_base64(text).transform("x")
            'y'
        """
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise CharsmapError("The precompiled_charsmap is not base64 text.") from None
        return cls.from_bytes(data)

    def prefixes(self, data: bytes) -> list[tuple[int, int]]:
        """Every key that is a prefix of ``data``, shortest first: ``(length, pool offset)``.

        The walk stops at a NUL byte, as in sentencepiece.

        Raises:
            CharsmapError: the trie points outside itself (a damaged file).

        Example:
            >>> cm = Charsmap.build({"a": "1", "ab": "2"})
            >>> [length for length, _ in cm.prefixes(b"abc")]
            [1, 2]
        """
        units, found = self.units, []
        try:
            node = _offset(units[0])
            for depth, byte in enumerate(data, start=1):
                if byte == 0:
                    break
                node ^= byte
                unit = units[node]
                if _label(unit) != byte:
                    break
                node ^= _offset(unit)
                if _has_leaf(unit):
                    found.append((depth, _value(units[node])))
        except IndexError:
            raise CharsmapError("The charsmap's trie points outside itself.") from None
        return found

    def replacement(self, offset: int) -> str:
        """The NUL-terminated string at ``offset`` in the pool.

        Raises:
            CharsmapError: the offset is past the pool or inside a character.

        Example:
            >>> Charsmap.build({"a": "xyz"}).replacement(0)
            'xyz'
        """
        if offset > len(self.pool):
            raise CharsmapError("The charsmap points past its replacement strings.")
        end = self.pool.find(b"\0", offset)
        try:
            return self.pool[offset : end if end >= 0 else len(self.pool)].decode("utf-8")
        except UnicodeDecodeError:
            raise CharsmapError("The charsmap points inside a character.") from None

    def transform(self, chunk: str) -> str | None:
        """The replacement for ``chunk`` (the shortest key it starts with), or ``None``.

        The key may be shorter than ``chunk``: the whole chunk is replaced all the same.

        Example:
            >>> cm = Charsmap.build({"ﬁ": "fi"})
            >>> cm.transform("ﬁ\\u0301"), cm.transform("f")
            ('fi', None)
        """
        if chunk in self._cache:
            return self._cache[chunk]
        found = self.prefixes(chunk.encode("utf-8"))
        # subtle: the *shortest* key wins and stands for all of ``chunk``, as in the
        # ``tokenizers`` library (``ﬁ`` + an accent, one grapheme, becomes ``fi``);
        # sentencepiece itself takes the longest key and goes on after it
        result = self.replacement(found[0][1]) if found else None
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[chunk] = result
        return result

    def segments(self, text: str) -> list[tuple[str, str]]:
        """``text`` cut where the normalizer looks things up: ``(original, written)`` pairs.

        Each grapheme shorter than 6 UTF-8 bytes is looked up whole; a longer one, or one
        without a match, code point by code point. ``written == original`` where nothing
        matched.

        Example:
            >>> Charsmap.build({"Ａ": "A"}).segments("Ａb")
            [('Ａ', 'A'), ('b', 'b')]
        """
        out: list[tuple[str, str]] = []
        for grapheme in _GRAPHEME.findall(text):
            if len(grapheme.encode("utf-8")) < _LONG_GRAPHEME:
                whole = self.transform(grapheme)
                if whole is not None:
                    out.append((grapheme, whole))
                    continue
            for ch in grapheme:
                written = self.transform(ch)
                out.append((ch, ch if written is None else written))
        return out

    def normalize(self, text: str) -> str:
        """``text`` with every match replaced, as the ``tokenizers`` library does.

        Example:
            >>> Charsmap.build({"\\u00a0": " "}).normalize("a\\u00a0b")
            'a b'
        """
        if text.isascii() and not self._ascii_keys():
            return text
        written = [new for _, new in self.segments(text)]
        bounds.produce(sum(map(len, written)), "Precompiled")  # a replacement may be long
        return "".join(written)

    def _ascii_keys(self) -> bool:
        """Whether any ASCII character (other than NUL) has a rule: else ASCII text is kept."""
        if "_ascii" not in self.__dict__:
            self.__dict__["_ascii"] = any(self.prefixes(bytes([b])) for b in range(1, 128))
        return bool(self.__dict__["_ascii"])

    # -- building (for examples and tests) --------------------------------------------------

    @classmethod
    def build(cls, rules: Mapping[str, str]) -> Charsmap:
        """A charsmap holding ``rules`` (key -> replacement), as sentencepiece would write it.

        A small builder, placing each node at the first free spot; real files come from
        sentencepiece's trainer.

        Example:
            >>> cm = Charsmap.build({"a": "b", "e\\u0301": "\\u00e9"})
            >>> cm.normalize("ae\\u0301") == "b\\u00e9"
            True
        """
        return cls.from_bytes(_build_blob(rules))

    def to_bytes(self) -> bytes:
        """The blob again: trie size, trie, pool.

        Example:
            >>> len(Charsmap.build({"a": "b"}).to_bytes()) > 4
            True
        """
        trie = struct.pack(f"<{len(self.units)}I", *self.units)
        return struct.pack("<I", len(trie)) + trie + self.pool


def _build_blob(rules: Mapping[str, str]) -> bytes:
    """Encode ``rules`` as a double-array trie plus a pool (offsets kept below 2**21)."""
    pool = bytearray()
    values: dict[bytes, int] = {}
    for key, written in rules.items():
        if not key or "\0" in key + written:
            raise CharsmapError(
                f"A charsmap key cannot be empty, and neither it nor its replacement can hold "
                f"NUL (the pool's end mark): {key!r} -> {written!r}."
            )
        values[key.encode("utf-8")] = len(pool)
        pool += written.encode("utf-8") + b"\0"
    # the tree of keys: node -> {byte: child}; a key's end gets the pseudo-child None
    tree: dict[bytes, dict[int | None, bytes]] = {b"": {}}
    for key in values:
        for depth in range(1, len(key) + 1):
            tree.setdefault(key[:depth], {})
            tree[key[: depth - 1]][key[depth - 1]] = key[:depth]
        tree[key][None] = key
    units: dict[int, int] = {}
    _place(b"", 0, tree, values, units, set())
    # subtle: whole blocks of 256 units, as darts-clone writes them: base ^ byte only changes
    # the low 8 bits, so every lookup stays inside the array
    size = (max(units) // 256 + 1) * 256
    return _pack([units.get(i, 0) for i in range(size)], bytes(pool))


def _place(
    node: bytes,
    at: int,
    tree: Mapping[bytes, Mapping[int | None, bytes]],
    values: Mapping[bytes, int],
    units: dict[int, int],
    used: set[int],
) -> None:
    """Give ``node`` (whose unit is at ``at``) a base where all its children fit."""
    children = tree[node]
    labels = [0 if label is None else label for label in children]
    base = 1
    # subtle: every node gets its own base, so a byte a node has no child for can never
    # land on another node's child with the same label
    while base in used or any((base ^ label) in units or (base ^ label) == at for label in labels):
        base += 1
    used.add(base)
    # subtle: the offset is stored in the upper 22 bits; at ^ base lands on the base
    offset = at ^ base
    units[at] = units.get(at, 0) | (offset << 10)
    for label, child in children.items():
        slot = base ^ (0 if label is None else label)
        if label is None:
            units[slot] = values[child] | 0x80000000
        else:
            units[slot] = label | (0x100 if None in tree[child] else 0)
    for label, child in children.items():
        if label is not None:
            _place(child, base ^ label, tree, values, units, used)


def _pack(units: list[int], pool: bytes) -> bytes:
    trie = struct.pack(f"<{len(units)}I", *units)
    return struct.pack("<I", len(trie)) + trie + pool
