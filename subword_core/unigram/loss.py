"""Unigram training, stage 4, the removal loss: how much the corpus log-likelihood would drop
without each piece (the other pieces keeping their probabilities).
"""

from __future__ import annotations

import math
from bisect import bisect_left

from subword_core.unigram.lattice import Edge, _edge_log_forward, _log_sum
from subword_core.unigram.long_words import (
    _LongWord,
    _scaled_forward,
)
from subword_core.unigram.state import (
    _INF_LOSS,
    _LOSS_WINDOW,
    _NEAR_ONE,
    _RESCALE,
    _TINY,
    _Node,
    _Trainer,
)


def removal_losses(trainer: _Trainer) -> tuple[float, list[float], _Pending]:
    """The corpus log-likelihood and every piece's removal loss.

    The loss of piece p: the sum over words of count x (log P(word) - log P'(word)),
    where P' leaves out every segmentation that uses p (for a single character: where
    p was, an unknown node). The other pieces keep their probabilities.

    subtle: for a piece that fits once in a word, P'(word) = P(word) x (1 - g) with g
    the node's posterior from forward-backward, so one pass gives every loss. A piece
    that fits twice or more in a word needs a forward pass of its own without the
    piece; here it only gets bounds (the chance it is used lies between its most likely
    node's posterior and the sum of them), and :func:`.prune.settle` computes the exact value
    only where the ranking needs it.

    Stage 4, loss. Example (single characters are kept, so their loss is 0):

        >>> from subword_core.unigram.em import e_step, m_step
        >>> from subword_core.unigram.seed import seed_vocabulary
        >>> trainer = _Trainer(["hug", "pug", "hugs"], [10, 5, 5])
        >>> _ = seed_vocabulary(trainer, None, seed_size=20, max_piece_length=16)
        >>> _ = m_step(trainer, e_step(trainer)[0])
        >>> ll, loss, _pending = removal_losses(trainer)
        >>> round(ll, 2), round(loss[trainer.vocab.index("hug")], 2), loss[0]
        (-29.87, 35.72, 0.0)
    """
    P = trainer.prob
    repl = trainer.replacement()
    first = trainer.first
    loss = [0.0] * len(P)
    pending = _Pending()
    ll = 0.0
    log, log1p = math.log, math.log1p
    for w_index, (edges, w, n, dup) in enumerate(
        zip(trainer.lattices, trainer.words, trainer.freqs, trainer.dups, strict=True)
    ):
        length = len(w)
        if trainer.scaled[w_index]:
            ll += _long_word_losses(trainer, w_index, loss, pending)
            continue
        a = [0.0] * (length + 1)
        a[0] = 1.0
        for i, j, k in edges:
            a[j] += a[i] * P[k]
        z = a[length]
        if z < _TINY:
            trainer.scaled[w_index] = True
            ll += _long_word_losses(trainer, w_index, loss, pending)
            continue
        log_z = log(z)
        ll += n * log_z
        inv = 1.0 / z
        g_sum: dict[int, float] = {}
        g_max: dict[int, float] = {}
        nodes: dict[int, list[float]] = {}
        b = [0.0] * (length + 1)
        b[length] = 1.0
        for i, j, k in reversed(edges):
            bj = b[j]
            b[i] += P[k] * bj
            if k < first:
                continue
            g = a[i] * repl[k] * bj * inv
            if dup is not None and k in dup:
                g_sum[k] = g_sum.get(k, 0.0) + g
                if g > g_max.get(k, -1.0):
                    g_max[k] = g
                nodes.setdefault(k, []).extend((i, j, g))
                continue
            if g < _NEAR_ONE:
                loss[k] -= n * log1p(-g)
            else:
                # subtle: 1 - g would cancel to noise. Every segmentation without this
                # node covers character i with exactly one other node (b is final to
                # the right of i), so summing over those nodes gives P'(word) directly.
                rest = trainer.left(k) * a[i] * bj
                for idx in range(bisect_left(edges, (i - trainer.max_len + 1,)), len(edges)):
                    i2, j2, k2 = edges[idx]
                    if i2 > i:
                        break
                    if j2 > i and k2 != k:
                        rest += a[i2] * P[k2] * b[j2]
                loss[k] += n * (log_z - (log(rest) if rest > 0 else -_INF_LOSS))
        if g_sum:
            word = None
            if length > _LOSS_WINDOW:  # nodes far apart may form separate groups
                word = _LongWord((a, [0.0] * (length + 1), {}), (b, [0.0] * (length + 1)))
                word.nodes = nodes
            _add_bounds(trainer, w_index, log_z, g_sum, g_max, pending, word, loss)
    return ll, loss, pending


