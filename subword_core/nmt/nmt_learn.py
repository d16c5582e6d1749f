"""subword-nmt's BPE learner as its books show it: what ``learn-bpe`` must write, byte for byte.

The app's pages teach exact BPE (:mod:`subword_core.bpe`, Sennrich et al. 2016): count every
pair of neighbouring symbols, merge the most frequent one everywhere, repeat. subword-nmt
0.3.8, the reference implementation of that paper, learns exactly that on ordinary text;
but to be fast it keeps its books in a particular way, and on four kinds of input the books
and the words drift apart, so that its codes are no longer exact BPE. The command line is a
drop-in for subword-nmt, so it writes subword-nmt's codes, and it learns them here: this
module models subword-nmt's *observable behaviour* (its bookkeeping), in our own stages and
words, so that a student can read why the two differ. It is not a copy of subword-nmt's code.

The stages of one run (:func:`learn`):

====================  ==========================  =============================================
stage                 function                    what happens
====================  ==========================  =============================================
start                 :func:`start_words`         each word becomes its characters, ``</w>``
                                                  glued to the last one; words ordered by
                                                  count, most frequent first; counts kept as
                                                  given (0 and negative ones too)
count pairs           :meth:`_Books.__init__`     every neighbouring pair, weighted by its
                                                  word's count, into the *archive* (the full
                                                  table) and the *live* table; an index says
                                                  which words hold each pair, and how often
choose                :meth:`_Books.choose`       the greatest ``(count, pair)`` of the live
                                                  table; when it has fallen below the
                                                  threshold, the live table is refilled from
                                                  the archive first (:meth:`_Books.refill`)
rewrite               :func:`rewrite`             the pair is replaced in the words the index
                                                  names, by a text search on the symbols
                                                  joined with spaces
settle                :meth:`_Books.settle`       the counts of the neighbouring pairs change,
                                                  read off the word before and after
prune                 :meth:`_Books.prune`        after merge 1, 101, 201 ...: pairs counted
                                                  below the threshold leave the live table
                                                  for the archive
====================  ==========================  =============================================

Where the books and the words drift apart (each marked ``# subtle:`` where it happens):

1. **Whitespace inside a symbol is a boundary to the search.** Words are split at spaces
   only, so a tab or a no-break space is a character of its word. The rewrite stage looks
   for ``left right`` in the symbols joined with spaces, standing between whitespace (or the
   ends); once a merge has glued a tab to a neighbour (``a\\t``), the search also finds
   ``left right`` right after that tab, inside a symbol, while the counts were settled for
   the symbols alone.
2. **A symbol made a second time** (a word spelled with ``</w>`` can make ``b</w>`` in its
   middle, a symbol the word ``ab`` already holds). The settle stage reads the pairs made
   off every copy of the merged symbol in a rewritten word, old copies too, whose pairs
   were counted already. And the live table is pruned: a pair that left it and is counted
   again starts from 0 there, so its live count is only the change since it left; at the
   next pruning a negative change is *added* to the archived count, a positive one
   *replaces* it. On ordinary text a pruned pair only ever loses occurrences (a merge makes
   pairs with its new symbol, never counted before), so nothing is lost; a symbol made a
   second time (or quirk 1) can bring a gain, and then the archive forgets the rest.
3. **Counts are kept as given** (``--dict-input``): a word counted 0 times still puts its
   pairs in the table (with count 0), and a negative count takes pairs away from the other
   words. (A refill even doubles a negative count it prunes at once.)
4. **Pairs counted 0 times stay in the live table** (a merged pair is set to 0, not
   removed) until a pruning removes them, so with ``--min-frequency`` 0 or below, learning
   goes on choosing them (the greatest pair among equal counts) until ``--symbols``.

Example:
    >>> run = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 3, 2)
    >>> [(" ".join(m.pair), m.count) for m in run.merges], run.stopped
    ([('s t</w>', 9), ('e st</w>', 9), ('l o', 7)], False)
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from subword_core import bpe
from subword_core.text.corpus import Corpus

__all__ = [
    "MARKER",
    "NmtMerge",
    "NmtRun",
    "alphabet",
    "exact_merges",
    "first_remade",
    "learn",
    "made_by",
    "rewrite",
    "start_words",
    "taken_apart",
]

MARKER = "</w>"
PRUNE_EVERY = 100
"""The live table is pruned after merge 1, 1 + PRUNE_EVERY, 1 + 2 * PRUNE_EVERY ..."""
DAMPING = 10000
"""After a refill at merge ``i`` (from 0) the threshold is ``best * i / (i + DAMPING)``."""

Pair = tuple[str, str]
Symbols = tuple[str, ...]
Threshold = float | Fraction


@dataclass(frozen=True)
class NmtMerge:
    """One line of the codes: the pair merged and the count subword-nmt reports for it.

    The count is the live table's, as ``--verbose`` prints it; on the four kinds of input
    above it can differ from the pair's true count.

    >>> NmtMerge(("l", "o"), 7).pair
    ('l', 'o')
    """

    pair: Pair
    count: int


@dataclass(frozen=True)
class NmtRun:
    """What a run wrote: the merges, and whether it stopped at ``min_frequency``.

    ``exact_threshold`` is True when a count was too large for a float, so the threshold
    was kept as an exact fraction (subword-nmt stops there with an ``OverflowError``).

    >>> NmtRun((), True).stopped
    True
    """

    merges: tuple[NmtMerge, ...]
    stopped: bool
    exact_threshold: bool = False


def start_words(vocabulary: Mapping[str, int]) -> tuple[list[Symbols], list[int]]:
    """The words as symbols, most frequent first, with their counts kept as given.

    Each word is split into characters and ``</w>`` is glued to the last one. Words with
    the same count keep their order (first seen first).

    >>> start_words({"ab": 1, "c": 0, "de": 4})
    ([('d', 'e</w>'), ('a', 'b</w>'), ('c</w>',)], [4, 1, 0])
    """
    ordered = sorted(vocabulary.items(), key=lambda item: item[1], reverse=True)
    words = [(*word[:-1], word[-1] + MARKER) for word, _ in ordered]
    return words, [count for _, count in ordered]


def alphabet(vocabulary: Mapping[str, int]) -> tuple[int, int]:
    """How many distinct symbols the words start with: ``(word-internal, word-final)``.

    A character inside a word and the same character ending a word (glued to ``</w>``) are
    two symbols, so they are counted apart, over every word (``--total-symbols`` subtracts
    their sum from ``--symbols``).

    >>> alphabet({"low": 1, "aw": 0})
    (3, 1)
    """
    internal = {char for word in vocabulary for char in word[:-1]}
    return len(internal), len({word[-1] for word in vocabulary})


def first_remade(vocabulary: Mapping[str, int], merges: Sequence[Sequence[str]]) -> int:
    """The number of the first merge that makes a symbol that already exists (quirk 2),
    other than by repeating an earlier merge (that is quirk 4); 0: none.

    >>> first_remade({"ab": 1, "b</w>c": 1}, [("<", "/"), ("</", "w>"), ("b", "</w>")])
    3
    >>> first_remade({"ab": 1}, [("a", "b</w>"), ("a", "b</w>")])
    0
    """
    existing = {word[-1] + MARKER for word in vocabulary}
    made: set[tuple[str, ...]] = set()
    for number, (left, right) in enumerate(merges, start=1):
        if left + right in existing and (left, right) not in made:
            return number
        existing.add(left + right)
        made.add((left, right))
    return 0


def rewrite(symbols: Symbols, search: re.Pattern[str], merged: str) -> Symbols:
    """One word after a merge, found the way subword-nmt finds it: by a text search.

    ``search`` is :func:`_search_for` of the pair. The symbols are joined with spaces, every
    match is replaced by the merged symbol, and the text is split at spaces again.

    >>> rewrite(("l", "o", "w</w>"), _search_for(("l", "o")), "lo")
    ('lo', 'w</w>')
    >>> rewrite(("x\\ta", "a", "a"), _search_for(("a", "a")), "aa")  # the quirk
    ('x\\taa', 'a')
    """
    # subtle: a match needs whitespace (or an end) on both sides, not a symbol boundary;
    # a space is both, but a tab inside a symbol is whitespace too, so "x\ta a a" matches
    # "a a" right after the tab, inside the symbol "x\ta", and the merge takes the "a"
    # that exact BPE would merge with the last "a"
    return tuple(search.sub(merged.replace("\\", "\\\\"), " ".join(symbols)).split(" "))


def taken_apart(old: Symbols, left: str, right: str) -> list[Pair]:
    """The pairs a merge of ``(left, right)`` takes apart, read off the word before it.

    Walking the symbols left to right, each ``left right`` found (the walk then goes on
    after it) takes apart the pair on its left and the pair on its right.

    >>> taken_apart(("x", "a", "b", "y"), "a", "b")
    [('x', 'a'), ('b', 'y')]
    >>> taken_apart(("a", "b", "a", "b"), "a", "b")  # (b, a) once, by the second merge
    [('b', 'a')]
    """
    taken: list[Pair] = []
    end, at = len(old), 0
    while True:
        try:
            at = old.index(left, at)  # the next place where ``left`` stands
        except ValueError:
            return taken
        if at + 1 == end or old[at + 1] != right:
            at += 1
            continue
        if at:
            taken.append((old[at - 1], left))
        # in "a b a b" the pair between the two merges, (b, a), is taken away once, by the
        # second merge (as its left neighbour), not twice
        follows = at + 3 < end and old[at + 2] == left and old[at + 3] == right
        if at + 2 < end and not follows:
            taken.append((right, old[at + 2]))
        at += 2


def made_by(new: Symbols, merged: str) -> list[Pair]:
    """The pairs a merge makes, read off the word after it: those around every symbol
    spelled like the merged one.

    subtle: *every* such symbol, also one that was in the word before the merge (a symbol
    made a second time), whose pairs were counted already.

    >>> made_by(("x", "ab", "y"), "ab")
    [('x', 'ab'), ('ab', 'y')]
    >>> made_by(("ab", "ab"), "ab")  # (ab, ab) once, by the second one's left side
    [('ab', 'ab')]
    """
    made: list[Pair] = []
    last = len(new) - 1
    for at, symbol in enumerate(new):
        if symbol != merged:
            continue
        if at:
            made.append((new[at - 1], merged))
        if at < last and new[at + 1] != merged:
            made.append((merged, new[at + 1]))
    return made


def _search_for(pair: Pair) -> re.Pattern[str]:
    """``left right`` with no non-whitespace character just before or just after it."""
    return re.compile(r"(?<!\S)" + re.escape(f"{pair[0]} {pair[1]}") + r"(?!\S)")


def _greatest_first(pair: Pair) -> tuple[tuple[int, ...], ...]:
    """A key that sorts pairs in reverse: the greatest ``(left, right)`` gets the smallest.

    subtle: negated code points reverse the order of characters; the 1 after each part
    puts a string after the longer strings it begins ("ab" after "abc"), as reversed order
    needs. (The same trick as :meth:`subword_core.merges.ranking.PairRanking._key`.)

    >>> sorted([("a", "b"), ("ab", "c"), ("a", "bc")], key=_greatest_first)
    [('ab', 'c'), ('a', 'bc'), ('a', 'b')]
    """
    return tuple((*(-ord(char) for char in part), 1) for part in pair)


def _ratio(numerator: int, denominator: int | float) -> Threshold:
    """``numerator / denominator`` as Python computes it, or exactly where a float overflows.

    >>> _ratio(7, 10), _ratio(10**400, 10) == 10**399
    (0.7, True)
    """
    try:
        return numerator / denominator
    except OverflowError:
        # subtle: subword-nmt stops here with a traceback; the exact fraction orders the
        # counts as a float would if it could hold them
        return Fraction(numerator) / Fraction(denominator)


class _Books:
    """subword-nmt's bookkeeping during one run: the tables the stages read and change.

    - ``archive``: every pair ever counted, with the count it had when it last left the
      live table (or at the start);
    - ``live``: the pairs in play, the ones the choose stage looks at;
    - ``index``: for each pair, ``{word number: how many times}``, as the settle stage left
      it (it can drift from the words; the rewrite stage skips a word noted 0 times or
      fewer);
    - ``threshold``: pairs counted below it are pruned from the live table.

    The choose stage needs the greatest ``(count, pair)`` of the live table at every merge;
    a heap of ``(-count, reversed pair)`` with lazy deletion finds it without looking at
    every pair (subword-nmt scans them all; the answer is the same).

    >>> books = _Books([("a", "b</w>"), ("a", "b", "a</w>")], [3, 1])
    >>> books.live[("a", "b")], books.index[("a", "b")], books.threshold
    (1, {1: 1}, 0.3)
    """

    def __init__(self, words: list[Symbols], counts: list[int]) -> None:
        self.words = words
        self.counts = counts
        self.live: dict[Pair, int] = {}
        self.index: dict[Pair, dict[int, int]] = {}
        for number, (symbols, count) in enumerate(zip(words, counts, strict=True)):
            for pair in pairwise(symbols):
                # subtle: a count of 0 or below is added too: the pair is in the table
                self.live[pair] = self.live.get(pair, 0) + count
                where = self.index.setdefault(pair, {})
                where[number] = where.get(number, 0) + 1
        self.archive = dict(self.live)
        # the first threshold: a tenth of the best count (subword-nmt calls it Zipfian)
        self.threshold: Threshold = _ratio(max(self.live.values()), 10) if self.live else 0.0
        self.exact_threshold = isinstance(self.threshold, Fraction)
        self._keys: dict[Pair, tuple[tuple[int, ...], ...]] = {}
        self._heap: list[tuple[int, tuple[tuple[int, ...], ...], Pair]] = []
        self._touched: set[Pair] = set()
        self._reheap()

    # --- choose ------------------------------------------------------------------------

    def choose(self, number: int) -> Pair:
        """The pair merge ``number`` (from 0) makes: the live table's greatest
        ``(count, pair)``, after a refill when the live table is empty or, after the first
        merge, its best count has fallen below the threshold.

        >>> books = _Books([("a", "b</w>")], [3])
        >>> books.choose(0), books.live
        (('a', 'b</w>'), {('a', 'b</w>'): 3})
        """
        best = self._top()
        if best is None or (number and self.live[best] < self.threshold):
            best = self.refill(number)
        return best

    def refill(self, number: int) -> Pair:
        """Put the archive back in play and set a new threshold from its best pair.

        Every live pair is below the threshold here, so the pruning first sends them all to
        the archive; the archive then becomes the live table, its best pair is chosen, the
        threshold becomes ``best count * number / (number + 10000)`` and the live table is
        pruned with it.

        >>> books = _Books([("a", "b</w>"), ("c", "d</w>")], [5, 1])
        >>> books.live[("a", "b</w>")] = 0  # as after merging it
        >>> books.refill(1), books.threshold, books.live
        (('c', 'd</w>'), 9.999000099990002e-05, {('c', 'd</w>'): 1})
        """
        self.prune()
        self.live = dict(self.archive)
        best = max(self.live, key=lambda pair: (self.live[pair], pair))
        self.threshold = _ratio(self.live[best] * number, number + float(DAMPING))
        self.exact_threshold |= isinstance(self.threshold, Fraction)
        self.prune()
        if best not in self.live:
            # subtle: only when every count is negative: the threshold is above the best
            # count, so it was pruned at once; subword-nmt reads its count from the live
            # table anyway, which puts it back there counted 0
            self.live[best] = 0
        self._reheap()
        return best

    def _top(self) -> Pair | None:
        """The live table's greatest ``(count, pair)``, or None if it is empty."""
        heap, live = self._heap, self.live
        while heap:
            negated, _, pair = heap[0]
            if live.get(pair) == -negated:
                return pair
            heapq.heappop(heap)  # the pair's count changed or it left the live table
        return None

    def _reheap(self) -> None:
        keys = self._keys
        for pair in self.live.keys() - keys.keys():
            keys[pair] = _greatest_first(pair)
        self._heap = [(-count, keys[pair], pair) for pair, count in self.live.items()]
        heapq.heapify(self._heap)

    # --- merge, settle and prune ---------------------------------------------------------

    def merge(self, pair: Pair) -> None:
        """Rewrite the words the index names for ``pair``, and settle the counts.

        The merged pair ends counted 0 in the live table, and its index lists only what the
        settling noted for it (nothing, unless the pair occurs again around its own merge,
        as ``a a`` in ``a a a``).

        >>> books = _Books([("a", "a", "a</w>")], [2])
        >>> books.merge(("a", "a"))
        >>> books.words, books.live
        ([('aa', 'a</w>')], {('a', 'a'): 0, ('a', 'a</w>'): 0, ('aa', 'a</w>'): 2})
        """
        search, merged = _search_for(pair), pair[0] + pair[1]
        changed: list[tuple[int, Symbols, Symbols]] = []
        for number, times in self.index.get(pair, {}).items():
            if times < 1:
                continue  # subtle: the index says the pair is gone from this word
            old = self.words[number]
            self.words[number] = new = rewrite(old, search, merged)
            changed.append((number, old, new))
        self.live[pair] = 0
        self.index[pair] = {}
        for number, old, new in changed:
            self.settle(pair, number, old, new)
        # subtle: counted 0, not removed: with --min-frequency 0 it can be chosen again
        self.live[pair] = 0
        self._touched.add(pair)
        self._push_touched()

    def settle(self, pair: Pair, number: int, old: Symbols, new: Symbols) -> None:
        """Change the counts of the pairs around the merge in one word.

        The pairs taken apart are read off the *old* symbols (:func:`taken_apart`), the
        pairs made off the *new* ones (:func:`made_by`); each occurrence changes the pair's
        live count by the word's count and its index entry for the word by one.

        subtle: the two readings agree with the rewrite only when the search found exactly
        the places the walk finds, and when no symbol spelled like the merged one was in
        the word before. Otherwise the counts drift from the words (quirks 1 and 2).

        >>> books = _Books([("x", "a", "b", "y</w>")], [3])
        >>> books.settle(("a", "b"), 0, ("x", "a", "b", "y</w>"), ("x", "ab", "y</w>"))
        >>> {p: c for p, c in books.live.items() if p != ("a", "b")}
        {('x', 'a'): 0, ('b', 'y</w>'): 0, ('x', 'ab'): 3, ('ab', 'y</w>'): 3}
        """
        count, live, index, touched = self.counts[number], self.live, self.index, self._touched
        for change, pairs in (
            (-1, taken_apart(old, *pair)),
            (1, made_by(new, pair[0] + pair[1])),
        ):
            for changed in pairs:
                # subtle: a pair pruned from the live table comes back here counted from
                # 0: its live count is then only the change since it left (see prune)
                live[changed] = live.get(changed, 0) + change * count
                where = index.get(changed)
                if where is None:
                    where = index[changed] = {}
                where[number] = where.get(number, 0) + change
                touched.add(changed)

    def _push_touched(self) -> None:
        """Give every pair whose live count changed a heap entry with its new count."""
        keys, heap, live = self._keys, self._heap, self.live
        for pair in self._touched:
            key = keys.get(pair)
            if key is None:
                key = keys[pair] = _greatest_first(pair)
            heapq.heappush(heap, (-live[pair], key, pair))
        self._touched.clear()

    def prune(self) -> None:
        """Move every live pair counted below the threshold to the archive.

        subtle: a negative live count is *added* to the archived one (a pair that left the
        live table and since then only lost occurrences carries just that loss); any other
        count *replaces* it. Ordinary text never brings back a positive count (a merge only
        makes pairs with its new symbol, never counted before), so nothing is lost; but a
        symbol made a second time can, and then the archive forgets the rest of its count.

        >>> books = _Books([("a", "b</w>"), ("c", "d</w>")], [20, 1])
        >>> books.live[("c", "d</w>")] = -1  # ... as after a merge took one away
        >>> books.prune()
        >>> books.live, books.archive
        ({('a', 'b</w>'): 20}, {('a', 'b</w>'): 20, ('c', 'd</w>'): 0})
        """
        threshold, archive = self.threshold, self.archive
        low = [(pair, count) for pair, count in self.live.items() if count < threshold]
        for pair, count in low:
            del self.live[pair]
            archive[pair] = archive.get(pair, 0) + count if count < 0 else count
        if len(self._heap) > 3 * len(self.live) + 64:  # mostly stale entries: rebuild
            self._reheap()


