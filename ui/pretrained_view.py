"""The "Trace a pretrained tokenizer" view: pick or upload a file, then draw each step.

The steps come from :mod:`subword_core.pretrained`; this module writes the words around the
numbers they carry (the rank of a merge, the candidates WordPiece tried, the scores on the
Unigram lattice). Everything from a file or typed by the student is escaped (``esc``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from subword_core.pretrained import (
    AddedTokensStep,
    BpeStartStep,
    ByteMapStep,
    LatticeStep,
    MergeStep,
    NormalizeStep,
    PathStep,
    Pretrained,
    PretrainedError,
    ResultStep,
    SplitStep,
    Step,
    Trace,
    WholeWordStep,
    WordPieceStep,
    load,
)
from ui.html import (
    badge_html,
    esc,
    heading_html,
    md_escape,
    show_html,
    show_text,
    token_spans_html,
)
from ui.limits import LIMITS

__all__ = [
    "SAMPLES",
    "TEXT_CHARS",
    "choose_files",
    "describe_step",
    "load_tokenizer",
    "render_step",
    "show_summary",
]

ASSETS = Path(__file__).parent / "assets" / "pretrained"

SAMPLES: dict[str, tuple[str, str]] = {
    "bytebpe": ("Sample: byte-level BPE (GPT-2 style, 1,743 merges)", "byte-level-bpe.json"),
    "bert": ("Sample: WordPiece (a BERT vocab.txt)", "bert-vocab.txt"),
    "unigram": ("Sample: Unigram (T5 / XLM-R style)", "unigram.json"),
}
"""Built-in tokenizers trained here (``python -m scripts.make_pretrained_samples``)."""

_UPLOAD = "upload"
TEXT_CHARS = 1_000
"""The longest text traced (every character may be a step of its own)."""


def choose_files() -> dict[str, bytes] | None:
    """The source choice and, for "my own file", the uploader; ``None`` until there is a file.

    Example::

        files = choose_files()
    """
    options = [*SAMPLES, _UPLOAD]
    labels = {**{k: v[0] for k, v in SAMPLES.items()}, _UPLOAD: "My own file(s)"}
    choice = st.radio(
        "Tokenizer",
        options,
        format_func=lambda key: md_escape(labels[key]),
        key="pre_source",
        horizontal=True,
    )
    if choice != _UPLOAD:
        name = SAMPLES[choice][1]
        return {name: (ASSETS / name).read_bytes()}
    uploads = st.file_uploader(
        "A tokenizer.json, a BERT vocab.txt, a sentencepiece .vocab, or GPT-2's vocab.json "
        "and merges.txt together",
        type=["json", "txt", "vocab", "model"],
        accept_multiple_files=True,
        key="pre_upload",
        max_upload_size=LIMITS.upload_mb,
    )
    if not uploads:
        st.info(
            "Upload a tokenizer file to trace it. Nothing leaves this server.",
            icon=":material/upload_file:",
        )
        return None
    return {u.name: u.getvalue() for u in uploads}


@st.cache_resource(max_entries=4, show_spinner="Reading the tokenizer…")
def _load(digest: str, _files: tuple[tuple[str, bytes], ...]) -> Pretrained:
    del digest  # the cache key: the files themselves are not hashed at every run
    return load(dict(_files))


def load_tokenizer(files: dict[str, bytes]) -> Pretrained | None:
    """Read the files (cached by content); ``None`` after showing why they cannot be traced.

    Example::

        tok = load_tokenizer({"vocab.txt": b"[UNK]\\nhello\\n"})
    """
    items = tuple(sorted(files.items()))
    digest = hashlib.sha256(repr([(n, hashlib.sha256(d).hexdigest()) for n, d in items]).encode())
    try:
        return _load(digest.hexdigest(), items)
    except PretrainedError as err:
        st.error("This file cannot be traced:", icon=":material/block:")
        show_text(str(err))
        return None


def show_summary(tok: Pretrained) -> None:
    """One block: what was read, the pipeline, and the notes.

    Example::

        show_summary(tok)
    """
    merges = f", {tok.merges:,} merges" if tok.merges else ""
    pipeline = " → ".join(
        [
            *(f"normalizer {n}" for n in tok.normalizer_names),
            *(f"pre-tokenizer {n}" for n in tok.splitter_names),
            f"model {tok.kind}",
        ]
    )
    notes = "".join(f"<li>{esc(n)}</li>" for n in tok.notes)
    special = (
        f"<div class='sw-small'>Special tokens, never split: "
        f"{token_spans_html(list(tok.added_tokens[:12]))}"
        f"{' …' if len(tok.added_tokens) > 12 else ''}</div>"
        if tok.added_tokens
        else ""
    )
    show_html(
        f"<div class='sw-text'>Read a {esc(tok.source)}: {tok.vocab_size:,} tokens{merges}."
        f"<br><strong>Pipeline:</strong> {esc(pipeline)}</div>{special}"
        + (f"<ul class='sw-small'>{notes}</ul>" if notes else "")
    )


# --------------------------------------------------------------------------------------
# Steps in words
# --------------------------------------------------------------------------------------


def _q(text: str) -> str:
    """A quoted token or text, escaped, spaces visible."""
    return token_spans_html([text])


def _word_label(trace: Trace, step: Step) -> str:
    if step.word is None:
        return ""
    return f"Word {step.word + 1} of {len(trace.words)}: {trace.words[step.word]}"


def describe_step(trace: Trace, number: int) -> str:
    """A one-line plain-text summary of step ``number`` (1-based), for the player's counter.

    Example::

        describe_step(trace, 3)  # 'merge rank 12: Ġ + t → Ġt'
    """
    step = trace.steps[number - 1]
    if isinstance(step, AddedTokensStep):
        return "special tokens cut out"
    if isinstance(step, NormalizeStep):
        return f"normalizer {step.component}"
    if isinstance(step, SplitStep):
        return f"pre-tokenizer {step.component}: {len(step.after)} words"
    if isinstance(step, ByteMapStep):
        return f"bytes of word {(step.word or 0) + 1}"
    if isinstance(step, BpeStartStep):
        return f"word {step.word + 1}: {len(step.symbols)} symbols to start"
    if isinstance(step, WholeWordStep):
        return f"word {step.word + 1} is in the vocabulary"
    if isinstance(step, MergeStep):
        return f"merge rank {step.rank:,}: {step.left} + {step.right} → {step.merged}"
    if isinstance(step, WordPieceStep):
        found = step.found if step.found is not None else "nothing: unknown"
        return f"word {step.word + 1}, position {step.start}: {found}"
    if isinstance(step, LatticeStep):
        return f"word {step.word + 1}: pieces starting at {step.start}"
    if isinstance(step, PathStep):
        return f"word {step.word + 1}: best path, score {step.total:.3f}"
    return f"result: {len(trace.tokens)} tokens"


def render_step(trace: Trace, number: int) -> None:
    """Draw step ``number`` (1-based) of ``trace``: the words and the numbers.

    Example::

        step_player("pre", len(trace.steps), lambda n: render_step(trace, n))
    """
    step = trace.steps[number - 1]
    body = _RENDER[type(step)](trace, step)  # type: ignore[operator]
    show_html(
        "<div style='border-left:3px solid rgba(128,128,128,.5);padding:.2em .8em'>"
        f"<div class='sw-text'><strong>{esc(_word_label(trace, step))}</strong></div>{body}</div>"
    )


def _added(_trace: Trace, step: AddedTokensStep) -> str:
    pieces = [p for p, _ in step.pieces]
    special = [i for i, (_, added) in enumerate(step.pieces) if added]
    return (
        heading_html("Special tokens first")
        + f"<div>{token_spans_html(pieces, highlight=special, highlight_label='special')}</div>"
        + "<div class='sw-text'>The file's special (added) tokens are found in the text before "
        "anything else and kept whole: they are never normalized, split or merged.</div>"
    )


def _text_list(texts: Sequence[str]) -> str:
    return token_spans_html(list(texts)) if texts else "<em>(nothing)</em>"


def _normalize(_trace: Trace, step: NormalizeStep) -> str:
    changed = step.before != step.after
    what = {
        "NFC": "composes characters (é as one code point)",
        "NFD": "decomposes characters (e + a combining accent)",
        "NFKC": "replaces compatibility characters (ﬁ → fi, full-width Ａ → A) and composes",
        "NFKD": "replaces compatibility characters and decomposes",
        "Lowercase": "lower-cases every character",
        "StripAccents": "removes combining marks (accents)",
        "Strip": "removes spaces at the ends",
        "BertNormalizer": "BERT's cleaning: control characters out, every space a plain space, "
        "spaces around Chinese characters, and (uncased models) accents out and lower case",
        "Nmt": "removes control characters and turns odd spaces into plain ones",
        "Replace": "replaces a pattern",
        "Prepend": "puts a prefix in front",
    }.get(step.component, "")
    return (
        heading_html(f"Normalizer: {step.component}", what)
        + f"<div class='sw-text'>Before: {_text_list(step.before)}</div>"
        + f"<div class='sw-text'>After: {_text_list(step.after)} "
        + (badge_html("changed", "info") if changed else badge_html("no change"))
        + "</div>"
    )


def _split(_trace: Trace, step: SplitStep) -> str:
    what = {
        "ByteLevel": "GPT-2's rule: a space stays with the word after it; letters, digits and "
        "other symbols are kept apart; 's 't 're 've 'm 'll 'd are split off",
        "BertPreTokenizer": "cut at whitespace (dropped) and around every punctuation mark",
        "Whitespace": "runs of word characters and runs of other symbols; spaces dropped",
        "WhitespaceSplit": "cut at whitespace, which is dropped",
        "Metaspace": "every space becomes ▁, and a word starts at each ▁",
        "Digits": "digits cut apart",
        "Punctuation": "punctuation cut apart",
        "Split": "cut at a pattern",
    }.get(step.component, "")
    return (
        heading_html(f"Pre-tokenizer: {step.component}", what)
        + f"<div class='sw-text'>{len(step.after)} words: {_text_list(step.after)}</div>"
        + "<div class='sw-small'>The model works on each word separately: no token ever "
        "crosses a word boundary.</div>"
    )


def _bytes(_trace: Trace, step: ByteMapStep) -> str:
    cells = "".join(
        f"<td><code>{b:02x}</code><br>{esc(ch)}</td>"
        for b, ch in zip(step.data, step.mapped, strict=True)
    )
    return (
        heading_html("Bytes to printable characters", f"{len(step.data)} bytes")
        + f"<div class='sw-text'>{_q(step.text)} is {len(step.data)} UTF-8 bytes; each byte is "
        "drawn as one printable character (GPT-2's table: printable bytes stand for "
        "themselves, the space 20 becomes Ġ, a newline 0a becomes Ċ). The merges work on "
        f"these characters: {_q(step.mapped)}</div>"
        f"<table class='sw-table' style='width:auto;text-align:center'><tr>{cells}</tr></table>"
    )


def _ranks(candidates: Sequence[tuple[str, str, int]], best: int | None = None) -> str:
    if not candidates:
        return "<em>none: no two neighbours form a learned merge</em>"
    parts = []
    for left, right, rank in candidates:
        text = f"{esc(left)} + {esc(right)} (rank {rank:,})"
        parts.append(f"<strong>{text}</strong>" if rank == best else text)
    return "; ".join(parts)


def _start(_trace: Trace, step: BpeStartStep) -> str:
    notes = ""
    if step.unknown:
        notes += (
            f"<div class='sw-text'>Not in the vocabulary: {_text_list(step.unknown)} "
            "(written as the unknown token, or dropped when the file has none).</div>"
        )
    if step.fallback:
        notes += (
            f"<div class='sw-text'>Written as byte tokens &lt;0xXX&gt;: "
            f"{_text_list(step.fallback)}</div>"
        )
    best = min((r for *_, r in step.candidates), default=None)
    return (
        heading_html("BPE: start from single characters", f"{len(step.symbols)} symbols")
        + f"<div>{token_spans_html(list(step.symbols))}</div>{notes}"
        + f"<div class='sw-small'>Pairs with a learned merge: {_ranks(step.candidates, best)}. "
        "BPE applies the merge with the lowest rank (learned earliest) first, the leftmost "
        "one on a tie, and looks again after each merge.</div>"
    )


def _whole(_trace: Trace, step: WholeWordStep) -> str:
    return heading_html("BPE: the whole word is a token") + (
        f"<div class='sw-text'>{_q(step.text)} is in the vocabulary and the file says "
        "<code>ignore_merges</code>, so it is one token without any merge.</div>"
    )


def _merge(_trace: Trace, step: MergeStep) -> str:
    others = len(step.candidates) - 1
    why = (
        f"it has the lowest rank of the {len(step.candidates)} pairs present"
        if others
        else "it is the only pair present with a learned merge"
    )
    pair = [step.position, step.position + 1]
    before = token_spans_html(list(step.before), highlight=pair, highlight_label="pair")
    after = token_spans_html(list(step.after), highlight=[step.position], highlight_label="merged")
    return (
        heading_html(f"Merge rank {step.rank:,}", f"{step.left} + {step.right} → {step.merged}")
        + f"<div>{before}</div><div>→ {after}</div>"
        + f"<div class='sw-text'>{_q(step.left)} + {_q(step.right)} becomes {_q(step.merged)}: "
        f"{why} (the merge learned as number {step.rank + 1:,}).</div>"
        + f"<div class='sw-small'>Pairs present: {_ranks(step.candidates, step.rank)}</div>"
    )


def _wordpiece(_trace: Trace, step: WordPieceStep) -> str:
    if step.too_long:
        return heading_html("WordPiece: word too long") + (
            f"<div class='sw-text'>{_q(step.text)} has {len(step.text)} characters, more than "
            "the file's max_input_chars_per_word, so it becomes the unknown token.</div>"
        )
    tries = "".join(f"<li>{_q(c)} {_YES if hit else _NO}</li>" for c, hit in step.tries)
    verdict = (
        f"It takes {_q(step.found)}, the longest match, and goes on after it."
        if step.found is not None
        else "Nothing matches, not even one character: the whole word becomes the unknown token."
    )
    return (
        heading_html(
            f"WordPiece: longest match at character {step.start}", f"{len(step.tries)} tried"
        )
        + f"<div class='sw-text'>In {_q(step.text)} it tries the longest candidate first and "
        "shortens it one character at a time (a piece inside the word carries the ## prefix):"
        f"</div><ol class='sw-small'>{tries}</ol><div class='sw-text'>{verdict}</div>"
    )


_YES = badge_html("in the vocabulary", "success")
_NO = badge_html("no")
_BEST = badge_html("best so far", "success")


def _lattice(_trace: Trace, step: LatticeStep) -> str:
    rows = "".join(
        f"<tr><td>{_q(piece)}{' ' + badge_html('unknown', 'error') if unk else ''}</td>"
        f"<td>{step.start}–{end}</td><td>{score:.3f}</td><td>{total:.3f}</td>"
        f"<td>{_BEST if improved else 'a better path exists'}</td></tr>"
        for piece, end, score, total, improved, unk in step.pieces
    )
    return (
        heading_html(f"Unigram: pieces starting at character {step.start}")
        + f"<div class='sw-text'>In {_q(step.text)}, the best path reaching character "
        f"{step.start} scores {step.best:.3f} (the sum of its pieces' log-probabilities). "
        "Each piece that starts here extends it; a path replaces the best one to its end only "
        "with a strictly higher score (Viterbi).</div>"
        "<table class='sw-table'><thead><tr><th>piece</th><th>characters</th><th>score</th>"
        f"<th>path score</th><th></th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _path(_trace: Trace, step: PathStep) -> str:
    rows = "".join(
        f"<tr><td>{_q(piece)}{' ' + badge_html('unknown', 'error') if unk else ''}</td>"
        f"<td>{start}–{end}</td><td>{score:.3f}</td></tr>"
        for piece, start, end, score, unk in step.path
    )
    return (
        heading_html("Unigram: the best path", f"score {step.total:.3f}")
        + f"<div>{token_spans_html(list(step.tokens))}</div>"
        + "<div class='sw-text'>Read back from the end of the word: the pieces on the "
        "highest-scoring path (neighbouring unknown characters become one token).</div>"
        "<table class='sw-table'><thead><tr><th>piece</th><th>characters</th><th>score</th>"
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def _result(_trace: Trace, step: ResultStep) -> str:
    ids = ", ".join(str(i) for i in step.ids)
    return (
        heading_html("The tokens", f"{len(step.tokens)} tokens")
        + f"<div>{token_spans_html(list(step.tokens))}</div>"
        + f"<div class='sw-small'>ids: {esc(ids) or '—'}</div>"
        + "<div class='sw-small'>The same tokens and ids as the tokenizers library's "
        "encode(text, add_special_tokens=False).</div>"
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
