"""The project's layers: subword_core is pure Python (a notebook can import it without the UI
stack), and imports point one way, core <- UI primitives <- views <- pages and app.py, with no
import circles (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import subword_core
from tests.source_files import module_name, package_modules, python_files
from ui.app.registry import link_views


def test_subword_core_imports_no_ui_libraries() -> None:
    modules = package_modules(subword_core.__path__, "subword_core.")
    assert {"subword_core.bpe", "subword_core.unigram.em"} <= set(modules)  # subpackages too
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


# --------------------------------------------------------------------------------------
# The whole project: imports point one way (docs/ARCHITECTURE.md), no import circles
# --------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]

LAYERS = ("core", "ui primitive", "view", "page")
"""From the bottom up: a module may import its own layer and the layers below, never above."""

PACKAGES = ("subword_core", "ui", "pages")
"""The project's packages, scanned with their subpackages."""

TOP_UI = {"ui.app.all_views"}
"""``ui`` modules that sit with the pages: they import every view (see ``app.py``)."""

VIEW_PACKAGES = ("ui.views.", "ui.merge_family.", "ui.classroom.")
"""Packages whose modules are views (one package per page, the merge family, the live class)."""


def module_files(root: Path) -> dict[str, Path]:
    """``module name -> file`` for ``subword_core/``, ``ui/``, ``pages/`` (subpackages
    included) and ``app.py``."""
    return {module_name(root, path): path for path in python_files(root, "app.py", *PACKAGES)}


def layer_of(module: str) -> str:
    """The layer of a project module (see :data:`LAYERS`).

    Views are the packages under ``ui/views/`` (one per page), the merge family's shared
    view parts (``ui/merge_family/``) and the live class (``ui/classroom/``); a legacy
    ``*_view`` module still counts as a view.

    >>> layer_of("ui.app.share"), layer_of("ui.views.bpe.learn"), layer_of("pages.home")
    ('ui primitive', 'view', 'page')
    >>> layer_of("ui.merge_family.ties"), layer_of("ui.bpe_view")
    ('view', 'view')
    """
    if module == "subword_core" or module.startswith("subword_core."):
        return "core"
    if module == "app" or module.startswith("pages.") or module in TOP_UI:
        return "page"
    if module.endswith("_view") or f"{module}.".startswith(VIEW_PACKAGES):
        return "view"
    return "ui primitive"


def imports_of(path: Path, name: str, known: set[str]) -> dict[str, int]:
    """The project modules ``path`` imports (anywhere: top level, functions, TYPE_CHECKING).

    Returns ``imported module -> line`` of its first import. ``from ui import share`` counts
    as an import of ``ui.app.share``; a relative import is resolved against ``name``'s package.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
            # the longest known module the dotted name starts with (a name may be a function)
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.setdefault(target, node.lineno)
    return found


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """``module -> {imported project module: line}`` for the whole project under ``root``."""
    files = module_files(root)
    known = set(files)
    graph = {name: imports_of(path, name, known) for name, path in files.items()}
    for name in graph:  # "from ui import html" also imports the package "ui": not an edge
        # (nor is any package a module sits in: it is always imported before the module)
        for package in (*PACKAGES, *(p for p in graph if name.startswith(p + "."))):
            if name != package:
                graph[name].pop(package, None)
    return graph


def layer_violations(graph: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Every import from a lower layer to a higher one, as ``"a (layer) -> b (layer), line n"``.

    >>> layer_violations({"ui.draw.player": {"ui.bpe_view": 3}, "ui.bpe_view": {}})
    ['ui.draw.player (ui primitive) imports ui.bpe_view (view), line 3']
    """
    out = []
    for source, targets in sorted(graph.items()):
        low = LAYERS.index(layer_of(source))
        for target, line in sorted(targets.items()):
            if LAYERS.index(layer_of(target)) > low:
                out.append(
                    f"{source} ({layer_of(source)}) imports {target} ({layer_of(target)}), "
                    f"line {line}"
                )
    return out


