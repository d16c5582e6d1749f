"""The pretrained-tokenizer trace: the same tokens and ids as the ``tokenizers`` library.

Models are trained here (tests/core/pretrained_models.py); hypothesis draws texts from their
words, Unicode letters, marks, digits, punctuation, every kind of space and the special tokens.
"""

from __future__ import annotations

import functools
import json
import math
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tokenizers import (
    BertWordPieceTokenizer,
    ByteLevelBPETokenizer,
    Regex,
    Tokenizer,
    models,
    normalizers,
    pre_tokenizers,
)

import subword_core.pretrained as pretrained
from subword_core.errors import SubwordError
from subword_core.pretrained import (
    BpeStartStep,
    ByteMapStep,
    LatticeStep,
    MergeStep,
    PathStep,
    PretrainedError,
    WordPieceStep,
    load,
)
from tests.budget import examples
from tests.core import exhaustive
from tests.core import pretrained_models as pm

pytestmark = pytest.mark.oracle

_WORDS = ["the", "unhappiness", "isn't", "lowest", "kanaru", "café", "naïve", "你好", "Привет"]
_CHARS = (
    "abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 .,;:!?'\"()[]<>|#-_/\\@$%^&*+=~`"
    " \t\n\r\u00a0\u2003\u3000\u200b\ufeff\u0301\u00e9\u00df\u0130\u03a3\uff21\u2460\u00b2"
    "\ufb01\u1e9e\u0640\u2581\u0120\x00\x07\x1c\x1f\x7f"
)
_SPECIAL = ["<|endoftext|>", "[CLS]", "[SEP]", "[UNK]", "[MASK]", "<unk>", "</s>", "<pad>", "<s>"]

texts = st.lists(
    st.one_of(
        st.sampled_from(_WORDS),
        st.sampled_from(_SPECIAL),
        st.text(alphabet=_CHARS, max_size=6),
        st.text(
            alphabet=st.characters(max_codepoint=0x2FFF, exclude_categories=("Cs", "Cn", "Co")),
            max_size=4,
        ),
    ),
    max_size=8,
).map("".join)

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@functools.lru_cache(maxsize=16)
def _loaded(files: tuple[tuple[str, bytes | str], ...]) -> pretrained.Pretrained:
    """``load(dict(files))``, once per model: an example traces in well under a millisecond,
    while loading takes up to 0.3 s (the 50,000-merge model), so each example reloading both
    tokenizers spent nearly all its time loading. A loaded model is read-only when traced."""
    return load(dict(files))


@functools.lru_cache(maxsize=16)
def _library(tokenizer_json: bytes | str) -> Tokenizer:
    """The library's tokenizer from a ``tokenizer.json``, once per model (see :func:`_loaded`)."""
    text = tokenizer_json.decode() if isinstance(tokenizer_json, bytes) else tokenizer_json
    return Tokenizer.from_str(text)


def _same(ours_files: dict[str, bytes] | dict[str, str], reference: Tokenizer, text: str) -> None:
    trace = _loaded(tuple(sorted(ours_files.items()))).trace(text)
    expected = reference.encode(text, add_special_tokens=False)
    assert trace.tokens == tuple(expected.tokens), text
    assert trace.ids == tuple(expected.ids), text


def _reference(files: dict[str, bytes]) -> Tokenizer:
    return _library(files["tokenizer.json"])


def test_doctests() -> None:
    from tests.core.doctests import failed_doctests

    assert failed_doctests(pretrained) == {}  # the package and each of its modules


@pytest.mark.parametrize("trainer", [pm.byte_level_bpe, pm.char_bpe, pm.wordpiece, pm.unigram])
@SETTINGS
@given(text=texts)
def test_tokenizer_json_matches_the_library(trainer, text: str) -> None:
    files = trainer()
    _same({"tokenizer.json": files["tokenizer.json"]}, _reference(files), text)


@pytest.fixture(scope="module")
def bert_from_vocab_txt() -> Tokenizer:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "vocab.txt"
        path.write_bytes(pm.wordpiece()["vocab.txt"])
        return BertWordPieceTokenizer(str(path), lowercase=True)


@SETTINGS
@given(text=texts)
def test_vocab_txt_matches_bert_word_piece_tokenizer(bert_from_vocab_txt, text: str) -> None:
    _same({"vocab.txt": pm.wordpiece()["vocab.txt"]}, bert_from_vocab_txt, text)


