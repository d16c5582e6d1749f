"""The models as the library applies them to one word: :mod:`.bpe`, :mod:`.wordpiece`,
:mod:`.unigram` (each with how a ``tokenizer.json`` describes it)."""
