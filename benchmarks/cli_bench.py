"""Benchmark: ``python -m subword_core learn-bpe`` against subword-nmt 0.3.8's ``learn-bpe``.

The command line writes subword-nmt's codes byte for byte (:mod:`subword_core.nmt.nmt_learn`
models its bookkeeping); this measures what that costs. The text is Python's own standard
library, its ``.py`` files concatenated in name order up to ``--megabytes`` (realistic
running text: code, comments and docstrings, ~10^5 distinct words per few MB), read once
into word counts; then, in one process and alternating ``--repeat`` times (fastest
counts), our :func:`subword_core.nmt.learn_codes` and subword-nmt's ``learn_bpe`` (with
``--dict-input`` lines of the same counts, its progress bar silenced) learn ``--symbols``
merges. The codes must be identical. The ratio is ours / theirs: below 1, ours is faster.
Not a test: timings depend on the machine and its load.

Run from the repository root::

    python benchmarks/cli_bench.py [--megabytes 3] [--symbols 10000] [--repeat 1]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import sysconfig
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from subword_core.nmt import learn_codes, read_vocabulary  # noqa: E402


def stdlib_text(megabytes: float) -> str:
    """The standard library's ``.py`` files, in path order, up to ``megabytes`` MB."""
    limit = int(megabytes * 1_000_000)
    parts: list[str] = []
    size = 0
    for path in sorted(Path(sysconfig.get_paths()["stdlib"]).rglob("*.py")):
        if "site-packages" in path.parts or "test" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        parts.append(text)
        size += len(text.encode("utf-8"))
        if size >= limit:
            break
    return "".join(parts)


def theirs(counts: dict[str, int], symbols: int) -> str:
    """subword-nmt's learn_bpe on the same counts (``--dict-input``): the codes text."""
    import subword_nmt.learn_bpe as snmt

    out = io.StringIO()
    lines = [f"{word} {count}" for word, count in counts.items()]
    with (
        mock.patch.object(snmt, "tqdm", lambda iterable, *a, **k: iterable),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        snmt.learn_bpe(lines, out, symbols, 2, is_dict=True)
    return out.getvalue()


def ours(counts: dict[str, int], symbols: int) -> str:
    return learn_codes(counts, symbols, 2)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=3.0)
    parser.add_argument("--symbols", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    text = stdlib_text(args.megabytes)
    counts = read_vocabulary(text.splitlines(keepends=True))
    print(
        f"text: {len(text.encode('utf-8')) / 1e6:.2f} MB of the standard library, "
        f"{len(counts)} distinct words, {sum(counts.values())} words; {args.symbols} merges"
    )
    best = {"ours": float("inf"), "subword-nmt": float("inf")}
    codes: dict[str, str] = {}
    for _ in range(args.repeat):
        for name, run in (("ours", ours), ("subword-nmt", theirs)):
            start = time.perf_counter()
            codes[name] = run(counts, args.symbols)
            best[name] = min(best[name], time.perf_counter() - start)
    same = codes["ours"] == codes["subword-nmt"]
    print(f"  identical codes: {same} ({codes['ours'].count(chr(10)) - 1} merges)")
    print(f"  ours        {best['ours']:8.2f} s")
    print(f"  subword-nmt {best['subword-nmt']:8.2f} s")
    print(f"  ratio ours / subword-nmt: {best['ours'] / best['subword-nmt']:.2f}")
    if not same:
        raise SystemExit("the codes differ")


if __name__ == "__main__":
    main()
