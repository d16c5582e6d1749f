"""Open as a notebook: every page's notebook executes, in order, in a Jupyter kernel
(nbclient + ipykernel) and its last cell prints the trace the page shows (here computed with
the page's own trainer and settings).

One kernel per test worker runs the notebooks one after the other (starting a kernel and
importing ``subword_core`` in it cost more than most notebooks); ``%reset -f`` empties its
namespace before each one, so each notebook still runs on a namespace of its own: a cell that
uses a name an earlier notebook defined fails with ``NameError``, as in a fresh kernel
(``test_each_notebook_starts_on_an_empty_namespace`` proves it).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from subword_core import bpe, byte_level, gage, unigram, wordpiece
from ui.study import notebook

ROOT = Path(__file__).resolve().parents[2]
COUNTS = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


_KERNEL: list[KernelManager] = []


@pytest.fixture(scope="module", autouse=True)
def _one_kernel() -> Iterator[None]:
    """One kernel for this module's notebooks, started in the project's folder (where the
    notebooks say to run them) and shut down after the last one."""
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(ROOT))
    _KERNEL.append(km)
    yield
    _KERNEL.remove(km)
    km.shutdown_kernel(now=True)


def _execute(nb: nbformat.NotebookNode) -> None:
    """Execute ``nb`` in the module's kernel, on an emptied namespace (``%reset -f``)."""
    km = _KERNEL[-1]
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        reply = kc.execute_interactive("%reset -f", timeout=120, output_hook=lambda msg: None)
        assert reply["content"]["status"] == "ok", reply["content"]
    finally:
        kc.stop_channels()
    client = NotebookClient(nb, km=km, timeout=120, kernel_name="python3")
    try:
        client.execute()
    finally:
        if client.kc is not None:
            client.kc.stop_channels()


def run(cells: list) -> tuple[nbformat.NotebookNode, object]:
    """Execute the notebook; return it and the JSON its last cell printed."""
    nb = nbformat.reads(notebook.notebook_json(cells), as_version=4)
    nbformat.validate(nb)
    _execute(nb)
    out = nb.cells[-1].outputs
    text = "".join(o.get("text", "") for o in out if o.output_type == "stream")
    return nb, json.loads(text.strip().splitlines()[-1])


def pairs(items: list) -> list:
    return [list(p) if p is not None else None for p in items]


def test_bpe_learn_notebook() -> None:
    settings = {"num_merges": 12, "min_frequency": 2, "end_of_word": "</w>",
                "attach_end_of_word": False, "tie_break": "first-seen"}  # fmt: skip
    page = bpe.learn(COUNTS, **settings)  # type: ignore[arg-type]
    nb, printed = run(notebook.bpe_learn_cells(COUNTS, settings))
    assert printed == pairs([s.merged for s in page.steps])
    assert [c.cell_type for c in nb.cells].count("markdown") >= 3


def test_byte_level_notebook() -> None:
    settings = {"num_merges": 15, "min_frequency": 2, "tie_break": "first-seen",
                "add_prefix_space": True}  # fmt: skip
    page = byte_level.learn(COUNTS, **settings)  # type: ignore[arg-type]
    _, printed = run(notebook.byte_level_cells(COUNTS, settings))
    assert printed == pairs([s.merged for s in page.steps])


def test_wordpiece_notebook() -> None:
    settings = {"vocab_size": 20, "scoring": "likelihood", "tie_break": "first-seen"}
    page = wordpiece.learn(COUNTS, **settings)  # type: ignore[arg-type]
    _, printed = run(notebook.wordpiece_cells(COUNTS, settings))
    assert printed == pairs([s.merged for s in page.steps])


def test_unigram_notebook() -> None:
    settings = {"vocab_size": 14, "seed_size": 1000, "max_piece_length": 16,
                "shrinking_factor": 0.75, "em_iterations": 2, "word_start": "▁"}  # fmt: skip
    page = unigram.learn(COUNTS, **settings)  # type: ignore[arg-type]
    _, printed = run(notebook.unigram_cells(COUNTS, settings))
    expected = [[s.kind, s.vocab_after if s.kind == "prune" else s.vocab_size] for s in page.steps]
    assert printed == expected


