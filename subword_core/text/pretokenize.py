"""Pre-tokenization: how running text is cut into the units a subword trainer counts.

Before BPE, WordPiece or Unigram see a corpus, something decides what a "word" is. The
libraries the tutorials introduce decide differently, and for Chinese and Korean the
difference is the lesson:

* ``"whitespace"`` (subword-nmt): the text is already split into words at spaces; nothing else
  is cut. Chinese running text has no spaces, so a whole sentence becomes one giant word, and
  ``。`` or ``，`` end up inside merges; a Korean 어절 keeps its particle and punctuation glued
  on (``학교에서,``).
* ``"bert"`` (BERT's ``BasicTokenizer``, tokenizers' ``BertNormalizer`` with
  ``handle_chinese_chars`` + ``BertPreTokenizer``): split at whitespace, then every punctuation
  mark and every CJK ideograph (the CJK Unified Ideographs blocks and their extensions, the
  compatibility ideographs) becomes a unit of its own. Hangul is not in those blocks: Korean
  words stay whole, only their punctuation is cut off.
* ``"none"`` (sentencepiece): no pre-tokenization; the raw sentence is read with every space
  written as ``▁`` (U+2581) and one ``▁`` in front. Pieces still never cross a ``▁``
  (sentencepiece's default ``split_by_whitespace``), so the units counted are ``▁word`` chunks;
  runs of spaces count as one (its default ``remove_extra_whitespaces``).

Independently, Korean can be read as Hangul syllables (the default: one character per
syllable block, as in NFC) or decomposed into jamo (``jamo=True``: each syllable becomes its
2 or 3 conjoining jamo, as Unicode NFD writes it), so that merges can join the letters inside
a syllable (a particle's final consonant, a shared vowel).

Functions work on running text (:func:`split_text`, :func:`pretokenize`) and on a word-count
table (:func:`pretokenize_corpus`, used by the app: the words of a corpus never contain
whitespace, so each word is cut on its own and the counts are added up).

Example:
    >>> split_text("我们学习。Hello, world", "bert")
    ['我', '们', '学', '习', '。', 'Hello', ',', 'world']
    >>> split_text("我们学习。Hello, world", "whitespace")
    ['我们学习。Hello,', 'world']
    >>> split_text("我们学习。Hello, world", "none")
    ['▁我们学习。Hello,', '▁world']
    >>> to_jamo("한국")
    '한국'
"""

from __future__ import annotations

import unicodedata

from subword_core.errors import check_option
from subword_core.pretrained import chars
from subword_core.text.corpus import Corpus, Note

__all__ = [
    "DEFAULT_SCHEME",
    "SCHEMES",
    "SPACE_MARK",
    "is_cjk",
    "is_hangul_syllable",
    "is_punctuation",
    "pretokenize",
    "pretokenize_corpus",
    "split_text",
    "split_word",
    "to_jamo",
]

SCHEMES: tuple[str, ...] = ("whitespace", "bert", "none")
"""The pre-tokenization schemes, by stable id (links and settings carry these ids)."""

DEFAULT_SCHEME = "whitespace"
"""The scheme that leaves a corpus as :func:`subword_core.text.corpus.parse_corpus` made it."""

SPACE_MARK = "▁"
"""sentencepiece's visible space (U+2581 LOWER ONE EIGHTH BLOCK)."""

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3


def _check_scheme(scheme: str) -> None:
    check_option(
        "scheme",
        scheme,
        SCHEMES,
        f"Unknown pre-tokenization {str(scheme)[:40]!r}; use one of {', '.join(SCHEMES)}.",
    )


def is_cjk(ch: str) -> bool:
    """Whether BERT gives ``ch`` a unit of its own as a CJK ideograph.

    Example:
        >>> is_cjk("语"), is_cjk("한"), is_cjk("a")
        (True, False, False)
    """
    return chars.is_cjk(ch)


def is_punctuation(ch: str) -> bool:
    """BERT's punctuation: ASCII symbols (``$``, ``+``, ``^`` too) or a Unicode ``P*`` character.

    Example:
        >>> is_punctuation("。"), is_punctuation("，"), is_punctuation("$"), is_punctuation("가")
        (True, True, True, False)
    """
    return chars.is_punct(ch)


def is_hangul_syllable(ch: str) -> bool:
    """Whether ``ch`` is a precomposed Hangul syllable (U+AC00..U+D7A3).

    Example:
        >>> is_hangul_syllable("학"), is_hangul_syllable("ᄒ")
        (True, False)
    """
    return _HANGUL_FIRST <= ord(ch) <= _HANGUL_LAST


