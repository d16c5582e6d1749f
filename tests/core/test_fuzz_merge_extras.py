"""Fuzzing what ``test_fuzz_merge_family.py`` leaves out of BPE, WordPiece, the encoders,
joint BPE and the pair table: the step-by-step encoders, the file round trips, the trace
accessors and the small helpers.

Whatever comes in, a public function returns a result or raises a documented
``SubwordError``; where it returns, the invariants hold (a segmentation spells the word, the
last encoding step is the encoding, files read back to the same model).
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections.abc import Sequence
from unittest import mock

from hypothesis import example, given
from hypothesis import strategies as st

from subword_core import bpe, encoders, joint, wordpiece
from subword_core import merges as pairs
from subword_core.errors import SubwordError
from subword_core.formats import tokenizer_json
from subword_core.merges import history
from subword_core.text.corpus import Corpus
from tests.core.fuzz_support import (
    FUZZ,
    FUZZ_SLOW,
    clean_words,
    documented,
    small_corpora,
    texts,
)

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.bpe.BPEModel.encode_steps": ("test_bpe_model_extras",),
    "subword_core.bpe.EncodeStep": ("test_bpe_model_extras",),
    "subword_core.bpe.BPEModel.tokenize": ("test_bpe_model_extras",),
    "subword_core.bpe.BPEModel.strip_marker": ("test_bpe_model_extras",),
    "subword_core.bpe.BPEModel.vocabulary": ("test_bpe_model_extras",),
    "subword_core.bpe.BPEModel.to_codes": ("test_bpe_files",),
    "subword_core.formats.tokenizer_json.dumps": ("test_bpe_files", "test_wordpiece_extras"),
    "subword_core.bpe.BPEResult.vocab_at": ("test_bpe_trace",),
    "subword_core.bpe.BPEResult.segmentation_at": ("test_bpe_trace",),
    "subword_core.bpe.MergeStep.merged_symbol": ("test_bpe_trace",),
    "subword_core.bpe.MergeStep.vocab_delta": ("test_bpe_trace",),
    "subword_core.bpe.MergeStep.is_tie": ("test_bpe_trace",),
    "subword_core.bpe.split_word": ("test_split_words",),
    "subword_core.wordpiece.split_word": ("test_split_words",),
    "subword_core.wordpiece.merged_token": ("test_split_words",),
    "subword_core.wordpiece.word_start_form": ("test_split_words",),
    "subword_core.wordpiece.EncodeTry": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPiece.encode_steps": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPiece.tokenize": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPiece.decode": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPiece.to_vocab_text": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPieceResult.vocab_at": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPieceResult.segmentation_at": ("test_wordpiece_extras",),
    "subword_core.wordpiece.WordPieceStep.is_tie": ("test_wordpiece_extras",),
    "subword_core.wordpiece.alphabet_of": ("test_wordpiece_extras",),
    "subword_core.wordpiece.first_difference": ("test_wordpiece_extras",),
    "subword_core.wordpiece.from_bpe_vocabulary": ("test_from_bpe_vocabulary",),
    "subword_core.encoders.boundaries": ("test_boundaries",),
    "subword_core.joint.union": ("test_joint_extras",),
    "subword_core.joint.JointResult.merges": ("test_joint_extras",),
    "subword_core.joint.JointResult.separate_choice": ("test_joint_extras",),
    "subword_core.merges.PairTable": ("test_pair_table",),
    "subword_core.merges.PairTable.replace_word": ("test_pair_table",),
    "subword_core.merges.PairTable.first_seen": ("test_pair_table",),
    "subword_core.merges.PairTable.merge": ("test_pair_ranking_and_merge",),
    "subword_core.merges.PairRanking": ("test_pair_ranking_and_merge",),
    "subword_core.merges.PairRanking.set": ("test_pair_ranking_and_merge",),
    "subword_core.merges.PairRanking.top_levels": ("test_pair_ranking_and_merge",),
    "subword_core.merges.PairRanking.ordered": ("test_pair_ranking_and_merge",),
    "subword_core.merges.PairRanking.ordered_level": ("test_pair_ranking_and_merge",),
    "subword_core.merges.PairRanking.best": ("test_pair_ranking_and_merge",),
    "subword_core.merges.kept_changes": ("test_pair_ranking_and_merge",),
    "subword_core.bpe.MergeStep.ties_omitted": ("test_ties_omitted",),
    "subword_core.wordpiece.WordPieceStep.ties_omitted": ("test_ties_omitted",),
    "subword_core.merges.merge_symbols": ("test_pair_table",),
    "subword_core.merges.WordChange": ("test_pair_helpers",),
    "subword_core.merges.keep_changes": ("test_pair_helpers",),
    "subword_core.merges.segmentation_at": ("test_pair_helpers",),
    "subword_core.merges.PairTable.merged_at": ("test_word_history",),
    "subword_core.bpe.BPEResult.changed_at": ("test_word_history",),
    "subword_core.wordpiece.WordPieceResult.changed_at": ("test_word_history",),
    "subword_core.merges.WordHistory": ("test_word_history",),
    "subword_core.merges.WordHistory.record": ("test_word_history",),
    "subword_core.merges.WordHistory.for_corpus": ("test_word_history",),
    "subword_core.merges.WordHistory.symbols": ("test_word_history",),
    "subword_core.merges.WordHistory.changes_upto": ("test_word_history",),
    "subword_core.merges.WordHistory.at": ("test_word_history",),
    "subword_core.merges.WordHistory.changed_at": ("test_word_history",),
    "subword_core.merges.LoggedSymbols": ("test_word_history",),
    "subword_core.merges.LoggedSymbols.symbols": ("test_word_history",),
    "subword_core.merges.LoggedSymbols.index": ("test_word_history",),
    "subword_core.merges.LoggedSymbols.count": ("test_word_history",),
}

probe_words = st.one_of(st.text("abcd", max_size=7), texts(5))


@FUZZ_SLOW
@given(small_corpora, st.integers(1, 10), st.booleans(), st.lists(probe_words, max_size=4))
@example({"low": 5, "lower": 2}, 3, False, ["lower", "x"])
def test_bpe_model_extras(counts: dict[str, int], num: int, attach: bool, probe: list[str]) -> None:
    model = bpe.learn(counts, num, min_frequency=1, attach_end_of_word=attach).model
    for word in probe:
        tokens = model.encode(word)
        steps = model.encode_steps(word, dropout=0.0, rng=random.Random(0))
        if steps:
            assert list(steps[-1].result) == tokens
        assert "".join(model.strip_marker(tokens)) == word
    text = " ".join(probe)
    assert model.tokenize(text) == [t for w in text.split() for t in model.encode(w)]
    vocab = model.vocabulary
    assert all(a + b in vocab for a, b in model.merges)


@FUZZ_SLOW
@given(small_corpora, st.integers(1, 10), st.booleans(), st.sampled_from(["</w>", "", "@"]))
def test_bpe_files(counts: dict[str, int], num: int, attach: bool, marker: str) -> None:
    model = bpe.learn(
        counts, num, min_frequency=1, attach_end_of_word=attach, end_of_word=marker
    ).model
    for write, read in (
        (model.to_codes, bpe.BPEModel.from_codes),
        (lambda: tokenizer_json.dumps(model), tokenizer_json.bpe_from_json),
    ):
        try:
            text = write()
        except Exception as exc:
            assert documented(exc), repr(exc)
            continue
        again = read(text)
        assert again.merges == model.merges
        for word in counts:
            assert again.encode(word) == model.encode(word)


@FUZZ_SLOW
@given(small_corpora, st.integers(1, 10), st.integers(-2, 14))
def test_bpe_trace(counts: dict[str, int], num: int, at: int) -> None:
    result = bpe.learn(counts, num, min_frequency=1)
    rows = result.segmentation_at(len(result.steps))
    final = list(result.final_segmentation)
    assert all(final[i] == symbols for i, symbols in rows)
    result.vocab_at(at)
    result.segmentation_at(at)
    for step in result.steps:
        assert step.is_tie == (len(step.tied) > 1)
        if step.merged is not None:
            assert step.merged_symbol == step.merged[0] + step.merged[1]
            assert step.vocab_delta == len(step.vocab_added) - len(step.vocab_removed)


@FUZZ
@given(texts(6), st.sampled_from(["</w>", "", "_", "##"]), st.booleans())
def test_split_words(word: str, marker: str, attach: bool) -> None:
    pieces = bpe.split_word(word, marker, attach)
    assert "".join(pieces) == (word + marker if word else "")
    wp = wordpiece.split_word(word, marker)
    assert "".join(p[len(marker) :] if i and marker else p for i, p in enumerate(wp)) == word
    if len(wp) >= 2:
        merged = wordpiece.merged_token((wp[0], wp[1]), marker)
        assert isinstance(merged, str)
    form = wordpiece.word_start_form(wp, marker)
    assert len(form) == len(wp)


@FUZZ_SLOW
@given(small_corpora, st.integers(8, 20), st.lists(probe_words, max_size=4), st.integers(-2, 14))
def test_wordpiece_extras(counts: dict[str, int], size: int, probe: list[str], at: int) -> None:
    result = wordpiece.learn(counts, size)
    model = result.model
    for word in probe:
        tries, tokens = model.encode_steps(word)
        assert tokens == model.encode(word)
        assert all(isinstance(t.matched, bool) for t in tries)
        if model.unk_token not in tokens:
            assert model.decode(tokens) == word
    text = " ".join(probe)
    assert model.tokenize(text) == [t for w in text.split() for t in model.encode(w)]
    again = wordpiece.WordPiece.from_vocab_text(model.to_vocab_text())
    json_again = tokenizer_json.wordpiece_from_json(tokenizer_json.dumps(model))
    for word in [*probe, *counts]:
        assert again.encode(word) == model.encode(word) == json_again.encode(word)
    result.vocab_at(at)
    result.segmentation_at(at)
    assert all(s.is_tie == (len(s.tied) > 1) for s in result.steps)
    assert set(wordpiece.alphabet_of(Corpus.from_counts(counts))) <= set(result.vocab)
    assert wordpiece.first_difference(result, result) is None
    other = wordpiece.learn(counts, size, scoring="frequency")
    diff = wordpiece.first_difference(result, other)
    assert diff is None or diff >= 1


@FUZZ
@given(
    st.lists(texts(2, min_pieces=1), max_size=6),
    st.lists(st.tuples(texts(2, min_pieces=1), texts(2, min_pieces=1)), max_size=4),
    probe_words,
)
def test_from_bpe_vocabulary(symbols: list[str], merges: list[tuple[str, str]], word: str) -> None:
    try:
        model = wordpiece.from_bpe_vocabulary(symbols, merges)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert isinstance(model.encode(word), list)


@FUZZ
@given(st.lists(texts(3), max_size=6))
def test_boundaries(tokens: list[str]) -> None:
    cuts = encoders.boundaries(tokens)
    assert all(0 <= c <= sum(map(len, tokens)) for c in cuts)


@FUZZ_SLOW
@given(small_corpora, small_corpora, st.integers(1, 6))
def test_joint_extras(source: dict[str, int], target: dict[str, int], num: int) -> None:
    a, b = Corpus.from_counts(source), Corpus.from_counts(target)
    both = joint.union(a, b)
    assert both.total == a.total + b.total
    result = joint.learn_joint(a, b, num)
    assert result.merges == result.joint.merges
    for step in range(1, len(result.merges) + 2):
        left, right = result.separate_choice(step)
        assert left is None or left == result.source.merges[step - 1]
        assert right is None or right == result.target.merges[step - 1]


def test_separate_choice_before_the_first_step() -> None:
    # regression: step 0 used to read merges[-1] (and fail when a side had no merges)
    result = joint.learn_joint({"ab": 3}, {"a": 1}, 2)
    assert result.separate_choice(0) == (None, None)


@FUZZ
@given(
    st.lists(st.lists(st.sampled_from("abc"), max_size=5), min_size=1, max_size=5),
    st.data(),
)
def test_pair_table(words: list[list[str]], data: st.DataObject) -> None:
    counts = [data.draw(st.integers(1, 4)) for _ in words]
    table = pairs.PairTable([list(w) for w in words], counts)
    for _ in range(4):
        top = sorted(table.counts.items(), key=lambda item: -item[1])[:3]
        assert all(count >= 1 for _, count in top)
        for pair, count in top:
            expected = sum(
                c * sum(1 for x, y in itertools.pairwise(w) if (x, y) == pair)
                for w, c in zip(table.words, counts, strict=True)
            )
            assert count == expected
        if not top:
            break
        pair = top[0][0]
        first, _ = table.first_seen(pair)
        assert pair in set(zip(table.words[first], table.words[first][1:], strict=False))
        index = data.draw(st.integers(0, len(words) - 1))
        old = table.words[index]
        new, positions = pairs.merge_symbols(old, pair)
        assert "".join(new) == "".join(old)
        assert all(0 <= p < len(old) for p in positions)
        table.replace_word(index, new)


@FUZZ
@given(
    st.lists(st.tuples(clean_words, st.integers(1, 5)), max_size=6),
    st.integers(0, 6),  # an internal helper: the callers pass a whole number >= 0
    st.integers(-1, 5),
)
def test_pair_helpers(rows: list[tuple[str, int]], limit: int, step: int) -> None:
    changes = [pairs.WordChange(w, c, (w,), tuple(w)) for w, c in rows]
    try:
        kept = pairs.keep_changes(changes, limit)
    except Exception as exc:
        assert documented(exc), repr(exc)
    else:
        assert all(c in changes for c in kept)
    initial = [tuple(w) for w, _ in rows]
    history = {i: [(2, (w,))] for i, (w, _) in enumerate(rows)}
    seg = pairs.segmentation_at(initial, history, step)
    assert [s for _, s in seg] == [(w,) if step >= 2 else tuple(w) for w, _ in rows]


def _recount(words: list[list[str]], counts: list[int]) -> dict[tuple[str, str], int]:
    fresh: dict[tuple[str, str], int] = {}
    for word, count in zip(words, counts, strict=True):
        for pair in itertools.pairwise(word):
            fresh[pair] = fresh.get(pair, 0) + count
    return fresh


@FUZZ
@given(
    st.lists(st.lists(st.sampled_from("abc"), max_size=6), min_size=1, max_size=6),
    st.sampled_from(["first-seen", "lexicographic"]),
    st.integers(0, 3),
    st.data(),
)
def test_pair_ranking_and_merge(
    words: list[list[str]], tie_break: str, small: int, data: st.DataObject
) -> None:
    """PairTable.merge keeps the counts exact; PairRanking ranks them as a full sort would."""
    counts = [data.draw(st.integers(1, 4)) for _ in words]
    table = pairs.PairTable([list(w) for w in words], counts)
    ranking = pairs.PairRanking(table, tie_break, table.counts)
    ranking.small_bucket = small  # exercise the heap path on tiny corpora too
    for _ in range(6):
        assert table.counts == _recount(table.words, counts)
        if not table.counts:
            break
        levels = ranking.top_levels(3)
        assert levels == sorted(levels, reverse=True)
        best = max(table.counts.values())
        assert levels[0] == best
        tied = {p for p, c in table.counts.items() if c == best}
        assert ranking.by_score[best] == tied
        if tie_break == "lexicographic":
            expected = sorted(tied, reverse=True)
        else:
            expected = sorted(tied, key=table.first_seen)
        limit = data.draw(st.integers(1, 4))
        assert ranking.ordered_level(best, limit) == expected[:limit]
        assert ranking.ordered(tied, limit) == expected[:limit]
        score, ordered, kept, n_tied = ranking.best(limit + 1, limit)
        assert (score, kept, n_tied) == (best, expected[:limit], len(tied))
        assert ordered[: len(kept)] == kept and len(ordered) <= limit + 1
        winner = expected[0]
        changed = table.merge(winner)
        assert changed and all("".join(a) == "".join(b) for _, b, a, _ in changed)
        for pair in table.touched:
            ranking.set(pair, table.counts.get(pair))
        kept = pairs.kept_changes(changed, ["".join(w) for w in words], counts, limit)
        assert len(kept) == min(limit, len(changed))
        assert {c.word for c in kept} <= {"".join(words[i]) for i, *_ in changed}


@FUZZ
@given(st.dictionaries(clean_words, st.integers(1, 5), min_size=1, max_size=8), st.integers(1, 6))
def test_ties_omitted(corpus: dict[str, int], size: int) -> None:
    try:
        steps = bpe.learn(corpus, size, min_frequency=1, max_ties=2).steps
        result = wordpiece.learn(
            corpus, len(wordpiece.alphabet_of(Corpus.from_counts(corpus))) + size, max_ties=2
        )
    except SubwordError:
        return  # documented: a marker or prefix inside a word
    for step in steps:
        assert step.ties_omitted == step.ties_total - len(step.tied) >= 0
        assert len(step.tied) <= 2
    for wp_step in result.steps:
        assert wp_step.ties_omitted == wp_step.ties_total - len(wp_step.tied) >= 0


@FUZZ_SLOW
@given(
    st.one_of(small_corpora, st.dictionaries(clean_words, st.integers(1, 3), max_size=4)),
    st.integers(1, 12),
    st.sampled_from([0, 3, 64]),  # PairTable.long_word: 0 stores every word as changes
    st.sampled_from([1, 2, 5]),  # history.SNAPSHOT_EVERY
    st.integers(1, 4),  # history_limit
)
def test_word_history(
    counts: dict[str, int], num: int, long_word: int, every: int, limit: int
) -> None:
    """At every step, the history, ``changed_at`` and the changed-word rows equal a replay."""
    if not counts:
        return
    with (
        mock.patch.object(pairs.PairTable, "long_word", long_word),
        mock.patch.object(history, "SNAPSHOT_EVERY", every),
    ):
        try:
            runs = [
                bpe.learn(counts, num, min_frequency=1, history_limit=limit),
                wordpiece.learn(
                    counts,
                    len(wordpiece.alphabet_of(Corpus.from_counts(counts))) + num,
                    history_limit=limit,
                ),
            ]
        except SubwordError:
            return  # documented: a marker or prefix inside a word
    for result in runs:
        words = [list(w) for w in result.initial_segmentation]
        replayed = [[tuple(w) for w in words]]
        for step in result.steps:
            if step.merged is not None:
                new = getattr(step, "new_token", None) or step.merged_symbol
                words = [pairs.merge_symbols(w, step.merged, new)[0] for w in words]
            replayed.append([tuple(w) for w in words])
        assert replayed[-1] == list(result.final_segmentation)
        tracked = sorted(result.history)
        assert len(tracked) == min(limit, len(result.corpus))
        for n in range(len(replayed)):
            assert result.segmentation_at(n) == [(i, replayed[n][i]) for i in tracked]
            changed = {i for i in tracked if n and replayed[n][i] != replayed[n - 1][i]}
            assert result.changed_at(n) == changed
        for i in tracked:
            expected = [(n, replayed[n][i]) for n in range(1, len(replayed))]
            expected = [(n, w) for n, w in expected if w != replayed[n - 1][i]]
            assert list(result.history[i]) == expected
        for step in result.steps:
            for change in step.changed_words:
                i = result.corpus.words.index(change.word)
                before, after = replayed[step.number - 1][i], replayed[step.number][i]
                assert change.before == before and change.after == after
                assert after == change.after and hash(change.after) == hash(after)
                _check_sequence(change.after, after)


def _check_sequence(ours: Sequence[str], expected: tuple[str, ...]) -> None:
    """A ``LoggedSymbols`` (or a tuple) behaves as the tuple it stands for."""
    assert len(ours) == len(expected) and list(ours) == list(expected)
    assert list(reversed(ours)) == list(reversed(expected)) and ours[1:] == expected[1:]
    assert repr(ours) == repr(expected) and copy.deepcopy(ours) == expected
    assert pickle.loads(pickle.dumps(ours)) == expected
    symbol = expected[-1]
    assert symbol in ours and ours.index(symbol) == expected.index(symbol)
    assert ours.count(symbol) == expected.count(symbol)
    if isinstance(ours, history.LoggedSymbols):
        assert ours.symbols() == expected and ours == ours and ours != ["x"]
