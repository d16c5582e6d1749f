"""Byte-level BPE, the alphabet: GPT-2's table of 256 printable stand-ins, one per byte.

:data:`BYTE_TO_UNICODE` maps a byte to the character that shows it (a space is ``Ġ``);
:func:`to_display` / :func:`from_display` convert, :func:`hex_bytes` / :func:`parse_hex` read
and write bytes as hex, :func:`lookalikes` finds characters a reader could confuse.
"""

from __future__ import annotations

from collections.abc import Mapping

from subword_core.errors import ParameterError

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