def to_jamo(text: str) -> str:
    """Decompose every Hangul syllable into its conjoining jamo (Unicode NFD); nothing else changes.

    Other characters are left as they are (``é`` stays one letter), so only Korean is affected.

    Example:
        >>> to_jamo("학교 café") == "\u1112\u1161\u11a8\u1100\u116d café"
        True
    """
    return "".join(
        unicodedata.normalize("NFD", ch) if is_hangul_syllable(ch) else ch for ch in text
    )


def split_word(word: str, scheme: str) -> list[str]:
    """Cut one whitespace-free word into units with ``scheme``.

    Args:
        word: A word without whitespace (a corpus word).
        scheme: One of :data:`SCHEMES`.

    Returns:
        ``[word]`` for ``"whitespace"``, ``["▁" + word]`` for ``"none"``; for ``"bert"`` the
        runs between punctuation marks and CJK ideographs, each of those a unit of its own.

    Raises:
        ParameterError: ``scheme`` is unknown.

    Example:
        >>> split_word("学习。", "bert"), split_word("학교에서,", "bert")
        (['学', '习', '。'], ['학교에서', ','])
    """
    _check_scheme(scheme)
    if scheme == "whitespace":
        return [word] if word else []
    if scheme == "none":
        return [SPACE_MARK + word] if word else []
    out: list[str] = []
    run: list[str] = []
    for ch in word:
        if chars.is_punct(ch) or chars.is_cjk(ch):
            if run:
                out.append("".join(run))
                run = []
            out.append(ch)
        else:
            run.append(ch)
    if run:
        out.append("".join(run))
    return out


def split_text(text: str, scheme: str) -> list[str]:
    """Cut running text into the units a trainer counts (see the module documentation).

    Whitespace is Unicode White_Space (what the tokenizers library calls whitespace).

    Raises:
        ParameterError: ``scheme`` is unknown.

    Example:
        >>> split_text("학교에서 공부해요.", "bert")
        ['학교에서', '공부해요', '.']
        >>> split_text("a  b", "none")
        ['▁a', '▁b']
    """
    _check_scheme(scheme)
    words: list[str] = []
    run: list[str] = []
    for ch in text:
        if chars.is_ws(ch):
            if run:
                words.append("".join(run))
                run = []
        else:
            run.append(ch)
    if run:
        words.append("".join(run))
    return [unit for word in words for unit in split_word(word, scheme)]


def pretokenize(text: str, scheme: str, *, jamo: bool = False) -> list[str]:
    """:func:`split_text`, then (with ``jamo``) each unit's Hangul decomposed by :func:`to_jamo`.

    Example:
        >>> pretokenize("한국어。", "bert", jamo=True) == [to_jamo("한국어"), "。"]
        True
    """
    units = split_text(text, scheme)
    return [to_jamo(unit) for unit in units] if jamo else units


def pretokenize_corpus(corpus: Corpus, scheme: str, *, jamo: bool = False) -> Corpus:
    """Apply ``scheme`` (and ``jamo``) to every word of a corpus; counts of equal units add up.

    With ``"whitespace"`` and no ``jamo`` the corpus itself is returned, so every page whose
    default that is gives exactly the results it gave before pre-tokenization was a choice.
    Units keep first-seen order. The result's ``notes`` say what changed.

    Raises:
        ParameterError: ``scheme`` is unknown.

    Example:
        >>> c = Corpus.from_counts({"学习。": 2, "学校": 1})
        >>> pretokenize_corpus(c, "bert").as_dict()
        {'学': 3, '习': 2, '。': 2, '校': 1}
        >>> pretokenize_corpus(c, "none").as_dict()
        {'▁学习。': 2, '▁学校': 1}
        >>> pretokenize_corpus(c, "whitespace") is c
        True
    """
    _check_scheme(scheme)
    if scheme == "whitespace" and not jamo:
        return corpus
    counts: dict[str, int] = {}
    for word, count in corpus.items:
        for unit in split_word(word, scheme):
            key = to_jamo(unit) if jamo else unit
            counts[key] = counts.get(key, 0) + count
    notes = list(corpus.notes)
    if scheme == "bert" and len(counts) != len(corpus):
        notes.append(
            Note(
                f"BERT pre-tokenization cut the {len(corpus):,} distinct words into "
                f"{len(counts):,} distinct units (punctuation and each CJK character apart).",
                "bert_split",
                {"words": len(corpus), "units": len(counts)},
            )
        )
    if jamo and any(is_hangul_syllable(ch) for word in corpus.words for ch in word):
        notes.append(Note("Hangul syllables were decomposed into jamo (NFD).", "jamo"))
    return Corpus(tuple(counts.items()), corpus.source_format, tuple(notes))
