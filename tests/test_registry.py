"""The page registry (ui.app.registry) is complete and true: a new page is one entry there.

Every ``pages/*.py`` has an entry; every entry has its file, its catalogs, its views (which the
page file imports) and, when it has link parameters, views that register them for its URL.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

import ui.app.all_views
from tests.page_headings import page_heading
from tests.source_files import python_files
from ui.app.i18n import DOMAINS, LANGUAGES, LOCALES_DIR, translation
from ui.app.links import PAGES as LINK_PAGES
from ui.app.registry import ALL_PAGES, SECTIONS, Page, link_views, page, page_domains

ROOT = Path(__file__).resolve().parents[1]
NAMES = [entry.name for entry in ALL_PAGES]


def _imported_modules(file: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return modules


def test_every_page_file_is_in_the_registry_and_every_entry_has_its_file() -> None:
    files = sorted(p.relative_to(ROOT).as_posix() for p in python_files(ROOT, "pages"))
    files = [f for f in files if not f.endswith("__init__.py")]
    assert sorted(entry.file for entry in ALL_PAGES) == files
    assert len(set(NAMES)) == len(NAMES)  # one entry per page


def test_one_start_page_and_known_sections() -> None:
    assert [entry.name for entry in ALL_PAGES if entry.default] == ["home"]
    assert {entry.section for entry in ALL_PAGES} == set(SECTIONS)
    assert len({entry.title for entry in ALL_PAGES}) == len(ALL_PAGES)
    assert all(entry.icon.startswith(":material/") for entry in ALL_PAGES)


@pytest.mark.parametrize("name", NAMES)
def test_each_entry_has_its_catalogs_and_its_page_speaks_the_first(name: str) -> None:
    entry = page(name)
    assert entry.domains, name
    for domain in entry.domains:
        assert domain in DOMAINS
        for lang in LANGUAGES:
            if lang != "en":
                assert (LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po").is_file()
    assert page_heading(entry.file)[0] == entry.domains[0]


@pytest.mark.parametrize("name", NAMES)
def test_each_entry_names_views_its_page_imports(name: str) -> None:
    entry = page(name)
    imported = _imported_modules(ROOT / entry.file)
    for view in entry.views:
        assert importlib.util.find_spec(view) is not None, view
        # a view package counts when the page imports one of its modules
        assert any(m == view or m.startswith(f"{view}.") for m in imported), (name, view)
    # each link view is one of the views, or a module of a view package
    for link in entry.links:
        assert any(link == view or link.startswith(f"{view}.") for view in entry.views), link


@pytest.mark.parametrize("name", NAMES)
def test_a_page_with_link_views_has_its_link_registered(name: str) -> None:
    entry = page(name)
    assert (entry.url_path in LINK_PAGES) == bool(entry.links), name


def test_titles_and_sections_are_in_the_app_catalogs() -> None:
    for lang in ("zh", "ko"):
        app = translation(lang, "app")
        for message in [entry.title for entry in ALL_PAGES] + [s for s in SECTIONS if s]:
            assert message in app._catalog, (lang, message)  # type: ignore[attr-defined]


def test_the_translation_domains_and_link_views_come_from_the_registry() -> None:
    assert set(page_domains()) <= set(DOMAINS)
    assert (
        tuple(importlib.import_module(module) for module in link_views()) == ui.app.all_views.VIEWS
    )


def test_a_new_entry_is_all_it_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The derived lists follow the registry (a planted entry shows up in each)."""
    planted = Page(
        "pages/planted.py", "Planted", ":material/star:", "", ("planted",), ("ui.x",), ("ui.x",)
    )
    monkeypatch.setattr("ui.app.registry.ALL_PAGES", (*ALL_PAGES, planted))
    assert page("planted") is planted
    assert link_views()[-1] == "ui.x" and page_domains()[-1] == "planted"
