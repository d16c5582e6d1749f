"""Which textbook function made a step, which of its lines ran, and its variables' values.

The app's "code of this step" panel shows the textbook function of the stage that produced
a step (``subword_core/textbook/``) with the lines the step executed marked and the values
its variables ended with. The values come from the fast trainers' trace (``MergeStep``,
``WordPieceStep``, ``EMStep`` …); ``args`` rebuilds the textbook call of that step, and the
tests run it under :func:`run_traced` to prove the marked lines and the values are the ones
the textbook function really has.

Which lines run is read from the function's syntax: a top-level ``if …: return …`` is an
*exit*; a step leaves by one exit (``CodeStep.exit``, counted from 0 in source order) or
runs to the end (``None``). The textbook's stage functions keep their other branches inside
loops or helpers, so this is exact (the tests check it on every stage).

>>> from subword_core import bpe
>>> code = bpe_merge(bpe.learn({"hug": 10, "pug": 5}, 1), 1, "first-seen")
>>> code.function.__name__, code.values
('merge_step', {'best': ('u', 'g'), 'count': 15})
"""

from __future__ import annotations

import ast
import functools
import inspect
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from subword_core import bpe, gage, unigram, wordpiece
from subword_core.textbook import bpe as tb_bpe
from subword_core.textbook import gage as tb_gage
from subword_core.textbook import unigram as tb_unigram
from subword_core.textbook import wordpiece as tb_wordpiece

# --------------------------------------------------------------------------------------
# Machinery of the app's code panel (not textbook code: its text is not translated)
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CodeStep:
    """A step seen as a call of a textbook function.

    Attributes:
        function: the textbook function of the step's stage.
        values: variable name -> the value it ended with in this step (from the trace).
        exit: the top-level ``if …: return`` the step left by (0-based), ``None``: the end.
        args: rebuilds the call's arguments (for the tests and the notebooks), or ``None``
            when the trace does not hold the whole state (large corpora keep some words only).
        idle: the loops (named by their variable) whose body this step never ran, e.g. the
            seed's substring loop on a corpus of one-character words.
    """

    function: Callable[..., Any]
    values: dict[str, Any]
    exit: int | None = None
    args: Callable[[], tuple] | None = field(default=None, compare=False)
    idle: frozenset[str] = frozenset()

    def lines(self) -> frozenset[int]:
        """The file lines (statement starts) this step ran (:func:`executed_lines`)."""
        return executed_lines(self.function, self.exit, self.idle)


@dataclass(frozen=True)
class Some:
    """Some entries of a dict a step ended with, and how many it had: the trace keeps the
    top rows of a large table only (``top_k``), so the panel shows those and the size.

    >>> Some({"ug": 15}, 6).matches({"h": 10, "u": 15, "g": 15, "p": 5, "ug": 15, "hug": 10})
    True
    """

    items: dict[str, Any]
    size: int

    def matches(self, value: Any) -> bool:
        """Whether ``value`` is a dict of ``size`` entries holding every one of ``items``."""
        return (
            isinstance(value, dict)
            and len(value) == self.size
            and all(k in value and value[k] == v for k, v in self.items.items())
        )


# --------------------------------------------------------------------------------------
# Reading a function: its statements, exits and the lines a step runs
# --------------------------------------------------------------------------------------


@functools.cache
def _tree(function: Callable[..., Any]) -> tuple[ast.FunctionDef, int]:
    """The function's syntax tree and the file line of its first source line."""
    lines, first = inspect.getsourcelines(function)
    node = ast.parse(textwrap.dedent("".join(lines))).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node, first


def _body(node: ast.FunctionDef) -> list[ast.stmt]:
    """The function's statements without its docstring."""
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        return body[1:]
    return body


def _is_exit(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.If) and not stmt.orelse and isinstance(stmt.body[-1], ast.Return)


def _starts(stmts: list[ast.stmt], idle: frozenset[str] = frozenset()) -> set[int]:
    """The first line of every statement in ``stmts``, nested ones included, but for the
    bodies of the ``for`` loops over a variable named in ``idle``."""
    nodes = [n for s in stmts for n in ast.walk(s)]
    skipped = {
        id(inner)
        for n in nodes
        if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id in idle
        for body in n.body
        for inner in ast.walk(body)
    }
    return {n.lineno for n in nodes if isinstance(n, ast.stmt) and id(n) not in skipped}