def _add_bounds(
    trainer: _Trainer,
    w_index: int,
    log_z: float,
    g_sum: dict[int, float],
    g_max: dict[int, float],
    pending: _Pending,
    word: _LongWord | None,
    loss: list[float],
) -> None:
    """Bounds on the loss in one word of the pieces that fit there several times.

    ``g_sum`` and ``g_max``: the sum and the largest of each piece's node posteriors;
    ``word``: the word's sums when its nodes are grouped (see :func:`_clusters`). A
    group of one node g is exact at once, ``-log(1 - g)`` (unless g is almost 1);
    only the other groups get bounds, kept in ``word.groups`` for :func:`exact_loss`.
    """
    edges, n = trainer.lattices[w_index], trainer.freqs[w_index]
    log1p = math.log1p
    singles = [k for i, j, k in edges if j == i + 1]
    base = _char_path(trainer, singles)
    if word is not None:
        pending.long_words[w_index] = word
    for k, total in g_sum.items():
        top = g_max[k]
        if word is not None:
            groups = []
            exact = 0.0
            for group in _flat_groups(word.nodes[k]):
                if len(group) == 1 and group[0][2] < _NEAR_ONE:
                    exact -= log1p(-group[0][2])
                else:
                    groups.append(group)
            if not groups:
                loss[k] += n * exact
                continue
            word.groups[k] = groups
            if exact:  # bounds for what is left
                loss[k] += n * exact
                top = max(node[2] for group in groups for node in group)
                total = sum(node[2] for group in groups for node in group)
        low = -n * log1p(-min(top, _NEAR_ONE))
        # P' is at least the path of single characters (a pruned one: unknown)
        path = base
        if k < trainer.n_chars and not trainer.keep_single_chars:
            path += singles.count(k) * (trainer.unk_logp - trainer.logs()[k])
        high = n * (log_z - path)
        if word is not None:  # each group of nodes costs at most that
            high *= len(word.groups[k])
        if total < _NEAR_ONE:
            high = min(high, -n * log1p(-total))
        pending.add(k, w_index, log_z, low * (1 - 1e-6), high * (1 + 1e-6) + 1e-12)


def _char_path(trainer: _Trainer, singles: list[int]) -> float:
    """log P of the path of single characters (unknown ones at the unknown score)."""
    logs = trainer.logs()
    unk = trainer.unk_logp
    return math.fsum(logs[k] if k >= 0 else unk for k in singles)


def exact_loss(trainer: _Trainer, piece: int, pending: _Pending, loss: list[float]) -> None:
    """Replace a piece's bounds by its exact loss, word by word."""
    repl = trainer.replacement()
    for w_index, log_z in pending.words.pop(piece, ()):
        n = trainer.freqs[w_index]
        long_word = pending.long_words.get(w_index)
        if long_word is None:
            loss[piece] += n * _word_loss(trainer, w_index, piece, repl, log_z)
        else:
            for group in long_word.groups.pop(piece):
                loss[piece] += n * group_loss(trainer, w_index, piece, repl, long_word, group)
    pending.low.pop(piece, None)
    pending.high.pop(piece, None)


