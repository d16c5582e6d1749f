"""``python -m subword_core COMMAND``: :func:`main` and each command's run.

The commands' work is in :mod:`~subword_core.nmt.learn_bpe`,
:mod:`~subword_core.nmt.apply_bpe`, :mod:`~subword_core.nmt.vocab` and
:mod:`~subword_core.nmt.convert`; the arguments in :mod:`~subword_core.nmt.parser`.

Example:
    >>> main(["get-vocab", "--help"])  # doctest: +ELLIPSIS
    usage: python -m subword_core get-vocab ...
    0
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections.abc import Mapping

from subword_core.nmt.apply_bpe import _Segmenter, codes_version, read_codes
from subword_core.nmt.apply_options import read_vocabulary_file
from subword_core.nmt.common import (
    _OTHER_LINE_BREAKS,
    MARKER,
    PROG,
    CommandError,
    _describe,
    _iter_lines,
    _open_input,
    _open_output,
    _show,
    _silence_stdout,
    _universal_lines,
)
from subword_core.nmt.convert import convert_text
from subword_core.nmt.learn_bpe import _other_space, learn_codes, learn_differences, read_vocabulary
from subword_core.nmt.parser import build_parser
from subword_core.nmt.vocab import count_words

__all__ = ["main"]


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
