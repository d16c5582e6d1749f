"""Shareable links: the corpus, the settings and the current step of a page, in its URL.

A teacher sets up a page (an example corpus, ten merges, step 4, a tie choice) and hands the
address to the class; opening it restores the same view. How it works:

- :func:`apply_link` (``app.py``, first thing in a session's first run) reads
  ``st.query_params`` and writes the values into session state *before* any widget is drawn,
  the way the seed gallery does. Values that cannot be used are skipped and listed.
- :func:`publish_link` (``app.py`` after the page ran, and after each step change the step
  player, through the listener ``app.py`` gives it: :func:`ui.draw.player.set_step_listener`)
  writes the current view back into ``st.query_params`` (so the address bar always holds the
  link) and shows it, with what it leaves out, in the sidebar box "Share this view".

The URL parameters: ``corpus`` (a built-in example's key) or ``text`` (a typed corpus, or an
uploaded/table corpus written as "word count" lines); each setting under its widget key (e.g.
``bpe_num_merges=10``); ``step`` (the step player's step); ``ties`` (tie choices as JSON,
``[[1, "s", "t"]]``); the open tab of a page with tabs by its stable id (e.g. ``wp_tab=encode``;
an older link's English tab label still opens that tab); ``present=1`` (presenter mode,
:mod:`ui.app.presenter`). A corpus or text longer than :data:`MAX_LINK_TEXT` characters is not put
in the link; the box says so.

Which settings a page's link holds is not written here: each view declares the parameters it
owns next to its widgets and registers them (:mod:`ui.app.links`, :data:`PARAMS` and :data:`PAGES`);
this module only collects them and imports no view.

A link is untrusted input (anyone can write one and pass it around a class), so reading one
checks every part before it reaches a widget: numbers against the app's limits
(:mod:`ui.app.limits`; e.g. ``bpe_num_merges`` at most ``LIMITS.merges``) and the views' own ranges,
floats finite, every text (``text``, a setting, ``ties``) at most :data:`MAX_LINK_TEXT`
characters, and the ``ties`` JSON's size and nesting *before* it is parsed (deep nesting made
Python's JSON reader raise RecursionError). A refused part is listed in the box, by name and
with the allowed range, and its default is used.

Example:
    >>> parse_value(LinkParam("bpe_num_merges", "int", low=1, high=5000), "12")
    12
    >>> parse_value(LinkParam("bpe_tie_break", "choice", options=("first-seen",)), "abc") is None
    True
    >>> format_value(True)
    'true'
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

import streamlit as st
from streamlit import config

from subword_core.text.examples import EXAMPLES
from ui.app.common import LINK_CONTEXT
from ui.app.corpus_picker import SOURCE_KEY, choose_source, corpus_as_text
from ui.app.i18n import translator  # (ui.app.i18n also registers lang= for every page's link)
from ui.app.limits import LIMITS
from ui.app.links import GLOBAL_PARAMS, MAX_LINK_INT, PAGES, PARAMS, LinkParam, PageLink
from ui.app.presenter import PRESENT_KEY
from ui.draw.html import esc, show_html, show_text
from ui.draw.player import get_step, set_step
from ui.draw.qr import MAX_QR_TEXT, qr_img_html, reachable_base
from ui.draw.tabs import tab_id

__all__ = [
    "MAX_LINK_INT",
    "MAX_LINK_TEXT",
    "MAX_STEP",
    "PAGES",
    "PARAMS",
    "LinkParam",
    "PageLink",
    "allowed_range",
    "apply_link",
    "apply_params",
    "build_params",
    "format_value",
    "parse_value",
    "publish_link",
    "short_params",
    "start_link_box",
]

MAX_LINK_TEXT = LIMITS.link_chars
"""Longest corpus or text (in characters) put into a link; browsers and chat tools cut
longer addresses, and a book does not belong in a URL anyway."""

MAX_STEP = max(LIMITS.merges, LIMITS.vocab, LIMITS.gage_chars) + 2
"""The largest step a link may open (no page has more steps than merges, vocabulary or text)."""

_MAX_TIES_DEPTH = 2  # the form is a list of [step, "left", "right"]: 2 levels
_MAX_NUMBER_CHARS = 32  # a number written longer than this is not read at all
_MAX_LISTED_KEYS = 8  # unknown parts named in the box
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)

t = translator("common")

_APPLIED = "share__applied"
_PAGE = "share__page"
_SLOT = "share__slot"
_PROBLEMS = "share__problems"
_LINK_SLOT = "share__link_slot"  # (the box's notes, the placeholder of the link) as drawn
_BOX = "share__box"  # the box's open state (its QR code is drawn only while it is open)


# --------------------------------------------------------------------------------------
# Values in the URL
# --------------------------------------------------------------------------------------


def format_value(value: object) -> str:
    """A setting as URL text: ``true``/``false`` for booleans, ``null`` for "automatic".

    Example:
        >>> format_value(None), format_value(0.5), format_value("</w>")
        ('null', '0.5', '</w>')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_value(param: LinkParam, text: str) -> object:
    """Read a setting from URL text; ``None`` when it cannot be used (wrong type, out of range).

    For an optional setting, ``null`` gives the :data:`_NULL` marker (stands for ``None``).

    Example:
        >>> parse_value(LinkParam("bpe_attach", "bool"), "true")
        True
        >>> parse_value(LinkParam("uni_shrink", "float", low=0.05, high=0.8), "2.5") is None
        True
        >>> parse_value(LinkParam("wp_vocab_size", "int", optional=True), "null") is _NULL
        True
    """
    if param.optional and text == "null":
        return _NULL
    value: object
    if param.kind == "str":
        return text if len(text) <= MAX_LINK_TEXT else None
    if param.kind == "choice":
        return text if text in param.options else None
    if param.kind == "tab":
        return tab_id(dict(param.labels), text)
    if param.kind == "bool":
        return {"true": True, "false": False}.get(text)
    if len(text) > _MAX_NUMBER_CHARS:  # never converted (int() of 4300+ digits raises)
        return None
    if param.kind == "int" and _INT_TEXT.fullmatch(text) is None:
        return None
    try:
        value = int(text) if param.kind == "int" else float(text)
    except ValueError:
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    low = param.low if param.low is not None else -MAX_LINK_INT
    high = param.high if param.high is not None else MAX_LINK_INT
    if not low <= value <= high:
        return None
    return value


