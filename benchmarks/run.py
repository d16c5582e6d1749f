"""Benchmarks: the app's trainers and BPE encoder against the reference libraries, one run.

On Python's documentation topics (``pydoc_data.topics``, ~466 KB), on this machine, in one
process, each measurement alternating ours and theirs ``--repeat`` times (fastest counts):

* BPE, 2000 merges with the full trace, against subword-nmt's ``learn_bpe`` (same word
  counts, same conventions: identical merges are checked), ``tokenizers``' BpeTrainer and
  sentencepiece (``model_type=bpe``);
* WordPiece to 2000 tokens against ``tokenizers``' WordPieceTrainer and our own BPE;
* Unigram to 2000 pieces against ``tokenizers``' UnigramTrainer and sentencepiece;
* encoding a held-out ~95 KB (the last fifth of the lines) with 2000 merges learned on the
  rest, against subword-nmt's ``apply_bpe.BPE`` (identical output is checked);
* BPE with 10000 merges, where thousands of pairs tie at every step;
* running text without spaces (:func:`cjk_text`, 3000 generated CJK characters) as one word
  against the same characters cut into 16-character words, for BPE, WordPiece and byte-level
  learning and for every encoder: one word should cost at most 3 times the cut text;
* Unigram on a generated 3000-character CJK text as one word against the same characters in
  16-character words, and Unigram and WordPiece at the largest vocabulary ``ui.app.limits`` allows,
  on pydoc as the app reads it, with peak memory;
* peak Python memory of our runs (tracemalloc), and how our times grow with the corpus
  (25 %, 50 %, 100 %, 200 %: the text followed by its swapcased copy, so that the distinct
  words double as well, not only the counts);
* the server time of a step change on the BPE learn page (Streamlit's AppTest) for every
  built-in example.

Ratios are ours / theirs: below 1 means ours is faster. Not a test: timings depend on the
machine and its load. ``tokenizers`` and sentencepiece read the raw text (whitespace split);
subword-nmt and our trainers read the same word counts (subword-nmt's own ``get_vocabulary``).

Run from the repository root (needs ``requirements-dev.txt``)::

    python benchmarks/run.py [--repeat 3] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from subword_core import bpe, byte_level, unigram, wordpiece  # noqa: E402
from subword_core.text.corpus import Corpus  # noqa: E402
from subword_core.text.examples import pydoc_topics_text  # noqa: E402

MERGES = 2000
VOCAB = 2000


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    """Wall-clock seconds of one call (after a garbage collection) and its result."""
    gc.collect()
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, out


def best_of(repeat: int, runs: dict[str, Callable[[], Any]]) -> dict[str, tuple[float, Any]]:
    """Each run ``repeat`` times, alternating; the fastest time and a result of each."""
    best: dict[str, tuple[float, Any]] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds, out = timed(run)
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, out)
    return best


def peak_mb(run: Callable[[], Any]) -> float:
    """Peak Python memory of one call, in MB (tracemalloc; slower, so timed apart)."""
    gc.collect()
    tracemalloc.start()
    run()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def quiet() -> contextlib.ExitStack:
    """Silence subword-nmt's progress bar and messages."""
    import subword_nmt.learn_bpe

    stack = contextlib.ExitStack()
    stack.enter_context(
        mock.patch.object(subword_nmt.learn_bpe, "tqdm", lambda iterable, *a, **k: iterable)
    )
    stack.enter_context(contextlib.redirect_stderr(io.StringIO()))
    return stack


def vocabulary(lines: list[str]) -> dict[str, int]:
    """Word counts exactly as subword-nmt reads a text."""
    from subword_nmt.learn_bpe import get_vocabulary

    return dict(get_vocabulary(io.StringIO("".join(lines))))


# --------------------------------------------------------------------------------------
# The contestants
# --------------------------------------------------------------------------------------


def ours_bpe(counts: dict[str, int], merges: int = MERGES) -> bpe.BPEResult:
    """Our BPE with subword-nmt's conventions and the full trace (default settings)."""
    corpus = Corpus.from_counts(counts)
    return bpe.learn(corpus, merges, attach_end_of_word=True, tie_break="lexicographic")


