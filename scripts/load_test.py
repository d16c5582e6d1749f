"""Load test: N students on one server, each with their own corpus, stepping through BPE.

Not a CI test: it takes a minute or two and its numbers depend on the machine. It answers
the classroom question of issue 7: can one teacher's server take a whole class at once?

What it does:

1. starts ``streamlit run app.py --server.headless true --server.address 127.0.0.1
   --server.port <free port>`` (or uses ``--url`` to target a running server);
2. opens ``--sessions`` concurrent sessions (default 30): one Debian Chromium
   (``/usr/bin/chromium``; Playwright's own browser download does not work offline) with one
   browser context per session, so every session has its own cookies and websocket, i.e.
   its own Streamlit session;
3. in every session, on the "BPE: learn merges" page: gives the corpus (the built-in
   ``low 5 / lower 2 / newest 6 / widest 3`` plus one word unique to the session, e.g.
   ``zxabq 4``), typed into the sidebar's text box or, with ``--mode upload`` or
   ``mixed`` (the default: every other session), uploaded as a ``.txt`` file; then clicks the
   step player's "Next" button ``--steps`` times;
4. measures, for every step change, the time from the click until the page has settled:
   the counter shows the new step ("Step 3 of ...") and Streamlit's running indicator
   (``stStatusWidget``) is gone; the same for the corpus change;
5. after every step checks the session's page for a Streamlit exception box and for any
   other session's unique word (in the page text and in the corpus box): a leak between
   students;
6. polls the server's peak memory (``VmHWM`` and ``VmRSS`` from ``/proc/<pid>/status``)
   every half second; with ``--rounds R`` the whole class leaves and a new one arrives R
   times, and the RSS after each round shows whether memory stays flat as sessions come
   and go;
7. stops the server it started by its PID and prints a report (``--json`` for a JSON one).

Usage::

    python scripts/load_test.py                      # 30 sessions, 5 steps each
    python scripts/load_test.py --sessions 10 --steps 8 --rounds 3
    python scripts/load_test.py --url http://127.0.0.1:8501 --server-pid 12345

Exit status: 0 when there were no errors and no leaks, 1 otherwise (the p95 target of one
second per step change is reported, not enforced). Needs ``playwright`` (the Python
package) and ``/usr/bin/chromium``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
]
BASE_CORPUS = "low 5\nlower 2\nnewest 6\nwidest 3\n"
TYPE_SOURCE = "Type or paste text"
UPLOAD_SOURCE = "Upload a .txt file"
RUNNING = "[data-testid='stStatusWidget']"
EXCEPTION = "[data-testid='stException']"
FAILURE_SHOTS = Path("/tmp/subword-load-test")  # a screenshot of every session that failed


def unique_word(index: int) -> str:
    """A word only session ``index`` uses: five letters, none a substring of another's.

    >>> unique_word(0), unique_word(27)
    ('zxaaq', 'zxbbq')
    """
    return f"zx{chr(97 + index // 26 % 26)}{chr(97 + index % 26)}q"


# --------------------------------------------------------------------------------------
# The server and its memory
# --------------------------------------------------------------------------------------


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    """Start ``streamlit run app.py`` on ``port`` and wait until it answers its health check."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                if r.read() == b"ok":
                    return proc
        except OSError:
            time.sleep(0.3)
    proc.terminate()
    raise SystemExit("the app did not start within 60 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server this script started (by its PID): terminate, then kill after 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def read_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process ``pid`` has used so far (0.0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # fields[11] and fields[12] are utime and stime (fields 14 and 15 of proc(5))
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_memory(pid: int) -> dict[str, int]:
    """``{"VmRSS": kB, "VmHWM": kB}`` of process ``pid`` (empty if it is gone)."""
    out: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


class MemoryPoller(threading.Thread):
    """Polls a process's resident memory every ``interval`` seconds in the background."""

    def __init__(self, pid: int, interval: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.peak_rss_kb = 0
        self.hwm_kb = 0
        self._stop_event = threading.Event()

    def run(self) -> None:
        """Poll until :meth:`stop` is called."""
        while not self._stop_event.is_set():
            self.sample()
            self._stop_event.wait(self.interval)

    def sample(self) -> dict[str, int]:
        """Take one reading now and update the peaks."""
        mem = read_memory(self.pid)
        self.peak_rss_kb = max(self.peak_rss_kb, mem.get("VmRSS", 0))
        self.hwm_kb = max(self.hwm_kb, mem.get("VmHWM", 0))
        return mem

    def stop(self) -> None:
        """Stop polling (after one last reading)."""
        self.sample()
        self._stop_event.set()


# --------------------------------------------------------------------------------------
# One student
# --------------------------------------------------------------------------------------


@dataclass
class SessionReport:
    """What one session saw."""

    index: int
    word: str
    mode: str
    corpus_seconds: float | None = None
    step_seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    own_word_seen: bool = False


async def _settled(page: Any, timeout_ms: float) -> None:
    """Wait until Streamlit's running indicator is gone (the script run has finished)."""
    await page.wait_for_function(
        "sel => !document.querySelector(sel)", arg=RUNNING, timeout=timeout_ms
    )


async def _check(page: Any, report: SessionReport, others: list[str]) -> None:
    """Record exception boxes and any other session's unique word on the page."""
    if await page.locator(EXCEPTION).count():
        text = await page.locator(EXCEPTION).first.inner_text()
        report.errors.append(f"exception box: {text[:200]}")
    body = await page.inner_text("body")
    boxes = [await box.input_value() for box in await page.locator("textarea").all()]
    seen = body + "\n" + "\n".join(boxes)
    report.own_word_seen = report.own_word_seen or report.word in body
    report.leaks.extend(
        f"saw {word}" for word in others if word in seen and f"saw {word}" not in report.leaks
    )


async def run_session(
    browser: Any,
    url: str,
    index: int,
    words: list[str],
    steps: int,
    mode: str,
    timeout_ms: float,
) -> SessionReport:
    """One student: open the BPE page, give the corpus, click Next ``steps`` times."""
    word = words[index]
    others = [w for w in words if w != word]  # every other student, in every round
    report = SessionReport(index, word, mode)
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await context.new_page()
    phase = "opening the page"
    try:
        await page.goto(f"{url}/bpe_learn", timeout=timeout_ms)
        await page.get_by_text("Step 1 of").first.wait_for(timeout=timeout_ms)
        await _settled(page, timeout_ms)
        phase = "giving the corpus"
        corpus = f"{BASE_CORPUS}{word} 4\n"
        sidebar = page.locator("[data-testid='stSidebar']")
        t0 = time.perf_counter()  # the corpus change: from choosing the source to settled
        # subtle: the step counter can be drawn before the sidebar's radio; wait for both
        source = sidebar.get_by_text(UPLOAD_SOURCE if mode == "upload" else TYPE_SOURCE)
        try:
            await source.wait_for(timeout=min(timeout_ms, 20_000))
        except Exception:
            if not await sidebar.get_by_text("Which words should").count():
                raise RuntimeError(
                    "no corpus picker in the sidebar: the page ran on its own, without app.py "
                    "(Streamlit's legacy pages/ mode; see ui/app/shell.py)"
                ) from None
            raise
        await source.click(timeout=timeout_ms)
        if mode == "upload":
            await sidebar.locator("input[type='file']").set_input_files(
                {
                    "name": f"corpus-{index}.txt",
                    "mimeType": "text/plain",
                    "buffer": corpus.encode(),
                },
                timeout=timeout_ms,
            )
        else:
            box = sidebar.locator("textarea").first
            await box.wait_for(timeout=timeout_ms)
            # subtle: the box is first drawn empty, then filled with the example the student
            # came from; typing before that rerun has finished would be overwritten by it
            await page.wait_for_function(
                "() => [...document.querySelectorAll('[data-testid=stSidebar] textarea')]"
                ".some(t => t.value.trim() !== '')",
                timeout=timeout_ms,
            )
            await _settled(page, timeout_ms)
            await box.fill(corpus, timeout=timeout_ms)
            await box.press("Control+Enter", timeout=timeout_ms)
        # the unique word becomes a word of the corpus: the page lists it once it is learned
        await page.get_by_text(word).first.wait_for(timeout=timeout_ms)
        await page.get_by_text("Step 1 of").first.wait_for(timeout=timeout_ms)
        await _settled(page, timeout_ms)
        report.corpus_seconds = time.perf_counter() - t0
        await _check(page, report, others)
        for step in range(2, steps + 2):
            phase = f"going to step {step}"
            t0 = time.perf_counter()
            await page.get_by_role("button", name="Next").first.click(timeout=timeout_ms)
            await page.get_by_text(f"Step {step} of").first.wait_for(timeout=timeout_ms)
            await _settled(page, timeout_ms)
            report.step_seconds.append(time.perf_counter() - t0)
            await _check(page, report, others)
    except Exception as exc:  # a timeout or a broken page is an error of the run, not a crash
        first_line = str(exc).splitlines()[0][:200] if str(exc) else ""
        report.errors.append(f"{phase}: {type(exc).__name__}: {first_line}")
        with contextlib.suppress(Exception):
            FAILURE_SHOTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(FAILURE_SHOTS / f"session-{index}.png"), full_page=True)
    finally:
        await context.close()
    return report


# --------------------------------------------------------------------------------------
# The class
# --------------------------------------------------------------------------------------


def _mode(mode: str, index: int) -> str:
    if mode == "mixed":
        return "upload" if index % 2 else "type"
    return mode


async def warm_up(url: str, timeout_ms: float) -> None:
    """Open the app's start page once, as a teacher would before the class arrives.

    subtle: on a fresh server, Streamlit starts in its legacy ``pages/`` mode until
    ``app.py`` has run once; sessions that open a page URL at the same moment can then run
    the page on its own (``--cold`` skips this warm-up to show that).
    """
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page()
        await page.goto(url, timeout=timeout_ms)
        await page.get_by_text("Which words should").first.wait_for(timeout=timeout_ms)
        await browser.close()


async def run_round(
    url: str, sessions: int, steps: int, mode: str, timeout_ms: float, words: list[str]
) -> tuple[list[SessionReport], float]:
    """Open ``sessions`` sessions at once in one browser; return their reports and the wall time.

    Session ``i`` uses ``words[i]``; every other word of ``words`` (of this round and of the
    others) counts as a leak if it shows up on the session's page.
    """
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        t0 = time.perf_counter()
        reports = await asyncio.gather(
            *(
                run_session(browser, url, i, words, steps, _mode(mode, i), timeout_ms)
                for i in range(sessions)
            )
        )
        wall = time.perf_counter() - t0
        await browser.close()
    return list(reports), wall


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation; ``nan`` for no values.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summarise(
    rounds: list[tuple[list[SessionReport], float, dict[str, int]]],
    poller: MemoryPoller | None,
    start_mem: dict[str, int],
    args: argparse.Namespace,
) -> dict[str, Any]:
    """The report as plain data."""
    reports = [r for batch, _, _ in rounds for r in batch]
    steps = [s for r in reports for s in r.step_seconds]
    corpus = [r.corpus_seconds for r in reports if r.corpus_seconds is not None]
    return {
        "sessions": args.sessions,
        "rounds": args.rounds,
        "steps_per_session": args.steps,
        "mode": args.mode,
        "cold_start": args.cold,
        "step_changes_measured": len(steps),
        "step_p50_s": round(percentile(steps, 50), 3),
        "step_p95_s": round(percentile(steps, 95), 3),
        "step_max_s": round(max(steps), 3) if steps else None,
        "corpus_change_p50_s": round(percentile(corpus, 50), 3),
        "corpus_change_p95_s": round(percentile(corpus, 95), 3),
        "round_wall_s": [round(wall, 1) for _, wall, _ in rounds],
        # the server's CPU time over the wall time of each round: near 100 means the
        # server (one Python process) was the bottleneck, far below it the browsers were
        "server_cpu_busy_percent": [m.get("cpu_busy_percent", 0) for _, _, m in rounds],
        "errors": [f"session {r.index}: {e}" for r in reports for e in r.errors],
        "leaks": [f"session {r.index} ({r.word}): {leak}" for r in reports for leak in r.leaks],
        "own_word_missing": [r.index for r in reports if not r.own_word_seen],
        "server_rss_start_mb": round(start_mem.get("VmRSS", 0) / 1024, 1),
        "server_rss_after_round_mb": [round(m.get("VmRSS", 0) / 1024, 1) for _, _, m in rounds],
        "server_peak_rss_mb": round(poller.hwm_kb / 1024, 1) if poller else None,
        "target_p95_under_1s": percentile(steps, 95) < 1.0 if steps else False,
    }


def print_report(summary: dict[str, Any]) -> None:
    """Print the report for a human."""
    print(
        f"{summary['sessions']} sessions x {summary['rounds']} round(s), "
        f"{summary['steps_per_session']} step changes each, corpus given by {summary['mode']}"
    )
    print(
        f"step change: p50 {summary['step_p50_s']} s, p95 {summary['step_p95_s']} s, "
        f"max {summary['step_max_s']} s over {summary['step_changes_measured']} changes "
        f"(target p95 < 1 s: {'met' if summary['target_p95_under_1s'] else 'NOT met'})"
    )
    print(
        f"corpus change: p50 {summary['corpus_change_p50_s']} s, "
        f"p95 {summary['corpus_change_p95_s']} s"
    )
    print(
        f"wall time per round: {summary['round_wall_s']} s; server CPU busy "
        f"{summary['server_cpu_busy_percent']} % of it (100 = one core flat out)"
    )
    print(
        f"server memory: {summary['server_rss_start_mb']} MB at start, "
        f"after each round {summary['server_rss_after_round_mb']} MB, "
        f"peak {summary['server_peak_rss_mb']} MB"
    )
    print(f"errors: {len(summary['errors'])}")
    for line in summary["errors"][:20]:
        print("  " + line)
    print(f"leaks (a session saw another's word): {len(summary['leaks'])}")
    for line in summary["leaks"][:20]:
        print("  " + line)
    if summary["own_word_missing"]:
        print(f"sessions whose own word never showed: {summary['own_word_missing']}")


def main(argv: list[str] | None = None) -> int:
    """Run the load test; return 0 without errors and leaks, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=30, help="concurrent sessions (30)")
    parser.add_argument("--steps", type=int, default=5, help="Next clicks per session (5)")
    parser.add_argument("--rounds", type=int, default=1, help="classes one after another (1)")
    parser.add_argument(
        "--mode",
        choices=["type", "upload", "mixed"],
        default="mixed",
        help="how the corpus is given",
    )
    parser.add_argument("--url", help="a running app (default: start one on a free port)")
    parser.add_argument("--server-pid", type=int, help="with --url: the server's PID, for memory")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per wait (120)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--cold",
        action="store_true",
        help="no warm-up: the class opens the page URL on a server nobody has opened yet",
    )
    args = parser.parse_args(argv)
    if args.sessions < 1 or args.steps < 1 or args.rounds < 1:
        parser.error("--sessions, --steps and --rounds must be at least 1")

    proc: subprocess.Popen[bytes] | None = None
    url = args.url
    pid = args.server_pid
    if url is None:
        port = free_port()
        proc = start_server(port)
        url, pid = f"http://127.0.0.1:{port}", proc.pid
    poller = MemoryPoller(pid) if pid else None
    try:
        if poller:
            poller.start()
        if not args.cold:
            asyncio.run(warm_up(url, args.timeout * 1000))
        start_mem = read_memory(pid) if pid else {}
        rounds = []
        every_word = [unique_word(i) for i in range(args.sessions * args.rounds)]
        for number in range(args.rounds):
            # round n's students use their own slice of the words, first in the list
            mine = every_word[number * args.sessions : (number + 1) * args.sessions]
            words = mine + [w for w in every_word if w not in mine]
            cpu_before = read_cpu_seconds(pid) if pid else 0.0
            batch, wall = asyncio.run(
                run_round(url, args.sessions, args.steps, args.mode, args.timeout * 1000, words)
            )
            cpu = (read_cpu_seconds(pid) - cpu_before) if pid else 0.0
            time.sleep(2)  # let the server notice the closed websockets
            mem = read_memory(pid) if pid else {}
            mem["cpu_busy_percent"] = round(100 * cpu / wall) if wall else 0
            rounds.append((batch, wall, mem))
    finally:
        if poller:
            poller.stop()
        if proc is not None:
            stop_server(proc)
    summary = summarise(rounds, poller, start_mem, args)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print_report(summary)
    return 0 if not summary["errors"] and not summary["leaks"] else 1


if __name__ == "__main__":
    sys.exit(main())
