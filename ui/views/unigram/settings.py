"""The Unigram page's settings: the panel, the normalisation and the cached training.

The page calls :func:`normalize_corpus`, :func:`settings_panel` and :func:`train_or_explain`
(the numbers come from :mod:`subword_core.unigram`).

Example:
    >>> UnigramSettings(20).em_iterations
    2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from subword_core.text.corpus import Corpus
from subword_core.text.normalize import NORMALIZATIONS, normalize_chars
from ui.app.common import adopt_widget_changes, persisted, remember, restore_widgets
from ui.app.follow import SizeRule, fit_size
from ui.app.i18n import translator
from ui.app.limits import LIMITS, advice, unigram_max_shrink
from ui.app.presenter import settings_box
from ui.draw.html import md_escape, show_text
from ui.views.unigram.params import _EXTRA, _SEED_LABELS, MAX_VOCAB, WIDGET_DEFAULTS, WIDGETS_KEY

t = translator("unigram")


def _seed_label(key: str) -> str:
    return {
        "substrings": t("Every character + the most frequent substrings"),
        "given": t("My own list (tutorial 001's 15 tokens to start with)"),
    }[key]


def _normalization_label(rule: str) -> str:
    return {
        "none": t("none (the text as it is)"),
        "nfkc": "NFKC",
        "nmt_nfkc": t("nmt_nfkc (sentencepiece's default)"),
    }[rule]


@dataclass(frozen=True)
class UnigramSettings:
    """What a student can change before training.

    >>> UnigramSettings(20).shrinking_factor
    0.75
    """

    vocab_size: int
    seed_list: tuple[str, ...] | None = None
    seed_size: int | None = None
    shrinking_factor: float = 0.75
    em_iterations: int = 2
    max_piece_length: int = 16
    word_start: str = ""
    keep_single_chars: bool = True
    digamma: bool = False
    normalization: str = "none"


@dataclass(frozen=True)
class Normalized:
    """The corpus after the page's normalisation (:func:`normalized_corpus`).

    Attributes:
        corpus: The normalised corpus (the given one when nothing would be left).
        rule: ``"none"``, ``"nfkc"`` or ``"nmt_nfkc"``.
        changed: ``(word, normalised text)`` for every word the rule changed.
        empty: The rule would leave no word at all (then ``corpus`` is the given one).

    >>> Normalized(Corpus.from_counts({"a": 1}), "none").changed
    ()
    """

    corpus: Corpus
    rule: str
    changed: tuple[tuple[str, str], ...] = ()
    empty: bool = False


def normalized_corpus(corpus: Corpus, rule: str) -> Normalized:
    """Each word's text rewritten by ``rule`` (:func:`subword_core.text.normalize.normalize_chars`).

    Words that become equal add up their counts; a word that turns into several (an invisible
    space becomes a space under nmt_nfkc) gives each of them its count; a word that
    disappears (only control characters) is dropped.

    >>> n = normalized_corpus(Corpus.from_counts({"ＡＢＣ": 2, "abc": 1, "ABC": 1}), "nfkc")
    >>> n.corpus.as_dict(), n.changed
    ({'ABC': 3, 'abc': 1}, (('ＡＢＣ', 'ABC'),))
    """
    if rule == "none":
        return Normalized(corpus, rule)
    pairs: list[tuple[str, int]] = []
    changed: list[tuple[str, str]] = []
    for word, count in corpus.items:
        text = normalize_chars(word, rule)
        if text != word:
            changed.append((word, text))
        pairs.extend((part, count) for part in text.split())
    if not pairs:
        return Normalized(corpus, rule, tuple(changed), empty=True)
    if not changed:
        return Normalized(corpus, rule)
    return Normalized(Corpus.from_counts(pairs), rule, tuple(changed))


def normalize_corpus(corpus: Corpus) -> Normalized:
    """The corpus under the normalisation chosen in the settings panel (kept in the shadow)."""
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    # read before the settings panel draws (and restore_widgets takes) the persisted radio
    adopt_widget_changes(WIDGETS_KEY, ("uni_normalization",))
    rule = shadow.get("uni_normalization")
    return _normalized_cached(corpus, rule if rule in NORMALIZATIONS else "none")


@st.cache_data(max_entries=8, show_spinner=False)
def _normalized_cached(corpus: Corpus, rule: str) -> Normalized:
    return normalized_corpus(corpus, rule)


def _normalized_text(before: str, after: str) -> str:
    """``normalised: …`` for a text the rule changed (escaped for a markdown sink)."""
    shown = after.replace(" ", "␠") if after else "∅"
    return md_escape(t("normalised: {before} → {after}").format(before=before, after=shown))


# --------------------------------------------------------------------------------------
# Settings and training
# --------------------------------------------------------------------------------------


def _chars(corpus: Corpus, marker: str) -> int:
    return len({ch for w in corpus.words for ch in marker + w})


def _extra(corpus: Corpus) -> int:
    """How many longer pieces the default vocabulary adds to the characters.

    >>> _extra(Corpus.from_counts({"low": 5, "lower": 2}))
    10
    """
    return max(_EXTRA, min(500, len(corpus) // 2))


def _set_vocab(size: int) -> None:
    st.session_state[WIDGETS_KEY]["uni_vocab_size"] = size
    st.session_state[WIDGETS_KEY]["uni_vocab_touched"] = True


def _vocab_typed() -> None:
    remember(WIDGETS_KEY, "uni_vocab_size")
    st.session_state[WIDGETS_KEY]["uni_vocab_touched"] = True


def _normalized_note(normalized: Normalized | None) -> None:
    """Under the normalisation's choice: which words of the corpus it changed, if any."""
    if normalized is None or not normalized.changed:
        return
    first = normalized.changed[:5]
    st.caption(
        md_escape(
            t.n(
                "{n:,} word of the corpus changed: {examples}.",
                "{n:,} words of the corpus changed: {examples}.",
                len(normalized.changed),
            ).format(
                n=len(normalized.changed),
                examples=", ".join(f"{a} → {b.replace(' ', '␠') or '∅'}" for a, b in first)
                + (" …" if len(normalized.changed) > len(first) else ""),
            )
        )
    )


