"""Which files and modules the guard-rail tests scan: every one, subpackages included.

The checks that read the project's code (markdown sinks, layering, function length, glossary
icons, i18n leftovers, deploy files, doctests, fuzz coverage) all ask here, so a module moved
into a subpackage (``ui/views/bpe/learn.py``, ``subword_core/unigram/em.py``) stays checked.
``tests/test_guard_rails.py`` proves each check fails on a file planted in a subpackage.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Iterable
from pathlib import Path


def python_files(root: Path, *places: str) -> list[Path]:
    """Every ``.py`` file of ``places`` under ``root``: a folder with all its subfolders
    (``__pycache__`` left out), or one file; a place that does not exist gives nothing.

    >>> root = Path(__file__).resolve().parents[1]
    >>> files = python_files(root, "app.py", "tests")
    >>> files[0].name, Path(__file__) in files
    ('app.py', True)
    """
    out: list[Path] = []
    for place in places:
        path = root / place
        if path.is_file():
            out.append(path)
        else:
            out += sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
    return out


def module_name(root: Path, path: Path) -> str:
    """The dotted module name of ``path`` under ``root`` (a package's ``__init__`` is the
    package).

    >>> module_name(Path("/r"), Path("/r/ui/views/bpe/__init__.py"))
    'ui.views.bpe'
    >>> module_name(Path("/r"), Path("/r/subword_core/unigram/em.py"))
    'subword_core.unigram.em'
    """
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def package_modules(paths: Iterable[str], prefix: str, *, main: bool = False) -> list[str]:
    """Every module of a package, subpackages included (``pkgutil.walk_packages``, which
    imports the subpackages to look inside); a ``__main__`` only with ``main=True`` (it is
    not imported: importing it runs the program).

    ``paths`` is the package's ``__path__`` and ``prefix`` its name with a dot.

    Example::

        import subword_core
        package_modules(subword_core.__path__, "subword_core.")[:2]
        # ['subword_core.bpe', 'subword_core.byte_level']
    """
    found = pkgutil.walk_packages(list(paths), prefix)
    return sorted(m.name for m in found if main or m.name.rpartition(".")[2] != "__main__")
