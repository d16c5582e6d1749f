"""WordPiece, the tutorials' other "WordPiece" tab (seed 004's variant and the others).

Example::

    from ui.views.wordpiece.variants import render_variants
"""

from __future__ import annotations

import streamlit as st

from subword_core import bpe, wordpiece
from subword_core.text.corpus import Corpus
from subword_core.wordpiece import WordPiece
from ui.app.common import TABLE_CSS
from ui.app.i18n import translator
from ui.draw.html import esc, md_escape, show_html, token_spans_html

__all__ = ["render_variants"]

t = translator("wordpiece")


# Small by construction: at most 50 merges (the slider) of the corpus's letters.
@st.cache_data(max_entries=16, show_spinner=False)
def _seed004_model(corpus: Corpus, merges: int) -> tuple[WordPiece, list[tuple[str, str]]]:
    words = {w if w.endswith("_") else w + "_": c for w, c in corpus}
    result = bpe.learn(words, merges, end_of_word="", min_frequency=1)
    alphabet = sorted({ch for w in words for ch in w})
    return wordpiece.from_bpe_vocabulary(alphabet, result.merges), result.merges


def render_variants(corpus: Corpus, words: str) -> None:
    """Seed 004's "WordPiece": BPE with an end letter ``_``, applied by longest prefix."""
    show_html(
        "<p>"
        + t(
            "Tutorial 004 calls this WordPiece, but it is BPE: words end in an ordinary letter "
            "<code>_</code>, pairs are merged by <em>frequency</em>, and the vocabulary (the "
            "letters plus every merged symbol) is applied by longest <em>prefix</em> match, with "
            "no <code>##</code>. What cannot be matched becomes one <code>[UNK]</code> for the "
            "leftover, not for the whole word."
        )
        + "</p>"
    )
    merges = st.slider(t("Merges"), 1, 50, 10, key="wp_seed004_merges")
    model, learned = _seed004_model(corpus, merges)
    st.caption(
        t.n("{n} merge learned:", "{n} merges learned:", len(learned)).format(n=len(learned))
        + " "
        + ", ".join(md_escape(f"{a}+{b}") for a, b in learned[:20])
        + (" …" if len(learned) > 20 else "")
    )
    rows = []
    for w in words.split():
        target = w if w.endswith("_") else w + "_"
        tokens = model.encode(target)
        spans = token_spans_html(tokens, unk=model.unk_token)
        rows.append(f"<tr><td>{esc(target)}</td><td>{spans}</td></tr>")
    show_html(
        f"<table class='sw-table'><thead><tr><th>{t('word')}</th>"
        f"<th>{t('longest-prefix pieces')}</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS
    )
