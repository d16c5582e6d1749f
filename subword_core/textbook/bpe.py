"""BPE, the textbook way: recount every pair at every merge (read this before ``bpe.py``).

The algorithm (Sennrich et al. 2016) in three small functions and a loop:

1. ``count_pairs``: how often each pair of neighbouring symbols occurs in the corpus;
2. ``rank_pairs``: the pairs, most frequent first (a tie is broken by a rule);
3. ``merge_pair``: join one pair into a single symbol everywhere in a word.

``merge_step`` is one merge (the three together), ``learn`` repeats it, and ``encode_step``
is one step of segmenting a new word with the learned merges. ``subword_core.bpe`` does the
same work much faster (it updates the counts instead of recounting them); the tests prove it
records exactly the steps ``trace`` records here.

>>> words = [["h", "u", "g"], ["p", "u", "g"], ["h", "u", "g", "s"]]
>>> merge_step(words, [10, 5, 5])
('u', 'g')
>>> words
[['h', 'ug'], ['p', 'ug'], ['h', 'ug', 's']]
>>> learn({"hug": 10, "pug": 5, "hugs": 5}, 2)
[('u', 'g'), ('h', 'ug')]
"""

from __future__ import annotations

import random
from itertools import pairwise

from subword_core import bpe
from subword_core.merges import WordChange, keep_changes

Pair = tuple[str, str]


def count_pairs(
    words: list[list[str]], freqs: list[int]
) -> tuple[dict[Pair, int], dict[Pair, tuple[int, int]]]:
    """Every pair's count, and where it is first seen: ``(word index, character offset)``.

    >>> count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2])[0]
    {('l', 'o'): 7, ('o', 'w'): 5}
    """
    counts: dict[Pair, int] = {}
    first: dict[Pair, tuple[int, int]] = {}
    for index, symbols in enumerate(words):
        offset = 0
        for pair in pairwise(symbols):  # neighbours: (a, b), (b, c), ...
            # a word that occurs 5 times adds 5 to each of its pairs
            counts[pair] = counts.get(pair, 0) + freqs[index]
            first.setdefault(pair, (index, offset))
            offset += len(pair[0])
    return counts, first


def rank_pairs(
    scores: dict[Pair, int],
    first: dict[Pair, tuple[int, int]],
    tie_break: str,
    choose: Pair | None = None,
) -> list[Pair]:
    """The pairs, best first; pairs with the same score keep the tie rule's order.

    ``tie_break``: ``"first-seen"`` (the pair seen first in the corpus wins) or
    ``"lexicographic"`` (the pair that sorts last wins, as Hugging Face ``tokenizers``).
    ``choose``: a pair picked by hand, put before the pairs with the same score.

    >>> rank_pairs({("a", "b"): 3, ("b", "c"): 3, ("c", "d"): 1},
    ...            {("a", "b"): (0, 0), ("b", "c"): (0, 1), ("c", "d"): (0, 2)}, "first-seen")
    [('a', 'b'), ('b', 'c'), ('c', 'd')]
    >>> rank_pairs({("a", "b"): 3, ("b", "c"): 3}, {("a", "b"): (0, 0), ("b", "c"): (0, 1)},
    ...            "first-seen", choose=("b", "c"))
    [('b', 'c'), ('a', 'b')]
    """
    if tie_break == "lexicographic":
        by_rule = sorted(scores, reverse=True)
    else:
        by_rule = sorted(scores, key=lambda pair: first[pair])
    if choose in scores:
        by_rule.insert(0, by_rule.pop(by_rule.index(choose)))  # a pick beats the tie rule
    # sorted() is stable: pairs with the same score stay in the rule's order
    return sorted(by_rule, key=lambda pair: -scores[pair])


