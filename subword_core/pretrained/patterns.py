"""``Split`` and ``Replace`` patterns, and the components that show theirs in their step."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from subword_core.bounds import BoundError
from subword_core.pretrained.errors import PretrainedError, _unsupported
from subword_core.pretrained.oniguruma import OnigurumaPattern, PatternError


def _pattern(node: Mapping[str, Any], kind: str) -> OnigurumaPattern:
    """A ``Split``/``Replace`` pattern, run as Oniguruma would (:mod:`.oniguruma`).

    Example:
        >>> _pattern({"pattern": {"Regex": r"\\p{N}+"}}, "pre-tokenizer").spans("ab 12")
        [(3, 5)]
    """
    pattern = node.get("pattern") or {}
    if not isinstance(pattern, Mapping):
        raise _unsupported(kind, str(node.get("type")), "no_pattern")
    if "String" in pattern:
        return OnigurumaPattern(str(pattern["String"]), literal=True)
    if "Regex" in pattern:
        text = str(pattern["Regex"])
        try:
            return OnigurumaPattern(text)
        except BoundError as err:  # its counted repeats would fill the memory
            raise PretrainedError(err.message, err.code or "bound", err.values) from None
        except PatternError as err:
            raise PretrainedError(
                f"This file's {kind} {node.get('type')} uses the regular expression "
                f"{text[:80]}, which may mean something else here than in the library's engine "
                f"(Oniguruma): {err}. It is not replayed rather than traced wrongly.",
                code="unsupported",
                values={
                    "kind": kind,
                    "component": str(node.get("type")),
                    "cause": "pattern",
                    "pattern": text[:80],
                    "reason": str(err),
                    "construct": err.construct,
                },
            ) from None
    raise _unsupported(kind, str(node.get("type")), "no_pattern")


class _Shown:
    """A ``Split`` or ``Replace`` component that carries its pattern (and content) for its step.

    Example:
        >>> run = _Shown(lambda t: t.replace("x", "ks"), "x", "ks")
        >>> run("x"), _Shown.pattern_of(run), _Shown.pattern_of(str.upper)
        ('ks', 'x', '')
    """

    def __init__(
        self,
        run: Callable[..., Any],
        pattern: str,
        content: str = "",
        keeps_start: Callable[[str], bool] | None = None,
    ) -> None:
        self.run = run
        self.pattern = pattern
        self.content = content
        self.keeps_start = keeps_start

    def __call__(self, *args: Any) -> Any:
        return self.run(*args)

    @staticmethod
    def pattern_of(func: object) -> str:
        """The pattern of a ``_Shown`` component, ``""`` for any other."""
        return func.pattern if isinstance(func, _Shown) else ""