@pytest.fixture(scope="module")
def gpt2_reference() -> Tokenizer:
    with tempfile.TemporaryDirectory() as tmp:
        vocab, merges = pm.write(pm.gpt2_files(), Path(tmp))
        return ByteLevelBPETokenizer(str(vocab), str(merges), add_prefix_space=False)


@SETTINGS
@given(text=texts)
def test_vocab_json_and_merges_match_the_library(gpt2_reference, text: str) -> None:
    _same(pm.gpt2_files(), gpt2_reference, text)


@pytest.fixture(scope="module")
def sentencepiece_reference() -> Tokenizer:
    lines = pm.sentencepiece_vocab()["sp.vocab"].decode().splitlines()
    pieces = [(p, float(s)) for p, _, s in (line.partition("\t") for line in lines if line)]
    # sentencepiece's control pieces never match text: renamed out of the library's reach
    control = ("<unk>", "<s>", "</s>")
    pieces = [("\uffff" + p if p in control and s == 0 else p, s) for p, s in pieces]
    tok = Tokenizer(models.Unigram(pieces, unk_id=0, byte_fallback=False))
    tok.normalizer = normalizers.Sequence(
        [
            normalizers.Nmt(),
            normalizers.NFKC(),
            normalizers.Replace(Regex(" {2,}"), " "),
        ]
    )
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    return tok


@SETTINGS
@given(text=texts)
def test_sentencepiece_vocab_matches_the_library(sentencepiece_reference, text: str) -> None:
    _same(pm.sentencepiece_vocab(), sentencepiece_reference, text)


def test_sentencepiece_vocab_agrees_with_sentencepiece_on_plain_text() -> None:
    """On plain words (no normalisation differences) the pieces are sentencepiece's own."""
    import sentencepiece as spm

    lines = pm.corpus_lines(60_000)
    with tempfile.TemporaryDirectory() as tmp:
        spm.SentencePieceTrainer.train(
            sentence_iterator=iter(lines),
            model_prefix=f"{tmp}/sp",
            vocab_size=1000,
            model_type="unigram",
            minloglevel=2,
        )
        sp = spm.SentencePieceProcessor(model_file=f"{tmp}/sp.model")
        tok = load({"sp.vocab": Path(f"{tmp}/sp.vocab").read_bytes()})
    for text in ["the unhappiness of kanaru", "lowest numbers are here", "return a value"]:
        assert list(tok.trace(text).tokens) == sp.encode(text, out_type=str)


# -- the steps carry the right numbers -----------------------------------------------------


def test_each_merge_is_the_lowest_ranked_pair_present() -> None:
    tok = load({"tokenizer.json": pm.byte_level_bpe()["tokenizer.json"]})
    trace = tok.trace("The unhappiness of lowest numbers isn't 12345 über")
    merges = [s for s in trace.steps if isinstance(s, MergeStep)]
    assert merges
    for step in merges:
        assert step.rank == min(rank for _, _, rank in step.candidates)
        assert step.before[step.position : step.position + 2] == (step.left, step.right)
        assert step.after[step.position] == step.merged == step.left + step.right
        assert len(step.after) == len(step.before) - 1


def test_byte_level_maps_every_byte() -> None:
    tok = load({"tokenizer.json": pm.byte_level_bpe()["tokenizer.json"]})
    steps = [s for s in tok.trace("a é 你").steps if isinstance(s, ByteMapStep)]
    assert [s.text for s in steps] == ["a", " é", " 你"]
    assert steps[1].data == " é".encode() and steps[1].mapped == "ĠÃ©"
    assert len(steps[2].mapped) == 4  # a space and three bytes


def test_bpe_start_lists_unknown_characters() -> None:
    tok = load({"tokenizer.json": pm.char_bpe()["tokenizer.json"]})
    start = next(s for s in tok.trace("a\u2603b").steps if isinstance(s, BpeStartStep))
    assert "\u2603" in start.unknown and "<unk>" in start.symbols


def test_wordpiece_tries_longest_first() -> None:
    tok = load({"tokenizer.json": pm.wordpiece()["tokenizer.json"]})
    steps = [s for s in tok.trace("unhappiness").steps if isinstance(s, WordPieceStep)]
    assert steps
    for step in steps:
        lengths = [len(c) for c, _ in step.tries]
        assert lengths == sorted(lengths, reverse=True)
        assert [hit for _, hit in step.tries][:-1] == [False] * (len(step.tries) - 1)
        assert step.found == step.tries[-1][0]


