"""A tiny hostile tokenizer file cannot take the server's memory or processor (issue 26).

Each attack runs in a child process under a memory limit (``RLIMIT_AS``) and a processor
limit (``RLIMIT_CPU``): before the bounds of :mod:`subword_core.bounds`, each allocated
gigabytes (the child died of ``MemoryError``) or ran for ever; now each is refused in words,
with a code and its values, well inside the limits.
"""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import subword_core.bounds as bounds_module
from subword_core.bounds import BoundError, Bounds, pattern_size
from subword_core.pretrained import PretrainedError, load
from subword_core.pretrained.charsmap import Charsmap

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("a " * 500)[:1000]  # a legal text on the page: 1,000 characters
MEMORY = 1024 * 1024 * 1024  # the child's address space: 1 GB
CPU_SECONDS = 30


def _json(normalizer: object = None, pre: object = None, model: object = None) -> str:
    """A tokenizer.json with this normalizer and pre-tokenizer (a tiny BPE by default)."""
    doc = {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": normalizer,
        "pre_tokenizer": pre,
        "model": model
        or {
            "type": "BPE",
            "vocab": {"a": 0, "x": 1, "b": 2, "<unk>": 3, " ": 4, "▁": 5, "#": 6},
            "merges": [],
            "unk_token": "<unk>",
        },
    }
    return json.dumps(doc, ensure_ascii=False)


def _replace(pattern: str, content: str) -> dict[str, object]:
    return {"type": "Replace", "pattern": {"String": pattern}, "content": content}


def _charsmap_file() -> str:
    charsmap = Charsmap.build({"a": "x" * 1_000_000})
    import base64

    blob = base64.b64encode(charsmap.to_bytes()).decode()
    return _json({"type": "Precompiled", "precompiled_charsmap": blob})


ATTACKS: dict[str, tuple[str, str]] = {
    # name: (the file, the text); each took gigabytes or minutes before the bounds
    "replace_chain": (
        _json({"type": "Sequence", "normalizers": [_replace("a", "aaaaaaaaaa")] * 9}),
        TEXT,
    ),
    "replace_long_content": (_json(_replace("a", "x" * 2_000_000)), TEXT),
    "prepend_then_replace": (
        _json(
            {
                "type": "Sequence",
                "normalizers": [{"type": "Prepend", "prepend": "a" * 1000}]
                + [_replace("a", "aaaaaaaaaa")] * 6,
            }
        ),
        TEXT,
    ),
    "metaspace_replacement": (
        _json(pre={"type": "Metaspace", "replacement": "x" * 2_000_000, "split": False}),
        TEXT,
    ),
    "precompiled_long_replacement": (_charsmap_file(), TEXT),
    "wordpiece_prefix": (
        _json(
            model={
                "type": "WordPiece",
                "vocab": {"[UNK]": 0, "b": 1},
                "unk_token": "[UNK]",
                "continuing_subword_prefix": "#" * 2_000_000,
                "max_input_chars_per_word": 10**9,
            }
        ),
        "b" + "a" * 999,
    ),
    "wordpiece_long_word": (
        _json(
            model={
                "type": "WordPiece",
                "vocab": {"[UNK]": 0, "a": 1, "##a": 2},
                "unk_token": "[UNK]",
                "max_input_chars_per_word": 10**9,
            },
            normalizer=_replace("a", "aaaaaaaaaa"),
        ),
        "a" * 1000,
    ),
    "pattern_repeats": (
        _json(pre={"type": "Split", "pattern": {"Regex": "(?:(?:(?:a{100}){100}){100}){100}"}}),
        TEXT,
    ),
    "pattern_backtracks": (
        _json(pre={"type": "Split", "pattern": {"Regex": "(?:a|aa)+b"}, "behavior": "Isolated"}),
        "a" * 60 + "c",
    ),
    "bpe_long_word_steps": (
        _json(
            normalizer=_replace("a", "aaaaaaaaaa"),
            model={
                "type": "BPE",
                "vocab": {"a": 0, "aa": 1, "<unk>": 2},
                "merges": ["a a"],
                "unk_token": "<unk>",
            },
        ),
        "a" * 1000,
    ),
}

EXPECTED = {
    "replace_chain": "text_too_long",
    "replace_long_content": "text_too_long",
    "prepend_then_replace": "text_too_long",
    "metaspace_replacement": "text_too_long",
    "precompiled_long_replacement": "text_too_long",
    "wordpiece_prefix": "trace_too_much_work",
    "wordpiece_long_word": "trace_too_much_work",
    "pattern_repeats": "pattern_too_large",
    "pattern_backtracks": "pattern_too_slow",
    "bpe_long_word_steps": "trace_too_long",
}

