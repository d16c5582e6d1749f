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
from subword_core.wordpiece import EncodeTry, WordPiece, WordPieceResult, WordPieceStep
from ui.bpe_view import TIES_LISTED, corpus_rows
from ui.charts import arrow_table, bounded_rows
from ui.common import (
    TABLE_CSS,
    cached_training,
    remember,
    rerun_if_retrain_requested,
    restore_widgets,
    segmentation_table_html,
    tie_choices,
    tie_picker,
)
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
from ui.limits import LIMITS, advice, word_too_long
from ui.links import LinkParam, PageLink, kept_params, register_page, register_params
from ui.presenter import settings_box
from ui.pretok import PretokSpec
from ui.quiz import quiz_gate, segmentation_gate

__all__ = [
    "TAB_IDS",
    "WordPieceSettings",
    "comparison_table",
    "explain_step",
    "fraction_text",
    "merges_table",
    "quiz_verdict",
    "render_compare",
    "render_encode",
    "render_learn_step",
    "render_variants",
    "score_table",
    "settings_panel",
    "train_or_explain",
    "tries_table",
]

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
"""The page's tabs by stable id (kept in ``wp_tab``, carried by links) and their labels."""
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
            what="vocabulary size",
            why=f"this corpus's alphabet alone has {alphabet} tokens",
            margin="{n} merges",
        ),
    )
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        c1, c2, c3 = st.columns([1.1, 2.2, 1.2])
        size = c1.number_input(
            "Vocabulary size",
            step=1,
            key="wp_vocab_size",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_vocab_size"),
            help="How many tokens the vocabulary should hold, the alphabet included. "
            "Each merge adds one token.",
        )
        c1.caption(f"The alphabet alone has {alphabet} tokens.")
        scoring = c2.radio(
            "Merge the pair with the best…",
            list(_SCORING_LABELS),
            format_func=_SCORING_LABELS.__getitem__,
            key="wp_scoring",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_scoring"),
        )
        tie = c3.radio(
            "Among equal scores, take the pair…",
            list(_TIE_LABELS),
            format_func=_TIE_LABELS.__getitem__,
            key="wp_tie_break",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_tie_break"),
        )
        prefix = c3.text_input(
            "Continuation prefix",
            key="wp_prefix",
            on_change=remember,
            args=(WIDGETS_KEY, "wp_prefix"),
            help="Marks pieces that continue a word: h ##u ##g. BERT uses ##.",
        )
    if moved:
        show_text(moved, small=True)
    problems = []
    if size is None or int(size) != size:
        problems.append("The vocabulary size must be a whole number.")
    elif size < alphabet:
        problems.append(
            f"The vocabulary size must be at least the alphabet size, {alphabet:d}: every "
            "single character (word-initial and continuation form) is always a token."
        )
    elif size > MAX_VOCAB:
        problems.append(
            f"At most {MAX_VOCAB:,} tokens: more would make the trace too long. {advice('vocab')}"
        )
    if any(ch.isspace() for ch in prefix):
        problems.append("The continuation prefix cannot contain spaces.")
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        if size is not None and size < alphabet:
            st.button(
                f"Use {alphabet + _EXTRA} (the alphabet plus {_EXTRA} merges)",
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
        "Learning the vocabulary",
        lambda progress: wordpiece.learn(
            corpus,
            settings.vocab_size,
            prefix=settings.prefix,
            scoring=settings.scoring,  # type: ignore[arg-type]
            tie_break=settings.tie_break,  # type: ignore[arg-type]
            choose=dict(choices),
            progress=progress,
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
        show_error(str(err))
        return None


# --------------------------------------------------------------------------------------
# One learning step
# --------------------------------------------------------------------------------------


def explain_step(step: WordPieceStep, scoring: str, words: tuple[str, ...]) -> str:
    """The step in plain words with its numbers (HTML, user text escaped)."""
    if step.merged is None:
        return (
            "<strong>Stop.</strong> Every word is now a single symbol, so there is no pair "
            f"left to merge. The token list stays at {step.vocab_size} tokens."
        )
    best = next(c for c in step.candidates if c.pair == step.merged)
    if scoring == "likelihood":
        why = (
            f"{_pair(best.pair)} occurs <strong>{best.freq_pair}</strong> times; "
            f"{_tok(best.pair[0])} occurs {best.freq_a} times in all and {_tok(best.pair[1])} "
            f"{best.freq_b} times, so its score is {best.freq_pair} / ({best.freq_a} × "
            f"{best.freq_b}) = <strong>{fraction_text(best.score)}</strong>."
        )
        meaning = (
            " A high score means the two symbols seldom appear apart, so gluing them loses little."
        )
    else:
        why = f"{_pair(best.pair)} occurs <strong>{best.freq_pair}</strong> times."
        meaning = (
            " Like BPE, the most frequent pair wins; how often its parts occur does not matter."
        )
    if not step.is_tie:
        head = f"{why} No other pair scores as high.{meaning}"
    else:
        # a few of them: the rest are counted (all are in the score table and the tie box)
        others = [_pair(p) for p in step.tied if p != step.merged][: TIES_LISTED - 1]
        if step.ties_total - 1 > len(others):
            others.append(f"{step.ties_total - 1 - len(others):,} more pairs")
        listed = ", ".join(others)
        head = f"{why} It ties with {listed} (the same score).{meaning} "
        if step.rule == "chosen":
            head += "You chose this pair among them."
        elif step.rule == "first-seen":
            where = esc(words[best.first_seen[0]])
            head += f"The tie goes to the pair met first in the corpus: in “{where}”."
        else:
            head += "The tie goes to the pair that sorts last as text."
    grow = (
        f"The new token {_tok(step.new_token or '')} joins the token list (the vocabulary), "
        f"which now has <strong>{step.vocab_size}</strong> tokens."
        if step.added
        else f"{_tok(step.new_token or '')} was already in the token list, so it does not grow."
    )
    end = " That is the vocabulary size you asked for." if step.stop_reason == "vocab_size" else ""
    return f"{head} Merging it everywhere gives {_tok(step.new_token or '')}. {grow}{end}"


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
        status = "★ merged" if c.pair == step.merged else "tie" if c.pair in tied else ""
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
    return arrow_table(rows, columns)


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
        return f"You chose {merged} for this step earlier, so that is the one merged"
    if step.rule == "first-seen":
        return f"The tie goes to the pair met first in the corpus, {merged}, so this step merges it"
    return f"The tie goes to the pair that sorts last as text, {merged}, so this step merges it"


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
            return "less"
        if c.score.denominator == 1 and c.freq_pair == c.score:
            return f"{c.freq_pair} times"
        return f"{c.freq_pair}/({c.freq_a} × {c.freq_b}) = {fraction_text(c.score)}"

    verb = "occurs" if all(c.score == c.freq_pair for c in by_pair.values()) else "scores"
    best = by_pair[merged].score if merged in by_pair else None
    others = f"{step.ties_total - 1:,} other pair" + ("s" if step.ties_total > 2 else "")
    if picked == merged:
        tie = (
            f", tied with {others}. {_tie_rule(step)}. Any of the tied pairs would have been "
            "a right answer"
            if step.is_tie
            else ", the best of all pairs"
        )
        return True, f"Right: {_pair(merged)} {verb} {how(merged)}{tie}."
    mine = by_pair.get(picked)
    if picked in step.tied or (mine is not None and best is not None and mine.score == best):
        return True, (
            f"Right too: {_pair(picked)} {verb} {how(picked)}, the same as {_pair(merged)} "
            f"({how(merged)}): {step.ties_total:,} pairs tie for the best score, and each of "
            f"them is a right answer. {_tie_rule(step)}. Your pick is just as right: to merge "
            "it instead, choose it in the tie box below."
        )
    top = "occur" if verb == "occurs" else "score"
    best_text = (
        "more" if best is None else f"{best} times" if verb == "occurs" else fraction_text(best)
    )
    who = f"{step.ties_total:,} pairs {top}" if step.is_tie else f"another pair {verb}"
    return False, (
        f"Not this one: {_pair(picked)} {verb} {how(picked)}, but {who} {best_text}, the best "
        "of all pairs."
    )


def render_learn_step(
    result: WordPieceResult, number: int, settings: WordPieceSettings, *, quiz: bool = False
) -> None:
    """Draw one step: the sentence, the score table, the corpus and the vocabulary.

    With ``quiz`` on, the step stays hidden until the student has guessed its pair.
    """
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    if quiz and step.merged is not None:
        options = [c.pair for c in step.candidates[:12]]
        verdict = partial(quiz_verdict, step)
        if not quiz_gate(_NS, (result.corpus, settings), step.number, options, verdict):
            st.markdown(f"**The corpus before merge {step.number:d}**")
            show_html(
                segmentation_table_html(
                    [(w, c, p, False) for w, c, p, _ in _rows(result, step.number - 1)], None
                )
            )
            return
    title = (
        f"Merge {step.number}: {_pair(step.merged)} → {_tok(step.new_token or '')}"
        if step.merged
        else f"Step {step.number}: learning stops"
    )
    badges = badge_html(f"tie × {step.ties_total:,}", "warning") if step.is_tie else ""
    show_html(
        f"<h3 style='margin:.2em 0'>{title} {badges}</h3>"
        f"<p class='sw-text' style='font-size:1.08em'>"
        f"{explain_step(step, result.scoring, result.corpus.words)}</p>"
    )
    # subtle: the captions and headings below the score table go into one HTML block with the
    # corpus and the vocabulary: every element costs server time at each step change.
    st.markdown(f"**Scores before merge {step.number:d}**")
    scores = score_table(step)
    caption = ""
    if scores.num_rows == 0:
        st.info("No pairs left: every word is a single symbol.")
    else:
        height = min(36 * (scores.num_rows + 1) + 4, 560)
        st.dataframe(scores, hide_index=True, width="stretch", height=height)
        shown, total = scores.num_rows, step.candidates_total
        note = f" (+{total - shown:,} more not listed)" if total > shown else ""
        caption = caption_html(
            f"{shown} of {total} pairs{note}. freq(a), freq(b): how often each symbol occurs "
            "in the whole corpus; freq(ab): how often the pair occurs."
        )
    caption_rows = (
        caption_html(f"Showing {TABLE_ROWS} of {len(result.corpus)} words: the changed ones first.")
        if len(result.corpus) > TABLE_ROWS
        else ""
    )
    vocab = result.vocab_at(step.number)
    shown_vocab = vocab[:150]
    new = [len(shown_vocab) - 1] if step.added and len(vocab) <= 150 else []
    more = f" … and {len(vocab) - len(shown_vocab)} more" if len(vocab) > len(shown_vocab) else ""
    show_html(
        caption
        + heading_html(
            f"The corpus after merge {step.number}" if step.merged else "The corpus at the end"
        )
        + segmentation_table_html(_rows(result, step.number), step.new_token)
        + caption_rows
        + heading_html(
            "Token list (the vocabulary) after "
            + (f"merge {step.number}" if step.merged else "the last merge"),
            f"({len(vocab)} tokens: the {result.alphabet_size} of the alphabet, then one per "
            "merge, in the order they were added)",
        )
        + token_spans_html(shown_vocab, highlight=new)
        + esc(more)
    )
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
                "same?": "✓" if x and y and x.merged == y.merged else "✗ differ",
            }
        )
    return pd.DataFrame(rows)


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
        show_html("<p>On this corpus both scorings make the same merges in the same order.</p>")
    else:
        x = like.steps[first - 1]
        y = freq.steps[first - 1]
        show_html(
            f"<p>They part ways at <strong>step {first}</strong>: the likelihood score merges "
            f"{_pair(x.merged) if x.merged else 'nothing'} (score "
            f"{fraction_text(x.best_score)}), while frequency merges "
            f"{_pair(y.merged) if y.merged else 'nothing'} ({y.best_score} times). "
            "Frequency favours pairs of common pieces; the likelihood score favours pairs "
            "whose pieces rarely appear without each other.</p>"
        )
    df = comparison_table(like, freq)
    st.dataframe(
        df.style.apply(
            lambda row: (
                ["font-weight: bold; border-top: 2px solid #d62728" if row["step"] == first else ""]
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
            f"<div><strong>Only in the likelihood vocabulary</strong> ({len(only_like)})</div>"
            + token_spans_html(only_like[:80])
        )
    with c2:
        show_html(
            f"<div><strong>Only in the frequency vocabulary</strong> ({len(only_freq)})</div>"
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
                "from": t.start,
                "to": t.end,
                "looked up": t.candidate,
                "in vocabulary?": "yes" if t.matched else "no",
            }
            for i, t in enumerate(tries, start=1)
        ]
    )


