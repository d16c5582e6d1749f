"""WordPiece, the "learn step by step" tab: one merge step (its score, the corpus, the
vocabulary, the tie box), the score table, the merges table and the merge quiz's verdict.

Example:
    >>> from subword_core import wordpiece
    >>> result = wordpiece.learn({"hug": 10, "pug": 5, "hugs": 5}, 12)
    >>> merges_table(result).columns[0]
    'step'
"""

from __future__ import annotations

from functools import partial

import pandas as pd
import pyarrow as pa
import streamlit as st

from subword_core.textbook import code
from subword_core.wordpiece import WordPieceResult, WordPieceStep
from ui.app.i18n import join_sentences, translator
from ui.app.quiz import quiz_gate
from ui.classroom import class_gate, merge_ask
from ui.draw.charts import arrow_table, bounded_rows
from ui.draw.html import badge_html, caption_html, esc, heading_html, show_html, token_spans_html
from ui.merge_family.corpus_table import corpus_rows, segmentation_table_html
from ui.merge_family.explain import TIES_LISTED
from ui.merge_family.ties import rerun_if_retrain_requested, tie_picker
from ui.merge_family.words import pair_html, symbol_html
from ui.study.code_panel import code_panel
from ui.views.wordpiece.settings import (
    TABLE_ROWS,
    TIES_NS,
    WordPieceSettings,
    column,
    fraction_text,
)

__all__ = [
    "corpus_rows_at",
    "explain_step",
    "merges_table",
    "quiz_verdict",
    "render_learn_step",
    "score_table",
]

t = translator("wordpiece")


def explain_step(step: WordPieceStep, scoring: str, words: tuple[str, ...]) -> str:
    """The step in plain words with its numbers (HTML, user text escaped)."""
    if step.merged is None:
        return t(
            "<strong>Stop.</strong> Every word is now a single symbol, so there is no pair "
            "left to merge. The token list stays at {n} tokens."
        ).format(n=step.vocab_size)
    best = next(c for c in step.candidates if c.pair == step.merged)
    if scoring == "likelihood":
        why = t(
            "{pair} occurs <strong>{ab}</strong> times; {a} occurs {fa} times in all and {b} "
            "{fb} times, so its score is {ab} / ({fa} × {fb}) = <strong>{score}</strong>."
        ).format(
            pair=pair_html(best.pair),
            ab=best.freq_pair,
            a=symbol_html(best.pair[0]),
            fa=best.freq_a,
            b=symbol_html(best.pair[1]),
            fb=best.freq_b,
            score=fraction_text(best.score),
        )
        meaning = t(
            "A high score means the two symbols seldom appear apart, so gluing them loses little."
        )
    else:
        why = t("{pair} occurs <strong>{n}</strong> times.").format(
            pair=pair_html(best.pair), n=best.freq_pair
        )
        meaning = t(
            "Like BPE, the most frequent pair wins; how often its parts occur does not matter."
        )
    if not step.is_tie:
        head = join_sentences(why, t("No other pair scores as high."), meaning)
    else:
        # a few of them: the rest are counted (all are in the score table and the tie box)
        others = [pair_html(p) for p in step.tied if p != step.merged][: TIES_LISTED - 1]
        if step.ties_total - 1 > len(others):
            more = step.ties_total - 1 - len(others)
            others.append(t.n("{n:,} more pair", "{n:,} more pairs", more).format(n=more))
        listed = ", ".join(others)
        ties = t("It ties with {listed} (the same score).").format(listed=listed)
        if step.rule == "chosen":
            rule = t("You chose this pair among them.")
        elif step.rule == "first-seen":
            where = esc(words[best.first_seen[0]])
            rule = t("The tie goes to the pair met first in the corpus: in “{word}”.").format(
                word=where
            )
        else:
            rule = t("The tie goes to the pair that sorts last as text.")
        head = join_sentences(why, ties, meaning, rule)
    new = symbol_html(step.new_token or "")
    grow = (
        t(
            "The new token {token} joins the token list (the vocabulary), "
            "which now has <strong>{n}</strong> tokens."
        ).format(token=new, n=step.vocab_size)
        if step.added
        else t("{token} was already in the token list, so it does not grow.").format(token=new)
    )
    end = (
        t("That is the vocabulary size you asked for.") if step.stop_reason == "vocab_size" else ""
    )
    merging = t("Merging it everywhere gives {token}.").format(token=new)
    return join_sentences(head, merging, grow, end)


