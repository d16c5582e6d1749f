"""Pre-tokenization as a visible choice on the pages (core: subword_core.text.pretokenize).

A view declares its page's choice with a :class:`PretokSpec` (its prefix and the algorithm's
conventional default) and registers :meth:`PretokSpec.link_params`, so the choice travels in
share links; the page draws :func:`pretok_panel` and trains on :func:`apply_pretok`'s corpus.

Session-state keys for a spec with prefix ``p``: ``p_pretok`` (the scheme id), ``p_jamo``
(decompose Hangul) and their kept values in ``p__pretok`` (they survive page switches).

Example::

    SPEC = PretokSpec("bpe", "whitespace")
    register_params(SPEC.link_params())
    # in the page
    choice = pretok_panel(SPEC)
    corpus = apply_pretok(require_corpus(), choice)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

import streamlit as st

from subword_core.text.corpus import Corpus
from subword_core.text.pretokenize import SCHEMES, pretokenize, pretokenize_corpus
from ui.app.common import adopt_widget_changes, note_given, persisted
from ui.app.corpus_picker import SOURCE_KEY, keep_frequent_words
from ui.app.i18n import current_language, translator
from ui.app.links import LinkParam, kept_params
from ui.app.presenter import presenting
from ui.draw.html import esc, md_escape, show_html

__all__ = [
    "SCHEME_LABELS",
    "WHY_CJK",
    "Pretok",
    "PretokSpec",
    "apply_pretok",
    "pretok_panel",
    "pretok_words",
    "scheme_label",
]

SCHEME_LABELS: dict[str, str] = {
    "whitespace": "Whitespace only (subword-nmt: the text is already split into words)",
    "bert": "Whitespace + punctuation + one token per CJK character (BERT)",
    "none": "None: the raw sentence, spaces written as ▁ (sentencepiece)",
}
"""Display labels of the schemes in English (links carry the ids, never these); the page
shows :func:`scheme_label`, in the session's language."""

t = translator("common")


def scheme_label(scheme: str) -> str:
    """A scheme's label in the session's language (the id itself for an unknown one).

    Example:
        >>> scheme_label("bert")
        'Whitespace + punctuation + one token per CJK character (BERT)'
    """
    if scheme == "whitespace":
        return t("Whitespace only (subword-nmt: the text is already split into words)")
    if scheme == "bert":
        return t("Whitespace + punctuation + one token per CJK character (BERT)")
    if scheme == "none":
        return t("None: the raw sentence, spaces written as ▁ (sentencepiece)")
    return md_escape(scheme)


def _short(label: str) -> str:
    """A label without its parenthesis (ASCII or full-width)."""
    return label.split(" (")[0].split("（")[0]


def _why_cjk() -> str:
    return t(
        "Why it matters for Chinese and Korean: Chinese running text has no spaces, so with "
        "whitespace only a whole sentence becomes one giant word and 。 or ， end up inside "
        "merges; Korean words (어절) keep their particles and full stops glued on (학교에서, "
        "한다.). BERT cuts every Chinese character and punctuation mark apart first; "
        "sentencepiece, whose rule is the Unigram page's default, cuts nothing and marks "
        "each word start with ▁."
    )


def _jamo_help() -> str:
    return t(
        "학 = ᄒ + ᅡ + ᆨ. By default a Hangul syllable is one character, so merges can only "
        "join whole syllables. Decomposed (Unicode NFD), each syllable is 2 or 3 letters "
        "(jamo), and merges can join letters inside syllables, e.g. a particle's final "
        "consonant."
    )


WHY_CJK = (
    "Why it matters for Chinese and Korean: Chinese running text has no spaces, so with "
    "whitespace only a whole sentence becomes one giant word and 。 or ， end up inside "
    "merges; Korean words (어절) keep their particles and full stops glued on (학교에서, "
    "한다.). BERT cuts every Chinese character and punctuation mark apart first; "
    "sentencepiece, whose rule is the Unigram page's default, cuts nothing and marks "
    "each word start with ▁."
)
"""The one sentence every page shows under the choice."""


