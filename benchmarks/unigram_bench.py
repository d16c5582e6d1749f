"""Benchmark: unigram training to 2,000 pieces on Python's documentation topics (~466 KB).

Compares :func:`subword_core.unigram.learn` with the ``tokenizers`` library's
``UnigramTrainer`` on the same text, on this machine, and prints the ratio (issue 4 asks for
at most 5x) and the peak memory of our run (at most 200 MB). Not a test: timings depend on
the machine and its load, so each side runs ``--repeat`` times, alternating, and the fastest
run of each counts.

Run from the repository root::

    python benchmarks/unigram_bench.py [--repeat 3] [--vocab 2000]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import example_text
from subword_core.unigram import learn


def run_ours(text: str, vocab: int) -> tuple[float, int, float]:
    """Seconds to parse the text into word counts and train; pieces; tokens per word."""
    gc.collect()
    start = time.perf_counter()
    corpus = parse_corpus(text)
    result = learn(corpus, vocab)
    seconds = time.perf_counter() - start
    tokens = sum(len(result.model.encode(w)) * n for w, n in corpus.items)
    return seconds, len(result.pieces), tokens / corpus.total


def run_tokenizers(text: str, vocab: int) -> tuple[float, int, float]:
    """The same for tokenizers' UnigramTrainer (whitespace split, as our corpus does)."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.Unigram())
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.UnigramTrainer(vocab_size=vocab, show_progress=False)
    gc.collect()
    start = time.perf_counter()
    tokenizer.train_from_iterator([text], trainer=trainer)
    seconds = time.perf_counter() - start
    corpus = parse_corpus(text)
    tokens = sum(len(tokenizer.encode(w).tokens) * n for w, n in corpus.items)
    return seconds, tokenizer.get_vocab_size(), tokens / corpus.total


def peak_memory_mb(text: str, vocab: int) -> float:
    """Peak Python memory of one of our training runs, in MB (tracemalloc)."""
    tracemalloc.start()
    learn(parse_corpus(text), vocab)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--vocab", type=int, default=2000)
    args = parser.parse_args()

    text = example_text("pydoc")
    corpus = parse_corpus(text)
    print(f"text: {len(text):,} characters, {len(corpus):,} distinct words, {corpus.total:,} words")
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(args.repeat):
        seconds, size, per_word = run_tokenizers(text, args.vocab)
        theirs.append(seconds)
        print(
            f"  tokenizers UnigramTrainer:  {seconds:6.2f} s ({size} pieces, "
            f"{per_word:.3f} tokens per word)"
        )
        seconds, size, per_word = run_ours(text, args.vocab)
        ours.append(seconds)
        print(
            f"  subword_core.unigram.learn: {seconds:6.2f} s ({size} pieces, "
            f"{per_word:.3f} tokens per word)"
        )
    best_ours, best_theirs = min(ours), min(theirs)
    print(f"fastest: ours {best_ours:.2f} s, tokenizers {best_theirs:.2f} s")
    print(f"ratio: {best_ours / best_theirs:.1f}x (target: at most 5x)")
    print(f"peak memory of one of our runs: {peak_memory_mb(text, args.vocab):.0f} MB")


if __name__ == "__main__":
    main()
