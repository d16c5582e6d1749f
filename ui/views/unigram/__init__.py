"""The Unigram page's view, one file per stage the page shows.

``settings`` (the settings panel), ``train`` (the cached training), ``seed``, ``em``, ``prune`` (the
words and tables of each training step), ``likelihood`` (the curve over all steps), ``step``
(the step player's view), ``word`` (segment a word: Viterbi and the lattice), ``lattice``,
``nbest``, ``sampling``, ``seed_001`` (seed 001's "pug" erratum), ``page`` (tabs and notes),
with ``params`` (widgets, tabs and link parameters) and ``text`` (number and piece texts)
shared by all of them.
"""
