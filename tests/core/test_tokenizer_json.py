"""tokenizer.json exports: `tokenizers` loads them and segments held-out words as we do.

Each model is trained on the first 80 % of the lines of Python's documentation topics and
every distinct word of the last 20 % (thousands) is segmented by our ``encode`` and by
``tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))``, plus words with characters the
training text never had. The documented differences (tokenizer_json's module docstring) are
checked as such, and imports round-trip.
"""

from __future__ import annotations

import json
import struct
from collections import Counter
from dataclasses import replace

import pytest

from subword_core import bpe, unigram, wordpiece
from subword_core.bpe import BPEModel
from subword_core.errors import ParameterError
from subword_core.formats import tokenizer_json
from subword_core.formats.tokenizer_json import UNIGRAM_UNK_PIECE
from subword_core.text.corpus import Corpus
from subword_core.text.examples import example_text
from subword_core.unigram import Unigram
from subword_core.wordpiece import WordPiece

tokenizers = pytest.importorskip("tokenizers")

# Characters that never occur in the pydoc topics, alone, inside and at the end of words.
UNSEEN = ["日本語", "naïve", "ünïcödé", "x→y", "a→", "→a", "ab日", "日ab", "q日本x"]


@pytest.fixture(scope="module")
def split() -> tuple[Corpus, list[str]]:
    lines = example_text("pydoc").splitlines()
    cut = int(len(lines) * 0.8)
    train = Corpus.from_counts(dict(Counter(w for line in lines[:cut] for w in line.split())))
    held = list(dict.fromkeys(w for line in lines[cut:] for w in line.split()))
    assert len(held) > 2500
    return train, held + UNSEEN


def _theirs(text: str) -> object:
    return tokenizers.Tokenizer.from_str(text)


def _tokens(tok: object, word: str) -> list[str]:
    return list(tok.encode(word).tokens)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------------------
# BPE
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bpe_model(split: tuple[Corpus, list[str]]) -> BPEModel:
    model = bpe.learn(split[0], 1500, attach_end_of_word=True, top_k=1, history_limit=1).model
    return replace(model, unk_token="[UNK]")


def test_bpe_agrees_on_held_out_words(split: tuple[Corpus, list[str]], bpe_model: BPEModel) -> None:
    theirs = _theirs(tokenizer_json.dumps(bpe_model))
    assert bpe_model.alphabet is not None
    unknown_last = 0
    for word in split[1]:
        ours = bpe_model.encode(word)
        if word[-1] not in bpe_model.alphabet:
            # The one difference: our unknown last character keeps the glued marker.
            assert ours[-1] == "[UNK]</w>"
            ours[-1] = "[UNK]"
            unknown_last += 1
        assert _tokens(theirs, word) == ours, word
    assert unknown_last >= 3
    assert bpe_model.encode("a→y") == ["a", "[UNK]", "y</w>"] == _tokens(theirs, "a→y")


def test_bpe_without_unk_token_drops_unknown_characters_in_tokenizers(
    bpe_model: BPEModel,
) -> None:
    model = replace(bpe_model, unk_token=None)
    theirs = _theirs(tokenizer_json.dumps(model))
    assert model.encode("x→y") == ["x", "→", "y</w>"]
    assert _tokens(theirs, "x→y") == ["x", "y</w>"]
    assert _tokens(theirs, "lowest") == model.encode("lowest")


def test_bpe_separate_marker_is_refused() -> None:
    model = bpe.learn({"low": 5, "lowest": 2}, 3).model
    assert not model.attach_end_of_word
    with pytest.raises(ParameterError, match="separate symbol"):
        tokenizer_json.dumps(model)


def test_bpe_without_marker(split: tuple[Corpus, list[str]]) -> None:
    model = bpe.learn(split[0], 300, end_of_word="", top_k=1, history_limit=1).model
    model = replace(model, unk_token="[UNK]")
    body = json.loads(tokenizer_json.dumps(model))["model"]
    assert body["end_of_word_suffix"] is None
    theirs = _theirs(tokenizer_json.dumps(model))
    for word in split[1][:1500]:
        assert _tokens(theirs, word) == model.encode(word), word


