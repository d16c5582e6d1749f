"""Fuzzing the pretrained tracer (:mod:`subword_core.pretrained`) with arbitrary input.

Whatever comes in, :func:`~subword_core.pretrained.load` returns a tokenizer or raises a
:class:`~subword_core.pretrained.PretrainedError` (a ``SubwordError``) with a message; never
another exception. Where :meth:`~subword_core.pretrained.Pretrained.trace` returns, its steps
and its tokens agree: each word's last step (BPE's merges, WordPiece's matches, Unigram's
path) gives that word's tokens, the words' tokens in order are the trace's tokens, each merge
is the lowest-ranked pair present, and the tokens spell their word.
"""

from __future__ import annotations

import base64
import itertools
import json
import string
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from subword_core.byte_level import UNICODE_TO_BYTE
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
    Trace,
    WholeWordStep,
    WordPieceStep,
    load,
)
from subword_core.pretrained.chars import is_cjk, is_punct, is_ws
from subword_core.pretrained.charsmap import Charsmap, CharsmapError
from subword_core.pretrained.oniguruma import OnigurumaPattern, PatternError, refusal
from tests.core.fuzz_support import FUZZ, FUZZ_SLOW, documented, texts

_TRACE = ("test_trace_samples", "test_trace_small_models")

COVERED: dict[str, tuple[str, ...]] = {
    **{
        f"subword_core.pretrained.chars.{name}": ("test_character_classes",)
        for name in ("is_ws", "is_punct", "is_cjk")
    },
    "subword_core.pretrained.load": ("test_load_arbitrary_files", "test_load_arbitrary_json"),
    "subword_core.pretrained.PretrainedError": ("test_load_arbitrary_files",),
    "subword_core.pretrained.Pretrained": ("test_load_arbitrary_json", *_TRACE),
    "subword_core.pretrained.Pretrained.trace": ("test_load_arbitrary_json", *_TRACE),
    "subword_core.pretrained.Trace": _TRACE,
    "subword_core.pretrained.AddedTokensStep": _TRACE,
    "subword_core.pretrained.NormalizeStep": _TRACE,
    "subword_core.pretrained.SplitStep": _TRACE,
    "subword_core.pretrained.ByteMapStep": ("test_trace_samples",),
    "subword_core.pretrained.BpeStartStep": _TRACE,
    "subword_core.pretrained.WholeWordStep": ("test_trace_small_models",),
    "subword_core.pretrained.MergeStep": _TRACE,
    "subword_core.pretrained.WordPieceStep": _TRACE,
    "subword_core.pretrained.LatticeStep": _TRACE,
    "subword_core.pretrained.PathStep": _TRACE,
    "subword_core.pretrained.ResultStep": _TRACE,
    **{
        f"subword_core.pretrained.oniguruma.{name}": ("test_oniguruma_arbitrary_patterns",)
        for name in (
            "OnigurumaPattern",
            "OnigurumaPattern.spans",
            "OnigurumaPattern.sub",
            "PatternError",
            "refusal",
        )
    },
    **{
        f"subword_core.pretrained.charsmap.{name}": (
            "test_charsmap_arbitrary_bytes",
            "test_charsmap_built",
        )
        for name in (
            "Charsmap",
            "CharsmapError",
            "Charsmap.from_bytes",
            "Charsmap.from_base64",
            "Charsmap.prefixes",
            "Charsmap.replacement",
            "Charsmap.transform",
            "Charsmap.segments",
            "Charsmap.normalize",
            "Charsmap.build",
            "Charsmap.to_bytes",
        )
    },
}

SAMPLES = Path(__file__).resolve().parents[2] / "ui" / "assets" / "pretrained"

#: A placeholder for "the unknown token" (the trace does not name it in WordPiece's steps).
_UNK = object()


class _AddedWord(str):
    """A word no model step mentions: an added token (with the spaces it stripped, if any)."""

    __slots__ = ()


def _matches(expected: object, token: str) -> bool:
    if isinstance(expected, _AddedWord):
        return bool(token) and token in expected
    return expected is _UNK or expected == token


