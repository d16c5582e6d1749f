"""subword_core is pure Python: a notebook can import it without the UI stack."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import subword_core


def test_subword_core_imports_no_ui_libraries() -> None:
    modules = [
        f"subword_core.{m.name}"
        for m in pkgutil.iter_modules(subword_core.__path__)
        if m.name != "__main__"
    ]
    assert "subword_core.bpe" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'streamlit', 'pandas', 'altair', 'numpy'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"subword_core pulled in: {out}"
