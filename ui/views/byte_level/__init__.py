"""The byte-level BPE page's view (``pages/byte_level.py``), one file per stage of the page."""
