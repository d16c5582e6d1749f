"""Trace a pretrained tokenizer step by step: the same tokens as the ``tokenizers`` library.

A student arrives with a real tokenizer file and asks "why is `` unhappiness`` three tokens?".
:func:`load` reads the file(s) and :meth:`Pretrained.trace` replays the library's encoding of
a typed text, keeping every decision a teacher points at:

1. **special tokens** (``added_tokens``) are cut out of the text first and never split;
2. the **normalizer** (lower-casing, NFKC, BERT's cleaning, ...) rewrites each remaining piece;
3. the **pre-tokenizer** cuts the text into words (GPT-2's rule, BERT's whitespace and
   punctuation rule, Metaspace's ``▁``); a ByteLevel pre-tokenizer also maps every UTF-8 byte
   to one printable character (``0x20 -> 'Ġ'``);
4. the **model** splits each word: BPE applies the learned merges by priority (lowest rank
   first, leftmost on a tie), WordPiece tries the longest vocabulary entry at each position,
   Unigram finds the best path through the lattice of pieces (Viterbi).

Files read: a Hugging Face ``tokenizer.json`` (model BPE, WordPiece or Unigram), a BERT
``vocab.txt``, GPT-2's ``vocab.json`` + ``merges.txt`` and a sentencepiece ``.vocab``. A file
that is none of these, or that uses a component this module does not replay exactly, is
refused with a :class:`PretrainedError` that says so in words (never a wrong trace).

The package follows the library's own split: :mod:`.normalizers`, :mod:`.pre_tokenizers`,
:mod:`.models` (BPE, WordPiece, Unigram), :mod:`.added_tokens`, :mod:`.loaders` (reading the
files), :mod:`.trace` (:class:`Pretrained`) and :mod:`.steps`. The tracing is this package's
own; it follows the ``tokenizers`` library (0.2x) rule by rule, and the oracle tests compare
its tokens with the library's on random texts.

>>> import json
>>> doc = {"model": {"type": "BPE", "vocab": {"l": 0, "o": 1, "w": 2, "lo": 3, "low": 4},
...        "merges": ["l o", "lo w"]}, "pre_tokenizer": {"type": "WhitespaceSplit"}}
>>> tok = load({"tokenizer.json": json.dumps(doc)})
>>> trace = tok.trace("low lo")
>>> trace.tokens
('low', 'lo')
>>> [(s.rank, s.merged) for s in trace.steps if isinstance(s, MergeStep)]
[(0, 'lo'), (1, 'low'), (0, 'lo')]
"""

from subword_core.pretrained.errors import (
    SUPPORTED_NORMALIZERS,
    SUPPORTED_PRE_TOKENIZERS,
    PretrainedError,
)
from subword_core.pretrained.loaders import load
from subword_core.pretrained.steps import (
    AddedTokensStep,
    BpeStartStep,
    ByteMapStep,
    LatticeStep,
    MergeStep,
    NormalizeStep,
    PathStep,
    ResultStep,
    SplitStep,
    Step,
    Trace,
    WholeWordStep,
    WordPieceStep,
)
from subword_core.pretrained.trace import Pretrained

__all__ = [
    "SUPPORTED_NORMALIZERS",
    "SUPPORTED_PRE_TOKENIZERS",
    "AddedTokensStep",
    "BpeStartStep",
    "ByteMapStep",
    "LatticeStep",
    "MergeStep",
    "NormalizeStep",
    "PathStep",
    "Pretrained",
    "PretrainedError",
    "ResultStep",
    "SplitStep",
    "Step",
    "Trace",
    "WholeWordStep",
    "WordPieceStep",
    "load",
]
