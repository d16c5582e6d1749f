"""The glossary: one word for one thing, as data, and the links from the pages to it.

Every page uses the words defined here, in the sense defined here. The rules the app settled on
(issue 15, "one vocabulary of words"):

- A **step** is one position of the step player. On the BPE, byte-level BPE and WordPiece pages
  step *n* performs **merge** *n* (headings say "Merge 3"; the player says "Step 3 of 10"); a
  last step may have no merge and say why learning stopped. Gage's steps are replacements;
  Unigram's steps are the seed vocabulary, EM iterations and pruning rounds.
- A **symbol** is a unit of a word in the corpus while a tokenizer learns (BPE, WordPiece,
  Gage); a **token** is a unit of the output of encoding a text (and an entry of a BPE or
  WordPiece vocabulary: everything the encoder may output); a **piece** is an entry of a
  Unigram (sentencepiece) vocabulary, with its probability.
- "Vocabulary" alone means the model's vocabulary; the page names the kind whenever more than
  one is in play: the **alphabet**, the **learned vocabulary** (alphabet + one new symbol per
  merge: tutorial 003's list, growing by +1 per merge), the **symbols in the corpus**
  (tutorial 000's +1 / 0 / −1), the WordPiece **token list** and the Unigram **seed vocabulary**.

The terms are data (:data:`TERMS`), shown by ``pages/glossary.py`` with one anchor per term.
Pages link a term's first use with :func:`term_html` (inside escaped HTML) or :func:`term_md`
(inside a markdown sink). A plain link would load the glossary in the same tab, which starts a
new Streamlit session (the student's corpus and step would be lost), so both open the glossary
in a new tab (``target="_blank"``, ``rel="noopener"``) and carry the definition as a hover text
(``title``), which is often all a student needs.

Example:
    >>> TERMS_BY_KEY["merge"].name
    'merge'
    >>> 'href="glossary#pair"' in term_html("pair", "pairs")
    True
"""

from ui.app.glossary.links import TERMS, TERMS_BY_KEY, term_html, term_md, term_url, terms
from ui.app.glossary.page import entry_html, overview_html, render_glossary
from ui.app.glossary.words import (
    AVOID,
    GLOSSARY_PATH,
    SEED_TITLES,
    WORDS,
    Term,
    headword,
    seed_titles,
)

__all__ = [
    "AVOID",
    "GLOSSARY_PATH",
    "SEED_TITLES",
    "TERMS",
    "TERMS_BY_KEY",
    "WORDS",
    "Term",
    "entry_html",
    "headword",
    "overview_html",
    "render_glossary",
    "seed_titles",
    "term_html",
    "term_md",
    "term_url",
    "terms",
]
