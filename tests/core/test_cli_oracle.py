"""The command line against subword-nmt 0.3.8 as oracle, on random corpora, for every option.

Each test runs subword-nmt's own functions in-process, opened exactly as its entry points
open their files (``codecs.open`` for ``-i PATH`` and for ``subword-nmt``'s stdin, a
``io.TextIOWrapper`` for ``python -m subword_nmt.apply_bpe``'s stdin), and our
``main()`` on the same bytes; the outputs must be equal byte for byte. Where subword-nmt
refuses or crashes, ours must stop with one line and exit status 2, or take one of the two
documented lenient paths. A few tests start the real subword-nmt commands as subprocesses,
to check that the in-process emulation of their entry points is faithful.

The corpora mix the markers ``</w>`` and ``@@`` into words, every character for which
``str.isspace()`` holds (tabs, form feeds, no-break spaces, line and paragraph separators
...), empty lines, runs of spaces and every line break; ``--dict-input`` counts go down to
-2 and ``--min-frequency`` to -3. learn-bpe is compared on all of them, the four kinds of
input where subword-nmt's codes are not exact BPE included (golden cases for each below).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest
import subword_nmt.learn_bpe
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from subword_nmt import apply_bpe as snmt_apply_bpe
from subword_nmt import get_vocab as snmt_get_vocab
from subword_nmt import learn_joint_bpe_and_vocab as snmt_joint

from subword_core.bpe import learn
from subword_core.nmt import CommandError, main, read_codes, read_vocabulary, segment_line
from subword_core.text.examples import pydoc_topics_text
from tests.budget import examples
from tests.core.test_cli import naive_bpe

pytestmark = pytest.mark.oracle

WHITESPACE = "".join(chr(c) for c in range(0x110000) if chr(c).isspace())
LINE_BREAKS = [
    "\n",
    "\r\n",
    "\r",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x85",
    "\u2028",
    "\u2029",
]
BASIC = ["a", "b", "c", "ab", "ba", "é", "🙂", "</w>", "@@", "<", "w>", "\\", "1"]

#: A few hypothesis examples per test: each one runs both tools on files.
ORACLE = settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

basic = st.sampled_from(BASIC)
# every str.isspace() character, one piece in seven
pieces = st.one_of(basic, basic, basic, basic, basic, basic, st.sampled_from(WHITESPACE))
words = st.lists(pieces, min_size=1, max_size=5).map("".join)
# "" between two spaces makes a double space; whitespace pieces make odd words
lines = st.lists(st.one_of(words, words, words, st.just("")), max_size=7).map(" ".join)
corpora = st.lists(st.tuples(lines, st.sampled_from(LINE_BREAKS)), min_size=0, max_size=10).map(
    lambda rows: "".join(line + brk for line, brk in rows)
)
# repeated, mostly with two frequent pairs, so that there is something to learn
rich_corpora = st.tuples(
    corpora, st.integers(1, 4), st.sampled_from(["ab ab ba ba\n", "ab ab ba ba\n", ""])
).map(lambda t: t[0] * t[1] + t[2])
# a dict line's word cannot hold a space or a line break (the line would not be `word count`)
dict_words = st.lists(
    st.one_of(
        basic,
        basic,
        basic,
        st.sampled_from([c for c in WHITESPACE if c not in [*LINE_BREAKS, " "]]),
    ),
    min_size=1,
    max_size=5,
).map("".join)
# subword-nmt's joint command crashes on a lone "\r" ("Bad new line separator"): none here
joint_corpora = st.tuples(
    st.lists(
        st.tuples(lines, st.sampled_from(["\n", "\n", "\n", "\r\n", "\x0c", "\u2028", "\x85"])),
        max_size=8,
    ).map(lambda rows: "".join(line + brk for line, brk in rows)),
    st.integers(1, 3),
).map(lambda t: re.sub("\r(?!\n)", "\r\n", t[0] * t[1]) + "ab ab ba ba\n" * 3)
good_dict_lines = st.tuples(
    dict_words, st.integers(-2, 9), st.sampled_from(["\n", "\n", "\r\n", " \n"])
).map(lambda t: f"{t[0]} {t[1]}{t[2]}")
bad_dict_lines = st.tuples(
    dict_words,
    st.sampled_from(["  ", "\t", " "]),
    st.sampled_from(["x", "", " 3", "+4", "1_0", "٣"]),
    st.sampled_from(["\n", "\x0c"]),
).map("".join)
dict_lines = st.tuples(
    st.lists(
        st.integers(0, 9).flatmap(lambda k: bad_dict_lines if k == 9 else good_dict_lines),
        max_size=8,
    ).map("".join),
    st.sampled_from(["abab 3\n", "abab 3\n", ""]),
).map("".join)


# --------------------------------------------------------------------------------------
# Running both tools
# --------------------------------------------------------------------------------------


def record(text: str) -> None:
    """A hypothesis event (shown with --hypothesis-show-statistics), outside one: nothing."""
    with contextlib.suppress(InvalidArgument):
        event(text)


@dataclass
class Outcome:
    ok: bool  # False: the tool refused or crashed
    out: bytes  # the output file (b"" when it was not written)
    err: list[str]  # stderr lines (our warnings and subword-nmt's progress bar left out)


def write(path: Path, data: str | bytes) -> Path:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def ours(args: list[str], out: Path, capsys: pytest.CaptureFixture[str]) -> Outcome:
    capsys.readouterr()
    if out.exists():
        out.unlink()
    status = main(args)
    err = capsys.readouterr().err
    assert status in (0, 2), err
    assert "Traceback" not in err
    if status == 2:
        assert len(err.strip().splitlines()) == 1 and ": error: " in err, err
    kept = [line for line in err.splitlines() if ": warning: " not in line]
    return Outcome(status == 0, out.read_bytes() if out.exists() else b"", kept)


@contextlib.contextmanager
def snmt_stderr() -> Iterator[io.StringIO]:
    err = io.StringIO()
    with (
        mock.patch.object(subword_nmt.learn_bpe, "tqdm", lambda iterable, *a, **k: iterable),
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(io.StringIO()),
    ):
        yield err


def theirs(run, out: Path) -> Outcome:
    """Run subword-nmt's code (``run(out_file)``); any exception or exit is a refusal."""
    if out.exists():
        out.unlink()
    with snmt_stderr() as err:
        try:
            with codecs.open(str(out), "w", encoding="utf-8") as sink:
                run(sink)
            ok = True
        except (Exception, SystemExit) as exc:
            record(f"subword-nmt: {type(exc).__name__}")
            ok = False
    return Outcome(ok, out.read_bytes() if out.exists() else b"", err.getvalue().splitlines())


