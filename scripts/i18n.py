"""Extract, update and check the interface's translations (``locales/<lang>/LC_MESSAGES``).

Usage::

    python scripts/i18n.py extract   # the messages of the code, as templates (locales/templates)
    python scripts/i18n.py update    # add new messages to every .po file, drop removed ones
    python scripts/i18n.py check     # exit 1 on a missing, stale, fuzzy or untranslated entry,
                                     # or one whose files or translator's note are out of date

A file's domain is the one it names in ``t = translator("…")`` (:mod:`ui.app.i18n`); its messages
are the constant strings of its ``t("…")`` and ``t.n("…", "…", n)`` calls. Babel's own Python
extractor does not see a method call like ``t.n``, so the calls are found here with Python's
``ast`` (Babel writes and reads the catalogs). A comment line starting ``# i18n:`` right above
a call is copied into the catalog as a note for the translator. Locations are written without
line numbers, so that moving code does not change the catalogs (fewer merge conflicts).

Example::

    $ python scripts/i18n.py check
    zh/common.po: 3 untranslated: 'Next', ...
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "locales"
TARGET_LANGUAGES = ("zh", "ko")
SOURCES = ("app.py", "pages/**/*.py", "ui/**/*.py")  # subpackages included
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^{}]*)?\}")


@dataclass
class Extracted:
    """The messages of one domain: ``msgid -> (plural or None, locations, notes)``."""

    domain: str
    messages: dict[str, tuple[str | None, list[str], list[str]]] = field(default_factory=dict)


def source_files(root: Path = ROOT) -> list[Path]:
    """The files that may hold messages.

    Example::

        source_files()[0].name
        # 'app.py'
    """
    out: list[Path] = []
    for pattern in SOURCES:
        out.extend(sorted(root.glob(pattern)))
    return out


def _translator_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The names bound to ``translator("domain")`` (and ``N_`` where ``I18N_DOMAIN`` is set)
    and the domains named."""
    names: set[str] = set()
    domains: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "translator"
        ):
            args = node.value.args
            if len(args) == 1 and isinstance(args[0], ast.Constant):
                domains.add(str(args[0].value))
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.add(target.id)
        # a module without a translator that marks messages with N_("…") (ui.app.registry)
        # declares their catalog as I18N_DOMAIN = "…"
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "I18N_DOMAIN" for t in node.targets)
            and isinstance(node.value, ast.Constant)
        ):
            domains.add(str(node.value.value))
            names.add("N_")
    return names, domains


def extract_file(path: Path, root: Path = ROOT) -> tuple[str | None, list[tuple], list[str]]:
    """The domain of one file, its messages and its problems.

    Returns:
        ``(domain, [(msgid, plural, line, notes)], problems)``; ``domain`` is ``None`` for a
        file without a translator.
    """
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    rel = path.relative_to(root).as_posix()
    names, domains = _translator_names(tree)
    problems: list[str] = []
    if not domains:
        return None, [], problems
    if len(domains) > 1:
        problems.append(f"{rel}: one domain per file, found {sorted(domains)}")
    domain = sorted(domains)[0]
    lines = text.splitlines()
    found: list[tuple] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        plural_call = (
            isinstance(func, ast.Attribute)
            and func.attr == "n"
            and isinstance(func.value, ast.Name)
            and func.value.id in names
        )
        if not (plural_call or (isinstance(func, ast.Name) and func.id in names)):
            continue
        wanted = 2 if plural_call else 1
        strings = node.args[:wanted]
        if len(strings) < wanted or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in strings
        ):
            problems.append(
                f"{rel}:{node.lineno}: a translated message must be a constant string "
                "(no f-string or variable; use .format with named fields)"
            )
            continue
        notes = []
        above = node.lineno - 2
        while above >= 0 and lines[above].strip().startswith("# i18n:"):
            notes.insert(0, lines[above].strip()[len("# i18n:") :].strip())
            above -= 1
        msgid = strings[0].value
        plural = strings[1].value if plural_call else None
        found.append((msgid, plural, node.lineno, notes))
    found.sort(key=lambda item: item[2])  # in the order of the source (ast.walk is not)
    return domain, found, problems


