"""The "Trace a pretrained tokenizer" view: pick or upload a file, then draw each step.

The steps come from :mod:`subword_core.pretrained`; this module writes the words around the
numbers they carry (the rank of a merge, the candidates WordPiece tried, the scores on the
Unigram lattice). Everything from a file or typed by the student is escaped (``esc``).
"""

from __future__ import annotations

import hashlib
import string
import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from subword_core.pretrained import (
    SUPPORTED_NORMALIZERS,
    SUPPORTED_PRE_TOKENIZERS,
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
from ui.bounds_text import bound_text
from ui.html import (
    badge_html,
    esc,
    heading_html,
    md_escape,
    show_html,
    show_text,
    token_spans_html,
)
from ui.i18n import DEFAULT_LANGUAGE, Message, current_language, keep_choice, translator
from ui.limits import LIMITS
from ui.links import LinkParam, PageLink, register_page, register_params

t = translator("pretrained")

__all__ = [
    "DEFAULT_TEXT",
    "SAMPLES",
    "TEXT_CHARS",
    "choose_files",
    "describe_step",
    "error_text",
    "load_tokenizer",
    "note_text",
    "render_step",
    "show_summary",
    "trace_text",
]

ASSETS = Path(__file__).parent / "assets" / "pretrained"

SAMPLES: dict[str, tuple[str, str]] = {
    "bytebpe": ("Sample: byte-level BPE (GPT-2 style, 1,743 merges)", "byte-level-bpe.json"),
    "bert": ("Sample: WordPiece (a BERT vocab.txt)", "bert-vocab.txt"),
    "unigram": ("Sample: Unigram (T5 / XLM-R style)", "unigram.json"),
    "t5": (
        "Sample: Unigram with sentencepiece's own normalizer (Precompiled, as T5 and ALBERT)",
        "t5-precompiled-unigram.json",
    ),
    "multilingual": (
        "Sample: Unigram that knows English, 中文 and 한국어 (trained here)",
        "multilingual-unigram.json",
    ),
}
"""Built-in tokenizers trained here (``python -m scripts.make_pretrained_samples``)."""

DEFAULT_TEXT = "How many tokens is unhappiness? 我们在学校学习语言。우리는 학교에서 공부한다."
"""The text a fresh page traces: one question true for every sample, and a Chinese and a
Korean sentence (each sample cuts them differently; only the multilingual one knows them)."""

# The link parameters of the page (ui.links): the sample (never an upload: a link cannot
# carry the file), the text, and the step of the player "pre".
register_params(
    LinkParam("pre_source", "choice", options=tuple(SAMPLES)),
    LinkParam("pre_text", "str"),
)
register_page("pretrained", PageLink(("pre_source", "pre_text"), player="pre"))

_UPLOAD = "upload"
MULTILINGUAL_SENTENCES = 42
"""How many sentences the multilingual sample learned from (scripts/multilingual_sample.txt)."""
TEXT_CHARS = 1_000
"""The longest text traced (every character may be a step of its own)."""


def choose_files() -> dict[str, bytes] | None:
    """The source choice and, for "my own file", the uploader; ``None`` until there is a file.

    Example::

        files = choose_files()
    """
    options = [*SAMPLES, _UPLOAD]
    labels = {
        "bytebpe": t("Sample: byte-level BPE (GPT-2 style, 1,743 merges)"),
        "bert": t("Sample: WordPiece (a BERT vocab.txt)"),
        "unigram": t("Sample: Unigram (T5 / XLM-R style)"),
        "t5": t(
            "Sample: Unigram with sentencepiece's own normalizer (Precompiled, as T5 and ALBERT)"
        ),
        "multilingual": t("Sample: Unigram that knows English, 中文 and 한국어 (trained here)"),
        _UPLOAD: t("My own file(s)"),
    }
    keep_choice("pre_source")  # a language switch must not lose the chosen sample
    choice = st.radio(
        t("Tokenizer"),
        options,
        format_func=lambda key: md_escape(labels[key]),
        key="pre_source",
        horizontal=True,
    )
    if choice != _UPLOAD:
        name = SAMPLES[choice][1]
        if choice == "multilingual":
            st.caption(
                t(
                    "Not a published model: a Unigram tokenizer trained in this app with the "
                    "tokenizers library on {n} short English, Chinese and Korean sentences "
                    "written for the app, so that it knows some Chinese and Korean. A character "
                    "it never saw becomes the unknown token `<unk>`."
                ).format(n=MULTILINGUAL_SENTENCES)
            )
        return {name: (ASSETS / name).read_bytes()}
    uploads = st.file_uploader(
        t(
            "A tokenizer.json, a BERT vocab.txt, a sentencepiece .vocab, or GPT-2's vocab.json "
            "and merges.txt together"
        ),
        type=["json", "txt", "vocab", "model"],
        accept_multiple_files=True,
        key="pre_upload",
        max_upload_size=LIMITS.upload_mb,
    )
    if not uploads:
        st.info(
            t("Upload a tokenizer file to trace it. Nothing leaves this server."),
            icon=":material/upload_file:",
        )
        return None
    if len(uploads) > LIMITS.pretrained_files:  # refused before any is read (issue 26)
        st.error(t("This file cannot be traced:"), icon=":material/block:")
        show_text(_file_problems()["too_many_files"])
        return None
    return {u.name: u.getvalue() for u in uploads}


@st.cache_resource(max_entries=4, show_spinner=False)  # the caller shows one, translated
def _load(digest: str, _files: tuple[tuple[str, bytes], ...]) -> Pretrained | PretrainedError:
    del digest  # the cache key: the files themselves are not hashed at every run
    try:
        return load(dict(_files))
    except PretrainedError as err:  # kept too: a refused file is not read again at every rerun
        return err


def _file_problems() -> dict[str, str]:
    """The tracer's problems with the uploaded files, by code (values filled by the caller)."""
    formats = t("This page reads {formats}.")
    return {
        "no_file": t("No file given.") + " " + formats,
        "binary": t("{file} is a binary file, not a tokenizer file.") + " " + formats,
        "not_utf8": t("{file} is not UTF-8 text.") + " " + formats,
        "bad_json": t("{file} starts like JSON but is not valid JSON (line {line})."),
        "not_a_tokenizer": t("{file} is not a tokenizer file.") + " " + formats,
        "too_many_files": t("Upload one file, or GPT-2's vocab.json together with its merges.txt."),
        "needs_merges": t(
            "{file} is a vocabulary (token → id) without its merges: upload the matching "
            "merges.txt together with it."
        ),
        "needs_vocab": t("{file} looks like a merges.txt: upload it together with its vocab.json."),
        "no_unk": t("{file} has no line [UNK]: a BERT vocab.txt lists the unknown token."),
    }


def _model_problems() -> dict[str, str]:
    """The tracer's problems with the model a file holds, by code."""
    return {
        "unsupported_model": t(
            "This file uses the model “{model}”; this page traces BPE, WordPiece and Unigram."
        ),
        "bad_model": t("{file}: the model's settings cannot be read."),
        "bad_merges": t("{file}: the merges cannot be read (each is two tokens and one space)."),
        "bad_vocab": t("{file}: the vocabulary cannot be read."),
        "merge_not_in_vocab": t(
            "Merge {merge} uses or makes a token that is not in the vocabulary."
        ),
        "dropout": t(
            "This file uses BPE-dropout ({dropout}): its merges are skipped at random, so no "
            "single trace is “the” encoding. Set dropout to null in the file to trace it."
        ),
        "unk_not_in_vocab": t(
            "The unknown token {unk} is not in the vocabulary, so the library cannot encode a "
            "character it does not know."
        ),
        "no_unk_id": t(
            "{piece} is in no piece of the vocabulary and the file names no unknown token, so "
            "the library cannot encode it."
        ),
    }


def error_text(err: PretrainedError) -> str:
    """A tracer error in the session's language, by its code (English: the core's message).

    Example:
        >>> error_text(PretrainedError("No file given.", code="no_file"))
        'No file given.'
    """
    if current_language() == DEFAULT_LANGUAGE:
        return str(err)
    kinds = {"normalizer": t("normalizer"), "pre-tokenizer": t("pre-tokenizer")}
    bound = bound_text(err.code, err.values)  # the file asks too much of the server
    if bound is not None:
        return bound
    values = {name: str(value) for name, value in err.values.items()}
    values["kind"] = kinds.get(values.get("kind", ""), values.get("kind", ""))
    values["formats"] = _formats()
    if err.code in ("unsupported", "bad_charsmap"):
        return _refusal_text(err)
    template = {**_file_problems(), **_model_problems()}.get(err.code or "")
    if template is None:
        return str(err)
    needed = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return Message(template).format(**{**dict.fromkeys(needed, "?"), **values})


def _formats() -> str:
    return t(
        "a Hugging Face tokenizer.json, a BERT vocab.txt, GPT-2's vocab.json together with "
        "merges.txt, or a sentencepiece .vocab"
    )


_TRACES: weakref.WeakKeyDictionary[Pretrained, OrderedDict[str, Trace | PretrainedError]] = (
    weakref.WeakKeyDictionary()
)
_TRACES_LOCK = threading.Lock()
TRACES_PER_FILE = 2
"""Traces kept per loaded file (the text on the page, and the one before it)."""


def trace_text(tok: Pretrained, text: str) -> Trace:
    """``tok.trace(text)``, kept with the file: the player's every click reruns the page, and
    the trace (or the tracer's refusal) is not made again each time (issue 26).

    Raises:
        PretrainedError: as :meth:`Pretrained.trace`.

    Example::

        trace = trace_text(tok, "Hello")
    """
    with _TRACES_LOCK:
        kept = _TRACES.setdefault(tok, OrderedDict())
        found = kept.get(text)
        if found is not None:
            kept.move_to_end(text)
    if found is None:
        try:
            found = tok.trace(text)
        except PretrainedError as err:
            found = err
        with _TRACES_LOCK:
            kept[text] = found
            while len(kept) > TRACES_PER_FILE:
                kept.popitem(last=False)
    if isinstance(found, PretrainedError):
        raise found.with_traceback(None)
    return found


def load_tokenizer(files: dict[str, bytes]) -> Pretrained | None:
    """Read the files (cached by content); ``None`` after showing why they cannot be traced.

    Example::

        tok = load_tokenizer({"vocab.txt": b"[UNK]\\nhello\\n"})
    """
    items = tuple(sorted(files.items()))
    digest = hashlib.sha256(repr([(n, hashlib.sha256(d).hexdigest()) for n, d in items]).encode())
    with st.spinner(t("Reading the tokenizer…")):
        loaded = _load(digest.hexdigest(), items)
    if isinstance(loaded, PretrainedError):
        st.error(t("This file cannot be traced:"), icon=":material/block:")
        show_text(error_text(loaded))
        return None
    return loaded


def _refusal_text(err: PretrainedError) -> str:
    """A file the page will not trace (a component it cannot replay exactly, a regular
    expression part that may match differently, a damaged charsmap), with what is supported."""
    values = err.values
    kinds = {"normalizer": t("normalizer"), "pre-tokenizer": t("pre-tokenizer")}
    kind = kinds.get(str(values.get("kind")), str(values.get("kind", "")))
    supported = t(
        "Supported normalizers: {normalizers}. Supported pre-tokenizers: {pre_tokenizers}. "
        "Split and Replace take a plain string or a regular expression with Unicode classes "
        "such as {example}, \\s, \\d, lookarounds and possessive quantifiers."
    ).format(
        normalizers=", ".join(SUPPORTED_NORMALIZERS),
        pre_tokenizers=", ".join(SUPPORTED_PRE_TOKENIZERS),
        example="\\p{L}",
    )
    if err.code == "unsupported" and "pattern" in values:
        return (
            t(
                "This file's {kind} {component} uses the regular expression {pattern}. Its part "
                "{construct} may match differently in the tokenizers library's engine "
                "(Oniguruma) than here, so the page does not trace the file rather than show "
                "steps that may be wrong."
            ).format(
                kind=kind,
                component=values.get("component", ""),
                pattern=values.get("pattern", ""),
                construct=values.get("construct", ""),
            )
            + "\n"
            + supported
        )
    if err.code == "unsupported":
        return (
            t(
                "This file's {kind} is “{component}”, which this page cannot replay exactly, so "
                "it does not trace the file rather than show steps that may be wrong."
            ).format(kind=kind, component=_refused_part(values))
            + "\n"
            + supported
        )
    if err.code == "bad_charsmap":
        return t(
            "This file's Precompiled normalizer (sentencepiece's normalization rules, stored in "
            "the file as precompiled_charsmap) is missing or damaged, so the tokenizers library "
            "cannot read the file either."
        )
    return str(err)


def _refused_part(values: dict[str, object]) -> str:
    """The part a refusal names: the file's type name, with why its use is refused (cause)."""
    component = str(values.get("component", ""))
    cause = values.get("cause")
    if cause == "no_pattern":
        return t("{component} without a pattern").format(component=component)
    if cause == "behavior":
        return t("{component} with the behaviour {behavior}").format(
            component=component, behavior=values.get("behavior", "")
        )
    if cause == "not_an_object":
        return t("{component} (where the file should have an object)").format(component=component)
    return component


def note_text(note: str) -> str:
    """A note of the tracer about the file, in the session's language (English: the core's).

    The notes are :class:`~subword_core.corpus.Note` s: a code and values; a note without a
    code, or with one this page does not know, is shown as the core wrote it.

    Example:
        >>> from subword_core.corpus import Note
        >>> note_text(Note("The file asks for truncation.", "truncation"))
        'The file asks for truncation.'
    """
    if current_language() == DEFAULT_LANGUAGE:
        return str(note)
    values = getattr(note, "values", {})
    case = {
        "lower": t("lower-casing and stripping accents"),
        "kept": t("keeping case: the vocabulary has capitals"),
    }
    wordings = {
        "post_processor": lambda: t(
            "The post-processor ({component}) may add special tokens such as [CLS] or <s> "
            "around the result; they are left out here, as in "
            "encode(text, add_special_tokens=False)."
        ).format(component=values.get("component", "")),
        "truncation": lambda: t("The file asks for truncation; the trace shows all tokens."),
        "gpt2_pipeline": lambda: t(
            "vocab.json and merges.txt do not say how the text is cut, so GPT-2's byte-level "
            "rule is used, without a space added in front (as GPT2Tokenizer does)."
        ),
        "bert_pipeline": lambda: t(
            "vocab.txt lists only the tokens, so BERT's usual pipeline is used: BERT's "
            "normalizer ({case}) and its whitespace-and-punctuation split."
        ).format(case=case.get(str(values.get("case")), "")),
        "sentencepiece_pipeline": lambda: (
            t(
                "A .vocab lists pieces and scores only, so it is read as a Unigram model with the "
                "pipeline of the tokenizers library's SentencePieceUnigramTokenizer: Nmt, NFKC, "
                "runs of spaces made one, and Metaspace's ▁."
            )
            + " "
            + t("As in sentencepiece, <unk>, <s> and </s> are never matched in the text.")
        ),
    }
    wording = wordings.get(str(getattr(note, "code", "")))
    return wording() if wording is not None else str(note)


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
    special = (
        f"<div class='sw-small'>{esc(t('Special tokens, never split:'))} "
        f"{token_spans_html([_shortened(a) for a in tok.added_tokens[:12]])}"
        f"{' …' if len(tok.added_tokens) > 12 else ''}</div>"
        if tok.added_tokens
        else ""
    )
    read = t("Read a {source}: {n} tokens{merges}.").format(
        source=tok.source, n=f"{tok.vocab_size:,}", merges=merges
    )
    show_html(
        f"<div class='sw-text'>{esc(read)}"
        f"<br><strong>{esc(t('Pipeline:'))}</strong> {esc(pipeline)}</div>{special}"
        + (f"<ul class='sw-small'>{notes}</ul>" if notes else "")
    )


# --------------------------------------------------------------------------------------
# Steps in words
# --------------------------------------------------------------------------------------


def _shortened(token: str, chars: int = 60) -> str:
    """A token as the summary lists it: at most ``chars`` characters (one file's special
    token had 15,000,000, sent whole to the browser at every rerun).

    Example:
        >>> _shortened("<s>"), len(_shortened("x" * 10**6))
        ('<s>', 61)
    """
    return token if len(token) <= chars else token[:chars] + "…"


def _q(text: str) -> str:
    """A quoted token or text, escaped, spaces visible."""
    return token_spans_html([text])


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


def _added(_trace: Trace, step: AddedTokensStep) -> str:
    pieces = [p for p, _ in step.pieces]
    special = [i for i, (_, added) in enumerate(step.pieces) if added]
    spans = token_spans_html(pieces, highlight=special, highlight_label=t("special"))
    return (
        heading_html(t("Special tokens first"))
        + f"<div>{spans}</div>"
        + "<div class='sw-text'>"
        + esc(
            t(
                "The file's special (added) tokens are found in the text before anything else "
                "and kept whole: they are never normalized, split or merged."
            )
        )
        + "</div>"
    )


def _text_list(texts: Sequence[str]) -> str:
    return token_spans_html(list(texts)) if texts else f"<em>{esc(t('(nothing)'))}</em>"


def _normalize(_trace: Trace, step: NormalizeStep) -> str:
    changed = step.before != step.after
    what = {
        "NFC": t("composes characters (é as one code point)"),
        "NFD": t("decomposes characters (e + a combining accent)"),
        "NFKC": t("replaces compatibility characters (ﬁ → fi, full-width Ａ → A) and composes"),
        "NFKD": t("replaces compatibility characters and decomposes"),
        "Lowercase": t("lower-cases every character"),
        "StripAccents": t("removes combining marks (accents)"),
        "Strip": t("removes spaces at the ends"),
        "BertNormalizer": t(
            "BERT's cleaning: control characters out, every space a plain space, spaces around "
            "Chinese characters, and (uncased models) accents out and lower case"
        ),
        "Nmt": t("removes control characters and turns odd spaces into plain ones"),
        "Precompiled": t(
            "sentencepiece's own normalization rules, compiled into the file: each character "
            "(or short sequence) found in its table is replaced, such as full-width letters, "
            "ligatures, odd spaces and control characters"
        ),
        "Replace": t("replaces a pattern"),
        "Prepend": t("puts a prefix in front"),
    }.get(step.component, "")
    return (
        heading_html(t("Normalizer: {name}").format(name=step.component), what)
        + f"<div class='sw-text'>{esc(t('Before:'))} {_text_list(step.before)}</div>"
        + f"<div class='sw-text'>{esc(t('After:'))} {_text_list(step.after)} "
        + (badge_html(t("changed"), "info") if changed else badge_html(t("no change")))
        + "</div>"
        + _pattern_html(step.pattern, step.content if step.component == "Replace" else None)
        + _replacements(step.replaced)
        + _jamo_note(step)
    )


def _is_jamo(ch: str) -> bool:
    return "\u1100" <= ch <= "\u11ff"


def _jamo_note(step: NormalizeStep) -> str:
    """A sentence when a normalizer took Hangul syllables apart into jamo (NFD): the model
    then tries and counts jamo, so a word of 3 syllables has about 9 characters.

    Example:
        >>> "jamo" in _jamo_note(NormalizeStep("NFD", ("한",), ("\u1112\u1161\u11ab",)))
        True
        >>> _jamo_note(NormalizeStep("NFC", ("한",), ("한",)))
        ''
    """
    syllables = any("\uac00" <= c <= "\ud7a3" for w in step.before for c in w)
    chunks = (chunk for w in step.after for chunk in w.split())
    word = next((chunk for chunk in chunks if any(map(_is_jamo, chunk))), None)
    if not syllables or word is None:
        return ""
    return (
        "<div class='sw-text'>"
        + t(
            "Hangul syllables were taken apart into their letters (jamo, Unicode NFD): {word} "
            "is now {n} characters, and the model below works on these letters, not on "
            "syllables."
        ).format(word=_q(word), n=len(word))
        + "</div>"
    )


def _pattern_html(pattern: str, content: str | None = None) -> str:
    """A Split's or Replace's pattern (and what replaces it), as code."""
    if not pattern:
        return ""
    line = t("Pattern: {pattern}").format(pattern=f"<code>{esc(pattern)}</code>")
    if content is not None:
        replaced = f"<code>{esc(repr(content))}</code>"
        line += " " + t("replaced by {content}").format(content=replaced)
    return f"<div class='sw-small'>{line}</div>"


_SHOWN_REPLACEMENTS = 40


def _code_points(text: str) -> str:
    return " ".join(f"U+{ord(c):04X}" for c in text)


def _replacements(replaced: Sequence[tuple[str, str]]) -> str:
    """The list of what a Precompiled normalizer replaced, each with its code points."""
    if not replaced:
        return ""
    nothing = f"<em>{esc(t('(nothing)'))}</em>"
    items = "".join(
        f"<li>{_q(old)} <code>{esc(_code_points(old))}</code> → "
        f"{_q(new) if new else nothing}"
        f"{f' <code>{esc(_code_points(new))}</code>' if new and not new.isascii() else ''}</li>"
        for old, new in replaced[:_SHOWN_REPLACEMENTS]
    )
    more = len(replaced) - _SHOWN_REPLACEMENTS
    rest = f"<li>{esc(t('… and {n} more').format(n=f'{more:,}'))}</li>" if more > 0 else ""
    return (
        "<div class='sw-text'>"
        + esc(
            t.n(
                "{n} replacement, each kind once:",
                "{n} replacements, each kind once:",
                len(replaced),
            ).format(n=f"{len(replaced):,}")
        )
        + f"</div><ul class='sw-small'>{items}{rest}</ul>"
    )


def _split(_trace: Trace, step: SplitStep) -> str:
    what = {
        "ByteLevel": t(
            "GPT-2's rule: a space stays with the word after it; letters, digits and other "
            "symbols are kept apart; 's 't 're 've 'm 'll 'd are split off"
        ),
        "BertPreTokenizer": t("cut at whitespace (dropped) and around every punctuation mark"),
        "Whitespace": t("runs of word characters and runs of other symbols; spaces dropped"),
        "WhitespaceSplit": t("cut at whitespace, which is dropped"),
        "Metaspace": t("every space becomes ▁, and a word starts at each ▁"),
        "Digits": t("digits cut apart"),
        "Punctuation": t("punctuation cut apart"),
        "Split": t("cut at a pattern"),
    }.get(step.component, "")
    return (
        heading_html(t("Pre-tokenizer: {name}").format(name=step.component), what)
        + _pattern_html(step.pattern)
        + "<div class='sw-text'>"
        + esc(t("{n} words:").format(n=len(step.after)))
        + f" {_text_list(step.after)}</div>"
        + "<div class='sw-small'>"
        + esc(t("The model works on each word separately: no token ever crosses a word boundary."))
        + "</div>"
    )


def _bytes(_trace: Trace, step: ByteMapStep) -> str:
    cells = "".join(
        f"<td><code>{b:02x}</code><br>{esc(ch)}</td>"
        for b, ch in zip(step.data, step.mapped, strict=True)
    )
    return (
        heading_html(t("Bytes to printable characters"), t("{n} bytes").format(n=len(step.data)))
        + "<div class='sw-text'>"
        + t(
            "{text} is {n} UTF-8 bytes; each byte is drawn as one printable character (GPT-2's "
            "table: printable bytes stand for themselves, the space 20 becomes Ġ, a newline 0a "
            "becomes Ċ). The merges work on these characters: {mapped}"
        ).format(text=_q(step.text), n=len(step.data), mapped=_q(step.mapped))
        + "</div>"
        f"<table class='sw-table' style='width:auto;text-align:center'><tr>{cells}</tr></table>"
    )


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
