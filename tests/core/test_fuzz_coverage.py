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
from types import ModuleType

import subword_core
from tests.core import (
    test_fuzz_byte_level_gage,
    test_fuzz_merge_extras,
    test_fuzz_merge_family,
    test_fuzz_parsers,
    test_fuzz_pretokenize,
    test_fuzz_pretrained,
    test_fuzz_unigram,
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
)


def _is_method(value: object) -> bool:
    return inspect.isfunction(value) or isinstance(
        value, property | cached_property | classmethod | staticmethod
    )


def public_callables() -> set[str]:
    """``module.Name`` and ``module.Class.method`` for everything public in subword_core,
    subpackages included."""
    found: set[str] = set()
    for name in package_modules(subword_core.__path__, "subword_core.", main=True):
        if name.endswith(".__main__"):
            found.add(name)
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
                found.add(f"{name}.{attr}")
                found.update(
                    f"{name}.{attr}.{member}"
                    for member, body in vars(value).items()
                    if not member.startswith("_") and _is_method(body)
                )
            elif callable(value):
                found.add(f"{name}.{attr}")
    return found


def _registry() -> dict[str, tuple[ModuleType, tuple[str, ...]]]:
    merged: dict[str, tuple[ModuleType, tuple[str, ...]]] = dict(OTHER)
    for module in FUZZ_MODULES:
        for name, tests in module.COVERED.items():
            assert name not in merged, f"{name} is registered twice"
            merged[name] = (module, tests)
    for name, tests in MERGE_FAMILY.items():
        merged[name] = (test_fuzz_merge_family, tests)
    return merged


def test_every_public_callable_is_fuzzed() -> None:
    public = public_callables()
    registry = _registry()
    missing = sorted(public - set(registry) - KNOWN_GAPS)
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
    assert public >= KNOWN_GAPS, sorted(KNOWN_GAPS - public)
    assert not KNOWN_GAPS & set(registry), sorted(KNOWN_GAPS & set(registry))
