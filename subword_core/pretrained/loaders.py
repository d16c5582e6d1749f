"""The loaders: :func:`load` reads a ``tokenizer.json``, ``vocab.txt``, ``vocab.json`` +
``merges.txt`` or a sentencepiece ``.vocab`` into a :class:`Pretrained`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from subword_core.pretrained.added_tokens import _Added, _registered
from subword_core.pretrained.errors import _bad
from subword_core.pretrained.files import _FORMATS, _read_json, _text
from subword_core.pretrained.ids import _check_flag, _check_id, _shown
from subword_core.pretrained.models.bpe import _Bpe, _bpe_model
from subword_core.pretrained.models.unigram import _make_unigram, _Unigram, _unigram_model
from subword_core.pretrained.models.wordpiece import _WordPiece, _wordpiece_model
from subword_core.pretrained.normalizers import _normalizers
from subword_core.pretrained.pre_tokenizers import _splitters
from subword_core.pretrained.trace import Pretrained
from subword_core.text.corpus import Note
from subword_core.unigram.steps import SENTENCEPIECE_SPECIALS


def load(files: Mapping[str, bytes | str]) -> Pretrained:
    """Read a tokenizer from one or two files, by content (the names only help the messages).

    Args:
        files: ``{file name: content}``: one ``tokenizer.json``, ``vocab.txt`` or ``.vocab``,
            or a GPT-2 ``vocab.json`` and ``merges.txt``.

    Returns:
        The :class:`Pretrained` tokenizer.

    Raises:
        PretrainedError: When the files are none of these, or use a component that cannot
            be replayed exactly; ``code`` names the problem.

    Example:
        >>> from subword_core.pretrained.errors import PretrainedError
        >>> try:
        ...     load({"notes.txt": "hello world, this is prose"})
        ... except PretrainedError as err:
        ...     print(err.code)
        not_a_tokenizer
    """
    if not files:
        raise _bad(f"No file given. Upload {_FORMATS}.", "no_file")
    texts = {name: _text(name, data) for name, data in files.items()}
    jsons: dict[str, Any] = {}
    for name, text in texts.items():
        if text.lstrip().startswith("{"):
            try:
                jsons[name] = _read_json(name, text)
            except RecursionError:  # nested thousands deep: no tokenizer.json is
                raise _bad(
                    f"{name} is nested too deeply to be read: a tokenizer.json is a few levels "
                    "deep.",
                    "json_too_deep",
                    file=name,
                ) from None
            except json.JSONDecodeError as err:
                raise _bad(
                    f"{name} starts like JSON but is not valid JSON (line {err.lineno}, column "
                    f"{err.colno}: {err.msg}).",
                    "bad_json",
                    file=name,
                    line=err.lineno,
                ) from None
    full = [n for n, doc in jsons.items() if isinstance(doc, dict) and "model" in doc]
    if full:
        if len(files) > 1:
            raise _bad(
                f"{full[0]} is a complete tokenizer.json: upload it alone.", "too_many_files"
            )
        return _from_tokenizer_json(jsons[full[0]], full[0])
    vocab_json = [
        n
        for n, doc in jsons.items()
        if isinstance(doc, dict) and doc and all(isinstance(v, int) for v in doc.values())
    ]
    others = [n for n in texts if n not in jsons]
    if vocab_json:
        if not others:
            raise _bad(
                f"{vocab_json[0]} is a vocabulary (token → id) without its merges: upload the "
                "matching merges.txt together with it.",
                "needs_merges",
                file=vocab_json[0],
            )
        return _from_gpt2(jsons[vocab_json[0]], texts[others[0]], others[0])
    for name in jsons:
        raise _bad(
            f"{name} is JSON but not a tokenizer: a tokenizer.json has a “model” entry, and a "
            "vocab.json maps each token to a whole number.",
            "not_a_tokenizer",
            file=name,
        )
    if len(texts) > 1:
        raise _bad(
            "Upload one file, or GPT-2's vocab.json together with its merges.txt.",
            "too_many_files",
            files=len(texts),
        )
    name, text = next(iter(texts.items()))
    lines = [line for line in text.splitlines() if line.strip()]
    if (lines and lines[0].startswith("#version")) or _looks_like_merges(lines):
        raise _bad(
            f"{name} looks like a merges.txt: upload it together with its vocab.json.",
            "needs_vocab",
            file=name,
        )
    if lines and all("\t" in line for line in lines):
        return _from_sentencepiece_vocab(text, name)
    if lines and not any(c in line for line in lines for c in " \t"):
        return _from_vocab_txt(text, name)
    raise _bad(
        f"{name} is not a tokenizer file: it is none of {_FORMATS}.",
        "not_a_tokenizer",
        file=name,
    )


def _looks_like_merges(lines: list[str]) -> bool:
    sample = lines[:50]
    return (
        len(sample) >= 2
        and all(len(line.split(" ")) == 2 for line in sample)
        and not any("\t" in line for line in sample)
    )


_ADDED_FLAGS = ("single_word", "lstrip", "rstrip", "normalized", "special")
"""The flags every entry of ``added_tokens`` names (the library refuses an entry without one)."""


def _added_tokens(doc: Mapping[str, Any], name: str) -> list[_Added]:
    """The file's added tokens, each refused where the library refuses it.

    The library reads ``added_tokens`` (when present) as a list of objects, each with a text
    ``content``, an ``id`` and the five flags ``single_word``, ``lstrip``, ``rstrip``,
    ``normalized`` and ``special``: an entry without one of them is refused (code
    ``missing_field``), an entry that is not an object or whose content is not text too
    (``bad_added_token``), and so is ``null`` or anything else in place of the list.

    Example:
        >>> entry = {"id": 3, "content": "<x>", "single_word": False, "lstrip": False}
        >>> try:
        ...     _added_tokens({"added_tokens": [entry]}, "t.json")
        ... except Exception as err:
        ...     print(err.code, err.values["key"])
        missing_field rstrip
    """
    if "added_tokens" not in doc:
        return []
    entries = doc["added_tokens"]
    if not isinstance(entries, list):
        raise _bad(
            f"{name}: added_tokens is {_shown(entries)}, not a list of tokens; the tokenizers "
            "library refuses this file.",
            "bad_added_tokens",
            file=name,
            value=_shown(entries),
        )
    out = []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("content"), str):
            raise _bad(
                f"{name}: added token number {number:,} is not an object with a text "
                "“content”; the tokenizers library refuses this file.",
                "bad_added_token",
                file=name,
                number=number,
            )
        content = entry["content"]
        missing = next((k for k in ("id", *_ADDED_FLAGS) if k not in entry), None)
        if missing is not None:
            raise _bad(
                f"{name}: the added token {content[:40]!r} has no “{missing}”; the tokenizers "
                "library reads an added token only with its id and all five flags "
                f"({', '.join(_ADDED_FLAGS)}) and refuses this file.",
                "missing_field",
                file=name,
                token=content[:40],
                key=missing,
            )
        flags = [_check_flag(entry[key], name, key, null=False) for key in _ADDED_FLAGS]
        out.append(_Added(content, _check_id(entry["id"], name, content), *flags))
    return out


def _from_tokenizer_json(doc: Mapping[str, Any], name: str) -> Pretrained:
    model = doc.get("model")
    if not isinstance(model, Mapping):
        raise _bad(f"{name}: its “model” entry is not an object.", "bad_model", file=name)
    kind = model.get("type")
    if kind is None:
        kind = (
            "BPE"
            if "merges" in model
            else "Unigram"
            if isinstance(model.get("vocab"), list)
            else "WordPiece"
            if "max_input_chars_per_word" in model
            else None
        )
    notes: list[Note] = []
    if kind == "BPE":
        core: _Bpe | _WordPiece | _Unigram = _bpe_model(model, name)
    elif kind == "WordPiece":
        core = _wordpiece_model(model, name)
    elif kind == "Unigram":
        core = _unigram_model(model, name)
    else:
        raise _bad(
            f"{name} uses the model “{kind}”; this page traces BPE, WordPiece and Unigram.",
            "unsupported_model",
            model=str(kind),
        )
    post = doc.get("post_processor")
    if isinstance(post, Mapping):
        notes.append(
            Note(
                f"The post-processor ({post.get('type')}) may add special tokens such as [CLS] "
                "or <s> around the result; they are left out here, as in "
                "encode(text, add_special_tokens=False).",
                "post_processor",
                {"component": str(post.get("type"))},
            )
        )
    if doc.get("truncation"):
        notes.append(
            Note("The file asks for truncation; the trace shows all tokens.", "truncation")
        )
    return Pretrained(
        core,
        source=f"tokenizer.json ({kind})",
        normalizers=_normalizers(doc.get("normalizer")),
        splitters=_splitters(doc.get("pre_tokenizer")),
        added=_registered_noted(_added_tokens(doc, name), core, notes),
        notes=notes,
    )


def _registered_noted(
    entries: list[_Added], model: _Bpe | _WordPiece | _Unigram, notes: list[Note]
) -> list[_Added]:
    """The added tokens with the library's ids; a note when the file's ids are not those."""
    added = _registered(entries, model.vocab.get, _vocab_size(model))
    ids = {a.content: a.id for a in added}
    moved = [e for e in entries if e.content in ids and ids[e.content] != e.id]
    if moved:
        first = moved[0]
        values = {"count": len(moved), "token": first.content[:40]}
        values |= {"file_id": first.id, "id": ids[first.content]}
        notes.append(
            Note(
                "The tokenizers library numbers added tokens itself and does not keep the "
                f"file's ids: {len(moved):,} of them get another id, shown here as the library "
                f"gives it (first: {first.content[:40]!r}, id {first.id} in the file, "
                f"{ids[first.content]} in the library).",
                "added_ids",
                values,
            )
        )
    return added


def _vocab_size(model: _Bpe | _WordPiece | _Unigram) -> int:
    """The model's size as the library counts it (Unigram: its pieces, repeats too)."""
    return len(model.pieces) if isinstance(model, _Unigram) else len(model.vocab)


