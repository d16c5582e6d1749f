"""The code stays ruff-clean (lint and format), so CI catches style drift too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]])
def test_ruff(args: list[str]) -> None:
    ruff = shutil.which("ruff") or f"{sys.executable} -m ruff"
    result = subprocess.run(
        [*ruff.split(), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
