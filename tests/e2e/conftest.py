"""Shared set-up for the real-browser tests: a real server and Debian's Chromium.

Needs Debian's Chromium headless shell at /usr/bin/chromium-headless-shell (package
``chromium-headless-shell``: the same Blink engine as Chromium without the browser's own UI; it
is what Playwright drives for headless tests, and it spends about 40 % less CPU per page than
``chromium --headless``, measured opening the BPE page: 2.6 s against 4.3 s) and the
playwright package (its own browser download does not work offline). ``.ci/run`` installs it
when it is missing. Without them only the tests that use the ``browser`` fixture are skipped
(the websocket load test and the other tests without a browser still run), and under CI
(``CI`` set, as CI services do) they fail instead: a CI run never passes by skipping
(:func:`require_browser`).
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Coroutine, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium-headless-shell"
SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", "/tmp/subword-e2e"))

_T = TypeVar("_T")


def run_async(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run`` in a thread of its own: the other e2e tests' Playwright (sync API)
    keeps an event loop running in a worker's main thread, where ``asyncio.run`` refuses to
    start (under pytest-xdist a websocket test may share a worker with a browser test)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def missing_browser(
    which: Callable[[str], str | None] = shutil.which,
    find_spec: Callable[[str], object | None] = importlib.util.find_spec,
) -> str | None:
    """What the browser tests lack on this machine (Chromium, playwright), else ``None``."""
    missing = []
    if not which(CHROMIUM):
        missing.append(f"Debian's Chromium headless shell ({CHROMIUM})")
    if find_spec("playwright") is None:
        missing.append("the playwright package")
    return " and ".join(missing) + " not installed" if missing else None


def under_ci(environ: Mapping[str, str]) -> bool:
    """Whether this is a CI run (``CI`` set to anything but empty, ``0`` or ``false``)."""
    return environ.get("CI", "").strip().lower() not in ("", "0", "false")


def require_browser(environ: Mapping[str, str] | None = None, missing: str | None = None) -> None:
    """Skip the calling test when the browser is missing; under CI fail instead.

    ``missing`` is :func:`missing_browser`'s answer (asked for if not given).
    """
    environ = os.environ if environ is None else environ
    missing = missing_browser() if missing is None else missing
    if not missing:
        return
    if under_ci(environ):
        pytest.fail(f"{missing}: under CI the browser tests must run, not be skipped")
    pytest.skip(missing)


#: Modules whose tests share a module-scoped server (or nginx, or a page): under
#: ``--dist loadgroup`` each module's tests stay on one worker, so the server starts once.
SHARED_MODULE_SERVER = frozenset(
    {"test_axe_browser", "test_deploy_nginx", "test_language_browser", "test_stop_training_ws"}
)


#: How long an ``expect(...)`` assertion keeps retrying before it fails (playwright's default
#: is 5 s): long enough for a page's run on a loaded machine; a wrong value still fails.
EXPECT_TIMEOUT_MS = 30_000


#: The ``xdist_group`` of the tests that use the session's two processes behind nginx
#: (:func:`deployment`): test_deploy_nginx's, and the live class across two processes.
DEPLOYMENT_GROUP = "deployment"


#: The one failure a browser test may retry once (pytest-rerunfailures): a ``TimeoutError``
#: (playwright's, matched by name), a wait that ran out on a loaded 2-core machine. An
#: assertion that fails, a console error or an exception box fails at once; every retry is
#: listed in the summary (``RERUN``) so a flaky test stays visible.
RERUN_ONLY_ON = r"^TimeoutError: "


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """Every test in tests/e2e is a ``browser`` test (a real server, most with Chromium)
    that may retry once on a timeout (:data:`RERUN_ONLY_ON`); the tests of a module in
    :data:`SHARED_MODULE_SERVER` form one ``xdist_group`` (test_deploy_nginx's is
    :data:`DEPLOYMENT_GROUP`).

    subtle: pytest-xdist 3.8 groups a worker's tests by renaming each ``xdist_group`` test
    (``item._nodeid = "<id>@<group>"``, read back through ``item.nodeid``); pytest 9 derives
    ``nodeid`` from ``item._id``, so the new name was lost and every group was spread over
    the workers (each worker started its own copy of a module's server). So: the marks go on
    before the other hooks (xdist's among them) and, after them, the name xdist gave is
    copied where pytest 9 reads it.
    """
    here = Path(__file__).parent
    for item in items:
        if here not in item.path.parents:
            continue
        item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[RERUN_ONLY_ON]))
        if item.path.stem == "test_deploy_nginx":
            item.add_marker(pytest.mark.xdist_group(DEPLOYMENT_GROUP))
        elif item.path.stem in SHARED_MODULE_SERVER:
            item.add_marker(pytest.mark.xdist_group(item.path.stem))
    result = yield
    for item in items:
        renamed = item.__dict__.get("_nodeid")
        if isinstance(renamed, str) and renamed != item.nodeid and hasattr(item, "_id"):
            from _pytest.nodeid import coerce_node_id

            item._id = coerce_node_id(renamed)
    return result


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def app_server(log: Path | None = None, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """A fresh `streamlit run app.py` on a free loopback port, stopped by PID afterwards.

    ``log``: a file for the server's output (the app's log lines), else it is thrown away.
    ``env``: environment variables added to the server's (e.g. ``SUBWORD_LIMIT_*``).
    """
    port = _free_port()
    out = open(log, "w") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.headless=true",
            "--server.address=127.0.0.1",
            f"--server.port={port}",
        ],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=out,
        stderr=out,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.read() == b"ok":
                        break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("the app did not start within 60 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if log is not None:
            out.close()  # type: ignore[union-attr]


@pytest.fixture(scope="session")
def server_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SQLite file :func:`server` keeps its live classes in (a test may start a class
    there itself, as a teacher's session would, with ``ui.classroom.store.Store``)."""
    return tmp_path_factory.mktemp("classes") / "classes.sqlite3"


@pytest.fixture(scope="session")
def server(server_classes: Path) -> Iterator[str]:
    """One server for all the browser tests of a worker (each test opens its own page).

    Its live classes go to a SQLite file of its own (:func:`server_classes`, not the
    machine-wide default in the temporary folder), so the live-class tests on one process
    share this server too: a class is found by its random code, and a worker runs one test
    at a time.
    """
    with app_server(env={"SUBWORD_CLASS_FILE": str(server_classes)}) as url:
        yield url


@pytest.fixture(scope="session")
def class_db() -> Iterator[str | None]:
    """A PostgreSQL server's URL for the live classes of :func:`deployment`, or ``None``
    when PostgreSQL is not installed (the tests that need it ask ``require_postgres``)."""
    from tests.pg_server import find_pg_bin, postgres_server

    if find_pg_bin() is None:
        yield None
        return
    with postgres_server() as url:
        yield url


@pytest.fixture(scope="session")
def deployment(class_db: str | None) -> Iterator[Any]:
    """Two app processes behind nginx (``scripts.deploy_local``), started once per worker for
    the tests of :data:`DEPLOYMENT_GROUP`; their live classes are kept in PostgreSQL when it
    is installed (the processes share them), else in the default SQLite file."""
    from scripts.deploy_local import local_deployment
    from tests.e2e.test_deploy_nginx import require_nginx

    require_nginx()
    with local_deployment(2, env={"SUBWORD_CLASS_DB": class_db} if class_db else None) as d:
        yield d


#: Run in every document of a tab before the page's own scripts: the first document a new tab
#: opens on an origin starts with an empty ``localStorage`` (Streamlit keeps the sidebar's
#: width and state and the chosen theme there), as in a browser profile of its own; a reload
#: or a link followed in that tab keeps what the page stored, as a real browser does.
#: (``sessionStorage`` belongs to one tab and one origin, so it marks the tab; iframes, some of
#: them of no origin, are left alone.)
FRESH_VISITOR = """(() => {
  if (window !== window.top) return;
  try {
    if (!sessionStorage.getItem("sw-e2e-tab")) {
      localStorage.clear();
      sessionStorage.setItem("sw-e2e-tab", "1");
    }
  } catch (e) {}
})();"""

#: Every tab of the browser tests draws without CSS animations and transitions: a style sheet
#: added as each document starts. All of them are Streamlit's own (a skeleton's pulse while an
#: element's code loads, the fade of stale elements during a run, the sidebar's slide, the
#: tabs' underline); the app's own styles have none (tests/test_suite_setup.py checks it, so a
#: new one is not hidden from these tests by this sheet). subtle: a page load then costs
#: Chromium 10-18 % less CPU (measured on the glossary and WordPiece pages, interleaved); an
#: animation cut short to 1 ms saved nothing, only ``none`` does. Nothing the tests wait for
#: hangs on an animation's end (Streamlit's one ``animationend`` listener is the screencast's
#: countdown; its transitions end by timers), and the colours axe and the XSS checks read are
#: the final ones at once.
STILL = """(() => {
  const add = () => {
    const sheet = document.createElement("style");
    sheet.setAttribute("data-sw-e2e", "still");
    sheet.textContent = "*, *::before, *::after { animation: none !important;"
      + " transition: none !important; }";
    (document.head || document.documentElement).appendChild(sheet);
  };
  // an init script runs before the document has its <html>: add the sheet as soon as it has
  if (document.documentElement) add();
  else new MutationObserver((_, watch) => {
    if (document.documentElement) { watch.disconnect(); add(); }
  }).observe(document, {childList: true});
})();"""

#: The anchor tab's address: on the app's site (127.0.0.1, whatever the port) so that the
#: site's renderer process lives between tests; answered by playwright, never sent.
_ANCHOR = "http://127.0.0.1:1/sw-e2e-anchor"


class Tabs:
    """The session's Chromium, handing out tabs that open a page at about half the CPU.

    ``new_page`` gives a new tab of one shared browser context, as ``Browser.new_page`` gave a
    tab of a context of its own; ``new_context`` gives the browser's own context with
    :data:`STILL` added, and everything else is the browser's own.

    subtle: a Streamlit page load in a new context costs Chromium 2.6 CPU-s (the BPE page,
    measured); a new tab of a context that already has a tab on the site costs 1.8 s: with
    ``--process-per-site`` it joins the site's living renderer process, whose V8 has the
    frontend's code compiled, and the context's HTTP cache holds the frontend's hundred files.
    So one tab of the context (the anchor, :data:`_ANCHOR`) stays on the site for the whole
    session. What a context of its own gave a test is kept: each tab starts with no cookies
    (cleared as it is made) and an empty ``localStorage`` (:data:`FRESH_VISITOR`), and its
    listeners, routes and viewport are its own. Tests that need people side by side (a
    class) still make a context per person with ``new_context``.
    """

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._context = browser.new_context()
        self._context.add_init_script(FRESH_VISITOR)
        self._context.add_init_script(STILL)
        anchor = self._context.new_page()
        anchor.route(
            _ANCHOR,
            lambda route: route.fulfill(body="<title>anchor</title>", content_type="text/html"),
        )
        anchor.goto(_ANCHOR)
        self.opened: list[Any] = []  # every tab handed out, in order

    def new_page(
        self, *, viewport: Mapping[str, int] | None = None, color_scheme: str | None = None
    ) -> Any:
        """A new tab with no cookies and an empty ``localStorage``, ``viewport`` pixels wide
        and high (playwright's default 1280 × 720 without it), in the ``color_scheme`` given
        (``"light"`` or ``"dark"``; the browser's, light, without it)."""
        self._context.clear_cookies()
        page = self._context.new_page()
        self.opened.append(page)
        if viewport is not None:
            page.set_viewport_size(dict(viewport))
        if color_scheme is not None:
            page.emulate_media(color_scheme=color_scheme)
        return page

    def close_since(self, count: int) -> None:
        """Close the tabs handed out after the first ``count`` that are still open."""
        for page in self.opened[count:]:
            if not page.is_closed():
                page.close()
        del self.opened[count:]

    def new_context(self, **options: Any) -> Any:
        """A browser context of its own (a person beside others: a class), drawn :data:`STILL`
        as the tabs are."""
        context = self._browser.new_context(**options)
        context.add_init_script(STILL)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def _close_the_tests_tabs(request: pytest.FixtureRequest) -> Iterator[None]:
    """The tabs a test opened are closed when it ends (a tab left open on a page that plays
    or polls would go on running beside the next tests, in the same renderer process); the
    tabs of a module's fixture, opened before the test, stay."""
    if "browser" not in request.fixturenames:
        yield
        return
    tabs = request.getfixturevalue("browser")
    before = len(tabs.opened)
    yield
    tabs.close_since(before)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by playwright (see :func:`require_browser` when missing), as
    :class:`Tabs`."""
    require_browser()
    from playwright.sync_api import expect, sync_playwright

    # An ``expect(...)`` assertion retries until it holds; its 5 s default ran out on a loaded
    # 2-core machine (a reopened link's field was checked before the page had drawn it) and
    # fails as an AssertionError, which is never retried (:data:`RERUN_ONLY_ON`).
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                # the text metrics of `chromium --headless` (the shell's default hints glyphs:
                # wider text, one more wrapped line on a projector than in Chromium)
                "--font-render-hinting=none",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                # the tabs of a context share the site's renderer process (:class:`Tabs`)
                "--process-per-site",
            ],
        )
        yield Tabs(b)
        b.close()


def open_page(
    browser: Any, url: str, *, width: int = 1024, height: int = 768, wait_for: str = "Corpus"
) -> Any:
    """A new tab on ``url``, ``width`` × ``height`` (the projector's size unless given), once
    the sidebar (or ``wait_for``) has been drawn.

    subtle: a larger view is more for the browser to paint at every run of the page, and
    what a test reads or clicks rarely needs to be on screen (playwright scrolls to what it
    clicks). A test that measures what fits on a screen says its size, and so does one that
    picks from a long drop-down list: the list draws only the options that fit (at 768 px
    the quiz's pair choices below the fold were never drawn, tests/e2e/test_quiz_browser.py).
    """
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.get_by_text(wait_for, exact=wait_for == "Corpus").first.wait_for(timeout=60_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    return page


#: Set (to anything but empty or ``0``) to keep the screenshots of passing tests too.
SUCCESS_SHOTS_ENV = "E2E_SUCCESS_SHOTS"


def success_shot(page: Any, name: str, *, full_page: bool = True) -> None:
    """A screenshot of a test that has passed every assertion (``SHOTS/<name>.png``), taken
    only when :data:`SUCCESS_SHOTS_ENV` asks for it.

    subtle: such a picture is never a failure's evidence (a failed assertion stops the test
    before it), and a full-page one of a long page makes the browser lay out and paint all of
    it: CPU the suite spends on nothing it checks. To look at the pages after a run:
    ``E2E_SUCCESS_SHOTS=1 python -m pytest tests/e2e/test_browser.py``.
    """
    if os.environ.get(SUCCESS_SHOTS_ENV, "").strip() in ("", "0"):
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def click_next_until(page: Any, texts: list[str], *, timeout: float = 30_000) -> None:
    """Press the player's Next once per text, waiting for each text before the next press.

    subtle: Next's target step is fixed when the button is drawn, so two quick presses on the
    same drawing move one step, not two; waiting for each step makes the test independent of
    the machine's speed.
    """
    for text in texts:
        page.get_by_role("button", name="Next").first.click()
        page.get_by_text(text).first.wait_for(timeout=timeout)


# The frontend probes /<page>/_stcore/health and /<page>/_stcore/host-config first and gets
# 404 by design (DESIGN.md); every other console error counts.
_PROBES = ("/_stcore/health", "/_stcore/host-config")


class Console:
    """The console errors and uncaught exceptions of a page, from its opening on."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("console", self._on_message)
        page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))

    def _on_message(self, msg: Any) -> None:
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "")
        if "Failed to load resource" in msg.text and url.endswith(_PROBES):
            return
        self.errors.append(f"{msg.text} ({url})")