@dataclass(frozen=True)
class PretokSpec:
    """One page's pre-tokenization choice: its key prefix, default and offered schemes.

    Until the student picks a scheme, the page uses its default, and the default may follow
    the corpus: a built-in example listed in ``by_example`` (its worked numbers need another
    scheme) brings its own. A scheme the student picked (or a link named) is kept whatever
    the corpus; its kept value is ``None`` while it follows the default, so a link leaves it
    out.

    Attributes:
        prefix: Key prefix (``"bpe"`` gives ``bpe_pretok``, ``bpe_jamo``, ``bpe__pretok``).
        default: The algorithm's conventional scheme.
        schemes: The schemes offered; empty for a page whose rule is fixed (``fixed`` says
            which), e.g. byte-level BPE with GPT-2's rule.
        fixed: The label of a fixed rule, shown instead of the choice: a function that
            gives it in the session's language (the page's ``lambda: t("…")``).
        by_example: ``(example key, scheme)`` pairs: built-in examples whose default here
            is that scheme instead of ``default``.

    Example:
        >>> spec = PretokSpec("uni", "none", by_example=(("seed-hug", "whitespace"),))
        >>> spec.keys, spec.defaults
        (('uni_pretok', 'uni_jamo'), {'uni_pretok': None, 'uni_jamo': False})
        >>> spec.default_for("seed-hug"), spec.default_for("zh")
        ('whitespace', 'none')
    """

    prefix: str
    default: str
    schemes: tuple[str, ...] = SCHEMES
    fixed: Callable[[], str] | None = None
    by_example: tuple[tuple[str, str], ...] = ()

    @property
    def shadow(self) -> str:
        """The session-state key of the kept values."""
        return f"{self.prefix}__pretok"

    @property
    def scheme_key(self) -> str:
        """The scheme's widget key (also its URL name)."""
        return f"{self.prefix}_pretok"

    @property
    def jamo_key(self) -> str:
        """The jamo toggle's widget key (also its URL name)."""
        return f"{self.prefix}_jamo"

    @property
    def keys(self) -> tuple[str, ...]:
        """The link parameters, in the order a link lists them."""
        return (self.scheme_key, self.jamo_key) if self.schemes else (self.jamo_key,)

    @property
    def defaults(self) -> dict[str, object]:
        """The kept values of a fresh session (the scheme ``None``: it follows the default)."""
        out: dict[str, object] = {self.scheme_key: None} if self.schemes else {}
        out[self.jamo_key] = False
        return out

    def default_for(self, source: object) -> str:
        """The scheme used on the corpus ``source`` until the student picks one.

        Args:
            source: The sidebar's corpus source (an example key, ``"type"`` …) or ``None``.

        Example:
            >>> PretokSpec("bpe", "whitespace").default_for("zh")
            'whitespace'
        """
        return dict(self.by_example).get(str(source), self.default)

    def link_params(self) -> tuple[LinkParam, ...]:
        """The link parameters for :func:`ui.app.links.register_params`.

        The scheme is left out of a link while it follows the default (kept as ``None``), and
        a link without it follows the default too.

        Example:
            >>> [(p.key, p.optional) for p in PretokSpec("bpe", "whitespace").link_params()]
            [('bpe_pretok', False), ('bpe_jamo', False)]
        """
        specs: dict[str, tuple] = {self.jamo_key: ("bool",)}
        if self.schemes:
            specs = {self.scheme_key: ("choice", self.schemes), **specs}
        # not optional: None means "the default", never written as null nor read from one
        return tuple(
            replace(p, optional=False) for p in kept_params(self.shadow, self.defaults, specs)
        )


@dataclass(frozen=True)
class Pretok:
    """The chosen pre-tokenization: a scheme id (or ``""`` for a page's fixed rule) and jamo.

    Example:
        >>> Pretok("bert", False).scheme
        'bert'
    """

    scheme: str
    jamo: bool = False


