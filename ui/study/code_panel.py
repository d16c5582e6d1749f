"""The code of this step: the textbook function beside the step, its lines and values.

A folded box under a step ("The code of this step") shows the textbook function of the
stage that produced the step (``subword_core/textbook/``), read at run time with
``inspect.getsource`` (never a copy), coloured, with the lines this step ran marked ▶ and
the values its variables ended with written beside the line that set them (``best = ('e',
's')``, ``count = 9``). What it shows comes from a :class:`subword_core.textbook.code.CodeStep`
(the view builds it from the trace); the core's tests prove the textbook function, run on
the step's state, runs those lines and ends with those values.

The textbook's comments and its docstrings' first lines are shown in the session's
language: each is looked up by its English text in the ``textbook`` catalog
(``scripts/i18n.py`` extracts them from ``subword_core/textbook/``); identifiers stay English.

Example::

    code_panel(code.bpe_merge(result, 3, "first-seen"))
"""

from __future__ import annotations

import ast
import functools
import inspect
import io
import keyword
import textwrap
import tokenize
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import streamlit as st

from subword_core.textbook.code import CodeStep, Some
from ui.app.i18n import current_language, translation, translator
from ui.draw.html import caption_html, esc, show_html

__all__ = ["code_html", "code_panel", "format_value", "source_lines"]

t = translator("textbook")

# colours: at least 4.5:1 on the marked lines' yellow and the blue notes (WCAG AA)
_STYLE = """<style>
.sw-code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: .86em; line-height: 1.45; overflow-x: auto; background: #f8fafc; color: #111827;
  border: 1px solid #e2e8f0; border-radius: .4rem; padding: .4rem 0; }
.sw-code .ln { display: block; white-space: pre; padding: 0 .6rem 0 0; }
.sw-code .ln.ran { background: #fef9c3; }
.sw-code .gut { display: inline-block; width: 3.2em; color: #475569; text-align: right;
  padding-right: .6em; user-select: none; }
.sw-code .ran .gut { color: #92400e; font-weight: 700; }
.sw-code .kw { color: #6d28d9; font-weight: 600; } .sw-code .st { color: #166534; }
.sw-code .cm { color: #475569; font-style: italic; } .sw-code .nu { color: #92400e; }
.sw-code .fn { color: #1d4ed8; font-weight: 600; }
.sw-code .val { margin-left: 1.2em; padding: 0 .35em; border-radius: .25rem;
  background: #dbeafe; color: #1e3a8a; font-weight: 600; }
</style>"""

_PRAGMAS = ("fmt:", "type:", "noqa", "pragma")


def _local(text: str) -> str:
    """A textbook comment or docstring line in the session's language (English if none)."""
    lang = current_language()
    if lang == "en":
        return text
    return translation(lang, "textbook").gettext(text)


def format_value(value: Any, limit: int = 6) -> str:
    """A value as the panel writes it: short, exact where it matters.

    >>> format_value(Fraction(1, 20)), format_value(0.012345678), format_value(("e", "s"))
    ('1/20', '0.01235', "('e', 's')")
    >>> format_value({"a": 1, "b": 2, "c": 3}, limit=2)
    "{'a': 1, 'b': 2, … +1}"
    >>> format_value(Some({"u": 36.0, "g": 20.0}, 19))  # the trace kept the top rows only
    "{'u': 36, 'g': 20, … +17}"
    """
    if isinstance(value, Some):
        items = [f"{k!r}: {format_value(v)}" for k, v in list(value.items.items())[:limit]]
        return "{" + ", ".join(items) + f", … +{value.size - len(items)}" + "}"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, dict):
        items = [f"{k!r}: {format_value(v)}" for k, v in list(value.items())[:limit]]
        more = f", … +{len(value) - limit}" if len(value) > limit else ""
        return "{" + ", ".join(items) + more + "}"
    if isinstance(value, set | frozenset):
        items = sorted(map(repr, value))
        more = f", … +{len(items) - limit}" if len(items) > limit else ""
        return "{" + ", ".join(items[:limit]) + more + "}"
    if isinstance(value, list) and len(value) > limit:
        return "[" + ", ".join(map(repr, value[:limit])) + f", … +{len(value) - limit}]"
    return repr(value)


