"""Every public function, class and method of :mod:`subword_core` has a fuzz test.

Each fuzz module declares ``COVERED = {"module.Name": ("test_name", ...)}``; this test
compares the union with the public callables found by introspection. A new public function
(or method) without an entry fails here, and so does an entry whose name or test no longer
exists. ``KNOWN_GAPS`` lists, by name, what is public but not fuzzed yet: it may only shrink.
"""

from __future__ import annotations

import importlib
import inspect
from functools import cached_property
from pathlib import Path
from types import ModuleType

import pytest

import subword_core
from tests.core import (
    test_fuzz_bounds,
    test_fuzz_byte_level_gage,
    test_fuzz_merge_extras,
    test_fuzz_merge_family,
    test_fuzz_parsers,
    test_fuzz_pretokenize,
    test_fuzz_pretrained,
    test_fuzz_textbook,
    test_fuzz_unigram,
    test_fuzz_unigram_stages,
)
from tests.source_files import package_modules

#: What tests/core/test_fuzz_merge_family.py exercises (it predates the registry).
MERGE_FAMILY: dict[str, tuple[str, ...]] = {
    "subword_core.bpe.learn": ("test_bpe_learn",),
    "subword_core.bpe.replay": ("test_bpe_learn",),
    "subword_core.bpe.BPEResult": ("test_bpe_learn",),
    "subword_core.bpe.BPEModel": ("test_bpe_learn", "test_bpe_encode_and_dropout"),
    "subword_core.bpe.BPEModel.encode": ("test_bpe_learn", "test_bpe_encode_and_dropout"),
    "subword_core.bpe.BPEModel.symbols": ("test_bpe_learn", "test_bpe_encode_and_dropout"),
    "subword_core.bpe.BPEModel.decode": ("test_bpe_encode_and_dropout",),
    "subword_core.bpe.BPEModel.from_codes": ("test_codes_and_vocab_files",),
    "subword_core.bpe.MergeStep": ("test_bpe_learn",),
    "subword_core.bpe.PairCount": ("test_bpe_learn",),
    "subword_core.wordpiece.learn": ("test_wordpiece_learn",),
    "subword_core.wordpiece.WordPieceResult": ("test_wordpiece_learn",),
    "subword_core.wordpiece.WordPieceStep": ("test_wordpiece_learn",),
    "subword_core.wordpiece.PairScore": ("test_wordpiece_learn",),
    "subword_core.wordpiece.WordPiece": ("test_wordpiece_learn", "test_codes_and_vocab_files"),
    "subword_core.wordpiece.WordPiece.encode": ("test_wordpiece_learn",),
    "subword_core.wordpiece.WordPiece.from_vocab_text": ("test_codes_and_vocab_files",),
    "subword_core.encoders.longest_match_by_length": ("test_encoders",),
    "subword_core.encoders.longest_prefix": ("test_encoders",),
    "subword_core.encoders.char_ngrams": ("test_encoders",),
    "subword_core.joint.learn_joint": ("test_joint",),
    "subword_core.joint.JointResult": ("test_joint",),
}

#: Public but not fuzzed yet (``"module.Name"`` strings); empty now, and it may only shrink.
KNOWN_GAPS: frozenset[str] = frozenset()

#: Covered outside the per-function registries.
OTHER: dict[str, tuple[ModuleType, tuple[str, ...]]] = {
    "subword_core.__main__": (test_fuzz_parsers, ("test_python_dash_m",)),
    "subword_core.errors.SubwordError": (test_fuzz_parsers, ("test_parse_corpus",)),
    "subword_core.errors.CorpusError": (test_fuzz_parsers, ("test_parse_corpus",)),
    "subword_core.errors.ParameterError": (test_fuzz_unigram, ("test_model_from_pieces",)),
}

FUZZ_MODULES = (
    test_fuzz_unigram,
    test_fuzz_byte_level_gage,
    test_fuzz_parsers,
    test_fuzz_merge_extras,
    test_fuzz_pretrained,
    test_fuzz_pretokenize,
    test_fuzz_textbook,
    test_fuzz_unigram_stages,
    test_fuzz_bounds,
)


def _is_method(value: object) -> bool:
    return inspect.isfunction(value) or isinstance(
        value, property | cached_property | classmethod | staticmethod
    )


