"""``python -m subword_core convert``: model files from one format to another.

Each conversion is run in-process through -i/-o files (one also as a subprocess); the
tokenizer.json it writes is loaded by ``tokenizers`` and must segment words as the model
read from the source file does; conversions between model kinds exit 2 with one line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from subword_core import bpe, unigram, wordpiece
from subword_core.bpe import BPEModel
from subword_core.formats import tokenizer_json
from subword_core.nmt import FORMATS, main
from subword_core.unigram import Unigram
from subword_core.wordpiece import WordPiece

tokenizers = pytest.importorskip("tokenizers")

CORPUS = {"low": 5, "lower": 2, "newest": 6, "widest": 3, "hug": 10, "pug": 5, "hugs": 5}
COMMAND = [sys.executable, "-m", "subword_core", "convert"]
WORDS = ["low", "lowest", "newer", "hugs", "wide", "slow", "x", "bug"]


@dataclass
class Run:
    code: int
    out: str
    err: str


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> Run:
    capsys.readouterr()
    code = main(args)
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


def convert(
    tmp_path: Path, text: str, source: str, target: str, capsys: pytest.CaptureFixture[str]
) -> str:
    src = tmp_path / f"in.{source}"
    src.write_bytes(text.encode("utf-8"))
    dst = tmp_path / f"out.{target}"
    result = run(
        ["convert", "--from", source, "--to", target, "-i", str(src), "-o", str(dst)], capsys
    )
    assert result.code == 0, result.err
    assert result.err == ""
    return dst.read_bytes().decode("utf-8")


def tokens(text: str, word: str) -> list[str]:
    return list(tokenizers.Tokenizer.from_str(text).encode(word).tokens)


def known(text: str, pieces: list[str]) -> list[str]:
    """Our tokens minus those missing from the json's vocabulary.

    A codes file does not list its alphabet, so a character no merge uses is not in the
    exported vocabulary: our model keeps it as a token, tokenizers (no unk_token) drops it.
    """
    vocab = json.loads(text)["model"]["vocab"]
    return [piece for piece in pieces if piece in vocab]


def test_codes_to_tokenizer_json_and_back(tmp_path: Path, capsys) -> None:
    model = bpe.learn(CORPUS, 12, attach_end_of_word=True).model
    codes = model.to_codes()
    out = convert(tmp_path, codes, "codes", "tokenizer-json", capsys)
    read = BPEModel.from_codes(codes)
    dropped = 0
    for word in WORDS:
        ours = read.encode(word)
        assert tokens(out, word) == known(out, ours), word
        dropped += known(out, ours) != ours
    assert dropped >= 1  # 'x' at least
    assert convert(tmp_path, out, "tokenizer-json", "codes", capsys) == codes
    assert convert(tmp_path, codes, "codes", "codes", capsys) == codes


def test_vocab_txt_to_tokenizer_json_and_back(tmp_path: Path, capsys) -> None:
    model = wordpiece.learn(CORPUS, 30).model
    vocab = model.to_vocab_text()
    out = convert(tmp_path, vocab, "vocab-txt", "tokenizer-json", capsys)
    for word in WORDS:
        assert tokens(out, word) == model.encode(word), word
    assert convert(tmp_path, out, "tokenizer-json", "vocab-txt", capsys) == vocab
    assert tokenizer_json.wordpiece_from_json(out) == WordPiece.from_vocab_text(vocab)


def test_sp_vocab_to_tokenizer_json_and_back(tmp_path: Path, capsys) -> None:
    model = unigram.learn(CORPUS, 20, word_start="▁").model
    vocab = model.to_vocab_text()
    out = convert(tmp_path, vocab, "sp-vocab", "tokenizer-json", capsys)
    for word in WORDS:
        if word != "x":  # an unknown character: see test_tokenizer_json
            assert tokens(out, word) == model.tokenize(word), word
    assert tokenizer_json.unigram_from_json(out) == Unigram.from_vocab_text(vocab)
    assert convert(tmp_path, out, "tokenizer-json", "sp-vocab", capsys) == vocab + "\n"


@pytest.mark.parametrize(
    ("source", "target", "text"),
    [
        ("codes", "vocab-txt", "#version: 0.2\ne s\n"),
        ("codes", "sp-vocab", "#version: 0.2\ne s\n"),
        ("vocab-txt", "codes", "[UNK]\na\n##b\n"),
        ("sp-vocab", "vocab-txt", "a\t-1\nb\t-2\n"),
        ("tokenizer-json", "codes", tokenizer_json.dumps(WordPiece(["a"]))),
        ("tokenizer-json", "sp-vocab", tokenizer_json.dumps(BPEModel((), end_of_word=""))),
    ],
)
def test_conversions_between_kinds_are_refused(
    tmp_path: Path, capsys, source: str, target: str, text: str
) -> None:
    src = tmp_path / "in"
    src.write_text(text, encoding="utf-8")
    dst = tmp_path / "out"
    result = run(
        ["convert", "--from", source, "--to", target, "-i", str(src), "-o", str(dst)], capsys
    )
    assert result.code == 2
    assert "cannot be written as" in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err
    assert not dst.exists()


def test_bad_inputs_exit_2_with_one_line(tmp_path: Path, capsys) -> None:
    src = tmp_path / "codes"
    src.write_text("e s\nes t\n", encoding="utf-8")  # version 0.1: a separate marker
    result = run(["convert", "--from", "codes", "--to", "tokenizer-json", "-i", str(src)], capsys)
    assert result.code == 2 and "separate symbol" in result.err
    src.write_text("{not json", encoding="utf-8")
    result = run(["convert", "--from", "tokenizer-json", "--to", "codes", "-i", str(src)], capsys)
    assert result.code == 2 and "not valid JSON" in result.err
    src.write_text('{"model": {"type": "WordLevel", "vocab": {}}}', encoding="utf-8")
    result = run(["convert", "--from", "tokenizer-json", "--to", "codes", "-i", str(src)], capsys)
    assert result.code == 2 and "WordLevel" in result.err
    result = run(["convert", "--from", "codes", "--to", "tokenizer-json", "-i", "missing"], capsys)
    assert result.code == 2 and "cannot read missing" in result.err
    result = run(["convert", "--from", "bpe", "--to", "codes"], capsys)
    assert result.code == 2 and "invalid choice" in result.err
    for stderr in (result.err,):
        assert "Traceback" not in stderr


def test_formats_cover_every_kind() -> None:
    assert set(FORMATS) == {"codes", "vocab-txt", "sp-vocab", "tokenizer-json"}


def test_convert_as_a_subprocess(tmp_path: Path) -> None:
    codes = bpe.learn(CORPUS, 5, attach_end_of_word=True).model.to_codes()
    src = tmp_path / "codes.bpe"
    src.write_text(codes, encoding="utf-8")
    done = subprocess.run(
        [*COMMAND, "--from", "codes", "--to", "tokenizer-json", "-i", str(src)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    ours = BPEModel.from_codes(codes).encode("lowest")
    assert tokens(done.stdout, "lowest") == known(done.stdout, ours)
    done = subprocess.run(
        [*COMMAND, "--from", "codes", "--to", "vocab-txt", "-i", str(src)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
