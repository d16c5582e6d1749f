"""WordPiece's model files: what a vocab.txt keeps and what it loses (the note under the
export buttons).

Example:
    >>> from subword_core import wordpiece
    >>> isinstance(export_note(wordpiece.learn({"hug": 10, "pug": 5}, 8).model), str)
    True
"""

from __future__ import annotations

from subword_core.wordpiece import WordPiece
from ui.app.i18n import join_sentences, translator
from ui.draw.html import show_text

__all__ = ["export_note", "render_export_note"]

t = translator("wordpiece")


def export_note(model: WordPiece) -> str:
    """What the exported files (vocab.txt, tokenizer.json) do differently from ``model``.

    >>> "[UNK]s" in export_note(WordPiece(["a"]))
    True
    """
    unk = model.unk_token
    files = t(
        "vocab.txt holds only the tokens: read it with the prefix {prefix}, at most {limit} "
        "characters a word and a whitespace pre-tokenizer to get this page's encoding (BERT's "
        "own tokenizer also lower-cases, removes accents and splits off punctuation and CJK "
        "characters). tokenizer.json holds all of it."
    ).format(prefix=model.prefix or "''", limit=model.max_input_chars_per_word)
    if unk in model.vocab:
        return files
    return join_sentences(
        t(
            "Both files list the unknown token {unk} (line 1, id 0) because tokenizers and BERT "
            "need it in the vocabulary; so a model read from them also matches it like a "
            "token: a word that starts with {unk}, such as {example}, becomes {unk} + ... "
            "there, and this page's pieces here. Every other word encodes the same."
        ).format(unk=unk, example=unk + "s"),
        files,
    )


def render_export_note(model: WordPiece) -> None:
    """Show :func:`export_note` under the export buttons (plain text, escaped)."""
    show_text(export_note(model), small=True)
