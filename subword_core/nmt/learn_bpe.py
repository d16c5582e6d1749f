"""``learn-bpe``: read a vocabulary, learn subword-nmt's codes, say where they are not exact BPE.

Example:
    >>> vocab = read_vocabulary(["low 5", "lower 2", "newest 6", "widest 3"], dict_input=True)
    >>> print(learn_codes(vocab, 2)[0], end="")
    #version: 0.2
    s t</w>
    e st</w>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from subword_core.errors import SubwordError
from subword_core.nmt import nmt_learn
from subword_core.nmt.common import (
    CODES_HEADER,
    MARKER,
    CommandError,
    _decimal,
    _describe,
    _show,
    _whole_number,
    _words,
)

__all__ = ["learn_codes", "read_vocabulary"]


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
    they are learned by :func:`subword_core.nmt.nmt_learn.learn`, which models subword-nmt's
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
    (:mod:`subword_core.nmt.nmt_learn` explains each); when one of them is present, exact BPE
    is learned too (:func:`subword_core.nmt.nmt_learn.exact_merges`) and, if its codes differ,
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