TEXTBOOK = "subword_core/textbook/*.py"
"""The textbook code the app shows (ui/study/code_panel.py): its comments and the first paragraph of
each docstring are messages of the ``textbook`` domain, found here by the tokenizer. Only the
part of a file above its first ruler comment (``# ----``) counts: below it are the trace's
bookkeeping and ``code.py``'s machinery, which the panel never shows."""

_PRAGMAS = ("fmt:", "type:", "noqa", "pragma")


def textbook_messages(root: Path = ROOT) -> list[tuple[str, str]]:
    """``(msgid, file)`` for every comment and docstring summary of the textbook code.

    Example::

        textbook_messages()[0]
        # ('the characters: all kept', 'subword_core/textbook/unigram.py')
    """
    import io
    import tokenize

    found: list[tuple[str, str]] = []
    for path in sorted(root.glob(TEXTBOOK)):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8").split("\n# ----")[0]
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            body = tok.string[1:].strip()
            if tok.type == tokenize.COMMENT and body and not body.startswith(_PRAGMAS):
                found.append((body, rel))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and (doc := ast.get_docstring(node)):
                found.append((doc.split("\n\n")[0].replace("\n", " ").strip(), rel))
    return found


def extract(root: Path = ROOT) -> tuple[dict[str, Extracted], list[str]]:
    """Every domain's messages in the code, and the problems found.

    Example::

        domains, problems = extract()
        sorted(domains)[:2]
        # ['app', 'common']
    """
    domains: dict[str, Extracted] = {}
    problems: list[str] = []
    for path in source_files(root):
        domain, found, file_problems = extract_file(path, root)
        problems.extend(file_problems)
        if domain is None:
            continue
        ex = domains.setdefault(domain, Extracted(domain))
        rel = path.relative_to(root).as_posix()
        for msgid, plural, _line, notes in found:
            old = ex.messages.get(msgid)
            if old is None:
                ex.messages[msgid] = (plural, [rel], list(notes))
            else:
                if old[0] != plural:
                    problems.append(f"{rel}: {msgid!r} used with two different plurals")
                if rel not in old[1]:
                    old[1].append(rel)
                old[2].extend(n for n in notes if n not in old[2])
    book = domains.setdefault("textbook", Extracted("textbook"))
    for msgid, rel in textbook_messages(root):
        old = book.messages.setdefault(msgid, (None, [], ["a comment of the textbook code"]))
        if rel not in old[1]:
            old[1].append(rel)
    return domains, problems


def template(ex: Extracted) -> Catalog:
    """A catalog template (``.pot``) for one domain."""
    catalog = Catalog(domain=ex.domain, project="subword tokenizers", fuzzy=False)
    for msgid, (plural, locations, notes) in ex.messages.items():
        catalog.add(
            msgid if plural is None else (msgid, plural),
            locations=[(loc, None) for loc in locations],
            auto_comments=notes,
            flags=("python-brace-format",) if _FIELD.search(msgid) else (),
        )
    return catalog


