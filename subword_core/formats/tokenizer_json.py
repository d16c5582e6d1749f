"""Write and read Hugging Face ``tokenizer.json`` files for the BPE, WordPiece and Unigram models.

:func:`dumps` writes any of the three models, :func:`loads` reads a file back into the model it
holds; :func:`bpe_from_json`, :func:`wordpiece_from_json` and :func:`unigram_from_json` read one
kind and refuse the others. The dependency points one way: this module imports the models, the
models know nothing of ``tokenizer.json`` (the layering test checks it).

The ``tokenizers`` library (tested with 0.23.3) loads what :func:`dumps` writes with
``Tokenizer.from_str`` and segments a word exactly as the model's ``encode`` does, except where
noted below. The JSON is written with the standard :mod:`json` module; ``tokenizers`` is never
imported here.

The BPE and WordPiece files, and the Unigram file without a marker, use a
``WhitespaceSplit`` pre-tokenizer (after a normalizer that makes U+001C–U+001F spaces, see
below), so tokenizing one word equals our ``encode(word)``; no added tokens, no
post-processor.

Exactly what differs (the tests check each point):

* **BPE, separate end-of-word marker.** ``tokenizers``' ``end_of_word_suffix`` is glued to
  the word's last character (``w</w>``, subword-nmt ``#version: 0.2``); it cannot produce a
  separate ``</w>`` token (``low`` + ``</w>``), so a model with ``attach_end_of_word=False``
  and a marker is refused with :class:`ParameterError`.
* **BPE, unknown characters.** With ``unk_token`` set, an unknown *last* character is
  ``[UNK]</w>`` in our model (the marker is glued after the replacement) and ``[UNK]`` in
  ``tokenizers``. Without ``unk_token`` (or without an alphabet) our model keeps an unknown
  character as a token, ``tokenizers`` silently drops it. A model read from a codes file has
  no alphabet: its vocabulary holds the characters its merges are made of, so a character
  that no merge uses is dropped by ``tokenizers``.
* **BPE, merge order.** ``tokenizers`` applies merges with a priority queue; this equals our
  "lowest merge number, every occurrence" loop whenever a merge never uses a symbol created
  by a later merge, which holds for every learned model (not for hand-written codes).
* **WordPiece** is exact for ``unk_mode="word"`` (BERT's rule; ``max_input_chars_per_word``
  counts characters in both) except for a word that *starts* with the unknown token's
  spelling: ``tokenizers`` needs the unknown token in the vocabulary (it is written as id 0,
  as in :meth:`WordPiece.to_vocab_text`), and longest-match-first then takes it like any
  other token, so ``[UNK]s`` is ``[UNK]``, ``##s`` where a trained vocabulary without
  ``[UNK]`` gives ``[``, ``##U``, ... (no export avoids it: an added special token would cut
  ``[UNK]`` out of every word, a renamed unknown token would change the output).
  ``unk_mode="leftover"`` cannot be expressed and is refused.
* **Running text.** The BPE and WordPiece files, and the Unigram file without a marker, split
  words with ``WhitespaceSplit`` after a normalizer that turns U+001C–U+001F into spaces:
  Python's ``str.split()`` splits there, ``tokenizers``' Unicode whitespace does not.
* **Unigram, normalisation.** ``Unigram.normalization`` is written as normalizers
  (:func:`unigram_normalizers`, with its differences from sentencepiece) and read back.
* **Unigram, unknown characters.** ``tokenizers`` glues neighbouring unknown characters into
  one token (``"xy"``), ours keeps one token per character (``"x", "y"``); the segmentation
  is otherwise the same (same lattice, same scores, same tie rule). ``tokenizers`` fixes the
  unknown penalty at 10 below the lowest score *of its whole vocabulary, unknown piece
  included*, so a penalty above 10 is written as a lower score of the unknown piece, and a
  penalty below 10 is refused. The unknown piece is named ``"<unk> "`` (with a space) because
  ``tokenizers`` matches that piece in text like any other piece: no word contains a space.
* **Unigram, word start.** ``word_start="▁"`` is written as normalizers that do what
  sentencepiece does to the whole text (:func:`subword_core.text.normalize.sentencepiece_text`:
  spaces at the ends dropped, each run of spaces one ``▁``, a ``▁`` in front, none at the
  end) and no pre-tokenizer, so ``tokenizers`` segments the text as one string, as
  :meth:`Unigram.tokenize` does; a ``Metaspace`` decoder turns ``▁`` back into spaces.
  Files with a ``Metaspace`` pre-tokenizer (older exports, T5-style files) still read.

Example:
    >>> from subword_core.wordpiece import WordPiece
    >>> text = dumps(WordPiece(["h", "##i"]))
    >>> json.loads(text)["model"]["vocab"]
    {'[UNK]': 0, 'h': 1, '##i': 2}
    >>> loads(text).encode("hi")
    ['h', '##i']
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from subword_core.bpe import BPEModel
from subword_core.errors import ParameterError, check_option
from subword_core.text.normalize import _NMT_KEPT, _NMT_REMOVED, _NMT_SPACES, NORMALIZATIONS
from subword_core.unigram import Unigram
from subword_core.wordpiece import DEFAULT_MAX_CHARS, DEFAULT_PREFIX, DEFAULT_UNK, WordPiece

__all__ = [
    "UNIGRAM_UNK_PIECE",
    "Model",
    "bpe_from_json",
    "bpe_to_json",
    "dumps",
    "loads",
    "model_type",
    "unigram_from_json",
    "unigram_normalizers",
    "unigram_to_json",
    "wordpiece_from_json",
    "wordpiece_to_json",
]

UNIGRAM_UNK_PIECE = "<unk> "
"""The unknown piece written into a Unigram ``tokenizer.json`` (a space: it never matches)."""

_TOKENIZERS_UNK_PENALTY = 10.0

Model = BPEModel | WordPiece | Unigram
"""The models a ``tokenizer.json`` can hold here."""


def dumps(model: Model) -> str:
    """The model as a Hugging Face ``tokenizer.json`` (``Tokenizer.from_str`` loads it).

    Raises:
        ParameterError: a model the format cannot hold (see the module docstring): a BPE
            model with a separate end-of-word marker, WordPiece with ``unk_mode="leftover"``,
            Unigram with ``unk_penalty`` below 10 or a multi-character ``word_start``.

    Example:
        >>> '"type": "Unigram"' in dumps(Unigram([("a", -1.0)]))
        True
    """
    if isinstance(model, BPEModel):
        return bpe_to_json(model)
    if isinstance(model, WordPiece):
        return wordpiece_to_json(model)
    if isinstance(model, Unigram):
        return unigram_to_json(model)
    raise ParameterError(
        f"Only BPE, WordPiece and Unigram models can be written, not {type(model).__name__}.",
        code="json_cannot_write",
        values={"type": type(model).__name__},
    )


def loads(text: str) -> Model:
    """Read a ``tokenizer.json`` into the model it holds (BPE, WordPiece or Unigram).

    Raises:
        ParameterError: not JSON, no ``model`` object, another kind of model (e.g.
            ``WordLevel``), or a model the kind's reader refuses.

    Example:
        >>> loads(dumps(BPEModel((("a", "b</w>"),), attach_end_of_word=True))).encode("ab")
        ['ab</w>']
    """
    readers = {"BPE": bpe_from_json, "WordPiece": wordpiece_from_json, "Unigram": unigram_from_json}
    kind = model_type(text)
    if kind not in readers:
        raise ParameterError(
            f"This tokenizer.json holds a {kind or 'unknown'} model; only BPE, WordPiece and "
            "Unigram models can be read.",
            code="json_model_kind",
            values={"kind": kind or "unknown"},
        )
    return readers[kind](text)


def _document(
    model: dict[str, Any], pre_tokenizer: Any, decoder: Any, normalizer: Any = None
) -> str:
    return json.dumps(
        {
            "version": "1.0",
            "truncation": None,
            "padding": None,
            "added_tokens": [],
            "normalizer": normalizer,
            "pre_tokenizer": pre_tokenizer,
            "post_processor": None,
            "decoder": decoder,
            "model": model,
        },
        ensure_ascii=False,
        indent=2,
    )


def _replace(pattern: str, content: str, *, regex: bool = True) -> dict[str, Any]:
    """A ``Replace`` normalizer (``pattern`` a regular expression, or a plain string)."""
    return {
        "type": "Replace",
        "pattern": {"Regex" if regex else "String": pattern},
        "content": content,
    }


#: Python's ``str.split()`` also splits at the information separators U+001C–U+001F, which
#: are not Unicode White_Space (``tokenizers``' ``WhitespaceSplit`` keeps them in a word);
#: this normalizer turns them into spaces first, so running text splits the same.
_SEPARATORS = _replace("[\u001c-\u001f]", " ")


def _with_separators(normalizers: list[dict[str, Any]]) -> dict[str, Any]:
    """A normalizer: ``normalizers`` then :data:`_SEPARATORS`, one ``Sequence``."""
    return {"type": "Sequence", "normalizers": [*normalizers, _SEPARATORS]}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text_field(body: dict[str, Any], key: str) -> str | None:
    """The model's ``key`` field when it is text or missing (``None``); refused otherwise."""
    value = body.get(key)
    if value is not None and not isinstance(value, str):
        raise ParameterError(
            f"The model's {key!r} must be text, not {value!r}.",
            code="json_field_not_text",
            values={"key": repr(key), "value": repr(value)[:40]},
        )
    return value


