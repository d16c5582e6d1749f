"""Shared set-up for the AppTests."""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Hashable, Iterator
from pathlib import Path

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

import ui.app.limits
import ui.runtime.cache
from ui.runtime.cache import _Budget, _Store


@pytest.fixture(autouse=True, scope="session")
def _component_scan_once() -> Iterator[None]:
    """Scan the installed packages for Streamlit components once per test process.

    subtle: every new ``AppTest`` scans them again on its first run (``importlib.metadata``
    of each of the ~460 installed distributions: about 0.2 s of CPU, half of a typical
    AppTest's cost). The installed packages do not change while the tests run, so the first
    scan's answer (none, today) is given to every later one.
    """
    from streamlit.components.v2 import manifest_scanner

    scan = functools.cache(manifest_scanner.scan_component_manifests)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifest_scanner, "scan_component_manifests", lambda: list(scan()))
        yield


@pytest.fixture(autouse=True, scope="session")
def _wait_for_the_script_without_polling() -> Iterator[None]:
    """Wait for an AppTest run by joining its script thread, not by polling every millisecond.

    subtle: Streamlit's ``require_widgets_deltas`` wakes up every millisecond and scans every
    event of the run so far for the end of the script: CPU taken from the script itself
    (which waits for the interpreter lock at each wake-up). The script thread ends right
    after it reports its end, so joining it with the same timeout waits exactly as long;
    a run that does not end in time fails with Streamlit's own error, as before.
    """
    from streamlit.testing.v1 import local_script_runner as runner_module

    def wait(runner: runner_module.LocalScriptRunner, timeout: float = 3) -> None:
        thread = runner._script_thread
        if thread is not None:
            thread.join(timeout)
        if runner.script_stopped():
            return
        runner.request_stop()  # not ended in time: stopped, and Streamlit's own error
        runner.join()
        raise RuntimeError(f"AppTest script run timed out after {timeout}(s)")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runner_module, "require_widgets_deltas", wait)
        yield


@pytest.fixture(autouse=True, scope="session")
def _compile_each_script_once() -> Iterator[None]:
    """Compile ``app.py`` and each page once per test process, not at every AppTest run.

    subtle: AppTest gives every run a new, empty ``ScriptCache``, so each ``at.run()`` reads
    ``app.py`` and the page again, rewrites them for Streamlit's "magic" (an AST walk) and
    compiles them: about 7 % of a run's CPU. A real server compiles each once. The bytecode
    is kept per file, its size and its modification time (a file changed while the tests run
    is compiled again) and the magic option; what runs is the same code object.
    """
    from streamlit import config
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache

    compiled: dict[tuple[str, int, int, bool], object] = {}
    original = ScriptCache.get_bytecode

    def get_bytecode(self: ScriptCache, script_path: str) -> object:
        stat = os.stat(script_path)
        key = (
            script_path,
            stat.st_mtime_ns,
            stat.st_size,
            config.get_option("runner.magicEnabled"),
        )
        if key not in compiled:
            compiled[key] = original(self, script_path)
        return compiled[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ScriptCache, "get_bytecode", get_bytecode)
        yield


