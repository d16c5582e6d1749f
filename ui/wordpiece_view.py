"""Everything the WordPiece page shows: settings, cached training, step views, encoding.

The numbers come from :mod:`subword_core.wordpiece`; this module says in words what they
mean. Pages call :func:`settings_panel`, :func:`train_or_explain` and the ``render_*``
functions.

Example:
    >>> from fractions import Fraction
    >>> fraction_text(Fraction(5, 100))
    '1/20 ≈ 0.0500'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial

import pandas as pd
import pyarrow as pa
import streamlit as st

from subword_core import bpe, wordpiece
from subword_core.corpus import Corpus
from subword_core.errors import SubwordError
from subword_core.textbook import code
from subword_core.wordpiece import EncodeTry, WordPiece, WordPieceResult, WordPieceStep
from ui.bpe_view import TIES_LISTED, corpus_rows
from ui.charts import arrow_table, bounded_rows
from ui.classroom import Ask, class_gate, merge_ask, split_ask
from ui.code_panel import code_panel
from ui.common import (
    TABLE_CSS,
    remember,
    rerun_if_retrain_requested,
    restore_widgets,
    segmentation_table_html,
    tie_choices,
    tie_picker,
)
from ui.corpus_picker import error_text
from ui.follow import SizeRule, fit_size
from ui.html import (
    badge_html,
    caption_html,
    esc,
    heading_html,
    md_escape,
    show_error,
    show_html,
    show_text,
    token_spans_html,
)
from ui.i18n import translator
from ui.limits import LIMITS, advice, word_too_long
from ui.links import LinkParam, PageLink, kept_params, register_page, register_params
from ui.presenter import settings_box
from ui.pretok import PretokSpec
from ui.quiz import quiz_gate, segmentation_gate
from ui.runtime.training import Training, cached_training, training_work

__all__ = [
    "TAB_IDS",
    "WordPieceSettings",
    "comparison_table",
    "explain_step",
    "export_note",
    "fraction_text",
    "merges_table",
    "quiz_verdict",
    "render_compare",
    "render_encode",
    "render_export_note",
    "render_learn_step",
    "render_variants",
    "score_table",
    "settings_panel",
    "tab_labels",
    "train_or_explain",
    "tries_table",
]

t = translator("wordpiece")

TABLE_ROWS = 30
MAX_VOCAB = LIMITS.vocab


@dataclass(frozen=True)
class WordPieceSettings:
    """What a student can change on the WordPiece page.

    >>> WordPieceSettings(20).scoring
    'likelihood'
    """

    vocab_size: int
    scoring: str = "likelihood"
    tie_break: str = "first-seen"
    prefix: str = "##"


_NS = "wp"
WIDGETS_KEY = "wp__widgets"
_EXTRA = 10  # default: the alphabet plus this many merged tokens
WIDGET_DEFAULTS: dict[str, object] = {
    "wp_vocab_size": None,
    "wp_scoring": "likelihood",
    "wp_tie_break": "first-seen",
    "wp_prefix": "##",
    "wp_tab": "learn",
}
TAB_IDS: dict[str, str] = {
    "learn": "Learn step by step",
    "compare": "Likelihood vs frequency",
    "encode": "Encode a word",
    "variants": "The tutorials' other “WordPiece”",
}
"""The page's tabs by stable id (kept in ``wp_tab``, carried by links) and their labels
(in English; the page draws them translated)."""


def tab_labels() -> dict[str, str]:
    """The page's tab labels by id, in the session's language (the gallery names them too).

    Example:
        >>> tab_labels()["variants"]
        "The tutorials' other “WordPiece”"
    """
    return {
        "learn": t("Learn step by step"),
        "compare": t("Likelihood vs frequency"),
        "encode": t("Encode a word"),
        "variants": t("The tutorials' other “WordPiece”"),
    }


_SCORING_LABELS = {
    "likelihood": "Likelihood score freq(ab) / (freq(a)·freq(b)) (WordPiece, seed 001)",
    "frequency": "Frequency, like BPE (what the `tokenizers` WordPiece trainer does)",
}
_TIE_LABELS = {
    "first-seen": "First seen in the corpus",
    "lexicographic": "Greatest in string order",
}

# The link parameters this view owns (ui.links): the settings above, the open tab, and the
# toggles and text drawn in pages/wordpiece.py; its step player is "wp_learn".
register_params(
    kept_params(
        WIDGETS_KEY,
        WIDGET_DEFAULTS,
        {
            "wp_vocab_size": ("int", 1, LIMITS.vocab),
            "wp_scoring": ("choice", tuple(_SCORING_LABELS)),
            "wp_tie_break": ("choice", tuple(_TIE_LABELS)),
            "wp_prefix": ("str",),
            "wp_tab": ("tab", TAB_IDS),
        },
    ),
    LinkParam("wp_quiz", "bool"),
    LinkParam("wp_encode_text", "str"),
    LinkParam("wp_encode_quiz", "bool"),
)
PRETOK = PretokSpec("wp", "bert")
"""WordPiece's pre-tokenization: BERT's (punctuation and each CJK character apart)."""
register_params(PRETOK.link_params())
register_page(
    "wordpiece",
    PageLink(
        (
            *PRETOK.keys,
            "wp_vocab_size",
            "wp_scoring",
            "wp_tie_break",
            "wp_prefix",
            "wp_quiz",
            "wp_encode_text",
            "wp_encode_quiz",
            "wp_tab",
        ),
        player="wp_learn",
        ties=_NS,
    ),
)


def _scoring_label(key: str) -> str:
    return {
        "likelihood": t("Likelihood score freq(ab) / (freq(a)·freq(b)) (WordPiece, seed 001)"),
        "frequency": t("Frequency, like BPE (what the `tokenizers` WordPiece trainer does)"),
    }[key]


def _tie_label(key: str) -> str:
    return {
        "first-seen": t("First seen in the corpus"),
        "lexicographic": t("Greatest in string order"),
    }[key]


def column(name: str) -> str:
    """A table header in the session's language (``name``: its English, the frame's id).

    Example:
        >>> column("in vocabulary?")
        'in vocabulary?'
    """
    headers = {
        "rank": t("rank"),
        "pair": t("pair"),
        "score": t("score"),
        "status": t("status"),
        "step": t("step"),
        "likelihood merges": t("likelihood merges"),
        "its score": t("its score"),
        "frequency merges": t("frequency merges"),
        "its count": t("its count"),
        "same?": t("same?"),
        "try": t("try"),
        "from": t("from"),
        "to": t("to"),
        "looked up": t("looked up"),
        "in vocabulary?": t("in vocabulary?"),
    }
    return headers.get(name, name)


def fraction_text(score: Fraction) -> str:
    """A score as a fraction and a decimal, e.g. ``1/20 ≈ 0.0500``; whole numbers plain."""
    if score.denominator == 1:
        return str(score.numerator)
    return f"{score.numerator}/{score.denominator} ≈ {float(score):.4f}"


def _pair(pair: tuple[str, str]) -> str:
    return f"<code>{esc(pair[0])}</code> + <code>{esc(pair[1])}</code>"


def _tok(token: str) -> str:
    return f"<code>{esc(token)}</code>"


# --------------------------------------------------------------------------------------
# Settings and training
# --------------------------------------------------------------------------------------


def _set_vocab(size: int) -> None:
    st.session_state[WIDGETS_KEY]["wp_vocab_size"] = size


def _settings_problems_shown(size: float | None, alphabet: int, prefix: str) -> bool:
    """Say what is wrong with the chosen vocabulary size and continuation prefix, one error
    each; ``True`` when something is."""
    problems = []
    if size is None or int(size) != size:
        problems.append(t("The vocabulary size must be a whole number."))
    elif size < alphabet:
        problems.append(
            t(
                "The vocabulary size must be at least the alphabet size, {n}: every "
                "single character (word-initial and continuation form) is always a token."
            ).format(n=int(alphabet))
        )
    elif size > MAX_VOCAB:
        problems.append(
            t("At most {n:,} tokens: more would make the trace too long.").format(n=int(MAX_VOCAB))
            + " "
            + advice("vocab")
        )
    if any(ch.isspace() for ch in prefix):
        problems.append(t("The continuation prefix cannot contain spaces."))
    for problem in problems:
        st.error(problem, icon=":material/warning:")
    return bool(problems)


def settings_panel(corpus: Corpus) -> WordPieceSettings | None:
    """Draw the settings; return them, or ``None`` after saying what is wrong."""
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    prefix_now = str(shadow.get("wp_prefix", "##"))
    alphabet = len(wordpiece.alphabet_of(corpus, prefix_now)) if corpus else 0
    # subtle: until the student types a size it follows the corpus; a chosen size that a new
    # corpus's alphabet outgrows is moved (with a note), never left as a red error
    moved = fit_size(
        WIDGETS_KEY,
        "wp_vocab_size",
        SizeRule(
            default=alphabet + _EXTRA,
            floor=alphabet,
            ceiling=MAX_VOCAB,
            what=t("vocabulary size"),
            why=t("this corpus's alphabet alone has {n} tokens").format(n=alphabet),
            margin=t("{n} merges"),
        ),
    )
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        c1, c2, c3 = st.columns([1.1, 2.2, 1.2])
        size = c1.number_input(
            t("Vocabulary size"),
            step=1,
            key="wp_vocab_size",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_vocab_size"),
            help=t(
                "How many tokens the vocabulary should hold, the alphabet included. "
                "Each merge adds one token."
            ),
        )
        c1.caption(t("The alphabet alone has {n} tokens.").format(n=alphabet))
        scoring = c2.radio(
            t("Merge the pair with the best…"),
            list(_SCORING_LABELS),
            format_func=_scoring_label,
            key="wp_scoring",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_scoring"),
        )
        tie = c3.radio(
            t("Among equal scores, take the pair…"),
            list(_TIE_LABELS),
            format_func=_tie_label,
            key="wp_tie_break",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_tie_break"),
        )
        prefix = c3.text_input(
            t("Continuation prefix"),
            key="wp_prefix",
            max_chars=LIMITS.box_chars,
            on_change=remember,
            args=(WIDGETS_KEY, "wp_prefix"),
            help=t("Marks pieces that continue a word: h ##u ##g. BERT uses ##."),
        )
    if moved:
        show_text(moved, small=True)
    if _settings_problems_shown(size, alphabet, prefix):
        if size is not None and size < alphabet:
            st.button(
                t("Use {size} (the alphabet plus {n} merges)").format(
                    size=alphabet + _EXTRA, n=_EXTRA
                ),
                on_click=_set_vocab,
                args=(alphabet + _EXTRA,),
            )
        return None
    return WordPieceSettings(int(size), scoring, tie, prefix)


def _train(
    corpus: Corpus, settings: WordPieceSettings, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> WordPieceResult:
    """Learn (once per corpus, settings and tie choices; shared by all sessions)."""
    return cached_training(
        "wordpiece",
        (corpus, settings, choices),
        t("Learning the vocabulary"),
        Training(
            wordpiece.learn,
            (corpus, settings.vocab_size),
            {
                "prefix": settings.prefix,
                "scoring": settings.scoring,
                "tie_break": settings.tie_break,
                "choose": dict(choices),
            },
            work=training_work(corpus, settings.vocab_size),
        ),
        max_entries=24,
    )


def train_or_explain(
    corpus: Corpus, settings: WordPieceSettings, *, with_choices: bool = True
) -> WordPieceResult | None:
    """Train (cached); on a documented error show it and return ``None``."""
    choices = tie_choices(_NS, (corpus, settings)) if with_choices else {}
    try:
        return _train(corpus, settings, tuple(sorted(choices.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return None


# --------------------------------------------------------------------------------------
# One learning step
# --------------------------------------------------------------------------------------


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
            pair=_pair(best.pair),
            ab=best.freq_pair,
            a=_tok(best.pair[0]),
            fa=best.freq_a,
            b=_tok(best.pair[1]),
            fb=best.freq_b,
            score=fraction_text(best.score),
        )
        meaning = t(
            "A high score means the two symbols seldom appear apart, so gluing them loses little."
        )
    else:
        why = t("{pair} occurs <strong>{n}</strong> times.").format(
            pair=_pair(best.pair), n=best.freq_pair
        )
        meaning = t(
            "Like BPE, the most frequent pair wins; how often its parts occur does not matter."
        )
    if not step.is_tie:
        head = f"{why} {t('No other pair scores as high.')} {meaning}"
    else:
        # a few of them: the rest are counted (all are in the score table and the tie box)
        others = [_pair(p) for p in step.tied if p != step.merged][: TIES_LISTED - 1]
        if step.ties_total - 1 > len(others):
            more = step.ties_total - 1 - len(others)
            others.append(t.n("{n:,} more pair", "{n:,} more pairs", more).format(n=more))
        listed = ", ".join(others)
        head = f"{why} {t('It ties with {listed} (the same score).').format(listed=listed)}"
        head += f" {meaning} "
        if step.rule == "chosen":
            head += t("You chose this pair among them.")
        elif step.rule == "first-seen":
            where = esc(words[best.first_seen[0]])
            head += t("The tie goes to the pair met first in the corpus: in “{word}”.").format(
                word=where
            )
        else:
            head += t("The tie goes to the pair that sorts last as text.")
    new = _tok(step.new_token or "")
    grow = (
        t(
            "The new token {token} joins the token list (the vocabulary), "
            "which now has <strong>{n}</strong> tokens."
        ).format(token=new, n=step.vocab_size)
        if step.added
        else t("{token} was already in the token list, so it does not grow.").format(token=new)
    )
    end = (
        " " + t("That is the vocabulary size you asked for.")
        if step.stop_reason == "vocab_size"
        else ""
    )
    merging = t("Merging it everywhere gives {token}.").format(token=new)
    return f"{head} {merging} {grow}{end}"


def score_table(step: WordPieceStep, limit: int = 25) -> pa.Table:
    """One row per candidate pair, at most ``limit``: the numbers behind its score.

    The winner and ties are marked; the winner is listed also when more than ``limit``
    pairs tie with it.

    An Arrow table, as every table drawn at each step (see :func:`ui.charts.arrow_table`).

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