def _parse(text: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Parse ``text``: (the whole document, its ``model``, the model's type or ``""``)."""
    if not isinstance(text, str):
        raise ParameterError(
            f"A tokenizer.json is read from text (a str), not {type(text).__name__}.",
            code="not_text",
            values={"name": "tokenizer.json", "type": type(text).__name__},
        )
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise ParameterError(
            f"This is not valid JSON: {err}.",
            code="json_invalid",
            values={"line": err.lineno, "column": err.colno},
        ) from None
    except (ValueError, RecursionError):
        # subtle: json raises these for a number of more than 4,300 digits and for arrays
        # nested thousands deep, not JSONDecodeError; a hostile upload can hold either.
        raise ParameterError(
            "This JSON cannot be read: it holds a number with thousands of digits or is "
            "nested too deeply for a tokenizer.json.",
            code="json_unreadable",
        ) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("model"), dict):
        raise ParameterError(
            "A tokenizer.json needs a 'model' object at the top level.", code="json_no_model"
        )
    model = doc["model"]
    found = model.get("type")
    if found is None:  # older files leave the type out; guess it from the fields
        if "merges" in model:
            found = "BPE"
        elif "continuing_subword_prefix" in model or "max_input_chars_per_word" in model:
            found = "WordPiece"
        elif "unk_id" in model:
            found = "Unigram"
    return doc, model, str(found or "")


def _load_model(text: str, kind: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Parse ``text`` and return (the whole document, its ``model``), checking the type."""
    doc, model, found = _parse(text)
    if found != kind:
        raise ParameterError(
            f"This tokenizer.json holds a {found or 'unknown'} model, not a {kind} model.",
            code="json_wrong_kind",
            values={"found": found or "unknown", "kind": kind},
        )
    return doc, model


def model_type(text: str) -> str:
    """The type of the model in a ``tokenizer.json``: ``"BPE"``, ``"WordPiece"``, ``"Unigram"`` ...

    Raises:
        ParameterError: not JSON, or no ``model`` object.

    Example:
        >>> model_type('{"model": {"type": "WordLevel", "vocab": {}}}')
        'WordLevel'
    """
    return _parse(text)[2]


def _vocab_in_order(vocab: Any) -> list[str]:
    if not isinstance(vocab, dict) or not all(_is_int(i) for i in vocab.values()):
        raise ParameterError(
            "The model's 'vocab' must be an object mapping tokens to ids.", code="json_bad_vocab"
        )
    return [token for token, _ in sorted(vocab.items(), key=lambda item: item[1])]


# --------------------------------------------------------------------------------------
# BPE
# --------------------------------------------------------------------------------------


def bpe_to_json(model: BPEModel) -> str:
    """A ``tokenizer.json`` for a BPE model (see the module docstring for the limits).

    The vocabulary is the unknown token (if any), every alphabet character alone and with
    the marker glued, then every merge's parts and result; the merges keep their order.

    Raises:
        ParameterError: the model keeps the end-of-word marker as a separate symbol.

    Example:
        >>> model = BPEModel((("l", "o"), ("lo", "w</w>")), attach_end_of_word=True)
        >>> json.loads(bpe_to_json(model))["model"]["merges"]
        [['l', 'o'], ['lo', 'w</w>']]
    """
    eow = model.end_of_word
    if eow and not model.attach_end_of_word:
        raise ParameterError(
            f"This BPE model keeps the end-of-word marker {eow!r} as a separate symbol "
            f"('low' + {eow!r}). A tokenizer.json can only glue the marker to the last "
            f"character ('lo' + 'w{eow}', tokenizers' end_of_word_suffix), which gives "
            "different merges and tokens. Train with the marker glued to the last character "
            "(attach_end_of_word=True, subword-nmt's convention) to export it.",
            code="json_separate_marker",
            values={"marker": repr(eow)},
        )
    vocab: dict[str, int] = {}

    def add(token: str) -> None:
        if token not in vocab:
            vocab[token] = len(vocab)

    unk = model.unk_token if model.alphabet is not None else None
    if unk is not None:
        add(unk)
    if model.alphabet is not None:
        chars = sorted(model.alphabet)
    else:  # a model read from codes: the characters its merges are made of
        found: set[str] = set()
        for pair in model.merges:
            for symbol in pair:
                if eow and symbol.endswith(eow):
                    symbol = symbol[: -len(eow)]
                found.update(symbol)
        chars = sorted(found)
    for ch in chars:
        add(ch)
        if eow:
            add(ch + eow)
    merges: list[list[str]] = []
    seen: set[tuple[str, str]] = set()
    for left, right in model.merges:
        if (left, right) in seen:  # a repeated pair keeps its first number, as in encode
            continue
        seen.add((left, right))
        add(left)
        add(right)
        add(left + right)
        merges.append([left, right])
    body = {
        "type": "BPE",
        "dropout": None,
        "unk_token": unk,
        "continuing_subword_prefix": None,
        "end_of_word_suffix": eow or None,
        "fuse_unk": False,
        "byte_fallback": False,
        "ignore_merges": False,
        "vocab": vocab,
        "merges": merges,
    }
    decoder = {"type": "BPEDecoder", "suffix": eow} if eow else None
    return _document(body, {"type": "WhitespaceSplit"}, decoder, _with_separators([]))


def bpe_from_json(text: str) -> BPEModel:
    """Read a BPE ``tokenizer.json``: merges, ``end_of_word_suffix`` and ``unk_token``.

    The alphabet is every one-character token (also with the suffix stripped), so unknown
    characters become ``unk_token`` as in ``tokenizers``. A ``continuing_subword_prefix``
    cannot be represented and is refused.

    Raises:
        ParameterError: not JSON, not a BPE model, a prefix, or malformed merges.

    Example:
        >>> model = BPEModel((("l", "o"),), attach_end_of_word=True, alphabet=frozenset("lo"))
        >>> bpe_from_json(bpe_to_json(model)) == model
        True
    """
    _, body = _load_model(text, "BPE")
    if body.get("continuing_subword_prefix"):
        raise ParameterError(
            "This BPE model uses a continuing_subword_prefix "
            f"({body['continuing_subword_prefix']!r}), which subword_core's BPE does not have.",
            code="json_prefix",
            values={"prefix": repr(body["continuing_subword_prefix"])[:40]},
        )
    eow = _text_field(body, "end_of_word_suffix") or ""
    unk = _text_field(body, "unk_token")
    tokens = _vocab_in_order(body.get("vocab", {}))
    entries = body.get("merges", [])
    if not isinstance(entries, list):
        raise ParameterError(
            "The model's 'merges' must be a list of pairs.", code="json_bad_merges"
        )
    merges: list[tuple[str, str]] = []
    for number, entry in enumerate(entries, start=1):
        parts = entry.split(" ") if isinstance(entry, str) else entry
        if (
            not isinstance(parts, list)
            or len(parts) != 2
            or not all(isinstance(p, str) and p for p in parts)
        ):
            raise ParameterError(
                f"Merge {number}: expected two symbols, got {entry!r}.",
                code="json_merge",
                values={"merge": number, "entry": repr(entry)[:60]},
            )
        merges.append((str(parts[0]), str(parts[1])))
    alphabet = set()
    for token in tokens:
        if eow and token.endswith(eow):
            token = token[: -len(eow)]
        if len(token) == 1:
            alphabet.add(token)
    return BPEModel(
        tuple(merges),
        eow,
        attach_end_of_word=bool(eow),
        unk_token=unk,
        alphabet=frozenset(alphabet),
    )


# --------------------------------------------------------------------------------------
# WordPiece
# --------------------------------------------------------------------------------------


def wordpiece_to_json(model: WordPiece) -> str:
    """A ``tokenizer.json`` for a WordPiece model; ids are the lines of ``to_vocab_text``.

    Raises:
        ParameterError: ``unk_mode="leftover"`` (seed 004), which ``tokenizers`` lacks.

    Example:
        >>> json.loads(wordpiece_to_json(WordPiece(["a"])))["model"]["unk_token"]
        '[UNK]'
    """
    if model.unk_mode != "word":
        raise ParameterError(
            "tokenizers' WordPiece turns a whole word into the unknown token when any part of "
            "it matches nothing; unk_mode='leftover' (keep the matched pieces) cannot be "
            "written as a tokenizer.json.",
            code="json_leftover",
        )
    tokens = model.to_vocab_text().splitlines()
    body = {
        "type": "WordPiece",
        "unk_token": model.unk_token,
        "continuing_subword_prefix": model.prefix,
        "max_input_chars_per_word": model.max_input_chars_per_word,
        "vocab": {token: index for index, token in enumerate(tokens)},
    }
    decoder = {"type": "WordPiece", "prefix": model.prefix, "cleanup": False}
    return _document(body, {"type": "WhitespaceSplit"}, decoder, _with_separators([]))


def wordpiece_from_json(text: str) -> WordPiece:
    """Read a WordPiece ``tokenizer.json`` (vocabulary in id order, prefix, UNK, max chars).

    Raises:
        ParameterError: not JSON, not a WordPiece model, or an empty vocabulary.

    Example:
        >>> wordpiece_from_json(wordpiece_to_json(WordPiece(["[UNK]", "h", "##i"]))).vocab
        ('[UNK]', 'h', '##i')
    """
    _, body = _load_model(text, "WordPiece")
    tokens = _vocab_in_order(body.get("vocab", {}))
    if not tokens:
        raise ParameterError("The WordPiece vocabulary is empty.", code="json_vocab_empty")
    prefix = _text_field(body, "continuing_subword_prefix")
    max_chars = body.get("max_input_chars_per_word") or DEFAULT_MAX_CHARS
    if not _is_int(max_chars) or max_chars < 1:
        raise ParameterError(
            f"max_input_chars_per_word must be a whole number of at least 1, not {max_chars!r}.",
            code="not_positive",
            values={"name": "max_input_chars_per_word", "value": repr(max_chars)[:40]},
        )
    return WordPiece(
        tuple(tokens),
        unk_token=_text_field(body, "unk_token") or DEFAULT_UNK,
        prefix=DEFAULT_PREFIX if prefix is None else prefix,
        max_input_chars_per_word=max_chars,
    )


# --------------------------------------------------------------------------------------
# Unigram
# --------------------------------------------------------------------------------------


def unigram_to_json(model: Unigram) -> str:
    """A ``tokenizer.json`` for a Unigram model: the pieces, then the unknown piece.

    The normalizer rewrites the characters as ``model.normalization`` does
    (:func:`unigram_normalizers`). With a ``word_start`` marker it also does what
    :meth:`Unigram.tokenize` does to the whole text (sentencepiece's whitespace rules:
    spaces at the ends dropped, a run of spaces one marker, a marker in front, none at the
    end) and there is no pre-tokenizer, so ``tokenizers`` segments the text as one string,
    as sentencepiece and :meth:`Unigram.tokenize` do; without one, a ``WhitespaceSplit``
    pre-tokenizer splits the words.

    Raises:
        ParameterError: ``unk_penalty`` below 10, or a ``word_start`` longer than one
            character.

    Example:
        >>> body = json.loads(unigram_to_json(Unigram([("a", -1.0), ("b", -2.0)])))["model"]
        >>> body["vocab"], body["unk_id"]
        ([['a', -1.0], ['b', -2.0], ['<unk> ', -2.0]], 2)
    """
    if model.unk_penalty < _TOKENIZERS_UNK_PENALTY:
        raise ParameterError(
            f"tokenizers' Unigram scores an unknown character 10 below the lowest score; this "
            f"model uses {model.unk_penalty:g}, which a tokenizer.json cannot express "
            "(only penalties of 10 or more can).",
            code="json_unk_penalty",
            values={"penalty": f"{model.unk_penalty:g}"},
        )
    if len(model.word_start) > 1:
        raise ParameterError(
            f"The word-start marker {model.word_start!r} is longer than one character; "
            "tokenizers' Metaspace decoder puts back exactly one character.",
            code="json_long_marker",
            values={"marker": repr(model.word_start)},
        )
    lowest = min(score for _, score in model.pieces)
    # subtle: tokenizers takes the minimum over its whole vocabulary, unknown piece included,
    # so a lower unknown piece lowers the unknown score to ours.
    extra = model.unk_penalty - _TOKENIZERS_UNK_PENALTY
    unk_score = lowest - extra if extra else lowest
    vocab = [[piece, score] for piece, score in model.pieces]
    vocab.append([UNIGRAM_UNK_PIECE, unk_score])
    body = {"type": "Unigram", "unk_id": len(vocab) - 1, "vocab": vocab, "byte_fallback": False}
    chars = unigram_normalizers(model.normalization)
    mark = model.word_start
    if mark:
        # subtle: "(?![^ ]| )" is the end of the text and "(?<![^ ]| )" its start, in
        # Oniguruma and Python alike (``\z`` and ``$`` differ between them, and ``$`` also
        # matches before a line feed, which "none" and "nfkc" keep inside a word)
        end = "(?![^{0}]|{0})".format(re.escape(mark))
        spaces = [
            _replace("(?<![^ ]| ) +| +(?![^ ]| )", ""),  # spaces at the start and the end
            _replace(" +", mark),
            _replace(re.escape(mark) + "+" + end, ""),  # sentencepiece drops every ▁ at the end
            {"type": "Prepend", "prepend": mark},
        ]
        normalizer = {"type": "Sequence", "normalizers": [*chars, *spaces]}
        meta: dict[str, Any] = {"type": "Metaspace", "replacement": mark}
        meta["prepend_scheme"] = "always"
        meta["split"] = False
        return _document(body, None, meta, normalizer)
    return _document(body, {"type": "WhitespaceSplit"}, None, _with_separators(chars))


#: Where ``nmt_nfkc`` keeps ``～`` (U+FF5E), the written normalizer puts this noncharacter
#: (Unicode keeps U+FDD0 for a program's internal use; NFKC leaves it alone) and turns it back.
_STAND_IN = "\ufdd0"


def _char_class(chars: frozenset[str]) -> str:
    return "[" + "".join(sorted(chars)) + "]"


def unigram_normalizers(rule: str) -> list[dict[str, Any]]:
    """``tokenizers`` normalizers that rewrite characters as ``normalize_chars(text, rule)``.

    ``"none"`` is no normalizer and ``"nfkc"`` is ``NFKC``. ``"nmt_nfkc"`` is: the
    characters sentencepiece turns into spaces → a space, the controls it removes →
    nothing, ``～`` → U+FDD0, ``NFKC``, U+FDD0 → ``～``. Exactly what differs from
    sentencepiece (and :func:`subword_core.text.normalize.normalize_chars`), for ``nfkc`` and
    ``nmt_nfkc`` alike (the tests check each point):

    * ``tokenizers`` normalises the whole text at once, sentencepiece one character (or
      one character written decomposed) at a time: a combining mark after a character
      that NFKC rewrites composes with the result in ``tokenizers`` (``ﬁ`` + U+0301 →
      ``fí``) and stays apart in sentencepiece (``fi`` + U+0301), and marks after one
      character are put in canonical order by ``tokenizers`` only.
    * ``nmt_nfkc`` only: a text holding U+FDD0 itself gets ``～`` from ``tokenizers``.
    * The Unicode tables differ in version (Python's against the Rust crate's):
      characters assigned in between may be normalised by one side only.

    Raises:
        ParameterError: an unknown rule.

    Example:
        >>> [n["type"] for n in unigram_normalizers("nmt_nfkc")]
        ['Replace', 'Replace', 'Replace', 'NFKC', 'Replace']
    """
    check_option(
        "normalization",
        rule,
        NORMALIZATIONS,
        f"Unknown normalisation {rule!r}: choose one of {', '.join(NORMALIZATIONS)}.",
    )
    if rule == "none":
        return []
    if rule == "nfkc":
        return [{"type": "NFKC"}]
    (kept,) = _NMT_KEPT
    return [
        _replace(_char_class(_NMT_SPACES), " "),
        _replace(_char_class(_NMT_REMOVED), ""),
        _replace(kept, _STAND_IN, regex=False),
        {"type": "NFKC"},
        _replace(_STAND_IN, kept, regex=False),
    ]


def _flat_normalizers(node: Any) -> list[Any]:
    if isinstance(node, dict) and node.get("type") == "Sequence":
        parts = node.get("normalizers")
        return [n for part in parts or [] for n in _flat_normalizers(part)]
    return [] if node is None else [node]


def _read_normalization(node: Any) -> tuple[str, str]:
    """(normalization, word-start marker) from a Unigram file's normalizer.

    ``nmt_nfkc`` when the normalizer starts with :func:`unigram_normalizers`'s list,
    ``nfkc`` when it starts with ``NFKC``, otherwise ``none``; the marker is a
    ``Prepend`` normalizer's text.
    """
    flat = _flat_normalizers(node)
    rule = "none"
    if flat[:5] == unigram_normalizers("nmt_nfkc"):
        rule = "nmt_nfkc"
    elif flat[:1] == [{"type": "NFKC"}]:
        rule = "nfkc"
    prepend = [n.get("prepend") for n in flat if isinstance(n, dict) and n.get("type") == "Prepend"]
    return rule, prepend[0] if prepend and isinstance(prepend[0], str) else ""


def _find_metaspace(node: Any) -> str:
    if isinstance(node, dict):
        if node.get("type") == "Metaspace":
            return str(node.get("replacement", "▁"))
        for value in node.values():
            found = _find_metaspace(value)
            if found:
                return found
    elif isinstance(node, list):
        for value in node:
            found = _find_metaspace(value)
            if found:
                return found
    return ""


def unigram_from_json(text: str) -> Unigram:
    """Read a Unigram ``tokenizer.json``: pieces, unknown penalty, marker, normalisation.

    The piece at ``unk_id`` is dropped (it stands for unknown characters, like
    sentencepiece's ``<unk>``); a ``Metaspace`` pre-tokenizer or a ``Prepend`` normalizer
    gives ``word_start``; the normalizer gives ``normalization`` when it is one that
    :func:`unigram_to_json` writes (``NFKC`` first: ``"nfkc"``; the list of
    :func:`unigram_normalizers` first: ``"nmt_nfkc"``), else it is ``"none"`` (other
    normalizers are not read: the pretrained page, :mod:`subword_core.pretrained`,
    replays them).

    Raises:
        ParameterError: not JSON, not a Unigram model, or bad pieces.

    Example:
        >>> model = Unigram([("a", -1.0), ("b", -2.0)], word_start="▁")
        >>> unigram_from_json(unigram_to_json(model)) == model
        True
    """
    doc, body = _load_model(text, "Unigram")
    entries = body.get("vocab")
    if not isinstance(entries, list):
        raise ParameterError(
            "The Unigram model's 'vocab' must be a list of [piece, score].",
            code="json_bad_unigram_vocab",
        )
    unk_id = body.get("unk_id")
    pieces: list[tuple[str, float]] = []
    unk_score = None
    for index, entry in enumerate(entries):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or isinstance(entry[1], bool)
            or not isinstance(entry[1], int | float)
        ):
            raise ParameterError(
                f"Vocabulary entry {index}: expected [piece, score].",
                code="json_vocab_entry",
                values={"index": index},
            )
        if index == unk_id and _is_int(unk_id):
            unk_score = float(entry[1])
            continue
        pieces.append((entry[0], entry[1]))
    penalty = _TOKENIZERS_UNK_PENALTY
    if pieces and unk_score is not None and math.isfinite(unk_score):
        lowest = min(float(score) for _, score in pieces if isinstance(score, int | float))
        if unk_score < lowest:
            penalty += lowest - unk_score
    rule, prepended = _read_normalization(doc.get("normalizer"))
    word_start = _find_metaspace(doc.get("pre_tokenizer")) or prepended
    return Unigram(pieces, unk_penalty=penalty, word_start=word_start, normalization=rule)
