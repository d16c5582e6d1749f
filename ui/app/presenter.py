"""Presenter mode: the app in front of a class, on a 1024×768 projector.

A toggle in the sidebar (and ``present=1`` in a shared link) switches it on. Then:

- the sidebar folds away (it holds the corpus picker; the arrow at the top left opens it),
- every page's settings fold into a closed box ("Settings"), so the step player, the step's
  explanation and the top of its chart or table come first,
- the type is larger and the page's margins smaller,
- the player's arrow-key shortcuts step, as outside presenter mode (and as most clickers do),
- headings get a taller line, so Chinese and Korean glyphs are never cut (:data:`_STYLE`),
- charts' labels and numbers, data grids, token tags and badges are larger, and a zoom
  control (A− / A+, ``zoom=120`` in the link) scales all of it for the room
  (:func:`zoom_control`, :func:`chart_config`).

The mode and the zoom survive every navigation: the gallery's Open (``st.switch_page``
reruns without the widgets' values) and the page menu (:func:`keep_presenter_mode`).

Outside presenter mode the settings box is open, and can be folded too.

Example::

    presenting()
    # False
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st

from ui.app.i18n import translator
from ui.app.links import LinkParam, register_global
from ui.draw.html import md_escape, show_html

__all__ = [
    "PRESENT_KEY",
    "ZOOM_DEFAULT",
    "ZOOM_KEY",
    "ZOOM_STEPS",
    "chart_config",
    "keep_presenter_mode",
    "presenter_styles",
    "presenter_toggle",
    "presenting",
    "set_presenting",
    "settings_box",
    "sidebar_state",
    "zoom",
    "zoom_control",
]

t = translator("common")

PRESENT_KEY = "present"
"""Session-state key of the toggle, also the link parameter (``present=1``)."""

_KEPT_KEY = "present__kept"
"""The mode as last chosen (the toggle's ``on_change``, a link): a widget's value is lost
when ``st.switch_page`` reruns without the widgets' values (the gallery's Open)."""

ZOOM_KEY = "zoom"
"""Session-state key of presenter mode's zoom (percent), also the link parameter."""

ZOOM_STEPS = (80, 90, 100, 110, 120, 135, 150, 175, 200)
"""The zoom levels A− and A+ step through, in percent of presenter mode's type size."""

ZOOM_DEFAULT = 100
"""A link leaves this zoom out."""

register_global(LinkParam(ZOOM_KEY, "int", low=ZOOM_STEPS[0], high=ZOOM_STEPS[-1]), ZOOM_DEFAULT)

_BASE_PX = 18
"""Presenter mode's root type size at zoom 100 (Streamlit's is 16 px; .streamlit: 17)."""

_CHART_LABEL_PX = 15
"""Chart axis labels and marks' numbers at zoom 100 in presenter mode (Vega-Lite's are 10)."""

