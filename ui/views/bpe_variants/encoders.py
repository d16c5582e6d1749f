"""The tutorials' other encoders (the page's second tab): the same merges applied without
the merge order (e.g. longest match first), side by side with priority encoding.

Example::

    render_encoders(model, corpus=corpus)  # inside a page
"""

from __future__ import annotations

import streamlit as st

from subword_core import encoders
from subword_core.bpe import BPEModel
from subword_core.text.corpus import Corpus
from ui.app.common import TABLE_CSS
from ui.app.i18n import translator
from ui.draw.html import badge_html, esc, show_html, token_spans_html
from ui.views.bpe_variants.settings import word_box

__all__ = ["encoder_rows", "render_encoders"]

t = translator("family")


def encoder_rows(model: BPEModel, word: str, n: int) -> list[tuple[str, list[str], set[int]]]:
    """``(encoder name, tokens, boundaries that differ from BPE's)`` for each encoder.

    >>> from subword_core.bpe import learn
    >>> rows = encoder_rows(learn({"low": 5, "lower": 2}, 3).model, "lower", 2)
    >>> [name for name, _, _ in rows][0]
    'BPE (merges by priority)'
    """
    marker = model.end_of_word
    text = word + marker
    vocab = model.vocabulary
    bpe_tokens = model.encode(word)
    rows = [
        (t("BPE (merges by priority)"), bpe_tokens),
        (
            t("Character {n}-grams, <UNK> if unknown").format(n=n),
            encoders.char_ngrams(model.symbols(word), vocab, n),
        ),
        (
            t("Longest match, vocabulary sorted by length"),
            encoders.longest_match_by_length(text, vocab),
        ),
        (
            t("Longest prefix, [UNK] for the leftover (tutorial 004)"),
            encoders.longest_prefix(text, vocab),
        ),
    ]
    reference = encoders.boundaries(bpe_tokens)
    out = []
    for name, tokens in rows:
        same_text = "".join(tokens) == text
        diff = (encoders.boundaries(tokens) ^ reference) if same_text else {-1}
        out.append((name, tokens, diff))
    return out


def _differing(tokens: list[str], diff: set[int]) -> list[int]:
    """Indices of tokens that start or end at a boundary BPE does not share."""
    out, at = [], 0
    for i, token in enumerate(tokens):
        if at in diff or at + len(token) in diff:
            out.append(i)
        at += len(token)
    return out


def render_encoders(model: BPEModel, *, corpus: Corpus | None = None) -> None:
    """A typed word under each encoder, next to BPE, with the differences marked.

    ``corpus`` gives the default word: seed 004's “nestle” when the corpus has its letters,
    else a word not in the corpus built from its pieces.
    """
    c1, c2 = st.columns([3, 1])
    word = word_box(c1, "fam_enc_word", corpus, "nestle").strip()
    n = c2.slider(t("n for the n-grams"), 1, 5, 2, key="fam_enc_n")
    if not word or any(ch.isspace() for ch in word):
        st.info(t("Type one word (no spaces) to compare the encoders."))
        return
    marker = model.end_of_word or None
    body = []
    for name, tokens, diff in encoder_rows(model, word, n):
        unknown = "<UNK>" if "<UNK>" in tokens else "[UNK]"
        if diff == {-1}:
            verdict = badge_html(t("unknown part"), "warning")
            highlight: list[int] = []
        elif diff:
            verdict = badge_html(
                t.n(
                    "differs from BPE at {n} cut", "differs from BPE at {n} cuts", len(diff)
                ).format(n=len(diff)),
                "error",
            )
            highlight = _differing(tokens, diff)
        else:
            verdict = badge_html(t("same as BPE"), "success")
            highlight = []
        spans = token_spans_html(
            tokens,
            highlight=highlight,
            unk=unknown,
            marker=marker,
            # i18n: the label above a piece that starts or ends at a cut BPE does not make
            highlight_label=t("differs"),
        )
        body.append(f"<tr><td>{esc(name)}</td><td>{spans}</td><td>{verdict}</td></tr>")
    show_html(
        f"<table class='sw-table'><thead><tr><th>{esc(t('encoder'))}</th>"
        f"<th>{esc(t('pieces'))}</th><th></th></tr>"
        f"</thead><tbody>{''.join(body)}</tbody></table>" + TABLE_CSS
    )
    st.caption(
        t(
            "All four use the same vocabulary (the letters plus every merged symbol). Only BPE "
            "uses the merge order; the others look tokens up in the vocabulary, so they can cut "
            "a word where BPE never would. Pieces marked “differs” start or end at a cut BPE "
            "does not make. On the seed corpus, try nestle: the longest prefix takes ne first "
            "and can then no longer use est; lowest: all agree."
        )
    )
