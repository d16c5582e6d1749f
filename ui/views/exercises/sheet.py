"""Exercises: a seeded sheet of questions, answered on the page or on paper (A4 handout).

The sheet comes from :func:`subword_core.exercises.generate` (its keys from the textbook
code). The seed travels in the link (``ex_seed``), so a teacher fixes it and the whole class
gets the same sheet. Answers typed on the page are checked like the quiz (ties counted
right); the handout is an HTML file sized for A4 with the answer key on its own page.
"""

from __future__ import annotations

import random
from fractions import Fraction

import streamlit as st

from subword_core.exercises import Question, Sheet, check, generate
from ui.app.common import persisted, remember, restore_widgets
from ui.app.i18n import HTML_LANG, current_language, join_sentences, translator
from ui.app.limits import LIMITS
from ui.app.links import PageLink, kept_params, register_page, register_params
from ui.draw.html import esc, md_escape, show_html

__all__ = ["WIDGETS_KEY", "handout_html", "key_html", "question_html", "render_exercises"]

t = translator("textbook")

WIDGETS_KEY = "ex__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"ex_seed": 1}
MAX_SEED = 999_999
register_params(kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"ex_seed": ("int", 0, MAX_SEED)}))
register_page("exercises", PageLink(("ex_seed",)))


def _code(text: object) -> str:
    return f"<code>{esc(str(text))}</code>"


def _pieces(pieces: list[str] | tuple[str, ...]) -> str:
    return " ".join(_code(p) for p in pieces)


def _pair(pair: tuple[str, str]) -> str:
    return f"{_code(pair[0])} + {_code(pair[1])}"


