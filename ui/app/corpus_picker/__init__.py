"""The sidebar corpus picker shared by every page (an app-wide mechanism), by role:

- :mod:`~ui.app.corpus_picker.sources`: the session-state keys, the examples and their titles;
- :mod:`~ui.app.corpus_picker.typed`: the "type or paste text" box;
- :mod:`~ui.app.corpus_picker.upload`: an uploaded ``.txt`` file, decoded;
- :mod:`~ui.app.corpus_picker.table`: the word/count table editor;
- :mod:`~ui.app.corpus_picker.parse` and :mod:`~ui.app.corpus_picker.bounds`: a source read into a
  corpus, cut to the limits;
- :mod:`~ui.app.corpus_picker.messages`: every error and note in plain words;
- :mod:`~ui.app.corpus_picker.sidebar`: the picker itself and what pages ask of it.

The names pages use are re-exported here, so ``from ui.app.corpus_picker import corpus_sidebar``
keeps working.

Example::

    # app.py
    corpus_sidebar()
    # pages/some_page.py
    corpus = require_corpus()
"""

from ui.app.corpus_picker.bounds import keep_frequent_words, within_limits
from ui.app.corpus_picker.messages import ENCODING_NAMES, error_text, note_text
from ui.app.corpus_picker.sidebar import (
    choose_source,
    corpus_as_text,
    corpus_sidebar,
    current_corpus,
    current_source_title,
    explain_missing_corpus,
    require_corpus,
)
from ui.app.corpus_picker.sources import (
    FORMAT_NAMES,
    SOURCE_KEY,
    example_description,
    example_title,
    format_name,
    source_titles,
)
from ui.app.corpus_picker.upload import decode_upload

__all__ = [
    "ENCODING_NAMES",
    "FORMAT_NAMES",
    "SOURCE_KEY",
    "choose_source",
    "corpus_as_text",
    "corpus_sidebar",
    "current_corpus",
    "current_source_title",
    "decode_upload",
    "error_text",
    "example_description",
    "example_title",
    "explain_missing_corpus",
    "format_name",
    "keep_frequent_words",
    "note_text",
    "require_corpus",
    "source_titles",
    "within_limits",
]
