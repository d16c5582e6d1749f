"""Shareable links: the corpus, the settings and the current step of a page, in its URL.

A teacher sets up a page (an example corpus, ten merges, step 4, a tie choice) and hands the
address to the class; opening it restores the same view. How it works:

- :func:`apply_link` (``app.py``, first thing in a session's first run) reads
  ``st.query_params`` and writes the values into session state *before* any widget is drawn,
  the way the seed gallery does. Values that cannot be used are skipped and listed.
- :func:`publish_link` (``app.py`` after the page ran, and the step player after each step
  change) writes the current view back into ``st.query_params`` (so the address bar always holds
  the link) and shows it, with what it leaves out, in the sidebar box "Share this view".

The URL parameters: ``corpus`` (a built-in example's key) or ``text`` (a typed corpus, or an
uploaded/table corpus written as "word count" lines); each setting under its widget key (e.g.
``bpe_num_merges=10``); ``step`` (the step player's step); ``ties`` (tie choices as JSON,
``[[1, "s", "t"]]``); the open tab of a page with tabs by its stable id (e.g. ``wp_tab=encode``;
an older link's English tab label still opens that tab); ``present=1`` (presenter mode,
:mod:`ui.presenter`). A corpus or text longer than :data:`MAX_LINK_TEXT` characters is not put
in the link; the box says so.

A link is untrusted input (anyone can write one and pass it around a class), so reading one
checks every part before it reaches a widget: numbers against the app's limits
(:mod:`ui.limits`; e.g. ``bpe_num_merges`` at most ``LIMITS.merges``) and the views' own ranges,
floats finite, every text (``text``, a setting, ``ties``) at most :data:`MAX_LINK_TEXT`
characters, and the ``ties`` JSON's size and nesting *before* it is parsed (deep nesting made
Python's JSON reader raise RecursionError). A refused part is listed in the box, by name and
with the allowed range, and its default is used.

Example:
    >>> parse_value(PARAMS["bpe_num_merges"], "12")
    12
    >>> parse_value(PARAMS["bpe_tie_break"], "alphabetical") is None
    True
    >>> format_value(True)
    'true'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

import streamlit as st

from subword_core.corpus import MAX_COUNT
from subword_core.examples import EXAMPLES
from ui import (
    bpe_family_view,
    bpe_view,
    byte_level_view,
    compare_view,
    gage_view,
    unigram_view,
    wordpiece_view,
)
from ui.common import LINK_CONTEXT
from ui.corpus_picker import SOURCE_KEY, choose_source, corpus_as_text
from ui.html import show_text
from ui.limits import LIMITS, unigram_max_shrink
from ui.player import get_step, set_step
from ui.presenter import PRESENT_KEY
from ui.tabs import tab_id

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
    "build_params",
    "format_value",
    "parse_value",
    "publish_link",
    "start_link_box",
]

MAX_LINK_TEXT = LIMITS.link_chars
"""Longest corpus or text (in characters) put into a link; browsers and chat tools cut
longer addresses, and a book does not belong in a URL anyway."""

MAX_LINK_INT = 2**53 - 1
"""The largest whole number a link may hold where no limit says less (a browser's number input
holds whole numbers exactly up to this)."""

MAX_STEP = max(LIMITS.merges, LIMITS.vocab, LIMITS.gage_chars) + 2
"""The largest step a link may open (no page has more steps than merges, vocabulary or text)."""

_MAX_TIES_DEPTH = 2  # the form is a list of [step, "left", "right"]: 2 levels
_MAX_NUMBER_CHARS = 32  # a number written longer than this is not read at all
_MAX_LISTED_KEYS = 8  # unknown parts named in the box
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)

_APPLIED = "share__applied"
_PAGE = "share__page"
_SLOT = "share__slot"
_PROBLEMS = "share__problems"
_LINK_SLOT = "share__link_slot"  # (the box's notes, the placeholder of the link) as drawn


@dataclass(frozen=True)
class LinkParam:
    """One setting that can travel in a link.

    Attributes:
        key: The widget's session-state key, also the URL parameter's name.
        kind: ``"int"``, ``"float"``, ``"bool"``, ``"str"``, ``"choice"`` or ``"tab"`` (the
            open tab, by id; see :mod:`ui.tabs`).
        shadow: The dict of kept widget values holding it (see
            :func:`ui.common.restore_widgets`), or ``None`` for a plain session-state key.
        defaults: That dict's defaults (so a fresh session gets a complete dict).
        options: The allowed values of a ``"choice"``, the tab ids of a ``"tab"``.
        low: The smallest allowed number, if any.
        high: The largest allowed number, if any.
        optional: ``None`` (written ``null`` in the URL) is allowed, e.g. "automatic size".
        labels: A ``"tab"``'s ``(id, label)`` pairs (a label, from an older link, reads as its id).

    Example:
        >>> LinkParam("bpe_attach", "bool").kind
        'bool'
    """

    key: str
    kind: str
    shadow: str | None = None
    defaults: Mapping[str, object] | None = None
    options: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    optional: bool = False
    labels: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PageLink:
    """What a page's link holds besides the corpus.

    Attributes:
        params: The settings (keys of :data:`PARAMS`).
        player: The step player's key, or ``None``.
        ties: The namespace of the page's tie choices, or ``None``.

    Example:
        >>> PAGES["bpe_learn"].player
        'bpe_learn'
    """

    params: tuple[str, ...] = ()
    player: str | None = None
    ties: str | None = None


def _kept(
    shadow: str, defaults: Mapping[str, object], specs: Mapping[str, tuple]
) -> dict[str, LinkParam]:
    out = {}
    for key, spec in specs.items():
        kind, *rest = spec
        extra: dict[str, object] = {}
        if kind == "choice":
            extra["options"] = tuple(rest[0])
        elif kind == "tab":
            extra["options"] = tuple(rest[0])
            extra["labels"] = tuple(rest[0].items())
        elif rest:
            extra["low"], extra["high"] = rest[0], rest[1]
        out[key] = LinkParam(
            key, kind, shadow, defaults, optional=defaults.get(key) is None, **extra
        )
    return out


_TIES = ("first-seen", "lexicographic")

PARAMS: dict[str, LinkParam] = {
    **_kept(
        bpe_view.WIDGETS_KEY,
        bpe_view.WIDGET_DEFAULTS,
        {
            "bpe_num_merges": ("int", 1, LIMITS.merges),
            "bpe_min_frequency": ("int", 1, MAX_COUNT),
            "bpe_marker": ("str",),
            "bpe_attach": ("bool",),
            "bpe_tie_break": ("choice", _TIES),
        },
    ),
    "bpe_quiz": LinkParam("bpe_quiz", "bool"),
    "bpe_encode_text": LinkParam("bpe_encode_text", "str"),
    "bpe_encode_unk": LinkParam("bpe_encode_unk", "bool"),
    "bpe_encode_quiz": LinkParam("bpe_encode_quiz", "bool"),
    **_kept(
        wordpiece_view.WIDGETS_KEY,
        wordpiece_view.WIDGET_DEFAULTS,
        {
            "wp_vocab_size": ("int", 1, LIMITS.vocab),
            "wp_scoring": ("choice", ("likelihood", "frequency")),
            "wp_tie_break": ("choice", _TIES),
            "wp_prefix": ("str",),
            "wp_tab": ("tab", wordpiece_view.TAB_IDS),
        },
    ),
    "wp_quiz": LinkParam("wp_quiz", "bool"),
    "wp_encode_text": LinkParam("wp_encode_text", "str"),
    "wp_encode_quiz": LinkParam("wp_encode_quiz", "bool"),
    **_kept(
        unigram_view.WIDGETS_KEY,
        unigram_view.WIDGET_DEFAULTS,
        {
            "uni_vocab_size": ("int", 1, LIMITS.vocab),
            "uni_vocab_touched": ("bool",),
            "uni_seed_mode": ("choice", ("substrings", "given")),
            "uni_seed_list": ("str",),
            "uni_seed_size": ("int", 1, LIMITS.unigram_seed_size),  # unigram_view's checks
            "uni_shrink": ("float", 0.05, unigram_max_shrink()),
            "uni_em": ("int", 1, LIMITS.unigram_em),
            "uni_max_len": ("int", 1, LIMITS.unigram_piece_chars),
            "uni_marker": ("bool",),
            "uni_keep_chars": ("bool",),
            "uni_digamma": ("bool",),
            "uni_word": ("str",),
            "uni_word_touched": ("bool",),
            "uni_k": ("int", 1, LIMITS.unigram_nbest),
            "uni_lambda": ("float", 0.0, 3.0),
            "uni_alpha": ("float", 0.0, 2.0),
            "uni_samples": ("int", 1, LIMITS.unigram_samples),
            "uni_seed": ("int", -MAX_LINK_INT, MAX_LINK_INT),
            "uni_tab": ("tab", unigram_view.TAB_IDS),
        },
    ),
    **_kept(
        byte_level_view.WIDGETS_KEY,
        byte_level_view.WIDGET_DEFAULTS,
        {
            "bbpe_num_merges": ("int", 1, LIMITS.merges),
            "bbpe_min_frequency": ("int", 1, MAX_COUNT),
            "bbpe_tie_break": ("choice", _TIES),
            "bbpe_sample": ("choice", tuple(byte_level_view.SAMPLES)),
            "bbpe_prefix": ("bool",),
            "bbpe_text": ("str",),
            "bbpe_tab": ("tab", byte_level_view.TAB_IDS),
        },
    ),
    **_kept(
        gage_view.WIDGETS_KEY,
        gage_view.WIDGET_DEFAULTS,
        {"gage_text": ("str",), "gage_letters": ("str",)},
    ),
    **_kept(
        compare_view.WIDGETS_KEY,
        compare_view.WIDGET_DEFAULTS,
        {"cmp_target": ("str",), "cmp_text": ("str",)},
    ),
    **_kept(
        bpe_family_view.WIDGETS_KEY,
        bpe_family_view.WIDGET_DEFAULTS,
        {"fam_tab": ("tab", bpe_family_view.TAB_IDS)},
    ),
}
"""Every setting a link can carry, by its URL name (= widget key)."""

_BPE = ("bpe_num_merges", "bpe_min_frequency", "bpe_marker", "bpe_attach", "bpe_tie_break")

PAGES: dict[str, PageLink] = {
    "bpe_learn": PageLink((*_BPE, "bpe_quiz"), "bpe_learn", "bpe"),
    "bpe_encode": PageLink(
        (*_BPE, "bpe_encode_text", "bpe_encode_unk", "bpe_encode_quiz"), None, "bpe"
    ),
    "wordpiece": PageLink(
        (
            "wp_vocab_size",
            "wp_scoring",
            "wp_tie_break",
            "wp_prefix",
            "wp_quiz",
            "wp_encode_text",
            "wp_encode_quiz",
            "wp_tab",
        ),
        "wp_learn",
        "wp",
    ),
    "unigram": PageLink(tuple(k for k in PARAMS if k.startswith("uni_")), "uni_train"),
    "byte_level": PageLink(tuple(k for k in PARAMS if k.startswith("bbpe_")), "bbpe_learn", "bbpe"),
    "gage": PageLink(("gage_text", "gage_letters"), "gage_steps", "gage"),
    "compare": PageLink(("cmp_target", "cmp_text")),
    "bpe_variants": PageLink((*_BPE, "fam_tab"), None, "bpe"),
}
"""What each page's link holds (by the page's URL path); other pages share the corpus only."""


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
        >>> parse_value(PARAMS["bpe_attach"], "true")
        True
        >>> parse_value(PARAMS["uni_shrink"], "2.5") is None
        True
        >>> parse_value(PARAMS["wp_vocab_size"], "null") is _NULL
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
        >>> allowed_range(PARAMS["bpe_num_merges"])
        'a whole number from 1 to 5,000'
        >>> allowed_range(PARAMS["uni_shrink"])
        'a number from 0.05 to 0.8'
    """
    low = param.low if param.low is not None else -MAX_LINK_INT
    high = param.high if param.high is not None else MAX_LINK_INT
    if param.kind == "int":
        return f"a whole number from {int(low):,} to {int(high):,}"
    return f"a number from {low:g} to {high:g}"


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
    problems: list[str] = []
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
            problems.append(f"the step (not a whole number from 1 to {MAX_STEP:,})")
    if spec.ties and "ties" in params:
        ties = _parse_ties(params["ties"])
        if ties is None:
            problems.append(
                "the tie choices (not in the expected form: a list of [step, left, right], "
                f"at most {MAX_LINK_TEXT:,} characters)"
            )
        else:
            state[f"{spec.ties}__choices"] = (LINK_CONTEXT, ties)
    if PRESENT_KEY in params:  # presenter mode, on any page
        if params[PRESENT_KEY] in ("1", "0"):
            state[PRESENT_KEY] = params[PRESENT_KEY] == "1"
        else:
            problems.append("presenter mode (present=1 turns it on)")
    known = {"corpus", "text", "step", "ties", PRESENT_KEY, *spec.params}
    unknown = sorted(k for k in params if k not in known)
    if unknown:
        shown = [_shorten(k) for k in unknown[:_MAX_LISTED_KEYS]]
        more = len(unknown) - len(shown)
        problems.append("unknown parts " + ", ".join(shown) + (f" and {more} more" if more else ""))
    state[_PROBLEMS] = problems


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _apply_corpus(params: Mapping[str, str], problems: list[str]) -> None:
    if "corpus" in params:
        if params["corpus"] in EXAMPLES:
            choose_source(params["corpus"])
        else:
            problems.append("the corpus (no built-in example has that name)")
    elif "text" in params:
        if len(params["text"]) <= MAX_LINK_TEXT:
            choose_source("type", params["text"])
        else:
            problems.append(f"the corpus text (longer than {MAX_LINK_TEXT:,} characters)")


