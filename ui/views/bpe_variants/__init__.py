"""The BPE variants page: :mod:`.settings` (tabs, links) and a file per tab: :mod:`.dropout`,
:mod:`.encoders`, :mod:`.joint`.
"""
