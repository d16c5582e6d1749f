"""Other ways to apply a learned BPE vocabulary, from the tutorials, next to BPE's own.

BPE encodes a word by replaying its merges by priority. The tutorials (seeds 000 and 004)
also describe encoders that look only at the *vocabulary* (the symbols BPE ended up with),
not at the merge order. They often agree with BPE and sometimes do not, which is the point
of showing them side by side:

* :func:`char_ngrams`: cut the word into consecutive chunks of ``n`` symbols; a chunk that is
  not in the vocabulary becomes ``<UNK>`` (the n-gram baseline of Sennrich et al. 2016).
* :func:`longest_match_by_length`: take the vocabulary sorted by length, longest first; find
  the first (longest) token that occurs in the word, cut the word at its occurrences, and do
  the same to the pieces in between with the remaining tokens; a piece that no token
  matches becomes ``<UNK>`` (seed 000).
* :func:`longest_prefix`: from the left, take the longest vocabulary token that starts
  there; if none does, one ``[UNK]`` stands for the leftover (seed 004).

All three work on the word as BPE sees it: its characters plus the end-of-word marker.

>>> vocab = ["l", "o", "w", "e", "s", "t", "</w>", "lo", "low", "est</w>"]
>>> longest_match_by_length("lowest</w>", vocab)
['low', 'est</w>']
>>> char_ngrams(["l", "o", "w", "e", "s", "t", "</w>"], vocab, 2)
['lo', '<UNK>', '<UNK>', '</w>']
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import lru_cache

from subword_core.errors import ParameterError

NGRAM_UNK = "<UNK>"
PREFIX_UNK = "[UNK]"


def char_ngrams(
    symbols: Sequence[str], vocab: Iterable[str], n: int, unk: str = NGRAM_UNK
) -> list[str]:
    """Consecutive chunks of ``n`` symbols; chunks outside the vocabulary become ``unk``.

    The last chunk may be shorter. ``symbols`` is the word's initial split (characters and
    marker), so a chunk never cuts a marker in half.

    >>> char_ngrams(list("lowest"), ["lo", "we", "st"], 2)
    ['lo', 'we', 'st']
    >>> char_ngrams(list("lowest"), ["lo"], 3)
    ['<UNK>', '<UNK>']

    Raises:
        ParameterError: ``n`` below 1.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ParameterError(
            f"n must be a whole number of at least 1, not {n!r}.",
            code="not_positive",
            values={"name": "n", "value": repr(n)},
        )
    known = set(vocab)
    chunks = ["".join(symbols[i : i + n]) for i in range(0, len(symbols), n)]
    return [c if c in known else unk for c in chunks]


def longest_match_by_length(text: str, vocab: Iterable[str], unk: str = NGRAM_UNK) -> list[str]:
    """Greedy matching with the vocabulary sorted by length, longest token first.

    Tokens of equal length keep their vocabulary order. The longest token found anywhere in
    ``text`` wins; ``text`` is cut at its non-overlapping occurrences (left to right) and
    the gaps are matched the same way with the tokens after it in the sorted list.

    >>> longest_match_by_length("newest</w>", ["n", "e", "w", "s", "t", "</w>", "est</w>", "ne"])
    ['ne', 'w', 'est</w>']
    >>> longest_match_by_length("xyz", ["a"])
    ['<UNK>']
    """
    tokens = tuple(sorted(dict.fromkeys(t for t in vocab if t), key=len, reverse=True))
    if not tokens:
        return [unk] if text else []
    return _Occurrences(text, tokens).match(unk)


@lru_cache(maxsize=4)
def _ranks(tokens: tuple[str, ...]) -> tuple[dict[str, int], frozenset[str], int]:
    """``({token: rank}, every proper prefix of a token, longest length)``, per vocabulary.

    Kept for the last few vocabularies: a page encodes many words with the same one.
    """
    rank = {token: r for r, token in enumerate(tokens)}
    prefixes = frozenset(token[:k] for token in tokens for k in range(1, len(token)))
    return rank, prefixes, max(map(len, tokens), default=0)


