"""Fuzz tests of the textbook code (subword_core/textbook/) and the exercises: on random
small corpora the textbook functions agree with the fast trainers and keep their own
invariants (a merge keeps the text, a ranking is best first, compression decompresses)."""

from __future__ import annotations

import math
import random
from itertools import pairwise

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from subword_core import bpe, exercises, gage, unigram, wordpiece
from subword_core.textbook import bpe as tb_bpe
from subword_core.textbook import code
from subword_core.textbook import gage as tb_gage
from subword_core.textbook import unigram as tb_uni
from subword_core.textbook import wordpiece as tb_wp
from tests.budget import examples

words = st.text(alphabet="abc", min_size=1, max_size=5)
corpora = st.dictionaries(words, st.integers(1, 9), min_size=1, max_size=5)
ties = st.sampled_from(["first-seen", "lexicographic"])

COVERED: dict[str, tuple[str, ...]] = {
    **{
        f"subword_core.textbook.bpe.{name}": ("test_textbook_bpe",)
        for name in (
            "count_pairs",
            "rank_pairs",
            "merge_pair",
            "merge_step",
            "learn",
            "top_rows",
            "changes",
            "trace",
        )
    },
    **{
        f"subword_core.textbook.bpe.{name}": ("test_textbook_bpe_encode",)
        for name in ("encode_step", "merge_alive", "dropout_step")
    },
    **{
        f"subword_core.textbook.wordpiece.{name}": ("test_textbook_wordpiece",)
        for name in (
            "split_word",
            "merged_token",
            "count_symbols",
            "merge_step",
            "alphabet",
            "learn",
            "longest_match",
            "encode",
            "trace",
        )
    },
    **{
        f"subword_core.textbook.unigram.{name}": ("test_textbook_unigram",)
        for name in (
            "seed",
            "probabilities",
            "em_step",
            "piece_loss",
            "prune_step",
            "learn",
            "viterbi",
            "trace",
        )
    },
    "subword_core.textbook.unigram.unknown_score": ("test_textbook_unigram_pruned_characters",),
    "subword_core.textbook.unigram.unigram_model": ("test_textbook_unigram_pruned_characters",),
    "subword_core.textbook.gage.compress": ("test_textbook_gage",),
    "subword_core.textbook.gage.compress_step": ("test_textbook_gage",),
    **{
        f"subword_core.textbook.code.{name}": ("test_code_panel_bpe_wordpiece_gage",)
        for name in (
            "CodeStep",
            "executed_lines",
            "statement_start",
            "run_traced",
            "values_match",
            "bpe_merge",
            "bpe_encode",
            "bpe_dropout",
            "wordpiece_merge",
            "wordpiece_encode",
            "gage_step",
        )
    },
    "subword_core.textbook.code.unigram_step": ("test_code_panel_unigram",),
    "subword_core.textbook.code.Some": ("test_code_panel_unigram",),
    "subword_core.textbook.code.Some.matches": ("test_code_panel_unigram",),
    "subword_core.textbook.code.CodeStep.lines": ("test_code_panel_unigram",),
    "subword_core.textbook.unigram.seed_given": ("test_code_panel_unigram",),
    "subword_core.textbook.unigram.em_step_digamma": ("test_code_panel_unigram",),
    "subword_core.textbook.code.unigram_viterbi": ("test_code_panel_unigram",),
    "subword_core.exercises.Question": ("test_exercises",),
    "subword_core.exercises.Sheet": ("test_exercises",),
    "subword_core.exercises.generate": ("test_exercises",),
    "subword_core.exercises.check": ("test_exercises", "test_exercise_check_any_text"),
    "subword_core.exercises.toy_corpus": ("test_exercises",),
}


