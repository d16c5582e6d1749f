"""The core's packages by role (issue 27): text input, model files, the subword-nmt tool.

Each package's examples run (its ``__init__`` docstring too), and the old top-level paths
that remain for this round are thin re-exports of the new modules, the same objects.
"""

from __future__ import annotations

import doctest
import importlib

import pytest

import subword_core
from subword_core import formats, nmt, text
from tests.core.doctests import failed_doctests


@pytest.mark.parametrize("package", [text, formats, nmt], ids=lambda p: p.__name__)
def test_each_package_runs_its_examples(package: object) -> None:
    assert failed_doctests(package) == {}  # type: ignore[arg-type]


def test_the_core_docstring_names_every_package_and_runs() -> None:
    assert doctest.testmod(subword_core).failed == 0
    doc = subword_core.__doc__ or ""
    for package in ("text/", "formats/", "nmt/", "bpe/", "unigram/", "merges/", "textbook/"):
        assert f"``{package}``" in doc


@pytest.mark.parametrize(
    "gone",
    [
        "subword_core.pairs",
        "subword_core.history",
        "subword_core.cli",
        "subword_core.nmt_learn",
        "subword_core.corpus",
        "subword_core.unicode_tables",
        "subword_core.charsmap",
        "subword_core.oniguruma",
    ],
)
def test_the_other_old_paths_are_gone(gone: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(gone)


def test_python_dash_m_still_runs_the_drop_in() -> None:
    import subword_core.__main__ as entry

    assert entry.main is nmt.main