def test_unigram_path_adds_up() -> None:
    tok = load({"tokenizer.json": pm.unigram()["tokenizer.json"]})
    trace = tok.trace("unhappiness")
    path = next(s for s in trace.steps if isinstance(s, PathStep))
    assert math.isclose(path.total, sum(score for *_, score, _ in path.path))
    lattice = [s for s in trace.steps if isinstance(s, LatticeStep)]
    assert [s.start for s in lattice] == list(range(len(path.text)))


# -- refusals ----------------------------------------------------------------------------


def _code(files: dict[str, bytes | str]) -> str:
    with pytest.raises(PretrainedError) as info:
        load(files).trace("some text")
    assert isinstance(info.value, SubwordError) and str(info.value)
    return info.value.code


def _doc(**changes: object) -> str:
    doc = json.loads(pm.unigram()["tokenizer.json"])
    doc.update(changes)
    return json.dumps(doc)


def _lazy_doc(**changes: object) -> Callable[[], str]:
    """:func:`_doc` made when the test runs, not when pytest collects this module: the
    Unigram it changes takes ~6 s of CPU to train, paid by every worker that collects."""
    return functools.partial(_doc, **changes)


@pytest.mark.parametrize(
    ("files", "code"),
    [
        ({"sp.model": b"\x0a\x00\x01binary"}, "binary"),
        ({"x.txt": b"caf\xe9 au lait"}, "not_utf8"),
        ({"notes.txt": "Hello world, this is just prose.\nNot a vocabulary."}, "not_a_tokenizer"),
        ({"data.json": '{"name": "x", "list": [1, 2]}'}, "not_a_tokenizer"),
        ({"broken.json": '{"model": '}, "bad_json"),
        ({"vocab.json": '{"a": 0, "b": 1}'}, "needs_merges"),
        ({"merges.txt": "#version: 0.2\na b\nab c\n"}, "needs_vocab"),
        ({"vocab.txt": "hello\nworld\n##s\n"}, "no_unk"),
        ({"x.vocab": "a\tnot-a-number\n"}, "bad_vocab"),
        ({}, "no_file"),
        (
            {"t.json": _lazy_doc(normalizer={"type": "Precompiled", "precompiled_charsmap": "AA"})},
            "bad_charsmap",
        ),
        ({"t.json": _lazy_doc(normalizer={"type": "Precompiled"})}, "bad_charsmap"),
        ({"t.json": _lazy_doc(normalizer={"type": "ByteLevel"})}, "unsupported"),
        ({"t.json": _lazy_doc(pre_tokenizer={"type": "UnicodeScripts"})}, "unsupported"),
        (
            {"t.json": json.dumps({"model": {"type": "WordLevel", "vocab": {"a": 0}}})},
            "unsupported_model",
        ),
        (
            {
                "t.json": json.dumps(
                    {"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a b"]}}
                )
            },
            "merge_not_in_vocab",
        ),
        (
            {
                "t.json": json.dumps(
                    {"model": {"type": "BPE", "dropout": 0.1, "vocab": {"a": 0}, "merges": []}}
                )
            },
            "dropout",
        ),
    ],
)
def test_files_that_are_not_tokenizers_are_refused_in_words(files, code: str) -> None:
    files = {name: data() if callable(data) else data for name, data in files.items()}
    assert _code(files) == code


def test_unsupported_component_is_named() -> None:
    with pytest.raises(PretrainedError) as info:
        load({"t.json": _doc(normalizer={"type": "ByteLevel"})})
    assert info.value.values["component"] == "ByteLevel"
    assert "ByteLevel" in str(info.value)


# -- sentencepiece's Precompiled normalizer (T5 / XLM-R / ALBERT files) ----------------------