@settings(max_examples=examples(40), deadline=None)
@given(corpora, st.integers(1, 6), ties, st.integers(1, 3))
def test_textbook_bpe(counts: dict[str, int], n: int, tie: str, low: int) -> None:
    fast = bpe.learn(counts, n, tie_break=tie, min_frequency=low)
    assert tb_bpe.learn(counts, n, tie_break=tie, min_frequency=low) == fast.merges
    steps, final = tb_bpe.trace(counts, n, tie_break=tie, min_frequency=low)
    assert steps == list(fast.steps)
    assert final == list(fast.final_segmentation)
    # the stages, one by one
    split = [bpe.split_word(w, "</w>") for w in counts]
    freqs = list(counts.values())
    pair_counts, first = tb_bpe.count_pairs(split, freqs)
    pairs_in_corpus = sum(f * (len(w) - 1) for w, f in zip(split, freqs, strict=True))
    assert sum(pair_counts.values()) == pairs_in_corpus
    for (a, b), (i, offset) in first.items():
        assert "".join(split[i])[offset:].startswith(a + b)
    ranked = tb_bpe.rank_pairs(pair_counts, first, tie)
    assert sorted(ranked) == sorted(pair_counts)
    assert all(pair_counts[x] >= pair_counts[y] for x, y in pairwise(ranked))
    if ranked:
        rows, tied, n_ties = tb_bpe.top_rows(ranked, pair_counts, 3, 2)
        assert rows[: len(tied)] == tied and len(tied) == min(n_ties, 2)
        assert {pair_counts[p] for p in tied} == {pair_counts[ranked[0]]}
        merged = [tb_bpe.merge_pair(w, ranked[0]) for w in split]
        assert ["".join(w) for w in merged] == ["".join(w) for w in split]
        assert all(ranked[0] not in pairwise(w) for w in merged)
        changed = tb_bpe.changes(list(counts), freqs, split, merged)
        assert len(changed) == sum(a != b for a, b in zip(split, merged, strict=True))
    before = [list(w) for w in split]
    best = tb_bpe.merge_step(before, freqs, tie, low)
    assert best == (fast.merges[0] if fast.merges else None)


@settings(max_examples=examples(40), deadline=None)
@given(corpora, st.integers(1, 8), words, st.integers(0, 2**16))
def test_textbook_bpe_encode(counts: dict[str, int], n: int, word: str, seed: int) -> None:
    model = bpe.learn(counts, n, min_frequency=1).model
    ranks = {pair: k + 1 for k, pair in enumerate(model.merges)}
    symbols: list[str] | None = bpe.split_word(word, "</w>")
    done = symbols
    while symbols is not None:
        done, symbols = symbols, tb_bpe.encode_step(symbols, ranks)
    assert done == model.encode(word)
    start = bpe.split_word(word, "</w>")
    assert tb_bpe.merge_alive(start, ("a", "b"), [True] * (len(start) - 1)) == (
        tb_bpe.merge_pair(start, ("a", "b"))
    )
    assert tb_bpe.dropout_step(start, ranks, 0.0, random.Random(seed)) == (
        tb_bpe.encode_step(start, ranks)
    )
    assert tb_bpe.dropout_step(start, ranks, 1.0, random.Random(seed)) is None
    dropped = tb_bpe.dropout_step(start, ranks, 0.5, random.Random(seed))
    assert dropped is None or "".join(dropped) == "".join(start)


@settings(max_examples=examples(40), deadline=None)
@given(corpora, st.integers(0, 6), st.sampled_from(["likelihood", "frequency"]), words)
def test_textbook_wordpiece(counts: dict[str, int], extra: int, scoring: str, word: str) -> None:
    alphabet = tb_wp.alphabet(counts)
    assert alphabet == {p for w in counts for p in tb_wp.split_word(w)}
    size = len(alphabet) + extra
    fast = wordpiece.learn(counts, size, scoring=scoring)
    merged = [s.merged for s in fast.steps if s.merged is not None]
    assert tb_wp.learn(counts, size, scoring=scoring) == merged
    steps, final = tb_wp.trace(counts, size, scoring=scoring)
    assert steps == list(fast.steps) and final == list(fast.final_segmentation)
    split = [tb_wp.split_word(w) for w in counts]
    freqs = list(counts.values())
    symbols = tb_wp.count_symbols(split, freqs)
    assert sum(symbols.values()) == sum(f * len(w) for w, f in zip(counts, freqs, strict=True))
    best = tb_wp.merge_step(split, freqs, scoring)
    if best is not None:
        token = tb_wp.merged_token(best)
        assert token.removeprefix("##") == (best[0] + best[1]).replace("##", "")
    vocab = set(fast.model.vocab)
    pieces = tb_wp.encode(word, vocab)
    assert pieces == fast.model.encode(word)
    if pieces != ["[UNK]"]:
        assert "".join(p.removeprefix("##") for p in pieces) == word
    piece = tb_wp.longest_match(word, 0, vocab)
    assert piece is None or (piece in vocab and word.startswith(piece))


