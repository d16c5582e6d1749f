"""The live class in Chromium: a teacher and three students, each in a browser context of their own.

A student joins by the code typed on the start page, two by the join link; they follow Next,
Back, the slider, a setting and a page switch; one explores on their own and comes back; all
answer the teacher's question; the teacher's chart counts them; the reveal and the end reach
every student; the console stays clean. The whole flow runs on one process with SQLite; across
two processes with PostgreSQL (behind nginx, students also on the other process directly) it
runs without the controls that only repeat Next's way through the database (Last, the slider,
a setting, a page switch, exploring alone). Two processes without a shared database cannot
find each other's class: that check shows the flow would fail if a class lived in one
process's memory.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DEPLOYMENT_GROUP, NAV_LINKS, SHOTS, Console, app_server, success_shot
from tests.pg_server import require_postgres
from ui.classroom.store import Store

TIMEOUT = 45_000
TEACHER_START = "bpe_learn"


#: Each person's screen: a classroom laptop's, the projector's (tests/e2e/
#: test_class_layout_browser.py checks what must be on it). subtle: the flow reads text and
#: clicks, which playwright scrolls to; each of the four pages is drawn again at every step of
#: the class, and a larger screen was only more to paint each time.
SCREEN = {"width": 1024, "height": 768}


def _new_page(browser: Any, url: str) -> tuple[Any, Any, Console]:
    """A browser context of its own with one page that starts loading ``url`` (not waited
    for: several pages load at once)."""
    context = browser.new_context(viewport=SCREEN)
    context.set_default_timeout(TIMEOUT * 2)  # a busy CI machine: clicks and fills wait too
    page = context.new_page()
    console = Console(page)
    page.goto(url, wait_until="commit")
    return context, page, console


def _open(browser: Any, url: str, wait_for: str) -> tuple[Any, Any, Console]:
    opened = _new_page(browser, url)
    opened[1].get_by_text(wait_for).first.wait_for(timeout=90_000)
    return opened


def _step(page: Any, text: str) -> None:
    page.get_by_text(text).first.wait_for(timeout=TIMEOUT)


def _press(page: Any, name: str) -> None:
    """A step player's button (its name, not a longer one that contains it)."""
    page.get_by_role("button", name=re.compile(rf"^{name}\b")).first.click()


def _start(teacher: Any) -> str:
    teacher.get_by_text("Live class", exact=True).first.click()
    teacher.get_by_role("button", name="Start a live class").click()
    # a busy machine: the start reruns the whole teacher page (its trainings) first
    teacher.get_by_text("Live class: join with the code").wait_for(timeout=TIMEOUT * 2)
    code = teacher.locator(".sw-class-code strong").inner_text().strip()
    assert re.fullmatch(r"[A-HJKMNP-Z]{6}", code), code
    # the teacher link is shown to the teacher alone, in the sidebar; never in the join link
    key_link = teacher.locator("[data-testid='stSidebar']").get_by_text("teacher=").first
    key_link.wait_for(timeout=TIMEOUT)
    banner = teacher.locator("[class*='st-key-class_teacher']").inner_text()
    assert "teacher=" not in banner and f"class={code}" in banner
    return code


def _join(student: Any, code: str, nick: str) -> None:
    student.get_by_role("textbox", name="Class code").fill(code.lower())
    student.get_by_role("textbox", name="Nickname (optional)").fill(nick)
    student.get_by_role("button", name="Join").click()
    student.get_by_text("You follow the live class").wait_for(timeout=TIMEOUT)


def _answer(student: Any, label: str) -> None:
    """Pick ``label`` and send it (the caller waits for "Your answer is in")."""
    box = student.locator("[class*='st-key-class_answer_']")
    box.get_by_text(label, exact=True).first.wait_for(timeout=TIMEOUT)
    box.get_by_text(label, exact=True).first.click()
    box.get_by_role("button", name="Send my answer").click()


