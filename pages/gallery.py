"""Tutorial gallery: each worked example of the tutorials, loaded and opened in one click."""

from __future__ import annotations

from ui.app.shell import ensure_app_shell

ensure_app_shell()  # first: a page started on its own reruns through app.py at once

import streamlit as st

from ui.app.i18n import translator
from ui.views.gallery.gallery import render_gallery

t = translator("gallery")

st.title(t("Tutorial gallery"))
st.caption(
    t(
        "Every worked example from the tutorials this app was built from. “Open” loads the "
        "exact corpus and settings into the sidebar and the page, and opens the page at the "
        "right step. Where a tutorial prints something that is not the correct result, a note "
        "says so."
    )
)
render_gallery()
