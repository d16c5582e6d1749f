"""The rest of the BPE family on screen: BPE-dropout, the alternative encoders, joint BPE.

All three reuse the model learned with the BPE settings (:mod:`ui.bpe_view`).

Example:
    >>> from subword_core.bpe import learn
    >>> df = dropout_samples(learn({"low": 5, "lower": 2}, 3).model, "low", 0.0, 0, 10)
    >>> df["segmentation"].tolist(), int(df["times"].iloc[0])
    (['low</w>'], 10)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from subword_core import encoders, joint
from subword_core.bpe import BPEModel, EncodeStep
from subword_core.corpus import Corpus, parse_corpus
from subword_core.errors import SubwordError
from subword_core.textbook import code
from ui.bpe_view import LINK_SETTINGS as BPE_LINK_SETTINGS
from ui.charts import (
    BAR_LIMIT,
    bar_chart_properties,
    count_axis,
    described,
    label_axis,
    show_chart,
    top_legend,
)
from ui.code_panel import code_panel
from ui.common import TABLE_CSS, text_colour
from ui.corpus_picker import error_text
from ui.follow import ExampleWords, example_words, follow_default, show_example_label
from ui.html import (
    badge_html,
    caption_html,
    esc,
    show_error,
    show_html,
    table_details_html,
    token_spans_html,
)
from ui.i18n import translator
from ui.limits import LIMITS, PASTE_CHARS, word_too_long
from ui.links import PageLink, kept_params, register_page, register_params
from ui.notebook import dropout_cells, notebook_button
from ui.runtime.training import Training, cached_training, training_work
from ui.tabs import kept_tabs

t = translator("family")

MAX_SAMPLES = LIMITS.dropout_samples
WIDGETS_KEY = "fam__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"fam_tab": "dropout"}
TAB_IDS: dict[str, str] = {
    "dropout": "BPE-dropout",
    "encoders": "Other encoders",
    "joint": "Joint BPE",
}
"""The page's tabs by stable id (kept in ``fam_tab``, carried by links) and their English
labels (an older link may name a tab by them); :func:`page_tabs` shows them translated."""
# The link parameters this view owns (ui.links); the page's link also holds the BPE settings
# (the page draws bpe_view's settings panel) and its tie choices.
register_params(kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"fam_tab": ("tab", TAB_IDS)}))
register_page("bpe_variants", PageLink((*BPE_LINK_SETTINGS, "fam_tab"), ties="bpe"))


def page_tabs() -> Sequence[Any]:
    """Draw the page's tabs (:data:`TAB_IDS`), labelled in the session's language, and
    return their containers; the open tab is kept by id (:func:`ui.tabs.kept_tabs`).

    Example::

        dropout_tab, encoders_tab, joint_tab = page_tabs()
    """
    labels = {
        "dropout": t("BPE-dropout"),
        "encoders": t("Other encoders"),
        "joint": t("Joint BPE"),
    }
    return kept_tabs("fam_tab", labels, WIDGETS_KEY)


def _pair(pair: tuple[str, str]) -> str:
    return f"<code>{esc(pair[0])}</code> + <code>{esc(pair[1])}</code>"


# --------------------------------------------------------------------------------------
# BPE-dropout
# --------------------------------------------------------------------------------------


def dropout_iteration_html(step: EncodeStep, marker: str | None) -> str:
    """One iteration as seed 000 draws it: the learned pairs, dropped ones struck through."""
    parts = []
    for i, (pair, rank) in enumerate(step.pairs):
        if rank is None:
            continue
        text = f"{_pair(pair)} <small>(#{rank})</small>"
        if i in step.dropped:
            parts.append(
                f"<s title='{esc(t('dropped this time'))}'>{text}</s> "
                f"<small>{esc(t('dropped'))}</small>"
            )
        elif step.merged == pair and i in step.positions:
            parts.append(f"<strong style='text-decoration:underline'>{text}</strong>")
        else:
            parts.append(text)
    kept = [i for i, (_, r) in enumerate(step.pairs) if r is not None and i not in step.dropped]
    if step.merged is not None:
        verdict = (
            t(
                "Of the learned pairs that survived, {pair} has the lowest merge number "
                "(#{rank}), so it is merged where it survived."
            )
            if step.dropped
            else t(
                "Of the learned pairs that survived, {pair} has the lowest merge number "
                "(#{rank}), so it is merged."
            )
        ).format(pair=_pair(step.merged), rank=step.rank)
    elif step.dropped:
        verdict = t("Every learned pair present was dropped this time, so encoding stops here.")
    elif kept:
        verdict = t("Nothing left to merge.")  # pragma: no cover - a merge would have happened
    else:
        verdict = t("No pair present was ever learned, so encoding stops.")
    after = f"<div>→ {token_spans_html(step.result, marker=marker)}</div>" if step.merged else ""
    return (
        "<div style='border-left:3px solid rgba(128,128,128,.5);padding:.2em .8em;margin:.4em 0'>"
        f"<div><strong>{t('Iteration {n}.').format(n=step.number)}</strong> "
        f"{token_spans_html(step.symbols, marker=marker)}</div>"
        "<div class='sw-small'>"
        f"{t('Learned pairs present: {pairs}').format(pairs=t('; ').join(parts) or '—')}</div>"
        f"<div>{verdict}</div>{after}</div>"
    )


# Small by construction, so st.cache_data (copies are cheap): at most dropout_samples rows
# (5,000) of one word of at most dropout_word_chars (40) characters, under 1 MB an entry.
@st.cache_data(max_entries=32, show_spinner=False)
def dropout_samples(model: BPEModel, word: str, p: float, seed: int, n: int) -> pd.DataFrame:
    """Encode ``word`` ``n`` times with dropout ``p`` from one seed; count segmentations."""
    rng = random.Random(seed)
    counts = Counter(" ".join(model.encode(word, dropout=p, rng=rng)) for _ in range(n))
    rows = [{"segmentation": seg, "times": c, "share": c / n} for seg, c in counts.most_common()]
    return pd.DataFrame(rows)


def _word_box(box: DeltaGenerator, key: str, corpus: Corpus | None, tutorial: str) -> str:
    """A one-word box that starts on the tutorial's word if the corpus has its letters, else
    on a word not in the corpus built from its pieces; what the student types is kept."""
    default = ExampleWords((), tutorial)
    if corpus is not None:
        letters = {ch for w in corpus.words for ch in w}
        if not set(tutorial) <= letters or tutorial in corpus.words:
            unseen = example_words(corpus).unseen
            default = ExampleWords((), unseen) if unseen else ExampleWords(corpus.words[:1], None)
    follow_default(key, default.text)
    word = box.text_input(t("Word"), key=key, max_chars=LIMITS.box_chars)
    with box:
        show_example_label(default, key)
    return str(word)


def _dropout_distribution(model: BPEModel, word: str, p: float, seed: int) -> None:
    """The slider for N, and the chart and table of ``word``'s segmentations in N draws."""
    n = st.slider(t("Sample the same word N times"), 10, MAX_SAMPLES, 1000, 10, key="fam_dropout_n")
    df = dropout_samples(model, word, p, seed, int(n))
    chart = (
        alt.Chart(df.head(20))
        .mark_bar()
        .encode(
            y=alt.Y("segmentation:N", sort="-x", title=None, axis=alt.Axis(labelLimit=320)),
            x=alt.X("share:Q", title=t("share of the samples"), axis=alt.Axis(format="%")),
            tooltip=[
                alt.Tooltip("segmentation:N", title=t("segmentation")),
                alt.Tooltip("times:Q", title=t("times")),
                alt.Tooltip("share:Q", title=t("share"), format=".1%"),
            ],
        )
    )
    labels = chart.mark_text(align="left", dx=4, color=text_colour()).encode(
        text=alt.Text("share:Q", format=".1%")
    )
    shown = df.head(20)
    show_chart(
        described(
            (chart + labels).properties(height=max(80, 28 * min(len(df), 20))),
            t(
                "Bar chart: how often each segmentation of the word came out of the samples, "
                "most frequent first, with its share written next to the bar."
            ),
        ),
        description=_samples_description(df, shown, int(n)),
    )
    show_html(
        caption_html(
            t(
                "{kinds} different segmentations in {n} samples (seed {seed}). The model sees "
                "the word split in all these ways during training, which makes it robust to "
                "segmentation."
            ).format(kinds=len(df), n=f"{n:d}", seed=f"{seed:d}")
        )
        + table_details_html(
            t("Show the samples as a table"),
            [t("segmentation"), t("times"), t("share")],
            [(r.segmentation, int(r.times), f"{r.share:.1%}") for r in shown.itertuples()],
            caption=t("Segmentations drawn, as in the chart"),
        )
    )


