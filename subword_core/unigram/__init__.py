"""The unigram language model (Kudo 2018): a big seed vocabulary, EM, and pruning by loss.

BPE and WordPiece *grow* a vocabulary one merge at a time. The unigram LM goes the other way:

1. start from a big **seed vocabulary**: every character plus the most frequent substrings of
   the corpus words (counts weighted by how often each word occurs), or a list you give, such
   as seed 001's fifteen tokens for hug / pug / pun / bun / hugs;
2. give every piece a probability. A segmentation of a word has the probability of the
   product of its pieces' probabilities (each piece is assumed independent: a *unigram*
   model), and a word has the sum over all of its segmentations;
3. **EM** re-estimates the probabilities: the E-step weighs every segmentation of every word
   by its probability (forward-backward over the word's *lattice*, the graph of all pieces
   that fit at each position) and adds up each piece's *expected count*; the M-step divides
   each expected count by their sum. The corpus log-likelihood never goes down;
4. **prune**: a piece's *removal loss* is how much the corpus log-likelihood would drop if the
   piece were removed and the words that used it were re-segmented with the pieces left. The
   pieces with the highest losses (a share ``shrinking_factor`` of the vocabulary, at least
   ``vocab_size``) are kept; single characters are always kept, so every word can still be
   segmented. Then EM runs again, until ``vocab_size`` pieces are left.

Encoding a word picks its most probable segmentation with the Viterbi algorithm; the n best
ones, all of them (for short words) and random ones (*subword regularization*: forward
filtering, backward sampling, each segmentation drawn with probability proportional to
``P(segmentation) ** alpha``) are available too. Seed 000 describes these; seed 001 computes
P(pu, g) = 17/210 x 20/210 on its fifteen-token vocabulary.

**Word boundaries.** Training works on a corpus of words with counts, and a word is segmented
on its own: by default no marker is added (as in seed 001). Sentencepiece instead treats a
space as the character ``"▁"`` and puts it in front of every word, so its pieces carry a
word-start marker (``"▁the"``). ``learn(..., word_start="▁")`` does the same to every word,
and a model read from a sentencepiece ``.vocab`` file segments ``"▁" + word``;
:meth:`Unigram.tokenize` adds the model's ``word_start`` for you, :meth:`Unigram.encode`
segments exactly the string it is given.

**Unknown characters.** A position where no single-character piece fits gets a one-character
*unknown* node with the score ``min(score) - 10``, as sentencepiece does, so every word can be
segmented. (Sentencepiece then glues neighbouring unknown characters into one token; here each
stays a token of its own, flagged in the lattice.)

**Ties.** Of two segmentations with exactly the same score, Viterbi keeps the one whose last
piece is longer (then the same rule for the rest), as sentencepiece does: seed 001's "pug" is
p + ug, tied with the seed's pu + g. The n best come in sentencepiece's order too: its A*
search in float32, whose ties come out in the order its binary heap returns them (see
:meth:`Unigram.nbest`); :meth:`Unigram.segmentations` sorts ties by the Viterbi rule instead.

**What differs from sentencepiece's trainer** (its scores and decoding are reproduced
exactly, see the oracle tests): the removal loss here is the exact drop of the summed
(marginal) likelihood, the other pieces keeping their probabilities, where sentencepiece
approximates it from Viterbi segmentations and drops every piece no Viterbi segmentation
uses; the M-step is maximum likelihood unless ``digamma=True``; pruning stops at exactly
``vocab_size`` pieces; the seed comes from word counts, not from a suffix array.

**Long words** (running text without spaces: Chinese, a URL, DNA) cost time linear in their
length for a fixed maximum piece length: the seed counts substrings of at most
``max_piece_length`` characters, one length at a time (so memory holds one length's
substrings); a word too improbable for plain floats gets forward and backward sums
rescaled whenever they fall below ``1e-100`` (one log and one exp per position, none per
node); a piece's loss
needs one pass over the nodes, except for a piece that fits several times in a word, whose
exact loss is recomputed only where it is needed for the ranking, and only between its first
and last node. In a word longer than 64 characters, its nodes are taken in groups, a new
group starting where the next node lies more than 64 characters after the previous one, and
the groups count as independent: the loss is the sum of the groups' exact losses. (A
segmentation forgets what happened 64 characters earlier: on a 3000-character Chinese
paragraph the losses agree with the whole-word ones to 1e-24.) Words of up to 64 characters
are never grouped, so their losses are exact. A group of one node needs no second pass;
a group whose removal leaves less than ``1e-200`` of P(word) is redone in log space, on
the group's window only.

**The trace stays small**: each EM step keeps its ``top_k`` most probable pieces, each pruning
round its ``top_k`` highest losses and ``boundary`` rows on each side of the cut, with counts
of what was left out; the removed pieces of all rounds add up to at most the seed.

How it differs from its siblings: BPE and WordPiece segment a new word deterministically by
their merges or by longest match, while the unigram LM has a probability for *every*
segmentation, which is what makes n-best decoding and sampling possible.

**Where each stage lives** (one file per stage, as in ``tokenizers``' ``models/unigram`` and
sentencepiece's ``unigram_model_trainer.cc``)::

    steps.py       the trace: SeedStep, EMStep, PruneStep, PieceLoss, PieceStat; constants
    lattice.py     the lattice of a word; Viterbi, forward and backward passes
    model.py       Unigram: encode (Viterbi), score, lattice, tokenize; read_vocab (.vocab)
    decode.py      every segmentation, the n best (sentencepiece's A*), sampling
    state.py       the training state (vocabulary, probabilities, every word's lattice)
    seed.py        stage 1, seed: every character plus the most frequent substrings
    em.py          stages 2 and 3: e_step (expected counts), m_step (new probabilities)
    loss.py        stage 4: every piece's removal loss
    prune.py       stage 5: keep the pieces with the highest loss
    long_words.py  rescaled sums for words too improbable for plain floats
    train.py       learn: seed, then EM and pruning rounds until vocab_size; UnigramResult

>>> result = learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9)
>>> len(result.pieces), result.model.encode("hugs")
(9, ['hug', 's'])
>>> model = Unigram([("a", -1.0), ("b", -2.0), ("ab", -2.5)])
>>> model.encode("ab"), [s.pieces for s in model.nbest("ab", 2)]
(['ab'], [('ab',), ('a', 'b')])
"""

