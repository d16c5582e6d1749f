"""The live class on a projector (1024×768) and for a keyboard: axe-core, Play, End the class.

A teacher starts a class, takes it back in a presenter-mode tab by the teacher link (as a
projector PC would), presses Play: a following student's step advances tick by tick. The
projector's first screen holds the code, the QR code and "End the class"; axe-core finds no
WCAG A/AA violation on the projector nor on the student's answering view; the student
answers, and changes the answer, with the keyboard only, and the teacher's chart counts it.
"""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import Console, success_shot
from tests.e2e.test_axe_browser import _report, _settled, axe_violations

TIMEOUT = 45_000
PROJECTOR = {"width": 1024, "height": 768}


def _context(browser: Any) -> tuple[Any, Any, Console]:
    context = browser.new_context(viewport=PROJECTOR)
    context.set_default_timeout(TIMEOUT * 2)
    page = context.new_page()
    return context, page, Console(page)


def _teacher_link(browser: Any, url: str) -> tuple[Any, str]:
    """Start a class in one tab; return the context and the teacher link shown there."""
    context, page, _ = _context(browser)
    page.goto(f"{url}/bpe_learn")
    page.get_by_text("Pair counts before merge 1").first.wait_for(timeout=90_000)
    page.get_by_text("Live class", exact=True).first.click()
    page.get_by_role("button", name="Start a live class").click()
    link = page.locator("[data-testid='stSidebar'] code", has_text="teacher=").first
    link.wait_for(timeout=TIMEOUT)
    return context, link.inner_text().strip()


def _focus_in(page: Any, selector: str, tries: int = 80) -> None:
    """Press Tab until the focused element is inside ``selector`` (the keyboard only)."""
    for _ in range(tries):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(sel) => !!document.activeElement && !!document.activeElement.closest(sel)",
            selector,
        ):
            return
    raise AssertionError(f"Tab never reached {selector}")


def _checked_label(page: Any) -> str:
    return str(
        page.evaluate(
            """() => { const r = document.querySelector(
                 "[class*='st-key-class_answer_'] input[type=radio]:checked");
               return r ? r.closest('label').innerText.trim() : ''; }"""
        )
    )


def test_projector_play_axe_and_keyboard_answers(browser: Any, server: str) -> None:
    url = server  # keeps its classes in a SQLite file of its own (conftest.server)
    first, link = _teacher_link(browser, url)
    code = re.search(r"class=([A-Z]{6})", link).group(1)  # type: ignore[union-attr]
    first.close()  # the teacher moves to the projector PC
    t_context, teacher, t_console = _context(browser)
    s_context, student, s_console = _context(browser)
    try:
        teacher.goto(f"{link.replace('/?', '/bpe_learn?')}&present=1")
        teacher.get_by_text("Live class: join with the code").wait_for(timeout=90_000)
        student.goto(f"{url}/?class={code}")
        student.get_by_text("You follow the live class").wait_for(timeout=90_000)
        teacher.get_by_text("1 student joined.").wait_for(timeout=TIMEOUT)
        _settled(teacher)
        # the first screen of the projector: the code, the QR code and End the class
        for locator in (
            teacher.locator(".sw-class-code strong"),
            teacher.locator("img.sw-class-qr"),
            teacher.get_by_role("button", name="End the class"),
        ):
            box = locator.first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 768, box
        success_shot(teacher, "class_projector_en", full_page=False)
        found = axe_violations(teacher)
        assert not found, _report(found)

        # Play: the student's step follows tick by tick (2 s a step: two polls a step)
        teacher.get_by_role("radio", name="2 s / step").or_(
            teacher.get_by_role("button", name="2 s / step")
        ).first.click()
        teacher.get_by_text("Play", exact=True).first.click()
        seen: list[int] = []
        for _ in range(120):  # up to 30 s: the student's counter, four times a second
            found_step = re.search(r"Step (\d+) of 10", student.locator("body").inner_text())
            if found_step and (not seen or seen[-1] != int(found_step.group(1))):
                seen.append(int(found_step.group(1)))
            if len(seen) >= 4:
                break
            student.wait_for_timeout(250)
        teacher.get_by_text("Play", exact=True).first.click()  # pause
        assert seen == sorted(seen) and len(seen) >= 4 and seen[0] <= 2, seen
        teacher.wait_for_timeout(1500)
        _settled(teacher)
        shown = re.search(r"Step (\d+) of 10", teacher.locator("body").inner_text())
        assert shown is not None
        student.get_by_text(f"Step {shown.group(1)} of 10").first.wait_for(timeout=TIMEOUT)

        # the question, answered and changed with the keyboard only
        teacher.get_by_role("button", name=re.compile("Ask the class")).click()
        teacher.get_by_role("button", name="Reveal the answer").wait_for(timeout=TIMEOUT)
        box = "[class*='st-key-class_answer_']"
        student.locator(box).wait_for(timeout=TIMEOUT)
        _settled(student)
        found = axe_violations(student)
        assert not found, _report(found)
        success_shot(student, "class_student_answering_en", full_page=False)
        student.evaluate("document.activeElement && document.activeElement.blur()")
        _focus_in(student, f"{box} [role=radiogroup]")
        student.keyboard.press("Space")  # the focused (first) option
        first_pick = _checked_label(student)
        assert first_pick, "Space chose no option"
        _focus_in(student, f"{box} button")  # Send my answer
        student.keyboard.press("Enter")
        student.get_by_text(f"Your answer is in: {first_pick}.").wait_for(timeout=TIMEOUT)
        _focus_in(student, f"{box} [role=radiogroup]")
        student.keyboard.press("ArrowRight")  # the next option
        second_pick = _checked_label(student)
        assert second_pick and second_pick != first_pick
        _focus_in(student, f"{box} button")
        student.keyboard.press("Enter")
        student.get_by_text(f"Your answer is in: {second_pick}.").wait_for(timeout=TIMEOUT)
        chart = teacher.locator("[class*='st-key-class_teacher']")
        chart.locator(f"[aria-label*='{second_pick}: 1']").first.wait_for(
            timeout=TIMEOUT, state="attached"
        )
        for locator in (  # while the class answers too: no scrolling to end it
            teacher.get_by_role("button", name="End the class"),
            teacher.get_by_role("button", name="Reveal the answer"),
        ):
            box = locator.first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 768, box
        success_shot(teacher, "class_projector_chart_en", full_page=False)
        assert t_console.errors == [] and s_console.errors == []
    finally:
        t_context.close()
        s_context.close()
