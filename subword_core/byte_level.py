"""Byte-level BPE (BBPE): BPE over the UTF-8 bytes of the text, so nothing is ever unknown.

GPT-2 (Radford et al. 2019, "Language Models are Unsupervised Multitask Learners") runs BPE
over bytes instead of characters; Wang, Cho and Gu (2020) call it byte-level BPE (BBPE), and
seed 000 lists it after BPE, WordPiece and the unigram LM. The idea in three steps:

1. **Pre-tokenize** the text into chunks with GPT-2's rule (:func:`pre_tokenize`): a space
   stays with the word after it (``" lower"``), letters, digits and other symbols are kept
   apart, and ``'s 't 're 've 'm 'll 'd`` are split off. Merges never cross a chunk boundary.
2. **Bytes**: every chunk becomes its UTF-8 bytes, and every byte is drawn as one printable
   character (:data:`BYTE_TO_UNICODE`, GPT-2's ``bytes_to_unicode`` table): printable bytes
   stand for themselves, the others are moved up to U+0100 onwards, so the space byte ``20``
   is drawn ``Ġ`` and the newline ``0a`` is drawn ``Ċ``.
3. **BPE** on those byte-characters: exactly :func:`subword_core.bpe.learn` and
   :class:`subword_core.bpe.BPEModel`, with no end-of-word marker (the space in front of a
   word already marks where words start). This module only maps text to bytes and back; the
   merging is the BPE core's.

How it differs from character-level BPE: the base vocabulary is the 256 byte values, so every
text, in every script, can be encoded without an unknown token, and decoding gives back the
exact bytes. The price: a character outside ASCII takes 2 to 4 bytes, and a merge may glue
only *part* of a character's bytes, so a token can hold half a character
(:attr:`ByteToken.partial`).

Corpus words and running text (the decision, documented):

- a :class:`~subword_core.corpus.Corpus` (or ``{word: count}`` mapping) is a table of words
  that stood between spaces, so each word is learned as ``" " + word`` (shown ``Ġword``),
  pre-tokenized the same way, and weighted by its count;
- a ``str`` is running text, kept exactly (spaces, line breaks and all); with
  ``add_prefix_space`` one space is put before it, so its first word looks like every other
  word (RoBERTa's ``add_prefix_space``, SentencePiece's dummy prefix). Unlike the
  ``tokenizers`` library, the space is added even when the text already starts with one, so
  :meth:`ByteLevelModel.decode` can always remove it again and the round trip is exact.

>>> result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 4)
>>> result.merges
[('e', 's'), ('es', 't'), ('Ġ', 'l'), ('Ġl', 'o')]
>>> result.model.encode("lowest 你")
['Ġlo', 'w', 'est', 'Ġ', 'ä', '½', 'ł']
>>> result.model.decode(result.model.encode("lowest 你"))
'lowest 你'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from subword_core import bpe as bpe_core
from subword_core.corpus import Corpus
from subword_core.errors import ParameterError, check_option
from subword_core.pairs import Pair

__all__ = [
    "BYTE_TO_UNICODE",
    "UNICODE_TO_BYTE",
    "ByteEncoding",
    "ByteLevelModel",
    "ByteLevelResult",
    "ByteToken",
    "CharPiece",
    "byte_corpus",
    "bytes_to_unicode",
    "char_pieces",
    "from_display",
    "hex_bytes",
    "learn",
    "lookalikes",
    "parse_hex",
    "pre_tokenize",
    "to_display",
]


# --------------------------------------------------------------------------------------
# The printable byte table (GPT-2's bytes_to_unicode)
# --------------------------------------------------------------------------------------


def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's table from each byte value (0-255) to one printable character.

    The 188 bytes that are printable Latin-1 characters (``!`` to ``~``, ``¡`` to ``¬``,
    ``®`` to ``ÿ``) stand for themselves. The other 68 (control bytes, the space, DEL and
    the soft hyphen) get the characters U+0100, U+0101, ... in byte order, so that no token
    ever contains whitespace or an invisible character.

    Returns:
        ``{byte: character}`` for all 256 bytes, in byte order.

    >>> table = bytes_to_unicode()
    >>> table[ord("a")], table[0x20], table[0x0A], len(set(table.values()))
    ('a', 'Ġ', 'Ċ', 256)
    """
    printable = [
        *range(ord("!"), ord("~") + 1),
        *range(ord("¡"), ord("¬") + 1),
        *range(ord("®"), ord("ÿ") + 1),
    ]
    table: dict[int, str] = {}
    shifted = 0
    for byte in range(256):
        if byte in printable:
            table[byte] = chr(byte)
        else:
            # subtle: the shifted bytes are numbered in byte order, so 0x00 -> U+0100 and
            # the space (the 33rd non-printable byte) -> U+0120 'Ġ'.
            table[byte] = chr(256 + shifted)
            shifted += 1
    return table


