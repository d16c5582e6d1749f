"""No long functions in subword_core: a student who opens a trainer next to the page should
see the algorithm's stages, each a function (docs/ARCHITECTURE.md, "The trainers' stages")."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MAX_LINES = 80
"""The longest a function in ``subword_core`` may be, docstring left out (see :func:`length`)."""

ALLOWED: set[tuple[str, str]] = set()
"""Temporary exceptions, ``(file, function name)``. Remove an entry when its function is split."""


def length(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's lines, from its decorators to its last line, without its docstring.

    The docstring is left out: the project wants long docstrings (arguments, an example),
    and they are not what makes a function hard to follow. Comments and blank lines count.
    """
    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    lines = node.end_lineno - start + 1  # type: ignore[operator]
    first = node.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        lines -= first.end_lineno - first.lineno + 1  # type: ignore[operator]
    return lines


def functions(root: Path) -> Iterator[tuple[str, str, int, int]]:
    """``(file, qualified name, line, length)`` of every function and method in subword_core."""

    def visit(node: ast.AST, prefix: str, path: str) -> Iterator[tuple[str, str, int, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                yield path, name, child.lineno, length(child)
                yield from visit(child, f"{name}.", path)
            elif isinstance(child, ast.ClassDef):
                yield from visit(child, f"{prefix}{child.name}.", path)
            else:
                yield from visit(child, prefix, path)

    for file in sorted((root / "subword_core").rglob("*.py")):
        path = file.relative_to(root).as_posix()
        yield from visit(ast.parse(file.read_text(encoding="utf-8")), "", path)


def test_length_leaves_out_the_docstring_only() -> None:
    source = "def f():\n    '''One\n    two.'''\n    a = 1\n\n    # why\n    return a\n"
    assert length(ast.parse(source).body[0]) == 5  # type: ignore[arg-type]
    source = "@dec\ndef g():\n    return '''not\n    a docstring'''\n"
    assert length(ast.parse(source).body[0]) == 4  # type: ignore[arg-type]


def test_the_walk_finds_methods_and_the_trainers() -> None:
    found = {(path, name) for path, name, _, _ in functions(ROOT)}
    assert ("subword_core/bpe/train.py", "learn") in found
    assert ("subword_core/unigram/em.py", "e_step") in found  # subpackages too
    assert ("subword_core/merges/table.py", "PairTable.merge") in found
    assert ("subword_core/wordpiece/stages.py", "_Book.start") in found


def test_no_function_in_subword_core_is_longer_than_80_lines() -> None:
    too_long = [
        f"{path}:{line} {name}: {lines} lines"
        for path, name, line, lines in functions(ROOT)
        if lines > MAX_LINES and (path, name) not in ALLOWED
    ]
    assert not too_long, (
        f"functions over {MAX_LINES} lines (docstring left out); split them into named "
        "stages (docs/ARCHITECTURE.md):\n" + "\n".join(too_long)
    )


def test_the_allow_list_is_still_needed() -> None:
    lengths = {(path, name): lines for path, name, _, lines in functions(ROOT)}
    stale = sorted(entry for entry in ALLOWED if lengths.get(entry, 0) <= MAX_LINES)
    assert not stale, f"these functions are short now (or gone): remove them from ALLOWED: {stale}"
