"""Oracle tests: the unigram model against sentencepiece on hand-built models (issue 19).

Each example builds a sentencepiece model from the same pieces and scores as ours (a
``ModelProto`` with an identity normaliser and no dummy prefix, so both see the same
string) and compares n-best lists, ties included: scores drawn from a few values that add
up exactly make many segmentations score the same.
"""

from __future__ import annotations

import random
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.unigram import Unigram
from tests.budget import examples

pytestmark = pytest.mark.oracle

spm = pytest.importorskip("sentencepiece")
pb = pytest.importorskip("sentencepiece.sentencepiece_model_pb2")

ALPHABET = "ab▁"


def processor(
    scores: dict[str, float], *, rule: str = "identity", prefix: bool = False, strip: bool = False
) -> object:
    """A sentencepiece processor over exactly these pieces (plus ``<unk>``).

    ``rule`` names sentencepiece's normalisation (its table is copied in, as its trainer
    does); ``prefix`` adds the dummy ▁; ``strip`` removes extra whitespace.
    """
    proto = pb.ModelProto()
    proto.trainer_spec.model_type = pb.TrainerSpec.UNIGRAM
    spec = pb.NormalizerSpec()
    spec.ParseFromString(spm.SentencePieceNormalizer(rule_name=rule).serialized_normalizer_spec())
    proto.normalizer_spec.CopyFrom(spec)
    proto.normalizer_spec.add_dummy_prefix = prefix
    proto.normalizer_spec.remove_extra_whitespaces = strip
    unk = proto.pieces.add()
    unk.piece, unk.score, unk.type = "<unk>", 0.0, pb.ModelProto.SentencePiece.UNKNOWN
    for piece, score in scores.items():
        entry = proto.pieces.add()
        entry.piece, entry.score = piece, score
    return spm.SentencePieceProcessor(model_proto=proto.SerializeToString())


def glue_unknown(model: Unigram, tokens: tuple[str, ...]) -> list[str]:
    """Sentencepiece's output form: neighbouring unknown characters become one token."""
    out: list[str] = []
    previous = False
    for token in tokens:
        unknown = token not in model
        if unknown and previous:
            out[-1] += token
        else:
            out.append(token)
        previous = unknown
    return out


tied_scores = st.sampled_from([-1.0, -1.5, -2.0, -3.0])
any_scores = st.one_of(tied_scores, st.floats(-8.0, -0.1, allow_nan=False))
pieces = st.dictionaries(
    st.text(ALPHABET, min_size=1, max_size=4), any_scores, min_size=1, max_size=14
)
words = st.text(ALPHABET, min_size=1, max_size=10)


@settings(max_examples=examples(120), deadline=None)
@given(pieces, words, st.integers(1, 16))
def test_nbest_order_equals_sentencepiece_ties_included(
    scores: dict[str, float], word: str, k: int
) -> None:
    sp = processor(scores)
    model = Unigram(list(scores.items()))
    theirs = sp.nbest_encode_as_pieces(word, k)  # type: ignore[attr-defined]
    mine = [glue_unknown(model, s.pieces) for s in model.nbest(word, k)]
    assert mine == theirs


def test_a_known_tie_comes_out_in_heap_order() -> None:
    """Three segmentations of "aaabb" score -5; sentencepiece's heap returns a·aa before aa·a."""
    scores = {"a": -1.0, "b": -1.0, "aa": -2.0, "aaa": -3.0}
    sp = processor(scores)
    theirs = sp.nbest_encode_as_pieces("aaabb", 4)  # type: ignore[attr-defined]
    mine = [list(s.pieces) for s in Unigram(list(scores.items())).nbest("aaabb", 4)]
    assert mine == theirs
    assert len({s.log_prob for s in Unigram(list(scores.items())).nbest("aaabb", 4)}) == 1


# --- normalisation and ▁ (sentencepiece's normaliser, our own implementation) -----------

#: Characters the rules treat differently: spaces of every kind, control characters,
#: compatibility forms, composed and decomposed accents (two classes), ▁ itself.
TRICKY = [
    *"ab É~", "e\u0301", "\u0301", "\u0323",
    "\t", "\n", "\r", "\x0c", "\x0b", "\x01", "\x7f", "\x85",
    "\x8f", "\x9f", "\xa0", "\u3000", "\u2000", "\u1680", "\u200b", "\u200d", "\u2028",
    "\u061c", "\u2581", "\ufeff", "\ufffd", "ﬁ", "①", "Ａ", "ｶ", "ﾞ", "～", "¨", "㎏", "ǅ",
    "Ⅻ", "ガ",
]  # fmt: skip
tricky_texts = st.lists(st.sampled_from(TRICKY), max_size=10).map("".join)
SP_RULES = {"none": "identity", "nfkc": "nfkc", "nmt_nfkc": "nmt_nfkc"}


