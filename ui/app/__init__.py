"""App-wide mechanisms: what every page shares around its own view.

Links and share boxes (``links``, ``share``), the page registry (``registry``, read by
``app.py`` and ``all_views``), the shell that runs every page inside ``app.py`` (``shell``),
the interface languages (``i18n``) and their words for the core's errors (``core_errors``,
``bounds_text``), presenter mode (``presenter``), every limit (``limits``), the corpus picker
(``corpus_picker/``), the glossary (``glossary``), settings that follow the corpus
(``follow``), the pre-tokenization choice (``pretok``), quiz mode (``quiz``) and the widget
values kept across pages (``common``). docs/ARCHITECTURE.md draws the whole tree.
"""
