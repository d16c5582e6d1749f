"""Fuzzing the parsers and file formats: :mod:`subword_core.text.corpus`,
:mod:`subword_core.formats.tokenizer_json`, :mod:`subword_core.text.examples`,
:mod:`subword_core.nmt`
and ``python -m subword_core``.

Whatever comes in (pasted text, a JSON file, command-line arguments, files with any bytes),
a public function returns a result or raises a documented ``SubwordError`` with a message,
and the command line answers with an exit status and one plain message, never a traceback.
Where a parse succeeds, the round trips hold: ``parse_corpus(corpus.to_text())``, the
``tokenizer.json`` writers and readers, codes files.
"""

from __future__ import annotations

import contextlib
import io
import json
import pickle
import runpy
import sys
import tempfile
import unicodedata
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

from hypothesis import assume, example, given
from hypothesis import strategies as st

from subword_core import bpe, errors, nmt, unigram, wordpiece
from subword_core.formats import tokenizer_json
from subword_core.nmt import nmt_learn
from subword_core.text import corpus, examples
from subword_core.text.corpus import Corpus
from tests.core.fuzz_support import (
    FUZZ,
    FUZZ_SLOW,
    anything,
    clean_words,
    corpora,
    documented,
    small_corpora,
    texts,
)

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.text.corpus.normalize_text": ("test_normalize_text",),
    "subword_core.text.corpus.parse_corpus": ("test_parse_corpus", "test_parse_corpus_wrong_type"),
    "subword_core.text.corpus.Corpus": ("test_corpus_items",),
    "subword_core.text.corpus.Corpus.from_counts": ("test_from_counts",),
    "subword_core.text.corpus.Corpus.words": ("test_from_counts",),
    "subword_core.text.corpus.Corpus.counts": ("test_from_counts",),
    "subword_core.text.corpus.Corpus.total": ("test_from_counts",),
    "subword_core.text.corpus.Corpus.as_dict": ("test_from_counts",),
    "subword_core.text.corpus.Corpus.to_text": ("test_from_counts", "test_parse_corpus"),
    "subword_core.formats.tokenizer_json.model_type": ("test_json_readers_any_document",),
    "subword_core.formats.tokenizer_json.loads": (
        "test_json_readers_any_document",
        "test_json_round_trips",
    ),
    "subword_core.formats.tokenizer_json.bpe_from_json": ("test_json_readers_any_document",),
    "subword_core.formats.tokenizer_json.wordpiece_from_json": ("test_json_readers_any_document",),
    "subword_core.formats.tokenizer_json.unigram_from_json": ("test_json_readers_any_document",),
    "subword_core.formats.tokenizer_json.bpe_to_json": ("test_json_round_trips",),
    "subword_core.formats.tokenizer_json.wordpiece_to_json": ("test_json_round_trips",),
    "subword_core.formats.tokenizer_json.unigram_to_json": ("test_json_round_trips",),
    "subword_core.formats.tokenizer_json.unigram_normalizers": ("test_unigram_normalizers",),
    "subword_core.text.examples.example_text": ("test_example_text",),
    "subword_core.text.examples.Example": ("test_example_text",),
    "subword_core.text.examples.Example.text": ("test_example_text",),
    "subword_core.text.examples.Example.is_large": ("test_example_text",),
    "subword_core.text.examples.pydoc_topics_text": ("test_example_text",),
    "subword_core.nmt.main": ("test_cli_main", "test_python_dash_m"),
    "subword_core.nmt.CommandError": ("test_cli_main",),
    "subword_core.nmt.read_vocabulary": ("test_read_vocabulary",),
    "subword_core.nmt.learn_codes": ("test_learn_codes",),
    "subword_core.nmt.read_codes": ("test_codes_round_trip", "test_read_codes_any"),
    "subword_core.nmt.segment_line": ("test_codes_round_trip",),
    "subword_core.nmt.convert_text": ("test_convert_text",),
    "subword_core.nmt.count_words": ("test_count_words_and_vocabulary_files",),
    "subword_core.nmt.read_vocabulary_file": ("test_count_words_and_vocabulary_files",),
    "subword_core.nmt.parser.build_parser": ("test_cli_main",),
    "subword_core.text.corpus.Note": ("test_note",),
    "subword_core.errors.check_option": ("test_check_option",),
    "subword_core.errors.check_positive": ("test_check_positive",),
    "subword_core.nmt.nmt_learn.learn": ("test_nmt_learn",),
    "subword_core.nmt.nmt_learn.NmtRun": ("test_nmt_learn",),
    "subword_core.nmt.nmt_learn.NmtMerge": ("test_nmt_learn",),
    "subword_core.nmt.nmt_learn.exact_merges": ("test_nmt_learn",),
    "subword_core.nmt.nmt_learn.first_remade": ("test_nmt_learn",),
    "subword_core.nmt.nmt_learn.start_words": ("test_nmt_start",),
    "subword_core.nmt.nmt_learn.alphabet": ("test_nmt_start",),
    "subword_core.nmt.nmt_learn.rewrite": ("test_nmt_one_merge",),
    "subword_core.nmt.nmt_learn.taken_apart": ("test_nmt_one_merge",),
    "subword_core.nmt.nmt_learn.made_by": ("test_nmt_one_merge",),
}