def _apply_param(param: LinkParam, text: str, problems: list[str]) -> None:
    value = parse_value(param, text)
    if value is None and param.kind == "tab":
        problems.append(
            f"{param.key} (no tab has that id; the tabs are {', '.join(param.options)})"
        )
        return
    if value is None and param.kind in ("int", "float"):
        problems.append(f"{param.key} (not {allowed_range(param)})")
        return
    if value is None and param.kind == "str":
        problems.append(f"{param.key} (longer than {MAX_LINK_TEXT:,} characters)")
        return
    if value is None:
        problems.append(f"{param.key} (the value is not allowed here)")
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
                f"the corpus ({len(text):,} characters; links hold at most {MAX_LINK_TEXT:,}): "
                "send the file along, or pick a built-in example"
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
            left_out.append(f"{key} (longer than {MAX_LINK_TEXT:,} characters)")
            continue
        params[key] = format_value(value)
    if state.get(PRESENT_KEY):
        params[PRESENT_KEY] = "1"
    if spec.player and f"{spec.player}__step" in state:
        params["step"] = str(get_step(spec.player))
    if spec.ties:
        live = state.get(f"{spec.ties}__choices_live")
        if live:
            ties = json.dumps([[s, a, b] for s, (a, b) in sorted(live.items())], ensure_ascii=False)
            if len(ties) <= MAX_LINK_TEXT:
                params["ties"] = ties
            else:
                left_out.append(f"the tie choices (longer than {MAX_LINK_TEXT:,} characters)")
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
    """The link box as a step player drew it: whose, its notes, its link."""

    player: str
    notes: tuple[tuple[str, ...], tuple[str, ...]]
    link: str


