"""The Compare page's segmentations of one word, markers stripped, and the cuts they dispute.

Example:
    >>> strip_marker("BPE", "est</w>"), strip_marker("WordPiece", "##est")
    ('est', 'est')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from subword_core import byte_level
from subword_core.encoders import boundaries
from ui.app.i18n import translator
from ui.views.compare.train import Trained

t = translator("compare")

# --------------------------------------------------------------------------------------
# Segmenting one word, markers stripped
# --------------------------------------------------------------------------------------


def strip_marker(name: str, token: str) -> str:
    """A token's characters of the word, without its algorithm's marker.

    ``</w>`` (BPE) is removed from the end, ``##`` (WordPiece) and ``▁`` (Unigram,
    sentencepiece style) from the start. Byte-level tokens are handled by :func:`segment`
    (they stand for bytes; ``Ġ`` is the space byte).

    >>> strip_marker("BPE", "</w>"), strip_marker("Unigram", "▁the")
    ('', 'the')
    """
    if name == "BPE":
        return token.removesuffix("</w>")
    if name == "WordPiece":
        return token.removeprefix("##")
    if name == "Unigram":
        return token.removeprefix("▁")
    return token.removeprefix("Ġ")


@dataclass(frozen=True)
class Segmented:
    """One word segmented by one algorithm.

    Attributes:
        tokens: what the model returns (markers kept, e.g. ``"</w>"``, ``"Ġlow"``).
        cuts: character offsets inside the word where a token ends (markers stripped).
        count: how many tokens carry characters of the word (marker-only tokens such as
            a lone ``</w>`` or a lone ``Ġ`` are not counted).
        unks: how many tokens are unknown (``[UNK]``, or a character the model never saw).
        inside: byte-level only: cuts that fall inside one character's UTF-8 bytes.
        unknown: indices of the tokens that are not in the vocabulary (BPE and Unigram: a
            character never seen in training, kept as a token of its own).

    >>> Segmented(("low", "</w>"), frozenset(), 1, 0).whole
    True
    """

    tokens: tuple[str, ...]
    cuts: frozenset[int]
    count: int
    unks: int
    inside: int = 0
    unknown: frozenset[int] = frozenset()

    @property
    def whole(self) -> bool:
        """The word is one known token."""
        return self.count == 1 and self.unks == 0


def segment(trained: Trained, word: str) -> Segmented:
    """Segment one word (no spaces) and put the cuts in character offsets.

    >>> from subword_core.text.corpus import Corpus
    >>> from ui.views.compare.train import train_all
    >>> bpe_model = train_all(Corpus.from_counts({"low": 5, "lowest": 2}), 12)["BPE"]
    >>> s = segment(bpe_model, "lowest")
    >>> s.tokens, sorted(s.cuts), s.count
    (('lowes', 't', '</w>'), [5], 2)
    """
    name, model = trained.name, trained.model
    if name == "Byte-level BPE":
        return _segment_bytes(model, word)
    tokens = tuple(model.encode(word))
    if name == "WordPiece" and tokens == (model.unk_token,):
        return Segmented(tokens, frozenset(), 1, 1)
    pieces = [strip_marker(name, t) for t in tokens]
    pieces = [p for p in pieces if p]
    # BPE and Unigram: a character never seen in training stays a token of its own that is
    # not in the vocabulary; that is what they have instead of an [UNK] token.
    vocab = set(trained.vocab)
    unknown = frozenset(i for i, t in enumerate(tokens) if t not in vocab)
    return Segmented(tokens, frozenset(boundaries(pieces)), len(pieces), len(unknown), 0, unknown)


def _segment_bytes(model: byte_level.ByteLevelModel, word: str) -> Segmented:
    tokens = tuple(model.encode(word))
    data = word.encode("utf-8")
    starts: dict[int, int] = {}
    at = 0
    for index, ch in enumerate(word):
        starts[at] = index
        at += len(ch.encode("utf-8"))
    lengths = [len(byte_level.from_display(t)) for t in tokens]
    if model.add_prefix_space and lengths:
        lengths[0] -= 1  # the space added in front of the word
    cuts: set[int] = set()
    inside = 0
    at = 0
    for length in lengths[:-1]:
        at += length
        if 0 < at < len(data):
            if at in starts:
                cuts.add(starts[at])
            else:
                inside += 1
    count = sum(1 for length in lengths if length > 0)
    return Segmented(tokens, frozenset(cuts), count, 0, inside)


def disputed_cuts(segs: Mapping[str, Segmented]) -> set[int]:
    """Cut positions made by some algorithms but not all.

    >>> a = Segmented(("lo", "w"), frozenset({2}), 2, 0)
    >>> b = Segmented(("l", "ow"), frozenset({1}), 2, 0)
    >>> sorted(disputed_cuts({"A": a, "B": b}))
    [1, 2]
    """
    sets = [s.cuts for s in segs.values()]
    if not sets:
        return set()
    union = set().union(*sets)
    common = set.intersection(*(set(s) for s in sets))
    return union - common