BYTE_TO_UNICODE: Mapping[int, str] = bytes_to_unicode()
"""Each byte value's printable character (``0x20 -> 'Ġ'``)."""

UNICODE_TO_BYTE: Mapping[str, int] = {ch: byte for byte, ch in BYTE_TO_UNICODE.items()}
"""The inverse table (``'Ġ' -> 0x20``)."""

_DISPLAY = tuple(BYTE_TO_UNICODE[b] for b in range(256))


def to_display(data: bytes) -> str:
    """Draw bytes as printable characters, one character per byte.

    >>> to_display(" low".encode()), to_display("é".encode())
    ('Ġlow', 'Ã©')
    """
    return "".join(_DISPLAY[b] for b in data)


def lookalikes(text: str) -> tuple[tuple[str, int], ...]:
    """The characters of ``text`` that the byte table also uses to draw *another* byte.

    The table draws the 68 bytes that have no printable look of their own with borrowed
    letters (the space ``20`` is ``Ġ``, the line break ``0a`` is ``Ċ``). A text may contain
    those letters itself: its ``Ġ`` is then the two bytes ``c4 a0`` (drawn ``Äł``), never the
    space byte, so training and encoding stay correct; only the drawings look alike, which is
    worth telling the reader. Each character is listed once, in order of first occurrence,
    with the byte it draws.

    >>> lookalikes("aĠbĠċ")
    (('Ġ', 32), ('ċ', 11))
    >>> lookalikes("plain text, é and 你")
    ()
    """
    found: dict[str, int] = {}
    for ch in text:
        if ord(ch) >= 256 and ch in UNICODE_TO_BYTE and ch not in found:
            found[ch] = UNICODE_TO_BYTE[ch]
    return tuple(found.items())


def from_display(token: str) -> bytes:
    """The bytes a display-form token stands for (the inverse of :func:`to_display`).

    Raises:
        ParameterError: a character of ``token`` is not in the byte table.

    >>> from_display("Ġlow"), from_display("Ã©").decode()
    (b' low', 'é')
    """
    try:
        return bytes(UNICODE_TO_BYTE[ch] for ch in token)
    except KeyError as err:
        ch = err.args[0]
        raise ParameterError(
            f"{ch!r} (U+{ord(ch):04X}) in the token {token!r} does not stand for a byte: "
            "byte-level tokens are written only with the 256 characters of the byte table.",
            code="not_a_byte_char",
            values={"char": repr(ch), "code_point": f"U+{ord(ch):04X}", "token": repr(token)},
        ) from None


def hex_bytes(data: bytes) -> str:
    """Bytes as two-digit hex numbers separated by spaces.

    >>> hex_bytes("你".encode())
    'e4 bd a0'
    """
    return data.hex(" ")


