"""BPE, encode & decode (``pages/bpe_encode.py``): priority encoding iteration by iteration,
the decoding back, the segmentation quiz, and merges learned elsewhere (codes, tokenizer.json).

Example:
    >>> from subword_core.bpe import BPEModel
    >>> segmentation_verdict(BPEModel((("l", "o"), ("lo", "w"))), "low", ["low"])[0]
    True
"""

from __future__ import annotations

from itertools import pairwise

import streamlit as st

from subword_core.bpe import BPEModel, EncodeStep
from subword_core.errors import SubwordError
from subword_core.formats import tokenizer_json
from subword_core.textbook import code
from ui.app.common import TABLE_CSS
from ui.app.corpus_picker import decode_upload, error_text
from ui.app.i18n import join_sentences, sentence_gap, translator
from ui.app.limits import LIMITS, PASTE_CHARS, word_too_long
from ui.app.quiz import boundaries, segmentation_gate
from ui.classroom import class_gate, split_ask
from ui.draw.html import badge_html, esc, md_escape, show_html, show_text, token_spans_html
from ui.merge_family.words import pair_html, symbol_html
from ui.study.code_panel import code_panel

__all__ = ["explain_encode_step", "imported_model", "render_encode", "segmentation_verdict"]

t = translator("bpe")


def explain_encode_step(step: EncodeStep) -> str:
    """One iteration of priority encoding in words (HTML)."""
    known = [(rank, pair) for pair, rank in step.pairs if rank is not None]
    if step.merged is None:
        if not step.pairs:
            return t("The word is a single symbol: nothing to merge. Done.")
        if len(step.pairs) == 1:
            return t("The only pair left was never learned, so encoding stops.")
        return t("None of the {n} pairs left was ever learned, so encoding stops.").format(
            n=len(step.pairs)
        )
    others = len(known) - 1
    tail = (
        t("It has the lowest merge number of the {n} learned pairs present.").format(n=len(known))
        if others
        else t("It is the only learned pair present.")
    )
    merged = t.n(
        "It is merged once (left to right), giving {symbol}.",
        "It is merged {n} times (left to right), giving {symbol}.",
        len(step.positions),
    ).format(n=len(step.positions), symbol=symbol_html("".join(step.merged)))
    return join_sentences(
        t("{pair} was learned as merge <strong>#{rank}</strong>.").format(
            pair=pair_html(step.merged), rank=step.rank
        ),
        tail,
        merged,
    )


def _encode_step_html(step: EncodeStep, marker: str | None, unk: str | None) -> str:
    """One iteration of priority encoding as a bordered block (HTML)."""
    merged = "".join(step.merged) if step.merged else None
    pairs = []
    for pair, rank in step.pairs:
        style = "font-weight:700;text-decoration:underline" if pair == step.merged else ""
        number = f"#{rank}" if rank is not None else t("not learned")
        pairs.append(
            f"<span style='white-space:nowrap;{style}'>{pair_html(pair)} "
            f"<small>({number})</small></span>"
        )
    after = ""
    if merged is not None:
        highlight = [i for i, s in enumerate(step.result) if s == merged]
        spans = token_spans_html(
            step.result,
            highlight=highlight,
            marker=marker,
            unk=unk,
            highlight_label=t("merged"),
        )
        after = f"<div>→ {spans}</div>"
    iteration = t("Iteration {n}.").format(n=step.number)
    return (
        "<div style='border-left:3px solid rgba(128,128,128,.5);padding:.2em .8em;margin:.4em 0'>"
        f"<div><strong>{iteration}</strong>{sentence_gap(iteration, '')}"
        f"{token_spans_html(step.symbols, marker=marker, unk=unk)}</div>"
        "<div class='sw-small'>"
        f"{t('Pairs present: {pairs}').format(pairs=t('; ').join(pairs) or '—')}</div>"
        f"<div>{explain_encode_step(step)}</div>{after}</div>"
    )


