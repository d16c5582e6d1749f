"""subword_core: the algorithms, pure Python, with step-by-step traces.

The packages, by what they hold (docs/REFERENCE.md has the file-by-file map):

- ``text/``: what a trainer reads: corpora (``parse_corpus``), the built-in examples,
  sentencepiece's normalisation, pre-tokenization, the ``tokenizers`` character tables;
- ``textbook/``: the plain versions a student reads first (BPE, WordPiece, Unigram, Gage),
  which the fast trainers are proven equal to;
- ``merges/``: what BPE and WordPiece share (pair table, ranking and tie rules, long words,
  each word's history);
- ``bpe/``, ``wordpiece/``, ``unigram/``, ``byte_level/``: one package per algorithm, one
  file per stage (``steps``, ``model``, the training stages, ``train``);
- ``gage``, ``joint``, ``encoders``, ``exercises``: Gage's compression, joint BPE, other
  encoders of a BPE vocabulary, exercise sheets;
- ``pretrained``: trace a real tokenizer file as the ``tokenizers`` library encodes;
- ``formats/``: model files (``tokenizer_json``);
- ``nmt/``: the subword-nmt drop-in command line (``python -m subword_core``), a tool;
- ``errors``: the one error type and the shared argument checks.

Example:
    >>> from subword_core import bpe
    >>> bpe.learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 3).merges
    [('e', 's'), ('es', 't'), ('est', '</w>')]
"""
