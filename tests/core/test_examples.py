"""The built-in example corpora: all parse, in the documented order, with the seeds' counts."""

from __future__ import annotations

import pytest

from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import DEFAULT_EXAMPLE, EXAMPLES, example_text, pydoc_topics_text


def test_examples_are_in_the_documented_order() -> None:
    assert list(EXAMPLES) == [
        "seed-low",
        "seed-hug",
        "seed-low-underscore",
        "paragraph",
        "zh",
        "ko",
        "pydoc",
    ]
    assert DEFAULT_EXAMPLE in EXAMPLES
    for key, example in EXAMPLES.items():
        assert example.key == key
        assert example.title and example.description


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_every_example_parses(key: str) -> None:
    corpus = parse_corpus(example_text(key))
    assert len(corpus) > 0
    assert corpus.total >= len(corpus)


def test_seed_corpora_have_the_seeds_counts() -> None:
    assert parse_corpus(example_text("seed-low")).as_dict() == {
        "low": 5,
        "lower": 2,
        "newest": 6,
        "widest": 3,
    }
    assert parse_corpus(example_text("seed-hug")).as_dict() == {
        "hug": 10,
        "pug": 5,
        "pun": 12,
        "bun": 4,
        "hugs": 5,
    }
    assert parse_corpus(example_text("seed-low-underscore")).as_dict() == {
        "low_": 5,
        "lower_": 2,
        "newest_": 6,
        "widest_": 3,
    }


def test_paragraph_is_running_text_with_shared_stems() -> None:
    corpus = parse_corpus(example_text("paragraph"))
    assert corpus.source_format == "text"
    assert 80 <= corpus.total <= 120
    words = {word.strip('.,"').lower() for word in corpus.words}
    for family in (("walked", "walking"), ("newer", "newest"), ("lower", "lowest")):
        assert set(family) <= words


def test_chinese_example_has_no_spaces_and_repeats_its_words() -> None:
    corpus = parse_corpus(example_text("zh"))
    assert corpus.source_format == "text"
    assert len(corpus) == 8 and all(" " not in w for w in corpus.words)  # one word per sentence
    text = example_text("zh")
    for word in ("计算机", "语言", "学习"):
        assert text.count(word) >= 5


def test_korean_example_glues_particles_to_its_words() -> None:
    corpus = parse_corpus(example_text("ko"))
    assert corpus.source_format == "text"
    assert {"학교에서", "학교에", "공부를", "언어를"} <= set(corpus.words)
    assert corpus.as_dict()["학교에서"] == 3


def test_pydoc_text_is_large_real_text_loaded_once() -> None:
    text = example_text("pydoc")
    assert len(text) > 400_000
    assert pydoc_topics_text() is text  # cached, not rebuilt
    assert EXAMPLES["pydoc"].is_large and not EXAMPLES["seed-low"].is_large
    assert parse_corpus(text).source_format == "text"


def test_unknown_example_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="seed-low"):
        example_text("nope")
