"""The corpus picker's bounds: a corpus cut to the limits of :data:`ui.app.limits.LIMITS`, with a
note that says what was left out and how to raise the limit.

Example:
    >>> within_limits("low lower")
    ('low lower', None)
"""

from __future__ import annotations

from subword_core.text.corpus import Corpus
from ui.app.i18n import join_sentences, translator
from ui.app.limits import LIMITS, advice

t = translator("common")


def within_limits(text: str) -> tuple[str, str | None]:
    """Cut ``text`` to the corpus limit (:data:`ui.app.limits.LIMITS`) at a word boundary.

    Returns:
        ``(text to use, note or None)``; the note says what was cut and what to do instead.

    Example:
        >>> within_limits("low lower")
        ('low lower', None)
    """
    limit = LIMITS.corpus_chars
    if len(text) <= limit:
        return text, None
    cut = max(text.rfind(" ", 0, limit), text.rfind("\n", 0, limit))
    used = text[: cut if cut > 0 else limit]
    note = t(
        "Limit: the text has {n} characters; the first {used} are used (the limit is {limit})."
    ).format(n=f"{len(text):,}", used=f"{len(used):,}", limit=f"{limit:,}")
    return used, join_sentences(note, advice("corpus_chars"))


def keep_frequent_words(corpus: Corpus) -> Corpus:
    """Keep the most frequent words within the limits (with a note for each limit hit).

    Two limits of :data:`ui.app.limits.LIMITS` apply: ``corpus_words`` (how many distinct words)
    and ``corpus_word_chars`` (their characters added up; a single word longer than that is
    cut to its first ``corpus_word_chars`` characters). Equal counts keep first-seen order.

    Example:
        >>> keep_frequent_words(Corpus.from_counts({"low": 5})).words
        ('low',)
    """
    notes: list[str] = []
    items = list(corpus.items)
    budget = LIMITS.corpus_word_chars
    cut = {i: len(w) for i, (w, _) in enumerate(items) if len(w) > budget}
    for i in cut:
        items[i] = (items[i][0][:budget], items[i][1])
    ranked = sorted(range(len(items)), key=lambda i: -items[i][1])
    kept: list[int] = []
    used = 0
    for i in ranked:
        if len(kept) == LIMITS.corpus_words or used + len(items[i][0]) > budget:
            break
        kept.append(i)
        used += len(items[i][0])
    notes += [
        t(
            "Limit: a word of {n} characters (text without spaces is one word) is cut to its "
            "first {limit}."
        ).format(n=f"{cut[i]:,}", limit=f"{budget:,}")
        + " "
        + advice("corpus_word_chars")
        for i in kept
        if i in cut
    ]
    if len(kept) < len(items):
        dropped = sum(items[i][1] for i in ranked[len(kept) :])
        numbers = {
            "n": f"{len(items):,}",
            "kept": f"{len(kept):,}",
            "used": f"{used:,}",
            "limit": f"{budget:,}",
            "dropped": f"{dropped:,}",
        }
        if len(kept) == LIMITS.corpus_words:
            name = "corpus_words"
            note = t.n(
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used "
                "({dropped} occurrence of rarer words is left out).",
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used "
                "({dropped} occurrences of rarer words are left out).",
                dropped,
            )
        else:
            name = "corpus_word_chars"
            note = t.n(
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used, "
                "{used} characters in all (the limit is {limit} characters in distinct words) "
                "({dropped} occurrence of rarer words is left out).",
                "Limit: the corpus has {n} distinct words; the {kept} most frequent are used, "
                "{used} characters in all (the limit is {limit} characters in distinct words) "
                "({dropped} occurrences of rarer words are left out).",
                dropped,
            )
        notes.append(join_sentences(note.format(**numbers), advice(name)))
    if not notes:
        return corpus
    merged: dict[str, int] = {}
    for i in sorted(kept):  # first-seen order, as everywhere else
        word, count = items[i]
        merged[word] = merged.get(word, 0) + count  # a cut word may equal another word
    return Corpus(tuple(merged.items()), corpus.source_format, (*corpus.notes, *notes))
