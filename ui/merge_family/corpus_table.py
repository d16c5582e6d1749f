"""The corpus with its current pieces: the rows to show after a step, and their table.

Example:
    >>> segmentation_table_html([("low", 5, ("lo", "w"), True)], "lo").count("<tr>")
    2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from subword_core.bpe import BPEResult
from subword_core.wordpiece import WordPieceResult
from ui.app.common import TABLE_CSS
from ui.app.i18n import translator
from ui.draw.html import badge_html, esc, token_spans_html

__all__ = ["TABLE_ROWS", "corpus_rows", "segmentation_table_html"]

t = translator("common")

TABLE_ROWS = 30


def corpus_rows(
    result: BPEResult | WordPieceResult, step: int
) -> list[tuple[str, int, tuple[str, ...], bool]]:
    """``(word, count, symbols, changed at this step)`` for the words to show after ``step``.

    The tracked words (all of a small corpus, the most frequent of a large one), plus the
    words the step changed that are not tracked (its ``changed_words``): on a large corpus
    a late merge often changes only rare words. At most ``TABLE_ROWS``, the changed first.

    >>> from subword_core.bpe import learn
    >>> corpus_rows(learn({"low": 5, "lower": 2}, 1), 1)[0]
    ('low', 5, ('lo', 'w', '</w>'), True)
    >>> result = learn({"ab": 9, "cd": 1}, 2, min_frequency=1, end_of_word="", history_limit=1)
    >>> [(word, symbols, changed) for word, _, symbols, changed in corpus_rows(result, 2)]
    [('cd', ('cd',), True), ('ab', ('ab',), False)]
    """
    words, counts = result.corpus.words, result.corpus.counts
    changed_now = result.changed_at(step)
    rows = [
        (words[i], counts[i], symbols, i in changed_now)
        for i, symbols in result.segmentation_at(step)
    ]
    shown = {words[i] for i in result.history}
    extra = []
    if 1 <= step <= len(result.steps):
        extra = [
            (c.word, c.count, tuple(c.after), True)
            for c in result.steps[step - 1].changed_words[:TABLE_ROWS]
            if c.word not in shown
        ]
    if extra or len(rows) > TABLE_ROWS:
        # a large corpus: the words this step changed first, then the most frequent others
        rows = sorted(rows + extra, key=lambda r: (not r[3], -r[1]))[:TABLE_ROWS]
    return rows


def segmentation_table_html(
    rows: Iterable[tuple[str, int, tuple[str, ...], bool]],
    new_token: str | None,
    *,
    marker: str | None = None,
    heading: str | None = None,
    render: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None,
) -> str:
    """An HTML table: word, count, its pieces (the new token highlighted), changed badge.

    Args:
        rows: ``(word, count, pieces, changed at this step)``.
        new_token: the token to highlight in changed rows.
        marker: a marker to show muted inside tokens (e.g. ``"</w>"``).
        heading: the pieces column's heading (default: "segmentation after this step", in
            the session's language).
        render: optional display form of the pieces (e.g. word-start markers).
    """
    body = []
    for word, count, pieces, changed in rows:
        highlight = [i for i, s in enumerate(pieces) if changed and s == new_token]
        shown = render(pieces) if render else pieces
        spans = token_spans_html(shown, highlight=highlight, marker=marker)
        # i18n: a badge on a corpus row whose pieces this step changed
        mark = badge_html(t("changed"), "success") if changed else ""
        body.append(
            f"<tr><td>{esc(word)}</td><td style='text-align:right'>{count}</td>"
            f"<td>{spans}</td><td>{mark}</td></tr>"
        )
    if heading is None:
        heading = t("segmentation after this step")
    return (
        f"<table class='sw-table'><thead><tr><th>{esc(t('word'))}</th><th>{esc(t('count'))}</th>"
        f"<th>{esc(heading)}</th><th></th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>" + TABLE_CSS
    )
