"""Unigram LM, the textbook way: EM on every word's lattice, then prune by loss.

Kudo (2018), as the Hugging Face course and sentencepiece teach it, in four stages:

1. ``seed``: start big: every character plus the most frequent substrings;
2. ``em_step``: the E-step finds how often each piece is *expected* to be used, over all
   the ways to segment each word (forward-backward on the word's lattice, in log space,
   with the same ``Unigram.lattice`` the model encodes with); the M-step makes each
   piece's probability its expected count over the total;
3. ``prune_step``: a piece's *loss* is how much the corpus log-likelihood drops without
   it (here simply recomputed without the piece); keep the pieces with the highest loss;
4. ``viterbi``: segment a word with its most probable segmentation.

Single characters are kept by default (so every word can be segmented). With
``keep_single_chars=False`` they compete on their loss like any other piece; where a pruned
character occurs, the word's lattice gets an *unknown* node scored as sentencepiece scores it:
the lowest piece score minus 10 (``UNK_PENALTY``). The seed can also be a list of one's own
(``seed_given``) and the M-step sentencepiece's Bayesian one (``em_step_digamma``);
``learn`` and ``trace`` use substrings and maximum likelihood. The fast
``subword_core.unigram`` computes every loss in one pass; the tests prove it records the
steps ``trace`` records here, up to floating-point rounding.

>>> learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 10)[:3]
['hug', 'pun', 'u']
>>> viterbi("hugs", {"h": -3.0, "u": -2.0, "g": -3.0, "s": -3.0, "hug": -2.5})
['hug', 's']
"""

from __future__ import annotations

import math
from dataclasses import replace

from subword_core import unigram as fast
from subword_core.unigram import UNK_PENALTY, Unigram
from subword_core.unigram.em import _digamma as digamma

FLOOR = 1e-10  # the smallest expected count a piece gets: a probability is never exactly 0


def seed(words: list[str], freqs: list[int], seed_size: int, max_piece_length: int) -> dict:
    """Every character and the ``seed_size`` most frequent substrings, with their counts.

    >>> seed(["hug", "pug"], [10, 5], 2, 16)
    {'h': 10, 'u': 15, 'g': 15, 'p': 5, 'ug': 15, 'hug': 10}
    """
    counts: dict[str, int] = {}
    substrings: dict[str, int] = {}
    for word, freq in zip(words, freqs, strict=True):
        for i in range(len(word)):
            counts[word[i]] = counts.get(word[i], 0) + freq  # the characters: all kept
            for j in range(i + 2, min(len(word), i + max_piece_length) + 1):
                substrings[word[i:j]] = substrings.get(word[i:j], 0) + freq
    # most frequent first; a tie: the longer first, then in string order
    ranked = sorted(substrings, key=lambda s: (-substrings[s], -len(s), s))
    for piece in ranked[:seed_size]:
        counts[piece] = substrings[piece]
    return counts


def seed_given(words: list[str], freqs: list[int], pieces: list[str]) -> dict:
    """A seed list of one's own: its pieces with their counts in the corpus.

    >>> seed_given(["hug", "pug"], [10, 5], ["h", "ug", "x", "xy"])
    {'h': 10, 'u': 15, 'g': 15, 'p': 5, 'ug': 15}
    """
    chars: dict[str, int] = {}
    for word, freq in zip(words, freqs, strict=True):
        for ch in word:
            chars[ch] = chars.get(ch, 0) + freq
    # the listed characters first, then every character of the corpus the list left out
    counts = {piece: chars[piece] for piece in pieces if piece in chars}
    counts |= {ch: count for ch, count in chars.items() if ch not in counts}
    for piece in [p for p in pieces if len(p) > 1]:
        # every place the piece starts, in every word
        counts[piece] = sum(
            freq * sum(word.startswith(piece, i) for i in range(len(word)))
            for word, freq in zip(words, freqs, strict=True)
        )
    # a listed piece that never occurs is dropped
    counts = {piece: count for piece, count in counts.items() if count > 0}
    return counts


def probabilities(counts: dict[str, float]) -> dict[str, float]:
    """Each piece's log-probability: log(count / total).

    >>> round(math.exp(probabilities({"a": 1, "b": 3})["b"]), 2)
    0.75
    """
    total = math.fsum(max(count, FLOOR) for count in counts.values())
    return {piece: math.log(max(count, FLOOR)) - math.log(total) for piece, count in counts.items()}


