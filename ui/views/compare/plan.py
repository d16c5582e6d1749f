"""The Compare page's plan: four tokenizers trained on one corpus with one target vocabulary size.

BPE, WordPiece, Unigram and byte-level BPE come from :mod:`subword_core`; this module only
decides how one shared *target vocabulary size* is turned into each trainer's setting, puts
every segmentation on the same footing (the word's characters with the markers stripped), and
draws the result. The data behind every table and chart is built by a plain function that
returns a dataclass or a DataFrame, so tests check it directly.

What the target means for each algorithm (said on the page too):

- **BPE**: the alphabet (each distinct character plus the ``</w>`` symbol) plus one token per
  merge, so ``target - alphabet`` merges are learned (pairs seen once are merged too, so the
  target is reached unless the pairs run out);
- **byte-level BPE**: the 256 byte values plus one token per merge, ``target - 256`` merges;
- **WordPiece** and **Unigram**: the target is their ``vocab_size``, alphabet included.

A target below an algorithm's alphabet skips that algorithm, with the reason.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> corpus = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    >>> [p.setting for p in plan(corpus, 20)]
    [9, 20, 20, None]
    >>> from ui.views.compare.segment import strip_marker
    >>> strip_marker("BPE", "est</w>"), strip_marker("WordPiece", "##est")
    ('est', 'est')"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from subword_core import wordpiece
from subword_core.text.corpus import Corpus
from ui.app.i18n import translator
from ui.app.limits import LIMITS
from ui.app.links import PageLink, kept_params, register_page, register_params
from ui.app.pretok import PretokSpec

t = translator("compare")

Progress = Callable[[int, int], None]


ALGORITHMS: tuple[str, ...] = ("BPE", "WordPiece", "Unigram", "Byte-level BPE")
"""The four algorithms, in the order the page shows them."""

MARKERS: dict[str, str] = {
    "BPE": "</w>",
    "WordPiece": "##",
    "Unigram": "▁",
    "Byte-level BPE": "Ġ",
}
"""The marker each algorithm's tokens may carry (shown muted, stripped for comparing)."""

BYTES = 256
MAX_TARGET = LIMITS.compare_target
WIDGETS_KEY = "cmp__widgets"
WIDGET_DEFAULTS: dict[str, object] = {"cmp_target": "30", "cmp_text": "lowest newer wider 你"}
# The link parameters this view owns (ui.app.links).
register_params(
    kept_params(WIDGETS_KEY, WIDGET_DEFAULTS, {"cmp_target": ("str",), "cmp_text": ("str",)})
)
PRETOK = PretokSpec("cmp", "whitespace")
"""One pre-tokenization for all four, whitespace by default (the words as typed): the page
compares the algorithms on the same words, so none takes its own page's default (BERT for
WordPiece, none ▁ for Unigram); the page says so under the choice."""
register_params(PRETOK.link_params())
register_page("compare", PageLink((*PRETOK.keys, "cmp_target", "cmp_text")))
DEFAULT_TARGET = 30
"""The smallest default target; on a corpus with larger alphabets it follows the corpus."""