def render_dropout(model: BPEModel, *, corpus: Corpus | None = None) -> None:
    """One replayable draw, iteration by iteration, and the distribution over many draws.

    ``corpus`` gives the default word (one not in it, built from its pieces).
    """
    c1, c2, c3 = st.columns([2, 1.4, 1])
    word = _word_box(c1, "fam_dropout_word", corpus, "lowest")
    p = c2.slider(
        t("Dropout probability p"),
        0.0,
        1.0,
        0.3,
        0.05,
        key="fam_dropout_p",
        help=t("Each pair occurrence is dropped with this probability, anew in every iteration."),
    )
    seed = c3.number_input(
        # i18n: the random seed (a number), not a seed tutorial
        t("Seed"),
        0,
        2**31 - 1,
        0,
        1,
        key="fam_dropout_seed",
        help=t("The same seed gives the same draw: a whole class can replay it together."),
    )
    word = word.strip()
    if not word or any(ch.isspace() for ch in word):
        st.info(t("Type one word (no spaces) to see dropout at work."))
        return
    if len(word) > LIMITS.dropout_word_chars:
        st.warning(word_too_long(len(word), "dropout_word_chars", "BPE-dropout"))
        return
    marker = model.end_of_word or None
    note = {
        0.0: t("With p = 0 nothing is ever dropped: this is plain BPE."),
        1.0: t("With p = 1 every pair is dropped: the word stays in characters."),
    }.get(float(p), "")
    show_html(
        "<p>"
        + t(
            "BPE-dropout changes only how a word is <em>encoded</em>: in every iteration each "
            "pair occurrence is skipped with probability p, and the learned pair with the "
            "lowest merge number among the survivors is merged."
        )
        + " "
        + esc(note)
        + "</p>"
    )
    steps = model.encode_steps(word, dropout=float(p), rng=random.Random(int(seed)))
    for step in steps:
        show_html(dropout_iteration_html(step, marker))
    code_panel([code.bpe_dropout(s) for s in steps], key="fam_code_iteration")
    notebook_button("bpe_dropout", dropout_cells(model, word, float(p), int(seed)))
    show_html(
        f"<div><strong>{esc(t('This draw:'))}</strong> "
        + token_spans_html(steps[-1].result, marker=marker)
        + f" <span class='sw-small'>{esc(t('plain BPE:'))} </span>"
        + token_spans_html(model.encode(word), marker=marker)
        + "</div>"
    )
    _dropout_distribution(model, word, float(p), int(seed))


