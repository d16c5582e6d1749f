"""The seed step: the seed vocabulary in words and as a table.

Example:
    >>> from subword_core.unigram import learn
    >>> step = learn({"hug": 10, "pug": 5}, vocab_size=5).steps[0]
    >>> piece_table(step).column_names[0]
    'piece'
"""

from __future__ import annotations

import math

import pyarrow as pa

from subword_core.unigram import EMStep, SeedStep
from ui.app.i18n import join_sentences, translator
from ui.draw.charts import arrow_table
from ui.views.unigram.text import _list, _num, _tok, prob_text

t = translator("unigram")


# --------------------------------------------------------------------------------------
# Words for one training step
# --------------------------------------------------------------------------------------


def explain_seed(step: SeedStep, max_piece_length: int = 16) -> str:
    """The seed step in plain words, with its numbers (HTML; user text escaped)."""
    multi = step.vocab_size - step.characters
    if step.source == "given":
        parts = [
            t(
                "Training starts from the <strong>{n:,}</strong> pieces you gave "
                "({chars} single characters and {multi} longer pieces)."
            ).format(n=step.vocab_size, chars=step.characters, multi=multi)
        ]
        if step.added_characters:
            added = _list([_tok(c) for c in step.added_characters])
            parts.append(
                t("The characters {added} were missing and were added.").format(added=added)
            )
        if step.absent:
            gone = _list([_tok(p) for p in step.absent])
            parts.append(
                t("{gone} never occur in the corpus, so they were dropped.").format(gone=gone)
            )
    else:
        which = (
            t("all <strong>{n}</strong> substrings").format(n=multi)
            if multi >= step.substrings_seen
            else t("the <strong>{n:,}</strong> most frequent of the {seen:,} substrings").format(
                n=multi, seen=step.substrings_seen
            )
        )
        parts = [
            t(
                "Training starts from a big vocabulary: all <strong>{chars}</strong> "
                "characters plus {which} of 2 to {longest} characters found in the words."
            ).format(chars=step.characters, which=which, longest=max_piece_length)
        ]
    example = max(step.pieces, key=lambda s: s.count) if step.pieces else None
    parts.append(
        t(
            "Each piece is counted everywhere it occurs inside the words, weighted by how often "
            "the word occurs; its starting probability is its count divided by the total of "
            "all counts, <strong>{total}</strong>."
        ).format(total=_num(step.total_count, 0))
    )
    if example is not None:
        parts.append(
            t("For example {piece} is counted {count} times: P = {count} / {total} = {p}.").format(
                piece=_tok(example.piece),
                count=_num(example.count, 0),
                total=_num(step.total_count, 0),
                p=prob_text(example.prob),
            )
        )
    parts.append(
        t(
            "With these probabilities the corpus log-likelihood (the log of the probability of "
            "all words, each summed over all its segmentations) is <strong>{ll}</strong>."
        ).format(ll=_num(step.log_likelihood))
    )
    return join_sentences(*parts)


def piece_table(step: SeedStep | EMStep) -> pa.Table:
    """The pieces a seed or EM step lists: (expected) count and probability before/after.

    >>> from subword_core.unigram import learn
    >>> row = piece_table(learn({"hug": 10, "pug": 5}, 5).steps[0]).to_pylist()[1]
    >>> row["piece"], float(row["count"]), row["P"]
    ('u', 15.0, '0.167')
    """
    rows = []
    for s in step.pieces:
        row: dict[str, object] = {"piece": s.piece}
        if isinstance(step, SeedStep):
            row |= {"count": s.count, "P": prob_text(s.prob)}
        else:
            before = math.exp(s.prev_log_prob) if s.prev_log_prob is not None else float("nan")
            row |= {
                "expected count": round(s.count, 3),
                "P before": prob_text(before),
                "P after": prob_text(s.prob),
                "log P after": round(s.log_prob, 3),
            }
        rows.append(row)
    if isinstance(step, SeedStep):
        return arrow_table(rows, ["piece", "count", "P"])
    return arrow_table(rows, ["piece", "expected count", "P before", "P after", "log P after"])
