"""Unigram training, stage 1, the seed: every character plus the most frequent substrings."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from subword_core.unigram.state import _Trainer
from subword_core.unigram.steps import PieceStat, SeedStep


def seed_vocabulary(
    trainer: _Trainer, given: Sequence[str] | None, seed_size: int, max_piece_length: int
) -> SeedStep:
    """Stage 1, seed: every character plus the most frequent substrings, with their counts.

    ``given`` pieces replace the substrings (missing characters are added, pieces that
    never occur are dropped). The probabilities start as counts over their total, and
    every word's lattice (the pieces that fit at each position) is built.

    Example:
        >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
        >>> step = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> trainer.vocab[:7], step.characters, step.vocab_size
        (['h', 'u', 'g', 'p', 's', 'ug', 'hug'], 5, 13)
    """
    words, freqs = trainer.words, trainer.freqs
    char_counts: Counter[str] = Counter()
    for w, n in zip(words, freqs, strict=True):
        for ch in w:
            char_counts[ch] += n
    chars = list(char_counts)  # first seen
    added: list[str] = []
    absent: list[str] = []
    seen_substrings = 0
    if given is None:
        multi, seen_substrings = _top_substrings(words, freqs, max_piece_length, seed_size)
        display = [*chars, *(s for s, _ in multi)]
        source = "substrings"
    else:
        longest = max(len(p) for p in given)
        wanted = {p for p in given if len(p) > 1}
        sub = _substring_counts(words, freqs, longest, keep=wanted)
        multi = []
        for p in given:
            if len(p) > 1:
                if sub.get(p, 0) > 0:
                    multi.append((p, float(sub[p])))
                else:
                    absent.append(p)
            elif p not in char_counts:
                absent.append(p)
        given_chars = [p for p in given if len(p) == 1 and p in char_counts]
        have = set(given_chars)
        added = [c for c in chars if c not in have]
        chars = given_chars + added
        gone = set(absent)
        display = [p for p in given if p not in gone] + added
        source = "given"
    trainer.vocab = chars + [s for s, _ in multi]
    trainer.alive = [True] * (len(trainer.vocab) + 1)
    trainer.ids = list(range(len(trainer.vocab)))
    trainer.n_chars = len(chars)
    counts = [float(char_counts[c]) for c in chars] + [c for _, c in multi]
    total = math.fsum(counts)
    trainer.prob = [c / total for c in counts] + [0.0]
    trainer.logp = [math.log(p) for p in trainer.prob[:-1]]
    trainer.counts = counts
    trainer.max_len = max(len(p) for p in trainer.vocab)
    trainer.seed_order = tuple(display)
    trainer.set_unknown()
    trainer.build_lattices(range(len(words)))

    index = {p: k for k, p in enumerate(trainer.vocab)}
    if len(display) <= trainer.top_k:
        rows = display
    else:
        top = {trainer.vocab[k] for k in trainer.top_ids_by(counts, trainer.top_k)}
        if source == "given":
            rows = [p for p in display if p in top]
        else:
            rows = sorted(top, key=lambda p: (-counts[index[p]], index[p]))
    stats = tuple(PieceStat(p, counts[index[p]], trainer.logp[index[p]]) for p in rows)
    return SeedStep(
        number=1,
        source=source,
        pieces=stats,
        vocab_size=trainer.size,
        pieces_omitted=trainer.size - len(stats),
        characters=trainer.n_chars,
        total_count=int(total) if total == int(total) else total,
        substrings_seen=seen_substrings,
        min_count=min((c for _, c in multi), default=0.0),
        added_characters=tuple(added),
        absent=tuple(absent),
        log_likelihood=math.nan,
    )


def _top_substrings(
    words: Sequence[str], freqs: Sequence[int], max_len: int, size: int
) -> tuple[list[tuple[str, float]], int]:
    """The ``size`` most frequent substrings of 2..max_len characters (weighted by word
    counts; ties: longer first, then in string order) with their counts, and how many
    distinct substrings there are.

    subtle: one length at a time, longest first, so that only one length's substrings are
    in memory (a 100,000-character word has 3 million distinct substrings of up to 32
    characters, one length 100,000); of each length only those that can still make the
    cut are kept. ``best`` holds ``(-count, -length, substring)``, the ranking order.

    >>> _top_substrings(["abab", "ab"], [1, 2], 3, 2)
    ([('ab', 4.0), ('aba', 1.0)], 4)
    """
    groups: dict[int, list[str]] = {}
    for w, n in zip(words, freqs, strict=True):
        groups.setdefault(n, []).append(w)
    best: list[tuple[int, int, str]] = []
    seen = 0
    longest = max((len(w) for w in words), default=0)
    for length in range(min(max_len, longest), 1, -1):
        found = _counts_of_length(groups, length)
        seen += len(found)
        # once full, a substring needs a higher count than the last one kept: at an equal
        # count the last one, being longer, ranks first
        floor = -best[-1][0] if len(best) >= size else 0
        best += [(-c, -length, s) for s, c in found.items() if c > floor]
        del found
        best.sort()
        del best[size:]
    return [(s, float(-c)) for c, _, s in best], seen


def _counts_of_length(groups: dict[int, list[str]], length: int) -> Counter[str]:
    """Occurrences of every substring of ``length`` characters, weighted by word counts
    (``groups``: the words by count; each group is counted by ``Counter`` in C)."""
    total: Counter[str] = Counter()
    for n, group in groups.items():
        found = Counter(
            w[i : i + length] for w in group if len(w) >= length for i in range(len(w) - length + 1)
        )
        if not total and n == 1:
            total = found
        else:
            for s, c in found.items():
                total[s] += c * n
    return total


def _substring_counts(
    words: Sequence[str], freqs: Sequence[int], max_len: int, keep: set[str] | None = None
) -> Counter[str]:
    """Occurrences of every substring of 2..max_len characters, weighted by word counts.

    subtle: words are grouped by count so that each group is counted by ``Counter`` in C,
    which is several times faster than adding the weight substring by substring.
    """
    groups: dict[int, list[str]] = {}
    for w, n in zip(words, freqs, strict=True):
        groups.setdefault(n, []).append(w)
    total: Counter[str] = Counter()
    for n, group in groups.items():
        found = Counter(
            w[i:j]
            for w in group
            for i in range(len(w))
            for j in range(i + 2, min(len(w), i + max_len) + 1)
        )
        if keep is not None:
            found = Counter({s: c for s, c in found.items() if s in keep})
        if n == 1 and not total:
            total = found
        else:
            for s, c in found.items():
                total[s] += c * n
    return total