_STYLE = """<style>
/* Presenter mode (ui.app.presenter): larger type, less room above the page, no page intro.
   --sw-zoom is the zoom control's factor (A- / A+); everything below scales with it. */
html { font-size: calc(18px * var(--sw-zoom, 1)); }
/* the page starts below Streamlit's header (3.75rem, opaque): 3.4rem put the title's top
   under it, which cut the tops of Chinese and Korean glyphs */
[data-testid="stMainBlockContainer"] { padding: 3.9rem 1.5rem 2rem; max-width: 100%; }
[data-testid="stMainBlockContainer"] h1 { font-size: 1.8rem; padding: 0 0 0.1rem; }
/* subtle: Streamlit gives a heading's block margin-bottom -1rem against the heading's own
   1rem padding below; with that padding taken away the next block (the settings box) covered
   the title's lowest 1rem, where Chinese and Korean glyphs reach (issue 28: 병합 학습 read
   as 명압 약습). And CJK glyphs need a taller line than Streamlit's 1.2 (Noto CJK's ascent and
   descent are ~1.45 em): every heading and label holds them whole. */
[data-testid="stHeading"] > [data-testid="stMarkdownContainer"]:has(h1) { margin-bottom: 0; }
[data-testid="stMainBlockContainer"] :is(h1, h2, h3, h4, h5, h6) { line-height: 1.45; }
[data-testid="stWidgetLabel"] p, [data-testid="stExpander"] summary p, .sw-heading {
  line-height: 1.5; }
/* the page's intro (the caption right under its title): the teacher says it */
[data-testid="stElementContainer"]:has(h1)
  + [data-testid="stElementContainer"]:has([data-testid="stCaptionContainer"]),
[data-testid="stElementContainer"]:has(h1)
  + [data-testid="stElementContainer"]:has(> [data-testid="stHtml"] > .sw-caption:only-child)
  { display: none; }
.sw-text { font-size: 1.05em; }
/* readable from the back of the room: the tag above a new token (was 0.62 em, ~9 px) */
.sw-tok-label, .bb-label { font-size: 0.8em; letter-spacing: 0.02em; }
.sw-marker, .bb-grid .bb-small { font-size: 0.8em; }
/* st.dataframe draws on a canvas in Streamlit's own font size: zoomed as a whole */
[data-testid="stDataFrame"] { zoom: calc(1.15 * var(--sw-zoom, 1));
  width: calc(100% / (1.15 * var(--sw-zoom, 1))) !important; }
/* its grid's width is measured unzoomed (an inline width in px, which the zoom enlarges past
   the column's right edge): at most the zoomed box's width */
[data-testid="stDataFrame"] [data-testid="stDataFrameResizable"] {
  max-width: calc(100% * 1.15 * var(--sw-zoom, 1)) !important;
  /* and its height too (an inline px height, zoomed 15 % past the room Streamlit keeps for
     it: the grid's bottom rows covered the next block); a grid of "auto" height has no
     fixed room, so 100 % of it means nothing and the grid keeps its rows */
  max-height: 100% !important; }
/* less room between blocks, so the step's chart or table starts on the first screen */
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.55rem; }
</style>"""


def presenting() -> bool:
    """Whether presenter mode is on in this session.

    Before the toggle is drawn in a session's first run, a link's ``present=1`` says it (so
    the page config can fold the sidebar from the very first frame).

    Example::

        presenting()
        # False
    """
    state = st.session_state
    if PRESENT_KEY in state:
        return bool(state[PRESENT_KEY])
    if _KEPT_KEY in state:
        return bool(state[_KEPT_KEY])
    return st.query_params.get(PRESENT_KEY) == "1"


def set_presenting(on: bool) -> None:
    """Switch presenter mode on or off (before the toggle is drawn), as a link does.

    Example::

        set_presenting(True)
    """
    st.session_state[PRESENT_KEY] = st.session_state[_KEPT_KEY] = bool(on)


def keep_presenter_mode() -> None:
    """Put the toggle's last choice back when a navigation lost it (before it is drawn).

    subtle: ``st.switch_page`` (the gallery's Open) reruns without the widgets' values, so
    the toggle fell back to off: the page opened with its sidebar and settings and without
    ``present=1`` in its link. The choice is kept aside (the toggle's ``on_change``, a link)
    and written back here, as :func:`ui.app.i18n.current_language` does for the language.

    Example::

        keep_presenter_mode()
    """
    state = st.session_state
    kept = state.get(_KEPT_KEY)
    if kept is None:
        if PRESENT_KEY in state:  # set by a link (ui.app.share.apply_link) in this first run
            state[_KEPT_KEY] = bool(state[PRESENT_KEY])
        return
    if bool(state.get(PRESENT_KEY, False)) != kept:
        state[PRESENT_KEY] = kept


def _remember_presenting() -> None:
    st.session_state[_KEPT_KEY] = bool(st.session_state.get(PRESENT_KEY, False))


def sidebar_state() -> str:
    """The sidebar's state for ``st.set_page_config``: folded away while presenting.

    The browser applies it when it changes, so a sidebar the teacher opens again stays open.
    ``app.py`` asks for it in its first ``set_page_config`` too, before a link is applied:
    then a link's ``present=1`` decides, and the sidebar is folded from the first frame.

    Example::

        sidebar_state()
        # 'expanded'
    """
    keep_presenter_mode()
    return "collapsed" if presenting() else "expanded"