# --- corpus ----------------------------------------------------------------------------

count_lines = st.lists(
    st.tuples(
        clean_words,
        st.sampled_from([" ", ": ", ":", "\t", " : ", " :"]),
        st.one_of(st.integers(-2, 99).map(str), texts(2)),
    ).map("".join),
    min_size=1,
    max_size=5,
).map("\n".join)
dict_texts = st.one_of(
    corpora.map(lambda d: repr({" ".join(k) + " </w>": v for k, v in d.items()})),
    st.lists(st.sampled_from(["{", "}", "'", ":", ",", "1", "a", " ", "\n", "\x00", "</w>"]))
    .map("".join)
    .map(lambda s: "{" + s),
)
# counts near and far above corpus.MAX_COUNT, written in decimal (up to 5,000 digits) or hex
huge_counts = st.one_of(
    st.integers(corpus.MAX_COUNT - 2, corpus.MAX_COUNT + 2).map(str),
    st.integers(13, 5000).map(lambda n: "9" * n),
    st.integers(1, 2**64).map(lambda n: f"0x{n:x}"),
    st.integers(10, 5000).map(lambda n: "0x" + "f" * n),
)
huge_count_texts = st.lists(
    st.tuples(clean_words, st.one_of(huge_counts, st.integers(1, 9).map(str))),
    min_size=1,
    max_size=4,
).flatmap(
    lambda rows: st.sampled_from(
        [
            "\n".join(f"{w} {c}" for w, c in rows),
            "{" + ", ".join(f"'{' '.join(w)} </w>': {c}" for w, c in rows) + "}",
        ]
    )
)
corpus_texts = st.one_of(texts(30), count_lines, dict_texts, huge_count_texts)


@FUZZ
@given(huge_count_texts)
@example("low " + "9" * 5000)
@example("{'l o w': 0x" + "f" * 4000 + "}")
def test_huge_counts_are_refused_with_their_line(text: str) -> None:
    try:
        parsed = corpus.parse_corpus(text)
    except corpus.CorpusError as exc:
        if exc.code == "count_too_large":
            assert exc.line is not None and exc.values["max_count"] == corpus.MAX_COUNT
        assert len(str(exc)) < 500
        return
    assert all(1 <= c <= corpus.MAX_COUNT for c in parsed.counts)
    assert f"{parsed.total:,}"  # the page writes it: no int-to-text error


@FUZZ
@given(corpus_texts)
@example("{'l o w </w>': 5, 'n e w e s t </w>': 6}")
@example("low 5\nlower x")
@example("{" * 200 + "}" * 200)
@example("{'a': " + "9" * 5000 + "}")
@example("\n{\x00")
@example("low " + "9" * 5000)  # was a ValueError (int() of more than 4300 digits)
@example("{'a': 0x" + "f" * 4000 + "}")  # was a ValueError (when written as text)
def test_parse_corpus(text: str) -> None:
    try:
        parsed = corpus.parse_corpus(text)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert parsed.source_format in ("text", "counts", "dict")
    assert all(w and not any(c.isspace() for c in w) for w in parsed.words)
    assert all(isinstance(c, int) and c >= 1 for c in parsed.counts)
    if parsed.source_format == "text":
        assert parsed.total == len(text.split())
    # the documented round trip
    assert corpus.parse_corpus(parsed.to_text()) == parsed


@FUZZ
@given(anything())
def test_parse_corpus_wrong_type(value: object) -> None:
    assume(not isinstance(value, str))
    try:
        corpus.parse_corpus(value)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
    else:
        raise AssertionError("a non-str corpus was accepted")


