"""The corpus picker's upload: a ``.txt`` file decoded (UTF-8, or the UTF-16/32 its byte
order mark names) and kept while the uploader is not on screen.

Example:
    >>> decode_upload("low 5".encode())
    ('low 5', 'utf-8')
"""

from __future__ import annotations

import streamlit as st

from subword_core.errors import CorpusError
from ui.app.corpus_picker.messages import _encoding_name, error_text
from ui.app.corpus_picker.parse import _Outcome, _parse_text
from ui.app.corpus_picker.sources import _MAX_UPLOAD_MB, _UPLOAD_KEY, _UPLOAD_SAVED_KEY
from ui.app.i18n import join_sentences, translator
from ui.draw.html import show_text

t = translator("common")

_BOMS = (  # UTF-32's little-endian mark starts with UTF-16's: UTF-32 first
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


def _wide_encoding(data: bytes) -> str | None:
    """UTF-16 or UTF-32 without a byte-order mark, told by where the zero bytes are.

    Text in those encodings has a zero byte in fixed places of every character (most of the
    characters of a corpus are Latin letters, digits and spaces); UTF-8 text has none.
    """
    if b"\x00" not in data:
        return None

    def zeros(offset: int, step: int) -> float:
        part = data[offset::step]
        return part.count(0) / len(part) if part else 0.0

    if len(data) % 4 == 0:
        if zeros(3, 4) == 1 and zeros(2, 4) > 0.9 and zeros(0, 4) < 0.5:
            return "utf-32-le"
        if zeros(0, 4) == 1 and zeros(1, 4) > 0.9 and zeros(3, 4) < 0.5:
            return "utf-32-be"
    if len(data) % 2 == 0:
        if zeros(1, 2) > 0.5 and zeros(0, 2) < 0.1:
            return "utf-16-le"
        if zeros(0, 2) > 0.5 and zeros(1, 2) < 0.1:
            return "utf-16-be"
    return None


def decode_upload(data: bytes) -> tuple[str, str]:
    """Decode an uploaded text file: UTF-8, or UTF-16/UTF-32 (with or without a byte-order mark).

    A byte-order mark decides the encoding (and is removed). Without one, UTF-16 and UTF-32 are
    recognised by their zero bytes (Latin text in them has a zero byte beside every letter; as
    UTF-8, those bytes would be read as invisible characters and glue the words together).
    Anything else is read as UTF-8. :data:`ENCODING_NAMES` names the encoding for the page.

    Args:
        data: The file's bytes.

    Returns:
        ``(text, encoding_used)``, where ``encoding_used`` is a key of :data:`ENCODING_NAMES`,
        e.g. ``"utf-8"``, ``"utf-8-sig"`` (a UTF-8 byte-order mark) or ``"utf-16-le"``.

    Raises:
        CorpusError: If the bytes cannot be read in the encoding found. The message says which
            encoding was tried, gives the byte offset of the first bad byte, and how to fix the
            file; ``err.line`` is the line of that byte (for UTF-8).

    Example:
        >>> decode_upload("low 5".encode())
        ('low 5', 'utf-8')
        >>> decode_upload("low 5".encode("utf-16-le"))
        ('low 5', 'utf-16-le')
        >>> decode_upload(b"caf\\xe9")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        subword_core.errors.CorpusError: Line 1: The file is not valid UTF-8 text ...
    """
    wide = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    wide = wide or _wide_encoding(data)
    if wide is not None:
        try:
            return data.decode(wide), wide
        except UnicodeDecodeError as exc:
            raise CorpusError(
                f"The file looks like {wide.upper()[:6]} text (it has the zero bytes of that "
                f"encoding), but byte offset {exc.start} (counting from 0) cannot be read in "
                "it. Save the file as UTF-8 (most editors offer it under 'Save as' or "
                "'Encoding') and upload it again, or paste the text into the box instead.",
                code="undecodable",
                values={"offset": exc.start},
            ) from None
    encoding = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
    try:
        return data.decode("utf-8-sig"), encoding
    except UnicodeDecodeError as exc:
        offset = exc.start
        line = data[:offset].count(b"\n") + 1
        hint = ""
        if len(data) % 2 == 0:
            hint = (
                " If it was saved as 'Unicode' (UTF-16) by a Windows editor, the app could "
                "not tell: it reads UTF-16 with a byte-order mark, or Latin text without one."
            )
        raise CorpusError(
            "The file is not valid UTF-8 text (the app tried UTF-8): byte "
            f"0x{data[offset]:02X} at byte offset {offset} (counting from 0) cannot be read."
            f"{hint} Save the file as UTF-8 (most editors offer it under 'Save as' or "
            "'Encoding') and upload it again, or paste the text into the box instead.",
            line=line,
            code="undecodable",
            values={"offset": offset},
        ) from None


def _on_upload_change() -> None:
    if st.session_state.get(_UPLOAD_KEY) is None:
        # The student removed the file with the ✕ button: forget it.
        st.session_state.pop(_UPLOAD_SAVED_KEY, None)


def _upload_source() -> _Outcome | None:
    state = st.session_state
    uploaded = st.file_uploader(
        t("A plain-text file (.txt, UTF-8)"),
        type=["txt"],
        key=_UPLOAD_KEY,
        on_change=_on_upload_change,
        max_upload_size=_MAX_UPLOAD_MB,
        help=t("Any text works: running text, word/count lines or the tutorials' dict notation."),
    )
    if uploaded is not None:
        saved = state.get(_UPLOAD_SAVED_KEY)
        if not saved or saved.get("file_id") != uploaded.file_id:
            try:
                text, encoding = decode_upload(uploaded.getvalue())
                saved = {"name": uploaded.name, "text": text, "encoding": encoding, "error": None}
            except CorpusError as err:
                saved = {"name": uploaded.name, "text": None, "encoding": None, "error": err}
            saved["file_id"] = uploaded.file_id
            state[_UPLOAD_SAVED_KEY] = saved
    saved = state.get(_UPLOAD_SAVED_KEY)
    if not saved:
        return None
    if uploaded is None:
        show_text(
            t("Using {name}, uploaded earlier. Upload another file to replace it.").format(
                name=saved["name"]
            )
        )
    if saved["error"] is not None:
        err: CorpusError = saved["error"]
        where = (
            t("line {n} of the file").format(n=err.line) if err.line is not None else t("the file")
        )
        return _Outcome(None, error_text(err), where)
    encoding = _encoding_name(saved["encoding"])
    advice_ = "" if saved["encoding"].startswith("utf-8") else t("Saving it as UTF-8 is safer.")
    read = t("Read {name} as {encoding}.").format(name=saved["name"], encoding=encoding)
    show_text(join_sentences(read, advice_), small=True)
    outcome = _parse_text(saved["text"])
    if outcome.where is not None:
        outcome = _Outcome(
            None, outcome.error, t("{where} of the file").format(where=outcome.where)
        )
    return outcome