def assert_same(mine: Outcome, reference: Outcome, *, lenient: bytes | None = None) -> None:
    """Equal when subword-nmt succeeded; else ours refused, or took the lenient path."""
    record(f"subword-nmt {'succeeded' if reference.ok else 'refused'}")
    if reference.ok:
        assert mine.ok, mine.err
        assert mine.out == reference.out
        assert mine.err == reference.err
    elif mine.ok:
        assert lenient is not None and mine.out.startswith(lenient), (mine, reference)


def assert_same_learning(mine: Outcome, reference: Outcome) -> None:
    """:func:`assert_same` for learn-bpe: every input subword-nmt learns from, ours learns
    from with the same output, byte for byte (no exclusions). Where subword-nmt crashes on
    a corpus without any pair, ours writes the header (and warns)."""
    assert_same(mine, reference, lenient=b"#version: 0.2\n")


# --------------------------------------------------------------------------------------
# learn-bpe
# --------------------------------------------------------------------------------------

learn_flags = st.fixed_dictionaries(
    {
        "symbols": st.one_of(st.integers(-2, 40), st.integers(100, 250)),
        "min_frequency": st.sampled_from([2, 2, 1, 3, 0, -1, -3]),
        "total": st.booleans(),
        "verbose": st.booleans(),
    }
)


def learn_argv(flags: dict, dict_input: bool) -> list[str]:
    argv = ["-s", str(flags["symbols"]), "--min-frequency", str(flags["min_frequency"])]
    argv += ["--total-symbols"] if flags["total"] else []
    argv += ["--verbose"] if flags["verbose"] else []
    return argv + (["--dict-input"] if dict_input else [])


def snmt_learn(src: Path, flags: dict, dict_input: bool):
    def run(sink) -> None:
        with codecs.open(str(src), encoding="utf-8") as infile:
            subword_nmt.learn_bpe.learn_bpe(
                infile,
                sink,
                flags["symbols"],
                flags["min_frequency"],
                flags["verbose"],
                is_dict=dict_input,
                total_symbols=flags["total"],
            )

    return run


@ORACLE
@given(rich_corpora, learn_flags)
@example(
    "low low lower\tlow a</w>b a</w>b\x0cx\n" * 3,
    {"symbols": 30, "min_frequency": 2, "total": True, "verbose": True},
)
# merges glue '\t' into symbols; in the first corpus subword-nmt's search for later pairs
# takes it for a boundary (its codes are not exact BPE), in the second not
@example(
    "bb\tbba \tbaa \tbaa\n", {"symbols": 40, "min_frequency": 1, "total": False, "verbose": True}
)
@example(
    "a\tb a\tb ab ab b\ta\n" * 4,
    {"symbols": 20, "min_frequency": 1, "total": False, "verbose": True},
)
def test_learn_bpe_equals_subword_nmt(tmp_path: Path, capsys, text: str, flags: dict) -> None:
    src, out = write(tmp_path / "in.txt", text), tmp_path / "codes"
    mine = ours(
        ["learn-bpe", "-i", str(src), "-o", str(out), *learn_argv(flags, False)], out, capsys
    )
    assert_same_learning(mine, theirs(snmt_learn(src, flags, False), tmp_path / "theirs"))


@ORACLE
@given(dict_lines, learn_flags)
@example(
    "low 5\nlower 0\nnewest -2\nwid\test 3\n",
    {"symbols": 9, "min_frequency": 1, "total": True, "verbose": True},
)
# every count negative: the refill's threshold is above the best count (see nmt_learn)
@example("ab -3\nbc -5\n", {"symbols": 9, "min_frequency": -9, "total": False, "verbose": True})
# a count too large for a float: subword-nmt crashes (OverflowError); ours warns
@example(
    "ab 1" + "0" * 400 + "\nbc 7\n",
    {"symbols": 5, "min_frequency": 1, "total": False, "verbose": True},
)
def test_learn_bpe_dict_input_equals_subword_nmt(
    tmp_path: Path, capsys, text: str, flags: dict
) -> None:
    src, out = write(tmp_path / "in.txt", text), tmp_path / "codes"
    mine = ours(
        ["learn-bpe", "-i", str(src), "-o", str(out), *learn_argv(flags, True)], out, capsys
    )
    assert_same_learning(mine, theirs(snmt_learn(src, flags, True), tmp_path / "theirs"))