def learn(vocabulary: Mapping[str, int], num_merges: int, min_frequency: int) -> NmtRun:
    """Learn up to ``num_merges`` merges as subword-nmt 0.3.8's ``learn-bpe`` does.

    Args:
        vocabulary: ``{word: count}``; a word is any non-empty string (it may hold a tab or
            ``</w>``), a count any whole number (0 and negative counts are kept).
        num_merges: How many merges at most.
        min_frequency: Stop when the chosen pair's live count is below it (0 or below:
            pairs counted 0 times are merged too).

    Returns:
        The merges with their counts, and whether learning stopped at ``min_frequency``
        (subword-nmt then prints ``no pair has frequency >= N. Stopping``). A vocabulary
        without any pair (every word one character long) stops at once; subword-nmt
        crashes there.

    Example:
        >>> run = learn({"aaa": 2}, 4, 0)  # quirk 4: the last pair is merged again, counted 0
        >>> [(" ".join(m.pair), m.count) for m in run.merges], run.stopped
        ([('a a</w>', 2), ('a aa</w>', 2), ('a aa</w>', 0), ('a aa</w>', 0)], False)
    """
    books = _Books(*start_words(vocabulary))
    if not books.live:
        return NmtRun((), True)
    merges: list[NmtMerge] = []
    for number in range(num_merges):
        pair = books.choose(number)
        count = books.live[pair]
        if count < min_frequency:
            return NmtRun(tuple(merges), True, books.exact_threshold)
        merges.append(NmtMerge(pair, count))
        books.merge(pair)
        if number % PRUNE_EVERY == 0:
            books.prune()
    return NmtRun(tuple(merges), False, books.exact_threshold)