@functools.cache
def executed_lines(
    function: Callable[..., Any], exit: int | None, idle: frozenset[str] = frozenset()
) -> frozenset[int]:
    """The file lines (statement starts) a call runs when it leaves by ``exit``, without
    the bodies of the loops over a variable in ``idle`` (they ran no time).

    >>> lines = executed_lines(tb_bpe.merge_step, 0)  # stops at once: nothing to merge
    >>> len(lines)
    3
    >>> len(executed_lines(tb_unigram.seed, None, frozenset({"j", "piece"})))
    9
    """
    node, first = _tree(function)
    lines: set[int] = set()
    exits = 0
    for stmt in _body(node):
        if _is_exit(stmt):
            assert isinstance(stmt, ast.If)
            lines.add(stmt.lineno)
            if exits == exit:
                lines |= _starts(stmt.body, idle)
                break
            exits += 1
            continue
        lines |= _starts([stmt], idle)
    return frozenset(line + first - 1 for line in lines)


def statement_start(function: Callable[..., Any]) -> dict[int, int]:
    """File line -> the first line of the innermost statement holding it (for traced lines).

    >>> starts = statement_start(tb_bpe.merge_pair)
    >>> all(starts[line] <= line for line in starts)
    True
    """
    node, first = _tree(function)
    out: dict[int, tuple[int, int]] = {}
    for stmt in (n for n in ast.walk(node) if isinstance(n, ast.stmt) and n is not node):
        end = stmt.end_lineno or stmt.lineno
        body = getattr(stmt, "body", None)
        if isinstance(body, list) and body:  # a compound statement holds its header only
            end = body[0].lineno - 1
        for line in range(stmt.lineno, end + 1):
            if line not in out or out[line][1] - out[line][0] > end - stmt.lineno:
                out[line] = (stmt.lineno, end)
    return {line + first - 1: start + first - 1 for line, (start, _) in out.items()}


def run_traced(function: Callable[..., Any], *args: Any) -> tuple[set[int], dict[str, Any]]:
    """Run ``function(*args)`` and return (statement lines it ran, its final local values).

    >>> lines, local = run_traced(tb_bpe.merge_step, [["a", "b"], ["a", "b"]], [1, 1])
    >>> local["best"], local["count"]
    (('a', 'b'), 2)
    """
    code = function.__code__
    ran: set[int] = set()
    final: dict[str, Any] = {}

    def tracer(frame: FrameType, event: str, _arg: object) -> Any:
        if frame.f_code is not code:
            return None
        if event == "line":
            ran.add(frame.f_lineno)
        elif event == "return":
            final.update(frame.f_locals)
        return tracer

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        function(*args)
    finally:
        sys.settrace(old)
    starts = statement_start(function)
    return {starts.get(line, line) for line in ran}, final


# --------------------------------------------------------------------------------------
# Steps -> calls
# --------------------------------------------------------------------------------------


def _state(result: Any, before: int) -> tuple[list[list[str]], list[int]] | None:
    """Every word's symbols after ``before`` steps and the counts, when all are tracked."""
    seg = result.segmentation_at(before)
    if len(seg) != len(result.corpus):
        return None
    counts = list(result.corpus.counts)
    return [list(s) for _, s in seg], [counts[i] for i, _ in seg]


def bpe_merge(result: bpe.BPEResult, number: int, tie_break: str) -> CodeStep | None:
    """A BPE (or byte-level BPE) learning step as a call of ``textbook.bpe.merge_step``;
    a pair the student picked among tied ones is its ``choose``.

    >>> result = bpe.learn({"ab": 1, "bc": 1}, 1, min_frequency=1, choose={1: ("b", "c")})
    >>> bpe_merge(result, 1, "first-seen").values
    {'best': ('b', 'c'), 'count': 1}
    """
    step = result.steps[number - 1]
    if step.stop_reason not in (None, "num_merges", *_BPE_STOPS):
        return None
    choose = step.merged if step.rule == "chosen" else None

    def args() -> tuple:
        state = _state(result, number - 1)
        assert state is not None
        return (*state, tie_break, step.min_frequency, choose)

    tracked = len(result.segmentation_at(0)) == len(result.corpus)
    if step.merged is not None:
        values = {"best": step.merged, "count": step.best_count}
        return CodeStep(tb_bpe.merge_step, values, None, args if tracked else None)
    if step.stop_reason == "no_pairs":
        return CodeStep(tb_bpe.merge_step, {}, 0, args if tracked else None)
    values = {"best": step.pair_counts[0].pair, "count": step.best_count}
    return CodeStep(tb_bpe.merge_step, values, 1, args if tracked else None)


_BPE_STOPS = ("no_pairs", "min_frequency")


