"""Start here: what a subword tokenizer is, what each page shows, and how to bring a corpus."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.classroom import join_form
from ui.corpus_picker import (
    current_corpus,
    current_source_title,
    explain_missing_corpus,
    format_name,
)
from ui.html import md_escape, show_html, token_spans_html
from ui.i18n import translator
from ui.shell import ensure_app_shell

t = translator("app")

_PREVIEW_ROWS = 100


def _short_format(source_format: str) -> str:
    """The metric's short name of a way of writing a corpus, in the session's language."""
    names = {"text": t("running text"), "counts": t("word counts"), "dict": t("dict")}
    return names.get(source_format, source_format)


ensure_app_shell()
st.title(t("Subword tokenizers, step by step"))
join_form()  # a student types the live class's code here (ui.classroom)

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
  of vocabulary…), one meaning each, with the seeds' Chinese and Korean words. The underlined
  terms on every page link to it (in a new tab, so your page keeps its place).
- **Seed gallery**: each worked example of the tutorials this app was built from, opened on
  the right page at the right step, with notes where a tutorial prints a wrong result.
- **Parity with the libraries**: the same corpus through subword-nmt, `tokenizers` and
  `sentencepiece`, and why their results differ from the app's.
- **Compare segmentations**: all four algorithms on the same corpus with one vocabulary size;
  type words and see where they cut differently.

On a step-by-step page, switch on **Play** to animate the steps, or go at your own pace with
the **First / Back / Next / Last** buttons, the slider, or the ← and → arrow keys.
"""
    )
)

st.header(t("The corpus you are using"))
corpus = current_corpus()
if corpus is None:
    explain_missing_corpus()
else:
    st.text(t("Source: {title}").format(title=current_source_title()))
    cols = st.columns(3)
    cols[0].metric(t("Distinct words"), f"{len(corpus):,}")
    cols[1].metric(t("Words in total"), f"{corpus.total:,}")
    cols[2].metric(t("Written as"), _short_format(corpus.source_format))
    st.caption(t("Read as {format}.").format(format=md_escape(format_name(corpus.source_format))))
    word, count = t("word"), t("count")
    frame = pd.DataFrame({word: list(corpus.words), count: list(corpus.counts)})
    frame = frame.sort_values(count, ascending=False, kind="stable").head(_PREVIEW_ROWS)
    if len(corpus) > _PREVIEW_ROWS:
        st.caption(
            t("The {n} most frequent of the {total} distinct words:").format(
                n=_PREVIEW_ROWS, total=f"{len(corpus):,}"
            )
        )
    st.dataframe(frame, hide_index=True, width="content", height="auto")

st.header(t("Bring your own corpus"))
st.markdown(
    t(
        """
Pick a source in the sidebar. **Type or paste text** starts from the example you had open, so
you can change a count or add a word and see what changes. Three ways of writing are
understood, and the app tells you which one it detected:
"""
    )
)
col_text, col_counts, col_dict = st.columns(3)
with col_text:
    st.markdown(t("**Running text**: every word is counted."))
    st.code("the lower road was low\nand the lowest step was wet", language=None, wrap_lines=True)
with col_counts:
    st.markdown(t("**One word and its count per line**: `low 5`, `low: 5`, or a tab."))
    st.code("low 5\nlower 2\nnewest 6\nwidest 3", language=None, wrap_lines=True)
with col_dict:
    st.markdown(t("**The tutorials' dict**: symbols separated by spaces, `</w>` at the end."))
    # wrapped, not scrolled: a scrolling box would need keyboard focus (st.code offers no
    # tabindex), and on a projector every example is read whole
    st.code(
        "{'l o w </w>': 5,\n 'l o w e r </w>': 2,\n 'n e w e s t </w>': 6}",
        language=None,
        wrap_lines=True,
    )
st.markdown(
    t(
        """
You can also **upload a .txt file** (saved as UTF-8) or **edit a word/count table** directly.
If something cannot be read, the sidebar names the line (or row) to fix, your text stays as you
typed it, and the other pages wait until it is fixed instead of quietly using an old corpus.
"""
    )
)
