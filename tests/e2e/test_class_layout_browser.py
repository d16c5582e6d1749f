"""A following student's first screen at 1024×768, with the sidebar open and closed.

When the teacher asks a question, its prompt, every answer option and "Send my answer" are on
the student's first screen (the answer box sits right under the class's strip, above the
page's intro and settings), and "Explore on my own" shows its whole label (it was cut to
"Explore on …" with the sidebar open).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Console, success_shot
from ui.classroom.store import Store

TIMEOUT = 90_000
SCREEN = {"width": 1024, "height": 768}
BOX = "[class*='st-key-class_answer_']"
_SIDEBAR_RIGHT = (
    "() => document.querySelector(\"[data-testid='stSidebar']\").getBoundingClientRect().right"
)


def _on_first_screen(page: Any) -> list[str]:
    """What of the answer box and the class's strip is not wholly on the first screen."""
    wrong: list[str] = []
    parts = {
        "prompt": page.locator(f"{BOX} strong").first,
        "send": page.locator(f"{BOX} button").first,
        "explore": page.get_by_role("button", name="Explore on my own"),
    }
    options = page.locator(f"{BOX} [role=radiogroup] label")
    assert options.count() >= 2
    parts.update({f"option {i}": options.nth(i) for i in range(options.count())})
    for name, locator in parts.items():
        box = locator.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + box["height"] > SCREEN["height"]:
            wrong.append(f"{name}: {box}")
        if box is not None and box["x"] + box["width"] > SCREEN["width"]:
            wrong.append(f"{name} beyond the right edge: {box}")
    cut = page.evaluate(
        """() => [...document.querySelectorAll("[class*='st-key-class_detach'] button *")]
             .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
    )
    if cut:
        wrong.append(f"the button's label is cut: {cut}")
    return wrong


def test_a_following_student_sees_the_question_on_the_first_screen(
    browser: Any, server: str, server_classes: Path
) -> None:
    # the class started in the server's own database, as a teacher's session would start it
    url = server
    store = Store(f"sqlite:///{server_classes}")
    code, key = store.create_class("bpe_learn", {"corpus": "seed-low", "step": "3"}, None)
    store.ask(code, key, "bpe_learn:merge:3", "choice", "Which pair will step 3 merge?")
    context = browser.new_context(viewport=SCREEN)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    console = Console(page)
    try:
        page.goto(f"{url}/?class={code}")
        page.locator(BOX).wait_for()
        page.get_by_text("The corpus after merge 2").first.wait_for()  # the step: hidden
        page.wait_for_timeout(1000)  # the layout settles
        sidebar = page.locator("[data-testid='stSidebar']")
        assert page.evaluate(_SIDEBAR_RIGHT) > 200  # open at 1024 px
        success_shot(page, "class_student_question_sidebar", full_page=False)
        assert _on_first_screen(page) == []
        sidebar.hover()
        page.locator("[data-testid='stSidebarCollapseButton'] button").click(force=True)
        page.wait_for_function(f"() => ({_SIDEBAR_RIGHT})() <= 0")
        page.wait_for_timeout(1000)
        success_shot(page, "class_student_question", full_page=False)
        assert _on_first_screen(page) == []
        assert console.errors == []
    finally:
        context.close()
