"""Unigram, the model: pieces with log-probabilities, read from a ``.vocab`` file or trained.

:class:`Unigram` segments a word (Viterbi), scores a segmentation and draws its lattice; its
n-best and sampling methods call :mod:`.decode`. :func:`read_vocab` reads sentencepiece's
``.vocab`` text.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from subword_core.errors import ParameterError, check_option
from subword_core.text.normalize import NORMALIZATIONS, normalize_chars, sentencepiece_text
from subword_core.unigram import decode
from subword_core.unigram.lattice import (
    Lattice,
    LatticeNode,
    Segmentation,
    _f32,
    _log_backward,
    _log_forward,
    _viterbi,
)
from subword_core.unigram.steps import (
    MAX_ENUMERATED,
    SENTENCEPIECE_SPECIALS,
    UNK_PENALTY,
    _short,
)


@dataclass(frozen=True)
class Unigram:
    """A unigram model: pieces with log-probabilities (scores), and what you can do with it.

    Args:
        pieces: ``(piece, log_prob)`` pairs, e.g. ``result.pieces`` or pairs read from a
            sentencepiece ``.vocab`` file (:meth:`from_vocab_text`). Scores may be any
            finite numbers; for a trained model they are natural logs of probabilities.
        unk_penalty: an unknown character scores the lowest piece score minus this.
        word_start: the word-start marker :meth:`tokenize` puts in front of each word
            (``""`` for none, ``"▁"`` for sentencepiece models).
        normalization: how :meth:`tokenize` rewrites text first: ``"none"``, ``"nfkc"`` or
            ``"nmt_nfkc"`` (sentencepiece's rules, :mod:`subword_core.text.normalize`).

    Raises:
        ParameterError: an empty piece, a duplicate, a score that is not a finite number,
            or no pieces at all.

    >>> model = Unigram([("h", -3.0), ("u", -2.0), ("g", -2.5), ("hug", -3.5)])
    >>> model.encode("hugh")
    ['hug', 'h']
    >>> model.encode("hut")  # 't' is unknown: one node scored -3.5 - 10
    ['h', 'u', 't']
    """

    pieces: tuple[tuple[str, float], ...]
    unk_penalty: float = UNK_PENALTY
    word_start: str = ""
    normalization: str = "none"
    scores: dict[str, float] = field(init=False, repr=False, compare=False, hash=False)
    max_length: int = field(init=False, repr=False, compare=False, hash=False)
    unk_score: float = field(init=False, repr=False, compare=False, hash=False)
    unk32: float = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        pairs = tuple((p, s) for p, s in _check_pieces(self.pieces))
        if not (isinstance(self.unk_penalty, int | float) and math.isfinite(self.unk_penalty)):
            raise ParameterError(
                f"unk_penalty must be a finite number, not {self.unk_penalty!r}.",
                code="not_finite",
                values={"name": "unk_penalty", "value": repr(self.unk_penalty)},
            )
        check_option(
            "normalization",
            self.normalization,
            NORMALIZATIONS,
            f"Unknown normalization {self.normalization!r}: choose one of "
            f"{', '.join(NORMALIZATIONS)}.",
        )
        object.__setattr__(self, "pieces", pairs)
        object.__setattr__(self, "scores", dict(pairs))
        object.__setattr__(self, "max_length", max(len(p) for p, _ in pairs))
        object.__setattr__(self, "unk_score", min(s for _, s in pairs) - self.unk_penalty)
        # sentencepiece's unknown score: float32(min score) - 10, in float32
        low32 = _f32(min(s for _, s in pairs))
        object.__setattr__(self, "unk32", _f32(low32 - _f32(self.unk_penalty)))

    # --- reading and writing sentencepiece .vocab text ---------------------------------

    @classmethod
    def from_vocab_text(
        cls,
        text: str,
        *,
        skip: Iterable[str] = SENTENCEPIECE_SPECIALS,
        unk_penalty: float = UNK_PENALTY,
        word_start: str = "▁",
        normalization: str = "none",
    ) -> Unigram:
        """Build a model from sentencepiece ``.vocab`` text: one ``piece<TAB>score`` per line.

        See :func:`read_vocab` for the format and the errors. A ``.vocab`` file holds only
        the pieces and their scores, not the normaliser (that lives in the binary
        ``.model``), so ``normalization`` says which one :meth:`tokenize` applies:
        ``"none"`` (the default, as before), ``"nfkc"`` or ``"nmt_nfkc"`` (sentencepiece's
        default when it trained the file).

        Raises:
            ParameterError: as :func:`read_vocab`, or an unknown ``normalization``.

        >>> Unigram.from_vocab_text("<unk>\\t0\\n▁a\\t-1.5\\nb\\t-2").pieces
        (('▁a', -1.5), ('b', -2.0))
        >>> Unigram.from_vocab_text("▁a\\t-1", normalization="nmt_nfkc").tokenize("ａ")
        ['▁a']
        """
        return cls(
            read_vocab(text, skip=skip),
            unk_penalty=unk_penalty,
            word_start=word_start,
            normalization=normalization,
        )

    @classmethod
    def from_vocab_file(cls, path: str | Path, **kwargs: object) -> Unigram:
        """Read a sentencepiece ``.vocab`` file (UTF-8); options as :meth:`from_vocab_text`.

        Raises:
            OSError: the file cannot be read.
            ParameterError: the file is not UTF-8, or as :func:`read_vocab`.

        >>> Unigram.from_vocab_file("m.vocab")  # doctest: +SKIP
        """
        data = Path(path).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ParameterError(
                f"{Path(path).name} is not UTF-8 text (byte {data[err.start]:02x} at offset "
                f"{err.start}); a sentencepiece .vocab file is UTF-8.",
                code="vocab_not_utf8",
                values={
                    "file": Path(path).name,
                    "byte": f"{data[err.start]:02x}",
                    "offset": err.start,
                },
            ) from None
        return cls.from_vocab_text(text, **kwargs)  # type: ignore[arg-type]

    def to_vocab_text(self) -> str:
        """Write the pieces as ``.vocab`` text (``piece<TAB>score`` lines, best first).

        Only the pieces and scores: a ``.vocab`` file has no place for the normaliser
        (``normalization``), the word-start marker or the unknown penalty (sentencepiece
        keeps them in the binary ``.model``). Whoever reads the file back says which
        normalisation to use (:meth:`from_vocab_text`'s ``normalization``); a
        ``tokenizer.json`` (:mod:`subword_core.formats.tokenizer_json`) keeps all three.

        Raises:
            ParameterError: a piece holds a line break (``\\n``, ``\\r``, ``\\x1c``,
                ``\\u2028`` ...), which one line of a ``.vocab`` file cannot hold; a
                learned model never has one (its pieces come from words without whitespace).

        >>> Unigram([("b", -2.0), ("a", -1.0)]).to_vocab_text().splitlines()
        ['a\\t-1.0', 'b\\t-2.0']
        """
        for piece, _ in self.pieces:
            # subtle: read_vocab splits on every str.splitlines boundary, not only a newline
            if piece.splitlines() != [piece]:
                raise ParameterError(
                    f"The piece {piece!r} holds a line break, so it cannot be written as one "
                    "line of a .vocab file.",
                    code="piece_line_break",
                    values={"piece": repr(piece)},
                )
        ranked = sorted(self.pieces, key=lambda ps: -ps[1])
        return "\n".join(f"{p}\t{s!r}" for p, s in ranked)

    # --- the lattice ----------------------------------------------------------------------

    def __contains__(self, piece: object) -> bool:
        return piece in self.scores

    def __len__(self) -> int:
        return len(self.pieces)

    def _edges(self, word: str) -> list[tuple[int, int, str, float, bool]]:
        """``(start, end, piece, score, unknown)`` for every node, by start then length."""
        scores, top = self.scores, self.max_length
        n = len(word)
        edges: list[tuple[int, int, str, float, bool]] = []
        for i in range(n):
            # subtle: sentencepiece adds an unknown node where no *single-character* piece
            # fits, even if longer pieces start there; we do the same.
            ch = word[i]
            if ch in scores:
                edges.append((i, i + 1, ch, scores[ch], False))
            else:
                edges.append((i, i + 1, ch, self.unk_score, True))
            for j in range(i + 2, min(n, i + top) + 1):
                piece = word[i:j]
                score = scores.get(piece)
                if score is not None:
                    edges.append((i, j, piece, score, False))
        return edges

    def lattice(self, word: str) -> Lattice:
        """Every node of ``word``'s lattice with Viterbi and forward/backward scores.

        >>> lat = Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("ug", -2.4),
        ...                ("pu", -2.5)]).lattice("pug")
        >>> [(n.piece, n.start, n.end) for n in lat.nodes]
        [('p', 0, 1), ('pu', 0, 2), ('u', 1, 2), ('ug', 1, 3), ('g', 2, 3)]
        >>> lat.best_pieces  # a tie with pu + g: the longer last piece wins
        ['p', 'ug']
        """
        edges = self._edges(word)
        n = len(word)
        best, back = _viterbi(edges, n, self.unk32)
        fwd = _log_forward(edges, n)
        bwd = _log_backward(edges, n)
        log_z = fwd[n]
        path: list[int] = []
        j = n
        while j > 0:
            path.append(back[j])
            j = edges[back[j]][0]
        path.reverse()
        on_path = set(path)
        nodes = tuple(
            LatticeNode(
                index=k,
                start=i,
                end=j,
                piece=piece,
                score=score,
                unknown=unk,
                best_prefix=best[i],
                forward=fwd[i],
                backward=bwd[j],
                posterior=math.exp(fwd[i] + score + bwd[j] - log_z),
                on_best_path=k in on_path,
            )
            for k, (i, j, piece, score, unk) in enumerate(edges)
        )
        return Lattice(
            word=word,
            nodes=nodes,
            best_path=tuple(path),
            best_score=best[n],
            log_z=log_z,
            best_prefix=tuple(best),
            forward=tuple(fwd),
            backward=tuple(bwd),
        )

    # --- decoding ------------------------------------------------------------------------

    def encode(self, word: str) -> list[str]:
        """The most probable segmentation (Viterbi).

        Ties: of two segmentations with exactly the same score, the one whose last piece
        is longer wins (then the same rule for the rest), as in sentencepiece.

        >>> Unigram([("l", -3.0), ("o", -3.0), ("w", -3.0), ("lo", -4.0)]).encode("low")
        ['lo', 'w']
        """
        edges = self._edges(word)
        _, back = _viterbi(edges, len(word), self.unk32)
        out: list[str] = []
        j = len(word)
        while j > 0:
            i, _, piece, _, _ = edges[back[j]]
            out.append(piece)
            j = i
        out.reverse()
        return out

    def score(self, pieces: Sequence[str]) -> float:
        """The log-probability of a given segmentation: the sum of its pieces' scores.

        A piece that is not in the vocabulary must be a single (unknown) character.

        Raises:
            ParameterError: a piece of two or more characters that is not in the vocabulary.

        >>> Unigram([("a", -1.0), ("b", -2.0)]).score(["a", "b", "a"])
        -4.0
        """
        total = 0.0
        for piece in pieces:
            s = self.scores.get(piece)
            if s is None:
                if len(piece) != 1:
                    raise ParameterError(
                        f"{piece!r} is not a piece of this vocabulary.",
                        code="not_a_piece",
                        values={"piece": repr(piece)},
                    )
                s = self.unk_score
            total += s
        return total

    def word_log_prob(self, word: str, alpha: float = 1.0) -> float:
        """``log P(word)``: the log of the summed probability of all its segmentations.

        With ``alpha``, every segmentation's probability is raised to ``alpha`` first.

        >>> round(math.exp(Unigram([("a", -1.0), ("aa", -1.5)]).word_log_prob("aa")), 4)
        0.3585
        """
        return _log_forward(self._edges(word), len(word), alpha)[len(word)]

    def count_segmentations(self, word: str) -> int:
        """How many segmentations ``word`` has with this vocabulary (exact).

        >>> Unigram([("a", -1.0), ("aa", -1.0)]).count_segmentations("aaaa")
        5
        """
        return decode.count_segmentations(self._edges(word), len(word))

    def segmentations(
        self, word: str, *, alpha: float = 1.0, limit: int = MAX_ENUMERATED
    ) -> list[Segmentation]:
        """All segmentations of a short word, most probable first.

        Args:
            word: the word.
            alpha: raise each probability to this power before computing ``share``
                (the distribution :meth:`sample` draws from); ``1`` for the model itself.
            limit: refuse words with more segmentations than this.

        Raises:
            ParameterError: more than ``limit`` segmentations, or ``alpha <= 0``.

        >>> model = Unigram([("p", -2.5), ("u", -1.8), ("g", -2.4), ("pu", -2.5)])
        >>> [(s.pieces, round(s.share, 3)) for s in model.segmentations("pug")]
        [(('pu', 'g'), 0.858), (('p', 'u', 'g'), 0.142)]
        """
        return decode.segmentations(self._edges(word), word, alpha, limit)

    def nbest(self, word: str, k: int) -> list[Segmentation]:
        """The ``k`` most probable segmentations, best first (fewer if there are fewer).

        The order is sentencepiece's (``NBestEncodeAsPieces``), ties included:
        ``k = 1`` is :meth:`encode`'s segmentation; for ``k >= 2`` an A* search walks back
        from the end of the word, each partial path ranked by the score of its pieces so
        far plus the best score of the rest (Viterbi's prefix scores), added in float32
        as sentencepiece stores and adds scores. Partial paths wait in a binary max-heap
        with the sift-up and sift-down rules of the GNU C++ library
        (``std::priority_queue``), so among segmentations whose float32 scores are equal
        the order is the one in which that heap returns them: no simple rule such as
        "longer last piece first" describes it. Like sentencepiece, the heap is cut to
        its ``min(512, 10 k)`` best entries whenever it reaches 10,000.

        At most :data:`NBEST_MAX` (512) segmentations come back: sentencepiece refuses a
        larger ``k`` with an error; here a larger ``k`` gives the 512 best (the same list
        sentencepiece gives for 512).

        Raises:
            ParameterError: ``k < 1``.

        >>> model = Unigram([("a", -1.0), ("b", -2.0), ("ab", -2.5)])
        >>> [(s.pieces, s.log_prob) for s in model.nbest("ab", 5)]
        [(('ab',), -2.5), (('a', 'b'), -3.0)]
        """
        return decode.nbest(self._edges(word), len(word), k, self.pieces, self.unk_penalty)

    # --- sampling (subword regularization) -------------------------------------------

    def sample(self, word: str, alpha: float, rng: random.Random) -> list[str]:
        """Draw one segmentation with probability proportional to ``P(segmentation) ** alpha``.

        Forward filtering, backward sampling (sentencepiece's ``nbest_size = -1``): sum the
        prefix probabilities left to right, then pick the pieces right to left, each with
        its share of the prefix sum. Small ``alpha`` flattens the distribution (more
        variety), large ``alpha`` sharpens it towards the Viterbi segmentation.

        Args:
            word: the word.
            alpha: the smoothing exponent (> 0).
            rng: the source of randomness (pass ``random.Random(seed)`` to replay a run).

        Raises:
            ParameterError: ``alpha <= 0`` or ``rng`` is not a ``random.Random``.

        >>> Unigram([("a", -1.0), ("b", -1.0)]).sample("ab", 1.0, random.Random(0))
        ['a', 'b']
        """
        return self.sample_many(word, alpha, rng, 1)[0]

    def sample_many(self, word: str, alpha: float, rng: random.Random, n: int) -> list[list[str]]:
        """Draw ``n`` segmentations as :meth:`sample` does (the forward pass runs once).

        >>> model = Unigram([("a", -1.0), ("aa", -1.0)])
        >>> len(model.sample_many("aaa", 0.5, random.Random(1), 4))
        4
        """
        return decode.sample_many(self._edges(word), len(word), alpha, rng, n)

    def tokenize(self, text: str) -> list[str]:
        """Encode running text the way sentencepiece does.

        With a ``word_start`` marker: normalise the text
        (:func:`subword_core.text.normalize.sentencepiece_text`: the characters by
        ``normalization``, extra spaces removed, every space a ``▁``, one ``▁`` in front,
        none at the end) and segment the result as one string, so a ``▁`` the text holds is
        a character like the others (and a piece may span two words if the vocabulary has
        one). Without a marker: normalise the characters, split on whitespace and encode
        each word.

        >>> Unigram([("▁a", -1.0), ("b", -1.0)], word_start="▁").tokenize("a b")
        ['▁a', '▁', 'b']
        >>> Unigram([("▁a▁b", -1.0)], word_start="▁").tokenize(" a  b ")
        ['▁a▁b']
        """
        if self.word_start:
            marked = sentencepiece_text(text, self.normalization, marker=self.word_start)
            return self.encode(marked) if marked else []
        words = normalize_chars(text, self.normalization).split()
        return [t for word in words for t in self.encode(word)]


def read_vocab(
    text: str, *, skip: Iterable[str] = SENTENCEPIECE_SPECIALS
) -> list[tuple[str, float]]:
    """Read sentencepiece ``.vocab`` text: ``piece<TAB>score`` per line.

    A TAB is what sentencepiece writes; spaces before the score are accepted too (a text box
    in a browser cannot type a TAB). Blank lines are skipped, and so are the control pieces
    in ``skip`` (``<unk>``, ``<s>``, ``</s>``: they never match text).

    Raises:
        ParameterError: a line without a score, a score that is not a finite number, a
            piece listed twice, or no pieces at all; the message names the line.

    >>> read_vocab("<unk>\\t0\\n▁the\\t-3.29\\nab -4")
    [('▁the', -3.29), ('ab', -4.0)]
    """
    if not isinstance(text, str):
        raise ParameterError(
            f"The .vocab text must be a str, not {type(text).__name__}.",
            code="not_text",
            values={"name": ".vocab", "type": type(text).__name__},
        )
    skipped = set(skip)
    pieces: list[tuple[str, float]] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        if "\t" in line:
            piece, _, value = line.rpartition("\t")
        else:
            parts = line.rsplit(None, 1)
            piece, value = (parts[0], parts[1]) if len(parts) == 2 else (line.strip(), "")
        value = value.strip()
        if not value or not piece:
            raise ParameterError(
                f"Line {number}: “{_short(line)}” should be a piece, a TAB and a score, "
                "like “▁the<TAB>-3.29”.",
                code="vocab_line",
                values={"line": number, "text": _short(line)},
            )
        try:
            score = float(value)
        except ValueError:
            raise ParameterError(
                f"Line {number}: the score “{_short(value)}” of “{_short(piece)}” is not a "
                "number (a log-probability such as -3.29 is expected).",
                code="vocab_score_not_number",
                values={"line": number, "score": _short(value), "piece": _short(piece)},
            ) from None
        if not math.isfinite(score):
            raise ParameterError(
                f"Line {number}: the score of “{_short(piece)}” is {value}; it must be a "
                "finite number.",
                code="vocab_score_not_finite",
                values={"line": number, "piece": _short(piece), "score": value},
            )
        if piece in skipped:
            continue
        if piece in seen:
            raise ParameterError(
                f"Line {number}: the piece “{_short(piece)}” is already listed on line "
                f"{seen[piece]}.",
                code="vocab_piece_repeated",
                values={"line": number, "piece": _short(piece), "first": seen[piece]},
            )
        seen[piece] = number
        pieces.append((piece, score))
    if not pieces:
        raise ParameterError(
            "The .vocab text has no pieces: expect one “piece<TAB>score” a line.",
            code="vocab_no_pieces",
        )
    return pieces


def _check_pieces(pieces: Iterable[tuple[str, float]]) -> list[tuple[str, float]]:
    if isinstance(pieces, str | bytes):
        raise ParameterError(
            "pieces must be (piece, score) pairs, not a string.",
            code="piece_not_pair",
            values={"item": _short(repr(pieces))},
        )
    out: list[tuple[str, float]] = []
    seen: set[str] = set()
    for pair in pieces:
        try:
            piece, score = pair
        except (TypeError, ValueError):
            raise ParameterError(
                f"Each entry must be a (piece, score) pair, not {_short(repr(pair))}.",
                code="piece_not_pair",
                values={"item": _short(repr(pair))},
            ) from None
        if not isinstance(piece, str) or not piece:
            raise ParameterError(
                f"A piece must be non-empty text, not {piece!r}.",
                code="piece_not_text",
                values={"piece": _short(repr(piece))},
            )
        if isinstance(score, bool) or not isinstance(score, int | float):
            raise ParameterError(
                f"The score of {piece!r} must be a number, not {score!r}.",
                code="score_not_number",
                values={"piece": _short(repr(piece)), "score": _short(repr(score))},
            )
        if not math.isfinite(score):
            raise ParameterError(
                f"The score of {piece!r} must be finite, not {score!r}.",
                code="score_not_finite",
                values={"piece": _short(repr(piece)), "score": repr(score)},
            )
        if piece in seen:
            raise ParameterError(
                f"The piece {piece!r} is listed twice.",
                code="piece_repeated",
                values={"piece": _short(repr(piece))},
            )
        seen.add(piece)
        out.append((piece, float(score)))
    if not out:
        raise ParameterError("A unigram model needs at least one piece.", code="no_pieces")
    return out
