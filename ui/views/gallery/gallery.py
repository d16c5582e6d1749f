"""The gallery page: the entries by tutorial, each with its "Open" button, and the
``str.replace`` demonstration.

Example::

    render_gallery()
"""

from __future__ import annotations

import streamlit as st

from ui.app.i18n import current_language, translator
from ui.draw.html import badge_html, esc, lang_spans, md_escape, show_html
from ui.views.gallery.entries import ENTRIES, GOTO_KEY, _entry_texts, _seed_label, open_entry
from ui.views.gallery.replace_demo import _replace_demo

t = translator("gallery")


def render_gallery() -> None:
    """Switch to a page an Open button asked for; otherwise draw every entry.

    Example::

        render_gallery()
    """
    goto = st.session_state.pop(GOTO_KEY, None)
    if goto:
        st.switch_page(goto)
    texts = _entry_texts()
    kinds = {"erratum": t("erratum"), "note": t("note")}
    lang = current_language()  # Chinese or Korean inside the entries is marked as such
    for entry in ENTRIES:
        title, shows, erratum = texts[entry.key]
        with st.container(border=True):
            left, right = st.columns([5, 1], vertical_alignment="center")
            with left:
                show_html(
                    lang_spans(
                        f"<div class='sw-text'>{badge_html(_seed_label(entry.seed), 'info')} "
                        f"<strong>{esc(title)}</strong></div>"
                        f"<div class='sw-text'>{esc(shows)}</div>",
                        lang,
                    )
                )
                if erratum:
                    style = "sw-problem" if entry.note_kind == "erratum" else "sw-note"
                    kind = "warning" if entry.note_kind == "erratum" else "info"
                    label = kinds.get(entry.note_kind, entry.note_kind)
                    note = f"<div class='sw-text {style}'>{badge_html(label, kind)} {erratum}</div>"
                    show_html(lang_spans(note, lang))
            right.button(
                t("Open"),
                key=f"gallery_open_{entry.key}",
                icon=":material/open_in_new:",
                on_click=open_entry,
                args=(entry.key,),
                width="stretch",
                help=t("Load this example and open it ({page}).").format(
                    page=md_escape(entry.page)
                ),
            )
            if entry.key == "s004-bpe":
                with st.expander(t("Tutorial 004's str.replace merge goes wrong on this corpus")):
                    _replace_demo()
