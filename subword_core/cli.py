"""A command line that is a drop-in for subword-nmt: ``python -m subword_core COMMAND``.

Four commands take every input subword-nmt 0.3.8's commands of the same name take and
write the same files, byte for byte::

    python -m subword_core learn-bpe -s 1000 -i train.txt -o codes.bpe
    python -m subword_core apply-bpe -c codes.bpe -i test.txt -o test.bpe.txt
    python -m subword_core get-vocab -i train.txt -o vocab.txt
    python -m subword_core learn-joint-bpe-and-vocab -i train.de train.en -o codes.bpe \\
        --write-vocabulary vocab.de vocab.en

A fifth, ``convert``, turns a model file from one format into another (see
:func:`convert_text`)::

    python -m subword_core convert --from codes --to tokenizer-json -i codes.bpe -o tok.json

What "byte for byte" means here, exactly:

- Lines are read the way subword-nmt's UTF-8 reader reads them (Python's
  ``str.splitlines`` boundaries: also ``\\r``, ``\\v``, ``\\f``, ``\\x1c``-``\\x1e``,
  ``\\x85``, ``\\u2028``, ``\\u2029``), words are ``line.strip('\\r\\n ').split(' ')``
  without the empty strings, so a tab, a form feed at the end of a line or a no-break space
  is part of a word, as in subword-nmt. ``--dict-input`` lines are ``word count``.
- ``learn-bpe`` learns with :func:`subword_core.nmt_learn.learn`, our model of
  subword-nmt's bookkeeping (``</w>`` glued to the last character, the greatest pair on
  ties, its pruned table of pair counts), and prints subword-nmt's messages (``--verbose``,
  ``--total-symbols``, ``no pair has frequency >= N. Stopping``). On ordinary text its
  codes are exact BPE, as the app's pages teach it; on four kinds of input subword-nmt's
  codes (and so ours) are not, and a warning on stderr names the cause and the first merge
  where exact BPE differs (:func:`learn_differences`): a merge glues whitespace other than
  a space into a symbol (subword-nmt's search for pairs then takes it for a boundary), a
  merge makes a symbol that already existed (a word spelled with ``</w>``: the pairs
  around the old copies are counted again, and the pruned table can forget counts),
  ``--dict-input`` counts below 1 (kept: a negative count subtracts) and
  ``--min-frequency`` below 1 (pairs counted 0 times are merged until ``--symbols``).
  Nothing is refused.
- ``apply-bpe`` segments each word with :class:`~subword_core.bpe.BPEModel` (version 0.1
  and 0.2 codes) and adds subword-nmt's rules around it: one-character words are left
  alone, ``--glossaries`` regexes, ``--vocabulary`` reversal of merges, ``--merges``,
  BPE-dropout drawing the same random numbers as ``python -m subword_nmt.apply_bpe
  --dropout P --seed S``. Each line keeps its leading and trailing whitespace.

Errors are one line on stderr and exit status 2 (never a traceback), where subword-nmt
crashes or stops: a file that is missing or not UTF-8, a bad ``--dict-input``, codes or
vocabulary line, an input without words, a word longer than one character with codes of
another version than 0.1 or 0.2 (the lines before it are written, as subword-nmt does), an
invalid glossary regex, ``--vocabulary`` with codes that make ``</w>`` itself (undoing merges
would never end; subword-nmt hits its recursion limit). Three cases are more lenient than
subword-nmt (with a warning where learn-bpe is concerned): a corpus with no pair at all writes
just the header, a count too large for a float is learned from as if floats could hold it,
and a codes file with no merges applies no merges.

Example:
    >>> vocab = read_vocabulary(["low 5", "lower 2", "newest 6", "widest 3"], dict_input=True)
    >>> codes, stop = learn_codes(vocab, 3)
    >>> print(codes, end="")
    #version: 0.2
    s t</w>
    e st</w>
    l o
    >>> segment_line(read_codes(codes), "lowest  newer\\n")
    'lo@@ w@@ est n@@ e@@ w@@ e@@ r\\n'
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import BinaryIO

from subword_core import nmt_learn
from subword_core.bpe import DEFAULT_END_OF_WORD, BPEModel
from subword_core.errors import SubwordError
from subword_core.formats import tokenizer_json
from subword_core.unigram import Unigram
from subword_core.wordpiece import WordPiece

__all__ = [
    "FORMATS",
    "CommandError",
    "codes_version",
    "convert_text",
    "count_words",
    "learn_codes",
    "main",
    "read_codes",
    "read_vocabulary",
    "read_vocabulary_file",
    "segment_line",
]

PROG = "python -m subword_core"
CODES_HEADER = "#version: 0.2\n"
MARKER = DEFAULT_END_OF_WORD
Pair = tuple[str, str]

# Characters that end a line for subword-nmt's UTF-8 reader (str.splitlines) but not for
# Python's universal newlines, which `python -m subword_nmt.apply_bpe` uses on stdin.
_OTHER_LINE_BREAKS = frozenset("\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")

_LEARN_DESCRIPTION = (
    "Learn byte-pair-encoding merges from a text and write them as a codes file, byte for "
    "byte as `subword-nmt learn-bpe` (and `python -m subword_nmt.learn_bpe`) 0.3.8 does, for "
    "every input it accepts: the vocabulary is every space-separated word of the input with "
    "its count (or `word count` lines with --dict-input), every word is split into "
    "characters with `</w>` glued to the last one, and the most frequent adjacent pair (the "
    "greater pair on ties) is merged, again and again, until --symbols merges were made or "
    "no pair occurs --min-frequency times. The output starts with `#version: 0.2` and lists "
    "one merge per line, most important first. Words are split at spaces only: a tab or a "
    "form feed is part of a word, as in subword-nmt. On ordinary text these codes are exact "
    "BPE, as the app's pages teach it. subword-nmt keeps its pair counts in a way that makes "
    "its codes (and so these) differ from exact BPE on four kinds of input; a warning on "
    "stderr then names the cause and the first merge where exact BPE differs: (1) a merge "
    "glues whitespace other than a space into a symbol (subword-nmt's search for later "
    "pairs, in the symbols joined with spaces, takes it for a boundary between symbols); "
    "(2) a merge makes a symbol that already existed, e.g. `b</w>` in the middle of a word "
    "spelled with `</w>` (the pairs around the old copies are counted again, and its "
    "pruned table of rare pairs can forget counts); (3) --dict-input counts below 1 (kept: "
    "a negative count takes pairs away from the other words; exact BPE leaves such words "
    "out); (4) --min-frequency below 1 (pairs counted 0 times are merged, the greatest "
    "first, until --symbols; exact BPE stops when no pair occurs). Where subword-nmt "
    "crashes (no word of two characters; a count too large for a float) a warning says so "
    "and the codes are written all the same."
)
_APPLY_DESCRIPTION = (
    "Split every word of a text into subwords with a codes file written by learn-bpe (or "
    "by subword-nmt; version 0.1 and 0.2 codes are read), byte for byte as `subword-nmt "
    "apply-bpe` 0.3.8 does: each word starts as characters plus the end-of-word marker, then "
    "the earliest-learned merge present in the word is applied until none is left. Every "
    "subword but the last of a word gets the separator appended (`low@@ est`), so joining "
    "the output with the separator removed restores the text; each line keeps its own "
    "leading and trailing whitespace. With --dropout and --seed the output is that of "
    "`python -m subword_nmt.apply_bpe --dropout P --seed S`."
)
_GET_VOCAB_DESCRIPTION = (
    "Count the space-separated words of a text and write `word count` lines, most frequent "
    "first (first seen first among equal counts), byte for byte as `subword-nmt get-vocab` "
    "does. The output is what apply-bpe --vocabulary and learn-bpe --dict-input read."
)
_JOINT_DESCRIPTION = (
    "subword-nmt's recommended workflow for joint BPE, byte for byte as `subword-nmt "
    "learn-joint-bpe-and-vocab` does: learn one codes file from the words of all the input "
    "texts together (as learn-bpe learns: subword-nmt's codes, and the same warnings where "
    "they are not exact BPE; see learn-bpe --help), then segment each input text with it "
    "and write "
    "that text's vocabulary (`word count` lines, most frequent first) to the matching "
    "--write-vocabulary file, for apply-bpe --vocabulary. subtle: like subword-nmt, the "
    "words are counted with lines broken at every line break (\\f, \\x85 ...), but the "
    "texts are segmented with Python's universal newlines (lines end at \\n, \\r\\n and "
    "\\r only; a warning says when this matters)."
)


class CommandError(SubwordError):
    """A problem with a command's input, explained in one line (shown on stderr, exit 2).

    Example:
        >>> str(CommandError("codes.bpe: line 3: expected two symbols"))
        'codes.bpe: line 3: expected two symbols'
    """


# --------------------------------------------------------------------------------------
# learn-bpe
# --------------------------------------------------------------------------------------


def read_vocabulary(
    lines: Iterable[str], *, dict_input: bool = False, name: str = "<input>"
) -> dict[str, int]:
    """Count the words of ``lines`` exactly as subword-nmt's ``get_vocabulary`` does.

    Words are ``line.strip('\\r\\n ')`` split on single spaces, minus the empty strings
    (:func:`_words`), so a word may contain a tab, a form feed or the ``</w>`` marker.
    With ``dict_input`` every line must be one word, one space and a whole number (any
    number, as subword-nmt takes it, even 0 or negative).

    Args:
        lines: The input lines (with or without their line breaks).
        dict_input: Read ``word count`` lines instead of running text.
        name: The input's name, used in error messages.

    Returns:
        ``{word: count}`` in first-seen order (counts of repeated words are added).

    Raises:
        CommandError: A ``--dict-input`` line is not ``word count`` or its count is not a
            whole number (subword-nmt stops there too; the message names the line).

    Example:
        >>> read_vocabulary(["low  lower ", "low"])
        {'low': 2, 'lower': 1}
        >>> read_vocabulary(["low 5", "lower 2", "a\\tb 1"], dict_input=True)
        {'low': 5, 'lower': 2, 'a\\tb': 1}
    """
    vocab: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not dict_input:
            for word in _words(line):
                vocab[word] = vocab.get(word, 0) + 1
            continue
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2:
            raise CommandError(
                f"{name}: line {number}: expected a word, one space and a count "
                f"(--dict-input), got {_show(line)}."
            )
        word, value = parts
        vocab[word] = vocab.get(word, 0) + _whole_number(value, name, number)
    return vocab


def learn_codes(
    vocabulary: Mapping[str, int],
    num_symbols: int,
    min_frequency: int = 2,
    *,
    total_symbols: bool = False,
    verbose: bool = False,
    log: Callable[[str], None] | None = None,
    warn: Callable[[str], None] | None = None,
) -> tuple[str, str | None]:
    """Learn ``num_symbols`` merges and write them as a subword-nmt ``#version: 0.2`` file.

    The merges are subword-nmt 0.3.8's, byte for byte, for every vocabulary it accepts:
    they are learned by :func:`subword_core.nmt_learn.learn`, which models subword-nmt's
    bookkeeping (``</w>`` glued to the last character, the greatest ``(left, right)`` pair
    on ties, its pruned table of pair counts). On ordinary text that is exact BPE; on four
    kinds of input it is not (whitespace other than spaces glued into a symbol, a symbol
    made a second time, counts below 1, ``min_frequency`` below 1): see
    :func:`learn_differences`, which the command line prints as warnings.

    Args:
        vocabulary: ``{word: count}``, e.g. from :func:`read_vocabulary`; counts are kept
            as given, 0 and negative ones too.
        num_symbols: How many merges to learn at most; 0 or less writes only the header.
        min_frequency: Stop when the best pair is counted fewer times (0 or below: pairs
            counted 0 times are merged too, as subword-nmt does).
        total_symbols: Subtract the number of distinct characters (word-internal and
            word-final) from ``num_symbols`` (subword-nmt's ``--total-symbols``).
        verbose: Report every merge (subword-nmt's ``--verbose``).
        log: Receives the ``--total-symbols`` and ``--verbose`` lines subword-nmt prints on
            stderr, in its order.
        warn: Receives a warning where subword-nmt would crash and this function does not
            (no pair at all; a count too large for a float).

    Returns:
        The codes text and, when learning stopped before ``num_symbols`` merges, the
        message subword-nmt prints on stderr (``None`` otherwise).

    Raises:
        CommandError: The vocabulary is empty, a word is not a non-empty string or holds a
            line break, or a count, ``num_symbols`` or ``min_frequency`` is not a whole
            number.

    Example:
        >>> learn_codes({"aab": 3}, 5)
        ('#version: 0.2\\na b</w>\\na ab</w>\\n', 'no pair has frequency >= 2. Stopping')
        >>> learn_codes({"aab": 3}, 1, verbose=True, log=print)[0]
        pair 0: a b</w> -> ab</w> (frequency 3)
        '#version: 0.2\\na b</w>\\n'
    """
    _check_learn_arguments(vocabulary, num_symbols, min_frequency)
    say = log or (lambda _: None)
    if total_symbols:
        internal, final = nmt_learn.alphabet(vocabulary)
        say(f"Number of word-internal characters: {internal}")
        say(f"Number of word-final characters: {final}")
        say(f"Reducing number of merge operations by {internal + final}")
        num_symbols -= internal + final
    if num_symbols < 1:
        return CODES_HEADER, None
    run = nmt_learn.learn(vocabulary, num_symbols, min_frequency)
    if warn and not any(len(word) > 1 for word in vocabulary):
        warn(
            "no word has two characters, so there is no pair to merge: subword-nmt stops "
            "with an error here (max() of no pair counts); this command writes just the "
            "header."
        )
    if warn and run.exact_threshold:
        warn(
            "a count is too large for a floating-point number: subword-nmt stops with an "
            "OverflowError when it computes its pruning threshold; this command keeps the "
            "threshold as an exact fraction, so it writes the codes subword-nmt would write "
            "if its floats could hold the count."
        )
    if verbose:
        for number, merge in enumerate(run.merges):
            left, right = merge.pair
            count = _decimal(merge.count)
            say(f"pair {number}: {left} {right} -> {left}{right} (frequency {count})")
    codes = "".join(f"{m.pair[0]} {m.pair[1]}\n" for m in run.merges)
    stop = f"no pair has frequency >= {min_frequency}. Stopping" if run.stopped else None
    return CODES_HEADER + codes, stop


def _check_learn_arguments(
    vocabulary: Mapping[str, int], num_symbols: int, min_frequency: int
) -> None:
    if not vocabulary:
        raise CommandError("The input contains no words, so there is nothing to learn.")
    for flag, value in (("--symbols", num_symbols), ("--min-frequency", min_frequency)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandError(f"{flag} must be a whole number, not {value!r}.")
    for word, count in vocabulary.items():
        if not isinstance(word, str) or not word:
            raise CommandError(f"Every word must be a non-empty string, not {word!r}.")
        if "\n" in word:
            # a codes file holds one merge per line: such a word could not be written (the
            # command line reads words from lines, so they never hold one)
            raise CommandError(f"The word {_show(word)} contains a line break.")
        if isinstance(count, bool) or not isinstance(count, int):
            raise CommandError(f"The count of {_show(word)} must be a whole number, not {count!r}.")


def learn_differences(
    vocabulary: Mapping[str, int], min_frequency: int, codes: str, stop: str | None
) -> list[str]:
    """Where these codes (subword-nmt's) are not exact BPE, and why: the command's warnings.

    ``learn-bpe`` writes subword-nmt's codes byte for byte. The app's pages teach exact BPE,
    and on ordinary text the two are the same. Four kinds of input can make them differ
    (:mod:`subword_core.nmt_learn` explains each); when one of them is present, exact BPE
    is learned too (:func:`subword_core.nmt_learn.exact_merges`) and, if its codes differ,
    one message names each cause present and a last one the first merge that differs:

    - **Whitespace glued into a symbol.** A merge glues a tab (a no-break space ...) to a
      neighbour; subword-nmt, and therefore this command, then treats it as a symbol
      boundary when it searches for later pairs.
    - **A symbol made a second time** (a word spelled with ``</w>``): the pairs around the
      old copies are counted again, and the pruned table of rare pairs can forget counts.
    - **Counts below 1** (``--dict-input``): kept, as subword-nmt keeps them; exact BPE
      leaves such words out (they occur nowhere).
    - **--min-frequency below 1**: pairs counted 0 times are merged until ``--symbols``;
      exact BPE stops when no pair occurs.

    Args:
        vocabulary: The words read, with their counts.
        min_frequency: The ``--min-frequency`` asked for.
        codes: The codes :func:`learn_codes` wrote.
        stop: Its stop message (``None``: it learned every merge asked for).

    Returns:
        The messages (empty: these codes are exact BPE).

    Example:
        >>> vocab = {"bb\\tbba": 1, "\\tbaa": 2}
        >>> codes, stop = learn_codes(vocab, 40, 1)
        >>> for text in learn_differences(vocab, 1, codes, stop):
        ...     print(text[:63])
        merge 1 (\\t b) glues U+0009 CHARACTER TABULATION (tab) to a nei
        exact BPE (the app's BPE pages) writes other codes from merge 5
    """
    # subtle: lines end at "\n" only; a symbol may hold a form feed, which splitlines splits at
    merges = [tuple(line.split(" ")) for line in codes.rstrip("\n").split("\n")[1:]]
    causes = _difference_causes(vocabulary, min_frequency, merges)
    if not causes:
        return []
    # one merge more when learning stopped early: exact BPE may go on
    size = len(merges) + (stop is not None)
    try:
        exact = nmt_learn.exact_merges(vocabulary, size, max(1, min_frequency))
    except SubwordError as err:  # e.g. a count above the app's largest (10**12)
        return [*causes, f"exact BPE was not learned to compare these codes with: {err}"]
    first = next(
        (n for n, pair in enumerate(zip(merges, exact, strict=False), 1) if pair[0] != pair[1]),
        min(len(merges), len(exact)) + 1,
    )
    if first > max(len(merges), len(exact)):
        return []  # the same codes: nothing surprising
    ours = " ".join(merges[first - 1]) if first <= len(merges) else None
    theirs = " ".join(exact[first - 1]) if first <= len(exact) else None
    what = (
        f"writes {_show(theirs)} where these codes have {_show(ours)}"
        if ours and theirs
        else f"stops there ({first - 1} merge(s) in all)"
        if ours
        else f"goes on with {_show(theirs)}"
    )
    return [
        *causes,
        f"exact BPE (the app's BPE pages) writes other codes from merge {first} on: it {what}. "
        "These codes are subword-nmt's, byte for byte.",
    ]


def _difference_causes(
    vocabulary: Mapping[str, int], min_frequency: int, merges: Sequence[Sequence[str]]
) -> list[str]:
    """One message per cause of :func:`learn_differences` present in this run."""
    causes: list[str] = []
    glued = next((n for n, pair in enumerate(merges, 1) if _other_space("".join(pair))), 0)
    if glued:
        char = _other_space("".join(merges[glued - 1]))
        causes.append(
            f"merge {glued} ({_show(' '.join(merges[glued - 1]))[1:-1]}) glues "
            f"{_describe(char)} to a neighbour. Words are split at spaces only, so it is a "
            "character of its word; but subword-nmt (and therefore this command) finds a "
            "pair by searching the symbols joined with spaces, where this whitespace also "
            "counts as a boundary between symbols, so from this merge on a pair may be "
            "merged inside a symbol, where the counts did not expect it. Replace it with "
            "spaces first to get exact BPE."
        )
    remade = nmt_learn.first_remade(vocabulary, merges)
    if remade:
        left, right = merges[remade - 1]
        causes.append(
            f"merge {remade} ({_show(left + ' ' + right)[1:-1]}) makes "
            f"{_show(left + right)}, a symbol the words already hold (a word spelled with "
            f"{MARKER!r} can make, in its middle, a symbol spelled like a word-final one). "
            "subword-nmt (and therefore this command) then counts the pairs around the old "
            "copies again, and its table of rare pairs, pruned to save time, can forget "
            "part of a count, so from this merge on its counts may be wrong."
        )
    low = [word for word, count in vocabulary.items() if count < 1]
    if low:
        causes.append(
            f"{len(low)} word(s) have a count below 1 (first: {_show(low[0])}, "
            f"{_decimal(vocabulary[low[0]])}). subword-nmt (and therefore this command) "
            "keeps them: a negative count takes pairs away from the other words, and a count of 0 "
            "puts pairs counted 0 times in its table (which can make it forget part of a "
            "rare pair's count). Exact BPE leaves them out: they occur nowhere."
        )
    if min_frequency < 1:
        causes.append(
            f"--min-frequency {min_frequency}: a count of 0 is >= {min_frequency}, so "
            "subword-nmt (and therefore this command) goes on merging pairs counted 0 "
            "times once the others run out (the greatest pair first, often the same one "
            "again) until --symbols merges are written; they never apply. Exact BPE stops "
            "when no pair occurs (as with --min-frequency 1)."
        )
    return causes


def _other_space(text: str) -> str:
    """The first whitespace character of ``text`` other than a space ('' if none)."""
    return next((char for char in text if char.isspace() and char != " "), "")


# --------------------------------------------------------------------------------------
# apply-bpe
# --------------------------------------------------------------------------------------


def read_codes(
    text: str, name: str = "<codes>", *, merges: int = -1, any_version: bool = False
) -> BPEModel:
    """Read a codes file the way subword-nmt's ``BPE`` class does.

    A first line starting with ``#version:`` gives the version (``0.2``: marker glued to
    the last character); without it the file is version 0.1 (marker a symbol of its own).
    The other lines (split at ``\\n`` only) are two symbols separated by one space; a
    repeated pair keeps its first rank.

    Args:
        text: The whole codes file.
        name: The file's name, used in error messages.
        merges: Use only the first ``merges`` lines after the header (subword-nmt's
            ``--merges``; -1, the default, uses them all; other negative numbers none).
        any_version: Read a version other than 0.1 and 0.2 too, as subword-nmt does (it
            then fails at the first word it must encode: see :func:`codes_version`).

    Returns:
        The model; ``model.attach_end_of_word`` tells the version.

    Raises:
        CommandError: The version is not 0.1 or 0.2, or a line in use is not two symbols.

    Example:
        >>> read_codes("#version: 0.2\\ne s\\nes t</w>\\n").encode("test")
        ['t', 'est</w>']
        >>> read_codes("e s\\nes t\\n").attach_end_of_word
        False
        >>> read_codes("#version: 0.2\\ne s\\nnot a merge\\n", merges=1).merges
        (('e', 's'),)
    """
    header = text.splitlines(keepends=True)[0] if text else ""
    version = (0, 1)  # a file without a header is version 0.1
    first_number = 1  # the line number of the first merge, for error messages
    if header.startswith("#version:"):
        version = _codes_version(header, name, strict=not any_version)
        text = text[len(header) :]
        first_number = 2
    body = text.rstrip("\n")
    lines = body.split("\n") if body else []  # no merges at all: allowed (lenient)
    if merges != -1:
        lines = lines[: max(merges, 0)]  # --merges N: the first N lines; below -1: none
    pairs: list[Pair] = []
    for number, line in enumerate(lines, start=first_number):
        symbols = line.strip("\r\n ").split(" ")
        if len(symbols) != 2:
            raise CommandError(
                f"{name}: line {number}: expected two symbols separated by one "
                f"space, got {_show(line)}."
            )
        pairs.append((symbols[0], symbols[1]))
    return BPEModel(tuple(pairs), MARKER, attach_end_of_word=version == (0, 2))


def codes_version(text: str) -> str | None:
    """The version word of a codes file's header when it is neither 0.1 nor 0.2, else ``None``.

    subword-nmt reads such a file, keeps one-character words (and glossary matches) as they
    are and fails at the first other word; ``apply-bpe`` does the same.

    >>> codes_version("#version: 0.3\\na b\\n"), codes_version("#version: 0.2.0\\n")
    ('0.3', None)
    """
    header = text.splitlines(keepends=True)[0] if text else ""
    if not header.startswith("#version:"):
        return None
    try:
        _codes_version(header, "<codes>")
    except CommandError:
        return header.split()[-1]
    return None


def _codes_version(header: str, name: str, *, strict: bool = True) -> tuple[int, ...]:
    """The version named by a codes file's ``#version:`` line, e.g. ``(0, 2)``.

    The version is the line's last word, read as numbers between dots; ``.0`` parts at
    its end do not count, so ``0.2.0`` is ``0.2``. Only 0.1 and 0.2 exist.

    Raises:
        CommandError: The last word is not numbers between dots, or names another version.

    >>> _codes_version("#version: 0.2\\n", "codes"), _codes_version("#version: 0.1.00", "c")
    ((0, 2), (0, 1))
    """
    word = header.split()[-1]
    parts = word.split(".")
    while len(parts) > 1 and parts[-1] and not parts[-1].strip("0"):
        parts.pop()  # a trailing part made only of zeros: 0.2.0 -> 0.2
    try:
        version = tuple(int(part) for part in parts)  # int(), as subword-nmt reads them
    except ValueError:
        raise CommandError(f"{name}: line 1: cannot read the version in {_show(header)}.") from None
    if strict and version not in ((0, 1), (0, 2)):
        raise CommandError(
            f"{name}: line 1: codes version {word} is not supported (only 0.1 and 0.2)."
        )
    return version


def segment_line(
    model: BPEModel,
    line: str,
    separator: str = "@@",
    *,
    glossaries: Sequence[str] = (),
    vocabulary: Iterable[str] | None = None,
    dropout: float = 0.0,
    rng: random.Random | None = None,
) -> str:
    """Segment one line as subword-nmt's ``BPE.process_line`` does.

    Leading and trailing whitespace (spaces and line breaks) is kept, words are split on
    single spaces (runs of spaces collapse to one), the marker is stripped from each
    word's last token and ``separator`` is appended to every other token. A one-character
    word is left as it is. (To segment many lines, the command line sets up the
    glossaries and the table of merges to undo once, not once a line.)

    Args:
        model: The codes, e.g. from :func:`read_codes`.
        line: One line, with its line break if it has one.
        separator: Appended to every token that does not end a word.
        glossaries: Regular expressions; a word (or part of a word) that matches one is
            kept whole (subword-nmt's ``--glossaries``).
        vocabulary: Tokens allowed in the output (subword-nmt's ``--vocabulary``; a
            non-final token is looked up with ``separator`` appended): merges that made
            any other token are undone. ``None`` or empty: every token is allowed.
        dropout: BPE-dropout probability (at or below 0: none; at or above 1, or NaN: all
            merges dropped).
        rng: The random source, needed when ``0 < dropout < 1``; draws are those of
            subword-nmt's ``random`` module seeded with the same seed.

    Returns:
        The segmented line.

    Raises:
        CommandError: A glossary is not a valid regular expression, or ``dropout`` needs
            an ``rng``.

    Example:
        >>> model = read_codes("#version: 0.2\\nl o\\nlo w</w>\\nlo w\\ne s\\nes t</w>\\n")
        >>> segment_line(model, "  lowest  low\\n")
        '  low@@ est low\\n'
        >>> segment_line(model, "lowest lowUSA\\n", glossaries=["USA"], vocabulary=["lo@@"])
        'lo@@ w@@ e@@ s@@ t lo@@ w@@ USA\\n'
    """
    segmenter = _Segmenter(
        model,
        separator,
        glossaries=glossaries,
        vocabulary=None if vocabulary is None else set(vocabulary),
        dropout=dropout,
        rng=rng,
    )
    return segmenter.line(line)


def _words(line: str) -> list[str]:
    """The words of a line, as every subword-nmt command reads them.

    Spaces and line breaks are stripped from both ends, the rest is split at each single
    space, and the empty strings a run of spaces leaves are dropped. Nothing else
    separates words: a tab, a form feed or a no-break space is part of its word.

    >>> _words("  low\\tlow  newer\\n")
    ['low\\tlow', 'newer']
    """
    return [word for word in line.strip("\r\n ").split(" ") if word]


class _Segmenter:
    """apply-bpe's rules around :meth:`BPEModel.encode`, set up once for many lines.

    Each word of a line goes through three steps:

    1. The glossaries cut their matches out of the word (:class:`_Glossaries`).
    2. Each piece becomes tokens (:meth:`tokens`): a glossary match and a single character
       stay whole; anything else is encoded by the model (with BPE-dropout if asked), the
       end-of-word marker is taken off, and with a vocabulary the merges that made unknown
       tokens are undone (:func:`_undo_unknown_merges`).
    3. The word's tokens are joined with the separator after every one but the last
       (``low@@ est``).

    >>> _Segmenter(read_codes("e s\\nl o\\nlo w\\n")).line(" lowest x\\n")
    ' low@@ es@@ t x\\n'
    """

    def __init__(
        self,
        model: BPEModel,
        separator: str = "@@",
        *,
        glossaries: Sequence[str] = (),
        vocabulary: set[str] | None = None,
        dropout: float = 0.0,
        rng: random.Random | None = None,
        unsupported: str = "",
    ) -> None:
        self.model = model
        self.separator = separator
        # a message: the codes' version cannot encode a word (one character still can)
        self.unsupported = unsupported
        self.glossaries = _Glossaries(glossaries)
        # an empty vocabulary checks nothing, as in subword-nmt
        self.vocabulary = vocabulary or None
        self.undo = _undo_table(model.merges) if self.vocabulary else {}
        if math.isnan(dropout) or dropout >= 1:
            dropout = 1.0  # random() > p never holds: every merge is dropped
        elif dropout <= 0:
            dropout = 0.0  # random() > p always holds: nothing is dropped
        if 0 < dropout < 1 and rng is None:
            raise CommandError("BPE-dropout needs a random source (a seed).")
        self.dropout = dropout
        self.rng = rng
        # the tokens of pieces seen before; not used with dropout (each time is a new draw)
        self.memo: dict[str, tuple[str, ...]] = {}

    def line(self, line: str) -> str:
        """One line segmented; the spaces and line breaks around its words are kept."""
        words = [self.word(word) for word in _words(line)]
        if not words:
            return line  # only spaces and line breaks (or nothing): written as it is
        start = len(line) - len(line.lstrip("\r\n "))
        end = len(line.rstrip("\r\n "))
        return line[:start] + " ".join(words) + line[end:]

    def word(self, word: str) -> str:
        """One word segmented: its tokens, the separator after all but the last."""
        tokens = [token for piece in self.glossaries.pieces(word) for token in self.tokens(piece)]
        return (self.separator + " ").join(tokens)

    def tokens(self, piece: str) -> tuple[str, ...]:
        """The tokens of one piece of a word (a whole word when no glossary cut it)."""
        if not self.dropout and piece in self.memo:
            return self.memo[piece]
        if len(piece) == 1 or self.glossaries.keeps_whole(piece):
            # subtle: kept as it is, as subword-nmt does: no end-of-word marker, no merge,
            # no dropout draw, no vocabulary check
            return (piece,)
        if self.unsupported:
            raise CommandError(self.unsupported)
        tokens = _without_end_marker(self.model.encode(piece, dropout=self.dropout, rng=self.rng))
        if self.vocabulary:
            tokens = _undo_unknown_merges(tokens, self.undo, self.vocabulary, self.separator)
        if not self.dropout and len(self.memo) < 100_000:
            self.memo[piece] = tuple(tokens)
        return tuple(tokens)


def _without_end_marker(tokens: list[str]) -> list[str]:
    """The tokens as they are written: the end-of-word marker is not part of the text.

    The last token ends with the marker: it is cut off, and a last token that was only the
    marker (version 0.1 codes, when no merge took it in) is left out.

    >>> _without_end_marker(["lo", "w</w>"]), _without_end_marker(["l", "o", "w", "</w>"])
    (['lo', 'w'], ['l', 'o', 'w'])
    """
    last = tokens[-1]
    if last.endswith(MARKER):
        last = last[: -len(MARKER)]
    return [*tokens[:-1], last] if last else tokens[:-1]


class _Glossaries:
    """``--glossaries``: regular expressions for text that BPE must leave whole.

    They act twice. First every glossary, in the order given, cuts its matches out of
    the word as pieces of their own (:meth:`pieces`). Then a piece that some glossary
    matches from start to end is one token as it is (:meth:`keeps_whole`); the other
    pieces are encoded.

    >>> glossaries = _Glossaries(["USA", r"\\d+"])
    >>> glossaries.pieces("1934USABUSA")
    ['1934', 'USA', 'B', 'USA']
    >>> glossaries.keeps_whole("1934"), glossaries.keeps_whole("B")
    (True, False)

    Raises:
        CommandError: A glossary is not a valid regular expression.
    """

    def __init__(self, glossaries: Sequence[str]) -> None:
        self.patterns = [str(glossary) for glossary in glossaries]
        for pattern in self.patterns:
            # the two ways _cut_out_matches uses it; an invalid one is reported by name
            _compile(f"^{pattern}$", pattern)
            _compile(f"({pattern})", pattern)
        # subtle: one regex for all of them, each inside the group (so its own '|' stays
        # inside), as subword-nmt builds it
        self.whole = (
            _compile("^({})$".format("|".join(self.patterns)), " ".join(self.patterns))
            if self.patterns
            else None
        )

    def pieces(self, word: str) -> list[str]:
        """The word cut by each glossary in turn (each cuts the pieces the last left)."""
        pieces = [word]
        for pattern in self.patterns:
            pieces = [cut for piece in pieces for cut in _cut_out_matches(piece, pattern)]
        return pieces

    def keeps_whole(self, piece: str) -> bool:
        """Does a glossary match ``piece`` from its start to its end?"""
        return self.whole is not None and self.whole.match(piece) is not None


def _compile(pattern: str, glossary: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except (re.error, RecursionError, OverflowError) as err:
        raise CommandError(
            f"--glossaries: {_show(glossary)} is not a valid regular expression ({err})."
        ) from None


def _cut_out_matches(word: str, glossary: str) -> list[str]:
    """Cut every match of one glossary regex out of ``word``, as a piece of its own.

    The rule, the one subword-nmt's ``--glossaries`` follows:

    - A word the glossary matches as a whole (tested as ``^glossary$``), or nowhere, stays
      one piece.
    - Otherwise ``re.split`` cuts the word at every match. The glossary is put inside a
      capture group, and ``re.split`` puts what a group captured between the pieces it
      cut, so each match stays in the list: ``USA`` cuts ``1934USAB`` into
      ``1934``, ``USA``, ``B``.
    - Empty pieces are dropped: the text between two matches side by side, before a match
      at the start, or after one at the end; and the ``None`` that ``re.split`` gives for
      a group of the glossary's own that took no part. A group of the glossary's own that
      did capture adds its text as one more piece (``(a)(b)`` below).

    subtle: the anchors are not a group, so the glossary ``a|c`` is tested as ``^a|c$``,
    "starts with a, or is c": it leaves ``abc`` whole. The piece after the last match has
    spaces and line breaks stripped from its ends (a word read from a file never holds
    them).

    >>> _cut_out_matches("1934USABUSA", "USA")
    ['1934', 'USA', 'B', 'USA']
    >>> _cut_out_matches("xaby", "(a)(b)")
    ['x', 'ab', 'a', 'b', 'y']
    >>> _cut_out_matches("abc", "a|c"), _cut_out_matches("bcb", "a|c")
    (['abc'], ['b', 'c', 'b'])
    """
    if re.match(f"^{glossary}$", word) or not re.search(glossary, word):
        return [word]
    *cut, after_last_match = re.split(f"({glossary})", word)
    pieces = [piece for piece in cut if piece]
    if after_last_match:
        pieces.append(after_last_match.strip("\r\n "))
    return pieces


def _undo_table(merges: Sequence[Pair]) -> dict[str, Pair]:
    """For every symbol the merges make, the two symbols to split it back into.

    ``--vocabulary`` undoes merges, so it needs, for a token like ``low``, the merge that
    made it: ``lo`` + ``w``. Usually exactly one merge spells a symbol. But a codes file
    may list a pair twice, or two pairs that spell the same symbol (``a bc`` and ``ab c``
    both make ``abc``); then the pair whose *last* line comes first in the file is used.
    That is the rule subword-nmt's table follows, kept so that the output is the same.
    (So :attr:`BPEModel.ranks`, which keeps a pair's *first* line, is not enough here.)

    >>> _undo_table([("l", "o"), ("lo", "w")])
    {'lo': ('l', 'o'), 'low': ('lo', 'w')}
    >>> _undo_table([("a", "bc"), ("ab", "c"), ("a", "bc")])["abc"]
    ('ab', 'c')
    """
    last_line = {pair: line for line, pair in enumerate(merges)}  # a repeated pair: its last
    table: dict[str, Pair] = {}
    for left, right in sorted(last_line, key=last_line.__getitem__):
        table.setdefault(left + right, (left, right))  # the earliest (last) line wins
    return table


_ENDLESS_UNDO = (
    "--vocabulary: cannot undo the merges of the word {word!r}: undoing them reaches a last "
    "token that is only the end-of-word marker, and the codes make the marker itself from "
    "{pair[0]!r} + {pair[1]!r}, so undoing that merge gives the same empty last token again, "
    "for ever (subword-nmt stops with a RecursionError here). Remove that merge from the "
    "codes, or add the missing tokens to the vocabulary."
)


def _undo_unknown_merges(
    tokens: Sequence[str], undo: Mapping[str, Pair], vocabulary: set[str], separator: str
) -> list[str]:
    """``--vocabulary``: undo the last merge of any token not in the vocabulary,
    recursively, until every piece is known or was made by no merge (a character).

    A token is *known* when the vocabulary holds it as it is written: a token inside the
    word with the separator after it (``lo@@``), the word's last token as it is (``w``).
    An unknown token is replaced by the two symbols its merge joined (:func:`_undo_table`),
    the left one first, and each of them is checked in the same way. The left one is never
    the word's end; the right one of the last token is.

    The last token had the end-of-word marker when it was merged (``t`` + ``</w>``, or
    ``s`` + ``t</w>``), so its merge is looked up with the marker put back, and the right
    symbol found has the marker's four characters cut off again.

    subtle: for a long word the undoing goes deeper than Python's recursion limit, so the
    pieces still to check wait on a stack (the next one on top) instead of in nested calls.
    Undoing ``t</w>`` (version 0.1 codes: ``t`` + ``</w>``) leaves an empty last token, as
    in subword-nmt. If a merge spelled the marker itself (``</w`` + ``>``), undoing an
    empty last token gives an empty last token again, for ever (subword-nmt crashes with
    a ``RecursionError``): that stops with an error.

    Args:
        tokens: A word's tokens, the end-of-word marker already taken off.
        undo: Symbol -> the two symbols it was made of, from :func:`_undo_table`.
        vocabulary: The tokens allowed (non-final ones with the separator appended).
        separator: The separator written after non-final tokens.

    Returns:
        The tokens, every unknown one split as far as the merges allow.

    Raises:
        CommandError: Undoing would never end (a merge spelled the marker; see above).

    Example:
        >>> undo = _undo_table([("l", "o"), ("lo", "w</w>"), ("e", "s"), ("es", "t</w>")])
        >>> _undo_unknown_merges(["low"], undo, {"lo@@", "w"}, "@@")
        ['lo', 'w']
        >>> _undo_unknown_merges(["lo", "est"], undo, {"e@@", "st"}, "@@")
        ['l', 'o', 'e', 's', 't']
    """
    done: list[str] = []
    # (token, is it the word's last token?), the next one to check on top of the stack
    todo = [(tokens[-1], True)] + [(token, False) for token in reversed(tokens[:-1])]
    while todo:
        token, last = todo.pop()
        known = (token if last else token + separator) in vocabulary
        merge = None if known else undo.get(token + MARKER if last else token)
        if merge is None:
            done.append(token)  # known, or no merge made it: it stays
            continue
        left, right = merge
        if last:
            right = right[: -len(MARKER)]
            if not token:  # undoing a merge that spelled the marker itself: see above
                raise CommandError(_ENDLESS_UNDO.format(word="".join(tokens), pair=merge))
        todo.append((right, last))
        todo.append((left, False))
    return done


def read_vocabulary_file(
    lines: Iterable[str], threshold: int | None = None, name: str = "<vocabulary>"
) -> set[str]:
    """Read ``word count`` lines as subword-nmt's apply-bpe ``read_vocabulary`` does.

    Args:
        lines: The vocabulary file's lines (e.g. written by get-vocab).
        threshold: Keep only words with a count of at least this (``None``: all).
        name: The file's name, used in error messages.

    Returns:
        The words kept.

    Raises:
        CommandError: A line is not a word, one space and a whole number.

    Example:
        >>> sorted(read_vocabulary_file(["low@@ 5", "est 1\\n"], threshold=2))
        ['low@@']
    """
    vocabulary: set[str] = set()
    for number, line in enumerate(lines, start=1):
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2:
            raise CommandError(
                f"{name}: line {number}: expected a word, one space and a count, got {_show(line)}."
            )
        word, value = parts
        count = _whole_number(value, name, number)
        if threshold is None or count >= threshold:
            vocabulary.add(word)
    return vocabulary


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


# --------------------------------------------------------------------------------------
# convert
# --------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------------------

_NUM_WORKERS_HELP = (
    "accepted for compatibility with subword-nmt and ignored: the work is done in one "
    "process, and the output is subword-nmt's with --num-workers 1"
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with the ``learn-bpe``, ``apply-bpe``, ``get-vocab``,
    ``learn-joint-bpe-and-vocab`` and ``convert`` subcommands.

    Example:
        >>> build_parser().parse_args(["apply-bpe", "-c", "codes.bpe"]).separator
        '@@'
    """
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Byte-pair encoding on the command line: a drop-in for subword-nmt 0.3.8 "
            "(learn-bpe, apply-bpe, get-vocab, learn-joint-bpe-and-vocab write the same "
            "bytes), plus convert."
        ),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    learn_parser = commands.add_parser(
        "learn-bpe", help="learn BPE merges from a text", description=_LEARN_DESCRIPTION
    )
    learn_parser.add_argument(
        "-i", "--input", metavar="PATH", help="input text (default: standard input)"
    )
    learn_parser.add_argument(
        "-o", "--output", metavar="PATH", help="output codes file (default: standard output)"
    )
    _add_learn_options(learn_parser)
    learn_parser.add_argument(
        "--dict-input",
        action="store_true",
        help=(
            "read the input as one 'word count' pair per line (as get-vocab writes); "
            "counts are kept as given, as subword-nmt keeps them: a count of 0 or below "
            "still puts its word's pairs in the table, a negative one subtracts"
        ),
    )

    _add_apply_command(commands)
    _add_vocab_commands(commands)
    convert_parser = commands.add_parser(
        "convert",
        help="convert a model file (codes, vocab.txt, .vocab, tokenizer.json)",
        description=_CONVERT_DESCRIPTION,
    )
    convert_parser.add_argument(
        "--from", dest="source", required=True, choices=list(FORMATS), help="input format"
    )
    convert_parser.add_argument(
        "--to", dest="target", required=True, choices=list(FORMATS), help="output format"
    )
    convert_parser.add_argument(
        "-i", "--input", metavar="PATH", help="input file (default: standard input)"
    )
    convert_parser.add_argument(
        "-o", "--output", metavar="PATH", help="output file (default: standard output)"
    )
    return parser


def _add_apply_command(commands: argparse._SubParsersAction) -> None:
    apply_parser = commands.add_parser(
        "apply-bpe", help="split a text into subwords", description=_APPLY_DESCRIPTION
    )
    apply_parser.add_argument(
        "-c", "--codes", metavar="PATH", required=True, help="codes file written by learn-bpe"
    )
    apply_parser.add_argument(
        "-i", "--input", metavar="PATH", help="input text (default: standard input)"
    )
    apply_parser.add_argument(
        "-o", "--output", metavar="PATH", help="output text (default: standard output)"
    )
    apply_parser.add_argument(
        "-m",
        "--merges",
        type=int,
        default=-1,
        metavar="INT",
        help="use only the first INT merges of the codes file (default: -1, all of them)",
    )
    apply_parser.add_argument(
        "-s",
        "--separator",
        default="@@",
        metavar="STR",
        help="appended to every subword that does not end a word (default: '%(default)s')",
    )
    apply_parser.add_argument(
        "--vocabulary",
        metavar="PATH",
        help=(
            "a 'word count' file (from get-vocab or learn-joint-bpe-and-vocab): merges that "
            "made a subword not in it are undone, as subword-nmt does (a non-final subword "
            "is looked up with the separator appended; one-character words and glossary "
            "matches are not checked; an empty vocabulary checks nothing)"
        ),
    )
    apply_parser.add_argument(
        "--vocabulary-threshold",
        type=int,
        metavar="INT",
        help="with --vocabulary: words counted fewer than INT times are not in it",
    )
    _add_dropout_options(apply_parser)
    apply_parser.add_argument(
        "--glossaries",
        nargs="+",
        metavar="STR",
        help=(
            "words or regular expressions (quote each one) that BPE leaves alone: a word "
            "matching one is not split, and a match inside a word is cut out as its own "
            "subword (1934USABUSA -> 1934@@ USA@@ B@@ USA), as subword-nmt does"
        ),
    )
    apply_parser.add_argument(
        "--universal-newlines",
        action="store_true",
        help=(
            "read standard input as `python -m subword_nmt.apply_bpe` does (lines end "
            "only at \\n, \\r\\n and \\r, both written back as \\n) instead of as `subword-nmt "
            "apply-bpe` and every -i file are read (lines end at every line break, also "
            "\\f, \\v, \\x85, \\u2028, and keep it)"
        ),
    )
    apply_parser.add_argument(
        "--num-workers", type=int, default=1, metavar="N", help=_NUM_WORKERS_HELP
    )


def _add_dropout_options(apply_parser: argparse.ArgumentParser) -> None:
    apply_parser.add_argument(
        "--dropout",
        type=float,
        default=0.0,
        metavar="P",
        help=(
            "BPE-dropout (Provilkov et al. 2020): in every merge iteration each adjacent pair "
            "is dropped with probability P (one random number per pair, left to right). With "
            "the same --seed, codes and version the output is byte for byte that of "
            "`python -m subword_nmt.apply_bpe --dropout P --seed S` (not of `subword-nmt "
            "apply-bpe`: that entry point ignores --seed, so its output changes from run to "
            "run). Use it on training data only (default: 0, no dropout)"
        ),
    )
    apply_parser.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help=(
            "seed of the random numbers for --dropout (Python's random.seed(S), as "
            "`python -m subword_nmt.apply_bpe --seed S`). Without it seed 0 is used, so "
            "the same command always gives the same output; pass another seed for "
            "another draw (e.g. one per epoch)"
        ),
    )


def _add_vocab_commands(commands: argparse._SubParsersAction) -> None:
    """``get-vocab`` and ``learn-joint-bpe-and-vocab``."""
    vocab_parser = commands.add_parser(
        "get-vocab",
        help="count the words of a text ('word count' lines)",
        description=_GET_VOCAB_DESCRIPTION,
    )
    vocab_parser.add_argument(
        "-i", "--input", metavar="PATH", help="input text (default: standard input)"
    )
    vocab_parser.add_argument(
        "-o", "--output", metavar="PATH", help="output file (default: standard output)"
    )

    joint_parser = commands.add_parser(
        "learn-joint-bpe-and-vocab",
        help="learn joint BPE on several texts and write each text's vocabulary",
        description=_JOINT_DESCRIPTION,
    )
    joint_parser.add_argument(
        "-i", "--input", metavar="PATH", nargs="+", required=True, help="input texts"
    )
    joint_parser.add_argument(
        "-o", "--output", metavar="PATH", required=True, help="output codes file"
    )
    _add_learn_options(joint_parser)
    joint_parser.add_argument(
        "--separator",
        default="@@",
        metavar="STR",
        help="separator used when segmenting the texts (default: '%(default)s')",
    )
    joint_parser.add_argument(
        "--write-vocabulary",
        dest="vocab",
        metavar="PATH",
        nargs="+",
        required=True,
        help="one vocabulary file per input text, in the same order",
    )


def _add_learn_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-s",
        "--symbols",
        type=int,
        default=10000,
        help="how many merges (new symbols) to learn (default: %(default)s)",
    )
    parser.add_argument(
        "--min-frequency",
        type=int,
        default=2,
        metavar="FREQ",
        help=(
            "stop when no pair occurs at least FREQ times (default: %(default)s). As in "
            "subword-nmt, 0 or below merges pairs counted 0 times too (they never apply), "
            "until --symbols; a warning says when these codes then differ from exact BPE"
        ),
    )
    parser.add_argument(
        "-t",
        "--total-symbols",
        action="store_true",
        help=(
            "subtract the number of distinct characters (word-internal and word-final, "
            "counted apart) from --symbols, so that --symbols estimates the size of the "
            "whole symbol vocabulary; the numbers are reported on stderr"
        ),
    )
    parser.add_argument("--num-workers", type=int, default=1, metavar="N", help=_NUM_WORKERS_HELP)
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="report every merge on stderr: 'pair N: LEFT RIGHT -> LEFTRIGHT (frequency F)'",
    )


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit status (0 ok, 2 bad usage or input).

    Args:
        argv: The arguments after the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status; errors are reported as one line on stderr, never a traceback.

    Example:
        >>> main(["learn-bpe", "--help"])  # doctest: +ELLIPSIS
        usage: python -m subword_core learn-bpe ...
        0
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, or argparse reported a usage error
        return exit_.code if isinstance(exit_.code, int) else 2
    if args.command is None:
        parser.print_usage(sys.stderr)
        print(
            f"{PROG}: error: choose a command: learn-bpe or apply-bpe (or get-vocab, "
            "learn-joint-bpe-and-vocab, convert)",
            file=sys.stderr,
        )
        return 2
    runners = {
        "learn-bpe": _run_learn,
        "apply-bpe": _run_apply,
        "get-vocab": _run_get_vocab,
        "learn-joint-bpe-and-vocab": _run_joint,
        "convert": _run_convert,
    }
    try:
        runners[args.command](args)
    except CommandError as err:
        print(f"{PROG} {args.command}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); stop quietly as other filters do.
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


def _warn(command: str, text: str) -> None:
    print(f"{PROG} {command}: warning: {text}", file=sys.stderr, flush=True)


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _run_learn(args: argparse.Namespace) -> None:
    name = args.input or "<stdin>"
    with _open_input(args.input) as stream:
        vocab = read_vocabulary(_iter_lines(stream, name), dict_input=args.dict_input, name=name)
    codes, stop, notes = _learn(vocab, args)
    with _open_output(args.output) as out:
        out.write(codes.encode("utf-8"))
    if stop is not None:
        _log(stop)
    _learn_warnings("learn-bpe", vocab, args.min_frequency, (codes, stop, notes))


def _learn(vocab: Mapping[str, int], args: argparse.Namespace) -> tuple[str, str | None, list[str]]:
    """:func:`learn_codes` with the command's options: the codes, the stop message and the
    warnings about the run (printed after the output is written)."""
    notes: list[str] = []
    codes, stop = learn_codes(
        vocab,
        args.symbols,
        args.min_frequency,
        total_symbols=args.total_symbols,
        verbose=args.verbose,
        log=_log,
        warn=notes.append,
    )
    return codes, stop, notes


def _learn_warnings(
    command: str,
    vocab: Mapping[str, int],
    min_frequency: int,
    learned: tuple[str, str | None, list[str]],
) -> None:
    """Warn (never refuse) where the input or the codes may surprise: where subword-nmt
    would crash, and where its codes (these) are not exact BPE (:func:`learn_differences`).

    Called after a successful run, so that an error stays the only line of its run.
    """
    codes, stop, notes = learned
    differences = learn_differences(vocab, min_frequency, codes, stop)
    spaced = [word for word in vocab if _other_space(word)]
    if spaced and not differences:
        _warn(
            command,
            f"{len(spaced)} word(s) contain whitespace other than spaces (first: "
            f"{_show(spaced[0])}, with {_describe(_other_space(spaced[0]))}). Words are split "
            "at spaces only, as in subword-nmt, so it is a character of its word (and, once "
            "a merge glues it to a neighbour, a symbol boundary to subword-nmt's search for "
            "pairs: see --help); here these codes are exact BPE all the same.",
        )
    marked = [w for w in vocab if MARKER in w]
    if marked:
        _warn(
            command,
            f"{len(marked)} word(s) contain the end-of-word marker {MARKER!r} (first: "
            f"{_show(marked[0])}). subword-nmt learns its characters like any others, and so "
            "does this command; apply-bpe restores these words, but a merge of a "
            f"{MARKER!r} spelled in the text looks like an end-of-word merge to other tools.",
        )
    for text in [*notes, *differences]:
        _warn(command, text)


def _run_apply(args: argparse.Namespace) -> None:
    with _open_input(args.codes) as stream:
        codes = "".join(_iter_lines(stream, args.codes))
    model = read_codes(codes, args.codes, merges=args.merges, any_version=True)
    version = codes_version(codes)
    unsupported = (
        f"{args.codes}: line 1: codes version {version} is not supported (only 0.1 and 0.2): "
        "like subword-nmt, the words of one character were written, up to the first longer one."
        if version
        else ""
    )
    vocabulary = None
    if args.vocabulary:
        with _open_input(args.vocabulary) as stream:
            vocabulary = read_vocabulary_file(
                _iter_lines(stream, args.vocabulary), args.vocabulary_threshold, args.vocabulary
            )
    rng = None
    if args.dropout and not math.isnan(args.dropout) and 0 < args.dropout < 1:
        rng = random.Random(0 if args.seed is None else args.seed)
    segmenter = _Segmenter(
        model,
        args.separator,
        glossaries=args.glossaries or (),
        vocabulary=vocabulary,
        dropout=args.dropout,
        rng=rng,
        unsupported=unsupported,
    )
    name = args.input or "<stdin>"
    universal = args.universal_newlines and args.input is None
    clashes: list[str] = []  # words that already contain the separator
    other_breaks = ""  # a line break that `python -m subword_nmt.apply_bpe` reads otherwise
    with _open_input(args.input) as stream, _open_output(args.output) as out:
        for line in _iter_lines(stream, name, universal=universal):
            if args.separator and args.separator in line:
                clashes.extend(w for w in line.split() if args.separator in w)
            if args.input is None and not universal and not other_breaks:
                other_breaks = next((ch for ch in line if ch in _OTHER_LINE_BREAKS), "")
            out.write(segmenter.line(line).encode("utf-8"))
    if rng is not None and args.seed is None:
        _warn(
            "apply-bpe",
            "--dropout without --seed: seed 0 was used, so every run draws the same; "
            "pass --seed N for another draw.",
        )
    if clashes:
        # subtle: the output stays byte for byte subword-nmt's; only the reader is warned.
        _warn(
            "apply-bpe",
            f"{len(clashes)} input word(s) already contain the separator {args.separator!r} "
            f"(first: {_show(clashes[0])}); removing {args.separator!r} + space from the "
            "output will not give them back. Choose another separator with -s.",
        )
    if other_breaks:
        _warn(
            "apply-bpe",
            f"standard input contains {_describe(other_breaks)}, which ends a line here as in "
            "`subword-nmt apply-bpe`; `python -m subword_nmt.apply_bpe` reads standard input "
            "with universal newlines and gives other output. Add --universal-newlines to "
            "match that one.",
        )


def _run_get_vocab(args: argparse.Namespace) -> None:
    name = args.input or "<stdin>"
    with _open_input(args.input) as stream:
        text = count_words(_iter_lines(stream, name))
    with _open_output(args.output) as out:
        out.write(text.encode("utf-8"))


def _run_joint(args: argparse.Namespace) -> None:
    if len(args.input) != len(args.vocab):
        raise CommandError(
            f"{len(args.input)} input file(s) but {len(args.vocab)} --write-vocabulary "
            "file(s): give one vocabulary file per input text."
        )
    texts = []
    for path in args.input:
        with _open_input(path) as stream:
            texts.append("".join(_iter_lines(stream, path)))
    vocab: dict[str, int] = {}
    for text in texts:
        for word, count in read_vocabulary(text.splitlines(keepends=True)).items():
            vocab[word] = vocab.get(word, 0) + count
    codes, stop, notes = _learn(vocab, args)
    with _open_output(args.output) as out:
        out.write(codes.encode("utf-8"))
    if stop is not None:
        _log(stop)
    segmenter = _Segmenter(read_codes(codes, args.output), args.separator)
    for text, path in zip(texts, args.vocab, strict=True):
        segmented = "".join(segmenter.line(line) for line in _universal_lines(text))
        with _open_output(path) as out:
            out.write(count_words(segmented.splitlines(keepends=True)).encode("utf-8"))
    _learn_warnings("learn-joint-bpe-and-vocab", vocab, args.min_frequency, (codes, stop, notes))
    for path, text in zip(args.input, texts, strict=True):
        char = next((ch for ch in text if ch in _OTHER_LINE_BREAKS and ch != "\r"), "")
        if char or re.search("\r(?!\n)", text):
            what = _describe(char) if char else "a lone U+000D CARRIAGE RETURN"
            _warn(
                "learn-joint-bpe-and-vocab",
                f"{path} contains {what}: like subword-nmt, the words are counted with lines "
                "broken there, but the text is segmented with universal newlines (where it "
                "does not end a line, or becomes \\n), so its vocabulary counts its words "
                "differently (subword-nmt itself may stop with 'Bad new line separator').",
            )


def _run_convert(args: argparse.Namespace) -> None:
    name = args.input or "<stdin>"
    with _open_input(args.input) as stream:
        text = "".join(_iter_lines(stream, name))
    out = convert_text(text, args.source, args.target, name)
    with _open_output(args.output) as sink:
        sink.write(out.encode("utf-8"))


# --- files ----------------------------------------------------------------------------


class _Unclosed:
    """Wrap a standard stream so that ``with`` does not close it."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def __enter__(self) -> BinaryIO:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        self.stream.flush()


def _open_input(path: str | None) -> BinaryIO | _Unclosed:
    if path is None:
        return _Unclosed(sys.stdin.buffer)
    try:
        return open(path, "rb")
    except OSError as err:
        raise CommandError(f"cannot read {path}: {err.strerror or err}.") from None


def _open_output(path: str | None) -> BinaryIO | _Unclosed:
    if path is None:
        sys.stdout.flush()
        return _Unclosed(sys.stdout.buffer)
    try:
        return open(path, "wb")
    except OSError as err:
        raise CommandError(f"cannot write {path}: {err.strerror or err}.") from None


def _iter_lines(stream: BinaryIO, name: str, *, universal: bool = False) -> Iterator[str]:
    """Decode UTF-8 and split lines as subword-nmt's ``codecs`` reader does.

    subtle: that reader splits on every ``str.splitlines`` boundary (also ``\\r``, ``\\f``,
    ``\\x1c`` ... ``\\u2029``), not only on ``\\n``. Decoding one ``\\n``-terminated byte
    line at a time gives the same lines (no UTF-8 sequence contains the byte 0x0A) and an
    exact line number when the input is not UTF-8. With ``universal``, lines are split as
    Python's text files split them by default (universal newlines: ``\\r\\n`` and ``\\r``
    become ``\\n``).
    """
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = raw[exc.start : exc.end].hex(" ")
            raise CommandError(
                f"{name}: line {number} is not valid UTF-8 (byte {bad} at byte "
                f"{exc.start + 1} of the line); the input must be UTF-8 text."
            ) from None
        yield from _universal_lines(text) if universal else text.splitlines(keepends=True)


def _universal_lines(text: str) -> list[str]:
    """Lines as ``open(path, encoding="utf-8")`` reads them: universal newlines.

    >>> _universal_lines("a\\r\\nb\\rc\\x0cd\\n")
    ['a\\n', 'b\\n', 'c\\x0cd\\n']
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    last = lines.pop()
    return [line + "\n" for line in lines] + ([last] if last else [])


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass


# --- messages -------------------------------------------------------------------------


def _whole_number(value: str, name: str, number: int) -> int:
    try:
        return int(value)  # subword-nmt's int(): also ' 5', '+5', '1_000', '-3'
    except ValueError:
        raise CommandError(
            f"{name}: line {number}: the count {_show(value)} is not a whole number."
        ) from None


# Control characters have no Unicode name, only these aliases.
_CONTROL_NAMES = {
    "\t": "CHARACTER TABULATION (tab)",
    "\n": "LINE FEED",
    "\x0b": "LINE TABULATION",
    "\x0c": "FORM FEED",
    "\r": "CARRIAGE RETURN",
    "\x1c": "FILE SEPARATOR",
    "\x1d": "GROUP SEPARATOR",
    "\x1e": "RECORD SEPARATOR",
    "\x1f": "UNIT SEPARATOR",
    "\x85": "NEXT LINE",
}


def _describe(char: str) -> str:
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "control character")
    return f"U+{ord(char):04X} {name}"


def _decimal(number: int) -> str:
    """``str(number)``, also beyond Python's limit on the digits of an int (4300).

    >>> len(_decimal(-(10**5000)))
    5002
    """
    try:
        return str(number)
    except ValueError:
        high, low = divmod(abs(number), 10**4000)
        return ("-" if number < 0 else "") + _decimal(high) + str(low).zfill(4000)


def _show(text: str, limit: int = 40) -> str:
    """``repr`` of a line or word without its line break, shortened for a one-line message."""
    text = text.rstrip("\r\n")
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
