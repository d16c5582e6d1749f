"""The app's input policy: every size limit in one place, and what to do when one is hit.

One server is shared by a whole class, so no single input may take minutes or gigabytes.
Every page reads its limits from :data:`LIMITS`; a teacher with a bigger machine can raise
any of them with an environment variable ``SUBWORD_LIMIT_<NAME>`` (e.g.
``SUBWORD_LIMIT_CORPUS_CHARS=10000000 streamlit run app.py``).

When a limit is hit the page says so in plain words, with the number, and what to do instead
(:func:`advice`). Nothing the student typed is thrown away: a corpus over the limit is used
in part and the box keeps all of it.

Example:
    >>> LIMITS.merges
    5000
    >>> Limits.from_env({"SUBWORD_LIMIT_MERGES": "100"}).merges
    100
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

from subword_core.unigram import lattice_edges
from ui.app.i18n import translator

t = translator("common")

__all__ = [
    "LIMITS",
    "PASTE_CHARS",
    "Limits",
    "advice",
    "em_iterations_within",
    "unigram_em_iterations",
    "unigram_max_shrink",
    "word_too_long",
]


@dataclass(frozen=True)
class Limits:
    """The limits (all whole numbers).

    Attributes:
        corpus_chars: characters of corpus text read (a longer text is cut at a word boundary).
        corpus_words: distinct words kept (the most frequent ones beyond this).
        corpus_word_chars: characters in the distinct words kept, added up (the most
            frequent words while they fit; a single longer word is cut). The trainers' work
            and memory grow with this sum, not with the text's length: a text without spaces
            (Chinese running text, a URL, DNA) is one long word, and 5,000,000 characters of
            it took over 6 GB in BPE's index and trace. The pydoc example's distinct words
            hold 77,718 characters.
        upload_mb: size of an uploaded file, in MB.
        session_files: files one session (a browser tab) may hold on the server at once; the
            server refuses another (HTTP 413) until one is removed (:mod:`ui.runtime.upload_guard`).
        session_upload_mb: MB of uploaded files one session may hold on the server at once.
        pretrained_files: files the pretrained page's uploader reads at once (a tokenizer is
            one file, or GPT-2's two); more are refused before any is read.
        box_chars: characters a one-line box or a text to tokenize takes (a word, a marker,
            a target size, a guess…); the browser stops typing there and the server cuts
            longer values it is sent (issue 26: 2,000,000 characters pasted into a box).
        prefill_chars: characters copied into the text box when switching to "type".
        merges: merges learned by BPE and byte-level BPE.
        vocab: vocabulary size of WordPiece and Unigram.
        compare_target: the shared vocabulary size on the Compare page.
        gage_chars: length of the text Gage's compression works on.
        parity_vocab: the vocabulary size on the Parity page (it runs four libraries).
        parity_words: distinct words the Parity page compares.
        dropout_samples: how often one word can be encoded with BPE-dropout at once.
        unigram_samples: how many segmentations Unigram sampling draws at once.
        segmentations: segmentations of one word listed by Unigram (2^(n-1) for n letters).
        lattice_chars: the longest word whose Unigram lattice is drawn.
        link_chars: the longest corpus or text put into a shareable link.
        unigram_word_chars: the longest word Unigram's "Segment a word" tab analyses (its
            lattice, segmentation count and table, n-best and sampling all go per character).
        dropout_word_chars: the longest word the BPE-dropout tab encodes and samples.
        step_word_chars: the longest word whose encoding the BPE and WordPiece encode views
            draw iteration by iteration (the drawing grows with the square of its length).
        notebook_words: the most distinct corpus words an "Open as a notebook" download
            carries (ui/study/notebook.py): the corpus is written into the notebook, and its
            textbook cells recount everything at every step (Unigram recomputes the
            likelihood without each piece: 0.5 s at 4 words, minutes at a few hundred).
        unigram_em: the most EM iterations per pruning round a student may ask for on the
            Unigram page (fewer run on a large corpus: see ``unigram_em_work``).
        unigram_em_work: the EM work a pruning round of the Unigram page may do, counted in
            lattice edges visited: EM iterations × the corpus's lattice edges (each distinct
            word of n characters has at most n × the longest piece's length of them, see
            :func:`subword_core.unigram.lattice_edges`). A round runs as many of the
            iterations asked as fit (:func:`unigram_em_iterations`), at least one, and the
            page says when it ran fewer. Small corpora get all they ask (the paragraph
            example has 1,772 edges: 20 iterations are 35,000); the pydoc example has
            593,439 at pieces of up to 32 characters, so 1,800,000 allows it 3 iterations,
            the cap that kept its worst legal training at 8.7 s (see below).
        unigram_seed_size: substrings in Unigram's automatic seed (5 x the largest
            vocabulary, so the automatic seed at that vocabulary is allowed).
        unigram_piece_chars: the longest substring in Unigram's automatic seed.
        unigram_shrink_pct: the largest share (in percent) of the vocabulary a Unigram
            pruning round keeps; at most 95 whatever it is set to (a round must prune).
            With the four above it bounds the training: at the largest vocabulary on the
            pydoc example, 3 EM iterations (what ``unigram_em_work`` allows there), 100,000
            seed substrings of up to 32 characters and 80% kept per round take 8.7 s on
            this machine under load (20 EM iterations, 200,000 substrings and 95% took over
            3 minutes).
        unigram_nbest: segmentations Unigram's n-best table lists.
        cache_mb: the estimated memory, in MB, of all the results the server keeps to share
            between sessions (trainings, parsed corpora…); the least recently used go first,
            a session over its equal share its own first (:class:`ui.runtime.cache._Budget`).
        training_processes: trainings that run in processes of their own at once (each may
            take a few hundred MB); more wait in a queue, first come first served, and the page
            says where the student stands (:func:`ui.runtime.training.cached_training`).
        isolate_work: the estimated work from which a training runs in a process of its own
            instead of a thread of the server (:func:`ui.runtime.training.cached_training`), so that
            it uses another core and never holds the interpreter lock the other students' steps
            need. The estimate (:func:`ui.runtime.training.training_work`) is the characters of the
            corpus's distinct words times the steps asked (merges, vocabulary size): the seed
            examples are at most 392,000 (the paragraph at 1,000 merges, 0.07 s) and stay in the
            server, where a training starts at once; the pydoc example (77,718 characters) goes to
            its own process from 7 merges on (0.3 s and more). Starting one costs about 20 ms (the
            first one, about a second more). 1 isolates every training; a huge number (e.g. 10**18)
            turns isolation off.
        class_idle_minutes: a live class (:mod:`ui.classroom`) whose teacher changed nothing
            for this long is deleted with its answers.
        class_name_chars: the longest nickname a student may give in a live class.
        class_answer_chars: the longest typed answer in a live class.
        class_joins_per_minute: join attempts (right or wrong codes) a session may make per
            minute, so codes cannot be found by trying.
        class_poll_ms: how often, in milliseconds, a following student's page asks whether
            the teacher changed something (one small read; the page reruns only on a change).
        class_version_ms: how long, in milliseconds, one app process reuses a class's version
            it read (every follower of the class in the process polls it: one read per this
            time, not one per follower; it delays a step by at most this long).
    """

    corpus_chars: int = 5_000_000
    corpus_words: int = 50_000
    corpus_word_chars: int = 100_000
    upload_mb: int = 20
    session_files: int = 8
    session_upload_mb: int = 64
    pretrained_files: int = 2
    box_chars: int = 20_000
    prefill_chars: int = 20_000
    merges: int = 5_000
    vocab: int = 20_000
    compare_target: int = 5_000
    gage_chars: int = 2_000
    parity_vocab: int = 2_000
    parity_words: int = 3_000
    dropout_samples: int = 5_000
    unigram_samples: int = 20_000
    segmentations: int = 1_000
    lattice_chars: int = 40
    link_chars: int = 1_500
    unigram_word_chars: int = 200
    dropout_word_chars: int = 40
    step_word_chars: int = 100
    unigram_em: int = 20
    unigram_em_work: int = 1_800_000
    unigram_seed_size: int = 100_000
    unigram_piece_chars: int = 32
    unigram_shrink_pct: int = 80
    unigram_nbest: int = 200
    cache_mb: int = 512
    isolate_work: int = 500_000
    notebook_words: int = 300
    class_idle_minutes: int = 180
    class_name_chars: int = 24
    class_answer_chars: int = 100
    class_joins_per_minute: int = 5
    class_poll_ms: int = 1_000
    class_version_ms: int = 250
    training_processes: int = 4

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The defaults, each overridden by ``SUBWORD_LIMIT_<NAME>`` if set to a number >= 1.

        Example:
            >>> Limits.from_env({"SUBWORD_LIMIT_VOCAB": "oops"}).vocab  # ignored: not a number
            20000
        """
        environ = os.environ if environ is None else environ
        values: dict[str, int] = {}
        for f in fields(cls):
            raw = environ.get(f"SUBWORD_LIMIT_{f.name.upper()}", "").strip()
            if raw.isdigit() and int(raw) >= 1:
                values[f.name] = int(raw)
        return cls(**values)


