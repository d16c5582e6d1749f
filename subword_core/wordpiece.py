"""WordPiece: merge the pair with the best likelihood score, encode by longest match first.

WordPiece (Schuster & Nakajima 2012; BERT) learns a vocabulary the way BPE does, by merging
pairs of neighbouring symbols, but with two differences a student should see side by side:

* **Which pair is merged.** BPE merges the most *frequent* pair. WordPiece merges the pair
  with the best *likelihood score* ``freq(ab) / (freq(a) * freq(b))`` (seed 001, the Hugging
  Face course): a pair whose parts rarely occur apart wins over a frequent pair of common
  symbols. ``scoring="frequency"`` picks the most frequent pair instead, which is what the
  ``tokenizers`` library's WordPiece *trainer* really does (BPE with ``##``).
* **How a word is encoded.** BPE replays its merges by priority. WordPiece keeps only the
  vocabulary and takes, from the left, the longest piece in the vocabulary, then the longest
  continuation piece (``##``...) after it, and so on. If some part of the word matches
  nothing, the *whole word* becomes ``[UNK]``.

Markers: a word is split as ``h ##u ##g``: every piece that does not start a word carries the
``##`` prefix. Merging ``h`` + ``##u`` gives ``hu``; ``##g`` + ``##s`` gives ``##gs``.

Variants the tutorials call "WordPiece" (reachable here, explained in the app):

* seed 004: a BPE vocabulary learned with ``_`` as an ordinary end letter, applied by
  longest *prefix* match with no ``##`` and one ``[UNK]`` for whatever is left over
  (``WordPiece(vocab, prefix="", unk_mode="leftover")``);
* seed 003: the same pieces written with a word-*start* marker, ``_J et`` instead of
  ``J ##et`` (:func:`word_start_form`).

>>> result = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9)
>>> result.merges
[('##g', '##s'), ('h', '##u')]
>>> result.model.encode("hugs"), result.model.encode("bum")
(['hu', '##gs'], ['[UNK]'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd
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
    segmentation_at,
)

Scoring = Literal["likelihood", "frequency"]
TieBreak = Literal["first-seen", "lexicographic"]

SCORINGS: tuple[str, ...] = ("likelihood", "frequency")
TIE_BREAKS: tuple[str, ...] = ("first-seen", "lexicographic")
DEFAULT_PREFIX = "##"
DEFAULT_UNK = "[UNK]"
DEFAULT_MAX_CHARS = 100


# --------------------------------------------------------------------------------------
# The trace
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairScore:
    """A candidate pair with the numbers its score is made of.

    ``freq_a`` and ``freq_b`` count every occurrence of each symbol in the corpus (weighted
    by word counts); ``freq_pair`` counts the pair. ``score`` is exact (a fraction), so ties
    are real ties.

    >>> PairScore(("##g", "##s"), 20, 5, 5, Fraction(1, 20), (4, 2)).score
    Fraction(1, 20)
    """

    pair: Pair
    freq_a: int
    freq_b: int
    freq_pair: int
    score: Fraction
    first_seen: tuple[int, int]


@dataclass(frozen=True)
class WordPieceStep:
    """One iteration of WordPiece learning.

    Attributes:
        number: 1-based step number.
        candidates: the best-scoring pairs, best first (score, then the tie rule): the
            pairs in ``tied``, then the next best ones up to ``top_k`` rows in all.
        candidates_total: how many distinct pairs there were.
        candidates_omitted: how many ``candidates`` leaves out.
        best_score: the best score (0 when there was no pair).
        tied: the pairs with ``best_score``, ranked by the tie rule: all of them unless
            there are more than ``max_ties`` (then the first ``max_ties``, plus a chosen one).
        rule: ``"unique"``, ``"first-seen"``, ``"lexicographic"`` or ``"chosen"``.
        merged: the merged pair, or ``None`` for a final step that stops without merging.
        new_token: the token the merge added (``h`` + ``##u`` -> ``hu``).
        added: whether ``new_token`` was new to the vocabulary (two different pairs can
            build the same string; the vocabulary then does not grow).
        changed_words: words whose pieces changed (at most ``max_changed_words``).
        changed_words_total: how many words changed.
        vocab_size: vocabulary size after the step.
        stop_reason: on the last step: ``"vocab_size"`` (reached) or ``"no_pairs"``.
        ties_total: how many pairs had ``best_score`` (see ``ties_omitted``).

    >>> learn({"hug": 10, "hugs": 5}, 5).steps[0].best_score
    Fraction(1, 15)
    """

    number: int
    candidates: tuple[PairScore, ...]
    candidates_total: int
    candidates_omitted: int
    best_score: Fraction
    tied: tuple[Pair, ...]
    rule: str
    merged: Pair | None
    new_token: str | None
    added: bool
    changed_words: tuple[WordChange, ...]
    changed_words_total: int
    vocab_size: int
    stop_reason: str | None
    ties_total: int = 0

    def __post_init__(self) -> None:
        if not self.ties_total:  # built without it (older code): every tie was kept
            object.__setattr__(self, "ties_total", len(self.tied))

    @property
    def ties_omitted(self) -> int:
        """How many tied pairs ``tied`` leaves out (only when there were over ``max_ties``)."""
        return self.ties_total - len(self.tied)

    @property
    def is_tie(self) -> bool:
        """True when more than one pair had the best score."""
        return self.ties_total > 1


@dataclass(frozen=True)
class EncodeTry:
    """One substring tried by longest-match-first encoding.

    >>> EncodeTry(0, 4, "hugs", False).candidate
    'hugs'
    """

    start: int
    end: int
    candidate: str
    matched: bool


# --------------------------------------------------------------------------------------
# The model: a vocabulary applied by longest match first
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordPiece:
    """A WordPiece model: a vocabulary, applied greedily by longest match first.

    Args:
        vocab: the tokens (word-initial pieces plain, continuation pieces with ``prefix``).
        unk_token: what a word (or leftover) that cannot be matched becomes.
        prefix: the continuation prefix (``""`` for none, as in seed 004).
        max_input_chars_per_word: longer words become ``unk_token`` at once (BERT: 100).
        unk_mode: ``"word"``: any unmatched part makes the whole word ``unk_token`` (BERT);
            ``"leftover"``: keep the pieces matched so far and add one ``unk_token`` for the
            rest (seed 004).

    >>> model = WordPiece(["b", "h", "p", "##g", "##n", "##s", "##u", "##gs", "hu"])
    >>> model.encode("hugs"), model.encode("bum")
    (['hu', '##gs'], ['[UNK]'])
    """

    vocab: tuple[str, ...]
    unk_token: str = DEFAULT_UNK
    prefix: str = DEFAULT_PREFIX
    max_input_chars_per_word: int = DEFAULT_MAX_CHARS
    unk_mode: Literal["word", "leftover"] = "word"
    _lookup: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    _longest: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "vocab", tuple(self.vocab))
        check_option(
            "unk_mode",
            self.unk_mode,
            ("word", "leftover"),
            f"unk_mode must be 'word' or 'leftover', not {self.unk_mode!r}.",
        )
        if self.max_input_chars_per_word < 1:
            raise ParameterError(
                "max_input_chars_per_word must be at least 1.",
                code="not_positive",
                values={
                    "name": "max_input_chars_per_word",
                    "value": repr(self.max_input_chars_per_word),
                },
            )
        object.__setattr__(self, "_lookup", frozenset(self.vocab))
        object.__setattr__(self, "_longest", max((len(t) for t in self.vocab), default=0))

    @classmethod
    def from_vocab_text(cls, text: str, **options: object) -> WordPiece:
        """Build a model from a BERT-style ``vocab.txt``: one token per line.

        Blank lines and repeated tokens are refused with the line number, because a
        vocabulary file's line numbers are its token ids.

        >>> WordPiece.from_vocab_text("[UNK]\\nh\\n##i\\n").encode("hi")
        ['h', '##i']

        Raises:
            ParameterError: the file is empty, has a blank line or a repeated token.
        """
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            raise ParameterError(
                "The vocabulary is empty: give one token per line.", code="vocab_empty"
            )
        seen: dict[str, int] = {}
        for number, line in enumerate(lines, start=1):
            token = line.strip()
            if not token:
                raise ParameterError(
                    f"Line {number} is blank. A vocab.txt has one token per line and the line "
                    "number is the token's id, so blank lines are not allowed.",
                    code="vocab_blank_line",
                    values={"line": number},
                )
            if token in seen:
                raise ParameterError(
                    f"Line {number}: the token {token!r} already appeared on line "
                    f"{seen[token]}. Each token may appear only once.",
                    code="vocab_repeated",
                    values={"line": number, "token": repr(token), "first": seen[token]},
                )
            seen[token] = number
        return cls(tuple(seen), **options)  # type: ignore[arg-type]

    def to_vocab_text(self) -> str:
        """The vocabulary as a ``vocab.txt`` (the UNK token first if it is not in it).

        A line number is a token's id, so the unknown token needs a line; a model read back
        from the file (here or by ``tokenizers``) then also *matches* it: a word that starts
        with its spelling (``[UNK]s``) gives ``[UNK]``, ``##s`` where this model, whose
        trained vocabulary lacks ``[UNK]``, gives ``[``, ``##U``, ... Every other word
        encodes the same. The file holds only tokens: the prefix and
        ``max_input_chars_per_word`` are the reader's (BERT's ``##`` and 100 are the
        usual), and so is the splitting of text into words: BERT's own tokenizer also
        lower-cases, strips accents and splits punctuation and CJK characters; a
        ``WhitespaceSplit`` pre-tokenizer gives :meth:`tokenize`'s words, except that
        ``str.split()`` also splits at U+001C–U+001F (``tokenizer.json`` keeps all of it).

        >>> print(WordPiece(["h", "##i"]).to_vocab_text(), end="")
        [UNK]
        h
        ##i
        """
        tokens = list(self.vocab)
        if self.unk_token not in self._lookup:
            tokens.insert(0, self.unk_token)
        return "".join(f"{t}\n" for t in tokens)

    def encode_steps(self, word: str) -> tuple[list[EncodeTry], list[str]]:
        """Encode ``word`` and record every substring tried, in order.

        Returns the tries and the tokens. A try at ``start > 0`` looks up the continuation
        form (``##`` + substring).

        >>> tries, tokens = WordPiece(["h", "hu", "##g"]).encode_steps("hug")
        >>> [(t.candidate, t.matched) for t in tries], tokens
        ([('hug', False), ('hu', True), ('##g', True)], ['hu', '##g'])
        """
        tries: list[EncodeTry] = []
        if not word:
            return tries, []
        if len(word) > self.max_input_chars_per_word:
            return tries, [self.unk_token]
        tokens: list[str] = []
        start, n = 0, len(word)
        while start < n:
            found = None
            # subtle: no vocabulary token is longer than the longest one, so the search can
            # start there instead of at the end of a long word; the tries shown are the same
            # ones a student would do by hand, minus those that cannot possibly match.
            end = min(n, start + self._longest)
            while end > start:
                piece = word[start:end]
                candidate = piece if start == 0 else self.prefix + piece
                matched = candidate in self._lookup
                tries.append(EncodeTry(start, end, candidate, matched))
                if matched:
                    found = candidate
                    break
                end -= 1
            if found is None:
                if self.unk_mode == "word":
                    return tries, [self.unk_token]
                return tries, [*tokens, self.unk_token]
            tokens.append(found)
            start = end
        return tries, tokens

    def encode(self, word: str) -> list[str]:
        """Greedy longest-match-first encoding of one word.

        >>> WordPiece(["un", "##aff", "##able"]).encode("unaffable")
        ['un', '##aff', '##able']
        """
        return self.encode_steps(word)[1]

    def tokenize(self, text: str) -> list[str]:
        """Encode running text: split on whitespace and encode each word.

        >>> WordPiece(["a", "##b"]).tokenize("ab a")
        ['a', '##b', 'a']
        """
        return [t for word in text.split() for t in self.encode(word)]

    def decode(self, tokens: Iterable[str]) -> str:
        """Join tokens back into text: continuation pieces attach to the previous one.

        >>> WordPiece(["hu", "##gs"]).decode(["hu", "##gs", "hu"])
        'hugs hu'
        """
        words: list[str] = []
        for token in tokens:
            if self.prefix and token.startswith(self.prefix) and words:
                words[-1] += token[len(self.prefix) :]
            else:
                words.append(token)
        return " ".join(words)


def word_start_form(
    tokens: Sequence[str], prefix: str = DEFAULT_PREFIX, marker: str = "_"
) -> list[str]:
    """Rewrite ``##`` continuation pieces as word-start-marked pieces (seed 003's display).

    Both forms carry the same information: ``##`` marks pieces that continue a word,
    ``_`` marks pieces that start one.

    >>> word_start_form(["J", "##et", "makers"])
    ['_J', 'et', '_makers']
    """
    out = []
    for token in tokens:
        if prefix and token.startswith(prefix):
            out.append(token[len(prefix) :])
        else:
            out.append(marker + token)
    return out


# --------------------------------------------------------------------------------------
# Learning
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordPieceResult:
    """What ``learn`` returns.

    Attributes:
        vocab: the tokens in the order they were added, starting with the alphabet
            (word-initial characters, then continuation characters, each sorted).
        alphabet_size: how many of ``vocab`` are the alphabet.
        merges: the merged pairs in order.
        steps: one ``WordPieceStep`` per merge (plus a stop step if pairs ran out).
        model: a ``WordPiece`` over ``vocab``.
        corpus: the corpus learned from.
        initial_segmentation / final_segmentation: every word's pieces before / after.
        history: for tracked words (the most frequent ``history_limit``) the steps at
            which their pieces changed, with the pieces after each: a ``WordHistory``
            (a long word's changes are stored, not a copy per step).
        scoring, tie_break, prefix: the settings used.
    """

    vocab: list[str]
    alphabet_size: int
    merges: list[Pair]
    steps: list[WordPieceStep]
    model: WordPiece
    corpus: Corpus
    initial_segmentation: tuple[tuple[str, ...], ...]
    final_segmentation: tuple[tuple[str, ...], ...]
    history: Mapping[int, tuple[tuple[int, Sequence[str]], ...]]
    scoring: str
    tie_break: str
    prefix: str

    def vocab_at(self, step: int) -> list[str]:
        """The vocabulary after ``step`` steps (0: the alphabet).

        >>> learn({"hug": 10, "hugs": 5}, 5).vocab_at(1)
        ['h', '##g', '##s', '##u', 'hu']
        """
        added = [s.new_token for s in self.steps[:step] if s.merged is not None and s.added]
        return self.vocab[: self.alphabet_size] + [t for t in added if t is not None]

    def segmentation_at(self, step: int) -> list[tuple[int, tuple[str, ...]]]:
        """``(word index, pieces)`` of every tracked word after ``step`` steps.

        >>> learn({"hug": 10, "hugs": 5}, 5).segmentation_at(1)[1]
        (1, ('hu', '##g', '##s'))
        """
        if isinstance(self.history, WordHistory):
            return self.history.at(step)
        return segmentation_at(self.initial_segmentation, self.history, step)

    def changed_at(self, step: int) -> set[int]:
        """The indices of the tracked words that step ``step`` changed.

        >>> result = learn({"hug": 10, "hugs": 5, "pun": 12}, 8)
        >>> result.steps[1].merged, result.changed_at(2)
        (('h', '##u'), {0, 1})
        """
        if isinstance(self.history, WordHistory):
            return self.history.changed_at(step)
        return {i for i, h in self.history.items() if any(at == step for at, _ in h)}


def split_word(word: str, prefix: str = DEFAULT_PREFIX) -> list[str]:
    """The word's first pieces: its first character, then ``##`` + every other character.

    >>> split_word("hug")
    ['h', '##u', '##g']
    """
    return [ch if i == 0 else prefix + ch for i, ch in enumerate(word)]


def merged_token(pair: Pair, prefix: str = DEFAULT_PREFIX) -> str:
    """The token a merge creates: the right piece loses its ``##``.

    >>> merged_token(("h", "##u")), merged_token(("##g", "##s"))
    ('hu', '##gs')
    """
    left, right = pair
    if prefix and right.startswith(prefix):
        right = right[len(prefix) :]
    return left + right


def alphabet_of(corpus: Corpus, prefix: str = DEFAULT_PREFIX) -> list[str]:
    """The starting vocabulary: word-initial characters, then continuation ones, sorted.

    >>> alphabet_of(Corpus.from_counts({"hug": 1, "bun": 1}))
    ['b', 'h', '##g', '##n', '##u']
    """
    initial = sorted({w[0] for w in corpus.words})
    inner = sorted({prefix + ch for w in corpus.words for ch in w[1:]})
    return list(dict.fromkeys([*initial, *inner]))


class _Scores:
    """Every pair's score, kept up to date in a ``PairRanking``, and each step's rows.

    subtle: a likelihood score depends on freq(a) and freq(b), so one merge changes the
    score of every pair that contains a, b or the new token, even in words the merge did
    not touch. Those pairs are found through ``pairs_of`` and re-scored.

    subtle: a likelihood score is kept as a reduced fraction ``(numerator, denominator)``:
    exact, and fast to hash and compare for equality (ties), unlike ``Fraction``. The
    ranking orders scores by their float value and only compares exactly the rare
    different scores that round to the same float.
    """

    def __init__(
        self,
        table: PairTable,
        symbol_freq: dict[str, int],
        scoring: str,
        tie_break: str,
        top_k: int,
        max_ties: int,
    ) -> None:
        self.table = table
        self.freq = symbol_freq
        self.likelihood = scoring == "likelihood"
        self.top_k = top_k
        self.max_ties = max_ties
        self.pairs_of: dict[str, set[Pair]] = {}
        for pair in table.counts:
            self._index(pair)
        initial = {pair: self.value(pair) for pair in table.counts}
        if self.likelihood:
            self.ranking: PairRanking = PairRanking(
                table, tie_break, initial, value=_ratio, exact=_fraction
            )
        else:
            self.ranking = PairRanking(table, tie_break, initial)
        self._rows: dict[Pair, tuple[PairScore, list[str] | None]] = {}

    def _index(self, pair: Pair) -> None:
        self.pairs_of.setdefault(pair[0], set()).add(pair)
        self.pairs_of.setdefault(pair[1], set()).add(pair)

    def value(self, pair: Pair) -> int | tuple[int, int]:
        """The score used for ranking: the count, or freq(ab) / (freq(a) freq(b)) reduced.

        >>> table = PairTable([["h", "##u"]], [4])
        >>> _Scores(table, {"h": 6, "##u": 4}, "likelihood", "first-seen", 5, 5).value(("h", "##u"))
        (1, 6)
        """
        count = self.table.counts[pair]
        if not self.likelihood:
            return count
        below = self.freq[pair[0]] * self.freq[pair[1]]
        common = gcd(count, below)
        return count // common, below // common

    def update(self, symbols: Iterable[str]) -> None:
        """Re-score pairs whose count changed and pairs containing a symbol whose freq did."""
        counts, ranking = self.table.counts, self.ranking
        dirty: set[Pair] = set()
        for pair in self.table.touched:
            if pair in counts:
                self._index(pair)
                dirty.add(pair)
            else:
                ranking.set(pair, None)
                for symbol in pair:
                    held = self.pairs_of.get(symbol)
                    if held is not None:
                        held.discard(pair)
        if not self.likelihood:  # a frequency score does not depend on freq(a), freq(b)
            for pair in dirty:
                ranking.set(pair, counts[pair])
            return
        for symbol in symbols:
            dirty |= self.pairs_of.get(symbol, set())
        freq = self.freq
        for pair in dirty:  # self.value(pair), inlined: this loop is the hot spot
            count = counts[pair]
            below = freq[pair[0]] * freq[pair[1]]
            common = gcd(count, below)
            ranking.set(pair, (count // common, below // common))

    def row(self, pair: Pair) -> PairScore:
        """The pair's ``PairScore``, reused while its numbers and first occurrence hold."""
        table = self.table
        count, index = table.counts[pair], table.first_word[pair]
        freq_a, freq_b = self.freq[pair[0]], self.freq[pair[1]]
        cached = self._rows.get(pair)
        if cached is not None:
            row, symbols = cached
            if (
                row.freq_pair == count
                and row.freq_a == freq_a
                and row.freq_b == freq_b
                and row.first_seen[0] == index
                # a long word changes at every merge: compare where the pair is first seen
                and (table.words[index] is symbols or row.first_seen == table.first_seen(pair))
            ):
                return row
        score = Fraction(count, freq_a * freq_b) if self.likelihood else Fraction(count)
        row = PairScore(pair, freq_a, freq_b, count, score, table.first_seen(pair))
        symbols = table.words[index]
        # subtle: a long word gets a new list at every merge; keeping one per cached row
        # kept hundreds of copies of the word alive. Its rows are checked by first_seen.
        self._rows[pair] = (row, symbols if len(symbols) <= table.long_word else None)
        return row

    def rank(self) -> tuple[list[PairScore], tuple[Pair, ...], int]:
        """``(rows best first, kept tied pairs, number of tied pairs)``."""
        best, ordered, tied, ties_total = self.ranking.best(self.top_k, self.max_ties)
        if best is None:
            return [], (), 0
        if len(self._rows) > 4 * len(self.table.counts) + 10_000:
            self._rows.clear()
        return [self.row(pair) for pair in ordered], tuple(tied), ties_total


def _ratio(score: tuple[int, int]) -> float:
    return score[0] / score[1]


def _fraction(score: tuple[int, int]) -> Fraction:
    return Fraction(*score)


def _as_corpus(corpus: Corpus | Mapping[str, int] | str) -> Corpus:
    if isinstance(corpus, Corpus):
        return corpus
    if isinstance(corpus, str):
        return parse_corpus(corpus)
    return Corpus.from_counts(corpus)


def learn(
    corpus: Corpus | Mapping[str, int] | str,
    vocab_size: int,
    *,
    prefix: str = DEFAULT_PREFIX,
    scoring: Scoring = "likelihood",
    tie_break: TieBreak = "first-seen",
    choose: Mapping[int, Pair] | None = None,
    unk_token: str = DEFAULT_UNK,
    top_k: int = 50,
    max_ties: int = 50,
    max_changed_words: int = 50,
    history_limit: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> WordPieceResult:
    """Learn a WordPiece vocabulary of ``vocab_size`` tokens and record every step.

    Each step runs the stages a student reads in the algorithm (docs/ARCHITECTURE.md):
    score the pairs (:func:`_score`, once; a merge re-scores the pairs it changes), rank
    them (:func:`_rank`, then :func:`_pick` applies the tie rule), merge the winner
    everywhere (:func:`_merge`) and record what changed (:func:`_record`).

    Args:
        corpus: a ``Corpus``, a ``{word: count}`` mapping, or text for ``parse_corpus``.
        vocab_size: the vocabulary size to reach, alphabet included.
        prefix: the continuation prefix (``"##"``).
        scoring: ``"likelihood"`` (freq(ab) / (freq(a) freq(b))) or ``"frequency"``.
        tie_break: among equal scores, ``"first-seen"`` (first occurrence in corpus order)
            or ``"lexicographic"`` (the greatest pair in string order).
        choose: ``{step: pair}`` to pick another of the tied pairs at those steps.
        unk_token: the model's unknown token.
        top_k: how many candidates each step keeps at least (ties included).
        max_ties: how many of the tied pairs each step keeps at most (the first by the tie
            rule; ``WordPieceStep.ties_total`` counts them all). The winner is always
            chosen among all of them.
        max_changed_words: how many changed words each step keeps.
        history_limit: track the pieces of at most this many words (the most frequent).
        progress: called as ``progress(done, total)`` with the tokens added so far and
            the tokens to add (``vocab_size`` minus the alphabet), at most ~100 times,
            and once with ``done == total`` at the end.

    Raises:
        ParameterError: ``vocab_size`` below the alphabet size (the message gives it), a bad
            option, a chosen pair that is not tied, or a word containing the prefix.

    >>> result = learn("hug hug pug", 20)
    >>> result.merges
    [('h', '##u'), ('p', '##u'), ('hu', '##g'), ('pu', '##g')]
    >>> result.vocab[-4:], result.steps[-1].stop_reason
    (['hu', 'pu', 'hug', 'pug'], 'no_pairs')
    >>> seen = []
    >>> _ = learn("hug hug pug", 20, progress=lambda done, total: seen.append((done, total)))
    >>> seen[-1]
    (16, 16)
    """
    data = _as_corpus(corpus)
    alphabet = _check_options(
        data, vocab_size, prefix, scoring, tie_break, top_k, max_ties, max_changed_words
    )
    choices = dict(choose or {})
    words = [split_word(w, prefix) for w in data.words]
    book = _Book.start(data, words, alphabet, history_limit, max_changed_words)

    table = PairTable(words, book.freqs)
    scores = _score(table, book.symbol_freq, scoring, tie_break, top_k, max_ties)
    merges: list[Pair] = []
    steps: list[WordPieceStep] = []
    number = 0
    to_add = vocab_size - len(alphabet)
    reported = 0
    while len(book.vocab) < vocab_size:
        number += 1
        done = len(book.vocab) - len(alphabet)
        if progress is not None and done * 100 >= (reported + 1) * to_add:
            reported = done * 100 // to_add
            progress(done, to_add)
        ranked = _rank(scores)
        if not ranked.rows:
            steps.append(_stop(number, len(book.vocab)))
            break
        chosen, rule, ranked = _pick(ranked, number, choices, tie_break, scores)
        token = merged_token(chosen, prefix)
        changed = _merge(table, scores, book, chosen, token)
        steps.append(_record(number, ranked, chosen, rule, token, changed, table, book, vocab_size))
        merges.append(chosen)
    if progress is not None:
        progress(to_add, to_add)

    return WordPieceResult(
        vocab=book.vocab,
        alphabet_size=len(alphabet),
        merges=merges,
        steps=steps,
        model=WordPiece(tuple(book.vocab), unk_token=unk_token, prefix=prefix),
        corpus=data,
        initial_segmentation=book.initial,
        final_segmentation=tuple(tuple(w) for w in table.words),
        history=book.history,
        scoring=scoring,
        tie_break=tie_break,
        prefix=prefix,
    )


def _check_options(
    data: Corpus,
    vocab_size: int,
    prefix: str,
    scoring: str,
    tie_break: str,
    top_k: int,
    max_ties: int,
    max_changed_words: int,
) -> list[str]:
    """Check ``learn``'s options against the corpus; return the alphabet.

    >>> hug = Corpus.from_counts({"hug": 1})
    >>> _check_options(hug, 3, "##", "likelihood", "first-seen", 5, 5, 5)
    ['h', '##g', '##u']
    >>> try:
    ...     _check_options(hug, 2, "##", "likelihood", "first-seen", 5, 5, 5)
    ... except ParameterError as error:
    ...     print(str(error)[:60])
    The vocabulary size must be at least the alphabet size, 3: t
    """
    check_option("scoring", scoring, SCORINGS)
    check_option("tie_break", tie_break, TIE_BREAKS)
    for name, value in (
        ("top_k", top_k),
        ("max_ties", max_ties),
        ("max_changed_words", max_changed_words),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ParameterError(
                f"{name} must be a whole number of at least 1.",
                code="not_positive",
                values={"name": name, "value": repr(value)},
            )
    if prefix and any(ch.isspace() for ch in prefix):
        raise ParameterError("The continuation prefix cannot contain spaces.", code="prefix_space")
    if prefix:
        for word in data.words:
            if prefix in word:
                raise ParameterError(
                    f"The word {word!r} already contains the continuation prefix {prefix!r}, "
                    "so its pieces would be ambiguous. Choose another prefix or remove it.",
                    code="word_has_prefix",
                    values={"word": repr(word), "prefix": repr(prefix)},
                )
    alphabet = alphabet_of(data, prefix)
    if (
        isinstance(vocab_size, bool)
        or not isinstance(vocab_size, int)
        or vocab_size < len(alphabet)
    ):
        raise ParameterError(
            f"The vocabulary size must be at least the alphabet size, {len(alphabet)}: the "
            f"{len(alphabet)} single characters (word-initial and {prefix or 'continuation'} "
            f"forms) are always in the vocabulary. Got {vocab_size!r}.",
            code="vocab_below_alphabet",
            values={"alphabet": len(alphabet), "value": repr(vocab_size)},
        )
    return alphabet


# --- the stages of one step: score -> rank -> merge -> record --------------------------


@dataclass
class _Book:
    """The corpus side of a run: every word's count, the symbol counts, history, vocabulary.

    Attributes:
        words: the corpus words, in corpus order (their text, for the step rows).
        freqs: every word's count.
        initial: every word's pieces before the first merge.
        symbol_freq: ``{piece: occurrences}`` (weighted by word counts): freq(a) and freq(b)
            of the likelihood score.
        history: the segmentation history (see :class:`subword_core.history.WordHistory`).
        vocab: the vocabulary so far, in the order the tokens were added (alphabet first).
        in_vocab: the same tokens, as a set.
        max_changed_words: how many changed words each step keeps.

    >>> hug = Corpus.from_counts({"hug": 2})
    >>> book = _Book.start(hug, [["h", "##u", "##g"]], ["h", "##g", "##u"])
    >>> book.symbol_freq, book.vocab
    ({'h': 2, '##u': 2, '##g': 2}, ['h', '##g', '##u'])
    """

    words: Sequence[str]
    freqs: list[int]
    initial: tuple[tuple[str, ...], ...]
    symbol_freq: dict[str, int]
    history: WordHistory
    vocab: list[str]
    in_vocab: set[str]
    max_changed_words: int = 50

    @classmethod
    def start(
        cls,
        corpus: Corpus,
        words: Sequence[Sequence[str]],
        alphabet: Sequence[str],
        history_limit: int = 500,
        max_changed_words: int = 50,
    ) -> _Book:
        """The book before the first merge, for the corpus split into ``words``."""
        freqs = list(corpus.counts)
        symbol_freq: dict[str, int] = {}
        for pieces, freq in zip(words, freqs, strict=True):
            for piece in pieces:
                symbol_freq[piece] = symbol_freq.get(piece, 0) + freq
        # subtle: the history stores a long word's changes, not a copy per merge (see
        # ``subword_core.history``); it also records untracked long words for the step rows
        history = WordHistory.for_corpus(words, freqs, history_limit, PairTable.long_word)
        vocab = list(alphabet)
        return cls(
            corpus.words,
            freqs,
            history.initial,
            symbol_freq,
            history,
            vocab,
            set(vocab),
            max_changed_words,
        )


class _Ranked(NamedTuple):
    """One step's ranking (:func:`_rank`): what the step's table of candidates shows.

    Attributes:
        rows: the kept candidates, best first (the tied pairs, then the next best).
        tied: the kept pairs with the best score, in the tie rule's order.
        ties_total: how many pairs have the best score (``tied`` may keep fewer).
        total: how many distinct pairs the corpus holds.
    """

    rows: list[PairScore]
    tied: tuple[Pair, ...]
    ties_total: int
    total: int


def _hug_corpus() -> tuple[PairTable, _Book]:
    """Seed 001's corpus, split, counted: the examples of the stages below.

    >>> _hug_corpus()[1].symbol_freq["##u"]
    36
    """
    data = Corpus.from_counts({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    words = [split_word(w) for w in data.words]
    book = _Book.start(data, words, alphabet_of(data))
    return PairTable(words, book.freqs), book


def _score(
    table: PairTable,
    symbol_freq: dict[str, int],
    scoring: str,
    tie_break: str,
    top_k: int,
    max_ties: int,
) -> _Scores:
    """Stage 1, score: every pair's score, freq(ab) / (freq(a) freq(b)) or its count.

    Scored once; afterwards each merge re-scores only the pairs whose count or whose
    symbols' frequencies it changed (:meth:`_Scores.update`), which gives the same scores
    as scoring again. A score is kept exact, as a reduced fraction.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "likelihood", "first-seen", 5, 5)
    >>> table.counts[("##u", "##g")], scores.value(("##u", "##g"))
    (20, (1, 36))
    >>> table.counts[("##g", "##s")], scores.value(("##g", "##s"))
    (5, (1, 20))
    """
    return _Scores(table, symbol_freq, scoring, tie_break, top_k, max_ties)


def _rank(scores: _Scores) -> _Ranked:
    """Stage 2, rank: the pairs by score, best first, ties in the tie rule's order.

    >>> table, book = _hug_corpus()
    >>> ranked = _rank(_score(table, book.symbol_freq, "likelihood", "first-seen", 3, 5))
    >>> [(row.pair, row.score) for row in ranked.rows][:2], ranked.ties_total, ranked.total
    ([(('##g', '##s'), Fraction(1, 20)), (('h', '##u'), Fraction(1, 36))], 1, 6)
    """
    total = len(scores.table.counts)
    rows, tied, ties_total = scores.rank()
    return _Ranked(rows, tied, ties_total, total)


def _pick(
    ranked: _Ranked,
    number: int,
    choices: Mapping[int, Pair],
    tie_break: str,
    scores: _Scores,
) -> tuple[Pair, str, _Ranked]:
    """Stage 2, rank (end): the winner, the rule that chose it, and the ranking it shows.

    The first pair of the ranking wins (``"unique"`` when nothing tied, else the tie rule),
    unless ``choices`` names another tied pair for step ``number`` (``"chosen"``): it is
    then added to the ranking's rows if the ranking left it out.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "frequency", "first-seen", 5, 5)
    >>> _pick(_rank(scores), 1, {}, "first-seen", scores)[:2]
    (('##u', '##g'), 'unique')
    """
    tied = ranked.tied
    if number not in choices:
        return tied[0], ("unique" if ranked.ties_total == 1 else tie_break), ranked
    pair = tuple(choices[number])
    ranking = scores.ranking
    # subtle: ``tied`` may be capped at max_ties; any pair with the best score is
    # a tied pair and may be chosen
    if len(pair) != 2 or ranking.score.get(pair) != ranking.score[tied[0]]:  # type: ignore[call-overload]
        raise ParameterError(
            f"Step {number}: {pair[0]!r} + {pair[1]!r} is not one of the tied pairs, "
            "so it cannot be chosen here.",
            code="not_tied",
            values={"step": number, "pair": f"{pair[0]!r} + {pair[1]!r}", "tied": ""},
        )
    chosen = (pair[0], pair[1])
    if chosen not in tied:
        ranked = ranked._replace(tied=(*tied, chosen), rows=[*ranked.rows, scores.row(chosen)])
    return chosen, "chosen", ranked


def _merge(
    table: PairTable, scores: _Scores, book: _Book, pair: Pair, token: str
) -> list[tuple[int, Sequence[str], Sequence[str], int]]:
    """Stage 3, merge: replace every occurrence of ``pair`` by ``token``, in every word.

    The pair counts next to the merged occurrences change, and so do freq(a), freq(b) and
    freq(token): every pair whose score depends on them is re-scored. Returns
    ``(word index, pieces before, pieces after, merges in the word)`` for every word that
    changed.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "likelihood", "first-seen", 5, 5)
    >>> [after for _, _, after, _ in _merge(table, scores, book, ("##g", "##s"), "##gs")]
    [['h', '##u', '##gs']]
    >>> book.symbol_freq["##g"], book.symbol_freq["##gs"], scores.value(("##u", "##g"))
    (15, 5, (1, 36))
    """
    changed = table.merge(pair, token)
    freqs, symbol_freq = book.freqs, book.symbol_freq
    merged_away = 0  # pieces consumed: each merge uses one left and one right piece
    for index, _, _, times in changed:
        merged_away += times * freqs[index]
    symbol_freq[pair[0]] -= merged_away
    symbol_freq[pair[1]] -= merged_away
    symbol_freq[token] = symbol_freq.get(token, 0) + merged_away
    scores.update((pair[0], pair[1], token))
    return changed  # type: ignore[return-value]


def _record(
    number: int,
    ranked: _Ranked,
    chosen: Pair,
    rule: str,
    token: str,
    changed: list[tuple[int, Sequence[str], Sequence[str], int]],
    table: PairTable,
    book: _Book,
    vocab_size: int,
) -> WordPieceStep:
    """Stage 4, record: the words' history, the new token, and the step's trace.

    >>> table, book = _hug_corpus()
    >>> scores = _score(table, book.symbol_freq, "likelihood", "first-seen", 5, 5)
    >>> ranked = _rank(scores)
    >>> changed = _merge(table, scores, book, ("##g", "##s"), "##gs")
    >>> step = _record(1, ranked, ("##g", "##s"), "unique", "##gs", changed, table, book, 8)
    >>> step.new_token, step.added, step.vocab_size, book.vocab[-1]
    ('##gs', True, 8, '##gs')
    >>> [(c.word, c.after) for c in step.changed_words], step.stop_reason
    ([('hugs', ('h', '##u', '##gs'))], 'vocab_size')
    """
    for row, (index, old, after, times) in enumerate(changed):
        # subtle: the row gets what the history keeps (the same tuples, or views of a
        # long word's changes), so a word is not copied again for the step's rows
        shown = book.history.record(
            number, index, old, after, token, table.merged_at(index), chosen
        )
        if shown is not None:
            changed[row] = (index, *shown, times)
    added = token not in book.in_vocab
    if added:
        book.vocab.append(token)
        book.in_vocab.add(token)
    rows = ranked.rows
    return WordPieceStep(
        number=number,
        candidates=tuple(rows),
        candidates_total=ranked.total,
        candidates_omitted=ranked.total - len(rows),
        best_score=rows[0].score,
        tied=ranked.tied,
        rule=rule,
        merged=chosen,
        new_token=token,
        added=added,
        changed_words=kept_changes(changed, book.words, book.freqs, book.max_changed_words),
        changed_words_total=len(changed),
        vocab_size=len(book.vocab),
        stop_reason="vocab_size" if len(book.vocab) >= vocab_size else None,
        ties_total=ranked.ties_total,
    )


def _stop(number: int, vocab_size: int) -> WordPieceStep:
    return WordPieceStep(
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
        vocab_size=vocab_size,
        stop_reason="no_pairs",
    )


def first_difference(a: WordPieceResult, b: WordPieceResult) -> int | None:
    """The first step number at which two runs merge different pairs (None if none).

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> first_difference(learn(corpus, 10), learn(corpus, 10, scoring="frequency"))
    1
    """
    for x, y in zip(a.steps, b.steps, strict=False):
        if x.merged != y.merged:
            return x.number
    if len(a.steps) != len(b.steps):
        return min(len(a.steps), len(b.steps)) + 1
    return None


def from_bpe_vocabulary(
    symbols: Iterable[str], merges: Iterable[Pair], unk_token: str = DEFAULT_UNK
) -> WordPiece:
    """Seed 004's variant: a BPE vocabulary (symbols + merged tokens) applied by longest
    prefix match, no ``##``, one ``unk_token`` for whatever cannot be matched.

    >>> model = from_bpe_vocabulary("lowe_", [("l", "o"), ("lo", "w"), ("low", "_")])
    >>> model.encode("low_"), model.encode("lowx_")
    (['low_'], ['low', '[UNK]'])
    """
    vocab = dict.fromkeys(symbols)
    for left, right in merges:
        vocab[left + right] = None
    return WordPiece(tuple(vocab), unk_token=unk_token, prefix="", unk_mode="leftover")
