"""The textbook versions: BPE, WordPiece and Unigram written to be read first.

Each module is short and plain (recount everything at every step), the way the tutorials
teach the algorithm; the fast trainers (``subword_core.bpe``, ``wordpiece``, ``unigram``)
are proven to record the same steps by the tests. The app's "code of this step" panel shows
these functions, and the notebooks it hands out run them next to the fast ones.

>>> from subword_core.textbook import bpe
>>> bpe.learn({"hug": 10, "pug": 5}, 1)
[('u', 'g')]
"""
