"""The pretrained trace, kind by kind, where it once differed from the libraries (issue 31).

Each test builds its tokenizer here with ``tokenizers`` (or sentencepiece), nothing is
downloaded; each failed on the code before the fix it names.
"""

from __future__ import annotations

import functools
import itertools
import json
import random

import pytest
import regex
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tokenizers import AddedToken, Regex, Tokenizer, models, normalizers, pre_tokenizers

from subword_core.byte_level import BYTE_TO_UNICODE
from subword_core.pretrained import PretrainedError, chars, load
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


_BERT_FLAGS = ("clean_text", "handle_chinese_chars", "strip_accents", "lowercase")


@pytest.mark.exhaustive
@pytest.mark.parametrize("flag", ["clean_text", "handle_chinese_chars", "strip_accents", None])
def test_bert_normalizer_rewrites_every_code_point_as_the_library(
    flag: str | None, request: pytest.FixtureRequest
) -> None:
    """Each of BertNormalizer's other Unicode questions alone (control characters and
    whitespace, CJK ideographs, non-spacing marks after NFD), then ``StripAccents`` (any mark):
    each rewrites one character at a time, so every code point in one text shows any
    character classed otherwise."""
    if flag is None:
        node, library = {"type": "StripAccents"}, normalizers.StripAccents()
    else:
        flags = {name: name == flag for name in _BERT_FLAGS}
        node = {"type": "BertNormalizer"} | flags
        library = normalizers.BertNormalizer(**flags)
    (_name, func), *_ = _normalizers(node)
    text = "".join(_every(request))
    assert func(text) == library.normalize_str(text)
    exhaustive.passed(request)


@pytest.mark.exhaustive
@pytest.mark.parametrize(
    ("node", "library"),
    [
        ({"type": "Punctuation"}, pre_tokenizers.Punctuation()),
        ({"type": "BertPreTokenizer"}, pre_tokenizers.BertPreTokenizer()),
    ],
    ids=["Punctuation", "BertPreTokenizer"],
)
def test_punctuation_classes_every_code_point_as_the_library(
    node: dict, library: object, request: pytest.FixtureRequest
) -> None:
    """The other characters in one run, then each punctuation character (isolated): a
    character classed otherwise would join the run, or cut it."""
    every = _every(request)
    punct = [c for c in every if chars.is_punct(c)]
    others = [c for c in every if not chars.is_punct(c) and not chars.is_ws(c)]
    text = _grouped(others, punct)
    (_name, split, _), *_ = _splitters(node)
    ours = split(text, True)
    assert ours == ["".join(others), *punct]
    assert _pieces(library, text) == _spans(ours)
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
    """The trace of ``tok``'s file is what the library encodes when it reads that file (it can
    differ from ``tok`` itself: added tokens are numbered and ordered as the file says)."""
    try:
        expected = Tokenizer.from_str(tok.to_str()).encode(text, add_special_tokens=False)
    except BaseException as panic:  # pyo3's PanicException: the library fails on the text
        if "bad split" not in str(panic):
            raise
        with pytest.raises(PretrainedError) as failed:
            load({"tokenizer.json": tok.to_str()}).trace(text)
        assert failed.value.code == "library_panics_backwards", text
        return
    trace = load({"tokenizer.json": tok.to_str()}).trace(text)
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


def _file(added: list[dict], vocab: dict[str, int] | None = None) -> str:
    """A tokenizer.json of a word-level model over ``a b ab`` and a space, with ``added``."""
    flags = {"single_word": False, "lstrip": False, "rstrip": False, "normalized": False}
    model = {"type": "WordLevel", "vocab": vocab or {"a": 0, "b": 1, "ab": 2, " ": 3}}
    model["unk_token"] = "a"
    doc = {"version": "1.0", "truncation": None, "padding": None, "normalizer": None}
    doc |= {"pre_tokenizer": {"type": "WhitespaceSplit"}, "post_processor": None}
    doc |= {"decoder": None, "model": {**model, "type": "BPE", "merges": []}}
    doc["added_tokens"] = [flags | {"special": True} | token for token in added]
    return json.dumps(doc)