@settings(max_examples=examples(300), deadline=None)
@given(tricky_texts, st.sampled_from(sorted(SP_RULES)))
def test_normalisation_equals_sentencepiece(text: str, rule: str) -> None:
    from subword_core.text.normalize import normalize_chars, sentencepiece_text

    theirs = spm.SentencePieceNormalizer(rule_name=SP_RULES[rule])
    assert sentencepiece_text(text, rule) == theirs.normalize(text)
    bare = spm.SentencePieceNormalizer(
        rule_name=SP_RULES[rule],
        add_dummy_prefix=False,
        escape_whitespaces=False,
        remove_extra_whitespaces=False,
    )
    assert normalize_chars(text, rule) == bare.normalize(text)


@settings(max_examples=examples(120), deadline=None)
@given(pieces, tricky_texts, st.sampled_from(sorted(SP_RULES)))
def test_tokenize_with_marker_equals_sentencepiece(
    scores: dict[str, float], text: str, rule: str
) -> None:
    """Running text with ▁ in it, any spaces, any rule: the same tokens as sentencepiece."""
    sp = processor(scores, rule=SP_RULES[rule], prefix=True, strip=True)
    model = Unigram(list(scores.items()), word_start="▁", normalization=rule)
    theirs = sp.encode(text, out_type=str)  # type: ignore[attr-defined]
    assert glue_unknown(model, tuple(model.tokenize(text))) == theirs


def test_words_holding_the_marker() -> None:
    """▁ inside or at the end of a word: one string, a trailing ▁ dropped, as sentencepiece."""
    scores = {"▁a": -1.0, "▁": -2.0, "a": -2.0, "b": -2.0, "a▁b": -1.0, "▁a▁b": -0.5}
    sp = processor(scores, prefix=True, strip=True)
    model = Unigram(list(scores.items()), word_start="▁")
    for text in ["a▁b", "a▁", "a ▁", "▁a", "a b", "a▁▁b", "b a▁"]:
        assert model.tokenize(text) == sp.encode(text, out_type=str), text  # type: ignore[attr-defined]
    assert model.tokenize("a b") == ["▁a▁b"]  # a piece spanning two words, as sentencepiece


@pytest.mark.parametrize(
    "scores",
    [
        {"a": -3.6176109313964844, "aa": -7.235221862792969, "aaa": -10.852831840515137},
        {"a": -5.069506645202637, "aa": -10.139013290405273, "aaa": -15.20851993560791},
        {"a": -7.882923126220703, "aa": -15.765846252441406, "aaa": -23.64876937866211},
    ],
)
def test_encode_adds_in_float32_as_sentencepiece(scores: dict[str, float]) -> None:
    """Runs of one character: the segmentations nearly tie, and sentencepiece's float32 sums
    (not float64) decide which one Viterbi keeps (issue 31, item 6)."""
    sp = processor(scores | {"b": -5.0})
    model = Unigram(tuple((scores | {"b": -5.0}).items()))
    for n in range(2, 30):
        word = "a" * n
        assert model.encode(word) == sp.encode(word, out_type=str), word
        assert list(model.nbest(word, 1)[0].pieces) == model.encode(word)
        assert [list(s.pieces) for s in model.nbest(word, 3)] == sp.nbest_encode_as_pieces(word, 3)


@pytest.mark.parametrize("seed", range(12))
def test_encode_and_nbest_share_sentencepiece_arithmetic_on_near_ties(seed: int) -> None:
    """``aa`` and ``aaa`` score within float32 rounding of ``a`` twice and three times, so
    runs of ``a`` nearly tie everywhere: encode and the 2-best list are sentencepiece's.

    subtle: where the 2-best list's first is not encode's answer, sentencepiece's are not
    either (its n-best search adds the same float32 scores in another order, so a path a few
    float32 units lower can come out first); the two follow sentencepiece, not each other.
    """
    rng = random.Random(seed)
    a = -rng.uniform(1.0, 12.0)
    raw = {"a": a, "aa": 2 * a * (1 + rng.choice([0.0, 1e-7, -1e-7]))}
    raw |= {"aaa": 3 * a * (1 + rng.choice([0.0, 1e-7, -1e-7])), "b": -5.0}
    scores = {p: struct.unpack("<f", struct.pack("<f", s))[0] for p, s in raw.items()}
    sp = processor(scores)
    model = Unigram(tuple(scores.items()))
    for word in ["a" * n for n in range(2, 16)] + ["aabaaa", "baaaab", "aaaabaaaaa"]:
        theirs = sp.encode(word, out_type=str)  # type: ignore[attr-defined]
        their_two = sp.nbest_encode_as_pieces(word, 2)  # type: ignore[attr-defined]
        assert model.encode(word) == theirs, word
        assert [list(s.pieces) for s in model.nbest(word, 2)] == their_two, word
