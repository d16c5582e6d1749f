"""Unigram LM: seed 001's numbers, brute-force references for every lattice algorithm,
EM and pruning invariants, sampling frequencies, bad input.

The references here enumerate segmentations with a few lines of recursion over the word, so
they share no code with the lattice implementation they check.
"""

from __future__ import annotations

import math
import random
import sys
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import subword_core.unigram as unigram
import subword_core.unigram.loss as unigram_loss
import subword_core.unigram.prune as unigram_prune
from subword_core.errors import ParameterError
from subword_core.text.corpus import Corpus
from subword_core.text.examples import example_text
from subword_core.unigram import (
    EMStep,
    PruneStep,
    SeedStep,
    Unigram,
    learn,
    length_penalised_score,
    read_vocab,
)
from subword_core.unigram.long_words import _LongWord, long_word
from subword_core.unigram.seed import seed_vocabulary
from tests.budget import examples
from tests.core.doctests import failed_doctests, modules_of

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
SEED_001 = ["h", "u", "g", "hu", "ug", "p", "pu", "n", "un", "b", "bu", "s", "hug", "gs", "ugs"]
# Seed 001's table of counts (each token's occurrences in the five words, by word count).
SEED_001_COUNTS = {
    "h": 15,
    "u": 36,
    "g": 20,
    "hu": 15,
    "ug": 20,
    "p": 17,
    "pu": 17,
    "n": 16,
    "un": 16,
    "b": 4,
    "bu": 4,
    "s": 5,
    "hug": 15,
    "gs": 5,
    "ugs": 5,
}


def test_doctests() -> None:
    names = {m.__name__ for m in modules_of(unigram)}
    assert {f"subword_core.unigram.{n}" for n in ("seed", "em", "loss", "prune")} <= names
    assert failed_doctests(unigram) == {}


def patch_constant(mp: pytest.MonkeyPatch, name: str, value: object) -> None:
    """Set a module constant (``_TINY``, ``_LOSS_WINDOW``) in every stage module using it."""
    patched = [m for m in modules_of(unigram) if hasattr(m, name)]
    assert patched, name
    for module in patched:
        mp.setattr(module, name, value)


# --- an independent reference -----------------------------------------------------------


def brute(word: str, scores: dict[str, float], unk: float) -> list[tuple[tuple[str, ...], float]]:
    """Every segmentation of ``word`` with its log-probability, by plain recursion.

    A position whose character is not a piece may be covered by that character alone,
    scored ``unk`` (sentencepiece's unknown node). Scores are added left to right, the order
    a left-to-right dynamic programme adds them, so exact ties stay exact.
    """

    def rec(rest: str) -> Iterator[tuple[str, ...]]:
        if not rest:
            yield ()
            return
        for cut in range(1, len(rest) + 1):
            head = rest[:cut]
            if head in scores or cut == 1:
                for tail in rec(rest[cut:]):
                    yield (head, *tail)

    out = []
    for pieces in rec(word):
        total = 0.0
        for p in pieces:
            total += scores.get(p, unk)
        out.append((pieces, total))
    return out


def tie_key(pieces: tuple[str, ...]) -> tuple[int, ...]:
    """The documented tie rule: compare start positions from the right, smaller first."""
    starts, pos = [], 0
    for p in pieces:
        starts.append(pos)
        pos += len(p)
    return tuple(reversed(starts))


