"""BPE as the library applies it to one word: start symbols, rank candidates, merge, record.

subtle: not :meth:`subword_core.bpe.BPEModel.encode`, whose rounds merge every occurrence of
the lowest-ranked pair at once and hold back a pair a round creates (subword-nmt's and the
textbook's order); the library merges one occurrence at a time from a priority queue, so a
pair created by a merge may be taken before the other occurrences of the same rank, and its
merges live on ids (``continuing_subword_prefix``, ``fuse_unk``, ``byte_fallback``,
``ignore_merges``). The steps differ, and the tokens can.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from subword_core.pretrained.errors import PretrainedError, _bad
from subword_core.pretrained.ids import _check_flag, _check_id
from subword_core.pretrained.steps import BpeStartStep, MergeStep, Step, WholeWordStep


@dataclass
class _Bpe:
    vocab: dict[str, int]
    merges: dict[tuple[int, int], tuple[int, int]]  # (left id, right id) -> (rank, new id)
    unk: str | None = None
    prefix: str | None = None
    suffix: str | None = None
    fuse_unk: bool = False
    byte_fallback: bool = False
    ignore_merges: bool = False
    names: dict[int, str] = field(default_factory=dict)


def _bpe_word(model: _Bpe, word: str, index: int, steps: list[Step]) -> list[tuple[str, int]]:
    """BPE on one word, in the library's stages: start symbols, rank candidates, merge, record.

    Example:
        >>> model = _bpe_model({"vocab": {"l": 0, "o": 1, "w": 2, "lo": 3, "low": 4},
        ...                     "merges": ["l o", "lo w"]}, "x")
        >>> steps = []
        >>> _bpe_word(model, "low", 0, steps)
        [('low', 4)]
        >>> [type(s).__name__ for s in steps]
        ['BpeStartStep', 'MergeStep', 'MergeStep']
    """
    if model.ignore_merges and word in model.vocab:
        steps.append(WholeWordStep(index, word))
        return [(word, model.vocab[word])]
    ids, unknown, fallback = _bpe_start(model, word)
    names, merges = model.names, model.merges
    steps.append(
        BpeStartStep(
            index,
            word,
            tuple(names[i] for i in ids),
            tuple(unknown),
            tuple(fallback),
            _candidates(ids, merges, names),
        )
    )
    chain = _Chain.of(ids)
    queue = _bpe_queue(chain, merges)
    while (best := _bpe_best(chain, merges, queue)) is not None:
        steps.append(_bpe_merge(chain, merges, names, index, *best))
        _bpe_requeue(chain, merges, queue, best[1])
    return [(names[i], i) for i in _alive_ids(chain.ids, chain.nxt)]


def _bpe_start(model: _Bpe, word: str) -> tuple[list[int], list[str], list[str]]:
    """Stage 1, start symbols: one id per character (prefix and suffix added, unknowns fused).

    Returns the ids, the characters not in the vocabulary, and those written as ``<0xXX>``
    byte tokens instead.

    Example:
        >>> model = _bpe_model({"vocab": {"a": 0, "##b": 1, "<unk>": 2}, "merges": [],
        ...                     "continuing_subword_prefix": "##", "unk_token": "<unk>"}, "x")
        >>> _bpe_start(model, "abz")
        ([0, 1, 2], ['##z'], [])
    """
    ids: list[int] = []
    unknown: list[str] = []
    fallback: list[str] = []
    pending_unk: int | None = None
    unk_id = None
    if model.unk is not None:
        unk_id = model.vocab.get(model.unk)
    last = len(word) - 1
    for i, ch in enumerate(word):
        s = ch
        if i > 0 and model.prefix:
            s = model.prefix + s
        if i == last and model.suffix:
            s = s + model.suffix
        if s in model.vocab:
            if pending_unk is not None:
                ids.append(pending_unk)
                pending_unk = None
            ids.append(model.vocab[s])
            continue
        if model.byte_fallback:
            codes = [f"<0x{b:02X}>" for b in s.encode("utf-8")]
            if all(c in model.vocab for c in codes):
                ids.extend(model.vocab[c] for c in codes)
                fallback.append(s)
                continue
        unknown.append(s)
        if model.unk is None:
            continue
        if unk_id is None:
            raise PretrainedError(
                f"The unknown token {model.unk!r} is not in the vocabulary, so the library "
                "cannot encode a character it does not know.",
                code="unk_not_in_vocab",
                values={"unk": model.unk},
            )
        if pending_unk is not None and not model.fuse_unk:
            ids.append(pending_unk)
        pending_unk = unk_id
    if pending_unk is not None:
        ids.append(pending_unk)
    return ids, unknown, fallback


@dataclass
class _Chain:
    """A word's symbols as a linked list (the library's ``merge_all``): merging is O(1).

    ``ids[i]`` is the symbol at slot ``i``; ``nxt``/``prv`` link the alive slots (``-1``: none).
    """

    ids: list[int]
    nxt: list[int]
    prv: list[int]
    alive: list[bool]

    @classmethod
    def of(cls, ids: list[int]) -> _Chain:
        """The chain of ``ids``, every slot alive.

        Example:
            >>> _Chain.of([7, 8, 9]).nxt
            [1, 2, -1]
        """
        n = len(ids)
        return cls(
            ids,
            [i + 1 if i + 1 < n else -1 for i in range(n)],
            [i - 1 for i in range(n)],
            [True] * n,
        )


_Queue = list[tuple[int, int, int]]
"""A heap of ``(rank, slot, new id)``: the merge candidates, the lowest rank (leftmost) first."""


def _bpe_queue(chain: _Chain, merges: Mapping[tuple[int, int], tuple[int, int]]) -> _Queue:
    """Stage 2, rank candidates: every adjacent pair that has a merge, by rank then position.

    Example:
        >>> _bpe_queue(_Chain.of([0, 1, 0, 1]), {(0, 1): (5, 2), (1, 0): (3, 4)})
        [(3, 1, 4), (5, 0, 2), (5, 2, 2)]
    """
    queue = [
        (merges[pair][0], i, merges[pair][1])
        for i, pair in enumerate(itertools.pairwise(chain.ids))
        if pair in merges
    ]
    heapq.heapify(queue)
    return queue


def _bpe_best(
    chain: _Chain, merges: Mapping[tuple[int, int], tuple[int, int]], queue: _Queue
) -> tuple[int, int, int] | None:
    """The next merge to apply, ``(rank, slot, new id)``, or ``None`` when none is left.

    A stale entry (one of its sides merged since it was queued) is skipped when it comes up.

    Example:
        >>> chain = _Chain.of([0, 1])
        >>> _bpe_best(chain, {(0, 1): (0, 2)}, _bpe_queue(chain, {(0, 1): (0, 2)}))
        (0, 0, 2)
    """
    while queue:
        rank, pos, new = heapq.heappop(queue)
        if not chain.alive[pos] or chain.nxt[pos] == -1:
            continue
        found = merges.get((chain.ids[pos], chain.ids[chain.nxt[pos]]))
        if found is None or found[1] != new:
            continue
        return rank, pos, new
    return None


def _bpe_merge(
    chain: _Chain,
    merges: Mapping[tuple[int, int], tuple[int, int]],
    names: Mapping[int, str],
    index: int,
    rank: int,
    pos: int,
    new: int,
) -> MergeStep:
    """Stages 3 and 4, merge and record: join slot ``pos`` with its right neighbour.

    Example:
        >>> chain, names = _Chain.of([0, 1, 2]), {0: "l", 1: "o", 2: "w", 3: "lo"}
        >>> step = _bpe_merge(chain, {(0, 1): (0, 3)}, names, 0, 0, 0, 3)
        >>> step.before, step.after, step.candidates
        (('l', 'o', 'w'), ('lo', 'w'), (('l', 'o', 0),))
    """
    ids, nxt, prv = chain.ids, chain.nxt, chain.prv
    right = nxt[pos]
    slots, i = [], 0 if ids else -1  # the alive slots, in order (one walk for the whole step)
    while i != -1:
        slots.append(i)
        i = nxt[i]
    alive = [ids[i] for i in slots]
    before = tuple(names[i] for i in alive)
    candidates = _candidates(alive, merges, names)
    position = slots.index(pos)  # the left symbol's index among the alive ones
    left_name, right_name = before[position], before[position + 1]
    ids[pos] = new
    chain.alive[right] = False
    nxt[pos] = nxt[right]
    if nxt[right] != -1:
        prv[nxt[right]] = pos
    after = (*before[:position], names[new], *before[position + 2 :])
    return MergeStep(
        index, rank, left_name, right_name, names[new], position, before, after, candidates
    )


def _bpe_requeue(
    chain: _Chain, merges: Mapping[tuple[int, int], tuple[int, int]], queue: _Queue, pos: int
) -> None:
    """After a merge at ``pos``, queue the new pairs it forms with its neighbours.

    Example:
        >>> chain, queue = _Chain.of([3, 2]), []
        >>> _bpe_requeue(chain, {(3, 2): (1, 4)}, queue, 0)
        >>> queue
        [(1, 0, 4)]
    """
    ids, nxt, prv = chain.ids, chain.nxt, chain.prv
    if prv[pos] >= 0:
        pair = (ids[prv[pos]], ids[pos])
        if pair in merges:
            r, nw = merges[pair]
            heapq.heappush(queue, (r, prv[pos], nw))
    if nxt[pos] != -1:
        pair = (ids[pos], ids[nxt[pos]])
        if pair in merges:
            r, nw = merges[pair]
            heapq.heappush(queue, (r, pos, nw))


def _alive_ids(ids: list[int], nxt: list[int]) -> list[int]:
    out, i = [], 0 if ids else -1
    while i != -1:
        out.append(ids[i])
        i = nxt[i]
    return out


def _candidates(
    ids: Sequence[int], merges: Mapping[tuple[int, int], tuple[int, int]], names: Mapping[int, str]
) -> tuple[tuple[str, str, int], ...]:
    out = []
    for pair in itertools.pairwise(ids):
        found = merges.get(pair)
        if found is not None:
            out.append((names[pair[0]], names[pair[1]], found[0]))
    return tuple(out)


def _merge_list(merges: Any, name: str) -> list[tuple[str, str]]:
    if not isinstance(merges, list):
        raise _bad(f"{name}: the merges are not a list.", "bad_merges", file=name)
    out = []
    for number, m in enumerate(merges, start=1):
        if isinstance(m, str):
            parts = m.split(" ")
            if len(parts) != 2:
                raise _bad(
                    f"{name}: merge {number:,} ({m[:40]!r}) is not two tokens separated by one "
                    "space.",
                    "bad_merges",
                    file=name,
                    merge=number,
                )
            out.append((parts[0], parts[1]))
        elif isinstance(m, list) and len(m) == 2 and all(isinstance(p, str) for p in m):
            out.append((m[0], m[1]))
        else:
            raise _bad(
                f"{name}: merge {number:,} is not a pair of tokens.", "bad_merges", file=name
            )
    return out


def _bpe_model(model: Mapping[str, Any], name: str, *, gpt2: bool = False) -> _Bpe:
    vocab = model.get("vocab")
    if not isinstance(vocab, Mapping) or not all(isinstance(v, int) for v in vocab.values()):
        raise _bad(f"{name}: a BPE vocabulary maps each token to a number.", "bad_vocab", file=name)
    dropout = model.get("dropout")
    if dropout not in (None, 0, 0.0):
        raise _bad(
            f"{name} uses BPE-dropout ({dropout}): its merges are skipped at random, so no "
            "single trace is “the” encoding. Set dropout to null in the file to trace it.",
            "dropout",
            dropout=dropout,
        )
    vocab = {str(k): _check_id(v, name, str(k)) for k, v in vocab.items()}
    for key in ("unk_token", "continuing_subword_prefix", "end_of_word_suffix"):
        if not isinstance(model.get(key), str | None):
            raise _bad(f"{name}: the model's {key} is not text.", "bad_model", file=name, key=key)
    prefix = model.get("continuing_subword_prefix") or None
    merges: dict[tuple[int, int], tuple[int, int]] = {}
    cut = len(prefix.encode()) if prefix else 0
    for rank, (a, b) in enumerate(_merge_list(model.get("merges") or [], name)):
        if a not in vocab or b not in vocab:
            raise _bad(
                f"{name}: merge {rank + 1:,} ({a} {b}) uses a token that is not in the vocabulary.",
                "merge_not_in_vocab",
                merge=rank + 1,
            )
        new = a + b.encode()[cut:].decode("utf-8", "replace")
        if new not in vocab:
            raise _bad(
                f"{name}: merge {rank + 1:,} makes {new!r}, which is not in the vocabulary.",
                "merge_not_in_vocab",
                merge=rank + 1,
            )
        merges[(vocab[a], vocab[b])] = (rank, vocab[new])
    names = {v: k for k, v in vocab.items()}
    return _Bpe(
        vocab,
        merges,
        unk=model.get("unk_token"),
        prefix=prefix,
        suffix=model.get("end_of_word_suffix") or None,
        fuse_unk=_check_flag(model.get("fuse_unk"), name, "fuse_unk", null=True),
        byte_fallback=_check_flag(model.get("byte_fallback"), name, "byte_fallback", null=True),
        ignore_merges=_check_flag(model.get("ignore_merges"), name, "ignore_merges", null=True),
        names=names,
    )