def merge_pair(symbols: list[str], pair: Pair, new: str | None = None) -> list[str]:
    """``symbols`` with every ``pair`` joined into ``new`` (left to right, no overlaps).

    >>> merge_pair(["a", "a", "a"], ("a", "a"))
    ['aa', 'a']
    """
    new = pair[0] + pair[1] if new is None else new
    out: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(new)  # "a a a" holds (a, a) twice, but only the first one fits
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def merge_step(
    words: list[list[str]],
    freqs: list[int],
    tie_break: str = "first-seen",
    min_frequency: int = 2,
    choose: Pair | None = None,
) -> Pair | None:
    """One merge: count the pairs, take the most frequent, merge it in every word.

    Changes ``words`` in place; returns the merged pair, or ``None`` when training stops.
    ``choose``: one of the pairs tied with the best, to merge instead of the rule's.

    >>> merge_step([["a", "b"]], [1])  # the best pair occurs once, fewer than 2 times
    """
    counts, first = count_pairs(words, freqs)
    if not counts:
        return None  # every word is a single symbol: nothing left to merge
    # a tied pair picked by hand first
    ranked = rank_pairs(counts, first, tie_break, choose)
    best = ranked[0]
    count = counts[best]
    if count < min_frequency:
        return None  # even the best pair is too rare: stop
    for index, symbols in enumerate(words):
        words[index] = merge_pair(symbols, best)
    return best


def learn(
    counts: dict[str, int], num_merges: int, *, end_of_word: str = "</w>", **options: object
) -> list[Pair]:
    """The merges, in the order they were learned (``options``: ``merge_step``'s).

    >>> learn({"low": 5, "lower": 2}, 3)
    [('l', 'o'), ('lo', 'w'), ('low', '</w>')]
    """
    words = [bpe.split_word(word, end_of_word) for word in counts]
    freqs = list(counts.values())
    merges: list[Pair] = []
    for _ in range(num_merges):
        best = merge_step(words, freqs, **options)  # type: ignore[arg-type]
        if best is None:
            break
        merges.append(best)
    return merges


def encode_step(symbols: list[str], ranks: dict[Pair, int]) -> list[str] | None:
    """One step of encoding a word: merge the learned pair with the lowest merge number.

    ``ranks``: each learned pair's merge number (1 for the first merge). Returns the new
    symbols, or ``None`` when no pair of the word was ever learned (encoding is done).

    >>> encode_step(["t", "e", "s", "t"], {("e", "s"): 1, ("es", "t"): 2})
    ['t', 'es', 't']
    """
    pairs = list(pairwise(symbols))
    known = [pair for pair in pairs if pair in ranks]
    if not known:
        return None  # no pair of this word was learned: the word is encoded
    rank = min(ranks[pair] for pair in known)  # the lowest merge number: learned first
    best = next(pair for pair in known if ranks[pair] == rank)
    return merge_pair(symbols, best)


def merge_alive(symbols: list[str], pair: Pair, alive: list[bool]) -> list[str]:
    """``merge_pair``, but only where the pair survived (``alive[i]``: the pair at ``i``).

    >>> merge_alive(["a", "b", "a", "b"], ("a", "b"), [False, True, True])
    ['a', 'b', 'ab']
    """
    out: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and alive[i] and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def dropout_step(
    symbols: list[str], ranks: dict[Pair, int], dropout: float, rng: random.Random
) -> list[str] | None:
    """One step of BPE-dropout (Provilkov et al. 2020): ``encode_step``, but first every
    pair of the word is dropped with probability ``dropout``, for this step only.

    >>> dropout_step(["t", "e", "s", "t"], {("e", "s"): 1}, 0.5, random.Random(1))
    ['t', 'es', 't']
    """
    pairs = list(pairwise(symbols))
    alive = [rng.random() > dropout for _ in pairs]  # one draw per pair, left to right
    known = [pair for pair, kept in zip(pairs, alive, strict=True) if kept and pair in ranks]
    if not known:
        return None  # no learned pair survived: the word is encoded
    rank = min(ranks[pair] for pair in known)
    best = next(pair for pair in known if ranks[pair] == rank)
    return merge_alive(symbols, best, alive)  # merged only where it survived


