"""Exercises with answers: a seeded toy corpus and questions of the tutorials' kinds.

``generate(seed)`` builds a small corpus (stems and endings, counts 1..9) and five questions:
the next BPE merge and why, a new word's BPE segmentation by merge priority, its WordPiece
segmentation by longest match, the WordPiece score of a pair, and the probability of a
Unigram segmentation. The answer keys come from the textbook code
(``subword_core/textbook/``); the tests prove they equal the fast trainers' results over many
seeds. The same seed always gives the same sheet, so a teacher can hand the whole class one.

>>> sheet = generate(7)
>>> [q.kind for q in sheet.questions]
['next_merge', 'bpe_segment', 'longest_match', 'wordpiece_score', 'unigram_prob']
>>> check(sheet.questions[0], " ".join(sheet.questions[0].answer))
True
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from subword_core.textbook import bpe as tb_bpe
from subword_core.textbook import wordpiece as tb_wordpiece

Pair = tuple[str, str]

KINDS = ("next_merge", "bpe_segment", "longest_match", "wordpiece_score", "unigram_prob")
"""The question kinds, in the order of a sheet."""

MERGES = 4
"""How many BPE merges the segmentation question gives."""

_CONSONANTS = "bdghklmnprst"
_VOWELS = "aeiou"
_ENDINGS = ("s", "er", "est", "ing", "ed", "y")


@dataclass(frozen=True)
class Question:
    """One question and its key.

    Attributes:
        kind: one of :data:`KINDS`.
        given: what the question shows (a word, a pair, merges, a vocabulary, pieces).
        answer: the key: a pair, a list of pieces, or a ``Fraction``.
        accepted: every answer counted right (all tied pairs for the next merge).
        why: the numbers the explanation quotes (counts, ties, the score's parts).
    """

    kind: str
    given: dict[str, Any]
    answer: Any
    accepted: tuple[Any, ...]
    why: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Sheet:
    """A seed's corpus and questions."""

    seed: int
    corpus: dict[str, int]
    questions: tuple[Question, ...]


def toy_corpus(rng: random.Random) -> dict[str, int]:
    """Five or six words made of three stems and a few endings, counts 1..9.

    >>> toy_corpus(random.Random(1))
    {'guds': 7, 'kaner': 4, 'kan': 1, 'guding': 8, 'guder': 4}
    """
    stems: list[str] = []
    while len(stems) < 3:
        stem = rng.choice(_CONSONANTS) + rng.choice(_VOWELS) + rng.choice(_CONSONANTS)
        if stem not in stems:
            stems.append(stem)
    endings = rng.sample(_ENDINGS, 3)
    words: dict[str, int] = {}
    while len(words) < rng.randint(5, 6):
        word = rng.choice(stems[:2]) + rng.choice(["", *endings])
        words.setdefault(word, rng.randint(1, 9))
    return words


def _new_word(rng: random.Random, corpus: dict[str, int]) -> str:
    """A word not in the corpus: one of its stems with an ending seen on another stem.

    >>> _new_word(random.Random(0), {"low": 1, "lower": 1, "newest": 1})
    'newer'
    """
    stems = sorted({w[:3] for w in corpus})
    endings = sorted({w[3:] for w in corpus})
    fresh = [s + e for s in stems for e in endings if e and s + e not in corpus]
    if not fresh:  # every stem has every ending: add one more
        fresh = [s + e + e for s in stems for e in endings if e]
    return rng.choice(fresh)


def _next_merge(corpus: dict[str, int]) -> Question:
    words = [list(w) for w in corpus]
    freqs = list(corpus.values())
    counts, first = tb_bpe.count_pairs(words, freqs)
    ranked = tb_bpe.rank_pairs(counts, first, "first-seen")
    best = ranked[0]
    tied = tuple(p for p in ranked if counts[p] == counts[best])
    return Question("next_merge", {}, best, tied, {"count": counts[best], "tied": tied})


def _bpe_segment(corpus: dict[str, int], word: str) -> Question:
    merges = tb_bpe.learn(corpus, MERGES, end_of_word="", min_frequency=1)
    ranks = {pair: k + 1 for k, pair in reversed(list(enumerate(merges)))}
    symbols: list[str] | None = list(word)
    steps = []
    while symbols is not None:
        steps.append(symbols)
        symbols = tb_bpe.encode_step(symbols, ranks)
    answer = steps[-1]
    given = {"word": word, "merges": merges}
    return Question("bpe_segment", given, answer, (answer,), {"steps": steps})


def _wordpiece(corpus: dict[str, int], word: str) -> tuple[Question, Question]:
    words = [tb_wordpiece.split_word(w) for w in corpus]
    freqs = list(corpus.values())
    symbol = tb_wordpiece.count_symbols(words, freqs)
    counts, first = tb_bpe.count_pairs(words, freqs)
    scores = {p: Fraction(c, symbol[p[0]] * symbol[p[1]]) for p, c in counts.items()}
    best = tb_bpe.rank_pairs(scores, first, "first-seen")[0]
    why = {"count": counts[best], "left": symbol[best[0]], "right": symbol[best[1]]}
    score = Question("wordpiece_score", {"pair": best}, scores[best], (scores[best],), why)
    alphabet = tb_wordpiece.alphabet(corpus)
    merges = tb_wordpiece.learn(corpus, len(alphabet) + MERGES)
    vocab = sorted(alphabet | {tb_wordpiece.merged_token(p) for p in merges})
    tokens = tb_wordpiece.encode(word, set(vocab))
    match = Question("longest_match", {"word": word, "vocab": vocab}, tokens, (tokens,))
    return match, score


def _unigram(rng: random.Random, corpus: dict[str, int], word: str) -> Question:
    """P(segmentation) = the product of its pieces' probabilities (counts over 20)."""
    pieces = [word[:3], word[3:]] if len(word) > 3 else [word[:1], word[1:]]
    if rng.random() < 0.5:  # the stem in two pieces
        pieces = [pieces[0][:2], pieces[0][2:], *pieces[1:]]
    counts = {piece: rng.randint(1, 4) for piece in pieces}
    probs = {piece: Fraction(c, 20) for piece, c in counts.items()}
    answer = math.prod((probs[p] for p in pieces), start=Fraction(1))
    return Question("unigram_prob", {"pieces": pieces, "probs": probs}, answer, (answer,))


def generate(seed: int) -> Sheet:
    """The sheet of ``seed``: its corpus and one question of each kind, with keys.

    >>> generate(3) == generate(3)
    True
    """
    rng = random.Random(seed)
    corpus = toy_corpus(rng)
    word = _new_word(rng, corpus)
    match, score = _wordpiece(corpus, word)
    questions = (
        _next_merge(corpus),
        _bpe_segment(corpus, word),
        match,
        score,
        _unigram(rng, corpus, word),
    )
    return Sheet(seed, corpus, questions)


def _fraction(text: str) -> Fraction | None:
    """``1/20``, ``0.05`` or ``5%`` as a fraction; ``None`` if it is not a number."""
    text = text.strip().replace(" ", "").replace("×", "*")
    try:
        if text.endswith("%"):
            return Fraction(text[:-1]) / 100
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def check(question: Question, text: str) -> bool:
    """Whether a student's typed answer is right (ties counted right; a number may be a
    fraction, a decimal or a percentage; a decimal within 0.5 %: right to 3 significant digits).

    >>> q = Question("wordpiece_score", {}, Fraction(1, 30), (Fraction(1, 30),))
    >>> check(q, "1/30"), check(q, "0.0333"), check(q, "0.05")
    (True, True, False)
    >>> check(Question("next_merge", {}, ("e", "s"), (("e", "s"), ("s", "t"))), "s + t")
    True
    """
    if question.kind in ("wordpiece_score", "unigram_prob"):
        value = _fraction(text)
        if value is None:
            return False
        key = question.answer
        return value == key or abs(float(value) - float(key)) <= 0.005 * abs(float(key))
    parts = [p for p in re.split(r"[\s+,|]+", text.strip()) if p]
    if question.kind == "next_merge":
        return len(parts) == 2 and tuple(parts) in question.accepted
    return parts in [list(a) for a in question.accepted]
