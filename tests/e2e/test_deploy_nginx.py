"""Two Streamlit processes behind nginx (deploy/nginx.conf), as deploy/compose.yaml runs them.

``scripts.deploy_local.local_deployment`` starts two ``streamlit run app.py`` on loopback
ports and nginx from the OS packages in front, configured from ``deploy/nginx.conf``. The
tests check, from nginx's access log (``upstream=$upstream_addr route=$route_key``) and from
what the processes answer:

- every request of one browser (health check, websocket, file upload) reaches one process,
  and both processes get browsers (so "sticky" is not "everything on one process"); the
  upload through nginx works while the same upload sent to the other process is refused;
- a share link opens the same view (step, explanation, tables, the published link) on each
  process directly and through nginx on each process;
- Chromium, through nginx, opens a share link at its step, with all its requests on one
  process.

Without nginx they are skipped with the reason; under CI (``CI`` set) they fail instead
(:func:`require_nginx`, like ``require_browser``); ``.ci/run`` installs nginx.
"""

from __future__ import annotations

import asyncio
import os
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from scripts.deploy_local import (
    NGINX_CONF,
    ROUTE_COOKIE,
    LocalDeployment,
    find_nginx,
    render_nginx_conf,
)
from scripts.load_ws import (
    SOURCE_KEY,
    UPLOAD_KEY,
    Run,
    StreamlitSession,
    cookie_header,
    fetch_cookies,
    source_label,
)
from tests.e2e.conftest import SHOTS, assert_no_exception, success_shot, under_ci

T = TypeVar("T")
LINK = "corpus=seed-low&bpe_num_merges=6&step=4"
PAGE = "bpe_learn"