def _samples_description(df: pd.DataFrame, shown: pd.DataFrame, n: int) -> str | None:
    """The sample chart in words (read by screen readers), or ``None`` without samples."""
    if not len(df):
        return None
    if len(df) > len(shown):
        text = t(
            "Bar chart of {kinds} different segmentations in {n} samples, the {drawn} most "
            "frequent drawn."
        ).format(kinds=f"{len(df):,}", n=f"{n:,}", drawn=len(shown))
    else:
        text = t("Bar chart of {kinds} different segmentations in {n} samples.").format(
            kinds=f"{len(df):,}", n=f"{n:,}"
        )
    return (
        text
        + " "
        + t("Most frequent: {segmentation}, {share} of the samples.").format(
            segmentation=shown["segmentation"].iloc[0], share=f"{shown['share'].iloc[0]:.1%}"
        )
    )


# --------------------------------------------------------------------------------------
# Alternative encoders
# --------------------------------------------------------------------------------------


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
            t("Longest prefix, [UNK] for the leftover (seed 004)"),
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
    word = _word_box(c1, "fam_enc_word", corpus, "nestle").strip()
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


# --------------------------------------------------------------------------------------
# Joint BPE
# --------------------------------------------------------------------------------------

DEFAULT_TARGET = "lowest 4\nnewer 3\nwider 2\nslower 2"


def _joint(source: Corpus, target: Corpus, num_merges: int, options: tuple) -> joint.JointResult:
    """Learn joint BPE (once per corpora and settings; shared by all sessions), with a
    progress bar; it stops between merges when its student leaves (see
    :func:`ui.common.cached_training`)."""
    return cached_training(
        "joint-bpe",
        (source, target, num_merges, options),
        t("Learning joint BPE and each side alone (merges)"),
        Training(
            joint.learn_joint,
            (source, target, num_merges),
            dict(options),
            work=training_work(source, num_merges) + training_work(target, num_merges),
        ),
        max_entries=16,
    )


