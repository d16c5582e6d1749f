"""Words to try (issue 28, item 6): Unigram's default word has a lattice with real
alternatives and is labelled truthfully; the "not in the corpus" words of the Chinese and
Korean examples are what a native speaker would write."""

from __future__ import annotations

import re

import pytest

from subword_core.text.corpus import Corpus
from subword_core.text.examples import EXAMPLES
from tests.app.conftest import html_text, open_link
from ui.app.follow import _listed, example_words, unseen_word


@pytest.mark.parametrize("corpus", ["seed-low", "seed-hug", "paragraph", "zh", "ko"])
def test_unigram_default_word_is_labelled_once_and_truthfully(corpus: str) -> None:
    at = open_link("unigram", {"corpus": corpus, "uni_tab": "word"})
    assert not at.exception
    word = at.text_input(key="uni_word").value
    label = re.search(
        r"Example words? — [^\n]*?\(made of its pieces\)|Example word — [^·]*", html_text(at)
    )
    assert label, html_text(at)[:400]
    text = label.group(0)
    seen = f"from the corpus: {word}" in text
    unseen = f"not in the corpus: {word} " in text
    assert seen != unseen, text  # one of the two, never both
    corpus_words = set(EXAMPLES[corpus].text.split()) if corpus.startswith("seed") else None
    if corpus_words is not None:
        assert seen == (word in corpus_words)


def test_unigram_default_word_on_the_classic_corpus_has_alternatives() -> None:
    at = open_link("unigram", {"corpus": "seed-low", "uni_tab": "word"})
    assert at.text_input(key="uni_word").value == "lower"
    segmentations = at.dataframe[0].value
    assert len(segmentations) >= 3  # ▁lower, ▁low · er, …: a lattice with several paths


def test_unigram_default_word_prefers_probable_alternatives() -> None:
    at = open_link("unigram", {"corpus": "seed-hug", "uni_tab": "word"})
    shares = at.dataframe[0].value["share of P(word)"].head(2).tolist()
    assert at.text_input(key="uni_word").value == "hun"
    assert [float(s) for s in shares] == [0.5, 0.5]  # h · un and hu · n, equally probable


@pytest.mark.parametrize(
    ("example", "word"), [("zh", "我们在学校学习中文。"), ("ko", "학교에서는")]
)
def test_chinese_and_korean_examples_offer_a_native_speakers_word(example: str, word: str) -> None:
    at = open_link("bpe_encode", {"corpus": example})
    text = at.text_input(key="bpe_encode_text").value
    assert text.endswith(" " + word)
    assert "语言模型语言" not in text and "에서를" not in text


def test_no_made_up_word_for_a_chinese_or_korean_corpus_without_a_written_one() -> None:
    corpus = Corpus.from_counts({"사과를": 3, "사과는": 2, "배를": 2, "배는": 1})
    assert unseen_word(corpus) is None  # stems + endings would make 사과를는-like words
    assert unseen_word(Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3}))


def test_example_words_are_listed_the_languages_way() -> None:
    assert _listed(["我们学习。", "学校"]) == "我们学习。 学校"  # no comma after 。
    assert example_words(Corpus.from_counts({"hug": 10, "pun": 12})).seen == ("hug", "pun")