def snmt_bpe(counts: dict[str, int], merges: int = MERGES) -> str:
    """subword-nmt's learn_bpe on the same counts (``--dict-input``); the codes text."""
    from subword_nmt.learn_bpe import learn_bpe

    text = "".join(f"{word} {count}\n" for word, count in counts.items())
    out = io.StringIO()
    with quiet():
        learn_bpe(io.StringIO(text), out, merges, 2, is_dict=True)
    return out.getvalue()


def hf_train(kind: str, text: str, size: int) -> Any:
    """``tokenizers``: a trainer of ``kind`` on the raw text (whitespace split)."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    if kind == "bpe":
        tok = Tokenizer(models.BPE())
        trainer: Any = trainers.BpeTrainer(
            vocab_size=size, min_frequency=2, end_of_word_suffix="</w>", show_progress=False
        )
    elif kind == "wordpiece":
        tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
        trainer = trainers.WordPieceTrainer(vocab_size=size, show_progress=False)
    else:
        tok = Tokenizer(models.Unigram())
        trainer = trainers.UnigramTrainer(vocab_size=size, show_progress=False)
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok.train_from_iterator([text], trainer=trainer)
    return tok


def spm_train(kind: str, lines: list[str], size: int) -> bytes:
    """sentencepiece (``model_type`` ``kind``) on the text's lines, one thread, in memory."""
    import sentencepiece as spm

    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=model,
        model_type=kind,
        vocab_size=size,
        character_coverage=1.0,
        normalization_rule_name="identity",
        num_threads=1,
        minloglevel=2,
    )
    return model.getvalue()


def alphabet_size(text: str) -> int:
    """The characters a word-level BPE vocabulary starts from (``tokenizers`` counts them)."""
    return len(set(text) - set(" \t\n\r\x0b\x0c"))


# --------------------------------------------------------------------------------------
# Sections
# --------------------------------------------------------------------------------------


def row(what: str, ours: float, theirs: float, name: str, target: str = "") -> dict[str, str]:
    return {
        "what": what,
        "ours": f"{ours:.2f} s",
        "reference": f"{name} {theirs:.2f} s",
        "ratio": f"{ours / theirs:.2f}×" + (f" ({target})" if target else ""),
    }


def training(text: str, lines: list[str], counts: dict[str, int], repeat: int) -> list[dict]:
    rows: list[dict[str, str]] = []
    corpus = Corpus.from_counts(counts)

    print(f"BPE, {MERGES} merges ...", flush=True)
    hf_bpe_size = alphabet_size(text) + MERGES  # tokenizers counts the alphabet in vocab_size
    b = best_of(
        repeat,
        {
            "ours": lambda: ours_bpe(counts),
            "subword-nmt": lambda: snmt_bpe(counts),
            "tokenizers": lambda: hf_train("bpe", text, hf_bpe_size),
            "sentencepiece": lambda: spm_train("bpe", lines, VOCAB),
        },
    )
    ours_merges = b["ours"][1].merges
    snmt_merges = [tuple(x.split(" ")) for x in b["subword-nmt"][1].splitlines()[1:]]
    same = ours_merges == snmt_merges
    print(f"  identical merges to subword-nmt: {same}")
    t_bpe = b["ours"][0]
    rows.append(
        row(
            f"BPE, {MERGES} merges (full trace)",
            t_bpe,
            b["subword-nmt"][0],
            "subword-nmt",
            "target ≤ 0.7×" + ("" if same else "; MERGES DIFFER"),
        )
    )
    rows.append(row("", t_bpe, b["tokenizers"][0], "`tokenizers` BpeTrainer"))
    rows.append(row("", t_bpe, b["sentencepiece"][0], "sentencepiece bpe"))

    print(f"WordPiece, vocabulary {VOCAB} ...", flush=True)
    w = best_of(
        repeat,
        {
            "ours": lambda: wordpiece.learn(corpus, VOCAB),
            "bpe": lambda: ours_bpe(counts),
            "tokenizers": lambda: hf_train("wordpiece", text, VOCAB),
        },
    )
    t_bpe = min(t_bpe, w["bpe"][0])  # our fastest BPE run of the two sections: conservative
    rows.append(row(f"WordPiece, {VOCAB} tokens", w["ours"][0], t_bpe, "our BPE", "target ≤ 1.5×"))
    rows.append(row("", w["ours"][0], w["tokenizers"][0], "`tokenizers` WordPieceTrainer"))

    print(f"Unigram, vocabulary {VOCAB} ...", flush=True)
    u = best_of(
        repeat,
        {
            "ours": lambda: unigram.learn(corpus, VOCAB),
            "tokenizers": lambda: hf_train("unigram", text, VOCAB),
            "sentencepiece": lambda: spm_train("unigram", lines, VOCAB),
        },
    )
    rows.append(
        row(
            f"Unigram, {VOCAB} pieces",
            u["ours"][0],
            u["tokenizers"][0],
            "`tokenizers` UnigramTrainer",
            "target ≤ 5×",
        )
    )
    rows.append(row("", u["ours"][0], u["sentencepiece"][0], "sentencepiece unigram"))
    return rows


