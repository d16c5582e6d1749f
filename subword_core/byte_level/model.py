"""Byte-level BPE, the model: BPE merges on the byte stand-ins; encode text or bytes, decode
back, with every token's bytes shown (:class:`ByteEncoding`, :class:`ByteToken`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from subword_core import bpe as bpe_core
from subword_core.byte_level.alphabet import _DISPLAY, from_display, hex_bytes, to_display
from subword_core.byte_level.chars import CharPiece, char_pieces
from subword_core.byte_level.pretokenize import pre_tokenize
from subword_core.errors import ParameterError, check_option
from subword_core.merges import Pair

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
