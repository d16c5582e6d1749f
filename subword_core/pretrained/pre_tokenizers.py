"""The pre-tokenizers (the library's ``pre_tokenizers``): each cuts a piece into words.

Each maps ``(piece, piece_starts_the_text)`` to pieces; :func:`_splitters` turns a
``tokenizer.json``'s ``pre_tokenizer`` into a flat list of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from subword_core import bounds
from subword_core.pretrained.chars import _is_numeric, _is_word, is_punct, is_ws
from subword_core.pretrained.errors import _unsupported
from subword_core.pretrained.oniguruma import OnigurumaPattern
from subword_core.pretrained.patterns import _pattern, _Shown

Splitter = tuple[str, Callable[[str, bool], list[str]], bool]  # (name, split, maps_bytes)


def _split_by(text: str, is_delim: Callable[[str], bool], behavior: str) -> list[str]:
    """The library's ``split`` on a character class: (text span, is_match) then a behaviour."""
    spans: list[tuple[int, int, bool]] = []
    for i, ch in enumerate(text):
        spans.append((i, i + 1, is_delim(ch)))
    return _behave(text, _coalesce(spans), behavior)


def _coalesce(spans: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Join neighbouring non-matches (a character class matches one character at a time)."""
    out: list[tuple[int, int, bool]] = []
    for start, end, match in spans:
        if out and not match and not out[-1][2]:
            out[-1] = (out[-1][0], end, False)
        else:
            out.append((start, end, match))
    return out


def _regex_spans(text: str, pattern: OnigurumaPattern, invert: bool) -> list[tuple[int, int, bool]]:
    spans: list[tuple[int, int, bool]] = []
    prev = 0
    for start, end in pattern.spans(text):
        if prev != start:
            spans.append((prev, start, False))
        spans.append((start, end, True))
        prev = end
    if prev != len(text):
        spans.append((prev, len(text), False))
    return [(a, b, match != invert) for a, b, match in spans]


def _behave(text: str, spans: list[tuple[int, int, bool]], behavior: str) -> list[str]:
    out: list[tuple[int, int]] = []
    if behavior == "Removed":
        out = [(a, b) for a, b, match in spans if not match]
    elif behavior == "Isolated":
        out = [(a, b) for a, b, _ in spans]
    elif behavior == "Contiguous":
        # subtle: neighbours of the same kind join, non-matches too (only an inverted
        # pattern puts two side by side: "aa" split on "a", inverted, stays one piece)
        last_match = False
        for a, b, match in spans:
            if match == last_match and out:
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
            last_match = match
    elif behavior == "MergedWithPrevious":
        last_match = False
        for a, b, match in spans:
            if match and not last_match and out:
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
            last_match = match
    elif behavior == "MergedWithNext":
        last_match = False
        rev: list[tuple[int, int]] = []
        for a, b, match in reversed(spans):
            if match and not last_match and rev:
                rev[-1] = (a, rev[-1][1])
            else:
                rev.append((a, b))
            last_match = match
        out = rev[::-1]
    else:
        raise _unsupported("pre-tokenizer", "Split", "behavior", behavior=behavior)  # unreachable
    return [text[a:b] for a, b in out if b > a]


_BEHAVIORS = ("Removed", "Isolated", "Contiguous", "MergedWithPrevious", "MergedWithNext")


def _behavior(node: Mapping[str, Any], kind: str) -> str:
    """A ``Split``'s or ``Punctuation``'s behaviour, refused when it is none of the library's.

    Example:
        >>> _behavior({"behavior": "Removed"}, "Split")
        'Removed'
    """
    behavior = str(node.get("behavior", "Isolated"))
    if behavior not in _BEHAVIORS:
        raise _unsupported("pre-tokenizer", kind, "behavior", behavior=behavior)
    return behavior


_GPT2 = OnigurumaPattern(
    r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
)


def _byte_level(node: Mapping[str, Any]) -> Callable[[str, bool], list[str]]:
    prefix = bool(node.get("add_prefix_space", True))
    use_regex = bool(node.get("use_regex", True))

    def run(text: str, _first: bool) -> list[str]:
        if prefix and not text.startswith(" "):
            text = " " + text
        if not use_regex:
            return [text] if text else []
        # the library runs GPT-2's pattern with Oniguruma, so its Unicode tables decide
        return [text[a:b] for a, b in _GPT2.spans(text) if b > a]

    return run


def _metaspace(node: Mapping[str, Any]) -> Callable[[str, bool], list[str]]:
    rep = str(node.get("replacement", "▁"))
    scheme = node.get("prepend_scheme")
    if scheme is None:
        scheme = "always" if node.get("add_prefix_space", True) else "never"
    split = bool(node.get("split", True))

    def run(text: str, first: bool) -> list[str]:
        bounds.produce(len(text) + text.count(" ") * (len(rep) - 1) + len(rep), "Metaspace")
        text = text.replace(" ", rep)
        if (scheme == "always" or (scheme == "first" and first)) and not text.startswith(rep):
            text = rep + text
        if not split:
            return [text] if text else []
        return _split_by(text, lambda c: c == rep, "MergedWithNext")

    return run


def _whitespace(text: str, _first: bool) -> list[str]:
    """The Whitespace pre-tokenizer, ``\\w+|[^\\w\\s]+``: word runs and symbol runs."""
    out: list[str] = []
    kinds = ["w" if _is_word(c) else "s" if is_ws(c) else "p" for c in text]
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and kinds[j] == kinds[i]:
            j += 1
        if kinds[i] != "s":
            out.append(text[i:j])
        i = j
    return out


def _splitters(node: Any) -> list[Splitter]:
    if node is None:
        return []
    if not isinstance(node, Mapping):
        raise _unsupported("pre-tokenizer", type(node).__name__, "not_an_object")
    kind = str(node.get("type"))
    if kind == "Sequence":
        return [s for part in node.get("pretokenizers") or [] for s in _splitters(part)]
    if kind == "ByteLevel":
        return [(kind, _byte_level(node), True)]
    if kind == "Metaspace":
        return [(kind, _metaspace(node), False)]
    if kind == "WhitespaceSplit":
        return [(kind, lambda t, _f: _split_by(t, is_ws, "Removed"), False)]
    if kind == "Whitespace":
        return [(kind, _whitespace, False)]
    if kind == "BertPreTokenizer":

        def bert(text: str, _first: bool) -> list[str]:
            words = _split_by(text, is_ws, "Removed")
            return [p for w in words for p in _split_by(w, is_punct, "Isolated")]

        return [(kind, bert, False)]
    if kind == "Punctuation":
        behavior = _behavior(node, kind)
        return [(kind, lambda t, _f: _split_by(t, is_punct, behavior), False)]
    if kind == "Digits":
        behavior = "Isolated" if node.get("individual_digits") else "Contiguous"
        return [(kind, lambda t, _f: _split_by(t, _is_numeric, behavior), False)]
    if kind == "Split":
        pattern = _pattern(node, "pre-tokenizer")
        behavior, invert = _behavior(node, kind), bool(node.get("invert"))
        run = _Shown(
            lambda t, _f: _behave(t, _regex_spans(t, pattern, invert), behavior), pattern.pattern
        )
        return [(kind, run, False)]
    raise _unsupported("pre-tokenizer", kind)
