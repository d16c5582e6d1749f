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

**Where each stage lives**::

    steps.py    the trace: MergeStep (with its PairCount rows), EncodeStep; the end-of-word marker
    model.py    BPEModel: encode a word by merge priority, each encoding step, the codes file
    dropout.py  BPE-dropout: skip each merge with a probability while encoding
    stages.py   one training step: count pairs -> rank -> pick (tie rules) -> merge -> record
    train.py    learn (the stages until num_merges), BPEResult, replay

The pair table, its ranking and the word history are shared with WordPiece:
:mod:`subword_core.merges`.

>>> result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 3)
>>> result.merges
[('e', 's'), ('es', 't'), ('est', '</w>')]
>>> result.model.encode("lowest")
['l', 'o', 'w', 'est</w>']
"""

from __future__ import annotations

from subword_core.bpe.dropout import (
    _check_dropout as _check_dropout,
)
from subword_core.bpe.model import (
    SHORT_WORD,
    BPEModel,
    split_word,
)
from subword_core.bpe.model import (
    _merge_by_rank as _merge_by_rank,
)
from subword_core.bpe.model import (
    _merge_by_scan as _merge_by_scan,
)
from subword_core.bpe.steps import (
    DEFAULT_END_OF_WORD,
    EncodeStep,
    MergeStep,
    PairCount,
    StopReason,
)
from subword_core.bpe.train import (
    BPEResult,
    learn,
    replay,
)
from subword_core.bpe.train import (
    _as_corpus as _as_corpus,
)
from subword_core.bpe.train import (
    _validate as _validate,
)
from subword_core.merges import (
    TIE_BREAKS,
    Pair,
    PairTable,
    TieBreak,
    WordChange,
    WordHistory,
    merge_symbols,
)

__all__ = [
    "DEFAULT_END_OF_WORD",
    "SHORT_WORD",
    "TIE_BREAKS",
    "BPEModel",
    "BPEResult",
    "EncodeStep",
    "MergeStep",
    "Pair",
    "PairCount",
    "PairTable",
    "StopReason",
    "TieBreak",
    "WordChange",
    "WordHistory",
    "learn",
    "merge_symbols",
    "replay",
    "split_word",
]
