"""The pretrained trace, kind by kind, where it once differed from the libraries (issue 31).

Each test builds its tokenizer here with ``tokenizers`` (or sentencepiece), nothing is
downloaded; each failed on the code before the fix it names.
"""

from __future__ import annotations

import functools
import itertools
import json

import pytest
import regex
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tokenizers import AddedToken, Regex, Tokenizer, models, normalizers, pre_tokenizers

from subword_core.byte_level import BYTE_TO_UNICODE
from subword_core.pretrained import chars, load
from subword_core.pretrained.normalizers import _normalizers
from subword_core.pretrained.oniguruma import OnigurumaPattern
from subword_core.pretrained.pre_tokenizers import _splitters, _whitespace
from tests.budget import examples
from tests.core import exhaustive
from tests.core import pretrained_models as pm


def _every(request: pytest.FixtureRequest) -> list[str]:
    """Every code point a Python string can hand to the library (all but the surrogates), or
    the sample of them when the check's inputs have not changed (tests/core/exhaustive.py)."""
    return list(map(chr, exhaustive.code_points(request)))


def _grouped(*groups: list[str]) -> str:
    return "".join("".join(group) for group in groups)


def _pieces(pre: object, text: str) -> list[tuple[int, int]]:
    return [offsets for _, offsets in pre.pre_tokenize_str(text)]  # type: ignore[attr-defined]


def _spans(pieces: list[str]) -> list[tuple[int, int]]:
    out, at = [], 0
    for piece in pieces:
        out.append((at, at + len(piece)))
        at += len(piece)
    return out


# -- 1. one Unicode table, the library's, for every component ------------------------------
# Each test puts every code point in the group of its class (as the tracer classes it), the
# groups one after the other: the library then cuts at the group borders only, and any code
# point it classes otherwise cuts a group (or is dropped), so the pieces differ.


@pytest.mark.exhaustive
def test_whitespace_classes_every_code_point_as_the_library(request: pytest.FixtureRequest) -> None:
    every = _every(request)
    words = [c for c in every if chars._is_word(c)]
    spaces = [c for c in every if chars.is_ws(c)]
    others = [c for c in every if not chars._is_word(c) and not chars.is_ws(c)]
    text = _grouped(words, others, spaces)
    ours = _whitespace(text, True)
    assert ours == ["".join(words), "".join(others)]
    assert _pieces(pre_tokenizers.Whitespace(), text) == _spans(ours)
    exhaustive.passed(request)


@pytest.mark.exhaustive
def test_digits_classes_every_code_point_as_the_library(request: pytest.FixtureRequest) -> None:
    every = _every(request)
    digits = [c for c in every if chars._is_numeric(c)]
    text = _grouped(digits, [c for c in every if not chars._is_numeric(c)])
    (_name, split, _), *_ = _splitters({"type": "Digits", "individual_digits": True})
    ours = split(text, True)
    assert len(ours) == len(digits) + 1
    assert _pieces(pre_tokenizers.Digits(individual_digits=True), text) == _spans(ours)
    exhaustive.passed(request)


@pytest.mark.exhaustive
def test_byte_level_classes_every_code_point_as_the_library(request: pytest.FixtureRequest) -> None:
    every = _every(request)
    text = "".join(every)
    classes = {
        name: {a for a, _ in OnigurumaPattern(pattern).spans(text)}
        for name, pattern in (("L", r"\p{L}"), ("N", r"\p{N}"), ("S", r"\s"))
    }
    groups = [[c for i, c in enumerate(every) if i in classes[k]] for k in "LN"]
    taken = classes["L"] | classes["N"] | classes["S"]
    groups.append([c for i, c in enumerate(every) if i not in taken])
    groups.append([c for i, c in enumerate(every) if i in classes["S"]])
    grouped = _grouped(*groups)
    (_name, split, _), *_ = _splitters({"type": "ByteLevel", "add_prefix_space": False})
    ours = split(grouped, True)
    assert ours == ["".join(g) for g in groups]
    library = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    assert _pieces(library, grouped) == _spans(ours)
    exhaustive.passed(request)