def bpe_encode(model: bpe.BPEModel, step: bpe.EncodeStep) -> CodeStep:
    """One step of encoding by merge priority as a call of ``textbook.bpe.encode_step``.

    >>> model = bpe.BPEModel((("e", "s"), ("es", "t")))
    >>> bpe_encode(model, model.encode_steps("test")[0]).values
    {'best': ('e', 's'), 'rank': 1}
    """
    ranks = {pair: rank + 1 for pair, rank in model.ranks.items()}  # a repeat keeps its first

    def args() -> tuple:
        return list(step.symbols), ranks

    if step.merged is None:
        return CodeStep(tb_bpe.encode_step, {}, 0, args)
    return CodeStep(tb_bpe.encode_step, {"best": step.merged, "rank": step.rank}, None, args)


def bpe_dropout(step: bpe.EncodeStep) -> CodeStep:
    """One step of BPE-dropout as a call of ``textbook.bpe.dropout_step`` (its random draws
    are replayed by the tests from the seed: ``args`` is ``None``).

    >>> import random
    >>> model = bpe.BPEModel((("e", "s"),))
    >>> step = model.encode_steps("test", dropout=0.5, rng=random.Random(1))[0]
    >>> bpe_dropout(step).values
    {'best': ('e', 's'), 'rank': 1}
    """
    if step.merged is None:
        return CodeStep(tb_bpe.dropout_step, {}, 0)
    return CodeStep(tb_bpe.dropout_step, {"best": step.merged, "rank": step.rank})


def wordpiece_merge(result: wordpiece.WordPieceResult, number: int) -> CodeStep | None:
    """A WordPiece learning step as a call of ``textbook.wordpiece.merge_step`` (a pair the
    student picked among tied ones is its ``choose``)."""
    step = result.steps[number - 1]
    if result.prefix != "##":
        return None
    tracked = len(result.segmentation_at(0)) == len(result.corpus)
    choose = step.merged if step.rule == "chosen" else None

    def args() -> tuple:
        state = _state(result, number - 1)
        assert state is not None
        return (*state, result.scoring, result.tie_break, choose)

    if step.merged is None:
        return CodeStep(tb_wordpiece.merge_step, {}, 0, args if tracked else None)
    values = {"best": step.merged, "score": step.best_score, "token": step.new_token}
    return CodeStep(tb_wordpiece.merge_step, values, None, args if tracked else None)


def wordpiece_encode(model: wordpiece.WordPiece, word: str) -> CodeStep | None:
    """Encoding one word by longest match as a call of ``textbook.wordpiece.encode``.

    >>> wordpiece_encode(wordpiece.WordPiece(["h", "hu", "##g"]), "hug").values
    {'tokens': ['hu', '##g']}
    """
    if model.prefix != "##" or model.unk_mode != "word" or not word:
        return None
    if len(word) > model.max_input_chars_per_word:
        return None
    _, tokens = model.encode_steps(word)
    vocab = set(model.vocab)
    if tokens == [model.unk_token]:
        return CodeStep(tb_wordpiece.encode, {}, 0, lambda: (word, vocab))
    return CodeStep(tb_wordpiece.encode, {"tokens": tokens}, None, lambda: (word, vocab))


def unigram_step(
    result: unigram.UnigramResult,
    number: int,
    *,
    seed_size: int = 1000,
    max_piece_length: int = 16,
    shrinking_factor: float = 0.75,
    seed_list: Sequence[str] | None = None,
    keep_single_chars: bool = True,
) -> CodeStep | None:
    """A Unigram step (seed, EM or prune) as a call of its textbook stage.

    The keywords are the training's settings (for ``args``; ``seed_list``: the list the
    student typed, for a given seed; ``keep_single_chars``: whether characters were kept).
    ``None`` where the textbook differs: a seed list that is not the one given.

    >>> result = unigram.learn({"hug": 10, "pug": 5}, 5)
    >>> code = unigram_step(result, 2)
    >>> code.function.__name__, round(code.values["total"], 2)
    ('em_step', 19.29)
    """
    step = result.steps[number - 1]
    words = [result.word_start + w for w in result.corpus.words]
    freqs = list(result.corpus.counts)
    if isinstance(step, unigram.SeedStep):
        return _unigram_seed(step, words, freqs, seed_size, max_piece_length, seed_list)
    if isinstance(step, unigram.EMStep):
        values = {"ll": step.log_likelihood_before, "total": step.total_count}
        logp = {p.piece: p.prev_log_prob for p in step.pieces}
        args = None if step.pieces_omitted else (lambda: (logp, words, freqs))
        function = tb_unigram.em_step_digamma if step.digamma else tb_unigram.em_step
        return CodeStep(function, values, None, args)
    assert isinstance(step, unigram.PruneStep)
    values = {"target": step.vocab_after, "cut": step.kept_candidates, "removed": set(step.removed)}
    before = result.steps[number - 2]
    assert isinstance(before, unigram.EMStep)
    logp = {p.piece: p.log_prob for p in before.pieces}
    prune_args = None
    if not before.pieces_omitted:

        def prune_args() -> tuple:
            return logp, words, freqs, result.vocab_size, shrinking_factor, keep_single_chars

    return CodeStep(tb_unigram.prune_step, values, None, prune_args)


