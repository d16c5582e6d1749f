"""The merge quiz's verdict: is the student's guess of the pair a step merges right, and why.

Shared by BPE and byte-level BPE (the question itself is :func:`ui.app.quiz.quiz_gate`).

Example:
    >>> from subword_core.bpe import learn
    >>> step = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 1).steps[0]
    >>> quiz_verdict(step, ("e", "s"))[0]
    True
"""

from __future__ import annotations

from subword_core.bpe import MergeStep
from ui.app.i18n import translator
from ui.merge_family.explain import explain_rule
from ui.merge_family.words import pair_html

__all__ = ["quiz_verdict"]

t = translator("bpe")


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
            ).format(pair=pair_html(merged), count=best, others=others)
        if step.is_tie:
            return True, t(
                "Right: {pair} occurs {count} times, tied with {others}; {rule}, and that is "
                "{pair}. Any of the tied pairs would have been a right answer."
            ).format(
                pair=pair_html(merged), count=best, others=others, rule=explain_rule(step.rule)
            )
        return True, t("Right: {pair} occurs {count} times, more than any other pair.").format(
            pair=pair_html(merged), count=best
        )
    if picked in step.tied or counts.get(picked) == best:
        if step.rule == "chosen":
            rule = t("You chose {pair} for this step earlier, so that is the one merged.").format(
                pair=pair_html(merged)
            )
        else:
            rule = t(
                "To break the tie, {rule}, and that is {pair}, so this step merges it."
            ).format(rule=explain_rule(step.rule), pair=pair_html(merged))
        return True, t(
            "Right too: {picked} occurs {count} times, as often as {pair}: {n} pairs tie for "
            "the highest count, and each of them is a right answer. {why} Your pick is just as "
            "right: to merge it instead, choose it in the tie box below."
        ).format(
            picked=pair_html(picked),
            count=best,
            pair=pair_html(merged),
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
            pair=pair_html(picked), times=counts[picked], top=top
        )
    return False, t("Not this one: {pair} occurs less often, but {top}").format(
        pair=pair_html(picked), top=top
    )