@ORACLE
@given(
    st.one_of(rich_corpora.map(lambda t: (t, False)), dict_lines.map(lambda t: (t, True))),
    st.one_of(st.integers(-1, 40), st.just(150)),
    st.sampled_from([2, 1, 3, 0, -1]),
)
@example(("bb\tbba \tbaa \tbaa\n", False), 40, 1)
@example(("low 5\nlower -3\nnewest 6\n", True), 20, 2)
@example(("low 5\nlower 0\nnewest 6\n", True), 20, 2)
def test_learn_bpe_warns_exactly_where_its_codes_are_not_exact_bpe(
    tmp_path: Path, capsys, source: tuple[str, bool], symbols: int, min_frequency: int
) -> None:
    """The codes are subword-nmt's (the tests above); the warning "exact BPE ... writes
    other codes" comes exactly when they are not exact BPE: those of the slow, obvious
    learner in test_cli (words counted below 1 left out, --min-frequency below 1 as 1)."""
    text, dict_input = source
    src, out = write(tmp_path / "in.txt", text), tmp_path / "codes"
    argv = ["learn-bpe", "-i", str(src), "-o", str(out), "-s", str(symbols)]
    argv += ["--min-frequency", str(min_frequency)] + (["--dict-input"] if dict_input else [])
    capsys.readouterr()
    status = main(argv)
    err = capsys.readouterr().err
    try:
        vocab = read_vocabulary(text.splitlines(keepends=True), dict_input=dict_input)
    except CommandError:
        assert status == 2
        return
    assert status == (0 if vocab else 2), err
    if not vocab:
        return
    exact = naive_bpe(vocab, symbols, max(1, min_frequency))
    named = "exact BPE (the app's BPE pages) writes other codes from merge" in err
    record(f"not exact BPE: {named}")
    assert named == (out.read_text(encoding="utf-8") != exact), err


# Golden cases: one per kind of input where subword-nmt's codes are not exact BPE. Each
# holds subword-nmt 0.3.8's codes, written out; the learner before nmt_learn wrote exact
# BPE here (checked: the codes differ from naive_bpe's).
GOLDEN = {
    # 1. whitespace glued into a symbol: after merge 1 ('\t b') the search for 'b b'
    # matches right after the tab, inside the symbol '\tb' of 'bb \tb b a</w>'
    "tab boundary": (
        "bb\tbba \tbaa \tbaa\n",
        ["-s", "40", "--min-frequency", "1"],
        "#version: 0.2\n\t b\na a</w>\n\tb aa</w>\nb b\nbb \tbb\nbb\tbb a</w>\nb a</w>\n\tb b\n",
    ),
    # 2. a symbol made a second time: merge 4 makes 'a</w>' in the middle of 'a</w></w>a',
    # and the pairs around the old 'a</w>' (the word 'a') are counted again
    "symbol made twice": (
        "a 10\na</w></w>a 10\n",
        ["--dict-input", "-s", "60"],
        "#version: 0.2\nw >\n< /\n</ w>\na </w>\n</w> a</w>\na</w> </w>a</w>\n",
    ),
    # 3. counts kept as given: 'lower -3' takes 3 from the pairs it shares with 'low' and
    # 'newest', so 'w e' (6 - 3) loses to 's t</w>'
    "negative count": (
        "low 5\nlower -3\nnewest 6\n",
        ["--dict-input", "-s", "20"],
        "#version: 0.2\ns t</w>\nn e\nne w\nnew e\nnewe st</w>\no w</w>\nl ow</w>\n",
    ),
    # 4. --min-frequency 0: pairs counted 0 times are merged until --symbols
    "min-frequency 0": (
        "ab ab\n",
        ["--min-frequency", "0", "-s", "4"],
        "#version: 0.2\na b</w>\na b</w>\na b</w>\na b</w>\n",
    ),
}


@pytest.mark.parametrize("case", GOLDEN)
def test_learn_bpe_golden_cases_where_subword_nmt_is_not_exact_bpe(
    tmp_path: Path, capsys, case: str
) -> None:
    text, flags, expected = GOLDEN[case]
    dict_input = "--dict-input" in flags
    src, out = write(tmp_path / "in.txt", text), tmp_path / "codes"
    mine = ours(["learn-bpe", "-i", str(src), "-o", str(out), *flags], out, capsys)
    snmt_flags = {
        "symbols": int(flags[flags.index("-s") + 1]),
        "min_frequency": int(flags[flags.index("--min-frequency") + 1])
        if "--min-frequency" in flags
        else 2,
        "total": False,
        "verbose": True,
    }
    reference = theirs(snmt_learn(src, snmt_flags, dict_input), tmp_path / "theirs")
    assert reference.out.decode("utf-8") == expected
    assert mine.out.decode("utf-8") == expected
    vocab = read_vocabulary(text.splitlines(keepends=True), dict_input=dict_input)
    assert expected != naive_bpe(vocab, snmt_flags["symbols"], max(1, snmt_flags["min_frequency"]))


# --------------------------------------------------------------------------------------
# apply-bpe
# --------------------------------------------------------------------------------------