@pytest.fixture(autouse=True)
def _navigation_not_pages_folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make AppTest treat app.py as an st.navigation app, as the real server does.

    A folder named ``pages/`` next to the entry point switches on Streamlit's legacy multipage
    mode until the first ``st.navigation`` call. A real server leaves it after the first run,
    but AppTest resets the flag before every run, so from the second run on it would run the
    page file alone, without app.py and its sidebar.
    """
    original = PagesManager.__init__

    def init(self: PagesManager, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    monkeypatch.setattr(PagesManager, "__init__", init)
    yield


@pytest.fixture(autouse=True)
def _english_outside_sessions() -> Iterator[None]:
    """Outside a session ui.app.i18n uses the last session's language (for AppTest's option
    labels): each test starts, and leaves, in English."""
    import ui.app.i18n

    ui.app.i18n._outside_session[0] = "en"
    yield
    ui.app.i18n._outside_session[0] = "en"


@pytest.fixture(autouse=True)
def _no_results_under_patched_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """After a test that patched a ``LIMITS`` of the app, forget the shared cache's results
    (:func:`forget_results_under_patched_limits`).

    subtle: it asks for ``monkeypatch``, so it ends before the test's patches are undone and
    can still see them.
    """
    yield
    forget_results_under_patched_limits()


@pytest.fixture(autouse=True)
def _simulated_persist_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """With ``SUBWORD_SIMULATE_PERSIST=1``, every view's widgets are drawn as the
    persist_state conversion will draw them (tests/app/persist_sim.py)."""
    if os.environ.get("SUBWORD_SIMULATE_PERSIST") == "1":
        from tests.app.persist_sim import convert_widgets

        convert_widgets(monkeypatch)
    yield


APP = str(Path(__file__).resolve().parents[2] / "app.py")

_SERVER_BUDGET = ui.runtime.cache._BUDGET
"""The cache's budget of the whole test process (a test may patch in one of its own)."""


def open_link(page: str, params: dict[str, str]) -> AppTest:
    """What a browser does with ``/<page>?<params>``: the first run is on that page."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(params)
    at.switch_page(f"pages/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def html_text(at: AppTest) -> str:
    """All st.html bodies on the page, styles left out, tags stripped, entities kept (as the
    browser gets them), runs of whitespace as one space."""
    bodies = [el.proto.body for el in at.get("html")]
    text = " ".join(re.sub(r"<style>.*?</style>", "", b, flags=re.S) for b in bodies)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def bpe_store() -> _Store:
    """The server's cache store of BPE trainings (``ui.runtime.cache``), as the page makes it."""
    return ui.runtime.cache._store("bpe", 24)


@pytest.fixture
def fresh_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Budget]:
    """A cache budget of its own (no limit yet) for stores made from now on; the server's after."""
    budget = _Budget(max_bytes=2**40)
    monkeypatch.setattr(ui.runtime.cache, "_BUDGET", budget)
    ui.runtime.cache._store.clear()  # the stores are made again, on this budget
    yield budget
    ui.runtime.cache._store.clear()  # not to leave stores on a test budget behind


def forget_shared_results() -> None:
    """Forget every result of the server's shared cache (``ui.runtime.cache``): the budget stops
    counting them and the stores are made anew, so the next run computes each result again."""
    victims: list[tuple[_Store, Hashable]] = []
    # the server's budget, and a test's own (fresh_budget) if it is still in place
    for budget in {id(b): b for b in (_SERVER_BUDGET, ui.runtime.cache._BUDGET)}.values():
        with budget.lock:
            victims += [(budget.sizes[entry][0], entry[1]) for entry in budget.sizes]
            for entry in list(budget.sizes):
                budget.drop(entry)
    for store, key in victims:  # (a store's lock is never taken with the budget's held)
        store.discard(key)
    ui.runtime.cache._store.clear()


def forget_results_under_patched_limits() -> list[str]:
    """If a module of the app has a ``LIMITS`` other than ``ui.app.limits.LIMITS`` (a test
    patched it), forget the shared cache's results (:func:`forget_shared_results`); the names
    of those modules.

    subtle: the cache (``ui.runtime.cache``) lives as long as the test process, as it does on
    a server, and its keys leave the limits out (a server's are fixed). A result computed under
    a test's patched limits was kept for later tests: the default example read under
    ``corpus_words=2`` (low 5, newest 6) reached a new session of a later test, in the full
    suite only (tests/app/test_isolation.py).
    """
    real = ui.app.limits.LIMITS
    patched = [
        name
        for name, module in list(sys.modules.items())
        if name.partition(".")[0] == "ui" and getattr(module, "LIMITS", real) is not real
    ]
    if patched:
        forget_shared_results()
    return patched
