"""The test suite's own set-up: parallel by default, registered marks, one Hypothesis budget."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import settings

from tests import budget
from tests.budget import examples
from tests.source_files import python_files

ROOT = Path(__file__).resolve().parents[1]


def _pytest_options() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as fp:
        return tomllib.load(fp)["tool"]["pytest"]["ini_options"]


def test_the_readme_command_runs_in_parallel_with_strict_marks() -> None:
    options = _pytest_options()
    addopts = str(options["addopts"]).split()
    assert {"--strict-markers", "-n", "auto", "--dist", "loadgroup"} <= set(addopts)
    marks = {str(m).split(":")[0] for m in options["markers"]}  # type: ignore[attr-defined]
    assert marks == {"browser", "oracle", "exhaustive"}
    assert "pytest-xdist==3.8.0" in (ROOT / "requirements-dev.txt").read_text().splitlines()


def test_auto_starts_one_worker_more_than_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from tests.conftest import pytest_xdist_auto_num_workers

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    assert pytest_xdist_auto_num_workers(None) == 3  # type: ignore[arg-type]
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "5")
    assert pytest_xdist_auto_num_workers(None) is None  # type: ignore[arg-type]  # xdist's own


def test_the_budget_follows_the_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "FUZZ_SCALE", 1)
    assert examples(60, "ci") == 60 and examples(60, "nightly") == 300
    monkeypatch.setattr(budget, "FUZZ_SCALE", 20)
    assert examples(60, "ci") == 1200
    with pytest.raises(ValueError, match="unknown HYPOTHESIS_PROFILE 'weekly'"):
        examples(60, "weekly")
    with pytest.raises(ValueError, match="at least one example"):
        examples(0)
    # a lower CI count keeps the nightly hunt at five times the base budget
    monkeypatch.setattr(budget, "FUZZ_SCALE", 1)
    assert examples(150, "ci", ci=50) == 50 and examples(150, "nightly", ci=50) == 750
    with pytest.raises(ValueError, match="ci <= n"):
        examples(60, "ci", ci=61)


def test_the_ci_profile_is_derandomized() -> None:
    ci = settings.get_profile("ci")
    assert ci.derandomize and ci.database is None
    nightly = settings.get_profile("nightly")
    assert not nightly.derandomize and nightly.max_examples == 5 * ci.max_examples
    if budget.PROFILE == "ci":
        assert settings.default.derandomize


def test_every_max_examples_goes_through_the_budget() -> None:
    bare = re.compile(r"max_examples\s*=\s*\d")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in python_files(ROOT, "tests")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if bare.search(line) and path.name != "test_suite_setup.py"
    ]
    assert found == [], "write max_examples=examples(n) (tests.budget)"


def test_an_exhaustive_check_runs_in_full_until_it_passed_on_its_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.core import exhaustive

    monkeypatch.setattr(exhaustive, "STAMP", tmp_path / "stamp.json")
    monkeypatch.delenv("SUBWORD_EXHAUSTIVE", raising=False)
    test_file = tmp_path / "test_x.py"
    test_file.write_text("one check")
    request = SimpleNamespace(node=SimpleNamespace(nodeid="tests/test_x.py::t"), path=test_file)
    assert exhaustive.code_points(request) is exhaustive.EVERY  # never passed: every code point
    exhaustive.passed(request)
    assert exhaustive.code_points(request) == exhaustive.sample()  # passed on these inputs
    assert set(exhaustive.sample()) < set(exhaustive.EVERY)
    monkeypatch.setenv("SUBWORD_EXHAUSTIVE", "full")
    assert exhaustive.code_points(request) is exhaustive.EVERY  # the documented full run
    monkeypatch.delenv("SUBWORD_EXHAUSTIVE")
    test_file.write_text("the check changed")
    exhaustive._inputs.cache_clear()
    assert exhaustive.code_points(request) is exhaustive.EVERY  # an input changed


def test_the_apps_own_styles_have_no_animation_the_browser_tests_would_not_see() -> None:
    """The browser tests draw every tab without CSS animations and transitions
    (``tests/e2e/conftest.py``, ``STILL``): all that the page has of them is Streamlit's own.
    An animation or a transition of the app's own would be switched off there unseen, so
    there is none, and this test says where to look if one is added."""
    motion = re.compile(r"@keyframes|\b(?:animation|transition)(?:-[a-z-]+)?\s*:")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in [
            *python_files(ROOT, "app.py", "pages", "ui"),
            *sorted((ROOT / "ui").rglob("*.css")),
        ]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if motion.search(line)
    ]
    assert found == [], "an animation of the app's own: see STILL in tests/e2e/conftest.py"
    conftest = (ROOT / "tests" / "e2e" / "conftest.py").read_text(encoding="utf-8")
    assert "animation: none !important;" in conftest and "transition: none !important;" in conftest