# (as tests/core/test_textbook_unigram.py: no near-tie of losses on the cut)
@settings(max_examples=examples(15), deadline=None)
@given(corpora, st.integers(0, 4), words)
def test_textbook_unigram(counts: dict[str, int], extra: int, word: str) -> None:
    names, freqs = list(counts), list(counts.values())
    size = len({c for w in counts for c in w}) + extra
    seeded = tb_uni.seed(names, freqs, 1000, 16)
    assert all(c in seeded for w in counts for c in w)
    logp = tb_uni.probabilities(seeded)
    assert math.isclose(math.fsum(math.exp(v) for v in logp.values()), 1.0)
    new, expected, likelihood = tb_uni.em_step(logp, names, freqs)
    assert all(v >= 0 for v in expected.values())
    assert likelihood <= 0 and set(new) <= set(logp)
    losses = {p: tb_uni.piece_loss(new, p, names, freqs) for p in new if len(p) > 1}
    assert all(loss >= -1e-9 for loss in losses.values())
    kept, _ = tb_uni.prune_step(new, names, freqs, size)
    assert len(kept) <= len(new) and all(len(p) == 1 or p in new for p in kept)
    steps = tb_uni.trace(counts, size)
    assert steps and steps[0].kind == "seed"
    pieces = tb_uni.learn(counts, size)
    result = unigram.learn(counts, size, seed_size=1000)
    assume(len(set(dict(result.pieces).values())) == len(result.pieces))  # no exact ties
    assert sorted(pieces) == sorted(p for p, _ in result.pieces)
    logp = dict(result.pieces)
    if all(c in logp for c in word):
        best = tb_uni.viterbi(word, logp)
        assert "".join(best) == word
        assert math.isclose(
            sum(logp[p] for p in best), sum(logp[p] for p in result.model.encode(word))
        )


@settings(max_examples=examples(15), deadline=None)
@given(corpora, st.integers(1, 6), st.text(alphabet="abcd", min_size=1, max_size=6))
def test_textbook_unigram_pruned_characters(counts: dict[str, int], size: int, word: str) -> None:
    """keep_single_chars=False: characters may go; an unknown character scores the lowest
    score minus 10, in the loss's model and in Viterbi, whose segmentation scores as the
    fast model's (ties may pick another one of the same score)."""
    names, freqs = list(counts), list(counts.values())
    logp = tb_uni.probabilities(tb_uni.seed(names, freqs, 1000, 16))
    unknown = tb_uni.unknown_score(logp)
    assert unknown == min(logp.values()) - 10.0
    model = tb_uni.unigram_model(logp, unknown - 1.0)
    assert math.isclose(model.unk_score, unknown - 1.0)
    for piece in logp if len(logp) > 1 else ():  # (the only piece: prune_step keeps it)
        assert tb_uni.piece_loss(logp, piece, names, freqs) >= -1e-9
    kept, _ = tb_uni.prune_step(logp, names, freqs, size, keep_single_chars=False)
    assert len(kept) == max(size, int(len(logp) * 0.75)) or len(kept) == len(logp)
    pieces = tb_uni.learn(counts, size, keep_single_chars=False)
    assert len(pieces) <= max(size, len(logp))
    result = unigram.learn(counts, size, seed_size=1000, keep_single_chars=False)
    final = dict(result.pieces)
    best = tb_uni.viterbi(word, final)
    assert "".join(best) == word

    def score(segmentation: list[str]) -> float:
        return sum(final.get(p, tb_uni.unknown_score(final)) for p in segmentation)

    assert math.isclose(score(best), score(result.model.encode(word)), abs_tol=1e-6)