def score_table(step: WordPieceStep, limit: int = 25) -> pa.Table:
    """One row per candidate pair, at most ``limit``: the numbers behind its score.

    The winner and ties are marked; the winner is listed also when more than ``limit``
    pairs tie with it.

    An Arrow table, as every table drawn at each step (see :func:`ui.draw.charts.arrow_table`).

    >>> from subword_core.wordpiece import learn
    >>> first = score_table(learn({"hug": 10, "hugs": 5}, 5).steps[0]).to_pylist()[0]
    >>> first["pair"], first["score"], first["status"]
    ('h + ##u', '1/15 ≈ 0.0667', '★ merged')
    """
    tied = set(step.tied)
    listed, _ = bounded_rows(step.candidates, limit, keep=lambda c: c.pair == step.merged)
    rows = []
    for rank, c in enumerate(listed, start=1):
        status = t("★ merged") if c.pair == step.merged else t("tie") if c.pair in tied else ""
        rows.append(
            {
                "rank": rank,
                "pair": f"{c.pair[0]} + {c.pair[1]}",
                "freq(a)": c.freq_a,
                "freq(b)": c.freq_b,
                "freq(ab)": c.freq_pair,
                "score": fraction_text(c.score),
                "status": status,
            }
        )
    columns = ["rank", "pair", "freq(a)", "freq(b)", "freq(ab)", "score", "status"]
    return arrow_table(rows, columns).rename_columns([column(c) for c in columns])


def merges_table(result: WordPieceResult) -> pd.DataFrame:
    """One row per step: the merge, the new token, its score and counts, ties, vocab size.

    >>> from subword_core.wordpiece import learn
    >>> df = merges_table(learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9))
    >>> df["new token"].tolist(), df["score"].tolist()
    (['##gs', 'hu'], ['1/20', '1/36'])
    """
    rows = []
    for s in result.steps:
        if s.merged is None:
            continue
        best = next(c for c in s.candidates if c.pair == s.merged)
        rows.append(
            {
                "step": s.number,
                "left": s.merged[0],
                "right": s.merged[1],
                "new token": s.new_token,
                "score": f"{s.best_score.numerator}/{s.best_score.denominator}",
                "freq(a)": best.freq_a,
                "freq(b)": best.freq_b,
                "freq(ab)": best.freq_pair,
                "tied pairs": s.ties_total,
                "chosen by": {"unique": "best score", "chosen": "you"}.get(s.rule, s.rule),
                "vocab size": s.vocab_size,
            }
        )
    return pd.DataFrame(rows)


def corpus_rows_at(
    result: WordPieceResult, step: int
) -> list[tuple[str, int, tuple[str, ...], bool]]:
    """The corpus rows after ``step``: the tracked words and the words this step changed, as
    on the BPE page (:func:`ui.merge_family.corpus_table.corpus_rows`).

    >>> from subword_core import wordpiece
    >>> corpus_rows_at(wordpiece.learn({"hug": 10, "pug": 5}, 8), 0)[0][:2]
    ('hug', 10)
    """
    return corpus_rows(result, step)


def _tie_rule(step: WordPieceStep) -> str:
    """How the tie at ``step`` was broken, in words (HTML), ending with the merged pair."""
    merged = pair_html(step.merged or ("", ""))
    if step.rule == "chosen":
        return t("You chose {pair} for this step earlier, so that is the one merged").format(
            pair=merged
        )
    if step.rule == "first-seen":
        return t(
            "The tie goes to the pair met first in the corpus, {pair}, so this step merges it"
        ).format(pair=merged)
    return t(
        "The tie goes to the pair that sorts last as text, {pair}, so this step merges it"
    ).format(pair=merged)