def joint_table(result: joint.JointResult) -> pd.DataFrame:
    """Per joint merge: its count on each side and what each side alone merged instead.

    >>> r = joint.learn_joint({"ab": 3}, {"ab": 1, "cd": 2}, 2)
    >>> row = joint_table(r).iloc[0]
    >>> row["joint merge"], int(row["source"]), int(row["target"])
    ('a + b', 3, 1)
    """
    rows = []
    for k, (pair, (src, tgt)) in enumerate(zip(result.merges, result.side_counts, strict=True)):
        alone_src, alone_tgt = result.separate_choice(k + 1)
        rows.append(
            {
                "merge": k + 1,
                "joint merge": f"{pair[0]} + {pair[1]}",
                "source": src,
                "target": tgt,
                "source alone merges": f"{alone_src[0]} + {alone_src[1]}" if alone_src else "—",
                "target alone merges": f"{alone_tgt[0]} + {alone_tgt[1]}" if alone_tgt else "—",
            }
        )
    return pd.DataFrame(rows)


def _joint_column(name: str) -> str:
    """A column of :func:`joint_table` as the student reads it."""
    labels = {
        "merge": t("merge"),
        "joint merge": t("joint merge"),
        "source": t("source"),
        "target": t("target"),
        "source alone merges": t("source alone merges"),
        "target alone merges": t("target alone merges"),
    }
    return labels.get(name, name)


def _joint_chart(df: pd.DataFrame) -> alt.Chart:
    """The joint merges' grouped bars: how often each pair occurred on each side."""
    # readable on a projector: the first merges only, a "+k more" note for the rest (the
    # table next to the chart lists them all), whole-number ticks, the legend above
    drawn, left_out = df.head(2 * BAR_LIMIT), max(len(df) - 2 * BAR_LIMIT, 0)
    long = drawn.melt(id_vars=["merge", "joint merge"], value_vars=["source", "target"])
    sides = [t("source"), t("target")]
    long["variable"] = long["variable"].map(dict(zip(["source", "target"], sides, strict=True)))
    chart = (
        alt.Chart(long)
        .mark_bar()
        .encode(
            y=alt.Y(
                "joint merge:N",
                sort=drawn["joint merge"].tolist(),
                title=None,
                axis=label_axis(),
            ),
            x=alt.X("value:Q", axis=count_axis(t("times the pair occurred when it was merged"))),
            color=alt.Color("variable:N", scale=alt.Scale(domain=sides), legend=top_legend(sides)),
            tooltip=[
                alt.Tooltip("merge:Q", title=t("merge")),
                alt.Tooltip("joint merge:N", title=t("joint merge")),
                alt.Tooltip("variable:N", title=t("corpus")),
                alt.Tooltip("value:Q", title=t("count")),
            ],
        )
        .properties(**bar_chart_properties(len(drawn), left_out, t("more merges, in the table")))
        .properties(
            description=t(
                "Grouped bar chart: for each joint merge, how often its pair occurred in the "
                "source and in the target corpus when it was merged; the table beside it lists "
                "the same numbers."
            )
        )
    )
    return chart


def render_joint(source: Corpus, num_merges: int, options: dict[str, object]) -> None:
    """Joint BPE over the sidebar corpus (source) and a second corpus typed here (target)."""
    st.markdown(
        t(
            "Joint BPE learns **one** list of merges from two corpora together, e.g. both sides "
            "of a translation corpus, so that the same string is split the same way on both "
            "sides. The source is the corpus in the sidebar; type the target here."
        )
    )
    if "fam_joint_target" not in st.session_state:
        st.session_state["fam_joint_target"] = DEFAULT_TARGET
    text = st.text_area(
        t("Target corpus (same formats as the sidebar)"),
        key="fam_joint_target",
        max_chars=PASTE_CHARS,
    )
    if not text.strip():
        st.error(
            t(
                "The target corpus is empty: joint BPE needs words on both sides. Type some "
                "words above (running text or 'word count' lines)."
            ),
            icon=":material/warning:",
        )
        return
    try:
        target = parse_corpus(text)
        result = _joint(source, target, num_merges, tuple(sorted(options.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return
    df = joint_table(result)
    if df.empty:
        st.info(t("No merge was learned: no pair is frequent enough in the two corpora together."))
        return
    one_sided = int(((df["source"] == 0) | (df["target"] == 0)).sum())
    differ = int(
        (df["joint merge"] != df["source alone merges"]).sum()
        + (df["joint merge"] != df["target alone merges"]).sum()
    )
    show_html(
        "<p>"
        + t(
            "{n} joint merges. {one_sided} of them come from one side only; at {differ} places "
            "a side learning alone would have merged something else at that step."
        ).format(n=len(df), one_sided=one_sided, differ=differ)
        + "</p>"
    )
    chart = _joint_chart(df)
    left, right = st.columns([1, 1.3])
    show_chart(chart, where=left)
    shown = df.rename(columns=_joint_column)
    right.dataframe(shown, hide_index=True, width="stretch")
