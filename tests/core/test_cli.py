"""The command line (python -m subword_core learn-bpe|apply-bpe) against subword-nmt as oracle.

subword-nmt is imported here only, as the reference: its learn_bpe() and BPE.process_line()
run in-process on the same input, and our output must be equal byte for byte.
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest
import subword_nmt.learn_bpe
from subword_nmt.apply_bpe import BPE
from subword_nmt.learn_bpe import learn_bpe

import subword_core.nmt
from subword_core.bpe import learn
from subword_core.nmt import main
from subword_core.text.examples import pydoc_topics_text
from tests.core.doctests import failed_doctests

SEED_COUNTS = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
SEED_DICT = "".join(f"{word} {count}\n" for word, count in SEED_COUNTS.items())
SEED_TEXT = "\n".join(" ".join([word] * count) for word, count in SEED_COUNTS.items()) + "\n"
STOP_2 = "no pair has frequency >= 2. Stopping"

# Lines that exercise process_line's whitespace handling, added to the held-out text.
EDGE_LINES = [
    "  leading spaces\n",
    "trailing spaces   \n",
    "double  spaces   inside\n",
    "a b c x y z . , ( ) single characters\n",
    "\n",
    "   \n",
    "\r\n",
    "windows line ending\r\n",
    "tab\tinside a word and\xa0no-break space\n",
    "unseen ünïcödé wörds 日本語\n",
    "   both sides   \n",
    "no newline at the end",
]


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def snmt_learn(
    text: str, symbols: int, min_frequency: int = 2, dict_input: bool = False
) -> tuple[str, list[str]]:
    """subword-nmt's learn_bpe on ``text``: (codes, stderr lines without the progress bar)."""
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(subword_nmt.learn_bpe, "tqdm", lambda iterable, *a, **k: iterable),
        contextlib.redirect_stderr(err),
    ):
        learn_bpe(io.StringIO(text), out, symbols, min_frequency, is_dict=dict_input)
    return out.getvalue(), err.getvalue().splitlines()


def snmt_apply(codes: str, text: str, separator: str = "@@") -> str:
    """subword-nmt's BPE.process_line on every line, split as its UTF-8 reader splits them."""
    bpe = BPE(io.StringIO(codes), separator=separator)
    return "".join(bpe.process_line(line) for line in text.splitlines(keepends=True))


@dataclass
class Run:
    code: int
    out: str
    err: str


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> Run:
    """Our CLI in-process."""
    capsys.readouterr()
    code = main(args)
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def learn_file(tmp_path: Path, text: str, *flags: str, capsys) -> tuple[str, Run]:
    """Run learn-bpe in-process on ``text`` through -i/-o files."""
    src = write(tmp_path / "input.txt", text)
    dst = tmp_path / "codes.bpe"
    result = run(["learn-bpe", "-i", str(src), "-o", str(dst), *flags], capsys)
    assert result.code == 0, result.err
    return dst.read_bytes().decode("utf-8"), result


def apply_file(
    tmp_path: Path, codes: str, text: str, *flags: str, capsys, warned: bool = False
) -> str:
    """Run apply-bpe in-process through -c/-i/-o files; ``warned``: expect the separator
    warning (input words that already contain the separator), else an empty stderr."""
    codes_path = write(tmp_path / "apply.codes", codes)
    src = write(tmp_path / "apply-in.txt", text)
    dst = tmp_path / "apply-out.txt"
    result = run(
        ["apply-bpe", "-c", str(codes_path), "-i", str(src), "-o", str(dst), *flags], capsys
    )
    assert result.code == 0, result.err
    if warned:
        assert "already contain the separator" in result.err
        assert len(result.err.splitlines()) == 1
    else:
        assert result.err == ""
    return dst.read_bytes().decode("utf-8")


def assert_same_lines(ours: str, expected: str) -> None:
    ours_lines, expected_lines = ours.split("\n"), expected.split("\n")
    for number, (a, b) in enumerate(zip(ours_lines, expected_lines, strict=False), start=1):
        assert a == b, f"line {number} differs"
    assert len(ours_lines) == len(expected_lines)
    assert ours == expected


# --------------------------------------------------------------------------------------
# Shared pydoc data (module-scoped: learning 1500 merges takes seconds)
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pydoc_text() -> str:
    return pydoc_topics_text() + "\n"