def em_step(
    logp: dict[str, float], words: list[str], freqs: list[int]
) -> tuple[dict[str, float], dict[str, float], float]:
    """One EM iteration: (new log-probabilities, expected counts, log-likelihood before).

    >>> new, counts, ll = em_step({"a": math.log(0.5), "aa": math.log(0.5)}, ["aa"], [1])
    >>> round(counts["aa"], 3), round(ll, 3)
    (0.667, -0.288)
    """
    model = Unigram(list(logp.items()))
    counts = dict.fromkeys(logp, 0.0)
    ll = 0.0
    for word, freq in zip(words, freqs, strict=True):
        lattice = model.lattice(word)  # every piece that fits in the word, and where
        ll += freq * lattice.log_z  # log P(word): the sum over all its segmentations
        for node in lattice.nodes:
            # unknown nodes (pruned characters) count for no piece
            if not node.unknown:
                # E-step: the chance that a segmentation of the word uses this node
                counts[node.piece] += freq * node.posterior
    total = math.fsum(max(count, FLOOR) for count in counts.values())
    # M-step: each piece's new probability is its expected count over the total
    new = {piece: math.log(max(count, FLOOR)) - math.log(total) for piece, count in counts.items()}
    return new, counts, ll


def em_step_digamma(
    logp: dict[str, float], words: list[str], freqs: list[int]
) -> tuple[dict[str, float], dict[str, float], float]:
    """One EM iteration with sentencepiece's Bayesian M-step: log p = ψ(count) − ψ(total).

    >>> new, counts, ll = em_step_digamma({"a": math.log(0.5), "aa": math.log(0.5)}, ["aa"], [1])
    >>> new["aa"] < math.log(counts["aa"] / (counts["a"] + counts["aa"]))
    True
    """
    _, counts, ll = em_step(logp, words, freqs)  # the same E-step
    total = math.fsum(max(count, FLOOR) for count in counts.values())
    # M-step: ψ (digamma) instead of log, so that rare pieces lose more
    # (the probabilities no longer add up to 1; a count under 0.5 counts as 0.5)
    new = {piece: digamma(max(count, 0.5)) - digamma(total) for piece, count in counts.items()}
    return new, counts, ll


def unknown_score(logp: dict[str, float]) -> float:
    """The score of an unknown character: the lowest piece score minus ``UNK_PENALTY`` (10).

    >>> unknown_score({"a": -1.0, "b": -2.5})
    -12.5
    """
    return min(logp.values()) - UNK_PENALTY


def unigram_model(logp: dict[str, float], unknown: float) -> Unigram:
    """The pieces as a model whose unknown characters score ``unknown``.

    >>> unigram_model({"a": -1.0}, -20.0).lattice("ab").nodes[1].score
    -20.0
    """
    return Unigram(list(logp.items()), unk_penalty=min(logp.values()) - unknown)


def piece_loss(logp: dict[str, float], piece: str, words: list[str], freqs: list[int]) -> float:
    """How much the corpus log-likelihood drops without ``piece`` (the others unchanged).

    A single character (only pruned with ``keep_single_chars=False``) leaves an unknown node
    wherever it was, with the unknown score of the whole vocabulary.

    >>> round(piece_loss({"a": math.log(0.5), "aa": math.log(0.5)}, "aa", ["aa"], [1]), 3)
    1.099
    >>> round(piece_loss({"a": math.log(0.5), "b": math.log(0.5)}, "b", ["ab"], [1]), 3)
    10.0
    """
    with_it = Unigram(list(logp.items()))
    # the unknown score stays the one of the whole vocabulary (as the other pieces' scores)
    without = unigram_model({p: s for p, s in logp.items() if p != piece}, unknown_score(logp))
    loss = 0.0
    for word, freq in zip(words, freqs, strict=True):
        if piece in word:  # the other words do not change
            loss += freq * (with_it.lattice(word).log_z - without.lattice(word).log_z)
    return loss


