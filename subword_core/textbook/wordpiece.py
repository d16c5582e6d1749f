"""WordPiece, the textbook way: recount and rescore every pair at every merge.

WordPiece learns like BPE (``textbook/bpe.py``), with two differences:

1. a piece inside a word is written ``##`` + piece (``hug`` starts as ``h ##u ##g``);
2. the pair to merge is the one with the best *score*, not the highest count:
   ``score = count(pair) / (count(left) * count(right))`` (the Hugging Face course's
   formula), which prefers pairs whose parts are rarely seen apart.

``merge_step`` is one merge, ``learn`` repeats it until the vocabulary is large enough, and
``encode`` segments a new word by longest match first. ``subword_core.wordpiece`` does the
same much faster; the tests prove it records exactly the steps ``trace`` records here.

>>> learn({"hug": 10, "pug": 5, "hugs": 5}, 7)
[('h', '##u'), ('p', '##u')]
>>> encode("hugs", {"h", "hu", "##g", "##gs", "##s", "##u"})
['hu', '##gs']
"""

from __future__ import annotations

from fractions import Fraction

from subword_core import wordpiece as wp
from subword_core.merges import keep_changes
from subword_core.textbook.bpe import changes, count_pairs, merge_pair, rank_pairs, top_rows

Pair = tuple[str, str]


def split_word(word: str) -> list[str]:
    """The first character, then ``##`` + each other character.

    >>> split_word("hug")
    ['h', '##u', '##g']
    """
    return [word[0]] + ["##" + ch for ch in word[1:]]


def merged_token(pair: Pair) -> str:
    """The new piece: the right one loses its ``##`` (``h`` + ``##u`` makes ``hu``).

    >>> merged_token(("##g", "##s"))
    '##gs'
    """
    return pair[0] + pair[1].removeprefix("##")


def count_symbols(words: list[list[str]], freqs: list[int]) -> dict[str, int]:
    """How often each piece occurs in the corpus.

    >>> count_symbols([["h", "##u"], ["##u"]], [2, 3])
    {'h': 2, '##u': 5}
    """
    symbol: dict[str, int] = {}
    for index, pieces in enumerate(words):
        for piece in pieces:
            symbol[piece] = symbol.get(piece, 0) + freqs[index]
    return symbol


def merge_step(
    words: list[list[str]],
    freqs: list[int],
    scoring: str = "likelihood",
    tie_break: str = "first-seen",
    choose: Pair | None = None,
) -> Pair | None:
    """One merge: score every pair, take the best, merge it in every word (in place).

    ``scoring``: ``"likelihood"`` (count / (count left x count right)) or ``"frequency"``
    (the count alone, as BPE). Returns the merged pair, or ``None`` when nothing is left.
    ``choose``: one of the pairs tied with the best, to merge instead of the rule's.

    >>> merge_step([["h", "##u", "##g"], ["p", "##u", "##g"]], [10, 5])
    ('h', '##u')
    """
    counts, first = count_pairs(words, freqs)
    if not counts:
        return None  # every word is a single piece: nothing left to merge
    symbol = count_symbols(words, freqs)
    scores = {}
    for pair, count in counts.items():
        left, right = pair
        # the pair's count against how often its parts occur at all (likelihood scoring)
        apart = symbol[left] * symbol[right] if scoring == "likelihood" else 1
        scores[pair] = Fraction(count, apart)  # an exact fraction: 1/20, not 0.05
    # a tied pair picked by hand first
    ranked = rank_pairs(scores, first, tie_break, choose)
    best = ranked[0]
    score = scores[best]
    token = merged_token(best)
    for index, pieces in enumerate(words):
        words[index] = merge_pair(pieces, best, token)
    return best


def alphabet(counts: dict[str, int]) -> set[str]:
    """The starting vocabulary: every first character and every ``##`` + inner character.

    >>> sorted(alphabet({"hug": 1}))
    ['##g', '##u', 'h']
    """
    return {piece for word in counts for piece in split_word(word)}


def learn(counts: dict[str, int], vocab_size: int, **options: str) -> list[Pair]:
    """The merges, until the vocabulary has ``vocab_size`` pieces (``options``: ``merge_step``'s).

    >>> learn({"hug": 10, "pug": 5}, 6)
    [('h', '##u'), ('p', '##u')]
    """
    words = [split_word(word) for word in counts]
    freqs = list(counts.values())
    vocab = alphabet(counts)
    merges: list[Pair] = []
    while len(vocab) < vocab_size:
        best = merge_step(words, freqs, **options)
        if best is None:
            break
        merges.append(best)
        vocab.add(merged_token(best))  # two merges may make the same piece: a set keeps one
    return merges


