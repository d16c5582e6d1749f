"""Fuzz tests of the trace bounds (subword_core/bounds.py) and of small public helpers new
with them: a meter refuses exactly when a bound is passed (never before), a pattern's size is
what its counted repeats expand to, a codes file's header never raises, the Unicode tables
agree with the Unicode database, and a pretrained model's unknown id is its unknown line."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import bounds
from subword_core.bounds import BoundError, Bounds, Meter, StepList
from subword_core.errors import SubwordError
from subword_core.nmt import codes_version
from subword_core.pretrained import load
from subword_core.text.unicode_tables import is_numeric, is_word, lower
from tests.budget import examples

COVERED: dict[str, tuple[str, ...]] = {
    "subword_core.bounds.BoundError": ("test_meter", "test_step_list"),
    "subword_core.bounds.Bounds": ("test_meter", "test_step_list"),
    "subword_core.bounds.Bounds.text_limit": ("test_meter",),
    "subword_core.bounds.Meter": ("test_meter",),
    "subword_core.bounds.Meter.produce": ("test_meter",),
    "subword_core.bounds.Meter.spend": ("test_meter",),
    "subword_core.bounds.Meter.stage": ("test_meter",),
    "subword_core.bounds.bounds_in_force": ("test_meter",),
    "subword_core.bounds.current": ("test_meter",),
    "subword_core.bounds.produce": ("test_meter",),
    "subword_core.bounds.charge": ("test_step_list",),
    "subword_core.bounds.StepList": ("test_step_list",),
    "subword_core.bounds.StepList.append": ("test_step_list",),
    "subword_core.bounds.StepList.insert": ("test_step_list",),
    "subword_core.bounds.pattern_size": ("test_pattern_size", "test_pattern_size_any_text"),
    "subword_core.nmt.codes_version": ("test_codes_version",),
    "subword_core.text.unicode_tables.is_word": ("test_unicode_tables",),
    "subword_core.text.unicode_tables.is_numeric": ("test_unicode_tables",),
    "subword_core.text.unicode_tables.lower": ("test_unicode_tables",),
    "subword_core.pretrained.Pretrained.unk_id": ("test_unk_id",),
}

amounts = st.lists(st.integers(0, 50), max_size=12)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 200), st.integers(1, 5), st.integers(0, 40), amounts, amounts)
def test_meter(limit: int, growth: int, length: int, spends: list, writes: list) -> None:
    chosen = Bounds(text_chars=limit, growth=growth, work=limit)
    assert chosen.text_limit(length) == max(limit, growth * length)
    assert bounds.current().bounds == bounds.DEFAULT  # none in force outside a trace
    bounds.produce(10**12, "Replace")  # outside a trace: nothing is counted
    with bounds.bounds_in_force(chosen, length) as meter:
        assert bounds.current() is meter and isinstance(meter, Meter)
        total = 0
        for amount in spends:
            total += amount
            if total > limit:
                with pytest.raises(BoundError) as err:
                    meter.spend(amount, "tries")
                assert err.value.code == "trace_too_much_work"
                break
            meter.spend(amount, "tries")
        text_limit = chosen.text_limit(length)
        for stage in ("Replace", "Prepend"):
            meter.stage(stage)  # each stage is counted afresh
            written = 0
            for amount in writes:
                written += amount
                if written > text_limit:
                    with pytest.raises(BoundError) as err:
                        bounds.produce(amount, stage)
                    assert err.value.code == "text_too_long"
                    assert err.value.values["limit"] == text_limit
                    assert isinstance(err.value, SubwordError)
                    break
                meter.produce(amount)
    assert bounds.current().bounds == bounds.DEFAULT


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 8), st.lists(st.text(max_size=80), max_size=12), st.integers(0, 200))
def test_step_list(limit: int, steps: list[str], work: int) -> None:
    kept = StepList(Meter(Bounds(trace_steps=limit, trace_units=10**9, work=100)))
    for number, step in enumerate(steps, 1):
        if number > limit:
            with pytest.raises(BoundError) as err:
                (kept.append if number % 2 else lambda s: kept.insert(0, s))(step)
            assert err.value.code == "trace_too_long" and err.value.values["steps"] == number
            assert len(kept) == limit
            break
        if number % 2:
            kept.append(step)
        else:
            kept.insert(0, step)
    assert len(kept) == min(len(steps), limit)
    bounds.charge(list(steps), 10**12, "tries")  # a plain list is not a bounded trace
    if work > 100:
        with pytest.raises(BoundError):
            bounds.charge(kept, work, "tries")
    else:
        bounds.charge(kept, work, "tries")


literal = st.text(alphabet="abcxyz019", min_size=1, max_size=5)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(literal, st.integers(0, 40)), min_size=1, max_size=4), literal)
def test_pattern_size(parts: list[tuple[str, int]], tail: str) -> None:
    pattern = "".join(f"(?:{text}){{{times}}}" for text, times in parts) + tail
    # what is repeated is compiled once at least ({0} too)
    expected = sum(len(text) * max(times, 1) for text, times in parts) + len(tail)
    assert bounds.pattern_size(pattern) == expected
    nested = f"(?:{pattern}){{3}}"
    assert bounds.pattern_size(nested) == 3 * expected


@settings(max_examples=examples(100), deadline=None)
@given(st.text(alphabet="(){}[]?:*+,|\\^a1<>=!P-", max_size=40))
def test_pattern_size_any_text(pattern: str) -> None:
    assert bounds.pattern_size(pattern) >= 0


@settings(max_examples=examples(100), deadline=None)
@given(st.text(max_size=40), st.text(alphabet="0123456789.x ", max_size=8))
def test_codes_version(text: str, word: str) -> None:
    found = codes_version(text)  # never raises, whatever the header
    assert found is None or found == text.splitlines()[0].split()[-1]
    assert codes_version("#version: 0.2\n" + text) is None
    assert codes_version("#version: 0.1.0\n" + text) is None
    header = f"#version: {word}\n"
    got = codes_version(header + "a b\n")
    assert got is None or (got == header.split()[-1] and got not in ("0.1", "0.2"))


# The tables come from a newer Unicode than some Pythons: only assigned characters compared.
assigned = st.characters(exclude_categories=("Cn", "Cs"))
# the regex crate's \w: Alphabetic (letters, Nl and Other_Alphabetic), marks, Nd, Pc,
# Join_Control; of Other_Alphabetic only the circled and squared letters are symbols (So)
WORD_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "Pc"}


@settings(max_examples=examples(300, ci=100), deadline=None)
@given(assigned, st.text(max_size=20))
def test_unicode_tables(ch: str, text: str) -> None:
    category = unicodedata.category(ch)
    if category != "So":
        assert is_word(ch) == (category in WORD_CATEGORIES or ch in "\u200c\u200d"), hex(ord(ch))
    assert is_numeric(ch) == (category in ("Nd", "Nl", "No")), hex(ord(ch))
    assert lower(text) == "".join(c.lower() for c in text)  # each character alone


pieces = st.lists(
    st.text(alphabet="abcdé", min_size=1, max_size=4), min_size=1, max_size=8, unique=True
)


@settings(max_examples=examples(40), deadline=None)
@given(pieces, st.data())
def test_unk_id(vocab: list[str], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(vocab)))
    lines = [*vocab[:at], "[UNK]", *vocab[at:]]
    assert load({"vocab.txt": "\n".join(lines)}).unk_id == at
    scored = [f"▁{p}\t-{k + 1}" for k, p in enumerate(vocab)]
    scored.insert(at, "<unk>\t0")
    assert load({"x.vocab": "\n".join(scored)}).unk_id == at