_NORMALIZED_CHARS = "".join(
    [
        *map(chr, range(0xFF01, 0xFF5F)),  # full-width forms
        *map(chr, range(0xFF61, 0xFFA0)),  # half-width katakana
        *map(chr, range(0xFB00, 0xFB07)),  # ligatures
        "\u2460\u00b2\u00bd\u2122\u3392\u32ff\u1e9e\u00df\u0130\u03a3\u00c5\u212b",
        *map(chr, range(0xF900, 0xF910)),  # CJK compatibility ideographs
        "\U0002f800\U0002f801\u2f00\u2e80",
        *map(chr, range(0x0300, 0x0310)),  # combining marks
        "\u0345\u20dd\u093f\u0e31",
        *map(chr, range(0x00, 0x20)),  # control characters
        "\x7f\x80\x85\x9f\u200b\u200c\u200d\u200e\u2066\ufeff\ufffd\ufe0f",
        " \u00a0\u1680\u2000\u2001\u2002\u2003\u2007\u2009\u200a\u2028\u2029\u202f"
        "\u205f\u3000",  # spaces of every kind
        "\u2581\u301c\uff5e\u1100\u1161\u11a8\uac00\U0001f600\U0001f3fb\u2764",
        "aeiouAEIOUfinlst",
    ]
)
precompiled_texts = st.lists(
    st.one_of(
        st.text(alphabet=_NORMALIZED_CHARS, max_size=8),
        st.sampled_from(_WORDS),
        st.sampled_from(["<s>", "</s>", "<unk>"]),
        st.text(
            alphabet=st.characters(max_codepoint=0x2FFFF, exclude_categories=("Cs", "Co")),
            max_size=4,
        ),
    ),
    max_size=8,
).map("".join)


@pytest.mark.parametrize("rule", ["nmt_nfkc", "nfkc_cf", "nmt_nfkc_cf"])
@SETTINGS
@given(text=precompiled_texts)
@example(text="\ufb01\u0301ne \uff21\u3000x\u00a0\u200b\x07y  z")
@example(text="e\u0301\u0323 \U0001f600\U0001f3fb\u200d\u2764\ufe0f")
def test_precompiled_normalizer_matches_the_library(rule: str, text: str) -> None:
    files = pm.precompiled_unigram(rule)
    _same({"tokenizer.json": files["tokenizer.json"]}, _reference(files), text)


@SETTINGS
@given(text=precompiled_texts)
def test_charsmap_alone_matches_the_library(text: str) -> None:
    from subword_core.pretrained.charsmap import Charsmap

    data = pm.charsmap_of(pm.precompiled_unigram("nmt_nfkc")["sp.model"])
    assert Charsmap.from_bytes(data).normalize(text) == normalizers.Precompiled(data).normalize_str(
        text
    )


def test_precompiled_step_shows_each_replacement() -> None:
    from subword_core.pretrained import NormalizeStep

    tok = load({"tokenizer.json": pm.precompiled_unigram("nmt_nfkc")["tokenizer.json"]})
    assert tok.normalizer_names[0] == "Precompiled"
    trace = tok.trace("\uff48\uff49 \ufb01ne\u3000ok \uff48")
    step = next(s for s in trace.steps if isinstance(s, NormalizeStep))
    assert step.after == ("hi fine ok h",)
    assert step.replaced == (("\uff48", "h"), ("\uff49", "i"), ("\ufb01", "fi"), ("\u3000", " "))


def test_precompiled_agrees_with_sentencepiece_on_plain_text() -> None:
    """The trace of the converted file gives sentencepiece's own pieces on ordinary text."""
    import sentencepiece as spm

    files = pm.precompiled_unigram("nmt_nfkc")
    sp = spm.SentencePieceProcessor(model_proto=files["sp.model"])
    tok = load({"tokenizer.json": files["tokenizer.json"]})
    for text in ["the unhappiness of kanaru", "ｆｕｌｌ\u3000width ﬁne", "return a value"]:
        assert list(tok.trace(text).tokens) == sp.encode(text, out_type=str)


# -- other pipeline components, swapped into a trained file ---------------------------------

_PIPELINES = [
    {"type": "Whitespace"},
    {"type": "WhitespaceSplit"},
    {
        "type": "Sequence",
        "pretokenizers": [
            {"type": "WhitespaceSplit"},
            {"type": "Digits", "individual_digits": True},
            {"type": "Punctuation", "behavior": "Isolated"},
        ],
    },
    {"type": "Digits", "individual_digits": False},
    *(
        {"type": "Split", "pattern": {"String": "a"}, "behavior": b, "invert": inv}
        for b in ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous")
        for inv in (False, True)
    ),
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": True},
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "never", "split": False},
    {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
]