def _po_path(lang: str, domain: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_po(fp, catalog, width=100, omit_header=False, ignore_obsolete=True)


def read_catalog(path: Path, lang: str) -> Catalog:
    """A ``.po`` file as a Babel catalog."""
    with path.open("rb") as fp:
        return read_po(fp, locale=lang)


def do_extract() -> int:
    domains, problems = extract()
    for ex in domains.values():
        _write(template(ex), LOCALES / "templates" / f"{ex.domain}.pot")
        print(f"templates/{ex.domain}.pot: {len(ex.messages)} messages")
    return _report(problems)


def do_update() -> int:
    domains, problems = extract()
    for ex in domains.values():
        pot = template(ex)
        for lang in TARGET_LANGUAGES:
            path = _po_path(lang, ex.domain)
            if path.is_file():
                catalog = read_catalog(path, lang)
            else:
                catalog = Catalog(
                    locale=lang,
                    domain=ex.domain,
                    project="subword tokenizers",
                    header_comment=_HEADER.format(domain=ex.domain, lang=lang),
                    fuzzy=False,
                )
            before = {m.id for m in catalog if m.id}
            old = _entries(catalog)
            catalog.update(
                pot,
                no_fuzzy_matching=True,
                update_header_comment=False,
                update_creation_date=False,
            )
            catalog.obsolete.clear()
            after = {m.id for m in catalog if m.id}
            if path.is_file() and _entries(catalog) == old:
                continue  # unchanged: the file is not rewritten (no date churn, no conflicts)
            _write(catalog, path)
            print(f"{lang}/{ex.domain}.po: +{len(after - before)} -{len(before - after)}")
    return _report(problems)


_HEADER = """\
# The {domain} messages of the interface in {lang}: see ui/app/i18n.py and scripts/i18n.py.
# Use the tutorials' own terms (docs/ARCHITECTURE.md, "How to translate")."""


def _entries(catalog: Catalog) -> list[tuple]:
    return [(m.id, m.string, sorted(m.locations), m.auto_comments) for m in catalog if m.id]


def fields(text: str) -> set[str]:
    """The named ``.format`` fields of a message.

    Example:
        >>> sorted(fields("Step {step} of {n:,}"))
        ['n', 'step']
    """
    return set(_FIELD.findall(text))


def check(root: Path = ROOT, locales: Path | None = None) -> list[str]:
    """Every problem with the catalogs: empty when each domain is complete in zh and ko.

    Example::

        check()
        # []
    """
    locales = LOCALES if locales is None else locales
    domains, problems = extract(root)
    for ex in domains.values():
        for lang in TARGET_LANGUAGES:
            path = locales / lang / "LC_MESSAGES" / f"{ex.domain}.po"
            name = f"{lang}/{ex.domain}.po"
            if not path.is_file():
                problems.append(f"{name}: missing (run python scripts/i18n.py update)")
                continue
            catalog = read_catalog(path, lang)
            ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
            missing = sorted(set(ex.messages) - set(ids))
            stale = sorted(set(ids) - set(ex.messages))
            if missing:
                problems.append(f"{name}: not in the catalog (run update): {_few(missing)}")
            if stale:
                problems.append(f"{name}: no longer in the code (run update): {_few(stale)}")
            untranslated, broken, outdated = [], [], []
            for msgid, message in ids.items():
                if msgid not in ex.messages:
                    continue
                _plural, where, notes = ex.messages[msgid]
                if sorted(loc for loc, _line in message.locations) != sorted(where) or list(
                    message.auto_comments
                ) != list(notes):
                    outdated.append(msgid)  # a translator looks up the files the catalog names
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.fuzzy or not all(strings):
                    untranslated.append(msgid)
                    continue
                want = fields(msgid) | (
                    fields(message.id[1]) if isinstance(message.id, tuple) else set()
                )
                if any(not fields(s) <= want for s in strings):
                    broken.append(msgid)
            if untranslated:
                problems.append(f"{name}: untranslated or fuzzy: {_few(untranslated)}")
            if broken:
                problems.append(
                    f"{name}: a {{field}} that the English does not have: {_few(broken)}"
                )
            if outdated:
                problems.append(
                    f"{name}: where a message is used, or its note for the translator, is out "
                    f"of date (run update): {_few(outdated)}"
                )
    return problems


def _few(items: Iterable[str], limit: int = 5) -> str:
    items = list(items)
    shown = ", ".join(repr(i[:50]) for i in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def _report(problems: list[str]) -> int:
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        return do_extract()
    if args.command == "update":
        return do_update()
    problems = check()
    if not problems:
        print("every message is translated in " + " and ".join(TARGET_LANGUAGES))
    return _report(problems)


if __name__ == "__main__":
    sys.exit(main())
