"""Unigram as the library applies it to one word: Viterbi through the lattice of pieces.

subtle: not :meth:`subword_core.unigram.Unigram.encode`, which compares paths in float32 as
sentencepiece does (the app's model is sentencepiece's); the ``tokenizers`` library adds its
scores in float64, so near ties can break the other way. The unknown character's score is
the same rule (:data:`subword_core.unigram.UNK_PENALTY` below the lowest score).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from subword_core import bounds
from subword_core.pretrained.errors import PretrainedError, _bad
from subword_core.pretrained.files import _library_number
from subword_core.pretrained.ids import _check_flag, _check_unk_id
from subword_core.pretrained.steps import LatticeStep, PathStep, Step
from subword_core.unigram.steps import UNK_PENALTY


@dataclass
class _Unigram:
    pieces: list[tuple[str, float]]
    vocab: dict[str, int]
    unk_id: int | None
    byte_fallback: bool
    by_first: dict[str, list[tuple[str, int]]]
    min_score: float


def _unigram_reach(model: _Unigram, word: str) -> list[int]:
    """For each position of ``word``, how many characters a piece starting there may have
    (at most the longest piece with that first letter, in UTF-8 bytes, and what is left).

    Example:
        >>> _unigram_reach(_make_unigram([("ab", -1.0), ("b", -2.0)], None, False), "abc")
        [2, 1, 0]
    """
    by_first, n = model.by_first, len(word)
    longest = {c: len(entries[-1][0].encode()) for c in set(word) if (entries := by_first.get(c))}
    return [min(longest.get(c, 0), n - i) for i, c in enumerate(word)]


def _unigram_word(
    model: _Unigram, word: str, index: int, steps: list[Step]
) -> list[tuple[str, int]]:
    n = len(word)
    reach = _unigram_reach(model, word)
    bounds.charge(steps, sum(m * (m + 1) // 2 for m in reach), "Unigram pieces")
    unk_score = model.min_score - UNK_PENALTY
    # best[end] = (score, start, id or -1 for unknown); None: no path yet
    best: list[tuple[float, int, int] | None] = [None] * (n + 1)
    best[0] = (0.0, 0, -2)
    for start in range(n):
        here = best[start]
        base = here[0] if here is not None else 0.0
        rows: list[tuple[str, int, float, float, bool, bool]] = []
        single = False
        # subtle: the pieces that start here, shortest first as the library's trie yields
        # them, found by looking each length up (not by trying every piece with this letter)
        for end in range(start + 1, start + reach[start] + 1):
            piece = word[start:end]
            pid = model.vocab.get(piece)
            if pid is None:
                continue
            score = model.pieces[pid][1]
            total = score + base
            old = best[end]
            improved = old is None or total > old[0]
            if improved:
                best[end] = (total, start, pid)
            rows.append((piece, end, score, total, improved, False))
            if len(piece) == 1:
                single = True
        if not single:
            end = start + 1
            total = unk_score + base
            old = best[end]
            improved = old is None or total > old[0]
            if improved:
                best[end] = (total, start, -1)
            rows.append((word[start], end, unk_score, total, improved, True))
        steps.append(LatticeStep(index, word, start, base, tuple(rows)))
    path: list[tuple[str, int, int, float, bool]] = []
    end = n
    while end > 0:
        node = best[end]
        assert node is not None
        _score, start, pid = node
        unk = pid == -1 or pid == model.unk_id
        score = unk_score if pid == -1 else model.pieces[pid][1]
        path.append((word[start:end], start, end, score, unk))
        end = start
    path.reverse()
    # consecutive unknown pieces are fused into one token (the library's fuse_unk)
    strings: list[tuple[str, bool]] = []
    for piece, _s, _e, _sc, unk in path:
        if unk and strings and strings[-1][1]:
            strings[-1] = (strings[-1][0] + piece, True)
        else:
            strings.append((piece, unk))
    total = best[n][0] if best[n] is not None else 0.0
    out: list[tuple[str, int]] = []
    for piece, _unk in strings:
        pid = model.vocab.get(piece)
        if pid is not None:
            out.append((piece, pid))
            continue
        if model.byte_fallback:
            codes = [f"<0x{b:02X}>" for b in piece.encode("utf-8")]
            if all(c in model.vocab for c in codes):
                out.extend((c, model.vocab[c]) for c in codes)
                continue
        if model.unk_id is None:
            raise PretrainedError(
                f"{piece!r} is in no piece of the vocabulary and the file names no unknown "
                "token, so the library cannot encode it.",
                code="no_unk_id",
                values={"piece": piece},
            )
        out.append((piece, model.unk_id))
    steps.append(PathStep(index, word, tuple(path), total, tuple(t for t, _ in out)))
    return out


def _unigram_model(model: Mapping[str, Any], name: str) -> _Unigram:
    raw = model.get("vocab")
    if not isinstance(raw, list):
        raise _bad(
            f"{name}: a Unigram vocabulary is a list of [piece, score].", "bad_vocab", file=name
        )
    pieces: list[tuple[str, float]] = []
    for number, entry in enumerate(raw, start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not isinstance(entry[0], str)
            or not isinstance(entry[1], int | float)
            or isinstance(entry[1], bool)  # the library reads a score as a number only
        ):
            raise _bad(
                f"{name}: vocabulary entry {number:,} is not [piece, score].",
                "bad_vocab",
                entry=number,
            )
        pieces.append((entry[0], _library_number(entry[1])))
    return _make_unigram(
        pieces,
        _check_unk_id(model.get("unk_id"), name, len(pieces)),
        _check_flag(model.get("byte_fallback", False), name, "byte_fallback", null=False),
    )


def _make_unigram(
    pieces: list[tuple[str, float]],
    unk_id: int | None,
    byte_fallback: bool,
    hidden: frozenset[str] = frozenset(),
) -> _Unigram:
    """The Unigram model; ``hidden`` pieces keep their ids but never match text."""
    vocab: dict[str, int] = {}
    by_first: dict[str, list[tuple[str, int]]] = {}
    for pid, (piece, _score) in enumerate(pieces):
        vocab.setdefault(piece, pid)
    for piece, pid in vocab.items():
        if piece and piece not in hidden:
            by_first.setdefault(piece[0], []).append((piece, pid))
    for entries in by_first.values():
        # the library's trie yields the prefixes shortest first
        entries.sort(key=lambda e: len(e[0].encode()))
    min_score = min((s for p, s in pieces if p not in hidden), default=0.0)
    if not math.isfinite(min_score):
        raise _bad("A Unigram score is not a finite number.", "bad_vocab")
    return _Unigram(pieces, vocab, unk_id, byte_fallback, by_first, min_score)