@cache
def _sample(name: str) -> Pretrained:
    return load({name: (SAMPLES / name).read_bytes()})


# -- strategies --------------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=True), texts(3)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(texts(3), inner, max_size=3)
    ),
    max_leaves=8,
)

_NORMALIZERS: list[Any] = [
    None,
    {"type": "NFKC"},
    {"type": "NFD"},
    {"type": "Lowercase"},
    {"type": "Strip", "strip_left": True, "strip_right": True},
    {"type": "StripAccents"},
    {"type": "BertNormalizer", "lowercase": True},
    {"type": "Nmt"},
    {"type": "Prepend", "prepend": "▁"},
    {"type": "Replace", "pattern": {"String": "a"}, "content": "b"},
    {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
    {"type": "Precompiled"},  # refused: no table
    {
        "type": "Precompiled",
        "precompiled_charsmap": base64.b64encode(
            Charsmap.build({"a": "b", "\u3000": " ", "c\u0301": "", "ﬁ": "fi"}).to_bytes()
        ).decode(),
    },
    {"type": "Replace", "pattern": {"Regex": "\\p{L}"}, "content": ""},
    {"type": "Replace", "pattern": {"Regex": "(?<![^ ]| ) +| +(?![^ ]| )"}, "content": ""},
    {"type": "Replace", "pattern": {"Regex": "\\w"}, "content": ""},  # refused
    "NFC",  # not an object: refused
]
_PRE_TOKENIZERS: list[Any] = [
    None,
    {"type": "ByteLevel", "add_prefix_space": False},
    {"type": "ByteLevel", "add_prefix_space": True, "use_regex": False},
    {"type": "BertPreTokenizer"},
    {"type": "Whitespace"},
    {"type": "WhitespaceSplit"},
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first"},
    {"type": "Punctuation", "behavior": "MergedWithNext"},
    {"type": "Digits", "individual_digits": True},
    {"type": "Split", "pattern": {"String": "a"}, "behavior": "Contiguous"},
    {"type": "Split", "pattern": {"Regex": "\\p{L}+|\\s+(?!\\S)|a*+"}, "behavior": "Isolated"},
    {"type": "Split", "pattern": {"String": " "}, "behavior": "Sideways"},  # refused
    {"type": "CharDelimiterSplit"},  # refused
]


def _pipelines(junk: bool) -> st.SearchStrategy[tuple[Any, Any]]:
    """(normalizer, pre-tokenizer): supported ones, a few refused ones, and (``junk``) any JSON."""
    normalizers = st.one_of(
        st.sampled_from(_NORMALIZERS),
        st.lists(st.sampled_from(_NORMALIZERS[1:]), max_size=3).map(
            lambda ns: {"type": "Sequence", "normalizers": ns}
        ),
    )
    pre_tokenizers = st.one_of(
        st.sampled_from(_PRE_TOKENIZERS),
        st.lists(st.sampled_from(_PRE_TOKENIZERS[1:]), max_size=2).map(
            lambda ps: {"type": "Sequence", "pretokenizers": ps}
        ),
    )
    if junk:
        normalizers, pre_tokenizers = normalizers | json_values, pre_tokenizers | json_values
    return st.tuples(normalizers, pre_tokenizers)


_ADDED_FIELDS = {
    "id": st.integers(0, 5),
    "single_word": st.booleans(),
    "lstrip": st.booleans(),
    "rstrip": st.booleans(),
    "normalized": st.booleans(),
    "special": st.booleans(),
}
_added_content = st.one_of(st.sampled_from(["<s>", "[SEP]", "ab", " "]), texts(2))
added_tokens = st.lists(
    # every field the library requires: it refuses an added token without its id or a flag
    st.fixed_dictionaries({"content": _added_content, **_ADDED_FIELDS}),
    max_size=3,
)
partial_added_tokens = st.lists(
    # for the loader's refusals: fields left out, refused in words (code missing_field)
    st.fixed_dictionaries({"content": _added_content}, optional=_ADDED_FIELDS),
    max_size=3,
)
probe_texts = st.one_of(st.text("abc ", max_size=12), texts(12))


@st.composite
def bpe_models(draw: st.DrawFn) -> dict[str, Any]:
    """A consistent BPE model over the alphabet ``abc``: every merge's parts and result exist."""
    vocab = {"a": 0, "b": 1, "c": 2}
    merges: list[str] = []
    for _ in range(draw(st.integers(0, 8))):
        tokens = list(vocab)
        left, right = draw(st.sampled_from(tokens)), draw(st.sampled_from(tokens))
        if f"{left} {right}" in merges:
            continue
        merges.append(f"{left} {right}")
        vocab.setdefault(left + right, len(vocab))
    model: dict[str, Any] = {"type": "BPE", "vocab": vocab, "merges": merges}
    if draw(st.booleans()):
        vocab.setdefault("<unk>", len(vocab))
        model["unk_token"] = "<unk>"
        model["fuse_unk"] = draw(st.booleans())
    model["ignore_merges"] = draw(st.booleans())
    return model


wordpiece_models = st.lists(st.text("abc", min_size=1, max_size=3), max_size=10).map(
    lambda pieces: {
        "type": "WordPiece",
        "vocab": {
            p: i
            for i, p in enumerate(dict.fromkeys(["[UNK]", *pieces, *("##" + p for p in pieces)]))
        },
        "unk_token": "[UNK]",
        "max_input_chars_per_word": 6,
    }
)
unigram_models = st.dictionaries(
    st.text("abc▁", min_size=1, max_size=3),
    st.floats(-20, 0, allow_nan=False),
    min_size=1,
    max_size=12,
).map(
    lambda pieces: {
        "type": "Unigram",
        "vocab": [["<unk>", 0.0], *([p, s] for p, s in pieces.items())],
        "unk_id": 0,
    }
)


# -- checks --------------------------------------------------------------------------------


def _word_tokens(trace: Trace) -> list[list[object]]:
    """Each word's tokens as its steps say (``_UNK`` where WordPiece gave up on a word)."""
    last: dict[int, list[object]] = {}
    for step in trace.steps:
        if isinstance(step, BpeStartStep):
            last[step.word] = list(step.symbols)
        elif isinstance(step, WholeWordStep):
            last[step.word] = [step.text]
        elif isinstance(step, MergeStep):
            assert last[step.word] == list(step.before)
            last[step.word] = list(step.after)
        elif isinstance(step, WordPieceStep):
            found = last.setdefault(step.word, [])
            if _UNK not in found:
                if step.found is None:
                    last[step.word] = [_UNK]
                else:
                    found.append(step.found)
        elif isinstance(step, PathStep):
            last[step.word] = list(step.tokens)
    return [last.get(i, [_AddedWord(word)] if word else []) for i, word in enumerate(trace.words)]


def _check_trace(trace: Trace, text: str) -> None:
    """The invariants every trace keeps, whatever the model."""
    assert isinstance(trace, Trace)
    assert trace.text == text
    assert isinstance(trace.steps[-1], ResultStep)
    assert (trace.steps[-1].tokens, trace.steps[-1].ids) == (trace.tokens, trace.ids)
    assert len(trace.tokens) == len(trace.ids)
    assert all(trace.tokens)
    expected = [t for tokens in _word_tokens(trace) for t in tokens]
    assert len(expected) == len(trace.tokens)
    assert all(_matches(e, t) for e, t in zip(expected, trace.tokens, strict=True))
    previous_after: tuple[str, ...] | None = None
    for step in trace.steps:
        if isinstance(step, NormalizeStep | SplitStep):
            if previous_after is not None and isinstance(step, NormalizeStep):
                assert len(step.before) == len(previous_after)
            previous_after = step.after
        if isinstance(step, AddedTokensStep):
            assert "".join(p for p, _ in step.pieces)
        elif isinstance(step, ByteMapStep):
            assert step.data == step.text.encode()
            assert bytes(UNICODE_TO_BYTE[c] for c in step.mapped) == step.data
            assert trace.words[step.word] == step.mapped
        elif isinstance(step, MergeStep):
            before, at = list(step.before), step.position
            assert before[at : at + 2] == [step.left, step.right]
            assert list(step.after) == [*before[:at], step.merged, *before[at + 2 :]]
            # the lowest rank wins, the leftmost on a tie
            assert step.candidates and step.rank == min(r for _, _, r in step.candidates)
            first = next(i for i, c in enumerate(step.candidates) if c[2] == step.rank)
            assert step.candidates[first][:2] == (step.left, step.right)
        elif isinstance(step, WordPieceStep) and not step.too_long:
            hits = [candidate for candidate, hit in step.tries if hit]
            assert hits[:1] == ([step.found] if step.found else [])
            assert not any(hit for _, hit in step.tries[:-1])
        elif isinstance(step, LatticeStep):
            assert 0 <= step.start < len(step.text)
            for _piece, end, score, total, _improved, _unk in step.pieces:
                assert step.start < end <= len(step.text)
                assert abs(total - (score + step.best)) < 1e-6
        elif isinstance(step, PathStep):
            assert "".join(piece for piece, *_ in step.path) == step.text
            ends = [0, *(end for _, _, end, _, _ in step.path)]
            assert [(s, e) for _, s, e, _, _ in step.path] == list(itertools.pairwise(ends))
            assert abs(sum(score for *_, score, _ in step.path) - step.total) < 1e-6


def _trace_or_refuse(tok: Pretrained, text: str) -> Trace | None:
    try:
        trace = tok.trace(text)
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc, PretrainedError), repr(exc)
        assert isinstance(exc, PretrainedError) and exc.code, repr(exc)
        return None
    _check_trace(trace, text)
    return trace


