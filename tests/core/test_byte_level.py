"""Byte-level BPE: the byte table, GPT-2 pre-tokenization, exact round trips, partial bytes,
and that learning is the BPE core's own algorithm run on the byte-mapped corpus."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import subword_core.byte_level as bl
from subword_core import bpe
from subword_core.byte_level import (
    BYTE_TO_UNICODE,
    ByteLevelModel,
    byte_corpus,
    char_pieces,
    from_display,
    hex_bytes,
    learn,
    parse_hex,
    pre_tokenize,
    to_display,
)
from subword_core.errors import CorpusError, ParameterError
from subword_core.text.corpus import Corpus, parse_corpus
from subword_core.text.examples import example_text
from tests.budget import examples
from tests.core.doctests import failed_doctests

ZH = "我喜欢吃苹果，也喜欢吃香蕉。你喜欢吃什么？"
KO = "나는 사과를 좋아해요. 너는 바나나를 좋아해요?"
EMOJI = "I ❤️ pizza 🍕 and cats 🐱 👍🏽 👩‍💻"
ACCENTS = "Le café, la crèche, naïve, cafe\u0301, Flüsse, niño"
MULTI = "\n".join([ZH, KO, EMOJI, ACCENTS])


@pytest.fixture(scope="module")
def model() -> ByteLevelModel:
    """300 merges on some real English plus the multilingual lines."""
    text = example_text("pydoc")[:60_000] + "\n" + MULTI * 3
    return learn(text, 300).model


def test_doctests() -> None:
    assert failed_doctests(bl) == {}


# --- the byte table ------------------------------------------------------------------


def test_byte_table_is_gpt2s() -> None:
    assert len(BYTE_TO_UNICODE) == 256
    assert len(set(BYTE_TO_UNICODE.values())) == 256
    for byte, ch in BYTE_TO_UNICODE.items():
        assert ch.isprintable() and not ch.isspace(), hex(byte)
        if 0x21 <= byte <= 0x7E or 0xA1 <= byte <= 0xAC or 0xAE <= byte <= 0xFF:
            assert ch == chr(byte)
        else:
            assert ord(ch) >= 0x100
    # the well-known stand-ins
    assert BYTE_TO_UNICODE[0x00] == "Ā"
    assert BYTE_TO_UNICODE[0x20] == "Ġ"
    assert BYTE_TO_UNICODE[0x0A] == "Ċ"
    assert BYTE_TO_UNICODE[0x09] == "ĉ"
    assert BYTE_TO_UNICODE[0x7F] == "ġ"
    assert BYTE_TO_UNICODE[0xAD] == "Ń"
    assert max(ord(c) for c in BYTE_TO_UNICODE.values()) == 0x100 + 67


@given(st.binary())
def test_display_form_is_one_character_per_byte_and_invertible(data: bytes) -> None:
    shown = to_display(data)
    assert len(shown) == len(data)
    assert from_display(shown) == data
    assert hex_bytes(data) == " ".join(f"{b:02x}" for b in data)


def test_from_display_rejects_characters_outside_the_table() -> None:
    with pytest.raises(ParameterError, match="does not stand for a byte"):
        from_display("a你")
    with pytest.raises(ParameterError):
        ByteLevelModel((("a", " "),))  # a real space is not a byte character


def test_parse_hex() -> None:
    assert parse_hex("e4 bd a0") == "你".encode()
    assert parse_hex("0xE4, 0xBD,0xa0") == "你".encode()
    assert parse_hex("e4bda0") == "你".encode()
    assert parse_hex("  ") == b""
    for bad in ("zz", "e4 b", "0x", "e4 bd a0 g1"):
        with pytest.raises(ParameterError, match="not a byte in hex"):
            parse_hex(bad)


# --- pre-tokenization -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "chunks"),
    [
        ("low lower", ["low", " lower"]),
        ("hello, world!", ["hello", ",", " world", "!"]),
        ("I'm don't we'll they've she'd it's you're", None),
        ("a  b", ["a", " ", " b"]),
        ("a\tb", ["a", "\t", "b"]),
        ("a \n\n b", ["a", " \n\n", " b"]),
        ("end  ", ["end", "  "]),
        ("x 2024 y2k", ["x", " 2024", " y", "2", "k"]),
        (" 's", [" '", "s"]),
        ("!'s", ["!'", "s"]),
        ("你好，世界", ["你好", "，", "世界"]),
        ("🙂🙂 ok", ["🙂🙂", " ok"]),
        ("e\u0301", ["e", "\u0301"]),  # a combining mark is not a letter (category Mn)
    ],
)
def test_pre_tokenize_examples(text: str, chunks: list[str] | None) -> None:
    out = pre_tokenize(text)
    assert "".join(out) == text
    if chunks is not None:
        assert out == chunks
    else:
        assert {"'m", "'t", "'ll", "'ve", "'d", "'s", "'re"} <= set(out)


def test_information_separators_are_not_whitespace() -> None:
    # Python calls U+001C-U+001F whitespace; Unicode's White_Space (GPT-2's \s) does not
    assert "\x1c".isspace()
    assert pre_tokenize("a\x1c b") == ["a", "\x1c", " b"]


@given(st.text())
def test_pre_tokenize_keeps_every_character(text: str) -> None:
    chunks = pre_tokenize(text)
    assert "".join(chunks) == text
    assert all(chunks)


# --- round trips ------------------------------------------------------------------------

WHITESPACE = st.sampled_from([" ", "  ", "\n", "\t", "\r\n", "\u00a0", "\u3000", "\u2028"])
EMOJI_ST = st.sampled_from(["🙂", "👍🏽", "👩‍💻", "❤️", "🇫🇷", "🏳️‍🌈", "🍕"])
COMBINING = st.builds(
    lambda base, marks: base + "".join(marks),
    st.sampled_from(["e", "a", "ㄱ", "ㅏ", "x"]),
    st.lists(st.sampled_from(["\u0301", "\u0308", "\u0323", "\u20dd", "\u1161"]), max_size=3),
)
PIECES = st.one_of(st.text(max_size=8), WHITESPACE, EMOJI_ST, COMBINING, st.just("'s"))
MIXED = st.lists(PIECES, max_size=12).map("".join)


@settings(max_examples=examples(400, ci=100), deadline=None)
@given(st.one_of(st.text(), MIXED))
@example("")
@example(" ")
@example("  leading spaces")
@example("\n\n\ttabs and lines\r\n")
@example(ZH + KO + EMOJI + ACCENTS)
@example("\x00\x7f\u00ad\ufeff\U0010ffff")
def test_decode_encode_is_the_identity(model: ByteLevelModel, text: str) -> None:
    for m in (model, ByteLevelModel(model.merges, add_prefix_space=False), ByteLevelModel(())):
        tokens = m.encode(text)
        assert m.decode(tokens) == text
        assert m.decode(tokens, errors="strict") == text
        assert all(token in m.vocabulary for token in tokens)  # never unknown


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(st.binary())
def test_any_bytes_round_trip(model: ByteLevelModel, data: bytes) -> None:
    assert model.decode_bytes(model.encode_bytes(data)) == data
    enc = model.encode_detailed(data)
    assert enc.data[enc.prefix :] == data


def test_empty_text_has_no_tokens(model: ByteLevelModel) -> None:
    assert model.encode("") == []
    assert model.decode([]) == ""


def test_prefix_space_is_always_added_and_removed() -> None:
    model = ByteLevelModel((("Ġ", "x"),))
    assert model.encode("x") == ["Ġx"]
    assert model.encode(" x") == ["Ġ", "Ġx"]  # added even before a space
    assert model.decode(["Ġ", "Ġx"]) == " x"
    plain = ByteLevelModel((("Ġ", "x"),), add_prefix_space=False)
    assert plain.encode("x") == ["x"]
    assert plain.encode(" x") == ["Ġx"]


def test_lone_surrogates_are_refused(model: ByteLevelModel) -> None:
    with pytest.raises(ParameterError, match="lone surrogate"):
        model.encode("a\ud800b")
    with pytest.raises(ParameterError, match="lone surrogate"):
        model.encode("\udcff")  # not silently turned into the byte ff
    with pytest.raises(ParameterError, match="lone surrogate"):
        learn("a\udcffb a", 1)


def test_decode_of_part_of_a_character() -> None:
    model = ByteLevelModel(())
    tokens = model.encode("你")
    assert tokens == ["Ġ", "ä", "½", "ł"]
    assert model.decode(tokens[:3]) == "\ufffd"
    with pytest.raises(ParameterError, match="not valid UTF-8"):
        model.decode(tokens[:3], errors="strict")
    with pytest.raises(ParameterError, match="errors must be"):
        model.decode(tokens, errors="ignore")
    with pytest.raises(ParameterError, match="does not stand for a byte"):
        model.decode(["你"])


# --- bytes, hex and partial characters ------------------------------------------------


def _is_continuation(byte: int) -> bool:
    return 0x80 <= byte <= 0xBF


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(st.one_of(st.text(), MIXED))
def test_detailed_tokens_are_consistent(model: ByteLevelModel, text: str) -> None:
    enc = model.encode_detailed(text)
    assert [t.token for t in enc.tokens] == model.encode(text)
    assert b"".join(t.data for t in enc.tokens) == enc.data
    assert enc.data == ((" " if text else "") + text).encode()
    assert enc.prefix == (1 if text else 0)
    assert "".join(enc.chunks) == enc.data.decode()
    offset = 0
    for t in enc.tokens:
        assert t.start == offset and t.end == offset + len(t.data)
        offset = t.end
        assert t.data == from_display(t.token) == enc.data[t.start : t.end]
        assert to_display(t.data) == t.token
        assert t.hex == " ".join(f"{b:02x}" for b in t.data)
        assert bytes.fromhex(t.hex) == t.data
        # partial-byte detection, checked against UTF-8's own rule: a boundary lies inside
        # a character exactly when the byte after it is a continuation byte (10xxxxxx)
        starts_inside = _is_continuation(t.data[0])
        ends_inside = t.end < len(enc.data) and _is_continuation(enc.data[t.end])
        assert t.starts_inside == starts_inside
        assert t.ends_inside == ends_inside
        assert t.partial == (starts_inside or ends_inside)
        try:
            t.data.decode("utf-8")
            alone_is_text = True
        except UnicodeDecodeError:
            alone_is_text = False
        assert t.partial == (not alone_is_text)
        assert sum(p.last - p.first + 1 for p in t.pieces) == len(t.data)
    assert enc.partial_count == sum(t.partial for t in enc.tokens)
    # every character is covered exactly once, its bytes in order
    rebuilt: list[tuple[str, int]] = []
    for t in enc.tokens:
        rebuilt.extend((p.char, k) for p in t.pieces for k in range(p.first, p.last + 1))
    expected = [(ch, k + 1) for ch in enc.data.decode() for k in range(len(ch.encode()))]
    assert rebuilt == expected


def test_partial_examples() -> None:
    plain = ByteLevelModel((), add_prefix_space=False)
    e_acute = plain.encode_detailed("é").tokens
    assert [(t.token, t.hex, t.starts_inside, t.ends_inside) for t in e_acute] == [
        ("Ã", "c3", False, True),
        ("©", "a9", True, False),
    ]
    # 你 = e4 bd a0: the merges glue the space to e4, then e4 bd; 好 stays in single bytes
    result = learn("你 你 你好", 2)
    assert result.merges == [("Ġ", "ä"), ("Ġä", "½")]
    tokens = result.model.encode_detailed("你好").tokens
    first = tokens[0]
    assert (first.token, first.hex) == ("Ġä½", "20 e4 bd")
    assert first.partial and first.ends_inside and not first.starts_inside
    assert [(p.char, p.first, p.last, p.size) for p in first.pieces] == [
        (" ", 1, 1, 1),
        ("你", 1, 2, 3),
    ]
    assert [(p.char, p.first, p.last) for p in tokens[1].pieces] == [("你", 3, 3)]
    # a whole character in one token is not partial
    whole = learn("你 你 你", 3).model.encode_detailed("你").tokens
    assert [(t.token, t.partial) for t in whole] == [("Ġä½ł", False)]


def test_invalid_bytes_are_pieces_of_their_own() -> None:
    model = ByteLevelModel((), add_prefix_space=False)
    enc = model.encode_detailed(b"a\xff\xe4\xbd")
    assert [t.hex for t in enc.tokens] == ["61", "ff", "e4", "bd"]
    assert [t.pieces[0].valid for t in enc.tokens] == [True, False, False, False]
    assert model.decode_bytes(model.encode_bytes(b"\xed\xa0\x80")) == b"\xed\xa0\x80"


def test_char_pieces_of_ranges() -> None:
    data = "a🙂".encode()  # 61 | f0 9f 99 82
    a, head, tail = char_pieces(data, [(0, 1), (1, 3), (3, 5)])
    assert [(p.char, p.complete) for p in a] == [("a", True)]
    assert [(p.char, p.first, p.last, p.size, p.complete) for p in head] == [("🙂", 1, 2, 4, False)]
    assert [(p.first, p.last) for p in tail] == [(3, 4)]
    (both,) = char_pieces(data, [(0, 5)])
    assert [(p.char, p.complete) for p in both] == [("a", True), ("🙂", True)]


# --- learning: composition with the BPE core --------------------------------------------


@pytest.mark.parametrize("tie_break", ["first-seen", "lexicographic"])
def test_merges_are_bpe_learn_on_the_byte_corpus(tie_break: str) -> None:
    corpus = parse_corpus(example_text("paragraph"))
    result = learn(corpus, 60, extra_text=MULTI, tie_break=tie_break)  # type: ignore[arg-type]
    mapped, chunks = byte_corpus(corpus, extra_text=MULTI)
    direct = bpe.learn(mapped, 60, end_of_word="", tie_break=tie_break)  # type: ignore[arg-type]
    assert result.merges == direct.merges
    assert result.steps == direct.steps
    assert result.corpus == mapped
    assert result.chunks == chunks
    assert result.bpe.final_segmentation == tuple(bpe.replay(result.bpe))
    assert result.model.merges == tuple(direct.merges)
    # the byte model encodes each chunk exactly as the BPE core's model would
    plain = bpe.BPEModel(tuple(direct.merges), end_of_word="")
    tokens = []
    for chunk in pre_tokenize(" " + MULTI):
        tokens += plain.encode(to_display(chunk.encode()))
    assert result.model.encode(MULTI) == tokens


def test_learn_calls_the_bpe_core_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = bpe.learn

    def spy(corpus: Corpus, num_merges: int, **kwargs: object) -> bpe.BPEResult:
        calls.append((corpus, num_merges, kwargs))
        return real(corpus, num_merges, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bl.bpe_core, "learn", spy)
    result = learn({"low": 5, "lower": 2}, 3, choose=None)
    assert len(calls) == 1
    corpus, num_merges, kwargs = calls[0]
    assert corpus.as_dict() == {"Ġlow": 5, "Ġlower": 2}
    assert num_merges == 3 and kwargs["end_of_word"] == ""
    assert result.merges == [("Ġ", "l"), ("Ġl", "o"), ("Ġlo", "w")]


def test_corpus_words_get_the_space_and_text_is_kept_exactly() -> None:
    corpus, chunks = byte_corpus({"low": 5, "don't": 2, "hi!": 1})
    assert corpus.as_dict() == {"Ġlow": 5, "Ġdon": 2, "'t": 2, "Ġhi": 1, "!": 1}
    assert chunks == (" low", " don", "'t", " hi", "!")
    corpus, chunks = byte_corpus("low low\nlow", add_prefix_space=False)
    assert corpus.as_dict() == {"low": 2, "Ġlow": 1, "Ċ": 1}
    assert chunks == ("low", " low", "\n")
    corpus, _ = byte_corpus("low", extra_text="low lower")
    assert corpus.as_dict() == {"Ġlow": 2, "Ġlower": 1}


def test_result_api() -> None:
    result = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 50)
    # no end-of-word marker: every chunk ends up as one token, then nothing is left to merge
    assert result.steps[-1].stop_reason == result.stop_reason == "no_pairs"
    assert result.bpe.final_segmentation == (("Ġlow",), ("Ġlower",), ("Ġnewest",), ("Ġwidest",))
    assert len(result.merges) == sum(s.merged is not None for s in result.steps)
    model = result.model
    assert model.vocab_size == 256 + len(result.merges)
    assert model.vocabulary[:256] == [BYTE_TO_UNICODE[b] for b in range(256)]
    assert model.vocabulary[256:] == [a + b for a, b in result.merges]
    assert model.encode("lowest newer") == ["Ġlow", "est", "Ġnew", "e", "r"]


def test_ties_can_be_chosen_in_display_form() -> None:
    first = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 1)
    assert first.steps[0].is_tie
    other = first.steps[0].tied[1]
    chosen = learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 1, choose={1: other})
    assert chosen.merges == [other]
    assert chosen.steps[0].rule == "chosen"


def test_bad_input_is_explained() -> None:
    with pytest.raises(ParameterError, match="empty"):
        learn("", 5)
    with pytest.raises(ParameterError, match="num_merges"):
        learn("low low", 0)
    with pytest.raises(ParameterError, match="min_frequency"):
        learn("low low", 3, min_frequency=0)
    with pytest.raises(CorpusError):
        learn({"low": 0}, 3)


def test_no_unknown_token_for_text_never_seen() -> None:
    """The point of BBPE: Chinese and Korean after an English corpus, with no UNK."""
    corpus = parse_corpus(example_text("seed-low"))
    model = learn(corpus, 10).model
    chars = bpe.learn(corpus, 10)
    char_model = bpe.BPEModel(tuple(chars.merges), unk_token="[UNK]", alphabet=chars.model.alphabet)
    for text in (ZH, KO, EMOJI, ACCENTS):
        tokens = model.encode(text)
        assert model.decode(tokens) == text
        assert set(tokens) <= set(model.vocabulary)
        assert "[UNK]" in char_model.tokenize(text)
    # an unmerged character costs one token per byte
    assert len(ByteLevelModel(()).encode("你")) == 1 + 3


def test_letters_and_digits_follow_pythons_unicode_database() -> None:
    assert unicodedata.category("\u1c89") == "Cn"  # assigned only in Unicode 16
    assert pre_tokenize("a\u1c89b") == ["a", "\u1c89", "b"]