def test_bpe_merge_order_differs_only_for_hand_written_merges() -> None:
    """A merge that uses a symbol made by a *later* merge: tokenizers' priority queue applies
    it between two occurrences of the later merge, we finish the later merge first."""
    model = BPEModel((("bc", "b"), ("b", "c")), end_of_word="")
    theirs = _theirs(tokenizer_json.dumps(model))
    assert model.encode("bcbc") == ["bc", "bc"]
    assert _tokens(theirs, "bcbc") == ["bcb", "c"]
    assert _tokens(theirs, "bcb") == model.encode("bcb") == ["bcb"]


def test_bpe_round_trip(bpe_model: BPEModel) -> None:
    back = tokenizer_json.bpe_from_json(tokenizer_json.dumps(bpe_model))
    assert back == bpe_model
    no_unk = replace(bpe_model, unk_token=None)
    assert tokenizer_json.bpe_from_json(tokenizer_json.dumps(no_unk)) == no_unk


def test_bpe_from_codes_exports_and_agrees() -> None:
    model = BPEModel.from_codes("#version: 0.2\nl o\nlo w</w>\ne s\nes t</w>\n")
    theirs = _theirs(tokenizer_json.dumps(model))
    for word in ["low", "lowest", "test", "owl", "slow"]:
        assert _tokens(theirs, word) == model.encode(word), word
    back = tokenizer_json.bpe_from_json(tokenizer_json.dumps(model))
    assert back.merges == model.merges and back.attach_end_of_word
    assert back.encode("lowest") == model.encode("lowest")


def test_bpe_from_tokenizer_json_errors() -> None:
    with pytest.raises(ParameterError, match="not valid JSON"):
        tokenizer_json.bpe_from_json("{")
    with pytest.raises(ParameterError, match="WordPiece model, not a BPE"):
        tokenizer_json.bpe_from_json(tokenizer_json.dumps(WordPiece(["a"])))


# --------------------------------------------------------------------------------------
# WordPiece
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wp_model(split: tuple[Corpus, list[str]]) -> WordPiece:
    return wordpiece.learn(split[0], 1200, top_k=1, history_limit=1).model


def test_wordpiece_agrees_on_held_out_words(
    split: tuple[Corpus, list[str]], wp_model: WordPiece
) -> None:
    theirs = _theirs(tokenizer_json.dumps(wp_model))
    words = [*split[1], "x" * 100, "x" * 101, "é" * 60]
    unk = 0
    for word in words:
        ours = wp_model.encode(word)
        assert _tokens(theirs, word) == ours, word
        unk += ours == ["[UNK]"]
    assert unk >= len(UNSEEN)
    assert wp_model.encode("x" * 101) == ["[UNK]"]


def test_wordpiece_round_trip(wp_model: WordPiece) -> None:
    back = tokenizer_json.wordpiece_from_json(tokenizer_json.dumps(wp_model))
    # The same model as through vocab.txt: [UNK] is added at id 0.
    assert back == WordPiece.from_vocab_text(wp_model.to_vocab_text())
    assert back.vocab[0] == "[UNK]" and back.vocab[1:] == wp_model.vocab
    for word in ["hello", "naïve", "tokenizers"]:
        assert back.encode(word) == wp_model.encode(word)
    custom = WordPiece(["[UNK]", "a", "++b"], prefix="++", max_input_chars_per_word=7)
    assert tokenizer_json.wordpiece_from_json(tokenizer_json.dumps(custom)) == custom


def test_wordpiece_leftover_mode_is_refused() -> None:
    model = wordpiece.from_bpe_vocabulary("lowe_", [("l", "o")])
    with pytest.raises(ParameterError, match="leftover"):
        tokenizer_json.dumps(model)


# --------------------------------------------------------------------------------------
# Unigram
# --------------------------------------------------------------------------------------


def _fuse_unknown(model: Unigram, pieces: list[str]) -> list[str]:
    """Our tokens with neighbouring unknown characters glued, as tokenizers does."""
    out: list[str] = []
    previous_unknown = False
    for piece in pieces:
        unknown = piece not in model.scores
        if unknown and previous_unknown:
            out[-1] += piece
        else:
            out.append(piece)
        previous_unknown = unknown
    return out


