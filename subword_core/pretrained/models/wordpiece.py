"""WordPiece as the library applies it to one word: the longest vocabulary entry at each position.

subtle: not :meth:`subword_core.wordpiece.WordPiece.encode_steps`, which starts each search
at the longest vocabulary entry (fewer tries, the same tokens); the library tries every end
from the end of the word, and the trace shows those tries. Its unknown token is the whole
word (and must be in the vocabulary), past ``max_input_chars_per_word`` too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from subword_core import bounds
from subword_core.pretrained.errors import PretrainedError, _bad
from subword_core.pretrained.ids import _check_count, _check_id
from subword_core.pretrained.steps import Step, WordPieceStep


@dataclass
class _WordPiece:
    vocab: dict[str, int]
    unk: str
    prefix: str = "##"
    max_chars: int = 100


def _wordpiece_word(
    model: _WordPiece, word: str, index: int, steps: list[Step]
) -> list[tuple[str, int]]:
    unk_id = model.vocab.get(model.unk)

    def unk() -> list[tuple[str, int]]:
        if unk_id is None:
            raise PretrainedError(
                f"The unknown token {model.unk!r} is not in the vocabulary, so the library "
                f"cannot encode {word!r}.",
                code="unk_not_in_vocab",
                values={"unk": model.unk},
            )
        return [(model.unk, unk_id)]

    if len(word) > model.max_chars:
        steps.append(WordPieceStep(index, word, 0, (), None, too_long=True))
        return unk()
    out: list[tuple[str, int]] = []
    start = 0
    while start < len(word):
        tries: list[tuple[str, bool]] = []
        found = None
        for end in range(len(word), start, -1):
            prefix = model.prefix if start > 0 else ""
            bounds.charge(steps, len(prefix) + end - start + 1, "WordPiece's tries")
            candidate = prefix + word[start:end]
            hit = candidate in model.vocab
            tries.append((candidate, hit))
            if hit:
                found = (candidate, end)
                break
        steps.append(WordPieceStep(index, word, start, tuple(tries), found and found[0]))
        if found is None:
            return unk()
        out.append((found[0], model.vocab[found[0]]))
        start = found[1]
    return out


def _wordpiece_model(model: Mapping[str, Any], name: str) -> _WordPiece:
    vocab = model.get("vocab")
    if not isinstance(vocab, Mapping) or not all(isinstance(v, int) for v in vocab.values()):
        raise _bad(
            f"{name}: a WordPiece vocabulary maps tokens to numbers.", "bad_vocab", file=name
        )
    max_chars = model.get("max_input_chars_per_word", 100)
    if not isinstance(max_chars, int):
        raise _bad(
            f"{name}: max_input_chars_per_word is {str(max_chars)[:20]!r}, not a whole number.",
            "bad_model",
            file=name,
        )
    return _WordPiece(
        {str(k): _check_id(v, name, str(k)) for k, v in vocab.items()},
        str(model.get("unk_token", "[UNK]")),
        str(model.get("continuing_subword_prefix", "##")),
        _check_count(max_chars, name, "max_input_chars_per_word"),
    )
