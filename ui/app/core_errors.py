"""The core's errors worded in the session's language, by their code.

Every :class:`subword_core.errors.SubwordError` carries a ``code`` and its ``values`` (the
numbers and the quoted input behind the problem). In English the page shows the core's own
message; in Chinese and Korean :func:`coded_text` words the problem here from the code, so no
English sentence reaches a student who chose another language. The corpus parser's errors are
worded in :mod:`ui.app.corpus_picker` (``error_text``), which falls back on this module for the
others.

Example:
    >>> coded_text("not_positive", {"name": "top_k", "value": "0"})
    'top_k must be a whole number of at least 1, not 0.'
    >>> coded_text("no_such_code", {}) is None
    True
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping

from ui.app.bounds_text import bound_problems
from ui.app.i18n import translator

__all__ = ["coded_text", "known_codes"]

t = translator("errors")

_Messages = dict[str, Callable[[], str]]


def _parameter_messages() -> _Messages:
    """Bad arguments and settings, shared by the trainers."""
    return {
        "not_positive": lambda: t("{name} must be a whole number of at least 1, not {value}."),
        "negative": lambda: t("{name} must be a number of at least 0, not {value}."),
        "not_finite": lambda: t("{name} must be a finite number, not {value}."),
        "bad_option": lambda: t("{name} must be one of {options}, not {value}."),
        "bad_probability": lambda: t("{name} must be a probability between 0 and 1, not {value}."),
        "needs_rng": lambda: t(
            "This is random: pass rng=random.Random(seed) so the same draw can be replayed."
        ),
        "not_text": lambda: t("This input must be text (a str), not {type}."),
        "nothing_to_learn": lambda: t("The corpus is empty: there is nothing to learn from."),
        "empty_text": lambda: t("The text is empty: there is nothing to learn from."),
        "not_tied": lambda: t(
            "Step {step}: {pair} is not one of the tied pairs, so it cannot be chosen here."
        ),
        "side_empty": lambda: t(
            "One of the two corpora ({side}) is empty: joint BPE needs words on both sides."
        ),
        "alpha_not_positive": lambda: t(
            "alpha must be greater than 0 (it was {value}): each segmentation is drawn with "
            "probability proportional to P ** alpha, and alpha = 0 would ignore the model."
        ),
        "bad_shrinking": lambda: t(
            "shrinking_factor is the share of the vocabulary each round keeps: a number "
            "between 0 and 1 (both excluded), not {value}."
        ),
        "too_many_segmentations": lambda: t(
            "“{word}” can be split in {total} different ways with this vocabulary; listing "
            "them is limited to {limit}. Use the n best segmentations instead, or a shorter "
            "word."
        ),
    }


def _marker_messages() -> _Messages:
    """Markers and prefixes that clash with the corpus, and vocabulary sizes too small."""
    return {
        "word_has_marker": lambda: t(
            "The word {word} already contains the end-of-word marker {marker}, so the marker "
            "could no longer tell where words end. Choose another marker or remove it from "
            "the corpus."
        ),
        "word_has_start_marker": lambda: t(
            "The word {word} already contains the word-start marker {marker}, so the marker "
            "could no longer tell where words begin (decoding would turn it into a space). "
            "Leave word starts unmarked or remove the marker from the corpus."
        ),
        "word_has_prefix": lambda: t(
            "The word {word} already contains the continuation prefix {prefix}, so its pieces "
            "would be ambiguous. Choose another prefix or remove it."
        ),
        "prefix_space": lambda: t("The continuation prefix cannot contain spaces."),
        "marker_space": lambda: t("The word-start marker must be text without spaces."),
        "vocab_below_alphabet": lambda: t(
            "The vocabulary size must be at least the alphabet size, {alphabet}: the "
            "{alphabet} single characters (word-initial and continuation forms) are always in "
            "the vocabulary. Got {value}."
        ),
        "vocab_below_chars": lambda: t(
            "The corpus has {chars} different characters, and every one of them is kept so "
            "that any word can still be segmented, so the vocabulary needs at least {chars} "
            "pieces (you asked for {value})."
        ),
    }


def _file_messages() -> _Messages:
    """Codes files, vocab.txt and sentencepiece .vocab files typed or uploaded."""
    return {
        "codes_marker": lambda: t(
            "subword-nmt codes files always use the '</w>' end-of-word marker; this model uses "
            "{marker}."
        ),
        "codes_space": lambda: t("A symbol contains a space, which a codes file cannot hold."),
        "codes_version": lambda: t("Line {line}: codes version {version} is not supported."),
        "codes_line": lambda: t(
            "Line {line}: expected two symbols separated by one space, got {text}."
        ),
        "vocab_empty": lambda: t("The vocabulary is empty: give one token per line."),
        "vocab_blank_line": lambda: t(
            "Line {line} is blank. A vocab.txt has one token per line and the line number is "
            "the token's id, so blank lines are not allowed."
        ),
        "vocab_repeated": lambda: t(
            "Line {line}: the token {token} already appeared on line {first}. Each token may "
            "appear only once."
        ),
        "vocab_not_utf8": lambda: t(
            "{file} is not UTF-8 text (byte {byte} at offset {offset}); a sentencepiece .vocab "
            "file is UTF-8."
        ),
        "vocab_no_pieces": lambda: t(
            "The .vocab text has no pieces: expect one “piece<TAB>score” a line."
        ),
        "vocab_line": lambda: t(
            "Line {line}: “{text}” should be a piece, a TAB and a score, like “▁the<TAB>-3.29”."
        ),
        "vocab_score_not_number": lambda: t(
            "Line {line}: the score “{score}” of “{piece}” is not a number (a log-probability "
            "such as -3.29 is expected)."
        ),
        "vocab_score_not_finite": lambda: t(
            "Line {line}: the score of “{piece}” is {score}; it must be a finite number."
        ),
        "vocab_piece_repeated": lambda: t(
            "Line {line}: the piece “{piece}” is already listed on line {first}."
        ),
        "piece_line_break": lambda: t(
            "The piece {piece} holds a line break, so it cannot be written as one line of a "
            ".vocab file."
        ),
    }


def _piece_messages() -> _Messages:
    """A Unigram model's pieces and seed vocabulary."""
    return {
        "no_pieces": lambda: t("A unigram model needs at least one piece."),
        "piece_not_pair": lambda: t("Each entry must be a (piece, score) pair, not {item}."),
        "piece_not_text": lambda: t("A piece must be non-empty text, not {piece}."),
        "score_not_number": lambda: t("The score of {piece} must be a number, not {score}."),
        "score_not_finite": lambda: t("The score of {piece} must be finite, not {score}."),
        "piece_repeated": lambda: t("The piece {piece} is listed twice."),
        "not_a_piece": lambda: t("{piece} is not a piece of this vocabulary."),
        "seed_not_list": lambda: t("seed_vocab must be a list of pieces, not {type}."),
        "seed_empty": lambda: t("The seed vocabulary is empty: list at least one piece."),
        "seed_piece_bad": lambda: t(
            "Every seed piece must be non-empty text without spaces, not {piece}."
        ),
        "seed_piece_repeated": lambda: t("The seed piece {piece} is listed twice."),
    }


