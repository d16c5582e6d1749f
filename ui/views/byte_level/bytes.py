"""The byte table (GPT-2's printable stand-in for each byte), and why a syllable is 3 bytes.

The page calls :func:`render_byte_table` (its own tab) and :func:`render_cjk_bytes` (below the
tabs).
"""

from __future__ import annotations

import streamlit as st

from subword_core.byte_level import BYTE_TO_UNICODE, ByteLevelResult, from_display, hex_bytes
from ui.app.i18n import translator
from ui.draw.html import esc, show_html
from ui.views.byte_level.chars import _CSS

__all__ = ["byte_table_html", "render_byte_table", "render_cjk_bytes"]

t = translator("byte_level")


# --------------------------------------------------------------------------------------
# The byte table
# --------------------------------------------------------------------------------------


def byte_table_html() -> str:
    """The 256 bytes as a 16 × 16 grid: row = first hex digit, column = second.

    >>> html_ = byte_table_html()
    >>> html_.count("bb-moved"), "Ġ" in html_
    (69, True)
    """
    head = "".join(f"<th>_{d:x}</th>" for d in range(16))
    rows = []
    for hi in range(16):
        cells = []
        for lo in range(16):
            byte = hi * 16 + lo
            ch = BYTE_TO_UNICODE[byte]
            moved = ord(ch) != byte
            cls = ' class="bb-moved"' if moved else ""
            mark = "*" if moved else ""
            cells.append(
                f'<td{cls} title="byte {byte:02x} → {esc(ch)} (U+{ord(ch):04X})">'
                f'<span class="bb-cell">{esc(ch)}</span>'
                f'<span class="bb-small">{byte:02x}{mark}</span></td>'
            )
        rows.append(f"<tr><th>{hi:x}_</th>{''.join(cells)}</tr>")
    return (
        _CSS + f"<table class='bb-grid'><thead><tr><th></th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def render_byte_table() -> None:
    """Explain GPT-2's byte-to-character table and draw it."""
    st.markdown(
        t(
            "A token is a run of bytes, but bytes such as the space (`20`), the line break "
            "(`0a`) or `00` cannot be printed. GPT-2 draws each byte as one printable "
            "character: the 188 bytes that are printable characters stand for themselves (`61` "
            "is `a`), and the other 68 (dashed, with *) borrow the characters from U+0100 on, "
            "in byte order. So the space `20` is drawn **Ġ**, the line break `0a` **Ċ**, the "
            "tab `09` **ĉ**. That is why GPT-2's vocabulary is full of words like `Ġthe`: *the* "
            "with a space before it."
        )
    )
    show_html(byte_table_html())
    st.caption(
        t(
            "Row = first hex digit, column = second: byte e4 (the first byte of 你) is in row "
            "e_, column _4, drawn ä. A character beyond ASCII never appears as itself in a "
            "token; you see its bytes' stand-ins (你 = e4 bd a0 = ä½ł)."
        )
    )


# --------------------------------------------------------------------------------------
# Chinese and Korean in bytes (issue 18)
# --------------------------------------------------------------------------------------

_CJK_SAMPLES = ("a", "é", "学", "한", "학")


def _merge_kind(token: bytes) -> str:
    """What a merged token holds: part of one character, whole characters, or across them.

    >>> word = "학교".encode()
    >>> _merge_kind(word[:2]), _merge_kind(word), _merge_kind(word[2:4])
    ('part of one character', '2 whole characters', 'across characters')
    """
    i, n = 0, len(token)
    while i < n and token[i] & 0xC0 == 0x80:  # starts inside a character
        i += 1
    starts_inside = i > 0
    whole = 0
    ends_inside = False
    while i < n:
        lead = token[i]
        size = 1 if lead < 0x80 else 2 if lead >> 5 == 0b110 else 3 if lead >> 4 == 0b1110 else 4
        if i + size > n:
            ends_inside = True
            break
        whole += 1
        i += size
    if not starts_inside and not ends_inside:
        return t("one whole character") if whole == 1 else t("{n} whole characters").format(n=whole)
    if whole == 0 and starts_inside != ends_inside:
        return t("part of one character")
    return t("across characters")


def render_cjk_bytes(result: ByteLevelResult, limit: int = 12) -> None:
    """Why a Hangul syllable or a CJK character is 3 bytes, and what the learned merges hold.

    Each merge's token is decoded to its bytes and classified: part of one character (the
    first two bytes of 학), one whole character, whole characters (학교), or across characters
    (the last byte of 학 with the first of 교: a merge across syllables, which no character-level
    tokenizer could make).
    """
    rows = "".join(
        f"<tr><td>{esc(ch)}</td><td>U+{ord(ch):04X}</td><td><code>{hex_bytes(ch.encode())}</code>"
        f"</td><td><code>{' '.join(f'{b:08b}' for b in ch.encode())}</code></td></tr>"
        for ch in _CJK_SAMPLES
    )
    head = "".join(
        f"<th>{esc(h)}</th>" for h in (t("character"), t("code point"), t("UTF-8 bytes"), t("bits"))
    )
    show_html(
        "<div class='sw-text'>"
        + t(
            "UTF-8 writes a character with 1 to 4 bytes: ASCII (below U+0080) with 1, U+0080 "
            "to U+07FF with 2, and U+0800 to U+FFFF with 3 bytes, "
            "<code>1110xxxx 10xxxxxx 10xxxxxx</code>. Every Hangul syllable (U+AC00 to U+D7A3) "
            "and the common Chinese characters (U+4E00 to U+9FFF) lie in that range, so each "
            "is 3 bytes, and byte-level BPE starts from 3 symbols per syllable."
        )
        + "</div>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )
    merged = result.merges[:limit]
    if not merged:
        return
    lines = []
    for number, (left, right) in enumerate(merged, start=1):
        token = from_display(left) + from_display(right)
        shown = token.decode("utf-8", errors="replace")
        lines.append(
            f"<tr><td>{number}</td><td><code>{esc(hex_bytes(token))}</code></td>"
            f"<td>{esc(shown)}</td><td>{esc(_merge_kind(token))}</td></tr>"
        )
    head = "".join(
        f"<th>{esc(h)}</th>"
        for h in (
            t("merge"),
            t("bytes"),
            t("as text (� = part of a character)"),
            t("holds"),
        )
    )
    show_html(
        "<div class='sw-text'>"
        + t(
            "What the first merges of this corpus hold. A merge <em>across characters</em> "
            "joins the end of one syllable to the start of the next (its bytes are no "
            "character of their own): it is learned because those bytes are frequent together, "
            "not because they are a unit of the language."
        )
        + "</div>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead><tbody>"
        + "".join(lines)
        + "</tbody></table>"
    )
