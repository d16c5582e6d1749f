"""Fuzzing the merge-based core (BPE, WordPiece, encoders, joint BPE) with arbitrary input.

Whatever comes in, a public function returns a result or raises a documented
``SubwordError`` with a message; never another exception. Where it returns, the invariants
hold (replay, round trips).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from subword_core import bpe, encoders, joint, wordpiece
from subword_core.errors import SubwordError
from tests.budget import examples

# any Unicode except surrogates (which cannot be encoded as text at all)
chars = st.characters(blacklist_categories=("Cs",))
words = st.text(chars, min_size=0, max_size=8)
# mostly valid input (so the happy path is exercised), sometimes anything at all
clean_words = st.text(
    st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=8
)
corpora = st.one_of(
    st.dictionaries(clean_words, st.integers(1, 6), min_size=1, max_size=8),
    st.dictionaries(words, st.integers(-2, 6), max_size=8),
)
numbers = st.one_of(
    st.integers(1, 30), st.integers(-3, 30), st.floats(allow_nan=True), st.booleans(), st.none()
)
markers = st.one_of(
    st.sampled_from(["</w>", "", "_", "@@", " ", "▁", "##"]), st.text(chars, max_size=3)
)
FUZZ = settings(
    max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _ok(exc: BaseException) -> bool:
    return isinstance(exc, SubwordError) and bool(str(exc))


@FUZZ
@given(corpora, numbers, numbers, markers, st.booleans(), st.sampled_from(["first-seen", "x"]))
@example({"low": 5, "lower": 2, "newest": 6}, 10, 2, "</w>", False, "first-seen")
@example({"ab": 2, "ba": 2}, 5, 1, "", True, "first-seen")
def test_bpe_learn(
    corpus: dict, num: object, minf: object, marker: str, attach: bool, tie: str
) -> None:
    try:
        result = bpe.learn(
            corpus,
            num,  # type: ignore[arg-type]
            min_frequency=minf,  # type: ignore[arg-type]
            end_of_word=marker,
            attach_end_of_word=attach,
            tie_break=tie,  # type: ignore[arg-type]
        )
    except Exception as exc:  # the point: which exceptions escape
        assert _ok(exc), repr(exc)
        return
    assert bpe.replay(result) == list(result.final_segmentation)
    for word in list(corpus)[:4]:
        tokens = result.model.encode(word)
        assert "".join(tokens) == "".join(result.model.symbols(word))


@FUZZ
@given(
    st.dictionaries(st.text("abc", min_size=1, max_size=6), st.integers(1, 4), min_size=1),
    st.lists(words, max_size=5),
    st.one_of(st.floats(allow_nan=True), st.integers(-1, 2), st.booleans()),
    st.integers(0, 2**32),
)
def test_bpe_encode_and_dropout(corpus: dict, probe: list[str], p: object, seed: int) -> None:
    model = bpe.learn(corpus, 8, min_frequency=1).model
    for word in probe:
        try:
            tokens = model.encode(word, dropout=p, rng=random.Random(seed))  # type: ignore[arg-type]
        except Exception as exc:
            assert _ok(exc), repr(exc)
            continue
        assert "".join(tokens) == "".join(model.symbols(word))
        if word and "</w>" not in word:
            assert model.decode(tokens) == word


@FUZZ
@given(st.text(chars, max_size=80))
def test_codes_and_vocab_files(text: str) -> None:
    for parse in (bpe.BPEModel.from_codes, wordpiece.WordPiece.from_vocab_text):
        try:
            model = parse(text)
        except Exception as exc:
            assert _ok(exc), repr(exc)
            continue
        model.encode("low")


@FUZZ
@given(
    corpora,
    st.one_of(st.integers(1, 60), numbers),
    st.sampled_from(["likelihood", "frequency", "?"]),
    markers,
)
@example({"hug": 10, "pug": 5, "hugs": 5}, 12, "likelihood", "##")
def test_wordpiece_learn(corpus: dict, size: object, scoring: str, prefix: str) -> None:
    try:
        result = wordpiece.learn(corpus, size, scoring=scoring, prefix=prefix)  # type: ignore[arg-type]
    except Exception as exc:
        assert _ok(exc), repr(exc)
        return
    assert len(result.vocab) <= max(int(size), result.alphabet_size)  # type: ignore[call-overload]
    for word in list(corpus)[:4]:
        tokens = result.model.encode(word)
        assert tokens != [result.model.unk_token] or len(word) > 100


@FUZZ
@given(st.lists(st.text(chars, max_size=4), max_size=10), words, st.integers(-1, 4))
def test_encoders(vocab: list[str], text: str, n: int) -> None:
    assert isinstance(encoders.longest_match_by_length(text, vocab), list)
    assert isinstance(encoders.longest_prefix(text, vocab), list)
    try:
        encoders.char_ngrams(list(text), vocab, n)
    except Exception as exc:
        assert _ok(exc), repr(exc)


@FUZZ
@given(
    st.one_of(corpora, st.text(chars, max_size=30)),
    st.one_of(corpora, st.text(chars, max_size=30)),
    st.integers(-1, 6),
)
@example({"lower": 2, "newest": 3}, "lowest newer lowest", 5)
def test_joint(source: object, target: object, num: int) -> None:
    try:
        result = joint.learn_joint(source, target, num)  # type: ignore[arg-type]
    except Exception as exc:
        assert _ok(exc), repr(exc)
        return
    for step, (a, b) in zip(result.joint.steps, result.side_counts, strict=False):
        assert a + b == step.best_count