def _from_gpt2(vocab: Mapping[str, int], merges_text: str, name: str) -> Pretrained:
    lines = merges_text.splitlines()
    if lines and lines[0].startswith("#version"):
        lines = lines[1:]
    merges = [line for line in lines if line.strip()]
    core = _bpe_model({"vocab": vocab, "merges": merges}, name)
    # GPT-2's files: byte-level pre-tokenizer, no prefix space
    return Pretrained(
        core,
        source="GPT-2 vocab.json + merges.txt",
        normalizers=[],
        splitters=_splitters({"type": "ByteLevel", "add_prefix_space": False}),
        added=[],
        notes=[
            Note(
                "vocab.json and merges.txt do not say how the text is cut, so GPT-2's "
                "byte-level rule is used, without a space added in front (as GPT2Tokenizer "
                "does).",
                "gpt2_pipeline",
            )
        ],
    )


_CASE = {
    True: "lower-casing and stripping accents",
    False: "keeping case: the vocabulary has capitals",
}


def _from_vocab_txt(text: str, name: str, lowercase: bool | None = None) -> Pretrained:
    tokens = text.splitlines()
    vocab: dict[str, int] = {}
    for i, token in enumerate(tokens):
        token = token.rstrip("\r")
        if token:
            vocab.setdefault(token, i)
    unk = next((u for u in ("[UNK]", "<unk>", "[unk]") if u in vocab), None)
    if unk is None:
        raise _bad(
            f"{name} has no line [UNK]: a BERT vocab.txt lists the unknown token. This page "
            f"reads {_FORMATS}.",
            "no_unk",
            file=name,
        )
    if lowercase is None:
        # an uncased vocabulary has no upper-case letters outside its [SPECIAL] tokens
        lowercase = not any(
            c.isupper() for t in vocab if not (t.startswith("[") and t.endswith("]")) for c in t
        )
    special = [t for t in vocab if t.startswith("[") and t.endswith("]") and t[1:-1].isupper()]
    return Pretrained(
        _WordPiece(vocab, unk),
        source="BERT vocab.txt",
        normalizers=_normalizers({"type": "BertNormalizer", "lowercase": lowercase}),
        splitters=_splitters({"type": "BertPreTokenizer"}),
        added=[_Added(t, vocab[t], False, False, False, False) for t in special],
        notes=[
            Note(
                "vocab.txt lists only the tokens, so BERT's usual pipeline is used: BERT's "
                f"normalizer ({_CASE[lowercase]}) and its whitespace-and-punctuation split.",
                "bert_pipeline",
                {"case": "lower" if lowercase else "kept"},
            )
        ],
    )


