"""The normalizers (the library's ``normalizers``): each rewrites a piece of text.

:func:`_normalizers` turns a ``tokenizer.json``'s ``normalizer`` into a flat list of
``(name, function)``; ``Precompiled`` is sentencepiece's rules (:mod:`.charsmap`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from subword_core import bounds
from subword_core.pretrained.chars import (
    _is_bert_control,
    _is_bert_ws,
    _is_mark,
    _is_mn,
    _lower,
    _unicode_normalize,
    is_cjk,
    is_ws,
)
from subword_core.pretrained.charsmap import Charsmap, CharsmapError
from subword_core.pretrained.errors import _bad, _unsupported
from subword_core.pretrained.patterns import _pattern, _Shown

Normalizer = tuple[str, Callable[[str], str]]


def _bert_normalize(node: Mapping[str, Any]) -> Callable[[str], str]:
    clean = bool(node.get("clean_text", True))
    chinese = bool(node.get("handle_chinese_chars", True))
    lower = bool(node.get("lowercase", True))
    strip = node.get("strip_accents")
    strip = lower if strip is None else bool(strip)

    def run(text: str) -> str:
        if clean:
            text = "".join(
                " " if _is_bert_ws(c) else c
                for c in text
                if not (c in "\x00\ufffd" or _is_bert_control(c))
            )
        if chinese:
            text = "".join(f" {c} " if is_cjk(c) else c for c in text)
        if strip:
            text = "".join(c for c in _unicode_normalize("NFD", text) if not _is_mn(c))
        if lower:
            text = _lower(text)
        return text

    return run


_NMT_DROP = frozenset([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F, 0x8F, 0x9F])
_NMT_SPACE = frozenset(
    [0x09, 0x0A, 0x0C, 0x0D, 0x1680, *range(0x200B, 0x2010), 0x2028, 0x2029, 0x2581, 0xFEFF, 0xFFFD]
)


def _nmt(text: str) -> str:
    return "".join(" " if ord(c) in _NMT_SPACE else c for c in text if ord(c) not in _NMT_DROP)


class _Precompiled:
    """The ``Precompiled`` normalizer: sentencepiece's rules (:mod:`.charsmap`).

    Example:
        >>> run = _Precompiled(Charsmap.build({"ﬁ": "fi"}))
        >>> run("ﬁne"), run.replacements(("ﬁne", "ﬁx"))
        ('fine', (('ﬁ', 'fi'),))
    """

    def __init__(self, charsmap: Charsmap) -> None:
        self.charsmap = charsmap

    def __call__(self, text: str) -> str:
        try:
            return self.charsmap.normalize(text)
        except CharsmapError as err:
            raise _bad(
                f"The Precompiled normalizer's table is damaged: {err}", "bad_charsmap"
            ) from None

    def replacements(self, pieces: Sequence[str]) -> tuple[tuple[str, str], ...]:
        """What the rules rewrote in ``pieces``: ``(original, replacement)``, each once."""
        found: dict[tuple[str, str], None] = {}
        try:
            for piece in pieces:
                for old, new in self.charsmap.segments(piece):
                    if old != new:
                        found[(old, new)] = None
        except CharsmapError as err:  # a walk the ASCII shortcut of __call__ never took
            raise _bad(
                f"The Precompiled normalizer's table is damaged: {err}", "bad_charsmap"
            ) from None
        return tuple(found)


def _precompiled(node: Mapping[str, Any]) -> _Precompiled:
    data = node.get("precompiled_charsmap")
    if not isinstance(data, str):
        raise _bad(
            "The Precompiled normalizer has no precompiled_charsmap (base64 text), so the "
            "library cannot read the file either.",
            "bad_charsmap",
        )
    try:
        return _Precompiled(Charsmap.from_base64(data))
    except CharsmapError as err:
        raise _bad(
            f"The Precompiled normalizer's table cannot be read: {err}", "bad_charsmap"
        ) from None


def _strip(left: bool, right: bool) -> Callable[[str], str]:
    def run(text: str) -> str:
        start, end = 0, len(text)
        while left and start < end and is_ws(text[start]):
            start += 1
        while right and end > start and is_ws(text[end - 1]):
            end -= 1
        return text[start:end]

    return run


def _prepend(prefix: str) -> Callable[[str], str]:
    def run(text: str) -> str:
        if not text:
            return text
        bounds.produce(len(prefix) + len(text), "Prepend")
        return prefix + text

    return run


def _normalizers(node: Any) -> list[Normalizer]:
    """The normalizer as a flat list of ``(name, function)``."""
    if node is None:
        return []
    if not isinstance(node, Mapping):
        raise _unsupported("normalizer", type(node).__name__, "not_an_object")
    kind = str(node.get("type"))
    if kind == "Sequence":
        return [n for part in node.get("normalizers") or [] for n in _normalizers(part)]
    if kind in ("NFC", "NFD", "NFKC", "NFKD"):
        return [(kind, lambda t, form=kind: _unicode_normalize(form, t))]
    if kind == "Lowercase":
        return [(kind, _lower)]
    if kind == "Strip":
        return [(kind, _strip(bool(node.get("strip_left")), bool(node.get("strip_right"))))]
    if kind == "StripAccents":
        # every mark (Mn, Mc, Me), where BERT's normalizer removes only Mn
        return [(kind, lambda t: "".join(c for c in t if not _is_mark(c)))]
    if kind == "BertNormalizer":
        return [(kind, _bert_normalize(node))]
    if kind == "Nmt":
        return [(kind, _nmt)]
    if kind == "Precompiled":
        return [(kind, _precompiled(node))]
    if kind == "Prepend":
        return [(kind, _prepend(str(node.get("prepend", ""))))]
    if kind == "Replace":
        pattern, content = _pattern(node, "normalizer"), str(node.get("content", ""))

        def keeps_start(text: str) -> bool:
            # subtle: what replaces a match takes the alignment of the match's last character
            first = next(iter(pattern.spans(text)), (1, 1))
            return not (first[0] == 0 and (first[1] >= 2 or (first[1] == 1 and not content)))

        run = _Shown(lambda t: pattern.sub(t, content), pattern.pattern, content, keeps_start)
        return [(kind, run)]
    raise _unsupported("normalizer", kind)
