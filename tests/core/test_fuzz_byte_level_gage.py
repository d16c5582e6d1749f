"""Fuzzing byte-level BPE (:mod:`subword_core.byte_level`) and Gage's compression
(:mod:`subword_core.gage`) with arbitrary input.

Whatever comes in, a public function returns a result or raises a documented
``SubwordError`` with a message; never another exception. Where it returns, the invariants
hold: byte-level encoding decodes back to the exact text (and bytes), the display table and
hex round-trip, pre-tokenized chunks join to the text, the BPE trace replays; Gage's
replacements replay to the compressed string and decompression gives back the input.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from subword_core import bpe, byte_level, gage
from subword_core.byte_level import BYTE_TO_UNICODE, ByteLevelModel
from tests.core.fuzz_support import FUZZ, FUZZ_SLOW, anything, corpora, documented, texts

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.byte_level.bytes_to_unicode": ("test_display_table",),
    "subword_core.byte_level.to_display": ("test_display_table",),
    "subword_core.byte_level.from_display": ("test_display_table", "test_from_display_any"),
    "subword_core.byte_level.lookalikes": ("test_lookalikes",),
    "subword_core.byte_level.hex_bytes": ("test_hex",),
    "subword_core.byte_level.parse_hex": ("test_hex", "test_parse_hex_any"),
    "subword_core.byte_level.pre_tokenize": ("test_pre_tokenize",),
    "subword_core.byte_level.char_pieces": ("test_char_pieces",),
    "subword_core.byte_level.CharPiece": ("test_char_pieces",),
    "subword_core.byte_level.CharPiece.complete": ("test_char_pieces",),
    "subword_core.byte_level.CharPiece.valid": ("test_char_pieces",),
    "subword_core.byte_level.byte_corpus": ("test_byte_corpus",),
    "subword_core.byte_level.learn": ("test_learn",),
    "subword_core.byte_level.ByteLevelResult": ("test_learn",),
    "subword_core.byte_level.ByteLevelResult.merges": ("test_learn",),
    "subword_core.byte_level.ByteLevelResult.steps": ("test_learn",),
    "subword_core.byte_level.ByteLevelResult.corpus": ("test_learn",),
    "subword_core.byte_level.ByteLevelResult.stop_reason": ("test_learn",),
    "subword_core.byte_level.ByteLevelModel": ("test_model_round_trips", "test_model_any_merges"),
    "subword_core.byte_level.ByteLevelModel.pre_tokenize": ("test_model_round_trips",),
    "subword_core.byte_level.ByteLevelModel.encode": ("test_model_round_trips",),
    "subword_core.byte_level.ByteLevelModel.decode": ("test_model_round_trips", "test_decode_any"),
    "subword_core.byte_level.ByteLevelModel.encode_bytes": ("test_model_round_trips",),
    "subword_core.byte_level.ByteLevelModel.decode_bytes": ("test_model_round_trips",),
    "subword_core.byte_level.ByteLevelModel.encode_detailed": ("test_model_round_trips",),
    "subword_core.byte_level.ByteLevelModel.vocab_size": ("test_model_any_merges",),
    "subword_core.byte_level.ByteLevelModel.vocabulary": ("test_model_any_merges",),
    "subword_core.byte_level.ByteEncoding": ("test_model_round_trips",),
    "subword_core.byte_level.ByteEncoding.partial_count": ("test_model_round_trips",),
    "subword_core.byte_level.ByteToken": ("test_model_round_trips",),
    "subword_core.byte_level.ByteToken.hex": ("test_model_round_trips",),
    "subword_core.byte_level.ByteToken.starts_inside": ("test_model_round_trips",),
    "subword_core.byte_level.ByteToken.ends_inside": ("test_model_round_trips",),
    "subword_core.byte_level.ByteToken.partial": ("test_model_round_trips",),
    "subword_core.gage.compress": ("test_compress", "test_compress_bad_arguments"),
    "subword_core.gage.GageResult": ("test_compress",),
    "subword_core.gage.GageResult.replacements": ("test_compress",),
    "subword_core.gage.GageResult.symbols_left": ("test_compress",),
    "subword_core.gage.GageResult.ratio": ("test_compress",),
    "subword_core.gage.GageResult.table_chars": ("test_compress",),
    "subword_core.gage.GageResult.total_chars": ("test_compress",),
    "subword_core.gage.GageResult.ratio_with_table": ("test_compress",),
    "subword_core.gage.GageResult.string_at": ("test_compress",),
    "subword_core.gage.GageResult.table_at": ("test_compress",),
    "subword_core.gage.GageStep": ("test_compress",),
    "subword_core.gage.GageStep.is_tie": ("test_compress",),
    "subword_core.gage.GageStep.after_positions": ("test_compress",),
    "subword_core.gage.GageStep.saved": ("test_compress",),
    "subword_core.gage.PairCount": ("test_count_pairs",),
    "subword_core.gage.count_pairs": ("test_count_pairs",),
    "subword_core.gage.replay": ("test_compress",),
    "subword_core.gage.decompress": ("test_compress", "test_decompress_any_table"),
    "subword_core.gage.decompress_steps": ("test_compress", "test_decompress_any_table"),
    "subword_core.gage.DecompressStep": ("test_compress",),
}

DISPLAY = "".join(BYTE_TO_UNICODE.values())
display_tokens = st.text(st.sampled_from(DISPLAY), min_size=1, max_size=3)


# --- byte level ------------------------------------------------------------------------


@FUZZ
@given(st.binary(max_size=40))
def test_display_table(data: bytes) -> None:
    table = byte_level.bytes_to_unicode()
    assert len(table) == 256 and len(set(table.values())) == 256
    shown = byte_level.to_display(data)
    assert len(shown) == len(data) and not any(ch.isspace() for ch in shown)
    assert byte_level.from_display(shown) == data


@FUZZ
@given(texts(12))
def test_lookalikes(text: str) -> None:
    found = byte_level.lookalikes(text)
    chars = [ch for ch, _ in found]
    assert len(chars) == len(set(chars)) and all(ch in text for ch in chars)
    for ch, byte in found:
        # the character draws a byte that is not its own UTF-8 ...
        assert byte_level.to_display(bytes([byte])) == ch != chr(byte)
        # ... and the text's own occurrence is encoded as its own bytes, never that byte
        assert byte_level.from_display(byte_level.to_display(ch.encode())) == ch.encode()
    # the table borrows the 68 letters U+0100..U+0143: exactly those are found
    assert set(chars) == {ch for ch in text if 0x100 <= ord(ch) <= 0x143}


@FUZZ
@given(texts(8))
def test_from_display_any(text: str) -> None:
    try:
        data = byte_level.from_display(text)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert byte_level.to_display(data) == text


@FUZZ
@given(st.binary(max_size=20))
def test_hex(data: bytes) -> None:
    assert byte_level.parse_hex(byte_level.hex_bytes(data)) == data
    assert byte_level.parse_hex(",".join("0x" + f"{b:02X}" for b in data)) == data


@FUZZ
@given(st.one_of(texts(10), st.text("0123456789abcdefxX ,", max_size=12), anything()))
@example("0x")
@example(1)  # was an AttributeError
@example("٣٤")  # Arabic-Indic digits are digits to Python, not hex
def test_parse_hex_any(text: object) -> None:
    try:
        data = byte_level.parse_hex(text)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert isinstance(data, bytes)


@FUZZ
@given(texts(16))
@example("I'll say  hi!! 你好 2024")
@example("a\n\nb ")
def test_pre_tokenize(text: str) -> None:
    chunks = byte_level.pre_tokenize(text)
    assert "".join(chunks) == text
    assert all(chunks)


@FUZZ
@given(st.binary(max_size=24), st.lists(st.tuples(st.integers(-2, 30), st.integers(-2, 30))))
@example(b"a", [(0, 5)])  # was an IndexError
@example(b"a", [(-1, 1)])  # was read silently from the end
def test_char_pieces(data: bytes, bounds: list[tuple[int, int]]) -> None:
    try:
        pieces = byte_level.char_pieces(data, bounds)
    except Exception as exc:
        assert documented(exc), repr(exc)
        assert any(not 0 <= s <= e <= len(data) for s, e in bounds)
        return
    assert len(pieces) == len(bounds)
    for (start, end), held in zip(bounds, pieces, strict=True):
        assert sum(p.last - p.first + 1 for p in held) == end - start
        for p in held:
            assert 1 <= p.first <= p.last <= p.size <= 4
            assert p.complete == (p.first == 1 and p.last == p.size)
            assert isinstance(p.valid, bool)


@FUZZ
@given(st.one_of(corpora, texts(20)), texts(6), st.booleans())
def test_byte_corpus(source: object, extra: str, prefix: bool) -> None:
    try:
        corpus, chunks = byte_level.byte_corpus(
            source,  # type: ignore[arg-type]
            extra_text=extra,
            add_prefix_space=prefix,
        )
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert len(corpus) == len(chunks)
    for word, chunk in zip(corpus.words, chunks, strict=True):
        assert byte_level.from_display(word) == chunk.encode("utf-8")


@FUZZ_SLOW
@given(
    st.one_of(corpora, texts(24)),
    anything(st.integers(1, 12)),
    anything(st.integers(1, 3)),
    st.booleans(),
    st.sampled_from(["first-seen", "lexicographic", "other"]),
    st.lists(texts(8), max_size=3),
)
@example("你好 你好", 2, 2, True, "first-seen", ["你好", "lowest 你"])
def test_learn(
    source: object,
    num: object,
    minf: object,
    prefix: bool,
    tie: str,
    probe: list[str],
) -> None:
    try:
        result = byte_level.learn(
            source,  # type: ignore[arg-type]
            num,  # type: ignore[arg-type]
            add_prefix_space=prefix,
            min_frequency=minf,  # type: ignore[arg-type]
            tie_break=tie,  # type: ignore[arg-type]
        )
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert bpe.replay(result.bpe) == list(result.bpe.final_segmentation)
    assert result.merges == [s.merged for s in result.steps if s.merged is not None]
    assert result.corpus == result.bpe.corpus and result.stop_reason
    model = result.model
    assert model.vocab_size == 256 + len({a + b for a, b in result.merges})
    for text in probe:
        assert model.decode(model.encode(text)) == text


merge_lists = st.lists(st.tuples(display_tokens, display_tokens), max_size=8)
models = st.builds(ByteLevelModel, merge_lists.map(tuple), st.booleans())


@FUZZ
@given(models, texts(12), st.binary(max_size=16))
@example(ByteLevelModel((("Ġ", "l"),)), "low 🙂", b"a\xff")
@example(ByteLevelModel((), add_prefix_space=False), "é", b"")
def test_model_round_trips(model: ByteLevelModel, text: str, data: bytes) -> None:
    tokens = model.encode(text)
    assert model.decode(tokens) == text
    assert model.decode(tokens, "strict") == text
    assert model.decode_bytes(tokens) == text.encode("utf-8")
    assert "".join(model.pre_tokenize(text)) == (
        " " + text if model.add_prefix_space and text else text
    )
    assert model.decode_bytes(model.encode_bytes(data)) == data
    for source in (text, data):
        enc = model.encode_detailed(source)
        assert b"".join(t.data for t in enc.tokens) == enc.data
        assert enc.data[enc.prefix :] == (source if isinstance(source, bytes) else source.encode())
        assert [t.token for t in enc.tokens] == (
            model.encode_bytes(source) if isinstance(source, bytes) else tokens
        )
        for token in enc.tokens:
            assert byte_level.from_display(token.token) == token.data
            assert token.hex == token.data.hex(" ")
            assert token.partial == (token.starts_inside or token.ends_inside)
        assert enc.partial_count == sum(t.partial for t in enc.tokens)


@FUZZ
@given(st.lists(st.tuples(texts(2), texts(2)), max_size=4), anything(st.booleans()))
@example([("a", " ")], True)
def test_model_any_merges(merges: list[tuple[str, str]], prefix: object) -> None:
    try:
        model = ByteLevelModel(tuple(merges), prefix)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert model.vocab_size == len(model.vocabulary) >= 256
    assert model.decode(model.encode("low 你")) == "low 你"


@FUZZ
@given(models, st.lists(texts(3), max_size=4), anything(st.sampled_from(["replace", "strict"])))
def test_decode_any(model: ByteLevelModel, tokens: list[str], errors: object) -> None:
    try:
        text = model.decode(tokens, errors)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert isinstance(text, str)


# --- Gage ------------------------------------------------------------------------------

gage_texts = st.one_of(st.text("ab", max_size=14), st.text("abcZ", max_size=20), texts(14))


@FUZZ
@given(gage_texts)
def test_count_pairs(text: str) -> None:
    counts = gage.count_pairs(text)
    assert sum(pc.overlapping for pc in counts) == max(len(text) - 1, 0)
    assert all(1 <= pc.count <= pc.overlapping for pc in counts)
    keys = [(-pc.count, pc.first_at) for pc in counts]
    assert keys == sorted(keys)


@FUZZ
@given(
    gage_texts,
    st.one_of(st.none(), st.permutations("ZYXWV").map("".join), texts(3)),
    st.dictionaries(st.integers(1, 4), st.sampled_from(["aa", "ab", "ba", "bb", "Za", "ZY"])),
    st.integers(1, 60),
    st.integers(-2, 12),
)
@example("aaabdaaabac", None, {2: "ab"}, 50, 2)
def test_compress(
    text: str, symbols: str | None, choose: dict[int, str], top_k: int, at: int
) -> None:
    try:
        result = gage.compress(text, symbols, choose=choose, top_k=top_k)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert gage.replay(result) == result.compressed
    assert gage.decompress(result.compressed, result.table) == text
    steps = gage.decompress_steps(result.compressed, result.table)
    assert len(steps) == len(result.table)
    if steps:
        assert steps[-1].after == text and steps[0].before == result.compressed
    assert len(result.compressed) + sum(s.saved for s in result.steps) == len(text)
    assert result.replacements == result.steps[:-1]
    assert result.steps[-1].stop_reason == result.stop_reason
    assert len(result.symbols_left) == len(result.symbols) - len(result.table)
    assert result.total_chars == len(result.compressed) + result.table_chars
    assert result.ratio > 0 and result.ratio_with_table > 0
    assert result.string_at(at) == (
        text if at <= 0 else result.steps[min(at, len(result.steps)) - 1].after
    )
    assert len(result.table_at(at)) == min(max(at, 0), len(result.table))
    for step in result.replacements:
        assert step.pair in step.tied and step.saved >= gage.MIN_COUNT
        assert step.is_tie == (len(step.tied) > 1)
        assert all(step.after[p] == step.symbol for p in step.after_positions)


@FUZZ
@given(
    st.one_of(gage_texts, anything()),
    st.one_of(st.none(), anything(), st.lists(anything(), max_size=3)),
    st.one_of(st.none(), st.dictionaries(anything(), anything(), max_size=2)),
    anything(st.integers(1, 5)),
)
@example("aaabdaaabac", "Zaa", None, 5)
@example("abab", None, {1: "ba"}, 5)
def test_compress_bad_arguments(
    text: object, symbols: object, choose: object, top_k: object
) -> None:
    try:
        gage.compress(text, symbols, choose=choose, top_k=top_k)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)


@FUZZ
@given(
    gage_texts,
    st.one_of(
        st.dictionaries(texts(1), st.one_of(texts(2), st.tuples(texts(1), texts(1))), max_size=3),
        anything(),
        st.dictionaries(anything(), anything(), max_size=2),
    ),
)
def test_decompress_any_table(compressed: str, table: object) -> None:
    try:
        text = gage.decompress(compressed, table)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert isinstance(text, str)
    assert text == (
        gage.decompress_steps(compressed, table)[-1].after  # type: ignore[arg-type]
        if table
        else compressed
    )
