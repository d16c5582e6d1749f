"""Each page's catalog domain and heading, read from its file: what the language tests expect.

A page file names its catalog with ``translator("…")`` and its heading with ``st.title(…)``
(a plain string, or ``t("…")``). The browser test (tests/e2e/test_language_browser.py) and
the AppTest one (tests/app/test_i18n.py) compare the page's heading with that message as the
catalog translates it, so neither writes a Chinese or Korean string out.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _string_of(node: ast.expr) -> str | None:
    """The message of ``t("…")`` or of a plain string literal, else ``None``."""
    if isinstance(node, ast.Call) and node.args:
        node = node.args[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def page_heading(file: str) -> tuple[str, str]:
    """The catalog domain and the ``st.title`` message of the page file ``file`` (relative to
    the project's root).

    >>> page_heading("pages/wordpiece.py")
    ('wordpiece', 'WordPiece')
    """
    tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
    domain = heading = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "translator":
            domain = _string_of(node.args[0])
        elif isinstance(func, ast.Attribute) and func.attr == "title" and heading is None:
            heading = _string_of(node.args[0])
    assert domain and heading, f"{file}: no translator(...) or st.title(...) found"
    return domain, heading
