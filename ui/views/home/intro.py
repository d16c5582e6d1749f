"""The home page's introduction: what a subword tokenizer is, and what each page shows.

Example::

    render_intro()
    render_pages()
"""

from __future__ import annotations

import streamlit as st

from ui.app.i18n import translator
from ui.draw.html import show_html, token_spans_html

t = translator("app")


def render_intro() -> None:
    """Why subwords: whole words, single characters, and the pieces in between."""

    st.markdown(
        t(
            """
A language model never sees letters or words directly: it sees **tokens**, pieces of text
taken from a fixed vocabulary. Which pieces should that vocabulary hold?

- **Whole words?** The vocabulary gets huge, and any word it has never seen (a name, a typo,
  *lowest* when only *low* was in the training text) becomes an unknown token.
- **Single characters?** Nothing is ever unknown, but sentences turn into very long sequences
  of pieces that carry little meaning on their own.
- **Subwords** sit in between: frequent words stay whole, rarer words are split into pieces
  the tokenizer already knows. Here is *lowest*, split the way BPE learns to split it from the
  tiny low / lower / newest / widest example:
"""
        )
    )
    show_html(
        token_spans_html(["low", "est</w>"], marker="</w>")
        + '<span class="sw-small">&nbsp;&nbsp;'
        + t(
            "(the small <code>&lt;/w&gt;</code> marks the end of a word, so <i>est</i> at the end "
            "differs from <i>est</i> inside a word)"
        )
        + "</span>"
    )
    st.markdown(
        t(
            """
The pieces are not chosen by hand: a tokenizer *learns* them from a **corpus**, a list of
words with how often each occurs. This app lets you watch that learning one step at a time,
on the examples from the classic tutorials or on text you bring yourself.
"""
        )
    )


def render_pages() -> None:
    """What each page shows, one line each."""
    st.header(t("What each page shows"))
    st.markdown(
        t(
            """
- **BPE: learn merges**: byte-pair encoding starts from single characters, counts every pair
  of neighbouring symbols, and merges the most frequent pair into a new symbol, again and
  again. Step through the merges, see the pair counts, and see what happens when two pairs
  are tied.
- **BPE: encode & decode**: use the merges you learned to split new words (even words that
  were never in the corpus) and join the pieces back into text.
- **BPE: dropout, joint, encoders**: encode with random dropout (the same seed replays the
  same draw), compare BPE with encoders that ignore the merge order, and learn one set of
  merges from two corpora at once.
- **Byte-level BPE**: BPE on the UTF-8 bytes of the text, as GPT-style models do, so that
  any script and any emoji can be encoded and nothing is ever unknown.
- **Gage's compression (1994)**: the compression algorithm BPE grew out of, on a single
  string: replace the most frequent pair by a new symbol, keep a table, undo it at the end.
- **WordPiece**: the same kind of merging, but the winning pair is the one with the best
  *likelihood score* (how often the pair occurs, divided by how often its two pieces occur),
  and words are split by taking the longest known piece from the left. Compare it with
  frequency-based merging on the same corpus, and see why one unknown letter turns a whole
  word into `[UNK]`.
- **Unigram LM**: the other way round: start from a big vocabulary, give every piece a
  probability, re-estimate with EM and prune the pieces the corpus misses least. A word can
  then be split in many ways; see them all with their probabilities, and sample from them.

- **Glossary**: every term the pages use (step, merge, pair, symbol, token, piece, the kinds
  of vocabulary…), one meaning each, with the tutorials' Chinese and Korean words. The underlined
  terms on every page link to it (in a new tab, so your page keeps its place).
- **Tutorial gallery**: each worked example of the tutorials this app was built from, opened
  on the right page at the right step, with notes where a tutorial prints a wrong result.
- **Parity with the libraries**: the same corpus through subword-nmt, `tokenizers` and
  `sentencepiece`, and why their results differ from the app's.
- **Compare segmentations**: all four algorithms on the same corpus with one vocabulary size;
  type words and see where they cut differently.
- **Tokens per language**: the same sentence in English, Chinese and Korean, counted by every
  tokenizer the app has (the four trained on your corpus and the pretrained samples): tokens
  per character and per word side by side, with the tokens drawn.
- **Trace a pretrained tokenizer**: open a real tokenizer file (tokenizer.json, vocab.txt …)
  or a built-in sample and follow every step of its encoding.
- **Exercises**: a numbered sheet of questions with their answers, to answer on the page or to
  print.

On a step-by-step page, switch on **Play** to animate the steps, or go at your own pace with
the **First / Back / Next / Last** buttons, the slider, or the ← and → arrow keys.
"""
        )
    )