GLOSSARIES = ["ab", "b+", "a|c", "(a)(b)", "</w>", "é🙂", "x*", r"\d"]
apply_flags = st.fixed_dictionaries(
    {
        "version": st.sampled_from(["0.2 learned", "0.2 learned", "0.2", "0.1", "0.1 header"]),
        "codes_seed": st.integers(0, 2**32),
        "merges": st.sampled_from([-1, -1, -1, 0, 1, 3, 10, -2]),
        "separator": st.sampled_from(["@@", "@@", "+", "", "▁"]),
        "glossaries": st.one_of(
            st.none(), st.lists(st.sampled_from(GLOSSARIES), min_size=1, max_size=3)
        ),
        "vocabulary": st.booleans(),
        "threshold": st.sampled_from([None, 1, 2, 3]),
        "dropout": st.sampled_from([0.0, 0.0, 0.1, 0.5, 0.9, 1.0, -0.5, 1.5]),
        "seed": st.one_of(st.none(), st.integers(-(2**40), 2**40)),
    }
)


def learn_codes_with_subword_nmt(text: str, symbols: int = 30) -> str:
    """Version 0.2 codes learned by subword-nmt itself."""
    with snmt_stderr():
        out = io.StringIO()
        # two frequent pairs, so that subword-nmt has something to learn from
        lines = [*text.splitlines(keepends=True), "ab ab ba ba\n"]
        subword_nmt.learn_bpe.learn_bpe(lines, out, symbols, 1)
    return out.getvalue()


def random_codes(text: str, version: str, seed: int, size: int = 25) -> str:
    """Codes of random merges that apply to the text: each merges a pair that occurs in a
    random word's current segmentation, or (one time in five) any two symbols made so
    far, repeated merges included. Version 0.1 (``</w>`` a symbol of its own, with or
    without a header) or 0.2 (glued to the last character)."""
    rng = random.Random(seed)
    attach = not version.startswith("0.1")
    words = [
        [*w[:-1], w[-1] + "</w>"] if attach else [*w, "</w>"]
        # dict.fromkeys, not a set: the same order in every process
        for w in dict.fromkeys(w for w in re.split(r"[ \n\r]+", text) if w and "</w>" not in w)
    ] or [["a", "b</w>"]]
    pool = sorted({s for w in words for s in w})
    merges: list[tuple[str, str]] = []
    for _ in range(size):
        word = rng.choice(words)
        if len(word) > 1 and rng.random() < 0.8:
            i = rng.randrange(len(word) - 1)
            pair = (word[i], word[i + 1])
        else:
            pair = (rng.choice(pool), rng.choice(pool))
        merges.append(pair)
        pool.append(pair[0] + pair[1])
        words = [merge(w, pair) for w in words]
    header = "" if version == "0.1" else f"#version: {version.split()[0]}\n"
    return header + "".join(f"{a} {b}\n" for a, b in merges)