LIMITS = Limits.from_env()
"""The limits in force (read once, when the app starts)."""

PASTE_CHARS = LIMITS.upload_mb * 1_000_000
"""Characters a box for a pasted file or corpus takes: as much as an upload may hold (the
corpus read from it is then cut at ``corpus_chars``, and the box keeps all of it)."""


def unigram_max_shrink(limits: Limits | None = None) -> float:
    """The largest share a Unigram pruning round may keep (``unigram_shrink_pct``, at most 95%).

    Example:
        >>> unigram_max_shrink(), unigram_max_shrink(Limits(unigram_shrink_pct=100))
        (0.8, 0.95)
    """
    return min((limits or LIMITS).unigram_shrink_pct, 95) / 100


def em_iterations_within(work_budget: int, edges: int, asked: int) -> int:
    """The EM iterations per round that fit ``work_budget`` (lattice edges visited per
    pruning round), at most ``asked`` and at least 1 (a round needs one).

    The page's policy (the budget is ``unigram_em_work``): the core trainer runs the
    iterations it is given, and :func:`subword_core.unigram.lattice_edges` says what one costs.

    >>> em_iterations_within(1_800_000, 1_772, 10)  # a small corpus: all that was asked
    10
    >>> em_iterations_within(1_800_000, 593_439, 10)  # pydoc, pieces up to 32 characters
    3
    >>> em_iterations_within(1_800_000, 50_000_000, 10)  # over the budget: one all the same
    1
    """
    if edges <= 0:
        return max(1, asked)
    return max(1, min(asked, work_budget // edges))


def unigram_em_iterations(
    asked: int, words: Iterable[str], max_piece_length: int, limits: Limits | None = None
) -> tuple[int, int]:
    """The EM iterations per round to run for ``asked`` on ``words`` (as trained, markers
    included) within ``unigram_em_work``, and the lattice edges one iteration visits.

    Example:
        >>> unigram_em_iterations(10, ["hug", "pug"], 16)
        (10, 12)
        >>> unigram_em_iterations(10, ["x" * 100_000], 32)[0]  # one huge word: one iteration
        1
    """
    edges = lattice_edges(words, max_piece_length)
    budget = (limits or LIMITS).unigram_em_work
    return em_iterations_within(budget, edges, asked), edges


def word_too_long(length: int, name: str, view: str) -> str:
    """The message for a word longer than the limit ``name`` allows in ``view`` (plain text).

    It holds only numbers and the view's name, never the word, so any element may show it.

    Example:
        >>> word_too_long(6000, "unigram_word_chars", "this tab")[:55]
        'This word has 6,000 characters; this tab takes words of'
    """
    limit = getattr(LIMITS, name)
    return t(
        "This word has {length} characters; {view} takes words of up to {limit} characters, "
        "because it works character by character. Type a shorter word (a part of this one), "
        "or a teacher can raise the limit with {variable}."
    ).format(
        length=f"{length:,}",
        view=view,
        limit=f"{limit:,}",
        variable=f"SUBWORD_LIMIT_{name.upper()}",
    )


def advice(name: str) -> str:
    """What to do instead when the limit ``name`` is hit (plain text, one sentence).

    Example:
        >>> advice("merges").startswith("Learn fewer merges")
        True
    """
    variable = f"SUBWORD_LIMIT_{name.upper()}"
    cli = "python -m subword_core learn-bpe"
    if name == "corpus_chars":
        tip = t(
            "To learn from all of it, use the command line ({cli}), or a teacher can raise the "
            "limit with {variable}."
        )
    elif name == "corpus_words":
        tip = t(
            "The rarest words matter least for the first merges; to use them all, use the "
            "command line ({cli}), or a teacher can raise the limit with {variable}."
        )
    elif name == "corpus_word_chars":
        tip = t(
            "Text without spaces is one long word: split it into lines or sentences if that "
            "suits the lesson, use the command line ({cli}), or a teacher can raise the limit "
            "with {variable}."
        )
    elif name == "merges":
        tip = t(
            "Learn fewer merges here (the first few hundred show the idea), use the command "
            "line for more, or a teacher can raise the limit with {variable}."
        )
    elif name == "vocab":
        tip = t("Choose a smaller vocabulary, or a teacher can raise the limit with {variable}.")
    elif name == "unigram_em":
        tip = t(
            "Choose fewer (the first iterations change the most), or a teacher can raise the "
            "limit with {variable}."
        )
    elif name == "unigram_em_work":
        tip = t(
            "For more, choose a smaller corpus or a shorter longest seed substring, or a "
            "teacher can raise the limit with {variable}."
        )
    elif name == "unigram_seed_size":
        tip = t(
            "Choose fewer, or leave the box empty for the automatic size, or a teacher can "
            "raise the limit with {variable}."
        )
    else:
        tip = t("Choose a smaller value, or a teacher can raise the limit with {variable}.")
    return tip.format(cli=cli, variable=variable)
