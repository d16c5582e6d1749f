"""``apply-bpe``: read a codes file as subword-nmt does and segment lines with it.

subword-nmt's rules around one word (``--glossaries``, ``--vocabulary``) are in
:mod:`subword_core.nmt.apply_options`.

Example:
    >>> segment_line(read_codes("#version: 0.2\\nl o\\nlo w</w>\\n"), "low lot\\n")
    'low lo@@ t\\n'
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

from subword_core.bpe import BPEModel
from subword_core.nmt.apply_options import _Glossaries, _undo_table, _undo_unknown_merges
from subword_core.nmt.common import MARKER, CommandError, Pair, _show, _words

__all__ = ["codes_version", "read_codes", "segment_line"]


def read_codes(
    text: str, name: str = "<codes>", *, merges: int = -1, any_version: bool = False
) -> BPEModel:
    """Read a codes file the way subword-nmt's ``BPE`` class does.

    A first line starting with ``#version:`` gives the version (``0.2``: marker glued to
    the last character); without it the file is version 0.1 (marker a symbol of its own).
    The other lines (split at ``\\n`` only) are two symbols separated by one space; a
    repeated pair keeps its first rank.

    Args:
        text: The whole codes file.
        name: The file's name, used in error messages.
        merges: Use only the first ``merges`` lines after the header (subword-nmt's
            ``--merges``; -1, the default, uses them all; other negative numbers none).
        any_version: Read a version other than 0.1 and 0.2 too, as subword-nmt does (it
            then fails at the first word it must encode: see :func:`codes_version`).

    Returns:
        The model; ``model.attach_end_of_word`` tells the version.

    Raises:
        CommandError: The version is not 0.1 or 0.2, or a line in use is not two symbols.

    Example:
        >>> read_codes("#version: 0.2\\ne s\\nes t</w>\\n").encode("test")
        ['t', 'est</w>']
        >>> read_codes("e s\\nes t\\n").attach_end_of_word
        False
        >>> read_codes("#version: 0.2\\ne s\\nnot a merge\\n", merges=1).merges
        (('e', 's'),)
    """
    header = text.splitlines(keepends=True)[0] if text else ""
    version = (0, 1)  # a file without a header is version 0.1
    first_number = 1  # the line number of the first merge, for error messages
    if header.startswith("#version:"):
        version = _codes_version(header, name, strict=not any_version)
        text = text[len(header) :]
        first_number = 2
    body = text.rstrip("\n")
    lines = body.split("\n") if body else []  # no merges at all: allowed (lenient)
    if merges != -1:
        lines = lines[: max(merges, 0)]  # --merges N: the first N lines; below -1: none
    pairs: list[Pair] = []
    for number, line in enumerate(lines, start=first_number):
        symbols = line.strip("\r\n ").split(" ")
        if len(symbols) != 2:
            raise CommandError(
                f"{name}: line {number}: expected two symbols separated by one "
                f"space, got {_show(line)}."
            )
        pairs.append((symbols[0], symbols[1]))
    return BPEModel(tuple(pairs), MARKER, attach_end_of_word=version == (0, 2))


def codes_version(text: str) -> str | None:
    """The version word of a codes file's header when it is neither 0.1 nor 0.2, else ``None``.

    subword-nmt reads such a file, keeps one-character words (and glossary matches) as they
    are and fails at the first other word; ``apply-bpe`` does the same.

    >>> codes_version("#version: 0.3\\na b\\n"), codes_version("#version: 0.2.0\\n")
    ('0.3', None)
    """
    header = text.splitlines(keepends=True)[0] if text else ""
    if not header.startswith("#version:"):
        return None
    try:
        _codes_version(header, "<codes>")
    except CommandError:
        return header.split()[-1]
    return None


def _codes_version(header: str, name: str, *, strict: bool = True) -> tuple[int, ...]:
    """The version named by a codes file's ``#version:`` line, e.g. ``(0, 2)``.

    The version is the line's last word, read as numbers between dots; ``.0`` parts at
    its end do not count, so ``0.2.0`` is ``0.2``. Only 0.1 and 0.2 exist.

    Raises:
        CommandError: The last word is not numbers between dots, or names another version.

    >>> _codes_version("#version: 0.2\\n", "codes"), _codes_version("#version: 0.1.00", "c")
    ((0, 2), (0, 1))
    """
    word = header.split()[-1]
    parts = word.split(".")
    while len(parts) > 1 and parts[-1] and not parts[-1].strip("0"):
        parts.pop()  # a trailing part made only of zeros: 0.2.0 -> 0.2
    try:
        version = tuple(int(part) for part in parts)  # int(), as subword-nmt reads them
    except ValueError:
        raise CommandError(f"{name}: line 1: cannot read the version in {_show(header)}.") from None
    if strict and version not in ((0, 1), (0, 2)):
        raise CommandError(
            f"{name}: line 1: codes version {word} is not supported (only 0.1 and 0.2)."
        )
    return version


def segment_line(
    model: BPEModel,
    line: str,
    separator: str = "@@",
    *,
    glossaries: Sequence[str] = (),
    vocabulary: Iterable[str] | None = None,
    dropout: float = 0.0,
    rng: random.Random | None = None,
) -> str:
    """Segment one line as subword-nmt's ``BPE.process_line`` does.

    Leading and trailing whitespace (spaces and line breaks) is kept, words are split on
    single spaces (runs of spaces collapse to one), the marker is stripped from each
    word's last token and ``separator`` is appended to every other token. A one-character
    word is left as it is. (To segment many lines, the command line sets up the
    glossaries and the table of merges to undo once, not once a line.)

    Args:
        model: The codes, e.g. from :func:`read_codes`.
        line: One line, with its line break if it has one.
        separator: Appended to every token that does not end a word.
        glossaries: Regular expressions; a word (or part of a word) that matches one is
            kept whole (subword-nmt's ``--glossaries``).
        vocabulary: Tokens allowed in the output (subword-nmt's ``--vocabulary``; a
            non-final token is looked up with ``separator`` appended): merges that made
            any other token are undone. ``None`` or empty: every token is allowed.
        dropout: BPE-dropout probability (at or below 0: none; at or above 1, or NaN: all
            merges dropped).
        rng: The random source, needed when ``0 < dropout < 1``; draws are those of
            subword-nmt's ``random`` module seeded with the same seed.

    Returns:
        The segmented line.

    Raises:
        CommandError: A glossary is not a valid regular expression, or ``dropout`` needs
            an ``rng``.

    Example:
        >>> model = read_codes("#version: 0.2\\nl o\\nlo w</w>\\nlo w\\ne s\\nes t</w>\\n")
        >>> segment_line(model, "  lowest  low\\n")
        '  low@@ est low\\n'
        >>> segment_line(model, "lowest lowUSA\\n", glossaries=["USA"], vocabulary=["lo@@"])
        'lo@@ w@@ e@@ s@@ t lo@@ w@@ USA\\n'
    """
    segmenter = _Segmenter(
        model,
        separator,
        glossaries=glossaries,
        vocabulary=None if vocabulary is None else set(vocabulary),
        dropout=dropout,
        rng=rng,
    )
    return segmenter.line(line)


class _Segmenter:
    """apply-bpe's rules around :meth:`BPEModel.encode`, set up once for many lines.

    Each word of a line goes through three steps:

    1. The glossaries cut their matches out of the word (:class:`_Glossaries`).
    2. Each piece becomes tokens (:meth:`tokens`): a glossary match and a single character
       stay whole; anything else is encoded by the model (with BPE-dropout if asked), the
       end-of-word marker is taken off, and with a vocabulary the merges that made unknown
       tokens are undone (:func:`_undo_unknown_merges`).
    3. The word's tokens are joined with the separator after every one but the last
       (``low@@ est``).

    >>> _Segmenter(read_codes("e s\\nl o\\nlo w\\n")).line(" lowest x\\n")
    ' low@@ es@@ t x\\n'
    """

    def __init__(
        self,
        model: BPEModel,
        separator: str = "@@",
        *,
        glossaries: Sequence[str] = (),
        vocabulary: set[str] | None = None,
        dropout: float = 0.0,
        rng: random.Random | None = None,
        unsupported: str = "",
    ) -> None:
        self.model = model
        self.separator = separator
        # a message: the codes' version cannot encode a word (one character still can)
        self.unsupported = unsupported
        self.glossaries = _Glossaries(glossaries)
        # an empty vocabulary checks nothing, as in subword-nmt
        self.vocabulary = vocabulary or None
        self.undo = _undo_table(model.merges) if self.vocabulary else {}
        if math.isnan(dropout) or dropout >= 1:
            dropout = 1.0  # random() > p never holds: every merge is dropped
        elif dropout <= 0:
            dropout = 0.0  # random() > p always holds: nothing is dropped
        if 0 < dropout < 1 and rng is None:
            raise CommandError("BPE-dropout needs a random source (a seed).")
        self.dropout = dropout
        self.rng = rng
        # the tokens of pieces seen before; not used with dropout (each time is a new draw)
        self.memo: dict[str, tuple[str, ...]] = {}

    def line(self, line: str) -> str:
        """One line segmented; the spaces and line breaks around its words are kept."""
        words = [self.word(word) for word in _words(line)]
        if not words:
            return line  # only spaces and line breaks (or nothing): written as it is
        start = len(line) - len(line.lstrip("\r\n "))
        end = len(line.rstrip("\r\n "))
        return line[:start] + " ".join(words) + line[end:]

    def word(self, word: str) -> str:
        """One word segmented: its tokens, the separator after all but the last."""
        tokens = [token for piece in self.glossaries.pieces(word) for token in self.tokens(piece)]
        return (self.separator + " ").join(tokens)

    def tokens(self, piece: str) -> tuple[str, ...]:
        """The tokens of one piece of a word (a whole word when no glossary cut it)."""
        if not self.dropout and piece in self.memo:
            return self.memo[piece]
        if len(piece) == 1 or self.glossaries.keeps_whole(piece):
            # subtle: kept as it is, as subword-nmt does: no end-of-word marker, no merge,
            # no dropout draw, no vocabulary check
            return (piece,)
        if self.unsupported:
            raise CommandError(self.unsupported)
        tokens = _without_end_marker(self.model.encode(piece, dropout=self.dropout, rng=self.rng))
        if self.vocabulary:
            tokens = _undo_unknown_merges(tokens, self.undo, self.vocabulary, self.separator)
        if not self.dropout and len(self.memo) < 100_000:
            self.memo[piece] = tuple(tokens)
        return tuple(tokens)


def _without_end_marker(tokens: list[str]) -> list[str]:
    """The tokens as they are written: the end-of-word marker is not part of the text.

    The last token ends with the marker: it is cut off, and a last token that was only the
    marker (version 0.1 codes, when no merge took it in) is left out.

    >>> _without_end_marker(["lo", "w</w>"]), _without_end_marker(["l", "o", "w", "</w>"])
    (['lo', 'w'], ['l', 'o', 'w'])
    """
    last = tokens[-1]
    if last.endswith(MARKER):
        last = last[: -len(MARKER)]
    return [*tokens[:-1], last] if last else tokens[:-1]