def zoom() -> int:
    """Presenter mode's zoom in percent (100 unless A− / A+ or a link's ``zoom=`` changed it).

    Example::

        zoom()
        # 100
    """
    value = st.session_state.get(ZOOM_KEY, ZOOM_DEFAULT)
    if not isinstance(value, int) or not ZOOM_STEPS[0] <= value <= ZOOM_STEPS[-1]:
        return ZOOM_DEFAULT
    return value


def _step_zoom(direction: int) -> None:
    """Go to the next zoom level up (``1``) or down (``-1``) from the current one."""
    current = zoom()
    if direction > 0:
        levels = [z for z in ZOOM_STEPS if z > current]
        st.session_state[ZOOM_KEY] = levels[0] if levels else ZOOM_STEPS[-1]
    else:
        levels = [z for z in ZOOM_STEPS if z < current]
        st.session_state[ZOOM_KEY] = levels[-1] if levels else ZOOM_STEPS[0]


def zoom_control() -> None:
    """A− and A+ buttons in the sidebar (in presenter mode), with the zoom between them.

    The zoom is a link parameter (``zoom=120``): a teacher sets it once for the room, and the
    link keeps it.

    Example::

        zoom_control()
    """
    if not presenting():
        return
    current = zoom()
    smaller, shown, larger = st.sidebar.columns([1, 1, 1], vertical_alignment="center")
    smaller.button(
        "A−",
        key="zoom_out",
        on_click=_step_zoom,
        args=(-1,),
        disabled=current <= ZOOM_STEPS[0],
        help=t("Smaller type for the projector"),
        width="stretch",
    )
    with shown:
        show_html(f"<div style='text-align:center' aria-live='polite'>{current} %</div>")
    larger.button(
        "A+",
        key="zoom_in",
        on_click=_step_zoom,
        args=(1,),
        disabled=current >= ZOOM_STEPS[-1],
        help=t("Larger type for the projector"),
        width="stretch",
    )


def chart_config() -> dict[str, Any]:
    """Vega-Lite ``config`` that makes a chart readable on a projector (empty outside
    presenter mode): axis labels, titles, legends and marks' numbers at the zoomed size.

    The shared chart helpers (:mod:`ui.draw.charts`) add it to every chart they draw.

    Example::

        chart_config()
        # {}
    """
    if not presenting():
        return {}
    label = round(_CHART_LABEL_PX * zoom() / 100)
    title = label + 1
    return {
        "axis": {"labelFontSize": label, "titleFontSize": title},
        "legend": {"labelFontSize": label, "titleFontSize": title},
        "header": {"labelFontSize": label, "titleFontSize": title},
        "title": {"fontSize": title + 2},
        "text": {"fontSize": label},
    }


def presenter_toggle() -> None:
    """Draw the presenter-mode toggle at the top of the sidebar (and the zoom when it is on).

    Example::

        presenter_toggle()
    """
    keep_presenter_mode()
    st.sidebar.toggle(
        t("Presenter mode"),
        key=PRESENT_KEY,
        on_change=_remember_presenting,
        help=t(
            "For a projector: larger type, settings folded away, the sidebar closed "
            "(open it again with the arrow at the top left). Arrow keys step."
        ),
    )
    zoom_control()


def presenter_styles() -> None:
    """Put presenter mode's styles on the page when it is on (once per full run).

    Example::

        presenter_styles()
    """
    if presenting():
        st.html(f"<style>html {{ --sw-zoom: {zoom() / 100:g}; }}</style>" + _STYLE)


@contextmanager
def settings_box(label: str | None = None, *, expanded: bool | None = None) -> Iterator[None]:
    """A box for a page's settings that can be folded: closed in presenter mode, else open.

    Args:
        label: The box's title (plain text, no user text: it is rendered as markdown), already
            translated; by default "Settings" in the session's language.
        expanded: Open at first? By default open, except in presenter mode.

    Example::

        with settings_box():
            st.number_input("Number of merges", value=10)
    """
    if expanded is None:
        expanded = not presenting()
    title = t("Settings") if label is None else md_escape(label)
    with st.expander(title, expanded=expanded, icon=":material/tune:"):
        yield