def imported_model() -> BPEModel | None:
    """A model trained elsewhere: a subword-nmt codes file or a BPE ``tokenizer.json``.

    Pasted or uploaded; the format is recognised by the first character (``{`` for JSON).
    Returns ``None`` after saying what is missing or wrong (the pasted text is kept).
    """
    st.text_area(
        t("Paste a subword-nmt codes file (one merge “left right” per line) or a tokenizer.json"),
        key="bpe_codes_text",
        max_chars=PASTE_CHARS,
        height=150,
        placeholder="#version: 0.2\ne s\nes t</w>\nl o",
    )
    upload = st.file_uploader(
        t("…or upload one"),
        type=["txt", "codes", "bpe", "json"],
        key="bpe_codes_upload",
        max_upload_size=20,
    )
    text = st.session_state.get("bpe_codes_text") or ""
    name = t("the pasted text")
    if upload is not None:
        try:
            text, _ = decode_upload(upload.getvalue())
        except SubwordError as err:
            show_text(error_text(err))
            return None
        name = upload.name
    if not text.strip():
        st.info(t("Paste or upload a codes file or a tokenizer.json to use its merges here."))
        return None
    is_json = text.lstrip().startswith("{")
    try:
        model = tokenizer_json.bpe_from_json(text) if is_json else BPEModel.from_codes(text)
    except SubwordError as err:
        st.error(
            t("This is not a BPE tokenizer.json yet:")
            if is_json
            else t("This is not a codes file yet:")
        )
        show_text(error_text(err))
        return None
    marker = (
        t("the marker {marker} glued to the last letter").format(marker=model.end_of_word)
        if model.attach_end_of_word and model.end_of_word
        else t("the marker {marker} as a symbol of its own").format(marker=model.end_of_word)
        if model.end_of_word
        else t("no end-of-word marker")
    )
    read = (
        t("Read {name} as a tokenizer.json: {n} merges, {marker}.")
        if is_json
        else t("Read {name} as a codes file: {n} merges, {marker}.")
    )
    show_text(read.format(name=name, n=f"{len(model.merges):,}", marker=marker), small=True)
    return model


def _pieces(tokens: list[str]) -> str:
    return " ".join(f"<code>{esc(t)}</code>" for t in tokens)


def segmentation_verdict(model: BPEModel, word: str, guess: list[str]) -> tuple[bool, str]:
    """Right or wrong, and why, for a student's typed segmentation of ``word`` (HTML).

    The guess is compared without end-of-word markers (typing them is allowed). When it is
    wrong, the reason is the first merge that joins across one of the student's boundaries,
    or the pair of final tokens that no learned merge joins; it does not give the tokens away,
    so the student can guess again.

    >>> model = BPEModel((("l", "o"), ("lo", "w"), ("e", "s")))
    >>> segmentation_verdict(model, "lowes", ["low", "es"])[0]
    True
    >>> right, why = segmentation_verdict(model, "lowes", ["lo", "wes"])
    >>> right, "merge 2" in why
    (False, True)
    """
    tokens = model.encode(word)
    expected = model.strip_marker(tokens)
    typed = model.strip_marker(guess)
    if typed == expected:
        used = [s for s in model.encode_steps(word) if s.merged is not None]
        how = t(", ").join(
            t("{pair} (merge {rank})").format(pair=pair_html(s.merged), rank=s.rank)
            for s in used
            if s.merged
        )
        return True, (
            t("Right: {pieces}.").format(pieces=_pieces(expected))
            + (
                " "
                + t("The merges applied, in the order they were learned: {merges}.").format(
                    merges=how
                )
                if how
                else ""
            )
        )
    if model.unk_token and model.unk_token in tokens:
        return False, t(
            "Not quite: characters never seen in training become {unk}, and no merge involves them."
        ).format(unk=f"<code>{esc(model.unk_token)}</code>")
    if "".join(typed) != word:
        return False, t(
            "Your pieces spell “{typed}”, not “{word}”. Type the word's letters with spaces "
            "where you expect the token boundaries."
        ).format(typed=esc("".join(typed)), word=esc(word))
    cuts = boundaries(typed)
    marker = model.end_of_word

    def width(symbol: str) -> int:
        return len(symbol) - (len(marker) if marker and symbol.endswith(marker) else 0)

    for step in model.encode_steps(word):
        if step.merged is None:
            break
        offsets = [0]
        for symbol in step.symbols:
            offsets.append(offsets[-1] + width(symbol))
        crossed = [offsets[i + 1] for i in step.positions if offsets[i + 1] in cuts]
        if crossed:
            left = word[: crossed[0]]
            return False, t(
                "Not quite. At iteration {n} the learned pair with the lowest merge number is "
                "{pair} (merge {rank}); it joins across your boundary after “{left}”, so those "
                "two pieces cannot stay apart. BPE does not look for a good split: it replays "
                "the merges in the order they were learned."
            ).format(n=step.number, pair=pair_html(step.merged), rank=step.rank, left=esc(left))
    # no merge crossed a boundary of the guess: the model stopped earlier than the guess
    offset = 0
    for left, right in pairwise(tokens):
        offset += width(left)
        if 0 < offset < len(word) and offset not in cuts:
            return False, t(
                "Not quite. Your pieces need {pair} to be merged, but that pair was never "
                "learned, so encoding stops with them apart."
            ).format(pair=pair_html((left, right)))
    return False, t("Not quite: the model gives {pieces}.").format(  # pragma: no cover
        pieces=_pieces(expected)
    )