def merge(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(pair[0] + pair[1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def apply_argv(flags: dict, codes: Path, vocab: Path | None) -> list[str]:
    argv = ["-c", str(codes), "--merges", str(flags["merges"]), "-s", flags["separator"]]
    if flags["glossaries"]:
        argv += ["--glossaries", *flags["glossaries"]]
    if vocab is not None:
        argv += ["--vocabulary", str(vocab)]
        if flags["threshold"] is not None:
            argv += ["--vocabulary-threshold", str(flags["threshold"])]
    argv += ["--dropout", str(flags["dropout"])]
    if flags["seed"] is not None:
        argv += ["--seed", str(flags["seed"])]
    return argv


def snmt_apply(codes: Path, flags: dict, vocab: Path | None, read_input):
    """subword-nmt's apply_bpe ``__main__``, with its input read by ``read_input()``."""

    def run(sink) -> None:
        vocabulary = None
        if vocab is not None:
            with codecs.open(str(vocab), encoding="utf-8") as fobj:
                vocabulary = snmt_apply_bpe.read_vocabulary(fobj, flags["threshold"])
        # python -m subword_nmt.apply_bpe seeds only when --seed is given; we default to 0
        random.seed(0 if flags["seed"] is None else flags["seed"])
        with codecs.open(str(codes), encoding="utf-8") as fobj:
            bpe = snmt_apply_bpe.BPE(
                fobj, flags["merges"], flags["separator"], vocabulary, flags["glossaries"]
            )
        for line in read_input():
            sink.write(bpe.process_line(line, flags["dropout"]))

    return run


def make_vocabulary(tmp_path: Path, codes: Path, text: str, separator: str) -> Path:
    """A vocabulary file as subword-nmt's workflow makes it (get-vocab of segmented text),
    but segmented with only the first half of the merges, so that apply-bpe with all of
    them makes tokens outside it, whose merges --vocabulary undoes."""
    with codecs.open(str(codes), encoding="utf-8") as fobj:
        merges = max(0, fobj.read().count("\n") // 2)
    with codecs.open(str(codes), encoding="utf-8") as fobj:
        try:
            bpe = snmt_apply_bpe.BPE(fobj, merges, separator=separator)
        except SystemExit:
            return write(tmp_path / "vocab", "")
        segmented = "".join(bpe.process_line(line) for line in text.splitlines(True))
    out = io.StringIO()
    snmt_get_vocab.get_vocab(segmented.splitlines(True), out)
    return write(tmp_path / "vocab", out.getvalue())


@ORACLE
@given(rich_corpora, corpora, apply_flags)
@example(
    "lowest low low newest newest\tnew a</w>b a</w>b 1934USA\n" * 3,
    "lowest 1934USABUSA newest\tnew a</w>b x a b \x0c a\u2028b\n",
    {
        "version": "0.1",
        "codes_seed": 3,
        "merges": -1,
        "separator": "@@",
        "glossaries": ["USA", "\\d+"],
        "vocabulary": True,
        "threshold": 2,
        "dropout": 0.3,
        "seed": 7,
    },
)
def test_apply_bpe_equals_subword_nmt(
    tmp_path: Path, capsys, train: str, text: str, flags: dict
) -> None:
    if flags["version"] == "0.2 learned":
        codes_text = learn_codes_with_subword_nmt(train)
    else:
        codes_text = random_codes(train + text, flags["version"], flags["codes_seed"])
    codes = write(tmp_path / "codes", codes_text)
    vocab = (
        make_vocabulary(tmp_path, codes, train, flags["separator"]) if flags["vocabulary"] else None
    )
    # the training text too, so that the merges apply
    src, out = write(tmp_path / "in.txt", train + text), tmp_path / "out"
    mine = ours(
        ["apply-bpe", "-i", str(src), "-o", str(out), *apply_argv(flags, codes, vocab)], out, capsys
    )

    def read_file():
        with codecs.open(str(src), encoding="utf-8") as fobj:
            yield from fobj

    reference = theirs(snmt_apply(codes, flags, vocab, read_file), tmp_path / "theirs")
    assert_same(mine, reference, lenient=b"")  # lenient: codes without a merge


@pytest.mark.parametrize(
    ("vocabulary", "threshold", "expected"),
    [
        # 'abc' was made twice, by ab+c and by a+bc: undone as subword-nmt's reverse
        # mapping says (ab+c here, the earlier line)
        ("a@@ 1\nbc@@ 1\nab@@ 1\nc@@ 1\nx 1\n", None, "ab@@ c@@ x a@@ b c\n"),
        # ab@@ and c@@ below the threshold: ab+c undone into characters, although a@@ and
        # bc@@ are in the vocabulary (subword-nmt does not try the other way)
        ("a@@ 5\nbc@@ 5\nab@@ 1\nc@@ 1\nx 5\n", 2, "a@@ b@@ c@@ x a@@ b c\n"),
        # every word below the threshold: an empty vocabulary checks nothing
        ("a@@ 1\nbc@@ 1\nab@@ 1\nc@@ 1\nx 1\n", 5, "abcx a@@ b c\n"),
    ],
)
def test_vocabulary_undoes_merges_as_subword_nmt(
    tmp_path: Path, capsys, vocabulary: str, threshold: int | None, expected: str
) -> None:
    codes = write(tmp_path / "codes", "#version: 0.2\na b\nab c\na bc\nb c\nabc x</w>\n")
    vocab = write(tmp_path / "vocab", vocabulary)
    src, out = write(tmp_path / "in.txt", "abcx ab c\n"), tmp_path / "out"
    flags = {"merges": -1, "separator": "@@", "glossaries": None, "threshold": threshold}
    flags |= {"dropout": 0, "seed": None}
    argv = [
        "apply-bpe",
        "-c",
        str(codes),
        "-i",
        str(src),
        "-o",
        str(out),
        "--vocabulary",
        str(vocab),
    ]
    argv += [] if threshold is None else ["--vocabulary-threshold", str(threshold)]
    mine = ours(argv, out, capsys)

    def read_file():
        with codecs.open(str(src), encoding="utf-8") as fobj:
            yield from fobj

    reference = theirs(snmt_apply(codes, flags, vocab, read_file), tmp_path / "theirs")
    assert reference.ok and reference.out == expected.encode()
    assert_same(mine, reference)


def run_apply_both(
    tmp_path: Path, capsys, codes_text: str, vocabulary: str, text: str
) -> tuple[Outcome, Outcome]:
    """Our apply-bpe --vocabulary and subword-nmt's on one text: (ours, theirs)."""
    codes = write(tmp_path / "codes", codes_text)
    vocab = write(tmp_path / "vocab", vocabulary)
    src, out = write(tmp_path / "in.txt", text), tmp_path / "out"
    argv = ["apply-bpe", "-c", str(codes), "-i", str(src), "-o", str(out)]
    mine = ours([*argv, "--vocabulary", str(vocab)], out, capsys)
    flags = {"merges": -1, "separator": "@@", "glossaries": None, "threshold": None}
    flags |= {"dropout": 0, "seed": None}

    def read_file():
        with codecs.open(str(src), encoding="utf-8") as fobj:
            yield from fobj

    return mine, theirs(snmt_apply(codes, flags, vocab, read_file), tmp_path / "theirs")


def test_vocabulary_undoes_a_repeated_pair_by_its_last_line(tmp_path: Path, capsys) -> None:
    # 'abc' is made by a+bc (lines 2 and 5) and by ab+c (line 4): undone into the pair
    # whose last line comes first (ab+c), not the one learned first (a+bc)
    codes = "#version: 0.2\nb c\na bc\na b\nab c\na bc\nabc x</w>\n"
    vocabulary = "a@@ 1\nbc@@ 1\nab@@ 1\nc@@ 1\nx 1\n"
    mine, reference = run_apply_both(tmp_path, capsys, codes, vocabulary, "abcx\n")
    assert reference.ok and reference.out == b"ab@@ c@@ x\n"
    assert_same(mine, reference)


def test_vocabulary_stops_where_undoing_never_ends(tmp_path: Path, capsys) -> None:
    # version 0.1: undoing b</w> (b + </w>) leaves an empty last token, and '</w' + '>'
    # spells the marker itself, so undoing goes on for ever: subword-nmt crashes with a
    # RecursionError; ours stops with one line (it used to hang)
    codes = "b </w>\n</w >\n"
    mine, reference = run_apply_both(tmp_path, capsys, codes, "x 1\n", "ab\n")
    assert not reference.ok
    assert not mine.ok
    assert "undoing that merge gives the same empty last token again" in mine.err[0]


@ORACLE
@given(corpora, st.sampled_from(["0.2", "0.1"]), st.booleans())
@example("a\r\nb\rc\x0cd\x85e\u2028f\n\n", "0.2", True)
def test_apply_bpe_reads_stdin_as_each_subword_nmt_entry_point(
    tmp_path: Path, capsys, monkeypatch, text: str, version: str, universal: bool
) -> None:
    """Default: as `subword-nmt apply-bpe` (codecs reader); --universal-newlines: as
    `python -m subword_nmt.apply_bpe` (a TextIOWrapper)."""
    train = "lowest low low newest newest\tnew a</w>b a</w>b ab ab ba ba\n" * 3
    codes_text = (
        learn_codes_with_subword_nmt(train)
        if version == "0.2"
        else random_codes(train + text, version, 1)
    )
    codes = write(tmp_path / "codes", codes_text)
    flags = {
        "merges": -1,
        "separator": "@@",
        "glossaries": None,
        "threshold": None,
        "dropout": 0,
        "seed": None,
    }
    data = text.encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    out = tmp_path / "out"
    argv = ["apply-bpe", "-c", str(codes), "-o", str(out)] + (
        ["--universal-newlines"] if universal else []
    )
    mine = ours(argv, out, capsys)

    def read_stdin():
        if universal:
            return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
        return codecs.getreader("UTF-8")(io.BytesIO(data))

    reference = theirs(snmt_apply(codes, flags, None, read_stdin), tmp_path / "theirs")
    assert_same(mine, reference)


def test_apply_bpe_warns_when_the_entry_points_disagree_on_stdin(tmp_path: Path) -> None:
    codes = write(tmp_path / "codes", "#version: 0.2\nl o\nlo w</w>\n")
    proc = subprocess.run(
        [sys.executable, "-m", "subword_core", "apply-bpe", "-c", str(codes)],
        input=b"low\r\nlow\n",
        capture_output=True,
        check=True,
    )
    assert proc.stdout == b"low\r\nlow\n"
    assert b"U+000D CARRIAGE RETURN" in proc.stderr and b"--universal-newlines" in proc.stderr


# --------------------------------------------------------------------------------------
# Dropout parity with `python -m subword_nmt.apply_bpe --dropout P --seed S`
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pydoc_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """Codes (0.2 and 0.1) learned by subword-nmt on pydoc text, and held-out text."""
    root = tmp_path_factory.mktemp("pydoc")
    lines = pydoc_topics_text().splitlines(keepends=True)
    train, heldout = "".join(lines[:2000]), "".join(lines[2000:2400]) + "a b c x I\n"
    v2 = learn_codes_with_subword_nmt(train, 800)
    # version 0.1: the same corpus learned with a separate '</w>' (headerless)
    vocab = read_vocabulary(train.splitlines())
    v1 = learn(vocab, 800, tie_break="lexicographic", top_k=1, max_changed_words=1, history_limit=1)
    v1 = v1.model.to_codes()
    return (
        write(root / "v2.codes", v2),
        write(root / "v1.codes", v1),
        write(root / "heldout", heldout),
    )


@pytest.mark.parametrize(
    ("version", "p", "seed"),
    [("v2", 0.1, 0), ("v2", 0.5, 12345), ("v1", 0.3, 7), ("v1", 0.9, 2**40), ("v2", 0.05, -3)],
)
def test_dropout_equals_python_dash_m_subword_nmt_apply_bpe(
    tmp_path: Path, pydoc_files: tuple[Path, Path, Path], version: str, p: float, seed: int
) -> None:
    """The real command, as a subprocess: the same seed gives the same bytes."""
    v2, v1, heldout = pydoc_files
    codes = v2 if version == "v2" else v1
    args = ["-c", str(codes), "-i", str(heldout), "--dropout", str(p), "--seed", str(seed)]
    expected = subprocess.run(
        [sys.executable, "-m", "subword_nmt.apply_bpe", *args],
        capture_output=True,
        check=True,
    ).stdout
    mine = subprocess.run(
        [sys.executable, "-m", "subword_core", "apply-bpe", *args],
        capture_output=True,
        check=True,
    )
    assert mine.stdout == expected
    assert mine.stderr == b""
    plain = subprocess.run(
        [sys.executable, "-m", "subword_core", "apply-bpe", "-c", str(codes), "-i", str(heldout)],
        capture_output=True,
        check=True,
    ).stdout
    assert mine.stdout != plain  # dropout really dropped merges


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.text(alphabet="lowesntidr", min_size=1, max_size=9), min_size=1, max_size=25),
    st.sampled_from(["#version: 0.2\n", ""]),
    st.floats(0.01, 0.99),
    st.integers(-(2**63), 2**63),
)
@example(["l", "o", "low", "w", "lower"], "", 0.5, 0)
def test_dropout_one_character_words_draw_nothing(
    words: list[str], header: str, p: float, seed: int
) -> None:
    """Version 0.1 codes: subword-nmt does not encode a one-character word, so it draws no
    random number for it (``BPEModel.encode`` would draw one for the pair with ``</w>``)."""
    if header:
        body = "l o\nlo w</w>\nlo w\ne s\nes t</w>\nn e\nl o</w>\nw e\n"
    else:
        body = "l o\nlo w\nlow </w>\ne s\nes t\nest </w>\nn e\nw </w>\no </w>\nl </w>\n"
    codes = header + body
    line = " ".join(words) + "\n"
    random.seed(seed)
    theirs_line = snmt_apply_bpe.BPE(io.StringIO(codes)).process_line(line, p)
    assert segment_line(read_codes(codes), line, dropout=p, rng=random.Random(seed)) == theirs_line


# --------------------------------------------------------------------------------------
# get-vocab and learn-joint-bpe-and-vocab
# --------------------------------------------------------------------------------------


@ORACLE
@given(corpora)
def test_get_vocab_equals_subword_nmt(tmp_path: Path, capsys, text: str) -> None:
    src, out = write(tmp_path / "in.txt", text), tmp_path / "vocab"
    mine = ours(["get-vocab", "-i", str(src), "-o", str(out)], out, capsys)

    def run(sink) -> None:
        with codecs.open(str(src), encoding="utf-8") as fobj:
            snmt_get_vocab.get_vocab(fobj, sink)

    assert_same(mine, theirs(run, tmp_path / "theirs"))


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(joint_corpora, min_size=1, max_size=3),
    # subword-nmt's joint command crashes on codes without merges: ask for some (with
    # --total-symbols there may be none left: then only ours must not crash)
    st.fixed_dictionaries(
        {
            "symbols": st.one_of(st.integers(6, 40), st.just(120)),
            "min_frequency": st.sampled_from([2, 2, 1, 3, 0, -1]),
            "total": st.booleans(),
            "verbose": st.booleans(),
        }
    ),
    st.sampled_from(["@@", "+"]),
)
@example(
    ["low low lower\tlow\x0cx\n" * 3, "newest\u2028newest a</w>b\n"],
    {"symbols": 30, "min_frequency": 2, "total": False, "verbose": True},
    "@@",
)
# the tab boundary (its codes are not exact BPE) and pairs counted 0 merged until --symbols
@example(
    ["bb\tbba \tbaa\n", "\tbaa a</w></w>a\n"],
    {"symbols": 40, "min_frequency": 0, "total": True, "verbose": True},
    "@@",
)
def test_learn_joint_bpe_and_vocab_equals_subword_nmt(
    tmp_path: Path, capsys, texts: list[str], flags: dict, separator: str
) -> None:
    sources = [write(tmp_path / f"in{i}.txt", text) for i, text in enumerate(texts)]
    codes, vocabs = tmp_path / "codes", [tmp_path / f"vocab{i}" for i in range(len(texts))]
    argv = ["learn-joint-bpe-and-vocab", "-i", *map(str, sources), "-o", str(codes)]
    argv += ["--write-vocabulary", *map(str, vocabs), "--separator", separator]
    mine = ours(argv + learn_argv(flags, False), codes, capsys)
    mine_vocabs = [v.read_bytes() for v in vocabs] if mine.ok else []

    their_codes, their_vocabs = (
        tmp_path / "their-codes",
        [tmp_path / f"their-vocab{i}" for i in range(len(texts))],
    )
    for path in [their_codes, *their_vocabs]:
        path.touch()

    def run(_sink) -> None:
        args = argparse.Namespace(
            input=[open(p, encoding="utf-8") for p in sources],  # noqa: SIM115
            output=open(their_codes, "w", encoding="utf-8"),  # noqa: SIM115
            vocab=[open(p, "w", encoding="utf-8") for p in their_vocabs],  # noqa: SIM115
            symbols=flags["symbols"],
            separator=separator,
            min_frequency=flags["min_frequency"],
            total_symbols=flags["total"],
            num_workers=1,
            verbose=flags["verbose"],
        )
        snmt_joint.learn_joint_bpe_and_vocab(args)

    reference = theirs(run, tmp_path / "unused")
    if reference.ok:
        assert mine.ok, mine.err
        assert mine.out == their_codes.read_bytes()
        assert mine.err == reference.err
        assert mine_vocabs == [v.read_bytes() for v in their_vocabs]


# --------------------------------------------------------------------------------------
# The real entry points, as subprocesses, on the trickiest bytes
# --------------------------------------------------------------------------------------

WITHOUT_PROGRESS_BAR = "import subword_nmt.learn_bpe as m; m.tqdm = lambda it, *a, **k: it; "
TRICKY = (
    "low lower\tlow a</w>b\x0cnew\u00a0est newest\x0b a@@b \u3000x\r\n"
    "\u2028low  low\u2029\x1c\x1d\x1e\x1f\x85 end\r low\n\n   \n" * 3
)


@pytest.mark.parametrize(
    "command",
    [
        ["learn-bpe", "-s", "40", "-t", "-v"],
        ["get-vocab"],
    ],
)
def test_real_subword_nmt_entry_points_on_tricky_bytes(tmp_path: Path, command: list[str]) -> None:
    src = write(tmp_path / "in.txt", TRICKY)
    real = [
        sys.executable,
        "-c",
        WITHOUT_PROGRESS_BAR + "from subword_nmt.subword_nmt import main; main()",
    ]
    for via_stdin in (False, True):
        io_args = [] if via_stdin else ["-i", str(src)]
        stdin = TRICKY.encode() if via_stdin else None
        expected = subprocess.run(
            [*real, *command, *io_args], input=stdin, capture_output=True, check=True
        )
        mine = subprocess.run(
            [sys.executable, "-m", "subword_core", *command, *io_args],
            input=stdin,
            capture_output=True,
            check=True,
        )
        assert mine.stdout == expected.stdout
        mine_err = [line for line in mine.stderr.split(b"\n") if b": warning: " not in line]
        assert mine_err == expected.stderr.split(b"\n")


def test_real_apply_bpe_entry_points_on_tricky_bytes(tmp_path: Path) -> None:
    src = write(tmp_path / "in.txt", TRICKY)
    codes = tmp_path / "codes"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "subword_core",
            "learn-bpe",
            "-s",
            "40",
            "-i",
            str(src),
            "-o",
            str(codes),
        ],
        check=True,
        capture_output=True,
    )
    ours_cmd = [sys.executable, "-m", "subword_core", "apply-bpe", "-c", str(codes)]
    cases = [
        # (reference command, our extra flags, via stdin)
        (
            [sys.executable, "-c", "from subword_nmt.subword_nmt import main; main()", "apply-bpe"],
            [],
            True,
        ),
        (
            [sys.executable, "-c", "from subword_nmt.subword_nmt import main; main()", "apply-bpe"],
            [],
            False,
        ),
        ([sys.executable, "-m", "subword_nmt.apply_bpe"], ["--universal-newlines"], True),
        ([sys.executable, "-m", "subword_nmt.apply_bpe"], [], False),
    ]
    for reference, extra, via_stdin in cases:
        io_args = [] if via_stdin else ["-i", str(src)]
        stdin = TRICKY.encode() if via_stdin else None
        expected = subprocess.run(
            [*reference, "-c", str(codes), *io_args], input=stdin, capture_output=True, check=True
        ).stdout
        mine = subprocess.run(
            [*ours_cmd, *extra, *io_args], input=stdin, capture_output=True, check=True
        )
        assert mine.stdout == expected, (reference, via_stdin)
    # the two entry points really differ on these bytes read from stdin
    assert (
        len(
            {
                subprocess.run(
                    [*r, "-c", str(codes)], input=TRICKY.encode(), capture_output=True
                ).stdout
                for r, _, s in cases
                if s
            }
        )
        == 2
    )