def allowed_range(param: LinkParam) -> str:
    """The values a number setting takes, in words (for the note on a refused link part).

    Example:
        >>> allowed_range(LinkParam("bpe_num_merges", "int", low=1, high=5000))
        'a whole number from 1 to 5,000'
        >>> allowed_range(LinkParam("uni_shrink", "float", low=0.05, high=0.8))
        'a number from 0.05 to 0.8'
    """
    low = param.low if param.low is not None else -MAX_LINK_INT
    high = param.high if param.high is not None else MAX_LINK_INT
    if param.kind == "int":
        return t("a whole number from {low} to {high}").format(
            low=f"{int(low):,}", high=f"{int(high):,}"
        )
    return t("a number from {low} to {high}").format(low=f"{low:g}", high=f"{high:g}")


class _Null:
    """Marks a setting that the link sets to ``None`` (``null``), e.g. an automatic size."""

    def __repr__(self) -> str:
        return "null"


_NULL = _Null()


def _json_depth(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in JSON ``text`` (outside its strings), in one pass."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _parse_ties(text: str) -> dict[int, tuple[str, str]] | None:
    """Tie choices from a link's JSON, or ``None``; size and nesting are checked before parsing.

    Example:
        >>> _parse_ties('[[1, "s", "t"]]')
        {1: ('s', 't')}
        >>> _parse_ties("[" * 10_000 + "]" * 10_000) is None  # RecursionError before
        True
    """
    if len(text) > MAX_LINK_TEXT or _json_depth(text) > _MAX_TIES_DEPTH:
        return None
    try:
        rows = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(rows, list):
        return None
    out: dict[int, tuple[str, str]] = {}
    for row in rows:
        if (
            not isinstance(row, list)
            or len(row) != 3
            or isinstance(row[0], bool)
            or not isinstance(row[0], int)
            or not 1 <= row[0] <= MAX_STEP
            or not all(isinstance(s, str) and s for s in row[1:])
        ):
            return None
        out[row[0]] = (row[1], row[2])
    return out


# --------------------------------------------------------------------------------------
# Opening a link
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LinkProblem:
    """A part of the opening link that could not be used, worded when shown.

    The box that lists them is drawn on every run, so a student who switches the language
    after opening the link reads them in the new one: the problem is kept as a code and its
    values, never as a sentence.

    Attributes:
        code: ``"corpus"``, ``"corpus_text"``, ``"step"``, ``"ties"``, ``"present"``,
            ``"unknown"`` (parts no page knows), or for a setting ``"tab"``, ``"range"``,
            ``"long"``, ``"value"``.
        param: The setting whose value was refused, for the setting codes.
        keys: The unknown parts' names (shortened), for ``"unknown"``.
        more: How many more unknown parts there were.

    Example:
        >>> LinkProblem("present").text()
        'presenter mode (present=1 turns it on)'
        >>> LinkProblem("unknown", keys=("x", "y"), more=2).text()
        'unknown parts x, y and 2 more'
    """

    code: str
    param: LinkParam | None = None
    keys: tuple[str, ...] = ()
    more: int = 0

    def text(self) -> str:
        """The problem in the session's language (the names from the URL as they are)."""
        if self.param is not None:
            return self._setting_text(self.param)
        if self.code == "unknown":
            listed = ", ".join(self.keys)
            if self.more:
                listed = t("{listed} and {more} more").format(listed=listed, more=self.more)
            return t("unknown parts {keys}").format(keys=listed)
        wordings = {
            "corpus": lambda: t("the corpus (no built-in example has that name)"),
            "corpus_text": lambda: t("the corpus text (longer than {n} characters)"),
            "step": lambda: t("the step (not a whole number from 1 to {n})"),
            "ties": lambda: t(
                "the tie choices (not in the expected form: a list of [step, left, right], "
                "at most {n} characters)"
            ),
            "present": lambda: t("presenter mode (present=1 turns it on)"),
        }
        limit = MAX_STEP if self.code == "step" else MAX_LINK_TEXT
        return wordings[self.code]().format(n=f"{limit:,}")

    def _setting_text(self, param: LinkParam) -> str:
        if self.code == "tab":
            return t("{key} (no tab has that id; the tabs are {tabs})").format(
                key=param.key, tabs=", ".join(param.options)
            )
        if self.code == "range":
            return t("{key} (not {allowed})").format(key=param.key, allowed=allowed_range(param))
        if self.code == "long":
            return t("{key} (longer than {n} characters)").format(
                key=param.key, n=f"{MAX_LINK_TEXT:,}"
            )
        return t("{key} (the value is not allowed here)").format(key=param.key)


def apply_link(page: str) -> None:
    """Restore the view a link describes (once per session, before any widget is drawn).

    Args:
        page: The URL path of the page being opened, e.g. ``"bpe_learn"``.

    Example::

        apply_link("bpe_learn")
    """
    state = st.session_state
    if state.get(_APPLIED):
        return
    state[_APPLIED] = True
    params = st.query_params.to_dict()
    if not params:
        return
    apply_params(page, params)


def apply_params(page: str, params: Mapping[str, str]) -> None:
    """Restore the view ``params`` describe on ``page`` (a link's, or a live class's teacher's).

    Call it before any widget is drawn in the run; the refused parts are listed in the box.

    Example::

        apply_params("bpe_learn", {"corpus": "seed-low", "step": "3"})
    """
    state = st.session_state
    problems: list[LinkProblem] = []
    _apply_corpus(params, problems)
    spec = PAGES.get(page, PageLink())
    for key in spec.params:
        if key in params:
            _apply_param(PARAMS[key], params[key], problems)
    if spec.player and "step" in params:
        text = params["step"]
        step = int(text) if _INT_TEXT.fullmatch(text[:_MAX_NUMBER_CHARS]) else 0
        if 1 <= step <= MAX_STEP:
            set_step(spec.player, step)
        else:
            problems.append(LinkProblem("step"))
    if spec.ties and "ties" in params:
        ties = _parse_ties(params["ties"])
        if ties is None:
            problems.append(LinkProblem("ties"))
        else:
            state[f"{spec.ties}__choices"] = (LINK_CONTEXT, ties)
    if PRESENT_KEY in params:  # presenter mode, on any page
        if params[PRESENT_KEY] in ("1", "0"):
            state[PRESENT_KEY] = params[PRESENT_KEY] == "1"
        else:
            problems.append(LinkProblem("present"))
    for key, (param, _default) in GLOBAL_PARAMS.items():  # e.g. lang=zh, on any page
        if key in params:
            _apply_param(param, params[key], problems)
    known = {"corpus", "text", "step", "ties", PRESENT_KEY, *spec.params, *GLOBAL_PARAMS}
    unknown = sorted(k for k in params if k not in known)
    if unknown:
        shown = tuple(_shorten(k) for k in unknown[:_MAX_LISTED_KEYS])
        problems.append(LinkProblem("unknown", keys=shown, more=len(unknown) - len(shown)))
    state[_PROBLEMS] = problems


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _apply_corpus(params: Mapping[str, str], problems: list[LinkProblem]) -> None:
    if "corpus" in params:
        if params["corpus"] in EXAMPLES:
            choose_source(params["corpus"])
        else:
            problems.append(LinkProblem("corpus"))
    elif "text" in params:
        if len(params["text"]) <= MAX_LINK_TEXT:
            choose_source("type", params["text"])
        else:
            problems.append(LinkProblem("corpus_text"))


def _apply_param(param: LinkParam, text: str, problems: list[LinkProblem]) -> None:
    value = parse_value(param, text)
    if value is None:
        kinds = {"tab": "tab", "int": "range", "float": "range", "str": "long"}
        problems.append(LinkProblem(kinds.get(param.kind, "value"), param=param))
        return
    value = None if value is _NULL else value
    state = st.session_state
    if param.shadow is None:
        state[param.key] = value
    else:
        shadow = state.setdefault(param.shadow, dict(param.defaults or {}))
        shadow[param.key] = value


# --------------------------------------------------------------------------------------
# Writing the current view into the link
# --------------------------------------------------------------------------------------


def build_params(page: str) -> tuple[dict[str, str], list[str]]:
    """The URL parameters of the current view of ``page`` and what had to be left out.

    Example::

        build_params("bpe_learn")
        # ({'corpus': 'seed-low', 'bpe_num_merges': '10', ...}, [])
    """
    state = st.session_state
    params: dict[str, str] = {}
    left_out: list[str] = []
    source = state.get(SOURCE_KEY)
    if source in EXAMPLES:
        params["corpus"] = str(source)
    else:
        text = corpus_as_text()
        if text and len(text) <= MAX_LINK_TEXT:
            params["text"] = text
        elif text:
            left_out.append(
                t(
                    "the corpus ({n} characters; links hold at most {limit}): send the file "
                    "along, or pick a built-in example"
                ).format(n=f"{len(text):,}", limit=f"{MAX_LINK_TEXT:,}")
            )
    spec = PAGES.get(page, PageLink())
    for key in spec.params:
        param = PARAMS[key]
        if param.shadow is None:
            if key not in state:
                continue
            value = state[key]
        else:
            shadow = state.get(param.shadow) or {}
            value = shadow.get(key, (param.defaults or {}).get(key))
        if param.kind == "tab":
            value = tab_id(dict(param.labels), value)  # kept as id or label: written as id
        if value is None and not param.optional:
            continue
        if isinstance(value, str) and len(value) > MAX_LINK_TEXT:
            left_out.append(
                t("{key} (longer than {n} characters)").format(key=key, n=f"{MAX_LINK_TEXT:,}")
            )
            continue
        params[key] = format_value(value)
    if state.get(PRESENT_KEY):
        params[PRESENT_KEY] = "1"
    for key, (_param, default) in GLOBAL_PARAMS.items():
        if state.get(key, default) != default:
            params[key] = format_value(state[key])
    if spec.player and f"{spec.player}__step" in state:
        params["step"] = str(get_step(spec.player))
    if spec.ties:
        live = state.get(f"{spec.ties}__choices_live")
        if live:
            ties = json.dumps([[s, a, b] for s, (a, b) in sorted(live.items())], ensure_ascii=False)
            if len(ties) <= MAX_LINK_TEXT:
                params["ties"] = ties
            else:
                left_out.append(
                    t("the tie choices (longer than {n} characters)").format(n=f"{MAX_LINK_TEXT:,}")
                )
    return params, left_out


def start_link_box(page: str) -> None:
    """Note the page of this run and reserve the sidebar place of the "Share this view" box.

    Call it from ``app.py`` on every full run, before the page runs.

    Example::

        start_link_box("bpe_learn")
    """
    st.session_state[_PAGE] = page
    st.session_state[_SLOT] = st.sidebar.empty()
    st.session_state.pop(_LINK_SLOT, None)  # the link box of the last run is gone


@dataclass
class _DrawnBox:
    """The link box as a step player drew it: whose, its notes, its link, open or closed."""

    player: str
    notes: tuple[tuple[str, ...], tuple[str, ...]]
    link: str
    shown: bool = True


def publish_link(player: str | None = None) -> None:
    """Put the current view into the URL and show the link in the sidebar box.

    ``app.py`` calls it after the page ran, and installs it as the step player's listener
    (:func:`ui.draw.player.set_step_listener`): the player calls it, with its key as ``player``, at
    the end of every run of its fragment (so the rest of the app does not rerun), and then the
    player draws the whole box each time, also when the link is the same.

    subtle: a fragment may write outside itself only where it wrote in the last full run
    (Streamlit reserves the place then), so the box is drawn by the player's fragment, and
    ``app.py`` leaves a box the player drew in this run alone. At the start of each fragment
    rerun Streamlit re-sends the box's outer container, and when the rerun ends the browser
    drops everything inside it that this rerun did not send again. A rerun that left the
    box out (a quiz answer, a tie pick: the step and so the link unchanged) emptied it, and
    the next step change, writing only the link into a block that was gone, blanked the
    page ("Cannot set a node at a delta path"). Drawing the same elements on every rerun
    keeps the structure the fragment writes stable.

    subtle: the box's QR code (:func:`_students_link`) is drawn only while the box is open
    (issue 26: drawn at every step change of every student, it was a large share of a step's
    server time). The box is an expander that reruns when opened or closed (``on_change``:
    the player's fragment, when the player drew it), a widget, so it may be drawn only once
    per run: when ``app.py`` draws the box again after the player did in the same full run,
    it is a plain expander, open as the student left it, with the QR code. A closed box is
    not drawn again then (its links are not drawn while it is closed, :func:`_show_link`, and
    a plain expander could be opened without a rerun): opening it reruns and draws it anew.

    Args:
        player: The step player's key, when called from its fragment.

    Example::

        publish_link()
    """
    state = st.session_state
    page = state.get(_PAGE)
    if page is None:
        return
    params, left_out = build_params(page)
    if st.query_params.to_dict() != params:
        st.query_params.from_dict(params)
    slot = state.get(_SLOT)
    if slot is None:
        return
    base = (st.context.url or "").split("?")[0] or f"/{page}"
    link = f"{base}?{urlencode(params)}" if params else base
    problems = [problem.text() for problem in state.get(_PROBLEMS) or ()]  # worded now
    notes = (tuple(problems), tuple(left_out))
    drawn: _DrawnBox | None = state.get(_LINK_SLOT)
    redraw = player is None and drawn is not None  # the player drew the box in this run
    if redraw:
        if drawn.notes == notes and drawn.link == link:
            return  # the player drew this box in this run
        if not drawn.shown:
            return  # closed: nothing in it is seen, and opening it reruns and draws it anew
        state.pop(_LINK_SLOT)  # changed after the player ran: draw the box anew below
    label, icon = t("Share this view"), ":material/link:"
    with slot.container():
        if redraw:  # its open state is a widget, drawn once per run: here a plain expander
            box = st.expander(label, icon=icon, expanded=bool(problems or state.get(_BOX)))
        else:
            box = st.expander(
                label, icon=icon, expanded=bool(problems), key=_BOX, on_change="rerun"
            )
    with box:
        if problems:
            # the parts' names come from the URL: shown escaped
            show_text(
                t(
                    "Note: the link this page opened with had parts that could not be used, so "
                    "their defaults are shown: {parts}."
                ).format(parts="; ".join(problems)),
                small=True,
            )
        show_text(
            t(
                "The address bar always holds a link to what you see: the corpus, the "
                "settings and the step. Copy it from there, or from the box below (the icon "
                "at its right)."
            ),
            small=True,
        )
        shown = box.open is not False  # (None: a plain expander, drawn in full)
        _show_link(link, shown)
        for item in left_out:
            show_text(t("Not in the link: {item}.").format(item=item), small=True)
        _students_link(page, params, qr=shown)
    if player is None:
        state.pop(_LINK_SLOT, None)
    else:
        state[_LINK_SLOT] = _DrawnBox(player, notes, link, shown)


# --------------------------------------------------------------------------------------
# The link for students: an address they can reach, its short form and a QR code (issue 28)
# --------------------------------------------------------------------------------------


_SHORT_KINDS = ("bool", "choice", "tab")
"""Settings left out of the short link when they hold their default. Numbers and texts stay:
some follow the corpus (:mod:`ui.app.follow`), so their static default may not be what a fresh
session would show."""


def short_params(page: str, params: Mapping[str, str]) -> dict[str, str]:
    """``params`` without the settings a fresh session has anyway: the link's short form.

    Left out: an automatic setting (``null`` where the default is automatic), and a switch,
    a choice or a tab at its default. Opening the short link shows the same view.

    Example::

        short_params("unigram", {"corpus": "seed-hug", "uni_vocab_size": "null"})
        # {'corpus': 'seed-hug'}
    """
    spec = PAGES.get(page, PageLink())
    out: dict[str, str] = {}
    for key, value in params.items():
        param = PARAMS.get(key)
        if param is not None and key in spec.params and param.defaults is not None:
            default = param.defaults.get(key)
            if param.optional and default is None and value == "null":
                continue
            if param.kind in _SHORT_KINDS and value == format_value(default):
                continue
        out[key] = value
    return out


@functools.lru_cache(maxsize=64)
def _qr_html(link: str, title: str) -> str:
    """The QR code of ``link`` as HTML (drawn once per link: a step change redraws the box).

    subtle: ``st.html`` strips an inline ``<svg>`` (its sanitizer keeps HTML only), so the
    SVG travels as an image's ``data:`` address.
    """
    return f'<div class="sw-qr-box">{qr_img_html(link, alt=title, scale=4)}</div>'


_QR_CSS = (
    "<style>.sw-qr-box img { width: 100%; max-width: 15rem; height: auto; display: block; }</style>"
)


def _show_link(link: str, shown: bool) -> None:
    """A link in a code box with a copy icon, or (``shown`` false: the box is closed) its place.

    subtle: the first code box on a page loads the browser's syntax highlighter, a large part
    of a page load's CPU (profiled: 9-12 % of its JavaScript samples, also with
    ``language=None``); the closed share box, drawn on every page, was the only code box on
    most pages. An empty placeholder keeps the element count the step player's fragment writes
    (one element at the code's place, open or closed); opening the box reruns and draws it.
    """
    if shown:
        st.code(link, language=None, wrap_lines=True)
    else:
        st.empty()


def _students_link(page: str, params: Mapping[str, str], *, qr: bool = True) -> None:
    """Under the address bar's link: the address students can open (a warning when they
    cannot reach this server), the link's short form and its QR code (``qr``: else the places
    of the short link and the code, empty: the box is closed).

    The same three elements every time (the step player's fragment redraws this box).
    """
    reach = reachable_base(
        st.context.url or f"http://localhost/{page}", listen=config.get_option("server.address")
    )
    short = short_params(page, params)
    link = f"{reach.base}?{urlencode(short)}" if short else reach.base
    if reach.warning == "loopback":
        note = t(
            "Students cannot open this link: the app listens on this computer only. To put "
            "your class on the app, start it with: streamlit run app.py --server.address "
            "0.0.0.0 (then it listens on the classroom network too), and share again."
        )
        note_html = f"<div class='sw-text sw-problem sw-small'>{esc(note)}</div>"
    elif reach.warning == "guessed":
        note = t(
            "Your browser opened the app on this computer's own name; students open it at "
            "this computer's address on the classroom network, as in the link below."
        )
        note_html = f"<div class='sw-text sw-small'>{esc(note)}</div>"
    else:
        note_html = "<div class='sw-text sw-small'>" + esc(t("For students:")) + "</div>"
    show_html(note_html)
    _show_link(link, qr)
    if not qr:
        code = ""  # nobody sees it: not drawn (segno, in pure Python, at every step change)
    elif len(link) <= MAX_QR_TEXT:
        code = _qr_html(link, t("QR code of the link for students"))
    else:
        code = (
            "<div class='sw-text sw-small'>"
            + esc(t("The link is too long for a QR code."))
            + "</div>"
        )
    show_html(code + _QR_CSS)