@FUZZ
@given(
    st.one_of(
        corpora,
        st.lists(st.tuples(clean_words, st.integers(1, 4)), max_size=5),
        st.lists(anything(), max_size=3),
        anything(),
    )
)
@example([("low", 2), ("new", 1), ("low", 3)])
@example({"a:": 1, "::": 2, "5": 3})
@example(1)  # was a TypeError
def test_from_counts(counts: object) -> None:
    try:
        built = Corpus.from_counts(counts)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert len(built) == len(built.words) == len(built.counts)
    assert built.total == sum(built.counts)
    assert list(built) == list(zip(built.words, built.counts, strict=True))
    assert built.as_dict() == dict(built.items)
    if all(corpus.normalize_text(w) == w for w in built.words):  # the documented round trip
        assert corpus.parse_corpus(built.to_text()) == built


@FUZZ
@given(anything(st.text(max_size=20)))
def test_normalize_text(text: object) -> None:
    try:
        normal = corpus.normalize_text(text)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc) and not isinstance(text, str), repr(exc)
        return
    assert unicodedata.is_normalized("NFC", normal)
    assert corpus.normalize_text(normal) == normal  # idempotent


@FUZZ
@given(
    st.lists(st.one_of(st.tuples(texts(3), anything()), anything()), max_size=4),
    anything(st.sampled_from(["text", "counts", "dict"])),
)
def test_corpus_items(items: list[object], source_format: object) -> None:
    try:
        Corpus(tuple(items), source_format)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)


# --- tokenizer.json ----------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), texts(4)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(texts(3), inner, max_size=3)
    ),
    max_leaves=8,
)
model_bodies = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(["BPE", "WordPiece", "Unigram", "WordLevel"]), json_values)},
    optional={
        "vocab": st.one_of(
            st.dictionaries(texts(3), st.one_of(st.integers(-1, 9), json_values), max_size=4),
            st.lists(st.one_of(st.tuples(texts(3), st.floats(-9, 0)).map(list), json_values)),
            json_values,
        ),
        "merges": st.one_of(
            st.lists(st.one_of(st.tuples(texts(2), texts(2)).map(list), texts(4), json_values)),
            json_values,
        ),
        "unk_token": st.one_of(st.sampled_from(["[UNK]", "<unk>"]), json_values),
        "unk_id": st.one_of(st.integers(-1, 4), json_values),
        "end_of_word_suffix": st.one_of(st.sampled_from(["</w>", ""]), json_values),
        "continuing_subword_prefix": st.one_of(st.sampled_from(["##", ""]), json_values),
        "max_input_chars_per_word": st.one_of(st.integers(-1, 200), json_values),
    },
)
documents = st.one_of(
    st.fixed_dictionaries(
        {"model": st.one_of(model_bodies, json_values)},
        optional={"pre_tokenizer": json_values},
    ).map(lambda d: json.dumps(d, ensure_ascii=False)),
    json_values.map(json.dumps),
    texts(20),
)


def _learned_documents() -> st.SearchStrategy[str]:
    """Valid files written by the writers, with one field replaced by anything."""

    def mutate(text: str, key: str, value: object) -> str:
        doc = json.loads(text)
        doc["model"][key] = value
        return json.dumps(doc)

    writers = st.one_of(
        small_corpora.map(
            lambda c: bpe.learn(c, 4, attach_end_of_word=True, min_frequency=1).model
        ).map(tokenizer_json.bpe_to_json),
        small_corpora.map(lambda c: wordpiece.learn(c, 8).model).map(
            tokenizer_json.wordpiece_to_json
        ),
        small_corpora.map(lambda c: unigram.learn(c, 6, keep_single_chars=False).model).map(
            tokenizer_json.unigram_to_json
        ),
    )
    keys = st.sampled_from(
        [
            "vocab",
            "merges",
            "unk_token",
            "unk_id",
            "type",
            "max_input_chars_per_word",
            "continuing_subword_prefix",
            "end_of_word_suffix",
        ]
    )
    return st.builds(mutate, writers, keys, json_values)


@FUZZ
@given(st.one_of(documents, _learned_documents()))
@example('{"model": {"type": "WordPiece", "vocab": {"a": 0}, "max_input_chars_per_word": "x"}}')
@example('{"model": {"type": "WordPiece", "vocab": {"a": 0, "b": "1"}}}')
@example('{"model": {"type": "BPE", "merges": 5}}')
@example('{"model": {"type": "Unigram", "vocab": [["a", "x"]], "unk_id": 0}}')
@example("[" * 50_000)
@example('{"model": {"type": "BPE", "n": ' + "1" * 5000 + "}}")
def test_json_readers_any_document(text: str) -> None:
    for read in (
        tokenizer_json.model_type,
        tokenizer_json.loads,
        tokenizer_json.bpe_from_json,
        tokenizer_json.wordpiece_from_json,
        tokenizer_json.unigram_from_json,
    ):
        try:
            model = read(text)
        except Exception as exc:
            assert documented(exc), f"{read.__name__}: {exc!r}"
            continue
        if read is tokenizer_json.model_type:
            assert isinstance(model, str)
            continue
        # a model that was read can be used
        for word in ("low", "", "a b", "é🙂"):
            model.encode(word)  # type: ignore[union-attr]


