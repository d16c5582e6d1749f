"""Benchmark: tracing a typed sentence with a 50,000-merge byte-level BPE (issue 19, item 5).

Trains a GPT-2-sized byte-level BPE (vocabulary 50,257, so about 50,000 merges) here with
``tokenizers`` on Python's pydoc topics plus generated words, then times
:func:`subword_core.pretrained.load` once and :meth:`Pretrained.trace` on a few typed
sentences (the fastest of ``--repeat`` runs), and checks the tokens against the library's:
with GPT-2's ByteLevel pre-tokenizer, then with Llama-3's (a ``Split`` on GPT-4's regular
expression, then ByteLevel without its own).
The target is under 100 µs per word (issue 31); each line also times the library's own
``encode`` on the same sentence in the same run and prints the ratio. Not a test: timings
depend on the machine and its load.

Run from the repository root::

    python -m benchmarks.pretrained_bench [--repeat 5] [--vocab 50257]
"""

from __future__ import annotations

import argparse
import json
import time

from tokenizers import Tokenizer

from subword_core.pretrained import MergeStep, load
from tests.core import pretrained_models as pm

SENTENCES = (
    "Why is unhappiness three tokens when happiness is one?",
    "The quick brown fox jumps over the lazy dog, doesn't it?",
    "Tokenizers split antidisestablishmentarianism into pieces — über naïve café 你好!",
    "def encode(self, text: str) -> list[int]: return self._model.encode(text)",
)


def main() -> None:
    """Train, load, trace, print the times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--vocab", type=int, default=50_257)
    args = parser.parse_args()
    start = time.perf_counter()
    files = pm.byte_level_bpe(vocab_size=args.vocab, chars=2_000_000)
    print(f"trained in {time.perf_counter() - start:.1f} s")
    for name, text in (("GPT-2", files["tokenizer.json"].decode()), ("Llama-3", _llama3(files))):
        print(f"{name}-style pre-tokenizer:")
        _time(text, args.repeat)


LLAMA3 = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)


def _llama3(files: dict[str, bytes]) -> str:
    """The same model behind Llama-3's pre-tokenizer: Split on GPT-4's pattern, ByteLevel."""
    doc = json.loads(files["tokenizer.json"])
    split = {"type": "Split", "pattern": {"Regex": LLAMA3}, "behavior": "Isolated", "invert": False}
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "use_regex": False}
    byte_level["trim_offsets"] = True  # the library's reader asks for every field
    doc["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [split, byte_level]}
    return json.dumps(doc)


def _time(text: str, repeat: int) -> None:
    """Load ``text`` (a tokenizer.json), trace each sentence, print the best times."""
    start = time.perf_counter()
    tok = load({"tokenizer.json": text})
    print(f"loaded {tok.merges:,} merges in {time.perf_counter() - start:.2f} s")
    reference = Tokenizer.from_str(text)
    ours_total = library_total = 0.0
    all_words = 0
    for sentence in SENTENCES:
        best = library = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            trace = tok.trace(sentence)
            best = min(best, time.perf_counter() - t)
            t = time.perf_counter()
            reference.encode(sentence, add_special_tokens=False)
            library = min(library, time.perf_counter() - t)
        expected = tuple(reference.encode(sentence, add_special_tokens=False).tokens)
        assert trace.tokens == expected, (trace.tokens, expected)
        words = len(trace.words)
        merges = sum(isinstance(s, MergeStep) for s in trace.steps)
        ours_total, library_total, all_words = (
            ours_total + best,
            library_total + library,
            (all_words + words),
        )
        print(
            f"{words:3d} words, {merges:4d} merges, {best * 1000:7.2f} ms, "
            f"{best * 1e6 / words:6.1f} µs/word (tokenizers {library * 1e6 / words:5.1f} µs/word, "
            f"×{best / library:4.1f})  {sentence[:40]!r}"
        )
    print(
        f"all: {ours_total * 1e6 / all_words:.1f} µs/word, tokenizers "
        f"{library_total * 1e6 / all_words:.1f} µs/word, ratio ×{ours_total / library_total:.1f}"
    )


if __name__ == "__main__":
    main()
