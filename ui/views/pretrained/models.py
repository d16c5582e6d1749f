"""The pretrained page's model stages in words: BPE's merges by rank, WordPiece's longest
match, the Unigram lattice and its best path, and the result (unknown pieces marked).

Example::

    _merge(trace, step)  # the candidates by rank, the best one marked
"""

from __future__ import annotations

from collections.abc import Sequence

from subword_core.pretrained import (
    BpeStartStep,
    LatticeStep,
    MergeStep,
    PathStep,
    ResultStep,
    Trace,
    WholeWordStep,
    WordPieceStep,
)
from ui.app.i18n import translator
from ui.draw.html import (
    badge_html,
    esc,
    heading_html,
    token_spans_html,
)
from ui.views.pretrained.text import _q, _text_list

t = translator("pretrained")


def _ranks(candidates: Sequence[tuple[str, str, int]], best: int | None = None) -> str:
    if not candidates:
        return f"<em>{esc(t('none: no two neighbours form a learned merge'))}</em>"
    parts = []
    for left, right, rank in candidates:
        text = t("{left} + {right} (rank {rank})").format(
            left=esc(left), right=esc(right), rank=f"{rank:,}"
        )
        parts.append(f"<strong>{text}</strong>" if rank == best else text)
    return t("; ").join(parts)


def _start(_trace: Trace, step: BpeStartStep) -> str:
    notes = ""
    if step.unknown:
        notes += (
            "<div class='sw-text'>"
            + t(
                "Not in the vocabulary: {tokens} (written as the unknown token, or dropped when "
                "the file has none)."
            ).format(tokens=_text_list(step.unknown))
            + "</div>"
        )
    if step.fallback:
        notes += (
            "<div class='sw-text'>"
            + t("Written as byte tokens &lt;0xXX&gt;: {tokens}").format(
                tokens=_text_list(step.fallback)
            )
            + "</div>"
        )
    best = min((r for *_, r in step.candidates), default=None)
    return (
        heading_html(
            t("BPE: start from single characters"),
            t("{n} symbols").format(n=len(step.symbols)),
        )
        + f"<div>{token_spans_html(list(step.symbols))}</div>{notes}"
        + "<div class='sw-small'>"
        + t(
            "Pairs with a learned merge: {pairs}. BPE applies the merge with the lowest rank "
            "(learned earliest) first, the leftmost one on a tie, and looks again after each "
            "merge."
        ).format(pairs=_ranks(step.candidates, best))
        + "</div>"
    )


def _whole(_trace: Trace, step: WholeWordStep) -> str:
    return heading_html(t("BPE: the whole word is a token")) + (
        "<div class='sw-text'>"
        + t(
            "{text} is in the vocabulary and the file says <code>ignore_merges</code>, so it is "
            "one token without any merge."
        ).format(text=_q(step.text))
        + "</div>"
    )


def _merge(_trace: Trace, step: MergeStep) -> str:
    others = len(step.candidates) - 1
    why = (
        t("it has the lowest rank of the {n} pairs present").format(n=len(step.candidates))
        if others
        else t("it is the only pair present with a learned merge")
    )
    pair = [step.position, step.position + 1]
    before = token_spans_html(list(step.before), highlight=pair, highlight_label=t("pair"))
    after = token_spans_html(
        list(step.after), highlight=[step.position], highlight_label=t("merged")
    )
    return (
        heading_html(
            t("Merge rank {rank}").format(rank=f"{step.rank:,}"),
            f"{step.left} + {step.right} → {step.merged}",
        )
        + f"<div>{before}</div><div>→ {after}</div>"
        + "<div class='sw-text'>"
        + t(
            "{left} + {right} becomes {merged}: {why} (the merge learned as number {number})."
        ).format(
            left=_q(step.left),
            right=_q(step.right),
            merged=_q(step.merged),
            why=esc(why),
            number=f"{step.rank + 1:,}",
        )
        + "</div>"
        + "<div class='sw-small'>"
        + t("Pairs present: {pairs}").format(pairs=_ranks(step.candidates, step.rank))
        + "</div>"
    )


