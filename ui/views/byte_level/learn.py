"""Learning the merges: training (cached) and the learn tab, one merge step at a time.

The steps reuse the BPE page's pieces (:func:`ui.merge_family.explain.explain_step`, its pair chart,
corpus rows and merge table) and add what is particular to bytes: the hex view of every symbol,
and whether a token holds a whole character or only some of its bytes. The page calls
:func:`train_or_explain` and :func:`render_learn_step`.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from subword_core.bpe import MergeStep, WordChange
from subword_core.byte_level import ByteLevelResult, from_display, hex_bytes, learn
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from subword_core.textbook import code
from ui.app.corpus_picker import error_text
from ui.app.i18n import join_sentences, translator
from ui.classroom import class_gate, merge_ask
from ui.draw.html import badge_html, caption_html, esc, md_escape, show_error, show_html
from ui.merge_family.corpus_table import corpus_rows, segmentation_table_html
from ui.merge_family.explain import explain_step
from ui.merge_family.merge_table import merge_column_label, merge_table
from ui.merge_family.pair_chart import (  # the BPE page's pair-count chart, reused as is
    pair_chart_data,
    pair_table_html,
    pairs_left_out,
    show_pair_chart,
)
from ui.merge_family.quiz import quiz_verdict
from ui.merge_family.ties import rerun_if_retrain_requested, tie_choices, tie_picker
from ui.runtime.training import Training, cached_training, training_work
from ui.study.code_panel import code_panel
from ui.views.byte_level.chars import (
    _readable,
    _text_label,
    char_label,
    cut_characters,
    describe_pieces,
    lookalike_note,
    piece_note,
    step_pieces,
)
from ui.views.byte_level.settings import _NS, SAMPLES, ByteLevelSettings

__all__ = ["explain_bytes", "render_learn_step", "train_or_explain"]

t = translator("byte_level")


# --------------------------------------------------------------------------------------
# Training (once per corpus, settings and tie choices)
# --------------------------------------------------------------------------------------


# subtle: shared, not copied as st.cache_data would: every rerun would otherwise unpickle a
# fresh copy of the whole trace (about a second for 2000 merges on the pydoc corpus). The
# results are frozen and never changed by the page, so one shared object is safe.
def _train(
    corpus: Corpus, settings: ByteLevelSettings, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> ByteLevelResult:
    """Learn (once per corpus, settings and tie choices; shared by all sessions).

    subtle: shared, not copied as st.cache_data would: every rerun would otherwise unpickle a
    fresh copy of the whole trace (about a second for 2000 merges on the pydoc corpus). The
    results are frozen and never changed by the page, so one shared object is safe. The
    training stops between merges when its student leaves
    (:func:`ui.runtime.training.cached_training`).
    """
    return cached_training(
        "byte-level",
        (corpus, settings, choices),
        t("Learning byte-level merges"),
        Training(
            learn,
            (corpus, settings.num_merges),
            {
                "extra_text": SAMPLES[settings.sample].train,
                "add_prefix_space": settings.add_prefix_space,
                "min_frequency": settings.min_frequency,
                "tie_break": settings.tie_break,
                "choose": dict(choices),
            },
            work=training_work(corpus, settings.num_merges, len(SAMPLES[settings.sample].train)),
        ),
        max_entries=24,
    )


def train_or_explain(corpus: Corpus, settings: ByteLevelSettings) -> ByteLevelResult | None:
    """Train (cached); on a documented error show it in the page and return ``None``."""
    choices = tie_choices(_NS, (corpus, settings))
    try:
        result = _train(corpus, settings, tuple(sorted(choices.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return None
    note = lookalike_note(" ".join(corpus.words), t("The corpus"))
    if note:
        st.info(note, icon=":material/search:")
    return result


# --------------------------------------------------------------------------------------
# Learning step by step (composed from the BPE page's pieces)
# --------------------------------------------------------------------------------------


def _readable_step(step: MergeStep) -> MergeStep:
    """The step with its words written as text (␣low), for the BPE page's sentences."""
    changes = tuple(
        WordChange(_readable(c.word), c.count, c.before, c.after) for c in step.changed_words
    )
    return dataclasses.replace(step, changed_words=changes)


def _sym(symbol: str) -> str:
    return f"<code>{esc(symbol)}</code>"


