"""Issue 28, item 7: what a class saw in English or as a template on a 中文 or 한국어 page.

- the tag above a token a step just built said NEW (its translation existed but a caller
  passed the English word),
- a training's progress said "778 of 2,510",
- Korean particles were shown as templates (와(과), 이(가), (으)로, 을(를), 은(는)) after a
  value, a closing quote or a tag: a Korean entry picks the particle from the value
  (``{x:을/를}``, :mod:`ui.app.i18n`) or is worded so that none is needed.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_link
from ui.app.i18n import LOCALES_DIR

_TEMPLATES = ("(과)", "(와)", "(가)", "(이)", "(를)", "(을)", "(는)", "(은)", "(으)로", "(이)라")


def _korean_strings() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((LOCALES_DIR / "ko" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fp:
            catalog = read_po(fp, locale="ko")
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            out += [(path.name, str(message.id), s) for s in strings if message.id and s]
    return out


def test_no_korean_entry_shows_a_particle_template() -> None:
    """와(과), 이(가), (으)로, 을(를), 은(는) anywhere in a Korean entry (after a value, a
    quote or a tag) reach the page as they are."""
    found = [
        f"{name}: {text}"
        for name, _msgid, text in _korean_strings()
        if any(template in text for template in _TEMPLATES)
    ]
    assert len(_korean_strings()) > 500
    assert found == []


_TAG_LABEL = re.compile(r'class="sw-tok-label" aria-hidden="true">([^<]*)<')


def _tag_labels(at: AppTest) -> list[str]:
    bodies = "\n".join(h.proto.body for h in at.get("html"))
    return _TAG_LABEL.findall(bodies)


@pytest.mark.parametrize(("lang", "new"), [("zh", "新"), ("ko", "새 토큰")])
def test_the_tag_above_a_new_token_speaks_the_language(lang: str, new: str) -> None:
    at = open_link("bpe_learn", {"lang": lang, "corpus": "seed-low", "step": "2"})
    labels = _tag_labels(at)
    assert labels, "no token was tagged"
    assert all(not re.search("[A-Za-z]", label) for label in labels), labels
    assert new in labels


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_gages_tags_speak_the_language(lang: str) -> None:
    at = open_link("gage", {"lang": lang, "step": "2"})
    labels = _tag_labels(at)
    assert labels, "no character was tagged"
    assert all(not re.search("[A-Za-z]", label) for label in labels), labels


def _training_progress(lang: str, done: int, total: int) -> None:  # pragma: no cover - AppTest
    import streamlit as st

    from ui.runtime.training import progress_bar

    st.session_state["lang"] = lang
    with progress_bar("训练") as progress:
        progress(done, total)


@pytest.mark.parametrize(
    ("lang", "stopped", "done"),
    [
        ("zh", "训练：已停止，778 / 2,510。", "训练：完成，2,510 / 2,510。"),
        ("ko", "중지됨, 2,510 중 778", "완료, 2,510 중 2,510"),
    ],
)
def test_a_trainings_progress_speaks_the_language(lang: str, stopped: str, done: str) -> None:
    for n, expected in ((778, stopped), (2510, done)):
        at = AppTest.from_function(_training_progress, args=(lang, n, 2510))
        at.run()
        assert not at.exception
        status = " ".join(h.proto.body for h in at.get("html"))
        assert expected in status, status
        assert " of " not in status