def _encode_hidden(model: BPEModel, word: str, *, quiz: bool) -> bool:
    """Ask how ``word`` splits (the quiz, a live class's question); True while unanswered."""
    if quiz and not segmentation_gate(
        "bpe_encode",
        model,
        word,
        lambda guess: segmentation_verdict(model, word, guess),
        hint=" ".join(word[i : i + 2] for i in range(0, len(word), 2)),
    ):
        st.caption(t("The tokens and the iterations appear once you have answered."))
        return True
    return not class_gate(  # a live class's question (ui.classroom)
        split_ask(
            "bpe_encode",
            word,
            lambda guess: segmentation_verdict(model, word, guess),
            model.encode(word),
            strip=model.strip_marker,
            hint=" ".join(word[i : i + 2] for i in range(0, len(word), 2)),
        )
    )


def _text_tokens(model: BPEModel, text: str) -> None:
    """The tokens of every word of ``text`` in a table, and a caption that counts them."""
    marker = model.end_of_word or None
    unk = model.unk_token
    rows = []
    total = unks = 0
    for w in text.split():
        tokens = model.encode(w)
        total += len(tokens)
        unks += sum(t == unk for t in tokens) if unk else 0
        rows.append(
            f"<tr><td>{esc(w)}</td><td>{token_spans_html(tokens, marker=marker, unk=unk)}</td>"
            f"<td style='text-align:right'>{len(tokens)}</td></tr>"
        )
    show_html(
        f"<table class='sw-table'><thead><tr><th>{esc(t('word'))}</th>"
        f"<th>{esc(t('tokens'))}</th><th>#</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>" + TABLE_CSS
    )
    words_n = len(text.split())
    summary = (
        t("{words} words → {tokens} tokens, {unks} unknown.").format(
            words=words_n, tokens=total, unks=unks
        )
        if unk
        else t("{words} words → {tokens} tokens.").format(words=words_n, tokens=total)
    )
    if marker:
        summary = join_sentences(
            summary,
            t("The marker {marker} counts as part of a token.").format(marker=md_escape(marker)),
        )
    st.caption(summary)


def _decode_line(model: BPEModel, word: str) -> None:
    """Decode ``word``'s tokens back, and say why the result differs when it does."""
    marker = model.end_of_word or None
    unk = model.unk_token
    tokens = model.encode(word)
    decoded = model.decode(tokens)
    same = decoded == word
    show_html(
        "<p>"
        + t(
            "<strong>Decode:</strong> join the tokens and turn every marker back into a word "
            "boundary → {decoded}"
        ).format(decoded=f"<code>{esc(decoded)}</code>")
        + " "
        + (
            badge_html(t("identical to the input"), "success")
            if same
            else badge_html(t("differs from the input"), "warning")
        )
        + "</p>"
    )
    if not same:
        why = (
            t("Why: unknown characters became the unknown token, so what they were is lost.")
            if unk and unk in tokens
            else t("Why: without an end-of-word marker the tokens do not record where words end.")
            if not marker
            else t(
                "Why: the word itself contains the marker text, so decoding cannot tell them apart."
            )
        )
        st.caption(why)


def render_encode(model: BPEModel, text: str, word: str, *, quiz: bool = False) -> None:
    """Show the tokens of ``text`` and the priority algorithm on ``word``.

    With ``quiz`` on, the student first types how ``word`` will be split.
    """
    if _encode_hidden(model, word, quiz=quiz):
        return
    _text_tokens(model, text)
    marker = model.end_of_word or None
    unk = model.unk_token
    if len(word) > LIMITS.step_word_chars:  # the steps grow with the square of the length
        st.warning(
            word_too_long(len(word), "step_word_chars", t("the iteration-by-iteration view"))
        )
        return
    st.subheader(t("How “{word}” is encoded, iteration by iteration").format(word=md_escape(word)))
    steps = model.encode_steps(word)
    for step in steps:
        show_html(_encode_step_html(step, marker, unk))
    code_panel([code.bpe_encode(model, s) for s in steps], key="bpe_code_iteration")
    _decode_line(model, word)
