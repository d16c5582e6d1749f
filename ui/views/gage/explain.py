"""Words for one step: what was replaced and why, why it stopped, and seed 003's choices.

The numbers come from :mod:`subword_core.gage`; this module says in words what they mean.
"""

from __future__ import annotations

from subword_core import gage
from subword_core.gage import GageResult, GageStep
from ui.app.i18n import join_sentences, translator
from ui.draw.html import esc, visible_whitespace
from ui.views.gage.settings import SEED_TEXT
from ui.views.gage.strings import _chars, _list, _pair, _sym

__all__ = ["describe_step", "explain_step"]

t = translator("gage")

_SEED_PAIR = ("a", "b")


# --------------------------------------------------------------------------------------
# Words for one step
# --------------------------------------------------------------------------------------


def _overlap_note(step: GageStep) -> str:
    """Say so when a pair's overlapping copies were counted once (``aa`` inside ``aaa``)."""
    notes = []
    for pc in step.pair_counts:
        if (pc.pair in step.tied or pc.pair == step.pair) and pc.overlapping != pc.count:
            notes.append(
                t(
                    "{pair} starts at {places} places, but neighbouring copies overlap (in "
                    "{triple} only one copy can be replaced), so it counts {count}"
                ).format(
                    pair=_pair(pc.pair),
                    places=pc.overlapping,
                    triple=_sym(pc.pair[0] * 3),
                    count=pc.count,
                )
            )
    return t("({notes}.)").format(notes=t("; ").join(notes)) if notes else ""


def explain_step(step: GageStep, result: GageResult) -> str:
    """One step in plain words, with its numbers (HTML; the student's text escaped).

    >>> from subword_core.gage import compress
    >>> r = compress("aaabdaaabac")
    >>> "a tie" in explain_step(r.steps[1], r)
    True
    """
    if step.pair is None:
        return _explain_stop(step, result)
    assert step.symbol is not None
    pair, count = step.pair, step.best_count
    parts = []
    if not step.is_tie:
        parts.extend(
            (
                t(
                    "The most frequent pair of neighbouring characters is {pair}: it occurs "
                    "<strong>{count}</strong> times, more than any other pair."
                ).format(pair=_pair(pair), count=count),
                _overlap_note(step),
            )
        )
    else:
        firsts = {pc.pair: pc.first_at for pc in step.pair_counts}
        tied = [_pair(p) for p in step.tied]
        sentence = (
            t("{pairs} both occur <strong>{count}</strong> times: a tie between {n} pairs.")
            if len(tied) == 2
            else t("{pairs} all occur <strong>{count}</strong> times: a tie between {n} pairs.")
        )
        parts.extend(
            (sentence.format(pairs=_list(tied), count=count, n=len(tied)), _overlap_note(step))
        )
        if step.rule == "chosen":
            parts.append(t("You chose {pair} among them.").format(pair=_pair(pair)))
        else:
            where = _list(
                [
                    t("{pair} at character {n}").format(pair=_pair(p), n=firsts[p] + 1)
                    for p in step.tied
                ]
            )
            parts.append(
                t(
                    "The rule <em>first occurrence</em> takes the tied pair that starts "
                    "furthest left ({where}): {pair}."
                ).format(where=where, pair=_pair(pair))
            )
    parts.append(
        t(
            "Its {n} copies (left to right) are replaced by the new symbol {symbol}, a "
            "character the text does not use, and the table notes {symbol} = {pair}."
        ).format(n=len(step.positions), symbol=_sym(step.symbol), pair=_pair(pair))
    )
    parts.append(
        t.n(
            "The string shrinks from {before} to <strong>{after}</strong> (−{saved}); the "
            "table now has {n} entry.",
            "The string shrinks from {before} to <strong>{after}</strong> (−{saved}); the "
            "table now has {n} entries.",
            step.number,
        ).format(
            before=_chars(len(step.before)), after=len(step.after), saved=step.saved, n=step.number
        )
    )
    return join_sentences(*parts)


