"""Model files: the app's models written to and read from other tools' file formats.

- :mod:`~subword_core.formats.tokenizer_json`: a Hugging Face ``tokenizer.json`` for a
  :class:`~subword_core.bpe.BPEModel`, a :class:`~subword_core.wordpiece.WordPiece` or a
  :class:`~subword_core.unigram.Unigram` (``dumps``, ``loads``), which the ``tokenizers``
  library loads and segments with as the app does.

The plain-text formats stay with their models (``BPEModel.to_codes`` / ``from_codes``,
``WordPiece.to_vocab_text``, ``Unigram.to_vocab_text``); subword-nmt's exact reading of a
codes file and the ``convert`` command are the command line's (:mod:`subword_core.nmt`).

Example:
    >>> from subword_core import bpe
    >>> from subword_core.formats import tokenizer_json
    >>> model = bpe.learn({"low": 5, "lower": 2}, 2, attach_end_of_word=True).model
    >>> tokenizer_json.loads(tokenizer_json.dumps(model)).merges == model.merges
    True
"""
