"""The pretrained page's summary of a loaded tokenizer: what was read, its pipeline, the
notes.

Example::

    show_summary(load_tokenizer(files))
"""

from __future__ import annotations

from subword_core.pretrained import (
    Pretrained,
)
from ui.app.i18n import sentence_gap, translator
from ui.draw.html import (
    esc,
    show_html,
    token_spans_html,
)
from ui.views.pretrained.files import note_text
from ui.views.pretrained.text import _shortened

t = translator("pretrained")


def show_summary(tok: Pretrained) -> None:
    """One block: what was read, the pipeline, and the notes.

    Example::

        show_summary(tok)
    """
    merges = t(", {n} merges").format(n=f"{tok.merges:,}") if tok.merges else ""
    pipeline = " → ".join(
        [
            *(t("normalizer {name}").format(name=n) for n in tok.normalizer_names),
            *(t("pre-tokenizer {name}").format(name=n) for n in tok.splitter_names),
            t("model {kind}").format(kind=tok.kind),
        ]
    )
    notes = "".join(f"<li>{esc(note_text(n))}</li>" for n in tok.notes)
    never = t("Special tokens, never split:")
    special = (
        f"<div class='sw-small'>{esc(never)}{sentence_gap(never, '')}"
        f"{token_spans_html([_shortened(a) for a in tok.added_tokens[:12]])}"
        f"{' …' if len(tok.added_tokens) > 12 else ''}</div>"
        if tok.added_tokens
        else ""
    )
    read = t("Read a {source}: {n} tokens{merges}.").format(
        source=tok.source, n=f"{tok.vocab_size:,}", merges=merges
    )
    flow = t("Pipeline:")
    show_html(
        f"<div class='sw-text'>{esc(read)}"
        f"<br><strong>{esc(flow)}</strong>{sentence_gap(flow, '')}{esc(pipeline)}</div>{special}"
        + (f"<ul class='sw-small'>{notes}</ul>" if notes else "")
    )


# --------------------------------------------------------------------------------------
