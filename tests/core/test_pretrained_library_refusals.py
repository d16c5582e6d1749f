"""Files the ``tokenizers`` library refuses are refused here too, in words (issue 26, item 7).

Python's JSON reader takes ``NaN`` and ``1e999``, and ``true`` is a whole number to Python;
the library (serde) refuses them, and negative, boolean or over-``u32`` ids, an ``unk_id``
outside the vocabulary, a flag that is not ``true``/``false``. Each file below is refused by
``Tokenizer.from_str`` AND by :func:`subword_core.pretrained.load`, with a code the page words
(``ui.views.pretrained.files.error_text``); the files beside them at the edge of what is allowed
load in both.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tokenizers import Tokenizer

from subword_core.pretrained import PretrainedError, load


def _doc(model: dict[str, Any], **changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [],
        "normalizer": None,
        "pre_tokenizer": {"type": "WhitespaceSplit"},
        "post_processor": None,
        "decoder": None,
        "model": model,
    }
    return {**doc, **changes}


def _unigram(vocab: list[Any] | None = None, **model: Any) -> dict[str, Any]:
    pieces = vocab if vocab is not None else [["<unk>", 0.0], ["a", -1.0], ["b", -2.0]]
    return _doc({"type": "Unigram", "unk_id": 0, "vocab": pieces, **model})


def _bpe(vocab: dict[str, Any] | None = None, **model: Any) -> dict[str, Any]:
    ids = vocab if vocab is not None else {"a": 0, "b": 1, "ab": 2}
    return _doc({"type": "BPE", "vocab": ids, "merges": ["a b"], **model})


def _wordpiece(vocab: dict[str, Any] | None = None, **model: Any) -> dict[str, Any]:
    ids = vocab if vocab is not None else {"[UNK]": 0, "a": 1, "##b": 2}
    settings = {"unk_token": "[UNK]", "continuing_subword_prefix": "##"}
    return _doc(
        {"type": "WordPiece", "max_input_chars_per_word": 100, **settings, "vocab": ids, **model}
    )


def _added(**entry: Any) -> dict[str, Any]:
    token = {"id": 3, "content": "<x>", "single_word": False, "lstrip": False, "rstrip": False}
    return _bpe() | {"added_tokens": [{**token, "normalized": False, "special": True, **entry}]}


def _without(doc: dict[str, Any], key: str) -> dict[str, Any]:
    """``doc`` with ``key`` left out of its one added token."""
    (token,) = doc["added_tokens"]
    return doc | {"added_tokens": [{k: v for k, v in token.items() if k != key}]}


def _with_number(doc: dict[str, Any], literal: str) -> str:
    """``doc`` as JSON with the score ``-2.0`` written as ``literal`` (``NaN``, ``1e999``)."""
    text = json.dumps(doc)
    assert text.count("-2.0") == 1
    return text.replace("-2.0", literal)


REFUSED: dict[str, tuple[str, str]] = {
    # numbers JSON cannot hold (serde_json refuses them wherever they stand)
    "unigram score NaN": (_with_number(_unigram(), "NaN"), "not_finite"),
    "unigram score Infinity": (_with_number(_unigram(), "Infinity"), "not_finite"),
    "unigram score -Infinity": (_with_number(_unigram(), "-Infinity"), "not_finite"),
    "unigram score 1e999": (_with_number(_unigram(), "1e999"), "not_finite"),
    "unigram score 1e400 digits": (_with_number(_unigram(), "-1" + "0" * 400), "not_finite"),
    "unigram score true": (json.dumps(_unigram([["<unk>", 0.0], ["a", True]])), "bad_vocab"),
    # Unigram's unk_id: a usize inside the vocabulary
    "unigram unk_id past the end": (json.dumps(_unigram(unk_id=3)), "bad_unk_id"),
    "unigram unk_id negative": (json.dumps(_unigram(unk_id=-1)), "bad_unk_id"),
    "unigram unk_id true": (json.dumps(_unigram(unk_id=True)), "bad_unk_id"),
    "unigram unk_id text": (json.dumps(_unigram(unk_id="0")), "bad_unk_id"),
    "unigram unk_id in no vocabulary": (json.dumps(_unigram([], unk_id=0)), "bad_unk_id"),
    "unigram byte_fallback 1": (json.dumps(_unigram(byte_fallback=1)), "not_a_flag"),
    # ids are u32
    "bpe id negative": (json.dumps(_bpe({"a": -1, "b": 1, "ab": 2})), "bad_id"),
    "bpe id true": (json.dumps(_bpe({"a": True, "b": 1, "ab": 2})), "bad_id"),
    "bpe id over u32": (json.dumps(_bpe({"a": 2**32, "b": 1, "ab": 2})), "bad_id"),
    "bpe fuse_unk 1": (json.dumps(_bpe(fuse_unk=1)), "not_a_flag"),
    "bpe byte_fallback text": (json.dumps(_bpe(byte_fallback="true")), "not_a_flag"),
    "wordpiece id negative": (json.dumps(_wordpiece({"[UNK]": 0, "a": -5})), "bad_id"),
    "wordpiece id true": (json.dumps(_wordpiece({"[UNK]": True, "a": 1})), "bad_id"),
    "wordpiece id over u32": (json.dumps(_wordpiece({"[UNK]": 0, "a": 2**40})), "bad_id"),
    "wordpiece max chars negative": (
        json.dumps(_wordpiece(max_input_chars_per_word=-1)),
        "not_a_count",
    ),
    "wordpiece max chars true": (
        json.dumps(_wordpiece(max_input_chars_per_word=True)),
        "not_a_count",
    ),
    "added token id negative": (json.dumps(_added(id=-1)), "bad_id"),
    "added token id true": (json.dumps(_added(id=True)), "bad_id"),
    "added token id over u32": (json.dumps(_added(id=2**32)), "bad_id"),
    "added token id null": (json.dumps(_added(id=None)), "bad_id"),
    "added token lstrip 1": (json.dumps(_added(lstrip=1)), "not_a_flag"),
    # an added token names its id and all five flags (issue 26: these once loaded)
    **{
        f"added token without {key}": (json.dumps(_without(_added(), key)), "missing_field")
        for key in ("id", "single_word", "lstrip", "rstrip", "normalized", "special")
    },
    "added token without content": (json.dumps(_without(_added(), "content")), "bad_added_token"),
    "added token content 5": (json.dumps(_added(content=5)), "bad_added_token"),
    "added token null": (json.dumps(_bpe() | {"added_tokens": [None]}), "bad_added_token"),
    "added token a list": (json.dumps(_bpe() | {"added_tokens": [["<x>", 3]]}), "bad_added_token"),
    "added_tokens null": (json.dumps(_bpe() | {"added_tokens": None}), "bad_added_tokens"),
    "added_tokens an object": (json.dumps(_bpe() | {"added_tokens": {}}), "bad_added_tokens"),
}

ACCEPTED: dict[str, str] = {
    "unigram score 1e308": _with_number(_unigram(), "-1e308"),
    "unigram unk_id null": json.dumps(_unigram(unk_id=None)),
    "unigram unk_id last": json.dumps(_unigram(unk_id=2)),
    "bpe id u32 max": json.dumps(_bpe({"a": 0, "b": 1, "ab": 2**32 - 1})),
    "bpe fuse_unk null": json.dumps(_bpe(fuse_unk=None)),
    "wordpiece max chars 0": json.dumps(_wordpiece(max_input_chars_per_word=0)),
    "added token id 3": json.dumps(_added()),
    "added token empty": json.dumps(_added(content="")),
    "no added_tokens": json.dumps({k: v for k, v in _bpe().items() if k != "added_tokens"}),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_file_the_library_refuses_is_refused_in_words(case: str) -> None:
    text, code = REFUSED[case]
    with pytest.raises(Exception):  # noqa: B017 - the library raises a bare Exception
        Tokenizer.from_str(text)
    with pytest.raises(PretrainedError) as refused:
        load({"tokenizer.json": text})
    err = refused.value
    assert err.code == code, (case, err.code, str(err))
    words = str(err)
    assert code == "bad_vocab" or ("tokenizers library" in words and "refuses" in words), words
    assert err.values, case  # the facts a translation words the refusal with


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_a_file_at_the_edge_loads_in_both(case: str) -> None:
    text = ACCEPTED[case]
    expected = Tokenizer.from_str(text).encode("a b", add_special_tokens=False)
    trace = load({"tokenizer.json": text}).trace("a b")
    assert trace.tokens == tuple(expected.tokens) and trace.ids == tuple(expected.ids)


def test_a_gpt2_vocabulary_with_a_negative_id_is_refused() -> None:
    files = {"vocab.json": json.dumps({"a": -1, "b": 1, "ab": 2}), "merges.txt": "a b\n"}
    with pytest.raises(PretrainedError) as refused:
        load(files)
    assert refused.value.code == "bad_id" and refused.value.values["id"] == "-1"