# -- tests ---------------------------------------------------------------------------------


@FUZZ
@given(st.characters())
def test_character_classes(ch: str) -> None:
    """The library's classes (shared with :mod:`subword_core.text.pretokenize`) on any character:
    White_Space is ``str.isspace`` less four separators, ASCII punctuation is
    ``string.punctuation``, and a CJK ideograph is neither space nor punctuation."""
    assert is_ws(ch) == (ch.isspace() and ch not in "\x1c\x1d\x1e\x1f")
    if ch.isascii():
        assert is_punct(ch) == (ch in string.punctuation)
    if is_cjk(ch):
        assert not is_ws(ch) and not is_punct(ch)


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(["tokenizer.json", "vocab.txt", "vocab.json", "merges.txt", "x.model"]),
        st.one_of(
            st.binary(max_size=40),
            texts(20),
            json_values.map(json.dumps),
            st.lists(texts(4), max_size=4).map("\n".join),
            st.lists(st.tuples(texts(3), st.floats()), max_size=4).map(
                lambda rows: "\n".join(f"{p}\t{s}" for p, s in rows)
            ),
        ),
        max_size=2,
    )
)
@example({})
@example({"x.model": b"\x00\x01"})
@example({"vocab.txt": b"\xff\xfe"})
@example({"tokenizer.json": "{ nope"})
@example({"vocab.json": '{"a": 0}'})
@example({"merges.txt": "#version: 0.2\na b\nab c"})
@example({"sp.vocab": "▁a\tnan\n<unk>\t0"})
@example({"vocab.txt": "[UNK]\n[UNK]\n\r\n"})
def test_load_arbitrary_files(files: dict[str, bytes | str]) -> None:
    try:
        tok = load(files)
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc, PretrainedError) and isinstance(exc, PretrainedError), repr(exc)
        assert exc.code and exc.message == str(exc)
        return
    assert isinstance(tok, Pretrained) and tok.kind in ("BPE", "WordPiece", "Unigram")
    _trace_or_refuse(tok, "a b")