def _hex_of(symbol: str) -> str:
    return hex_bytes(from_display(symbol))


def explain_bytes(result: ByteLevelResult, step: MergeStep) -> str:
    """The byte-level sentence of a merge step: its bytes and what the new token holds (HTML).

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你好", 1)
    >>> "byte 1 of the 3 bytes of “你”" in explain_bytes(result, result.steps[0])
    True
    """
    if step.merged is None:
        return ""
    left, right = step.merged
    pieces = step_pieces(result, step)
    holds = esc(describe_pieces(pieces))
    cut = any(not p.complete for p in pieces)
    text = t(
        "In bytes: <code>{left}</code> + <code>{right}</code> → <code>{both}</code>. "
        "The new token holds {holds}"
    ).format(left=_hex_of(left), right=_hex_of(right), both=_hex_of(left + right), holds=holds)
    if cut:
        text += t(
            ": <strong>only part of a character</strong>. BPE counts bytes, not characters, "
            "so it merges whatever bytes occur together most often."
        )
        others = [ch for ch in cut_characters(result, step) if ch not in {p.char for p in pieces}]
        if others:
            listed = ", ".join(char_label(ch) for ch in others[:8])
            more = t(" and {n} more").format(n=len(others) - 8) if len(others) > 8 else ""
            text = join_sentences(
                text,
                t(
                    "The same bytes are also part of {listed}{more} here: different characters "
                    "share this one token."
                ).format(listed=esc(listed), more=more),
            )
    elif pieces and pieces[0].char == " ":
        text += t(
            ": a word with the space before it, which is how byte-level BPE knows where words "
            "start (there is no end-of-word marker)."
        )
    else:
        text += t(".")
    return text


def _holds(result: ByteLevelResult, step: MergeStep) -> str:
    note = piece_note(step_pieces(result, step))
    others = len(cut_characters(result, step)) - 1
    return note + (
        " "
        + t.n("(and {n} other character)", "(and {n} other characters)", others).format(n=others)
        if others > 0
        else ""
    )


def _pair_counts_column(step: MergeStep) -> None:
    """The left column of a learning step: the pair counts' chart, bytes in hex, and table."""
    st.markdown("**" + t("Pair counts before merge {n}").format(n=f"{step.number:d}") + "**")
    pairs = pair_chart_data(step)
    if pairs.num_rows == 0:
        st.info(t("No pairs: every chunk is a single token."))
    else:
        # the bytes in hex go into the tooltip: in the label they would crowd out the bars
        by_label = {f"{pc.pair[0]} + {pc.pair[1]}": pc.pair for pc in step.pair_counts}
        with_hex = [
            f"{label}  ({_hex_of(by_label[label][0])} | {_hex_of(by_label[label][1])})"
            for label in pairs["pair"].to_pylist()
        ]
        at = pairs.schema.get_field_index("full")
        left_out = pairs_left_out(step, pairs.num_rows)
        show_pair_chart(pairs.set_column(at, "full", [with_hex]), step.min_frequency, left_out)
        # the table holds the bytes in hex too: the tooltip is out of reach of a keyboard
        show_html(
            caption_html(
                t("{shown} of {total} pairs").format(
                    shown=f"{pairs.num_rows:d}", total=f"{step.pairs_total:,}"
                )
                + (" " + t("(+{n} more not drawn)").format(n=f"{left_out:,}") if left_out else "")
                + t(
                    "; point at a bar for its bytes in hex. ★ merged (red bar); tie: tied "
                    "with it (orange); dashed line: the minimum pair count."
                )
            )
            + pair_table_html(
                pairs.set_column(pairs.schema.get_field_index("pair"), "pair", [with_hex])
            )
        )


def _corpus_column(result: ByteLevelResult, step: MergeStep) -> None:
    """The right column of a learning step: the chunks of the corpus after it."""
    heading = (
        t("The corpus after merge {n}").format(n=f"{step.number:d}")
        if step.merged
        else t("The corpus after the last merge")
    )
    st.markdown("**" + md_escape(heading) + "**")  # a translated sentence and a number
    rows = [
        (_readable(word), count, symbols, changed)
        for word, count, symbols, changed in corpus_rows(result.bpe, step.number)
    ]
    show_html(
        "<style>.bb-wrap .sw-table .sw-tokens{flex-wrap:wrap}</style><div class='bb-wrap'>"
        + segmentation_table_html(rows, step.merged_symbol, heading=t("tokens after this step"))
        + "</div>"
    )
    st.caption(
        t(
            "␣ is a space in the text; inside tokens the space byte 20 is drawn Ġ. Each row "
            "is a chunk of the corpus or the sample, with how often it occurs."
        )
    )