@dataclass(frozen=True)
class Split:
    train: str
    heldout: str
    codes_v2: str  # subword-nmt's codes for train
    codes_v1: str  # the same corpus learned with a separate '</w>' (headerless version 0.1)


@pytest.fixture(scope="module")
def pydoc_split(pydoc_text: str) -> Split:
    return _pydoc_split(pydoc_text)


@functools.cache
def _pydoc_split(pydoc_text: str) -> Split:
    """Computed once per test process (a frozen value): ``tests/conftest.py``'s SLOW_FIRST
    starts one of its tests early, so the module-scoped fixture is set up again for the
    others (subword-nmt's 1500 merges: ~2.5 s each time)."""
    lines = pydoc_text.splitlines(keepends=True)
    cut = len(lines) * 4 // 5
    train, heldout = "".join(lines[:cut]), "".join(lines[cut:] + EDGE_LINES)
    codes_v2, _ = snmt_learn(train, 1500)
    vocab = subword_core.nmt.read_vocabulary(train.splitlines())
    v1 = learn(
        vocab,
        1500,
        tie_break="lexicographic",
        top_k=1,
        max_changed_words=1,
        history_limit=1,
    )
    return Split(train, heldout, codes_v2, v1.model.to_codes())


# --------------------------------------------------------------------------------------
# (a) learn-bpe writes subword-nmt's codes byte for byte
# --------------------------------------------------------------------------------------


def test_learn_seed_running_text_in_a_subprocess_via_stdin_and_stdout() -> None:
    expected, messages = snmt_learn(SEED_TEXT, 100)
    assert messages == [STOP_2]
    proc = subprocess.run(
        [sys.executable, "-m", "subword_core", "learn-bpe", "-s", "100"],
        input=SEED_TEXT.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == expected.encode("utf-8")
    assert proc.stdout.startswith(b"#version: 0.2\n")
    assert proc.stderr.decode("utf-8").splitlines() == [STOP_2]


@pytest.mark.parametrize(
    ("symbols", "min_frequency"), [(100, 2), (100, 1), (3, 2), (1, 1), (0, 2), (-5, 2)]
)
def test_learn_seed_dict_input(tmp_path: Path, capsys, symbols: int, min_frequency: int) -> None:
    expected, messages = snmt_learn(SEED_DICT, symbols, min_frequency, dict_input=True)
    flags = ["--dict-input", "-s", str(symbols), "--min-frequency", str(min_frequency)]
    codes, result = learn_file(tmp_path, SEED_DICT, *flags, capsys=capsys)
    assert codes == expected
    assert result.err.splitlines() == messages
    assert result.out == ""


def test_learn_seed_running_text_equals_dict_input(tmp_path: Path, capsys) -> None:
    from_text, _ = learn_file(tmp_path, SEED_TEXT, "-s", "100", capsys=capsys)
    from_dict, _ = learn_file(tmp_path, SEED_DICT, "--dict-input", "-s", "100", capsys=capsys)
    assert from_text == from_dict == snmt_learn(SEED_TEXT, 100)[0]


def test_learn_pydoc_1500_merges(tmp_path: Path, capsys, pydoc_text: str) -> None:
    expected, messages = snmt_learn(pydoc_text, 1500)
    assert messages == []
    assert expected.count("\n") == 1501
    codes, result = learn_file(tmp_path, pydoc_text, "-s", "1500", capsys=capsys)
    assert codes == expected
    assert result.err == ""


def test_learn_pydoc_train_split_equals_subword_nmt(
    tmp_path: Path, capsys, pydoc_split: Split
) -> None:
    codes, _ = learn_file(tmp_path, pydoc_split.train, "-s", "1500", capsys=capsys)
    assert codes == pydoc_split.codes_v2


def test_learn_reads_lines_like_subword_nmt_cli(tmp_path: Path, capsys) -> None:
    """Mixed line breaks (\\n, \\r\\n, lone \\r), a byte-order mark, spaces at both ends."""
    text = "\ufefflow low  lower\r\nnewest newest\rnewest  \n  widest widest\r\n\nlow"
    expected = learn_text_with_real_subword_nmt_cli(tmp_path, text, ["-s", "50"])
    codes, _ = learn_file(tmp_path, text, "-s", "50", capsys=capsys)
    assert codes == expected


def learn_text_with_real_subword_nmt_cli(tmp_path: Path, text: str, flags: list[str]) -> str:
    src = write(tmp_path / "snmt-input.txt", text)
    dst = tmp_path / "snmt.codes"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from subword_nmt.subword_nmt import main; main()",
            "learn-bpe",
            "-i",
            str(src),
            "-o",
            str(dst),
            *flags,
        ],
        capture_output=True,
        check=True,
    )
    return dst.read_bytes().decode("utf-8")