@pytest.mark.exhaustive
@pytest.mark.parametrize(
    ("node", "library"),
    [
        ({"type": "Lowercase"}, normalizers.Lowercase()),
        (
            {"type": "BertNormalizer", "clean_text": False, "handle_chinese_chars": False}
            | {"strip_accents": False, "lowercase": True},
            normalizers.BertNormalizer(
                clean_text=False, handle_chinese_chars=False, strip_accents=False, lowercase=True
            ),
        ),
    ],
    ids=["Lowercase", "BertNormalizer"],
)
def test_lower_casing_maps_every_code_point_as_the_library(
    node: dict, library: object, request: pytest.FixtureRequest
) -> None:
    (_name, func), *_ = _normalizers(node)
    text = "".join(_every(request))
    assert func(text) == library.normalize_str(text)  # type: ignore[attr-defined]
    exhaustive.passed(request)


def test_characters_new_in_unicode_15_and_16_are_traced_as_the_library() -> None:
    """Todhri letters, a Garay capital, CJK extension I, Kawi digits (Python 3.11 knows none)."""
    tok = _byte_model(normalizer=normalizers.Lowercase())
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.Whitespace(), pre_tokenizers.Digits(), pre_tokenizers.ByteLevel()]
    )
    ours = load({"tokenizer.json": tok.to_str()})
    for text in ["a\U000105c0b", "\U00010d50x", "\U0002ebf0\U0002ebf1", "1\U00011f502", "\u1c89!"]:
        assert ours.trace(text).tokens == tuple(tok.encode(text).tokens), text


# -- 2. added tokens -----------------------------------------------------------------------


def _byte_model(normalizer: object | None = None) -> Tokenizer:
    """A BPE without merges over the 256 byte characters: any text encodes, byte by byte."""
    alphabet = sorted(set(BYTE_TO_UNICODE.values()))
    tok = Tokenizer(models.BPE(vocab={c: i for i, c in enumerate(alphabet)}, merges=[]))
    if normalizer is not None:
        tok.normalizer = normalizer
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    return tok


def _assert_same(tok: Tokenizer, text: str) -> None:
    trace = load({"tokenizer.json": tok.to_str()}).trace(text)
    expected = tok.encode(text, add_special_tokens=False)
    assert (trace.tokens, trace.ids) == (tuple(expected.tokens), tuple(expected.ids)), text


def test_a_normalized_token_is_normalised_and_found_in_the_normalised_text() -> None:
    tok = _byte_model(normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()]))
    tok.add_tokens([AddedToken("<MASK>", normalized=True), AddedToken("ﬁx", normalized=True)])
    _assert_same(tok, "a <MASK> b <mask> fix")
    assert "<mask>" in load({"tokenizer.json": tok.to_str()}).trace("a <MASK>").tokens


def test_a_rejected_single_word_match_is_skipped_whole() -> None:
    tok = _byte_model()
    tok.add_tokens([AddedToken("ab", single_word=True), AddedToken("bq")])
    _assert_same(tok, "xabq")  # the library never tries "bq" inside the rejected "ab"
    assert load({"tokenizer.json": tok.to_str()}).trace("xabq").tokens == tuple("xabq")


def test_single_word_asks_the_library_word_characters() -> None:
    tok = _byte_model()
    tok.add_tokens([AddedToken("ab", single_word=True)])
    _assert_same(tok, "²ab")  # ² is alphanumeric to Python, not a word character (\w)
    _assert_same(tok, "\U000105c0ab")  # a Todhri letter (Unicode 16) is one


def test_stripping_tokens_keep_the_whitespace_they_take() -> None:
    tok = _byte_model()
    tok.add_tokens([AddedToken("<x>", lstrip=True, rstrip=True)])
    _assert_same(tok, "a  <x>\t b")
    assert load({"tokenizer.json": tok.to_str()}).trace("a <x> b").tokens[1] == " <x> "


def test_an_rstrip_token_overlaps_a_next_token_that_starts_with_a_space() -> None:
    tok = _byte_model()
    tok.add_tokens([AddedToken("<a>", rstrip=True), AddedToken(" <b>")])
    _assert_same(tok, "<a> <b>c")
    assert load({"tokenizer.json": tok.to_str()}).trace("<a> <b>").tokens == ("<a> ", " <b>")


_FLAGS = list(itertools.product([False, True], repeat=4))
_CONTENTS = ["<MASK>", " x", "ab", "Ａb", "é", "[x]", "y ", "ﬁ", "ab c", "Q", "12", "_z"]
_CONTENTS += ["ß", "Σa", "<s>", "\u3000 "]


@functools.cache
def _every_flag_tokenizer(special: bool) -> Tokenizer:
    """16 added tokens, one per combination of single_word, lstrip, rstrip, normalized."""
    tok = _byte_model(normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()]))
    for content, (single, left, right, norm) in zip(_CONTENTS, _FLAGS, strict=True):
        token = AddedToken(content, single_word=single, lstrip=left, rstrip=right, normalized=norm)
        (tok.add_special_tokens if special else tok.add_tokens)([token])
    return tok