# --------------------------------------------------------------------------------------
# Exact BPE on the same words, to say where the two differ
# --------------------------------------------------------------------------------------


def exact_merges(vocabulary: Mapping[str, int], num_merges: int, min_frequency: int) -> list[Pair]:
    """The merges exact BPE (:func:`subword_core.bpe.learn`, the app's pages) learns from
    subword-nmt's words, with its conventions (``</w>`` glued to the last character, the
    greatest pair on ties); words counted below 1 are left out (they occur nowhere).

    subtle: a :class:`~subword_core.text.corpus.Corpus` word holds no whitespace, but a
    subword-nmt word may hold a tab or a no-break space. BPE asks only two things of a
    character: is it equal to another, and (for the tie rule) which of two sorts first. So
    when some word holds whitespace, every character (those of ``</w>`` too) is renamed to
    a character that is not whitespace, keeping their order; BPE learns from the renamed
    words and the merges are renamed back: the whitespace counts as any other character.

    Example:
        >>> exact_merges({"a\\tb": 2, "ab": 1, "b": -4}, 5, 1)
        [('a', '\\t'), ('a\\t', 'b</w>'), ('a', 'b</w>')]
    """
    counted = {word: count for word, count in vocabulary.items() if count > 0}
    if num_merges < 1 or not any(len(word) > 1 for word in counted):
        return []
    rename = _renaming(counted)
    back = {ord(new): chr(old) for old, new in rename.items()}
    result = bpe.learn(
        Corpus.from_counts({word.translate(rename): count for word, count in counted.items()}),
        num_merges,
        min_frequency=min_frequency,
        end_of_word=MARKER.translate(rename),
        attach_end_of_word=True,
        tie_break="lexicographic",
        # subword-nmt learns from a word spelled with '</w>' (see bpe.learn)
        allow_marker_in_words=True,
        # only the merges are needed, not the step-by-step trace
        top_k=1,
        max_ties=1,
        max_changed_words=1,
        history_limit=1,
    )
    return [
        (step.merged[0].translate(back), step.merged[1].translate(back))
        for step in result.steps
        if step.merged is not None
    ]


def _renaming(vocabulary: Mapping[str, int]) -> dict[int, str]:
    """A ``str.translate`` table: the i-th character in sorted order (the words' and the
    marker's) becomes the i-th code point that is not whitespace; ``{}`` when no word
    holds whitespace.

    >>> _renaming({"low": 1}), sorted(_renaming({"a\\tb": 1}).items())[:2]
    ({}, [(9, '\\x00'), (47, '\\x01')])
    """
    alphabet = sorted({char for word in vocabulary for char in word} | set(MARKER))
    if not any(char.isspace() for char in alphabet):
        return {}
    free = (chr(point) for point in range(0x110000) if not chr(point).isspace())
    # zip stops at the end of the alphabet: there are more free code points than characters
    return {ord(char): new for char, new in zip(alphabet, free, strict=False)}
