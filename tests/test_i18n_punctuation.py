"""Prose punctuation as a native writer uses it (issue 28, item 7), in every catalog.

- 中文 writes full-width ``？；：``: a Latin ``?`` or ``;`` anywhere in a Chinese translation,
  or a Latin ``:`` right after a Chinese character, is a slip (``步: 3`` → ``步：3``).
- 한국어 does not join two clauses with ``;``, nor end a sentence in ``…니다:`` before another
  whole sentence (``…없습니다: …세요.`` reads as English; a Korean writer ends the first
  sentence with a full stop). Labels (``단계: 3``, ``퀴즈: …``) keep their colon.

What the interface shows as code is left alone: ``{fields}`` (``{n:,}``), ``code spans``,
HTML tags and entities (``&lt;``), addresses and ``:material/icons:``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parents[1] / "locales"

_CODE = re.compile(
    r"`[^`]*`|\{[^{}]*\}|<[^>]*>|&#?\w+;|:material/[a-z_]+:|https?://\S+|\$[^$\n]*\$"
)
"""The parts of a translation that are code, not prose (replaced by a neutral ``X``)."""

_HAN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_HANGUL = r"[\uac00-\ud7af]"
_RULES: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "zh": (
        (
            re.compile(rf"(?s)[?;](?=.*{_HAN})|(?<={_HAN})[^\n]*[?;]"),
            "Latin ? or ; in Chinese (？；)",
        ),
        (re.compile(rf"{_HAN}:"), "Latin : after a Chinese character (：)"),
    ),
    "ko": (
        (re.compile(rf"{_HANGUL}[^;\n]{{0,3}};|;[ ]?{_HANGUL}"), "; between Korean clauses"),
        (
            re.compile(rf"(?:니다|세요):[ ][^.:\n]*?{_HANGUL}(?:니다|세요)\."),
            "a sentence ended with : before another sentence (end it with .)",
        ),
    ),
}


def punctuation_problems(lang: str, text: str) -> list[str]:
    """Every slip of :data:`_RULES` in one translation, with a few characters around it.

    >>> punctuation_problems("zh", "为什么?")
    ['Latin ? or ; in Chinese (？；): …为什么?…']
    >>> punctuation_problems("zh", "第 {n:,} 步：`a;b`")
    []
    """
    prose = _CODE.sub("X", text)
    found = []
    for pattern, what in _RULES.get(lang, ()):
        for match in pattern.finditer(prose):
            start = max(match.start() - 8, 0)
            found.append(f"{what}: …{prose[start : match.end()]}…")
    return found


def _catalog_problems(lang: str) -> list[str]:
    problems = []
    for path in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                problems += [f"{path.name}: {p}" for p in punctuation_problems(lang, text or "")]
    return problems


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_every_catalog_punctuates_as_a_native_writer(lang: str) -> None:
    assert _catalog_problems(lang) == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "为什么 unhappiness 是三个 token?"),
        ("zh", "先数字符对; 再合并"),
        ("zh", "步骤: 3"),
        ("zh", "合并:字符对"),
        ("ko", "최대 10자; 더 드문 단어는 빠집니다"),
        ("ko", "훈련 데이터가 비어 있습니다: 단어를 입력하세요."),
    ],
)
def test_the_check_fails_on_a_slip(lang: str, text: str) -> None:
    assert punctuation_problems(lang, text)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "第 {n:,} 步：合并 `a;b`"),
        ("zh", "合并 u+n、un+&lt;/w&gt;"),
        ("zh", "每一项都必须是 (词, 次数) 对"),
        ("zh", ":material/warning: 注意"),
        ("ko", "단계: 3"),
        ("ko", "퀴즈: 병합이 보이기 전에 먼저 맞혀 보기"),
        ("ko", "두 가지를 보여 줍니다: 훈련 데이터, 설정, 단계."),
        ("ko", "<span style='a:b;c:d'>병합</span>"),
    ],
)
def test_the_check_leaves_code_and_labels_alone(lang: str, text: str) -> None:
    assert punctuation_problems(lang, text) == []
