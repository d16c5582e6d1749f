"""Subword tokenizers, step by step: the Streamlit entry point.

Run with ``streamlit run app.py``. This file sets the page config, imports every view (each
registers the link parameters it owns, :mod:`ui.app.links`), restores the view of a shared link,
draws the shared corpus picker in the sidebar (on every run, so its state survives page
switches), hands over to the page the student chose via ``st.navigation`` (built from the page
registry, :mod:`ui.app.registry`; its menu drawn by :mod:`ui.app.menu`), and finally writes the
view into the address bar (the shareable link).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

# subtle: the very first message, before anything else is imported (a fresh server imports
# for seconds): the browser draws the sidebar open until a page config says otherwise, and
# a class opening a present=1 link saw it open, with the page files' raw names, for seconds
if st.query_params.get("present") == "1":
    st.set_page_config(layout="wide", initial_sidebar_state="collapsed")

from ui.app.i18n import language_menu, mark_page_language, translator
from ui.app.presenter import presenter_styles, presenter_toggle, sidebar_state

t = translator("app")

# the rest of the page config, before the views are imported (seconds in a fresh server)
st.set_page_config(
    page_title=t("Subword tokenizers, step by step"),
    # a file, not a Material icon: the browser would fetch that favicon from Google's servers
    page_icon=str(Path(__file__).parent / "ui" / "assets" / "favicon.png"),
    layout="wide",
    initial_sidebar_state=sidebar_state(),
)

import ui.app.all_views  # noqa: E402, F401  (each view registers its link parameters: before apply_link)
from ui.app.corpus_picker import corpus_sidebar  # noqa: E402
from ui.app.menu import navigation, page_menu  # noqa: E402
from ui.app.share import apply_link, publish_link, start_link_box  # noqa: E402
from ui.app.shell import app_shell, sync_upload_limit  # noqa: E402
from ui.classroom import (  # noqa: E402
    class_banner,
    class_follow,
    class_link_params,
    class_listener,
    class_publish,
    class_sidebar,
)
from ui.draw.html import page_styles  # noqa: E402
from ui.draw.player import set_step_listener  # noqa: E402
from ui.runtime.training import warm_up_training_processes  # noqa: E402
from ui.runtime.upload_guard import install as install_upload_guard  # noqa: E402

sync_upload_limit()  # the server's upload limit follows ui.app.limits
install_upload_guard()  # and each session holds at most LIMITS.session_files files
warm_up_training_processes()  # long trainings' processes: started before a class needs one

# the app's own menu (ui.app.menu: Streamlit's is off in .streamlit/config.toml), at the top of
# the sidebar; drawn below, once the language and presenter mode of this run are known
pg = navigation()
menu = st.sidebar.container()
# A shared link (ui.app.share) is applied before any widget is drawn; the corpus picker runs on
# every run so that its state survives page switches.
page_styles()  # the shared styles of every page, once per run (not in every fragment)
class_link_params()  # a live class's ?class= (ui.classroom): taken out before the link
apply_link(pg.url_path)
class_follow(pg.url_path)  # a following student: the teacher's page and view
# after the link (it may say present=1); the browser folds the sidebar when this changes
st.set_page_config(initial_sidebar_state=sidebar_state())
language_menu()  # after the link (it may say lang=zh); English, 简体中文, 한국어
mark_page_language()  # <html lang> follows it (Streamlit's page says lang="en")
presenter_toggle()
presenter_styles()
page_menu(menu, pg.url_path)
start_link_box(pg.url_path)
# a step change reruns only the player: it publishes the link (and the class's new version)
set_step_listener(class_listener(publish_link))
corpus_sidebar()
class_sidebar(pg.url_path)
# pages check for it (ui.app.shell): a page run without app.py reruns through it; an unexpected
# error in the page becomes a friendly box (ui.app.shell.error_boundary), never a traceback
with app_shell(pg.url_path or "home"):
    class_banner(pg.url_path)
    pg.run()
publish_link()
class_publish()  # the teacher's view, as the class's new version
