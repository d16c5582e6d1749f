"""The share box's link for students (issue 28, item 2): an address they can reach (a warning
when the server listens on this computer only), the link's short form (defaults left out)
and a QR code drawn on the server."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

import ui.app.share
from tests.app.conftest import open_link
from ui.app.share import short_params

PAGES_AT_DEFAULTS = {
    "bpe_learn": {"corpus": "seed-low"},
    "wordpiece": {"corpus": "seed-hug"},
    "unigram": {"corpus": "seed-hug"},
    "byte_level": {"corpus": "seed-low"},
    "compare": {"corpus": "seed-low"},
}


def _params(at: object) -> dict[str, str]:
    raw = dict(at.query_params)  # type: ignore[attr-defined]
    return {k: v if isinstance(v, str) else v[-1] for k, v in raw.items()}


def _opened(at: AppTest) -> AppTest:
    """The share box opened (its QR code is drawn only then): what a click on it does."""
    at.session_state["share__box"] = True
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _bodies(at: object) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))  # type: ignore[attr-defined]


@pytest.fixture
def listen_on(request: pytest.FixtureRequest) -> Iterator[None]:
    before = config.get_option("server.address")
    config.set_option("server.address", request.param)
    yield
    config.set_option("server.address", before)


@pytest.mark.parametrize(("page", "params"), PAGES_AT_DEFAULTS.items())
def test_the_short_link_opens_the_same_view(page: str, params: dict[str, str]) -> None:
    at = open_link(page, params)
    full = _params(at)
    short = short_params(page, full)
    assert "null" not in short.values()
    again = open_link(page, short)
    assert _params(again) == full  # the same view, so the same full link


def test_the_unigram_link_loses_its_defaults() -> None:
    at = open_link("unigram", {"corpus": "seed-hug"})
    full = urlencode(_params(at))
    short = urlencode(short_params("unigram", _params(at)))
    assert "null" in full and "null" not in short
    assert len(short) < len(full) * 0.6, (len(short), len(full))


@pytest.mark.parametrize("listen_on", ["127.0.0.1"], indirect=True)
def test_a_server_on_loopback_only_says_what_to_do(listen_on: None) -> None:
    at = _opened(open_link("bpe_learn", {"corpus": "seed-low", "lang": "ko"}))
    bodies = _bodies(at)
    assert "--server.address 0.0.0.0" in bodies
    assert "학생들은 이 링크를 열 수 없습니다" in bodies
    assert '<img alt="학생용 링크의 QR 코드" src="data:image/svg+xml;base64,' in bodies


@pytest.mark.parametrize("listen_on", ["0.0.0.0"], indirect=True)
def test_a_server_on_the_network_gives_a_link_and_its_qr_code(listen_on: None) -> None:
    at = _opened(open_link("unigram", {"corpus": "seed-hug"}))
    bodies = _bodies(at)
    assert "listens on this computer only" not in bodies
    assert '<img alt="QR code of the link for students"' in bodies
    # an SVG image (st.html strips inline SVG) draws only with its namespace
    data = bodies.split("data:image/svg+xml;base64,")[1].split('"')[0]
    assert base64.b64decode(data).startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    codes = [c.value for c in at.sidebar.code]
    assert len(codes) == 2, codes  # the address bar's link, then the one for students
    assert "null" in codes[0] and "null" not in codes[1]
    assert codes[1].split("?")[1] == urlencode(short_params("unigram", _params(at)))


def test_the_closed_box_draws_no_qr_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: the link holds the step, so every step change of every student drew a new QR
    code (segno, in pure Python), in a box hardly anyone opens. Now only the open box does."""
    drawn: list[str] = []
    real = ui.app.share._qr_html.__wrapped__

    def counted(link: str, title: str) -> str:
        drawn.append(link)
        return real(link, title)

    monkeypatch.setattr(ui.app.share, "_qr_html", counted)
    at = open_link("bpe_learn", {"corpus": "seed-low", "step": "2"})
    at.button(key="bpe_learn__next").click().run()  # a step change
    assert at.query_params["step"] == "3"
    assert drawn == [], drawn
    assert "data:image/svg+xml" not in _bodies(at)
    _opened(at)
    assert len(drawn) == 1 and "step=3" in drawn[0], drawn
    assert "step=3" in at.sidebar.code[0].value
    assert "data:image/svg+xml" in _bodies(at)
    at.session_state["share__box"] = False  # closed again
    at.run()
    assert "data:image/svg+xml" not in _bodies(at)


@pytest.mark.parametrize("page", ["bpe_learn", "glossary"])
def test_the_closed_box_draws_no_code_box(page: str) -> None:
    """A page load: the first code box on a page loads the browser's syntax highlighter (about
    15 % of a page load's JavaScript), and the closed share box was the only one on most
    pages. Closed, the box draws no code box (nobody sees its links); opened, both links."""
    at = open_link(page, {"corpus": "seed-low"})
    assert not at.get("code"), [c.value for c in at.get("code")]  # none on the whole page
    assert at.query_params["corpus"] == "seed-low"  # the address bar still holds the link
    _opened(at)
    codes = [c.value for c in at.sidebar.code]
    assert len(codes) == 2 and all("corpus=seed-low" in c for c in codes), codes
    at.session_state["share__box"] = False  # closed again
    at.run()
    assert not at.get("code")


def test_the_closed_box_keeps_no_code_box_through_step_changes() -> None:
    """The step player's fragment redraws the box at every step: closed, still no code box;
    opened, the links follow the step."""
    at = open_link("bpe_learn", {"corpus": "seed-low", "step": "2"})
    at.button(key="bpe_learn__next").click().run()
    assert at.query_params["step"] == "3" and not at.get("code")
    _opened(at)
    at.button(key="bpe_learn__next").click().run()
    assert at.query_params["step"] == "4"
    assert "step=4" in at.sidebar.code[0].value


def test_a_closed_box_is_not_drawn_again_after_the_player_drew_it() -> None:
    """WordPiece's link changes after its player drew the box (the encode tab's words come
    later in the run); ``app.py`` drew the box again as a plain expander, with its code boxes,
    and without its open state (the box closed at the next run). Closed, it is left as the
    player drew it; opened, it holds the whole link."""
    at = open_link("wordpiece", {"corpus": "seed-hug"})
    assert "wp_encode_text" in at.query_params
    assert not at.get("code"), [c.value for c in at.get("code")]
    _opened(at)
    codes = [c.value for c in at.sidebar.code]
    assert len(codes) == 2 and "wp_encode_text=" in codes[0], codes
    assert "data:image/svg+xml" in _bodies(at)
    at.toggle(key="wp_quiz").set_value(True).run()  # a full run: the box stays open
    assert at.session_state["share__box"] is True
    assert "wp_quiz=true" in at.sidebar.code[0].value
