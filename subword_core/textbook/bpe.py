"""Textbook BPE and WordPiece learners: recount everything at every step, record full steps.

These are the oracles for the incremental learners in ``subword_core``: slow, obviously
correct, and written the way the tutorials describe the algorithms. They produce the very
same step objects (``MergeStep``, ``WordPieceStep``), so a test can compare whole traces
with ``==``: every count, tie, kept row, changed word and vocabulary change.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from subword_core import bpe
from subword_core import wordpiece as wp
from subword_core.pairs import WordChange, merge_symbols

Pair = tuple[str, str]


def _count_pairs(
    words: list[list[str]], freqs: list[int]
) -> tuple[dict[Pair, int], dict[Pair, tuple[int, int]]]:
    """Every pair's count and first occurrence ``(word index, character offset)``."""
    counts: dict[Pair, int] = {}
    first: dict[Pair, tuple[int, int]] = {}
    for index, (symbols, freq) in enumerate(zip(words, freqs, strict=True)):
        offset = 0
        for pair in itertools.pairwise(symbols):
            counts[pair] = counts.get(pair, 0) + freq
            first.setdefault(pair, (index, offset))
            offset += len(pair[0])
    return counts, first


def _rule_order(pairs: list[Pair], first: dict[Pair, tuple[int, int]], tie: str) -> list[Pair]:
    if tie == "lexicographic":
        return sorted(pairs, reverse=True)
    return sorted(pairs, key=first.__getitem__)


def _kept_changes(changes: list[WordChange], limit: int) -> tuple[WordChange, ...]:
    """All changed words, or the ``limit`` most frequent (ties: corpus order), corpus order."""
    if len(changes) <= limit:
        return tuple(changes)
    keep = sorted(range(len(changes)), key=lambda i: (-changes[i].count, i))[:limit]
    return tuple(changes[i] for i in sorted(keep))


def _rows(
    ranked: list[Pair], counts: dict[Pair, int], top_k: int, max_ties: int
) -> tuple[list[Pair], list[Pair], int]:
    """(rows kept, tied pairs kept, number of tied pairs) from pairs ranked best first."""
    best = counts[ranked[0]]
    ties = [p for p in ranked if counts[p] == best]
    kept = ties[:max_ties]
    others = [p for p in ranked if counts[p] != best]
    return kept + others[: max(0, top_k - len(kept))], kept, len(ties)


def bpe_learn(
    counts: dict[str, int],
    num_merges: int,
    *,
    min_frequency: int = 2,
    end_of_word: str = "</w>",
    attach_end_of_word: bool = False,
    tie_break: str = "first-seen",
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
) -> tuple[list[bpe.MergeStep], list[tuple[str, ...]]]:
    """The steps ``bpe.learn`` must record, and the final segmentation."""
    names = list(counts)
    freqs = list(counts.values())
    words = [bpe.split_word(w, end_of_word, attach_end_of_word) for w in names]
    steps: list[bpe.MergeStep] = []

    def stop(number: int, rows: list, total: int, tied: tuple, n_ties: int, why: str) -> None:
        best = rows[0].count if rows else 0
        steps.append(
            bpe.MergeStep(
                number=number,
                pair_counts=tuple(rows),
                pairs_total=total,
                pairs_omitted=total - len(rows),
                best_count=best,
                tied=tied,
                rule="unique" if n_ties <= 1 else "none",
                merged=None,
                changed_words=(),
                changed_words_total=0,
                vocab_size=len({s for w in words for s in w}),
                vocab_added=(),
                vocab_removed=(),
                stop_reason=why,
                min_frequency=min_frequency,
                ties_total=n_ties,
            )
        )

    for number in range(1, num_merges + 1):
        pair_counts, first = _count_pairs(words, freqs)
        if not pair_counts:
            stop(number, [], 0, (), 0, "no_pairs")
            break
        by_rule = _rule_order(list(pair_counts), first, tie_break)
        ranked = sorted(by_rule, key=lambda p: -pair_counts[p])  # stable: rule breaks ties
        kept, tied, n_ties = _rows(ranked, pair_counts, top_k, max_ties)
        rows = [bpe.PairCount(p, pair_counts[p], first[p]) for p in kept]
        best = pair_counts[ranked[0]]
        if best < min_frequency:
            stop(number, rows, len(pair_counts), tuple(tied), n_ties, "min_frequency")
            break
        chosen = ranked[0]
        before_vocab = {s for w in words for s in w}
        changes = []
        for index, symbols in enumerate(words):
            after, positions = merge_symbols(symbols, chosen)
            if positions:
                changes.append(WordChange(names[index], freqs[index], tuple(symbols), tuple(after)))
                words[index] = after
        after_vocab = {s for w in words for s in w}
        new = chosen[0] + chosen[1]
        removed = tuple(dict.fromkeys(s for s in chosen if s not in after_vocab and s != new))
        steps.append(
            bpe.MergeStep(
                number=number,
                pair_counts=tuple(rows),
                pairs_total=len(pair_counts),
                pairs_omitted=len(pair_counts) - len(rows),
                best_count=best,
                tied=tuple(tied),
                rule="unique" if n_ties == 1 else tie_break,
                merged=chosen,
                changed_words=_kept_changes(changes, max_changed_words),
                changed_words_total=len(changes),
                vocab_size=len(after_vocab),
                vocab_added=() if new in before_vocab else (new,),
                vocab_removed=removed,
                stop_reason="num_merges" if number == num_merges else None,
                min_frequency=min_frequency,
                ties_total=n_ties,
            )
        )
    return steps, [tuple(w) for w in words]