def log_sum(values: list[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def seed_model() -> Unigram:
    return Unigram([(p, math.log(c / 210)) for p, c in SEED_001_COUNTS.items()])


# --- seed 001 ---------------------------------------------------------------------------


def test_seed_001_counts_and_total() -> None:
    step = learn(HUG, 7, seed_vocab=SEED_001).steps[0]
    assert isinstance(step, SeedStep)
    assert step.source == "given"
    assert step.total_count == 210
    assert {s.piece: s.count for s in step.pieces} == SEED_001_COUNTS
    assert [s.piece for s in step.pieces] == SEED_001  # the seed's order is kept
    assert step.added_characters == () and step.absent == ()
    ug = next(s for s in step.pieces if s.piece == "ug")
    assert ug.prob == pytest.approx(20 / 210)


def test_seed_001_pug_probabilities() -> None:
    segs = {s.pieces: s for s in seed_model().segmentations("pug")}
    assert set(segs) == {("p", "ug"), ("pu", "g"), ("p", "u", "g")}
    assert round(segs[("pu", "g")].prob, 5) == 0.00771
    assert segs[("pu", "g")].prob == pytest.approx(17 / 210 * 20 / 210)
    assert round(segs[("p", "u", "g")].prob, 5) == 0.00132
    assert segs[("p", "u", "g")].prob == pytest.approx(17 / 210 * 36 / 210 * 20 / 210)
    # the seed printed 5/210 for p and pu: numbers the model does not give
    assert segs[("pu", "g")].prob != pytest.approx(0.0022676, abs=1e-6)
    assert segs[("p", "u", "g")].prob != pytest.approx(0.000389, abs=1e-6)
    # p + ug ties exactly with pu + g; the shares of the three add up to 1
    assert segs[("p", "ug")].log_prob == segs[("pu", "g")].log_prob
    assert sum(s.share for s in segs.values()) == pytest.approx(1.0)


def test_seed_001_ties_follow_the_longest_last_piece() -> None:
    model = seed_model()
    # every word but hug has several equally probable best segmentations
    assert model.encode("hug") == ["hug"]
    assert model.encode("pug") == ["p", "ug"]  # tied with pu + g (the seed's table)
    assert model.encode("pun") == ["p", "un"]  # tied with pu + n
    assert model.encode("hugs") == ["h", "ugs"]  # tied with hug + s and hu + gs
    best = model.nbest("hugs", 3)
    assert {s.pieces for s in best} == {("h", "ugs"), ("hu", "gs"), ("hug", "s")}
    assert len({s.log_prob for s in best}) == 1


def test_seed_001_training_words_probabilities() -> None:
    """The seed's list of word probabilities, e.g. p(pun) = 17/210 x 16/210."""
    model = seed_model()
    expected = {"hug": 15 / 210, "pug": 17 * 20 / 210**2, "pun": 17 * 16 / 210**2}
    expected |= {"bun": 4 * 16 / 210**2, "hugs": 15 * 5 / 210**2}
    for word, prob in expected.items():
        assert math.exp(model.lattice(word).best_score) == pytest.approx(prob)


# --- the model against brute force ------------------------------------------------------

ALPHABET = "abc"
pieces_strategy = st.dictionaries(
    st.text(ALPHABET, min_size=1, max_size=3),
    st.floats(-6.0, -0.1, allow_nan=False),
    min_size=1,
    max_size=12,
)
word_strategy = st.text(ALPHABET + "x", min_size=1, max_size=7)


@settings(max_examples=examples(150), deadline=None)
@given(pieces_strategy, word_strategy)
def test_viterbi_is_the_argmax_of_brute_force(scores: dict[str, float], word: str) -> None:
    model = Unigram(list(scores.items()))
    segs = brute(word, scores, model.unk_score)
    best = max(s for _, s in segs)
    # (segmentations equal up to float32 rounding, sentencepiece's arithmetic, are all fine
    # answers; see the exact test below)
    winners = {p for p, s in segs if math.isclose(s, best, rel_tol=1e-6, abs_tol=1e-6)}
    assert tuple(model.encode(word)) in winners
    assert model.lattice(word).best_score == pytest.approx(best, rel=1e-6)  # the path's sum


dyadic_pieces = st.dictionaries(
    st.text(ALPHABET, min_size=1, max_size=3),
    st.sampled_from([-0.5, -1.0, -1.5, -2.0, -3.0]),
    min_size=1,
    max_size=12,
)


@settings(max_examples=examples(150), deadline=None)
@given(dyadic_pieces, word_strategy, st.integers(1, 6))
def test_exact_ties_follow_the_documented_rule(scores: dict[str, float], word: str, k: int) -> None:
    """Scores that add up exactly in binary make ties exact: the rule then decides alone."""
    model = Unigram(list(scores.items()))
    segs = brute(word, scores, model.unk_score)
    ranked = sorted(segs, key=lambda ps: (-ps[1], tie_key(ps[0])))
    assert tuple(model.encode(word)) == ranked[0][0]
    assert [s.pieces for s in model.segmentations(word)] == [p for p, _ in ranked]
    # n-best follows sentencepiece's heap order among ties (tests/core/test_unigram_sp_parity):
    # the same scores rank by rank, and the same set unless a tie straddles the k-th place
    got = model.nbest(word, k)
    assert [s.log_prob for s in got] == [s for _, s in ranked[:k]]
    if k >= len(ranked) or ranked[k - 1][1] != ranked[k][1]:
        assert {s.pieces for s in got} == {p for p, _ in ranked[:k]}


@settings(max_examples=examples(150), deadline=None)
@given(pieces_strategy, word_strategy, st.integers(1, 8))
def test_nbest_equals_sorted_brute_force(scores: dict[str, float], word: str, k: int) -> None:
    model = Unigram(list(scores.items()))
    segs = brute(word, scores, model.unk_score)
    ranked = sorted(segs, key=lambda ps: (-ps[1], tie_key(ps[0])))
    got = model.nbest(word, k)
    assert len(got) == min(k, len(segs))
    # the same scores in the same order (up to float32 rounding: the n-best search adds in
    # float32, as sentencepiece does), and the same segmentations unless a near-tie
    # straddles the k-th place
    assert [s.log_prob for s in got] == pytest.approx([s for _, s in ranked[:k]], abs=1e-5)
    if k == 1:
        assert got[0].pieces == tuple(model.encode(word))
    if k < len(ranked) and not math.isclose(ranked[k - 1][1], ranked[k][1], abs_tol=1e-5):
        assert {s.pieces for s in got} == {p for p, _ in ranked[:k]}
    score = {p: s for p, s in segs}
    for s in got:
        assert s.log_prob == pytest.approx(score[s.pieces], rel=1e-12)


@settings(max_examples=examples(100), deadline=None)
@given(pieces_strategy, word_strategy)
def test_segmentations_and_lattice_sums(scores: dict[str, float], word: str) -> None:
    model = Unigram(list(scores.items()))
    segs = brute(word, scores, model.unk_score)
    listed = model.segmentations(word)
    assert sorted(s.pieces for s in listed) == sorted(p for p, _ in segs)
    assert model.count_segmentations(word) == len(segs)
    lat = model.lattice(word)
    log_z = log_sum([s for _, s in segs])
    assert lat.log_z == pytest.approx(log_z)
    assert sum(s.share for s in listed) == pytest.approx(1.0)
    # every node's posterior is the total share of the segmentations through it
    for node in lat.nodes:
        through = [
            s
            for p, s in segs
            if any(
                start == node.start and piece == node.piece
                for start, piece in zip(
                    [sum(len(x) for x in p[:i]) for i in range(len(p))], p, strict=True
                )
            )
        ]
        expected = math.exp(log_sum(through) - log_z) if through else 0.0
        assert node.posterior == pytest.approx(expected, abs=1e-9)
    assert [lat.nodes[i].piece for i in lat.best_path] == model.encode(word)


def test_segmentations_with_alpha_are_the_sampling_distribution() -> None:
    model = seed_model()
    plain = {s.pieces: s.prob for s in model.segmentations("hugs")}
    sharp = {s.pieces: s.share for s in model.segmentations("hugs", alpha=2.0)}
    norm = sum(p**2 for p in plain.values())
    for pieces, prob in plain.items():
        assert sharp[pieces] == pytest.approx(prob**2 / norm)


def test_unknown_characters_get_the_lowest_score_minus_ten() -> None:
    model = Unigram([("a", -1.0), ("b", -3.5), ("ab", -2.0)])
    assert model.unk_score == -13.5
    lat = model.lattice("axb")
    unknown = [n for n in lat.nodes if n.unknown]
    assert [(n.piece, n.start, n.score) for n in unknown] == [("x", 1, -13.5)]
    assert model.encode("axb") == ["a", "x", "b"]
    assert model.score(["a", "x", "b"]) == -1.0 - 13.5 - 3.5
    assert model.nbest("axb", 3)[0].unknown == (1,)


def test_a_long_word_with_one_segmentation() -> None:
    model = Unigram([("a", -1.0), ("b", -2.0)])
    word = "ab" * 1500  # deeper than Python's recursion limit
    only = model.segmentations(word)
    assert len(only) == 1 and len(only[0].pieces) == 3000
    assert only[0].log_prob == pytest.approx(-4500.0)
    assert len(model.sample(word, 0.5, random.Random(0))) == 3000


def test_empty_word() -> None:
    model = seed_model()
    assert model.encode("") == []
    assert [s.pieces for s in model.nbest("", 2)] == [()]
    assert model.count_segmentations("") == 1


# --- sampling --------------------------------------------------------------------------


@pytest.mark.parametrize("alpha", [0.2, 1.0, 3.0])
def test_sampling_frequencies_converge_to_the_exact_shares(alpha: float) -> None:
    model = Unigram(
        [("a", -1.2), ("b", -1.6), ("ab", -2.0), ("ba", -2.4), ("aba", -3.0), ("bab", -3.5)]
    )
    word = "ababa"
    exact = {s.pieces: s.share for s in model.segmentations(word, alpha=alpha)}
    n = 20_000
    drawn = Counter(tuple(s) for s in model.sample_many(word, alpha, random.Random(7), n))
    assert set(drawn) <= set(exact)
    tv = 0.5 * sum(abs(drawn[p] / n - q) for p, q in exact.items())
    assert tv < 0.02
    # chi-square over cells expected at least 5 times; 0.001 critical value, fixed seed
    cells = [(drawn[p], q * n) for p, q in exact.items() if q * n >= 5]
    chi2 = sum((o - e) ** 2 / e for o, e in cells)
    critical = {1: 10.8, 2: 13.8, 3: 16.3, 4: 18.5, 5: 20.5, 6: 22.5, 7: 24.3, 8: 26.1}
    assert chi2 < critical.get(len(cells) - 1, 40.0)


def test_sampling_is_replayable_and_needs_a_random_instance() -> None:
    model = seed_model()
    one = model.sample_many("hugs", 0.5, random.Random(3), 50)
    two = model.sample_many("hugs", 0.5, random.Random(3), 50)
    assert one == two
    assert model.sample("hugs", 0.5, random.Random(3)) == one[0]
    assert len({tuple(s) for s in one}) > 1
    with pytest.raises(ParameterError, match=r"random\.Random"):
        model.sample("hugs", 0.5, 42)  # type: ignore[arg-type]


@pytest.mark.parametrize("alpha", [0, -1.0, math.nan, math.inf])
def test_alpha_must_be_positive(alpha: float) -> None:
    with pytest.raises(ParameterError, match="alpha"):
        seed_model().sample("pug", alpha, random.Random(0))


# --- seed 000: n-best with a length penalty --------------------------------------------


def test_length_penalised_score() -> None:
    # two candidates: fewer pieces but less probable per piece, and the other way round
    short, long_ = (-6.0, 2), (-7.0, 4)
    assert length_penalised_score(*short, 0.0) > length_penalised_score(*long_, 0.0)
    assert length_penalised_score(*short, 1.0) == -3.0
    assert length_penalised_score(*long_, 1.0) == -1.75
    with pytest.raises(ParameterError):
        length_penalised_score(-1.0, 2, -0.5)


def test_nbest_needs_k_of_at_least_one() -> None:
    for k in (0, -3):
        with pytest.raises(ParameterError, match="at least 1"):
            seed_model().nbest("pug", k)


def test_a_word_too_long_to_enumerate() -> None:
    model = Unigram([("a", -1.0), ("aa", -1.0)])
    assert model.count_segmentations("a" * 30) == 1_346_269  # Fibonacci(31)
    with pytest.raises(ParameterError, match="1,346,269 different ways"):
        model.segmentations("a" * 30)
    assert len(model.nbest("a" * 30, 5)) == 5  # n-best still works


# --- .vocab files --------------------------------------------------------------------


def test_vocab_text_round_trip_and_specials() -> None:
    text = "<unk>\t0\n<s>\t0\n</s>\t0\n▁the\t-3.25\n▁a\t-4\n\nhe\t-5.5e0\n"
    model = Unigram.from_vocab_text(text)
    assert model.pieces == (("▁the", -3.25), ("▁a", -4.0), ("he", -5.5))
    assert model.word_start == "▁"
    again = Unigram.from_vocab_text(model.to_vocab_text())
    assert again.pieces == model.pieces
    assert model.tokenize("the he") == ["▁the", "▁", "he"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a\t-1\nb\n", "Line 2: “b” should be a piece, a TAB and a score"),
        ("a\t-1\nb\tminus two\n", "Line 2: the score “minus two” of “b” is not a number"),
        ("a\tnan\n", "Line 1: the score of “a” is nan"),
        ("a\t-1\na\t-2\n", "Line 2: the piece “a” is already listed on line 1"),
        ("<unk>\t0\n\n", "no pieces"),
        ("\t-1\n", "Line 1"),
    ],
)
def test_malformed_vocab_lines(text: str, message: str) -> None:
    with pytest.raises(ParameterError) as err:
        read_vocab(text)
    assert message in str(err.value)


def test_vocab_accepts_spaces_instead_of_a_tab() -> None:
    assert read_vocab("ab  -1.5\nc -2") == [("ab", -1.5), ("c", -2.0)]


@pytest.mark.parametrize(
    "pieces",
    [[], [("", -1.0)], [("a", -1.0), ("a", -2.0)], [("a", math.inf)], [("a", "x")], "ab"],
)
def test_bad_pieces(pieces: object) -> None:
    with pytest.raises(ParameterError):
        Unigram(pieces)  # type: ignore[arg-type]


# --- training: EM, losses, pruning ------------------------------------------------------

corpus_strategy = st.dictionaries(
    st.text("abcd", min_size=1, max_size=6), st.integers(1, 9), min_size=1, max_size=6
)


def ems(result: unigram.UnigramResult) -> list[EMStep]:
    return [s for s in result.steps if isinstance(s, EMStep)]


def prunes(result: unigram.UnigramResult) -> list[PruneStep]:
    return [s for s in result.steps if isinstance(s, PruneStep)]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus_strategy, st.integers(0, 6), st.integers(1, 3))
