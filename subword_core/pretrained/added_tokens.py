"""Added (special) tokens: cut out of the text first, never split (the library's
``added_vocabulary``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from subword_core import bounds
from subword_core.pretrained.chars import is_ws
from subword_core.pretrained.errors import PretrainedError, _bad
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

_Flags = tuple[str, bool, bool, bool, bool, bool]


def _flags(token: _Added) -> _Flags:
    """What the library compares two added tokens by: the content and the five flags."""
    return (
        token.content,
        token.single_word,
        token.lstrip,
        token.rstrip,
        token.normalized,
        token.special,
    )


def _registered(
    tokens: Sequence[_Added], known: Callable[[str], int | None], size: int
) -> list[_Added]:
    """The file's added tokens as the library registers them, in the order it searches them.

    The library does not keep a ``tokenizer.json``'s ids: it adds the tokens one by one
    (``AddedVocabulary::add_tokens``). A content the model knows takes the model's id, a
    content added before keeps its id, and a new one takes the next free id (the model's
    size, or one more than the largest added id). A token equal to one already added (same
    content and flags) is skipped; of two with one content, the later one's flags apply to
    every match (they share the id). The search order is the special tokens first (the first
    of each content), then the others, each in the file's order; an empty content is never
    added.

    Args:
        tokens: The file's entries, in its order (their ``id`` is ignored, as the library
            ignores it).
        known: The model's id of a token (``None`` when it has none).
        size: The model's vocabulary size.

    Example:
        >>> x = _Added("<x>", 500, False, False, False, False, True)
        >>> a = _Added("a", 9, False, False, False, False, False)
        >>> [(t.content, t.id) for t in _registered([x, a], {"a": 0, "b": 1}.get, 2)]
        [('<x>', 2), ('a', 0)]
    """
    special_contents: set[str] = set()
    specials: list[_Added] = []
    for token in tokens:
        if token.special and token.content and token.content not in special_contents:
            specials.append(token)
            special_contents.add(token.content)
    ids: dict[str, int] = {}
    by_id: dict[int, _Added] = {}
    held = Counter[_Flags]()  # the flags of the tokens in by_id (the library scans them all)
    largest: int | None = None
    plain: list[_Added] = []
    for token in tokens:
        if not token.content or held[_flags(token)]:
            continue
        new_id = ids.get(token.content)
        if new_id is None:
            new_id = known(token.content)
        if new_id is None:
            new_id = size if largest is None or (largest < size and size) else largest + 1
        ids[token.content] = new_id
        largest = new_id if largest is None else max(largest, new_id)
        if new_id in by_id:
            held[_flags(by_id[new_id])] -= 1
        by_id[new_id] = token
        held[_flags(token)] += 1
        if token.content not in special_contents:
            plain.append(token)
    out = []
    for token in specials + plain:
        token_id = ids[token.content]
        match = by_id[token_id]  # the flags a match uses: the token that holds the id
        out.append(
            _Added(
                token.content,
                token_id,
                match.single_word,
                match.lstrip,
                match.rstrip,
                token.normalized,
                token.special,
            )
        )
    return out


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
    text: str, matcher: _AddedIndex, first: bool, lead: int = 1
) -> list[tuple[str, _Added | None, bool]]:
    """Cut ``text`` at the added tokens, as the library's ``find_matches`` does.

    Leftmost match first, the longest there; a ``single_word`` match inside a word is skipped
    whole (the search goes on after it); ``lstrip``/``rstrip`` take the whitespace beside the
    token into its string. subtle: the search goes on after the match, not after the
    whitespace ``rstrip`` took, so a next token starting with a space overlaps it, as in
    the library (``"<a> <b>"`` gives ``"<a> "`` and ``" <b>"``). When that next token also
    takes the spaces on its left (``lstrip``) and ends inside the first one's spaces, the
    library would cut backwards and fails (a Rust panic): so does this trace, with the code
    ``library_panics_backwards``.

    A piece still starts the text (Metaspace's ``prepend_scheme: "first"``) when ``first``
    and it starts within the ``lead`` characters the normalizer made of the text's first
    character: the library asks the piece's offset in the original text (``Prepend``'s
    ``▁``, NFKC's ``ﬁ`` → ``fi``: a token cut from them leaves the rest at offset 0).

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
        if start > stop:
            raise _panics(match)
        if start > done:
            out.append((text[done:start], None, first and done < lead))
        out.append((text[start:stop], match, first and start < lead))
        done = stop
    if done != n:
        out.append((text[done:], None, first and done < lead))
    return out


def _panics(token: _Added) -> PretrainedError:
    """The library's failure (a Rust panic) on a text: ``token``'s ``lstrip`` would start it
    after its end.

    Example:
        >>> _panics(_Added("  ", 3, False, True, False, True)).code
        'library_panics_backwards'
    """
    return _bad(
        "The tokenizers library fails on this text (a Rust panic: it gives no tokens): the "
        f"added token {token.content[:40]!r} takes the spaces on its left (lstrip) from where "
        "the token before it stopped taking spaces (rstrip), past its own end. Change the "
        "spaces in the text, or the tokens' flags in the file.",
        "library_panics_backwards",
        token=token.content[:40],
    )


def _emptied(token: _Added) -> PretrainedError:
    """The refusal of a file whose normalizer deletes a ``normalized`` added token whole.

    Example:
        >>> _emptied(_Added("q", 3, False, False, False, True)).values["token"]
        'q'
    """
    return _bad(
        f"The normalizer deletes the added token {token.content[:40]!r} whole (it is "
        "normalized: true). The tokenizers library then searches for an empty text: it cuts "
        "texts at every character, fails on characters outside ASCII (a Rust panic) and can "
        "run out of memory, so this page does not trace the file. Set normalized to false for "
        "that token, or remove it.",
        "empty_added_token",
        token=token.content[:40],
    )
