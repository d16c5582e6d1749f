"""No text from a user, a file or a link reaches a Streamlit markdown sink unescaped.

Streamlit renders markdown in ``st.markdown``/``caption``/``write``/``error``/``warning``/
``info``/``success``/``toast``/``title``/``header``/``subheader``, in widget labels and
``help=`` texts, in tab, expander and popover labels, and in the option labels of
``st.radio``, ``st.pills``, ``st.segmented_control`` and ``st.select_slider`` (checked in
Chromium with streamlit 1.67: an image in any of them is fetched from its host as the page
draws). So every value that reaches one of those must be *provably* ours:

- a constant, or a number (``len(...)``, arithmetic, an f-string field with a numeric format
  such as ``{n:,}`` or ``{p:.1%}``), or
- the result of :func:`ui.draw.html.md_escape`, or
- built only from such values (f-string, ``+``, ``%``, ``.format``, ``"…".join(…)``,
  ``a if c else b``, a local variable or a module constant table assigned only such values,
  a function of the same module that returns only such values), or
- listed in :data:`ALLOWED` with the reason it is app-internal.

Anything else fails the test with its file and line. ``st.selectbox``/``st.multiselect``
options, ``st.text``, ``st.code``, ``st.dataframe`` show text as it is (no markdown), so they
are not sinks here (``md_escape`` would show its backslashes there).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_files import python_files

ROOT = Path(__file__).resolve().parents[1]


def scanned(root: Path) -> list[Path]:
    """The files checked: ``app.py`` and every module of ``ui/`` and ``pages/``, subpackages
    included (``tests/test_guard_rails.py`` plants one to prove it)."""
    return sorted(python_files(root, "app.py", "ui", "pages"))


SCANNED = scanned(ROOT)

# Methods whose positional arguments (all of them for ``write``) are markdown.
BODY_SINKS = frozenset(
    {
        "markdown",
        "caption",
        "write",
        "error",
        "warning",
        "info",
        "success",
        "toast",
        "title",
        "header",
        "subheader",
    }
)
BODY_KEYWORDS = frozenset({"body"})
# Methods whose first positional argument / ``label=`` is a markdown label.
LABEL_SINKS = frozenset(
    {
        "button",
        "download_button",
        "link_button",
        "form_submit_button",
        "checkbox",
        "toggle",
        "radio",
        "selectbox",
        "multiselect",
        "slider",
        "select_slider",
        "text_input",
        "text_area",
        "number_input",
        "file_uploader",
        "date_input",
        "time_input",
        "color_picker",
        "camera_input",
        "segmented_control",
        "pills",
        "feedback",
        "expander",
        "popover",
        "metric",
    }
)
# Widgets whose option labels (``format_func`` results, or the options themselves) and
# ``captions=`` are markdown.
OPTION_SINKS = frozenset({"radio", "pills", "segmented_control", "select_slider"})
HELPER = "md_escape"
# Receivers that are not Streamlit (``logger.info(...)`` is not a sink).
NOT_STREAMLIT = frozenset(
    {"logger", "log", "logging", "_log", "_logger", "LOG", "_LOG", "sys", "warnings"}
)
# Builtins that always return a number.
NUMBER_FUNCS = frozenset({"len", "int", "float", "round", "abs", "sum", "ord", "bool"})
# Format-spec types that only numbers accept (a string with ``{x:,}`` raises).
NUMBER_SPEC_CHARS = frozenset(",_bcdeEfFgGnoxX%")

# Values proven app-internal that the analysis cannot see through, with the reason.
# Key: "<path relative to the repo>:<ast.unparse of the expression>". Keep it small.
ALLOWED: dict[str, str] = {
    # The tab labels of kept_tabs come from its callers, checked at every call by WRAPPERS
    # below. (They cannot be escaped here: st.tabs reports the open tab by its label.)
    "ui/draw/tabs.py:list(tabs.values())": "checked at each call of kept_tabs",
    # Our source titles: the built-in examples' titles (subword_core.text.examples.EXAMPLES, a
    # constant table) and three constant strings.
    "ui/app/corpus_picker/sidebar.py:_SOURCE_TITLES.__getitem__": "constant titles",
    # The same titles, three of them translated (t of constants, ui.app.i18n).
    "ui/app/corpus_picker/sidebar.py:_source_label": (
        "constant titles and translations of constants"
    ),
    # Inside code spans of lookalike_note: two-digit hex numbers, and the byte table's own
    # letters (subword_core.byte_level._DISPLAY, one per byte); markdown is literal there.
    "ui/views/byte_level/chars.py:hex_bytes(mine)": "hex digits and spaces",
    "ui/views/byte_level/chars.py:to_display(mine)": "letters of the constant byte table",
}
# Functions that draw one of their arguments in a markdown sink: every call must pass a
# provably safe value there. Name -> (position, keyword) of that argument.
WRAPPERS: dict[str, tuple[int, str]] = {
    "kept_tabs": (1, "tabs"),  # id -> label table; the labels become st.tabs labels
}
# Functions whose result is markdown we build on purpose, safe when every argument is a
# constant: term_md("tie", "ties") is a link to our own glossary page (a relative address
# from the constant glossary table, with its text passed through md_escape; ui/app/glossary/).
# advice("merges") is one sentence from the constant tips table of ui/app/limits.py;
# word_too_long(len(word), "name", "view") holds numbers and our own words, never the word.
SAFE_WITH_CONSTANT_ARGS = frozenset({"term_md", "advice", "word_too_long"})


class _Module:
    """One parsed file: its module-level bindings and function definitions."""

    def __init__(self, path: str, tree: ast.Module) -> None:
        self.path = path
        self.tree = tree
        self.functions: dict[str, ast.FunctionDef] = {}
        self.assigned: dict[str, list[ast.expr | None]] = {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                self.functions[node.name] = node
        _collect_assignments(tree.body, self.assigned, into_functions=False)


def _collect_assignments(
    body: list[ast.stmt], out: dict[str, list[ast.expr | None]], *, into_functions: bool
) -> None:
    """Every value assigned to each plain name in ``body`` (``None``: not analysable)."""

    def bind(target: ast.expr, value: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            out.setdefault(target.id, []).append(value)
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            out.setdefault(target.value.id, []).append(value)  # table[key] = value
        elif isinstance(target, ast.Tuple | ast.List):
            parts = value.elts if isinstance(value, ast.Tuple | ast.List) else None
            if parts is not None and len(parts) == len(target.elts):
                for elt, part in zip(target.elts, parts, strict=True):
                    bind(elt, part)  # a, b = x, y
            else:
                for elt in target.elts:
                    bind(elt, None)  # other unpacking: not analysed
        elif isinstance(target, ast.Starred):
            bind(target.value, None)

    class Visitor(ast.NodeVisitor):
        def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
            out.setdefault(node.name, []).append(None)
            if into_functions:
                self.generic_visit(node)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Lambda(self, node: ast.Lambda) -> None:
            return

        def visit_ClassDef(self, node: ast.ClassDef) -> None:
            out.setdefault(node.name, []).append(None)

        def visit_Assign(self, node: ast.Assign) -> None:
            for target in node.targets:
                bind(target, node.value)
            self.generic_visit(node)

        def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
            bind(node.target, node.value)
            self.generic_visit(node)

        def visit_AugAssign(self, node: ast.AugAssign) -> None:
            bind(node.target, node.value)
            self.generic_visit(node)

        def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
            bind(node.target, node.value)
            self.generic_visit(node)

        def visit_For(self, node: ast.For) -> None:
            # for a, b in table: each name is a part of an item of the table
            if isinstance(node.target, ast.Tuple):
                for index, target in enumerate(node.target.elts):
                    bind(target, _ForItem(node.iter, index))
            else:
                bind(node.target, _ForItem(node.iter))
            self.generic_visit(node)

        def visit_With(self, node: ast.With) -> None:
            for item in node.items:
                if item.optional_vars is not None:
                    bind(item.optional_vars, None)
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            for alias in node.names:
                out.setdefault((alias.asname or alias.name).split(".")[0], []).append(None)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            for alias in node.names:
                imported = _Imported(node.module or "", alias.name) if node.level == 0 else None
                out.setdefault(alias.asname or alias.name, []).append(imported)

        def visit_Call(self, node: ast.Call) -> None:
            # items.append(x), table.update(...), ...: x is bound to the name as well
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                if func.attr in _ADDS_ONE:
                    bind(func.value, node.args[-1] if node.args else None)
                elif func.attr in _ADDS_MANY:
                    bind(func.value, _ForItem(node.args[0]) if node.args else None)
            self.generic_visit(node)

        def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
            if node.name:
                out.setdefault(node.name, []).append(None)
            self.generic_visit(node)

    visitor = Visitor()
    for stmt in body:
        visitor.visit(stmt)


_ADDS_ONE = frozenset({"append", "add", "insert", "setdefault", "appendleft"})
_ADDS_MANY = frozenset({"extend", "update", "extendleft"})


class _Imported(ast.expr):
    """Marks a name imported with ``from module import name``."""

    def __init__(self, module: str, name: str) -> None:
        super().__init__()
        self.module = module
        self.name = name


class _ForItem(ast.expr):
    """Marks a ``for`` target (part ``index`` of each item when unpacked): safe only when
    the loop runs over safe values."""

    def __init__(self, iterable: ast.expr, index: int | None = None) -> None:
        super().__init__()
        self.iterable = iterable
        self.index = index


class Checker:
    """Finds markdown sinks that may receive text that is not provably ours."""

    def __init__(self, path: str, source: str) -> None:
        self.module = _Module(path, ast.parse(source))
        self.problems: list[str] = []
        self._function_safe: dict[str, bool] = {}

    # -- scopes -----------------------------------------------------------------------------
    def _scopes(self, node: ast.AST) -> list[tuple[ast.AST, dict[str, list[ast.expr | None]]]]:
        """The enclosing functions of ``node`` (innermost first), with their bindings."""
        return self._scope_of.get(id(node), [])

    def run(self) -> list[str]:
        self._scope_of: dict[int, list[tuple[ast.AST, dict[str, list[ast.expr | None]]]]] = {}

        def walk(node: ast.AST, scopes: list) -> None:
            for child in ast.iter_child_nodes(node):
                inner = scopes
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                    bindings: dict[str, list[ast.expr | None]] = {}
                    args = child.args
                    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                        bindings.setdefault(arg.arg, []).append(None)
                    for arg in (args.vararg, args.kwarg):
                        if arg is not None:
                            bindings.setdefault(arg.arg, []).append(None)
                    if not isinstance(child, ast.Lambda):
                        _collect_assignments(child.body, bindings, into_functions=False)
                    inner = [(child, bindings), *scopes]
                elif isinstance(
                    child, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
                ):
                    bindings = {}
                    for gen in child.generators:
                        _bind_comprehension(gen.target, gen.iter, bindings)
                    inner = [(child, bindings), *scopes]
                self._scope_of[id(child)] = inner
                walk(child, inner)

        walk(self.module.tree, [])
        for node in ast.walk(self.module.tree):
            if isinstance(node, ast.Call):
                self._check_call(node)
        return self.problems

    # -- sinks ------------------------------------------------------------------------------
    def _check_wrapper(self, name: str, call: ast.Call, keywords: dict[str, ast.expr]) -> None:
        if name not in WRAPPERS:
            return
        position, keyword = WRAPPERS[name]
        arg = call.args[position] if len(call.args) > position else keywords.get(keyword)
        if arg is not None:
            self._require_items(arg, call, f"{name}({keyword}=)")

    def _check_call(self, call: ast.Call) -> None:
        func = call.func
        if isinstance(func, ast.Name):
            keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg}
            self._check_wrapper(func.id, call, keywords)
            return
        if not isinstance(func, ast.Attribute):
            return
        receiver = func.value
        while isinstance(receiver, ast.Attribute):
            receiver = receiver.value
        if isinstance(receiver, ast.Name) and receiver.id in NOT_STREAMLIT:
            return
        name = func.attr
        keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg}
        self._check_wrapper(name, call, keywords)
        if name in BODY_SINKS:
            for arg in call.args:
                self._require(arg, call, f"st.{name}")
            for key in BODY_KEYWORDS & keywords.keys():
                self._require(keywords[key], call, f"st.{name}({key}=)")
        if name in LABEL_SINKS:
            label = call.args[0] if call.args else keywords.get("label")
            if label is not None:
                self._require(label, call, f"st.{name} label")
        if name == "tabs":
            tabs = call.args[0] if call.args else keywords.get("tabs")
            if tabs is not None:
                self._require_items(tabs, call, "st.tabs labels")
        if "help" in keywords:  # every widget, and st.column_config columns
            self._require(keywords["help"], call, f"st.{name}(help=)")
        if name in OPTION_SINKS:
            if "captions" in keywords:
                self._require_items(keywords["captions"], call, f"st.{name}(captions=)")
            fmt = keywords.get("format_func")
            if fmt is not None:
                self._require_function(fmt, call, f"st.{name}(format_func=)")
            else:
                options = call.args[1] if len(call.args) > 1 else keywords.get("options")
                if options is not None:
                    self._require_items(options, call, f"st.{name} options")

    def _report(self, expr: ast.expr, call: ast.Call, sink: str) -> None:
        self.problems.append(
            f"{self.module.path}:{expr.lineno}: {ast.unparse(expr)!r} reaches {sink} "
            f"without {HELPER} (line {call.lineno})"
        )

    def _require(self, expr: ast.expr, call: ast.Call, sink: str) -> None:
        if not self.safe(expr):
            self._report(expr, call, sink)

    def _require_items(self, expr: ast.expr, call: ast.Call, sink: str) -> None:
        if isinstance(expr, ast.List | ast.Tuple):
            for elt in expr.elts:
                self._require(elt, call, sink)
        elif isinstance(expr, ast.ListComp | ast.GeneratorExp):
            self._require(expr.elt, call, sink)
        elif not self._safe_container(expr, set()):
            self._report(expr, call, sink)

    def _require_function(self, expr: ast.expr, call: ast.Call, sink: str) -> None:
        if self._allowed(expr):
            return
        if isinstance(expr, ast.Lambda):
            self._require(expr.body, call, sink)
        elif isinstance(expr, ast.Name) and expr.id in self.module.functions:
            if not self._function_returns_safe(expr.id):
                self._report(expr, call, sink)
        elif isinstance(expr, ast.Attribute) and expr.attr in {"__getitem__", "get"}:
            if not self._safe_container(expr.value, set()):
                self._report(expr, call, sink)  # TABLE.__getitem__: the table's values
        elif not self._allowed(expr):
            self._report(expr, call, sink)

    # -- values -----------------------------------------------------------------------------
    def _allowed(self, expr: ast.expr) -> bool:
        return f"{self.module.path}:{ast.unparse(expr)}" in ALLOWED

    def safe(self, expr: ast.expr | None, seen: set[str] | None = None) -> bool:
        """Whether ``expr`` is provably a constant, a number or escaped text."""
        seen = set() if seen is None else seen
        if expr is None:
            return False
        if self._allowed(expr):
            return True
        match expr:
            case ast.Constant():
                return True
            case ast.JoinedStr():
                return all(self._safe_field(v, seen) for v in expr.values)
            case ast.FormattedValue():
                return self._safe_field(expr, seen)
            case ast.BinOp(op=ast.Add() | ast.Mult()):
                return self.safe(expr.left, seen) and self.safe(expr.right, seen)
            case ast.BinOp(op=ast.Mod()):
                right = expr.right
                parts = right.elts if isinstance(right, ast.Tuple) else [right]
                return self.safe(expr.left, seen) and all(self.safe(p, seen) for p in parts)
            case ast.BinOp():
                return True  # - / // ** << >> & | ^ @ : numbers, never text
            case ast.UnaryOp() | ast.Compare() | ast.BoolOp(op=ast.And()):
                return isinstance(expr, ast.UnaryOp | ast.Compare) or all(
                    self.safe(v, seen) for v in expr.values
                )
            case ast.BoolOp():
                return all(self.safe(v, seen) for v in expr.values)
            case ast.IfExp():
                return self.safe(expr.body, seen) and self.safe(expr.orelse, seen)
            case ast.Name():
                return self._safe_name(expr, seen)
            case ast.Subscript():
                return self._safe_container(expr.value, seen)
            case ast.Call():
                return self._safe_call(expr, seen)
        return False

    def _safe_field(self, value: ast.expr, seen: set[str]) -> bool:
        if isinstance(value, ast.Constant):
            return True
        assert isinstance(value, ast.FormattedValue)
        if value.conversion in (ord("r"), ord("a")):
            return False  # repr of a string quotes the text itself
        spec = value.format_spec
        if isinstance(spec, ast.JoinedStr) and spec.values:
            last = spec.values[-1]
            if isinstance(last, ast.Constant) and str(last.value)[-1:] in NUMBER_SPEC_CHARS:
                return True  # only a number takes this format
        return self.safe(value.value, seen)

    def _bindings(self, name: ast.Name) -> list[ast.expr | None] | None:
        for _scope, bindings in self._scopes(name):
            if name.id in bindings:
                return bindings[name.id]
        return self.module.assigned.get(name.id)

    def _safe_name(self, name: ast.Name, seen: set[str]) -> bool:
        key = f"{name.id}@{name.lineno}"
        if key in seen:
            return True  # a cycle adds nothing new
        values = self._bindings(name)
        if not values:
            return False
        seen = seen | {key}
        for value in values:
            if isinstance(value, _Imported):
                other = _checker_for(value.module)
                if other is None or not other._safe_module_name(value.name):
                    return False
            elif isinstance(value, _ForItem):
                if not self._safe_loop_part(value, seen):
                    return False
            elif value is None or not self.safe(value, seen):
                return False
        return True

    def _safe_container(self, expr: ast.expr, seen: set[str]) -> bool:
        """A list/tuple/dict/set whose items (and keys) are all safe, or a name bound to one."""
        if self._allowed(expr):
            return True
        match expr:
            case ast.List() | ast.Tuple() | ast.Set():
                return all(self._safe_container(e, seen) or self.safe(e, seen) for e in expr.elts)
            case ast.Dict():
                return all(
                    (k is None or self.safe(k, seen))
                    and (self._safe_container(v, seen) or self.safe(v, seen))
                    for k, v in zip(expr.keys, expr.values, strict=True)
                )
            case ast.Name():
                values = self._bindings(expr)
                key = f"{expr.id}@{expr.lineno}"
                if not values or key in seen:
                    return bool(values)
                return all(self._safe_item(v, seen | {key}) for v in values)
            case ast.Subscript():
                return self._safe_container(expr.value, seen)
            case ast.Call(func=ast.Attribute(attr="items" | "values" | "keys")):
                return self._safe_container(expr.func.value, seen)
            case ast.Call(func=ast.Name(id="range" | "enumerate" | "sorted" | "list" | "tuple")):
                return all(self._safe_container(a, seen) or self.safe(a, seen) for a in expr.args)
            case ast.Constant():
                return True
            case ast.Call(func=ast.Name(id=name)) if not expr.args and not expr.keywords:
                # a function (of this module or imported) that returns a safe table, e.g. a
                # page's tab_labels(): {id: t("constant"), …}
                return self._returns_safe_container(name)
        return False

    def _returns_safe_container(self, name: str) -> bool:
        """Whether function ``name`` (local or imported) returns only safe containers."""
        checker: Checker | None = self
        if name not in self.module.functions:
            imported = [v for v in (self.module.assigned.get(name) or []) if v is not None]
            if not (len(imported) == 1 and isinstance(imported[0], _Imported)):
                return False
            checker, name = _checker_for(imported[0].module), imported[0].name
        if checker is None or name not in checker.module.functions:
            return False
        returns = [
            n.value for n in ast.walk(checker.module.functions[name]) if isinstance(n, ast.Return)
        ]
        return bool(returns) and all(
            r is not None and checker._safe_container(r, set()) for r in returns
        )

    def _safe_item(self, value: ast.expr | None, seen: set[str]) -> bool:
        """One value bound to a container name: a safe container, or safe items."""
        if value is None:
            return False
        if isinstance(value, _Imported):
            other = _checker_for(value.module)
            return other is not None and other._safe_module_name(value.name)
        if isinstance(value, _ForItem):
            return self._safe_container(value.iterable, seen)
        return self._safe_container(value, seen) or self.safe(value, seen)

    def _safe_loop_part(self, item: _ForItem, seen: set[str]) -> bool:
        """``x`` in ``for ..., x, ... in table``: that column of a literal table, or any item
        of a safe table."""
        if item.index is not None and isinstance(item.iterable, ast.Name):
            values = self._bindings(item.iterable)
            rows = [
                row
                for v in values or []
                if isinstance(v, ast.Tuple | ast.List)
                for row in v.elts
                if isinstance(row, ast.Tuple) and len(row.elts) > item.index
            ]
            literal = values and all(isinstance(v, ast.Tuple | ast.List) for v in values)
            if literal and rows and len(rows) == sum(len(v.elts) for v in values):
                return all(self._safe_item(row.elts[item.index], seen) for row in rows)
        return self._safe_container(item.iterable, seen)

    def _safe_module_name(self, name: str) -> bool:
        """A module-level name of this module: a safe constant/table or a safe function."""
        if name in self.module.functions:
            return self._function_returns_safe(name)
        values = self.module.assigned.get(name)
        return bool(values) and all(self._safe_item(v, set()) for v in values)

    def _is_translator(self, name: str) -> bool:
        """``name`` is only ever ``translator("domain")`` (ui.app.i18n): its texts are our
        catalogs'."""
        values = self.module.assigned.get(name)
        return bool(values) and all(
            isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "translator"
            for v in values
        )

    def _safe_translation(self, call: ast.Call, seen: set[str]) -> bool | None:
        """``t("…")`` / ``t.n("…", "…", n)`` of a translator; ``None`` if not such a call.

        The translation of a constant is ours (a catalog in the repository); a value put in
        with ``.format`` is checked like any other.
        """
        func = call.func
        if isinstance(func, ast.Name) and self._is_translator(func.id):
            args, texts = call.args, call.args
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == "n"
            and isinstance(func.value, ast.Name)
            and self._is_translator(func.value.id)
        ):
            args, texts = call.args, call.args[:2]
            if len(args) != 3 or not self.safe(args[2], seen):
                return False
        else:
            return None
        return (
            not call.keywords
            and len(texts) == (1 if args is texts else 2)
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts)
        )

    def _safe_call(self, call: ast.Call, seen: set[str]) -> bool:
        translated = self._safe_translation(call, seen)
        if translated is not None:
            return translated
        func = call.func
        if isinstance(func, ast.Name):
            if func.id == HELPER:
                return True
            if func.id in NUMBER_FUNCS:
                return True
            if func.id == "str":
                return all(self.safe(a, seen) for a in call.args)
            if func.id == "join_sentences":  # its parts, with a space or none between them
                return all(self.safe(a, seen) for a in call.args)
            if func.id in SAFE_WITH_CONSTANT_ARGS:
                return not call.keywords and all(
                    isinstance(a, ast.Constant)
                    or (
                        isinstance(a, ast.Call)
                        and isinstance(a.func, ast.Name)
                        and a.func.id in NUMBER_FUNCS
                    )
                    # a translated constant, term_md("pair", t("pairs")): our own catalog
                    or (isinstance(a, ast.Call) and self._safe_translation(a, seen) is True)
                    for a in call.args
                )
            if func.id in self.module.functions:
                return self._function_returns_safe(func.id)
            imported = [v for v in (self.module.assigned.get(func.id) or []) if v is not None]
            if len(imported) == 1 and isinstance(imported[0], _Imported):
                other = _checker_for(imported[0].module)
                return (
                    other is not None
                    and imported[0].name in other.module.functions
                    and (other._function_returns_safe(imported[0].name))
                )
            return False
        if isinstance(func, ast.Attribute):
            if func.attr == HELPER:
                return True
            if func.attr == "join":
                return self.safe(func.value, seen) and all(
                    self._safe_iterable(a, seen) for a in call.args
                )
            if func.attr == "format":
                return (
                    self.safe(func.value, seen)
                    and all(self.safe(a, seen) for a in call.args)
                    and all(self.safe(k.value, seen) for k in call.keywords)
                )
            if func.attr == "get":
                return self._safe_container(func.value, seen) and all(
                    self.safe(a, seen) for a in call.args[1:]
                )
            if func.attr in {"upper", "lower", "capitalize", "title", "strip", "rstrip", "lstrip"}:
                return self.safe(func.value, seen)
        return False

    def _safe_iterable(self, expr: ast.expr, seen: set[str]) -> bool:
        if isinstance(expr, ast.ListComp | ast.GeneratorExp | ast.SetComp):
            return self.safe(expr.elt, seen)
        return self._safe_container(expr, seen)

    def _function_returns_safe(self, name: str) -> bool:
        if name in self._function_safe:
            return self._function_safe[name]
        self._function_safe[name] = True  # recursion: assume, then check
        func = self.module.functions[name]
        returns = [n for n in ast.walk(func) if isinstance(n, ast.Return)]
        ok = bool(returns) and all(self.safe(r.value) for r in returns)
        self._function_safe[name] = ok
        return ok