def test_em_never_decreases_the_likelihood(counts: dict[str, int], extra: int, iters: int) -> None:
    chars = len({c for w in counts for c in w})
    result = learn(counts, chars + extra, em_iterations=iters)
    for step in ems(result):
        # (rounding, and the 1e-10 floor on counts, allow a drop of about 1e-9 at most)
        slack = 1e-9 * abs(step.log_likelihood) + 1e-9
        assert step.log_likelihood >= step.log_likelihood_before - slack
    # the trace chains up: each step starts where the previous one ended
    lls = result.log_likelihoods
    for before, step in zip(lls, result.steps[1:], strict=False):
        start = step.log_likelihood_before
        assert start == pytest.approx(before, rel=1e-12, abs=1e-9)


def expected_counts(
    counts: dict[str, int], scores: dict[str, float]
) -> tuple[dict[str, float], float]:
    """E-step by enumeration: each segmentation weighted by its share, times the word count."""
    out: Counter[str] = Counter()
    ll = 0.0
    for word, n in counts.items():
        segs = brute(word, scores, -math.inf)
        log_z = log_sum([s for _, s in segs])
        ll += n * log_z
        for pieces, s in segs:
            for p in pieces:
                out[p] += n * math.exp(s - log_z)
    return dict(out), ll


@settings(max_examples=examples(40), deadline=None)
@given(corpus_strategy)
def test_first_e_step_matches_enumeration(counts: dict[str, int]) -> None:
    result = learn(counts, 10_000, top_k=10_000)  # no pruning: seed, then EM
    seed = result.steps[0]
    scores = {s.piece: s.log_prob for s in seed.pieces}
    assert len(scores) == seed.vocab_size  # small: every piece is listed
    expected, ll = expected_counts(counts, scores)
    first = ems(result)[0]
    assert first.log_likelihood_before == pytest.approx(ll)
    assert {s.piece: s.count for s in first.pieces} == pytest.approx(
        {p: expected.get(p, 0.0) for p in scores}, abs=1e-9
    )
    total = sum(expected.values())
    for stat in first.pieces:  # M-step: expected count / total (tiny counts are floored)
        assert stat.prob == pytest.approx(max(stat.count, 1e-10) / total, rel=1e-9)