def test_help_documents_every_option_and_the_dropout_reference(capsys) -> None:
    for command, options in {
        "learn-bpe": [
            "--symbols",
            "--min-frequency",
            "--dict-input",
            "--total-symbols",
            "--verbose",
            "--num-workers",
        ],
        "apply-bpe": [
            "--codes",
            "--merges",
            "--separator",
            "--vocabulary",
            "--vocabulary-threshold",
            "--dropout",
            "--seed",
            "--glossaries",
            "--universal-newlines",
        ],
        "get-vocab": ["--input", "--output"],
        "learn-joint-bpe-and-vocab": [
            "--input",
            "--output",
            "--symbols",
            "--separator",
            "--write-vocabulary",
            "--min-frequency",
            "--total-symbols",
            "--verbose",
        ],
    }.items():
        capsys.readouterr()
        assert main([command, "--help"]) == 0
        # argparse may wrap a line after a hyphen
        text = re.sub(r"-\s+", "-", " ".join(capsys.readouterr().out.split()))
        for option in options:
            assert option in text, (command, option)
        assert f"subword-nmt {command}" in text
    capsys.readouterr()
    main(["apply-bpe", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "python -m subword_nmt.apply_bpe --dropout P --seed S" in text
    assert "ignores --seed" in text


@pytest.mark.parametrize("version", ["0.3", "1.0", "2"])
@pytest.mark.parametrize("text", ["", "\n\n", "a b c\n", "x\n y  z \n", "a b\nab\nc\n", "ab\n"])
def test_apply_bpe_runs_codes_of_another_version_as_far_as_subword_nmt(
    tmp_path: Path, capsys, version: str, text: str
) -> None:
    """subword-nmt reads ``#version: 0.3`` codes, writes one-character words as they are and
    fails at the first longer word: ours writes the same lines, then stops with an error."""
    codes = write(tmp_path / "codes", f"#version: {version}\na b\n")
    src, out = write(tmp_path / "in.txt", text), tmp_path / "out"
    mine = ours(["apply-bpe", "-c", str(codes), "-i", str(src), "-o", str(out)], out, capsys)
    flags = {"merges": -1, "separator": "@@", "glossaries": None, "threshold": None}
    flags |= {"dropout": 0, "seed": None}

    def read_file():
        with codecs.open(str(src), encoding="utf-8") as fobj:
            yield from fobj

    reference = theirs(snmt_apply(codes, flags, None, read_file), tmp_path / "theirs")
    assert (mine.ok, mine.out) == (reference.ok, reference.out)
    if not mine.ok:
        assert f"codes version {version} is not supported" in mine.err[0]


@pytest.mark.parametrize(
    "text", ["USA 7 x\n", "x USA\nUSA 12 ab\n", "7 USA8 x\n", "\n \nUSA\n", "USAx\n"]
)
def test_apply_bpe_with_another_version_keeps_glossary_words_as_subword_nmt(
    tmp_path: Path, capsys, text: str
) -> None:
    """A glossary word (or a piece a glossary cuts out) needs no merge, so codes of another
    version write it, as subword-nmt does, up to the first word that needs one."""
    codes = write(tmp_path / "codes", "#version: 0.3\na b\n")
    src, out = write(tmp_path / "in.txt", text), tmp_path / "out"
    glossaries = ["USA", "\\d+"]
    argv = ["apply-bpe", "-c", str(codes), "-i", str(src), "-o", str(out)]
    mine = ours([*argv, "--glossaries", *glossaries], out, capsys)
    flags = {"merges": -1, "separator": "@@", "glossaries": glossaries, "threshold": None}
    flags |= {"dropout": 0, "seed": None}

    def read_file():
        with codecs.open(str(src), encoding="utf-8") as fobj:
            yield from fobj

    reference = theirs(snmt_apply(codes, flags, None, read_file), tmp_path / "theirs")
    assert (mine.ok, mine.out) == (reference.ok, reference.out)