@pytest.mark.parametrize("pre_tokenizer", _PIPELINES, ids=lambda p: json.dumps(p)[:60])
@settings(max_examples=examples(25), deadline=None)
@given(text=texts)
# characters newer than the library's Unicode tables: a Telugu mark of Unicode 11 that
# StripAccents kept there (and dropped here), a Vedic sign that became a letter, a square era
# name and a Dives Akuru vowel the library's NFKD does not decompose
@example(text="\u0c04")
@example(text="a\u0c04a\u1cf2")
@example(text="\u32ff \U00011938")
# two inverted non-matches side by side: Contiguous joins them too
@example(text="AA")
def test_pre_tokenizers_match_the_library(pre_tokenizer, text: str) -> None:
    doc = json.loads(pm.char_bpe()["tokenizer.json"])
    doc["pre_tokenizer"] = pre_tokenizer
    doc["normalizer"] = {
        "type": "Sequence",
        "normalizers": [
            {"type": "NFKD"},
            {"type": "StripAccents"},
            {"type": "Lowercase"},
            {"type": "Strip", "strip_left": True, "strip_right": False},
            {"type": "Replace", "pattern": {"String": "x"}, "content": "ks"},
        ],
    }
    file = json.dumps(doc)
    _same({"tokenizer.json": file}, _library(file), text)


def test_a_regex_the_library_reads_differently_is_refused() -> None:
    doc = json.loads(pm.char_bpe()["tokenizer.json"])
    doc["pre_tokenizer"] = {"type": "Split", "pattern": {"Regex": r"\w+"}, "behavior": "Isolated"}
    with pytest.raises(PretrainedError) as info:
        load({"tokenizer.json": json.dumps(doc)})
    assert info.value.code == "unsupported" and "\\w" in str(info.value)
    assert info.value.values["pattern"] == r"\w+" and "\\w" in str(info.value.values["reason"])


_LLAMA3 = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
_GPT2 = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""


@pytest.mark.parametrize("pattern", [_LLAMA3, _GPT2], ids=["llama3", "gpt2"])
@SETTINGS
@given(text=texts)
@example(text="I'M here, you'LL see: 12345 cats\r\n\n  你好 한국어 \U0001f600!")
def test_llama3_style_byte_level_file_matches_the_library(pattern: str, text: str) -> None:
    """Llama-3's pipeline: a Split on GPT-4's pattern, then ByteLevel without its own regex."""
    doc = json.loads(pm.byte_level_bpe()["tokenizer.json"])
    doc["pre_tokenizer"] = {
        "type": "Sequence",
        "pretokenizers": [
            {
                "type": "Split",
                "pattern": {"Regex": pattern},
                "behavior": "Isolated",
                "invert": False,
            },
            {
                "type": "ByteLevel",
                "add_prefix_space": False,
                "trim_offsets": True,
                "use_regex": False,
            },
        ],
    }
    file = json.dumps(doc)
    _same({"tokenizer.json": file.encode()}, _library(file), text)


# -- our own exports, traced --------------------------------------------------------------


@functools.cache
def _our_unigram(word_start: str, rule: str) -> str:
    import dataclasses

    from subword_core import unigram
    from subword_core.formats import tokenizer_json

    model = unigram.learn("\n".join(pm.corpus_lines(20_000)), 400, word_start=word_start).model
    return tokenizer_json.dumps(dataclasses.replace(model, normalization=rule))


@functools.cache
def _our_bpe() -> str:
    import dataclasses

    from subword_core import bpe
    from subword_core.formats import tokenizer_json

    text = "\n".join(pm.corpus_lines(20_000))
    model = bpe.learn(text, 300, attach_end_of_word=True, top_k=1, history_limit=1).model
    return tokenizer_json.dumps(dataclasses.replace(model, unk_token="[UNK]"))


@pytest.mark.parametrize(
    ("word_start", "rule"), [("▁", "nmt_nfkc"), ("▁", "none"), ("▁", "nfkc"), ("", "nmt_nfkc")]
)
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts)
@example(text="  the  un\x1chappy\u3000cat \n\u2581 ")
def test_our_unigram_export_traces_as_the_library(word_start: str, rule: str, text: str) -> None:
    """The app's own Unigram tokenizer.json (lookarounds in its Replace normalizers) traces."""
    file = _our_unigram(word_start, rule)
    _same({"tokenizer.json": file.encode()}, _library(file), text)


@functools.cache
def _our_wordpiece() -> str:
    from subword_core import wordpiece
    from subword_core.formats import tokenizer_json

    text = "\n".join(pm.corpus_lines(20_000))
    return tokenizer_json.dumps(wordpiece.learn(text, 400, top_k=1, history_limit=1).model)


@pytest.mark.parametrize("exported", [_our_bpe, _our_wordpiece], ids=["bpe", "wordpiece"])
@SETTINGS
@given(text=texts)
@example(text="lowest\x1cnewer\x1f wider [UNK]s")
def test_our_bpe_and_wordpiece_exports_trace_as_the_library(exported, text: str) -> None:
    file = exported()
    _same({"tokenizer.json": file.encode()}, _library(file), text)


