"""Pre-tokenization: the three schemes against the tokenizers library, and their invariants.

Oracles: ``"whitespace"`` = ``WhitespaceSplit`` (tokenizers' ``Whitespace`` also cuts
punctuation, so it is not subword-nmt's rule); ``"bert"`` = ``BertNormalizer`` with
``handle_chinese_chars`` (and nothing else) followed by ``BertPreTokenizer``; ``"none"`` =
``Metaspace(prepend_scheme="always", split=True)`` on text whose whitespace runs are one space.
"""

from __future__ import annotations

import doctest
import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from subword_core.errors import CorpusError
from subword_core.text import pretokenize as pt
from subword_core.text.corpus import Corpus, parse_corpus
from subword_core.text.examples import example_text
from tests.core.fuzz_support import FUZZ

pre_tokenizers = pytest.importorskip("tokenizers.pre_tokenizers")
normalizers = pytest.importorskip("tokenizers.normalizers")

_BERT_NORM = normalizers.BertNormalizer(
    clean_text=False, handle_chinese_chars=True, strip_accents=False, lowercase=False
)
_BERT = pre_tokenizers.BertPreTokenizer()
_WS = pre_tokenizers.WhitespaceSplit()
_META = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)

# Text that looks like the app's corpora: Latin, Chinese, Korean, CJK and ASCII punctuation,
# spaces, tabs and line breaks; plus arbitrary code points (planes 0-2) for the edge cases.
_CHARS = "abcxyz ABC019 \t\n我们学习计算机语言中文한국어학교공부에서는。，！？、「」,.!?'\"-$()"
_EDGE = ["\u3000", "\u00a0", "\U00020001", "\uf900", "\u1100", "\u1161", "é", "e", "\u0301"]
_MIXED = st.text(st.sampled_from([*_CHARS, *_EDGE]), max_size=60)
_ANY = st.text(st.characters(max_codepoint=0x2FFFF, exclude_categories=("Cs",)), max_size=40)


def _theirs(pre: object, text: str) -> list[str]:
    return [piece for piece, _ in pre.pre_tokenize_str(text)]  # type: ignore[attr-defined]


def test_doctests() -> None:
    assert doctest.testmod(pt).failed == 0


@FUZZ
@given(st.one_of(_MIXED, _ANY))
def test_whitespace_is_whitespace_split(text: str) -> None:
    assert pt.split_text(text, "whitespace") == _theirs(_WS, text)


@FUZZ
@given(st.one_of(_MIXED, _ANY))
def test_bert_is_bert_normalizer_and_pre_tokenizer(text: str) -> None:
    assert pt.split_text(text, "bert") == _theirs(_BERT, _BERT_NORM.normalize_str(text))


@FUZZ
@given(st.one_of(_MIXED, _ANY))
def test_none_is_metaspace(text: str) -> None:
    one_space = " ".join(pt.split_text(text, "whitespace"))
    ours = pt.split_text(text, "none")
    assert ours == (_theirs(_META, one_space) if one_space else [])


def test_the_lesson_in_one_sentence() -> None:
    text = "我们学习语言。학교에서 공부해요, 좋아요!"
    assert pt.split_text(text, "whitespace") == ["我们学习语言。학교에서", "공부해요,", "좋아요!"]
    assert pt.split_text(text, "bert") == [
        *"我们学习语言。",
        "학교에서",
        "공부해요",
        ",",
        "좋아요",
        "!",
    ]
    assert pt.split_text(text, "none") == ["▁我们学习语言。학교에서", "▁공부해요,", "▁좋아요!"]


@FUZZ
@given(_MIXED, st.sampled_from(pt.SCHEMES))
def test_units_give_the_text_back(text: str, scheme: str) -> None:
    units = pt.split_text(text, scheme)
    assert all(units) and not any(ch.isspace() for u in units for ch in u)
    joined = "".join(u.removeprefix("▁") if scheme == "none" else u for u in units)
    assert joined == "".join(text.split())
    if scheme == "bert":  # a punctuation mark or an ideograph always stands alone
        assert all(
            len(u) == 1 for u in units if any(pt.is_cjk(c) or pt.is_punctuation(c) for c in u)
        )


@FUZZ
@given(_MIXED)
def test_jamo_only_touches_hangul_and_nfc_undoes_it(text: str) -> None:
    decomposed = pt.to_jamo(text)
    assert unicodedata.normalize("NFC", decomposed) == unicodedata.normalize("NFC", text)
    assert not any(pt.is_hangul_syllable(ch) for ch in decomposed)
    kept = [ch for ch in text if not pt.is_hangul_syllable(ch)]
    assert [ch for ch in decomposed if not 0x1100 <= ord(ch) <= 0x11FF] == [
        ch for ch in kept if not 0x1100 <= ord(ch) <= 0x11FF
    ]


def test_one_syllable_is_two_or_three_jamo() -> None:
    assert [len(pt.to_jamo(s)) for s in "가학교"] == [2, 3, 2]


@FUZZ
@given(_MIXED.filter(str.strip), st.sampled_from(pt.SCHEMES), st.booleans())
@example("0 0", "whitespace", False)
@example("0 1\n0", "whitespace", False)
def test_a_corpus_is_cut_like_its_text(text: str, scheme: str, jamo: bool) -> None:
    try:
        corpus = parse_corpus(text)
    except CorpusError:  # e.g. "0 0" reads as a word with a count of 0: not running text
        return
    if corpus.source_format != "text":
        return
    cut = pt.pretokenize_corpus(corpus, scheme, jamo=jamo)
    expected: dict[str, int] = {}
    for unit in pt.pretokenize(unicodedata.normalize("NFC", text), scheme, jamo=jamo):
        expected[unit] = expected.get(unit, 0) + 1
    assert cut.as_dict() == expected
    assert cut.total >= corpus.total


def test_whitespace_leaves_every_built_in_example_as_it_is() -> None:
    for key in ("seed-low", "seed-hug", "paragraph"):
        corpus = parse_corpus(example_text(key))
        assert pt.pretokenize_corpus(corpus, "whitespace") is corpus


def test_counts_add_up_and_notes_explain() -> None:
    corpus = Corpus.from_counts({"学习。": 2, "学校。": 3, "학교": 4})
    bert = pt.pretokenize_corpus(corpus, "bert", jamo=True)
    assert bert.as_dict() == {"学": 5, "习": 2, "。": 5, "校": 3, pt.to_jamo("학교"): 4}
    assert bert.total == 2 * 3 + 3 * 3 + 4
    assert any("BERT" in n for n in bert.notes) and any("jamo" in n for n in bert.notes)


def test_unknown_scheme_is_a_plain_error() -> None:
    with pytest.raises(ValueError, match="Unknown pre-tokenization 'spaces'"):
        pt.split_text("a", "spaces")
