"""A command line compatible with subword-nmt: ``python -m subword_core learn-bpe|apply-bpe``.

A third command, ``convert``, turns a model file from one format into another (see
:func:`convert_text`)::

    python -m subword_core convert --from codes --to tokenizer-json -i codes.bpe -o tok.json

The two commands read and write the same files as ``subword-nmt learn-bpe`` and
``subword-nmt apply-bpe`` (version 0.3.8) for their common flags, so a student can check
the app's BPE against the reference tool, or use the app's codes in an existing pipeline::

    python -m subword_core learn-bpe -s 1000 -i train.txt -o codes.bpe
    python -m subword_core apply-bpe -c codes.bpe -i test.txt -o test.bpe.txt

What "compatible" means here, exactly:

- Lines are read the way subword-nmt's UTF-8 reader reads them (Python's
  ``str.splitlines`` boundaries), words are ``line.strip('\\r\\n ').split(' ')`` without the
  empty strings, and ``--dict-input`` lines are ``word count`` split on one space.
- ``learn-bpe`` writes ``#version: 0.2`` codes (end-of-word marker glued to the last
  character, ties broken by the greater pair), byte for byte what subword-nmt writes, and
  the same ``no pair has frequency >= N. Stopping`` message when it stops early.
- ``apply-bpe`` reads version 0.1 (headerless) and 0.2 codes, keeps each line's leading and
  trailing whitespace, strips the marker from a word's last token and appends the
  separator (``@@``) to every other token.

Where subword-nmt would crash or silently go wrong, these commands stop instead with one
line on stderr and exit status 2: a file that is missing or not UTF-8, a bad
``--dict-input`` line or codes line, a count below 1, an input without words, and a word
that contains whitespace other than spaces (a tab, say) or the ``</w>`` marker. (For such
words subword-nmt's regular expression merges across the tab and learns wrong merges.)
Input words that already contain the separator are segmented as subword-nmt does, but
``apply-bpe`` then warns on stderr (once, with their number), since removing the separator
from the output may not give those words back. Two cases are more lenient than
subword-nmt: a corpus with no pair at all writes just the header, and a codes file with no
merges applies no merges.

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
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from typing import BinaryIO

from subword_core import tokenizer_json
from subword_core.bpe import DEFAULT_END_OF_WORD, BPEModel, learn
from subword_core.corpus import Corpus
from subword_core.errors import SubwordError
from subword_core.unigram import Unigram
from subword_core.wordpiece import WordPiece

__all__ = [
    "FORMATS",
    "CommandError",
    "convert_text",
    "learn_codes",
    "main",
    "read_codes",
    "read_vocabulary",
    "segment_line",
]

PROG = "python -m subword_core"
CODES_HEADER = "#version: 0.2\n"
MARKER = DEFAULT_END_OF_WORD

_LEARN_DESCRIPTION = (
    "Learn byte-pair-encoding merges from a text and write them as a codes file, exactly "
    "as `subword-nmt learn-bpe` does: the vocabulary is every space-separated word of the "
    "input with its count (or `word count` lines with --dict-input), every word is split "
    "into characters with `</w>` glued to the last one, and the most frequent adjacent "
    "pair (the greater pair on ties) is merged, again and again, until --symbols merges "
    "were made or no pair occurs --min-frequency times. The output starts with "
    "`#version: 0.2` and lists one merge per line, most important first."
)
_APPLY_DESCRIPTION = (
    "Split every word of a text into subwords with a codes file written by learn-bpe (or "
    "by subword-nmt; version 0.1 and 0.2 codes are read), exactly as `subword-nmt "
    "apply-bpe` does: each word starts as characters plus the end-of-word marker, then the "
    "earliest-learned merge present in the word is applied until none is left. Every "
    "subword but the last of a word gets the separator appended (`low@@ est`), so joining "
    "the output with the separator removed restores the text; each line keeps its own "
    "leading and trailing whitespace."
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

    Words are ``line.strip('\\r\\n ').split(' ')`` minus the empty strings; with
    ``dict_input`` every line must be one word, one space and an integer count.

    Args:
        lines: The input lines (with or without their line breaks).
        dict_input: Read ``word count`` lines instead of running text.
        name: The input's name, used in error messages.

    Returns:
        ``{word: count}`` in first-seen order (counts of repeated words are added).

    Raises:
        CommandError: A ``--dict-input`` line is not ``word count``, a count is below 1,
            or a word contains whitespace other than spaces or the ``</w>`` marker, which
            the learner cannot represent (the message names the line).

    Example:
        >>> read_vocabulary(["low  lower ", "low"])
        {'low': 2, 'lower': 1}
        >>> read_vocabulary(["low 5", "lower 2"], dict_input=True)
        {'low': 5, 'lower': 2}
    """
    vocab: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        text = line.strip("\r\n ")
        if dict_input:
            parts = text.split(" ")
            if len(parts) != 2:
                raise CommandError(
                    f"{name}: line {number}: expected a word, one space and a count "
                    f"(--dict-input), got {_show(line)}."
                )
            word, value = parts
            try:
                count = int(value)
            except ValueError:
                raise CommandError(
                    f"{name}: line {number}: the count {_show(value)} is not a whole number."
                ) from None
            if count < 1:
                raise CommandError(
                    f"{name}: line {number}: the count of {_show(word)} is {count}, but "
                    "counts must be at least 1."
                )
            _check_word(word, name, number)
            vocab[word] = vocab.get(word, 0) + count
        else:
            for word in text.split(" "):
                if word:
                    if word not in vocab:
                        _check_word(word, name, number)
                    vocab[word] = vocab.get(word, 0) + 1
    return vocab