def _explain_stop(step: GageStep, result: GageResult) -> str:
    done = len(result.replacements)
    summary = t.n(
        "After {done} replacement: {before} → <strong>{after}</strong>, plus a table of "
        "{entries} entry.",
        "After {done} replacements: {before} → <strong>{after}</strong>, plus a table of "
        "{entries} entries.",
        done,
    ).format(
        done=done,
        before=_chars(len(result.text)),
        after=len(result.compressed),
        entries=len(result.table),
    )
    if step.stop_reason == "out_of_symbols":
        best = step.pair_counts[0]
        given = len(result.symbols)
        if given == 1:
            why = t("the only new symbol, {symbol}, is in use").format(
                symbol=_sym(result.symbols[0])
            )
        elif given:
            why = t("all {n} new symbols ({symbols}) are in use").format(
                n=given, symbols=_sym("".join(result.symbols))
            )
        elif set(gage.DEFAULT_SYMBOLS) <= set(result.text):
            why = t("there was none to begin with: every letter Z … A occurs in the text")
        else:
            why = t("no new symbols were given")
        return (
            t(
                "<strong>Stop: no unused symbol left.</strong> {pair} still occurs "
                "<strong>{count}</strong> times and could be replaced, but {why}. Type more new "
                "symbols above (characters the text does not use) to go on."
            ).format(pair=_pair(best.pair), count=best.count, why=why)
            + " "
            + summary
        )
    if step.best_count == 0:
        return join_sentences(
            t(
                "<strong>Stop.</strong> The string has fewer than two characters, so it has no "
                "pair at all."
            ),
            summary,
        )
    n = step.pairs_total
    return join_sentences(
        t.n(
            "<strong>Stop.</strong> No pair occurs twice any more: each of the {n} pair of "
            "neighbouring characters occurs once. Replacing a pair that occurs once would "
            "shorten the string by one character but add a whole table entry, so Gage's "
            "algorithm ends here.",
            "<strong>Stop.</strong> No pair occurs twice any more: each of the {n} pairs of "
            "neighbouring characters occurs once. Replacing a pair that occurs once would "
            "shorten the string by one character but add a whole table entry, so Gage's "
            "algorithm ends here.",
            n,
        ).format(n=n),
        summary,
    )


def _seed_note(step: GageStep, result: GageResult) -> str | None:
    if result.text != SEED_TEXT:
        return None
    if step.number == 1 and step.pair is not None:
        counts = t(
            "It does not say how it counts: with overlapping copies <code>aa</code> would win "
            "outright, 4 to 2."
        )
        if step.pair == ("a", "a"):
            return join_sentences(
                t("Tutorial 003 replaces <code>aa</code> here too (Z = aa)."), counts
            )
        return join_sentences(
            t("Tutorial 003 replaces <code>aa</code> here instead (Z = aa)."), counts
        )
    if step.number != 2 or _SEED_PAIR not in step.tied:
        return None
    if step.pair == _SEED_PAIR:
        return t(
            "This is tutorial 003's choice: it replaces <code>ab</code> here (Y = ab), and step 3 "
            "then gives X = ZY, the tutorial's table."
        )
    return t(
        "Tutorial 003 breaks this tie the other way: it replaces <code>ab</code> (Y = ab, then "
        "X = ZY). Both choices end at <code>XdXac</code>, with different tables. Choose "
        "a + b below to reproduce the tutorial's table."
    )


def describe_step(result: GageResult, number: int) -> str:
    """A short plain-text label of a step for the player, e.g. ``"aa → Z"``.

    >>> from subword_core.gage import compress
    >>> [describe_step(compress("abab"), n) for n in (1, 2)]
    ['ab → Z', 'stop']
    """
    step = result.steps[number - 1]
    if step.pair is None or step.symbol is None:
        return t("stop")
    return f"{visible_whitespace(step.pair[0] + step.pair[1])} → {visible_whitespace(step.symbol)}"


def _title(step: GageStep) -> str:
    if step.pair is None:
        return esc(t("Step {n}: compression stops").format(n=step.number))
    return t("Step {n}: {pair} → {symbol}").format(
        n=step.number, pair=_pair(step.pair), symbol=_sym(step.symbol or "")
    )