@pytest.fixture(scope="session")
def gpt2_sized() -> dict[str, bytes]:
    """A 50,000-merge byte-level BPE (a few seconds to train)."""
    return pm.byte_level_bpe(vocab_size=50_257, chars=2_000_000)


@settings(max_examples=examples(60), deadline=None)
@given(text=texts)
def test_fifty_thousand_merges_match_the_library(gpt2_sized, text: str) -> None:
    tok = _loaded(tuple(sorted(gpt2_sized.items())))
    assert tok.merges == 50_000
    _same(gpt2_sized, _reference(gpt2_sized), text)


@pytest.mark.exhaustive
def test_character_classes_match_the_library_on_every_bmp_character(
    request: pytest.FixtureRequest,
) -> None:
    """Whitespace, BERT's split and normalizer, Nmt: each assigned character of the BMP."""
    import unicodedata

    from subword_core.pretrained.normalizers import _normalizers
    from subword_core.pretrained.pre_tokenizers import _splitters

    ours = {
        name: _splitters({"type": name})[0][1]
        for name in ("Whitespace", "BertPreTokenizer", "Punctuation", "Digits")
    }
    theirs = {
        "Whitespace": pre_tokenizers.Whitespace(),
        "BertPreTokenizer": pre_tokenizers.BertPreTokenizer(),
        "Punctuation": pre_tokenizers.Punctuation(),
        "Digits": pre_tokenizers.Digits(),
    }
    norm_ours = {
        "bert": _normalizers({"type": "BertNormalizer", "lowercase": True})[0][1],
        "nmt": _normalizers({"type": "Nmt"})[0][1],
    }
    norm_theirs = {"bert": normalizers.BertNormalizer(lowercase=True), "nmt": normalizers.Nmt()}
    bad = []
    # every code point, or the sample (tests/core/exhaustive.py)
    for code in (c for c in exhaustive.code_points(request) if c < 0x10000):
        ch = chr(code)
        if unicodedata.category(ch) in ("Cs", "Cn", "Co"):
            continue
        text = f"a{ch}a"
        for name, split in ours.items():
            if split(text, True) != [p for p, _ in theirs[name].pre_tokenize_str(text)]:
                bad.append((name, hex(code)))
        for name, norm in norm_ours.items():
            if norm(text) != norm_theirs[name].normalize_str(text):
                bad.append((name, hex(code)))
    assert bad == []
    exhaustive.passed(request)


_SIMPLE_NORMALIZERS = ("StripAccents", "NFD", "NFKD", "NFC", "NFKC", "Lowercase")


@pytest.mark.exhaustive
def test_simple_normalizers_match_the_library_on_every_character(
    request: pytest.FixtureRequest,
) -> None:
    """StripAccents (every mark), the four Unicode forms, Lowercase: each assigned character.

    The library's mark and decomposition tables are older than Python's; this is the check
    the BMP loop above missed (it tried BERT's normalizer, which asks another mark table).
    """
    import unicodedata

    from subword_core.pretrained.normalizers import _normalizers

    bad = []
    for name in _SIMPLE_NORMALIZERS:
        ours = _normalizers({"type": name})[0][1]
        theirs = getattr(normalizers, name)()
        for code in exhaustive.code_points(request):  # all, or the sample (see there)
            ch = chr(code)
            if unicodedata.category(ch) in ("Cs", "Cn", "Co"):
                continue
            text = f"a{ch}a"
            if ours(text) != theirs.normalize_str(text):
                bad.append((name, hex(code)))
    assert bad == []
    exhaustive.passed(request)


@pytest.mark.parametrize(
    "text",
    [
        "\U00011935\U00011930",  # composes to U+11938 in Python's tables only
        "a\u0301\u1df6\u0300",  # a mark of Unicode 10: a starter for the library
        "e\u1abf\u0301",
        "\u0c15\u0c04\u0c56",
    ],
)
@pytest.mark.parametrize("name", _SIMPLE_NORMALIZERS)
def test_simple_normalizers_match_the_library_around_unknown_characters(
    name: str, text: str
) -> None:
    from subword_core.pretrained.normalizers import _normalizers

    ours = _normalizers({"type": name})[0][1]
    assert ours(text) == getattr(normalizers, name)().normalize_str(text)
