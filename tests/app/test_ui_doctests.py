"""The tiny examples in the ui modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ui

MODULES = sorted(f"ui.{m.name}" for m in pkgutil.iter_modules(ui.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0