def encoding(lines: list[str], repeat: int) -> dict[str, str]:
    from subword_nmt.apply_bpe import BPE

    cut = len(lines) * 4 // 5
    train, held_out = lines[:cut], lines[cut:]
    size = sum(len(line.encode()) for line in held_out)
    print(f"Encoding {size / 1000:.0f} KB held out ...", flush=True)
    codes = snmt_bpe(vocabulary(train))

    def theirs() -> list[str]:
        model = BPE(io.StringIO(codes))  # a fresh word cache, as ours below
        return [model.process_line(line) for line in held_out]

    def ours() -> tuple[bpe.BPEModel, list[list[list[str]]]]:
        model = bpe.BPEModel.from_codes(codes)
        return model, [[model.encode(word) for word in line.split()] for line in held_out]

    e = best_of(repeat, {"ours": ours, "subword-nmt": theirs})
    model, tokens = e["ours"][1]
    same = all(
        mine.strip() == " ".join("@@ ".join(model.strip_marker(t)) for t in words)
        for mine, words in zip(e["subword-nmt"][1], tokens, strict=True)
    )
    print(f"  identical output to subword-nmt: {same}")
    return row(
        f"BPE encode {size / 1000:.0f} KB held out",
        e["ours"][0],
        e["subword-nmt"][0],
        "subword-nmt apply_bpe",
        "target ≤ 1×" + ("" if same else "; OUTPUT DIFFERS"),
    )


def many_ties(counts: dict[str, int]) -> dict[str, str]:
    print("BPE, 10000 merges (thousands of ties per step) ...", flush=True)
    runs = {"ours": lambda: ours_bpe(counts, 10_000), "snmt": lambda: snmt_bpe(counts, 10_000)}
    t = best_of(1, runs)
    result = t["ours"][1]
    widest = max(s.ties_total for s in result.steps)
    same = result.merges == [tuple(x.split(" ")) for x in t["snmt"][1].splitlines()[1:]]
    print(f"  up to {widest} tied pairs in one step; identical merges: {same}")
    return row(
        f"BPE, 10000 merges (up to {widest:,} ties a step)",
        t["ours"][0],
        t["snmt"][0],
        "subword-nmt",
        "" if same else "MERGES DIFFER",
    )


def memory(counts: dict[str, int]) -> list[tuple[str, float]]:
    print("Peak memory ...", flush=True)
    corpus = Corpus.from_counts(counts)
    return [
        (f"BPE {MERGES} merges", peak_mb(lambda: ours_bpe(counts))),
        ("BPE 10000 merges", peak_mb(lambda: ours_bpe(counts, 10_000))),
        (f"WordPiece {VOCAB}", peak_mb(lambda: wordpiece.learn(corpus, VOCAB))),
        (f"Unigram {VOCAB}", peak_mb(lambda: unigram.learn(corpus, VOCAB))),
    ]