def _num(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def question_html(number: int, q: Question) -> str:
    """The question in the session's language (values escaped).

    >>> from subword_core.exercises import generate
    >>> "merge first" in question_html(1, generate(1).questions[0])
    True
    """
    g = q.given
    if q.kind == "next_merge":
        text = t("Which pair of neighbouring characters does BPE merge first, and why?")
    elif q.kind == "bpe_segment":
        text = t(
            "BPE learned these merges, in this order: {merges}. How does it split the new "
            "word {word}?"
        ).format(merges=", ".join(_pair(m) for m in g["merges"]), word=_code(g["word"]))
    elif q.kind == "longest_match":
        text = t(
            "A WordPiece vocabulary: {vocab}. How does longest-match-first split {word}?"
        ).format(vocab=_pieces(g["vocab"]), word=_code(g["word"]))
    elif q.kind == "wordpiece_score":
        text = t(
            "Split every word as WordPiece does (h ##u ##g). What is the score of the pair "
            "{pair}: its count / (count of the left piece × count of the right piece)?"
        ).format(pair=_pair(g["pair"]))
    else:
        probs = ", ".join(f"P({_code(p)}) = {_num(v)}" for p, v in g["probs"].items())
        text = t(
            "A Unigram model gives {probs}. What is the probability of the segmentation {pieces}?"
        ).format(probs=probs, pieces=_pieces(g["pieces"]))
    return f"<p class='sw-text'><strong>{number}.</strong> {text}</p>"


def key_html(q: Question) -> str:
    """The key and why, in the session's language."""
    w = q.why
    if q.kind == "next_merge":
        text = t("{pair}: it occurs {count} times, more than any other pair.").format(
            pair=_pair(q.answer), count=w["count"]
        )
        if len(q.accepted) > 1:
            text = join_sentences(
                text,
                t(
                    "Tied with {others}: any of them counts as right (BPE takes the pair seen "
                    "first)."
                ).format(others=", ".join(_pair(p) for p in q.accepted if p != q.answer)),
            )
    elif q.kind == "bpe_segment":
        steps = " → ".join(_pieces(s) for s in w["steps"])
        text = t("{answer}: apply the merges by their order: {steps}.").format(
            answer=_pieces(q.answer), steps=steps
        )
    elif q.kind == "longest_match":
        text = t(
            "{answer}: at each position take the longest piece of the vocabulary that fits "
            "(## inside the word); [UNK] if none fits."
        ).format(answer=_pieces(q.answer))
    elif q.kind == "wordpiece_score":
        text = f"{w['count']} / ({w['left']} × {w['right']}) = {_num(q.answer)}"
    else:
        product = " × ".join(_num(q.given["probs"][p]) for p in q.given["pieces"])
        text = f"{product} = {_num(q.answer)} ≈ {float(q.answer):.4g}"
    return f"<p class='sw-text'>{text}</p>"


def _corpus_html(sheet: Sheet) -> str:
    rows = "".join(
        f"<tr><td>{esc(w)}</td><td style='text-align:right'>{c}</td></tr>"
        for w, c in sheet.corpus.items()
    )
    return (
        f"<table class='sw-table'><thead><tr><th>{esc(t('word'))}</th>"
        f"<th>{esc(t('count'))}</th></tr></thead><tbody>{rows}</tbody></table>"
    )


_PRINT_CSS = """
@page { size: A4; margin: 16mm 16mm 18mm; }
body { font-family: "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK KR", sans-serif;
  font-size: 11pt; line-height: 1.45; color: #111; }
h1 { font-size: 17pt; margin: 0 0 .2em; } h2 { font-size: 13pt; margin: 1em 0 .3em; }
code { font-family: "DejaVu Sans Mono", monospace; background: #f1f5f9; padding: 0 .15em; }
table { border-collapse: collapse; margin: .4em 0; }
td, th { border: 1px solid #94a3b8; padding: .15em .7em; }
.blank { border-bottom: 1px solid #111; height: 1.8em; margin: .1em 0 .7em; }
.key { break-before: page; }
.small { color: #475569; font-size: 9pt; }
"""


def handout_html(sheet: Sheet) -> str:
    """The printable sheet: corpus, questions with blanks, then the key on a page of its own.

    >>> html = handout_html(generate(1))
    >>> "break-before: page" in html and html.count("class='blank'") == 5
    True
    """
    lang = current_language()
    questions = "".join(
        question_html(k, q) + "<div class='blank'></div>" for k, q in enumerate(sheet.questions, 1)
    )
    keys = "".join(
        f"<p><strong>{k}.</strong></p>{key_html(q)}" for k, q in enumerate(sheet.questions, 1)
    )
    title = esc(t("Subword exercises, sheet {seed}").format(seed=sheet.seed))
    return (
        f"<!doctype html><html lang='{HTML_LANG.get(lang, 'en')}'><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>{_PRINT_CSS}</style></head><body>"
        f"<h1>{title}</h1><p class='small'>{esc(t('Name:'))} ______________________</p>"
        f"<h2>{esc(t('The corpus (word and count)'))}</h2>{_corpus_html(sheet)}"
        f"<h2>{esc(t('Questions'))}</h2>{questions}"
        f"<section class='key'><h1>{esc(t('Answer key'))}</h1>{keys}</section>"
        "</body></html>"
    )


def _new_sheet() -> None:
    seed = random.randint(0, MAX_SEED)
    st.session_state["ex_seed"] = seed
    remember(WIDGETS_KEY, "ex_seed")


def _answer_box(number: int, q: Question) -> None:
    typed = st.text_input(
        t("Your answer to {n}").format(n=md_escape(number)),
        key=f"ex_answer_{number}",
        max_chars=LIMITS.box_chars,
        placeholder=t("pieces separated by spaces, or a number such as 1/20"),
    )
    if typed.strip():
        if check(q, typed):
            st.success(t("Right."), icon=":material/check_circle:")
        else:
            st.error(
                t("Not this one: try again, or open the answer key."), icon=":material/cancel:"
            )


def render_exercises() -> None:
    """The page: seed, corpus, questions with answer boxes, the key, the handout."""
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    c1, c2, c3 = st.columns([1.2, 1, 1.4], vertical_alignment="bottom")
    seed = c1.number_input(
        t("Sheet number (seed)"),
        0,
        MAX_SEED,
        key="ex_seed",
        persist_state=persisted("ex_seed"),
        help=t("The same number gives the same sheet: give it to the class, or share the link."),
    )
    c2.button(t("New sheet"), on_click=_new_sheet, key="ex_new", width="stretch")
    sheet = generate(int(seed))
    c3.download_button(
        t("Printable handout (A4)"),
        data=handout_html(sheet).encode("utf-8"),
        file_name=f"exercises_{sheet.seed}_{current_language()}.html",
        mime="text/html",
        key="ex_handout",
        icon=":material/print:",
        width="stretch",
    )
    st.markdown("**" + t("The corpus (word and count)") + "**")
    show_html(_corpus_html(sheet))
    for k, q in enumerate(sheet.questions, 1):
        show_html(question_html(k, q))
        _answer_box(k, q)
    with st.expander(t("Answer key")):
        keys = [
            f"<p><strong>{k}.</strong></p>{key_html(q)}" for k, q in enumerate(sheet.questions, 1)
        ]
        show_html("".join(keys))