def brute_losses(
    counts: dict[str, int], scores: dict[str, float], removable: set[str], unk: float
) -> dict[str, float]:
    """Loss of each piece: the likelihood drop when it is removed, by enumeration."""

    def ll(table: dict[str, float]) -> float:
        return sum(n * log_sum([s for _, s in brute(w, table, unk)]) for w, n in counts.items())

    full = ll(scores)
    out = {}
    for piece in removable:
        rest = {p: s for p, s in scores.items() if p != piece}
        out[piece] = full - ll(rest)
    return out


LOSS_CORPORA = [
    HUG,
    {"abab": 3, "ab": 5, "ba": 2, "aaaa": 2},  # pieces that fit twice in one word
    {"hello": 40, "help": 3, "hell": 2},  # near-certain whole-word pieces
    {"xyz": 1, "xyzxyz": 2, "zz": 3},
]


@pytest.mark.parametrize("counts", LOSS_CORPORA)
@pytest.mark.parametrize("keep_chars", [True, False])
def test_removal_losses_match_enumeration(counts: dict[str, int], keep_chars: bool) -> None:
    chars = len({c for w in counts for c in w})
    result = learn(counts, max(chars, 3), keep_single_chars=keep_chars, em_iterations=1, top_k=999)
    for prune in prunes(result):
        before = result.steps[prune.number - 2]
        assert isinstance(before, EMStep | SeedStep)
        vocab = result.vocab_at(prune.number - 1)
        scores = {s.piece: s.log_prob for s in before.pieces}
        assert set(scores) == set(vocab)
        removable = {p for p in vocab if len(p) > 1 or not keep_chars}
        unk = min(scores.values()) - unigram.UNK_PENALTY
        if keep_chars:
            expected = brute_losses(counts, scores, removable, unk)
        else:
            # a removed character leaves an unknown node in its place
            expected = {}
            for piece in removable:
                full = sum(
                    n * log_sum([s for _, s in brute(w, scores, unk)]) for w, n in counts.items()
                )
                rest = {p: s for p, s in scores.items() if p != piece}
                without = sum(
                    n * log_sum([s for _, s in brute(w, rest, unk)]) for w, n in counts.items()
                )
                expected[piece] = full - without
        got = {row.piece: row.loss for row in prune.losses}
        assert set(got) == removable
        for piece, loss in expected.items():
            assert got[piece] == pytest.approx(max(loss, 0.0), rel=1e-6, abs=1e-9), piece