def growth(text: str) -> list[tuple[str, int, list[float]]]:
    print("Growth with corpus size ...", flush=True)
    lines = (text + "\n").splitlines(keepends=True)
    sizes = []
    for share in (25, 50, 100, 200):
        if share == 200:
            part = lines + [line.swapcase() for line in lines]
        else:
            part = lines[: len(lines) * share // 100]
        counts = vocabulary(part)
        corpus = Corpus.from_counts(counts)
        seconds = [
            timed(lambda counts=counts: ours_bpe(counts))[0],
            timed(lambda corpus=corpus: wordpiece.learn(corpus, VOCAB))[0],
            timed(lambda corpus=corpus: unigram.learn(corpus, VOCAB))[0],
            timed(lambda counts=counts: snmt_bpe(counts))[0],
        ]
        sizes.append((f"{share} %", len(counts), seconds))
    return sizes


#: Frequent CJK characters, most frequent first (a Zipf-like draw over them makes pairs repeat).
COMMON_CJK = (
    "的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生自会那后能"
    "对着事其里所去行过家十用发天如然作方成者多日都三小军二无同么经法当起与好看学进种将还分此心前"
    "面又定见只主没公从知开本高已意现部两力把机问电手长文理外实从身点正些头明动使全信关重新样老想"
    "工性被制度内南物水化加月东西北路教山门很命间政战期给位回民产体表名间最接由气先然少通向海提直"
    "书此间合走总条活美情万王代量话听白军百原物取光写真解斯果变利入处今平风且常安近石院社记指程"
    "色千始却受报难几快火花百拉边比务计数女住象元城业设路师许金相神识收带反张呢强清品特非连字音"
)


def cjk_text(length: int = 3000, seed: int = 16) -> str:
    """``length`` CJK characters without spaces, drawn with Zipf weights from ``COMMON_CJK``.

    Deterministic (a fixed seed), so every run measures the same text.

    >>> cjk_text(8) == cjk_text(8) and " " not in cjk_text(100)
    True
    """
    chars = list(dict.fromkeys(COMMON_CJK))
    weights = [1 / rank for rank in range(1, len(chars) + 1)]
    return "".join(random.Random(seed).choices(chars, weights, k=length))


def _cut(text: str, width: int = 16) -> list[str]:
    return [text[i : i + width] for i in range(0, len(text), width)]


def _counts(words: list[str]) -> Corpus:
    counts: dict[str, int] = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return Corpus.from_counts(counts)


def no_spaces(
    repeat: int, length: int = 3000, merges: int = 300, long_length: int = 20_000
) -> list[tuple[str, float, float]]:
    """Running text without spaces: (what, seconds as one word, seconds cut into 16s).

    The same characters both ways; the cut text has word boundaries, so its runs do
    somewhat different work (its WordPiece alphabet is larger, its BPE has end markers),
    but the same number of merges. The encoders use models learned on the cut text; a
    fresh model each run, so no encoding comes from a cache.
    """
    print(f"Running text without spaces: {length} characters ...", flush=True)
    text = cjk_text(length)
    pieces = _cut(text)
    one, cut = Corpus.from_counts({text: 1}), _counts(pieces)

    def wp_size(corpus: Corpus) -> int:
        return len(wordpiece.alphabet_of(corpus)) + merges

    bpe_merges = bpe.learn(cut, merges, min_frequency=1).model.merges
    wp_vocab = wordpiece.learn(cut, wp_size(cut)).vocab
    bbpe_merges = byte_level.learn(" ".join(pieces), merges, min_frequency=1).model.merges
    unbounded = 10 * length  # WordPiece's 100-character cap makes a long word [UNK] at once

    cases: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
        f"BPE learn, {merges} merges": (
            lambda: bpe.learn(one, merges, min_frequency=1),
            lambda: bpe.learn(cut, merges, min_frequency=1),
        ),
        f"WordPiece learn, alphabet + {merges}": (
            lambda: wordpiece.learn(one, wp_size(one)),
            lambda: wordpiece.learn(cut, wp_size(cut)),
        ),
        f"byte-level BPE learn, {merges} merges": (
            lambda: byte_level.learn(text, merges, min_frequency=1),
            lambda: byte_level.learn(" ".join(pieces), merges, min_frequency=1),
        ),
        "BPE encode": (
            lambda: bpe.BPEModel(bpe_merges).encode(text),
            lambda: [bpe.BPEModel(bpe_merges).encode(w) for w in pieces],
        ),
        "WordPiece encode (no length cap)": (
            lambda: wordpiece.WordPiece(wp_vocab, max_input_chars_per_word=unbounded).encode(text),
            lambda: [
                wordpiece.WordPiece(wp_vocab, max_input_chars_per_word=unbounded).encode(w)
                for w in pieces
            ],
        ),
        "byte-level BPE encode": (
            lambda: byte_level.ByteLevelModel(bbpe_merges).encode(text),
            lambda: byte_level.ByteLevelModel(bbpe_merges).encode(" ".join(pieces)),
        ),
    }
    out = []
    for what, (whole, parts) in cases.items():
        whole(), parts()  # warm up: the first call of a kind pays for imports and caches
        t = best_of(repeat, {"one": whole, "cut": parts})
        out.append((what, t["one"][0], t["cut"][0]))
    if long_length:  # no ratio: how far the one-word case scales
        print(f"BPE, {merges} merges on one word of {long_length:,} characters ...", flush=True)
        long = Corpus.from_counts({cjk_text(long_length): 1})
        seconds, _ = timed(lambda: bpe.learn(long, merges, min_frequency=1))
        what = f"BPE learn, one word of {long_length:,} characters, {merges} merges"
        out.append((what, seconds, 0.0))
    return out