_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
    resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
    from subword_core.pretrained import PretrainedError, load
    data = json.load(sys.stdin)
    try:
        load({{"tokenizer.json": data["file"]}}).trace(data["text"])
    except PretrainedError as err:
        print(json.dumps({{"code": err.code, "message": str(err)}}))
    else:
        print(json.dumps({{"code": None}}))
    """
)


def _attack(file: str, text: str) -> dict[str, object]:
    """Load ``file`` and trace ``text`` in a child under the memory and processor limits."""
    code = _CHILD.format(memory=MEMORY, cpu=CPU_SECONDS)
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps({"file": file, "text": text}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]  # MemoryError / killed by RLIMIT_CPU
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_hostile_file_is_refused_in_words_within_the_limits(name: str) -> None:
    file, text = ATTACKS[name]
    assert len(file) < 2_100_000 and len(text) <= 1000
    found = _attack(file, text)
    assert found["code"] == EXPECTED[name], found
    assert "refused" in str(found["message"]) or "more than" in str(found["message"])


def test_the_sample_files_trace_a_long_text_within_the_bounds() -> None:
    assets = ROOT / "ui" / "assets" / "pretrained"
    texts = ["中文分词测试" * 167, "the quick brown fox " * 50, "x" * 1000, "한국어형태소" * 167]
    for path in sorted(assets.glob("*")):
        tok = load({path.name: path.read_bytes()})
        for text in texts:
            assert tok.trace(text).tokens


def test_bounds_are_a_parameter() -> None:
    tok = load({"tokenizer.json": _json(_replace("a", "aa"))})
    assert tok.trace("aaa").words == ("aaaaaa",)
    with pytest.raises(PretrainedError) as err:
        tok.trace("aaa", bounds=Bounds(text_chars=5, growth=1))
    assert err.value.code == "text_too_long"
    assert err.value.values["limit"] == 5
    huge = Bounds(text_chars=10**9, trace_units=10**9, trace_steps=10**6)
    assert tok.trace("a" * 1000, bounds=huge).tokens


@pytest.mark.parametrize(
    ("pattern", "size"),
    [
        (r"\p{L}+", 1),
        (r"'s|'t|'re| ?\p{L}+| ?\p{N}+", 11),
        (r"\p{N}{1,3}", 1),
        (r"(?:ab){3}", 6),
        (r"[a-z{}]{10}", 10),
        (r"\x{41}{2}", 2),
        (r"(a|bc){2}x", 7),
    ],
)
def test_pattern_size(pattern: str, size: int) -> None:
    assert pattern_size(pattern) == size


def test_a_bound_error_is_a_subword_error_with_values() -> None:
    err = BoundError("x", code="pattern_too_large", values={"size": 3})
    assert isinstance(err, ValueError) and err.values == {"size": 3}


def test_doctests() -> None:
    assert doctest.testmod(bounds_module).failed == 0


def _timed_trace(doc: dict[str, object], text: str) -> tuple[float, tuple[str, ...]]:
    import time

    tok = load({"tokenizer.json": json.dumps(doc)})
    start = time.process_time()
    tokens = tok.trace(text).tokens
    return time.process_time() - start, tokens


def test_many_unigram_pieces_sharing_a_letter_cost_little() -> None:
    """200,000 pieces starting with "a": every position tried each of them (109 s of a core
    on this text); now each length is looked up."""
    pieces = [["<unk>", 0.0], ["a", -1.0]] + [[f"a{i}", -5.0] for i in range(200_000)]
    doc = {"version": "1.0", "model": {"type": "Unigram", "unk_id": 0, "vocab": pieces}}
    seconds, tokens = _timed_trace(doc, "a" * 995 + "a1234")
    assert seconds < 5, seconds
    assert tokens == ("a",) * 995 + ("a1234",)


def test_many_special_tokens_cost_little() -> None:
    """100,000 special tokens: every position tried each of them (27 s of a core)."""
    added = [
        {"id": 10 + i, "content": f"<tok{i}>", "single_word": False, "lstrip": False}
        | {"rstrip": False, "normalized": False, "special": True}
        for i in range(100_000)
    ]
    model = {"type": "WordPiece", "vocab": {"[UNK]": 0, "a": 1}, "unk_token": "[UNK]"}
    doc = {"version": "1.0", "added_tokens": added, "model": model}
    seconds, tokens = _timed_trace(doc, "<tok5>a" * 140)
    assert seconds < 5, seconds
    assert tokens == ("<tok5>", "a") * 140


# -- the smaller ones (issue 26, item 7) ----------------------------------------------------


def test_deeply_nested_json_is_refused_in_words() -> None:
    with pytest.raises(PretrainedError) as err:
        load({"tokenizer.json": '{"a": ' * 100_000 + "1" + "}" * 100_000})
    assert err.value.code == "json_too_deep"


def test_a_utf16_tokenizer_json_is_called_utf16_not_binary() -> None:
    text = _json()
    for data in (text.encode("utf-16"), text.encode("utf-16-le"), text.encode("utf-16-be")):
        with pytest.raises(PretrainedError) as err:
            load({"tokenizer.json": data})
        assert err.value.code == "not_utf8" and "UTF-16" in str(err.value)


def test_a_charsmap_whose_cr_lf_walks_outside_the_trie_is_refused_in_words() -> None:
    """The normalizer's ASCII shortcut never walked the trie for CR LF; the step's list of
    replacements did, and its error reached the page as a bug."""
    import base64

    from subword_core.pretrained.charsmap import CharsmapError

    good = Charsmap.build({"\r\nz": "x", "ａ": "a"})
    for i in range(len(good.units)):
        units = list(good.units)
        units[i] = (units[i] & 0x3FF) | (0x1FFFFF << 10)
        damaged = Charsmap(tuple(units), good.pool)
        try:
            damaged.normalize("a\r\nb")
            damaged.segments("a\r\nb")
        except CharsmapError:
            break
    else:
        pytest.fail("no damage found")
    blob = base64.b64encode(damaged.to_bytes()).decode()
    tok = load({"tokenizer.json": _json({"type": "Precompiled", "precompiled_charsmap": blob})})
    with pytest.raises(PretrainedError) as err:
        tok.trace("a\r\nb")
    assert err.value.code == "bad_charsmap"


def test_a_huge_alternation_is_refused_before_compiling() -> None:
    """A 13.9 MB alternation took 107 s and 4 GB to compile; it is refused by its size."""
    import time

    words = "|".join(f"w{i}" for i in range(200_000))
    start = time.process_time()
    with pytest.raises(PretrainedError) as err:
        load({"tokenizer.json": _json(pre={"type": "Split", "pattern": {"Regex": words}})})
    assert err.value.code == "pattern_too_large"
    assert time.process_time() - start < 5