@functools.cache
def _blocks() -> list[tuple[int, int]]:
    """Every 16-code-point row holding an assigned character (Unicode blocks are made of them)."""
    assigned = regex.compile(r"\P{Cn}")
    rows = []
    for row in range(0, 0x110000, 16):
        if 0xD800 <= row < 0xE000:
            continue
        if assigned.search("".join(chr(c) for c in range(row, row + 16))):
            rows.append((row, row + 15))
    return rows


_any_block_char = st.sampled_from(range(len(_blocks()))).flatmap(
    lambda i: st.integers(*_blocks()[i]).map(chr)
)
_token_text = st.lists(
    st.one_of(
        st.sampled_from(_CONTENTS),
        _any_block_char,
        st.sampled_from(" \t\n\u00a0\u3000_aAbxyz²é\u0301ΣΑ<>"),
    ),
    max_size=12,
).map("".join)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_token_text, special=st.booleans())
@example(text="<a>ab xab ²ab", special=False)
@example(text="y  \u3000 \u3000 x <MASK>", special=True)
def test_added_tokens_of_every_flag_match_the_library(text: str, special: bool) -> None:
    _assert_same(_every_flag_tokenizer(special), text)


# -- 3. Metaspace's prepend_scheme "first" after a normaliser that deletes a prefix ---------


@pytest.mark.parametrize(
    ("normalizer", "text"),
    [
        (normalizers.Replace("ab", ""), "abc"),
        (normalizers.Replace("ab", "x"), "ab c"),
        (normalizers.Replace(Regex(" {2,}"), ""), "  abc"),
        (normalizers.Sequence([normalizers.NFKD(), normalizers.Replace("fi", "")]), "ﬁx"),
        (normalizers.Replace("a", "x"), "abc"),
        (normalizers.Strip(), " abc"),
    ],
)
def test_metaspace_first_asks_where_the_normalised_text_starts(normalizer, text: str) -> None:
    pieces = [("<unk>", 0.0), ("▁", -2.0)] + [(c, -3.0) for c in "abcxyz "]
    tok = Tokenizer(models.Unigram(pieces, unk_id=0, byte_fallback=False))
    tok.normalizer = normalizer
    tok.pre_tokenizer = pre_tokenizers.Metaspace(prepend_scheme="first")
    _assert_same(tok, text)


# -- 4. Unigram scores read as the library's JSON reader reads them ------------------------


@pytest.mark.parametrize(
    ("score", "same"),
    [("-9.7322833503554509", "-9.732283350355452"), ("-8.05589966051398217", "-8.055899660513983")],
)
def test_unigram_scores_are_read_as_the_library_reads_them(score: str, same: str) -> None:
    """The library reads ``score`` and ``same`` as one number (Python's float does not), so
    ``ab|c`` and ``a|bc`` tie exactly there, and the tie decides."""
    vocab = f'[["<unk>", -20.0], ["a", -1.0], ["c", -1.0], ["ab", {score}], ["bc", {same}]]'
    model = {"type": "Unigram", "unk_id": 0, "vocab": "VOCAB", "byte_fallback": False}
    doc = {"version": "1.0", "added_tokens": [], "normalizer": None, "pre_tokenizer": None}
    doc |= {"truncation": None, "padding": None, "post_processor": None, "decoder": None}
    text = json.dumps(doc | {"model": model}).replace('"VOCAB"', vocab)
    tok = Tokenizer.from_str(text)
    read = json.loads(tok.to_str())["model"]["vocab"]
    assert read[3][1] == read[4][1] and float(score) != float(same)
    trace = load({"tokenizer.json": text}).trace("abc")
    assert trace.tokens == tuple(tok.encode("abc").tokens)


# -- 5. a sentencepiece .vocab: <unk>, <s>, </s> never match text, as in sentencepiece ------


def test_sentencepiece_vocab_never_matches_its_control_pieces() -> None:
    import sentencepiece as spm

    model, vocab = pm._sentencepiece_files()
    sp = spm.SentencePieceProcessor(model_proto=model)
    ours = load({"sp.vocab": vocab})
    for text in ["a<s>b", "the </s> end <unk>", "<pad>x <s>", "lowest <s></s>"]:
        assert list(ours.trace(text).tokens) == sp.encode(text, out_type=str), text
        assert list(ours.trace(text).ids) == sp.encode(text), text