@settings(max_examples=examples(60), deadline=None)
@given(st.text(alphabet="abc ", max_size=30))
def test_textbook_gage(text: str) -> None:
    symbols = "ZYXWVUT"
    packed, table = tb_gage.compress(text, symbols)
    assert len(packed) <= len(text)
    for symbol in reversed(list(table)):
        packed = packed.replace(symbol, table[symbol])
    assert packed == text
    step = tb_gage.compress_step(text, "Z")
    assert step is None or step[0].replace("Z", step[1]) == text
    fast = gage.compress(text)
    same, same_table = tb_gage.compress(text, "".join(fast.symbols))
    assert (same, same_table) == (fast.compressed, fast.table)


def _check(step: code.CodeStep | None) -> None:
    """The step's textbook call runs exactly its marked lines and ends with its values."""
    if step is None or step.args is None:
        return
    lines, local = code.run_traced(step.function, *step.args())
    assert lines == step.lines()
    assert set(lines) <= set(code.statement_start(step.function))
    assert code.values_match(step.values, local), (step.values, local)


@settings(max_examples=examples(10), deadline=None)
@given(corpora, ties, st.integers(0, 2**16), words)
def test_code_panel_bpe_wordpiece_gage(counts: dict, tie: str, seed: int, word: str) -> None:
    result = bpe.learn(counts, 6, tie_break=tie, min_frequency=1)
    for n in range(1, len(result.steps) + 1):
        _check(code.bpe_merge(result, n, tie))
    for step in result.model.encode_steps(word):
        _check(code.bpe_encode(result.model, step))
    for step in result.model.encode_steps(word, dropout=0.3, rng=random.Random(seed)):
        shown = code.bpe_dropout(step)
        assert shown.function is tb_bpe.dropout_step
    wp = wordpiece.learn(counts, 12)
    for n in range(1, len(wp.steps) + 1):
        _check(code.wordpiece_merge(wp, n))
    _check(code.wordpiece_encode(wp.model, word))
    for step in gage.compress(" ".join(counts)).steps:
        _check(code.gage_step(step))
    assert code.values_match({"x": 1.0}, {"x": 1.0 + 1e-12})
    assert not code.values_match({"x": 1.0}, {"x": 2.0})


@settings(max_examples=examples(5), deadline=None)
@given(
    corpora,
    st.integers(0, 3),
    words,
    st.lists(words, max_size=4, unique=True),
    st.booleans(),
    st.booleans(),
)
def test_code_panel_unigram(
    counts: dict, extra: int, word: str, given: list[str], digamma: bool, keep: bool
) -> None:
    # corpora of one-character words included: the seed's inner loops then never run and
    # the step says so (CodeStep.idle); keep=False: characters pruned too (smaller sizes)
    size = len({c for w in counts for c in w}) + extra - (0 if keep else 2)
    size = max(size, 1)
    kw = {"seed_size": 1000, "max_piece_length": 16, "shrinking_factor": 0.75}
    for seed_list in (None, given or None):
        result = unigram.learn(
            counts, size, top_k=10**6, boundary=10**6, seed_vocab=seed_list, digamma=digamma,
            keep_single_chars=keep, **kw,
        )  # type: ignore[arg-type]  # fmt: skip
        for n in range(1, len(result.steps) + 1):
            step = code.unigram_step(result, n, **kw, seed_list=seed_list, keep_single_chars=keep)  # type: ignore[arg-type]
            assert step is not None
            if result.steps[n - 1].kind != "prune":
                _check(step)
            elif step.args is not None:  # a near-tie on the cut may differ: the lines only
                lines, _ = code.run_traced(step.function, *step.args())
                assert lines == step.lines()
    _check(code.unigram_viterbi(result.model, word))


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_exercises(seed: int) -> None:
    sheet = exercises.generate(seed)
    assert isinstance(sheet, exercises.Sheet) and sheet == exercises.generate(seed)
    assert sheet.corpus == exercises.toy_corpus(random.Random(seed))
    assert [q.kind for q in sheet.questions] == list(exercises.KINDS)
    for q in sheet.questions:
        assert isinstance(q, exercises.Question) and q.accepted
        typed = " ".join(q.answer) if isinstance(q.answer, list | tuple) else str(q.answer)
        assert exercises.check(q, typed), (q, typed)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**31 - 1), st.text(max_size=20))
def test_exercise_check_any_text(seed: int, text: str) -> None:
    for q in exercises.generate(seed % 50).questions:
        assert exercises.check(q, text) in (True, False)