def _word_loss(
    trainer: _Trainer, w_index: int, piece: int, repl: list[float], log_z: float
) -> float:
    """log P(word) - log P'(word) for a piece that may fit several times in the word.

    subtle: P'(word) = P(word) - M, with M the probability of the segmentations that
    use the piece. M is summed directly (a second forward table, D = forward - forward
    without the piece, whose terms are all positive), so a tiny M keeps its digits;
    only when M is almost all of P(word) is P' summed on its own instead.
    """
    edges = trainer.lattices[w_index]
    length = len(trainer.words[w_index])
    P = trainer.prob
    keep = trainer.left(piece)
    lost = repl[piece]
    a = [0.0] * (length + 1)
    d = [0.0] * (length + 1)
    a[0] = 1.0
    for i, j, k in edges:
        p = P[k]
        a[j] += a[i] * p
        if k == piece:
            d[j] += a[i] * lost + d[i] * keep
        else:
            d[j] += d[i] * p
    z, m = a[length], d[length]
    if z < _TINY:
        return log_z - z_without(trainer, edges, length, piece, repl)
    share = m / z
    if share < _NEAR_ONE:
        return -math.log1p(-share)
    return log_z - z_without(trainer, edges, length, piece, repl)


def z_without(
    trainer: _Trainer, edges: list[Edge], length: int, piece: int, repl: list[float]
) -> float:
    """log P'(word) with ``piece`` removed (characters: replaced by an unknown node)."""
    P = trainer.prob
    saved = P[piece]
    P[piece] = trainer.left(piece)  # the rest of the vocabulary keeps its probabilities
    try:
        a2 = [0.0] * (length + 1)
        a2[0] = 1.0
        for i, j, k in edges:
            a2[j] += a2[i] * P[k]
        z = a2[length]
    finally:
        P[piece] = saved
    if z >= _TINY:
        return math.log(z)
    logs = trainer.logs()
    saved_log = logs[piece]
    replaced = not trainer.keep_single_chars and len(trainer.vocab[piece]) == 1
    logs[piece] = trainer.unk_logp if replaced else -math.inf
    try:
        return _edge_log_forward(edges, length, logs)[length]
    finally:
        logs[piece] = saved_log


def _log_space_losses(
    trainer: _Trainer, edges: list[Edge], length: int, n: int, loss: list[float]
) -> float:
    """Removal losses in one (very improbable, or very long) word in log space; returns
    n x log P(word). (The expected counts: :func:`.long_words.log_space_counts`.)
    """
    log_z = _edge_log_forward(edges, length, trainer.logs())[length]
    repl = trainer.replacement()
    for k in {k for _, _, k in edges if k >= trainer.first}:
        loss[k] += n * (log_z - z_without(trainer, edges, length, k, repl))
    return n * log_z


def _long_word_losses(
    trainer: _Trainer, w_index: int, loss: list[float], pending: _Pending
) -> float:
    """Removal losses in one long word, as :func:`removal_losses` does; returns n x log P(word).

    A node's posterior is ``w * repl[k] * b[j]``, with one factor ``w`` per start as in
    :func:`.long_words.long_word_counts` (the backward pass and the losses share one loop); a piece
    that fits twice or more gets bounds, and its scaled sums are kept for :func:`exact_loss`.
    """
    edges, length, n = (
        trainer.lattices[w_index],
        len(trainer.words[w_index]),
        trainer.freqs[w_index],
    )
    P = trainer.prob
    forward = _scaled_forward(edges, length, P)
    if forward is None:
        return _log_space_losses(trainer, edges, length, n, loss)
    a, sa, _ = forward
    log_z = math.log(a[length]) + sa[length]
    first, dup, max_len = trainer.first, trainer.dups[w_index], trainer.max_len
    repl = trainer.replacement()
    log1p, exp, log = math.log1p, math.exp, math.log
    nodes: dict[int, list[float]] = {}
    certain: list[Edge] = []  # nodes almost every segmentation uses: after the pass
    b = [0.0] * (length + 1)
    sb = [0.0] * (length + 1)
    b[length] = 1.0
    shift = 0.0
    cur = length
    w = 0.0
    for i, j, k in reversed(edges):
        if i != cur:  # as in _scaled_backward
            x = b[cur]
            if 0.0 < x < _RESCALE:  # (a sum of exactly 0 reads as 0 in any scale)
                f = 1.0 / x
                shift += log(x)
                for y in range(cur, min(length, cur + max_len) + 1):
                    b[y] *= f
                    sb[y] = shift
            sb[cur] = shift
            for y in range(i + 1, cur):
                sb[y] = shift
            cur = i
            x = a[i]
            w = exp(log(x) + sa[i] + shift - log_z) if x > 0.0 else 0.0
        bj = b[j]
        b[i] += P[k] * bj
        if k < first:
            continue
        g = w * repl[k] * bj
        if dup is not None and k in dup:
            mine = nodes.get(k)
            if mine is None:
                nodes[k] = [i, j, g]
            else:
                mine += (i, j, g)
        elif g < _NEAR_ONE:
            loss[k] -= n * log1p(-g)
        else:
            certain.append((i, j, k))
    sb[cur] = shift
    word = _LongWord(forward, (b, sb))
    word.nodes = nodes
    for i, j, k in certain:
        loss[k] += n * _long_certain_loss(trainer, edges, i, j, k, word)
    if nodes:
        g_sum = {k: sum(mine[2::3]) for k, mine in nodes.items()}
        g_max = {k: max(mine[2::3]) for k, mine in nodes.items()}
        _add_bounds(trainer, w_index, log_z, g_sum, g_max, pending, word, loss)
    return n * log_z