def _keep(key: str) -> dict[str, object]:
    """A kept widget's keyword arguments: its key, kept across pages (``persist_state``)."""
    return {"key": key, "persist_state": persisted(key)}


def _fit_vocab_size(corpus: Corpus, shadow: dict[str, object], chars: int) -> str | None:
    """Move the vocabulary size into the corpus's range; the note saying so, if it moved."""
    # subtle: until the student types a size, it follows the corpus (see _extra); a typed size
    # that a new corpus's characters outgrow is moved, with a note, never left as a red error
    floor = chars if shadow.get("uni_keep_chars", True) else 1
    return fit_size(
        WIDGETS_KEY,
        "uni_vocab_size",
        SizeRule(
            default=chars + _extra(corpus),
            floor=floor,
            ceiling=MAX_VOCAB,
            what=t("vocabulary size"),
            why=t("this corpus has {n} different characters and every one of them is kept").format(
                n=chars
            ),
            margin=t("{n} longer pieces"),
        ),
        follows=not shadow.get("uni_vocab_touched") or shadow.get("uni_vocab_size") is None,
    )


def _main_widgets(chars: int) -> tuple[Any, str, str, Any, Any, Any]:
    """The first row of settings: size, seed vocabulary, share kept, EM iterations."""
    c1, c2, c3, c4 = st.columns([1, 1.9, 1.2, 1])
    size = c1.number_input(
        t("Vocabulary size"),
        step=1,
        help=t("How many pieces the final vocabulary keeps, single characters included."),
        key="uni_vocab_size",
        persist_state=persisted("uni_vocab_size"),
        on_change=_vocab_typed,
    )
    c1.caption(t("The corpus has {n} different characters.").format(n=int(chars)))
    mode = c2.radio(
        t("Seed vocabulary (where training starts)"),
        list(_SEED_LABELS),
        format_func=_seed_label,
        **_keep("uni_seed_mode"),
    )
    if mode == "given":
        seed_text = c2.text_input(
            t("Seed pieces, separated by spaces"),
            help=t(
                "Characters missing from the list are added; pieces that never occur "
                "in the corpus are dropped (both are reported in step 1)."
            ),
            max_chars=LIMITS.box_chars,
            **_keep("uni_seed_list"),
        )
        seed_size = None
    else:
        seed_text = ""
        seed_size = c2.number_input(
            t("How many substrings (empty: 5 × the vocabulary size, at least 1,000)"),
            step=100,
            placeholder=t("automatic"),
            **_keep("uni_seed_size"),
        )
    shrink = c3.slider(
        t("Share kept by each pruning round"),
        min_value=0.05,
        max_value=unigram_max_shrink(),
        step=0.05,
        help=t(
            "Each round keeps this share of the vocabulary (the pieces whose removal "
            "would cost the most), but never fewer pieces than the vocabulary size. "
            "At most {most:.2f} here: more rounds would make training on a "
            "large corpus too slow (a teacher can raise it with "
            "SUBWORD_LIMIT_UNIGRAM_SHRINK_PCT)."
        ).format(most=float(unigram_max_shrink())),
        **_keep("uni_shrink"),
    )
    em = c4.number_input(
        t("EM iterations per round"),
        step=1,
        help=t(
            "How many times the probabilities are re-estimated before each pruning. "
            "At most {most:,}; on a large corpus fewer run (the page says so), "
            "to keep each round's work within a budget."
        ).format(most=int(LIMITS.unigram_em)),
        **_keep("uni_em"),
    )
    return size, mode, seed_text, seed_size, shrink, em