def _rows(result: WordPieceResult, step: int) -> list[tuple[str, int, tuple[str, ...], bool]]:
    # the tracked words and the words this step changed, as on the BPE page
    return corpus_rows(result, step)


def _tie_rule(step: WordPieceStep) -> str:
    """How the tie at ``step`` was broken, in words (HTML), ending with the merged pair."""
    merged = _pair(step.merged or ("", ""))
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
            pair=_pair(merged), verb=verb, how=how(merged), others=others, rule=_tie_rule(step)
        )
    mine = by_pair.get(picked)
    if picked in step.tied or (mine is not None and best is not None and mine.score == best):
        return True, t(
            "Right too: {pair} {verb} {how}, the same as {merged} ({how_merged}): {n:,} pairs "
            "tie for the best score, and each of them is a right answer. {rule}. Your pick is "
            "just as right: to merge it instead, choose it in the tie box below."
        ).format(
            pair=_pair(picked),
            verb=verb,
            how=how(picked),
            merged=_pair(merged),
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
    ).format(pair=_pair(picked), verb=verb, how=how(picked), who=who, best=best_text)


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
        or (quiz and not quiz_gate(_NS, (result.corpus, settings), step.number, options, verdict))
    ):
        st.markdown("**" + t("The corpus before merge {n}").format(n=int(step.number)) + "**")
        show_html(
            segmentation_table_html(
                [(w, c, p, False) for w, c, p, _ in _rows(result, step.number - 1)],
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
        + segmentation_table_html(_rows(result, step.number), step.new_token)
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
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    if _hidden_step(result, step, settings, quiz=quiz):
        return
    title = (
        t("Merge {n}: {pair} → {token}").format(
            n=step.number, pair=_pair(step.merged), token=_tok(step.new_token or "")
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
        tie_picker(_NS, (result.corpus, settings), step.number, step.tied, step.merged)


# --------------------------------------------------------------------------------------
# Likelihood vs frequency
# --------------------------------------------------------------------------------------


def comparison_table(a: WordPieceResult, b: WordPieceResult) -> pd.DataFrame:
    """Side by side: the token each run adds at each step, and whether they agree.

    >>> from subword_core.wordpiece import learn
    >>> c = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> comparison_table(learn(c, 9), learn(c, 9, scoring="frequency")).iloc[0].tolist()[1:]
    ['##g + ##s → ##gs', '1/20 ≈ 0.0500', '##u + ##g → ##ug', '20', '✗ differ']
    """
    rows = []
    for i in range(max(len(a.steps), len(b.steps))):
        x = a.steps[i] if i < len(a.steps) else None
        y = b.steps[i] if i < len(b.steps) else None
        rows.append(
            {
                "step": i + 1,
                "likelihood merges": _merge_text(x),
                "its score": fraction_text(x.best_score) if x and x.merged else "",
                "frequency merges": _merge_text(y),
                "its count": fraction_text(y.best_score) if y and y.merged else "",
                "same?": "✓" if x and y and x.merged == y.merged else t("✗ differ"),
            }
        )
    return pd.DataFrame(rows).rename(columns=column)


def _merge_text(step: WordPieceStep | None) -> str:
    if step is None or step.merged is None:
        return "—"
    return f"{step.merged[0]} + {step.merged[1]} → {step.new_token}"


def render_compare(corpus: Corpus, settings: WordPieceSettings) -> None:
    """Train both scorings with the same size; mark where they first choose differently."""
    like = train_or_explain(
        corpus,
        WordPieceSettings(settings.vocab_size, "likelihood", settings.tie_break, settings.prefix),
        with_choices=False,
    )
    freq = train_or_explain(
        corpus,
        WordPieceSettings(settings.vocab_size, "frequency", settings.tie_break, settings.prefix),
        with_choices=False,
    )
    if like is None or freq is None:
        return
    first = wordpiece.first_difference(like, freq)
    if first is None:
        show_html(
            "<p>"
            + t("On this corpus both scorings make the same merges in the same order.")
            + "</p>"
        )
    else:
        x = like.steps[first - 1]
        y = freq.steps[first - 1]
        nothing = t("nothing")
        show_html(
            "<p>"
            + t(
                "They part ways at <strong>step {step}</strong>: the likelihood score merges "
                "{like} (score {score}), while frequency merges {freq} ({n} times). "
                "Frequency favours pairs of common pieces; the likelihood score favours pairs "
                "whose pieces rarely appear without each other."
            ).format(
                step=first,
                like=_pair(x.merged) if x.merged else nothing,
                score=fraction_text(x.best_score),
                freq=_pair(y.merged) if y.merged else nothing,
                n=y.best_score,
            )
            + "</p>"
        )
    df = comparison_table(like, freq)
    st.dataframe(
        df.style.apply(
            lambda row: (
                ["font-weight: bold; border-top: 2px solid #d62728" if row.iloc[0] == first else ""]
                * len(row)
            ),
            axis=1,
        ),
        hide_index=True,
        width="stretch",
    )
    like_vocab, freq_vocab = set(like.vocab), set(freq.vocab)  # once: 20,000 tokens each
    only_like = [t for t in like.vocab if t not in freq_vocab]
    only_freq = [t for t in freq.vocab if t not in like_vocab]
    c1, c2 = st.columns(2)
    with c1:
        show_html(
            "<div><strong>"
            + t("Only in the likelihood vocabulary")
            + f"</strong> ({len(only_like)})</div>"
            + token_spans_html(only_like[:80])
        )
    with c2:
        show_html(
            "<div><strong>"
            + t("Only in the frequency vocabulary")
            + f"</strong> ({len(only_freq)})</div>"
            + token_spans_html(only_freq[:80])
        )


# --------------------------------------------------------------------------------------
# Encoding
# --------------------------------------------------------------------------------------


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
    unk = _tok(model.unk_token)
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
                at=at, rest=rest, unk=unk, found=", ".join(_tok(f) for f in found)
            )
        return t(
            "From position {at} nothing matches, so the pieces found so far are kept and the "
            "leftover “{rest}” becomes one {unk} (seed 004's rule)."
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
                "Shown with a word-start marker (seed 003): “_” marks the piece that starts a "
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
    show_html(
        f"<div><strong>{t('Result:')}</strong> "
        + token_spans_html(tokens, unk=model.unk_token)
        + "</div>"
    )
    code_panel(code.wordpiece_encode(model, word))


# --------------------------------------------------------------------------------------
# The tutorials' other "WordPiece"
# --------------------------------------------------------------------------------------


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
            "Seed 004 calls this WordPiece, but it is BPE: words end in an ordinary letter "
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


def export_note(model: WordPiece) -> str:
    """What the exported files (vocab.txt, tokenizer.json) do differently from ``model``.

    >>> "[UNK]s" in export_note(WordPiece(["a"]))
    True
    """
    unk = model.unk_token
    files = t(
        "vocab.txt holds only the tokens: read it with the prefix {prefix}, at most {limit} "
        "characters a word and a whitespace pre-tokenizer to get this page's encoding (BERT's "
        "own tokenizer also lower-cases, removes accents and splits off punctuation and CJK "
        "characters). tokenizer.json holds all of it."
    ).format(prefix=model.prefix or "''", limit=model.max_input_chars_per_word)
    if unk in model.vocab:
        return files
    return (
        t(
            "Both files list the unknown token {unk} (line 1, id 0) because tokenizers and BERT "
            "need it in the vocabulary; so a model read from them also matches it like a "
            "token: a word that starts with {unk}, such as {example}, becomes {unk} + ... "
            "there, and this page's pieces here. Every other word encodes the same."
        ).format(unk=unk, example=unk + "s")
        + " "
        + files
    )


def render_export_note(model: WordPiece) -> None:
    """Show :func:`export_note` under the export buttons (plain text, escaped)."""
    show_text(export_note(model), small=True)
