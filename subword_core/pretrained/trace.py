"""The tracer: :class:`Pretrained` runs the pipeline and keeps every step.

Added tokens are cut out, each normalizer rewrites the rest, each pre-tokenizer cuts it into
words, and the model (:mod:`subword_core.pretrained.models`) splits each word.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from subword_core.bounds import BoundError, Bounds, Meter, StepList
from subword_core.bounds import bounds_in_force as _bounds_in_force
from subword_core.byte_level import BYTE_TO_UNICODE
from subword_core.pretrained.added_tokens import _Added, _added_index, _emptied, _find_added
from subword_core.pretrained.errors import PretrainedError
from subword_core.pretrained.models.bpe import _Bpe, _bpe_word
from subword_core.pretrained.models.unigram import _Unigram, _unigram_word
from subword_core.pretrained.models.wordpiece import _WordPiece, _wordpiece_word
from subword_core.pretrained.normalizers import Normalizer, _Precompiled
from subword_core.pretrained.patterns import _Shown
from subword_core.pretrained.pre_tokenizers import Splitter
from subword_core.pretrained.steps import (
    AddedTokensStep,
    ByteMapStep,
    NormalizeStep,
    ResultStep,
    SplitStep,
    Step,
    Trace,
)
from subword_core.text.corpus import Note


class Pretrained:
    """A loaded tokenizer: its pipeline and model, ready to :meth:`trace` a text.

    Attributes:
        kind: ``"BPE"``, ``"WordPiece"`` or ``"Unigram"``.
        source: What was read, in words (``"tokenizer.json"``, ``"BERT vocab.txt"``, ...).
        vocab_size: Entries in the model's vocabulary.
        merges: The number of BPE merges (0 for the other models).
        normalizer_names: The normalizer components, in order.
        splitter_names: The pre-tokenizer components, in order.
        byte_level: Whether a ByteLevel pre-tokenizer maps bytes to characters.
        notes: Things to know that do not change the tokens (post-processor, truncation, the
            pipeline a bare vocabulary is read with): each a
            :class:`~subword_core.text.corpus.Note`,
            the English sentence with a ``code`` and ``values`` for a program that words it.

    Example:
        >>> from subword_core.pretrained import load
        >>> tok = load({"vocab.txt": "[UNK]\\nun\\n##happy\\n##ness\\nhappy"})
        >>> tok.trace("Unhappiness").tokens
        ('[UNK]',)
        >>> tok.trace("unhappy").tokens
        ('un', '##happy')
    """

    def __init__(
        self,
        model: _Bpe | _WordPiece | _Unigram,
        *,
        source: str,
        normalizers: list[Normalizer],
        splitters: list[Splitter],
        added: list[_Added],
        notes: list[Note],
    ) -> None:
        self._model = model
        self.kind = {_Bpe: "BPE", _WordPiece: "WordPiece", _Unigram: "Unigram"}[type(model)]
        self.source = source
        self._normalizers = normalizers
        self._splitters = splitters
        # the library searches the normalised form of a normalized token in normalised text
        ordered = sorted(added, key=lambda a: not a.special)
        self._added = [
            replace(a, pattern=self._normalize_text(a.content) if a.normalized else a.content)
            for a in ordered
        ]
        emptied = next((a for a in self._added if a.content and not a.pattern), None)
        if emptied is not None:
            raise _emptied(emptied)
        self._matchers = {  # built once per file
            flag: _added_index([a for a in self._added if a.normalized == flag])
            for flag in (False, True)
        }
        self.notes = notes
        self.normalizer_names = tuple(n for n, _ in normalizers)
        self.splitter_names = tuple(n for n, _, _ in splitters)
        self.byte_level = any(b for _, _, b in splitters)
        self.vocab_size = len(model.vocab)
        self.merges = len(model.merges) if isinstance(model, _Bpe) else 0
        self.added_tokens = tuple(a.content for a in sorted(added, key=lambda a: -len(a.content)))

    # -- the pipeline --------------------------------------------------------------------

    def _normalize_text(self, text: str) -> str:
        """``text`` through every normalizer component (a normalized token's content)."""
        for _name, func in self._normalizers:
            text = func(text)
        return text

    def _cut_added(
        self, pieces: list[tuple[str, _Added | None, bool]], normalized: bool, lead: int = 1
    ) -> list[tuple[str, _Added | None, bool]]:
        matcher = self._matchers[normalized]
        if matcher is None:
            return pieces
        out: list[tuple[str, _Added | None, bool]] = []
        for text, added, first in pieces:
            if added is not None:
                out.append((text, added, first))
                continue
            out.extend(_find_added(text, matcher, first, lead))
        return out

    @property
    def unk_id(self) -> int | None:
        """The unknown token's id (the id of a piece the model has no entry for), or ``None``.

        Example:
            >>> from subword_core.pretrained import load
            >>> load({"x.vocab": "<unk>\\t0\\n▁a\\t-1"}).unk_id
            0
        """
        model = self._model
        if isinstance(model, _Unigram):
            return model.unk_id
        return model.vocab.get(model.unk) if model.unk is not None else None

    def trace(self, text: str, *, bounds: Bounds | None = None) -> Trace:
        """Encode ``text`` as the ``tokenizers`` library does, keeping every step.

        Special tokens are matched, but the post-processor's ``[CLS]``/``[SEP]`` or ``<s>``
        are not added (``encode(text, add_special_tokens=False)``).

        Args:
            text: The text to encode.
            bounds: The work and memory the trace may take
                (:class:`~subword_core.bounds.Bounds`; the defaults when ``None``).

        Returns:
            The :class:`Trace`.

        Raises:
            PretrainedError: When the file cannot encode the text (e.g. an unknown character
                and no unknown token), as the library would fail.
            BoundError: When the file asks for more work or memory than ``bounds`` allow
                (:class:`~subword_core.bounds.BoundError`, with a code and values).

        Example:
            >>> from subword_core.pretrained import load
            >>> tok = load({"x.vocab": "<unk>\\t0\\n▁a\\t-1\\nb\\t-2\\n▁\\t-3"})
            >>> tok.trace("ab a").tokens
            ('▁a', 'b', '▁a')
        """
        try:
            with _bounds_in_force(bounds, len(text)) as meter:
                return self._traced(text, StepList(meter), meter)
        except BoundError as err:  # one error type for the caller: the file asks too much
            raise PretrainedError(err.message, err.code or "bound", err.values) from None

    def _traced(self, text: str, steps: list[Step], meter: Meter) -> Trace:
        """:meth:`trace` with its steps kept in ``steps`` and the work counted by ``meter``."""
        pieces: list[tuple[str, _Added | None, bool]] = [(text, None, True)] if text else []
        if self._added:
            pieces = self._cut_added(pieces, normalized=False)
        for name, func in self._normalizers:
            meter.stage(name)
            before = tuple(p for p, a, _ in pieces if a is None)
            # subtle: a piece still "starts the text" (Metaspace's prepend_scheme "first")
            # only while its first character survives: the library checks the offset in the
            # original text of what is left, so a stripped leading space moves it off 0
            pieces = [
                (p, a, f)
                if a is not None
                else (func(p), a, f and bool(p) and _keeps_start(func, p))
                for p, a, f in pieces
            ]
            after = tuple(p for p, a, _ in pieces if a is None)
            meter.stage(name)
            meter.produce(sum(map(len, after)))  # NFKC, Lowercase … grow a text too
            replaced = func.replacements(before) if isinstance(func, _Precompiled) else ()
            shown = (func.pattern, func.content) if isinstance(func, _Shown) else ("", "")
            steps.append(NormalizeStep(name, before, after, replaced, *shown))
        if self._added:
            # the characters the normalizers made of the text's first one keep its offset, 0
            lead = max(1, len(self._normalize_text(text[0]))) if text else 1
            pieces = self._cut_added(pieces, normalized=True, lead=lead)
        pieces = [p for p in pieces if p[0]]
        if any(a is not None for _, a, _ in pieces):
            steps.insert(0, AddedTokensStep(tuple((p, a is not None) for p, a, _ in pieces)))
        # each pre-tokenizer component splits the words further; added tokens stay whole
        words: list[tuple[str, _Added | None, bool]] = pieces
        for name, func, _bytes in self._splitters:
            meter.stage(name)
            before = tuple(w for w, a, _ in words if a is None)
            new: list[tuple[str, _Added | None, bool]] = []
            for w, a, first in words:
                if a is not None:
                    new.append((w, a, first))
                else:
                    new.extend((p, None, first and i == 0) for i, p in enumerate(func(w, first)))
            words = new
            after = tuple(w for w, a, _ in words if a is None)
            steps.append(SplitStep(name, before, after, _Shown.pattern_of(func)))
        tokens: list[str] = []
        ids: list[int] = []
        word_texts: list[str] = []
        for w, a, _ in words:
            index = len(word_texts)
            word_texts.append(w)
            if a is not None:
                # the matched text: normalised, with the whitespace lstrip/rstrip took
                tokens.append(w)
                ids.append(a.id)
                continue
            if self.byte_level:
                data = w.encode("utf-8")
                mapped = "".join(BYTE_TO_UNICODE[b] for b in data)
                steps.append(ByteMapStep(w, data, mapped, index))
                w = mapped
                word_texts[index] = w
            pairs = self._encode_word(w, index, steps)
            tokens.extend(t for t, _ in pairs)
            ids.extend(i for _, i in pairs)
        steps.append(ResultStep(tuple(tokens), tuple(ids)))
        return Trace(text, tuple(word_texts), tuple(steps), tuple(tokens), tuple(ids))

    def _encode_word(self, word: str, index: int, steps: list[Step]) -> list[tuple[str, int]]:
        model = self._model
        if not word:
            return []
        if isinstance(model, _Bpe):
            return _bpe_word(model, word, index, steps)
        if isinstance(model, _WordPiece):
            return _wordpiece_word(model, word, index, steps)
        return _unigram_word(model, word, index, steps)


def _keeps_start(func: Callable[[str], str], text: str) -> bool:
    """Whether the first character ``func`` leaves of ``text`` comes from its first character.

    A character-by-character normalizer keeps it unless it deletes that character; a
    ``Replace`` loses it when a match at the start is deleted, or is longer than one
    character (the library aligns the replacement with the match's last character).

    Example:
        >>> _keeps_start(str.strip, " a"), _keeps_start(str.strip, "a ")
        (False, True)
    """
    if isinstance(func, _Shown) and func.keeps_start is not None:
        return func.keeps_start(text)
    return func(text[0]) != ""
