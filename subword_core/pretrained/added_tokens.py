"""Added (special) tokens: cut out of the text first, never split (the library's
``added_vocabulary``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from subword_core import bounds
from subword_core.pretrained.chars import is_ws
from subword_core.text.unicode_tables import is_word


@dataclass(frozen=True)
class _Added:
    content: str
    id: int
    single_word: bool
    lstrip: bool
    rstrip: bool
    normalized: bool
    special: bool = False
    pattern: str = ""  # the text searched for: the content, normalised for a normalized token


_AddedIndex = tuple[dict[str, _Added], list[int]]


def _added_index(tokens: Sequence[_Added]) -> _AddedIndex | None:
    """The library's search for added tokens, as a table: the text each token searches for
    (its ``pattern``) with the first token that searches it, and their lengths, longest first.

    ``tokens`` come in the library's order (special tokens first, each in the file's order);
    of two tokens searching the same text, the first wins. A position is tried once per
    length, not once per token, and no pattern is compiled: 400,000 special tokens took 28 s
    per trace, and as one regular expression, gigabytes to compile.

    Example:
        >>> a, b = (_Added("<s>", n, False, False, False, False, pattern="<s>") for n in (1, 2))
        >>> first, lengths = _added_index([a, b])
        >>> first["<s>"].id, lengths
        (1, [3])
    """
    first: dict[str, _Added] = {}
    for token in tokens:
        if token.pattern:
            first.setdefault(token.pattern, token)
    if not first:
        return None
    return first, sorted({len(c) for c in first}, reverse=True)


def _find_added(
    text: str, matcher: _AddedIndex, first: bool
) -> list[tuple[str, _Added | None, bool]]:
    """Cut ``text`` at the added tokens, as the library's ``find_matches`` does.

    Leftmost match first, the longest there; a ``single_word`` match inside a word is skipped
    whole (the search goes on after it); ``lstrip``/``rstrip`` take the whitespace beside the
    token into its string. subtle: the search goes on after the match, not after the
    whitespace ``rstrip`` took, so a next token starting with a space overlaps it, as in
    the library (``"<a> <b>"`` gives ``"<a> "`` and ``" <b>"``).

    Example:
        >>> token = _Added("<x>", 5, False, True, True, False, pattern="<x>")
        >>> cut = _find_added("a <x> b", _added_index([token]), True)
        >>> [(p, a is not None) for p, a, _ in cut]
        [('a', False), (' <x> ', True), ('b', False)]
    """
    first_of, lengths = matcher
    out: list[tuple[str, _Added | None, bool]] = []
    done, i, n = 0, 0, len(text)
    bounds.current().spend(n * sum(k for k in lengths if k <= n), "special tokens")
    while i < n:
        # leftmost first, the longest there: each length looked up once at each position
        match = next((a for k in lengths if (a := first_of.get(text[i : i + k]))), None)
        if match is None:
            i += 1
            continue
        start, stop = i, i + len(match.pattern)
        i = stop  # the search goes on after the match (also after a skipped one)
        if match.single_word and not (
            (start == 0 or not is_word(text[start - 1])) and (stop == n or not is_word(text[stop]))
        ):
            continue
        if match.lstrip:
            while start > 0 and is_ws(text[start - 1]):
                start -= 1
            start = max(start, done)
        if match.rstrip:
            while stop < n and is_ws(text[stop]):
                stop += 1
        if start > done:
            out.append((text[done:start], None, first and done == 0))
        out.append((text[start:stop], match, first and start == 0))
        done = stop
    if done != n:
        out.append((text[done:], None, first and done == 0))
    return out
