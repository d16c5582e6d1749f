"""The every-code-point checks' input: every code point when what they check has changed,
a seeded sample of them otherwise.

The checks (``-m exhaustive``) compare the tracer's Unicode handling with the ``tokenizers``
library's on each of the 1.1M code points. Their answer only changes when one of their inputs
does: the library or the ``regex`` module (their versions, and their pins in
``requirements*.txt``: not the other pins, so a new test tool does not start a full pass),
Python's Unicode tables, the tracer's code (``subword_core/pretrained``,
``subword_core/byte_level``) or the checks themselves. :data:`DIGEST` hashes all of them.

- A check runs on **every** code point when ``tests/core/exhaustive_stamp.json`` does not
  record its test id with the hash of its inputs today (:data:`DIGEST` and its own test
  file): an input changed since its last full pass. ``SUBWORD_EXHAUSTIVE=full`` forces it.
  A full pass records the hash (commit the updated stamp with the change that caused it).
- Otherwise it runs on :func:`sample`: every code point that carries a property the checks
  depend on (a case mapping, a decomposition, a combining class, white space, a numeric
  value, an NFKC change), both sides of every border between two general categories and of
  every range the library calls unassigned, Latin-1, and a seeded 2 % of the rest
  (about 40,000 code points, 4 %; the seed is the digest, so a sample is the same on every
  run of the same code).

The full run, e.g. before a release or after a Unicode upgrade::

    SUBWORD_EXHAUSTIVE=full python -m pytest -m exhaustive
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import importlib.metadata
import json
import os
import random
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STAMP = Path(__file__).with_name("exhaustive_stamp.json")

INPUT_FILES = (
    sorted((ROOT / "subword_core" / "pretrained").rglob("*.py"))
    + sorted((ROOT / "subword_core" / "byte_level").rglob("*.py"))
    + [ROOT / "subword_core" / "text" / "unicode_tables.py"]
    + [Path(__file__)]
)
"""Files whose change makes every check run in full again (and each check's own test file)."""
#: Installed packages whose version makes every check run in full again.
INPUT_PACKAGES = ("tokenizers", "regex")

#: Every code point a Python string can hold: all but the surrogates.
EVERY = tuple(c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


def _digest() -> str:
    h = hashlib.sha256()
    for path in INPUT_FILES:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for name in INPUT_PACKAGES:
        h.update(f"{name}=={importlib.metadata.version(name)}\0".encode())
    for path in sorted(ROOT.glob("requirements*.txt")):  # the pins of INPUT_PACKAGES only
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.split("==")[0].strip().lower() in INPUT_PACKAGES:
                h.update(f"{path.name}: {line.strip()}\0".encode())
    h.update(f"unicode {unicodedata.unidata_version} python {sys.version_info[:2]}".encode())
    return h.hexdigest()


#: The hash of the inputs every check shares (see the module's docstring).
DIGEST = _digest()


@functools.cache
def _inputs(test_file: Path) -> str:
    """The hash of a check's inputs: :data:`DIGEST` and the check's own test file."""
    return hashlib.sha256(DIGEST.encode() + test_file.read_bytes()).hexdigest()


def _recorded() -> dict[str, str]:
    try:
        return dict(json.loads(STAMP.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def full(request: pytest.FixtureRequest) -> bool:
    """Whether this check runs on every code point (see the module's docstring)."""
    if os.environ.get("SUBWORD_EXHAUSTIVE") == "full":
        return True
    return _recorded().get(request.node.nodeid) != _inputs(request.path)


def passed(request: pytest.FixtureRequest) -> None:
    """Record that this check passed on every code point (call it last, after the asserts);
    nothing is recorded after a check on the sample."""
    if not full(request):
        return
    with open(STAMP, "a") as lock:  # parallel workers write in turn
        fcntl.flock(lock, fcntl.LOCK_EX)
        recorded = _recorded() | {request.node.nodeid: _inputs(request.path)}
        STAMP.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")


@functools.cache
def sample() -> tuple[int, ...]:
    """The code points of a check on the sample, in order (see the module's docstring).

    >>> points = sample()
    >>> 0x41 in points and 0x301 in points and 0x3000 in points and 0xD800 not in points
    True
    >>> 20_000 < len(points) < len(EVERY) // 10
    True
    """
    from subword_core.pretrained.oniguruma import UNASSIGNED_IN_THE_LIBRARY

    kept = set(range(0x100))
    previous = None
    for code in EVERY:
        ch = chr(code)
        category = unicodedata.category(ch)
        if category != previous:
            kept.update((code - 1, code))
        previous = category
        if (
            ch.lower() != ch
            or ch.upper() != ch
            or unicodedata.decomposition(ch)
            or unicodedata.combining(ch)
            or ch.isspace()
            or ch.isnumeric()
            or unicodedata.normalize("NFKC", ch) != ch
        ):
            kept.add(code)
    for lo, hi in UNASSIGNED_IN_THE_LIBRARY:
        kept.update((lo - 1, lo, hi, hi + 1))
    rng = random.Random(DIGEST)
    kept.update(code for code in EVERY if rng.random() < 0.02)
    return tuple(sorted(c for c in kept if 0 <= c < 0x110000 and not 0xD800 <= c <= 0xDFFF))


def code_points(request: pytest.FixtureRequest) -> tuple[int, ...]:
    """The code points this check runs on: :data:`EVERY` or :func:`sample`, in order."""
    return EVERY if full(request) else sample()


#: The texts :func:`text` handed out, by ``id`` (each kept alive here).
TEXTS: dict[int, str] = {}


def text(request: pytest.FixtureRequest) -> str:
    """:func:`code_points` as one string (the same object for every check of one kind)."""
    points = code_points(request)
    key = 0 if points is EVERY else 1
    if key not in _TEXT:
        _TEXT[key] = "".join(map(chr, points))
        TEXTS[id(_TEXT[key])] = _TEXT[key]
    return _TEXT[key]


_TEXT: dict[int, str] = {}
