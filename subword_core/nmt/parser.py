"""The command line's arguments: one ``argparse`` subcommand per command, with its help.

Example:
    >>> build_parser().parse_args(["get-vocab", "-i", "train.txt"]).input
    'train.txt'
"""

from __future__ import annotations

import argparse

from subword_core.nmt.common import PROG
from subword_core.nmt.convert import _CONVERT_DESCRIPTION, FORMATS

__all__ = ["build_parser"]

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