def test_learn_without_any_pair_writes_the_header_and_stops(tmp_path: Path, capsys) -> None:
    # subword-nmt crashes here (max() of no pair counts); we write the empty codes file,
    # and a warning says so
    codes, result = learn_file(tmp_path, "a b c a\n", "-s", "10", capsys=capsys)
    assert codes == "#version: 0.2\n"
    stop, warning = result.err.splitlines()
    assert stop == STOP_2
    assert "no pair to merge: subword-nmt stops with an error here" in warning
    with pytest.raises(ValueError, match="empty"):
        snmt_learn("a b c a\n", 10)


# --------------------------------------------------------------------------------------
# (b) apply-bpe segments held-out text exactly like subword-nmt
# --------------------------------------------------------------------------------------


def test_apply_heldout_pydoc_with_version_02_codes(
    tmp_path: Path, capsys, pydoc_split: Split
) -> None:
    codes = pydoc_split.codes_v2
    assert codes.startswith("#version: 0.2\n")
    ours = apply_file(tmp_path, codes, pydoc_split.heldout, capsys=capsys)
    assert_same_lines(ours, snmt_apply(codes, pydoc_split.heldout))
    assert "@@ " in ours


def test_apply_heldout_pydoc_with_version_01_codes(
    tmp_path: Path, capsys, pydoc_split: Split
) -> None:
    codes = pydoc_split.codes_v1
    assert not codes.startswith("#") and " </w>\n" in codes
    ours = apply_file(tmp_path, codes, pydoc_split.heldout, capsys=capsys)
    assert_same_lines(ours, snmt_apply(codes, pydoc_split.heldout))
    # an explicit '#version: 0.1' header means the same
    with_header = "#version: 0.1\n" + codes
    assert apply_file(tmp_path, with_header, pydoc_split.heldout, capsys=capsys) == ours


def test_apply_custom_separator_and_windows_codes(
    tmp_path: Path, capsys, pydoc_split: Split
) -> None:
    codes = pydoc_split.codes_v2.replace("\n", "\r\n")
    text = pydoc_split.heldout[:5000]
    assert "+" in text  # so the separator warning is expected, and the output unchanged
    for flag in ("-s", "--separator"):
        ours = apply_file(tmp_path, codes, text, flag, "+", capsys=capsys, warned=True)
        assert_same_lines(ours, snmt_apply(codes, text, separator="+"))


def test_apply_warns_about_words_that_contain_the_separator(tmp_path: Path, capsys) -> None:
    codes = "#version: 0.2\n@ @</w>\n"
    text = "x@@ y a@@b\n"
    ours = apply_file(tmp_path, codes, text, capsys=capsys, warned=True)
    assert ours == snmt_apply(codes, text) == "x@@ @@ y a@@ @@@ @@@ b\n"  # subword-nmt's
    result = run(
        ["apply-bpe", "-c", str(tmp_path / "apply.codes"), "-i", str(tmp_path / "apply-in.txt")],
        capsys,
    )
    assert "2 input word(s)" in result.err and "'x@@'" in result.err
    # the usual way back (sed 's/@@ //g') really does lose the word: the warning is true
    assert ours.replace("@@ ", "") == "xy a@@b\n" != text


def test_apply_single_character_words_and_duplicate_merges(tmp_path: Path, capsys) -> None:
    codes = "#version: 0.2\na b\nab c</w>\na b\nx y\nxy x\nxyx y</w>\n"
    text = "a b c abc x xyxy xyxyxy  abcabc a\n"
    ours = apply_file(tmp_path, codes, text, capsys=capsys)
    assert ours == snmt_apply(codes, text) == "a b c abc x xyxy xy@@ xyxy ab@@ c@@ abc a\n"


