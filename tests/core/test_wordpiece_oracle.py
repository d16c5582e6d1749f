"""Oracle: our WordPiece encoder equals the `tokenizers` library's WordPiece model.

The vocabulary is learned by our trainer on 80 % of a real English text (the standard
library's pydoc topics); both encoders then segment every distinct held-out word, plus words
that must become [UNK] (unknown characters, over-long words).
"""

from __future__ import annotations

import random

import pytest

from subword_core.text.corpus import Corpus
from subword_core.text.examples import example_text
from subword_core.wordpiece import WordPiece, learn

pytestmark = pytest.mark.oracle

models = pytest.importorskip("tokenizers.models")


@pytest.fixture(scope="module")
def split() -> tuple[Corpus, list[str]]:
    lines = example_text("pydoc").splitlines()
    cut = int(len(lines) * 0.8)
    train = Corpus.from_counts(
        _count(w for line in lines[:cut] for w in line.split())  # type: ignore[arg-type]
    )
    held = list(dict.fromkeys(w for line in lines[cut:] for w in line.split()))
    return train, held


def _count(words: object) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in words:  # type: ignore[attr-defined]
        counts[w] = counts.get(w, 0) + 1
    return counts


def _theirs(model: WordPiece) -> object:
    vocab = {token: i for i, token in enumerate(model.to_vocab_text().splitlines())}
    return models.WordPiece(
        vocab=vocab,
        unk_token=model.unk_token,
        max_input_chars_per_word=model.max_input_chars_per_word,
    )


@pytest.mark.parametrize("scoring", ["likelihood", "frequency"])
def test_encode_equals_tokenizers_on_held_out_words(
    split: tuple[Corpus, list[str]], scoring: str
) -> None:
    train, held = split
    model = learn(train, 1200, scoring=scoring).model  # type: ignore[arg-type]
    theirs = _theirs(model)
    rng = random.Random(7)
    extra = [
        "naïve",  # ï never occurs in the training text: the whole word is [UNK]
        "x" * 100,  # exactly at the limit
        "x" * 101,  # over it
        "→arrow",
        *(
            "".join(rng.choice("abcdefghijklmnopqrstuvwxyz_") for _ in range(12))
            for _ in range(300)
        ),
    ]
    words = held + extra
    assert len(words) > 2000
    unk = 0
    for word in words:
        ours = model.encode(word)
        assert ours == [t.value for t in theirs.tokenize(word)], word  # type: ignore[attr-defined]
        unk += ours == ["[UNK]"]
    assert model.encode("x" * 101) == ["[UNK]"]
    assert unk >= 2  # the test really covers the whole-word [UNK] rule