def quiz_verdict(step: WordPieceStep, picked: tuple[str, str]) -> tuple[bool, str]:
    """Right or wrong, and why, for a guess of the pair ``step`` merges (HTML).

    Every pair tied with the best score is a right answer: the explanation names the tie and
    the rule that picked the merged pair. A wrong answer's explanation gives the best score
    but not the pair, so the student can guess again.

    >>> from subword_core.wordpiece import learn
    >>> step = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 8).steps[0]
    >>> right, why = quiz_verdict(step, ("##u", "##g"))
    >>> right, "20/(36 × 20) = 1/36" in why, "scores 1/20" in why, "##s" in why
    (False, True, True, False)
    """
    by_pair = {c.pair: c for c in step.candidates}
    merged = step.merged or ("", "")

    def how(pair: tuple[str, str]) -> str:
        c = by_pair.get(pair)
        if c is None:
            return t("less")
        if c.score.denominator == 1 and c.freq_pair == c.score:
            return t("{n} times").format(n=c.freq_pair)
        return f"{c.freq_pair}/({c.freq_a} × {c.freq_b}) = {fraction_text(c.score)}"

    counts = all(c.score == c.freq_pair for c in by_pair.values())
    # i18n: "occurs" when the pairs are ranked by frequency, "scores" by the likelihood score
    verb = t("occurs") if counts else t("scores")
    best = by_pair[merged].score if merged in by_pair else None
    n_others = step.ties_total - 1
    others = t.n("{n:,} other pair", "{n:,} other pairs", n_others).format(n=n_others)
    if picked == merged:
        if step.is_tie:
            right = t(
                "Right: {pair} {verb} {how}, tied with {others}. {rule}. Any of the tied pairs "
                "would have been a right answer."
            )
        else:
            right = t("Right: {pair} {verb} {how}, the best of all pairs.")
        return True, right.format(
            pair=pair_html(merged), verb=verb, how=how(merged), others=others, rule=_tie_rule(step)
        )
    mine = by_pair.get(picked)
    if picked in step.tied or (mine is not None and best is not None and mine.score == best):
        return True, t(
            "Right too: {pair} {verb} {how}, the same as {merged} ({how_merged}): {n:,} pairs "
            "tie for the best score, and each of them is a right answer. {rule}. Your pick is "
            "just as right: to merge it instead, choose it in the tie box below."
        ).format(
            pair=pair_html(picked),
            verb=verb,
            how=how(picked),
            merged=pair_html(merged),
            how_merged=how(merged),
            n=step.ties_total,
            rule=_tie_rule(step),
        )
    best_text = (
        t("more")
        if best is None
        else t("{n} times").format(n=best)
        if counts
        else fraction_text(best)
    )
    if step.is_tie:
        who = (t("{n:,} pairs occur") if counts else t("{n:,} pairs score")).format(
            n=step.ties_total
        )
    else:
        who = t("another pair occurs") if counts else t("another pair scores")
    return False, t(
        "Not this one: {pair} {verb} {how}, but {who} {best}, the best of all pairs."
    ).format(pair=pair_html(picked), verb=verb, how=how(picked), who=who, best=best_text)


def _hidden_step(
    result: WordPieceResult, step: WordPieceStep, settings: WordPieceSettings, *, quiz: bool
) -> bool:
    """Draw the corpus before ``step`` while its question is open (the quiz, a live class).

    True when the step is hidden, so the caller draws nothing more.
    """
    options = [c.pair for c in step.candidates[:12]]
    verdict = partial(quiz_verdict, step)
    # a live class's question (ui.classroom): hidden until the teacher reveals it
    shown = step.merged is None or class_gate(merge_ask("wordpiece", step.number, options, verdict))
    if step.merged is not None and (
        not shown
        or (
            quiz
            and not quiz_gate(TIES_NS, (result.corpus, settings), step.number, options, verdict)
        )
    ):
        st.markdown("**" + t("The corpus before merge {n}").format(n=int(step.number)) + "**")
        show_html(
            segmentation_table_html(
                [(w, c, p, False) for w, c, p, _ in corpus_rows_at(result, step.number - 1)],
                None,
                # i18n: the corpus table's column in quiz mode: the step is not done yet
                heading=t("segmentation before this step"),
            )
        )
        return True
    return False


