"""Byte-pair encoding (BPE), learned and applied step by step.

BPE started as a compression scheme (Gage 1994) and became a subword tokenizer with
Sennrich, Haddow and Birch (2016). Learning works on a corpus of words with counts:

1. split every word into characters and mark the end of the word (``</w>``);
2. count every pair of adjacent symbols, weighted by the word's count;
3. merge the most frequent pair everywhere it occurs, creating a new symbol;
4. repeat until ``num_merges`` merges were made or no pair is frequent enough.

The ordered list of merges *is* the model. Encoding a new word applies the merges by
priority: split it into characters, then repeatedly merge the pair with the lowest merge
number present in the word until none is left.

How BPE differs from its siblings: WordPiece picks the pair with the best likelihood
score instead of the highest count and keeps a vocabulary rather than a merge list;
the Unigram LM starts from a large vocabulary and prunes it instead of growing one.

Every call here returns plain data that records *why* each step happened (pair counts,
ties and the rule that broke them, the words that changed, the vocabulary change), so
a notebook gets the same trace the app animates.

>>> result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 3)
>>> result.merges
[('e', 's'), ('es', 't'), ('est', '</w>')]
>>> result.model.encode("lowest")
['l', 'o', 'w', 'est</w>']
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal, NamedTuple

from subword_core.corpus import Corpus, parse_corpus
from subword_core.errors import ParameterError, check_option
from subword_core.history import WordHistory
from subword_core.pairs import (
    Pair,
    PairRanking,
    PairTable,
    WordChange,
    kept_changes,
    merge_symbols,
    segmentation_at,
)

TieBreak = Literal["first-seen", "lexicographic"]
StopReason = Literal["num_merges", "min_frequency", "no_pairs"]

TIE_BREAKS: tuple[str, ...] = ("first-seen", "lexicographic")
DEFAULT_END_OF_WORD = "</w>"


# --------------------------------------------------------------------------------------
# The trace: plain, frozen data
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairCount:
    """One adjacent pair and how often it occurs in the corpus (weighted by word counts).

    ``first_seen`` is where the pair first occurs in corpus order: the index of the
    word in the corpus and the character offset inside the word's current segmentation.

    >>> PairCount(("e", "s"), 9, (2, 3)).count
    9
    """

    pair: Pair
    count: int
    first_seen: tuple[int, int]


@dataclass(frozen=True)
class MergeStep:
    """One iteration of BPE learning: what was counted, what was chosen and why.

    Attributes:
        number: 1-based step number (equal to the merge number when a merge happened).
        pair_counts: the most frequent pairs at the start of the step, best first
            (count descending, then the tie rule's order): the pairs in ``tied``, then
            the next most frequent ones up to ``top_k`` rows in all.
        pairs_total: how many distinct adjacent pairs the corpus had at this step.
        pairs_omitted: how many of them ``pair_counts`` leaves out.
        best_count: the highest pair count at this step (0 when there was no pair).
        tied: the pairs with ``best_count``, ranked by the tie rule (winner first when
            the rule chose; the chosen pair may be elsewhere when ``rule == "chosen"``).
            All of them unless there are more than ``max_ties``: then the first
            ``max_ties`` by the tie rule (plus the chosen pair).
        rule: ``"unique"`` (no tie), ``"first-seen"``, ``"lexicographic"`` or
            ``"chosen"`` (the caller picked among the tied pairs).
        merged: the merged pair, or ``None`` for a final step that stops without merging.
        changed_words: words whose segmentation changed (all of them on small corpora,
            the most frequent ``max_changed_words`` otherwise), in corpus order.
        changed_words_total: how many distinct words the merge changed.
        vocab_size: number of distinct symbols in the corpus after the step.
        vocab_added: symbols that appeared (the new merged symbol unless it existed).
        vocab_removed: symbols that vanished because every occurrence was merged away.
        stop_reason: set on the last step only: ``"num_merges"`` (done), ``"min_frequency"``
            (the best pair is rarer than ``min_frequency``) or ``"no_pairs"`` (every word
            is a single symbol).
        min_frequency: the threshold in force, so a stop can be explained with numbers.
        ties_total: how many pairs had ``best_count`` (``len(tied)`` unless capped; see
            ``ties_omitted``).

    >>> step = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 1).steps[0]
    >>> step.merged, step.best_count, step.tied
    (('e', 's'), 9, (('e', 's'), ('s', 't'), ('t', '</w>')))
    """

    number: int
    pair_counts: tuple[PairCount, ...]
    pairs_total: int
    pairs_omitted: int
    best_count: int
    tied: tuple[Pair, ...]
    rule: str
    merged: Pair | None
    changed_words: tuple[WordChange, ...]
    changed_words_total: int
    vocab_size: int
    vocab_added: tuple[str, ...]
    vocab_removed: tuple[str, ...]
    stop_reason: str | None
    min_frequency: int
    ties_total: int = 0

    def __post_init__(self) -> None:
        if not self.ties_total:  # built without it (older code): every tie was kept
            object.__setattr__(self, "ties_total", len(self.tied))

    @property
    def ties_omitted(self) -> int:
        """How many tied pairs ``tied`` leaves out (only when there were over ``max_ties``)."""
        return self.ties_total - len(self.tied)

    @property
    def merged_symbol(self) -> str | None:
        """The new symbol the merge created, e.g. ``"es"`` for ``("e", "s")``."""
        return None if self.merged is None else self.merged[0] + self.merged[1]

    @property
    def vocab_delta(self) -> int:
        """How the number of distinct symbols changed: usually +1, but 0 or -1 happen."""
        return len(self.vocab_added) - len(self.vocab_removed)

    @property
    def is_tie(self) -> bool:
        """True when more than one pair had the best count."""
        return self.ties_total > 1


@dataclass(frozen=True)
class EncodeStep:
    """One iteration of encoding a word by merge priority.

    Attributes:
        number: 1-based iteration number.
        symbols: the word's symbols at the start of the iteration.
        pairs: every adjacent pair in order, with its merge number (1-based) or ``None``
            when the pair was never learned.
        merged: the learned pair with the lowest merge number, or ``None``: nothing left
            to merge, encoding stops.
        rank: the merge number of ``merged``.
        positions: symbol indices where ``merged`` was applied (non-overlapping,
            left to right).
        result: the symbols after the iteration.
        dropped: with BPE-dropout, the indices of the learned pairs (in ``pairs``) that
            were dropped in this iteration; they could not be merged this time.

    >>> model = BPEModel((("l", "o"), ("lo", "w")))
    >>> [s.merged for s in model.encode_steps("low")]
    [('l', 'o'), ('lo', 'w'), None]
    """

    number: int
    symbols: tuple[str, ...]
    pairs: tuple[tuple[Pair, int | None], ...]
    merged: Pair | None
    rank: int | None
    positions: tuple[int, ...]
    result: tuple[str, ...]
    dropped: tuple[int, ...] = ()


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


def _check_dropout(dropout: float, rng: random.Random | None) -> None:
    if isinstance(dropout, bool) or not isinstance(dropout, int | float) or not 0 <= dropout <= 1:
        raise ParameterError(
            f"dropout must be a probability between 0 and 1, not {dropout!r}.",
            code="bad_probability",
            values={"name": "dropout", "value": repr(dropout)},
        )
    if 0 < dropout < 1 and rng is None:
        raise ParameterError(
            "BPE-dropout is random: pass rng=random.Random(seed) so the same draw can be replayed.",
            code="needs_rng",
        )


def _survivors(n: int, dropout: float, rng: random.Random | None) -> list[bool]:
    """Which of ``n`` pair occurrences survive this iteration.

    subtle: one draw per adjacent pair, left to right, learned or not, exactly as
    subword-nmt's apply-bpe does, so the same seed gives the same segmentation in both.
    """
    if not dropout:
        return [True] * n
    if dropout >= 1:
        return [False] * n
    assert rng is not None
    return [rng.random() > dropout for _ in range(n)]


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


# --------------------------------------------------------------------------------------
# Learning
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BPEResult:
    """What ``learn`` returns: the merges, the step-by-step trace and the model.

    Attributes:
        merges: ``(left, right)`` pairs in merge order.
        steps: one ``MergeStep`` per merge, plus a final non-merge step when learning
            stopped early (``stop_reason`` says why).
        model: the ``BPEModel`` built from ``merges``.
        corpus: the corpus learned from.
        initial_segmentation: every word's symbols before the first merge.
        final_segmentation: every word's symbols after the last merge.
        initial_vocab: distinct symbols before the first merge, in first-seen order.
        stop_reason: why learning stopped.
        history: for tracked words (all words of small corpora, the most frequent ones of
            large corpora) the steps at which their segmentation changed, with the symbols
            after each: a ``WordHistory``, which stores a long word's changes rather than a
            copy per step (its symbols are ``LoggedSymbols``, equal to the tuples).
    """

    merges: list[Pair]
    steps: list[MergeStep]
    model: BPEModel
    corpus: Corpus
    initial_segmentation: tuple[tuple[str, ...], ...]
    final_segmentation: tuple[tuple[str, ...], ...]
    initial_vocab: tuple[str, ...]
    stop_reason: str
    history: Mapping[int, tuple[tuple[int, Sequence[str]], ...]]

    def vocab_at(self, step: int) -> list[str]:
        """Distinct symbols in the corpus after ``step`` steps (0 = before any merge).

        Order: the initial characters in first-seen order, then merged symbols in the
        order they appeared.

        >>> learn({"aa": 2}, 1, end_of_word="").vocab_at(1)
        ['aa']
        """
        vocab: dict[str, None] = dict.fromkeys(self.initial_vocab)
        for s in self.steps[:step]:
            for symbol in s.vocab_removed:
                vocab.pop(symbol, None)
            for symbol in s.vocab_added:
                vocab[symbol] = None
        return list(vocab)

    def segmentation_at(self, step: int) -> list[tuple[int, tuple[str, ...]]]:
        """``(word index, symbols)`` of every tracked word after ``step`` steps.

        >>> result = learn({"low": 5, "lower": 2}, 2)
        >>> result.segmentation_at(2)[0]
        (0, ('low', '</w>'))
        """
        if isinstance(self.history, WordHistory):
            return self.history.at(step)
        return segmentation_at(self.initial_segmentation, self.history, step)

    def changed_at(self, step: int) -> set[int]:
        """The indices of the tracked words that step ``step`` changed.

        >>> learn({"low": 5, "lower": 2, "newest": 6}, 2).changed_at(2)
        {0, 1}
        """
        if isinstance(self.history, WordHistory):
            return self.history.changed_at(step)
        return {i for i, h in self.history.items() if any(at == step for at, _ in h)}


def _as_corpus(corpus: Corpus | Mapping[str, int] | str) -> Corpus:
    if isinstance(corpus, Corpus):
        return corpus
    if isinstance(corpus, str):
        return parse_corpus(corpus)
    return Corpus.from_counts(corpus)


def _check_marker(corpus: Corpus, end_of_word: str) -> None:
    if not end_of_word:
        return
    for word in corpus.words:
        if end_of_word in word:
            raise ParameterError(
                f"The word {word!r} already contains the end-of-word marker {end_of_word!r}, "
                "so the marker could no longer tell where words end. Choose another marker "
                "or remove it from the corpus.",
                code="word_has_marker",
                values={"word": repr(word), "marker": repr(end_of_word)},
            )


def learn(
    corpus: Corpus | Mapping[str, int] | str,
    num_merges: int,
    *,
    min_frequency: int = 2,
    end_of_word: str = DEFAULT_END_OF_WORD,
    attach_end_of_word: bool = False,
    tie_break: TieBreak = "first-seen",
    choose: Mapping[int, Pair] | None = None,
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
    history_limit: int = 500,
    progress: Callable[[int, int], None] | None = None,
    allow_marker_in_words: bool = False,
) -> BPEResult:
    """Learn BPE merges and record every step.

    Each step runs the stages a student reads in the algorithm (docs/ARCHITECTURE.md):
    count the pairs (:func:`_count_pairs`, once; a merge updates the counts it changes),
    rank them (:func:`_rank`, then :func:`_pick` applies the tie rule), merge the winner
    everywhere (:func:`_merge`) and record what changed (:func:`_record`).

    Args:
        corpus: a ``Corpus``, a ``{word: count}`` mapping, or text for ``parse_corpus``.
        num_merges: how many merges to learn at most (>= 1).
        min_frequency: stop when the most frequent pair occurs fewer times (>= 1).
        end_of_word: the end-of-word marker; ``""`` for none.
        attach_end_of_word: glue the marker to the last character (subword-nmt) rather
            than keep it as a symbol of its own (Sennrich et al. 2016; seeds 002, 003).
        tie_break: how to choose among pairs with the same best count:
            ``"first-seen"`` takes the pair that occurs first in corpus order (words in
            first-seen order, left to right inside a word), as the tutorials do;
            ``"lexicographic"`` takes the greatest pair in string order, as subword-nmt does.
        choose: ``{step number: pair}`` to pick a different pair among the tied ones at
            those steps (e.g. to reproduce a tutorial's printed order).
        top_k: how many pair counts each step keeps at least (ties included).
        max_ties: how many of the tied pairs each step keeps at most (the first ones by
            the tie rule; ``MergeStep.ties_total`` counts them all). The winner is always
            chosen among all of them.
        max_changed_words: how many changed words each step keeps.
        history_limit: track the segmentation history of at most this many words (the
            most frequent ones).
        progress: called as ``progress(done, total)`` about every 1 % of ``num_merges``
            (at most ~100 times), and once with ``done == total`` at the end, even when
            learning stops early: enough to drive a progress bar.
        allow_marker_in_words: let a word contain the marker's text (``a</w>b``) instead
            of refusing it. Its characters are learned like any others, and a symbol that
            is spelled like a word-final one *is* that symbol, as in subword-nmt (whose
            codes files cannot tell the two apart either). The command line uses this.

    Returns:
        A ``BPEResult``.

    Raises:
        ParameterError: a bad argument, a pair in ``choose`` that is not tied at its step,
            or a word that already contains the marker (unless ``allow_marker_in_words``).
        CorpusError: the corpus text cannot be parsed.

    >>> result = learn("low lower", 10)
    >>> result.merges
    [('l', 'o'), ('lo', 'w')]
    >>> result.stop_reason, result.steps[-1].best_count
    ('min_frequency', 1)
    >>> seen = []
    >>> _ = learn("low lower", 10, progress=lambda done, total: seen.append((done, total)))
    >>> seen[-1]
    (10, 10)
    """
    data = _as_corpus(corpus)
    _validate(data, num_merges, min_frequency, tie_break, top_k, max_changed_words)
    _check_positive("max_ties", max_ties)
    if not allow_marker_in_words:
        _check_marker(data, end_of_word)
    choices = dict(choose or {})
    words = [split_word(w, end_of_word, attach_end_of_word) for w in data.words]
    book = _Book.start(data, words, history_limit, max_changed_words, min_frequency)

    table = _count_pairs(words, book.freqs)
    ranker = _Ranker(table, tie_break, top_k, max_ties)
    merges: list[Pair] = []
    steps: list[MergeStep] = []
    stop = "num_merges"
    every = max(1, num_merges // 100)
    for number in range(1, num_merges + 1):
        if progress is not None and number % every == 0:
            progress(number - 1, num_merges)
        ranked = _rank(ranker)
        if ranked.best < min_frequency:  # no pair left (best 0), or none frequent enough
            stop = "min_frequency" if ranked.best else "no_pairs"
            steps.append(_stop_step(number, ranked, book, stop))
            break
        chosen, rule, ranked = _pick(ranked, number, choices, tie_break, ranker)
        changed = _merge(table, ranker, chosen)
        steps.append(_record(number, ranked, chosen, rule, changed, table, book, num_merges))
        merges.append(chosen)
    if progress is not None:
        progress(num_merges, num_merges)

    alphabet = frozenset(ch for w in data.words for ch in w)
    return BPEResult(
        merges=merges,
        steps=steps,
        model=BPEModel(tuple(merges), end_of_word, attach_end_of_word, alphabet=alphabet),
        corpus=data,
        initial_segmentation=book.initial,
        final_segmentation=tuple(tuple(w) for w in table.words),
        initial_vocab=book.initial_vocab,
        stop_reason=stop,
        history=book.history,
    )


# --- the stages of one step: count pairs -> rank -> merge -> record --------------------


@dataclass
class _Book:
    """The corpus side of a run: every word's count, the symbol counts, the history.

    Attributes:
        words: the corpus words, in corpus order (their text, for the step rows).
        freqs: every word's count.
        initial: every word's symbols before the first merge.
        initial_vocab: the distinct symbols before the first merge, in first-seen order.
        symbol_counts: ``{symbol: occurrences}`` (weighted by word counts) of the symbols
            the corpus holds now; a symbol whose count falls to 0 is removed.
        history: the segmentation history (see :class:`subword_core.history.WordHistory`).
        max_changed_words, min_frequency: the settings each step records.

    >>> book = _Book.start(Corpus.from_counts({"low": 5, "lo": 2}), [["l", "o", "w"], ["l", "o"]])
    >>> book.symbol_counts, book.initial_vocab
    ({'l': 7, 'o': 7, 'w': 5}, ('l', 'o', 'w'))
    """

    words: Sequence[str]
    freqs: list[int]
    initial: tuple[tuple[str, ...], ...]
    initial_vocab: tuple[str, ...]
    symbol_counts: dict[str, int]
    history: WordHistory
    max_changed_words: int = 50
    min_frequency: int = 2

    @classmethod
    def start(
        cls,
        corpus: Corpus,
        words: Sequence[Sequence[str]],
        history_limit: int = 500,
        max_changed_words: int = 50,
        min_frequency: int = 2,
    ) -> _Book:
        """The book before the first merge, for the corpus split into ``words``."""
        freqs = list(corpus.counts)
        symbol_counts: dict[str, int] = {}
        for symbols, freq in zip(words, freqs, strict=True):
            for symbol in symbols:
                symbol_counts[symbol] = symbol_counts.get(symbol, 0) + freq
        # subtle: the history stores a long word's changes, not a copy per merge (see
        # ``subword_core.history``); it also records untracked long words for the step rows
        history = WordHistory.for_corpus(words, freqs, history_limit, PairTable.long_word)
        initial_vocab = tuple(dict.fromkeys(s for w in words for s in w))
        return cls(
            corpus.words,
            freqs,
            history.initial,
            initial_vocab,
            symbol_counts,
            history,
            max_changed_words,
            min_frequency,
        )


class _Ranked(NamedTuple):
    """One step's ranking (:func:`_rank`): what the step's table of pair counts shows.

    Attributes:
        best: the highest pair count (0 when no pair is left).
        rows: the kept pair counts, best first (the tied pairs, then the next best).
        tied: the kept pairs with ``best``, in the tie rule's order.
        ties_total: how many pairs have ``best`` (``tied`` may keep fewer).
        total: how many distinct pairs the corpus holds.
    """

    best: int
    rows: list[PairCount]
    tied: tuple[Pair, ...]
    ties_total: int
    total: int


def _count_pairs(words: list[list[str]], freqs: list[int]) -> PairTable:
    """Stage 1, count pairs: every adjacent pair, weighted by its word's count.

    Counted once; afterwards each merge updates only the pairs next to the occurrences it
    replaces (:meth:`subword_core.pairs.PairTable.merge`), which gives the same counts as
    counting again.

    >>> _count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2]).counts
    {('l', 'o'): 7, ('o', 'w'): 5}
    """
    return PairTable(words, freqs)


def _rank(ranker: _Ranker) -> _Ranked:
    """Stage 2, rank: the pairs by count, best first, ties in the tie rule's order.

    >>> ranker = _Ranker(_count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2]), "first-seen", 5, 5)
    >>> ranked = _rank(ranker)
    >>> ranked.best, ranked.tied, [row.count for row in ranked.rows], ranked.total
    (7, (('l', 'o'),), [7, 5], 2)
    """
    total = len(ranker.table.counts)
    best, rows, tied, ties_total = ranker.rank()
    return _Ranked(best, rows, tied, ties_total, total)


def _pick(
    ranked: _Ranked,
    number: int,
    choices: Mapping[int, Pair],
    tie_break: str,
    ranker: _Ranker,
) -> tuple[Pair, str, _Ranked]:
    """Stage 2, rank (end): the winner, the rule that chose it, and the ranking it shows.

    The first pair of the ranking wins (``"unique"`` when nothing tied, else the tie rule),
    unless ``choices`` names another tied pair for step ``number`` (``"chosen"``): it is
    then added to the ranking's rows if the ranking left it out.

    >>> ranker = _Ranker(_count_pairs([["a", "b", "c"]], [1]), "first-seen", 5, 5)
    >>> _pick(_rank(ranker), 1, {}, "first-seen", ranker)[:2]
    (('a', 'b'), 'first-seen')
    >>> _pick(_rank(ranker), 1, {1: ("b", "c")}, "first-seen", ranker)[:2]
    (('b', 'c'), 'chosen')
    """
    tied = ranked.tied
    if number not in choices:
        return tied[0], ("unique" if ranked.ties_total == 1 else tie_break), ranked
    pair = tuple(choices[number])
    # subtle: the kept ``tied`` may be capped at max_ties; any pair with the best
    # count is a tied pair and may be chosen
    if len(pair) != 2 or ranker.table.counts.get(pair) != ranked.best:  # type: ignore[call-overload]
        raise ParameterError(
            f"Step {number}: {pair[0]!r} + {pair[1]!r} is not one of the tied pairs "
            f"({', '.join(f'{a}+{b}' for a, b in tied)}), so it cannot be chosen here.",
            code="not_tied",
            values={
                "step": number,
                "pair": f"{pair[0]!r} + {pair[1]!r}",
                "tied": ", ".join(f"{a}+{b}" for a, b in tied),
            },
        )
    chosen = (pair[0], pair[1])
    if chosen not in tied:
        ranked = ranked._replace(
            tied=(*tied, chosen), rows=[*ranked.rows, ranker.pair_count(chosen)]
        )
    return chosen, "chosen", ranked


def _merge(
    table: PairTable, ranker: _Ranker, pair: Pair
) -> list[tuple[int, Sequence[str], Sequence[str], int]]:
    """Stage 3, merge: replace every occurrence of ``pair`` by one symbol, in every word.

    The pair counts next to the merged occurrences change, and the ranking follows.
    Returns ``(word index, symbols before, symbols after, merges in the word)`` for every
    word that changed.

    >>> table = _count_pairs([["l", "o", "w"], ["l", "o"]], [5, 2])
    >>> ranker = _Ranker(table, "first-seen", 5, 5)
    >>> [(i, after) for i, _, after, _ in _merge(table, ranker, ("l", "o"))]
    [(0, ['lo', 'w']), (1, ['lo'])]
    >>> table.counts, _rank(ranker).best
    ({('lo', 'w'): 5}, 5)
    """
    changed = table.merge(pair, pair[0] + pair[1])
    ranker.update()
    return changed  # type: ignore[return-value]


def _record(
    number: int,
    ranked: _Ranked,
    chosen: Pair,
    rule: str,
    changed: list[tuple[int, Sequence[str], Sequence[str], int]],
    table: PairTable,
    book: _Book,
    num_merges: int,
) -> MergeStep:
    """Stage 4, record: the words' history, the vocabulary change, and the step's trace.

    >>> words = [["l", "o", "w"], ["l", "o"]]
    >>> book = _Book.start(Corpus.from_counts({"low": 5, "lo": 2}), words)
    >>> table = _count_pairs(words, book.freqs)
    >>> ranker = _Ranker(table, "first-seen", 5, 5)
    >>> ranked = _rank(ranker)
    >>> changed = _merge(table, ranker, ("l", "o"))
    >>> step = _record(1, ranked, ("l", "o"), "unique", changed, table, book, 10)
    >>> step.vocab_added, step.vocab_removed, step.vocab_size
    (('lo',), ('l', 'o'), 2)
    >>> [(c.word, c.after) for c in step.changed_words], book.history.at(1)
    ([('low', ('lo', 'w')), ('lo', ('lo',))], [(0, ('lo', 'w')), (1, ('lo',))])
    """
    new_symbol = chosen[0] + chosen[1]
    symbol_counts, freqs = book.symbol_counts, book.freqs
    existed = symbol_counts.get(new_symbol, 0) > 0
    merged_away = 0  # symbols consumed: each merge uses one left and one right
    for row, (index, old, after, times) in enumerate(changed):
        merged_away += times * freqs[index]
        # subtle: the row gets what the history keeps (the same tuples, or views of a
        # long word's changes), so a word is not copied again for the step's rows
        shown = book.history.record(
            number, index, old, after, new_symbol, table.merged_at(index), chosen
        )
        if shown is not None:
            changed[row] = (index, *shown, times)
    # subtle: only the two merged symbols and the new one change their counts, so
    # the vocabulary is updated without looking at the words' other symbols
    symbol_counts[chosen[0]] -= merged_away
    symbol_counts[chosen[1]] -= merged_away
    symbol_counts[new_symbol] = symbol_counts.get(new_symbol, 0) + merged_away
    added = () if existed else (new_symbol,)
    removed = tuple(
        dict.fromkeys(s for s in chosen if symbol_counts.get(s, 0) <= 0 and s != new_symbol)
    )
    for symbol in removed:
        symbol_counts.pop(symbol, None)
    return MergeStep(
        number=number,
        pair_counts=tuple(ranked.rows),
        pairs_total=ranked.total,
        pairs_omitted=ranked.total - len(ranked.rows),
        best_count=ranked.best,
        tied=ranked.tied,
        rule=rule,
        merged=chosen,
        changed_words=kept_changes(changed, book.words, freqs, book.max_changed_words),
        changed_words_total=len(changed),
        vocab_size=len(symbol_counts),
        vocab_added=added,
        vocab_removed=removed,
        stop_reason="num_merges" if number == num_merges else None,
        min_frequency=book.min_frequency,
        ties_total=ranked.ties_total,
    )


def _validate(
    corpus: Corpus,
    num_merges: int,
    min_frequency: int,
    tie_break: str,
    top_k: int,
    max_changed_words: int,
) -> None:
    if len(corpus) == 0:
        raise ParameterError(
            "The corpus is empty: there is nothing to learn from.", code="nothing_to_learn"
        )
    for name, value in (
        ("num_merges", num_merges),
        ("min_frequency", min_frequency),
        ("top_k", top_k),
        ("max_changed_words", max_changed_words),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ParameterError(
                f"{name} must be a whole number of at least 1, not {value!r}.",
                code="not_positive",
                values={"name": name, "value": repr(value)},
            )
    check_option("tie_break", tie_break, TIE_BREAKS)


def _check_positive(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError(
            f"{name} must be a whole number of at least 1, not {value!r}.",
            code="not_positive",
            values={"name": name, "value": repr(value)},
        )


class _Ranker:
    """Each step's table of pair counts: the tied pairs by the tie rule, then the next best.

    subtle: ``PairCount`` rows are reused from step to step while a pair's count and
    first occurrence stay the same (most of the top rows do), instead of building and
    locating every row again; a row is trusted only if its pair's count, first word and
    that word's symbols (the very same list object) are unchanged.
    """

    def __init__(self, table: PairTable, tie_break: str, top_k: int, max_ties: int) -> None:
        self.table = table
        self.ranking = PairRanking(table, tie_break, table.counts)
        self.top_k = top_k
        self.max_ties = max_ties
        self._rows: dict[Pair, tuple[PairCount, list[str] | None]] = {}

    def update(self) -> None:
        """Re-file the pairs whose count the last merge changed."""
        counts, ranking = self.table.counts, self.ranking
        for pair in self.table.touched:
            ranking.set(pair, counts.get(pair))

    def pair_count(self, pair: Pair) -> PairCount:
        table = self.table
        cached = self._rows.get(pair)
        count, index = table.counts[pair], table.first_word[pair]
        if cached is not None:
            row, symbols = cached
            # subtle: a long word's symbols change at every merge, but its first occurrences
            # are cheap to look up (``PairTable.first_seen``), so compare those instead
            if (
                row.count == count
                and row.first_seen[0] == index
                and (table.words[index] is symbols or row.first_seen == table.first_seen(pair))
            ):
                return row
        row = PairCount(pair, count, table.first_seen(pair))
        symbols = table.words[index]
        # subtle: a long word gets a new list at every merge; keeping one per cached row
        # kept hundreds of copies of the word alive. Its rows are checked by first_seen.
        self._rows[pair] = (row, symbols if len(symbols) <= table.long_word else None)
        return row

    def rank(self) -> tuple[int, list[PairCount], tuple[Pair, ...], int]:
        """``(best count, rows best first, kept tied pairs, number of tied pairs)``."""
        best, ordered, tied, ties_total = self.ranking.best(self.top_k, self.max_ties)
        if best is None:
            return 0, [], (), 0
        if len(self._rows) > 4 * len(self.table.counts) + 10_000:
            self._rows.clear()
        rows = [self.pair_count(pair) for pair in ordered]
        return best, rows, tuple(tied), ties_total


def _stop_step(number: int, ranked: _Ranked, book: _Book, reason: str) -> MergeStep:
    """The last step when learning stops before ``num_merges``: what was ranked, no merge.

    >>> book = _Book.start(Corpus.from_counts({"ab": 1}), [["a", "b"]])
    >>> ranked = _rank(_Ranker(_count_pairs([["a", "b"]], [1]), "first-seen", 5, 5))
    >>> step = _stop_step(1, ranked, book, "min_frequency")
    >>> step.merged, step.best_count, step.stop_reason, step.vocab_size
    (None, 1, 'min_frequency', 2)
    """
    rows = ranked.rows
    return MergeStep(
        number=number,
        pair_counts=tuple(rows),
        pairs_total=ranked.total,
        pairs_omitted=ranked.total - len(rows),
        best_count=rows[0].count if rows else 0,
        tied=ranked.tied,
        rule="unique" if ranked.ties_total <= 1 else "none",
        merged=None,
        changed_words=(),
        changed_words_total=0,
        vocab_size=sum(1 for c in book.symbol_counts.values() if c > 0),
        vocab_added=(),
        vocab_removed=(),
        stop_reason=reason,
        min_frequency=book.min_frequency,
        ties_total=ranked.ties_total,
    )


def replay(result: BPEResult) -> list[tuple[str, ...]]:
    """Re-apply the recorded merges, in order, to the initial segmentation.

    A check that the trace is complete: the outcome equals ``result.final_segmentation``.

    >>> result = learn({"low": 5, "lower": 2}, 3)
    >>> replay(result) == list(result.final_segmentation)
    True
    """
    words = [list(w) for w in result.initial_segmentation]
    for step in result.steps:
        if step.merged is not None:
            words = [merge_symbols(w, step.merged)[0] for w in words]
    return [tuple(w) for w in words]
