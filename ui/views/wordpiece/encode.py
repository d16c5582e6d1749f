"""WordPiece, the "encode a word" tab: longest match first, look-up by look-up, and the
segmentation quiz.

Example:
    >>> boundaries_before(["un", "##aff", "##able"], 2)
    ['un']
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from subword_core import wordpiece
from subword_core.textbook import code
from subword_core.wordpiece import EncodeTry, WordPiece
from ui.app.common import TABLE_CSS
from ui.app.i18n import sentence_gap, translator
from ui.app.limits import LIMITS, word_too_long
from ui.app.quiz import segmentation_gate
from ui.classroom import Ask, class_gate, split_ask
from ui.draw.html import esc, md_escape, show_html, token_spans_html
from ui.merge_family.words import symbol_html
from ui.study.code_panel import code_panel
from ui.views.wordpiece.settings import column

__all__ = [
    "boundaries_before",
    "render_encode",
    "segmentation_verdict",
    "tries_table",
]

t = translator("wordpiece")


def tries_table(tries: list[EncodeTry]) -> pd.DataFrame:
    """Every substring tried, in order, and whether the vocabulary has it.

    >>> tries, _ = WordPiece(["h", "hu", "##g"]).encode_steps("hug")
    >>> tries_table(tries)["in vocabulary?"].tolist()
    ['no', 'yes', 'yes']
    """
    return pd.DataFrame(
        [
            {
                "try": i,
                "from": one.start,
                "to": one.end,
                "looked up": one.candidate,
                "in vocabulary?": t("yes") if one.matched else t("no"),
            }
            for i, one in enumerate(tries, start=1)
        ]
    ).rename(columns=column)


def _explain_encoding(
    model: WordPiece, word: str, tries: list[EncodeTry], tokens: list[str]
) -> str:
    if not word:
        return t("An empty word has no pieces.")
    unk = symbol_html(model.unk_token)
    if len(word) > model.max_input_chars_per_word and tokens == [model.unk_token]:
        return t(
            "The word has {n} characters, more than the limit of {limit}, so it becomes "
            "{unk} at once."
        ).format(n=len(word), limit=model.max_input_chars_per_word, unk=unk)
    if tokens and tokens[-1] == model.unk_token:
        failed = [one for one in tries if not one.matched]
        at = failed[-1].start if failed else 0
        rest = esc(word[at:])
        if model.unk_mode == "word":
            found = [one.candidate for one in tries if one.matched]
            if found:
                message = t(
                    "From position {at} (“{rest}”) no piece of any length is in the vocabulary. "
                    "WordPiece then replaces the <strong>whole word</strong> with {unk}: the "
                    "pieces already found ({found}) are thrown away."
                )
            else:
                message = t(
                    "From position {at} (“{rest}”) no piece of any length is in the vocabulary. "
                    "WordPiece then replaces the <strong>whole word</strong> with {unk}."
                )
            return message.format(
                at=at, rest=rest, unk=unk, found=", ".join(symbol_html(f) for f in found)
            )
        return t(
            "From position {at} nothing matches, so the pieces found so far are kept and the "
            "leftover “{rest}” becomes one {unk} (tutorial 004's rule)."
        ).format(at=at, rest=rest, unk=unk)
    return t(
        "From the left, take the longest piece in the vocabulary, then the longest "
        "continuation piece after it, and so on: {tries} look-ups give {n} pieces."
    ).format(tries=len(tries), n=len(tokens))


def _code_list(tokens: list[str]) -> str:
    return " ".join(f"<code>{esc(t)}</code>" for t in tokens)


def segmentation_verdict(model: WordPiece, word: str, guess: list[str]) -> tuple[bool, str]:
    """Right or wrong, and why, for a student's typed segmentation of ``word`` (HTML).

    The ``##`` of continuation pieces may be typed or left out. When the guess is wrong, the
    reason is the first piece where it differs from greedy longest-match-first (the other
    pieces are not given away, so the student can guess again).

    >>> model = WordPiece(["h", "hu", "##g", "##s", "##gs"])
    >>> segmentation_verdict(model, "hugs", ["hu", "##gs"])[0]
    True
    >>> right, why = segmentation_verdict(model, "hugs", ["hu", "g", "s"])
    >>> right, "longest" in why
    (False, True)
    """
    tries, tokens = model.encode_steps(word)
    prefix = model.prefix
    typed = [
        g[len(prefix) :] if i and prefix and g.startswith(prefix) else g
        for i, g in enumerate(guess)
    ]
    unk = model.unk_token
    if unk in tokens:
        if typed == [unk]:
            return True, t(
                "Right: some part of “{word}” matches no vocabulary entry, so the whole "
                "word becomes {unk}."
            ).format(word=esc(word), unk=f"<code>{esc(unk)}</code>")
        # subtle: a hint, not the answer (the student may guess again): where the look-up
        # fails, without saying what WordPiece does then
        missing = next((one for one in reversed(tries) if not one.matched), None)
        where = (
            " "
            + t(
                "Look up “{word}” from the left, the longest vocabulary entry first, and look "
                "closely at character {n}: what does WordPiece do when nothing fits there?"
            ).format(word=esc(word), n=missing.start + 1)
            if missing
            else ""
        )
        return False, t("Not quite.") + where
    if "".join(typed) != word:
        return False, t(
            "Your pieces spell “{typed}”, not “{word}”. Type the word's "
            "letters with spaces where you expect the token boundaries."
        ).format(typed=esc("".join(typed)), word=esc(word))
    plain = [tok[len(prefix) :] if i and prefix else tok for i, tok in enumerate(tokens)]
    if typed == plain:
        return True, t(
            "Right: {pieces}. From each position the longest piece in the vocabulary was taken."
        ).format(pieces=_code_list(tokens))
    start = 0
    for mine, theirs in zip(typed, plain, strict=False):
        if mine != theirs:
            break
        start += len(mine)
    index = len(boundaries_before(plain, start))
    mine, theirs = typed[index], plain[index]
    shown = tokens[index]
    looked_up = mine if index == 0 else prefix + mine
    mine_code, shown_code = f"<code>{esc(looked_up)}</code>", f"<code>{esc(shown)}</code>"
    if len(mine) > len(theirs):
        reason = t(
            "{mine} is not in the vocabulary, so the longest match there is {theirs}"
        ).format(mine=mine_code, theirs=shown_code)
    else:
        reason = t(
            "{theirs} is in the vocabulary and longer than your {mine}; longest-match-first "
            "takes the longest piece that fits, so it never stops early"
        ).format(mine=mine_code, theirs=shown_code)
    return False, (
        t("Not quite. From character {n} (after “{before}”), {reason}.").format(
            n=start + 1, before=esc(word[:start]), reason=reason
        )
        if start
        else t("Not quite. At the start of the word, {reason}.").format(reason=reason)
    )


def boundaries_before(pieces: list[str], offset: int) -> list[str]:
    """The pieces that end at or before ``offset`` (a boundary of ``pieces``).

    >>> boundaries_before(["hu", "g", "s"], 3)
    ['hu', 'g']
    """
    out, end = [], 0
    for piece in pieces:
        if end + len(piece) > offset:
            break
        end += len(piece)
        out.append(piece)
    return out


def _class_split(model: WordPiece, word: str) -> Ask:
    """The live class's "how will ``word`` be split?" (``##`` may be typed or left out)."""

    def strip(pieces: list[str]) -> list[str]:
        prefix = model.prefix
        return [
            p[len(prefix) :] if i and prefix and p.startswith(prefix) else p
            for i, p in enumerate(pieces)
        ]

    return split_ask(
        "wordpiece",
        word,
        lambda guess: segmentation_verdict(model, word, guess),
        model.encode(word),
        strip=strip,
        hint=f"{word[:2]} {model.prefix}{word[2:]}" if len(word) > 2 else word,
    )


