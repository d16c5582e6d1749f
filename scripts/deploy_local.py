"""Replicas behind nginx on this machine, without containers; and the load figures for them.

``deploy/compose.yaml`` runs N replicas of the app behind nginx in containers. This script
builds the same thing from processes, on 127.0.0.1 only: ``streamlit run app.py`` on two (or
``--replicas``) ports and nginx from the OS packages (``apt-get install nginx``) in front,
with the configuration rendered from ``deploy/nginx.conf`` (only its lines marked
``# local:`` change: listen address, upstream servers, file paths). nginx runs in the
foreground with its own prefix, pid file, logs and temp files in a temporary directory; every
process is stopped by its PID.

Two commands::

    python scripts/deploy_local.py up                  # start, print the addresses, Ctrl+C stops
    python scripts/deploy_local.py measure             # the load table of docs/DEPLOY.md

``measure`` drives ``scripts/load_ws.py`` (N websocket students clicking Next as fast as
the page answers, every other one uploading its corpus) at 30, 60 and 120 sessions
(``--sessions``), once against one process alone and once through nginx in front of two
processes, each time on freshly started processes warmed up directly. It polls every
process's memory and CPU time itself, counts from nginx's access log how many sessions each
process got, and writes a markdown table (``--out``; also printed). It takes a few minutes
and loads the machine: run it on a quiet one.

``tests/e2e/test_deploy_nginx.py`` uses :func:`local_deployment`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if not __package__:  # run as ``python scripts/deploy_local.py``: make ``scripts`` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scripts.load_test import MemoryPoller, free_port, read_cpu_seconds

ROOT = Path(__file__).resolve().parents[1]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
ROUTE_COOKIE = "subword_route"
_LOG_LINE = re.compile(
    r'"(?P<request>[^"]*)" (?P<status>\d{3}) .*upstream=(?P<upstream>\S+) '
    r"route=(?P<route>\S+)"
)


def find_nginx() -> str | None:
    """The nginx binary (on ``PATH`` or in ``/usr/sbin``), or ``None`` if it is not installed.

    Example:
        >>> find_nginx() is None or find_nginx().endswith("nginx")
        True
    """
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def render_nginx_conf(template: str, backends: Sequence[str], listen: str, workdir: Path) -> str:
    """``deploy/nginx.conf`` for loopback: each ``# local:`` line rewritten, temp paths added.

    Args:
        template: The text of ``deploy/nginx.conf``.
        backends: ``host:port`` of each Streamlit process.
        listen: nginx's address, e.g. ``127.0.0.1:8630``.
        workdir: Where the pid file, the logs and the temp files go.

    Raises:
        ValueError: if a marked line is missing (the template and this script disagree).

    Example:
        >>> text = render_nginx_conf(NGINX_CONF.read_text(), ["127.0.0.1:1"], "127.0.0.1:2",
        ...                          Path("/tmp/x"))
        >>> "listen 127.0.0.1:2;" in text and "server 127.0.0.1:1 " in text
        True
    """
    replacements = {
        "pid": f"pid {workdir / 'nginx.pid'};",
        "error_log": f"error_log {workdir / 'error.log'} info;",
        "access_log": f"access_log {workdir / 'access.log'} sticky;",
        "upstream": "\n        ".join(
            f"server {b} max_fails=3 fail_timeout=10s;" for b in backends
        ),
        "listen": f"listen {listen};\n"
        + "".join(
            f"        {kind}_temp_path {workdir / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        ),
    }
    out = []
    found = set()
    for line in template.splitlines():
        match = re.match(r"^(\s*)(.*?;)\s*# local:(\w+)\s*$", line)
        if match:
            indent, _, name = match.groups()
            if name not in replacements:
                raise ValueError(f"unknown local: marker {name!r}")
            found.add(name)
            out.append(indent + replacements[name])
        else:
            out.append(line)
    if missing := sorted(set(replacements) - found):
        raise ValueError(f"deploy/nginx.conf lacks the '# local:' line(s) {missing}")
    return "\n".join(out) + "\n"


def start_streamlit(
    port: int, log: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Start ``streamlit run app.py`` on 127.0.0.1:``port`` (not waiting for it).

    Example::

        proc = start_streamlit(8620)  # then wait_healthy("http://127.0.0.1:8620")
    """
    out: Any = open(log, "wb") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    try:
        return subprocess.Popen(
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
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
    finally:
        if log is not None:
            out.close()  # the child has its own copy


def wait_healthy(url: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> None:
    """Wait until ``url``/_stcore/health answers ``ok``; raise if ``proc`` ends first.

    Example::

        wait_healthy("http://127.0.0.1:8620", proc)
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} ended with status {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer its health check within {timeout:g} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a process this script started, by its PID: terminate, kill after 10 s.

    Example::

        stop(proc)
    """
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@dataclass
class LocalDeployment:
    """A running set-up: Streamlit processes and, unless ``replicas`` was 1 alone, nginx.

    Attributes:
        backends: The URL of each Streamlit process (``http://127.0.0.1:<port>``).
        pids: The PID of each Streamlit process, in the same order.
        url: Where students go: nginx's URL, or the only process's without nginx.
        workdir: The temporary directory (nginx's configuration, logs; the processes' logs).
        nginx_pid: nginx's master process, if nginx runs.
    """

    backends: list[str]
    pids: list[int]
    url: str
    workdir: Path
    nginx_pid: int | None = None
    _procs: list[subprocess.Popen[bytes]] = field(default_factory=list, repr=False)

    @property
    def access_log(self) -> Path:
        """nginx's access log (format ``sticky`` of deploy/nginx.conf)."""
        return self.workdir / "access.log"

    def log_entries(self) -> list[dict[str, str]]:
        """nginx's access log so far: request, status, upstream (``host:port``) and route.

        Example::

            [e["upstream"] for e in deployment.log_entries()]  # ['127.0.0.1:8620', ...]
        """
        if not self.access_log.exists():
            return []
        entries = []
        for line in self.access_log.read_text(errors="replace").splitlines():
            match = _LOG_LINE.search(line)
            if match:
                entries.append(match.groupdict())
        return entries


@contextmanager
def local_deployment(
    replicas: int = 2,
    *,
    ports: Sequence[int] | None = None,
    nginx_port: int | None = None,
    nginx: bool = True,
    env: dict[str, str] | None = None,
    keep: bool = False,
) -> Iterator[LocalDeployment]:
    """``replicas`` Streamlit processes on 127.0.0.1, with nginx in front; stopped afterwards.

    Args:
        replicas: How many Streamlit processes.
        ports: Their ports (default: free ones).
        nginx_port: nginx's port (default: a free one).
        nginx: Start nginx (``False``: the processes alone; ``url`` is the first one's).
        env: Extra environment for the Streamlit processes (e.g. ``SUBWORD_LIMIT_*``).
        keep: Keep the temporary directory (logs) afterwards.

    Example::

        with local_deployment() as d:
            print(d.url, d.backends)   # nginx's address, the two processes'
    """
    workdir = Path(tempfile.mkdtemp(prefix="subword-deploy-"))
    procs: list[subprocess.Popen[bytes]] = []
    try:
        ports = list(ports) if ports else [free_port() for _ in range(replicas)]
        backends = [f"http://127.0.0.1:{p}" for p in ports]
        for port in ports:
            procs.append(start_streamlit(port, workdir / f"streamlit-{port}.log", env))
        for url, proc in zip(backends, procs, strict=True):
            wait_healthy(url, proc)
        deployment = LocalDeployment(
            backends, [p.pid for p in procs], backends[0], workdir, _procs=procs
        )
        if nginx:
            binary = find_nginx()
            if binary is None:
                raise RuntimeError("nginx is not installed (apt-get install -y nginx)")
            listen = f"127.0.0.1:{nginx_port or free_port()}"
            # nginx's workers drop root rights (to "nobody"): they must reach the temp dirs
            workdir.chmod(0o755)
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
                (workdir / kind).mkdir()
                (workdir / kind).chmod(0o777)
            conf = workdir / "nginx.conf"
            conf.write_text(
                render_nginx_conf(
                    NGINX_CONF.read_text(),
                    [b.removeprefix("http://") for b in backends],
                    listen,
                    workdir,
                )
            )
            out = open(workdir / "nginx.out", "wb")  # noqa: SIM115
            with out:
                proc = subprocess.Popen(
                    [
                        binary,
                        "-p",
                        str(workdir),
                        "-c",
                        str(conf),
                        "-e",
                        str(workdir / "error.log"),
                        "-g",
                        "daemon off;",
                    ],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            procs.append(proc)
            deployment.url = f"http://{listen}"
            deployment.nginx_pid = proc.pid
            try:
                wait_healthy(deployment.url, proc, timeout=30)
            except RuntimeError as exc:
                detail = (workdir / "nginx.out").read_text(errors="replace")
                errors = workdir / "error.log"
                if errors.exists():
                    detail += errors.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{exc}\n{detail}") from None
        yield deployment
    finally:
        for proc in reversed(procs):  # nginx first, then the Streamlit processes
            stop(proc)
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


# --------------------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------------------


def _warm(url: str) -> None:
    from scripts.load_ws import warm_up  # imports Streamlit's protobufs: only when measuring

    asyncio.run(warm_up(url, 120))


def measure_one(setup: str, sessions: int, steps: int, think: float) -> dict[str, Any]:
    """One load run on freshly started processes: ``setup`` is ``"one"`` or ``"nginx"``.

    Returns ``load_ws.py``'s JSON summary plus, per process: sessions served (nginx's log),
    peak RSS (MB) and CPU busy (% of one core over the run's wall time).

    Example::

        measure_one("nginx", 5, 3, 0.0)["step_p95_s"]
    """
    with_nginx = setup == "nginx"
    with local_deployment(2 if with_nginx else 1, nginx=with_nginx) as d:
        for backend in d.backends:  # warm every process directly, not through nginx
            _warm(backend)
        pollers = [MemoryPoller(pid) for pid in d.pids]
        for poller in pollers:
            poller.start()
        cpu_before = [read_cpu_seconds(pid) for pid in d.pids]
        t0 = time.monotonic()
        command = [
            sys.executable,
            str(ROOT / "scripts" / "load_ws.py"),
            "--url",
            d.url,
            "--cold",
            "--json",
            "--sessions",
            str(sessions),
            "--steps",
            str(steps),
            "--think",
            str(think),
        ]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.monotonic() - t0
        cpu = [
            read_cpu_seconds(pid) - before for pid, before in zip(d.pids, cpu_before, strict=True)
        ]
        for poller in pollers:
            poller.stop()
        try:
            summary: dict[str, Any] = json.loads(done.stdout)
        except json.JSONDecodeError:
            raise RuntimeError(f"load_ws.py failed:\n{done.stdout}\n{done.stderr}") from None
        per_process = Counter(
            e["upstream"] for e in d.log_entries() if "/_stcore/stream" in e["request"]
        )
        # the class's own wall time (without load_ws.py's start-up, when the servers idle)
        wall = (summary.get("round_wall_s") or [wall])[0] or wall
        summary["setup"] = setup
        summary["processes"] = [
            {
                "url": backend,
                "websockets": per_process.get(backend.removeprefix("http://"), 0)
                if with_nginx
                else None,
                "peak_rss_mb": round(poller.hwm_kb / 1024),
                "cpu_busy_percent": round(100 * used / wall) if wall else 0,
            }
            for backend, poller, used in zip(d.backends, pollers, cpu, strict=True)
        ]
        return summary


def markdown_table(results: list[dict[str, Any]]) -> str:
    """The results as the markdown table of docs/DEPLOY.md.

    Example:
        >>> markdown_table([]).splitlines()[0].split(" | ")[:4]
        ['| set-up', 'sessions', 'step p50', 'step p95']
    """
    lines = [
        "| set-up | sessions | step p50 | step p95 | max | errors | sessions per process "
        "| peak RSS per process | CPU busy per process |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        procs = r["processes"]
        name = "1 process alone" if r["setup"] == "one" else f"nginx + {len(procs)} processes"
        shares = " / ".join("—" if p["websockets"] is None else str(p["websockets"]) for p in procs)
        problems = len(r["errors"]) + len(r["leaks"])
        lines.append(
            f"| {name} | {r['sessions']} | {r['step_p50_s']:.3f} s | {r['step_p95_s']:.3f} s "
            f"| {r['step_max_s']:.3f} s | {problems} | {shares} "
            f"| {' / '.join(str(p['peak_rss_mb']) for p in procs)} MB "
            f"| {' / '.join(str(p['cpu_busy_percent']) for p in procs)} % |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``up`` or ``measure`` (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("up", help="start the processes and nginx until Ctrl+C")
    up.add_argument("--replicas", type=int, default=2)
    up.add_argument("--ports", type=int, nargs="+", help="the Streamlit ports (default: free)")
    up.add_argument("--nginx-port", type=int, help="nginx's port (default: free)")
    measure = sub.add_parser("measure", help="the load table: one process vs nginx + 2")
    measure.add_argument("--sessions", type=int, nargs="+", default=[30, 60, 120])
    measure.add_argument("--steps", type=int, default=5, help="Next clicks per session (5)")
    measure.add_argument("--think", type=float, default=0.0, help="see load_ws.py --think")
    measure.add_argument("--setups", nargs="+", choices=["one", "nginx"], default=["one", "nginx"])
    measure.add_argument("--out", type=Path, help="also write the table (and JSON) here")
    args = parser.parse_args(argv)
    # a plain `kill <pid>` of this script must stop its processes too (finally blocks run)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    if args.command == "up":
        with local_deployment(
            args.replicas, ports=args.ports, nginx_port=args.nginx_port, keep=True
        ) as d:
            print(f"students: {d.url}")
            for url, pid in zip(d.backends, d.pids, strict=True):
                print(f"process {pid}: {url}")
            print(f"nginx {d.nginx_pid}; logs in {d.workdir}; Ctrl+C stops everything")
            try:
                while True:
                    time.sleep(3600)
            except KeyboardInterrupt:
                pass
        return 0

    machine = f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start"
    print(f"measuring on {machine}", file=sys.stderr)
    results = []
    for sessions in args.sessions:
        for setup in args.setups:
            print(f"{setup}: {sessions} sessions …", file=sys.stderr, flush=True)
            results.append(measure_one(setup, sessions, args.steps, args.think))
    given = (sys.argv[1:] if argv is None else list(argv))[1:]
    command = " ".join(["python scripts/deploy_local.py measure", *given])
    note = (
        f"Measured {time.strftime('%Y-%m-%d')} on {machine}; {args.steps} step changes per "
        f"session, think time {args.think:g} s (`{command}`).\n\n"
    )
    table = note + markdown_table(results)
    print(table)
    if args.out:
        args.out.write_text(f"{table}\n<!-- raw figures\n{json.dumps(results, indent=1)}\n-->\n")
    return 0 if all(not r["errors"] and not r["leaks"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
