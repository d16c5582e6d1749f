"""The live class: the teacher leads, every student follows and answers (issue 29).

A teacher starts a class from the sidebar; the page then shows a class code and a QR code of
the join link (large enough for a projector). Students join by the link, the QR code or the
code typed on the start page; from then on their page follows the teacher's: page, corpus,
settings, tab and step. The teacher can ask the class the step's question; the answers are
counted live in a chart (never names), and the reveal shows every student their verdict.

The parts, by role (the rows are in :mod:`ui.classroom.store`, any number of app processes
share them):

- :mod:`~ui.classroom.store`: the database (SQLAlchemy; no Streamlit).
- :mod:`~ui.classroom.session`: this session's keys in ``st.session_state``, the store, messages.
- :mod:`~ui.classroom.teach`: the sidebar's box; :func:`class_publish` writes the teacher's view
  (what the share link describes, :func:`ui.app.share.build_params`) as a new version when it
  changed (``app.py`` after the page, and the step player's listener).
- :mod:`~ui.classroom.join`: joining by link, teacher link or the start page's form.
- :mod:`~ui.classroom.follow`: a following student's poll (a small fragment that reads the
  class's version every :attr:`ui.app.limits.Limits.class_poll_ms` ms) and :func:`class_follow`,
  which applies the teacher's view before any widget is drawn.
- :mod:`~ui.classroom.banner`: the strip at the top (code, QR code, the live answer chart).
- :mod:`~ui.classroom.ask`: a view's question (:class:`Ask`) and :func:`class_gate`.
- :mod:`~ui.classroom.summary`: the end of a class and its summary (CSV, no names).

The teacher key lives only in the teacher's session (and in the teacher link shown once in
the teacher's sidebar): never in the join link or on the projector.

Example:
    >>> from ui.classroom import Ask
    >>> Ask("bpe_learn:3", "Which pair?", lambda a: (a == "x", ""), (("x", "x"),)).kind
    'choice'
"""

from ui.classroom.ask import Ask, class_gate, merge_ask, pair_ask, prune_ask, split_ask
from ui.classroom.banner import answer_table, class_banner
from ui.classroom.follow import class_follow
from ui.classroom.join import class_link_params, join_form
from ui.classroom.session import clean_nickname
from ui.classroom.summary import summary_csv
from ui.classroom.teach import class_listener, class_publish, class_sidebar

__all__ = [
    "Ask",
    "answer_table",
    "class_banner",
    "class_follow",
    "class_gate",
    "class_link_params",
    "class_listener",
    "class_publish",
    "class_sidebar",
    "clean_nickname",
    "join_form",
    "merge_ask",
    "pair_ask",
    "prune_ask",
    "split_ask",
    "summary_csv",
]