#: The step pages besides the BPE one: (page, step player key, tab to open or None).
STEP_PAGES = [
    ("pages/wordpiece.py", "wp_learn", None),
    ("pages/unigram.py", "uni_train", None),
    ("pages/byte_level.py", "bbpe_learn", ("bbpe__widgets", "bbpe_tab", 1)),
    ("pages/gage.py", "gage_steps", None),
]


def _step_times(at: Any, player: str, clicks: int) -> list[float]:
    """Click the player's Next ``clicks`` times (after one warm-up click); seconds per rerun."""
    times = []
    for _ in range(clicks + 1):
        button = at.button(key=f"{player}__next")
        if button.disabled:  # the last step
            break
        button.click()
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    assert not at.exception, [e.value for e in at.exception]
    return times[1:] or times  # the first click builds the chart templates, once per server


def render(repeat: int) -> list[tuple[str, float, float]]:
    """Median and worst time of a whole-page rerun after a step change, per page and example.

    AppTest reruns the whole page (app.py, sidebar, page) at every click, while a browser's
    click on Next reruns only the step player's fragment: these are upper bounds.
    """
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.testing.v1 import AppTest

    from subword_core.text.examples import EXAMPLES
    from ui.views.byte_level.settings import TABS

    print("Render: a step change on every step page ...", flush=True)
    original = PagesManager.__init__

    def init(self: PagesManager, *args: object, **kwargs: object) -> None:  # as tests/app
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    clicks = max(5, 2 * repeat)
    out = []
    with mock.patch.object(PagesManager, "__init__", init):
        for key in EXAMPLES:
            at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
            at.run()
            at.switch_page("pages/bpe_learn.py")
            at.run()
            at.sidebar.radio(key="corpus__source").set_value(key).run()  # trains, cached
            times = _step_times(at, "bpe_learn", clicks)
            out.append((f"BPE learn, {key}", statistics.median(times) * 1000, max(times) * 1000))
        for page, player, tab in STEP_PAGES:
            at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
            at.run()
            at.switch_page(page)
            at.run()
            if tab is not None:
                store, widget, index = tab
                at.session_state[store][widget] = TABS[index]
                at.run()
            times = _step_times(at, player, clicks)
            name = f"{Path(page).stem}, its default corpus"
            out.append((name, statistics.median(times) * 1000, max(times) * 1000))
    return out


# --------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------