def test_apply_splits_lines_like_subword_nmt_cli(tmp_path: Path, capsys, pydoc_split) -> None:
    """subword-nmt's UTF-8 reader also breaks lines at \\f, \\v, \\x85, \\u2028 and lone \\r."""
    breaks = ["\n", "\r\n", "\x0c", "\x85", "\u2028", "\r", "  \n", "\x0b", "\x1c"]
    lines = pydoc_split.heldout.splitlines()[:200]
    text = "".join(line + breaks[i % len(breaks)] for i, line in enumerate(lines)) + " end "
    codes_path = write(tmp_path / "real.codes", pydoc_split.codes_v2)
    src = write(tmp_path / "real-in.txt", text)
    dst = tmp_path / "real-out.txt"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from subword_nmt.subword_nmt import main; main()",
            "apply-bpe",
            "-c",
            str(codes_path),
            "-i",
            str(src),
            "-o",
            str(dst),
        ],
        check=True,
    )
    expected = dst.read_bytes().decode("utf-8")
    assert expected == snmt_apply(pydoc_split.codes_v2, text)
    assert apply_file(tmp_path, pydoc_split.codes_v2, text, capsys=capsys) == expected


def test_apply_header_only_codes_splits_into_characters(tmp_path: Path, capsys) -> None:
    # subword-nmt rejects a codes file without merges; we apply no merges.
    assert apply_file(tmp_path, "#version: 0.2\n", " ab c\n", capsys=capsys) == " a@@ b c\n"


# --------------------------------------------------------------------------------------
# (c) errors: one line on stderr, exit status 2, no traceback
# --------------------------------------------------------------------------------------


def assert_clean_error(result: Run, *needles: str) -> None:
    assert result.code == 2
    assert "Traceback" not in result.err
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert result.err.startswith("python -m subword_core ")
    for needle in needles:
        assert needle in result.err
    assert result.out == ""


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ("low 5\nlower\n", ["line 2", "word, one space and a count"]),
        ("low 5\nlower 2 x\n", ["line 2"]),
        ("low 5\nlower  2\n", ["line 2"]),
        ("low 5\n\nlower 2\n", ["line 2"]),
        ("low five\n", ["line 1", "'five'", "not a whole number"]),
    ],
)
def test_learn_bad_dict_lines(tmp_path: Path, capsys, text: str, needles: list[str]) -> None:
    src = write(tmp_path / "vocab.txt", text)
    dst = tmp_path / "codes.bpe"
    result = run(["learn-bpe", "--dict-input", "-i", str(src), "-o", str(dst)], capsys)
    assert_clean_error(result, str(src), *needles)
    assert not dst.exists()


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ("", ["no words"]),
        ("   \n\n  \n", ["no words"]),
    ],
)
def test_learn_bad_words(tmp_path: Path, capsys, text: str, needles: list[str]) -> None:
    src = write(tmp_path / "input.txt", text)
    assert_clean_error(run(["learn-bpe", "-i", str(src)], capsys), *needles)


@pytest.mark.parametrize(
    ("text", "flags", "warning"),
    [
        # once refused (exit 2), now learned as subword-nmt learns them; where the codes
        # are exact BPE all the same, a warning says what may surprise
        ("low lower\nnew\test\n", [], "U+0009 CHARACTER TABULATION"),
        ("low\xa0lower low\xa0lower\n", [], "U+00A0 NO-BREAK SPACE"),
        ("a b\x0cc d a b\x0cc d\n", [], "U+000C FORM FEED"),
        ("low </w>x low </w>x\n", [], "end-of-word marker"),
        ("low 5\nlo\tw 3\n", ["--dict-input"], "U+0009"),
        # a merge glues the tab to a neighbour, but subword-nmt's search for the later
        # pairs still finds the same places: the codes are exact BPE, no difference named
        ("a\tb a\tb ab ab b\ta\n" * 4, ["-s", "20", "--min-frequency", "1"], "U+0009"),
    ],
)
def test_learn_accepts_what_subword_nmt_accepts_with_a_warning(
    tmp_path: Path, capsys, text: str, flags: list[str], warning: str
) -> None:
    codes, result = learn_file(tmp_path, text, *flags, capsys=capsys)
    assert codes == learn_text_with_real_subword_nmt_cli(tmp_path, text, flags)
    warnings = [line for line in result.err.splitlines() if ": warning: " in line]
    assert len(warnings) == 1 and warning in warnings[0], result.err