def prune_step(
    logp: dict[str, float],
    words: list[str],
    freqs: list[int],
    vocab_size: int,
    shrinking_factor: float = 0.75,
    keep_single_chars: bool = True,
) -> tuple[dict[str, float], dict[str, float]]:
    """Keep the pieces whose loss is highest: (the kept pieces' log-probabilities, losses).

    >>> logp = {"a": math.log(0.4), "b": math.log(0.4), "ab": math.log(0.2)}
    >>> sorted(prune_step(logp, ["ab"], [1], 2)[0])
    ['a', 'b']
    >>> sorted(prune_step(logp, ["ab"], [1], 1, keep_single_chars=False)[0])  # 3 x 0.75
    ['a', 'ab']
    """
    if len(logp) <= vocab_size:  # small enough already: nothing to prune
        return dict(logp), {}
    # the candidates: every piece, or (by default) all but the characters, which stay
    candidates = [piece for piece in logp if len(piece) > 1 or not keep_single_chars]
    loss = {piece: piece_loss(logp, piece, words, freqs) for piece in candidates}
    target = max(vocab_size, int(len(logp) * shrinking_factor))
    cut = target - (len(logp) - len(candidates))
    # highest loss first; a tie: the more probable first (sorted is stable: then seed order)
    ranked = sorted(candidates, key=lambda piece: (-loss[piece], -logp[piece]))
    removed = set(ranked[cut:])
    kept = {piece: score for piece, score in logp.items() if piece not in removed}
    # the kept probabilities sum to 1 again
    log_total = math.log(math.fsum(math.exp(score) for score in kept.values()))
    return {piece: score - log_total for piece, score in kept.items()}, loss


def learn(
    counts: dict[str, int],
    vocab_size: int,
    *,
    seed_size: int = 1000,
    max_piece_length: int = 16,
    shrinking_factor: float = 0.75,
    em_iterations: int = 2,
    keep_single_chars: bool = True,
) -> list[str]:
    """The final pieces, most probable first.

    >>> learn({"hug": 10, "pug": 5}, 5)
    ['hug', 'u', 'g', 'p', 'h']
    >>> learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4}, 4, keep_single_chars=False)
    ['pun', 'hug', 'pug', 'bun']
    """
    words, freqs = list(counts), list(counts.values())
    logp = probabilities(seed(words, freqs, seed_size, max_piece_length))
    while True:
        final = len(logp) <= vocab_size
        for _ in range(em_iterations):
            logp, _, _ = em_step(logp, words, freqs)
        if final:
            break
        logp, _ = prune_step(logp, words, freqs, vocab_size, shrinking_factor, keep_single_chars)
    return sorted(logp, key=lambda piece: -logp[piece])


def viterbi(word: str, logp: dict[str, float]) -> list[str]:
    """The most probable segmentation of ``word``.

    >>> viterbi("pug", {"p": -2.5, "u": -1.8, "g": -2.4, "ug": -2.4, "pu": -2.5})
    ['p', 'ug']
    >>> viterbi("pub", {"p": -2.5, "u": -1.8, "g": -2.4, "ug": -2.4, "pu": -2.5})  # b: unknown
    ['pu', 'b']
    """
    unknown = unknown_score(logp)  # a character missing from the vocabulary scores this
    best = [0.0] + [-math.inf] * len(word)  # best[i]: the best score of word[:i]
    start_of = [0] * (len(word) + 1)  # where the last piece of that best path starts
    for end in range(1, len(word) + 1):
        for start in range(end):  # the longest last piece is tried first and wins a tie
            piece = word[start:end]
            # not a piece: -inf, but an unknown node for a single character
            score = logp.get(piece, unknown if len(piece) == 1 else -math.inf)
            if best[start] + score > best[end]:
                best[end] = best[start] + score
                start_of[end] = start
    pieces: list[str] = []
    end = len(word)
    while end > 0:
        pieces.insert(0, word[start_of[end] : end])
        end = start_of[end]
    return pieces


# --------------------------------------------------------------------------------------
# The app's step records: the same stages, written down the way unigram.learn does (the
# tests compare whole traces). Not needed to understand the algorithm.
# --------------------------------------------------------------------------------------