def _explain_encoding(
    model: WordPiece, word: str, tries: list[EncodeTry], tokens: list[str]
) -> str:
    if not word:
        return "An empty word has no pieces."
    if len(word) > model.max_input_chars_per_word and tokens == [model.unk_token]:
        return (
            f"The word has {len(word)} characters, more than the limit of "
            f"{model.max_input_chars_per_word}, so it becomes {_tok(model.unk_token)} at once."
        )
    if tokens and tokens[-1] == model.unk_token:
        failed = [t for t in tries if not t.matched]
        at = failed[-1].start if failed else 0
        rest = esc(word[at:])
        if model.unk_mode == "word":
            found = [t.candidate for t in tries if t.matched]
            lost = (
                f": the pieces already found ({', '.join(_tok(f) for f in found)}) are thrown away"
                if found
                else ""
            )
            return (
                f"From position {at} (“{rest}”) no piece of any length is in the vocabulary. "
                f"WordPiece then replaces the <strong>whole word</strong> with "
                f"{_tok(model.unk_token)}{lost}."
            )
        return (
            f"From position {at} nothing matches, so the pieces found so far are kept and the "
            f"leftover “{rest}” becomes one {_tok(model.unk_token)} (seed 004's rule)."
        )
    return (
        f"From the left, take the longest piece in the vocabulary, then the longest "
        f"continuation piece after it, and so on: {len(tries)} look-ups give "
        f"{len(tokens)} pieces."
    )


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
            return True, (
                f"Right: some part of “{esc(word)}” matches no vocabulary entry, so the whole "
                f"word becomes <code>{esc(unk)}</code>."
            )
        missing = next((t for t in reversed(tries) if not t.matched), None)
        where = (
            f" No vocabulary entry matches at character {missing.start + 1}, not even the "
            f"single letter (looked up as <code>{esc(missing.candidate)}</code>)."
            if missing
            else ""
        )
        return False, (
            f"Not quite.{where} WordPiece then gives up on the whole word: it becomes "
            f"<code>{esc(unk)}</code>."
        )
    if "".join(typed) != word:
        return False, (
            f"Your pieces spell “{esc(''.join(typed))}”, not “{esc(word)}”. Type the word's "
            "letters with spaces where you expect the token boundaries."
        )
    plain = [t[len(prefix) :] if i and prefix else t for i, t in enumerate(tokens)]
    if typed == plain:
        return True, (
            f"Right: {_code_list(tokens)}. From each position the longest piece in the "
            "vocabulary was taken."
        )
    start = 0
    for mine, theirs in zip(typed, plain, strict=False):
        if mine != theirs:
            break
        start += len(mine)
    index = len(boundaries_before(plain, start))
    mine, theirs = typed[index], plain[index]
    shown = tokens[index]
    looked_up = mine if index == 0 else prefix + mine
    if len(mine) > len(theirs):
        reason = (
            f"<code>{esc(looked_up)}</code> is not in the vocabulary, so the longest match "
            f"there is <code>{esc(shown)}</code>"
        )
    else:
        reason = (
            f"<code>{esc(shown)}</code> is in the vocabulary and longer than your "
            f"<code>{esc(looked_up)}</code>; longest-match-first takes the longest piece that "
            "fits, so it never stops early"
        )
    return False, (
        f"Not quite. From character {start + 1} (after “{esc(word[:start])}”), {reason}."
        if start
        else f"Not quite. At the start of the word, {reason}."
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
        st.caption("The pieces and the look-ups appear once you have answered.")
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
        "<table class='sw-table'><thead><tr><th>word</th><th>pieces</th><th>#</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS
    )
    if word_start:
        st.caption(
            "Shown with a word-start marker (seed 003): “_” marks the piece that starts a "
            "word instead of “##” marking the pieces that continue one. Same pieces, other "
            "spelling."
        )
    if len(word) > LIMITS.step_word_chars:  # every substring tried: one row each
        st.warning(word_too_long(len(word), "step_word_chars", "the look-up view"))
        return
    st.subheader(f"How “{md_escape(word)}” is looked up")
    tries, tokens = model.encode_steps(word)
    show_html(f"<p>{_explain_encoding(model, word, tries, tokens)}</p>")
    if tries:
        st.dataframe(tries_table(tries), hide_index=True, width="stretch")
    show_html(
        "<div><strong>Result:</strong> " + token_spans_html(tokens, unk=model.unk_token) + "</div>"
    )


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
        "<p>Seed 004 calls this WordPiece, but it is BPE: words end in an ordinary letter "
        "<code>_</code>, pairs are merged by <em>frequency</em>, and the vocabulary (the "
        "letters plus every merged symbol) is applied by longest <em>prefix</em> match, with "
        "no <code>##</code>. What cannot be matched becomes one <code>[UNK]</code> for the "
        "leftover, not for the whole word.</p>"
    )
    merges = st.slider("Merges", 1, 50, 10, key="wp_seed004_merges")
    model, learned = _seed004_model(corpus, merges)
    st.caption(
        f"{len(learned)} merges learned: "
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
        "<table class='sw-table'><thead><tr><th>word</th><th>longest-prefix pieces</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS
    )