@FUZZ_SLOW
@given(small_corpora, st.integers(1, 8), st.lists(st.one_of(st.text("abcd"), texts(4)), max_size=4))
@example({"hug": 10, "pug": 5, "hugs": 5}, 4, ["hugs", "bug", "x"])
def test_json_round_trips(counts: dict[str, int], size: int, probe: list[str]) -> None:
    bpe_model = bpe.learn(counts, size, attach_end_of_word=True, min_frequency=1).model
    wp_model = wordpiece.learn(counts, size + 8).model  # 8: a-d and ##a-##d
    uni_model = unigram.learn(counts, max(size, 4), keep_single_chars=False).model
    again = (
        tokenizer_json.bpe_from_json(tokenizer_json.bpe_to_json(bpe_model)),
        tokenizer_json.wordpiece_from_json(tokenizer_json.wordpiece_to_json(wp_model)),
        tokenizer_json.unigram_from_json(tokenizer_json.unigram_to_json(uni_model)),
    )
    for original, back in zip((bpe_model, wp_model, uni_model), again, strict=True):
        assert tokenizer_json.loads(tokenizer_json.dumps(original)) == back
    assert again[0].merges == bpe_model.merges
    # the unknown token becomes a line of the vocabulary (its id); nothing else changes
    assert [t for t in again[1].vocab if t != wp_model.unk_token] == list(wp_model.vocab)
    assert again[2].scores == uni_model.scores
    for word in probe:
        for original, back in zip((bpe_model, wp_model, uni_model), again, strict=True):
            if original is bpe_model and not set(word) <= set("abcd"):
                continue  # unknown characters differ by design (see the module docstring)
            assert back.encode(word) == original.encode(word)  # type: ignore[attr-defined]
    # a BPE model whose marker is a symbol of its own is refused with a message
    try:
        tokenizer_json.bpe_to_json(bpe.learn(counts, size, min_frequency=1).model)
    except Exception as exc:
        assert documented(exc), repr(exc)


@FUZZ
@given(st.one_of(st.sampled_from(["none", "nfkc", "nmt_nfkc"]), texts(6)), texts(6))
def test_unigram_normalizers(rule: str, piece: str) -> None:
    try:
        found = tokenizer_json.unigram_normalizers(rule)
    except Exception as exc:  # documented: an unknown rule
        assert documented(exc) and rule not in ("none", "nfkc", "nmt_nfkc"), repr(exc)
        return
    assert all(isinstance(n, dict) and n["type"] in ("NFKC", "Replace") for n in found)
    assert (found == []) == (rule == "none")
    model = unigram.Unigram([(piece or "a", -1.0)], word_start="▁", normalization=rule)
    assert tokenizer_json.unigram_from_json(tokenizer_json.dumps(model)) == model


# --- examples --------------------------------------------------------------------------


@FUZZ
@given(st.one_of(st.sampled_from(list(examples.EXAMPLES)), texts(6)))
def test_example_text(key: str) -> None:
    try:
        text = examples.example_text(key)
    except KeyError as exc:  # documented: no example with that key
        assert key not in examples.EXAMPLES and str(exc)
        return
    example_ = examples.EXAMPLES[key]
    assert text == example_.text
    if example_.is_large:
        assert text == examples.pydoc_topics_text()
    else:
        assert corpus.parse_corpus(text).total >= 1


# --- cli -------------------------------------------------------------------------------


class _Kept(io.BytesIO):
    """A BytesIO that survives its text wrapper being closed (readable after the run)."""

    def close(self) -> None:
        """Keep the buffer open."""


@contextlib.contextmanager
def _std_streams(stdin: bytes) -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    """Replace stdin, stdout and stderr with in-memory binary-backed text streams."""
    out, err = _Kept(), _Kept()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    try:
        yield out, err
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


