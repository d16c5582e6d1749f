"""Byte-level BPE (BBPE): BPE over the UTF-8 bytes of the text, so nothing is ever unknown.

GPT-2 (Radford et al. 2019, "Language Models are Unsupervised Multitask Learners") runs BPE
over bytes instead of characters; Wang, Cho and Gu (2020) call it byte-level BPE (BBPE), and
seed 000 lists it after BPE, WordPiece and the unigram LM. The idea in three steps:

1. **Pre-tokenize** the text into chunks with GPT-2's rule (:func:`pre_tokenize`): a space
   stays with the word after it (``" lower"``), letters, digits and other symbols are kept
   apart, and ``'s 't 're 've 'm 'll 'd`` are split off. Merges never cross a chunk boundary.
2. **Bytes**: every chunk becomes its UTF-8 bytes, and every byte is drawn as one printable
   character (:data:`BYTE_TO_UNICODE`, GPT-2's ``bytes_to_unicode`` table): printable bytes
   stand for themselves, the others are moved up to U+0100 onwards, so the space byte ``20``
   is drawn ``Ġ`` and the newline ``0a`` is drawn ``Ċ``.
3. **BPE** on those byte-characters: exactly :func:`subword_core.bpe.learn` and
   :class:`subword_core.bpe.BPEModel`, with no end-of-word marker (the space in front of a
   word already marks where words start). This module only maps text to bytes and back; the
   merging is the BPE core's.

How it differs from character-level BPE: the base vocabulary is the 256 byte values, so every
text, in every script, can be encoded without an unknown token, and decoding gives back the
exact bytes. The price: a character outside ASCII takes 2 to 4 bytes, and a merge may glue
only *part* of a character's bytes, so a token can hold half a character
(:attr:`ByteToken.partial`).

Corpus words and running text (the decision, documented):

- a :class:`~subword_core.text.corpus.Corpus` (or ``{word: count}`` mapping) is a table of words
  that stood between spaces, so each word is learned as ``" " + word`` (shown ``Ġword``),
  pre-tokenized the same way, and weighted by its count;
- a ``str`` is running text, kept exactly (spaces, line breaks and all); with
  ``add_prefix_space`` one space is put before it, so its first word looks like every other
  word (RoBERTa's ``add_prefix_space``, SentencePiece's dummy prefix). Unlike the
  ``tokenizers`` library, the space is added even when the text already starts with one, so
  :meth:`ByteLevelModel.decode` can always remove it again and the round trip is exact.

**Where each part lives**::

    alphabet.py     the byte table (GPT-2's 256 stand-ins), to_display, from_display, hex
    pretokenize.py  GPT-2's pre-tokenizer: text -> chunks no merge crosses
    chars.py        which bytes of a token belong to which character (CharPiece)
    model.py        ByteLevelModel: encode text or bytes, decode, each token's bytes
    train.py        byte_corpus (chunks as words of stand-ins), learn (BPE on them)

>>> result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 4)
>>> result.merges
[('e', 's'), ('es', 't'), ('Ġ', 'l'), ('Ġl', 'o')]
>>> result.model.encode("lowest 你")
['Ġlo', 'w', 'est', 'Ġ', 'ä', '½', 'ł']
>>> result.model.decode(result.model.encode("lowest 你"))
'lowest 你'
"""

from __future__ import annotations

from subword_core import bpe as bpe_core  # noqa: F401  (as before: tests patch bpe_core.learn)
from subword_core.byte_level.alphabet import (
    _DISPLAY as _DISPLAY,
)
from subword_core.byte_level.alphabet import (
    BYTE_TO_UNICODE,
    UNICODE_TO_BYTE,
    bytes_to_unicode,
    from_display,
    hex_bytes,
    lookalikes,
    parse_hex,
    to_display,
)
from subword_core.byte_level.chars import (
    CharPiece,
    char_pieces,
)
from subword_core.byte_level.model import (
    ByteEncoding,
    ByteLevelModel,
    ByteToken,
)
from subword_core.byte_level.pretokenize import (
    pre_tokenize,
)
from subword_core.byte_level.train import (
    ByteLevelResult,
    byte_corpus,
    learn,
)

__all__ = [
    "BYTE_TO_UNICODE",
    "UNICODE_TO_BYTE",
    "ByteEncoding",
    "ByteLevelModel",
    "ByteLevelResult",
    "ByteToken",
    "CharPiece",
    "byte_corpus",
    "bytes_to_unicode",
    "char_pieces",
    "from_display",
    "hex_bytes",
    "learn",
    "lookalikes",
    "parse_hex",
    "pre_tokenize",
    "to_display",
]
