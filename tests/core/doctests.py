"""Run the doctests of a package and of every module in it (a module's ``testmod`` alone
would skip its submodules: ``subword_core.unigram`` is a package of stage files)."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

from tests.source_files import package_modules


def modules_of(package: ModuleType) -> list[ModuleType]:
    """``package`` and each module in it, subpackages included (``tests.source_files``).

    >>> import subword_core.merges
    >>> [m.__name__ for m in modules_of(subword_core.merges)][:2]
    ['subword_core.merges', 'subword_core.merges.changes']
    """
    path = getattr(package, "__path__", None)
    if path is None:
        return [package]
    names = package_modules(path, f"{package.__name__}.")
    return [package, *(importlib.import_module(n) for n in names)]


def failed_doctests(package: ModuleType) -> dict[str, int]:
    """``module name -> failed examples`` over :func:`modules_of` (empty: all pass).

    Raises ``AssertionError`` when no example at all ran (a moved docstring got lost).
    """
    failed: dict[str, int] = {}
    attempted = 0
    for module in modules_of(package):
        result = doctest.testmod(module)
        attempted += result.attempted
        if result.failed:
            failed[module.__name__] = result.failed
    assert attempted, f"no doctest ran in {package.__name__}"
    return failed