def run_class(
    browser: Any, teacher_url: str, student_urls: list[str], tag: str, *, every_control: bool
) -> None:
    """The whole flow; ``student_urls`` gives each of the three students' server.

    ``every_control``: also Last, the slider, a setting, a page switch and a student exploring
    on their own. They travel through the same shared row as Next and Back (the teacher's
    page and its link's parameters, one publish), so the flow across processes leaves them to
    the flow on one process (each step of a browser flow costs every student's page a run;
    the page switch, two runs of two pages for each of the four).
    """
    opened: list[tuple[Any, Any, Console]] = []
    try:
        opened.append(
            _open(browser, f"{teacher_url}/{TEACHER_START}", "Pair counts before merge 1")
        )
        teacher = opened[0][1]
        code = _start(teacher)
        # the first student types the code on the start page, the others open the join link
        # (as the QR code gives it); the three pages load at once
        for i, url in enumerate(student_urls):
            opened.append(_new_page(browser, url if i == 0 else f"{url}/?class={code}"))
        students = [page for _context, page, _console in opened[1:]]
        students[0].get_by_text("Join a live class").first.wait_for(timeout=90_000)
        _join(students[0], code, "<b>s0</b>")
        for s in students[1:]:
            s.get_by_text("You follow the live class").wait_for(timeout=90_000)
        for s in students:  # joined late: the teacher's page and step
            _step(s, "Pair counts before merge 1")
        teacher.get_by_text("3 students joined.").wait_for(timeout=TIMEOUT)
        # Next, Next, Back, Last, the slider (Home key), a setting
        for press, text in (("Next", "merge 2"), ("Next", "merge 3"), ("Back", "merge 2")):
            _press(teacher, press)
            _step(teacher, f"Pair counts before {text}")
            for s in students:
                _step(s, f"Pair counts before {text}")
        at = "Step 2 of 10"  # Next, Next, Back
        if every_control:
            _press(teacher, "Last")
            for p in (teacher, *students):
                _step(p, "Step 10 of 10")
            teacher.get_by_role("slider").first.focus()
            teacher.keyboard.press("Home")
            for p in (teacher, *students):
                _step(p, "Step 1 of 10")
            spin = teacher.get_by_role("spinbutton", name="Number of merges")
            spin.fill("8")
            spin.press("Enter")
            at = "Step 1 of 8"
            for p in (teacher, *students):
                _step(p, at)
        if every_control:
            # a page switch, and back
            teacher.locator(NAV_LINKS, has_text="WordPiece").first.click()
            for p in (teacher, *students):
                p.get_by_role("heading", name="WordPiece").first.wait_for(timeout=TIMEOUT)
            # the teacher's own WordPiece page drawn down to its step player before it goes
            # back: a menu click while the page was still running was lost (the teacher
            # stayed on it)
            _step(teacher, "Step 1 of 10")
            teacher.locator(NAV_LINKS, has_text="BPE: learn merges").first.click()
            teacher.wait_for_url(re.compile(r"/bpe_learn\b"), timeout=TIMEOUT)
            for p in (teacher, *students):  # the teacher's own page too, before it clicks Next
                _step(p, at)
            # one student explores on their own, the class goes on, the student comes back
            loner = students[2]
            loner.get_by_role("button", name="Explore on my own").click()
            loner.get_by_text("You are exploring on your own").wait_for(timeout=TIMEOUT)
            _press(teacher, "Next")
            for p in (teacher, *students[:2]):
                _step(p, "Pair counts before merge 2")
            loner.wait_for_timeout(2500)  # two polls: the loner stays where they were
            assert loner.get_by_text("Pair counts before merge 2").count() == 0
            loner.get_by_role("button", name="Back to the class").click()
        for p in (teacher, *students):
            _step(p, "Pair counts before merge 2")
        # the question: seed-low's merge 2 ties es + t with t + </w> (both right)
        teacher.get_by_role("button", name=re.compile("Ask the class")).click()
        teacher.get_by_role("button", name="Reveal the answer").wait_for(timeout=TIMEOUT)
        # hidden until the reveal (waited for: the merge drawn before the question may still be
        # on the page, stale, when the question's button has come)
        expect(teacher.get_by_text("Merge 2: es + t")).to_have_count(0)
        for s, label in zip(students, ("es + t", "t + </w>", "l + o"), strict=True):
            _answer(s, label)  # the three answers travel at once
        for s in students:
            s.get_by_text("Your answer is in").wait_for(timeout=TIMEOUT)
            expect(s.get_by_text("Merge 2: es + t")).to_have_count(0)
        teacher.get_by_text("3 of 3 answered.").wait_for(timeout=TIMEOUT)
        chart = teacher.locator("[class*='st-key-class_teacher']")
        for label, n in (("es + t", 1), ("t + </w>", 1), ("l + o", 1), ("o + w", 0)):
            chart.locator(
                f"[aria-label*='{label}: {n};'], [aria-label$='{label}: {n}']"
            ).first.wait_for(timeout=TIMEOUT, state="attached")
        success_shot(teacher, f"class_{tag}_teacher_chart", full_page=False)
        teacher.get_by_role("button", name="Reveal the answer").click()
        for s, mark in zip(students, ("✓", "✓", "✗"), strict=True):
            _step(s, "Merge 2: es + t")
            s.locator(".sw-text", has_text=mark).first.wait_for(timeout=TIMEOUT)
        assert "Right too" in students[1].locator("body").inner_text()  # the tie: right too
        success_shot(students[0], f"class_{tag}_student_verdict", full_page=False)
        # nicknames reach the page escaped, never as markup
        assert students[0].locator("b", has_text="s0").count() == 0
        teacher.get_by_role("button", name="End the class").click()
        teacher.get_by_text("The class has ended: how it answered").wait_for(timeout=TIMEOUT)
        teacher.get_by_text("67%").first.wait_for(timeout=TIMEOUT)  # 2 of 3 right (the tie)
        for s in students:
            s.get_by_text("The teacher ended the class").wait_for(timeout=TIMEOUT)
        for _context, _page, console in opened:
            assert console.errors == []
    finally:
        SHOTS.mkdir(parents=True, exist_ok=True)
        # a failed try keeps its own screenshots (a retry's would overwrite "last")
        last = "failed" if sys.exc_info()[0] is not None else "last"
        for i, (context, page, _console) in enumerate(opened):
            page.screenshot(path=str(SHOTS / f"class_{tag}_{last}_{i}.png"))  # what each saw
            context.close()