@settings(max_examples=examples(40), deadline=None)
@given(corpus_strategy, st.integers(0, 8), st.sampled_from([0.5, 0.75, 0.9]))
def test_pruning_keeps_the_highest_losses(
    counts: dict[str, int], extra: int, factor: float
) -> None:
    chars = {c for w in counts for c in w}
    size = len(chars) + extra
    result = learn(counts, size, shrinking_factor=factor, top_k=10_000)
    assert len(result.pieces) == min(size, result.steps[0].vocab_size)
    for prune in prunes(result):
        assert prune.vocab_after == max(size, int(prune.vocab_before * factor))
        assert prune.vocab_before - prune.vocab_after == len(prune.removed)
        assert not chars & set(prune.removed)  # single characters are never pruned
        rows = prune.losses
        assert [r.rank for r in rows] == list(range(1, len(rows) + 1))  # small: all rows
        assert [r.kept for r in rows] == [r.rank <= prune.kept_candidates for r in rows]
        losses = [r.loss for r in rows]
        assert losses == sorted(losses, reverse=True)
        assert [r.piece for r in rows if not r.kept] == list(prune.removed)
    final = result.vocab_at(len(result.steps))
    assert sorted(final) == sorted(p for p, _ in result.pieces)
    assert chars <= set(final)
    assert math.fsum(math.exp(s) for _, s in result.pieces) == pytest.approx(1.0)


def test_trace_is_bounded_on_a_large_corpus() -> None:
    corpus = unigram._as_corpus(example_text("paragraph"))
    result = learn(corpus, 60, top_k=5, boundary=2)
    assert prunes(result)
    for step in result.steps:
        if isinstance(step, PruneStep):
            ranks = [r.rank for r in step.losses]
            assert len(ranks) <= 5 + 2 * 2
            assert set(range(1, 6)) <= set(ranks)
            cut = step.kept_candidates
            assert {cut - 1, cut, cut + 1, cut + 2} <= set(ranks)  # both sides of the cut
            assert step.losses_omitted == step.candidates - len(ranks)
        else:
            assert len(step.pieces) <= 5
            assert step.pieces_omitted == step.vocab_size - len(step.pieces)


def test_learning_is_deterministic_and_reaches_vocab_size() -> None:
    corpus = unigram._as_corpus(example_text("paragraph"))
    one, two = learn(corpus, 70), learn(corpus, 70)
    assert one.pieces == two.pieces
    assert len(one.pieces) == 70
    assert one.stop_reason == "vocab_size"
    assert ems(one)[-1].final
    for word in corpus.words:
        assert "".join(one.model.encode(word)) == word


def test_a_seed_smaller_than_the_vocabulary_is_not_pruned() -> None:
    result = learn(HUG, 100)
    assert result.stop_reason == "seed_small"
    assert not prunes(result)
    assert len(result.pieces) == result.steps[0].vocab_size


