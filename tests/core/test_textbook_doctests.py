"""The tiny examples in the textbook modules' and the exercises' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import subword_core.textbook

MODULES = [
    "subword_core.exercises",
    "subword_core.textbook",
    *(
        f"subword_core.textbook.{m.name}"
        for m in pkgutil.iter_modules(subword_core.textbook.__path__)
    ),
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
