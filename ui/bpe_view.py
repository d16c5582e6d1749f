"""Everything the BPE pages show: settings, the cached trainer, step views, explanations.

The core (:mod:`subword_core.bpe`) supplies numbers; this module turns them into plain-language
sentences, altair charts, pandas tables and escaped token spans. Pages stay thin: they call
:func:`settings_panel`, :func:`train_or_explain` and one ``render_*`` function.

Example:
    >>> explain_rule("lexicographic")  # doctest: +ELLIPSIS
    'the rule <em>greatest in string order</em>...'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import pairwise

import altair as alt
import pyarrow as pa
import streamlit as st

from subword_core import tokenizer_json
from subword_core.bpe import BPEModel, BPEResult, EncodeStep, MergeStep, learn
from subword_core.corpus import MAX_COUNT, Corpus
from subword_core.errors import SubwordError
from subword_core.textbook import code
from subword_core.wordpiece import WordPieceResult
from ui.charts import (
    BAR_LIMIT,
    VALUE_LABEL_PX,
    arrow_table,
    bar_chart_properties,
    bounded_rows,
    count_axis,
    described,
    label_axis,
    show_template,
)
from ui.classroom import class_gate, merge_ask, split_ask
from ui.code_panel import code_panel
from ui.common import (
    TABLE_CSS,
    remember,
    rerun_if_retrain_requested,
    restore_widgets,
    segmentation_table_html,
    text_colour,
    tie_choices,
    tie_picker,
)
from ui.corpus_picker import decode_upload, error_text
from ui.glossary import term_html
from ui.html import (
    badge_html,
    caption_html,
    esc,
    heading_html,
    md_escape,
    show_error,
    show_html,
    show_text,
    table_details_html,
    token_spans_html,
)
from ui.i18n import current_language, translator
from ui.limits import LIMITS, PASTE_CHARS, advice, word_too_long
from ui.links import LinkParam, PageLink, kept_params, register_page, register_params
from ui.presenter import settings_box
from ui.pretok import PretokSpec
from ui.quiz import boundaries, quiz_gate, segmentation_gate
from ui.runtime.training import Training, cached_training, training_work

__all__ = [
    "LINK_SETTINGS",
    "BPESettings",
    "explain_encode_step",
    "explain_rule",
    "explain_step",
    "learned_vocabulary",
    "merge_column_label",
    "merge_table",
    "merge_table_shown",
    "pair_chart",
    "pair_chart_data",
    "pair_chart_description",
    "pair_table_html",
    "pairs_left_out",
    "quiz_verdict",
    "render_encode",
    "render_learn_step",
    "settings_panel",
    "shared_model",
    "show_pair_chart",
    "show_vocab_chart",
    "train_or_explain",
    "vocab_chart",
    "vocab_chart_data",
]

t = translator("bpe")

CHART_ROWS = BAR_LIMIT  # bars in the pair chart (ui.charts: readable at 1024 px)
TABLE_ROWS = 30
MAX_MERGES = LIMITS.merges


@dataclass(frozen=True)
class BPESettings:
    """The learning settings a student can change (shared by the BPE pages).

    >>> BPESettings().end_of_word
    '</w>'
    """

    num_merges: int = 10
    min_frequency: int = 2
    end_of_word: str = "</w>"
    attach_end_of_word: bool = False
    tie_break: str = "first-seen"


_DEFAULTS = BPESettings()
_SHADOW = "bpe__settings"  # survives page switches (widget state does not)
_NS = "bpe"  # namespace of the tie choices in session state
WIDGETS_KEY = "bpe__widgets"
WIDGET_DEFAULTS: dict[str, object] = {
    "bpe_num_merges": _DEFAULTS.num_merges,
    "bpe_min_frequency": _DEFAULTS.min_frequency,
    "bpe_marker": _DEFAULTS.end_of_word,
    "bpe_attach": _DEFAULTS.attach_end_of_word,
    "bpe_tie_break": _DEFAULTS.tie_break,
}
_TIE_RULES = ("first-seen", "lexicographic")


def _tie_label(rule: str) -> str:
    """The tie rule's option label, in the session's language."""
    if rule == "lexicographic":
        return t("Greatest in string order (subword-nmt)")
    return t("First seen in the corpus (the tutorials)")


# The link parameters this view owns (ui.links): the settings above, and the toggles and text
# of the BPE pages (drawn in pages/bpe_learn.py and pages/bpe_encode.py).
register_params(
    kept_params(
        WIDGETS_KEY,
        WIDGET_DEFAULTS,
        {
            "bpe_num_merges": ("int", 1, LIMITS.merges),
            "bpe_min_frequency": ("int", 1, MAX_COUNT),
            "bpe_marker": ("str",),
            "bpe_attach": ("bool",),
            "bpe_tie_break": ("choice", _TIE_RULES),
        },
    ),
    LinkParam("bpe_quiz", "bool"),
    LinkParam("bpe_encode_text", "str"),
    LinkParam("bpe_encode_unk", "bool"),
    LinkParam("bpe_encode_quiz", "bool"),
)
LINK_SETTINGS: tuple[str, ...] = tuple(WIDGET_DEFAULTS)
"""The link parameters of the settings panel (every BPE page's link holds them)."""
PRETOK = PretokSpec("bpe", "whitespace")
"""BPE's pre-tokenization: whitespace only, as subword-nmt expects (the learn and encode pages)."""
register_params(PRETOK.link_params())
register_page(
    "bpe_learn", PageLink((*LINK_SETTINGS, *PRETOK.keys, "bpe_quiz"), player="bpe_learn", ties=_NS)
)
register_page(
    "bpe_encode",
    PageLink(
        (*LINK_SETTINGS, *PRETOK.keys, "bpe_encode_text", "bpe_encode_unk", "bpe_encode_quiz"),
        ties=_NS,
    ),
)


def _pair(pair: tuple[str, str]) -> str:
    """A pair as escaped HTML: ``<code>e</code> + <code>s</code>``."""
    return f"<code>{esc(pair[0])}</code> + <code>{esc(pair[1])}</code>"


def _sym(symbol: str) -> str:
    return f"<code>{esc(symbol)}</code>"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    # i18n: the separator of a list ("a, b and c"): 、 in Chinese
    head = t(", ").join(items[:-1])
    return t("{items} and {last}").format(items=head, last=items[-1])


# --------------------------------------------------------------------------------------
# Settings and training
# --------------------------------------------------------------------------------------


def settings_panel(label: str | None = None, *, expanded: bool | None = None) -> BPESettings | None:
    """Draw the learning settings; return them, or ``None`` after showing what is wrong.

    The values survive page switches (:func:`ui.common.restore_widgets`).

    Args:
        label: The title of the box that holds them (:func:`ui.presenter.settings_box`;
            by default "Settings", translated).
        expanded: Whether the box starts open (by default: open unless presenting).
    """
    state = st.session_state
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)

    with settings_box(t("Settings") if label is None else label, expanded=expanded):
        c1, c2, c3, c4 = st.columns([1, 1, 1.3, 1.6])
        num_merges = c1.number_input(
            t("Number of merges"),
            step=1,
            key="bpe_num_merges",
            on_change=remember,
            args=(WIDGETS_KEY, "bpe_num_merges"),
            help=t(
                "How many merges to learn at most. Learning may stop earlier (see the last step)."
            ),
        )
        min_frequency = c2.number_input(
            t("Minimum pair count"),
            step=1,
            key="bpe_min_frequency",
            on_change=remember,
            args=(WIDGETS_KEY, "bpe_min_frequency"),
            help=t(
                "Stop when the most frequent pair occurs fewer times than this "
                "(subword-nmt's --min-frequency, default 2)."
            ),
        )
        marker = c3.text_input(
            t("End-of-word marker"),
            key="bpe_marker",
            max_chars=LIMITS.box_chars,
            on_change=remember,
            args=(WIDGETS_KEY, "bpe_marker"),
            help=t(
                "Appended to every word so that 'est' at the end of a word differs from 'est' "
                "inside one. Leave empty for no marker."
            ),
        )
        attach = c3.toggle(
            t("Glue it to the last letter"),
            key="bpe_attach",
            on_change=remember,
            args=(WIDGETS_KEY, "bpe_attach"),
            help=t(
                "Off: '</w>' is a symbol of its own (Sennrich et al. 2016, seeds 002/003). "
                "On: 'w</w>' is one symbol, as subword-nmt does."
            ),
        )
        tie_break = c4.radio(
            t("When pairs tie, merge the pair that is…"),
            list(_TIE_RULES),
            format_func=_tie_label,
            key="bpe_tie_break",
            on_change=remember,
            args=(WIDGETS_KEY, "bpe_tie_break"),
        )

    problems = []
    if num_merges is None or int(num_merges) != num_merges or num_merges < 1:
        problems.append(t("The number of merges must be a whole number of at least 1."))
    elif num_merges > MAX_MERGES:
        problems.append(
            t("At most {n} merges: more would make the trace too long.").format(n=f"{MAX_MERGES:,}")
            + " "
            + advice("merges")
        )
    if min_frequency is None or int(min_frequency) != min_frequency or min_frequency < 1:
        problems.append(t("The minimum pair count must be a whole number of at least 1."))
    if any(ch.isspace() for ch in marker):
        problems.append(t("The end-of-word marker cannot contain spaces."))
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        return None
    settings = BPESettings(int(num_merges), int(min_frequency), marker, bool(attach), tie_break)
    state[_SHADOW] = settings
    return settings