@FUZZ
@given(
    st.one_of(
        st.fixed_dictionaries(
            {"type": st.sampled_from(["BPE", "WordPiece", "Unigram", "WordLevel"])},
            optional={
                "vocab": json_values,
                "merges": json_values,
                "unk_token": json_values,
                "unk_id": json_values,
                "dropout": json_values,
                "continuing_subword_prefix": json_values,
                "max_input_chars_per_word": json_values,
            },
        ),
        json_values,
    ),
    _pipelines(junk=True),
    st.one_of(added_tokens, partial_added_tokens, json_values),
    probe_texts,
)
@example({"type": "Unigram", "vocab": [["a", float("inf")]]}, (None, None), [], "a")
@example({"type": "BPE", "vocab": {"a": 0}, "merges": ["a a"]}, (None, None), [], "a")
@example({"type": "BPE", "vocab": {"a": 0}, "dropout": 0.1}, (None, None), [], "a")
@example({"type": "WordPiece", "vocab": {"a": "x"}}, (None, None), [], "a")
def test_load_arbitrary_json(model: Any, pipeline: tuple[Any, Any], added: Any, text: str) -> None:
    normalizer, pre_tokenizer = pipeline
    doc = {
        "model": model,
        "normalizer": normalizer,
        "pre_tokenizer": pre_tokenizer,
        "added_tokens": added,
    }
    try:
        tok = load({"tokenizer.json": json.dumps(doc)})
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc, PretrainedError) and isinstance(exc, PretrainedError), repr(exc)
        return
    _trace_or_refuse(tok, text)


