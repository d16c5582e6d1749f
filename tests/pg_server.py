"""A throwaway PostgreSQL server for the live-class tests: ``initdb`` + ``pg_ctl`` in a temp dir.

It runs as the ``postgres`` user (PostgreSQL refuses to run as root) on a free loopback port,
with trust authentication on loopback only, and is stopped and deleted afterwards. Without
PostgreSQL's programs the tests that need it are skipped; under CI (``CI`` set) they fail
(:func:`require_postgres`): ``.ci/run`` installs PostgreSQL.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

BIN_DIRS = (
    "/usr/lib/postgresql/17/bin",
    "/usr/lib/postgresql/16/bin",
    "/usr/lib/postgresql/15/bin",
)


def find_pg_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or ``None``."""
    for folder in BIN_DIRS:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def require_postgres(environ: Mapping[str, str] | None = None) -> Path:
    """PostgreSQL's programs' folder; skip without them (fail under CI)."""
    environ = os.environ if environ is None else environ
    folder = find_pg_bin()
    if folder is not None:
        return folder
    reason = "PostgreSQL not installed (apt-get install -y postgresql)"
    if environ.get("CI", "").strip().lower() not in ("", "0", "false"):
        pytest.fail(f"{reason}: under CI the PostgreSQL tests must run, not be skipped")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    return ["runuser", "-u", "postgres", "--", *args]


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a fresh server; yield its SQLAlchemy URL (``postgresql+psycopg://…``)."""
    folder = require_postgres()
    top = Path(tempfile.mkdtemp(prefix="subword-pg-"))
    data = top / "data"
    if os.geteuid() == 0:
        shutil.chown(top, "postgres")
    port = _free_port()
    ctl = [str(folder / "pg_ctl"), "-D", str(data)]
    subprocess.run(
        _as_postgres(
            [str(folder / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {top} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres([*ctl, "-o", options, "-l", str(top / "log"), "-w", "-t", "60", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([*ctl, "-m", "immediate", "-w", "stop"]), capture_output=True)
        shutil.rmtree(top, ignore_errors=True)
