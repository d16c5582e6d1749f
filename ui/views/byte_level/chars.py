"""Words for characters and their bytes, and cards that draw them (pure, tested directly).

What a run of bytes holds (whole characters, or bytes 1–2 of the 3 bytes of 你), the note when a
text uses a letter of the byte table, and the cards of the tokens tab.

Example:
    >>> char_label(" "), char_label("\\u0301"), char_label("\\u200d")
    ('␣', '◌́', 'U+200D')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from subword_core.bpe import MergeStep
from subword_core.byte_level import (
    BYTE_TO_UNICODE,
    ByteLevelResult,
    ByteToken,
    CharPiece,
    char_pieces,
    from_display,
    hex_bytes,
    lookalikes,
    to_display,
)
from ui.app.i18n import join_sentences, translator
from ui.draw.html import esc, md_escape
from ui.views.byte_level.settings import MAX_CARDS

__all__ = [
    "char_cards_html",
    "char_label",
    "cut_characters",
    "describe_pieces",
    "lookalike_note",
    "piece_note",
    "step_occurrences",
    "step_pieces",
    "token_cards_html",
]

t = translator("byte_level")

_CSS = """<style>
.bb-cards { display: flex; flex-wrap: wrap; gap: 0.35em; align-items: stretch; }
.bb-card { display: inline-flex; flex-direction: column; align-items: center;
  border: 1px solid; border-radius: 0.35em; padding: 0.15em 0.45em; min-width: 2.6em; }
.bb-label { font-size: 0.62em; font-weight: 700; text-transform: uppercase;
  letter-spacing: 0.04em; line-height: 1.2; min-height: 1.2em; }
.bb-main { font-family: var(--sw-mono); font-size: 1.15em; white-space: pre; }
.bb-hex { font-family: var(--sw-mono); font-size: 0.8em; opacity: 0.9; white-space: nowrap; }
.bb-note { font-size: 0.8em; white-space: nowrap; }
.bb-partial { border: 3px dashed rgb(214, 39, 40) !important; }
.bb-arrow { align-self: center; font-size: 1.3em; opacity: 0.7; }
.bb-grid { border-collapse: collapse; }
.bb-grid td, .bb-grid th { border: 1px solid rgba(128, 128, 128, 0.45); text-align: center;
  padding: 0.1em 0.3em; min-width: 2.1em; }
.bb-grid th { font-family: var(--sw-mono); font-size: 0.8em;
  opacity: 0.8; }
.bb-grid td.bb-moved { border: 2px dashed rgba(230, 150, 0, 0.95);
  background: rgba(230, 150, 0, 0.14); }
.bb-grid .bb-cell { font-family: var(--sw-mono); font-size: 1.1em; }
.bb-grid .bb-small { font-size: 0.68em; opacity: 0.8; display: block; }
.bb-text { font-size: 1.2em; white-space: pre-wrap; overflow-wrap: anywhere;
  border: 1px solid rgba(128, 128, 128, 0.5); border-radius: 0.3em; padding: 0.2em 0.5em; }