def longest_match(word: str, start: int, vocab: set[str]) -> str | None:
    """The longest vocabulary piece that starts at ``start`` (``##`` inside the word).

    >>> longest_match("hugs", 0, {"h", "hu", "hug"}), longest_match("hugs", 3, {"##s"})
    ('hug', '##s')
    """
    for end in range(len(word), start, -1):  # the whole rest first, then shorter
        piece = word[start:end] if start == 0 else "##" + word[start:end]
        if piece in vocab:
            return piece
    return None


def encode(word: str, vocab: set[str]) -> list[str]:
    """Longest match first: take the longest piece that fits at the start, then go on.

    ``["[UNK]"]`` when some part of the word matches no piece.

    >>> encode("hugs", {"hug", "##s"}), encode("bug", {"hug", "##s"})
    (['hug', '##s'], ['[UNK]'])
    """
    tokens: list[str | None] = []
    start = 0
    while start < len(word) and None not in tokens:
        piece = longest_match(word, start, vocab)  # None: nothing fits here
        tokens.append(piece)
        start += len(piece.removeprefix("##")) if piece else 0
    if None in tokens:
        return ["[UNK]"]  # a part of the word matches no piece: the whole word is unknown
    return tokens  # type: ignore[return-value]


# --------------------------------------------------------------------------------------
# The app's step records: the same decisions, written down the way wordpiece.learn does
# (the tests compare whole traces with ==). Not needed to understand the algorithm.
# --------------------------------------------------------------------------------------


def _stop(number: int, size: int) -> wp.WordPieceStep:
    return wp.WordPieceStep(
        number=number, candidates=(), candidates_total=0, candidates_omitted=0,
        best_score=Fraction(0), tied=(), rule="unique", merged=None, new_token=None,
        added=False, changed_words=(), changed_words_total=0, vocab_size=size,
        stop_reason="no_pairs",
    )  # fmt: skip


def trace(
    counts: dict[str, int],
    vocab_size: int,
    *,
    scoring: str = "likelihood",
    tie_break: str = "first-seen",
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
) -> tuple[list[wp.WordPieceStep], list[tuple[str, ...]]]:
    """The steps ``wordpiece.learn`` must record (every decision made by ``merge_step``),
    and the final segmentation.

    >>> steps, final = trace({"hug": 10, "pug": 5}, 6)
    >>> steps[0].merged, steps[0].best_score, final
    (('h', '##u'), Fraction(1, 15), [('hu', '##g'), ('pu', '##g')])
    """
    names, freqs = list(counts), list(counts.values())
    words = [split_word(w) for w in names]
    vocab = alphabet(counts)
    steps: list[wp.WordPieceStep] = []
    while len(vocab) < vocab_size:
        number = len(steps) + 1
        before = [list(w) for w in words]
        symbol = count_symbols(words, freqs)
        pair_counts, first = count_pairs(words, freqs)
        best = merge_step(words, freqs, scoring, tie_break)
        if best is None:
            steps.append(_stop(number, len(vocab)))
            break
        scores = {
            p: Fraction(c, symbol[p[0]] * symbol[p[1]] if scoring == "likelihood" else 1)
            for p, c in pair_counts.items()
        }
        kept, tied, n_ties = top_rows(rank_pairs(scores, first, tie_break), scores, top_k, max_ties)
        token = merged_token(best)
        added = token not in vocab
        vocab.add(token)
        changed = changes(names, freqs, before, words)
        steps.append(
            wp.WordPieceStep(
                number=number,
                candidates=tuple(
                    wp.PairScore(p, symbol[p[0]], symbol[p[1]], pair_counts[p], scores[p], first[p])
                    for p in kept
                ),
                candidates_total=len(pair_counts),
                candidates_omitted=len(pair_counts) - len(kept),
                best_score=scores[best],
                tied=tuple(tied),
                rule="unique" if n_ties == 1 else tie_break,
                merged=best,
                new_token=token,
                added=added,
                changed_words=keep_changes(changed, max_changed_words),
                changed_words_total=len(changed),
                vocab_size=len(vocab),
                stop_reason="vocab_size" if len(vocab) >= vocab_size else None,
                ties_total=n_ties,
            )
        )
    return steps, [tuple(w) for w in words]
