"""Settings that follow the corpus: default words to encode, and sizes that must fit it.

Two things change meaning when the student picks another corpus:

- **The default words to encode.** :func:`example_words` picks a few words of the corpus and
  one word that is *not* in it but is built from its pieces (so encoding it shows subwords,
  not ``[UNK]``). :func:`follow_default` keeps a text box on those words while the student has
  not typed in it; what the student typed is never replaced.
- **Sizes** (a vocabulary size below the alphabet, a target every algorithm skips).
  :func:`fit_size` keeps a size the student has not chosen on the corpus's default, and moves
  a chosen size that no longer fits the new corpus to the nearest sensible value, with a note
  that says what was changed and why. A size the student types that does not fit the corpus
  in use is left alone (the page explains it).

How the unseen word is chosen (:func:`unseen_word`), first rule that gives a word:

1. A frequent *stem* (a word of 4+ letters that the corpus also has with at least two
   endings, e.g. ``object`` → ``objects``, ``objected``) plus the most productive ending
   (one that follows at least two stems in the corpus) it is not seen with: ``objecting``.
2. A frequent word with its ending (one shared by at least two words) swapped for another
   shared ending, or added when it has none: ``low`` + ``est`` (from ``newest``, ``widest``)
   gives ``lowest``.
3. Two frequent words written together.

Words of letters only are preferred; the word is never one of the corpus's words.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> words = example_words(Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3}))
    >>> words.seen, words.unseen
    (('lower', 'newest', 'widest'), 'lowest')
    >>> words.text
    'lower newest widest lowest'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import streamlit as st

from subword_core.text.corpus import Corpus
from subword_core.text.examples import EXAMPLES
from ui.app.common import adopt_widget_changes, write_kept
from ui.app.i18n import translator
from ui.draw.html import show_text

t = translator("common")

__all__ = [
    "ExampleWords",
    "SizeRule",
    "example_words",
    "fit_size",
    "follow_default",
    "show_example_label",
    "unseen_word",
]

_TOP = 200  # frequent words considered as stems and endings
_SHOWN_FROM = 50  # the corpus words shown are the longest of this many most frequent ones


@dataclass(frozen=True)
class ExampleWords:
    """Default words to encode: some words of the corpus and one word not in it.

    Attributes:
        seen: Words of the corpus (first-seen order).
        unseen: A word not in the corpus, built from its pieces, or ``None``.

    Example:
        >>> ExampleWords(("hug", "pun"), "hun").text
        'hug pun hun'
    """

    seen: tuple[str, ...]
    unseen: str | None

    @property
    def text(self) -> str:
        """The words as one space-separated text (the unseen word last)."""
        return " ".join((*self.seen, *((self.unseen,) if self.unseen else ())))

    def label(self) -> str:
        """What the words are, in words (plain text; show it escaped).

        Example:
            >>> ExampleWords(("hug",), "hun").label()
            'Example words — from the corpus: hug · not in the corpus: hun (made of its pieces)'
            >>> ExampleWords((), "hun").label()
            'Example word — not in the corpus: hun (made of its pieces)'
        """
        parts = []
        if self.seen:
            parts.append(t("from the corpus: {words}").format(words=_listed(self.seen)))
        if self.unseen:
            parts.append(
                t("not in the corpus: {word} (made of its pieces)").format(word=self.unseen)
            )
        many = len(self.seen) + bool(self.unseen)
        return t.n("Example word — {parts}", "Example words — {parts}", many).format(
            parts=" · ".join(parts)
        )


def _listed(words: Iterable[str]) -> str:
    """Words as a list in the session's language ("a, b"; 中文 "a、b"); after a word that ends
    a sentence (。！？) a space only.

    Example:
        >>> _listed(["lower", "newest"])
        'lower, newest'
        >>> _listed(["我们学习。", "你好"])
        '我们学习。 你好'
    """
    # i18n: between the example words of a list ("lower, newest"); 中文 uses 、
    comma = t(", ")
    out = ""
    for word in words:
        if out:
            out += " " if out[-1] in "。！？.!?" else comma
        out += word
    return out


def _ranked(corpus: Corpus) -> list[tuple[str, int]]:
    """Words of letters (2+ of them) by count, most frequent first; all words if none."""
    words = [(w, c) for w, c in corpus.items if w.isalpha() and len(w) >= 2]
    words = words or list(corpus.items)
    order = {w: i for i, (w, _) in enumerate(words)}
    return sorted(words, key=lambda wc: (-wc[1], order[wc[0]]))


# Small by construction: a few words per corpus. The corpora it is keyed on are the parsed
# ones the corpus picker's shared store already holds (and counts), mostly the same objects.
@lru_cache(maxsize=16)
def example_words(corpus: Corpus, k: int = 3) -> ExampleWords:
    """``k`` words of the corpus (the longest of its frequent ones) and one unseen word.

    Example:
        >>> example_words(Corpus.from_counts({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}))
        ExampleWords(seen=('hug', 'pun', 'hugs'), unseen='hun')
    """
    frequent = _ranked(corpus)[:_SHOWN_FROM]
    rank = {w: i for i, (w, _) in enumerate(frequent)}
    longest = sorted(frequent, key=lambda wc: (-len(wc[0]), rank[wc[0]]))[:k]
    first_seen = {w: i for i, w in enumerate(corpus.words)}
    seen = tuple(sorted((w for w, _ in longest), key=first_seen.__getitem__))
    return ExampleWords(seen, unseen_word(corpus))


def unseen_word(corpus: Corpus) -> str | None:
    """A word not in the corpus, built from its pieces (see the module's rules), or ``None``.

    Example:
        >>> unseen_word(Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3}))
        'lowest'
        >>> unseen_word(Corpus.from_counts({"a": 1}))
    """
    known = {w.lower() for w in corpus.words}
    ranked = _ranked(corpus)
    chars = {ch for w in corpus.words for ch in w}
    written = [ex.unseen for ex in EXAMPLES.values() if ex.unseen]
    for word in written:  # a native speaker's word for a built-in example (issue 28)
        if set(word) <= chars and word.lower() not in known:
            return word
    if sum(_is_cjk(w) for w, _ in ranked[:_TOP]) * 2 > len(ranked[:_TOP]):
        return None  # stems and endings are not how Chinese or Korean words are made
    found = _stem_and_ending(ranked, known)
    for min_stem in (3, 2):
        found = found or _swapped_ending(ranked[:_TOP], known, min_stem)
    if not found and len(ranked) >= 2:
        joined = ranked[0][0] + ranked[1][0]
        found = joined if joined.lower() not in known else None
    return found


def _is_cjk(word: str) -> bool:
    """Whether ``word`` has a Chinese character or a Hangul syllable.

    Example:
        >>> _is_cjk("学校"), _is_cjk("학교"), _is_cjk("school")
        (True, True, False)
    """
    return any("\u4e00" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7a3" for ch in word)


def _stem_and_ending(ranked: list[tuple[str, int]], known: set[str]) -> str | None:
    """Rule 1: a frequent stem plus a productive ending it is not seen with."""
    words = {w for w, _ in ranked if w.isalpha()}
    endings: dict[str, set[str]] = defaultdict(set)  # stem -> its endings in the corpus
    for word in words:
        for k in range(1, 5):
            stem = word[:-k]
            if len(stem) >= 4 and stem in words:
                endings[stem].add(word[-k:])
    productive: dict[str, int] = defaultdict(int)
    for ends in endings.values():
        for end in ends:
            productive[end] += 1
    by_use = sorted((e for e, n in productive.items() if n >= 2), key=lambda e: (-productive[e], e))
    for word, _ in ranked[:_TOP]:
        if len(endings.get(word, ())) < 2:
            continue
        for end in by_use:
            made = word + end
            if end not in endings[word] and word[-1] != end[0] and made.lower() not in known:
                return made
    return None


def _swapped_ending(ranked: list[tuple[str, int]], known: set[str], min_stem: int) -> str | None:
    """Rule 2: a frequent word with its shared ending swapped for (or given) another one."""
    sharing: dict[str, list[int]] = defaultdict(list)
    for word, count in ranked:
        for k in range(1, min(4, len(word) - min_stem) + 1):
            sharing[word[-k:]].append(count)
    shared = {e: sum(c) for e, c in sharing.items() if len(c) >= 2}
    best: tuple[tuple[int, int, str], str] | None = None
    for word, count in ranked:
        own = max((e for e in shared if word.endswith(e)), key=len, default="")
        stem = word[: len(word) - len(own)]
        if len(stem) < min_stem:
            continue
        for end, weight in shared.items():
            made = stem + end
            if end == own or word.endswith(end) or stem[-1] == end[0] or made.lower() in known:
                continue
            key = (-count * len(stem) * weight * len(end), len(made), made)
            if best is None or key < best[0]:
                best = (key, made)
    return best[1] if best else None


# --------------------------------------------------------------------------------------
# Keeping widgets on the corpus
# --------------------------------------------------------------------------------------


def _auto_key(key: str) -> str:
    return f"{key}__auto"


def follow_default(
    key: str,
    default: object,
    *,
    shadow_key: str | None = None,
    initial: Iterable[object] = (),
) -> bool:
    """Keep the widget ``key`` on ``default`` until the student changes it.

    Call before the widget. The value follows the default while it is missing, ``None``, one
    of the ``initial`` values (the view's fixed defaults of before) or still equal to the
    default written last time; anything else is the student's and is left alone. With
    ``shadow_key`` the value is also kept in that dict (see :func:`ui.app.common.restore_widgets`).

    Returns:
        Whether the widget now holds the default.

    Example::

        follow_default("bpe_encode_text", "low lowest")
        # True
    """
    state = st.session_state
    if shadow_key:
        adopt_widget_changes(shadow_key, (key,))  # a persisted widget's change is the student's
    store = state.setdefault(shadow_key, {}) if shadow_key else state
    missing = object()
    value = store.get(key, missing)
    auto = state.get(_auto_key(key), missing)
    if value is missing or value is None or value == auto or value in tuple(initial):
        if shadow_key:
            write_kept(shadow_key, key, default)
        else:
            state[key] = default
        state[_auto_key(key)] = default
        return True
    return False


def show_example_label(
    words: ExampleWords, key: str, *, shadow_key: str | None = None, then: str = ""
) -> None:
    """A small line saying which default words the box holds, while it holds them.

    ``then`` names what follows the words in the box, if anything.

    Example::

        show_example_label(example_words(corpus), "bpe_encode_text")
    """
    state = st.session_state
    store = state.get(shadow_key, {}) if shadow_key else state
    if store.get(key) == state.get(_auto_key(key)):
        label = words.label()
        if then:
            label = t("{words} · then {then}").format(words=label, then=then)
        show_text(label, small=True)


@dataclass(frozen=True)
class SizeRule:
    """How one size setting fits the corpus in use.

    Attributes:
        default: The size for this corpus when the student has not chosen one.
        floor: The smallest size that fits this corpus.
        ceiling: The largest size allowed at all (the app's limit).
        what: The setting's name, e.g. ``"vocabulary size"``.
        why: Why the floor, e.g. ``"this corpus's alphabet alone has 172 tokens"``.
        margin: What a chosen size had above the floor, to keep when moving it, in words
            (``"{n} merges"``); ``None`` moves it to ``default``.
        text: The widget holds text (a text box), not a number.

    Example:
        >>> SizeRule(default=17, floor=7, ceiling=100, what="vocabulary size", why="...").floor
        7
    """

    default: int
    floor: int
    ceiling: int
    what: str
    why: str
    margin: str | None = None
    text: bool = False


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def fit_size(
    shadow_key: str,
    key: str,
    rule: SizeRule,
    *,
    follows: bool | None = None,
    initial: object = None,
    context: Hashable = None,
) -> str | None:
    """Keep the size ``key`` (kept in ``shadow_key``) fitting the corpus; the note to show.

    Call before :func:`ui.app.common.restore_widgets`. A size the student has not chosen (missing,
    or still the default written last time; or as ``follows`` says) becomes ``rule.default``.
    A chosen size below ``rule.floor`` is moved when the floor changed since the last run (a
    new corpus, a setting that changes the alphabet, a link): to the new floor plus what it had
    above the old floor (``rule.margin``), else to ``rule.default``; never above the ceiling.
    A size typed below the floor of the corpus in use is left for the page to explain.

    Args:
        shadow_key: The dict of kept widget values.
        key: The widget's key.
        rule: The corpus's default, floor and ceiling, and how to say why.
        follows: Whether the size follows the corpus (``None``: decide as above).
        initial: The view's fixed default of before, also taken as "not chosen".
        context: What the floor belongs to besides its number (e.g. the corpus), so that the
            same floor of another corpus counts as a change too.

    Returns:
        A plain-text note saying what was moved and why (shown until the size changes), or
        ``None``.

    Example::

        fit_size("wp__widgets", "wp_vocab_size", rule)
        # 'The vocabulary size was 20: ...'
    """
    state = st.session_state
    adopt_widget_changes(shadow_key, (key,))  # a persisted widget's change is the student's
    shadow = state.setdefault(shadow_key, {})
    raw = shadow.get(key)
    note_key, floor_key = f"{key}__note", f"{key}__floor"
    last = state.get(floor_key)
    state[floor_key] = (rule.floor, context)

    def written(n: int) -> object:
        return str(n) if rule.text else n

    if follows is None:
        follows = raw is None or raw == initial or raw == state.get(_auto_key(key))
    if follows:
        shadow[key] = written(rule.default)
        state[_auto_key(key)] = shadow[key]
        state.pop(note_key, None)
        return None
    value = _as_int(raw)
    if value is not None and value < rule.floor and last != (rule.floor, context):
        old_floor = last[0] if last else None
        new = rule.default
        kept = ""
        if rule.margin and old_floor is not None and value > old_floor:
            new = rule.floor + (value - old_floor)
            kept = t(", which keeps the {margin} it had").format(
                margin=rule.margin.format(n=value - old_floor)
            )
        new = max(rule.floor, min(new, rule.ceiling))
        if new != value:
            shadow[key] = written(new)
            state[note_key] = (
                shadow[key],
                t(
                    "Note: the {what} was {value}, but {why}, so it was moved to {new}{kept}. "
                    "Change it as you like."
                ).format(what=rule.what, value=value, why=rule.why, new=new, kept=kept),
            )
    stored = state.get(note_key)
    if stored and stored[0] == shadow.get(key):
        return str(stored[1])
    state.pop(note_key, None)
    return None