def source_lines(function: Callable[..., Any]) -> tuple[list[str], int, tuple[int, int] | None]:
    """The function's source lines, its first line in the file, and its docstring's lines.

    >>> from subword_core.textbook import gage
    >>> lines, first, doc = source_lines(gage.compress_step)
    >>> lines[0].startswith("def compress_step"), doc[0] == first + 1
    (True, True)
    """
    text, first, node = _parsed(function)
    doc = None
    body = getattr(node, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        doc = (body[0].lineno + first - 1, (body[0].end_lineno or 0) + first - 1)
    return text.splitlines(), first, doc


@functools.lru_cache(maxsize=128)
def _parsed(function: Callable[..., Any]) -> tuple[str, int, ast.stmt]:
    """The function's dedented source, its first line in the file and its parsed node.

    Read and parsed once per process: a step change redraws the panel in every following
    student's session (reading and parsing the source was a fifth of a student's step).
    """
    lines, first = inspect.getsourcelines(function)
    text = textwrap.dedent("".join(lines))
    return text, first, ast.parse(text).body[0]


@functools.lru_cache(maxsize=128)
def _assignments(function: Callable[..., Any]) -> tuple[tuple[int, int, str], ...]:
    """``(first line, last line, name)`` of each assignment in the function, file lines, in
    :func:`ast.walk` order (once per process, as :func:`_parsed`)."""
    _text, first, node = _parsed(function)
    out = []
    for stmt in ast.walk(node):
        if not isinstance(stmt, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.For):
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        end = stmt.lineno if isinstance(stmt, ast.For) else stmt.end_lineno
        for target in targets:
            for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                out.append((stmt.lineno + first - 1, (end or stmt.lineno) + first - 1, name))
    return tuple(out)


def _highlight(text: str) -> list[str]:
    """Escaped HTML per line, coloured by Python's own tokenizer; comments translated."""
    return list(_highlighted(text, current_language()))


@functools.lru_cache(maxsize=128)
def _highlighted(text: str, lang: str) -> tuple[str, ...]:
    """:func:`_highlight` in ``lang`` (``_local`` reads the session's language, which is
    ``lang``), kept per process: the same function in the same language colours the same."""
    return tuple(_highlight_now(text))


def _highlight_now(text: str) -> list[str]:
    lines = text.splitlines()
    out = [[] for _ in lines]  # type: list[list[tuple[int, int, str, str]]]
    previous = None
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        (row, col), (end_row, end_col) = tok.start, tok.end
        kind = ""
        shown = tok.string
        if tok.type == tokenize.COMMENT:
            kind = "cm"
            body = tok.string[1:].strip()
            if not body.startswith(_PRAGMAS):
                shown = "# " + _local(body)
        elif tok.type == tokenize.STRING and row == end_row:
            kind = "st"
        elif tok.type == tokenize.NUMBER:
            kind = "nu"
        elif tok.type == tokenize.NAME and keyword.iskeyword(tok.string):
            kind = "kw"
        elif tok.type == tokenize.NAME and previous == "def":
            kind = "fn"
        if tok.type == tokenize.NAME:
            previous = tok.string
        if kind and row == end_row and row <= len(lines):
            out[row - 1].append((col, end_col, kind, shown))
    html_lines = []
    for line, spans in zip(lines, out, strict=True):
        parts, at = [], 0
        for col, end, kind, shown in spans:
            parts.append(esc(line[at:col]))
            parts.append(f"<span class='{kind}'>{esc(shown)}</span>")
            at = end
        parts.append(esc(line[at:]))
        html_lines.append("".join(parts))
    return html_lines


def _assigned_at(function: Callable[..., Any], names: set[str], ran: set[int]) -> dict[int, list]:
    """File line -> the names whose value is written beside it: the last statement that
    ran and assigns the name (its last line)."""
    where: dict[str, int] = {}
    for start, end, name in _assignments(function):
        if name in names and start in ran and start >= where.get(name, 0):
            where[name] = end
    out: dict[int, list] = {}
    for name in sorted(names, key=lambda n: where.get(n, 0)):
        out.setdefault(where.get(name, -1), []).append(name)
    return out


def code_html(step: CodeStep) -> str:
    """The panel's code block: the function without its docstring, coloured, ▶ on the lines
    the step ran, each value beside the line that set it.

    >>> from subword_core import bpe
    >>> from subword_core.textbook import code
    >>> html = code_html(code.bpe_merge(bpe.learn({"hug": 10, "pug": 5}, 1), 1, "first-seen"))
    >>> "best = (&#x27;u&#x27;, &#x27;g&#x27;)" in html, html.count("class='ln ran'") > 3
    (True, True)
    """
    text_lines, first, doc = source_lines(step.function)
    ran = step.lines()
    values = _assigned_at(step.function, set(step.values), ran)
    coloured = _highlight("\n".join(text_lines))
    rows = []
    for offset, html_line in enumerate(coloured):
        line = first + offset
        if doc and doc[0] <= line <= doc[1]:
            continue
        mark = "ran" if line in ran else ""
        gutter = f"▶ {offset + 1}" if mark else str(offset + 1)
        notes = "".join(
            f"<span class='val'>{esc(name)} = {esc(format_value(step.values[name]))}</span>"
            for name in values.get(line, [])
        )
        gut = f"<span class='gut'>{gutter}</span>"
        rows.append(f"<span class='ln {mark}'>{gut}{html_line}{notes}</span>")
    rest = "".join(
        f"<span class='val'>{esc(name)} = {esc(format_value(step.values[name]))}</span>"
        for name in values.get(-1, [])
    )
    return f"{_STYLE}<div class='sw-code' translate='no'>{''.join(rows)}{rest}</div>"


def _summary(function: Callable[..., Any]) -> str:
    """The first line of the function's docstring, in the session's language."""
    doc = inspect.getdoc(function) or ""
    first = doc.split("\n\n")[0].replace("\n", " ").strip()
    return _local(first).replace("``", "") if first else ""


def code_panel(
    steps: CodeStep | Sequence[CodeStep | None] | None, *, key: str | None = None
) -> None:
    """A folded "The code of this step" box (nothing when there is no step to show).

    ``steps``: one step, or the iterations of an encoding (then a slider inside the box
    picks one; ``key`` names it).

    Example::

        code_panel(code.wordpiece_merge(result, step_number))
        code_panel([code.bpe_encode(model, s) for s in model.encode_steps(word)], key="k")
    """
    if steps is None or isinstance(steps, CodeStep):
        shown = [steps] if steps is not None else []
    else:
        shown = [s for s in steps if s is not None]
    if not shown:
        return
    with st.expander(t("The code of this step"), expanded=False, icon=":material/code:"):
        step = shown[0]
        if len(shown) > 1:
            picked = st.select_slider(
                t("Iteration"), options=list(range(1, len(shown) + 1)), key=key
            )
            step = shown[int(picked) - 1]
        module = step.function.__module__.replace(".", "/") + ".py"
        show_html(
            f"<p class='sw-text'><code>{esc(step.function.__name__)}</code> "
            f"<span class='sw-small'>({esc(module)})</span>: {esc(_summary(step.function))}</p>"
            + code_html(step)
            + caption_html(_caption())
        )


def _caption() -> str:
    return t(
        "The textbook version of this stage, read from the project's source as the page runs. "
        "▶ marks the lines this step ran; a blue note gives the value a variable ended with "
        "(from this step's trace)."
    )