ARG_WORDS = (
    "learn-bpe",
    "apply-bpe",
    "convert",
    "bogus",
    "-i",
    "-o",
    "-s",
    "-c",
    "--symbols",
    "--min-frequency",
    "--dict-input",
    "--from",
    "--to",
    "--separator",
    "--help",
    "IN",
    "CODES",
    "OUT",
    "DIR",
    "MISSING",
    "-1",
    "0",
    "3",
    "99999999999999999999",
    "codes",
    "vocab-txt",
    "sp-vocab",
    "tokenizer-json",
    "@@",
    "",
    "get-vocab",
    "learn-joint-bpe-and-vocab",
    "--write-vocabulary",
    "--glossaries",
    "--dropout",
    "0.5",
    "nan",
    "--seed",
    "--merges",
    "--vocabulary",
    "--vocabulary-threshold",
    "--total-symbols",
    "--verbose",
    "--universal-newlines",
    "(a",
)
argvs = st.lists(st.one_of(st.sampled_from(ARG_WORDS), texts(3)), max_size=9)
file_contents = st.one_of(
    st.binary(max_size=60),
    texts(30).map(lambda t: t.encode("utf-8")),
    count_lines.map(lambda t: t.encode("utf-8")),
    st.just(b"#version: 0.2\nl o\nlo w</w>\n"),
    st.just(b"#version: 9\n"),
    st.just(b'{"model": {"type": "BPE", "merges": [["a", "b"]], "vocab": {}}}'),
    documents.map(lambda t: t.encode("utf-8")),
)
learn_argvs = st.tuples(
    st.just(["learn-bpe", "-i", "IN", "-o", "OUT"]),
    st.lists(
        st.sampled_from(["--dict-input", "-s", "3", "--min-frequency", "1", "-1"]), max_size=3
    ),
).map(lambda t: t[0] + t[1])
apply_argvs = st.tuples(
    st.just(["apply-bpe", "-c", "CODES", "-i", "IN", "-o", "OUT"]),
    st.lists(
        st.sampled_from(
            [
                *("--dropout", "0.5", "--seed", "3", "--merges", "2", "--glossaries", "a"),
                *("(a", "--vocabulary", "IN", "--vocabulary-threshold", "-t", "-v"),
            ]
        ),
        max_size=4,
    ),
).map(lambda t: t[0] + t[1])
convert_argvs = st.tuples(
    st.sampled_from(["codes", "vocab-txt", "sp-vocab", "tokenizer-json"]),
    st.sampled_from(["codes", "vocab-txt", "sp-vocab", "tokenizer-json"]),
).map(lambda t: ["convert", "--from", t[0], "--to", t[1], "-i", "IN", "-o", "OUT"])


def _output_file(argv: list[str]) -> bool:
    """Whether the last ``-o`` of ``argv`` names a file (``OUT``) the command may write.

    >>> _output_file(["learn-bpe", "-o", "OUT"]), _output_file(["-o", "OUT", "-o", "-s"])
    (True, False)
    """
    places = [i for i, word in enumerate(argv) if word == "-o"]
    return bool(places) and argv[places[-1] + 1 : places[-1] + 2] == ["OUT"]