def _byte_messages() -> _Messages:
    """Bytes, hex and UTF-8 on the byte-level page."""
    return {
        "not_a_byte_char": lambda: t(
            "{char} ({code_point}) in the token {token} does not stand for a byte: byte-level "
            "tokens are written only with the 256 characters of the byte table."
        ),
        "not_hex": lambda: t(
            "Item {item}, {text}, is not a byte in hex: write bytes as pairs of hex digits 0-9 "
            "and a-f, such as 'e4 bd a0' or '0xff'."
        ),
        "byte_range": lambda: t(
            "The byte range ({start}, {end}) does not lie within the {n} bytes."
        ),
        "lone_surrogate": lambda: t(
            "The text holds {code_point}, a lone surrogate: half of a UTF-16 pair, not a "
            "character, so it has no UTF-8 bytes."
        ),
        "not_utf8": lambda: t(
            "The tokens' bytes are not valid UTF-8: byte {byte} at offset {offset}. A token "
            "list that stops in the middle of a character cannot be read as text."
        ),
    }


def _gage_messages() -> _Messages:
    """Gage's compression: the new symbols, the chosen pairs, the table."""
    return {
        "bad_symbols": lambda: t(
            "The new symbols must be a string of characters (e.g. 'ZYX'), not {value}."
        ),
        "symbol_not_char": lambda: t(
            "Each new symbol must be a single character; {symbol} is not. Give them as a "
            "string such as 'ZYX'."
        ),
        "symbol_repeated": lambda: t(
            "The new symbol {symbol} is listed twice: each symbol can stand for only one pair."
        ),
        "symbols_in_text": lambda: t(
            "The new symbols must not occur in the text, but {symbols} do: after compression "
            "nobody could tell a new symbol from the original character. Choose characters the "
            "text does not use."
        ),
        "bad_pair": lambda: t("A pair is two characters, such as 'ab' or ('a', 'b'), not {value}."),
        "bad_step": lambda: t("Steps are numbered from 1; {value} is not a step number."),
        "bad_table": lambda: t(
            "The table must map each new symbol to its pair, e.g. {{'Z': 'aa', 'Y': 'ab'}}."
        ),
        "table_key": lambda: t(
            "Table keys are single characters (the new symbols); {symbol} is not."
        ),
    }


