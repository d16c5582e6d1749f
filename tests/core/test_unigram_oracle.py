"""Oracle tests: subword_core.unigram.Unigram against sentencepiece.

Sentencepiece trains a unigram model on 80 % of the lines of Python's documentation topics
(real English, built without any download); its pieces and scores are loaded into
``Unigram``; then Viterbi, n-best and sampling are compared on the words of the other 20 %.

Two things differ on purpose and are normalised here: sentencepiece glues neighbouring
unknown characters into one token (we keep one token per character), and it adds with
float32, so two segmentations whose scores differ by less than float32 rounding may come
out in either order (we add float64). Every disagreement must be such a near-tie.
"""

from __future__ import annotations

import io
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from subword_core.text.examples import example_text
from subword_core.unigram import SENTENCEPIECE_SPECIALS, Unigram

pytestmark = pytest.mark.oracle

spm = pytest.importorskip("sentencepiece")

NEAR_TIE = 1e-4  # float32 sums of ~10 scores of size ~10 carry errors around 1e-5


@pytest.fixture(scope="module")
def split() -> tuple[list[str], list[str]]:
    """Training lines and the distinct held-out words (in first-seen order)."""
    lines = [line for line in example_text("pydoc").splitlines() if line.strip()]
    train = [line for i, line in enumerate(lines) if i % 5]
    held = [line for i, line in enumerate(lines) if not i % 5]
    words = list(dict.fromkeys(w for line in held for w in line.split()))
    return train, words


def _train(lines: list[str], **options: object) -> bytes:
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=model,
        vocab_size=2000,
        model_type="unigram",
        normalization_rule_name="identity",
        character_coverage=1.0,
        num_threads=2,
        minloglevel=2,
        **options,
    )
    return model.getvalue()


@pytest.fixture(scope="module")
def sp(split: tuple[list[str], list[str]]) -> object:
    return spm.SentencePieceProcessor(model_proto=_train(split[0]))


@pytest.fixture(scope="module")
def ours(sp: object) -> Unigram:
    pieces = [
        (sp.id_to_piece(i), sp.get_score(i))  # type: ignore[attr-defined]
        for i in range(sp.get_piece_size())  # type: ignore[attr-defined]
        if not (sp.is_control(i) or sp.is_unknown(i) or sp.is_unused(i))  # type: ignore[attr-defined]
    ]
    return Unigram(pieces, word_start="▁")


def _glue_unknown(model: Unigram, tokens: list[str]) -> list[str]:
    """Sentencepiece's output form: neighbouring unknown characters become one token."""
    out: list[str] = []
    previous_unknown = False
    for token in tokens:
        unknown = token not in model
        if unknown and previous_unknown:
            out[-1] += token
        else:
            out.append(token)
        previous_unknown = unknown
    return out


def _score(model: Unigram, tokens: list[str]) -> float:
    """Our score of a sentencepiece segmentation (a glued unknown run: per character)."""
    return sum(model.score([t]) if t in model else len(t) * model.unk_score for t in tokens)


def test_the_split_is_large_enough(split: tuple[list[str], list[str]]) -> None:
    train, words = split
    assert len(train) > 3000
    assert len(words) > 3000


def test_encode_equals_sentencepiece(
    sp: object, ours: Unigram, split: tuple[list[str], list[str]]
) -> None:
    words = split[1]
    same = near_ties = 0
    for word in words:
        theirs = sp.encode(word, out_type=str)  # type: ignore[attr-defined]
        mine = _glue_unknown(ours, ours.encode("▁" + word))
        if mine == theirs:
            same += 1
            continue
        # a disagreement must be a tie up to float32 rounding, and ours is never worse
        gap = _score(ours, mine) - _score(ours, theirs)
        assert -NEAR_TIE < gap < NEAR_TIE, (word, mine, theirs, gap)
        assert gap >= -1e-12
        near_ties += 1
    assert same >= 0.995 * len(words), (same, near_ties, len(words))


def test_unknown_characters_match(sp: object, ours: Unigram) -> None:
    for word in ["naïve", "ñandú", "x→y", "日本語", "€5"]:
        theirs = sp.encode(word, out_type=str)  # type: ignore[attr-defined]
        assert _glue_unknown(ours, ours.encode("▁" + word)) == theirs