def _float32_tie(model: Unigram, ours: list[str], theirs: list[str]) -> bool:
    """Whether two segmentations of known pieces are a near tie that the arithmetics break
    apart: ours the best when added in float32, as sentencepiece (and
    :meth:`Unigram.encode`) adds, theirs the best in float64, as ``tokenizers`` adds, and
    the two apart by no more than float32's rounding (runs of one character, "-" × 16).

    >>> m = Unigram([("a", -1.0), ("aa", -2.0)])
    >>> _float32_tie(m, ["aa"], ["a", "a"]), _float32_tie(m, ["a"], ["aa"])
    (True, False)
    """
    if any(p not in model.scores for p in (*ours, *theirs)):
        return False

    def f32(x: float) -> float:
        return struct.unpack("<f", struct.pack("<f", x))[0]

    def score32(pieces: list[str]) -> float:
        total = 0.0
        for piece in pieces:
            total = f32(total + f32(model.scores[piece]))
        return total

    def score64(pieces: list[str]) -> float:
        return sum(model.scores[p] for p in pieces)

    # each is the best in its own arithmetic, and they differ by float32 rounding only
    # (about 6e-8 of the running total per piece added)
    rounding = 1.2e-7 * (len(ours) + len(theirs)) * abs(score64(ours))
    return (
        "".join(ours) == "".join(theirs)
        and score32(ours) >= score32(theirs)
        and score64(theirs) >= score64(ours)
        and score64(theirs) - score64(ours) <= rounding
    )


@pytest.mark.parametrize("word_start", ["", "▁"])
def test_unigram_agrees_on_held_out_words(split: tuple[Corpus, list[str]], word_start: str) -> None:
    model = unigram.learn(split[0], 1000, word_start=word_start).model
    assert model.word_start == word_start
    theirs = _theirs(tokenizer_json.dumps(model))
    fused = 0
    for word in split[1]:
        ours = model.tokenize(word)
        assert ours == model.encode(word_start + word)
        expected = _fuse_unknown(model, ours)
        fused += expected != ours
        got = _tokens(theirs, word)
        if got != expected and _float32_tie(model, expected, got):
            continue  # a near tie, broken in float32 here (sentencepiece) and float64 there
        assert got == expected, word
    assert fused >= 2  # "日本語" and "q日本x"
    # The difference spelled out: one token per unknown character here, one per run there.
    assert model.tokenize("日本語")[-3:] == ["日", "本", "語"]
    assert _tokens(theirs, "日本語")[-1] == "日本語"


def test_unigram_unknown_piece_never_matches_text(split: tuple[Corpus, list[str]]) -> None:
    model = Unigram([("<", -2.0), ("u", -2.0), ("n", -2.0), ("k", -2.0), (">", -2.0)])
    theirs = _theirs(tokenizer_json.dumps(model))
    assert _tokens(theirs, "<unk>") == model.encode("<unk>") == list("<unk>")
    assert UNIGRAM_UNK_PIECE.endswith(" ")


def test_unigram_higher_penalty_is_expressed() -> None:
    model = Unigram([("ab", -1.0), ("a", -3.0), ("b", -3.0), ("c", -30.0)], unk_penalty=25.0)
    # "xab" ... with penalty 25 the unknown 'x' scores -55.
    theirs = _theirs(tokenizer_json.dumps(model))
    for word in ["xab", "abx", "cxc", "axb"]:
        assert _tokens(theirs, word) == _fuse_unknown(model, model.encode(word)), word
    back = tokenizer_json.unigram_from_json(tokenizer_json.dumps(model))
    assert back.unk_penalty == pytest.approx(25.0) and back.pieces == model.pieces
    with pytest.raises(ParameterError, match="10"):
        tokenizer_json.dumps(Unigram([("a", -1.0)], unk_penalty=5.0))
    with pytest.raises(ParameterError, match="one character"):
        tokenizer_json.dumps(Unigram([("a", -1.0)], word_start="__"))


@pytest.mark.parametrize("word_start", ["", "▁"])
def test_unigram_round_trip(word_start: str) -> None:
    model = unigram.learn(
        {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9, word_start=word_start
    ).model
    assert tokenizer_json.unigram_from_json(tokenizer_json.dumps(model)) == model


def test_unigram_vocab_text_and_tokenizer_json_agree(split: tuple[Corpus, list[str]]) -> None:
    model = unigram.learn(split[0], 400, word_start="▁").model
    via_vocab = Unigram.from_vocab_text(model.to_vocab_text())
    via_json = tokenizer_json.unigram_from_json(tokenizer_json.dumps(via_vocab))
    assert via_json == via_vocab
    for word in split[1][:500]:
        assert via_json.tokenize(word) == model.tokenize(word)