def _json_messages() -> _Messages:
    """tokenizer.json files read or written."""
    return {
        "json_invalid": lambda: t("This is not valid JSON (line {line}, column {column})."),
        "json_unreadable": lambda: t(
            "This JSON cannot be read: it holds a number with thousands of digits or is nested "
            "too deeply for a tokenizer.json."
        ),
        "json_no_model": lambda: t("A tokenizer.json needs a 'model' object at the top level."),
        "json_model_kind": lambda: t(
            "This tokenizer.json holds a {kind} model; only BPE, WordPiece and Unigram models "
            "can be read."
        ),
        "json_wrong_kind": lambda: t(
            "This tokenizer.json holds a {found} model, not a {kind} model."
        ),
        "json_cannot_write": lambda: t(
            "Only BPE, WordPiece and Unigram models can be written, not {type}."
        ),
        "json_field_not_text": lambda: t("The model's {key} must be text, not {value}."),
        "json_bad_vocab": lambda: t("The model's 'vocab' must be an object mapping tokens to ids."),
        "json_bad_merges": lambda: t("The model's 'merges' must be a list of pairs."),
        "json_merge": lambda: t("Merge {merge}: expected two symbols, got {entry}."),
        "json_vocab_empty": lambda: t("The WordPiece vocabulary is empty."),
        "json_bad_unigram_vocab": lambda: t(
            "The Unigram model's 'vocab' must be a list of [piece, score]."
        ),
        "json_vocab_entry": lambda: t("Vocabulary entry {index}: expected [piece, score]."),
        "json_prefix": lambda: t(
            "This BPE model uses a continuing_subword_prefix ({prefix}), which this app's BPE "
            "does not have."
        ),
        "json_separate_marker": lambda: t(
            "This BPE model keeps the end-of-word marker {marker} as a separate symbol. A "
            "tokenizer.json can only glue the marker to the last character, which gives "
            "different merges and tokens. Train with the marker glued to the last character to "
            "export it."
        ),
        "json_leftover": lambda: t(
            "tokenizers' WordPiece turns a whole word into the unknown token when any part of "
            "it matches nothing; keeping the matched pieces cannot be written as a "
            "tokenizer.json."
        ),
        "json_unk_penalty": lambda: t(
            "tokenizers' Unigram scores an unknown character 10 below the lowest score; this "
            "model uses {penalty}, which a tokenizer.json cannot express (only penalties of 10 "
            "or more can)."
        ),
        "json_long_marker": lambda: t(
            "The word-start marker {marker} is longer than one character; tokenizers' "
            "Metaspace decoder puts back exactly one character."
        ),
    }


def _bound_messages() -> _Messages:
    """The tracer's bounds (:mod:`subword_core.bounds`), worded in :mod:`ui.app.bounds_text`."""
    return {code: (lambda text=text: text) for code, text in bound_problems().items()}


_GROUPS = (
    _bound_messages,
    _parameter_messages,
    _marker_messages,
    _file_messages,
    _piece_messages,
    _byte_messages,
    _gage_messages,
    _json_messages,
)


def known_codes() -> frozenset[str]:
    """The codes this module words (a test checks that every code the core raises is here).

    Example:
        >>> "not_positive" in known_codes()
        True
    """
    return frozenset(code for group in _GROUPS for code in group())


def _shown(value: int | str) -> str:
    """A value as the page shows it: numbers with thousands separators."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def coded_text(code: str | None, values: Mapping[str, int | str]) -> str | None:
    """A core error's problem in the session's language, by its code (``None``: unknown).

    Args:
        code: The error's ``code``.
        values: The error's ``values`` (quoted input already shortened by the core).

    Returns:
        The sentence, or ``None`` for a code this module does not word.

    Example:
        >>> coded_text("byte_range", {"start": 2, "end": 9, "n": 4})
        'The byte range (2, 9) does not lie within the 4 bytes.'
    """
    if code is None:
        return None
    for group in _GROUPS:
        messages = group()
        if code in messages:
            shown = {name: _shown(value) for name, value in values.items()}
            if code == "side_empty":
                side = str(values.get("side", ""))
                shown["side"] = {"source": t("source"), "target": t("target")}.get(side, side)
            template = messages[code]()
            # a value the wording needs but the error lacks shows as "?" (never a crash)
            needed = {name for _, name, _, _ in string.Formatter().parse(template) if name}
            return template.format(**{**dict.fromkeys(needed, "?"), **shown})
    return None
