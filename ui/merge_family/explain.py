"""One merge step in plain words: the pair merged, why (most frequent, or a tie and its
rule), and what the merge did to the symbols in the corpus (BPE and byte-level BPE).

Example:
    >>> explain_rule("lexicographic")  # doctest: +ELLIPSIS
    'the rule <em>greatest in string order</em>...'
"""

from __future__ import annotations

from subword_core.bpe import MergeStep
from ui.app.i18n import join_sentences, translator
from ui.draw.html import esc
from ui.merge_family.words import list_html, pair_html, symbol_html

__all__ = ["TIES_LISTED", "explain_rule", "explain_step"]

t = translator("bpe")


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
    return list_html(shown)


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
            ).format(pair=pair_html(pair), count=count, where=_where(step))
        )
    else:
        # a few of the tied pairs, the merged one among them: the sentence stays short enough
        # for the chart to start on the first screen (all are in the chart and the tie box)
        listed = list(step.tied[:TIES_LISTED])
        if pair not in listed:
            listed = [pair, *step.tied[: TIES_LISTED - 1]]
        tied = [pair_html(p) for p in listed]
        if step.ties_total > len(listed):
            tied.append(t("{n} more pairs").format(n=f"{step.ties_total - len(listed):,}"))
        parts.append(
            t("{pairs} all occur <strong>{count}</strong> times: a tie between {n} pairs.").format(
                pairs=list_html(tied), count=count, n=f"{step.ties_total:,}"
            )
        )
        if step.rule == "chosen":
            parts.append(t("You chose {pair} among them.").format(pair=pair_html(pair)))
        else:
            first = next(pc for pc in step.pair_counts if pc.pair == pair)
            if step.rule == "first-seen":
                sentence = t("To break it, {rule}: {pair}, first met in “{word}”.").format(
                    rule=explain_rule(step.rule),
                    pair=pair_html(pair),
                    word=esc(words[first.first_seen[0]]),
                )
            else:
                sentence = t("To break it, {rule}: {pair}.").format(
                    rule=explain_rule(step.rule), pair=pair_html(pair)
                )
            parts.append(sentence)
    parts.append(
        t("Every occurrence is merged into the new symbol {symbol}.").format(
            symbol=symbol_html(step.merged_symbol or "")
        )
    )
    parts.append(_explain_vocab(step))
    if step.stop_reason == "num_merges":
        parts.append(t("This was the last of the {n} merges you asked for.").format(n=total_merges))
    return join_sentences(*parts)


def _explain_vocab(step: MergeStep) -> str:
    """The merge's effect on the symbols in the corpus (seed 000's +1 / 0 / −1), HTML."""
    before = step.vocab_size - step.vocab_delta
    bits = []
    if step.vocab_added:
        bits.append(t("{symbol} is added").format(symbol=symbol_html(step.vocab_added[0])))
    else:
        bits.append(
            t("{symbol} already existed, so nothing is added").format(
                symbol=symbol_html(step.merged_symbol or "")
            )
        )
    if step.vocab_removed:
        gone = list_html([symbol_html(s) for s in step.vocab_removed])
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
    pair = pair_html(best.pair) if best else t("the best pair")
    return t.n(
        "<strong>Stop.</strong> The most frequent pair, {pair}, occurs only "
        "<strong>{count}</strong> time, fewer than the minimum pair count "
        "<strong>{minimum}</strong>. Learning ends after {merges} merges.",
        "<strong>Stop.</strong> The most frequent pair, {pair}, occurs only "
        "<strong>{count}</strong> times, fewer than the minimum pair count "
        "<strong>{minimum}</strong>. Learning ends after {merges} merges.",
        step.best_count,
    ).format(pair=pair, count=step.best_count, minimum=step.min_frequency, merges=step.number - 1)
