"""Fuzzing the unigram LM (:mod:`subword_core.unigram`) with arbitrary input.

Whatever comes in, a public function returns a result or raises a documented
``SubwordError`` with a message; never another exception. Where it returns, the invariants
hold: a segmentation spells the word; Viterbi, the lattice, n-best, the full enumeration and
sampling agree with each other; the likelihood of maximum-likelihood EM never goes down;
replaying the prunings gives the final vocabulary; the ``.vocab`` text and
``tokenizer.json`` round trips give the same model.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from subword_core import unigram
from subword_core.errors import SubwordError
from subword_core.formats import tokenizer_json
from subword_core.text.normalize import NORMALIZATIONS, normalize_chars, sentencepiece_text
from subword_core.unigram import PruneStep, SeedStep, Unigram, UnigramResult
from tests.core.fuzz_support import (
    FUZZ,
    FUZZ_SLOW,
    anything,
    clean_words,
    corpora,
    documented,
    small_corpora,
    texts,
)
from ui.app.limits import em_iterations_within

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.unigram.learn": ("test_learn", "test_learn_small"),
    "subword_core.unigram.UnigramResult": ("test_learn", "test_learn_small"),
    "subword_core.unigram.UnigramResult.vocab_at": ("test_learn_small",),
    "subword_core.unigram.UnigramResult.log_likelihoods": ("test_learn_small",),
    "subword_core.unigram.SeedStep": ("test_learn_small",),
    "subword_core.unigram.EMStep": ("test_learn_small",),
    "subword_core.unigram.EMStep.gain": ("test_learn_small",),
    "subword_core.unigram.PruneStep": ("test_learn_small",),
    "subword_core.unigram.PruneStep.cut_loss": ("test_learn_small",),
    "subword_core.unigram.PieceLoss": ("test_learn_small",),
    "subword_core.unigram.PieceStat": ("test_learn_small",),
    "subword_core.unigram.PieceStat.prob": ("test_learn_small",),
    "subword_core.unigram.Unigram": ("test_model_from_pieces",),
    "subword_core.unigram.Unigram.encode": ("test_decoding_agrees",),
    "subword_core.unigram.Unigram.lattice": ("test_decoding_agrees",),
    "subword_core.unigram.Lattice": ("test_decoding_agrees",),
    "subword_core.unigram.Lattice.best_pieces": ("test_decoding_agrees",),
    "subword_core.unigram.LatticeNode": ("test_decoding_agrees",),
    "subword_core.unigram.Unigram.score": ("test_decoding_agrees", "test_score_any_pieces"),
    "subword_core.unigram.Unigram.word_log_prob": ("test_decoding_agrees",),
    "subword_core.unigram.Unigram.count_segmentations": ("test_decoding_agrees",),
    "subword_core.unigram.Unigram.segmentations": ("test_decoding_agrees",),
    "subword_core.unigram.Unigram.nbest": ("test_decoding_agrees",),
    "subword_core.unigram.Segmentation": ("test_decoding_agrees",),
    "subword_core.unigram.Segmentation.prob": ("test_decoding_agrees",),
    "subword_core.unigram.Segmentation.length": ("test_decoding_agrees",),
    "subword_core.unigram.Segmentation.penalised": ("test_decoding_agrees",),
    "subword_core.unigram.length_penalised_score": ("test_length_penalised_score",),
    "subword_core.unigram.Unigram.sample": ("test_sampling",),
    "subword_core.unigram.Unigram.sample_many": ("test_sampling",),
    "subword_core.unigram.Unigram.tokenize": ("test_tokenize",),
    "subword_core.text.normalize.normalize_chars": ("test_normalize",),
    "subword_core.text.normalize.sentencepiece_text": ("test_normalize", "test_tokenize"),
    "subword_core.unigram.read_vocab": ("test_read_vocab",),
    "subword_core.unigram.Unigram.from_vocab_text": ("test_read_vocab", "test_round_trips"),
    "subword_core.unigram.Unigram.from_vocab_file": ("test_vocab_file",),
    "subword_core.unigram.Unigram.to_vocab_text": ("test_round_trips",),
    "subword_core.unigram.lattice_edges": ("test_em_work_budget",),
    # the stages learn and the decoding methods run (traced: each test below reaches them)
    "subword_core.unigram.decode.count_segmentations": ("test_decoding_agrees", "test_sampling"),
    "subword_core.unigram.decode.segmentations": ("test_decoding_agrees",),
    "subword_core.unigram.decode.nbest": ("test_decoding_agrees",),
    "subword_core.unigram.decode.sample_many": ("test_sampling",),
    "subword_core.unigram.seed.seed_vocabulary": ("test_learn", "test_learn_small"),
    "subword_core.unigram.em.e_step": ("test_learn", "test_learn_small"),
    "subword_core.unigram.em.m_step": ("test_learn", "test_learn_small"),
    "subword_core.unigram.em.log_likelihood": ("test_learn", "test_learn_small"),
    "subword_core.unigram.loss.removal_losses": ("test_learn_small",),
    "subword_core.unigram.prune.prune_round": ("test_learn_small",),
    "subword_core.unigram.prune.settle": ("test_learn_small",),
}

scores = st.floats(-30, 0, allow_nan=False).map(lambda s: round(s, 3))
#: Valid pieces (non-empty, distinct) with finite scores.
piece_lists = st.dictionaries(texts(3, min_pieces=1), scores, min_size=1, max_size=12).map(
    lambda d: list(d.items())
)
#: Models over a small alphabet, so that words have many segmentations.
ab_models = st.dictionaries(st.text("ab", min_size=1, max_size=3), scores, min_size=1).map(
    lambda d: Unigram(list(d.items()))
)
models = st.one_of(ab_models, piece_lists.map(Unigram))
probe_words = st.one_of(st.text("abc", max_size=7), texts(6))


def _spells(pieces: list[str] | tuple[str, ...], word: str) -> bool:
    return "".join(pieces) == word


@example({"0": 1}, 1, 1, None, 1, 0.5, 1, "")  # seed_vocab=1 was a TypeError
@FUZZ_SLOW
@given(
    st.one_of(corpora, texts(20)),
    anything(st.integers(1, 40)),
    st.one_of(st.none(), st.lists(clean_words, max_size=5), texts(4), anything()),
    anything(st.sampled_from([None, 5, 50])),
    anything(st.integers(1, 6)),
    anything(st.sampled_from([0.5, 0.75])),
    anything(st.integers(1, 3)),
    st.one_of(st.sampled_from(["", "▁", "_"]), texts(2)),
)
def test_learn(
    corpus: object,
    vocab_size: object,
    seed_vocab: object,
    seed_size: object,
    max_len: object,
    shrink: object,
    em: object,
    word_start: str,
) -> None:
    try:
        result = unigram.learn(
            corpus,  # type: ignore[arg-type]
            vocab_size,  # type: ignore[arg-type]
            seed_vocab=seed_vocab,  # type: ignore[arg-type]
            seed_size=seed_size,  # type: ignore[arg-type]
            max_piece_length=max_len,  # type: ignore[arg-type]
            shrinking_factor=shrink,  # type: ignore[arg-type]
            em_iterations=em,  # type: ignore[arg-type]
            word_start=word_start,
        )
    except Exception as exc:  # the point: which exceptions escape
        assert documented(exc), repr(exc)
        return
    _check_result(result)


@FUZZ_SLOW
@given(
    small_corpora,
    st.integers(1, 12),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["", "▁"]),
    st.integers(0, 3),
)
@example({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9, True, False, "", 2)
@example({"a": 1, "ab": 1, "abbab": 1}, 1, False, False, "", 0)
def test_learn_small(
    corpus: dict[str, int],
    vocab_size: int,
    keep_chars: bool,
    digamma: bool,
    word_start: str,
    boundary: int,
) -> None:
    try:
        result = unigram.learn(
            corpus,
            vocab_size,
            keep_single_chars=keep_chars,
            digamma=digamma,
            word_start=word_start,
            top_k=3,
            boundary=boundary,
        )
    except Exception as exc:
        assert documented(exc), repr(exc)
        assert keep_chars and "different characters" in str(exc)
        return
    _check_result(result)
    if result.stop_reason == "vocab_size":
        assert len(result.pieces) == vocab_size
    lls = result.log_likelihoods
    assert len(lls) == len(result.steps)
    for step in result.steps:
        if step.kind == "em":
            assert step.number >= 2
            # maximum likelihood EM never lowers the likelihood; with pruned characters the
            # unknown score (lowest score - 10) moves with the others, so no guarantee then
            if keep_chars and not digamma:
                assert step.gain >= -1e-9 * (1 + abs(step.log_likelihood_before))
            assert all(0 <= s.prob <= 1 + 1e-9 or digamma for s in step.pieces)
        elif isinstance(step, PruneStep):
            assert step.vocab_after == step.vocab_before - len(step.removed)
            kept, gone = step.cut_loss
            if kept is not None and gone is not None:
                assert kept >= gone
            assert all(row.kept == (row.rank <= step.kept_candidates) for row in step.losses)


def _check_result(result: UnigramResult) -> None:
    assert isinstance(result.steps[0], SeedStep)
    assert all(math.isfinite(s) for _, s in result.pieces)
    # replay: the seed minus every pruned piece is the final vocabulary
    final = result.vocab_at(len(result.steps))
    assert sorted(final) == sorted(p for p, _ in result.pieces)
    assert result.vocab_at(0) == list(result.seed_pieces)
    for word in result.corpus.words[:4]:
        full = result.word_start + word
        tokens = result.model.encode(full)
        assert _spells(tokens, full)
        assert result.model.tokenize(word) == tokens


@FUZZ
@given(st.one_of(piece_lists, st.lists(st.tuples(anything(), anything()), max_size=3), texts(3)))
@example([("a", math.inf)])
@example([("a", -1.0), ("a", -2.0)])
@example([])
def test_model_from_pieces(pieces: object) -> None:
    try:
        model = Unigram(pieces)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert len(model) == len(model.pieces) >= 1
    assert all(p in model for p, _ in model.pieces)


@FUZZ
@given(models, probe_words)
@example(Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("ug", -2.4), ("pu", -2.5)]), "pug")
@example(Unigram([("a", -1.0)]), "")
def test_decoding_agrees(model: Unigram, word: str) -> None:
    tokens = model.encode(word)
    assert _spells(tokens, word)
    lattice = model.lattice(word)
    assert lattice.best_pieces == tokens
    assert all(lattice.nodes[i].on_best_path for i in lattice.best_path)
    assert math.isclose(model.score(tokens), lattice.best_score, abs_tol=1e-9)
    log_z = model.word_log_prob(word)
    assert math.isclose(log_z, lattice.log_z, abs_tol=1e-9)
    assert lattice.best_score <= log_z + 1e-9
    assert model.nbest(word, 1)[0].pieces == tuple(tokens)
    # k >= 2 is sentencepiece's A* search in float32: its order among float32 ties is
    # sentencepiece's heap order (tests/core/test_unigram_sp_parity.py)
    best = model.nbest(word, 4)
    assert math.isclose(best[0].log_prob, lattice.best_score, rel_tol=1e-6, abs_tol=1e-4)
    assert all(_spells(s.pieces, word) for s in best)
    assert all(a.log_prob >= b.log_prob - 1e-4 for a, b in itertools.pairwise(best))
    assert len({s.pieces for s in best}) == len(best)
    count = model.count_segmentations(word)
    assert len(best) == min(4, count)
    if count <= 200:
        every = model.segmentations(word)
        assert len(every) == count
        assert every[0].pieces == tuple(tokens)
        assert math.isclose(sum(s.share for s in every), 1.0, rel_tol=1e-6)
        assert [s.log_prob for s in every[: len(best)]] == [
            pytest.approx(s.log_prob, rel=1e-6, abs=1e-4) for s in best
        ]
        assert all(s.length == len(s.pieces) and s.prob >= 0 for s in every)
        if word:
            assert every[0].penalised(0.0) == every[0].log_prob
    else:
        try:
            model.segmentations(word, limit=200)
        except Exception as exc:
            assert documented(exc), repr(exc)
        else:
            raise AssertionError("more segmentations than the limit, yet no error")


@FUZZ
@given(models, probe_words, anything(st.integers(1, 5)), anything(), anything())
def test_bad_decoding_arguments(
    model: Unigram, word: str, k: object, alpha: object, limit: object
) -> None:
    for call in (
        lambda: model.nbest(word, k),  # type: ignore[arg-type]
        lambda: model.segmentations(word, alpha=alpha, limit=limit),  # type: ignore[arg-type]
        lambda: model.sample(word, alpha, random.Random(0)),  # type: ignore[arg-type]
    ):
        try:
            call()
        except Exception as exc:
            assert documented(exc), repr(exc)


@FUZZ
@given(models, st.lists(texts(2), max_size=4))
def test_score_any_pieces(model: Unigram, pieces: list[str]) -> None:
    try:
        total = model.score(pieces)
    except Exception as exc:
        assert documented(exc), repr(exc)
        assert any(p not in model and len(p) != 1 for p in pieces)
        return
    assert total <= 0 or any(s > 0 for _, s in model.pieces)


@FUZZ
@given(
    st.floats(allow_nan=True),
    anything(st.integers(1, 5)),
    anything(st.floats(0, 3)),
)
@example(0.0, None, None)  # was a TypeError
@example(-1.0, 3, 647)  # 3 ** 647 was an OverflowError
@example(-1.0, 3, 2**70)  # 3 ** 2 ** 70 as an int never finished (and ate gigabytes)
def test_length_penalised_score(log_prob: float, length: object, lam: object) -> None:
    try:
        value = unigram.length_penalised_score(log_prob, length, lam)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    if lam == 0 and math.isfinite(log_prob):
        assert value == log_prob


@FUZZ
@given(
    models,
    probe_words,
    anything(st.floats(0.1, 2)),
    st.integers(0, 2**32),
    anything(st.integers(1, 8)),
)
@example(Unigram([("a", -1.0), ("aa", -1.0)]), "aaa", 0.5, 1, 4)
def test_sampling(model: Unigram, word: str, alpha: object, seed: int, n: object) -> None:
    assume(not isinstance(n, int) or n < 50)  # n is a loop count: huge is slow, not wrong
    try:
        draws = model.sample_many(word, alpha, random.Random(seed), n)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert len(draws) == n
    vocab = set(model.scores)
    for draw in draws:
        assert _spells(draw, word)
        assert all(p in vocab or len(p) == 1 for p in draw)
    # the same seed replays the same draws
    assert draws == model.sample_many(word, alpha, random.Random(seed), n)  # type: ignore[arg-type]
    assert draws[0] == model.sample(word, alpha, random.Random(seed))  # type: ignore[arg-type]
    if model.count_segmentations(word) == 1:
        assert all(d == model.encode(word) for d in draws)


@FUZZ
@given(models, texts(10), st.sampled_from(["", "▁", "_"]))
def test_tokenize(model: Unigram, text: str, word_start: str) -> None:
    model = Unigram(model.pieces, word_start=word_start)
    tokens = model.tokenize(text)
    if word_start:  # sentencepiece's string: spaces (U+0020 only) become the marker
        assert "".join(tokens) == sentencepiece_text(text, "none", marker=word_start)
    else:
        assert "".join(tokens) == "".join(text.split())


@FUZZ
@given(texts(12), st.sampled_from([*NORMALIZATIONS, "NFKC", ""]))
def test_normalize(text: str, rule: str) -> None:
    """Any text, any rule name: a string (the marker's rules hold) or a ParameterError."""
    try:
        chars = normalize_chars(text, rule)
        marked = sentencepiece_text(text, rule)
    except SubwordError as err:
        assert rule not in NORMALIZATIONS and documented(err)
        return
    assert rule in NORMALIZATIONS
    assert marked == "" or (marked.startswith("▁") and not marked.endswith("▁"))
    assert " " not in marked
    bare = sentencepiece_text(text, rule, marker="")
    assert "  " not in bare and bare == bare.strip(" ")
    assert bare.replace(" ", "") == chars.replace(" ", "")
    if rule == "none":
        assert chars == text


vocab_lines = st.one_of(
    st.tuples(texts(3), st.sampled_from(["\t", " ", "  ", ""]), scores.map(repr)).map("".join),
    st.tuples(texts(3), st.sampled_from(["\t", " "]), texts(3)).map("".join),
    texts(6),
)


@FUZZ
@given(
    st.lists(vocab_lines, max_size=6).map("\n".join),
    st.one_of(st.just(unigram.SENTENCEPIECE_SPECIALS), st.lists(texts(2), max_size=2)),
)
@example("<unk>\t0\n▁a\t-1.5\nb\t-2", unigram.SENTENCEPIECE_SPECIALS)
@example("a\tnan", ())
@example("a\t1e999", ())
def test_read_vocab(text: str, skip: tuple[str, ...]) -> None:
    try:
        pieces = unigram.read_vocab(text, skip=skip)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert pieces and all(p and p not in skip and math.isfinite(s) for p, s in pieces)
    model = Unigram.from_vocab_text(text, skip=skip)
    assert list(model.pieces) == pieces


@FUZZ
@given(anything())
def test_read_vocab_wrong_types(text: object) -> None:
    try:
        unigram.read_vocab(text)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)