def test_given_seed_with_absent_pieces_and_missing_characters() -> None:
    result = learn(HUG, 7, seed_vocab=["hug", "zz", "ug", "q"])
    seed = result.steps[0]
    assert seed.absent == ("zz", "q")
    assert set(seed.added_characters) == {"h", "u", "g", "p", "n", "b", "s"}
    assert {s.piece for s in seed.pieces} == {"hug", "ug", *seed.added_characters}


def test_word_start_marker() -> None:
    result = learn(HUG, 12, word_start="▁")
    assert "▁" in dict(result.pieces)
    assert all(w.startswith("▁") for w in result.model.tokenize("hug pug")[:1])
    assert "".join(result.model.tokenize("bug hugs")) == "▁bug▁hugs"


def test_digamma_m_step() -> None:
    result = learn(HUG, 9, digamma=True)
    assert all(s.digamma for s in ems(result))
    # digamma(c) - digamma(total) < log(c / total): the probabilities sum to less than 1
    first = ems(learn(HUG, 100, digamma=True))[0]
    assert math.fsum(s.prob for s in first.pieces) < 1.0
    assert len(result.pieces) == 9


def test_pruned_characters_become_unknown() -> None:
    result = learn(HUG, 5, keep_single_chars=False)
    assert len(result.pieces) == 5
    model = result.model
    lat = model.lattice("bugs")
    assert any(n.unknown for n in lat.nodes)
    assert "".join(model.encode("bugs")) == "bugs"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"vocab_size": 5}, "has 7 different characters"),
        ({"vocab_size": 0}, "vocab_size must be a whole number"),
        ({"vocab_size": 9, "shrinking_factor": 1.0}, "between 0 and 1"),
        ({"vocab_size": 9, "shrinking_factor": 0}, "between 0 and 1"),
        ({"vocab_size": 9, "em_iterations": 0}, "em_iterations"),
        ({"vocab_size": 9, "max_piece_length": 0}, "max_piece_length"),
        ({"vocab_size": 9, "seed_vocab": ["hug", "hug"]}, "listed twice"),
        ({"vocab_size": 9, "seed_vocab": ["h g"]}, "without spaces"),
        ({"vocab_size": 9, "seed_vocab": []}, "empty"),
        ({"vocab_size": 9, "word_start": "a b"}, "without spaces"),
    ],
)
def test_bad_training_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        learn(HUG, **kwargs)  # type: ignore[arg-type]


def test_a_word_containing_the_word_start_marker_is_refused() -> None:
    corpus = {"hug": 10, "a\u2581b": 3}
    with pytest.raises(ParameterError, match="already contains the word-start marker"):
        learn(corpus, 9, word_start="\u2581")
    # Without the marker the same word is just text: it comes back as it was.
    model = learn(corpus, 9).model
    assert "".join(model.encode("a\u2581b")) == "a\u2581b"


def test_vocab_size_message_says_what_is_needed() -> None:
    with pytest.raises(ParameterError) as err:
        learn(Corpus.from_counts(HUG), 3)
    assert "needs at least 7 pieces (you asked for 3)" in str(err.value)


@pytest.mark.parametrize("keep_chars", [True, False])
def test_log_space_path_gives_the_same_training(
    monkeypatch: pytest.MonkeyPatch, keep_chars: bool
) -> None:
    """Very improbable words are redone in log space; force every word through it."""
    counts = {"abab": 3, "ab": 5, "ba": 2, "aaaa": 2, "hello": 40, "help": 3, "hell": 2}
    # no whole words in the seed, so no probabilities collapse into exact ties
    seed = ["ab", "ba", "aa", "he", "el", "ll", "lo", "lp", "hel", "ell"]
    size = 10 if keep_chars else 6
    fast = learn(counts, size, seed_vocab=seed, keep_single_chars=keep_chars, top_k=999)
    patch_constant(monkeypatch, "_TINY", 2.0)  # every word's probability is below this
    slow = learn(counts, size, seed_vocab=seed, keep_single_chars=keep_chars, top_k=999)
    assert dict(slow.pieces) == pytest.approx(dict(fast.pieces))
    assert len(prunes(fast)) >= 2
    for a, b in zip(prunes(fast), prunes(slow), strict=True):
        assert [r.piece for r in a.losses] == [r.piece for r in b.losses]
        assert [r.loss for r in a.losses] == pytest.approx([r.loss for r in b.losses], rel=1e-7)
    assert slow.log_likelihoods == pytest.approx(fast.log_likelihoods)