def learn_codes(
    vocabulary: Mapping[str, int], num_symbols: int, min_frequency: int = 2
) -> tuple[str, str | None]:
    """Learn ``num_symbols`` merges and write them as a subword-nmt ``#version: 0.2`` file.

    Uses subword-nmt's conventions: ``</w>`` glued to the last character and, among pairs
    with the same count, the greatest ``(left, right)`` pair wins.

    Args:
        vocabulary: ``{word: count}``, e.g. from :func:`read_vocabulary`.
        num_symbols: How many merges to learn at most; 0 or less writes only the header.
        min_frequency: Stop when no pair occurs at least this often (>= 1).

    Returns:
        The codes text and, when learning stopped before ``num_symbols`` merges, the
        message subword-nmt prints on stderr (``None`` otherwise).

    Raises:
        CommandError: The vocabulary is empty, ``num_symbols`` or ``min_frequency`` is
            not a whole number, ``min_frequency`` is below 1, or a word cannot be learned
            from.

    Example:
        >>> learn_codes({"aab": 3}, 5)
        ('#version: 0.2\\na b</w>\\na ab</w>\\n', 'no pair has frequency >= 2. Stopping')
    """
    if not vocabulary:
        raise CommandError("The input contains no words, so there is nothing to learn.")
    for flag, value in (("--symbols", num_symbols), ("--min-frequency", min_frequency)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandError(f"{flag} must be a whole number, not {value!r}.")
    if min_frequency < 1:
        raise CommandError(f"--min-frequency must be at least 1, not {min_frequency}.")
    if num_symbols < 1:
        return CODES_HEADER, None
    try:
        corpus = Corpus.from_counts(vocabulary)
        result = learn(
            corpus,
            num_symbols,
            min_frequency=min_frequency,
            attach_end_of_word=True,
            tie_break="lexicographic",
            # The CLI needs the merges only, not the step-by-step trace.
            top_k=1,
            max_changed_words=1,
            history_limit=1,
        )
    except SubwordError as err:
        raise CommandError(str(err)) from None
    stop = None
    if result.stop_reason != "num_merges":
        # subword-nmt says this both when the best pair is too rare and when none is left.
        stop = f"no pair has frequency >= {min_frequency}. Stopping"
    return result.model.to_codes(), stop


# --------------------------------------------------------------------------------------
# apply-bpe
# --------------------------------------------------------------------------------------


def read_codes(text: str, name: str = "<codes>") -> BPEModel:
    """Read a codes file the way subword-nmt's ``BPE`` class does.

    A first line starting with ``#version:`` gives the version (``0.2``: marker glued to
    the last character); without it the file is version 0.1 (marker a symbol of its own).
    Every other line is two symbols separated by one space; a repeated pair keeps its
    first rank.

    Args:
        text: The whole codes file.
        name: The file's name, used in error messages.

    Returns:
        The model; ``model.attach_end_of_word`` tells the version.

    Raises:
        CommandError: The version is not 0.1 or 0.2, or a line is not two symbols.

    Example:
        >>> read_codes("#version: 0.2\\ne s\\nes t</w>\\n").encode("test")
        ['t', 'est</w>']
        >>> read_codes("e s\\nes t\\n").attach_end_of_word
        False
    """
    first = text.splitlines(keepends=True)[0] if text else ""
    offset = 1
    version = (0, 1)
    if first.startswith("#version:"):
        token = first.split()[-1]
        try:
            version = tuple(int(part) for part in re.sub(r"(\.0+)*$", "", token).split("."))
        except ValueError:
            raise CommandError(
                f"{name}: line 1: cannot read the version in {_show(first)}."
            ) from None
        if version not in ((0, 1), (0, 2)):
            raise CommandError(
                f"{name}: line 1: codes version {token} is not supported (only 0.1 and 0.2)."
            )
        text = text[len(first) :]
        offset = 2
    merges: list[tuple[str, str]] = []
    body = text.rstrip("\n")
    if body:
        for index, line in enumerate(body.split("\n")):
            parts = line.strip("\r\n ").split(" ")
            if len(parts) != 2:
                raise CommandError(
                    f"{name}: line {index + offset}: expected two symbols separated by one "
                    f"space, got {_show(line)}."
                )
            merges.append((parts[0], parts[1]))
    return BPEModel(tuple(merges), MARKER, attach_end_of_word=version == (0, 2))


def segment_line(model: BPEModel, line: str, separator: str = "@@") -> str:
    """Segment one line as subword-nmt's ``BPE.process_line`` does.

    Leading and trailing whitespace (spaces and line breaks) is kept, words are split on
    single spaces (runs of spaces collapse to one), the marker is stripped from each
    word's last token and ``separator`` is appended to every other token.

    Args:
        model: The codes, e.g. from :func:`read_codes`.
        line: One line, with its line break if it has one.
        separator: Appended to every token that does not end a word.

    Returns:
        The segmented line.

    Example:
        >>> model = read_codes("#version: 0.2\\nl o\\nlo w</w>\\nlo w\\ne s\\nes t</w>\\n")
        >>> segment_line(model, "  lowest  low\\n")
        '  low@@ est low\\n'
    """
    out = line[: len(line) - len(line.lstrip("\r\n "))]
    tokens: list[str] = []
    for word in line.strip("\r\n ").split(" "):
        if not word:
            continue
        pieces = model.encode(word)
        # subtle: like subword-nmt, only the last token loses its marker; a '</w>' that a
        # word spells out itself stays inside the other tokens.
        if pieces[-1] == MARKER:
            pieces.pop()
        elif pieces[-1].endswith(MARKER):
            pieces[-1] = pieces[-1][: -len(MARKER)]
        tokens.extend(piece + separator for piece in pieces[:-1])
        tokens.append(pieces[-1])
    out += " ".join(tokens)
    trailing = len(line) - len(line.rstrip("\r\n "))
    if trailing and trailing != len(line):
        out += line[-trailing:]
    return out


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
    "words as subword_core does; see subword_core.tokenizer_json for the exceptions."
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with the ``learn-bpe`` and ``apply-bpe`` subcommands.

    Example:
        >>> build_parser().parse_args(["apply-bpe", "-c", "codes.bpe"]).separator
        '@@'
    """
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Byte-pair encoding on the command line, compatible with subword-nmt.",
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
    learn_parser.add_argument(
        "-s",
        "--symbols",
        type=int,
        default=10000,
        help="how many merges (new symbols) to learn (default: %(default)s)",
    )
    learn_parser.add_argument(
        "--min-frequency",
        type=int,
        default=2,
        metavar="FREQ",
        help="stop when no pair occurs at least FREQ times (default: %(default)s)",
    )
    learn_parser.add_argument(
        "--dict-input",
        action="store_true",
        help="read the input as one 'word count' pair per line",
    )

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
        "-s",
        "--separator",
        default="@@",
        metavar="STR",
        help="appended to every subword that does not end a word (default: '%(default)s')",
    )

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
            f"{PROG}: error: choose a command: learn-bpe or apply-bpe (or convert)",
            file=sys.stderr,
        )
        return 2
    try:
        if args.command == "learn-bpe":
            _run_learn(args)
        elif args.command == "convert":
            _run_convert(args)
        else:
            _run_apply(args)
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


def _run_learn(args: argparse.Namespace) -> None:
    name = args.input or "<stdin>"
    with _open_input(args.input) as stream:
        vocab = read_vocabulary(_iter_lines(stream, name), dict_input=args.dict_input, name=name)
    codes, stop = learn_codes(vocab, args.symbols, args.min_frequency)
    with _open_output(args.output) as out:
        out.write(codes.encode("utf-8"))
    if stop is not None:
        print(stop, file=sys.stderr)


def _run_apply(args: argparse.Namespace) -> None:
    with _open_input(args.codes) as stream:
        codes = "".join(_iter_lines(stream, args.codes))
    model = read_codes(codes, args.codes)
    name = args.input or "<stdin>"
    clashes: list[str] = []  # words that already contain the separator
    with _open_input(args.input) as stream, _open_output(args.output) as out:
        for line in _iter_lines(stream, name):
            if args.separator and args.separator in line:
                clashes.extend(w for w in line.split() if args.separator in w)
            out.write(segment_line(model, line, args.separator).encode("utf-8"))
    if clashes:
        # subtle: the output stays byte for byte subword-nmt's; only the reader is warned.
        print(
            f"{PROG} apply-bpe: warning: {len(clashes)} input word(s) already contain the "
            f"separator {args.separator!r} (first: {_show(clashes[0])}); removing "
            f"{args.separator!r} + space from the output will not give them back. Choose "
            "another separator with -s.",
            file=sys.stderr,
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


def _iter_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """Decode UTF-8 and split lines as subword-nmt's ``codecs`` reader does.

    subtle: that reader splits on every ``str.splitlines`` boundary (also ``\\r``, ``\\f``,
    ``\\x1c`` ... ``\\u2029``), not only on ``\\n``. Decoding one ``\\n``-terminated byte
    line at a time gives the same lines (no UTF-8 sequence contains the byte 0x0A) and an
    exact line number when the input is not UTF-8.
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
        yield from text.splitlines(keepends=True)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass


# --- messages -------------------------------------------------------------------------


def _check_word(word: str, name: str, number: int) -> None:
    for char in word:
        if char.isspace():
            raise CommandError(
                f"{name}: line {number}: the word {_show(word)} contains whitespace "
                f"({_describe(char)}). subword-nmt splits words on spaces only, but "
                "subword_core needs words without whitespace: replace it with a space first."
            )
    if MARKER in word:
        raise CommandError(
            f"{name}: line {number}: the word {_show(word)} contains the end-of-word marker "
            f"{MARKER!r}, so word ends could no longer be told apart."
        )


# Control characters have no Unicode name, only these aliases.
_CONTROL_NAMES = {
    "\t": "CHARACTER TABULATION (tab)",
    "\x0b": "LINE TABULATION",
    "\x0c": "FORM FEED",
    "\x1c": "FILE SEPARATOR",
    "\x1d": "GROUP SEPARATOR",
    "\x1e": "RECORD SEPARATOR",
    "\x1f": "UNIT SEPARATOR",
    "\x85": "NEXT LINE",
}


def _describe(char: str) -> str:
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "control character")
    return f"U+{ord(char):04X} {name}"


def _show(text: str, limit: int = 40) -> str:
    """``repr`` of a line or word without its line break, shortened for a one-line message."""
    text = text.rstrip("\r\n")
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
