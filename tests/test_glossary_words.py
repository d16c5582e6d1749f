"""One word for one thing (issue 28, item 8): the glossary (:data:`ui.app.glossary.WORDS`) is the
reference, and no zh/ko catalog uses a word the glossary set aside (:data:`ui.app.glossary.AVOID`).

The seeds' own quotations (entries whose English is itself Chinese or Korean) are exempt: they
quote the tutorials as written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ui.app.glossary import AVOID, TERMS, WORDS

LOCALES = Path(__file__).resolve().parents[1] / "locales"
_CJK = re.compile(r"[\u4e00-\u9fff\uac00-\ud7af]")


def _translations(lang: str) -> list[tuple[str, str, str]]:
    """``(file, English, translation)`` for every entry of every catalog in ``lang``."""
    out: list[tuple[str, str, str]] = []
    for path in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            english = message.id if isinstance(message.id, str) else message.id[0]
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            out.extend((path.name, english, s or "") for s in strings)
    return out


def violations(lang: str, entries: list[tuple[str, str, str]]) -> list[str]:
    """Every translation in ``entries`` that uses a word :data:`AVOID` sets aside in ``lang``."""
    found = []
    for name, english, text in entries:
        if _CJK.search(english):
            continue  # a quotation of the seeds, as written
        for pattern, choice in AVOID[lang]:
            if re.search(pattern, text):
                found.append(f"{name}: {pattern!r} in {text[:60]!r} (use {choice})")
    # the alphabet and the seed vocabulary are two things
    alphabet = "초기 단어 집합" if lang == "ko" else "初始词表"
    for name, english, text in entries:
        names_alphabet = re.search(r"(?<!\{)\balphabet\b", english) and "seed" not in english
        if names_alphabet and alphabet in text:
            found.append(f"{name}: the alphabet called {alphabet} in {text[:60]!r}")
    return found


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_no_catalog_uses_a_word_outside_the_glossarys_choice(lang: str) -> None:
    assert violations(lang, _translations(lang)) == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "两个字符对平局"),
        ("zh", "未知词元"),
        ("zh", "种子词表"),
        ("ko", "코퍼스에서"),
        ("ko", "동점인 쌍"),
        ("ko", "시드 단어 집합"),
    ],
)
def test_the_check_can_fail(lang: str, text: str) -> None:
    assert violations(lang, [("x.po", "a sentence", text)])
    assert not violations(lang, [("x.po", "一个", text)])  # a quotation is exempt


def test_the_alphabet_check_can_fail() -> None:
    assert violations("ko", [("x.po", "The alphabet alone", "초기 단어 집합만")])
    assert not violations("ko", [("x.po", "The {alphabet} tokens", "초기 단어 집합")])


def test_every_term_has_its_word_in_both_languages() -> None:
    assert set(WORDS) == {term.key for term in TERMS}
    for key, (zh, ko) in WORDS.items():
        assert zh and ko and "—" not in zh + ko, key


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_glossarys_words_are_the_ones_the_interface_uses(lang: str) -> None:
    text = "\n".join(t for _, _, t in _translations(lang))
    index = 0 if lang == "zh" else 1
    for key in ("corpus", "tie", "step", "merge", "pair", "symbol", "token", "piece"):
        word = WORDS[key][index]
        assert word in text, (key, word)


# --------------------------------------------------------------------------------------
# English: "seed" is never a tutorial (issue 28, item 8)
# --------------------------------------------------------------------------------------


def english_violations(messages: dict[str, list[str]]) -> dict[str, list[str]]:
    """``domain -> the English messages`` that use a word :data:`AVOID` sets aside in English.

    >>> english_violations({"x": ["as seed 003 prints it", "a random seed", "seed vocabulary"]})
    {'x': ['as seed 003 prints it']}
    """
    found: dict[str, list[str]] = {}
    for domain, texts in messages.items():
        bad = [t for t in texts if any(re.search(p, t) for p, _ in AVOID["en"])]
        if bad:
            found[domain] = bad
    return found


def _english_messages() -> dict[str, list[str]]:
    """Every English message of the code (``scripts/i18n.py extract``), by domain."""
    import importlib.util
    import sys

    root = LOCALES.parent
    spec = importlib.util.spec_from_file_location("i18n_script", root / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules["i18n_script"] = script
    spec.loader.exec_module(script)
    domains, _ = script.extract(root)
    out: dict[str, list[str]] = {}
    for domain, extracted in domains.items():
        for msgid, (plural, _locations, _notes) in extracted.messages.items():
            out.setdefault(domain, []).extend([msgid, *([plural] if plural else [])])
    return out


def test_english_never_calls_a_tutorial_a_seed() -> None:
    found = english_violations(_english_messages())
    assert found == {}, "name the tutorials 'tutorial NNN' (ui.app.glossary.AVOID['en'])"


@pytest.mark.parametrize(
    "text",
    [
        "Seed 001's “pug” (erratum)",
        "low / lower / newest / widest (seeds 002, 003)",
        "Seed gallery",
        "The seed computes P(pu, g)",
        "a tiny example on the seeds' corpora",
    ],
)
def test_the_english_check_can_fail(text: str) -> None:
    assert english_violations({"x": [text]}) == {"x": [text]}


@pytest.mark.parametrize(
    "text",
    ["Random seed", "Seed vocabulary (where training starts)", "15 seed tokens", "tutorial 001"],
)
def test_the_english_check_keeps_the_other_seeds(text: str) -> None:
    assert english_violations({"x": [text]}) == {}