@pytest.mark.parametrize(
    "added",
    [
        [{"id": 500, "content": "<x>"}],  # the library numbers it 4, after the model's 4
        [{"id": 7, "content": "<x>"}, {"id": 3, "content": "<y>"}],
        [{"id": 5, "content": "<y>"}, {"id": 5, "content": "<x>"}],
        [{"id": 9, "content": "a", "special": False}],  # the model's id of "a"
        [{"id": 1, "content": "<x>"}, {"id": 6, "content": "<x>"}],  # one <x>, numbered once
        # one content twice with other flags: the later one's flags apply to every match
        [
            {"id": 5, "content": "<x>", "special": False, "lstrip": True},
            {"id": 6, "content": "<x>", "rstrip": True},
        ],
        [
            {"id": 5, "content": "<x>", "rstrip": True},
            {"id": 6, "content": "<x>", "special": False, "lstrip": True},
        ],
        [
            {"id": 5, "content": "<x>", "normalized": True, "special": False},
            {"id": 6, "content": "<x>", "rstrip": True},
        ],
    ],
)
def test_added_tokens_are_numbered_and_flagged_as_the_library_reads_the_file(added) -> None:
    text = _file(added)
    library = Tokenizer.from_str(text).encode("a <x> <y> b ab", add_special_tokens=False)
    tok = load({"tokenizer.json": text})
    trace = tok.trace("a <x> <y> b ab")
    assert (trace.tokens, trace.ids) == (tuple(library.tokens), tuple(library.ids))
    moved = [n for n in tok.notes if n.code == "added_ids"]
    library_ids = Tokenizer.from_str(text).get_added_tokens_decoder()
    numbered = {token.content: token_id for token_id, token in library_ids.items()}
    assert bool(moved) == any(numbered.get(a["content"]) != a["id"] for a in added)


def test_an_lstrip_that_would_cut_backwards_fails_as_in_the_library() -> None:
    """``<a>`` takes the five spaces after it; ``"  "`` (lstrip) is found inside them, and its
    start (where ``<a>`` stopped) lies past its end: the library panics."""
    tok = _byte_model()
    tok.add_tokens([AddedToken("<a>", rstrip=True), AddedToken("  ", lstrip=True)])
    with pytest.raises(BaseException, match="bad split"):  # pyo3's PanicException
        Tokenizer.from_str(tok.to_str()).encode("<a>     z", add_special_tokens=False)
    with pytest.raises(PretrainedError) as failed:
        load({"tokenizer.json": tok.to_str()}).trace("<a>     z")
    assert failed.value.code == "library_panics_backwards"
    _assert_same(tok, "<a>  z")  # "  " is not found inside the spaces there: no failure


def test_a_normalized_token_the_normalizer_deletes_is_refused() -> None:
    """The library then searches for the empty text and panics on a non-ASCII character."""
    tok = _byte_model(normalizers.Replace("q", ""))
    tok.add_tokens([AddedToken("q", normalized=True)])
    with pytest.raises(BaseException, match="bad split"):
        Tokenizer.from_str(tok.to_str()).encode("é", add_special_tokens=False)
    with pytest.raises(PretrainedError) as refused:
        load({"tokenizer.json": tok.to_str()})
    assert refused.value.code == "empty_added_token" and refused.value.values["token"] == "q"


_FLAGS = list(itertools.product([False, True], repeat=5))
_CONTENTS = ["<MASK>", " x", "ab", "Ａb", "é", "[x]", "y ", "ﬁ", "ab c", "Q", "12", "_z"]
_CONTENTS += ["ß", "Σa", "<s>", "\u3000 ", "<pad>", "İ", "ǅx", "a b", "\t", "xy", "١٢", "한"]
_CONTENTS += ["中文", "ⓐ", "x\u0301", "Ǆ", "＜s＞", " ", "..", "yy"]


@functools.cache
def _every_flag_tokenizer(backwards: bool) -> Tokenizer:
    """32 added tokens, one per combination of special, single_word, lstrip, rstrip and
    normalized, added in one order or the other (ties between patterns go to the first)."""
    tok = _byte_model(normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()]))
    pairs = list(zip(_CONTENTS, _FLAGS, strict=True))
    for content, (special, single, left, right, norm) in pairs[::-1] if backwards else pairs:
        token = AddedToken(
            content, single_word=single, lstrip=left, rstrip=right, normalized=norm, special=special
        )
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
@given(text=_token_text, backwards=st.booleans())
@example(text="<a>ab xab ²ab", backwards=False)
@example(text="y  \u3000 \u3000 x <MASK>", backwards=True)
def test_added_tokens_of_every_flag_match_the_library(text: str, backwards: bool) -> None:
    _assert_same(_every_flag_tokenizer(backwards), text)


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


@pytest.mark.parametrize(
    ("normalizer", "content", "text"),
    [
        (normalizers.NFKC(), "f", "ﬁx"),  # "i" comes from the text's first character
        (normalizers.Sequence([normalizers.Prepend("▁"), normalizers.NFKC()]), "▁", "y"),
        (normalizers.Sequence([normalizers.Prepend("▁"), normalizers.NFKC()]), "▁", "xb ab"),
        (normalizers.NFKC(), "f", "fix"),  # "i" is the text's second character: not first
    ],
)
def test_metaspace_first_after_a_normalized_token_asks_the_original_offset(
    normalizer, content: str, text: str
) -> None:
    """A normalized added token cut from the characters the normalizer made of the text's
    first one: what follows still starts at offset 0 in the original text."""
    pieces = [("<unk>", 0.0), ("▁", -2.0)] + [(c, -3.0) for c in "abcfixyz "]
    tok = Tokenizer(models.Unigram(pieces, unk_id=0, byte_fallback=False))
    tok.normalizer = normalizer
    tok.pre_tokenizer = pre_tokenizers.Metaspace(prepend_scheme="first")
    tok.add_tokens([AddedToken(content, normalized=True)])
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


