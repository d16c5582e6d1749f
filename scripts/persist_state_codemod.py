"""Convert the views' kept widgets to ``persist_state="session"`` (issue 27, item 3).

Usage::

    python scripts/persist_state_codemod.py            # rewrite ui/**/*.py and pages/*.py
    python scripts/persist_state_codemod.py --check    # list what it would change; exit 1 if any
    python scripts/persist_state_codemod.py ui/views/bpe/settings.py …   # only these files

The edit is mechanical: a widget drawn with ``on_change=remember, args=(KEY, "name")`` is drawn
with ``persist_state=persisted("name")`` (``"session"``, noted for ``restore_widgets``) and no
callback; add ``persisted`` to the file's ``from ui.app.common import …``. ``restore_widgets(KEY,
DEFAULTS)`` stays the one call that sets the defaults and hands a link's or a class's values to
the widgets (:func:`ui.app.common.restore_widgets`). A widget with its own ``on_change`` that calls
``remember`` inside is left to the reader (add ``persist_state=persisted(key)`` by hand; the
``remember`` call may stay). Run ``ruff check --fix`` after it: a ``remember`` import no longer
used goes. A dict of keyword arguments (``ui/unigram_view.py``'s ``keep()``) is edited by hand
the same way: ``{"key": key, "persist_state": persisted(key)}``. Widgets inside a step player's
fragment keep ``remember``: a fragment-only rerun does not pass through ``restore_widgets``, and
the shareable link would lag one run.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PATTERN = re.compile(r"on_change=remember,\s*args=\(\s*[^,()]+,\s*(?P<key>[^()]+?)\s*\),")
"""``on_change=remember,`` then (maybe on the next line) ``args=(KEY, key),``."""


def convert(text: str) -> tuple[str, int]:
    """The text with every ``remember`` callback replaced by ``persist_state=persisted(key)``.

    Example:
        >>> convert('st.toggle("x", key="k", on_change=remember, args=(W, "k"), help="h")')
        ('st.toggle("x", key="k", persist_state=persisted("k"), help="h")', 1)
        >>> convert('x(\\n    on_change=remember,\\n    args=(spec.shadow, spec.key),\\n)')
        ('x(\\n    persist_state=persisted(spec.key),\\n)', 1)
    """
    return PATTERN.subn(r"persist_state=persisted(\g<key>),", text)


def main(argv: list[str] | None = None) -> int:
    """Rewrite the given files (default: ``ui/**/*.py``, ``pages/*.py``); 1 if ``--check``
    finds something to change."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true", help="only list; exit 1 if any")
    args = parser.parse_args(argv)
    files = args.files or sorted([*ROOT.glob("ui/**/*.py"), *ROOT.glob("pages/*.py")])
    total = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        new, count = convert(text)
        if count:
            total += count
            print(f"{path}: {count} widget(s)")
            if not args.check:
                path.write_text(new, encoding="utf-8")
    print(f"{total} widget(s) {'to convert' if args.check else 'converted'}")
    return 1 if args.check and total else 0


if __name__ == "__main__":
    sys.exit(main())
