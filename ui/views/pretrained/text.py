"""The pretrained page's text stages in words: special tokens, the normalizer, the
pre-tokenizer and the bytes (everything from a file or typed is escaped).

Example:
    >>> _shortened("<s>")
    '<s>'
"""

from __future__ import annotations

from collections.abc import Sequence

from subword_core.pretrained import (
    AddedTokensStep,
    ByteMapStep,
    NormalizeStep,
    SplitStep,
    Trace,
)
from ui.app.i18n import join_sentences, translator
from ui.draw.html import (
    badge_html,
    esc,
    heading_html,
    token_spans_html,
)

t = translator("pretrained")

# Steps in words
# --------------------------------------------------------------------------------------


def _shortened(token: str, chars: int = 60) -> str:
    """A token as the summary lists it: at most ``chars`` characters (one file's special
    token had 15,000,000, sent whole to the browser at every rerun).

    Example:
        >>> _shortened("<s>"), len(_shortened("x" * 10**6))
        ('<s>', 61)
    """
    return token if len(token) <= chars else token[:chars] + "…"


def _q(text: str) -> str:
    """A quoted token or text, escaped, spaces visible."""
    return token_spans_html([text])


def _added(_trace: Trace, step: AddedTokensStep) -> str:
    pieces = [p for p, _ in step.pieces]
    special = [i for i, (_, added) in enumerate(step.pieces) if added]
    spans = token_spans_html(pieces, highlight=special, highlight_label=t("special"))
    return (
        heading_html(t("Special tokens first"))
        + f"<div>{spans}</div>"
        + "<div class='sw-text'>"
        + esc(
            t(
                "The file's special (added) tokens are found in the text before anything else "
                "and kept whole: they are never normalized, split or merged."
            )
        )
        + "</div>"
    )


def _text_list(texts: Sequence[str]) -> str:
    return token_spans_html(list(texts)) if texts else f"<em>{esc(t('(nothing)'))}</em>"


def _normalize(_trace: Trace, step: NormalizeStep) -> str:
    changed = step.before != step.after
    what = {
        "NFC": t("composes characters (é as one code point)"),
        "NFD": t("decomposes characters (e + a combining accent)"),
        "NFKC": t("replaces compatibility characters (ﬁ → fi, full-width Ａ → A) and composes"),
        "NFKD": t("replaces compatibility characters and decomposes"),
        "Lowercase": t("lower-cases every character"),
        "StripAccents": t("removes combining marks (accents)"),
        "Strip": t("removes spaces at the ends"),
        "BertNormalizer": t(
            "BERT's cleaning: control characters out, every space a plain space, spaces around "
            "Chinese characters, and (uncased models) accents out and lower case"
        ),
        "Nmt": t("removes control characters and turns odd spaces into plain ones"),
        "Precompiled": t(
            "sentencepiece's own normalization rules, compiled into the file: each character "
            "(or short sequence) found in its table is replaced, such as full-width letters, "
            "ligatures, odd spaces and control characters"
        ),
        "Replace": t("replaces a pattern"),
        "Prepend": t("puts a prefix in front"),
    }.get(step.component, "")
    return (
        heading_html(t("Normalizer: {name}").format(name=step.component), what)
        + f"<div class='sw-text'>{esc(t('Before:'))} {_text_list(step.before)}</div>"
        + f"<div class='sw-text'>{esc(t('After:'))} {_text_list(step.after)} "
        + (badge_html(t("changed"), "info") if changed else badge_html(t("no change")))
        + "</div>"
        + _pattern_html(step.pattern, step.content if step.component == "Replace" else None)
        + _replacements(step.replaced)
        + _jamo_note(step)
    )


def _is_jamo(ch: str) -> bool:
    return "\u1100" <= ch <= "\u11ff"


def _jamo_note(step: NormalizeStep) -> str:
    """A sentence when a normalizer took Hangul syllables apart into jamo (NFD): the model
    then tries and counts jamo, so a word of 3 syllables has about 9 characters.

    Example:
        >>> "jamo" in _jamo_note(NormalizeStep("NFD", ("한",), ("\u1112\u1161\u11ab",)))
        True
        >>> _jamo_note(NormalizeStep("NFC", ("한",), ("한",)))
        ''
    """
    syllables = any("\uac00" <= c <= "\ud7a3" for w in step.before for c in w)
    chunks = (chunk for w in step.after for chunk in w.split())
    word = next((chunk for chunk in chunks if any(map(_is_jamo, chunk))), None)
    if not syllables or word is None:
        return ""
    return (
        "<div class='sw-text'>"
        + t(
            "Hangul syllables were taken apart into their letters (jamo, Unicode NFD): {word} "
            "is now {n} characters, and the model below works on these letters, not on "
            "syllables."
        ).format(word=_q(word), n=len(word))
        + "</div>"
    )