</style>"""


# --------------------------------------------------------------------------------------
# Words for characters and pieces of characters (pure, tested directly)
# --------------------------------------------------------------------------------------

_WHITESPACE = {" ": "␣", "\t": "⇥", "\n": "↵", "\r": "␍"}


def char_label(ch: str) -> str:
    """How one character is named on the page: visible even when it is invisible.

    A space, tab or line break is shown as ``␣ ⇥ ↵``; a combining mark on a dotted circle;
    an invisible character (joiner, variation selector, control) by its code point; an emoji
    skin tone, which many fonts draw only after an emoji, by name and code point; a byte
    that is not valid UTF-8 as ``byte ff``.

    >>> char_label("a"), char_label("\\n"), char_label("\\ufe0f"), char_label("\\udcff")
    ('a', '↵', 'U+FE0F', 'byte ff')
    >>> char_label("\\U0001f3fd")
    'skin tone U+1F3FD'
    """
    if ch in _WHITESPACE:
        return _WHITESPACE[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:
        return t("byte {hex}").format(hex=f"{code - 0xDC00:02x}")
    if 0x1F3FB <= code <= 0x1F3FF:
        # subtle: many fonts draw a skin tone alone as a missing-glyph box
        return t("skin tone {code}").format(code=f"U+{code:04X}")
    category = unicodedata.category(ch)
    if category[0] in "CZ" or unicodedata.name(ch, "").startswith("VARIATION SELECTOR"):
        return f"U+{code:04X}"
    if category in ("Mn", "Me", "Mc"):
        return "◌" + ch
    return ch


def _text_label(text: str) -> str:
    return "".join(char_label(ch) if ch in _WHITESPACE else ch for ch in text)


def piece_note(pieces: Sequence[CharPiece]) -> str:
    """A short note of what a token holds, for a token card (plain text).

    Whole characters are written out; a cut character as ``你 1–2/3`` (its bytes 1 to 2 of 3).

    >>> piece_note([CharPiece(" ", 1, 1, 1), CharPiece("你", 1, 2, 3)])
    '␣ + 你 1–2/3'
    """
    parts: list[str] = []
    whole = ""
    for piece in pieces:
        if piece.complete and piece.valid:
            whole += char_label(piece.char)
            continue
        if whole:
            parts.append(whole)
            whole = ""
        if not piece.valid:
            parts.append(t("{char} (not UTF-8)").format(char=char_label(piece.char)))
        elif piece.first == piece.last:
            parts.append(f"{char_label(piece.char)} {piece.first}/{piece.size}")
        else:
            parts.append(f"{char_label(piece.char)} {piece.first}–{piece.last}/{piece.size}")
    if whole:
        parts.append(whole)
    return " + ".join(parts)


def describe_pieces(pieces: Sequence[CharPiece]) -> str:
    """What a run of bytes holds, in a sentence fragment (plain text, to be escaped).

    >>> describe_pieces([CharPiece("你", 1, 2, 3)])
    'bytes 1–2 of the 3 bytes of “你”'
    >>> describe_pieces([CharPiece(" ", 1, 1, 1), CharPiece("l", 1, 1, 1)])
    'the whole characters “␣l”'
    """
    parts: list[str] = []
    whole = ""
    for piece in pieces:
        if piece.complete and piece.valid:
            whole += char_label(piece.char)
            continue
        if whole:
            parts.append(f"“{whole}”")
            whole = ""
        if not piece.valid:
            parts.append(
                t("{char}, which is not part of any UTF-8 character").format(
                    char=char_label(piece.char)
                )
            )
        elif piece.first == piece.last:
            parts.append(
                t("byte {first} of the {size} bytes of “{char}”").format(
                    first=piece.first, size=piece.size, char=piece.char
                )
            )
        else:
            parts.append(
                t("bytes {first}–{last} of the {size} bytes of “{char}”").format(
                    first=piece.first, last=piece.last, size=piece.size, char=piece.char
                )
            )
    if whole:
        if not parts:
            return t.n(
                "the whole character “{chars}”", "the whole characters “{chars}”", len(whole)
            ).format(chars=whole)
        parts.append(f"“{whole}”")
    return " + ".join(parts)


def step_occurrences(
    result: ByteLevelResult, step: MergeStep, limit: int = 50
) -> list[tuple[CharPiece, ...]]:
    """What the new symbol of a merge holds at each place it was made, in corpus order.

    A run of bytes alone cannot say whose bytes it holds; inside a word it can. Looks at the
    first ``limit`` changed words the step recorded.

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你们", 1)
    >>> found = step_occurrences(result, result.steps[0])
    >>> [[(p.char, p.first, p.last) for p in ps] for ps in found]
    [[(' ', 1, 1), ('你', 1, 1)], [(' ', 1, 1), ('你', 1, 1)]]
    """
    symbol = step.merged_symbol
    if symbol is None:
        return []
    out: list[tuple[CharPiece, ...]] = []
    for change in step.changed_words[:limit]:
        bounds = []
        offset = 0
        for token in change.after:
            if token == symbol:
                bounds.append((offset, offset + len(token)))
            offset += len(token)  # one display character per byte
        out.extend(char_pieces(from_display(change.word), bounds))
    return out


def step_pieces(result: ByteLevelResult, step: MergeStep) -> tuple[CharPiece, ...]:
    """What the new symbol of a merge holds where it was first made (empty for a stop step).

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你好", 1)
    >>> [(p.char, p.first, p.last) for p in step_pieces(result, result.steps[0])]
    [(' ', 1, 1), ('你', 1, 1)]
    """
    found = step_occurrences(result, step, limit=1)
    return found[0] if found else ()


def cut_characters(result: ByteLevelResult, step: MergeStep) -> list[str]:
    """The different characters the new symbol of a merge holds only part of, in order.

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你们 他们", 1)
    >>> cut_characters(result, result.steps[0])
    ['你', '他']
    """
    chars = (p.char for ps in step_occurrences(result, step) for p in ps if not p.complete)
    return list(dict.fromkeys(chars))


def _readable(word: str) -> str:
    """A display-form corpus word as the text it stands for, spaces made visible."""
    return _text_label(from_display(word).decode("utf-8", "replace"))


def lookalike_note(text: str, whose: str) -> str:
    """A note (markdown, user text escaped) when ``text`` uses letters of the byte table.

    >>> print(lookalike_note("aĠb", "Your text"))  # doctest: +NORMALIZE_WHITESPACE
    Your text contains Ġ (U+0120), the letter this page also uses to draw the byte
    `20` (the space). Yours is a letter of its own, the bytes `c4 a0`, drawn `Äł` in tokens,
    so the results are right; only the drawings look alike.
    >>> lookalike_note("plain", "Your text")
    ''
    """
    found = lookalikes(text)
    if not found:
        return ""
    names = {0x20: t(" (the space)"), 0x0A: t(" (the line break)"), 0x09: t(" (the tab)")}
    ch, byte = found[0]
    others = ""
    if len(found) > 1:
        rest = ", ".join(md_escape(c) for c, _ in found[1:6])
        more = " …" if len(found) > 6 else ""
        others = t(
            "It also contains {rest}{more}, which stand for other bytes in the same way."
        ).format(rest=rest, more=more)
    mine = ch.encode()
    return join_sentences(
        t(
            "{whose} contains {char} ({code}), the letter this page also uses to draw the byte "
            "`{byte}`{name}. Yours is a letter of its own, the bytes `{mine}`, drawn `{drawn}` "
            "in tokens, so the results are right; only the drawings look alike."
        ).format(
            whose=md_escape(whose),
            char=md_escape(ch),
            code=f"U+{ord(ch):04X}",
            byte=f"{byte:02x}",
            name=names.get(byte, ""),
            mine=hex_bytes(mine),
            drawn=to_display(mine),
        ),
        others,
    )


# --------------------------------------------------------------------------------------
# Cards: characters and tokens with their bytes
# --------------------------------------------------------------------------------------


def _card(
    main: str, hex_text: str, note: str, index: int, label: str = "", partial: bool = False
) -> str:
    classes = f"bb-card sw-c{index % 8}" + (" bb-partial" if partial else "")
    title = f"{label} {main}: {hex_text} {note}".strip()
    return (
        f'<div class="{classes}" title="{esc(title)}">'
        f'<span class="bb-label">{esc(label)}</span>'
        f'<span class="bb-main">{esc(main) if main else "∅"}</span>'
        f'<span class="bb-hex">{esc(hex_text)}</span>'
        f'<span class="bb-note">{esc(note)}</span></div>'
    )


def _more(total: int, what: str) -> str:
    """A note that only the first ``MAX_CARDS`` of ``total`` items are drawn (HTML)."""
    if total <= MAX_CARDS:
        return ""
    return f"<div class='sw-small'>{esc(what.format(shown=MAX_CARDS, total=total))}</div>"


def token_cards_html(tokens: Sequence[ByteToken], limit: int = MAX_CARDS) -> str:
    """Each token as a card: display form, bytes in hex, what it holds; cut ones marked.

    A token that cuts a character gets a dashed red border and the label ``PART OF A CHAR``
    (a byte that is not UTF-8 at all: ``NOT UTF-8``), so the mark does not depend on colour.

    >>> from subword_core.byte_level import ByteLevelModel
    >>> html_ = token_cards_html(ByteLevelModel(()).encode_detailed("é").tokens)
    >>> html_.count(' bb-partial"'), "é 1/2" in html_
    (2, True)
    """
    cards = []
    for i, token in enumerate(tokens[:limit]):
        invalid = any(not p.valid for p in token.pieces)
        label = t("not UTF-8") if invalid else t("part of a char") if token.partial else ""
        cards.append(_card(token.token, token.hex, piece_note(token.pieces), i, label, bool(label)))
    return _CSS + f'<div class="bb-cards">{"".join(cards)}</div>'


def char_cards_html(text: str, limit: int = 120) -> str:
    """Each character as a card: the character, its UTF-8 bytes, and how they are drawn.

    >>> "e4 bd a0" in char_cards_html("你")
    True
    """
    cards = []
    for i, ch in enumerate(text[:limit]):
        data = ch.encode("utf-8")
        size = t.n("{n} byte", "{n} bytes", len(data)).format(n=len(data))
        drawn = "".join(BYTE_TO_UNICODE[b] for b in data)
        cards.append(_card(char_label(ch), hex_bytes(data), f"→ {drawn}", i, size))
    return _CSS + f'<div class="bb-cards">{"".join(cards)}</div>'