def _from_sentencepiece_vocab(text: str, name: str) -> Pretrained:
    pieces: list[tuple[str, float]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        piece, _, score = line.partition("\t")
        try:
            value = float(score)
        except ValueError:
            raise _bad(
                f"{name}, line {number:,}: the score {score[:20]!r} is not a number (a .vocab "
                "line is piece, a tab, score).",
                "bad_vocab",
                line=number,
            ) from None
        pieces.append((piece, value))
    unk_id = next((i for i, (p, _) in enumerate(pieces) if p == "<unk>"), None)
    if unk_id is None:
        raise _bad(f"{name} has no <unk> piece.", "no_unk", file=name)
    # sentencepiece's unknown and control pieces (score 0) never match text, there as here
    control = frozenset(p for p, s in pieces if p in SENTENCEPIECE_SPECIALS and s == 0)
    return Pretrained(
        _make_unigram(pieces, unk_id, False, control),
        source="sentencepiece .vocab (Unigram)",
        normalizers=_normalizers(
            {
                "type": "Sequence",
                "normalizers": [
                    {"type": "Nmt"},
                    {"type": "NFKC"},
                    {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
                ],
            }
        ),
        splitters=_splitters({"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always"}),
        added=[],
        notes=[
            Note(
                "A .vocab lists pieces and scores only, so it is read as a Unigram model with "
                "the pipeline of the tokenizers library's SentencePieceUnigramTokenizer: Nmt, "
                "NFKC, runs of spaces made one, and Metaspace's ▁. As in sentencepiece, <unk>, "
                "<s> and </s> are never matched in the text.",
                "sentencepiece_pipeline",
            )
        ],
    )
