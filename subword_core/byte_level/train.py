"""Byte-level BPE training: count the pre-tokenized chunks as words of byte stand-ins
(:func:`byte_corpus`), then BPE's :func:`subword_core.bpe.learn` on them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from subword_core import bpe as bpe_core
from subword_core.byte_level.alphabet import to_display
from subword_core.byte_level.model import ByteLevelModel
from subword_core.byte_level.pretokenize import pre_tokenize
from subword_core.errors import ParameterError
from subword_core.merges import Pair
from subword_core.text.corpus import Corpus

# --------------------------------------------------------------------------------------
# Learning: composed from subword_core.bpe
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ByteLevelResult:
    """What :func:`learn` returns: the BPE result on bytes, plus the text of every chunk.

    Attributes:
        bpe: the :class:`~subword_core.bpe.BPEResult` of ``bpe.learn`` on the byte corpus
            (its words, pairs and symbols are in display form).
        model: the :class:`ByteLevelModel`.
        chunks: the text of each word of ``bpe.corpus``, aligned with it (``" low"`` for
            ``"Ġlow"``).

    >>> result = learn("a a a", 1)
    >>> result.merges, result.chunks, result.model.vocab_size
    ([('Ġ', 'a')], (' a',), 257)
    """

    bpe: bpe_core.BPEResult
    model: ByteLevelModel
    chunks: tuple[str, ...]

    @property
    def merges(self) -> list[Pair]:
        """The merges in display form, in order (``[("Ġ", "l"), ...]``)."""
        return self.bpe.merges

    @property
    def steps(self) -> list[bpe_core.MergeStep]:
        """The BPE core's steps, one per merge (plus a final stop step if it stopped early)."""
        return self.bpe.steps

    @property
    def corpus(self) -> Corpus:
        """The byte corpus: each chunk in display form with its count."""
        return self.bpe.corpus

    @property
    def stop_reason(self) -> str:
        """Why learning stopped (see :attr:`subword_core.bpe.BPEResult.stop_reason`)."""
        return self.bpe.stop_reason


def _chunk_counts(
    text_or_corpus: str | Corpus | Mapping[str, int], add_prefix_space: bool
) -> dict[str, int]:
    counts: dict[str, int] = {}
    if isinstance(text_or_corpus, str):
        text = " " + text_or_corpus if add_prefix_space and text_or_corpus else text_or_corpus
        for chunk in pre_tokenize(text):
            counts[chunk] = counts.get(chunk, 0) + 1
        return counts
    corpus = (
        text_or_corpus if isinstance(text_or_corpus, Corpus) else Corpus.from_counts(text_or_corpus)
    )
    for word, count in corpus.items:
        # subtle: a corpus word stood between spaces, so it is learned as " word" (Ġword)
        # whatever add_prefix_space says; its punctuation still becomes chunks of its own.
        for chunk in pre_tokenize(" " + word):
            counts[chunk] = counts.get(chunk, 0) + count
    return counts


def byte_corpus(
    text_or_corpus: str | Corpus | Mapping[str, int],
    *,
    extra_text: str = "",
    add_prefix_space: bool = True,
) -> tuple[Corpus, tuple[str, ...]]:
    """The corpus BPE learns from: every chunk in display form with its count.

    Args:
        text_or_corpus: running text, or a word/count corpus (each word learned as
            ``" " + word``).
        extra_text: running text learned together with it (its chunks' counts are added).
        add_prefix_space: put one space before running text.

    Returns:
        ``(corpus, chunks)``: the display-form corpus and, aligned with its words, each
        chunk's text.

    Raises:
        ParameterError: there is no chunk at all (empty text).

    >>> corpus, chunks = byte_corpus({"low": 5, "don't": 1}, extra_text="é")
    >>> corpus.as_dict(), chunks
    ({'Ġlow': 5, 'Ġdon': 1, "'t": 1, 'ĠÃ©': 1}, (' low', ' don', "'t", ' é'))
    """
    counts = _chunk_counts(text_or_corpus, add_prefix_space)
    if extra_text:
        for chunk, count in _chunk_counts(extra_text, add_prefix_space).items():
            counts[chunk] = counts.get(chunk, 0) + count
    if not counts:
        raise ParameterError(
            "The text is empty: there is nothing to learn from.", code="empty_text"
        )
    try:
        mapped = [(to_display(chunk.encode("utf-8")), count) for chunk, count in counts.items()]
    except UnicodeEncodeError as err:
        code = ord(err.object[err.start])
        raise ParameterError(
            f"The text holds U+{code:04X}, a lone surrogate: not a character, so it has no "
            "UTF-8 bytes to learn from.",
            code="lone_surrogate",
            values={"code_point": f"U+{code:04X}"},
        ) from None
    return Corpus.from_counts(mapped), tuple(counts)


def learn(
    text_or_corpus: str | Corpus | Mapping[str, int],
    num_merges: int,
    *,
    extra_text: str = "",
    add_prefix_space: bool = True,
    min_frequency: int = 2,
    tie_break: bpe_core.TieBreak = "first-seen",
    choose: Mapping[int, Pair] | None = None,
    top_k: int = 50,
    max_changed_words: int = 50,
    history_limit: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> ByteLevelResult:
    """Learn byte-level BPE merges: :func:`subword_core.bpe.learn` on the byte corpus.

    Args:
        text_or_corpus: running text (``str``, kept exactly), or a word/count corpus
            (``Corpus`` or ``{word: count}``; each word is learned as ``" " + word``).
        num_merges: how many merges to learn at most (>= 1).
        extra_text: running text learned together with ``text_or_corpus``.
        add_prefix_space: put one space before running text (in learning and encoding).
        min_frequency: stop when the most frequent pair occurs fewer times (>= 1).
        tie_break: ``"first-seen"`` or ``"lexicographic"`` (see ``bpe.learn``).
        choose: ``{step: pair}`` picks among tied pairs, pairs in display form.
        top_k: how many pair counts each step keeps besides the ties.
        max_changed_words: how many changed words each step keeps.
        history_limit: how many words' segmentation history is kept.
        progress: called as ``progress(done, total)`` between merges, as by
            :func:`subword_core.bpe.learn`; an exception it raises stops the learning.

    Returns:
        A :class:`ByteLevelResult` with ``.merges``, ``.steps`` and ``.model``.

    Raises:
        ParameterError: a bad argument or an empty text.
        CorpusError: a bad ``{word: count}`` mapping.

    >>> result = learn("你好 你好", 2)
    >>> result.merges
    [('Ġ', 'ä'), ('Ġä', '½')]
    >>> result.model.encode("你好")
    ['Ġä½', 'ł', 'å', '¥', '½']
    """
    corpus, chunks = byte_corpus(
        text_or_corpus, extra_text=extra_text, add_prefix_space=add_prefix_space
    )
    result = bpe_core.learn(
        corpus,
        num_merges,
        min_frequency=min_frequency,
        end_of_word="",
        tie_break=tie_break,
        choose=choose,
        top_k=top_k,
        max_changed_words=max_changed_words,
        history_limit=history_limit,
        progress=progress,
    )
    model = ByteLevelModel(tuple(result.merges), add_prefix_space)
    return ByteLevelResult(bpe=result, model=model, chunks=chunks)