def _more_widgets(normalized: Normalized | None) -> tuple[Any, bool, bool, bool, str]:
    """Under "More settings": longest substring, ▁, single characters, digamma, normalisation."""
    # the toggles stacked in one wide column: four columns cut their labels to
    # "Mark w…" at 1024 px (a projector), and more so in Korean
    m1, m2 = st.columns([1, 2.2])
    max_len = m1.number_input(
        t("Longest seed substring"),
        step=1,
        help=t("Substrings longer than this are not in the automatic seed."),
        **_keep("uni_max_len"),
    )
    use_marker = m2.toggle(
        t("Mark word starts with ▁ (as sentencepiece does)"),
        help=t(
            "Puts ▁ in front of every word, so a piece at the start of a word "
            "differs from the same letters inside one. Set by the pre-tokenization "
            "above: on for none (▁), off for the others."
        ),
        disabled=True,
        **_keep("uni_marker"),
    )
    keep_chars = m2.toggle(
        t("Always keep single characters"),
        help=t(
            "Off: characters compete like other pieces; a pruned one becomes an "
            "unknown character (scored lowest − 10)."
        ),
        **_keep("uni_keep_chars"),
    )
    digamma = m2.toggle(
        t("Bayesian M-step (sentencepiece's digamma)"),
        help=t(
            "log p = ψ(count) − ψ(total): rare pieces lose more. The probabilities "
            "then no longer add up to 1, and the likelihood may drop."
        ),
        **_keep("uni_digamma"),
    )
    rule = st.radio(
        t("Normalisation (before training and segmenting)"),
        list(NORMALIZATIONS),
        format_func=_normalization_label,
        horizontal=True,
        **_keep("uni_normalization"),
    )
    st.caption(
        t(
            "NFKC rewrites compatibility characters as the plain ones: full-width "
            "letters and ligatures such as Ａ and ﬁ become A and fi. nmt_nfkc also "
            "turns tabs and invisible spaces into spaces and drops control "
            "characters. The default is none because the tutorials work on the raw "
            "text; sentencepiece's default is nmt_nfkc."
        )
    )
    _normalized_note(normalized)
    return max_len, use_marker, keep_chars, digamma, rule


def _size_problems(size: Any, floor: int, chars: int, *, keep_chars: bool) -> bool:
    """Say in red what is wrong with the vocabulary size, if anything (then ``True``)."""
    problems: list[str] = []
    if size is None or int(size) != size:
        problems.append(t("The vocabulary size must be a whole number."))
    elif size < floor:
        problems.append(
            t(
                "The vocabulary size must be at least {floor}: the corpus has {chars} "
                "different characters and every one of them is kept, so that any word can "
                "still be split."
            ).format(floor=int(floor), chars=int(chars))
            if keep_chars
            else t("The vocabulary size must be at least 1.")
        )
    elif size > MAX_VOCAB:
        problems.append(
            t("At most {n:,} pieces: more would make the trace too long.").format(n=int(MAX_VOCAB))
            + " "
            + advice("vocab")
        )
    for problem in problems:
        st.error(problem, icon=":material/warning:")
    return bool(problems)