def parse_hex(text: str) -> bytes:
    """Read bytes typed as hex: pairs of hex digits, spaces, commas or ``0x`` allowed.

    Raises:
        ParameterError: something that is not a hex byte, with its position, or ``text``
            is not a ``str``.

    >>> parse_hex("e4 bd a0"), parse_hex("0xFF,0x41"), parse_hex("e4bd")
    (b'\\xe4\\xbd\\xa0', b'\\xffA', b'\\xe4\\xbd')
    """
    if not isinstance(text, str):
        raise ParameterError(
            f"Hex bytes are read from text (a str), not {type(text).__name__}.",
            code="not_text",
            values={"name": "hex", "type": type(text).__name__},
        )
    out = bytearray()
    for number, part in enumerate(text.replace(",", " ").split(), start=1):
        digits = part[2:] if part.lower().startswith("0x") else part
        if not digits or len(digits) % 2 or any(c not in "0123456789abcdefABCDEF" for c in digits):
            raise ParameterError(
                f"Item {number}, {part[:20]!r}, is not a byte in hex: write bytes as pairs of "
                "hex digits 0-9 and a-f, such as 'e4 bd a0' or '0xff'.",
                code="not_hex",
                values={"item": number, "text": repr(part[:20])},
            )
        out.extend(bytes.fromhex(digits))
    return bytes(out)


# --------------------------------------------------------------------------------------
# Pre-tokenization: GPT-2's rule
# --------------------------------------------------------------------------------------

_CONTRACTIONS = ("'s", "'t", "'re", "'ve", "'m", "'ll", "'d")
# subtle: Unicode's White_Space property, which is what the regex engine behind GPT-2 and
# the tokenizers library calls \s. Python's str.isspace() also counts the four information
# separators U+001C-U+001F; GPT-2 treats those as punctuation.
_NOT_WHITE_SPACE = frozenset("\x1c\x1d\x1e\x1f")


def _kind(ch: str) -> str:
    """``"L"`` letter, ``"N"`` number, ``"S"`` whitespace, ``"P"`` anything else."""
    if ch.isspace() and ch not in _NOT_WHITE_SPACE:
        return "S"
    category = unicodedata.category(ch)[0]
    return category if category in "LN" else "P"


def pre_tokenize(text: str) -> list[str]:
    """Cut running text into chunks with GPT-2's rule; BPE never merges across chunks.

    The rule is GPT-2's regular expression
    ``'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+``,
    read left to right, first alternative that fits:

    - the contractions ``'s 't 're 've 'm 'll 'd`` (lower case only);
    - a run of letters, of digits, or of other symbols, each with at most one space before it;
    - a run of whitespace: at the end of the text all of it; before a word all but its last
      character, which then goes with the word if it is a plain space.

    The chunks joined give the text back. Letters and digits are judged by Python's Unicode
    database (14.0 in Python 3.11); characters added to Unicode later count as "other".

    >>> pre_tokenize("I'll say  hi!! 你好 2024")
    ['I', "'ll", ' say', ' ', ' hi', '!!', ' 你好', ' 2024']
    >>> pre_tokenize("a\\n\\nb ")
    ['a', '\\n', '\\n', 'b', ' ']
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "'":
            contraction = next((c for c in _CONTRACTIONS if text.startswith(c, i)), None)
            if contraction is not None:
                out.append(contraction)
                i += len(contraction)
                continue
        kind = _kind(ch)
        start = i
        if ch == " " and i + 1 < n and _kind(text[i + 1]) != "S":
            # ' ?\p{L}+' and its siblings: one plain space goes with the run after it
            i += 1
            kind = _kind(text[i])
        if kind != "S":
            while i < n and _kind(text[i]) == kind:
                i += 1
            out.append(text[start:i])
            continue
        end = i
        while end < n and _kind(text[end]) == "S":
            end += 1
        if end < n and end - i >= 2:
            # subtle: '\s+(?!\S)' backs off one character before a word, so that the last
            # space can start the word's chunk (or, for a tab or newline, stand alone).
            end -= 1
        out.append(text[i:end])
        i = end
    return out


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


# --------------------------------------------------------------------------------------
# The model
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ByteToken:
    """One token of an encoded text, with its bytes and the characters it holds.

    Attributes:
        token: the display form, e.g. ``"Ġlow"``.
        data: the bytes it stands for, e.g. ``b" low"``.
        start: offset of its first byte in :attr:`ByteEncoding.data`.
        end: offset just after its last byte.
        chunk: index of the pre-tokenized chunk it comes from.
        pieces: the characters it holds; a character cut by a token boundary appears in
            both tokens, each with the bytes it holds.

    >>> token = ByteLevelModel(()).encode_detailed("é").tokens[1]
    >>> token.token, token.hex, token.partial, token.starts_inside, token.ends_inside
    ('Ã', 'c3', True, False, True)
    """

    token: str
    data: bytes
    start: int
    end: int
    chunk: int
    pieces: tuple[CharPiece, ...]

    @property
    def hex(self) -> str:
        """The bytes in hex, e.g. ``"20 6c 6f 77"``."""
        return hex_bytes(self.data)

    @property
    def starts_inside(self) -> bool:
        """True when the token's first byte is not the first byte of its character."""
        return bool(self.pieces) and self.pieces[0].first > 1

    @property
    def ends_inside(self) -> bool:
        """True when the token's last byte is not the last byte of its character."""
        return bool(self.pieces) and self.pieces[-1].last < self.pieces[-1].size

    @property
    def partial(self) -> bool:
        """True when the token cuts a multi-byte character (holds only some of its bytes)."""
        return self.starts_inside or self.ends_inside


