"""Test-only: the server's garbage collections, logged (tests/e2e/test_large_result_ws.py).

Put on ``PYTHONPATH`` with ``SUBWORD_TEST_GC_LOG=<file>``, Python imports it at start (its
``site`` module looks for ``sitecustomize``) and every collection of the Streamlit server's
process (not of its fork server or training children) appends a line to the file: the time,
the generation, how many objects the collection walked, and how long it held the
interpreter lock (all but the small ones, :data:`SMALL`). Without the variable it does nothing.
"""

from __future__ import annotations

import gc
import os
import sys
import time

_LOG = os.environ.get("SUBWORD_TEST_GC_LOG")
SMALL = 10_000
"""Collections that walked fewer objects, in under 10 ms, are not logged."""

_SERVER: list[int] = []  # the server process's id, once seen
_started: list[tuple[float, int]] = []


def _watch(phase: str, info: dict[str, int]) -> None:
    if not _SERVER:  # the fork server and its children are not watched
        argv = getattr(sys, "argv", None) or []  # (None while the interpreter shuts down)
        if "streamlit" not in " ".join(argv[:1]):
            return
        # subtle: ``streamlit run`` soon gives ``sys.argv`` to the app (["app.py", ...])
        _SERVER.append(os.getpid())
    if _SERVER[0] != os.getpid():
        return
    generation = info["generation"]
    if phase == "start":
        walked = sum(len(gc.get_objects(g)) for g in range(generation + 1))
        _started[:] = [(time.perf_counter(), walked)]
        return
    if not _started or _LOG is None:
        return
    began, walked = _started[0]
    seconds = time.perf_counter() - began
    if walked < SMALL and seconds < 0.01:
        return
    with open(_LOG, "a", encoding="utf-8") as out:
        out.write(f"{time.time():.3f} {generation} {walked} {seconds:.4f}\n")


if _LOG:
    gc.callbacks.append(_watch)
