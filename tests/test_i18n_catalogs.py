"""The translations are complete and up to date with the code (``scripts/i18n.py check``).

The check extracts the messages from the code again (``t("…")`` and ``t.n("…", "…", n)`` of
each file's translator, :mod:`ui.app.i18n`) and compares them with every ``.po`` file: a message
missing from a catalog, an entry the code no longer has, an untranslated or fuzzy entry, or a
translation with a ``{field}`` the English does not have all fail.
"""

from __future__ import annotations

import copy
import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
assert _spec is not None and _spec.loader is not None
i18n_script = importlib.util.module_from_spec(_spec)
sys.modules["i18n_script"] = i18n_script  # (its dataclass looks itself up there)
_spec.loader.exec_module(i18n_script)


@pytest.fixture(autouse=True, scope="module")
def _extract_the_code_once() -> Iterator[None]:
    """The code's messages extracted once for this module's checks (~0.4 s each time; the
    code does not change while the tests run): each call still gets its own copy, since
    ``check`` adds its problems to the list it is given. Other roots are extracted anew."""
    original = i18n_script.extract
    done = original(ROOT)

    def extract(root: Path = ROOT) -> tuple[dict[str, object], list[str]]:
        if Path(root).resolve() != ROOT:
            return original(root)
        return copy.deepcopy(done)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n_script, "extract", extract)
        yield


def test_every_message_is_translated_in_zh_and_ko() -> None:
    assert i18n_script.check() == []


def test_the_shared_parts_have_catalogs() -> None:
    domains, _ = i18n_script.extract()
    assert {"app", "common", "glossary"} <= set(domains)
    assert "Step {step} of {n}" in domains["common"].messages


@pytest.fixture
def locales(tmp_path: Path) -> Path:
    shutil.copytree(
        ROOT / "locales", tmp_path / "locales", ignore=shutil.ignore_patterns("templates")
    )
    return tmp_path / "locales"


def _edit(path: Path, lang: str, change) -> None:
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    change(catalog)
    with path.open("wb") as fp:
        write_po(fp, catalog)


def test_a_missing_entry_fails(locales: Path) -> None:
    _edit(locales / "zh/LC_MESSAGES/common.po", "zh", lambda c: c.delete("Next"))
    problems = i18n_script.check(locales=locales)
    assert any("zh/common.po: not in the catalog" in p and "'Next'" in p for p in problems)


def test_a_stale_entry_fails(locales: Path) -> None:
    _edit(locales / "ko/LC_MESSAGES/app.po", "ko", lambda c: c.add("Gone page", "사라진 페이지"))
    problems = i18n_script.check(locales=locales)
    assert any("ko/app.po: no longer in the code" in p and "Gone page" in p for p in problems)


def test_an_untranslated_or_fuzzy_entry_fails(locales: Path) -> None:
    def blank(catalog) -> None:
        catalog["Play"].string = ""
        catalog["Speed"].flags.add("fuzzy")

    _edit(locales / "ko/LC_MESSAGES/common.po", "ko", blank)
    [problem] = [p for p in i18n_script.check(locales=locales) if "untranslated" in p]
    assert "'Play'" in problem and "'Speed'" in problem


def test_a_translation_with_a_field_the_english_lacks_fails(locales: Path) -> None:
    def wrong(catalog) -> None:
        catalog["Step {step} of {n}"].string = "第 {stpe} 步，共 {n} 步"

    _edit(locales / "zh/LC_MESSAGES/common.po", "zh", wrong)
    problems = i18n_script.check(locales=locales)
    assert any("zh/common.po: a {field}" in p for p in problems)


def test_a_catalog_naming_old_files_or_an_old_note_fails(locales: Path) -> None:
    """The files a catalog names for a message (``#:``) are where a translator looks for its
    context, and its ``#.`` note is the code's ``# i18n:`` comment: both follow the code."""

    def moved(catalog) -> None:
        catalog["Next"].locations = [("ui/common.py", None)]  # a file that has since moved
        catalog["Play"].auto_comments = ["a note the code no longer has"]

    _edit(locales / "zh/LC_MESSAGES/common.po", "zh", moved)
    [problem] = [p for p in i18n_script.check(locales=locales) if "out of date" in p]
    assert problem.startswith("zh/common.po:") and "'Next'" in problem and "'Play'" in problem


def test_a_message_that_is_not_a_constant_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "demo.py").write_text(
        't = translator("bpe")\n'
        "def f(n):\n"
        '    a = t(f"Merge {n}")\n'
        "    # i18n: a note for the translator\n"
        '    b = t("Merge {n}").format(n=n)\n'
        '    return t.n("{n} merge", "{n} merges", n)\n',
        encoding="utf-8",
    )
    domains, problems = i18n_script.extract(tmp_path)
    assert problems == [
        "ui/demo.py:3: a translated message must be a constant string "
        "(no f-string or variable; use .format with named fields)"
    ]
    messages = domains["bpe"].messages
    assert messages["Merge {n}"] == (None, ["ui/demo.py"], ["a note for the translator"])
    assert messages["{n} merge"][0] == "{n} merges"


def test_one_domain_per_file(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text('t = translator("app")\nu = translator("bpe")\n')
    _, problems = i18n_script.extract(tmp_path)
    assert problems == ["app.py: one domain per file, found ['app', 'bpe']"]