@dataclass(frozen=True)
class ByteEncoding:
    """A text encoded step by step: the chunks, the bytes and the tokens with their bytes.

    Attributes:
        data: the bytes the model saw (with the added leading space, if any).
        prefix: how many bytes were added in front (1 with ``add_prefix_space``, else 0).
        chunks: the pre-tokenized chunks, as text.
        tokens: the tokens in order.

    >>> enc = ByteLevelModel(()).encode_detailed("hi")
    >>> enc.data, enc.chunks, [t.token for t in enc.tokens]
    (b' hi', (' hi',), ['Ġ', 'h', 'i'])
    """

    data: bytes
    prefix: int
    chunks: tuple[str, ...]
    tokens: tuple[ByteToken, ...]

    @property
    def partial_count(self) -> int:
        """How many tokens cut a character."""
        return sum(t.partial for t in self.tokens)


@dataclass(frozen=True)
class ByteLevelModel:
    """A byte-level BPE model: merges over byte characters, plus the prefix-space choice.

    Args:
        merges: ``(left, right)`` pairs in display form (``("Ġ", "l")``), in merge order.
        add_prefix_space: put one space before the text when encoding (and remove it when
            decoding), so the first word is encoded like every other word.

    Attributes:
        bpe: the :class:`~subword_core.bpe.BPEModel` that does the merging (no marker).

    Raises:
        ParameterError: a merge symbol holds a character that is not in the byte table.

    >>> model = ByteLevelModel((("Ġ", "h"), ("Ġh", "i")))
    >>> model.encode("hi hi!")
    ['Ġhi', 'Ġhi', '!']
    >>> model.decode(["Ġhi", "Ġhi", "!"])
    'hi hi!'
    """

    merges: tuple[Pair, ...]
    add_prefix_space: bool = True
    bpe: bpe_core.BPEModel = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        merges = tuple((str(a), str(b)) for a, b in self.merges)
        for left, right in merges:
            from_display(left)
            from_display(right)
        object.__setattr__(self, "merges", merges)
        object.__setattr__(
            self,
            "bpe",
            bpe_core.BPEModel(merges, end_of_word="", alphabet=frozenset(_DISPLAY)),
        )

    # --- text in -------------------------------------------------------------------

    def _with_prefix(self, text: str) -> str:
        # subtle: the space is added even when the text already starts with one (the
        # tokenizers library does not), so decode can always take exactly one away.
        return " " + text if self.add_prefix_space and text else text

    def pre_tokenize(self, text: str) -> list[str]:
        """The chunks the text is cut into (with the added space, if any).

        >>> ByteLevelModel(()).pre_tokenize("low, lower")
        [' low', ',', ' lower']
        """
        return pre_tokenize(self._with_prefix(text))

    def encode(self, text: str) -> list[str]:
        """Encode text into display-form tokens; :meth:`decode` gives the text back exactly.

        Raises:
            ParameterError: the text holds a lone surrogate (not a character; no UTF-8).

        >>> ByteLevelModel((("Ġ", "l"),)).encode("low 🙂")
        ['Ġl', 'o', 'w', 'Ġ', 'ð', 'Ł', 'Ļ', 'Ĥ']
        """
        return [token for chunk in self.pre_tokenize(text) for token in self._chunk(chunk)]

    def _chunk(self, chunk: str, errors: str = "strict") -> list[str]:
        try:
            data = chunk.encode("utf-8", errors)
        except UnicodeEncodeError as err:
            code = ord(err.object[err.start])
            raise ParameterError(
                f"The text holds U+{code:04X}, a lone surrogate: half of a UTF-16 pair, not a "
                "character, so it has no UTF-8 bytes to encode.",
                code="lone_surrogate",
                values={"code_point": f"U+{code:04X}"},
            ) from None
        return self.bpe.encode(to_display(data))

    def encode_bytes(self, data: bytes) -> list[str]:
        """Encode any bytes, valid UTF-8 or not; :meth:`decode_bytes` gives them back.

        Bytes that are not valid UTF-8 are pre-tokenized like punctuation.

        >>> ByteLevelModel((), add_prefix_space=False).encode_bytes(b"a\\xff")
        ['a', 'ÿ']
        """
        text = data.decode("utf-8", "surrogateescape")
        # subtle: an invalid byte XX became the lone surrogate U+DCXX, which pre-tokenizes
        # as "other" and turns back into the byte XX below.
        return [
            token
            for chunk in self.pre_tokenize(text)
            for token in self._chunk(chunk, "surrogateescape")
        ]

    def encode_detailed(self, text: str | bytes) -> ByteEncoding:
        """Encode and keep every token's bytes, offsets and the characters it holds.

        >>> enc = ByteLevelModel((), add_prefix_space=False).encode_detailed("é")
        >>> [(t.token, t.hex, t.partial) for t in enc.tokens]
        [('Ã', 'c3', True), ('©', 'a9', True)]
        """
        errors = "strict"
        if isinstance(text, bytes):
            text, errors = text.decode("utf-8", "surrogateescape"), "surrogateescape"
        chunks = self.pre_tokenize(text)
        tokens: list[tuple[str, int]] = []
        for index, chunk in enumerate(chunks):
            tokens.extend((token, index) for token in self._chunk(chunk, errors))
        data = "".join(chunks).encode("utf-8", "surrogateescape")
        bounds: list[tuple[int, int]] = []
        offset = 0
        for token, _ in tokens:
            bounds.append((offset, offset + len(token)))
            offset += len(token)
        pieces = char_pieces(data, bounds)
        return ByteEncoding(
            data=data,
            prefix=1 if self.add_prefix_space and text else 0,
            chunks=tuple(chunks),
            tokens=tuple(
                ByteToken(token, data[s:e], s, e, chunk, p)
                for (token, chunk), (s, e), p in zip(tokens, bounds, pieces, strict=True)
            ),
        )

    # --- bytes and text out -------------------------------------------------------------

    def decode_bytes(self, tokens: Iterable[str]) -> bytes:
        """The bytes the tokens stand for, without the space :meth:`encode` added.

        Raises:
            ParameterError: a token holds a character that is not in the byte table.

        >>> ByteLevelModel(()).decode_bytes(["Ġ", "ä", "½", "ł"])
        b'\\xe4\\xbd\\xa0'
        """
        data = b"".join(from_display(token) for token in tokens)
        if self.add_prefix_space and data.startswith(b" "):
            data = data[1:]
        return data

    def decode(self, tokens: Iterable[str], errors: str = "replace") -> str:
        """Join the tokens' bytes and read them as UTF-8 text.

        Args:
            tokens: display-form tokens, normally a whole :meth:`encode` output.
            errors: what to do with bytes that are not valid UTF-8 (e.g. only some tokens of
                a character): ``"replace"`` puts U+FFFD ``�`` in their place, as GPT-2 and
                the tokenizers library do; ``"strict"`` raises.

        Raises:
            ParameterError: ``errors="strict"`` and the bytes are not valid UTF-8, or a token
                holds a character that is not in the byte table.

        >>> model = ByteLevelModel(())
        >>> model.decode(["Ġ", "ä", "½", "ł"]), model.decode(["Ġ", "ä", "½"])
        ('你', '�')
        """
        check_option(
            "errors",
            errors,
            ("replace", "strict"),
            f"errors must be 'replace' or 'strict', not {errors!r}.",
        )
        data = self.decode_bytes(tokens)
        try:
            return data.decode("utf-8", errors)
        except UnicodeDecodeError as err:
            raise ParameterError(
                f"The tokens' bytes are not valid UTF-8: byte {data[err.start]:02x} at offset "
                f"{err.start} ({err.reason}). A token list that stops in the middle of a "
                "character cannot be read as text.",
                code="not_utf8",
                values={"byte": f"{data[err.start]:02x}", "offset": err.start},
            ) from None

    # --- the vocabulary ----------------------------------------------------------------

    @cached_property
    def vocabulary(self) -> list[str]:
        """All tokens: the 256 bytes in byte order, then each merged symbol once.

        >>> vocab = ByteLevelModel((("Ġ", "l"),)).vocabulary
        >>> len(vocab), vocab[0x20], vocab[-1]
        (257, 'Ġ', 'Ġl')
        """
        vocab = dict.fromkeys(_DISPLAY)
        for left, right in self.merges:
            vocab[left + right] = None
        return list(vocab)

    @property
    def vocab_size(self) -> int:
        """How many tokens the model has: 256 bytes + the distinct merged symbols.

        >>> ByteLevelModel((("Ġ", "l"), ("Ġl", "o"))).vocab_size
        258
        """
        return len(self.vocabulary)