@FUZZ_SLOW
@given(
    st.sampled_from(
        ["bert-vocab.txt", "byte-level-bpe.json", "unigram.json", "t5-precompiled-unigram.json"]
    ),
    st.one_of(texts(16), st.text(max_size=30)),
)
@example("byte-level-bpe.json", "<|endoftext|>hello  world\n")
@example("unigram.json", "  un  happy</s>\u3000x ")
@example("bert-vocab.txt", "Unhappiness, 你好 [SEP]" + "a" * 120)
def test_trace_samples(name: str, text: str) -> None:
    tok = _sample(name)
    trace = _trace_or_refuse(tok, text)
    assert trace is not None  # the samples have an unknown token or read every byte
    if name == "byte-level-bpe.json":
        # no normalizer and no prefix space: the tokens' bytes are the text's bytes
        data = b"".join(
            t.encode() if t in tok.added_tokens else bytes(UNICODE_TO_BYTE[c] for c in t)
            for t in trace.tokens
        )
        assert data == text.encode()
    elif name in ("unigram.json", "t5-precompiled-unigram.json"):
        words = [w for w in trace.words if w not in tok.added_tokens]
        assert all(w.startswith("▁") for w in words)
    else:
        for word, tokens in zip(trace.words, _word_tokens(trace), strict=True):
            if not any(isinstance(t, _AddedWord) or t is _UNK for t in tokens):
                spelled = "".join(str(t).removeprefix("##") for t in tokens)
                assert spelled == word


@FUZZ_SLOW
@given(
    st.one_of(bpe_models(), wordpiece_models, unigram_models),
    _pipelines(junk=False),
    added_tokens,
    probe_texts,
)
@example(
    {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"], "ignore_merges": True},
    (None, {"type": "WhitespaceSplit"}),
    [],
    "ab abab",
)
def test_trace_small_models(
    model: dict[str, Any], pipeline: tuple[Any, Any], added: list[dict[str, Any]], text: str
) -> None:
    normalizer, pre_tokenizer = pipeline
    doc = {"model": model, "normalizer": normalizer, "pre_tokenizer": pre_tokenizer}
    doc["added_tokens"] = added
    try:
        tok = load({"tokenizer.json": json.dumps(doc)})
    except PretrainedError as exc:
        # only the pipeline's deliberately unsupported parts, a missing table, and a normalized
        # added token the normalizer deletes whole (the library panics on it) are refused
        assert exc.code in ("unsupported", "bad_charsmap", "empty_added_token"), exc
        return
    assert tok.kind == model["type"]
    trace = _trace_or_refuse(tok, text)
    if trace is None or tok.byte_level:
        return
    # BPE drops an unknown character when the model has no unknown token
    dropped = {s.word for s in trace.steps if isinstance(s, BpeStartStep) and s.unknown}
    for index, (word, tokens) in enumerate(zip(trace.words, _word_tokens(trace), strict=True)):
        if any(isinstance(t, _AddedWord) or t is _UNK for t in tokens) or index in dropped:
            continue
        if tok.kind == "WordPiece":
            tokens = [str(t).removeprefix("##") for t in tokens]
        assert "".join(map(str, tokens)) == word


# -- sentencepiece's precompiled charsmap ---------------------------------------------------


@FUZZ
@given(st.one_of(st.binary(max_size=600), texts(12)), st.one_of(texts(12), st.text(max_size=12)))
@example(b"\x04\x00\x00\x00\x00\x00\x00\x00", "a")
@example(b"\x04\x00\x00\x00\xff\xff\xff\xff\xff", "ab")
def test_charsmap_arbitrary_bytes(data: bytes | str, text: str) -> None:
    """Any blob gives a charsmap or a CharsmapError; normalizing then gives text or one."""
    try:
        cm = Charsmap.from_base64(data) if isinstance(data, str) else Charsmap.from_bytes(data)
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc, CharsmapError) and isinstance(exc, CharsmapError), repr(exc)
        return
    assert cm.to_bytes() == data
    try:
        out = cm.normalize(text)
        pieces = cm.segments(text)
        found = cm.prefixes(text.encode())
        first = cm.transform(text[:1]) if text else None
        written = [cm.replacement(offset) for _, offset in found]
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc, CharsmapError) and isinstance(exc, CharsmapError), repr(exc)
        return
    assert out == "".join(new for _, new in pieces)
    assert "".join(old for old, _ in pieces) == text
    assert [length for length, _ in found] == sorted(length for length, _ in found)
    assert first is None or isinstance(first, str)
    assert all(isinstance(w, str) for w in written)


