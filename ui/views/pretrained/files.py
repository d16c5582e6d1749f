"""The pretrained page's files: the built-in samples or an upload, loaded (cached per file)
and traced, with every refusal and note worded in the session's language.

Example:
    >>> sorted(SAMPLES)[:2]
    ['bert', 'bytebpe']
    >>> (ASSETS / SAMPLES["bert"][1]).is_file()
    True
"""

from __future__ import annotations

import hashlib
import string
import threading
import weakref
from collections import OrderedDict
from pathlib import Path

import streamlit as st

from subword_core.pretrained import (
    SUPPORTED_NORMALIZERS,
    SUPPORTED_PRE_TOKENIZERS,
    Pretrained,
    PretrainedError,
    Trace,
    load,
)
from ui.app.bounds_text import bound_text
from ui.app.i18n import (
    DEFAULT_LANGUAGE,
    Message,
    current_language,
    join_sentences,
    keep_choice,
    translator,
)
from ui.app.limits import LIMITS
from ui.app.links import LinkParam, PageLink, register_page, register_params
from ui.draw.html import (
    md_escape,
    show_text,
)

t = translator("pretrained")

ASSETS = Path(__file__).parents[2] / "assets" / "pretrained"

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

# The link parameters of the page (ui.app.links): the sample (never an upload: a link cannot
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
        "no_file": join_sentences(t("No file given."), formats),
        "binary": join_sentences(t("{file} is a binary file, not a tokenizer file."), formats),
        "not_utf8": join_sentences(t("{file} is not UTF-8 text."), formats),
        "bad_json": t("{file} starts like JSON but is not valid JSON (line {line})."),
        "not_a_tokenizer": join_sentences(t("{file} is not a tokenizer file."), formats),
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


def _library_refusals() -> dict[str, str]:
    """The files the ``tokenizers`` library refuses to read (ids, flags, numbers), by code."""
    return {
        "bad_id": t(
            "{file}: the token {token} has the id {id}; the tokenizers library reads an id as a "
            "whole number from 0 to 4,294,967,295 and refuses this file."
        ),
        "bad_unk_id": t(
            "{file}: unk_id is {unk_id}, but the vocabulary has {size} pieces; the tokenizers "
            "library refuses this file."
        ),
        "not_finite": t(
            "{file} holds the number {value}, which is not a finite number: JSON has no NaN or "
            "infinity, and the tokenizers library refuses this file."
        ),
        "not_a_flag": t(
            "{file}: {key} is {value}; the tokenizers library reads it only as true or false "
            "and refuses this file."
        ),
        "not_a_count": t(
            "{file}: {key} is {value}; the tokenizers library reads a whole number from 0 there "
            "and refuses this file."
        ),
        "missing_field": t(
            "{file}: the added token {token} has no “{key}”; the tokenizers library reads an "
            "added token only with its id and all five flags (single_word, lstrip, rstrip, "
            "normalized, special) and refuses this file."
        ),
        "bad_added_token": t(
            "{file}: added token number {number} is not an object with a text “content”; the "
            "tokenizers library refuses this file."
        ),
        "library_panics_backwards": t(
            "The tokenizers library fails on this text (a Rust panic: it gives no tokens): the "
            "added token {token} takes the spaces on its left (lstrip) from where the token "
            "before it stopped taking spaces (rstrip), past its own end. Change the spaces in "
            "the text, or the tokens' flags in the file."
        ),
        "empty_added_token": t(
            "The normalizer deletes the added token {token} whole (it is normalized: true). The "
            "tokenizers library then searches for an empty text: it cuts texts at every "
            "character, fails on characters outside ASCII (a Rust panic) and can run out of "
            "memory, so this page does not trace the file. Set normalized to false for that "
            "token, or remove it."
        ),
        "bad_added_tokens": t(
            "{file}: added_tokens is {value}, not a list of tokens; the tokenizers library "
            "refuses this file."
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
    problems = {**_file_problems(), **_model_problems(), **_library_refusals()}
    template = problems.get(err.code or "")
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

    The notes are :class:`~subword_core.text.corpus.Note` s: a code and values; a note without a
    code, or with one this page does not know, is shown as the core wrote it.

    Example:
        >>> from subword_core.text.corpus import Note
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
        "added_ids": lambda: t(
            "The tokenizers library numbers added tokens itself and does not keep the "
            "file's ids: {count} of them get another id, shown here as the library gives it "
            "(first: {token}, id {file_id} in the file, {id} in the library)."
        ).format(**{k: values.get(k, "") for k in ("count", "token", "file_id", "id")}),
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
