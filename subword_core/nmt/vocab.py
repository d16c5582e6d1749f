"""``get-vocab``: the words of a text with their counts, most frequent first.

Example:
    >>> count_words(["low low lower\\n"])
    'low 2\\nlower 1\\n'
"""

from __future__ import annotations

from collections.abc import Iterable

from subword_core.nmt.learn_bpe import read_vocabulary

__all__ = ["count_words"]


def count_words(lines: Iterable[str]) -> str:
    """subword-nmt's ``get_vocab``: ``word count`` lines, most frequent first.

    Words are counted as :func:`read_vocabulary` counts them; among equal counts the word
    seen first comes first.

    Args:
        lines: The text's lines.

    Returns:
        The vocabulary file's text.

    Example:
        >>> print(count_words(["low lower low", "newest"]), end="")
        low 2
        lower 1
        newest 1
    """
    vocab = read_vocabulary(lines)
    ranked = sorted(vocab.items(), key=lambda item: item[1], reverse=True)
    return "".join(f"{word} {count}\n" for word, count in ranked)