def _wordpiece(_trace: Trace, step: WordPieceStep) -> str:
    if step.too_long:
        return heading_html(t("WordPiece: word too long")) + (
            "<div class='sw-text'>"
            + t(
                "{text} has {n} characters, more than the file's max_input_chars_per_word, so "
                "it becomes the unknown token."
            ).format(text=_q(step.text), n=len(step.text))
            + "</div>"
        )
    yes, no = badge_html(t("in the vocabulary"), "success"), badge_html(t("no"))
    tries = "".join(f"<li>{_q(c)} {yes if hit else no}</li>" for c, hit in step.tries)
    verdict = (
        t("It takes {piece}, the longest match, and goes on after it.").format(piece=_q(step.found))
        if step.found is not None
        else esc(
            t("Nothing matches, not even one character: the whole word becomes the unknown token.")
        )
    )
    return (
        heading_html(
            t("WordPiece: longest match at character {n}").format(n=step.start),
            t("{n} tried").format(n=len(step.tries)),
        )
        + "<div class='sw-text'>"
        + t(
            "In {text} it tries the longest candidate first and shortens it one character at a "
            "time (a piece inside the word carries the ## prefix):"
        ).format(text=_q(step.text))
        + f"</div><ol class='sw-small'>{tries}</ol><div class='sw-text'>{verdict}</div>"
    )


def _lattice(_trace: Trace, step: LatticeStep) -> str:
    best = badge_html(t("best so far"), "success")
    worse = esc(t("a better path exists"))
    unknown = " " + badge_html(t("unknown"), "error")
    rows = "".join(
        f"<tr><td>{_q(piece)}{unknown if unk else ''}</td>"
        f"<td>{step.start}–{end}</td><td>{score:.3f}</td><td>{total:.3f}</td>"
        f"<td>{best if improved else worse}</td></tr>"
        for piece, end, score, total, improved, unk in step.pieces
    )
    head = "".join(
        f"<th>{esc(h)}</th>" for h in (t("piece"), t("characters"), t("score"), t("path score"), "")
    )
    return (
        heading_html(t("Unigram: pieces starting at character {n}").format(n=step.start))
        + "<div class='sw-text'>"
        + t(
            "In {text}, the best path reaching character {n} scores {best} (the sum of its "
            "pieces' log-probabilities). Each piece that starts here extends it; a path "
            "replaces the best one to its end only with a strictly higher score (Viterbi)."
        ).format(text=_q(step.text), n=step.start, best=f"{step.best:.3f}")
        + "</div>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _fused_unknown(path: Sequence[tuple[str, int, int, float, bool]], tokens: int) -> list[int]:
    """The tokens of a best path that are unknown characters (neighbouring ones fused), by index.

    Example:
        >>> _fused_unknown([("a", 0, 1, -1.0, False), ("x", 1, 2, -9.0, True),
        ...                 ("y", 2, 3, -9.0, True)], 2)
        [1]
    """
    flags: list[bool] = []
    for *_, unk in path:
        if not (unk and flags and flags[-1]):
            flags.append(unk)
    return [i for i, unk in enumerate(flags) if unk] if len(flags) == tokens else []


def _unknown_note() -> str:
    """The legend of the unknown token's style."""
    return (
        "<div class='sw-small'>"
        + esc(
            t(
                "Dashed red box: an unknown piece. The tokenizer has no entry for it and gives it "
                "the id of its unknown token."
            )
        )
        + "</div>"
    )


def _path(_trace: Trace, step: PathStep) -> str:
    unknown = " " + badge_html(t("unknown"), "error")
    marked = _fused_unknown(step.path, len(step.tokens))
    rows = "".join(
        f"<tr><td>{_q(piece)}{unknown if unk else ''}</td>"
        f"<td>{start}–{end}</td><td>{score:.3f}</td></tr>"
        for piece, start, end, score, unk in step.path
    )
    head = "".join(f"<th>{esc(h)}</th>" for h in (t("piece"), t("characters"), t("score")))
    return (
        heading_html(
            t("Unigram: the best path"), t("score {score}").format(score=f"{step.total:.3f}")
        )
        + f"<div>{token_spans_html(list(step.tokens), unknown=marked)}</div>"
        + (_unknown_note() if marked else "")
        + "<div class='sw-text'>"
        + esc(
            t(
                "Read back from the end of the word: the pieces on the highest-scoring path "
                "(neighbouring unknown characters become one token)."
            )
        )
        + "</div>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _result(trace: Trace, step: ResultStep, unk_id: int | None = None) -> str:
    ids = ", ".join(str(i) for i in step.ids)
    marked = [i for i, id_ in enumerate(step.ids) if unk_id is not None and id_ == unk_id]
    return (
        heading_html(t("The tokens"), t("{n} tokens").format(n=len(step.tokens)))
        + f"<div>{token_spans_html(list(step.tokens), unknown=marked)}</div>"
        + (_unknown_note() if marked else "")
        + f"<div class='sw-small'>{esc(t('ids:'))} {esc(ids) or '—'}</div>"
        + "<div class='sw-small'>"
        + esc(
            t(
                "The same tokens and ids as the tokenizers library's "
                "encode(text, add_special_tokens=False)."
            )
        )
        + "</div>"
    )