def _long_certain_loss(
    trainer: _Trainer, edges: list[Edge], i: int, j: int, k: int, word: _LongWord
) -> float:
    """log P(word) - log P'(word) for a node of a long word that almost every
    segmentation uses: P' sums the other nodes covering position ``i`` (see :func:`removal_losses`).
    """
    la, lb, log_z, logs = word.la, word.lb, word.log_z, trainer.logs()
    exp = math.exp
    left = trainer.left(k)
    share = exp(la[i] + math.log(left) + lb[j] - log_z) if left > 0 else 0.0
    for idx in range(bisect_left(edges, (i - trainer.max_len + 1,)), len(edges)):
        i2, j2, k2 = edges[idx]
        if i2 > i:
            break
        if j2 > i and k2 != k:
            share += exp(la[i2] + logs[k2] + lb[j2] - log_z)
    return -math.log(share) if share > 0 else _INF_LOSS


def group_loss(
    trainer: _Trainer,
    w_index: int,
    piece: int,
    repl: list[float],
    word: _LongWord,
    group: list[tuple[int, int]],
) -> float:
    """-log P(no segmentation of a long word uses a node of ``group``), exactly.

    ``group``: nodes of ``piece`` (start, end), by start, none farther than
    ``_LOSS_WINDOW`` characters from the next. Only the positions between the end of the
    first node and the start of the last one are recomputed: before the first end
    nothing changes, and every segmentation covers the last start with exactly one
    node, after which nothing changes either. As in :func:`_word_loss`, the probability
    M of the segmentations through the group is summed directly (``d``); when it is
    almost all of P(word), P' (``a2``) is used.
    """
    edges = trainer.lattices[w_index]
    cut, last = group[0][1], group[-1][0]
    P, a, events = trainer.prob, word.a, word.events
    lost, keep = repl[piece], trainer.left(piece)
    lo = bisect_left(edges, (min(cut, last + 1) - trainer.max_len,))
    base = edges[lo][0]
    a2 = a[base:cut] + [0.0] * (last + trainer.max_len + 2 - cut)
    d = [0.0] * len(a2)
    closed = base
    reach = base
    m_terms: list[tuple[int, int, float]] = []
    z_terms: list[tuple[int, int, float]] = []
    for idx in range(lo, len(edges)):
        i, j, k = edges[idx]
        if i > last:
            break
        if i != closed:
            closed = i
            f = events.get(i)
            if f is not None:  # replay the rescaling of the full forward pass
                for y in range(max(i, cut) - base, reach - base + 1):
                    a2[y] *= f
                    d[y] *= f
        p = keep if k == piece else P[k]
        x, y = i - base, j - base
        through = a[i] * lost if k == piece else 0.0
        if j > last:  # covers position `last`: close with the backward sum
            m_terms.append((i, j, through + d[x] * p))
            z_terms.append((i, j, a2[x] * p))
        elif j >= cut:
            a2[y] += a2[x] * p
            d[y] += through + d[x] * p
            reach = max(reach, j)
    share = word.share(m_terms)
    if share < _NEAR_ONE:
        return -math.log1p(-share)
    if math.isfinite(share):
        rest = word.share(z_terms)
        if _TINY <= rest < math.inf:
            return -math.log(rest)
    return word.log_z - group_log_z_without(trainer, edges, lo, piece, word, group)


