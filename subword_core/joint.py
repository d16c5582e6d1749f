"""Joint BPE: one set of merges learned on a source and a target corpus together.

Sennrich et al. (2016) learn BPE on the union of the source and target side of a parallel
corpus, so that a name spelled the same way in both languages is split the same way on both
sides. It is plain BPE on the summed word counts (seed 000); what is worth seeing is how
each side contributes to every merge, and what each side would have merged on its own.

>>> result = learn_joint({"lower": 4, "newest": 1}, {"lowest": 3, "newer": 2}, 3)
>>> result.merges
[('w', 'e'), ('l', 'o'), ('lo', 'we')]
>>> result.side_counts[0]  # w+e: lower 4 + newest 1 | lowest 3 + newer 2
(5, 5)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from subword_core import bpe
from subword_core.errors import ParameterError
from subword_core.merges import Pair, PairTable
from subword_core.text.corpus import Corpus, parse_corpus


@dataclass(frozen=True)
class JointResult:
    """What :func:`learn_joint` returns.

    Attributes:
        joint: the BPE run on the union (counts added up).
        source, target: BPE run on each side alone, with the same settings.
        side_counts: per joint merge, how often the pair occurred on the source side and
            on the target side at that moment.
    """

    joint: bpe.BPEResult
    source: bpe.BPEResult
    target: bpe.BPEResult
    side_counts: list[tuple[int, int]]

    @property
    def merges(self) -> list[Pair]:
        """The joint merges in order."""
        return self.joint.merges

    def separate_choice(self, step: int) -> tuple[Pair | None, Pair | None]:
        """What the source-only and target-only runs merged at the same step number.

        >>> learn_joint({"ab": 3}, {"cd": 2}, 2).separate_choice(1)
        (('a', 'b'), ('c', 'd'))
        """

        def at(result: bpe.BPEResult) -> Pair | None:
            # subtle: step 0 (or less) is before the first merge, not merges[-1]
            return result.merges[step - 1] if 1 <= step <= len(result.merges) else None

        return at(self.source), at(self.target)


def _corpus(value: Corpus | Mapping[str, int] | str, side: str) -> Corpus:
    if isinstance(value, Corpus):
        return value
    if isinstance(value, str):
        if not value.strip():
            raise ParameterError(
                f"The {side} corpus is empty: joint BPE needs words on both sides.",
                code="side_empty",
                values={"side": side},
            )
        return parse_corpus(value)
    if not value:
        raise ParameterError(
            f"The {side} corpus is empty: joint BPE needs words on both sides.",
            code="side_empty",
            values={"side": side},
        )
    return Corpus.from_counts(value)


def union(source: Corpus, target: Corpus) -> Corpus:
    """The two corpora as one: counts of a word on both sides are added.

    >>> union(Corpus.from_counts({"a": 1}), Corpus.from_counts({"a": 2, "b": 1})).as_dict()
    {'a': 3, 'b': 1}
    """
    counts: dict[str, int] = {}
    for corpus in (source, target):
        for word, count in corpus:
            counts[word] = counts.get(word, 0) + count
    return Corpus.from_counts(counts)


def _part(
    progress: Callable[[int, int], None], index: int, num_merges: int, done: int, total: int
) -> None:
    """Report the ``index``-th of the three learnings' ``done`` merges as a share of all."""
    progress(index * num_merges + min(done, num_merges), 3 * num_merges)


def learn_joint(
    source: Corpus | Mapping[str, int] | str,
    target: Corpus | Mapping[str, int] | str,
    num_merges: int,
    progress: Callable[[int, int], None] | None = None,
    **options: object,
) -> JointResult:
    """Learn joint BPE and, for comparison, BPE on each side alone.

    Args:
        source, target: the two corpora (``Corpus``, ``{word: count}`` or text).
        num_merges: as for :func:`subword_core.bpe.learn`.
        progress: called as ``progress(done, total)`` between merges of the three
            learnings (``total`` is ``3 * num_merges``: joint, source alone, target alone);
            an exception it raises stops the learning.
        **options: any other option of :func:`subword_core.bpe.learn`.

    Raises:
        ParameterError: a side is empty, or a bad option.

    >>> seen = []
    >>> _ = learn_joint({"ab": 3}, {"ab": 1}, 2, progress=lambda d, t: seen.append((d, t)))
    >>> seen[-1]
    (6, 6)
    """
    src, tgt = _corpus(source, "source"), _corpus(target, "target")
    runs: list[bpe.BPEResult] = []
    for corpus in (union(src, tgt), src, tgt):
        report = None
        if progress is not None:
            report = functools.partial(_part, progress, len(runs), num_merges)
        runs.append(bpe.learn(corpus, num_merges, progress=report, **options))  # type: ignore[arg-type]
    joint, alone_src, alone_tgt = runs
    marker = str(options.get("end_of_word", bpe.DEFAULT_END_OF_WORD))
    attach = bool(options.get("attach_end_of_word", False))
    tables = [
        PairTable([bpe.split_word(w, marker, attach) for w in c.words], list(c.counts))
        for c in (src, tgt)
    ]
    side_counts: list[tuple[int, int]] = []
    for pair in joint.merges:
        side_counts.append((tables[0].counts.get(pair, 0), tables[1].counts.get(pair, 0)))
        for table in tables:
            table.merge(pair)  # only where the pair occurs: a long word is not rescanned
    return JointResult(joint, alone_src, alone_tgt, side_counts)