@FUZZ
@given(
    st.one_of(piece_lists, ab_models.map(lambda m: list(m.pieces))),
    st.sampled_from(["", "▁", "_"]),
    st.floats(10, 40).map(lambda p: round(p, 2)),
    st.lists(probe_words, max_size=3),
)
@example([("a", -1.0), ("b", -2.0)], "▁", 10.0, ["ab"])
@example([("a", -1.0)], "", 10.1, ["b"])
@example([("\r", 0.0)], "", 10.0, [])  # was written as a broken .vocab line
@example([("0", 0.0), ("\r0", 0.0)], "", 10.0, [])
def test_round_trips(
    pieces: list[tuple[str, float]], word_start: str, penalty: float, probe: list[str]
) -> None:
    model = Unigram(pieces, unk_penalty=penalty, word_start=word_start)
    try:
        text = model.to_vocab_text()
    except Exception as exc:
        assert documented(exc), repr(exc)
        # only a piece with a line break cannot be written as one line
        assert any(p.splitlines() != [p] for p, _ in pieces)
    else:
        back = Unigram.from_vocab_text(text, skip=(), unk_penalty=penalty, word_start=word_start)
        assert back.scores == model.scores
        assert back == Unigram(sorted(model.pieces, key=lambda ps: -ps[1]), penalty, word_start)
    try:
        doc = tokenizer_json.dumps(model)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    again = tokenizer_json.unigram_from_json(doc)
    assert again.scores == model.scores
    assert again.word_start == model.word_start
    for word in probe:
        assert again.encode(word) == model.encode(word)
        assert again.tokenize(word) == model.tokenize(word)