# --------------------------------------------------------------------------------------
# The shared target and the four trainers
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How the shared target becomes one algorithm's setting, or why it is skipped.

    Attributes:
        name: one of :data:`ALGORITHMS`.
        alphabet: the size of the algorithm's starting vocabulary.
        setting: merges (BPE, byte-level) or ``vocab_size`` (WordPiece, Unigram);
            ``None`` when skipped.
        meaning: the setting in words.

    >>> Plan("BPE", 11, 9, "11 + 9 merges").skipped
    False
    """

    name: str
    alphabet: int
    setting: int | None
    meaning: str

    @property
    def skipped(self) -> bool:
        """Whether the target is too small for this algorithm."""
        return self.setting is None


def parse_target(text: str) -> tuple[int | None, str | None]:
    """Read the target vocabulary size typed by the student.

    Returns:
        ``(size, None)`` or ``(None, message)``.

    >>> parse_target(" 40 "), parse_target("forty")[1][:20]
    ((40, None), "'forty' is not a who")
    """
    stripped = str(text).strip()
    if not stripped:
        return None, t("Type a target vocabulary size, e.g. 40.")
    try:
        size = int(stripped)
    except ValueError:
        return None, t("{typed} is not a whole number; type a target size such as 40.").format(
            typed=repr(stripped if len(stripped) <= 40 else stripped[:40] + "…")
        )
    if size < 1:
        return None, t("The target vocabulary size must be at least 1.")
    if size > MAX_TARGET:
        return None, t("Keep the target at most {n} so that training stays quick.").format(
            n=f"{MAX_TARGET:,}"
        )
    return size, None


def plan(corpus: Corpus, target: int) -> list[Plan]:
    """Turn one target vocabulary size into each algorithm's setting (in ALGORITHMS order).

    >>> corpus = Corpus.from_counts({"hug": 1, "pug": 1})
    >>> [(p.name, p.alphabet, p.setting) for p in plan(corpus, 8)]  # doctest: +NORMALIZE_WHITESPACE
    [('BPE', 5, 3), ('WordPiece', 4, 8), ('Unigram', 4, 8), ('Byte-level BPE', 256, None)]
    """
    chars = len({ch for word in corpus.words for ch in word})
    out: list[Plan] = []
    bpe_alpha = chars + 1
    out.append(
        _merge_plan("BPE", bpe_alpha, target, f"{chars} characters + the </w> symbol")
        if target >= bpe_alpha
        else _skip("BPE", bpe_alpha, target, f"{chars} characters + the </w> symbol")
    )
    for name, alpha, what in (
        ("WordPiece", len(wordpiece.alphabet_of(corpus)), "word-initial and ## characters"),
        ("Unigram", chars, "characters"),
    ):
        if target >= alpha:
            out.append(
                Plan(
                    name,
                    alpha,
                    target,
                    f"vocab_size = {target}, the alphabet's {alpha} {what} included",
                )
            )
        else:
            out.append(_skip(name, alpha, target, what))
    out.append(
        _merge_plan("Byte-level BPE", BYTES, target, "byte values")
        if target >= BYTES
        else _skip("Byte-level BPE", BYTES, target, "byte values")
    )
    return out


def _merge_plan(name: str, alpha: int, target: int, what: str) -> Plan:
    merges = target - alpha
    return Plan(name, alpha, merges, f"{alpha} ({what}) + {merges} merges")


def _skip(name: str, alpha: int, target: int, what: str) -> Plan:
    return Plan(
        name,
        alpha,
        None,
        f"skipped: it starts from {alpha} tokens ({what}), more than the target {target}",
    )


def display_name(name: str) -> str:
    """An algorithm's name on the page (only byte-level BPE's is translated).

    >>> display_name("BPE"), display_name("Byte-level BPE")
    ('BPE', 'Byte-level BPE')
    """
    return t("Byte-level BPE") if name == "Byte-level BPE" else name


def plan_text(p: Plan, target: int = 0) -> str:
    """What the target means for one algorithm, in the session's language (plain text).

    >>> plan_text(Plan("BPE", 11, 9, ""))
    '11 (10 characters + the </w> symbol) + 9 merges'
    """
    what = {
        "BPE": t("{n} characters + the </w> symbol").format(n=p.alphabet - 1),
        "WordPiece": t("word-initial and ## characters"),
        "Unigram": t("characters"),
        "Byte-level BPE": t("byte values"),
    }.get(p.name, "")
    if p.setting is None:
        return t("it starts from {alpha} tokens ({what}), more than the target {target}").format(
            alpha=p.alphabet, what=what, target=target
        )
    if p.name in ("BPE", "Byte-level BPE"):
        return t("{alpha} ({what}) + {merges} merges").format(
            alpha=p.alphabet, what=what, merges=p.setting
        )
    return t("vocab_size = {target}, the alphabet's {alpha} {what} included").format(
        target=p.setting, alpha=p.alphabet, what=what
    )