def wordpiece_learn(
    counts: dict[str, int],
    vocab_size: int,
    *,
    scoring: str = "likelihood",
    tie_break: str = "first-seen",
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
) -> tuple[list[wp.WordPieceStep], list[tuple[str, ...]]]:
    """The steps ``wordpiece.learn`` must record, and the final segmentation."""
    names = list(counts)
    freqs = list(counts.values())
    words = [wp.split_word(w) for w in names]
    vocab = set(wp.alphabet_of(wp._as_corpus(counts)))
    size = len(vocab)
    steps: list[wp.WordPieceStep] = []
    number = 0
    while size < vocab_size:
        number += 1
        symbol: dict[str, int] = {}
        for pieces, freq in zip(words, freqs, strict=True):
            for piece in pieces:
                symbol[piece] = symbol.get(piece, 0) + freq
        pair_counts, first = _count_pairs(words, freqs)
        if not pair_counts:
            steps.append(
                wp.WordPieceStep(
                    number=number,
                    candidates=(),
                    candidates_total=0,
                    candidates_omitted=0,
                    best_score=Fraction(0),
                    tied=(),
                    rule="unique",
                    merged=None,
                    new_token=None,
                    added=False,
                    changed_words=(),
                    changed_words_total=0,
                    vocab_size=size,
                    stop_reason="no_pairs",
                )
            )
            break

        def score(p: Pair, pc: dict = pair_counts, sym: dict = symbol) -> Fraction:
            if scoring == "frequency":
                return Fraction(pc[p])
            return Fraction(pc[p], sym[p[0]] * sym[p[1]])

        scores = {p: score(p) for p in pair_counts}
        by_rule = _rule_order(list(pair_counts), first, tie_break)
        ranked = sorted(by_rule, key=lambda p: -scores[p])
        kept, tied, n_ties = _rows(ranked, scores, top_k, max_ties)  # type: ignore[arg-type]
        rows = tuple(
            wp.PairScore(p, symbol[p[0]], symbol[p[1]], pair_counts[p], scores[p], first[p])
            for p in kept
        )
        chosen = ranked[0]
        token = wp.merged_token(chosen)
        changes = []
        for index, pieces in enumerate(words):
            after, positions = merge_symbols(pieces, chosen, token)
            if positions:
                changes.append(WordChange(names[index], freqs[index], tuple(pieces), tuple(after)))
                words[index] = after
        added = token not in vocab
        if added:
            vocab.add(token)
            size += 1
        steps.append(
            wp.WordPieceStep(
                number=number,
                candidates=rows,
                candidates_total=len(pair_counts),
                candidates_omitted=len(pair_counts) - len(rows),
                best_score=scores[chosen],
                tied=tuple(tied),
                rule="unique" if n_ties == 1 else tie_break,
                merged=chosen,
                new_token=token,
                added=added,
                changed_words=_kept_changes(changes, max_changed_words),
                changed_words_total=len(changes),
                vocab_size=size,
                stop_reason="vocab_size" if size >= vocab_size else None,
                ties_total=n_ties,
            )
        )
    return steps, [tuple(w) for w in words]