@FUZZ_SLOW
@given(st.binary(max_size=40), piece_lists)
@example(b"a\t-1\n\xff", [("a", -1.0)])  # not UTF-8: was a bare UnicodeDecodeError
def test_vocab_file(data: bytes, pieces: list[tuple[str, float]]) -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.vocab"
        path.write_bytes(data)
        try:
            Unigram.from_vocab_file(path)
        except Exception as exc:
            assert documented(exc), repr(exc)
        model = Unigram(pieces)
        try:
            path.write_text(model.to_vocab_text(), encoding="utf-8")
        except Exception as exc:
            assert documented(exc), repr(exc)
            return
        assert Unigram.from_vocab_file(path, skip=()).scores == model.scores


@FUZZ
@given(
    st.lists(st.text(max_size=12), max_size=6),
    st.integers(-3, 15),
    st.integers(0, 10**7),
    st.integers(-3, 40),
)
def test_em_work_budget(words: list[str], max_len: int, budget: int, asked: int) -> None:
    """The cost of one EM iteration (core) and the page's budget that divides it (UI policy,
    :func:`ui.app.limits.em_iterations_within`)."""
    edges = unigram.lattice_edges(words, max_len)
    # every (start, length) with 1 <= length <= max_len that fits in a word: one edge
    assert edges == sum(
        1 for w in words for i in range(len(w)) for n in range(1, max_len + 1) if i + n <= len(w)
    )
    runs = em_iterations_within(budget, edges, asked)
    assert 1 <= runs <= max(1, asked)
    assert runs == 1 or runs * edges <= budget  # more than one only when it fits the budget
    if edges and asked >= 1 and asked * edges <= budget:
        assert runs == asked  # a corpus within the budget gets every iteration asked for