def test_bounded_losses_decide_like_exact_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pieces that fit several times in a word get bounds first and an exact loss only
    where the cut or a listed row needs it: the outcome must be the fully exact one."""
    text = example_text("paragraph") + " ".join(
        ["+-----+-----+-----+", "+--+--+", "====", "======", "__init__", "__main__", "__"]
        + ["banana", "bananas", "abababab", "mississippi", "aaaa-aaaa", "--x--x--"] * 3
    )
    corpus = unigram._as_corpus(text)
    left_alone: list[int] = []
    settle = unigram_prune.settle

    def spy(trainer: unigram._Trainer, loss: list[float], pending: object, cut: int) -> None:
        settle(trainer, loss, pending, cut)  # type: ignore[arg-type]
        left_alone.append(len(pending.low))  # type: ignore[attr-defined]

    monkeypatch.setattr(unigram_prune, "settle", spy)
    lazy = learn(corpus, 70, top_k=5, boundary=2)
    assert sum(left_alone) > 0  # the bounds did spare some exact computations

    def exact(trainer: unigram._Trainer, loss: list[float], pending: object, cut: int) -> None:
        for piece in list(pending.low):  # type: ignore[attr-defined]
            unigram_loss.exact_loss(trainer, piece, pending, loss)  # type: ignore[arg-type]

    monkeypatch.setattr(unigram_prune, "settle", exact)
    full = learn(corpus, 70, top_k=5, boundary=2)
    assert lazy.pieces == full.pieces
    for a, b in zip(prunes(lazy), prunes(full), strict=True):
        assert [(r.rank, r.piece, r.kept) for r in a.losses] == [
            (r.rank, r.piece, r.kept) for r in b.losses
        ]
        assert [r.loss for r in a.losses] == pytest.approx([r.loss for r in b.losses])
        assert set(a.removed) == set(b.removed)


# --- long words: scaled sums and grouped losses ------------------------------------------


def _same_training(a: unigram.UnigramResult, b: unigram.UnigramResult) -> None:
    """Same losses in every pruning round; the same pieces removed unless losses tie to
    within rounding at the cut (then the two runs may go separate ways from there)."""
    for x, y in zip(prunes(a), prunes(b), strict=False):
        got = {r.piece: r.loss for r in y.losses}
        for r in x.losses:
            assert got[r.piece] == pytest.approx(r.loss, rel=1e-6, abs=1e-12), r.piece
        if set(x.removed) != set(y.removed):
            kept, gone = x.cut_loss
            assert kept is not None and gone is not None
            assert kept == pytest.approx(gone, rel=1e-6, abs=1e-12)  # a tie at the cut
            return
    assert dict(a.pieces) == pytest.approx(dict(b.pieces), rel=1e-7)
    assert b.log_likelihoods == pytest.approx(a.log_likelihoods, rel=1e-9)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.text("abc", min_size=1, max_size=7), st.integers(1, 9), min_size=1),
    st.integers(1, 6),
    st.booleans(),
)
def test_scaled_sums_give_the_plain_training(
    counts: dict[str, int], extra: int, keep_chars: bool
) -> None:
    """Every word forced through the long-word path (scaled sums, grouped nodes) trains
    exactly as the plain path does on small cases."""
    chars = len({c for w in counts for c in w})
    size = chars + extra if keep_chars else extra
    plain = learn(counts, size, keep_single_chars=keep_chars, top_k=999)
    with pytest.MonkeyPatch.context() as mp:
        patch_constant(mp, "_TINY", 2.0)  # every word is "too improbable" for plain floats
        scaled = learn(counts, size, keep_single_chars=keep_chars, top_k=999)
    _same_training(plain, scaled)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(300, 1200), st.sampled_from(["ab", "abcd", "abcdefgh"]))
def test_a_long_word_trains_validly_and_its_groups_match_the_whole_word(
    seed: int, length: int, alphabet: str
) -> None:
    """One long word without spaces: a valid model, and the losses summed over groups of
    nodes (64 characters apart) rank the pieces as the exact whole-word losses do."""
    rng = random.Random(seed)
    word = "".join(rng.choice(alphabet) for _ in range(length))
    corpus = {word: 1, word[: length // 3]: 2}
    result = learn(corpus, len(alphabet) + 12, seed_size=60, max_piece_length=6)
    assert len(result.pieces) == len(alphabet) + 12
    assert "".join(result.model.encode(word)) == word
    assert all(math.isfinite(s) for _, s in result.pieces)
    assert all(math.isfinite(r.loss) and r.loss >= 0 for s in prunes(result) for r in s.losses)
    with pytest.MonkeyPatch.context() as mp:
        patch_constant(mp, "_LOSS_WINDOW", 10**9)  # one group: the exact whole-word loss
        whole = learn(corpus, len(alphabet) + 12, seed_size=60, max_piece_length=6)
    assert [p for p, _ in result.pieces] == [p for p, _ in whole.pieces]


def test_a_3000_character_word_of_distinct_characters() -> None:
    """It took 72 s (one log-space pass per piece); the scaled sums make it linear."""
    word = "".join(chr(0x4E00 + i) for i in range(3000))
    result = learn({word: 1}, 3000)
    assert result.model.encode(word) == list(word)
    assert sorted(p for p, _ in result.pieces) == sorted(word)  # only its characters are left


def _trainer_with(word: str, pieces: dict[str, float], keep_chars: bool) -> unigram._Trainer:
    """A trainer on one word with the given (unnormalised) piece weights."""
    trainer = unigram._Trainer([word], [1], False, keep_chars, 10, 2)
    seed_vocabulary(trainer, list(pieces), 1, max(len(p) for p in pieces))
    total = sum(pieces.values())
    trainer.prob = [pieces[p] / total for p in trainer.vocab] + [0.0]
    trainer.logp = [math.log(p) for p in trainer.prob[:-1]]
    trainer.set_unknown()
    return trainer


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32),
    st.integers(120, 600),
    st.sampled_from(["ab", "aab", "abc", "aa", "a"]),
    st.sampled_from([0, 40, 200]),
    st.sampled_from([0.9, 0.05]),
    st.booleans(),
)
@example(12576, 156, "a", 40, 0.05, False)  # found: a 2e-6 loss, its oracle only known to 1e-10
def test_the_windowed_log_space_group_loss_matches_the_whole_word(
    seed: int, length: int, piece: str, gap: int, density: float, keep_chars: bool
) -> None:
    """A piece that almost every segmentation uses, many times in a row: P' is far below
    1e-200 x P, so a group's loss is computed in log space on the group's window only. It
    must equal log P - log P' with P' summed over the whole word without the group's nodes
    (one group: the whole-word ``_z_without``). Sparse pieces make groups of one node and
    "aa" overlapping nodes, where the window closes before the first node ends."""
    if piece == "a" and keep_chars:
        piece = "ab"  # a kept character cannot be removed
    rng = random.Random(seed)
    chunks = [piece, "c"]
    while sum(map(len, chunks)) < length:
        chunks.append(piece if rng.random() < density else rng.choice("bc"))
        if gap and rng.random() < 0.01:
            chunks.append("c" * gap)  # far apart: several groups
    word = "".join(chunks)
    weights = {"a": 1e-12, "b": 1e-12, "c": 1e-3, "ba": 1e-9, "cab": 1e-9, piece: 1.0}
    trainer = _trainer_with(word, weights, keep_chars)
    k = trainer.vocab.index(piece)
    edges, n = trainer.lattices[0], len(word)
    word_sums = long_word(trainer, edges, n)
    assert word_sums is not None
    repl = trainer.replacement()
    calls: list[tuple[object, ...]] = []
    window = unigram_loss.group_log_z_without

    def spy(*args: object) -> float:
        calls.append(args)
        return window(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(unigram_loss, "group_log_z_without", spy)
        _check_group_losses(trainer, k, word_sums, repl, calls, window, len(piece))


def _check_group_losses(
    trainer: unigram._Trainer,
    k: int,
    long_word: _LongWord,
    repl: list[float],
    calls: list[tuple[object, ...]],
    window: Callable[..., float],
    piece_length: int,
) -> None:
    edges, n = trainer.lattices[0], len(trainer.words[0])
    groups = unigram._clusters([(i, j) for i, j, p in edges if p == k])
    logs = trainer.logs()
    for group in groups:
        before = len(calls)
        got = unigram_loss.group_loss(trainer, 0, k, repl, long_word, group)
        # the scaled sums lose digits when 1 - share is tiny; the log-space window does not
        tolerance = 1e-9 if len(calls) > before else 1e-6
        gone = set(group)
        kept = [e for e in edges if (e[0], e[1]) not in gone or e[2] != k]
        if piece_length == 1:  # a pruned character becomes an unknown node
            kept = sorted(kept + [(i, j, -1) for i, j in group], key=lambda e: (e[0], e[1] - e[0]))
        log_p = unigram._edge_log_forward(kept, n, logs)[n]
        # subtle: the expected loss is a difference of two logs of size |log P'| (~2,500 on a
        # long word), each summed over n positions, so it is itself only known to about
        # n * eps * |log P'| (~1e-10): a 2e-6 loss cannot be checked to 1e-6 of itself
        known_to = n * sys.float_info.epsilon * abs(log_p)
        assert got == pytest.approx(long_word.log_z - log_p, rel=tolerance, abs=known_to)
        cut, last = group[0][1], group[-1][0]  # the window on its own, whatever the path
        lo = bisect_left(edges, (min(cut, last + 1) - trainer.max_len,))
        assert window(trainer, edges, lo, k, long_word, group) == pytest.approx(log_p, rel=1e-12)
        if len(group) > 30:
            assert len(calls) > before  # this group did take the log-space window
    if len(groups) == 1:
        whole = long_word.log_z - unigram_loss.z_without(trainer, edges, n, k, repl)
        got = unigram_loss.group_loss(trainer, 0, k, repl, long_word, groups[0])
        assert got == pytest.approx(whole, rel=1e-6)


# --- what one EM iteration costs (the page's budget: tests/app/test_limits.py) ---------


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.text(alphabet="abcd", min_size=1, max_size=12), min_size=1, max_size=5),
    st.integers(1, 6),
)
def test_lattice_edges_is_the_lattice_with_every_substring_up_to_the_length(
    words: list[str], longest: int
) -> None:
    from subword_core.unigram import Unigram, lattice_edges

    pieces = {w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
    model = Unigram([(p, -1.0) for p in sorted(pieces) if len(p) <= longest])
    distinct = list(dict.fromkeys(words))
    assert lattice_edges(distinct, longest) == sum(len(model.lattice(w).nodes) for w in distinct)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.dictionaries(st.text("abc", min_size=1, max_size=40), st.integers(1, 4), min_size=1),
    st.integers(1, 8),
    st.integers(1, 30),
)
def test_the_seed_counted_one_length_at_a_time_is_the_plain_ranking(
    counts: dict[str, int], max_len: int, size: int
) -> None:
    """The seed keeps one length's substrings at a time; it must pick and order exactly
    what ranking every substring at once does."""
    words, freqs = list(counts), list(counts.values())
    every = unigram._substring_counts(words, freqs, max_len)
    ranked = sorted(every.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))[:size]
    assert unigram._top_substrings(words, freqs, max_len, size) == (
        [(s, float(c)) for s, c in ranked],
        len(every),
    )