def test_nbest_equals_sentencepiece(
    sp: object, ours: Unigram, split: tuple[list[str], list[str]]
) -> None:
    k = 5
    words = split[1][:1500]
    exact = 0
    for word in words:
        theirs = sp.nbest_encode_as_pieces(word, k)  # type: ignore[attr-defined]
        mine = [_glue_unknown(ours, list(s.pieces)) for s in ours.nbest("▁" + word, k)]
        assert len(mine) == len(theirs), word
        # the same scores rank by rank ...
        mine_scores = [_score(ours, t) for t in mine]
        their_scores = [_score(ours, t) for t in theirs]
        assert mine_scores == pytest.approx(their_scores, abs=NEAR_TIE), word
        # ... and the same segmentations, except where near-ties may swap them
        if mine == theirs:
            exact += 1
            continue
        for a, b, score in zip(mine, theirs, mine_scores, strict=True):
            if a != b:
                tied = [s for s in mine_scores if abs(s - score) < NEAR_TIE]
                assert len(tied) > 1 or len(mine) == k, (word, mine, theirs)
    assert exact >= 0.98 * len(words)


def test_sampling_matches_sentencepiece(sp: object, ours: Unigram) -> None:
    """Both draw P ** alpha / Z: compare both with our exact shares (fixed seeds)."""
    spm.set_random_generator_seed(11)
    alpha, n = 0.5, 4000
    for word in ["hello", "function", "iterator"]:
        exact = {s.pieces: s.share for s in ours.segmentations("▁" + word, alpha=alpha)}
        theirs = Counter(
            tuple(sp.encode(word, out_type=str, enable_sampling=True, alpha=alpha, nbest_size=-1))  # type: ignore[attr-defined]
            for _ in range(n)
        )
        mine = Counter(map(tuple, ours.sample_many("▁" + word, alpha, random.Random(5), n)))
        for drawn in (theirs, mine):
            assert set(drawn) <= set(exact)
            tv = 0.5 * sum(abs(drawn[p] / n - q) for p, q in exact.items())
            assert tv < 0.04, (word, tv)


def test_vocab_file_reads_like_the_model(
    split: tuple[list[str], list[str]], tmp_path: Path
) -> None:
    """sentencepiece's own .vocab file (scores printed with 6 digits) gives the same model."""
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(split[0][:3000]),
        model_prefix=str(tmp_path / "m"),
        vocab_size=800,
        model_type="unigram",
        normalization_rule_name="identity",
        character_coverage=1.0,
        num_threads=2,
        minloglevel=2,
    )
    processor = spm.SentencePieceProcessor(model_file=str(tmp_path / "m.model"))
    model = Unigram.from_vocab_file(tmp_path / "m.vocab")
    specials = set(SENTENCEPIECE_SPECIALS)
    expected = {
        processor.id_to_piece(i): processor.get_score(i)
        for i in range(processor.get_piece_size())
        if processor.id_to_piece(i) not in specials
    }
    assert [p for p, _ in model.pieces] == list(expected)
    for piece, score in model.pieces:
        assert math.isclose(score, expected[piece], rel_tol=1e-5, abs_tol=1e-5)
    words = split[1][:2000]
    agree = sum(
        _glue_unknown(model, model.encode("▁" + w)) == processor.encode(w, out_type=str)
        for w in words
    )
    assert agree >= 0.99 * len(words)


def test_ties_are_broken_like_sentencepiece() -> None:
    """Seed 001's vocabulary is full of exact ties: build it as a sentencepiece model."""
    from sentencepiece import sentencepiece_model_pb2 as pb

    counts = {"h": 15, "u": 36, "g": 20, "hu": 15, "ug": 20, "p": 17, "pu": 17, "n": 16}
    counts |= {"un": 16, "b": 4, "bu": 4, "s": 5, "hug": 15, "gs": 5, "ugs": 5}
    proto = pb.ModelProto()
    proto.trainer_spec.model_type = pb.TrainerSpec.UNIGRAM
    proto.normalizer_spec.name = "identity"
    proto.normalizer_spec.add_dummy_prefix = False
    unk = proto.pieces.add()
    unk.piece, unk.score, unk.type = "<unk>", 0.0, pb.ModelProto.SentencePiece.UNKNOWN
    for piece, count in counts.items():
        entry = proto.pieces.add()
        entry.piece, entry.score = piece, math.log(count / 210)
    processor = spm.SentencePieceProcessor(model_proto=proto.SerializeToString())
    # float32 scores, as sentencepiece stores them
    model = Unigram([(p.piece, p.score) for p in proto.pieces if p.piece != "<unk>"])
    for word in ["hug", "pug", "pun", "bun", "hugs", "bugs", "gung"]:
        assert model.encode(word) == processor.encode(word, out_type=str), word
    assert model.encode("pug") == ["p", "ug"]