def _scores(step: WordPieceStep) -> str:
    """Draw the score table before ``step``; its caption comes back as HTML, to go into the
    block that follows."""
    st.markdown("**" + t("Scores before merge {n}").format(n=int(step.number)) + "**")
    scores = score_table(step)
    caption = ""
    if scores.num_rows == 0:
        st.info(t("No pairs left: every word is a single symbol."))
    else:
        height = min(36 * (scores.num_rows + 1) + 4, 560)
        st.dataframe(scores, hide_index=True, width="stretch", height=height)
        shown, total = scores.num_rows, step.candidates_total
        counted = (
            t("{shown} of {total} pairs (+{more:,} more not listed).")
            if total > shown
            else t("{shown} of {total} pairs.")
        ).format(shown=shown, total=total, more=total - shown)
        caption = caption_html(
            counted
            + " "
            + t(
                "freq(a), freq(b): how often each symbol occurs in the whole corpus; "
                "freq(ab): how often the pair occurs."
            )
        )
    return caption


def _corpus_and_vocabulary_html(result: WordPieceResult, step: WordPieceStep) -> str:
    """The corpus after ``step`` and the token list so far, as one HTML block."""
    caption_rows = (
        caption_html(
            t("Showing {shown} of {n} words: the changed ones first.").format(
                shown=TABLE_ROWS, n=len(result.corpus)
            )
        )
        if len(result.corpus) > TABLE_ROWS
        else ""
    )
    vocab = result.vocab_at(step.number)
    shown_vocab = vocab[:150]
    new = [len(shown_vocab) - 1] if step.added and len(vocab) <= 150 else []
    more = (
        " " + t("… and {n} more").format(n=len(vocab) - len(shown_vocab))
        if len(vocab) > len(shown_vocab)
        else ""
    )
    return (
        heading_html(
            t("The corpus after merge {n}").format(n=step.number)
            if step.merged
            else t("The corpus at the end")
        )
        + segmentation_table_html(corpus_rows_at(result, step.number), step.new_token)
        + caption_rows
        + heading_html(
            t("Token list (the vocabulary) after merge {n}").format(n=step.number)
            if step.merged
            else t("Token list (the vocabulary) after the last merge"),
            t(
                "({n} tokens: the {alphabet} of the alphabet, then one per "
                "merge, in the order they were added)"
            ).format(n=len(vocab), alphabet=result.alphabet_size),
        )
        + token_spans_html(shown_vocab, highlight=new)
        + esc(more)
    )


def render_learn_step(
    result: WordPieceResult, number: int, settings: WordPieceSettings, *, quiz: bool = False
) -> None:
    """Draw one step: the sentence, the score table, the corpus and the vocabulary.

    With ``quiz`` on, the step stays hidden until the student has guessed its pair.
    """
    rerun_if_retrain_requested(TIES_NS)
    step = result.steps[number - 1]
    if _hidden_step(result, step, settings, quiz=quiz):
        return
    title = (
        t("Merge {n}: {pair} → {token}").format(
            n=step.number, pair=pair_html(step.merged), token=symbol_html(step.new_token or "")
        )
        if step.merged
        else t("Step {n}: learning stops").format(n=step.number)
    )
    badges = (
        badge_html(t("tie × {n:,}").format(n=step.ties_total), "warning") if step.is_tie else ""
    )
    show_html(
        f"<h3 style='margin:.2em 0'>{title} {badges}</h3>"
        f"<p class='sw-text' style='font-size:1.08em'>"
        f"{explain_step(step, result.scoring, result.corpus.words)}</p>"
    )
    # subtle: the captions and headings below the score table go into one HTML block with the
    # corpus and the vocabulary: every element costs server time at each step change.
    caption = _scores(step)
    show_html(caption + _corpus_and_vocabulary_html(result, step))
    # after the score table: above it, the folded box pushed the table off a projector's
    # first screen in presenter mode (tests/e2e/test_presenter_browser.py)
    code_panel(code.wordpiece_merge(result, number))
    if step.is_tie and step.merged is not None:
        tie_picker(TIES_NS, (result.corpus, settings), step.number, step.tied, step.merged)