@FUZZ_SLOW
@given(
    st.one_of(argvs, learn_argvs, apply_argvs, convert_argvs),
    file_contents,
    file_contents,
    file_contents,
)
@example(["learn-bpe", "-i", "IN", "-o", "OUT", "-s", "3"], b"low lower\n", b"", b"")
@example(["apply-bpe", "-c", "CODES", "-i", "IN"], b"lowest\n", b"#version: 0.2\nl o\n", b"")
@example(["learn-bpe", "-i", "DIR"], b"", b"", b"")
@example(["apply-bpe", "-c", "MISSING"], b"", b"", b"")
@example(["learn-bpe", "-i", "IN", "-o", "DIR"], b"a b", b"", b"")
@example(["learn-bpe", "-i", "IN"], b"\xff\xfe", b"", b"")
@example(["learn-bpe"], b"", b"", b"a\tb")
@example(
    ["convert", "--from", "tokenizer-json", "--to", "codes", "-i", "IN"], b"[" * 9999, b"", b""
)
def test_cli_main(argv: list[str], stdin: bytes, in_data: bytes, codes_data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        paths = {
            "IN": root / "in.txt",
            "CODES": root / "codes.bpe",
            "OUT": root / "out.txt",
            "DIR": root,
            "MISSING": root / "missing" / "x.txt",
        }
        paths["IN"].write_bytes(in_data)
        paths["CODES"].write_bytes(codes_data)
        args = [str(paths[a]) if a in paths else a for a in argv]
        with _std_streams(stdin) as (out, err):
            try:
                status = nmt.main(args)
            except Exception as exc:  # the point: nothing escapes main
                raise AssertionError(f"main({argv}) raised {exc!r}") from exc
        message = err.getvalue().decode("utf-8", "replace")
        assert isinstance(status, int) and status in (0, 2), (status, message)
        assert "Traceback" not in message
        if status == 2:
            assert "error" in message, message
            # one line says what is wrong (argparse prints its usage above it)
            assert ": error: " in message.strip().split("\n")[-1], message
        elif argv[:1] == ["learn-bpe"] and "OUT" in argv and "--help" not in argv:
            codes = paths["OUT"].read_text(encoding="utf-8")
            assert codes.startswith("#version: 0.2\n")
            nmt.read_codes(codes)
        printed = out.getvalue()
        printed.decode("utf-8")  # what a command prints is UTF-8 text (raises if not)
        if status == 0 and "--help" in argv:
            assert printed.startswith(b"usage: "), printed[:80]
        elif status == 0 and _output_file(argv):
            assert printed == b"", printed[:80]  # the output went to the file, none here


@FUZZ
@given(st.lists(texts(12), max_size=5), st.one_of(st.none(), st.integers(-2, 3)))
@example(["low@@ 5", "est 1"], 2)
@example(["a\tb 3", "\x0c 1"], None)
def test_count_words_and_vocabulary_files(lines: list[str], threshold: int | None) -> None:
    """get-vocab's output reads back with every word and count; both agree with subword-nmt."""
    from subword_nmt.apply_bpe import read_vocabulary
    from subword_nmt.get_vocab import get_vocab

    text = nmt.count_words(lines)
    out = io.StringIO()
    get_vocab(lines, out)
    assert text == out.getvalue()
    rows = text.splitlines(keepends=True)
    try:
        words = nmt.read_vocabulary_file(rows, threshold)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert words == read_vocabulary(rows, threshold)
    if threshold is None:
        assert words == set(nmt.read_vocabulary(lines))


@FUZZ_SLOW
@given(
    st.lists(
        st.sampled_from(["learn-bpe", "apply-bpe", "convert", "-c", "x", "--help"]), max_size=3
    )
)
@example([])
@example(["--help"])
def test_python_dash_m(argv: list[str]) -> None:
    saved = sys.argv
    sys.argv = ["subword_core", *argv]
    status: object = None
    try:
        with _std_streams(b"") as (_, err):
            runpy.run_module("subword_core", run_name="__main__", alter_sys=False)
    except SystemExit as exit_:
        status = exit_.code
    finally:
        sys.argv = saved
    assert status in (0, 2)
    assert "Traceback" not in err.getvalue().decode("utf-8", "replace")


@FUZZ
@given(
    st.lists(st.one_of(texts(12), count_lines), max_size=4),
    st.booleans(),
)
@example(["low 5", "lower -1"], True)
@example(["a\tb"], False)
@example(["x</w>"], False)
def test_read_vocabulary(lines: list[str], dict_input: bool) -> None:
    try:
        vocab = nmt.read_vocabulary(lines, dict_input=dict_input)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    # subword-nmt's get_vocabulary reads the same words and counts (it accepts any word,
    # whitespace and '</w>' included, and any whole count, as the command line now does)
    from subword_nmt.learn_bpe import get_vocabulary

    with contextlib.redirect_stdout(io.StringIO()):
        assert dict(get_vocabulary(lines, is_dict=dict_input)) == vocab
    assert all(" " not in word and word for word in vocab)


#: The most merges drawn with a min_frequency below 1 (see :func:`_bounded`).
_MOST_MERGES_BELOW_ONE = 64


def _bounded(num_and_minf: tuple[object, object]) -> tuple[object, object]:
    """``(num, min_frequency)`` with at most 64 merges unless min_frequency is at least 1.

    subtle: below 1 (as in subword-nmt) pairs counted 0 times are merged until ``num``
    merges, one per pass: with ``num`` up to 2**70 a drawn example never ended. A huge
    ``num`` is still drawn with a real minimum, where training stops on its own.

    >>> _bounded((2**70, 0)), _bounded((2**70, 2)), _bounded((5, None))
    ((64, 0), (1180591620717411303424, 2), (5, None))
    """
    num, minf = num_and_minf
    real_minimum = isinstance(minf, int) and not isinstance(minf, bool) and minf >= 1
    if isinstance(num, int) and num > _MOST_MERGES_BELOW_ONE and not real_minimum:
        return _MOST_MERGES_BELOW_ONE, minf
    return num, minf


@FUZZ_SLOW
@given(
    st.one_of(st.dictionaries(st.text("abc", min_size=1, max_size=5), st.integers(1, 4)), corpora),
    st.tuples(anything(st.integers(-1, 8)), anything(st.integers(-1, 3))).map(_bounded),
)
@example({"aab": 3}, (5, 2))
@example({"0\n": 1}, (1, 0))  # a line break in a word: refused (a codes line could not hold it)
@example({"\r0": 1}, (1, 0))
# below 1, as in subword-nmt: pairs counted 0 times are merged until --symbols
@example({"aab": 3, "a\tb": 2}, (50, 0))
@example({"ab": 10**400, "b": -1}, (5, 1))  # too large for a float: no OverflowError here
@example({"aab": 3}, (5, None))
@example({"aab": 3}, (None, 2))
@example({"aab": 3}, (2**70, 1))  # a huge number of merges, training stops on its own
def test_learn_codes(vocab: dict[str, int], num_and_minf: tuple[object, object]) -> None:
    num, minf = num_and_minf
    try:
        codes, stop = nmt.learn_codes(vocab, num, minf)  # type: ignore[arg-type]
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert codes.startswith(nmt.CODES_HEADER)
    assert stop is None or "Stopping" in stop
    if any(line != line.strip("\r\n ") for line in codes.split("\n")[1:-1]):
        return  # a merge of a "\r" at a line's end: the codes format (subword-nmt's) strips it
    model = nmt.read_codes(codes)
    assert model.to_codes() == codes


@FUZZ
@given(small_corpora, st.integers(1, 8), texts(12), st.sampled_from(["@@", "", " ", "##"]))
def test_codes_round_trip(counts: dict[str, int], size: int, line: str, sep: str) -> None:
    codes, _ = nmt.learn_codes(counts, size, 1)
    model = nmt.read_codes(codes)
    assert nmt.read_codes(model.to_codes()).merges == model.merges
    out = nmt.segment_line(model, line, sep)
    if sep == "@@" and "@@" not in line and "</w>" not in line:
        # removing the separators gives the words back, joined by single spaces, with the
        # line's own leading and trailing whitespace
        lead = line[: len(line) - len(line.lstrip("\r\n "))]
        words = [w for w in line.strip("\r\n ").split(" ") if w]
        trailing = len(line) - len(line.rstrip("\r\n "))
        tail = line[-trailing:] if trailing and trailing != len(line) else ""
        assert out.replace("@@ ", "") == lead + " ".join(words) + tail


@FUZZ
@given(st.one_of(texts(30), st.just(""), file_contents.map(lambda b: b.decode("utf-8", "replace"))))
@example("#version: 0.3\n")
@example("#version:\n")
@example("#version: x.y\n")
def test_read_codes_any(text: str) -> None:
    try:
        model = nmt.read_codes(text)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    for word in ("low", "a", "é🙂"):
        nmt.segment_line(model, word + "\n")


FORMAT_NAMES = (*nmt.FORMATS, "bogus")


@FUZZ
@given(
    st.one_of(
        documents,
        texts(20),
        st.just("#version: 0.2\na b\n"),
        st.just("[UNK]\na\n##b\n"),
        st.just("a\t-1\nb\t-2\n"),
    ),
    st.sampled_from(FORMAT_NAMES),
    st.sampled_from(FORMAT_NAMES),
)
def test_convert_text(text: str, source: str, target: str) -> None:
    try:
        out = nmt.convert_text(text, source, target)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert out.endswith("\n")
    # converting back gives the same file again (a converted file is in normal form)
    assert nmt.convert_text(nmt.convert_text(out, target, source), source, target) == out


@FUZZ
@given(st.text(max_size=20), st.text(max_size=12), st.dictionaries(st.text(max_size=5), texts(5)))
def test_note(text: str, code: str, values: dict[str, str]) -> None:
    note = corpus.Note(text, code, values)
    assert note == text and str(note) == text  # a note is its English sentence
    assert note.code == code and note.values == values and note.values is not values
    back = pickle.loads(pickle.dumps(note))
    assert type(back) is corpus.Note and back == text
    assert (back.code, back.values) == (code, values)


# --- subword-nmt's learner (the CLI's learn-bpe) ------------------------------------------

#: characters that make subword-nmt's books drift (tab, form feed, no-break space, the marker)
_NMT_CHARS = "ab\t\x0c\xa0</w>"
_nmt_words = st.text(alphabet=_NMT_CHARS, min_size=1, max_size=7)


def _plain(vocab: dict[str, int], min_frequency: int) -> bool:
    """Ordinary input, where subword-nmt's codes are exact BPE."""
    return min_frequency >= 1 and all(
        count >= 1 and not any(c.isspace() for c in word) for word, count in vocab.items()
    )


@FUZZ
@given(
    st.dictionaries(_nmt_words, st.integers(-2, 6), max_size=6),
    st.integers(0, 40),
    st.integers(-1, 3),
)
@example({"aab": 3, "a\tb": 2}, 20, 0)  # quirks 1 and 4
@example({"ab": 1, "b</w>a": 2}, 20, 1)  # quirk 2
@example({"ab": 5, "ba": -3}, 10, 1)  # quirk 3
def test_nmt_learn(vocab: dict[str, int], num: int, min_frequency: int) -> None:
    """Any vocabulary: merges of non-empty, space-free symbols, at most ``num``, all of them
    unless it stopped; on ordinary input (no whitespace in words, counts and min_frequency at
    least 1, no symbol made twice) exactly the merges of exact BPE."""
    try:
        run = nmt_learn.learn(vocab, num, min_frequency)
    except Exception as exc:
        assert documented(exc), repr(exc)
        return
    assert isinstance(run, nmt_learn.NmtRun)
    assert len(run.merges) <= num
    assert run.stopped or len(run.merges) == num
    for merge in run.merges:
        assert isinstance(merge, nmt_learn.NmtMerge) and isinstance(merge.count, int)
        assert all(part and " " not in part for part in merge.pair), merge
    merges = [m.pair for m in run.merges]
    remade = nmt_learn.first_remade(vocab, merges)
    assert 0 <= remade <= len(merges)
    if _plain(vocab, min_frequency) and not remade:
        assert merges == nmt_learn.exact_merges(vocab, num, min_frequency)


@FUZZ
@given(st.dictionaries(_nmt_words, st.integers(-2, 6), max_size=6))
def test_nmt_start(vocab: dict[str, int]) -> None:
    words, counts = nmt_learn.start_words(vocab)
    assert sorted(counts, reverse=True) == counts
    assert sorted(zip(("".join(w) for w in words), counts, strict=True)) == sorted(
        (word + nmt_learn.MARKER, count) for word, count in vocab.items()
    )
    assert all(w[-1].endswith(nmt_learn.MARKER) for w in words)
    internal, final = nmt_learn.alphabet(vocab)
    assert 0 <= internal <= sum(len(word) - 1 for word in vocab)
    assert final == len({word[-1] for word in vocab})


def _merged_plainly(symbols: tuple[str, ...], left: str, right: str) -> tuple[str, ...]:
    """Exact BPE's merge of one pair in one word: left to right, without overlaps."""
    out: list[str] = []
    at = 0
    while at < len(symbols):
        if at + 1 < len(symbols) and (symbols[at], symbols[at + 1]) == (left, right):
            out.append(left + right)
            at += 2
        else:
            out.append(symbols[at])
            at += 1
    return tuple(out)


@FUZZ
@given(
    st.lists(st.text(alphabet="ab\t", min_size=1, max_size=3), min_size=2, max_size=10), st.data()
)
def test_nmt_one_merge(symbols: list[str], data: st.DataObject) -> None:
    """One merge in one word: the text search agrees with exact BPE while no symbol holds
    whitespace; the pairs taken apart stood in the old word, the pairs made stand in the new."""
    old = tuple(symbols)
    at = data.draw(st.integers(0, len(old) - 2))
    left, right = old[at], old[at + 1]
    new = nmt_learn.rewrite(old, nmt_learn._search_for((left, right)), left + right)
    if not any(c.isspace() for c in "".join(old)):
        assert new == _merged_plainly(old, left, right)
    assert "".join(new) == "".join(old)
    old_pairs = set(pairwise(old))
    assert set(nmt_learn.taken_apart(old, left, right)) <= old_pairs
    new_pairs = set(pairwise(new))
    made = nmt_learn.made_by(new, left + right)
    assert set(made) <= new_pairs
    assert all(left + right in pair for pair in made)


@FUZZ
@given(st.text(max_size=12), anything(), st.lists(st.text(max_size=8), max_size=4))
@example("scheme", "x" * 5000, ["whitespace"])  # a long value is named, not copied whole
def test_check_option(name: str, value: object, options: list[str]) -> None:
    """An option passes silently; anything else is a ParameterError with code and values."""
    try:
        errors.check_option(name, value, options)
    except errors.ParameterError as err:
        assert value not in options
        assert err.code == "bad_option" and err.values["name"] == name
        assert err.values["options"] == ", ".join(options)
        assert len(str(err.values["value"])) <= 60
    else:
        assert value in options


@FUZZ
@given(st.text(max_size=12), st.one_of(anything(), st.integers(), st.booleans(), st.floats()))
@example("num_merges", 1)
@example("num_merges", True)  # a bool is not a number of merges
def test_check_positive(name: str, value: object) -> None:
    """A whole number >= 1 passes silently; anything else is a ParameterError not_positive."""
    whole = isinstance(value, int) and not isinstance(value, bool) and value >= 1
    try:
        errors.check_positive(name, value)
    except errors.ParameterError as err:
        assert not whole
        assert err.code == "not_positive" and err.values == {"name": name, "value": repr(value)}
    else:
        assert whole
