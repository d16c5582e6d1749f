"""The steps a trace records, one dataclass per decision a teacher points at.

These are *encoding* steps of a loaded tokenizer (what :meth:`Pretrained.trace` keeps); the
trainers' steps of similar names (:class:`subword_core.bpe.MergeStep`,
:class:`subword_core.wordpiece.WordPieceStep`) record a *training* and hold other numbers
(pair counts, scores), so the two families stay apart. Every step has a ``word`` (the index
into :attr:`Trace.words`, or ``None`` for a step over the whole text).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AddedTokensStep:
    """The text cut at special (added) tokens; ``pieces`` are ``(text, is_added_token)``."""

    pieces: tuple[tuple[str, bool], ...]
    word: None = None


@dataclass(frozen=True)
class NormalizeStep:
    """One normalizer component applied to every piece (``before`` -> ``after``).

    ``replaced`` lists what a ``Precompiled`` normalizer (sentencepiece's rules) rewrote,
    ``(original, replacement)``, each pair once, in the order met (empty for the others);
    ``pattern`` and ``content``: a ``Replace`` normalizer's pattern and what replaces it.
    """

    component: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    replaced: tuple[tuple[str, str], ...] = ()
    pattern: str = ""
    content: str = ""
    word: None = None


@dataclass(frozen=True)
class SplitStep:
    """One pre-tokenizer component: the words before and after it (a ``Split``'s pattern)."""

    component: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    pattern: str = ""
    word: None = None


@dataclass(frozen=True)
class ByteMapStep:
    """ByteLevel: a word's UTF-8 bytes, each drawn as one printable character."""

    text: str
    data: bytes
    mapped: str
    word: int | None = None


@dataclass(frozen=True)
class BpeStartStep:
    """BPE's first split of one word into characters (with prefix/suffix, unknowns fused).

    ``unknown`` lists the characters not in the vocabulary; ``fallback`` those written as
    ``<0xXX>`` byte tokens instead.
    """

    word: int
    text: str
    symbols: tuple[str, ...]
    unknown: tuple[str, ...]
    fallback: tuple[str, ...]
    candidates: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class WholeWordStep:
    """BPE with ``ignore_merges``: the whole word is in the vocabulary, so no merge is tried."""

    word: int
    text: str


@dataclass(frozen=True)
class MergeStep:
    """One BPE merge in one word.

    Attributes:
        word: Which word (index into :attr:`Trace.words`).
        rank: The merge's rank (0 = learned first = applied first).
        left, right, merged: The pair and the symbol it becomes.
        position: The index of ``left`` in ``before``.
        before, after: The word's symbols before and after the merge.
        candidates: The adjacent pairs that had a merge before this one: ``(left, right,
            rank)``, in word order; the lowest rank (leftmost on a tie) wins.
    """

    word: int
    rank: int
    left: str
    right: str
    merged: str
    position: int
    before: tuple[str, ...]
    after: tuple[str, ...]
    candidates: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class WordPieceStep:
    """WordPiece's longest-match search at one position of one word.

    Attributes:
        tries: The candidates looked up, longest first, ``(candidate, in_vocab)``.
        found: The candidate taken, or ``None`` (the word becomes the unknown token).
        too_long: The word has more than ``max_input_chars_per_word`` characters.
    """

    word: int
    text: str
    start: int
    tries: tuple[tuple[str, bool], ...]
    found: str | None
    too_long: bool = False


@dataclass(frozen=True)
class LatticeStep:
    """Unigram Viterbi at one character position of one word.

    Attributes:
        start: The character position; ``best`` the best score of a path ending here.
        pieces: The vocabulary pieces starting here, ``(piece, end, score, path_score,
            improved)``; ``end`` in characters; ``improved`` when it became the best path
            to ``end``. An unknown character appears with piece ``None``'s score
            ``min_score - 10``.
    """

    word: int
    text: str
    start: int
    best: float
    pieces: tuple[tuple[str, int, float, float, bool, bool], ...]


@dataclass(frozen=True)
class PathStep:
    """Unigram: the best path read back from the end, ``(piece, start, end, score, unk)``."""

    word: int
    text: str
    path: tuple[tuple[str, int, int, float, bool], ...]
    total: float
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class ResultStep:
    """The final tokens and ids."""

    tokens: tuple[str, ...]
    ids: tuple[int, ...]
    word: None = None


Step = (
    AddedTokensStep
    | NormalizeStep
    | SplitStep
    | ByteMapStep
    | BpeStartStep
    | WholeWordStep
    | MergeStep
    | WordPieceStep
    | LatticeStep
    | PathStep
    | ResultStep
)


@dataclass(frozen=True)
class Trace:
    """What :meth:`Pretrained.trace` returns: the steps, the words and the final tokens."""

    text: str
    words: tuple[str, ...]
    steps: tuple[Step, ...]
    tokens: tuple[str, ...]
    ids: tuple[int, ...]
