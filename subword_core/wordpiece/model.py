"""WordPiece, the model: a vocabulary, and encoding a word by greedy longest match.

:class:`WordPiece` encodes (with every try shown by :meth:`~WordPiece.encode_steps`) and reads
and writes a ``vocab.txt``; :func:`split_word`, :func:`merged_token` and :func:`alphabet_of`
spell pieces with the continuation prefix; :func:`from_bpe_vocabulary` reads a BPE vocabulary.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from subword_core.errors import ParameterError, check_option, check_positive
from subword_core.merges import (
    Pair,
)
from subword_core.text.corpus import Corpus
from subword_core.wordpiece.steps import DEFAULT_MAX_CHARS, DEFAULT_PREFIX, DEFAULT_UNK, EncodeTry

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
        check_positive(
            "max_input_chars_per_word",
            self.max_input_chars_per_word,
            "max_input_chars_per_word must be a whole number of at least 1, "
            f"not {self.max_input_chars_per_word!r}.",
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
