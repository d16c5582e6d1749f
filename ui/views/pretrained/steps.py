"""The pretrained page's steps: the player's one-line summary of a step and the step drawn
with the words around its numbers (:mod:`ui.views.pretrained.text`,
:mod:`ui.views.pretrained.models`).

Example::

    step_player("pre", len(trace.steps), lambda n: render_step(trace, n, tok.unk_id))
"""

from __future__ import annotations

from subword_core.pretrained import (
    AddedTokensStep,
    BpeStartStep,
    ByteMapStep,
    LatticeStep,
    MergeStep,
    NormalizeStep,
    PathStep,
    ResultStep,
    SplitStep,
    Step,
    Trace,
    WholeWordStep,
    WordPieceStep,
)
from ui.app.i18n import translator
from ui.draw.html import (
    esc,
    show_html,
)
from ui.views.pretrained.models import _lattice, _merge, _path, _result, _start, _whole, _wordpiece
from ui.views.pretrained.text import _added, _bytes, _normalize, _split

t = translator("pretrained")


def _word_label(trace: Trace, step: Step) -> str:
    if step.word is None:
        return ""
    return t("Word {n} of {total}: {word}").format(
        n=step.word + 1, total=len(trace.words), word=trace.words[step.word]
    )


def describe_step(trace: Trace, number: int) -> str:
    """A one-line plain-text summary of step ``number`` (1-based), for the player's counter.

    Example::

        describe_step(trace, 3)  # 'merge rank 12: Ġ + t → Ġt'
    """
    step = trace.steps[number - 1]
    if isinstance(step, AddedTokensStep):
        return t("special tokens cut out")
    if isinstance(step, NormalizeStep):
        return t("normalizer {name}").format(name=step.component)
    if isinstance(step, SplitStep):
        return t("pre-tokenizer {name}: {n} words").format(name=step.component, n=len(step.after))
    if isinstance(step, ByteMapStep):
        return t("bytes of word {n}").format(n=(step.word or 0) + 1)
    if isinstance(step, BpeStartStep):
        return t("word {n}: {k} symbols to start").format(n=step.word + 1, k=len(step.symbols))
    if isinstance(step, WholeWordStep):
        return t("word {n} is in the vocabulary").format(n=step.word + 1)
    if isinstance(step, MergeStep):
        return t("merge rank {rank}: {left} + {right} → {merged}").format(
            rank=f"{step.rank:,}", left=step.left, right=step.right, merged=step.merged
        )
    if isinstance(step, WordPieceStep):
        found = step.found if step.found is not None else t("nothing: unknown")
        return t("word {n}, position {start}: {found}").format(
            n=step.word + 1, start=step.start, found=found
        )
    if isinstance(step, LatticeStep):
        return t("word {n}: pieces starting at {start}").format(n=step.word + 1, start=step.start)
    if isinstance(step, PathStep):
        return t("word {n}: best path, score {score}").format(
            n=step.word + 1, score=f"{step.total:.3f}"
        )
    return t("result: {n} tokens").format(n=len(trace.tokens))


def render_step(trace: Trace, number: int, unk_id: int | None = None) -> None:
    """Draw step ``number`` (1-based) of ``trace``: the words and the numbers; the tokens with
    the id ``unk_id`` (:attr:`Pretrained.unk_id`) are drawn as unknown.

    Example::

        step_player("pre", len(trace.steps), lambda n: render_step(trace, n, tok.unk_id))
    """
    step = trace.steps[number - 1]
    if isinstance(step, ResultStep):
        body = _result(trace, step, unk_id)
    else:
        body = _RENDER[type(step)](trace, step)  # type: ignore[operator]
    show_html(
        "<div style='border-left:3px solid rgba(128,128,128,.5);padding:.2em .8em'>"
        f"<div class='sw-text'><strong>{esc(_word_label(trace, step))}</strong></div>{body}</div>"
    )


_RENDER = {
    AddedTokensStep: _added,
    NormalizeStep: _normalize,
    SplitStep: _split,
    ByteMapStep: _bytes,
    BpeStartStep: _start,
    WholeWordStep: _whole,
    MergeStep: _merge,
    WordPieceStep: _wordpiece,
    LatticeStep: _lattice,
    PathStep: _path,
    ResultStep: _result,
}
