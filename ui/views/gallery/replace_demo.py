"""The gallery's demonstration of tutorial 004's ``str.replace`` merge, recomputed next to the
symbol-level merge on a corpus where it goes wrong.

Example:
    >>> buggy_replace_merge("xa b", ("a", "b"))
    'xab'
"""

from __future__ import annotations

from subword_core.bpe import learn, merge_symbols
from ui.app.i18n import translator
from ui.draw.html import badge_html, esc, show_html, token_spans_html

t = translator("gallery")

REPLACE_DEMO: dict[str, int] = {"xa": 6, "ab": 5, "xab": 1}
"""A corpus on which tutorial 004's ``str.replace`` merge goes wrong (at the second merge)."""

# --------------------------------------------------------------------------------------
# Tutorial 004's str.replace merge, next to the symbol-level merge
# --------------------------------------------------------------------------------------


def buggy_replace_merge(symbols: str, pair: tuple[str, str]) -> str:
    """THE BUGGY METHOD (tutorial 004): merge a pair by plain string replacement.

    ``symbols`` is a word written as space-separated symbols. Replacing the text
    ``"a b"`` also hits ``"xa b"``, whose symbols are ``xa`` and ``b``, not ``a`` and ``b``.

    Example:
        >>> buggy_replace_merge("a b c", ("a", "b"))
        'ab c'
        >>> buggy_replace_merge("xa b", ("a", "b"))  # wrong: xa + b is not the pair a + b
        'xab'
    """
    return symbols.replace(f"{pair[0]} {pair[1]}", pair[0] + pair[1])


def replace_demo_rows(
    corpus: dict[str, int] | None = None, num_merges: int = 2
) -> list[tuple[int, str, str, str, str, bool]]:
    """Apply each learned merge both ways; one row per word per merge.

    The merges are learned correctly (:func:`subword_core.bpe.learn`, no end marker); each is
    then applied to the previous correct symbols with :func:`buggy_replace_merge` and with
    :func:`subword_core.bpe.merge_symbols`.

    Returns:
        ``(merge number, "a + b", before, buggy after, correct after, differ)``, symbols
        written space-separated.

    Example:
        >>> rows = replace_demo_rows()
        >>> [r[1:5] for r in rows if r[5]]
        [('a + b', 'xa b', 'xab', 'xa b')]
    """
    words = dict(REPLACE_DEMO if corpus is None else corpus)
    result = learn(words, num_merges, end_of_word="", min_frequency=1)
    current = {w: list(w) for w in words}
    rows = []
    for number, pair in enumerate(result.merges, start=1):
        for word in words:
            before = " ".join(current[word])
            buggy = buggy_replace_merge(before, pair)
            correct = merge_symbols(current[word], pair)[0]
            after = " ".join(correct)
            rows.append((number, f"{pair[0]} + {pair[1]}", before, buggy, after, buggy != after))
            current[word] = correct
    return rows


def _replace_demo() -> None:
    """The str.replace demonstration (tutorial 004's erratum), as an HTML table."""
    corpus = ", ".join(f"{w} ×{c}" for w, c in REPLACE_DEMO.items())
    body = []
    for number, pair, before, buggy, correct, differ in replace_demo_rows():
        mark = badge_html(t("wrong"), "error") if differ else badge_html(t("same"), "success")
        body.append(
            f"<tr><td>{number}</td><td><code>{esc(pair)}</code></td>"
            f"<td>{token_spans_html(before.split())}</td>"
            f"<td>{token_spans_html(buggy.split())}</td>"
            f"<td>{token_spans_html(correct.split())}</td><td>{mark}</td></tr>"
        )
    head = "".join(
        f"<th>{esc(h)}</th>"
        for h in (
            t("merge"),
            t("pair"),
            t("before"),
            t("buggy: str.replace"),
            t("correct: merge_symbols"),
            "",
        )
    )
    show_html(
        "<p class='sw-text'>"
        + t(
            "Corpus {corpus}, no end marker. BPE learns x+a (7 times), then a+b (6 times). "
            "Each merge is applied to every word two ways: <strong>the buggy method</strong>, "
            '<code>str.replace("a b", "ab")</code> on the space-separated symbols as tutorial 004 '
            "does, and the app's symbol-level merge "
            "(<code>subword_core.bpe.merge_symbols</code>), which only joins a symbol "
            "<code>a</code> followed by a symbol <code>b</code>."
        ).format(corpus=esc(corpus))
        + "</p>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
        "<style>.sw-table{border-collapse:collapse;width:100%}.sw-table td,.sw-table th"
        "{padding:.25em .6em;border-bottom:1px solid rgba(128,128,128,.3);text-align:left}"
        "</style>"
        "<p class='sw-text'>"
        + t(
            "In “xab” the symbols after merge 1 are <code>xa</code> and <code>b</code>: there "
            "is no pair a + b in it, yet the text <code>xa b</code> contains <code>a b</code>, "
            "so string replacement makes <code>xab</code>, a symbol no merge created. "
            "(Sennrich et al.'s code avoids this with a regular expression that only matches "
            "whole symbols.)"
        )
        + "</p>"
    )


# --------------------------------------------------------------------------------------
# The page
# --------------------------------------------------------------------------------------