def _number_problems(em: Any, max_len: Any, seed_size: Any) -> bool:
    """Say in red what is wrong with the EM iterations, the longest substring and the seed's
    size, if anything (then ``True``)."""
    problems: list[str] = []
    if em is None or int(em) != em or em < 1:
        problems.append(t("The number of EM iterations must be a whole number of at least 1."))
    elif em > LIMITS.unigram_em:
        problems.append(
            t(
                "At most {n:,} EM iterations per round here: the likelihood "
                "hardly changes after the first few."
            ).format(n=int(LIMITS.unigram_em))
            + " "
            + advice("unigram_em")
        )
    if max_len is None or int(max_len) != max_len or not 1 <= max_len <= LIMITS.unigram_piece_chars:
        problems.append(
            t("The longest seed substring must be a whole number from 1 to {n:,}.").format(
                n=int(LIMITS.unigram_piece_chars)
            )
            + " "
            + advice("unigram_piece_chars")
        )
    if seed_size is not None and (int(seed_size) != seed_size or seed_size < 1):
        problems.append(t("The number of seed substrings must be a whole number of at least 1."))
    elif seed_size is not None and seed_size > LIMITS.unigram_seed_size:
        problems.append(
            t(
                "At most {n:,} seed substrings here: more would make "
                "training on a large corpus too slow."
            ).format(n=int(LIMITS.unigram_seed_size))
            + " "
            + advice("unigram_seed_size")
        )
    for problem in problems:
        st.error(problem, icon=":material/warning:")
    return bool(problems)


def _seed_pieces(mode: str, seed_text: str) -> tuple[tuple[str, ...] | None, bool]:
    """The typed seed list (``None`` for the automatic seed), and whether it is wrong (said
    in red)."""
    problems: list[str] = []
    pieces: tuple[str, ...] | None = None
    if mode == "given":
        pieces = tuple(seed_text.split())
        if not pieces:
            problems.append(t("The seed list is empty: type at least one piece."))
        elif len(set(pieces)) != len(pieces):
            repeated = sorted({p for p in pieces if pieces.count(p) > 1})
            problems.append(
                t("The seed list names {n} piece(s) twice; remove the repeats.").format(
                    n=len(repeated)
                )
            )
    for problem in problems:
        st.error(problem, icon=":material/warning:")
    return pieces, bool(problems)


def _fix_size_button(size: Any, floor: int, corpus: Corpus) -> None:
    """A button that fixes a vocabulary size below the characters (under the problems)."""
    if size is not None and int(size) == size and size < floor:
        st.button(
            t("Use {size} (the characters plus {n} pieces)").format(
                size=int(floor + _extra(corpus)), n=int(_extra(corpus))
            ),
            key="uni_fix_vocab",
            on_click=_set_vocab,
            args=(floor + _extra(corpus),),
        )


def settings_panel(corpus: Corpus, normalized: Normalized | None = None) -> UnigramSettings | None:
    """Draw the training settings; return them, or ``None`` after saying what is wrong.

    Values are kept across pages (a shadow dict, see :func:`ui.app.common.restore_widgets`);
    invalid values stay as typed. ``normalized`` is what :func:`normalize_corpus` made of
    the corpus (``corpus`` is then its corpus); the panel draws the choice and its effect.
    """
    shadow = st.session_state.setdefault(WIDGETS_KEY, dict(WIDGET_DEFAULTS))
    marker = "▁" if shadow.get("uni_marker") else ""
    chars = _chars(corpus, marker)
    moved = _fit_vocab_size(corpus, shadow, chars)
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        size, mode, seed_text, seed_size, shrink, em = _main_widgets(chars)
        with st.expander(t("More settings")):
            max_len, use_marker, keep_chars, digamma, rule = _more_widgets(normalized)

    if moved:
        show_text(moved, small=True)
    problems: list[str] = []
    if normalized is not None and normalized.empty:
        problems.append(
            t(
                "This normalisation leaves no word of the corpus (they hold only control "
                "characters): choose another one under More settings."
            )
        )
    for problem in problems:
        st.error(problem, icon=":material/warning:")
    # each check says its problems in red, in the order of the panel
    floor = chars if keep_chars else 1
    wrong = _size_problems(size, floor, chars, keep_chars=bool(keep_chars))
    wrong = _number_problems(em, max_len, seed_size) or wrong
    pieces, bad_seed = _seed_pieces(mode, seed_text)
    if problems or wrong or bad_seed:
        _fix_size_button(size, floor, corpus)
        return None
    return UnigramSettings(
        vocab_size=int(size),
        seed_list=pieces,
        seed_size=None if seed_size is None else int(seed_size),
        shrinking_factor=round(float(shrink), 2),
        em_iterations=int(em),
        max_piece_length=int(max_len),
        word_start="▁" if use_marker else "",
        keep_single_chars=bool(keep_chars),
        digamma=bool(digamma),
        normalization=rule if rule in NORMALIZATIONS else "none",
    )