def _unigram_json(
    scores: list[str], pieces: list[str] | None = None, unk_id: int | None = None
) -> str:
    """A Unigram ``tokenizer.json`` whose ``pieces`` (``p0``, ``p1``… if none) score ``scores``."""
    names = pieces or [f"p{i}" for i in range(len(scores))]
    vocab = "[" + ", ".join(f'["{p}", {lit}]' for p, lit in zip(names, scores, strict=True)) + "]"
    model = {"type": "Unigram", "unk_id": unk_id, "vocab": "VOCAB", "byte_fallback": False}
    doc = {"version": "1.0", "added_tokens": [], "normalizer": None, "pre_tokenizer": None}
    doc |= {"truncation": None, "padding": None, "post_processor": None, "decoder": None}
    return json.dumps(doc | {"model": model}).replace('"VOCAB"', vocab)


def _long_literals(seed: int, count: int) -> list[str]:
    """Numbers past a 64-bit significand: long fractions, long integers, exponents."""
    rng = random.Random(seed)

    def digits(n: int) -> str:
        return str(rng.randrange(10 ** (n - 1), 10**n))

    out = ["-18446744073709551616.3e-30", "-18446744073709551615", "-18446744073709551616"]
    out += ["-9223372036854775809", "-123456789012345678901234", "-" + "9" * 25]
    for _ in range(count):
        kind, n = rng.randrange(4), rng.randrange(18, 40)
        if kind == 0:
            d = digits(n)
            at = rng.randrange(1, n)
            out.append(f"-{d[:at]}.{d[at:]}")
        elif kind == 1:
            d = digits(rng.randrange(15, 30))
            out.append(f"-{d[0]}.{d[1:]}e{rng.randrange(-340, 300)}")
        elif kind == 2:
            out.append("-" + digits(rng.randrange(20, 30)))
        else:  # the integer part overflows at 1844674407370955161, the fraction still fits
            tail = digits(rng.randrange(1, 6))
            out.append(f"-1844674407370955161{rng.randrange(6, 10)}.{tail}e-{rng.randrange(40)}")
    return out


@pytest.mark.oracle
def test_numbers_past_a_64_bit_significand_are_read_as_the_library_reads_them() -> None:
    """serde_json keeps the first digits that fit in a u64 and scales by a power of ten: a
    fraction digit still fits after an integer part that overflowed, an integer past u64 is
    read that way too (Python's float rounds both correctly)."""
    literals = _long_literals(seed=31, count=3000)
    text = _unigram_json(literals)
    library = [s for _, s in json.loads(Tokenizer.from_str(text).to_str())["model"]["vocab"]]
    ours = [s for _, s in load({"tokenizer.json": text})._model.pieces]  # type: ignore[union-attr]
    wrong = [(lit, o, t) for lit, o, t in zip(literals, ours, library, strict=True) if o != t]
    assert not wrong, wrong[:5]


@pytest.mark.oracle
def test_a_score_past_a_64_bit_significand_ties_as_in_the_library() -> None:
    """The library reads both scores as -1.8446744073709551 (before the fix the long one was
    read one unit lower, so ``ab|c`` won where the library's tie gives ``a|bc``)."""
    scores = ["-20.0", "-0.0625", "-0.0625", "-1.8446744073709551", "-18446744073709551616.3e-19"]
    text = _unigram_json(scores, ["<unk>", "a", "c", "ab", "bc"], unk_id=0)
    tok = Tokenizer.from_str(text)
    read = json.loads(tok.to_str())["model"]["vocab"]
    assert read[3][1] == read[4][1]
    assert load({"tokenizer.json": text}).trace("abc").tokens == tuple(tok.encode("abc").tokens)


# -- 5. a sentencepiece .vocab: <unk>, <s>, </s> never match text, as in sentencepiece ------


def test_sentencepiece_vocab_never_matches_its_control_pieces() -> None:
    import sentencepiece as spm

    model, vocab = pm._sentencepiece_files()
    sp = spm.SentencePieceProcessor(model_proto=model)
    ours = load({"sp.vocab": vocab})
    for text in ["a<s>b", "the </s> end <unk>", "<pad>x <s>", "lowest <s></s>"]:
        assert list(ours.trace(text).tokens) == sp.encode(text, out_type=str), text
        assert list(ours.trace(text).ids) == sp.encode(text), text