# --------------------------------------------------------------------------------------
# The app's step records: the same decisions, written down the way bpe.learn does
# (the tests compare whole traces with ==). Not needed to understand the algorithm.
# --------------------------------------------------------------------------------------


def top_rows(
    ranked: list[Pair], scores: dict, top_k: int, max_ties: int
) -> tuple[list[Pair], list[Pair], int]:
    """(rows kept, tied pairs kept, number of tied pairs) from pairs ranked best first."""
    best = scores[ranked[0]]
    ties = [p for p in ranked if scores[p] == best]
    kept = ties[:max_ties]
    others = [p for p in ranked if scores[p] != best]
    return kept + others[: max(0, top_k - len(kept))], kept, len(ties)


def changes(
    names: list[str], freqs: list[int], before: list[list[str]], after: list[list[str]]
) -> list[WordChange]:
    """The words a merge changed, in corpus order."""
    return [
        WordChange(names[i], freqs[i], tuple(before[i]), tuple(after[i]))
        for i in range(len(names))
        if before[i] != after[i]
    ]


def _record(number: int, rows: list[bpe.PairCount], n_ties: int, **fields: object) -> bpe.MergeStep:
    """A ``MergeStep`` with the row fields filled in from ``rows``."""
    total = fields.pop("pairs_total")
    return bpe.MergeStep(
        number=number,
        pair_counts=tuple(rows),
        pairs_total=total,  # type: ignore[arg-type]
        pairs_omitted=total - len(rows),  # type: ignore[operator]
        best_count=rows[0].count if rows else 0,
        ties_total=n_ties,
        **fields,  # type: ignore[arg-type]
    )


def trace(
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
    """The steps ``bpe.learn`` must record (every decision made by ``merge_step``), and the
    final segmentation.

    >>> steps, final = trace({"hug": 10, "pug": 5}, 1)
    >>> steps[0].merged, final
    (('u', 'g'), [('h', 'ug', '</w>'), ('p', 'ug', '</w>')])
    """
    names, freqs = list(counts), list(counts.values())
    words = [bpe.split_word(w, end_of_word, attach_end_of_word) for w in names]
    steps: list[bpe.MergeStep] = []
    for number in range(1, num_merges + 1):
        before = [list(w) for w in words]
        pair_counts, first = count_pairs(words, freqs)
        ranked = rank_pairs(pair_counts, first, tie_break)
        kept, tied, n_ties = (
            top_rows(ranked, pair_counts, top_k, max_ties) if ranked else ([], [], 0)
        )
        rows = [bpe.PairCount(p, pair_counts[p], first[p]) for p in kept]
        vocab = {s for w in before for s in w}
        best = merge_step(words, freqs, tie_break, min_frequency)
        common = {
            "tied": tuple(tied),
            "min_frequency": min_frequency,
            "pairs_total": len(pair_counts),
        }
        if best is None:
            why = "min_frequency" if pair_counts else "no_pairs"
            steps.append(
                _record(number, rows, n_ties, rule="unique" if n_ties <= 1 else "none",
                        merged=None, changed_words=(), changed_words_total=0,
                        vocab_size=len(vocab), vocab_added=(), vocab_removed=(),
                        stop_reason=why, **common)
            )  # fmt: skip
            break
        after_vocab = {s for w in words for s in w}
        new = best[0] + best[1]
        changed = changes(names, freqs, before, words)
        steps.append(
            _record(number, rows, n_ties, rule="unique" if n_ties == 1 else tie_break,
                    merged=best, changed_words=keep_changes(changed, max_changed_words),
                    changed_words_total=len(changed), vocab_size=len(after_vocab),
                    vocab_added=() if new in vocab else (new,),
                    vocab_removed=tuple(dict.fromkeys(
                        s for s in best if s not in after_vocab and s != new)),
                    stop_reason="num_merges" if number == num_merges else None, **common)
        )  # fmt: skip
    return steps, [tuple(w) for w in words]
