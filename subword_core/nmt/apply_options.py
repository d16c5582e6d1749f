"""``apply-bpe``'s rules around one word: ``--glossaries`` and ``--vocabulary``.

A glossary word (or a regex's match) is never split; with ``--vocabulary``, a merge whose
result is not in the vocabulary (or is rarer than ``--vocabulary-threshold``) is undone, as
subword-nmt's ``recursive_split`` does. :func:`read_vocabulary_file` reads that vocabulary.

Example:
    >>> read_vocabulary_file(["low 5", "est 1"], 2)
    {'low'}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from subword_core.nmt.common import MARKER, CommandError, Pair, _show, _whole_number

__all__ = ["read_vocabulary_file"]


class _Glossaries:
    """``--glossaries``: regular expressions for text that BPE must leave whole.

    They act twice. First every glossary, in the order given, cuts its matches out of
    the word as pieces of their own (:meth:`pieces`). Then a piece that some glossary
    matches from start to end is one token as it is (:meth:`keeps_whole`); the other
    pieces are encoded.

    >>> glossaries = _Glossaries(["USA", r"\\d+"])
    >>> glossaries.pieces("1934USABUSA")
    ['1934', 'USA', 'B', 'USA']
    >>> glossaries.keeps_whole("1934"), glossaries.keeps_whole("B")
    (True, False)

    Raises:
        CommandError: A glossary is not a valid regular expression.
    """

    def __init__(self, glossaries: Sequence[str]) -> None:
        self.patterns = [str(glossary) for glossary in glossaries]
        for pattern in self.patterns:
            # the two ways _cut_out_matches uses it; an invalid one is reported by name
            _compile(f"^{pattern}$", pattern)
            _compile(f"({pattern})", pattern)
        # subtle: one regex for all of them, each inside the group (so its own '|' stays
        # inside), as subword-nmt builds it
        self.whole = (
            _compile("^({})$".format("|".join(self.patterns)), " ".join(self.patterns))
            if self.patterns
            else None
        )

    def pieces(self, word: str) -> list[str]:
        """The word cut by each glossary in turn (each cuts the pieces the last left)."""
        pieces = [word]
        for pattern in self.patterns:
            pieces = [cut for piece in pieces for cut in _cut_out_matches(piece, pattern)]
        return pieces

    def keeps_whole(self, piece: str) -> bool:
        """Does a glossary match ``piece`` from its start to its end?"""
        return self.whole is not None and self.whole.match(piece) is not None


def _compile(pattern: str, glossary: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except (re.error, RecursionError, OverflowError) as err:
        raise CommandError(
            f"--glossaries: {_show(glossary)} is not a valid regular expression ({err})."
        ) from None


def _cut_out_matches(word: str, glossary: str) -> list[str]:
    """Cut every match of one glossary regex out of ``word``, as a piece of its own.

    The rule, the one subword-nmt's ``--glossaries`` follows:

    - A word the glossary matches as a whole (tested as ``^glossary$``), or nowhere, stays
      one piece.
    - Otherwise ``re.split`` cuts the word at every match. The glossary is put inside a
      capture group, and ``re.split`` puts what a group captured between the pieces it
      cut, so each match stays in the list: ``USA`` cuts ``1934USAB`` into
      ``1934``, ``USA``, ``B``.
    - Empty pieces are dropped: the text between two matches side by side, before a match
      at the start, or after one at the end; and the ``None`` that ``re.split`` gives for
      a group of the glossary's own that took no part. A group of the glossary's own that
      did capture adds its text as one more piece (``(a)(b)`` below).

    subtle: the anchors are not a group, so the glossary ``a|c`` is tested as ``^a|c$``,
    "starts with a, or is c": it leaves ``abc`` whole. The piece after the last match has
    spaces and line breaks stripped from its ends (a word read from a file never holds
    them).

    >>> _cut_out_matches("1934USABUSA", "USA")
    ['1934', 'USA', 'B', 'USA']
    >>> _cut_out_matches("xaby", "(a)(b)")
    ['x', 'ab', 'a', 'b', 'y']
    >>> _cut_out_matches("abc", "a|c"), _cut_out_matches("bcb", "a|c")
    (['abc'], ['b', 'c', 'b'])
    """
    if re.match(f"^{glossary}$", word) or not re.search(glossary, word):
        return [word]
    *cut, after_last_match = re.split(f"({glossary})", word)
    pieces = [piece for piece in cut if piece]
    if after_last_match:
        pieces.append(after_last_match.strip("\r\n "))
    return pieces


def _undo_table(merges: Sequence[Pair]) -> dict[str, Pair]:
    """For every symbol the merges make, the two symbols to split it back into.

    ``--vocabulary`` undoes merges, so it needs, for a token like ``low``, the merge that
    made it: ``lo`` + ``w``. Usually exactly one merge spells a symbol. But a codes file
    may list a pair twice, or two pairs that spell the same symbol (``a bc`` and ``ab c``
    both make ``abc``); then the pair whose *last* line comes first in the file is used.
    That is the rule subword-nmt's table follows, kept so that the output is the same.
    (So :attr:`BPEModel.ranks`, which keeps a pair's *first* line, is not enough here.)

    >>> _undo_table([("l", "o"), ("lo", "w")])
    {'lo': ('l', 'o'), 'low': ('lo', 'w')}
    >>> _undo_table([("a", "bc"), ("ab", "c"), ("a", "bc")])["abc"]
    ('ab', 'c')
    """
    last_line = {pair: line for line, pair in enumerate(merges)}  # a repeated pair: its last
    table: dict[str, Pair] = {}
    for left, right in sorted(last_line, key=last_line.__getitem__):
        table.setdefault(left + right, (left, right))  # the earliest (last) line wins
    return table


_ENDLESS_UNDO = (
    "--vocabulary: cannot undo the merges of the word {word!r}: undoing them reaches a last "
    "token that is only the end-of-word marker, and the codes make the marker itself from "
    "{pair[0]!r} + {pair[1]!r}, so undoing that merge gives the same empty last token again, "
    "for ever (subword-nmt stops with a RecursionError here). Remove that merge from the "
    "codes, or add the missing tokens to the vocabulary."
)


def _undo_unknown_merges(
    tokens: Sequence[str], undo: Mapping[str, Pair], vocabulary: set[str], separator: str
) -> list[str]:
    """``--vocabulary``: undo the last merge of any token not in the vocabulary,
    recursively, until every piece is known or was made by no merge (a character).

    A token is *known* when the vocabulary holds it as it is written: a token inside the
    word with the separator after it (``lo@@``), the word's last token as it is (``w``).
    An unknown token is replaced by the two symbols its merge joined (:func:`_undo_table`),
    the left one first, and each of them is checked in the same way. The left one is never
    the word's end; the right one of the last token is.

    The last token had the end-of-word marker when it was merged (``t`` + ``</w>``, or
    ``s`` + ``t</w>``), so its merge is looked up with the marker put back, and the right
    symbol found has the marker's four characters cut off again.

    subtle: for a long word the undoing goes deeper than Python's recursion limit, so the
    pieces still to check wait on a stack (the next one on top) instead of in nested calls.
    Undoing ``t</w>`` (version 0.1 codes: ``t`` + ``</w>``) leaves an empty last token, as
    in subword-nmt. If a merge spelled the marker itself (``</w`` + ``>``), undoing an
    empty last token gives an empty last token again, for ever (subword-nmt crashes with
    a ``RecursionError``): that stops with an error.

    Args:
        tokens: A word's tokens, the end-of-word marker already taken off.
        undo: Symbol -> the two symbols it was made of, from :func:`_undo_table`.
        vocabulary: The tokens allowed (non-final ones with the separator appended).
        separator: The separator written after non-final tokens.

    Returns:
        The tokens, every unknown one split as far as the merges allow.

    Raises:
        CommandError: Undoing would never end (a merge spelled the marker; see above).

    Example:
        >>> undo = _undo_table([("l", "o"), ("lo", "w</w>"), ("e", "s"), ("es", "t</w>")])
        >>> _undo_unknown_merges(["low"], undo, {"lo@@", "w"}, "@@")
        ['lo', 'w']
        >>> _undo_unknown_merges(["lo", "est"], undo, {"e@@", "st"}, "@@")
        ['l', 'o', 'e', 's', 't']
    """
    done: list[str] = []
    # (token, is it the word's last token?), the next one to check on top of the stack
    todo = [(tokens[-1], True)] + [(token, False) for token in reversed(tokens[:-1])]
    while todo:
        token, last = todo.pop()
        known = (token if last else token + separator) in vocabulary
        merge = None if known else undo.get(token + MARKER if last else token)
        if merge is None:
            done.append(token)  # known, or no merge made it: it stays
            continue
        left, right = merge
        if last:
            right = right[: -len(MARKER)]
            if not token:  # undoing a merge that spelled the marker itself: see above
                raise CommandError(_ENDLESS_UNDO.format(word="".join(tokens), pair=merge))
        todo.append((right, last))
        todo.append((left, False))
    return done


def read_vocabulary_file(
    lines: Iterable[str], threshold: int | None = None, name: str = "<vocabulary>"
) -> set[str]:
    """Read ``word count`` lines as subword-nmt's apply-bpe ``read_vocabulary`` does.

    Args:
        lines: The vocabulary file's lines (e.g. written by get-vocab).
        threshold: Keep only words with a count of at least this (``None``: all).
        name: The file's name, used in error messages.

    Returns:
        The words kept.

    Raises:
        CommandError: A line is not a word, one space and a whole number.

    Example:
        >>> sorted(read_vocabulary_file(["low@@ 5", "est 1\\n"], threshold=2))
        ['low@@']
    """
    vocabulary: set[str] = set()
    for number, line in enumerate(lines, start=1):
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2:
            raise CommandError(
                f"{name}: line {number}: expected a word, one space and a count, got {_show(line)}."
            )
        word, value = parts
        count = _whole_number(value, name, number)
        if threshold is None or count >= threshold:
            vocabulary.add(word)
    return vocabulary