# --------------------------------------------------------------------------------------
# Learning: composed from subword_core.bpe
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ByteLevelResult:
    """What :func:`learn` returns: the BPE result on bytes, plus the text of every chunk.

    Attributes:
        bpe: the :class:`~subword_core.bpe.BPEResult` of ``bpe.learn`` on the byte corpus
            (its words, pairs and symbols are in display form).
        model: the :class:`ByteLevelModel`.
        chunks: the text of each word of ``bpe.corpus``, aligned with it (``" low"`` for
            ``"Ġlow"``).

    >>> result = learn("a a a", 1)
    >>> result.merges, result.chunks, result.model.vocab_size
    ([('Ġ', 'a')], (' a',), 257)
    """

    bpe: bpe_core.BPEResult
    model: ByteLevelModel
    chunks: tuple[str, ...]

    @property
    def merges(self) -> list[Pair]:
        """The merges in display form, in order (``[("Ġ", "l"), ...]``)."""
        return self.bpe.merges

    @property
    def steps(self) -> list[bpe_core.MergeStep]:
        """The BPE core's steps, one per merge (plus a final stop step if it stopped early)."""
        return self.bpe.steps

    @property
    def corpus(self) -> Corpus:
        """The byte corpus: each chunk in display form with its count."""
        return self.bpe.corpus

    @property
    def stop_reason(self) -> str:
        """Why learning stopped (see :attr:`subword_core.bpe.BPEResult.stop_reason`)."""
        return self.bpe.stop_reason


