"""The guard rails follow the code into subpackages (issue 27).

Each check that reads the project's code is run here on a small project in a temporary folder
with one file planted two folders deep (``ui/views/deep/planted.py``, …), and must report it:
a check that still scanned with a flat ``glob("*.py")`` would pass it by. Nothing is written
into the real tree. The last test keeps new checks from scanning flat again.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.app.test_glossary import _icon_arguments
from tests.app.test_i18n_leftovers import _core_codes, constant_spinners
from tests.core.test_function_length import MAX_LINES, too_long
from tests.core.test_layering import find_cycles, import_graph, layer_violations
from tests.source_files import package_modules, python_files
from tests.test_deploy_files import local_imports
from tests.test_markdown_sinks import find_unescaped, scanned

ROOT = Path(__file__).resolve().parents[1]


def plant(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (path under ``root`` -> text) with every ``__init__.py`` on the way."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        for folder in path.relative_to(root).parents:
            if folder != Path(".") and not (root / folder / "__init__.py").exists():
                (root / folder / "__init__.py").write_text("", encoding="utf-8")
    return root


def test_python_files_finds_a_file_two_folders_down(tmp_path: Path) -> None:
    plant(tmp_path, {"app.py": "", "ui/views/deep/planted.py": ""})
    found = [p.relative_to(tmp_path).as_posix() for p in python_files(tmp_path, "app.py", "ui")]
    assert "ui/views/deep/planted.py" in found and found[0] == "app.py"
    assert python_files(tmp_path, "pages") == []  # a folder that is not there: nothing


def test_the_markdown_sink_check_reads_subpackages(tmp_path: Path) -> None:
    plant(tmp_path, {"app.py": "", "ui/views/deep/planted.py": "def f(w):\n    st.caption(w)\n"})
    problems = [
        problem
        for path in scanned(tmp_path)
        for problem in find_unescaped(path.read_text(), path.relative_to(tmp_path).as_posix())
    ]
    assert any("ui/views/deep/planted.py" in p for p in problems), problems


def test_the_layering_check_reads_subpackages(tmp_path: Path) -> None:
    plant(
        tmp_path,
        {
            "app.py": "import pages.home\n",
            "pages/home.py": "import ui.app.share\n",
            "ui/app/share.py": "import subword_core.bpe.train\n",
            "subword_core/bpe/train.py": "from subword_core.unigram.deep import planted\n",
            "subword_core/unigram/deep/planted.py": (
                "import ui.app.share\nimport subword_core.bpe\n"
            ),
        },
    )
    graph = import_graph(tmp_path)
    assert "subword_core.unigram.deep.planted" in graph
    assert layer_violations(graph) == [
        "subword_core.unigram.deep.planted (core) imports ui.app.share (ui primitive), line 1"
    ]
    assert find_cycles(graph)  # through ui.app.share and the planted module


def test_the_function_length_check_reads_subpackages_and_ui(tmp_path: Path) -> None:
    long = "def long():\n" + "    x = 1\n" * MAX_LINES
    plant(tmp_path, {"subword_core/unigram/em.py": long, "ui/views/deep/planted.py": long})
    found = too_long(tmp_path, {})
    assert [f.split(":")[0] for f in found] == [
        "subword_core/unigram/em.py",
        "ui/views/deep/planted.py",
    ]


def test_the_icon_check_reads_subpackages(tmp_path: Path) -> None:
    plant(tmp_path, {"app.py": "", "ui/views/deep/planted.py": "st.button('a', icon='🙂')\n"})
    assert _icon_arguments(tmp_path) == [("planted.py", 1, "🙂")]


def test_the_i18n_leftover_checks_read_subpackages(tmp_path: Path) -> None:
    plant(
        tmp_path,
        {
            "subword_core/unigram/deep/planted.py": 'raise E(code="planted_code")\n',
            "subword_core/pretrained/deep/models.py": 'raise E(code="tracer_code")\n',
            "ui/views/deep/planted.py": "with st.spinner('Training…'):\n    pass\n",
        },
    )
    assert _core_codes(tmp_path) == {"planted_code"}  # the tracer's codes have their own page
    assert constant_spinners(tmp_path) == ["planted.py:1: with st.spinner('Training…'):"]


def test_the_deploy_check_reads_subpackages(tmp_path: Path) -> None:
    plant(tmp_path, {"app.py": "", "pages/deep/planted.py": "import extra\n", "extra/x.py": ""})
    assert local_imports(tmp_path) == {"extra"}


def test_the_message_extraction_reads_subpackages(tmp_path: Path) -> None:
    from tests.test_i18n_catalogs import i18n_script as script

    plant(tmp_path, {"app.py": "", "ui/views/deep/planted.py": "", "pages/deep/planted.py": ""})
    found = {p.relative_to(tmp_path).as_posix() for p in script.source_files(tmp_path)}
    assert {"ui/views/deep/planted.py", "pages/deep/planted.py"} <= found


def test_the_module_walk_reads_subpackages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the doctest, fuzz-coverage and no-UI-libraries checks import."""
    plant(tmp_path, {"planted_pkg27/deep/planted.py": "", "planted_pkg27/__main__.py": ""})
    monkeypatch.syspath_prepend(str(tmp_path))
    path = [str(tmp_path / "planted_pkg27")]
    assert package_modules(path, "planted_pkg27.") == [
        "planted_pkg27.deep",
        "planted_pkg27.deep.planted",
    ]
    assert "planted_pkg27.__main__" in package_modules(path, "planted_pkg27.", main=True)


# Listing the pages (each a file of pages/, registered by app.py) is not scanning the code.
FLAT_ON_PURPOSE = {
    ("tests/app/test_i18n.py", "PAGES"),
    ("tests/e2e/test_language_browser.py", "test_the_expectations_are_translated"),
}
"""``(file, where)`` of the flat globs that list pages on purpose."""

_FLAT = re.compile(r"^[^*/]*\*\.py$")  # "*.py", "ui/*.py": one folder only


def flat_scans(root: Path) -> list[str]:
    """Every ``glob("…*.py")`` that reads one folder only, and every ``pkgutil.iter_modules``,
    in tests/ and scripts/, as ``file:line where`` (where: the enclosing function or name)."""
    out = []
    for path in python_files(root, "tests", "scripts"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for top in tree.body:
            where = getattr(top, "name", None) or next(
                (t.id for t in getattr(top, "targets", []) if isinstance(t, ast.Name)), "?"
            )
            for node in ast.walk(top):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                arg = node.args[0] if node.args else None
                flat_glob = (
                    node.func.attr == "glob"
                    and isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and bool(_FLAT.match(arg.value))
                )
                if flat_glob or node.func.attr == "iter_modules":
                    file = path.relative_to(root).as_posix()
                    if (file, where) not in FLAT_ON_PURPOSE:
                        out.append(f"{file}:{node.lineno} {where}")
    return out


def test_no_check_scans_one_folder_only(tmp_path: Path) -> None:
    assert flat_scans(ROOT) == [], "use tests.source_files.python_files / package_modules"
    plant(tmp_path, {"tests/core/test_x.py": "def f(root):\n    return root.glob('*.py')\n"})
    assert flat_scans(tmp_path) == ["tests/core/test_x.py:2 f"]