def naive_bpe(vocab: dict[str, int], merges: int, min_frequency: int) -> str:
    """Exact BPE the slow, obvious way (every pair counted again before each merge), with
    subword-nmt's conventions: '</w>' glued to the last character, the greatest pair on ties."""
    words = [([*w[:-1], w[-1] + "</w>"], c) for w, c in vocab.items() if c > 0]
    codes = "#version: 0.2\n"
    for _ in range(merges):
        counts: dict[tuple[str, str], int] = {}
        for symbols, count in words:
            for pair in itertools.pairwise(symbols):
                counts[pair] = counts.get(pair, 0) + count
        if not counts or max(counts.values()) < min_frequency:
            break
        best = max(counts, key=lambda pair: (counts[pair], pair))
        codes += f"{best[0]} {best[1]}\n"
        for symbols, _ in words:
            i = 0
            while i < len(symbols) - 1:
                if (symbols[i], symbols[i + 1]) == best:
                    symbols[i : i + 2] = [best[0] + best[1]]
                i += 1
    return codes


@pytest.mark.parametrize(
    ("text", "flags", "vocab", "min_frequency", "cause", "first"),
    [
        # subword-nmt takes the tab inside 'bb\tb' for a symbol boundary, merges across
        # it and learns other pairs from merge 5 on
        (
            "bb\tbba \tbaa \tbaa\n",
            ["-s", "40", "--min-frequency", "1"],
            {"bb\tbba": 1, "\tbaa": 2},
            1,
            "merge 1 (\\t b) glues U+0009 CHARACTER TABULATION",
            5,
        ),
        # merge 4 makes 'a</w>' in the middle of 'a</w></w>a', a symbol that 'a' already
        # holds; subword-nmt counts the pairs around the old copy again
        (
            "a 10\na</w></w>a 10\n",
            ["--dict-input", "-s", "60"],
            {"a": 10, "a</w></w>a": 10},
            2,
            "merge 4 (a </w>) makes 'a</w>'",
            5,
        ),
        # subword-nmt subtracts the 3 of 'lower' from the pairs of 'low' and 'newest'
        (
            "low 5\nlower -3\nnewest 6\n",
            ["--dict-input", "-s", "20"],
            {"low": 5, "newest": 6},
            2,
            "have a count below 1 (first: 'lower', -3)",
            1,
        ),
        # subword-nmt goes on writing pairs counted 0 times until it has written 40
        (SEED_TEXT, ["--min-frequency", "0", "-s", "40"], SEED_COUNTS, 1, "--min-frequency 0", 14),
    ],
)
def test_learn_writes_subword_nmt_codes_and_warns_where_they_are_not_exact_bpe(
    tmp_path: Path,
    capsys,
    text: str,
    flags: list[str],
    vocab: dict[str, int],
    min_frequency: int,
    cause: str,
    first: int,
) -> None:
    """The four kinds of input where subword-nmt's codes are not exact BPE: ours are
    subword-nmt's, byte for byte, and the warnings name the cause and the first merge
    where exact BPE (the slow, obvious learner here) differs."""
    codes, result = learn_file(tmp_path, text, *flags, capsys=capsys)
    assert codes == learn_text_with_real_subword_nmt_cli(tmp_path, text, flags)
    exact = naive_bpe(vocab, int(flags[flags.index("-s") + 1]), min_frequency)
    assert codes != exact
    differ = next(
        n
        for n, (a, b) in enumerate(itertools.zip_longest(codes.split("\n"), exact.split("\n")))
        if a != b
    )
    assert differ == first  # line 0 is the header: line n is merge n
    warnings = [line for line in result.err.splitlines() if ": warning: " in line]
    assert len([line for line in warnings if cause in line]) == 1, result.err
    exact_named = f"exact BPE (the app's BPE pages) writes other codes from merge {first} on"
    assert exact_named in warnings[-1]
    assert "These codes are subword-nmt's, byte for byte." in warnings[-1]


def test_learn_counts_too_large_for_a_float_or_for_str(tmp_path: Path, capsys) -> None:
    """subword-nmt crashes (OverflowError) on a count too large for a float: ours learns
    as if floats could hold it, says so, and prints sums beyond Python's 4300 digits."""
    nines = "9" * 4300
    text = f"ab {nines}\n" * 12 + f"bc -{nines}\n" * 12 + "bd 1" + "0" * 400 + "\n"
    with pytest.raises(OverflowError):
        snmt_learn(text, 5, dict_input=True)
    codes, result = learn_file(tmp_path, text, "--dict-input", "-s", "5", "-v", capsys=capsys)
    assert codes.startswith("#version: 0.2\na b</w>\n")
    assert "(frequency 11999" in result.err and "Traceback" not in result.err
    assert "OverflowError" in result.err and "exact fraction" in result.err
    assert "exact BPE was not learned to compare" in result.err