def _chunk_counts(
    text_or_corpus: str | Corpus | Mapping[str, int], add_prefix_space: bool
) -> dict[str, int]:
    counts: dict[str, int] = {}
    if isinstance(text_or_corpus, str):
        text = " " + text_or_corpus if add_prefix_space and text_or_corpus else text_or_corpus
        for chunk in pre_tokenize(text):
            counts[chunk] = counts.get(chunk, 0) + 1
        return counts
    corpus = (
        text_or_corpus if isinstance(text_or_corpus, Corpus) else Corpus.from_counts(text_or_corpus)
    )
    for word, count in corpus.items:
        # subtle: a corpus word stood between spaces, so it is learned as " word" (Ġword)
        # whatever add_prefix_space says; its punctuation still becomes chunks of its own.
        for chunk in pre_tokenize(" " + word):
            counts[chunk] = counts.get(chunk, 0) + count
    return counts


def byte_corpus(
    text_or_corpus: str | Corpus | Mapping[str, int],
    *,
    extra_text: str = "",
    add_prefix_space: bool = True,
) -> tuple[Corpus, tuple[str, ...]]:
    """The corpus BPE learns from: every chunk in display form with its count.

    Args:
        text_or_corpus: running text, or a word/count corpus (each word learned as
            ``" " + word``).
        extra_text: running text learned together with it (its chunks' counts are added).
        add_prefix_space: put one space before running text.

    Returns:
        ``(corpus, chunks)``: the display-form corpus and, aligned with its words, each
        chunk's text.

    Raises:
        ParameterError: there is no chunk at all (empty text).

    >>> corpus, chunks = byte_corpus({"low": 5, "don't": 1}, extra_text="é")
    >>> corpus.as_dict(), chunks
    ({'Ġlow': 5, 'Ġdon': 1, "'t": 1, 'ĠÃ©': 1}, (' low', ' don', "'t", ' é'))
    """
    counts = _chunk_counts(text_or_corpus, add_prefix_space)
    if extra_text:
        for chunk, count in _chunk_counts(extra_text, add_prefix_space).items():
            counts[chunk] = counts.get(chunk, 0) + count
    if not counts:
        raise ParameterError(
            "The text is empty: there is nothing to learn from.", code="empty_text"
        )
    try:
        mapped = [(to_display(chunk.encode("utf-8")), count) for chunk, count in counts.items()]
    except UnicodeEncodeError as err:
        code = ord(err.object[err.start])
        raise ParameterError(
            f"The text holds U+{code:04X}, a lone surrogate: not a character, so it has no "
            "UTF-8 bytes to learn from.",
            code="lone_surrogate",
            values={"code_point": f"U+{code:04X}"},
        ) from None
    return Corpus.from_counts(mapped), tuple(counts)