def _bind_comprehension(
    target: ast.expr, iterable: ast.expr, out: dict[str, list[ast.expr | None]]
) -> None:
    if isinstance(target, ast.Name):
        out.setdefault(target.id, []).append(_ForItem(iterable))
    elif isinstance(target, ast.Tuple | ast.List):
        for elt in target.elts:
            _bind_comprehension(elt, iterable, out)


_CHECKERS: dict[str, Checker | None] = {}


def _checker_for(module: str) -> Checker | None:
    """The checker of one of our own modules (``ui.x``, ``pages.x``), to follow an import."""
    if module not in _CHECKERS:
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.is_file():  # a package: its __init__.py
            path = ROOT / module.replace(".", "/") / "__init__.py"
        if module.split(".")[0] not in {"ui", "pages"} or not path.is_file():
            _CHECKERS[module] = None
        else:
            checker = Checker(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
            _CHECKERS[module] = checker
            checker.run()
    return _CHECKERS[module]


def find_unescaped(source: str, path: str = "<snippet>") -> list[str]:
    """The markdown sinks in ``source`` that may receive text that is not provably ours."""
    return Checker(path, source).run()


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_unescaped_text_reaches_a_markdown_sink(path: Path) -> None:
    problems = find_unescaped(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert problems == [], "\n".join(problems)


# Each snippet hands text that is not provably ours to a markdown sink: the check must fail.
BAD_SNIPPETS = {
    "f-string": "def f(word):\n    st.caption(f'You typed {word}.')",
    "container": "def f(word):\n    c1, c2 = st.columns(2)\n    c1.caption(word)",
    "sidebar": "def f(word):\n    st.sidebar.error('Bad: ' + word)",
    "percent": "def f(word):\n    st.warning('Bad: %s' % word)",
    "format": "def f(word):\n    st.info('Bad: {}'.format(word))",
    "repr": "def f(n):\n    st.success(f'{n!r} is {n:,}')",
    "write": "def f(rows):\n    st.write(rows)",
    "toast": "def f(name):\n    st.toast(body=name)",
    "subheader": "def f(word):\n    st.subheader(f'How “{word}” is split')",
    "label": "def f(word):\n    st.checkbox(f'Keep {word}')",
    "help": "def f(word):\n    st.text_input('Word', help=word)",
    "expander": "def f(word):\n    with st.expander(word):\n        pass",
    "tabs": "def f(words):\n    st.tabs([w for w in words])",
    "format_func": "def f(words):\n    st.radio('Pick', words, format_func=lambda w: f'**{w}**')",
    "options": "def f(words):\n    st.pills('Pick', words)",
    "captions": "def f(words):\n    st.radio('Pick', [1, 2], captions=words)",
    "slice": "def f(word):\n    st.markdown(f'Starts with {word[:3]}')",
    "appended": (
        "def f(word):\n    problems = []\n    problems.append(f'No {word}')\n"
        "    for p in problems:\n        st.error(p)"
    ),
    "helper": "def g(w):\n    return f'[{w}](x)'\n\ndef f(word):\n    st.caption(g(word))",
    "joined": "def f(words):\n    st.caption(', '.join(w for w in words))",
    "unknown call": "def f(x):\n    st.caption(describe(x))",
    "tab wrapper": "def f(word):\n    kept_tabs('k', {'a': word}, 'shadow')",
    "term_md with text": "def f(word):\n    st.caption(term_md('tie', word))",
    "term_md with a translated word": (
        "t = translator('x')\ndef f(w):\n    st.caption(term_md('tie', t(w)))"
    ),
    "translated word": "t = translator('x')\ndef f(word):\n    st.caption(t(word))",
    "translation formatted": (
        "t = translator('x')\ndef f(word):\n    st.caption(t('You typed {w}').format(w=word))"
    ),
    "plural of a word": "t = translator('x')\ndef f(w, n):\n    st.info(t.n(w, 'many', n))",
    "not a translator": "def f(t):\n    st.caption(t('A constant'))",
}
# Each snippet is fine: constants, numbers, escaped text, our own constant tables.
GOOD_SNIPPETS = {
    "constant": "st.caption('A **bold** [glossary](glossary#tie) link.')",
    "escaped": "def f(word):\n    st.caption(f'You typed {md_escape(word)}.')",
    "numbers": "def f(n, xs):\n    st.info(f'{n:,} merges, {len(xs)} words, {n / 2:.1%}, {n:d}')",
    "table": (
        "LABELS = {'a': 'Alpha', 'b': 'Beta'}\n"
        "def f(key):\n    st.radio('Pick', list(LABELS), format_func=LABELS.__getitem__)\n"
        "    st.caption(LABELS[key] + ' chosen')"
    ),
    "local": (
        "def f(word):\n    msg = f'See {md_escape(word)}' if word else 'Nothing'\n    st.error(msg)"
    ),
    "loop": "def f():\n    for text, n in (('One', 1), ('Two', 2)):\n        st.button(text)",
    "joined": "def f(words):\n    st.caption(', '.join(md_escape(w) for w in words))",
    "term_md": "st.caption(f\"A {term_md('tie', 'tie')} here\")",
    "term_md translated": (
        "t = translator('x')\nst.caption(t('A {w}').format(w=term_md('tie', t('tie'))))"
    ),
    "not streamlit": "def f(x):\n    logger.info(x)",
    "translated": "t = translator('x')\nst.caption(t('A **bold** word'))",
    "translated and escaped": (
        "t = translator('x')\n"
        "def f(word):\n    st.caption(t('You typed {w}').format(w=md_escape(word)))"
    ),
    "translated plural": (
        "t = translator('x')\ndef f(xs):\n"
        "    st.info(t.n('{n} word', '{n} words', len(xs)).format(n=len(xs)))"
    ),
}


@pytest.mark.parametrize("name", BAD_SNIPPETS)
def test_the_check_fails_on_unescaped_text(name: str) -> None:
    assert find_unescaped(BAD_SNIPPETS[name]) != []


@pytest.mark.parametrize("name", GOOD_SNIPPETS)
def test_the_check_passes_constants_numbers_and_escaped_text(name: str) -> None:
    assert find_unescaped(GOOD_SNIPPETS[name]) == []


def test_the_check_fails_on_the_known_compare_bug() -> None:
    # the Compare page before this fix: the parser's message quotes what was typed
    source = (ROOT / "ui/views/compare/settings.py").read_text(encoding="utf-8")
    fixed = "c1.error(md_escape(problem), icon="
    assert fixed in source
    problems = find_unescaped(source.replace(fixed, "c1.error(problem, icon="))
    assert len(problems) == 1 and "'problem' reaches st.error" in problems[0]