def _seed_step(words: list[str], freqs: list[int], seed_size: int, longest: int) -> fast.SeedStep:
    counts = seed(words, freqs, seed_size, longest)
    logp = probabilities(counts)
    everything = seed(words, freqs, 10**9, longest)
    multi = [c for p, c in counts.items() if len(p) > 1]
    total = math.fsum(counts.values())
    return fast.SeedStep(
        number=1, source="substrings",
        pieces=tuple(fast.PieceStat(p, float(c), logp[p]) for p, c in counts.items()),
        vocab_size=len(counts), pieces_omitted=0,
        characters=len(counts) - len(multi),
        total_count=int(total) if total == int(total) else total,
        substrings_seen=sum(len(p) > 1 for p in everything),
        min_count=float(min(multi, default=0.0)), added_characters=(), absent=(),
        log_likelihood=math.nan,
    )  # fmt: skip


def _em(
    number: int, round_no: int, it: int, old: dict, new: dict, counts: dict, ll: float
) -> fast.EMStep:
    order = sorted(new, key=lambda p: -new[p])
    return fast.EMStep(
        number=number, round=round_no, iteration=it, vocab_size=len(new),
        log_likelihood_before=ll, log_likelihood=math.nan,
        total_count=math.fsum(max(c, FLOOR) for c in counts.values()),
        pieces=tuple(fast.PieceStat(p, counts[p], new[p], old[p]) for p in order),
        pieces_omitted=0, digamma=False, final=False,
    )  # fmt: skip


def _prune(
    number: int, round_no: int, logp: dict, after: dict, loss: dict, counts: dict, factor: float
) -> fast.PruneStep:
    ranked = sorted(loss, key=lambda p: (-loss[p], -logp[p]))
    cut = len(after) - (len(logp) - len(ranked))
    return fast.PruneStep(
        number=number, round=round_no, vocab_before=len(logp), vocab_after=len(after),
        shrink_target=int(len(logp) * factor), required=len(logp) - len(ranked),
        candidates=len(ranked), kept_candidates=cut,
        losses=tuple(fast.PieceLoss(r + 1, p, max(loss[p], 0.0), logp[p], counts[p], r < cut)
                     for r, p in enumerate(ranked)),
        losses_omitted=0, removed=tuple(ranked[cut:]),
        log_likelihood_before=math.nan, log_likelihood_after=math.nan,
    )  # fmt: skip


def _likelihood(logp: dict[str, float], words: list[str], freqs: list[int]) -> float:
    """The corpus log-likelihood: the sum of count x log P(word) (unknown nodes included)."""
    model = Unigram(list(logp.items()))
    return sum(freq * model.lattice(w).log_z for w, freq in zip(words, freqs, strict=True))


def trace(
    counts: dict[str, int],
    vocab_size: int,
    *,
    seed_size: int = 1000,
    max_piece_length: int = 16,
    shrinking_factor: float = 0.75,
    em_iterations: int = 2,
    word_start: str = "",
    keep_single_chars: bool = True,
) -> list[fast.Step]:
    """The steps ``unigram.learn`` records (with every row: ``top_k`` and ``boundary``
    large); a step's likelihood *after* is recomputed from its probabilities.

    >>> [step.kind for step in trace({"hug": 10, "pug": 5}, 5)]
    ['seed', 'em', 'em', 'prune', 'em', 'em', 'prune', 'em', 'em']
    """
    words, freqs = [word_start + w for w in counts], list(counts.values())
    first = _seed_step(words, freqs, seed_size, max_piece_length)
    logp = probabilities(seed(words, freqs, seed_size, max_piece_length))
    steps: list[fast.Step] = [replace(first, log_likelihood=_likelihood(logp, words, freqs))]
    round_no = 0
    while True:
        final = len(logp) <= vocab_size
        for it in range(1, em_iterations + 1):
            new, last_counts, ll = em_step(logp, words, freqs)
            step = _em(len(steps) + 1, round_no, it, logp, new, last_counts, ll)
            after = _likelihood(new, words, freqs)
            steps.append(replace(step, log_likelihood=after, final=final and it == em_iterations))
            logp = new
        if final:
            return steps
        round_no += 1
        kept, loss = prune_step(logp, words, freqs, vocab_size, shrinking_factor, keep_single_chars)
        step = _prune(len(steps) + 1, round_no, logp, kept, loss, last_counts, shrinking_factor)
        steps.append(
            replace(
                step,
                log_likelihood_before=_likelihood(logp, words, freqs),
                log_likelihood_after=_likelihood(kept, words, freqs),
            )
        )
        logp = kept