def find_cycles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """Import circles as paths ``a, b, a``: through every module of a group that imports itself.

    >>> find_cycles({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}})
    [['a', 'b', 'c', 'a']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    cycles = []
    for group in sorted(groups):
        members = set(group)
        uncovered = list(group)
        while uncovered:  # a circle through every module of the group, shortest first
            start = uncovered[0]
            cycle = _shortest_cycle(graph, members, start)
            cycles.append(cycle)
            uncovered = [m for m in uncovered if m not in cycle]
    return cycles


def _shortest_cycle(
    graph: Mapping[str, Mapping[str, int]], members: set[str], start: str
) -> list[str]:
    """The shortest way from ``start`` back to itself inside ``members`` (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph.get(node, {})):
            if nxt == start:
                return [*paths[node], start]
            if nxt in members and nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"{start} is in a circle but no way leads back to it")


def test_the_checker_finds_what_it_should() -> None:
    graph = {
        "subword_core.bpe": {"subword_core.formats.tokenizer_json": 5},
        "subword_core.formats.tokenizer_json": {"subword_core.bpe": 9},
        "ui.draw.player": {"ui.app.share": 1},
        "ui.app.share": {"ui.draw.player": 2, "ui.bpe_view": 3},
        "ui.bpe_view": {"subword_core.bpe": 4},
        "pages.bpe_learn": {"ui.bpe_view": 1},
    }
    graph["subword_core.unigram"] = {"subword_core.formats.tokenizer_json": 7}
    graph["subword_core.formats.tokenizer_json"]["subword_core.unigram"] = 8
    assert find_cycles(graph) == [
        ["subword_core.bpe", "subword_core.formats.tokenizer_json", "subword_core.bpe"],
        ["subword_core.unigram", "subword_core.formats.tokenizer_json", "subword_core.unigram"],
        ["ui.app.share", "ui.draw.player", "ui.app.share"],
    ]
    assert layer_violations(graph) == [
        "ui.app.share (ui primitive) imports ui.bpe_view (view), line 3"
    ]
    path = ROOT / "ui" / "draw" / "player.py"
    assert "ui.draw.html" in imports_of(path, "ui.draw.player", set(module_files(ROOT)))


def test_every_module_has_a_layer_and_the_graph_is_complete() -> None:
    graph = import_graph(ROOT)
    assert {"app", "subword_core.bpe", "ui.app.share", "ui.draw.player", "pages.home"} <= set(graph)
    assert "subword_core.bpe" in graph["subword_core.formats.tokenizer_json"]
    assert "ui.draw.player" in graph["pages.bpe_learn"]
    assert {layer_of(m) for m in graph} == set(LAYERS)


def test_no_import_points_up_a_layer() -> None:
    bad = layer_violations(import_graph(ROOT))
    assert not bad, "imports from a lower layer to a higher one:\n" + "\n".join(bad)


def test_no_import_circles() -> None:
    cycles = find_cycles(import_graph(ROOT))
    assert not cycles, "import circles (function-level imports count):\n" + "\n".join(
        " -> ".join(cycle) for cycle in cycles
    )


def test_every_view_with_link_parameters_is_imported_before_a_link_is_read() -> None:
    """A page opened first through a link needs its view's parameters registered before
    ``app.py`` applies the link, i.e. the view is named in a page's ``links`` in the page
    registry (:mod:`ui.app.registry`), which :mod:`ui.app.all_views` imports by name."""
    registering = set()
    for name, path in module_files(ROOT).items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }
        if name != "ui.app.links" and calls & {"register_params", "register_page"}:
            registering.add(name)
    assert "ui.views.bpe.settings" in registering
    imported = set(link_views())
    assert registering <= imported, sorted(registering - imported)
    assert "ui.app.registry" in import_graph(ROOT)["ui.app.all_views"]
    assert "ui.app.all_views" in import_graph(ROOT)["app"]
