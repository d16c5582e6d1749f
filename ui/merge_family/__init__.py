"""The merge pages' shared parts (BPE, byte-level BPE, WordPiece, Gage's compression).

- :mod:`.ties`: the tie box (pick another tied pair and continue) and the kept choices.
- :mod:`.pair_chart`: the pair counts of a step (chart, data, words, table).
- :mod:`.merge_table`: the merge table, the model so far.
- :mod:`.corpus_table`: the corpus words with their pieces after a step.
- :mod:`.explain`: a merge step in plain words; :mod:`.words`: pairs and symbols as HTML.
- :mod:`.quiz`: the merge quiz's verdict.
"""