def _merge_table(result: ByteLevelResult, number: int) -> None:
    """The merge table after step ``number``, with each new token's bytes and what it holds."""
    st.markdown("**" + t("Merge table so far (this is the model)") + "**")
    table = merge_table(result.bpe, number)
    if table.num_rows:
        symbols = table["new symbol"].to_pylist()
        table = table.add_column(4, "bytes", [[_hex_of(s) for s in symbols]])
        holds = [_holds(result, s) for s in result.steps[:number] if s.merged is not None]
        table = table.add_column(5, "holds", [holds])
    st.dataframe(
        table.rename_columns([_column_label(c) for c in table.column_names]),
        hide_index=True,
        width="stretch",
    )


def render_learn_step(
    result: ByteLevelResult, number: int, corpus: Corpus, settings: ByteLevelSettings
) -> None:
    """Draw one learning step: bytes, the BPE explanation, counts, corpus, merge table."""
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    if (
        step.merged is not None
        and not class_gate(  # a live class's question (ui.classroom)
            merge_ask(
                "byte_level",
                step.number,
                [pc.pair for pc in step.pair_counts[:12]],
                lambda pair: quiz_verdict(step, pair),
            )
        )
    ):
        return
    readable = _readable_step(step)
    words = tuple(_text_label(chunk) for chunk in result.chunks)
    merges_so_far = sum(1 for s in result.steps[:number] if s.merged is not None)
    badges = []
    if step.is_tie:
        badges.append(badge_html(t("tie × {n}").format(n=f"{step.ties_total:,}"), "warning"))
    if step.merged is not None:
        pieces = step_pieces(result, step)
        if any(not p.complete for p in pieces):
            badges.append(badge_html(t("part of a character"), "error"))
        title = t("Merge {n}: {left} + {right} → {new}").format(
            n=step.number,
            left=_sym(step.merged[0]),
            right=_sym(step.merged[1]),
            new=_sym(step.merged_symbol or ""),
        )
    else:
        title = esc(t("Step {n}: learning stops").format(n=step.number))
    vocab = 256 + len({a + b for a, b in result.merges[:merges_so_far]})
    show_html(
        f"<h3 style='margin:.2em 0'>{title} {' '.join(badges)}</h3>"
        # one paragraph: the bytes, then the step (the chart below starts on the first screen)
        f"<p class='sw-text' style='font-size:1.08em'>{explain_bytes(result, step)} "
        f"{explain_step(readable, words, result.steps[-1].number)}</p>"
    )
    code_panel(code.bpe_merge(result.bpe, number, settings.tie_break))
    left, right = st.columns([1, 1.15])
    with left:
        _pair_counts_column(step)
    with right:
        _corpus_column(result, step)

    if step.is_tie and step.merged is not None:
        tie_picker(_NS, (corpus, settings), step.number, step.tied, step.merged)

    show_html(
        "<p class='sw-small'>"
        + esc(
            t(
                "The model's vocabulary is now {vocab} tokens: all 256 bytes (used or not, so no "
                "text is ever unknown) + {merged} merged. The symbols counted in the step's "
                "sentence are those present in the corpus."
            ).format(vocab=vocab, merged=vocab - 256)
        )
        + "</p>"
    )
    _merge_table(result, number)


def _column_label(name: str) -> str:
    """A table column's header in the session's language (the data keeps the English name);
    the merge table's columns are worded as on the BPE page."""
    labels = {
        "bytes": t("bytes"),
        "holds": t("holds"),
        "method": t("method"),
        "tokens": t("tokens"),
        "unknown tokens": t("unknown tokens"),
        "tokens per character": t("tokens per character"),
        "vocabulary size": t("vocabulary size"),
        "decodes back exactly": t("decodes back exactly"),
    }
    return labels.get(name) or merge_column_label(name)