def canonical(value: object, fallback: str) -> str:
    """The name of a function or class where it is defined (``module.Qualname``): one name
    per object, whichever package re-exports it (``subword_core.bpe.BPEModel`` is
    ``subword_core.bpe.model.BPEModel``); ``fallback`` for what has no such name.

    >>> from subword_core import bpe
    >>> canonical(bpe.BPEModel, "x")
    'subword_core.bpe.model.BPEModel'
    """
    module = getattr(value, "__module__", None)
    qualname = getattr(value, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<locals>" not in qualname:
        return f"{module}.{qualname}"
    return fallback


def public_objects(package: ModuleType = subword_core) -> dict[str, str]:
    """``canonical name -> one public path`` for every public function, class and method of
    ``package``, subpackages included; an object reachable by several paths counts once."""
    found: dict[str, str] = {}

    def add(key: str, path: str) -> None:
        if key not in found or len(path) < len(found[key]):
            found[key] = path  # the shortest public path, for the message

    prefix = f"{package.__name__}."
    for name in package_modules(package.__path__, prefix, main=True):
        if name.endswith(".__main__"):
            add(name, name)
            continue
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", None)
        names = exported if exported is not None else dir(module)
        for attr in names:
            if attr.startswith("_"):
                continue
            value = getattr(module, attr)
            home = getattr(value, "__module__", None) or ""
            if home != name and not home.startswith(f"{name}."):
                continue  # imported from elsewhere (not from its own package), or a constant
            if inspect.isclass(value):
                key = canonical(value, f"{name}.{attr}")
                add(key, f"{name}.{attr}")
                for member, body in vars(value).items():
                    if not member.startswith("_") and _is_method(body):
                        add(f"{key}.{member}", f"{name}.{attr}.{member}")
            elif callable(value):
                add(canonical(value, f"{name}.{attr}"), f"{name}.{attr}")
    return found


def public_callables() -> set[str]:
    """The canonical names of :func:`public_objects` (each public object once)."""
    return set(public_objects())


def resolve(path: str) -> str:
    """The canonical name of the object a registry key names (``module.Name`` or
    ``module.Class.method``, under any path that reaches it); ``path`` itself when it names
    nothing (the registry check then reports it).

    >>> resolve("subword_core.bpe.BPEModel.encode")
    'subword_core.bpe.model.BPEModel.encode'
    """
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            owner: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        if parts[cut:] == [] or path.endswith(".__main__"):
            return path
        key = ""
        for attr in parts[cut:]:
            if inspect.isclass(owner) and attr in vars(owner):
                owner, key = vars(owner)[attr], f"{key}.{attr}"
                continue
            if not hasattr(owner, attr):
                return path
            owner = getattr(owner, attr)
            key = canonical(owner, path)
        return key
    return path


def _registry() -> dict[str, tuple[ModuleType, tuple[str, ...]]]:
    """``canonical name -> (fuzz module, tests)``; a key may use any public path."""
    merged: dict[str, tuple[ModuleType, tuple[str, ...]]] = {}
    sources: list[tuple[str, ModuleType, tuple[str, ...]]] = [
        (name, module, tests) for name, (module, tests) in OTHER.items()
    ]
    for module in FUZZ_MODULES:
        sources += [(name, module, tests) for name, tests in module.COVERED.items()]
    sources += [(name, test_fuzz_merge_family, tests) for name, tests in MERGE_FAMILY.items()]
    for name, module, tests in sources:
        key = resolve(name)
        if module is test_fuzz_merge_family:
            merged.setdefault(key, (module, tests))  # it predates the registry
            continue
        assert key not in merged, f"{name} is registered twice"
        merged[key] = (module, tests)
    return merged


def uncovered(public: dict[str, str], registry: set[str], gaps: frozenset[str]) -> list[str]:
    """The public paths of the objects no registry key (resolved) nor known gap covers."""
    gap_keys = {resolve(g) for g in gaps}
    return sorted(path for key, path in public.items() if key not in registry | gap_keys)


def test_every_public_callable_is_fuzzed() -> None:
    missing = uncovered(public_objects(), set(_registry()), KNOWN_GAPS)
    assert not missing, "public names without a fuzz test (add one and a COVERED entry):\n" + (
        "\n".join(missing)
    )


def test_the_registry_names_real_callables_and_tests() -> None:
    public = public_callables()
    for name, (module, tests) in _registry().items():
        assert name in public, f"{name} is registered but is not a public callable"
        assert tests, name
        for test in tests:
            assert callable(getattr(module, test, None)), f"{module.__name__}.{test} is missing"


def test_known_gaps_only_shrink() -> None:
    public = public_callables()
    registry = _registry()
    gaps = {resolve(name) for name in KNOWN_GAPS}
    assert public >= gaps, sorted(gaps - public)
    assert not gaps & set(registry), sorted(gaps & set(registry))


def test_a_reexport_counts_once_and_a_new_function_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "planted_fuzz27"
    (package / "algo").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "algo" / "__init__.py").write_text(
        "from planted_fuzz27.algo.model import Model, learn\n"
    )
    (package / "algo" / "model.py").write_text(
        "class Model:\n    def encode(self):\n        pass\n\n\n"
        "def learn():\n    pass\n\n\ndef fresh():\n    pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    planted = importlib.import_module("planted_fuzz27")
    public = public_objects(planted)
    assert set(public) == {
        "planted_fuzz27.algo.model.Model",
        "planted_fuzz27.algo.model.Model.encode",
        "planted_fuzz27.algo.model.learn",
        "planted_fuzz27.algo.model.fresh",
    }  # reachable under two paths, counted once
    assert public["planted_fuzz27.algo.model.learn"] == "planted_fuzz27.algo.learn"
    # a registry may name the re-export or the defining module: both cover the object
    registry = {
        resolve(name)
        for name in (
            "planted_fuzz27.algo.Model",
            "planted_fuzz27.algo.model.Model.encode",
            "planted_fuzz27.algo.learn",
        )
    }
    assert uncovered(public, registry, frozenset()) == ["planted_fuzz27.algo.model.fresh"]
    gap = frozenset({"planted_fuzz27.algo.model.fresh"})
    assert uncovered(public, registry, gap) == []
    assert resolve("planted_fuzz27.algo.nothing") == "planted_fuzz27.algo.nothing"
