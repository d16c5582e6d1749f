"""The tiny examples in the textbook modules' and the exercises' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

import subword_core.textbook
from tests.source_files import package_modules

MODULES = [
    "subword_core.exercises",
    "subword_core.textbook",
    *package_modules(subword_core.textbook.__path__, "subword_core.textbook."),
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
