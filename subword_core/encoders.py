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

from collections.abc import Iterable, Sequence

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
        raise ParameterError(f"n must be a whole number of at least 1, not {n!r}.")
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
    tokens = sorted(dict.fromkeys(t for t in vocab if t), key=len, reverse=True)
    return _match(text, tokens, 0, unk)


def _match(text: str, tokens: list[str], start: int, unk: str) -> list[str]:
    if not text:
        return []
    for i in range(start, len(tokens)):
        token = tokens[i]
        at = text.find(token)
        if at < 0:
            continue
        out: list[str] = []
        pos = 0
        while at >= 0:
            # subtle: the gap before an occurrence may only use the tokens *after* this one
            # in the sorted list, which is what makes the method greedy by length.
            out += _match(text[pos:at], tokens, i + 1, unk)
            out.append(token)
            pos = at + len(token)
            at = text.find(token, pos)
        out += _match(text[pos:], tokens, i + 1, unk)
        return out
    return [unk]


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
