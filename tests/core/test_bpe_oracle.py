"""subword_core.bpe (the library API, not the CLI) against subword-nmt as oracle.

With subword-nmt's conventions (``attach_end_of_word=True``: ``</w>`` glued to the last
character; ``tie_break="lexicographic"``: the greatest pair wins a tie) ``learn`` must pick
exactly the merges of ``subword_nmt.learn_bpe.learn_bpe``, and ``BPEModel.encode`` must
segment words exactly as ``subword_nmt.apply_bpe.encode``.
"""

from __future__ import annotations

import contextlib
import functools
import io
from unittest import mock

import pytest
import subword_nmt.learn_bpe
from hypothesis import given, settings
from hypothesis import strategies as st
from subword_nmt.apply_bpe import BPE
from subword_nmt.apply_bpe import encode as snmt_encode
from subword_nmt.learn_bpe import get_vocabulary, learn_bpe

from subword_core.bpe import BPEModel, BPEResult, learn
from subword_core.text.corpus import Corpus
from subword_core.text.examples import pydoc_topics_text
from tests.budget import examples

pytestmark = pytest.mark.oracle

Pair = tuple[str, str]


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def snmt_learn(counts: dict[str, int], num_merges: int, min_frequency: int = 2):
    """subword-nmt's merges for ``{word: count}`` (read as --dict-input) and its codes text.

    Returns ``(merges, codes, stopped)``; ``stopped`` is True when it printed its
    "no pair has frequency >= N. Stopping" message.
    """
    text = "".join(f"{word} {count}\n" for word, count in counts.items())
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(subword_nmt.learn_bpe, "tqdm", lambda iterable, *a, **k: iterable),
        contextlib.redirect_stderr(err),
    ):
        learn_bpe(io.StringIO(text), out, num_merges, min_frequency, is_dict=True)
    codes = out.getvalue()
    merges = [tuple(line.split(" ")) for line in codes.splitlines()[1:]]
    return merges, codes, "Stopping" in err.getvalue()


def ours_learn(counts: dict[str, int], num_merges: int, min_frequency: int = 2) -> BPEResult:
    return learn(
        Corpus.from_counts(counts),
        num_merges,
        min_frequency=min_frequency,
        attach_end_of_word=True,
        tie_break="lexicographic",
    )


def snmt_segmenter(codes: str):
    """Segment one word with subword-nmt: its tokens, end-of-word marker removed."""
    if codes.count("\n") == 1:
        # subword-nmt cannot read a codes file without merges; no merge means characters
        return list
    bpe = BPE(io.StringIO(codes))

    def segment(word: str) -> list[str]:
        tokens = snmt_encode(
            word, bpe.bpe_codes, bpe.bpe_codes_reverse, None, "@@", bpe.version, {}, None
        )
        return list(tokens)

    return segment


def ours_segment(model: BPEModel, word: str) -> list[str]:
    return model.strip_marker(model.encode(word))


def first_difference(a: list[Pair], b: list[Pair]) -> str:
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"merge {index + 1}: subword-nmt {x}, ours {y}"
    return f"lengths differ: subword-nmt {len(a)}, ours {len(b)}"


# --------------------------------------------------------------------------------------
# Real text: Python's documentation topics
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pydoc_lines() -> list[str]:
    return (pydoc_topics_text() + "\n").splitlines(keepends=True)


def vocabulary(lines: list[str]) -> dict[str, int]:
    """The vocabulary exactly as subword-nmt reads it."""
    return dict(get_vocabulary(io.StringIO("".join(lines))))


def test_2000_merges_on_pydoc_equal_subword_nmt(pydoc_lines: list[str]) -> None:
    counts = vocabulary(pydoc_lines)
    expected, _, stopped = snmt_learn(counts, 2000)
    assert not stopped and len(expected) == 2000
    result = ours_learn(counts, 2000)
    assert result.merges == expected, first_difference(expected, result.merges)
    assert result.stop_reason == "num_merges"


@pytest.fixture(scope="module")
def heldout(pydoc_lines: list[str]):
    """Learn 2000 merges on the first 80% of the lines with both tools."""
    return _heldout(tuple(pydoc_lines))


@functools.cache
def _heldout(pydoc_lines: tuple[str, ...]):
    """Computed once per test process: ``tests/conftest.py``'s SLOW_FIRST starts one of the
    two tests early, so the module-scoped fixture is set up again for the other (both tools'
    2000 merges: ~2.5 s each time). The tests only read it."""
    cut = len(pydoc_lines) * 4 // 5
    train = vocabulary(pydoc_lines[:cut])
    test_words = list(vocabulary(pydoc_lines[cut:]))
    expected, codes, _ = snmt_learn(train, 2000)
    result = ours_learn(train, 2000)
    return expected, codes, result, train, test_words


def test_merges_on_the_training_split_equal_subword_nmt(heldout) -> None:
    expected, _, result, _, _ = heldout
    assert result.merges == expected, first_difference(expected, result.merges)


def test_every_heldout_word_is_segmented_like_subword_nmt(heldout) -> None:
    _, codes, result, train, test_words = heldout
    unseen = [word for word in test_words if word not in train]
    assert len(unseen) > 500  # truly held-out words, not only training words again
    segment = snmt_segmenter(codes)
    from_codes = BPEModel.from_codes(codes)
    for word in test_words:
        expected = segment(word)
        assert ours_segment(result.model, word) == expected, word
        assert ours_segment(from_codes, word) == expected, word


# --------------------------------------------------------------------------------------
# Small random corpora: few letters, so pairs repeat and ties are everywhere
# --------------------------------------------------------------------------------------


@st.composite
def small_corpora(draw: st.DrawFn) -> dict[str, int]:
    alphabet = draw(st.sampled_from(["abc", "abcd"]))
    words = st.text(alphabet=alphabet, min_size=1, max_size=8)
    counts = draw(st.dictionaries(words, st.integers(1, 5), min_size=1, max_size=10))
    # subword-nmt crashes (max() of an empty sequence) when no word has a pair at all
    if all(len(word) == 1 for word in counts):
        counts[alphabet[:2]] = draw(st.integers(1, 5))
    return counts


@settings(max_examples=examples(300), deadline=None)
@given(small_corpora(), st.sampled_from([1, 2]), st.sampled_from([5, 30]))
def test_random_corpora_learn_the_same_merges(
    counts: dict[str, int], min_frequency: int, num_merges: int
) -> None:
    expected, _, stopped = snmt_learn(counts, num_merges, min_frequency)
    result = ours_learn(counts, num_merges, min_frequency)
    assert result.merges == expected, first_difference(expected, result.merges)
    # subword-nmt prints its stop message exactly when we stop early
    assert stopped == (result.stop_reason != "num_merges")


@settings(max_examples=examples(200), deadline=None)
@given(
    small_corpora(),
    st.sampled_from([1, 2]),
    st.lists(st.text(alphabet="abcdz", min_size=1, max_size=10), min_size=1, max_size=20),
)
def test_random_words_are_segmented_the_same(
    counts: dict[str, int], min_frequency: int, words: list[str]
) -> None:
    _, codes, _ = snmt_learn(counts, 30, min_frequency)
    result = ours_learn(counts, 30, min_frequency)
    segment = snmt_segmenter(codes)
    from_codes = BPEModel.from_codes(codes)
    for word in [*words, *counts]:
        expected = segment(word)
        assert ours_segment(result.model, word) == expected, word
        assert ours_segment(from_codes, word) == expected, word