def url_params(page: Any) -> dict[str, str]:
    """The query parameters in the page's address bar (the last value of each)."""
    # subtle: page.url can lag behind history.replaceState; ask the page itself.
    href = page.evaluate("window.location.href")
    return {k: v[-1] for k, v in parse_qs(urlsplit(href).query).items()}


def wait_for_param(page: Any, key: str, value: str, timeout: float = 45.0) -> dict[str, str]:
    """Wait until the address bar says ``key=value`` (written when a run has finished)."""
    deadline = time.monotonic() + timeout
    params = url_params(page)
    while params.get(key) != value and time.monotonic() < deadline:
        time.sleep(0.2)
        params = url_params(page)
    assert params.get(key) == value, (key, params)
    return params


def wait_until_idle(page: Any, timeout: float = 45.0) -> None:
    """Wait until Streamlit says no run is going on and React has drawn what it last sent.

    Only meaningful once the run you wait for is known to have started (e.g. its URL
    parameter is in the address bar): right after a click the page may still say "not
    running" (the rerun request has not been answered yet). :class:`Runs` waits without
    that precondition.
    """
    page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").wait_for(
        state="attached", timeout=timeout * 1000
    )
    # two animation frames: React has drawn what the last messages brought
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def open_tab(page: Any, name: str, param: str, value: str, timeout: float = 45.0) -> None:
    """Click the kept tab whose label holds ``name`` (not the open one) and wait for the run
    the click asked for: the address bar says ``param=value`` and the app is idle.

    subtle: the tab's panel shows at once, before the server has run anything, so waiting for
    a text inside it proves nothing. And Streamlit 1.67's stateful ``st.tabs`` loses a click
    on a second tab made while the run for the first click is still drawing: the click's
    value is sent in a ``setTimeout(0)``; if the earlier run's tab container arrives before
    that timer fires (a busy page), the container's effect writes the earlier run's tab back
    into the widget state, the rerun carries it and the page jumps back to the first tab
    (seen 2 times in 12 clicks 150-200 ms apart, tests/e2e/test_browser.py's variants tabs).
    Waiting for the run to end before the next click closes that window.
    """
    page.get_by_role("tab", name=name).click()
    wait_for_param(page, param, value, timeout)
    wait_until_idle(page, timeout)


