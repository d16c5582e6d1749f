"""The tokens tab: your text cut into chunks, its bytes, its tokens with hex, and decoding.

Also bytes typed in hex, including bytes that are not valid UTF-8. The page calls
:func:`render_tokens` and :func:`render_hex_input`.
"""

from __future__ import annotations

import streamlit as st

from subword_core.byte_level import ByteEncoding, ByteLevelModel, hex_bytes, parse_hex
from subword_core.errors import SubwordError
from ui.app.common import persisted
from ui.app.corpus_picker import error_text
from ui.app.i18n import join_sentences, sentence_gap, translator
from ui.app.limits import LIMITS
from ui.draw.html import badge_html, esc, show_error, show_html, token_spans_html
from ui.views.byte_level.chars import _CSS, _more, char_cards_html, lookalike_note, token_cards_html
from ui.views.byte_level.settings import MAX_CARDS

__all__ = ["render_hex_input", "render_tokens"]

t = translator("byte_level")


# --------------------------------------------------------------------------------------
# Your text: chunks, bytes, tokens, decode
# --------------------------------------------------------------------------------------


def render_tokens(model: ByteLevelModel, text: str) -> None:
    """Show the text cut into chunks, its bytes, its tokens with hex, and the decode check."""
    if not text:
        st.info(t("Type some text above to see its bytes and tokens."))
        return
    try:
        enc = model.encode_detailed(text)
    except SubwordError as err:
        show_error(error_text(err))
        return
    tokens = [tok.token for tok in enc.tokens]
    n_bytes = len(enc.data) - enc.prefix
    note = lookalike_note(text, t("Your text"))
    if note:
        st.info(note, icon=":material/search:")
    show_html(
        "<p class='sw-text' style='font-size:1.1em'>"
        + t(
            "<strong>{chars}</strong> characters → <strong>{bytes}</strong> bytes of UTF-8 "
            "→ <strong>{tokens}</strong> tokens, <strong>{partial}</strong> of them holding "
            "only part of a character. No token is unknown: every byte has a token of its own."
        ).format(chars=len(text), bytes=n_bytes, tokens=len(tokens), partial=enc.partial_count)
        + "</p>"
    )

    _render_chunks(enc)
    _render_bytes(text)
    _render_token_cards(enc)
    _render_decode(model, enc, text)


def _render_chunks(enc: ByteEncoding) -> None:
    """Step 1 of the tokens tab: the text cut into chunks (GPT-2's rule)."""
    st.markdown("##### " + t("1 · Cut the text into chunks"))
    prefix = (
        " "
        + t(
            "The first ␣ is the space the model put before your text, so that the first word "
            "is treated like every other one; decoding takes it away again."
        )
        if enc.prefix
        else ""
    )
    show_html(
        token_spans_html(list(enc.chunks[:MAX_CARDS]))
        + _more(len(enc.chunks), t("The first {shown} of {total} chunks are shown."))
        + "<div class='sw-small' style='margin-top:.3em'>"
        + esc(
            t(
                "{n} chunks. A space (␣) stays with the word after it, and letters, digits and "
                "other symbols go to separate chunks (GPT-2's rule). Merges never cross from "
                "one chunk into the next."
            ).format(n=len(enc.chunks))
            + prefix
        )
        + "</div>"
    )


def _render_bytes(text: str) -> None:
    """Step 2 of the tokens tab: every character as a card with its UTF-8 bytes."""
    st.markdown("##### " + t("2 · Every character becomes 1 to 4 bytes"))
    more = len(text) - 120
    show_html(
        char_cards_html(text)
        + (
            "<div class='sw-small'>"
            + esc(t("… and {n} more characters.").format(n=more))
            + "</div>"
            if more > 0
            else ""
        )
        + "<div class='sw-small' style='margin-top:.3em'>"
        + esc(
            t(
                "Under each character: its UTF-8 bytes in hex, and how those bytes are drawn in "
                "tokens (one printable character per byte, from the byte table)."
            )
        )
        + "</div>"
    )


def _render_token_cards(enc: ByteEncoding) -> None:
    """Step 3 of the tokens tab: the tokens as cards, with their bytes and what they hold."""
    tokens = [tok.token for tok in enc.tokens]
    st.markdown("##### " + t("3 · BPE merges bytes into tokens"))
    show_html(
        token_cards_html(enc.tokens)
        + _more(len(tokens), t("The first {shown} of {total} tokens are shown."))
        + "<div class='sw-small' style='margin-top:.3em'>"
        + t(
            "Top: the token as GPT-2-style tokenizers print it; middle: its bytes; bottom: what "
            "it holds. <strong>Dashed border, “part of a char”</strong>: the token holds only "
            "some bytes of a character (你 1–2/3 = bytes 1 to 2 of the 3 bytes of 你); the rest "
            "is in the next token."
        )
        + "</div>"
    )


