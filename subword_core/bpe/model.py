"""BPE, the model: the ordered merges, and encoding a word by applying them by priority.

:func:`split_word` gives a word's first symbols; :class:`BPEModel` encodes (short words by a
scan, long ones by a heap of merge ranks), shows each encoding step, and reads and writes
subword-nmt's codes file.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from subword_core.bpe.dropout import _check_dropout, _survivors
from subword_core.bpe.steps import DEFAULT_END_OF_WORD, EncodeStep
from subword_core.errors import ParameterError
from subword_core.merges import (
    Pair,
    merge_symbols,
)

# --------------------------------------------------------------------------------------
# The model: an ordered merge list, applied by priority
# --------------------------------------------------------------------------------------


def split_word(
    word: str, end_of_word: str = DEFAULT_END_OF_WORD, attach: bool = False
) -> list[str]:
    """Split a word into its initial symbols: characters plus the end-of-word marker.

    Args:
        word: the word (no whitespace).
        end_of_word: the marker; ``""`` means no marker.
        attach: glue the marker to the last character (subword-nmt's ``#version: 0.2``)
            instead of keeping it as a symbol of its own (Sennrich et al. 2016).

    >>> split_word("low")
    ['l', 'o', 'w', '</w>']
    >>> split_word("low", attach=True)
    ['l', 'o', 'w</w>']
    >>> split_word("low", "")
    ['l', 'o', 'w']
    """
    symbols = list(word)
    if end_of_word and symbols:
        # subtle: the two conventions learn different merges. A separate '</w>' can merge
        # with anything ('est' + '</w>'); a glued 'w</w>' is a different symbol from 'w'.
        if attach:
            symbols[-1] += end_of_word
        else:
            symbols.append(end_of_word)
    return symbols


def _merge_at(symbols: list[str], starts: list[int]) -> tuple[list[str], list[int]]:
    """Merge the pairs starting at ``starts`` (ascending), skipping overlapping ones."""
    out: list[str] = []
    done: list[int] = []
    i = 0
    for j in starts:
        if j < i:  # overlaps the previous merge ("a a a": only the first "a a" merges)
            continue
        out.extend(symbols[i:j])
        out.append(symbols[j] + symbols[j + 1])
        done.append(j)
        i = j + 2
    out.extend(symbols[i:])
    return out, done


SHORT_WORD = 16  # ``encode`` scans words up to this many symbols, indexes longer ones


def _merge_by_scan(symbols: list[str], ranks: Mapping[Pair, int]) -> list[str]:
    """Apply merges by priority the textbook way: the lowest merge number, everywhere, again.

    Each round looks at every pair of the word, so a word of n symbols costs up to n
    rounds of n: the fastest way for a short word, too slow for a long one
    (:func:`_merge_by_rank`).

    >>> _merge_by_scan(["a", "b", "c", "a", "b"], {("a", "b"): 0, ("ab", "c"): 1})
    ['abc', 'ab']
    """
    while len(symbols) > 1:
        best_rank = None
        best: Pair | None = None
        for pair in pairwise(symbols):
            rank = ranks.get(pair)
            if rank is not None and (best_rank is None or rank < best_rank):
                best_rank, best = rank, pair
        if best is None:
            break
        symbols, _ = merge_symbols(symbols, best)
    return symbols


def _merge_by_rank(
    symbols: list[str], ranks: Mapping[Pair, int], merges: Sequence[Pair]
) -> list[str]:
    """Apply merges by priority, as ``encode_steps`` does, in time near-linear in the word.

    The textbook loop (find the pair with the lowest merge number, merge it everywhere,
    start again) looks at the whole word once per merge: quadratic on a long word. Here
    the word is a linked list of symbols, and a heap holds ``(merge number, position)``
    for every adjacent pair that was learned; each round pops every entry of the lowest
    number and merges those occurrences left to right, then pushes the new symbol's pairs
    with its neighbours.

    subtle: entries are never removed from the heap; one whose pair has since changed
    (a neighbour was merged into something else) is recognised and skipped when popped.
    Positions are those of the initial symbols, so an entry never points at the wrong
    place. The new pairs are pushed only after the round, so a pair created by the round
    waits even if its number is lower, exactly as in the textbook loop.

    >>> ranks = {("a", "b"): 0, ("ab", "c"): 1, ("b", "c"): 2}
    >>> _merge_by_rank(["a", "b", "c", "a", "b"], ranks, [("a", "b"), ("ab", "c"), ("b", "c")])
    ['abc', 'ab']
    """
    end = len(symbols)
    slots: list[str | None] = list(symbols)
    nxt = list(range(1, end + 1))
    prv = list(range(-1, end - 1))
    heap = [
        (r, p) for p, pair in enumerate(pairwise(symbols)) if (r := ranks.get(pair)) is not None
    ]
    heapq.heapify(heap)
    while heap:
        rank = heap[0][0]
        starts = set()
        while heap and heap[0][0] == rank:
            starts.add(heapq.heappop(heap)[1])
        left, right = merges[rank]
        merged = left + right
        done = []
        for p in sorted(starts):  # leftmost first: "a a a" merges its first "a a"
            q = nxt[p]
            if slots[p] != left or q >= end or slots[q] != right:
                continue  # stale, or its left symbol was swallowed by the previous merge
            after = nxt[q]
            slots[p], slots[q], nxt[p] = merged, None, after
            if after < end:
                prv[after] = p
            done.append(p)
        for p in done:
            before, after = prv[p], nxt[p]
            if before >= 0 and (r := ranks.get((slots[before], merged))) is not None:  # type: ignore[arg-type]
                heapq.heappush(heap, (r, before))
            if after < end and (r := ranks.get((merged, slots[after]))) is not None:  # type: ignore[arg-type]
                heapq.heappush(heap, (r, p))
    return [symbol for symbol in slots if symbol is not None]


@dataclass(frozen=True)
class BPEModel:
    """A learned BPE model: the ordered merges plus the marker conventions.

    Args:
        merges: ``(left, right)`` pairs in the order they were learned; merge number
            ``i + 1`` has priority over every later one. A repeated pair keeps its first
            number.
        end_of_word: the end-of-word marker (``""`` for none).
        attach_end_of_word: whether the marker is glued to the last character.
        unk_token: when set, characters outside ``alphabet`` become this token.
        alphabet: the characters seen in training (used only with ``unk_token``).

    >>> model = BPEModel((("u", "g"), ("h", "ug")), alphabet=frozenset("hugpnbs"),
    ...                  unk_token="[UNK]")
    >>> model.encode("mhug")
    ['[UNK]', 'hug', '</w>']
    >>> model.decode(model.encode("hug"))
    'hug'
    """

    merges: tuple[Pair, ...]
    end_of_word: str = DEFAULT_END_OF_WORD
    attach_end_of_word: bool = False
    unk_token: str | None = None
    alphabet: frozenset[str] | None = None
    ranks: dict[Pair, int] = field(init=False, repr=False, compare=False, hash=False)
    _cache: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "merges", tuple((str(a), str(b)) for a, b in self.merges))
        ranks: dict[Pair, int] = {}
        for index, pair in enumerate(self.merges):
            ranks.setdefault(pair, index)
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "_cache", {})

    def symbols(self, word: str) -> list[str]:
        """The word's initial symbols: characters (unknown ones as UNK) and the marker.

        >>> BPEModel(()).symbols("hi")
        ['h', 'i', '</w>']
        """
        chars = list(word)
        if self.unk_token is not None and self.alphabet is not None:
            chars = [c if c in self.alphabet else self.unk_token for c in chars]
        if self.end_of_word and chars:
            if self.attach_end_of_word:
                chars[-1] += self.end_of_word
            else:
                chars.append(self.end_of_word)
        return chars

    def encode_steps(
        self, word: str, *, dropout: float = 0.0, rng: random.Random | None = None
    ) -> list[EncodeStep]:
        """Encode ``word`` and record every iteration of the priority algorithm.

        The last step always has ``merged is None``: it shows the pairs left over and
        that none of them was ever learned (or, with dropout, none survived).

        Args:
            word: the word.
            dropout: BPE-dropout (Provilkov et al. 2020): in every iteration each pair
                occurrence is dropped with this probability; the learned pair with the
                lowest merge number among the survivors is merged, at its surviving
                positions only; encoding stops when no learned pair survives. 0 is plain
                BPE, 1 leaves the characters.
            rng: the random source, required when ``0 < dropout < 1`` (pass
                ``random.Random(seed)`` to replay the same draw).

        >>> model = BPEModel((("e", "s"), ("es", "t")))
        >>> [step.result for step in model.encode_steps("test")][:2]
        [('t', 'es', 't', '</w>'), ('t', 'est', '</w>')]
        >>> [s.dropped for s in model.encode_steps("test", dropout=1.0)]
        [(1,)]
        """
        _check_dropout(dropout, rng)
        symbols = self.symbols(word)
        steps: list[EncodeStep] = []
        while True:
            pairs = tuple(
                (pair, None if (r := self.ranks.get(pair)) is None else r + 1)
                for pair in pairwise(symbols)
            )
            alive = _survivors(len(pairs), dropout, rng)
            dropped = tuple(i for i, (_, r) in enumerate(pairs) if r is not None and not alive[i])
            known = [(r, i) for i, (_, r) in enumerate(pairs) if r is not None and alive[i]]
            before = tuple(symbols)
            if len(symbols) < 2 or not known:
                steps.append(
                    EncodeStep(len(steps) + 1, before, pairs, None, None, (), before, dropped)
                )
                return steps
            rank, _ = min(known)
            best = pairs[next(i for r, i in known if r == rank)][0]
            if dropout:
                starts = [i for r, i in known if r == rank]
                symbols, positions = _merge_at(symbols, starts)
            else:
                symbols, positions = merge_symbols(symbols, best)
            steps.append(
                EncodeStep(
                    len(steps) + 1,
                    before,
                    pairs,
                    best,
                    rank,
                    tuple(positions),
                    tuple(symbols),
                    dropped,
                )
            )

    def encode(
        self, word: str, *, dropout: float = 0.0, rng: random.Random | None = None
    ) -> list[str]:
        """Segment one word by merge priority (lowest merge number first).

        The returned tokens keep the end-of-word marker, so ``decode`` can restore word
        boundaries. ``dropout`` and ``rng`` as in :meth:`encode_steps`.

        >>> BPEModel((("l", "o"), ("lo", "w"))).encode("lowly")
        ['low', 'l', 'y', '</w>']
        >>> BPEModel((("l", "o"), ("lo", "w"))).encode("low", dropout=1.0)
        ['l', 'o', 'w', '</w>']
        """
        if dropout:
            return list(self.encode_steps(word, dropout=dropout, rng=rng)[-1].result)
        cached = self._cache.get(word)
        if cached is not None:
            return list(cached)
        symbols = self.symbols(word)
        if len(symbols) > SHORT_WORD:
            symbols = _merge_by_rank(symbols, self.ranks, self.merges)
        else:
            symbols = _merge_by_scan(symbols, self.ranks)
        if len(self._cache) < 100_000:
            self._cache[word] = tuple(symbols)
        return symbols

    def tokenize(self, text: str) -> list[str]:
        """Encode running text: split on whitespace and encode each word.

        >>> BPEModel((("l", "o"),)).tokenize("lo lo")
        ['lo', '</w>', 'lo', '</w>']
        """
        return [token for word in text.split() for token in self.encode(word)]

    def decode(self, tokens: Iterable[str]) -> str:
        """Join tokens back into text; the end-of-word marker decides where words end.

        Without a marker (``end_of_word == ""``) word boundaries are not recorded, so the
        tokens are simply concatenated.

        >>> BPEModel(()).decode(["low", "</w>", "est", "</w>"])
        'low est'
        """
        text = "".join(tokens)
        if not self.end_of_word:
            return text
        words = text.split(self.end_of_word)
        if words and words[-1] == "":
            words.pop()
        return " ".join(words)

    def strip_marker(self, tokens: Iterable[str]) -> list[str]:
        """Tokens as the tutorials print them: markers removed, marker-only tokens dropped.

        >>> BPEModel(()).strip_marker(["low", "est</w>"])
        ['low', 'est']
        """
        if not self.end_of_word:
            return list(tokens)
        out = []
        for token in tokens:
            if token == self.end_of_word:
                continue
            if token.endswith(self.end_of_word):
                token = token[: -len(self.end_of_word)]
            out.append(token)
        return out

    def to_codes(self) -> str:
        """The merges as a subword-nmt codes file.

        A model with ``</w>`` glued to the last character writes ``#version: 0.2``; one
        with a separate ``</w>`` writes the headerless version 0.1 format. Other markers
        have no subword-nmt equivalent.

        >>> print(BPEModel((("e", "s"),), attach_end_of_word=True).to_codes(), end="")
        #version: 0.2
        e s

        Raises:
            ParameterError: the marker is not ``</w>`` or a symbol contains a space.
        """
        if self.end_of_word != DEFAULT_END_OF_WORD:
            raise ParameterError(
                "subword-nmt codes files always use the '</w>' end-of-word marker; "
                f"this model uses {self.end_of_word!r}.",
                code="codes_marker",
                values={"marker": repr(self.end_of_word)},
            )
        if any(" " in symbol for pair in self.merges for symbol in pair):
            raise ParameterError(
                "A symbol contains a space, which a codes file cannot hold.", code="codes_space"
            )
        header = "#version: 0.2\n" if self.attach_end_of_word else ""
        return header + "".join(f"{left} {right}\n" for left, right in self.merges)

    @classmethod
    def from_codes(cls, text: str, *, unk_token: str | None = None) -> BPEModel:
        """Read a subword-nmt codes file (``#version: 0.2`` or the older headerless one).

        >>> BPEModel.from_codes("#version: 0.2\\ne s\\nes t</w>\\n").encode("test")
        ['t', 'est</w>']

        Raises:
            ParameterError: a line is not two symbols separated by one space.
        """
        lines = text.splitlines()
        attach = False
        if lines and lines[0].startswith("#version:"):
            version = lines[0].split(":", 1)[1].strip()
            if version != "0.2":
                raise ParameterError(
                    f"Line 1: codes version {version!r} is not supported.",
                    code="codes_version",
                    values={"line": 1, "version": repr(version)},
                )
            attach = True
            lines = lines[1:]
            start = 2
        else:
            start = 1
        merges: list[Pair] = []
        for number, line in enumerate(lines, start=start):
            parts = line.strip("\r\n ").split(" ")
            if len(parts) != 2 or not all(parts):
                raise ParameterError(
                    f"Line {number}: expected two symbols separated by one space, "
                    f"got {line[:60]!r}.",
                    code="codes_line",
                    values={"line": number, "text": repr(line[:60])},
                )
            merges.append((parts[0], parts[1]))
        return cls(tuple(merges), DEFAULT_END_OF_WORD, attach, unk_token=unk_token)

    @property
    def vocabulary(self) -> list[str]:
        """Every symbol the model can produce: the alphabet (if known) then the merges.

        >>> BPEModel((("a", "b"),), alphabet=frozenset("ab")).vocabulary
        ['a', 'b', '</w>', 'ab']
        """
        vocab: dict[str, None] = {}
        if self.alphabet is not None:
            for ch in sorted(self.alphabet):
                vocab[ch] = None
            if self.end_of_word and not self.attach_end_of_word:
                vocab[self.end_of_word] = None
        for left, right in self.merges:
            vocab[left + right] = None
        return list(vocab)