def learn(
    text_or_corpus: str | Corpus | Mapping[str, int],
    num_merges: int,
    *,
    extra_text: str = "",
    add_prefix_space: bool = True,
    min_frequency: int = 2,
    tie_break: bpe_core.TieBreak = "first-seen",
    choose: Mapping[int, Pair] | None = None,
    top_k: int = 50,
    max_changed_words: int = 50,
    history_limit: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> ByteLevelResult:
    """Learn byte-level BPE merges: :func:`subword_core.bpe.learn` on the byte corpus.

    Args:
        text_or_corpus: running text (``str``, kept exactly), or a word/count corpus
            (``Corpus`` or ``{word: count}``; each word is learned as ``" " + word``).
        num_merges: how many merges to learn at most (>= 1).
        extra_text: running text learned together with ``text_or_corpus``.
        add_prefix_space: put one space before running text (in learning and encoding).
        min_frequency: stop when the most frequent pair occurs fewer times (>= 1).
        tie_break: ``"first-seen"`` or ``"lexicographic"`` (see ``bpe.learn``).
        choose: ``{step: pair}`` picks among tied pairs, pairs in display form.
        top_k: how many pair counts each step keeps besides the ties.
        max_changed_words: how many changed words each step keeps.
        history_limit: how many words' segmentation history is kept.
        progress: called as ``progress(done, total)`` between merges, as by
            :func:`subword_core.bpe.learn`; an exception it raises stops the learning.

    Returns:
        A :class:`ByteLevelResult` with ``.merges``, ``.steps`` and ``.model``.

    Raises:
        ParameterError: a bad argument or an empty text.
        CorpusError: a bad ``{word: count}`` mapping.

    >>> result = learn("你好 你好", 2)
    >>> result.merges
    [('Ġ', 'ä'), ('Ġä', '½')]
    >>> result.model.encode("你好")
    ['Ġä½', 'ł', 'å', '¥', '½']
    """
    corpus, chunks = byte_corpus(
        text_or_corpus, extra_text=extra_text, add_prefix_space=add_prefix_space
    )
    result = bpe_core.learn(
        corpus,
        num_merges,
        min_frequency=min_frequency,
        end_of_word="",
        tie_break=tie_break,
        choose=choose,
        top_k=top_k,
        max_changed_words=max_changed_words,
        history_limit=history_limit,
        progress=progress,
    )
    model = ByteLevelModel(tuple(result.merges), add_prefix_space)
    return ByteLevelResult(bpe=result, model=model, chunks=chunks)