class Runs:
    """The app's script runs on one page, read from its websocket (Streamlit's own messages).

    Attach it before the page opens its address (``runs = Runs(page)`` then ``page.goto``).
    A run asked for by the page (a ``rerun_script`` message sent) is over when the server has
    said that a run started after it (``session_status_changed``) has finished
    (``script_finished``, not "stopped early for a rerun"). That is a condition, not a pause:
    it holds on a fast machine as on a loaded one, where a fixed sleep either wastes time or
    looks too early (Streamlit's status widget only shows after a delay of its own).
    """

    def __init__(self, page: Any) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self._back, self._forward = BackMsg, ForwardMsg
        self._early = ForwardMsg.ScriptFinishedStatus.Value("FINISHED_EARLY_FOR_RERUN")
        self.requested = 0  # rerun_script messages the page has sent
        self.waiting = False  # a requested run has not finished yet
        self._started = False  # a run started after the last request
        self.last_start = 0.0  # when the last run started (monotonic seconds)
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, ws: Any) -> None:
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, payload: Any) -> None:
        if isinstance(payload, bytes) and self._back.FromString(payload).HasField("rerun_script"):
            self.requested += 1
            self.waiting, self._started = True, False

    def _received(self, payload: Any) -> None:
        if not isinstance(payload, bytes):
            return
        msg = self._forward.FromString(payload)
        kind = msg.WhichOneof("type")
        if kind == "session_status_changed" and msg.session_status_changed.script_is_running:
            self._started, self.last_start = True, time.monotonic()
        elif kind == "script_finished" and msg.script_finished != self._early and self._started:
            self.waiting = False

    def settle(
        self, page: Any, since: int, *, start_within: float = 1.5, timeout: float = 60.0
    ) -> None:
        """Wait until the runs asked for after :attr:`requested` was ``since`` have finished.

        ``start_within``: seconds to wait for the page to ask for a run at all (an action that
        changes nothing asks for none). Then 0.25 s without a new run, and Streamlit's own
        page state says "not running", so that a follow-up run (``st.rerun``, a component
        reporting its value) is waited for too.
        """
        deadline = time.monotonic() + timeout
        start_by = time.monotonic() + start_within
        while self.requested == since and time.monotonic() < start_by:
            page.wait_for_timeout(50)
        while True:
            while self.waiting and time.monotonic() < deadline:
                page.wait_for_timeout(50)
            assert not self.waiting, f"the app's run did not finish within {timeout:.0f} s"
            quiet_from = time.monotonic()
            page.wait_for_timeout(250)
            if (not self.waiting and self.last_start < quiet_from) or time.monotonic() > deadline:
                break
        wait_until_idle(page, max(1.0, deadline - time.monotonic()))


def assert_no_exception(page: Any) -> None:
    """No Streamlit exception box on the page."""
    assert page.locator("[data-testid='stException']").count() == 0


# The app's own page menu (ui.app.menu: st.page_link, Streamlit's menu is off); every test
# that reads or clicks the menu finds it with these.
NAV_MENU = ".st-key-sw_menu"
"""The menu (a container at the top of the sidebar)."""
NAV_LINKS = f"{NAV_MENU} [data-testid='stPageLink-NavLink']"
"""Its links (``<a href>``), in menu order."""
NAV_LABELS = f"{NAV_LINKS} [data-testid='stMarkdownContainer']"
"""Its links' titles, in menu order."""
NAV_SECTIONS = f"{NAV_MENU} .sw-menu-section"
"""Its section headers (the top group has none)."""
NAV_CURRENT = f"{NAV_MENU} .st-key-sw_menu_here [data-testid='stPageLink-NavLink']"
"""The link of the page shown."""
