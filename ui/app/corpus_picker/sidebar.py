"""The sidebar corpus picker shared by every page.

``app.py`` calls :func:`corpus_sidebar` once per run, before ``pg.run()``; pages then call
:func:`require_corpus` (or :func:`current_corpus`) to get the corpus the student chose.

Sources: each built-in example of :mod:`subword_core.text.examples`, text typed or pasted into a
box, an uploaded ``.txt`` file, or a word/count table edited in place. What the student typed is
never thrown away: when the input is invalid, the box keeps it, a red message names the line
or row to fix, and the pages say there is no valid corpus (the previous corpus is *not* used
silently). Typed text, table edits and the uploaded file all survive page switches and a trip to
another source and back.

Session-state keys (all start with ``corpus__``):

- ``corpus__source`` (radio): an example key, ``"type"``, ``"upload"`` or ``"table"``.
- ``corpus__text`` (text area, kept with ``persist_state="session"``) and
  ``corpus__text_prefill`` (the text the box was last filled with by the app: while the box
  still holds exactly that, or is empty, it follows the chosen example; once edited, it is the
  student's).
- ``corpus__upload`` (file uploader) and ``corpus__upload_saved`` (the decoded file, kept when
  the uploader is not on screen).
- ``corpus__table`` (data editor), ``corpus__table_base`` (the rows it started from),
  ``corpus__table_prefill`` and ``corpus__table_rows`` (the latest edited rows).
- ``corpus__last_example``, ``corpus__prev_source``; the results ``corpus__current``
  (a ``Corpus`` or ``None``), ``corpus__status`` (``"ok"``, ``"error"`` or ``"waiting"``) and
  ``corpus__error`` (the plain-language message, or ``None``).

Example::

    # app.py
    corpus_sidebar()
    # pages/some_page.py
    corpus = require_corpus()
"""

from __future__ import annotations

import streamlit as st

from subword_core.text.corpus import Corpus
from subword_core.text.examples import DEFAULT_EXAMPLE, EXAMPLES
from ui.app.corpus_picker.messages import note_text
from ui.app.corpus_picker.parse import _example_outcome, _Outcome
from ui.app.corpus_picker.sources import (
    _CURRENT_KEY,
    _ERROR_KEY,
    _LAST_EXAMPLE_KEY,
    _PREV_SOURCE_KEY,
    _SOURCE_TITLES,
    _SOURCES,
    _STATUS_KEY,
    _TEXT_KEY,
    _TEXT_PREFILL_KEY,
    _TYPE,
    _UPLOAD,
    SOURCE_KEY,
    _source_label,
    example_description,
    format_name,
)
from ui.app.corpus_picker.table import _table_source
from ui.app.corpus_picker.typed import _typed_source
from ui.app.corpus_picker.upload import _upload_source
from ui.app.i18n import keep_choice, translator
from ui.draw.html import esc, md_escape, show_html, show_text

t = translator("common")


def corpus_sidebar() -> None:
    """Draw the corpus picker in the sidebar and remember the chosen corpus for the pages.

    Call it once per run from ``app.py``, before ``pg.run()``. It stores the result in
    ``st.session_state["corpus__current"]`` (a :class:`Corpus`, or ``None`` when the input is
    invalid or no file is uploaded yet).

    Example::

        corpus_sidebar()
        current_corpus().words
        # ('low', 'lower', 'newest', 'widest')
    """
    state = st.session_state
    if state.get(SOURCE_KEY) in _SOURCES:
        keep_choice(SOURCE_KEY)  # a language switch must not lose the chosen corpus
    with st.sidebar:
        st.header(t("Corpus"))
        source = st.radio(
            t("Which words should the tokenizers learn from?"),
            _SOURCES,
            index=_SOURCES.index(DEFAULT_EXAMPLE),
            format_func=_source_label,
            key=SOURCE_KEY,
        )
        previous = state.get(_PREV_SOURCE_KEY)
        entering_from = previous if previous != source else None
        if previous is None:  # first run of the session
            entering_from = state.get(_LAST_EXAMPLE_KEY, DEFAULT_EXAMPLE)

        outcome: _Outcome | None
        if source in EXAMPLES:
            state[_LAST_EXAMPLE_KEY] = source
            show_text(example_description(source), small=True)
            outcome = _example_outcome(source)
        elif source == _TYPE:
            outcome = _typed_source(entering_from)
        elif source == _UPLOAD:
            outcome = _upload_source()
        else:
            outcome = _table_source(entering_from)
        state[_PREV_SOURCE_KEY] = source

        state[_ERROR_KEY] = None
        if outcome is None:
            state[_CURRENT_KEY] = None
            state[_STATUS_KEY] = "waiting"
            st.info(t("Choose a .txt file to use it as the corpus."))
        elif outcome.corpus is None:
            state[_CURRENT_KEY] = None
            state[_STATUS_KEY] = "error"
            state[_ERROR_KEY] = outcome.error
            _show_error(outcome)
        else:
            state[_CURRENT_KEY] = outcome.corpus
            state[_STATUS_KEY] = "ok"
            _show_summary(outcome.corpus)