def test_a_class_on_one_process_with_sqlite(browser: Any, server: str) -> None:
    # the shared server keeps its classes in a SQLite file of its own (conftest.server)
    run_class(browser, server, [server, server, server], "sqlite", every_control=True)


@pytest.mark.xdist_group(DEPLOYMENT_GROUP)
def test_a_class_across_two_processes_with_postgresql(browser: Any, deployment: Any) -> None:
    # the two processes behind nginx that test_deploy_nginx uses too (conftest.deployment),
    # their classes in PostgreSQL
    require_postgres()
    d = deployment
    # the teacher through nginx; one student through nginx, one on each process directly
    run_class(
        browser, d.url, [d.url, d.backends[0], d.backends[1]], "postgresql", every_control=False
    )


def test_two_processes_without_a_shared_database_cannot_share_a_class(
    browser: Any, server: str, server_classes: Path, tmp_path: Path
) -> None:
    """What the flow above relies on: a class kept in one process is not found in another.

    The first process is the shared server: its class is started in the SQLite file it keeps
    its classes in, as its teacher's session does (the flow above starts one from the page).
    The second is a fresh server with a file of its own; a student there types the code."""
    code, _key = Store(f"sqlite:///{server_classes}").create_class(
        TEACHER_START, {"corpus": "seed-low"}, None
    )
    with app_server(env={"SUBWORD_CLASS_FILE": str(tmp_path / "b.sqlite3")}) as b:
        context, student, _ = _open(browser, b, "Join a live class")
        try:
            student.get_by_role("textbox", name="Class code").fill(code)
            student.get_by_role("button", name="Join").click()
            student.get_by_text("No live class has this code").wait_for(timeout=TIMEOUT)
        finally:
            context.close()
