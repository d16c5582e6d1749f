"""Small tokenizers trained here with ``tokenizers`` and sentencepiece (no downloads).

Shared by the core oracle tests, the page's AppTest, the browser test and the benchmark.
Each trainer returns the files a student would upload, ``{file name: bytes}``, and is cached,
so one test session trains each model once.
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path

from subword_core.text.examples import pydoc_topics_text

_SYLLABLES = [c + v for c in "ktnrmslp" for v in "aiueo"] + ["an", "in", "un", "er", "or"]


def corpus_lines(chars: int = 200_000, seed: int = 0) -> list[str]:
    """English prose and code (Python's pydoc topics) plus made-up words, as lines."""
    text = pydoc_topics_text()[:chars]
    rng = random.Random(seed)
    made_up = [
        " ".join(
            "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 5)))
            for _ in range(rng.randint(3, 12))
        )
        for _ in range(chars // 60)
    ]
    multilingual = [
        "über naïve café déjà vu",
        "你好 世界 今日は",
        "Привет мир ünïcödé",
        "1234 5678",
    ]
    return text.splitlines() + made_up + multilingual * 20


def _tokenizer_json(tokenizer: object) -> bytes:
    return tokenizer.to_str().encode()  # type: ignore[attr-defined]


@functools.cache
def byte_level_bpe(vocab_size: int = 3000, chars: int = 200_000) -> dict[str, bytes]:
    """GPT-2-style byte-level BPE: ``tokenizer.json`` (add_prefix_space off, as GPT-2)."""
    from tokenizers import ByteLevelBPETokenizer

    tok = ByteLevelBPETokenizer(add_prefix_space=False)
    tok.train_from_iterator(
        corpus_lines(chars),
        vocab_size=vocab_size,
        min_frequency=1,
        special_tokens=["<|endoftext|>"],
    )
    return {"tokenizer.json": _tokenizer_json(tok)}


@functools.cache
def gpt2_files(vocab_size: int = 3000) -> dict[str, bytes]:
    """The same byte-level BPE as ``vocab.json`` + ``merges.txt``."""
    doc = json.loads(byte_level_bpe(vocab_size)["tokenizer.json"])
    merges = doc["model"]["merges"]
    lines = [m if isinstance(m, str) else " ".join(m) for m in merges]
    return {
        "vocab.json": json.dumps(doc["model"]["vocab"], ensure_ascii=False).encode(),
        "merges.txt": ("#version: 0.2\n" + "\n".join(lines) + "\n").encode(),
    }


@functools.cache
def char_bpe() -> dict[str, bytes]:
    """Character BPE with ``</w>`` suffix, an unknown token and BERT's pipeline."""
    from tokenizers import CharBPETokenizer

    tok = CharBPETokenizer(unk_token="<unk>")
    tok.train_from_iterator(
        corpus_lines(60_000), vocab_size=1500, min_frequency=2, special_tokens=["<unk>"]
    )
    return {"tokenizer.json": _tokenizer_json(tok)}


@functools.cache
def wordpiece() -> dict[str, bytes]:
    """BERT WordPiece: ``tokenizer.json`` and ``vocab.txt`` (uncased)."""
    from tokenizers import BertWordPieceTokenizer

    tok = BertWordPieceTokenizer(lowercase=True)
    tok.train_from_iterator(corpus_lines(100_000), vocab_size=2000, min_frequency=2)
    vocab = sorted(tok.get_vocab().items(), key=lambda item: item[1])
    return {
        "tokenizer.json": _tokenizer_json(tok),
        "vocab.txt": "\n".join(t for t, _ in vocab).encode() + b"\n",
    }


@functools.cache
def unigram() -> dict[str, bytes]:
    """A T5/XLM-R-style Unigram ``tokenizer.json`` (Nmt, NFKC, Metaspace)."""
    from tokenizers import SentencePieceUnigramTokenizer

    tok = SentencePieceUnigramTokenizer()
    tok.train_from_iterator(
        corpus_lines(60_000),
        vocab_size=1500,
        special_tokens=["<pad>", "</s>", "<unk>"],
        unk_token="<unk>",
    )
    return {"tokenizer.json": _tokenizer_json(tok)}


@functools.cache
def _sentencepiece_files(rule: str = "nmt_nfkc") -> tuple[bytes, bytes]:
    """A 1,000-piece sentencepiece Unigram model trained here, normalising with ``rule``
    (sentencepiece's default is nmt_nfkc): its ``.model`` and its ``.vocab``."""
    import sentencepiece as spm

    with tempfile.TemporaryDirectory() as tmp:
        prefix = Path(tmp) / "sp"
        spm.SentencePieceTrainer.train(
            sentence_iterator=iter(corpus_lines(60_000)),
            model_prefix=str(prefix),
            vocab_size=1000,
            model_type="unigram",
            normalization_rule_name=rule,
            minloglevel=2,
        )
        return prefix.with_suffix(".model").read_bytes(), prefix.with_suffix(".vocab").read_bytes()


def sentencepiece_vocab() -> dict[str, bytes]:
    """A sentencepiece Unigram model's ``.vocab`` (piece, tab, score)."""
    return {"sp.vocab": _sentencepiece_files()[1]}


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if byte < 0x80:
            return value, at
        shift += 7


def _fields(data: bytes) -> dict[int, list[bytes | int]]:
    """A protobuf message's fields by number (length-delimited ones as bytes): wire format."""
    out: dict[int, list[bytes | int]] = {}
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(data, at)
            out.setdefault(number, []).append(value)
        elif wire == 2:
            size, at = _varint(data, at)
            out.setdefault(number, []).append(data[at : at + size])
            at += size
        elif wire in (1, 5):  # fixed 64 / 32 bits (a piece's score): skipped
            at += 8 if wire == 1 else 4
        else:
            raise ValueError(f"wire type {wire} is not used by sentencepiece's ModelProto")
    return out


def charsmap_of(model: bytes) -> bytes:
    """The ``precompiled_charsmap`` of a sentencepiece ``.model`` (ModelProto field 3, then 2)."""
    (spec,) = _fields(model)[3]
    assert isinstance(spec, bytes)
    (charsmap,) = _fields(spec).get(2, [b""])
    assert isinstance(charsmap, bytes)
    return charsmap


@functools.cache
def precompiled_unigram(rule: str = "nmt_nfkc") -> dict[str, bytes]:
    """A T5/XLM-R-style ``tokenizer.json`` made from a sentencepiece model trained with ``rule``.

    As Hugging Face's converters write it: the model's ``precompiled_charsmap`` in a
    ``Precompiled`` normalizer, runs of spaces made one, Metaspace, the Unigram pieces.
    Also returns the ``.model`` itself (``"sp.model"``).
    """
    import sentencepiece as spm
    from tokenizers import Regex, Tokenizer, models, normalizers, pre_tokenizers

    data = _sentencepiece_files(rule)[0]
    sp = spm.SentencePieceProcessor(model_proto=data)
    pieces = [(sp.id_to_piece(i), sp.get_score(i)) for i in range(sp.get_piece_size())]
    tok = Tokenizer(models.Unigram(pieces, unk_id=sp.unk_id(), byte_fallback=False))
    tok.normalizer = normalizers.Sequence(
        [normalizers.Precompiled(charsmap_of(data)), normalizers.Replace(Regex(" {2,}"), " ")]
    )
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tok.add_special_tokens(["<unk>", "<s>", "</s>"])
    return {"tokenizer.json": _tokenizer_json(tok), "sp.model": data}


def write(files: dict[str, bytes], folder: Path) -> list[Path]:
    """Write the files into ``folder`` (for the browser's file chooser)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in files.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


__all__ = [
    "byte_level_bpe",
    "char_bpe",
    "charsmap_of",
    "corpus_lines",
    "gpt2_files",
    "precompiled_unigram",
    "sentencepiece_vocab",
    "unigram",
    "wordpiece",
    "write",
]