def pretok_panel(spec: PretokSpec, *, note: str = "", default_help: str = "") -> Pretok:
    """Draw the choice (kept across pages, carried by links) and say why it matters.

    Until the student picks a scheme, the page's default for the current corpus is used
    (:meth:`PretokSpec.default_for`); a picked one is kept when the corpus changes.

    Args:
        spec: The page's spec.
        note: A page-specific sentence (plain text, our own words) shown under the choice.
        default_help: The choice's help (plain text); empty: "the default is this
            algorithm's usual one".
    """
    state = st.session_state
    kept = state.setdefault(spec.shadow, dict(spec.defaults))
    keys = (spec.jamo_key, spec.scheme_key) if spec.schemes else (spec.jamo_key,)
    adopt_widget_changes(spec.shadow, keys)  # (a widget drawn with persist_state)
    state[spec.jamo_key] = kept.get(spec.jamo_key, False)
    scheme = ""
    if spec.schemes:
        if kept.get(spec.scheme_key) not in spec.schemes:  # None (the default) or stale
            kept[spec.scheme_key] = None
        scheme = str(kept[spec.scheme_key] or spec.default_for(state.get(SOURCE_KEY)))
        state[spec.scheme_key] = scheme
    note_given(spec.shadow, keys)
    fixed = spec.fixed() if spec.fixed is not None else ""
    title = _short(scheme_label(scheme) if scheme in SCHEME_LABELS else fixed)
    # in presenter mode the choice waits in the (folded) sidebar: the step's essentials
    # must reach the projector's first screen
    box = st.sidebar if presenting() else st.container()
    with box.expander(
        t("Pre-tokenization: {scheme}").format(scheme=md_escape(title)),
        icon=":material/content_cut:",
    ):
        if spec.schemes:
            st.radio(
                t("How the text is cut into words before training"),
                spec.schemes,
                format_func=scheme_label,
                key=spec.scheme_key,
                persist_state=persisted(spec.scheme_key),
                help=md_escape(default_help)
                if default_help
                else t("The default is this algorithm's usual one: {scheme}.").format(
                    scheme=md_escape(_short(scheme_label(spec.default)).lower())
                ),
            )
        else:
            show_html(f"<div>{esc(fixed)}</div>")
        st.toggle(
            t("Korean: decompose Hangul syllables into jamo (NFD)"),
            key=spec.jamo_key,
            persist_state=persisted(spec.jamo_key),
            help=md_escape(_jamo_help()),
        )
        show_html(f"<div class='sw-small'>{esc(_why_cjk())}</div>")
        if note:
            show_html(f"<div class='sw-small'>{esc(note)}</div>")
    scheme = str(state.get(spec.scheme_key, scheme)) if spec.schemes else ""
    return Pretok(scheme, bool(state.get(spec.jamo_key, False)))


@functools.lru_cache(maxsize=32)
def _cut(corpus: Corpus, scheme: str, jamo: bool, lang: str = "en") -> Corpus:
    # lang: the limit notes are worded in the session's language (a key of the cache)
    return keep_frequent_words(pretokenize_corpus(corpus, scheme, jamo=jamo))


def apply_pretok(corpus: Corpus, choice: Pretok) -> Corpus:
    """The corpus the page trains on: ``corpus`` cut by ``choice``, within the corpus limits.

    With the whitespace scheme (or a page's fixed rule) and no jamo, ``corpus`` itself.

    Example:
        >>> c = Corpus.from_counts({"学习。": 2})
        >>> apply_pretok(c, Pretok("bert")).as_dict()
        {'学': 2, '习': 2, '。': 2}
        >>> apply_pretok(c, Pretok("whitespace")) is c
        True
    """
    scheme = choice.scheme or "whitespace"
    if scheme == "whitespace" and not choice.jamo:
        return corpus
    return _cut(corpus, scheme, choice.jamo, current_language())


def pretok_words(text: str, choice: Pretok) -> list[str]:
    """Typed text cut the way the corpus was, without repeats (for the encode boxes).

    Example:
        >>> pretok_words("学习 学习。", Pretok("bert"))
        ['学', '习', '。']
    """
    return list(dict.fromkeys(pretokenize(text, choice.scheme or "whitespace", jamo=choice.jamo)))