def _train(
    corpus: Corpus, settings: BPESettings, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> BPEResult:
    """Learn (once per corpus, settings and tie choices; shared by all sessions)."""
    return cached_training(
        "bpe",
        (corpus, settings, choices),
        t("Learning merges"),
        Training(
            learn,
            (corpus, settings.num_merges),
            {
                "min_frequency": settings.min_frequency,
                "end_of_word": settings.end_of_word,
                "attach_end_of_word": settings.attach_end_of_word,
                "tie_break": settings.tie_break,
                "choose": dict(choices),
            },
            work=training_work(corpus, settings.num_merges),
        ),
        max_entries=24,
    )


def shared_model(corpus: Corpus) -> tuple[BPESettings, BPEResult] | None:
    """For pages that use the model of the "learn merges" page: its settings in an expander,
    the cached training, and one line saying what was learned. ``None`` if there is none."""
    settings = settings_panel(
        t("Learning settings (shared with the “learn merges” page)"), expanded=False
    )
    if settings is None:
        return None
    result = train_or_explain(corpus, settings)
    if result is None:
        return None
    show_text(
        t.n(
            "Model: {n} merge learned from the current corpus.",
            "Model: {n} merges learned from the current corpus.",
            len(result.merges),
        ).format(n=len(result.merges)),
        small=True,
    )
    return settings, result


def train_or_explain(corpus: Corpus, settings: BPESettings) -> BPEResult | None:
    """Train (cached); on a documented error show it in the page and return ``None``."""
    choices = tie_choices(_NS, (corpus, settings))
    try:
        return _train(corpus, settings, tuple(sorted(choices.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return None


# --------------------------------------------------------------------------------------
# Words for one learning step
# --------------------------------------------------------------------------------------


def explain_rule(rule: str) -> str:
    """How a tie rule picks, in words (HTML)."""
    if rule == "lexicographic":
        return t(
            "the rule <em>greatest in string order</em> compares the tied pairs as text, "
            "as subword-nmt does, and takes the one that sorts last"
        )
    return t(
        "the rule <em>first seen</em> reads the corpus word by word, left to right, and takes "
        "the tied pair it meets first"
    )


TIES_LISTED = 6
"""How many tied pairs a step's sentence names (the rest are counted)."""


def _where(step: MergeStep) -> str:
    shown = [f"{esc(c.word)} ×{c.count}" for c in step.changed_words[:6]]
    more = step.changed_words_total - len(shown)
    if more > 0:
        shown.append(t.n("{n} more word", "{n} more words", more).format(n=f"{more:,}"))
    return _list(shown)


def explain_step(step: MergeStep, words: tuple[str, ...], total_merges: int) -> str:
    """One step in plain words, with its numbers (HTML; user text escaped)."""
    if step.merged is None:
        return _explain_stop(step)
    pair, count = step.merged, step.best_count
    parts = []
    if not step.is_tie:
        parts.append(
            t(
                "The most frequent pair of neighbouring symbols is {pair}: it occurs "
                "<strong>{count}</strong> times (in {where}). No other pair is as frequent."
            ).format(pair=_pair(pair), count=count, where=_where(step))
        )
    else:
        # a few of the tied pairs, the merged one among them: the sentence stays short enough
        # for the chart to start on the first screen (all are in the chart and the tie box)
        listed = list(step.tied[:TIES_LISTED])
        if pair not in listed:
            listed = [pair, *step.tied[: TIES_LISTED - 1]]
        tied = [_pair(p) for p in listed]
        if step.ties_total > len(listed):
            tied.append(t("{n} more pairs").format(n=f"{step.ties_total - len(listed):,}"))
        parts.append(
            t("{pairs} all occur <strong>{count}</strong> times: a tie between {n} pairs.").format(
                pairs=_list(tied), count=count, n=f"{step.ties_total:,}"
            )
        )
        if step.rule == "chosen":
            parts.append(t("You chose {pair} among them.").format(pair=_pair(pair)))
        else:
            first = next(pc for pc in step.pair_counts if pc.pair == pair)
            if step.rule == "first-seen":
                sentence = t("To break it, {rule}: {pair}, first met in “{word}”.").format(
                    rule=explain_rule(step.rule),
                    pair=_pair(pair),
                    word=esc(words[first.first_seen[0]]),
                )
            else:
                sentence = t("To break it, {rule}: {pair}.").format(
                    rule=explain_rule(step.rule), pair=_pair(pair)
                )
            parts.append(sentence)
    parts.append(
        t("Every occurrence is merged into the new symbol {symbol}.").format(
            symbol=_sym(step.merged_symbol or "")
        )
    )
    parts.append(_explain_vocab(step))
    if step.stop_reason == "num_merges":
        parts.append(t("This was the last of the {n} merges you asked for.").format(n=total_merges))
    return " ".join(parts)


def _explain_vocab(step: MergeStep) -> str:
    """The merge's effect on the symbols in the corpus (seed 000's +1 / 0 / −1), HTML."""
    before = step.vocab_size - step.vocab_delta
    bits = []
    if step.vocab_added:
        bits.append(t("{symbol} is added").format(symbol=_sym(step.vocab_added[0])))
    else:
        bits.append(
            t("{symbol} already existed, so nothing is added").format(
                symbol=_sym(step.merged_symbol or "")
            )
        )
    if step.vocab_removed:
        gone = _list([_sym(s) for s in step.vocab_removed])
        bits.append(
            t.n(
                "{symbols} vanishes: every occurrence was part of the merged pair",
                "{symbols} vanish: every occurrence was part of the merged pair",
                len(step.vocab_removed),
            ).format(symbols=gone)
        )
    sign = f"{step.vocab_delta:+d}" if step.vocab_delta else "0"
    learned = (
        t("the learned vocabulary gains it (+1)")
        if step.vocab_added
        else t("the learned vocabulary already has it (+0)")
    )
    return t(
        "Symbols in the corpus: {changes}, so their number changes by "
        "<strong>{sign}</strong> ({before} → {after} symbols); {learned}."
    ).format(
        changes=t("; ").join(bits),
        sign=sign,
        before=before,
        after=step.vocab_size,
        learned=learned,
    )


def _explain_stop(step: MergeStep) -> str:
    if step.stop_reason == "no_pairs":
        return t(
            "<strong>Stop.</strong> Every word is now a single symbol, so there is no pair of "
            "neighbouring symbols left to merge."
        )
    best = step.pair_counts[0] if step.pair_counts else None
    pair = _pair(best.pair) if best else t("the best pair")
    return t.n(
        "<strong>Stop.</strong> The most frequent pair, {pair}, occurs only "
        "<strong>{count}</strong> time, fewer than the minimum pair count "
        "<strong>{minimum}</strong>. Learning ends after {merges} merges.",
        "<strong>Stop.</strong> The most frequent pair, {pair}, occurs only "
        "<strong>{count}</strong> times, fewer than the minimum pair count "
        "<strong>{minimum}</strong>. Learning ends after {merges} merges.",
        step.best_count,
    ).format(pair=pair, count=step.best_count, minimum=step.min_frequency, merges=step.number - 1)


# --------------------------------------------------------------------------------------
# Data for charts and tables (tested directly: AppTest cannot see inside altair charts)
# --------------------------------------------------------------------------------------


def pair_chart_data(step: MergeStep, limit: int = CHART_ROWS) -> pa.Table:
    """One row per pair shown in the step's count chart, best first: at most ``limit``.

    Columns ``rank``, ``pair``, ``count``, ``status`` (merged, tied or other), ``label`` (the
    text next to the bar) and ``full`` (the pair in full, for the tooltip; a page may add
    more to it than the bar's label shows). The merged pair is always drawn, also when more
    than ``limit`` pairs tie with it; :func:`pairs_left_out` counts the pairs not drawn.

    >>> from subword_core.bpe import learn
    >>> table = pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0])
    >>> first = table.to_pylist()[0]
    >>> first["pair"], first["status"], first["count"]
    ('l + o', 'merged', 7)
    """
    tied = set(step.tied)
    drawn, _ = bounded_rows(step.pair_counts, limit, keep=lambda pc: pc.pair == step.merged)
    rows = []
    for rank, pc in enumerate(drawn, start=1):
        if pc.pair == step.merged:
            status, label = "merged", t("{count} ★ merged").format(count=pc.count)
        elif pc.pair in tied:
            status, label = "tied", t("{count} tie").format(count=pc.count)
        else:
            status, label = "other", str(pc.count)
        pair = f"{pc.pair[0]} + {pc.pair[1]}"
        rows.append(
            {
                "rank": rank,
                "pair": pair,
                "count": pc.count,
                "status": status,
                "label": label,
                "full": pair,
            }
        )
    return arrow_table(rows, ["rank", "pair", "count", "status", "label", "full"])


def pairs_left_out(step: MergeStep, drawn: int) -> int:
    """How many of the step's pairs the chart does not draw when it draws ``drawn``.

    >>> from subword_core.bpe import learn
    >>> step = learn({"low": 5, "lower": 2}, 1).steps[0]
    >>> step.pairs_total, pairs_left_out(step, 2)
    (6, 4)
    """
    return max(step.pairs_total - drawn, 0)


def pair_chart(text: str, lang: str = "en") -> alt.LayerChart:
    """The pair-count bar chart, a template (see :mod:`ui.charts`); ``text``: label colour.

    ``lang`` is the language of its titles and description (a template is built once per
    arguments, so the language must be one of them); they are translated when it is built.

    Its data: ``pairs`` (rows of :func:`pair_chart_data`) and ``threshold`` (one row,
    ``min``: the minimum pair count, drawn as a dashed line). No legend: the label next to
    each bar says "★ merged" or "tie", and the caption names the colours after those marks.

    >>> spec = pair_chart("#31333f").to_dict(validate=False)
    >>> spec["data"], spec["layer"][2]["data"]  # the bars and their labels share pairs
    ({'name': 'pairs'}, {'name': 'threshold'})
    """
    colour = alt.Color(
        "status:N",
        scale=alt.Scale(
            domain=["merged", "tied", "other"], range=["#d62728", "#ff9f1c", "#8c8c8c"]
        ),
        legend=None,
    )
    base = alt.Chart(alt.NamedData("pairs")).encode(
        y=alt.Y(
            "pair:N",
            sort=alt.EncodingSortField(field="rank", op="min", order="ascending"),
            title=None,
            axis=label_axis(),
        ),
        x=alt.X("count:Q", axis=count_axis(t("times the pair occurs"))),
        tooltip=[
            alt.Tooltip("full:N", title=t("pair")),
            alt.Tooltip("count:Q", title=t("count")),
            alt.Tooltip("label:N", title=t("status")),
        ],
    )
    bars = base.mark_bar(stroke="currentColor", strokeWidth=0.5).encode(color=colour)
    labels = base.mark_text(
        align="left", dx=4, fontSize=13, color=text, limit=VALUE_LABEL_PX
    ).encode(text="label:N")
    rule = (
        alt.Chart(alt.NamedData("threshold"))
        .mark_rule(strokeDash=[4, 4])
        .encode(x="min:Q", tooltip=[alt.Tooltip("min:Q", title=t("minimum pair count"))])
    )
    return described(
        bars + labels + rule,
        t(
            "Bar chart: how often each pair of neighbouring symbols occurs in the corpus, most "
            "frequent first; the merged pair is marked ★ merged, pairs tied with it are marked "
            "tie."
        ),
    )


def pair_chart_description(pairs: pa.Table, min_frequency: int, left_out: int = 0) -> str:
    """What one drawing of :func:`pair_chart` shows, in words (read by screen readers).

    >>> from subword_core.bpe import learn
    >>> pairs = pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0])
    >>> print(pair_chart_description(pairs, 2))  # doctest: +NORMALIZE_WHITESPACE
    Bar chart of pair counts: 6 pairs, most frequent first. Merged: l + o, 7 times.
    1 other pair tied with it. The dashed line marks the minimum pair count, 2.
    """
    rows = pairs.select(["pair", "count", "status"]).to_pylist()
    merged = [r for r in rows if r["status"] == "merged"]
    tied = sum(r["status"] == "tied" for r in rows)
    if left_out:
        text = t(
            "Bar chart of pair counts: {n} pairs (and {more} more, not drawn), most frequent first."
        ).format(n=f"{len(rows):,}", more=f"{left_out:,}")
    else:
        text = t("Bar chart of pair counts: {n} pairs, most frequent first.").format(
            n=f"{len(rows):,}"
        )
    if merged:
        text += " " + t("Merged: {pair}, {count} times.").format(
            pair=merged[0]["pair"], count=f"{merged[0]['count']:,}"
        )
    if tied:
        text += " " + t.n(
            "{n} other pair tied with it.", "{n} other pairs tied with it.", tied
        ).format(n=f"{tied:,}")
    return (
        text
        + " "
        + t("The dashed line marks the minimum pair count, {n}.").format(n=f"{min_frequency:,}")
    )


def pair_table_html(pairs: pa.Table) -> str:
    """The numbers of :func:`pair_chart` as a folded table (the chart's text alternative).

    >>> from subword_core.bpe import learn
    >>> html_ = pair_table_html(pair_chart_data(learn({"low": 5, "lower": 2}, 1).steps[0]))
    >>> "<td>1</td><td>l + o</td><td>7</td><td>★ merged</td>" in html_
    True
    """
    marks = {"merged": t("★ merged"), "tied": t("tie"), "other": ""}
    rows = [
        (r["rank"], r["pair"], r["count"], marks.get(r["status"], r["status"]))
        for r in pairs.select(["rank", "pair", "count", "status"]).to_pylist()
    ]
    return table_details_html(
        t("Show the pair counts as a table"),
        [t("rank"), t("pair"), t("count"), t("status")],
        rows,
        caption=t("Pair counts, as in the chart"),
    )


def show_pair_chart(pairs: pa.Table, min_frequency: int, left_out: int = 0) -> None:
    """Draw :func:`pair_chart` for the rows ``pairs`` of :func:`pair_chart_data`.

    ``left_out``: how many pairs are not drawn (:func:`pairs_left_out`), said below the bars.
    """
    show_template(
        pair_chart,
        (text_colour(), current_language()),
        {"pairs": pairs, "threshold": {"min": [min_frequency]}},
        properties=bar_chart_properties(pairs.num_rows, left_out, t("more pairs, not drawn")),
        description=pair_chart_description(pairs, min_frequency, left_out),
        width="stretch",
    )


def vocab_chart_data(result: BPEResult) -> pa.Table:
    """Vocabulary size after every step (step 0 = before any merge).

    Columns ``step``, ``symbols`` and ``change``.

    >>> from subword_core.bpe import learn
    >>> vocab_chart_data(learn({"low": 5, "lower": 2}, 2))["symbols"].to_pylist()
    [6, 5, 4]
    """
    rows = [{"step": 0, "symbols": len(result.initial_vocab), "change": 0}]
    for step in result.steps:
        if step.merged is not None:
            rows.append(
                {"step": step.number, "symbols": step.vocab_size, "change": step.vocab_delta}
            )
    return arrow_table(rows, ["step", "symbols", "change"])


def vocab_chart(lang: str = "en") -> alt.LayerChart:
    """Vocabulary size over the merges, a template (see :mod:`ui.charts`), its titles in
    ``lang`` (see :func:`pair_chart`).

    Its data: ``vocab`` (rows of :func:`vocab_chart_data`) and ``now`` (one row, ``step``:
    the current step, drawn as a red rule).

    >>> spec = vocab_chart().to_dict(validate=False)
    >>> [layer["data"]["name"] for layer in spec["layer"]]
    ['vocab', 'now']
    """
    line = (
        alt.Chart(alt.NamedData("vocab"))
        .mark_line(point=True)
        .encode(
            x=alt.X("step:Q", axis=count_axis(t("merge"))),
            y=alt.Y(
                "symbols:Q", scale=alt.Scale(zero=False), axis=count_axis(t("distinct symbols"))
            ),
            tooltip=[
                alt.Tooltip("step:Q", title=t("merge")),
                alt.Tooltip("symbols:Q", title=t("distinct symbols")),
                alt.Tooltip("change:Q", title=t("change")),
            ],
        )
    )
    now = alt.Chart(alt.NamedData("now")).mark_rule(color="#d62728").encode(x="step:Q")
    return described(
        (line + now).properties(height=220),
        t(
            "Line chart: how many distinct symbols the corpus holds after each merge (merge 0: "
            "the characters); a vertical line marks the current step. Each merge's change is in "
            "the merge table's last column."
        ),
    )


def show_vocab_chart(vocab: pa.Table, current: int) -> None:
    """Draw :func:`vocab_chart` for the rows ``vocab`` of :func:`vocab_chart_data`."""
    show_template(
        vocab_chart,
        (current_language(),),
        {"vocab": vocab, "now": {"step": [current]}},
        width="stretch",
    )


MERGE_COLUMNS = (
    "merge", "left", "right", "new symbol", "count", "tie", "chosen by", "corpus symbols ±"
)  # fmt: skip


def merge_table(result: BPEResult, upto: int) -> pa.Table:
    """The merges learned in steps 1..upto, as the merge table (the model) so far.

    Columns: :data:`MERGE_COLUMNS`.

    >>> from subword_core.bpe import learn
    >>> merge_table(learn({"low": 5, "lower": 2}, 2), 2)["new symbol"].to_pylist()
    ['lo', 'low']
    """
    rows = [
        {
            "merge": s.number,
            "left": s.merged[0],
            "right": s.merged[1],
            "new symbol": s.merged_symbol,
            "count": s.best_count,
            "tie": "yes" if s.is_tie else "",
            "chosen by": {"unique": "most frequent", "chosen": "you"}.get(s.rule, s.rule),
            "corpus symbols ±": f"{s.vocab_delta:+d}",
        }
        for s in result.steps[:upto]
        if s.merged is not None
    ]
    return arrow_table(rows, MERGE_COLUMNS)


def merge_column_label(name: str) -> str:
    """A column of :data:`MERGE_COLUMNS` as the student reads it (the data keeps the English).

    >>> merge_column_label("new symbol"), merge_column_label("no such column")
    ('new symbol', 'no such column')
    """
    labels = {
        "merge": t("merge"),
        "left": t("left"),
        "right": t("right"),
        "new symbol": t("new symbol"),
        "count": t("count"),
        "tie": t("tie"),
        "chosen by": t("chosen by"),
        "corpus symbols ±": t("corpus symbols ±"),
    }
    return labels.get(name, name)


def _chosen_by_label(value: str) -> str:
    labels = {
        "most frequent": t("most frequent"),
        "you": t("you"),
        # i18n: the tie rule "first seen in the corpus" (a merge table cell)
        "first-seen": t("first-seen"),
        # i18n: the tie rule "greatest in string order" (a merge table cell)
        "lexicographic": t("lexicographic"),
    }
    return labels.get(value, value)


def merge_table_shown(table: pa.Table) -> pa.Table:
    """A :func:`merge_table` as shown on the page: headers and words in the session's language.

    The table itself (exports, tests) keeps its English columns; in English this returns it
    with the same headers and values.

    >>> from subword_core.bpe import learn
    >>> shown = merge_table_shown(merge_table(learn({"low": 5, "lower": 2}, 2), 2))
    >>> shown.column_names[:4], shown["chosen by"].to_pylist()
    (['merge', 'left', 'right', 'new symbol'], ['first-seen', 'most frequent'])
    """
    if "tie" in table.column_names:
        at = table.schema.get_field_index("tie")
        table = table.set_column(
            at, "tie", pa.array([t("yes") if v else "" for v in table["tie"].to_pylist()])
        )
    if "chosen by" in table.column_names:
        at = table.schema.get_field_index("chosen by")
        chosen = [_chosen_by_label(v) for v in table["chosen by"].to_pylist()]
        table = table.set_column(at, "chosen by", pa.array(chosen, type=pa.string()))
    return table.rename_columns([merge_column_label(c) for c in table.column_names])


def corpus_rows(
    result: BPEResult | WordPieceResult, step: int
) -> list[tuple[str, int, tuple[str, ...], bool]]:
    """``(word, count, symbols, changed at this step)`` for the words to show after ``step``.

    The tracked words (all of a small corpus, the most frequent of a large one), plus the
    words the step changed that are not tracked (its ``changed_words``): on a large corpus
    a late merge often changes only rare words. At most ``TABLE_ROWS``, the changed first.

    >>> from subword_core.bpe import learn
    >>> corpus_rows(learn({"low": 5, "lower": 2}, 1), 1)[0]
    ('low', 5, ('lo', 'w', '</w>'), True)
    >>> result = learn({"ab": 9, "cd": 1}, 2, min_frequency=1, end_of_word="", history_limit=1)
    >>> [(word, symbols, changed) for word, _, symbols, changed in corpus_rows(result, 2)]
    [('cd', ('cd',), True), ('ab', ('ab',), False)]
    """
    words, counts = result.corpus.words, result.corpus.counts
    changed_now = result.changed_at(step)
    rows = [
        (words[i], counts[i], symbols, i in changed_now)
        for i, symbols in result.segmentation_at(step)
    ]
    shown = {words[i] for i in result.history}
    extra = []
    if 1 <= step <= len(result.steps):
        extra = [
            (c.word, c.count, tuple(c.after), True)
            for c in result.steps[step - 1].changed_words[:TABLE_ROWS]
            if c.word not in shown
        ]
    if extra or len(rows) > TABLE_ROWS:
        # a large corpus: the words this step changed first, then the most frequent others
        rows = sorted(rows + extra, key=lambda r: (not r[3], -r[1]))[:TABLE_ROWS]
    return rows


# --------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------


def quiz_verdict(step: MergeStep, picked: tuple[str, str]) -> tuple[bool, str]:
    """Right or wrong, and why, for a student's guess of the pair ``step`` merges (HTML).

    Every pair tied with the highest count is a right answer: the explanation names the tie
    and the rule that picked the merged pair. A wrong answer's explanation does not name the
    merged pair, so the student can guess again.

    >>> from subword_core.bpe import learn
    >>> step = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 1).steps[0]
    >>> [quiz_verdict(step, p)[0] for p in [("l", "o"), ("e", "s"), ("s", "t")]]
    [False, True, True]
    """
    counts = {pc.pair: pc.count for pc in step.pair_counts}
    merged = step.merged or ("", "")
    best = step.best_count
    others = t.n("{n} other pair", "{n} other pairs", step.ties_total - 1).format(
        n=f"{step.ties_total - 1:,}"
    )
    if picked == merged:
        if step.rule == "chosen":
            return True, t(
                "Right: {pair} occurs {count} times, tied with {others}, and it is the tied "
                "pair you chose earlier."
            ).format(pair=_pair(merged), count=best, others=others)
        if step.is_tie:
            return True, t(
                "Right: {pair} occurs {count} times, tied with {others}; {rule}, and that is "
                "{pair}. Any of the tied pairs would have been a right answer."
            ).format(pair=_pair(merged), count=best, others=others, rule=explain_rule(step.rule))
        return True, t("Right: {pair} occurs {count} times, more than any other pair.").format(
            pair=_pair(merged), count=best
        )
    if picked in step.tied or counts.get(picked) == best:
        if step.rule == "chosen":
            rule = t("You chose {pair} for this step earlier, so that is the one merged.").format(
                pair=_pair(merged)
            )
        else:
            rule = t(
                "To break the tie, {rule}, and that is {pair}, so this step merges it."
            ).format(rule=explain_rule(step.rule), pair=_pair(merged))
        return True, t(
            "Right too: {picked} occurs {count} times, as often as {pair}: {n} pairs tie for "
            "the highest count, and each of them is a right answer. {why} Your pick is just as "
            "right: to merge it instead, choose it in the tie box below."
        ).format(
            picked=_pair(picked),
            count=best,
            pair=_pair(merged),
            n=f"{step.ties_total:,}",
            why=rule,
        )
    if step.is_tie:
        top = t("{n} pairs occur {count} times, more often than any other pair.").format(
            n=f"{step.ties_total:,}", count=best
        )
    else:
        top = t("another pair occurs {count} times, more often than any other.").format(count=best)
    if picked in counts:
        return False, t("Not this one: {pair} occurs {times} times, but {top}").format(
            pair=_pair(picked), times=counts[picked], top=top
        )
    return False, t("Not this one: {pair} occurs less often, but {top}").format(
        pair=_pair(picked), top=top
    )


def _hidden_step(result: BPEResult, step: MergeStep, corpus: Corpus, *, quiz: bool) -> bool:
    """Draw the corpus before ``step`` while its question is open (the quiz, a live class).

    True when the step is hidden, so the caller draws nothing more.
    """
    options = [pc.pair for pc in step.pair_counts[:12]]
    # a live class's question (ui.classroom): hidden until the teacher reveals it
    shown = step.merged is None or class_gate(
        merge_ask("bpe_learn", step.number, options, partial(quiz_verdict, step))
    )
    if (quiz or not shown) and step.merged is not None:
        settings: BPESettings = st.session_state.get(_SHADOW, _DEFAULTS)
        if not shown or not quiz_gate(
            _NS, (corpus, settings), step.number, options, partial(quiz_verdict, step)
        ):
            if step.number == 1:
                st.markdown(t("**The corpus at the start**"))
            else:
                st.markdown(t("**The corpus after merge {n}**").format(n=step.number - 1))
            show_html(
                segmentation_table_html(
                    [(w, c, s, False) for w, c, s, _ in corpus_rows(result, step.number - 1)],
                    None,
                    marker=result.model.end_of_word or None,
                    # i18n: the corpus table's column in quiz mode: the step is not done yet
                    heading=t("segmentation before this step"),
                )
            )
            return True
    return False


def _pair_counts_column(step: MergeStep) -> None:
    """The left column of a learning step: the pair counts' chart and table."""
    st.markdown(t("**Pair counts before merge {n}**").format(n=f"{step.number:d}"))
    pairs = pair_chart_data(step)
    if pairs.num_rows == 0:
        st.info(t("No pairs: every word is a single symbol."))
        caption = ""
    else:
        drawn = pairs.num_rows
        left_out = pairs_left_out(step, drawn)
        show_pair_chart(pairs, step.min_frequency, left_out)
        shown = (
            t("The {drawn} most frequent of {total} pairs (+{more} more not drawn).").format(
                drawn=drawn, total=f"{step.pairs_total:,}", more=f"{left_out:,}"
            )
            if left_out
            else t("All {n} pairs.").format(n=step.pairs_total)
        )
        caption = caption_html(
            shown
            + " "
            + t(
                "★ merged (red bar); tie: tied with it (orange); dashed line: the minimum "
                "pair count."
            )
        ) + pair_table_html(pairs)
    if caption:
        show_html(caption)


def _corpus_column(result: BPEResult, step: MergeStep, corpus: Corpus) -> None:
    """The right column of a learning step: the corpus after it and the vocabulary's size."""
    heading = (
        t("The corpus after merge {n}").format(n=step.number)
        if step.merged
        else t("The corpus after the last merge")
    )
    rows = corpus_rows(result, step.number)
    more = ""
    if len(corpus) > len(rows):
        more = caption_html(
            t(
                "Showing {shown} of {total} words: those this merge changed first, then the "
                "most frequent."
            ).format(shown=len(rows), total=len(corpus))
        )
    show_html(
        heading_html(heading)
        + segmentation_table_html(
            rows,
            step.merged_symbol,
            marker=result.model.end_of_word or None,
        )
        + more
        + heading_html(t("Symbols in the corpus after each merge"))
    )
    show_vocab_chart(vocab_chart_data(result), step.number)
    show_html(_two_vocabularies_html(result, step.number))


def render_learn_step(
    result: BPEResult, step_number: int, corpus: Corpus, *, quiz: bool = False
) -> None:
    """Draw one learning step: the sentence, counts, words, merges and vocabulary.

    With ``quiz`` on, the step stays hidden until the student has guessed its pair.
    """
    rerun_if_retrain_requested(_NS)
    step = result.steps[step_number - 1]
    if _hidden_step(result, step, corpus, quiz=quiz):
        return
    words = corpus.words
    title = (
        t("Merge {n}: {pair} → {symbol}").format(
            n=step.number, pair=_pair(step.merged), symbol=_sym(step.merged_symbol or "")
        )
        if step.merged
        else t("Step {n}: learning stops").format(n=step.number)
    )
    badges = []
    if step.is_tie:
        badges.append(badge_html(t("tie × {n}").format(n=f"{step.ties_total:,}"), "warning"))
    if step.merged is not None:
        kind = "success" if step.vocab_delta > 0 else "info" if step.vocab_delta == 0 else "error"
        badges.append(
            badge_html(
                t("symbols in the corpus {change}").format(change=f"{step.vocab_delta:+d}"), kind
            )
        )
    show_html(
        f"<h3 style='margin:.2em 0'>{title} {' '.join(badges)}</h3>"
        f"<p class='sw-text' style='font-size:1.08em'>"
        f"{explain_step(step, words, result.steps[-1].number)}</p>"
    )
    tie_break = st.session_state.get(_SHADOW, _DEFAULTS).tie_break
    code_panel(code.bpe_merge(result, step.number, tie_break))

    # subtle: one row of two columns, with headings and captions inside the HTML blocks
    # next to them where they can go. Every element is a message to the browser and costs
    # server time at each step change of each session (scripts/load_ws.py).
    left, right = st.columns([1, 1.15])
    with left:
        _pair_counts_column(step)
    with right:
        _corpus_column(result, step, corpus)
    if step.is_tie and step.merged is not None:
        settings = st.session_state.get(_SHADOW, _DEFAULTS)
        tie_picker(_NS, (corpus, settings), step.number, step.tied, step.merged)

    show_html(heading_html(t("Merge table so far (this is the model)")))
    st.dataframe(
        merge_table_shown(merge_table(result, step.number)), hide_index=True, width="stretch"
    )


def learned_vocabulary(result: BPEResult, step: int) -> list[str]:
    """The learned vocabulary after ``step`` steps: the alphabet, then each merge's new symbol.

    It grows by one per merge (seed 003's list; seed 004's ``vocabs``), unlike the symbols
    present in the corpus (:meth:`BPEResult.vocab_at`, seed 000's +1 / 0 / −1).

    >>> from subword_core.bpe import learn
    >>> result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 2)
    >>> len(learned_vocabulary(result, 2)), len(result.vocab_at(2))
    (13, 10)
    """
    vocab = dict.fromkeys(result.initial_vocab)
    for s in result.steps[:step]:
        if s.merged_symbol is not None:
            vocab[s.merged_symbol] = None
    return list(vocab)


def _two_vocabularies_html(result: BPEResult, step: int) -> str:
    """Both lists a BPE page calls a vocabulary, named, counted and told apart (HTML)."""
    marker = result.model.end_of_word or None
    learned = learned_vocabulary(result, step)
    present = result.vocab_at(step)
    alphabet = len(result.initial_vocab)

    def listed(symbols: list[str], highlight: list[int]) -> str:
        shown = symbols[:120]
        rest = (
            t(" … and {n} more").format(n=len(symbols) - len(shown))
            if len(symbols) > len(shown)
            else ""
        )
        keep = [i for i in highlight if i < len(shown)]
        return token_spans_html(shown, marker=marker, highlight=keep) + esc(rest)

    last = result.steps[step - 1].merged_symbol if step else None
    new = [len(learned) - 1] if last is not None and learned[-1] == last else []
    gone = len(learned) - len(present)
    why = (
        " "
        + t.n(
            "{n} learned symbol is no longer in the corpus: each time, every occurrence was "
            "inside a merged pair. Encoding can still produce them (a new word may need them), "
            "so the model keeps them.",
            "{n} learned symbols are no longer in the corpus: each time, every occurrence was "
            "inside a merged pair. Encoding can still produce them (a new word may need them), "
            "so the model keeps them.",
            gone,
        ).format(n=gone)
        if gone > 0
        else ""
    )
    learned_line = t(
        "{name}: {n} symbols = the {alphabet_size} of the {alphabet} + one per merge (it only "
        "grows, as seed 003 prints it):"
    ).format(
        name=f"<strong>{term_html('learned-vocabulary', t('Learned vocabulary'))}</strong>",
        n=len(learned),
        alphabet_size=alphabet,
        alphabet=term_html("alphabet", t("alphabet")),
    )
    present_line = t(
        "{name}: {n} (each merge changes this by +1, 0 or −1, as seed 000 explains)."
    ).format(
        name=f"<strong>{term_html('corpus-symbols', t('Symbols in the corpus'))}</strong>",
        n=len(present),
    )
    return (
        f"<div class='sw-small' style='margin-top:.4em'>{learned_line}</div>"
        + listed(learned, new)
        + f"<div class='sw-small' style='margin-top:.4em'>{present_line}{why}</div>"
        + listed(present, [])
    )


# --------------------------------------------------------------------------------------
# Encoding
# --------------------------------------------------------------------------------------


def explain_encode_step(step: EncodeStep) -> str:
    """One iteration of priority encoding in words (HTML)."""
    known = [(rank, pair) for pair, rank in step.pairs if rank is not None]
    if step.merged is None:
        if not step.pairs:
            return t("The word is a single symbol: nothing to merge. Done.")
        if len(step.pairs) == 1:
            return t("The only pair left was never learned, so encoding stops.")
        return t("None of the {n} pairs left was ever learned, so encoding stops.").format(
            n=len(step.pairs)
        )
    others = len(known) - 1
    tail = (
        t("It has the lowest merge number of the {n} learned pairs present.").format(n=len(known))
        if others
        else t("It is the only learned pair present.")
    )
    merged = t.n(
        "It is merged once (left to right), giving {symbol}.",
        "It is merged {n} times (left to right), giving {symbol}.",
        len(step.positions),
    ).format(n=len(step.positions), symbol=_sym("".join(step.merged)))
    return (
        t("{pair} was learned as merge <strong>#{rank}</strong>.").format(
            pair=_pair(step.merged), rank=step.rank
        )
        + f" {tail} {merged}"
    )


def _encode_step_html(step: EncodeStep, marker: str | None, unk: str | None) -> str:
    """One iteration of priority encoding as a bordered block (HTML)."""
    merged = "".join(step.merged) if step.merged else None
    pairs = []
    for pair, rank in step.pairs:
        style = "font-weight:700;text-decoration:underline" if pair == step.merged else ""
        number = f"#{rank}" if rank is not None else t("not learned")
        pairs.append(
            f"<span style='white-space:nowrap;{style}'>{_pair(pair)} "
            f"<small>({number})</small></span>"
        )
    after = ""
    if merged is not None:
        highlight = [i for i, s in enumerate(step.result) if s == merged]
        spans = token_spans_html(
            step.result,
            highlight=highlight,
            marker=marker,
            unk=unk,
            highlight_label=t("merged"),
        )
        after = f"<div>→ {spans}</div>"
    return (
        "<div style='border-left:3px solid rgba(128,128,128,.5);padding:.2em .8em;margin:.4em 0'>"
        f"<div><strong>{t('Iteration {n}.').format(n=step.number)}</strong> "
        f"{token_spans_html(step.symbols, marker=marker, unk=unk)}</div>"
        "<div class='sw-small'>"
        f"{t('Pairs present: {pairs}').format(pairs=t('; ').join(pairs) or '—')}</div>"
        f"<div>{explain_encode_step(step)}</div>{after}</div>"
    )


def imported_model() -> BPEModel | None:
    """A model trained elsewhere: a subword-nmt codes file or a BPE ``tokenizer.json``.

    Pasted or uploaded; the format is recognised by the first character (``{`` for JSON).
    Returns ``None`` after saying what is missing or wrong (the pasted text is kept).
    """
    st.text_area(
        t("Paste a subword-nmt codes file (one merge “left right” per line) or a tokenizer.json"),
        key="bpe_codes_text",
        max_chars=PASTE_CHARS,
        height=150,
        placeholder="#version: 0.2\ne s\nes t</w>\nl o",
    )
    upload = st.file_uploader(
        t("…or upload one"),
        type=["txt", "codes", "bpe", "json"],
        key="bpe_codes_upload",
        max_upload_size=20,
    )
    text = st.session_state.get("bpe_codes_text") or ""
    name = t("the pasted text")
    if upload is not None:
        try:
            text, _ = decode_upload(upload.getvalue())
        except SubwordError as err:
            show_text(error_text(err))
            return None
        name = upload.name
    if not text.strip():
        st.info(t("Paste or upload a codes file or a tokenizer.json to use its merges here."))
        return None
    is_json = text.lstrip().startswith("{")
    try:
        model = tokenizer_json.bpe_from_json(text) if is_json else BPEModel.from_codes(text)
    except SubwordError as err:
        st.error(
            t("This is not a BPE tokenizer.json yet:")
            if is_json
            else t("This is not a codes file yet:")
        )
        show_text(error_text(err))
        return None
    marker = (
        t("the marker {marker} glued to the last letter").format(marker=model.end_of_word)
        if model.attach_end_of_word and model.end_of_word
        else t("the marker {marker} as a symbol of its own").format(marker=model.end_of_word)
        if model.end_of_word
        else t("no end-of-word marker")
    )
    read = (
        t("Read {name} as a tokenizer.json: {n} merges, {marker}.")
        if is_json
        else t("Read {name} as a codes file: {n} merges, {marker}.")
    )
    show_text(read.format(name=name, n=f"{len(model.merges):,}", marker=marker), small=True)
    return model


def _pieces(tokens: list[str]) -> str:
    return " ".join(f"<code>{esc(t)}</code>" for t in tokens)


def segmentation_verdict(model: BPEModel, word: str, guess: list[str]) -> tuple[bool, str]:
    """Right or wrong, and why, for a student's typed segmentation of ``word`` (HTML).

    The guess is compared without end-of-word markers (typing them is allowed). When it is
    wrong, the reason is the first merge that joins across one of the student's boundaries,
    or the pair of final tokens that no learned merge joins; it does not give the tokens away,
    so the student can guess again.

    >>> model = BPEModel((("l", "o"), ("lo", "w"), ("e", "s")))
    >>> segmentation_verdict(model, "lowes", ["low", "es"])[0]
    True
    >>> right, why = segmentation_verdict(model, "lowes", ["lo", "wes"])
    >>> right, "merge 2" in why
    (False, True)
    """
    tokens = model.encode(word)
    expected = model.strip_marker(tokens)
    typed = model.strip_marker(guess)
    if typed == expected:
        used = [s for s in model.encode_steps(word) if s.merged is not None]
        how = t(", ").join(
            t("{pair} (merge {rank})").format(pair=_pair(s.merged), rank=s.rank)
            for s in used
            if s.merged
        )
        return True, (
            t("Right: {pieces}.").format(pieces=_pieces(expected))
            + (
                " "
                + t("The merges applied, in the order they were learned: {merges}.").format(
                    merges=how
                )
                if how
                else ""
            )
        )
    if model.unk_token and model.unk_token in tokens:
        return False, t(
            "Not quite: characters never seen in training become {unk}, and no merge involves them."
        ).format(unk=f"<code>{esc(model.unk_token)}</code>")
    if "".join(typed) != word:
        return False, t(
            "Your pieces spell “{typed}”, not “{word}”. Type the word's letters with spaces "
            "where you expect the token boundaries."
        ).format(typed=esc("".join(typed)), word=esc(word))
    cuts = boundaries(typed)
    marker = model.end_of_word

    def width(symbol: str) -> int:
        return len(symbol) - (len(marker) if marker and symbol.endswith(marker) else 0)

    for step in model.encode_steps(word):
        if step.merged is None:
            break
        offsets = [0]
        for symbol in step.symbols:
            offsets.append(offsets[-1] + width(symbol))
        crossed = [offsets[i + 1] for i in step.positions if offsets[i + 1] in cuts]
        if crossed:
            left = word[: crossed[0]]
            return False, t(
                "Not quite. At iteration {n} the learned pair with the lowest merge number is "
                "{pair} (merge {rank}); it joins across your boundary after “{left}”, so those "
                "two pieces cannot stay apart. BPE does not look for a good split: it replays "
                "the merges in the order they were learned."
            ).format(n=step.number, pair=_pair(step.merged), rank=step.rank, left=esc(left))
    # no merge crossed a boundary of the guess: the model stopped earlier than the guess
    offset = 0
    for left, right in pairwise(tokens):
        offset += width(left)
        if 0 < offset < len(word) and offset not in cuts:
            return False, t(
                "Not quite. Your pieces need {pair} to be merged, but that pair was never "
                "learned, so encoding stops with them apart."
            ).format(pair=_pair((left, right)))
    return False, t("Not quite: the model gives {pieces}.").format(  # pragma: no cover
        pieces=_pieces(expected)
    )


def _encode_hidden(model: BPEModel, word: str, *, quiz: bool) -> bool:
    """Ask how ``word`` splits (the quiz, a live class's question); True while unanswered."""
    if quiz and not segmentation_gate(
        "bpe_encode",
        model,
        word,
        lambda guess: segmentation_verdict(model, word, guess),
        hint=" ".join(word[i : i + 2] for i in range(0, len(word), 2)),
    ):
        st.caption(t("The tokens and the iterations appear once you have answered."))
        return True
    return not class_gate(  # a live class's question (ui.classroom)
        split_ask(
            "bpe_encode",
            word,
            lambda guess: segmentation_verdict(model, word, guess),
            model.encode(word),
            strip=model.strip_marker,
            hint=" ".join(word[i : i + 2] for i in range(0, len(word), 2)),
        )
    )


def _text_tokens(model: BPEModel, text: str) -> None:
    """The tokens of every word of ``text`` in a table, and a caption that counts them."""
    marker = model.end_of_word or None
    unk = model.unk_token
    rows = []
    total = unks = 0
    for w in text.split():
        tokens = model.encode(w)
        total += len(tokens)
        unks += sum(t == unk for t in tokens) if unk else 0
        rows.append(
            f"<tr><td>{esc(w)}</td><td>{token_spans_html(tokens, marker=marker, unk=unk)}</td>"
            f"<td style='text-align:right'>{len(tokens)}</td></tr>"
        )
    show_html(
        f"<table class='sw-table'><thead><tr><th>{esc(t('word'))}</th>"
        f"<th>{esc(t('tokens'))}</th><th>#</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS
    )
    words_n = len(text.split())
    summary = (
        t("{words} words → {tokens} tokens, {unks} unknown.").format(
            words=words_n, tokens=total, unks=unks
        )
        if unk
        else t("{words} words → {tokens} tokens.").format(words=words_n, tokens=total)
    )
    if marker:
        summary += " " + t("The marker {marker} counts as part of a token.").format(
            marker=md_escape(marker)
        )
    st.caption(summary)


def _decode_line(model: BPEModel, word: str) -> None:
    """Decode ``word``'s tokens back, and say why the result differs when it does."""
    marker = model.end_of_word or None
    unk = model.unk_token
    tokens = model.encode(word)
    decoded = model.decode(tokens)
    same = decoded == word
    show_html(
        "<p>"
        + t(
            "<strong>Decode:</strong> join the tokens and turn every marker back into a word "
            "boundary → {decoded}"
        ).format(decoded=f"<code>{esc(decoded)}</code>")
        + " "
        + (
            badge_html(t("identical to the input"), "success")
            if same
            else badge_html(t("differs from the input"), "warning")
        )
        + "</p>"
    )
    if not same:
        why = (
            t("Why: unknown characters became the unknown token, so what they were is lost.")
            if unk and unk in tokens
            else t("Why: without an end-of-word marker the tokens do not record where words end.")
            if not marker
            else t(
                "Why: the word itself contains the marker text, so decoding cannot tell them apart."
            )
        )
        st.caption(why)


def render_encode(model: BPEModel, text: str, word: str, *, quiz: bool = False) -> None:
    """Show the tokens of ``text`` and the priority algorithm on ``word``.

    With ``quiz`` on, the student first types how ``word`` will be split.
    """
    if _encode_hidden(model, word, quiz=quiz):
        return
    _text_tokens(model, text)
    marker = model.end_of_word or None
    unk = model.unk_token
    if len(word) > LIMITS.step_word_chars:  # the steps grow with the square of the length
        st.warning(
            word_too_long(len(word), "step_word_chars", t("the iteration-by-iteration view"))
        )
        return
    st.subheader(t("How “{word}” is encoded, iteration by iteration").format(word=md_escape(word)))
    steps = model.encode_steps(word)
    for step in steps:
        show_html(_encode_step_html(step, marker, unk))
    code_panel([code.bpe_encode(model, s) for s in steps], key="bpe_code_iteration")
    _decode_line(model, word)