from __future__ import annotations

from subword_core.unigram.lattice import (
    Edge,
    Lattice,
    LatticeNode,
    Segmentation,
    lattice_edges,
    length_penalised_score,
)
from subword_core.unigram.lattice import (
    _edge_log_forward as _edge_log_forward,
)
from subword_core.unigram.loss import (
    _clusters as _clusters,
)
from subword_core.unigram.model import (
    Unigram,
    read_vocab,
)
from subword_core.unigram.seed import (
    _substring_counts as _substring_counts,
)
from subword_core.unigram.seed import (
    _top_substrings as _top_substrings,
)
from subword_core.unigram.state import (
    _Trainer as _Trainer,
)
from subword_core.unigram.steps import (
    MAX_ENUMERATED,
    NBEST_MAX,
    SEED_FACTOR,
    SEED_MIN,
    SENTENCEPIECE_SPECIALS,
    UNK_PENALTY,
    EMStep,
    PieceLoss,
    PieceStat,
    PruneStep,
    SeedStep,
    Step,
)
from subword_core.unigram.train import (
    UnigramResult,
    learn,
)
from subword_core.unigram.train import (
    _as_corpus as _as_corpus,
)

__all__ = [
    "MAX_ENUMERATED",
    "NBEST_MAX",
    "SEED_FACTOR",
    "SEED_MIN",
    "SENTENCEPIECE_SPECIALS",
    "UNK_PENALTY",
    "EMStep",
    "Edge",
    "Lattice",
    "LatticeNode",
    "PieceLoss",
    "PieceStat",
    "PruneStep",
    "SeedStep",
    "Segmentation",
    "Step",
    "Unigram",
    "UnigramResult",
    "lattice_edges",
    "learn",
    "length_penalised_score",
    "read_vocab",
]