def publish_link(player: str | None = None) -> None:
    """Put the current view into the URL and show the link in the sidebar box.

    ``app.py`` calls it after the page ran; the step player calls it, with its key as
    ``player``, at the end of every run of its fragment (so the rest of the app does not
    rerun), and then the player draws the whole box each time, also when the link is the same.

    subtle: a fragment may write outside itself only where it wrote in the last full run
    (Streamlit reserves the place then), so the box is drawn by the player's fragment, and
    ``app.py`` leaves a box the player drew in this run alone. At the start of each fragment
    rerun Streamlit re-sends the box's outer container, and when the rerun ends the browser
    drops everything inside it that this rerun did not send again. A rerun that left the
    box out (a quiz answer, a tie pick: the step and so the link unchanged) emptied it, and
    the next step change, writing only the link into a block that was gone, blanked the
    page ("Cannot set a node at a delta path"). Drawing the same elements on every rerun
    keeps the structure the fragment writes stable.

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
    problems = state.get(_PROBLEMS)
    notes = (tuple(problems or ()), tuple(left_out))
    drawn: _DrawnBox | None = state.get(_LINK_SLOT)
    if player is None and drawn is not None:
        if drawn.notes == notes and drawn.link == link:
            return  # the player drew this box in this run
        state.pop(_LINK_SLOT)  # changed after the player ran: draw the box anew below
    with (
        slot.container(),
        st.expander("Share this view", icon=":material/link:", expanded=bool(problems)),
    ):
        if problems:
            # the parts' names come from the URL: shown escaped
            show_text(
                "Note: the link this page opened with had parts that could not be used, so "
                "their defaults are shown: " + "; ".join(problems) + ".",
                small=True,
            )
        show_text(
            "The address bar always holds a link to what you see: the corpus, the "
            "settings and the step. Copy it from there, or from the box below (the icon "
            "at its right).",
            small=True,
        )
        st.code(link, language=None, wrap_lines=True)
        for item in left_out:
            show_text(f"Not in the link: {item}.", small=True)
    if player is None:
        state.pop(_LINK_SLOT, None)
    else:
        state[_LINK_SLOT] = _DrawnBox(player, notes, link)