def test_gage_notebook() -> None:
    page = gage.compress("aaabdaaabac")
    symbols = "".join(s.symbol for s in page.replacements if s.symbol)
    _, printed = run(notebook.gage_cells("aaabdaaabac", symbols))
    assert printed == pairs([s.pair for s in page.steps])


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_markdown_cells_follow_the_language(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.app import i18n

    def markdown() -> list[str]:
        return [src for kind, src in notebook.bpe_learn_cells(COUNTS, {"num_merges": 3})
                if kind == "markdown"]  # fmt: skip

    english = markdown()
    monkeypatch.setattr(i18n, "current_language", lambda: lang)
    translated = markdown()
    assert len(translated) == len(english)
    assert all(a != b for a, b in zip(english, translated, strict=True))
    assert all(any(ord(ch) > 0x2E80 for ch in text) for text in translated)


def test_bpe_encode_notebook() -> None:
    model = bpe.learn(COUNTS, 10).model
    words = ["lowest", "newer", "wider", "x"]
    _, printed = run(notebook.bpe_encode_cells(model, words))
    assert printed == [model.encode(w) for w in words]


def test_bpe_encode_notebook_with_unknown_characters() -> None:
    model = dataclasses.replace(bpe.learn(COUNTS, 10).model, unk_token="[UNK]")
    model = dataclasses.replace(model, alphabet=frozenset("lowernstid"))
    _, printed = run(notebook.bpe_encode_cells(model, ["xlow"]))
    assert printed == [model.encode("xlow")]


@pytest.mark.parametrize(("p", "seed"), [(0.3, 0), (0.5, 7)])
def test_dropout_notebook(p: float, seed: int) -> None:
    model = bpe.learn(COUNTS, 10).model
    _, printed = run(notebook.dropout_cells(model, "lowest", p, seed))
    expected = model.encode_steps("lowest", dropout=p, rng=random.Random(seed))[-1].result
    assert printed == list(expected)


SEED_001_COUNTS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
SEED_001 = ["h", "u", "g", "hu", "ug", "p", "pu", "n", "un", "b", "bu", "s", "hug", "gs", "ugs"]


@pytest.mark.parametrize(("given", "digamma"), [(SEED_001, False), (SEED_001, True), (None, True)])
def test_unigram_notebook_with_a_given_seed_or_the_digamma_m_step(
    given: list[str] | None, digamma: bool
) -> None:
    """A given seed list (textbook ``seed_given``) and the digamma M-step
    (``em_step_digamma``): the notebook replays the stages and agrees with the fast trainer."""
    settings = {"vocab_size": 8, "seed_size": 1000, "max_piece_length": 16,
                "shrinking_factor": 0.75, "em_iterations": 2, "word_start": "",
                "seed_vocab": given, "digamma": digamma}  # fmt: skip
    if given is None:
        del settings["seed_vocab"]
    page = unigram.learn(SEED_001_COUNTS, **settings)  # type: ignore[arg-type]
    cells = notebook.unigram_cells(SEED_001_COUNTS, settings)
    sources = "\n".join(src for _, src in cells)
    assert ("seed_given" in sources) is (given is not None)
    _, printed = run(cells)
    expected = [[s.kind, s.vocab_after if s.kind == "prune" else s.vocab_size] for s in page.steps]
    assert printed == expected


def test_page_cells_cover_a_given_seed_and_digamma() -> None:
    """``page_cells`` (the page's "Open as a notebook") no longer refuses a given seed list,
    the digamma M-step or pruned single characters."""
    from types import SimpleNamespace

    base = {"vocab_size": 8, "seed_size": None, "max_piece_length": 16,
            "shrinking_factor": 0.75, "em_iterations": 2, "word_start": "",
            "seed_list": tuple(SEED_001), "digamma": True, "keep_single_chars": True}  # fmt: skip
    cells = notebook.page_cells("unigram", SEED_001_COUNTS, SimpleNamespace(**base))
    assert cells is not None
    assert "'seed_vocab': [" in cells[1][1] and "'digamma': True" in cells[1][1]
    assert "keep_single_chars" not in cells[1][1]
    pruned = SimpleNamespace(**{**base, "keep_single_chars": False})
    cells = notebook.page_cells("unigram", SEED_001_COUNTS, pruned)
    assert cells is not None and "'keep_single_chars': False" in cells[1][1]


@pytest.mark.parametrize(("given", "digamma"), [(None, False), (SEED_001, False), (None, True)])
def test_unigram_notebook_with_pruned_characters(given: list[str] | None, digamma: bool) -> None:
    """``keep_single_chars=False`` (the page's "Always keep single characters" off): the
    notebook's textbook prunes characters too (``textbook.trace``, or the stages replayed for
    a given seed or the digamma M-step) and agrees with the page's trace, which prunes some."""
    from types import SimpleNamespace

    page_settings = SimpleNamespace(
        vocab_size=8, seed_size=None, max_piece_length=16, shrinking_factor=0.75,
        em_iterations=2, word_start="", seed_list=None if given is None else tuple(given),
        digamma=digamma, keep_single_chars=False,
    )  # fmt: skip
    cells = notebook.page_cells("unigram", SEED_001_COUNTS, page_settings)
    assert cells is not None
    page = unigram.learn(
        SEED_001_COUNTS, 8, seed_vocab=given, digamma=digamma, keep_single_chars=False
    )
    removed = {p for s in page.steps if isinstance(s, unigram.PruneStep) for p in s.removed}
    assert any(len(p) == 1 for p in removed)
    _, printed = run(cells)
    expected = [[s.kind, s.vocab_after if s.kind == "prune" else s.vocab_size] for s in page.steps]
    assert printed == expected


def test_each_notebook_starts_on_an_empty_namespace() -> None:
    """The shared kernel keeps no name from one notebook to the next: a notebook that uses a
    name the one before it defined fails as it would in a fresh kernel."""
    first = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("left_over = 1")])
    _execute(first)
    second = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("left_over")])
    with pytest.raises(CellExecutionError, match="NameError"):
        _execute(second)