def render_encode(
    model: WordPiece, text: str, word: str, *, word_start: bool = False, quiz: bool = False
) -> None:
    """The tokens of ``text``, then every substring tried for ``word``.

    With ``quiz`` on, the student first types how ``word`` will be split.
    """
    if quiz and not segmentation_gate(
        "wp_encode",
        model,
        word,
        lambda guess: segmentation_verdict(model, word, guess),
        hint=f"{word[:2]} {model.prefix}{word[2:]}" if len(word) > 2 else word,
    ):
        st.caption(t("The pieces and the look-ups appear once you have answered."))
        return
    if not class_gate(_class_split(model, word)):  # a live class's question (ui.classroom)
        return
    rows = []
    for w in text.split():
        tokens = model.encode(w)
        shown = wordpiece.word_start_form(tokens, model.prefix) if word_start else tokens
        rows.append(
            f"<tr><td>{esc(w)}</td><td>{token_spans_html(shown, unk=model.unk_token)}</td>"
            f"<td style='text-align:right'>{len(tokens)}</td></tr>"
        )
    show_html(
        f"<table class='sw-table'><thead><tr><th>{t('word')}</th><th>{t('pieces')}</th>"
        f"<th>#</th></tr></thead><tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS
    )
    if word_start:
        st.caption(
            t(
                "Shown with a word-start marker (tutorial 003): “_” marks the piece that starts a "
                "word instead of “##” marking the pieces that continue one. Same pieces, other "
                "spelling."
            )
        )
    if len(word) > LIMITS.step_word_chars:  # every substring tried: one row each
        st.warning(md_escape(word_too_long(len(word), "step_word_chars", t("the look-up view"))))
        return
    st.subheader(t("How “{word}” is looked up").format(word=md_escape(word)))
    tries, tokens = model.encode_steps(word)
    show_html(f"<p>{_explain_encoding(model, word, tries, tokens)}</p>")
    if tries:
        st.dataframe(tries_table(tries), hide_index=True, width="stretch")
    result = t("Result:")
    show_html(
        f"<div><strong>{result}</strong>{sentence_gap(result, '')}"
        + token_spans_html(tokens, unk=model.unk_token)
        + "</div>"
    )
    code_panel(code.wordpiece_encode(model, word))