def _seed_counts(step: unigram.SeedStep) -> dict[str, Any] | Some:
    """The seed's ``counts`` from the trace: all of them, or the top rows and how many."""
    counts = {p.piece: p.count for p in step.pieces}
    if step.source == "given":  # the textbook's order: the characters first
        added = set(step.added_characters)
        chars = [p for p in counts if len(p) == 1 and p not in added]
        order = [*chars, *step.added_characters, *(p for p in counts if len(p) > 1)]
        counts = {p: counts[p] for p in order if p in counts}
    return Some(counts, step.vocab_size) if step.pieces_omitted else counts


def _unigram_seed(
    step: unigram.SeedStep,
    words: list[str],
    freqs: list[int],
    seed_size: int,
    max_piece_length: int,
    seed_list: Sequence[str] | None,
) -> CodeStep | None:
    """The seed step as a call of ``textbook.unigram.seed`` or ``seed_given``; the loops
    that never ran are left unmarked (one-character words have no longer substring)."""
    values = {"counts": _seed_counts(step)}
    if step.source != "substrings":
        if seed_list is None:
            return None
        pieces = list(seed_list)
        idle = frozenset() if any(len(p) > 1 for p in pieces) else frozenset({"piece"})
        return CodeStep(tb_unigram.seed_given, values, None, lambda: (words, freqs, pieces), idle)
    idle = frozenset({"j", "piece"}) if step.substrings_seen == 0 else frozenset()
    return CodeStep(
        tb_unigram.seed, values, None, lambda: (words, freqs, seed_size, max_piece_length), idle
    )


def unigram_viterbi(model: unigram.Unigram, word: str) -> CodeStep | None:
    """The Viterbi segmentation of one word as a call of ``textbook.unigram.viterbi``.

    >>> unigram_viterbi(unigram.Unigram([("a", -1.0), ("aa", -1.5)]), "aa").values
    {'pieces': ['aa']}
    >>> unigram_viterbi(unigram.Unigram([("a", -1.0), ("aa", -1.5)]), "ba").values  # b: unknown
    {'pieces': ['b', 'a']}
    """
    logp = dict(model.pieces)
    if not word:
        return None
    if model.unk_penalty != unigram.UNK_PENALTY and any(ch not in logp for ch in word):
        return None  # the textbook scores an unknown character with the usual penalty only
    pieces = model.lattice(word).best_pieces
    return CodeStep(tb_unigram.viterbi, {"pieces": pieces}, None, lambda: (word, logp))


def gage_step(step: gage.GageStep) -> CodeStep | None:
    """One step of Gage's compression as a call of ``textbook.gage.compress_step``; a pair
    the student picked among tied ones is its ``choose``.

    >>> gage_step(gage.compress("abab").steps[0]).values
    {'best': 'ab', 'count': 2}
    >>> gage_step(gage.compress("aaabdaaabac", choose={2: "ab"}).steps[1]).values
    {'best': 'ab', 'count': 2}
    """
    if step.stop_reason == "out_of_symbols":
        return None
    symbol = step.symbol or "Z"
    choose = "".join(step.pair) if step.rule == "chosen" and step.pair is not None else None

    def args() -> tuple:
        return step.before, symbol, choose

    if step.pair is not None:
        values = {"best": "".join(step.pair), "count": step.best_count}
        return CodeStep(tb_gage.compress_step, values, None, args)
    if step.pairs_total == 0:
        return CodeStep(tb_gage.compress_step, {}, 0, args)
    best = "".join(step.pair_counts[0].pair)
    return CodeStep(tb_gage.compress_step, {"best": best, "count": step.best_count}, 1, args)


def values_match(expected: Mapping[str, Any], got: Mapping[str, Any], tol: float = 1e-9) -> bool:
    """Whether every expected value equals the local one (floats within ``tol``).

    >>> values_match({"x": 0.1 + 0.2}, {"x": 0.3, "y": 1})
    True
    """
    for name, value in expected.items():
        if name not in got:
            return False
        mine = got[name]
        if isinstance(value, Some):
            if not value.matches(mine):
                return False
        elif isinstance(value, float) and isinstance(mine, int | float):
            if abs(value - mine) > tol * max(1.0, abs(value)):
                return False
        elif value != mine:
            return False
    return True