def _render_decode(model: ByteLevelModel, enc: ByteEncoding, text: str) -> None:
    tokens = [tok.token for tok in enc.tokens]
    decoded = model.decode(tokens)
    same = decoded == text
    badge = (
        badge_html(t("✓ identical to your text"), "success")
        if same
        else badge_html(t("✗ differs from your text"), "error")
    )
    join = (
        t("Join the tokens' bytes minus the space added at the start and read them as UTF-8:")
        if enc.prefix
        else t("Join the tokens' bytes and read them as UTF-8:")
    )
    st.markdown("##### " + t("4 · Decode"))
    show_html(f"<p>{esc(join)} {badge}</p><div class='bb-text'>{esc(decoded)}</div>" + _CSS)
    if len(tokens) > 1:
        # start where decoding is interesting: at the first token that ends inside a character
        first_cut = next(
            (i + 1 for i, tok in enumerate(enc.tokens) if tok.ends_inside), len(tokens)
        )
        upto = st.slider(
            t("Decode only the first tokens"),
            min_value=1,
            max_value=len(tokens),
            value=first_cut,
            key="bbpe_decode_upto",
            help=t(
                "Stop in the middle of a character and the bytes left over are not valid "
                "UTF-8: they are shown as �."
            ),
        )
        part = model.decode(tokens[:upto])
        cut = enc.tokens[upto - 1].ends_inside
        why = (
            t(
                "Token {n} ends inside a character, so its last bytes cannot be read on their "
                "own: they become � (U+FFFD, the replacement character), as in GPT-2."
            ).format(n=upto)
            if cut
            else t("Token {n} ends at a character boundary, so this part reads cleanly.").format(
                n=upto
            )
        )
        show_html(f"<div class='bb-text'>{esc(part)}</div><p class='sw-small'>{esc(why)}</p>")


def render_hex_input(model: ByteLevelModel) -> None:
    """Encode bytes typed in hex, including bytes that are not valid UTF-8."""
    st.markdown(
        t(
            "Byte-level BPE works on bytes, so it can even take bytes that are **not text**. "
            "Type bytes in hex (`ff` can never occur in UTF-8):"
        )
    )
    raw = st.text_input(
        t("Bytes in hex"),
        key="bbpe_hex",
        max_chars=LIMITS.box_chars,
        persist_state=persisted("bbpe_hex"),
    )
    try:
        data = parse_hex(raw)
    except SubwordError as err:
        show_error(error_text(err))
        return
    if not data:
        st.info(t("Type some bytes, e.g. e4 bd a0 ff."))
        return
    enc = model.encode_detailed(data)
    back = model.decode_bytes([tok.token for tok in enc.tokens])
    same = badge_html(
        t("✓ the same bytes") if back == data else t("✗ other bytes"),
        "success" if back == data else "error",
    )
    try:
        data.decode("utf-8")
        valid = t("These bytes are valid UTF-8 text.")
    except UnicodeDecodeError as err:
        valid = t(
            "Byte {byte} at offset {offset} is not valid UTF-8, so as text these bytes can only "
            "be shown with � in its place. The tokens keep the byte itself, so nothing is lost "
            "until you ask for text."
        ).format(byte=f"{data[err.start]:02x}", offset=err.start)
    added = t("The first token's Ġ is the space the model puts in front.") if enc.prefix else ""
    counts = t("{bytes} bytes → {tokens} tokens.").format(bytes=len(data), tokens=len(enc.tokens))
    decode, as_text = t("Decode to bytes:"), t("As text:")
    show_html(
        token_cards_html(enc.tokens)
        + f"<p class='sw-small'>{esc(join_sentences(counts, added))}</p>"
        + f"<p>{esc(decode)}{sentence_gap(decode, '')}"
        + f"<code>{esc(hex_bytes(back))}</code> {same}</p>"
        + f"<p>{esc(as_text)}{sentence_gap(as_text, '')}"
        + f"<span class='bb-text'>{esc(data.decode('utf-8', 'replace'))}</span></p>"
        + f"<p class='sw-small'>{esc(valid)}</p>"
    )
    st.caption(
        t(
            "A corpus must be text, so the sidebar's upload is stricter: a file that is not "
            "valid UTF-8 is refused, with the position of the first bad byte, instead of being "
            "guessed at. Save it as UTF-8 (or paste the text) and it can be learned from."
        )
    )