def long_words_and_largest(repeat: int) -> list[tuple[str, str, str]]:
    """Unigram on one 3000-character word against the same text in 16-character words, and
    Unigram and WordPiece at the largest vocabulary the app allows (``ui.app.limits``) on pydoc,
    as the app reads it: ``(what, time, peak memory or ratio)`` rows."""
    from subword_core.text.corpus import parse_corpus
    from ui.app.limits import LIMITS

    print("Long words and the largest settings ...", flush=True)
    text = cjk_text()
    one = Corpus.from_counts({text: 1})
    cut = Corpus.from_counts(Counter(text[i : i + 16] for i in range(0, len(text), 16)))
    size = len(set(text)) + 200
    t = best_of(
        repeat, {"one": lambda: unigram.learn(one, size), "cut": lambda: unigram.learn(cut, size)}
    )
    rows = [
        (
            f"Unigram {size} pieces, 3000-character CJK text as one word",
            f"{t['one'][0]:.2f} s",
            f"{t['one'][0] / t['cut'][0]:.1f}× the same text in 16-character words "
            f"({t['cut'][0]:.2f} s); target ≤ 3×",
        ),
    ]
    corpus = parse_corpus(pydoc_topics_text())
    big = LIMITS.vocab
    for name, run in (
        (f"Unigram {big:,} pieces (largest allowed), pydoc", lambda: unigram.learn(corpus, big)),
        (
            f"WordPiece {big:,} tokens (largest allowed), pydoc",
            lambda: wordpiece.learn(corpus, big),
        ),
    ):
        seconds = best_of(1, {"ours": run})["ours"][0]
        rows.append((name, f"{seconds:.2f} s", f"peak {peak_mb(run):.0f} MB; target < 10 s"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement")
    parser.add_argument("--quick", action="store_true", help="skip growth, ties and render")
    args = parser.parse_args()

    text = pydoc_topics_text()
    lines = (text + "\n").splitlines(keepends=True)
    counts = vocabulary(lines)
    print(f"text: {len(text):,} characters, {len(counts):,} distinct words (subword-nmt split)")

    spaceless = no_spaces(args.repeat)
    rows = training(text, lines, counts, args.repeat)
    rows.append(encoding(lines, args.repeat))
    if not args.quick:
        rows.append(many_ties(counts))

    print("\n| what | ours | reference | ratio (ours / theirs) |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['what']} | {r['ours']} | {r['reference']} | {r['ratio']} |")

    print("\n| running text without spaces | one word | cut into 16s | ratio (target ≤ 3) |")
    print("| --- | --- | --- | --- |")
    for what, whole, parts in spaceless:
        ratio = f"{whole / parts:.2f}×" if parts else "–"
        cut = f"{parts * 1000:.1f} ms" if parts else "–"
        print(f"| {what} | {whole * 1000:.1f} ms | {cut} | {ratio} |")

    print("\n| our run | peak memory (tracemalloc) |")
    print("| --- | --- |")
    for what, mb in memory(counts):
        print(f"| {what} | {mb:.0f} MB |")

    print("\n| long words, largest settings | time | |")
    print("| --- | --- | --- |")
    for what, seconds, note in long_words_and_largest(args.repeat):
        print(f"| {what} | {seconds} | {note} |")

    if args.quick:
        return
    sizes = growth(text)
    base = sizes[2][2]
    print("\n| corpus | distinct words | BPE 2000 | WordPiece 2000 | Unigram 2000 | subword-nmt |")
    print("| --- | --- | --- | --- | --- | --- |")
    for share, words, seconds in sizes:
        cells = " | ".join(f"{s:.2f} s ({s / b:.2f})" for s, b in zip(seconds, base, strict=True))
        print(f"| {share} | {words:,} | {cells} |")
    print("(in brackets: time relative to 100 %)")

    print("\n| page, example | whole-page rerun after a step change, median | slowest |")
    print("| --- | --- | --- |")
    for key, median, worst in render(args.repeat):
        print(f"| {key} | {median:.0f} ms | {worst:.0f} ms |")


if __name__ == "__main__":
    main()
