"""Oracle round trips (issue 19): our model → export → ``tokenizers`` / sentencepiece.

WordPiece: a learned model is written as ``tokenizer.json`` and as ``vocab.txt``, loaded by
``tokenizers`` (the ``vocab.txt`` into its ``WordPiece`` model with a ``WhitespaceSplit``
pre-tokenizer) and both tokenize random text with ``[UNK]``, ``##``, punctuation and CJK as
ours does, except the one documented difference: a word that *starts* with the unknown
token's spelling (the exported vocabulary holds ``[UNK]``, the trained one does not).

Unigram: every normalisation and marker, written as ``tokenizer.json``, gives the same
normalised text and the same tokens in ``tokenizers``; its normalizer equals sentencepiece's
``nmt_nfkc`` / ``nfkc`` on the same texts, except the documented points
(:func:`subword_core.formats.tokenizer_json.unigram_normalizers`), each checked here.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.formats import tokenizer_json
from subword_core.text.corpus import Corpus
from subword_core.text.normalize import normalize_chars, sentencepiece_text
from subword_core.unigram import NBEST_MAX, Unigram
from subword_core.wordpiece import WordPiece, alphabet_of, learn
from tests.budget import examples

pytestmark = pytest.mark.oracle

tokenizers = pytest.importorskip("tokenizers")
spm = pytest.importorskip("sentencepiece")

# --------------------------------------------------------------------------------------
# WordPiece
# --------------------------------------------------------------------------------------

WP_CHARS = [*"ab[]UNK#.,!?-中文字é", "e\u0301", "[UNK]"]
wp_words = st.lists(st.sampled_from(WP_CHARS), min_size=1, max_size=6).map("".join)
wp_corpora = st.dictionaries(
    wp_words.filter(lambda w: "##" not in w), st.integers(1, 4), min_size=1, max_size=10
)
wp_texts = st.lists(
    st.sampled_from([*WP_CHARS, "##", " ", "\t", "\x1c", "\u3000", "[UNK]"]), max_size=12
).map("".join)


SEPARATORS_TO_SPACES = dict.fromkeys(range(0x1C, 0x20), " ")


def _from_vocab_txt(model: WordPiece, tmp_path: object) -> object:
    path = tmp_path / "vocab.txt"  # type: ignore[operator]
    path.write_text(model.to_vocab_text(), encoding="utf-8")
    loaded = tokenizers.Tokenizer(
        tokenizers.models.WordPiece.from_file(str(path), unk_token=model.unk_token)
    )
    loaded.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
    return loaded


@settings(max_examples=examples(60), deadline=None)
@given(wp_corpora, st.integers(0, 30), st.lists(wp_texts, min_size=1, max_size=8))
def test_wordpiece_exports_encode_as_ours(
    tmp_path_factory: pytest.TempPathFactory,
    counts: dict[str, int],
    extra: int,
    texts: list[str],
) -> None:
    model = learn(counts, len(alphabet_of(Corpus.from_counts(counts))) + extra).model
    exported = WordPiece.from_vocab_text(model.to_vocab_text())
    from_json = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    from_txt = _from_vocab_txt(model, tmp_path_factory.mktemp("wp"))
    for text in [*texts, "[UNK]", "[UNK]a", "##a", "a##"]:
        assert from_json.encode(text).tokens == exported.tokenize(text), text
        # a vocab.txt has no normalizer: WhitespaceSplit keeps U+001C-U+001F in a word
        spaced = text.translate(SEPARATORS_TO_SPACES)
        assert from_txt.encode(spaced).tokens == exported.tokenize(text), text  # type: ignore[attr-defined]
        for word in text.split():
            if model.encode(word) != exported.encode(word):
                # the one difference: the exported vocabulary holds the unknown token
                assert word.startswith(model.unk_token), word
                assert model.unk_token not in model.vocab


def test_wordpiece_word_spelled_unk_differs_only_by_the_added_unk() -> None:
    model = learn({"[UNK]": 3, "as": 1}, 7).model  # the alphabet alone: no merges
    assert "[UNK]" not in model.vocab
    assert model.encode("[UNK]s") == ["[", "##U", "##N", "##K", "##]", "##s"]
    theirs = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    assert theirs.encode("[UNK]s").tokens == ["[UNK]", "##s"]
    assert WordPiece.from_vocab_text(model.to_vocab_text()).encode("[UNK]s") == ["[UNK]", "##s"]


def test_wordpiece_information_separators_split_words_as_ours() -> None:
    model = WordPiece(["a", "##a"])
    theirs = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    for sep in "\x1c\x1d\x1e\x1f":
        assert model.tokenize(f"a{sep}aa") == ["a", "a", "##a"]
        assert theirs.encode(f"a{sep}aa").tokens == ["a", "a", "##a"]


def test_bpe_information_separators_split_words_as_ours() -> None:
    """BPE exports split running text where ours does: at U+001C-U+001F too (issue 19)."""
    from subword_core import bpe

    model = bpe.learn({"aa": 5, "ab": 3}, 3, attach_end_of_word=True).model
    text = tokenizer_json.dumps(model)
    theirs = tokenizers.Tokenizer.from_str(text)
    for sep in "\x1c\x1d\x1e\x1f":
        ours = [t for word in f"aa{sep}ab  b{sep}".split() for t in model.encode(word)]
        assert theirs.encode(f"aa{sep}ab  b{sep}").tokens == ours
        # and back: the file still reads as the same model
        assert tokenizer_json.bpe_from_json(text) == model


# --------------------------------------------------------------------------------------
# Unigram
# --------------------------------------------------------------------------------------

#: Texts on which tokenizers' NFKC equals sentencepiece's table: no combining mark that
#: could compose with a rewritten character or be reordered (tested apart below).
SAFE = [
    *"ab É~", "e\u0301", "ｶﾞ", "\t", "\n", "\r", "\x0c", "\x0b", "\x01", "\x1c", "\x7f",
    "\x85", "\x8f", "\x9f", "\xa0", "\u3000", "\u2000", "\u1680", "\u200b", "\u200d",
    "\u2028", "\u061c", "\u2581", "\ufeff", "\ufffd", "ﬁ", "①", "Ａ", "ｶ", "～", "¨", "㎏",
    "ǅ", "Ⅻ", "ガ",
]  # fmt: skip
safe_texts = st.lists(st.sampled_from(SAFE), max_size=10).map("".join)
RULES = ("none", "nfkc", "nmt_nfkc")
SP_RULES = {"none": "identity", "nfkc": "nfkc", "nmt_nfkc": "nmt_nfkc"}
uni_pieces = st.dictionaries(
    st.text("ab▁fi~～A1", min_size=1, max_size=3),
    st.sampled_from([-1.0, -2.0, -3.5, -5.0]),
    min_size=1,
    max_size=10,
)


def _glued(model: Unigram, tokens: list[str]) -> list[str]:
    """Our tokens as tokenizers gives them: neighbouring unknown characters are one token."""
    out: list[str] = []
    previous = False
    for token in tokens:
        unknown = token not in model
        out.append(out.pop() + token if unknown and previous else token)
        previous = unknown
    return out


def _theirs(model: Unigram, text: str) -> tuple[list[str], list[str]]:
    """tokenizers on our export: (the normalised, pre-tokenized words, the tokens)."""
    loaded = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    normal = loaded.normalizer.normalize_str(text)
    words = [normal]
    if loaded.pre_tokenizer is not None:
        words = [w for w, _ in loaded.pre_tokenizer.pre_tokenize_str(normal)]
    return [w for w in words if w], loaded.encode(text).tokens


@settings(max_examples=examples(150), deadline=None)
@given(uni_pieces, safe_texts, st.sampled_from(RULES), st.sampled_from(["", "▁"]))
def test_unigram_export_tokenizes_as_ours(
    scores: dict[str, float], text: str, rule: str, mark: str
) -> None:
    model = Unigram(list(scores.items()), word_start=mark, normalization=rule)
    words, tokens = _theirs(model, text)
    if mark:
        marked = sentencepiece_text(text, rule)
        assert words == ([marked] if marked else [])
        assert tokens == _glued(model, model.tokenize(text))
    else:
        assert words == normalize_chars(text, rule).split()
        assert tokens == [t for w in words for t in _glued(model, model.encode(w))]
    assert tokenizer_json.unigram_from_json(tokenizer_json.dumps(model)) == model


@settings(max_examples=examples(150), deadline=None)
@given(safe_texts, st.sampled_from(RULES))
def test_unigram_normalizer_equals_sentencepiece(text: str, rule: str) -> None:
    model = Unigram([("a", -1.0)], word_start="▁", normalization=rule)
    loaded = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    theirs = spm.SentencePieceNormalizer(rule_name=SP_RULES[rule])
    assert loaded.normalizer.normalize_str(text) == theirs.normalize(text)


@pytest.mark.parametrize(
    ("text", "sentencepiece", "hugging_face"),
    [
        ("ﬁ\u0301", "▁fi\u0301", "▁fí"),  # the mark composes with NFKC's i in tokenizers
        ("a\u0301\u0323", "▁á\u0323", "▁ạ\u0301"),  # marks in canonical order
        ("\ufdd0", "▁\ufdd0", "▁～"),  # nmt_nfkc's stand-in for the kept ～
    ],
)
def test_unigram_normalizer_documented_differences(
    text: str, sentencepiece: str, hugging_face: str
) -> None:
    model = Unigram([("a", -1.0)], word_start="▁", normalization="nmt_nfkc")
    loaded = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    assert spm.SentencePieceNormalizer(rule_name="nmt_nfkc").normalize(text) == sentencepiece
    assert sentencepiece_text(text, "nmt_nfkc") == sentencepiece
    assert loaded.normalizer.normalize_str(text) == hugging_face


def test_unigram_nmt_nfkc_keeps_the_full_width_tilde() -> None:
    model = Unigram([("～", -1.0), ("~", -1.0)], normalization="nmt_nfkc")
    loaded = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(model))
    assert model.tokenize("～") == ["～"] == loaded.encode("～").tokens
    nfkc = Unigram([("～", -1.0), ("~", -1.0)], normalization="nfkc")
    loaded = tokenizers.Tokenizer.from_str(tokenizer_json.dumps(nfkc))
    assert nfkc.tokenize("～") == ["~"] == loaded.encode("～").tokens


@pytest.mark.parametrize("rule", RULES)
def test_unigram_vocab_text_needs_the_normalisation_told(rule: str) -> None:
    model = Unigram([("▁a", -1.0), ("▁", -2.0)], word_start="▁", normalization=rule)
    back = Unigram.from_vocab_text(model.to_vocab_text(), normalization=rule)
    assert back == model
    assert Unigram.from_vocab_text(model.to_vocab_text()).normalization == "none"


def test_nbest_is_capped_as_sentencepiece_caps_it() -> None:
    from tests.core.test_unigram_sp_parity import processor

    scores = {"a": -1.0, "aa": -1.5, "aaa": -2.0}
    word = "a" * 14  # 3,136 segmentations
    ours = Unigram(list(scores.items())).nbest(word, 2000)
    assert len(ours) == NBEST_MAX == 512
    sp = processor(scores)
    assert [list(s.pieces) for s in ours] == sp.nbest_encode_as_pieces(word, NBEST_MAX)
    with pytest.raises(RuntimeError, match="512"):
        sp.nbest_encode_as_pieces(word, NBEST_MAX + 1)
