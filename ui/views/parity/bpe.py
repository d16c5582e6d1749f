"""The Parity page's BPE part: the app's BPE next to subword-nmt, once with subword-nmt's
conventions (they must agree) and once per app default, with the first differing merge and
why.

Example::

    render_bpe(corpus, num_merges=50, min_frequency=2)
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from subword_core import bpe
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from ui.app.corpus_picker import error_text
from ui.app.i18n import current_language, join_sentences, translator
from ui.draw.html import esc, md_escape, show_html
from ui.runtime.cache import shared_cache
from ui.views.parity.diffs import _diff_html, _diff_words, _pair
from ui.views.parity.settings import MAX_WORDS, SHOW_DIFFS, _need, limit_corpus

t = translator("parity")

# --------------------------------------------------------------------------------------
# BPE vs subword-nmt
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BPERow:
    """One app setting against subword-nmt.

    Attributes:
        label: the app's settings in words.
        attach: ``attach_end_of_word``; ``tie_break``: the app's tie rule.
        merges_agree: how many merges, from the first, are the same as subword-nmt's.
        merges_ours / merges_theirs: how many merges each learned.
        first_diff: ``(merge number, app's pair, library's pair)`` or ``None``.
        words_agree / words_total: corpus words segmented the same (markers stripped).
        why: the reason for the first difference, or that they agree.
        tie: True when the first differing merge was a tie in the app's trace.
    """

    label: str
    attach: bool
    tie_break: str
    merges_agree: int
    merges_ours: int
    merges_theirs: int
    first_diff: tuple[int, tuple[str, str] | None, tuple[str, str] | None] | None
    words_agree: int
    words_total: int
    word_diffs: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
    why: str
    tie: bool

    @property
    def agrees(self) -> bool:
        """Same merges and same segmentation of every compared word."""
        return self.first_diff is None and self.words_agree == self.words_total


@dataclass(frozen=True)
class BPEParity:
    """subword-nmt's merges and the app's rows (subword-nmt's conventions first)."""

    library_merges: tuple[tuple[str, str], ...]
    rows: tuple[BPERow, ...]
    words_compared: int
    words_in_corpus: int


def _snmt_learn(corpus: Corpus, num_merges: int, min_frequency: int) -> str:
    """subword-nmt's codes file for the corpus read as ``word count`` lines (--dict-input)."""
    from subword_nmt.learn_bpe import learn_bpe

    text = "".join(f"{word} {count}\n" for word, count in corpus)
    out = io.StringIO()
    with contextlib.redirect_stderr(io.StringIO()):  # its progress bar and stop message
        learn_bpe(io.StringIO(text), out, num_merges, min_frequency, is_dict=True)
    return out.getvalue()


def _snmt_segment(codes: str, words: Sequence[str]) -> list[list[str]]:
    """subword-nmt's segmentation of each word, ``</w>`` and separators removed."""
    if len(codes.splitlines()) <= 1:  # no merges: it cannot read such a file; characters
        return [list(w) for w in words]
    from subword_nmt.apply_bpe import BPE, encode

    model = BPE(io.StringIO(codes))
    return [
        list(
            encode(w, model.bpe_codes, model.bpe_codes_reverse, None, "@@", model.version, {}, None)
        )
        for w in words
    ]


def _bpe_why(
    result: bpe.BPEResult, index: int, ours: tuple[str, str] | None, theirs: tuple[str, str] | None
) -> tuple[str, bool]:
    """Explain the first differing merge (0-based ``index``) of ``result`` and subword-nmt."""
    if ours is None or theirs is None:
        who = t("The app") if ours is None else "subword-nmt"
        return (
            t(
                "{who} stopped earlier: no pair left at least as frequent as the minimum "
                "frequency, counted on differently marked symbols."
            ).format(who=who),
            False,
        )
    step = result.steps[index]
    reasons: list[str] = []
    tie = step.is_tie and step.rule != "lexicographic"
    if tie:
        reasons.append(
            t(
                "Tie broken differently: {n} pairs had the same best count ({count}); the "
                "app's {rule} rule took {ours}, subword-nmt takes the lexicographically "
                "greatest pair, {theirs}."
            ).format(
                n=f"{step.ties_total:,}",
                count=step.best_count,
                rule={"first-seen": t("first-seen"), "chosen": t("chosen")}.get(
                    step.rule, step.rule
                ),
                ours=f"{ours[0]} + {ours[1]}",
                theirs=f"{theirs[0]} + {theirs[1]}",
            )
        )
    glued = [s for s in theirs if s.endswith("</w>") and s != "</w>"]
    if not result.model.attach_end_of_word and (glued or "</w>" in ours):
        example = (
            t("{symbol} is one symbol there").format(symbol=glued[0])
            if glued
            else t("a pair with </w> alone, like {pair}, cannot occur there").format(
                pair=f"{ours[0]} + {ours[1]}"
            )
        )
        reasons.append(
            t(
                "Marker placement: subword-nmt glues </w> to the last character ({example}), "
                "the app keeps </w> as a symbol of its own, so the two count different pairs."
            ).format(example=example)
        )
    if not reasons:
        reasons.append(t("The pair counts differ because the end-of-word marker is placed apart."))
    return join_sentences(*reasons), tie


def bpe_parity(
    corpus: Corpus, num_merges: int, min_frequency: int = 2, max_words: int = MAX_WORDS
) -> BPEParity:
    """Compare the app's BPE with subword-nmt under four settings.

    Rows: subword-nmt's conventions (must agree), the app's defaults, and the two settings
    that change one convention only, which show which one causes a difference.

    >>> corpus = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    >>> rows = bpe_parity(corpus, 10).rows
    >>> rows[0].agrees, rows[1].first_diff
    (True, (1, ('e', 's'), ('s', 't</w>')))
    """
    codes = _snmt_learn(corpus, num_merges, min_frequency)
    theirs = tuple(tuple(line.split(" ")) for line in codes.splitlines()[1:])
    words = list(limit_corpus(corpus, max_words).words)
    their_words = _snmt_segment(codes, words)
    settings = (
        (
            t("subword-nmt's conventions: glued </w>, greatest pair wins ties"),
            True,
            "lexicographic",
        ),
        (t("App defaults: separate </w>, first-seen ties"), False, "first-seen"),
        (t("Glued </w>, first-seen ties (only the tie rule differs)"), True, "first-seen"),
        (
            t("Separate </w>, greatest pair wins ties (only the marker differs)"),
            False,
            "lexicographic",
        ),
    )
    rows = []
    for label, attach, tie_break in settings:
        result = bpe.learn(
            corpus,
            num_merges,
            min_frequency=min_frequency,
            attach_end_of_word=attach,
            tie_break=tie_break,  # type: ignore[arg-type]
            top_k=5,
            max_changed_words=1,
            history_limit=1,
        )
        ours = [tuple(m) for m in result.merges]
        agree = 0
        while agree < min(len(ours), len(theirs)) and ours[agree] == theirs[agree]:
            agree += 1
        first = None
        why, tie = t("Same merges in the same order."), False
        if agree < max(len(ours), len(theirs)):
            a = ours[agree] if agree < len(ours) else None
            b = theirs[agree] if agree < len(theirs) else None
            first = (agree + 1, a, b)
            why, tie = _bpe_why(result, agree, a, b)  # type: ignore[arg-type]
        our_words = [result.model.strip_marker(result.model.encode(w)) for w in words]
        words_agree, diffs = _diff_words(words, our_words, their_words)
        if first is None and diffs:
            why = t("Same merges, yet some words are segmented differently when applied.")
        rows.append(
            BPERow(
                label=label,
                attach=attach,
                tie_break=tie_break,
                merges_agree=agree,
                merges_ours=len(ours),
                merges_theirs=len(theirs),
                first_diff=first,  # type: ignore[arg-type]
                words_agree=words_agree,
                words_total=len(words),
                word_diffs=tuple(diffs[:SHOW_DIFFS]),
                why=why,
                tie=tie,
            )
        )
    return BPEParity(theirs, tuple(rows), len(words), len(corpus))  # type: ignore[arg-type]


@shared_cache(
    "parity-bpe", max_entries=8, spinner=lambda: t("Running subword-nmt and the app's BPE…")
)
def _cached_bpe(corpus: Corpus, num_merges: int, min_frequency: int, lang: str) -> BPEParity:
    del lang  # a key: the explanations are written in the session's language
    return bpe_parity(corpus, num_merges, min_frequency)


def render_bpe(corpus: Corpus, num_merges: int, min_frequency: int) -> None:
    """BPE vs subword-nmt: one row per app setting, then the first words that differ."""
    st.subheader(t("BPE vs subword-nmt"))
    if not _need("subword_nmt"):
        return
    try:
        parity = _cached_bpe(corpus, num_merges, min_frequency, current_language())
    except (SubwordError, RuntimeError, ValueError) as error:
        st.warning(t("This comparison could not run on this corpus."), icon=":material/warning:")
        show_html(f'<div class="sw-text sw-problem">{esc(error_text(error))}</div>')
        return
    table = pd.DataFrame(
        [
            {
                t("App settings"): r.label,
                t("Verdict"): t("agree") if r.agrees else t("differ"),
                t("Merges agreeing"): t("{n} of {total}").format(
                    n=r.merges_agree, total=max(r.merges_ours, r.merges_theirs)
                ),
                t("Words agreeing"): t("{n} of {total}").format(
                    n=r.words_agree, total=r.words_total
                ),
                t("First differing merge"): (
                    "—"
                    if r.first_diff is None
                    else t("#{n}: app {ours}, subword-nmt {theirs}").format(
                        n=r.first_diff[0],
                        ours=_pair(r.first_diff[1]),
                        theirs=_pair(r.first_diff[2]),
                    )
                ),
                t("Why"): r.why,
            }
            for r in parity.rows
        ]
    )
    st.dataframe(table, hide_index=True, width="stretch")
    st.markdown(
        t(
            "subword-nmt learned **{n}** merges (same number of merges and minimum frequency "
            "for every row). With its two conventions the app must reproduce it exactly; each "
            "other row changes one or both conventions, so the first differing merge shows "
            "which one matters on this corpus."
        ).format(n=len(parity.library_merges))
    )
    reasons = "".join(
        "<li>"
        + t("{label}: {why}").format(label=f"<strong>{esc(r.label)}</strong>", why=esc(r.why))
        + "</li>"
        for r in parity.rows
        if not r.agrees
    )
    if reasons:
        show_html(f'<div class="sw-text">{esc(t("Why they differ:"))}<ul>{reasons}</ul></div>')
    for row in parity.rows:
        if row.word_diffs:
            with st.expander(
                t("Words segmented differently: {label}").format(label=md_escape(row.label))
            ):
                show_html(_diff_html(row.word_diffs, t("app"), "subword-nmt"))