def _show_error(outcome: _Outcome) -> None:
    # st.error renders markdown, so it gets only our own words; the parser's message, which
    # may quote what the student typed, is shown escaped just below.
    if outcome.where:
        message = t("The corpus can't be read yet: {where} needs a fix.").format(
            where=md_escape(outcome.where)
        )
    else:
        message = t("The corpus can't be read yet.")
    st.error(message, icon=":material/warning:")
    show_html(f'<div class="sw-text sw-problem">{esc(outcome.error or "")}</div>')


def _show_summary(corpus: Corpus) -> None:
    fmt = format_name(corpus.source_format)
    parts = [
        t("{distinct} distinct words · {total} words in total").format(
            distinct=f"<strong>{len(corpus):,}</strong>", total=f"<strong>{corpus.total:,}</strong>"
        ),
        '<div class="sw-small">' + esc(t("Read as: {format}").format(format=fmt)) + "</div>",
    ]
    parts += [f'<div class="sw-small">{esc(note_text(note))}</div>' for note in corpus.notes]
    show_html(f'<div class="sw-text">{"".join(parts)}</div>')


def choose_source(source: str, text: str | None = None) -> None:
    """Select a source before the picker is drawn (a shared link does this).

    Args:
        source: An example key, or ``"type"``.
        text: For ``"type"``: the text to put in the box. It counts as typed by the student,
            so the picker never replaces it with an example's text.

    Example::

        choose_source("type", "low low lower")
    """
    state = st.session_state
    state[SOURCE_KEY] = source
    state[_PREV_SOURCE_KEY] = source
    if source == _TYPE:
        state[_TEXT_KEY] = text or ""
        state[_TEXT_PREFILL_KEY] = None


def corpus_as_text() -> str | None:
    """The current corpus as text a link can carry: the typed text as it is, other non-example
    sources as "word count" lines; ``None`` for a built-in example or no corpus.

    Example::

        corpus_as_text()
        # 'hug hug pug pun bun'
    """
    state = st.session_state
    source = state.get(SOURCE_KEY)
    if source in EXAMPLES:
        return None
    if source == _TYPE and state.get(_TEXT_KEY):
        return str(state[_TEXT_KEY])
    corpus = state.get(_CURRENT_KEY)
    return corpus.to_text() if isinstance(corpus, Corpus) else None


def current_corpus() -> Corpus | None:
    """Return the corpus chosen in the sidebar, or ``None`` if the input is not valid yet.

    When the sidebar has not run in this session (a page run on its own, e.g. in a test), the
    default example's corpus is returned.

    Example::

        current_corpus().words
        # ('low', 'lower', 'newest', 'widest')
    """
    state = st.session_state
    if _STATUS_KEY not in state:
        return _example_outcome(DEFAULT_EXAMPLE).corpus
    corpus = state.get(_CURRENT_KEY)
    return corpus if isinstance(corpus, Corpus) else None


def current_source_title() -> str:
    """Return the picker's label of the chosen source without its icon, e.g. ``"Type or paste
    text"``.

    Example::

        current_source_title()
        # 'low / lower / newest / widest (seeds 002, 003)'
    """
    source = st.session_state.get(SOURCE_KEY, DEFAULT_EXAMPLE)
    title = _source_label(source) if source in _SOURCE_TITLES else str(source)
    return title.split(": ", 1)[1] if title.startswith(":material/") else title


def explain_missing_corpus() -> None:
    """Say in the main area why there is no corpus (and quote the problem, escaped).

    Use it on a page that can still show something useful without a corpus; pages that
    cannot should call :func:`require_corpus` instead.

    Example::

        if current_corpus() is None:
            explain_missing_corpus()
    """
    if st.session_state.get(_STATUS_KEY) == "waiting":
        st.info(
            t(
                "There is no corpus yet: upload a .txt file in the sidebar, or pick one of the "
                "built-in examples there."
            ),
            icon=":material/description:",
        )
        return
    st.warning(
        t(
            "There is no valid corpus right now, so this page waits. Fix the corpus in the "
            "sidebar (open it with the arrow at the top left if it is hidden): nothing you "
            "typed is lost, and the page appears as soon as the corpus can be read."
        ),
        icon=":material/warning:",
    )
    message = st.session_state.get(_ERROR_KEY)
    if message:
        show_html(f'<div class="sw-text sw-problem">{esc(message)}</div>')


def require_corpus() -> Corpus:
    """Return the chosen corpus, or explain in the main area why there is none and stop the page.

    Example::

        corpus = require_corpus()
        corpus.total
        # 16
    """
    corpus = current_corpus()
    if corpus is not None:
        return corpus
    explain_missing_corpus()
    st.stop()
