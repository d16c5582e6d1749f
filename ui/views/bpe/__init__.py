"""The BPE pages (learn merges; encode & decode).

:mod:`.settings` (widgets, training), :mod:`.learn` (the merge-by-merge player),
:mod:`.vocabulary` (learned and present symbols), :mod:`.encode` (encode & decode).
"""