@FUZZ
@given(
    st.dictionaries(
        st.text(
            st.characters(exclude_characters="\x00", exclude_categories=("Cs",)),
            min_size=1,
            max_size=3,
        ),
        texts(3).map(lambda w: w.replace("\x00", "")),  # NUL ends a replacement
        max_size=8,
    ),
    texts(12),
)
def test_charsmap_built(rules: dict[str, str], text: str) -> None:
    """A built charsmap finds each rule: a key's longest prefix match is the key itself."""
    cm = Charsmap.build(rules)
    assert Charsmap.from_bytes(cm.to_bytes()).units == cm.units
    for key, written in rules.items():
        length, offset = cm.prefixes(key.encode())[-1]
        assert length == len(key.encode()) and cm.replacement(offset) == written
    assert "".join(old for old, _ in cm.segments(text)) == text
    assert cm.normalize(text) == "".join(new for _, new in cm.segments(text))
    assert cm.transform(text) in (None, *rules.values())


# -- Oniguruma-compatible patterns ----------------------------------------------------------

_PATTERN_PARTS = [
    *"ab()[]^$|?*+{}.,-&\\",
    "\\p{L}",
    "\\P{N}",
    "\\p{Greek}",
    "\\s",
    "\\w",
    "(?:",
    "(?i:",
    "(?=",
    "(?<!",
    "(?>",
    "++",
    "{1,2}",
    "\\x4",
    "\\u00e9",
]


@FUZZ
@given(
    st.one_of(st.lists(st.sampled_from(_PATTERN_PARTS), max_size=8).map("".join), texts(6)),
    st.booleans(),
    st.one_of(texts(12), st.text("ab \n", max_size=12)),
)
@example("a*|", False, "ab")
@example("", True, "ab")
def test_oniguruma_arbitrary_patterns(pattern: str, literal: bool, text: str) -> None:
    """Any pattern compiles or is refused with a reason; matches are ordered, inside the text."""
    reason = refusal(pattern)
    assert reason is None or (isinstance(reason, str) and reason)
    try:
        compiled = OnigurumaPattern(pattern, literal=literal)
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc, PatternError) and isinstance(exc, PatternError), repr(exc)
        assert not literal
        return
    assert literal or reason is None
    spans = compiled.spans(text)
    ends = [0]
    for start, end in spans:
        assert ends[-1] <= start <= end <= len(text)
        ends.append(end)
    starts, stops = [0, *(e for _, e in spans)], [*(s for s, _ in spans), len(text)]
    gaps = "".join(text[a:b] for a, b in zip(starts, stops, strict=True))
    assert compiled.sub(text, "") == (gaps if text else text)