def _pattern_html(pattern: str, content: str | None = None) -> str:
    """A Split's or Replace's pattern (and what replaces it), as code."""
    if not pattern:
        return ""
    line = t("Pattern: {pattern}").format(pattern=f"<code>{esc(pattern)}</code>")
    if content is not None:
        replaced = f"<code>{esc(repr(content))}</code>"
        line = join_sentences(line, t("replaced by {content}").format(content=replaced))
    return f"<div class='sw-small'>{line}</div>"


_SHOWN_REPLACEMENTS = 40


def _code_points(text: str) -> str:
    return " ".join(f"U+{ord(c):04X}" for c in text)


def _replacements(replaced: Sequence[tuple[str, str]]) -> str:
    """The list of what a Precompiled normalizer replaced, each with its code points."""
    if not replaced:
        return ""
    nothing = f"<em>{esc(t('(nothing)'))}</em>"
    items = "".join(
        f"<li>{_q(old)} <code>{esc(_code_points(old))}</code> → "
        f"{_q(new) if new else nothing}"
        f"{f' <code>{esc(_code_points(new))}</code>' if new and not new.isascii() else ''}</li>"
        for old, new in replaced[:_SHOWN_REPLACEMENTS]
    )
    more = len(replaced) - _SHOWN_REPLACEMENTS
    rest = f"<li>{esc(t('… and {n} more').format(n=f'{more:,}'))}</li>" if more > 0 else ""
    return (
        "<div class='sw-text'>"
        + esc(
            t.n(
                "{n} replacement, each kind once:",
                "{n} replacements, each kind once:",
                len(replaced),
            ).format(n=f"{len(replaced):,}")
        )
        + f"</div><ul class='sw-small'>{items}{rest}</ul>"
    )


def _split(_trace: Trace, step: SplitStep) -> str:
    what = {
        "ByteLevel": t(
            "GPT-2's rule: a space stays with the word after it; letters, digits and other "
            "symbols are kept apart; 's 't 're 've 'm 'll 'd are split off"
        ),
        "BertPreTokenizer": t("cut at whitespace (dropped) and around every punctuation mark"),
        "Whitespace": t("runs of word characters and runs of other symbols; spaces dropped"),
        "WhitespaceSplit": t("cut at whitespace, which is dropped"),
        "Metaspace": t("every space becomes ▁, and a word starts at each ▁"),
        "Digits": t("digits cut apart"),
        "Punctuation": t("punctuation cut apart"),
        "Split": t("cut at a pattern"),
    }.get(step.component, "")
    return (
        heading_html(t("Pre-tokenizer: {name}").format(name=step.component), what)
        + _pattern_html(step.pattern)
        + "<div class='sw-text'>"
        + esc(t("{n} words:").format(n=len(step.after)))
        + f" {_text_list(step.after)}</div>"
        + "<div class='sw-small'>"
        + esc(t("The model works on each word separately: no token ever crosses a word boundary."))
        + "</div>"
    )


def _bytes(_trace: Trace, step: ByteMapStep) -> str:
    cells = "".join(
        f"<td><code>{b:02x}</code><br>{esc(ch)}</td>"
        for b, ch in zip(step.data, step.mapped, strict=True)
    )
    return (
        heading_html(t("Bytes to printable characters"), t("{n} bytes").format(n=len(step.data)))
        + "<div class='sw-text'>"
        + t(
            "{text} is {n} UTF-8 bytes; each byte is drawn as one printable character (GPT-2's "
            "table: printable bytes stand for themselves, the space 20 becomes Ġ, a newline 0a "
            "becomes Ċ). The merges work on these characters: {mapped}"
        ).format(text=_q(step.text), n=len(step.data), mapped=_q(step.mapped))
        + "</div>"
        f"<table class='sw-table' style='width:auto;text-align:center'><tr>{cells}</tr></table>"
    )
