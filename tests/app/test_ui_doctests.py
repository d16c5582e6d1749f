"""The tiny examples in the ui modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

import ui
from tests.source_files import package_modules

MODULES = package_modules(ui.__path__, "ui.")  # subpackages included


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_every_example_checks_something(name: str) -> None:
    """A ``>>>`` example is run, so it must show a result that could differ; an example that
    needs a running page is a plain ``Example::`` code block instead (never ``+SKIP``)."""
    module = importlib.import_module(name)
    for test in doctest.DocTestFinder().find(module):
        if not test.examples:
            continue
        skipped = [ex.source for ex in test.examples if ex.options.get(doctest.SKIP)]
        assert not skipped, f"{test.name} skips {skipped}: check something or use Example::"
        assert any(ex.want.strip() for ex in test.examples), f"{test.name} checks nothing"
