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

**Where each stage lives**::

    steps.py   the trace: WordPieceStep (with its PairScore rows), EncodeTry; the defaults
    model.py   WordPiece: encode by greedy longest match, vocab.txt; split_word, alphabet_of
    score.py   a pair's score: count(ab) / (count(a) x count(b)), kept up to date
    stages.py  one training step: score -> rank -> pick (tie rules) -> merge -> record
    train.py   learn (the stages until vocab_size), WordPieceResult, first_difference

The pair table, its ranking and the word history are shared with BPE: :mod:`subword_core.merges`.

>>> result = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9)
>>> result.merges
[('##g', '##s'), ('h', '##u')]
>>> result.model.encode("hugs"), result.model.encode("bum")
(['hu', '##gs'], ['[UNK]'])
"""

from __future__ import annotations

from subword_core.merges import TIE_BREAKS, TieBreak
from subword_core.wordpiece.model import (
    WordPiece,
    alphabet_of,
    from_bpe_vocabulary,
    merged_token,
    split_word,
    word_start_form,
)
from subword_core.wordpiece.steps import (
    DEFAULT_MAX_CHARS,
    DEFAULT_PREFIX,
    DEFAULT_UNK,
    SCORINGS,
    EncodeTry,
    PairScore,
    Scoring,
    WordPieceStep,
)
from subword_core.wordpiece.train import (
    WordPieceResult,
    first_difference,
    learn,
)
from subword_core.wordpiece.train import (
    _as_corpus as _as_corpus,
)

__all__ = [
    "DEFAULT_MAX_CHARS",
    "DEFAULT_PREFIX",
    "DEFAULT_UNK",
    "SCORINGS",
    "TIE_BREAKS",
    "EncodeTry",
    "PairScore",
    "Scoring",
    "TieBreak",
    "WordPiece",
    "WordPieceResult",
    "WordPieceStep",
    "alphabet_of",
    "first_difference",
    "from_bpe_vocabulary",
    "learn",
    "merged_token",
    "split_word",
    "word_start_form",
]