class _Occurrences:
    """Every vocabulary token occurrence in a text, to match by length in near-linear time.

    The textbook way (try each token in turn on each gap, with ``str.find``) costs the
    vocabulary size times the text length. Here the text is scanned once: at each position,
    the tokens starting there are found by extending a substring while it is a prefix of
    some token (at most the longest token's length). Then a gap's best token is the lowest
    rank occurring inside it: a range minimum over positions (a sparse table) plus a look at
    the last positions, whose long tokens may stick out of the gap.

    subtle: the textbook searches a gap only with the tokens after the one that made it,
    but no earlier token can occur in that gap: the earlier tokens were not found in the
    enclosing text at all, and the token itself was cut at every leftmost occurrence, so
    none lies wholly inside a gap. "Lowest rank inside the gap" is therefore the same
    choice.

    >>> _Occurrences("abab", ("ab", "a", "b")).match("?")
    ['ab', 'ab']
    """

    def __init__(self, text: str, tokens: tuple[str, ...]) -> None:
        self.text = text
        self.tokens = tokens
        rank, prefixes, self.longest = _ranks(tokens)
        n = len(text)
        none = len(tokens)  # "no token": greater than every rank
        self.at: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (length, rank)
        self.where: dict[int, list[int]] = {}  # rank -> start positions, ascending
        best = [none] * n
        for p in range(n):
            found = self.at[p]
            end = p + 1
            while end <= n:
                piece = text[p:end]
                r = rank.get(piece)
                if r is not None:
                    found.append((end - p, r))
                    self.where.setdefault(r, []).append(p)
                    if r < best[p]:
                        best[p] = r
                if piece not in prefixes:
                    break
                end += 1
        self.none = none
        # sparse table: table[j][p] = min(best[p : p + 2**j])
        self.table = [best]
        span = 1
        while 2 * span <= n:
            last = self.table[-1]
            self.table.append(list(map(min, last[:-span], last[span:])))
            span *= 2

    def _lowest(self, a: int, b: int) -> int:
        """The lowest rank of a token lying wholly inside ``text[a:b]`` (``none`` if none)."""
        low = self.none
        # positions up to b - longest: every token starting there ends by b
        full_end = b - self.longest + 1
        if full_end > a:
            j = (full_end - a).bit_length() - 1
            row = self.table[j]
            low = min(row[a], row[full_end - (1 << j)])
        for p in range(max(a, full_end), b):
            for length, r in self.at[p]:
                if p + length <= b and r < low:
                    low = r
        return low

    def match(self, unk: str) -> list[str]:
        """The tokens, left to right, as the textbook recursion gives them."""
        out: list[str] = []
        stack: list[tuple[int, int] | str] = [(0, len(self.text))]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                out.append(item)
                continue
            a, b = item
            if a >= b:
                continue
            r = self._lowest(a, b)
            if r == self.none:
                out.append(unk)
                continue
            token = self.tokens[r]
            size = len(token)
            starts = self.where[r]
            parts: list[tuple[int, int] | str] = []
            pos = a
            for i in range(bisect_left(starts, a), len(starts)):
                p = starts[i]
                if p + size > b:
                    break
                if p < pos:  # overlaps the previous occurrence ("aaa" holds "aa" once)
                    continue
                parts += [(pos, p), token]
                pos = p + size
            parts.append((pos, b))
            stack.extend(reversed(parts))
        return out


def longest_prefix(text: str, vocab: Iterable[str], unk: str = PREFIX_UNK) -> list[str]:
    """Left to right, the longest vocabulary token starting here; ``unk`` for any leftover.

    >>> longest_prefix("slowest_", ["s", "l", "o", "w", "low", "est_"])
    ['s', 'low', 'est_']
    >>> longest_prefix("sox", ["s", "o"])
    ['s', 'o', '[UNK]']
    """
    known = set(vocab)
    longest = max((len(t) for t in known), default=0)
    out: list[str] = []
    start = 0
    while start < len(text):
        for end in range(min(len(text), start + longest), start, -1):
            if text[start:end] in known:
                out.append(text[start:end])
                start = end
                break
        else:
            out.append(unk)
            break
    return out


def boundaries(tokens: Sequence[str]) -> set[int]:
    """Character offsets where one token ends and the next begins.

    Two segmentations of the same text differ exactly where their boundary sets differ.

    >>> sorted(boundaries(["low", "est"]))
    [3]
    """
    cuts: set[int] = set()
    at = 0
    for token in tokens[:-1]:
        at += len(token)
        cuts.add(at)
    return cuts