def require_nginx(environ: Mapping[str, str] | None = None, found: str | None = "?") -> None:
    """Skip the calling test when nginx is not installed; under CI fail instead.

    ``found``: :func:`find_nginx`'s answer (asked for if not given).
    """
    environ = os.environ if environ is None else environ
    if (find_nginx() if found == "?" else found) is not None:
        return
    reason = "nginx not installed (apt-get install -y nginx)"
    if under_ci(environ):
        pytest.fail(f"{reason}: under CI the deployment test must run, not be skipped")
    pytest.skip(reason)


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in its own thread (Playwright's sync API holds the main thread's loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _address(url: str) -> str:
    return url.removeprefix("http://")


def _routed(d: LocalDeployment, route: str, want: str = "", timeout: float = 20) -> list[str]:
    """The upstreams of the logged requests with ``route`` (waits until one is ``want``).

    nginx writes a websocket's line when it closes; waiting for it is waiting for an event.
    """
    deadline = time.monotonic() + timeout
    while True:
        entries = [e for e in d.log_entries() if e["route"] == route]
        if entries and (not want or any(want in e["request"] for e in entries)):
            return [e["upstream"] for e in entries]
        if time.monotonic() > deadline:
            raise AssertionError(f"no logged request {want!r} with route {route}: {entries}")
        time.sleep(0.1)


def test_require_nginx_skips_outside_ci_and_fails_under_ci() -> None:
    require_nginx({}, found="/usr/sbin/nginx")  # installed: nothing happens
    with pytest.raises(pytest.skip.Exception, match="nginx not installed"):
        require_nginx({}, found=None)
    with pytest.raises(pytest.fail.Exception, match="under CI"):
        require_nginx({"CI": "true"}, found=None)


def test_the_rendered_configuration_changes_only_the_marked_lines() -> None:
    template = NGINX_CONF.read_text()
    text = render_nginx_conf(template, ["127.0.0.1:1", "127.0.0.1:2"], "127.0.0.1:3", SHOTS)
    assert "server app:8501" not in text and "listen 80;" not in text
    assert "server 127.0.0.1:1 " in text and "server 127.0.0.1:2 " in text
    assert "listen 127.0.0.1:3;" in text
    kept = [line for line in template.splitlines() if "# local:" not in line]
    assert all(line in text.splitlines() for line in kept)  # everything else as written
    with pytest.raises(ValueError, match="upstream"):
        render_nginx_conf(template.replace("# local:upstream", ""), ["x:1"], "x:2", SHOTS)


async def _student(url: str, cookies: dict[str, str]) -> tuple[StreamlitSession, Run]:
    """A session through nginx: open the page, upload a corpus, press Next twice."""
    session = StreamlitSession(url, 90, cookies)
    await session.connect()
    try:
        first = await session.rerun(page_name=PAGE)
        assert first.counter() is not None, first.text[:500]
        session.set_widget(SOURCE_KEY, string_value=source_label("Upload a .txt file"))
        await session.rerun()
        run = await session.upload(UPLOAD_KEY, "corpus.txt", b"low 5\nlower 2\nzxzzq 4\n")
        assert "zxzzq" in session.seen_words  # the uploaded corpus is on the page
        for step in (2, 3):
            run = await session.click("bpe_learn__next")
            assert run.counter() is not None and run.counter()[0] == step, run.text[:500]
        assert not run.exceptions
    finally:
        await session.close()
    return session, run


def test_a_session_stays_on_one_process_and_both_processes_serve(
    deployment: LocalDeployment,
) -> None:
    backends = {_address(b) for b in deployment.backends}
    browsers: dict[str, dict[str, str]] = {}  # process -> the cookies of a browser routed there
    for _ in range(40):  # fresh browsers until each process has one (1 in 2^39 to fail)
        jar = fetch_cookies(deployment.url, 30)
        assert ROUTE_COOKIE in jar, jar  # nginx gave this browser its route cookie
        [upstream] = _routed(deployment, jar[ROUTE_COOKIE])
        browsers.setdefault(upstream, jar)
        if len(browsers) == len(backends):
            break
    assert set(browsers) == backends

    for upstream, jar in browsers.items():
        session, _ = _run(_student(deployment.url, jar))
        route = jar[ROUTE_COOKIE]
        used = _routed(deployment, route, want="/_stcore/stream")
        requests = [e["request"] for e in deployment.log_entries() if e["route"] == route]
        assert any(r.startswith("PUT /_stcore/upload_file/") for r in requests), requests
        assert set(used) == {upstream}, (route, used)  # health, websocket, upload: one process

        # the same upload sent to the other process is refused: sessions are not shared, so
        # stickiness is what made the upload above work
        other = next(b for b in deployment.backends if _address(b) != upstream)
        request = urllib.request.Request(
            f"{other}/_stcore/upload_file/{session.session_id}/some-file",
            data=b"--b\r\n",
            method="PUT",
            headers={
                "Content-Type": "multipart/form-data; boundary=b",
                "X-Xsrftoken": session.cookies["_streamlit_xsrf"],
                "Cookie": cookie_header(session.cookies),
            },
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 400
        assert b"Invalid session_id" in refused.value.read()


async def _open_link(url: str, cookies: dict[str, str] | None = None) -> tuple[Run, str]:
    session = StreamlitSession(url, 90, cookies)
    await session.connect()
    try:
        session.query_string = LINK
        run = await session.rerun(page_name=PAGE)
    finally:
        await session.close()
    return run, session.query_string


def _view(run: Run) -> list[str]:
    """What the page shows from the step counter on (the sidebar's training progress line,
    shown only by the process that trained first, is above it)."""
    start = next(i for i, text in enumerate(run.texts) if "Step 4 of 6" in text)
    return run.texts[start:]


def test_a_share_link_opens_the_same_view_on_either_process(
    deployment: LocalDeployment,
) -> None:
    opened: dict[str, tuple[Run, str]] = {}
    for backend in deployment.backends:  # each process directly
        opened[backend] = _run(_open_link(backend))
    routes: dict[str, dict[str, str]] = {}
    for _ in range(40):  # through nginx, to each process
        jar = fetch_cookies(deployment.url, 30)
        routes.setdefault(_routed(deployment, jar[ROUTE_COOKIE])[0], jar)
        if len(routes) == 2:
            break
    for upstream, jar in routes.items():
        opened[f"nginx -> {upstream}"] = _run(_open_link(deployment.url, jar))
    assert len(opened) == 4

    views = {where: _view(run) for where, (run, _) in opened.items()}
    links = {where: link for where, (_, link) in opened.items()}
    first = next(iter(views.values()))
    assert any(text.lstrip().startswith("Merge 4:") for text in first), first
    for where, (run, link) in opened.items():
        assert run.counter() == (4, 6), where
        assert not run.exceptions, (where, run.exceptions)
        assert views[where] == first, where
        assert "step=4" in link and "bpe_num_merges=6" in link, (where, link)
    assert len(set(links.values())) == 1, links  # the same published link everywhere


def test_chromium_through_nginx_opens_a_share_link_on_one_process(
    deployment: LocalDeployment, browser: Any
) -> None:
    from playwright.sync_api import expect  # here: the other tests need no playwright

    context = browser.new_context()
    page = context.new_page()
    try:
        page.set_viewport_size({"width": 1400, "height": 2000})
        page.goto(f"{deployment.url}/{PAGE}?{LINK}")
        page.get_by_text("Step 4 of 6").first.wait_for(timeout=60_000)
        page.get_by_text("Merge 4:").first.wait_for(timeout=30_000)
        # the widgets' code loads lazily, through nginx too; the link's setting is applied
        expect(page.get_by_role("spinbutton", name="Number of merges")).to_have_value(
            "6", timeout=30_000
        )
        page.locator("[data-testid='stVegaLiteChart']").first.wait_for(timeout=30_000)
        assert_no_exception(page)
        success_shot(page, "deploy_nginx_link")
        [route] = [c["value"] for c in context.cookies() if c["name"] == ROUTE_COOKIE]
    finally:
        page.close()
        context.close()
    used = _routed(deployment, route, want="/_stcore/stream")  # logged once the tab closed
    assert len(used) > 3  # the page, its scripts, the health check, the websocket
    assert len(set(used)) == 1, used
