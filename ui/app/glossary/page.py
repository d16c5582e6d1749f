"""The glossary page: the rules, the tutorials, the overview table and every entry."""

from __future__ import annotations

import streamlit as st

from ui.app.glossary.links import TERMS, TERMS_BY_KEY, terms
from ui.app.glossary.words import WORDS, Term, headword, seed_titles
from ui.app.i18n import current_language, translator
from ui.draw.html import esc, md_escape, show_html

t = translator("glossary")


def _rules() -> str:
    return t(
        "One word for one thing, on every page. A **step** is one position of the step player; "
        "on the BPE and WordPiece pages step n performs **merge** n. While a tokenizer learns, "
        "a word in the corpus is made of **symbols**; encoding a text gives **tokens**; a "
        "Unigram vocabulary holds **pieces**. “Vocabulary” always says which one: the "
        "alphabet, the learned vocabulary, the symbols in the corpus, the WordPiece token list "
        "or the Unigram seed vocabulary."
    )


def _word_cell(term: Term, lang: str) -> str:
    """One language's cell: the interface's word, then the tutorials' own words when they differ."""
    word = WORDS[term.key][0 if lang == "zh" else 1]
    seeds = term.zh if lang == "zh" else term.ko
    note = (
        f"<br><span class='sw-small'>{esc(t('tutorials:'))} {esc(seeds)}</span>"
        if seeds and seeds != word
        else ""
    )
    return f"<td lang='{lang}'>{esc(word)}{note}</td>"


def _words_html(term: Term) -> str:
    """The term in English, 中文 and 한국어 side by side (a row of three cells)."""
    return f"<td lang='en'>{esc(term.name)}</td>{_word_cell(term, 'zh')}{_word_cell(term, 'ko')}"


_HEAD = (
    "<thead><tr><th scope='col'>English</th><th scope='col'>中文</th>"
    "<th scope='col'>한국어</th></tr></thead>"
)


def entry_html(term: Term) -> str:
    """One entry's body (the three languages side by side, definition, example, the seeds'
    uses), escaped HTML; ``term`` as given (pass an entry of :func:`terms` for the session's
    language).

    Example:
        >>> body = entry_html(TERMS_BY_KEY["vocabulary"])
        >>> "词表" in body and "단어 집합" in body and "tutorial 003" in body
        True
    """
    seeds = "".join(
        "<li>"
        + t("{seed}: {how}").format(
            seed=f"<strong>{esc(t('tutorial {n}').format(n=seed))}</strong>", how=esc(how)
        )
        + "</li>"
        for seed, how in term.seeds
    )
    related = ", ".join(
        f"<a href='#{esc(k)}'>{esc(TERMS_BY_KEY[k].name)}</a>"
        for k in term.related
        if k in TERMS_BY_KEY
    )
    return (
        f"<div class='sw-glossary' id='term-{esc(term.key)}'>"
        f"<table class='sw-data sw-small' style='margin:0 0 .4em'>{_HEAD}"
        f"<tbody><tr>{_words_html(term)}</tr></tbody></table>"
        f"<p style='margin:0 0 .3em'>{esc(term.definition)}</p>"
        f"<p style='margin:0 0 .3em'><strong>{esc(t('Example:'))}</strong> "
        f"<span class='sw-text'>{esc(term.example)}</span></p>"
        + (
            f"<div class='sw-small'>{esc(t('In the tutorials:'))}"
            f"<ul style='margin:0'>{seeds}</ul></div>"
            if seeds
            else ""
        )
        + (
            f"<p class='sw-small' style='margin:.3em 0 0'>{esc(term.avoid)}</p>"
            if term.avoid
            else ""
        )
        + (
            f"<p class='sw-small' style='margin:.3em 0 0'>{esc(t('See also:'))} {related}</p>"
            if related
            else ""
        )
        + "</div>"
    )


def overview_html() -> str:
    """Every term in English, 中文 and 한국어 side by side, each linked to its entry.

    Example:
        >>> "<td lang='zh'>合并</td>" in overview_html()  # the interface's word
        True
    """
    rows = "".join(
        f"<tr><td lang='en'><a href='#{esc(term.key)}'>{esc(term.name)}</a></td>"
        f"{_word_cell(term, 'zh')}{_word_cell(term, 'ko')}</tr>"
        for term in TERMS
    )
    return f"<table class='sw-data'>{_HEAD}<tbody>{rows}</tbody></table>"


def render_glossary() -> None:
    """Draw the glossary page: the rules, the seeds, the terms in three languages side by
    side, then every entry (definition and example in the session's language).

    Each entry is a subheading with the anchor ``key`` (a link ``glossary#key`` opened in a
    new tab scrolls to it) followed by its body (:func:`entry_html`).

    Example::

        render_glossary()
    """
    st.markdown(_rules())
    seeds = "".join(f"<li>{esc(title)}</li>" for title in seed_titles().values())
    show_html(
        "<div class='sw-small'>"
        + esc(t("The tutorials the app was built from, cited below by number:"))
        + f"<ul style='margin:0'>{seeds}</ul></div>"
        + f"<p style='margin-top:.6em'><strong>{esc(t('Terms:'))}</strong></p>"
        + overview_html()
    )
    for term in terms():
        st.subheader(md_escape(headword(term, current_language())), anchor=term.key)
        show_html(entry_html(term))