def group_log_z_without(
    trainer: _Trainer,
    edges: list[Edge],
    lo: int,
    piece: int,
    word: _LongWord,
    group: list[tuple[int, int]],
) -> float:
    """log P'(word) without the nodes of ``group``, in log space, on the group's window.

    The rare case of :func:`group_loss` where P'(word) is too small a share of P(word)
    for the scaled sums: the same window (the true forward sums ``la`` up to the first
    node's end, the true backward sums ``lb`` after the last node's start), one log-sum
    per position. ``lo``: the first edge that can reach the window.
    """
    cut, last = group[0][1], group[-1][0]
    logs, la, lb = trainer.logs(), word.la, word.lb
    replaced = not trainer.keep_single_chars and len(trainer.vocab[piece]) == 1
    without = trainer.unk_logp if replaced else -math.inf
    inner: list[list[float]] = [[] for _ in range(max(0, last + 1 - cut))]
    fwd: dict[int, float] = {}
    closing: list[float] = []
    for idx in range(lo, len(edges)):
        i, j, k = edges[idx]
        if i > last:
            break
        if j < cut and j <= last:  # ends before the window, where nothing changes
            continue
        if i < cut:
            f = la[i]
        else:
            f = fwd.get(i)
            if f is None:
                f = fwd[i] = _log_sum(inner[i - cut])
        s = f + (without if k == piece else logs[k])
        if j > last:  # covers position `last`: close with the backward sum
            closing.append(s + lb[j])
        else:
            inner[j - cut].append(s)
    return _log_sum(closing)


class _Pending:
    """Bounds on the loss of pieces that fit several times in some word, and those words."""

    def __init__(self) -> None:
        self.low: dict[int, float] = {}
        self.high: dict[int, float] = {}
        self.words: dict[int, list[tuple[int, float]]] = {}
        self.long_words: dict[int, _LongWord] = {}  # the scaled sums of long words

    def add(self, piece: int, w_index: int, log_z: float, low: float, high: float) -> None:
        self.low[piece] = self.low.get(piece, 0.0) + low
        self.high[piece] = self.high.get(piece, 0.0) + high
        self.words.setdefault(piece, []).append((w_index, log_z))


def _flat_groups(flat: list[float]) -> list[list[tuple[int, int, float]]]:
    """:func:`_clusters` of a piece's nodes kept flat, last node first, as the losses
    pass meets them: ``[start, end, posterior, start, end, posterior, ...]``.

    (Flat, because a tuple per node that outlives the pass wakes the garbage collector,
    which then walks every lattice.)

    >>> _flat_groups([200, 202, 0.5, 40, 42, 0.25, 0, 2, 0.125])
    [[(0, 2, 0.125), (40, 42, 0.25)], [(200, 202, 0.5)]]
    """
    groups: list[list[tuple[int, int, float]]] = []
    end = -_LOSS_WINDOW - 1
    for x in range(len(flat) - 3, -1, -3):
        i, j = int(flat[x]), int(flat[x + 1])
        if i - end > _LOSS_WINDOW:
            groups.append([])
        groups[-1].append((i, j, flat[x + 2]))
        if j > end:
            end = j
    return groups


def _clusters(nodes: list[_Node]) -> list[list[_Node]]:
    """A piece's nodes in one word (start, end, ...), in groups: a node starting more than
    ``_LOSS_WINDOW`` characters after the end of the previous one starts a new group.

    >>> _clusters([(0, 2), (1, 3), (40, 42), (200, 202)])
    [[(0, 2), (1, 3), (40, 42)], [(200, 202)]]
    """
    groups: list[list[_Node]] = []
    end = -_LOSS_WINDOW - 1
    for node in sorted(nodes):
        if node[0] - end > _LOSS_WINDOW:
            groups.append([])
        groups[-1].append(node)
        end = max(end, node[1])
    return groups