def test_learn_bad_arguments(tmp_path: Path, capsys) -> None:
    src = write(tmp_path / "input.txt", SEED_TEXT)
    missing = tmp_path / "no-such-dir" / "codes.bpe"
    assert_clean_error(
        run(["learn-bpe", "-i", str(src), "-o", str(missing)], capsys), "cannot write"
    )
    # argparse's own usage errors: exit status 2 as well, usage line + error line
    for argv in (["learn-bpe", "-s", "many"], ["apply-bpe"], ["frobnicate"], ["learn-bpe", "-x"]):
        result = run(argv, capsys)
        assert result.code == 2 and "error:" in result.err and "Traceback" not in result.err
    result = run([], capsys)
    assert result.code == 2 and "learn-bpe or apply-bpe" in result.err


def test_missing_and_non_utf8_files(tmp_path: Path, capsys) -> None:
    missing = str(tmp_path / "missing.txt")
    codes = write(tmp_path / "ok.codes", "#version: 0.2\na b\n")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("ok line\ncaf\xe9 cr\xe8me\n".encode("latin-1"))
    assert_clean_error(run(["learn-bpe", "-i", missing], capsys), "cannot read", missing)
    assert_clean_error(run(["apply-bpe", "-c", missing], capsys), "cannot read", missing)
    assert_clean_error(
        run(["apply-bpe", "-c", str(codes), "-i", missing], capsys), "cannot read", missing
    )
    assert_clean_error(
        run(["learn-bpe", "-i", str(latin1)], capsys), "line 2 is not valid UTF-8", "e9"
    )
    assert_clean_error(run(["apply-bpe", "-c", str(latin1)], capsys), "line 2 is not valid UTF-8")
    out = tmp_path / "out.txt"
    result = run(["apply-bpe", "-c", str(codes), "-i", str(latin1), "-o", str(out)], capsys)
    assert_clean_error(result, "line 2 is not valid UTF-8")
    assert out.read_text(encoding="utf-8") == "o@@ k l@@ i@@ n@@ e\n"  # streamed up to line 2


@pytest.mark.parametrize(
    ("codes", "needles"),
    [
        ("#version: 0.2\na b\nabc\n", ["line 3", "two symbols", "'abc'"]),
        ("#version: 0.2\na b\na b c\n", ["line 3"]),
        ("#version: 0.2\na  b\n", ["line 2"]),
        ("#version: 0.2\na b\n\nb c\n", ["line 3"]),
        ("a b\nb\tc\n", ["line 2"]),
        ("#version: 0.3\na b\n", ["line 1", "0.3", "not supported"]),
        ("#version: zero\na b\n", ["line 1", "version"]),
    ],
)
def test_apply_bad_codes(tmp_path: Path, capsys, codes: str, needles: list[str]) -> None:
    path = write(tmp_path / "bad.codes", codes)
    src = write(tmp_path / "input.txt", "some text\n")
    result = run(["apply-bpe", "-c", str(path), "-i", str(src)], capsys)
    assert_clean_error(result, str(path), *needles)


def test_error_in_a_subprocess_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe not utf-8\n")
    proc = subprocess.run(
        [sys.executable, "-m", "subword_core", "learn-bpe", "-i", str(bad)],
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    assert len(err.strip().splitlines()) == 1 and "not valid UTF-8" in err
    assert "Traceback" not in err


# --------------------------------------------------------------------------------------
# Help and documentation
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "needle"),
    [("learn-bpe", "subword-nmt learn-bpe"), ("apply-bpe", "subword-nmt apply-bpe")],
)
def test_help_has_a_description(capsys, command: str, needle: str) -> None:
    result = run([command, "--help"], capsys)
    assert result.code == 0
    assert needle in " ".join(result.out.split())
    assert "--input" in result.out and "--output" in result.out


def test_cli_doctests() -> None:
    assert failed_doctests(subword_core.nmt) == {}  # the package and each command's module
