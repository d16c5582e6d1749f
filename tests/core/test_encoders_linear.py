"""The vocabulary encoders give the textbook's tokens with work linear in the word's length.

``longest_match_by_length`` used to try every token on every gap (the vocabulary size times
the word's length); it now scans the word once. These tests compare it with that textbook
recursion, written out here, on arbitrary texts and vocabularies (overlaps, repeats, tokens
longer than the text, empty tokens). WordPiece's longest-match-first tries at most the
longest token's length of candidates at each position: its recorded tries show it.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from subword_core import encoders
from subword_core.wordpiece import WordPiece
from tests.budget import examples


def naive_longest_match_by_length(text: str, vocab: list[str], unk: str = "<UNK>") -> list[str]:
    """Seed 000's method as the tutorial does it: each token in turn, ``str.find`` on each gap."""
    tokens = sorted(dict.fromkeys(t for t in vocab if t), key=len, reverse=True)

    def match(part: str, start: int) -> list[str]:
        if not part:
            return []
        for i in range(start, len(tokens)):
            at = part.find(tokens[i])
            if at < 0:
                continue
            out: list[str] = []
            pos = 0
            while at >= 0:
                out += match(part[pos:at], i + 1)
                out.append(tokens[i])
                pos = at + len(tokens[i])
                at = part.find(tokens[i], pos)
            return out + match(part[pos:], i + 1)
        return [unk]

    return match(text, 0)


texts = st.text(alphabet="abcx", max_size=60)
vocabularies = st.lists(st.text(alphabet="abc", max_size=5), max_size=14)


@settings(max_examples=examples(400, ci=100), deadline=None)
@given(texts, vocabularies)
@example("aaaa", ["aa", "a"])
@example("abab", ["ba", "ab", "a", "b"])
@example("xyz", [])
@example("", ["a"])
@example("abcabc", ["abcabcabc", "bca", "c", "", "bca"])
def test_longest_match_by_length_equals_the_textbook(text: str, vocab: list[str]) -> None:
    assert encoders.longest_match_by_length(text, vocab) == naive_longest_match_by_length(
        text, vocab
    )


@settings(max_examples=examples(100), deadline=None)
@given(st.text(alphabet="abcd", min_size=100, max_size=400), vocabularies, st.data())
def test_long_words_and_substring_vocabularies(text: str, extra: list[str], data) -> None:
    """Vocabularies made of the text's own substrings: many long, overlapping matches."""
    cuts = data.draw(st.lists(st.tuples(st.integers(0, 99), st.integers(1, 12)), max_size=30))
    vocab = [text[a : a + k] for a, k in cuts] + extra
    assert encoders.longest_match_by_length(text, vocab) == naive_longest_match_by_length(
        text, vocab
    )


def test_a_long_text_with_a_large_absent_vocabulary() -> None:
    """The case that cost vocabulary x length: every gap used to try every later token."""
    vocab = ["a"] + [chr(0x4E00 + i) for i in range(3000)]
    tokens = encoders.longest_match_by_length("ax" * 2000, vocab)
    assert tokens == ["a", "<UNK>"] * 2000


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1), texts)
def test_wordpiece_tries_at_most_the_longest_token_per_position(
    pieces: list[str], word: str
) -> None:
    vocab = pieces + ["##" + p for p in pieces]
    model = WordPiece(vocab, max_input_chars_per_word=1000)
    tries, _ = model.encode_steps(word)
    longest = max(map(len, vocab))
    per_start: dict[int, int] = {}
    for t in tries:
        per_start[t.start] = per_start.get(t.start, 0) + 1
    assert all(n <= longest for n in per_start.values())
    assert len(tries) <= longest * len(word)
