"""``convert``: a model file from one format into another (codes, vocab.txt, tokenizer.json ...).

Example:
    >>> convert_text("#version: 0.2\\ne s\\n", "codes", "codes")
    '#version: 0.2\\ne s\\n'
"""

from __future__ import annotations

from subword_core.bpe import BPEModel
from subword_core.errors import SubwordError
from subword_core.formats import tokenizer_json
from subword_core.nmt.apply_bpe import read_codes
from subword_core.nmt.common import CommandError
from subword_core.unigram import Unigram
from subword_core.wordpiece import WordPiece

__all__ = ["FORMATS", "convert_text"]

FORMATS: dict[str, str] = {
    "codes": "BPE",
    "vocab-txt": "WordPiece",
    "sp-vocab": "Unigram",
    "tokenizer-json": "",  # the model type is read from the file
}
"""Every ``convert`` format and the model kind it holds (``tokenizer-json``: any of them)."""

_FORMAT_NAMES = {
    "codes": "a subword-nmt codes file",
    "vocab-txt": "a BERT-style vocab.txt",
    "sp-vocab": "a sentencepiece .vocab file",
    "tokenizer-json": "a tokenizer.json",
}

_CONVERT_DESCRIPTION = (
    "Convert a model file: subword-nmt codes (BPE), a BERT-style vocab.txt (WordPiece), a "
    "sentencepiece .vocab (Unigram) or a Hugging Face tokenizer.json (any of the three). "
    "A model keeps its kind: codes <-> tokenizer-json, vocab-txt <-> tokenizer-json and "
    "sp-vocab <-> tokenizer-json (or a format into itself, which rewrites it cleanly). "
    "A tokenizer.json written here loads with tokenizers' Tokenizer.from_str and segments "
    "words as subword_core does; see subword_core.formats.tokenizer_json for the exceptions."
)


def convert_text(text: str, source: str, target: str, name: str = "<input>") -> str:
    """Convert a model file's text from format ``source`` to format ``target``.

    Args:
        text: The whole input file.
        source: One of :data:`FORMATS`.
        target: One of :data:`FORMATS`; it must hold the same kind of model as ``source``.
        name: The input's name, used in error messages.

    Returns:
        The output file's text (ending with a line break).

    Raises:
        CommandError: An unknown format, a conversion between different model kinds, or
            an input (or model) the target format cannot hold; the message says which.

    Example:
        >>> out = convert_text("#version: 0.2\\ne s\\n", "codes", "tokenizer-json")
        >>> convert_text(out, "tokenizer-json", "codes")
        '#version: 0.2\\ne s\\n'
    """
    for fmt in (source, target):
        if fmt not in FORMATS:
            raise CommandError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}.")
    try:
        kind = FORMATS[source] or tokenizer_json.model_type(text)
        wanted = FORMATS[target] or kind
        if kind != wanted:
            raise CommandError(
                f"{name} is {_FORMAT_NAMES[source]} holding a {kind or 'unknown'} model, "
                f"which cannot be written as {_FORMAT_NAMES[target]} (a {wanted} model)."
            )
        model: BPEModel | WordPiece | Unigram
        if kind == "BPE":
            model = (
                read_codes(text, name) if source == "codes" else tokenizer_json.bpe_from_json(text)
            )
            out = model.to_codes() if target == "codes" else tokenizer_json.dumps(model)
        elif kind == "WordPiece":
            model = (
                WordPiece.from_vocab_text(text)
                if source == "vocab-txt"
                else tokenizer_json.wordpiece_from_json(text)
            )
            out = model.to_vocab_text() if target == "vocab-txt" else tokenizer_json.dumps(model)
        elif kind == "Unigram":
            model = (
                Unigram.from_vocab_text(text)
                if source == "sp-vocab"
                else tokenizer_json.unigram_from_json(text)
            )
            out = model.to_vocab_text() if target == "sp-vocab" else tokenizer_json.dumps(model)
        else:
            raise CommandError(
                f"{name} holds a {kind or 'unknown'} model; only BPE, WordPiece and Unigram "
                "models can be converted."
            )
    except CommandError:
        raise
    except SubwordError as err:
        raise CommandError(f"{name}: {err}") from None
    return out if out.endswith("\n") else out + "\n"
