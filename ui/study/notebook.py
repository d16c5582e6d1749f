"""Open as a notebook: the page's corpus and settings as a Jupyter notebook to take home.

Each stepping page offers a download (:func:`notebook_button`) of an ``.ipynb`` file that
rebuilds the page's corpus and settings, walks through the algorithm's stages with the
textbook code (``subword_core/textbook/``), trains with the fast ``subword_core`` trainer,
asserts that both agree, and prints the trace's fingerprint (the last cell, which the tests
compare with the page's trace). The markdown cells are in the session's language.

The file is nbformat 4 JSON written here directly (the format is small and stable); the
tests read it back with ``nbformat`` and run it with ``nbclient``. Tie choices made on the
page are not replayed (the notebook follows the tie rule).

Example::

    notebook_button("bpe_learn", bpe_learn_cells(counts, asdict(settings)))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import streamlit as st

from ui.app.i18n import current_language, join_sentences, translator
from ui.app.limits import LIMITS

__all__ = [
    "bpe_encode_cells",
    "bpe_learn_cells",
    "byte_level_cells",
    "dropout_cells",
    "gage_cells",
    "notebook_button",
    "notebook_json",
    "unigram_cells",
    "wordpiece_cells",
]

t = translator("textbook")

Cell = tuple[str, str]
"""``("markdown" | "code", source)``."""


def notebook_json(cells: list[Cell]) -> str:
    """The cells as an nbformat 4 notebook (JSON text).

    >>> nb = json.loads(notebook_json([("markdown", "# Hi"), ("code", "1 + 1")]))
    >>> nb["nbformat"], [c["cell_type"] for c in nb["cells"]]
    (4, ['markdown', 'code'])
    """
    out = []
    for k, (kind, source) in enumerate(cells):
        cell: dict[str, Any] = {
            "cell_type": kind,
            "id": f"cell-{k}",
            "metadata": {},
            "source": source,
        }
        if kind == "code":
            cell |= {"execution_count": None, "outputs": []}
        out.append(cell)
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": out,
    }
    return json.dumps(notebook, ensure_ascii=False, indent=1)


def _literal(value: Mapping[str, Any]) -> str:
    """A dict as Python source, one entry per line when long."""
    text = repr(dict(value))
    if len(text) <= 90:
        return text
    return "{\n" + "".join(f"    {k!r}: {v!r},\n" for k, v in value.items()) + "}"


def _intro(title: str) -> Cell:
    return (
        "markdown",
        f"# {title}\n\n"
        + t(
            "This notebook rebuilds the page's corpus and settings and reproduces its steps "
            "with `subword_core`: first the textbook version, stage by stage, then the fast "
            "trainer, with a check that both agree. Run it in the project's folder (where "
            "`subword_core` is)."
        ),
    )


def _agree() -> str:
    return t(
        "## The fast trainer agrees\n\nThe app trains with the fast version; it must "
        "record exactly the steps of the textbook version."
    )


def bpe_learn_cells(counts: Mapping[str, int], settings: Mapping[str, Any]) -> list[Cell]:
    """BPE learn: ``settings`` are ``bpe.learn``'s keywords with ``num_merges``.

    >>> [kind for kind, _ in bpe_learn_cells({"hug": 10}, {"num_merges": 2})][:3]
    ['markdown', 'code', 'markdown']
    """
    return [
        _intro(t("BPE: learn merges")),
        (
            "code",
            "from subword_core import bpe\nfrom subword_core.textbook import bpe as textbook\n\n"
            f"counts = {_literal(counts)}  # the page's corpus: word -> count\n"
            f"settings = {_literal(settings)}",
        ),
        (
            "markdown",
            t(
                "## 1. Count the pairs\n\nEvery word starts as its characters; "
                "`count_pairs` counts each pair of neighbouring symbols."
            ),
        ),
        (
            "code",
            "end = settings.get('end_of_word', '</w>')\n"
            "attach = settings.get('attach_end_of_word', False)\n"
            "words = [bpe.split_word(w, end, attach) for w in counts]\n"
            "freqs = list(counts.values())\n"
            "pair_counts, first = textbook.count_pairs(words, freqs)\n"
            "sorted(pair_counts.items(), key=lambda kv: -kv[1])[:10]",
        ),
        (
            "markdown",
            t(
                "## 2. Merge, step by step\n\nEach `merge_step` counts again, takes "
                "the most frequent pair and merges it in every word."
            ),
        ),
        (
            "code",
            "tie = settings.get('tie_break', 'first-seen')\n"
            "low = settings.get('min_frequency', 2)\n"
            "for number in range(1, settings['num_merges'] + 1):\n"
            "    best = textbook.merge_step(words, freqs, tie, low)\n"
            "    if best is None:\n"
            "        break\n"
            "    print(number, best)",
        ),
        ("markdown", _agree()),
        (
            "code",
            "result = bpe.learn(counts, **settings)\n"
            "steps, final = textbook.trace(counts, **settings)\n"
            "assert result.steps == steps\n"
            "print(len(steps), 'steps agree')",
        ),
        ("code", "import json\nprint(json.dumps([s.merged for s in result.steps]))"),
    ]


def byte_level_cells(counts: Mapping[str, int], settings: Mapping[str, Any]) -> list[Cell]:
    """Byte-level BPE: ``settings`` are ``byte_level.learn``'s keywords with ``num_merges``.

    >>> len(byte_level_cells({"hug": 10}, {"num_merges": 2}))
    6
    """
    return [
        _intro(t("Byte-level BPE")),
        (
            "code",
            "from subword_core import byte_level\n"
            "from subword_core.textbook import bpe as textbook\n\n"
            f"counts = {_literal(counts)}  # the page's corpus: word -> count\n"
            f"settings = {_literal(settings)}",
        ),
        (
            "markdown",
            t(
                "## 1. Bytes\n\nEvery word becomes its UTF-8 bytes, each drawn as one "
                "character (a space is Ġ); BPE then merges bytes."
            ),
        ),
        (
            "code",
            "result = byte_level.learn(counts, **settings)\n"
            "byte_counts = dict(result.corpus)\n"
            "list(byte_counts.items())[:5]",
        ),
        (
            "code",
            "keep = ('min_frequency', 'tie_break')\n"
            "options = {k: v for k, v in settings.items() if k in keep}\n"
            "steps, final = textbook.trace(byte_counts, settings['num_merges'], "
            "end_of_word='', **options)\n"
            "assert result.steps == steps\n"
            "print(len(steps), 'steps agree')",
        ),
        ("code", "import json\nprint(json.dumps([s.merged for s in result.steps]))"),
    ]


def wordpiece_cells(counts: Mapping[str, int], settings: Mapping[str, Any]) -> list[Cell]:
    """WordPiece: ``settings`` are ``vocab_size``, ``scoring`` and ``tie_break``.

    >>> len(wordpiece_cells({"hug": 10}, {"vocab_size": 5}))
    8
    """
    return [
        _intro(t("WordPiece")),
        (
            "code",
            "from subword_core import wordpiece\n"
            "from subword_core.textbook import wordpiece as textbook\n\n"
            f"counts = {_literal(counts)}  # the page's corpus: word -> count\n"
            f"settings = {_literal(settings)}",
        ),
        (
            "markdown",
            t(
                "## 1. Score the pairs\n\nA pair's score is its count divided by the "
                "counts of its two parts."
            ),
        ),
        (
            "code",
            "words = [textbook.split_word(w) for w in counts]\n"
            "freqs = list(counts.values())\n"
            "vocab = textbook.alphabet(counts)\n"
            "options = {k: v for k, v in settings.items() if k in ('scoring', 'tie_break')}\n"
            "while len(vocab) < settings['vocab_size']:\n"
            "    best = textbook.merge_step(words, freqs, **options)\n"
            "    if best is None:\n"
            "        break\n"
            "    vocab.add(textbook.merged_token(best))\n"
            "    print(best, '->', textbook.merged_token(best))",
        ),
        ("markdown", t("## 2. Encode a word\n\nLongest match first.")),
        ("code", "[textbook.encode(w, vocab) for w in list(counts)[:5]]"),
        ("markdown", _agree()),
        (
            "code",
            "result = wordpiece.learn(counts, **settings)\n"
            "steps, final = textbook.trace(counts, **settings)\n"
            "assert result.steps == steps\n"
            "import json\nprint(json.dumps([s.merged for s in result.steps]))",
        ),
    ]


def unigram_cells(counts: Mapping[str, int], settings: Mapping[str, Any]) -> list[Cell]:
    """Unigram: ``settings`` are ``unigram.learn``'s keywords with ``vocab_size`` (the
    textbook covers a seed of substrings or a given list (``seed_vocab``), kept or pruned
    characters (``keep_single_chars``), and the plain or the digamma M-step).

    >>> len(unigram_cells({"hug": 10}, {"vocab_size": 5}))
    10
    >>> "seed_given" in unigram_cells({"hug": 10}, {"vocab_size": 5, "seed_vocab": ["hu"]})[3][1]
    True
    """
    given = settings.get("seed_vocab") is not None
    seed_code = (
        "seed = textbook.seed_given(words, freqs, settings['seed_vocab'])\n"
        if given
        else "seed = textbook.seed(words, freqs, settings.get('seed_size', 1000), "
        "settings.get('max_piece_length', 16))\n"
    )
    seed_text = (
        t("## 1. Seed\n\nThe pieces of the given list that occur, and every character, with "
          "their counts.")
        if given
        else t("## 1. Seed\n\nEvery character and the most frequent substrings, with their "
               "counts.")
    )  # fmt: skip
    em_text = t(
        "## 2. EM\n\nExpected counts from every word's lattice (E-step), "
        "then new probabilities (M-step)."
    )
    if settings.get("digamma"):
        em_text = join_sentences(
            em_text, t("Here the M-step is the digamma one: log p = ψ(count) − ψ(total).")
        )
    prune_text = t(
        "## 3. Prune\n\nEach piece's loss: how much the likelihood drops "
        "without it. The pieces with the highest loss stay."
    )
    if settings.get("keep_single_chars") is False:
        prune_text = join_sentences(
            prune_text,
            t(
                "Here single characters compete too: where a pruned character occurs, the word "
                "gets an unknown node scored the lowest piece score minus 10."
            ),
        )
    return [
        _intro(t("Unigram LM")),
        (
            "code",
            "import math\nfrom subword_core import unigram\n"
            "from subword_core.textbook import unigram as textbook\n\n"
            f"counts = {_literal(counts)}  # the page's corpus: word -> count\n"
            f"settings = {_literal(settings)}\n"
            "marker = settings.get('word_start', '')\n"
            "words = [marker + w for w in counts]\nfreqs = list(counts.values())\n"
            "m_step = textbook.em_step_digamma if settings.get('digamma') else textbook.em_step",
        ),
        ("markdown", seed_text),
        ("code", seed_code + "logp = textbook.probabilities(seed)\nlen(logp)"),
        ("markdown", em_text),
        ("code", "logp, expected, ll = m_step(logp, words, freqs)\nll"),
        ("markdown", prune_text),
        (
            "code",
            "kept, loss = textbook.prune_step(logp, words, freqs, settings['vocab_size'], "
            "settings.get('shrinking_factor', 0.75), settings.get('keep_single_chars', True))\n"
            "sorted(loss.items(), key=lambda kv: -kv[1])[:10]",
        ),
        ("markdown", _agree()),
        ("code", _unigram_agree_code(given or bool(settings.get("digamma")))),
    ]


def _unigram_agree_code(own_loop: bool) -> str:
    """The notebook's check that the textbook and the fast trainer agree: ``textbook.trace``
    (substrings, plain M-step), else the stages replayed in a loop (a given seed list or
    the digamma M-step) and compared step by step with the fast trace."""
    if own_loop:
        compare = (
            "logp = textbook.probabilities(seed)\n"
            "kinds, lls = ['seed'], []\n"
            "while True:\n"
            "    final = len(logp) <= settings['vocab_size']\n"
            "    for _ in range(settings.get('em_iterations', 2)):\n"
            "        logp, _, ll = m_step(logp, words, freqs)\n"
            "        kinds.append('em')\n"
            "        lls.append(ll)\n"
            "    if final:\n"
            "        break\n"
            "    logp, _ = textbook.prune_step(logp, words, freqs, settings['vocab_size'], "
            "settings.get('shrinking_factor', 0.75), settings.get('keep_single_chars', True))\n"
            "    kinds.append('prune')\n"
            "assert kinds == [s.kind for s in result.steps]\n"
            "fast = [s.log_likelihood_before for s in result.steps if s.kind == 'em']\n"
            "for mine, theirs in zip(lls, fast, strict=True):\n"
            "    assert math.isclose(mine, theirs, rel_tol=1e-6)\n"
        )
    else:
        compare = (
            "options = {k: v for k, v in settings.items() if k != 'vocab_size'}\n"
            "steps = textbook.trace(counts, settings['vocab_size'], **options)\n"
            "assert [s.kind for s in steps] == [s.kind for s in result.steps]\n"
            "# floating point: the same likelihoods up to rounding (equal losses may be\n"
            "# broken either way, which changes no likelihood)\n"
            "for mine, fast in zip(steps, result.steps):\n"
            "    if mine.kind == 'em':\n"
            "        assert math.isclose(mine.log_likelihood, fast.log_likelihood, "
            "rel_tol=1e-6)\n"
        )
    return (
        "result = unigram.learn(counts, **settings)\n" + compare + "import json\n"
        "print(json.dumps([[s.kind, s.vocab_size if s.kind != 'prune' else s.vocab_after]"
        " for s in result.steps]))"
    )


def gage_cells(text: str, symbols: str) -> list[Cell]:
    """Gage's compression of ``text`` with the new ``symbols`` in order.

    >>> len(gage_cells("abab", "Z"))
    5
    """
    return [
        _intro(t("Gage's compression")),
        (
            "code",
            "from subword_core import gage\nfrom subword_core.textbook import gage as textbook\n\n"
            f"text = {text!r}\nsymbols = {symbols!r}",
        ),
        ("markdown", t("## 1. Replace the most frequent pair, again and again")),
        (
            "code",
            "short, table = textbook.compress(text, symbols)\nshort, table",
        ),
        (
            "code",
            "result = gage.compress(text, symbols)\n"
            "assert [''.join(s.pair) for s in result.replacements] == list(table.values())\n"
            "import json\n"
            "print(json.dumps([s.pair for s in result.steps]))",
        ),
    ]


def _model_code(model: Any) -> str:
    """Python source that rebuilds a ``BPEModel`` (its merges and marker conventions)."""
    unknown = ""
    if model.unk_token is not None and model.alphabet is not None:
        unknown = f", unk_token={model.unk_token!r}, alphabet=frozenset({sorted(model.alphabet)!r})"
    return (
        f"merges = {list(model.merges)!r}\n"
        f"model = bpe.BPEModel(merges, end_of_word={model.end_of_word!r}, "
        f"attach_end_of_word={model.attach_end_of_word!r}{unknown})\n"
        "ranks = {pair: rank + 1 for pair, rank in model.ranks.items()}  # merge numbers"
    )


def bpe_encode_cells(model: Any, words: list[str]) -> list[Cell]:
    """BPE encode: ``model`` (a ``BPEModel``) applied to ``words`` by merge priority.

    >>> from subword_core import bpe
    >>> len(bpe_encode_cells(bpe.BPEModel((("u", "g"),)), ["hug"]))
    5
    """
    return [
        _intro(t("BPE: encode with merges")),
        (
            "code",
            "from subword_core import bpe\nfrom subword_core.textbook import bpe as "
            f"textbook\n\n{_model_code(model)}\nwords = {words!r}",
        ),
        (
            "markdown",
            t(
                "## 1. Merge by priority\n\nEach `encode_step` merges the learned "
                "pair with the lowest merge number, until no pair of the word was "
                "learned."
            ),
        ),
        (
            "code",
            "def encode(word):\n"
            "    symbols = model.symbols(word)\n"
            "    while (after := textbook.encode_step(symbols, ranks)) is not None:\n"
            "        print(' '.join(symbols), '->', ' '.join(after))\n"
            "        symbols = after\n"
            "    return symbols\n\n"
            "mine = [encode(w) for w in words]",
        ),
        (
            "code",
            "assert mine == [model.encode(w) for w in words]  # the fast encoder agrees\n"
            "import json\nprint(json.dumps(mine))",
        ),
    ]


def dropout_cells(model: Any, word: str, p: float, seed: int) -> list[Cell]:
    """BPE-dropout: one replayable draw of ``word`` with probability ``p`` and ``seed``.

    >>> from subword_core import bpe
    >>> len(dropout_cells(bpe.BPEModel((("u", "g"),)), "hug", 0.3, 0))
    5
    """
    return [
        _intro(t("BPE-dropout")),
        (
            "code",
            "import random\nfrom subword_core import bpe\nfrom subword_core.textbook "
            f"import bpe as textbook\n\n{_model_code(model)}\nword = {word!r}\n"
            f"p = {p!r}\nseed = {seed!r}",
        ),
        (
            "markdown",
            t(
                "## 1. Drop pairs, then merge by priority\n\nIn every step each pair "
                "of the word is dropped with probability p; the learned pair with the "
                "lowest merge number among the others is merged."
            ),
        ),
        (
            "code",
            "rng = random.Random(seed)\nsymbols = model.symbols(word)\n"
            "while (after := textbook.dropout_step(symbols, ranks, p, rng)) is not None:\n"
            "    print(' '.join(symbols), '->', ' '.join(after))\n"
            "    symbols = after",
        ),
        (
            "code",
            "fast = model.encode_steps(word, dropout=p, rng=random.Random(seed))[-1].result\n"
            "assert symbols == list(fast)  # the same draw in the fast encoder\n"
            "import json\nprint(json.dumps(symbols))",
        ),
    ]


def notebook_button(name: str, cells: list[Cell]) -> None:
    """A download button for the notebook (``name``: the file's stem and the widget key).

    Example::

        notebook_button("gage", gage_cells(text, symbols))
    """
    st.download_button(
        t("Open as a notebook"),
        data=notebook_json(cells).encode("utf-8"),
        file_name=f"{name}_{current_language()}.ipynb",
        mime="application/x-ipynb+json",
        key=f"{name}_notebook",
        icon=":material/download:",
        help=t("A Jupyter notebook with this page's corpus and settings, to run at home."),
    )


_FIELDS = {
    "bpe_learn": ("num_merges", "min_frequency", "end_of_word", "attach_end_of_word", "tie_break"),
    "byte_level": ("num_merges", "min_frequency", "tie_break", "add_prefix_space"),
    "wordpiece": ("vocab_size", "scoring", "tie_break"),
    "unigram": ("vocab_size", "seed_size", "max_piece_length", "shrinking_factor",
                "em_iterations", "word_start"),
}  # fmt: skip
_BUILDERS = {
    "bpe_learn": bpe_learn_cells,
    "byte_level": byte_level_cells,
    "wordpiece": wordpiece_cells,
    "unigram": unigram_cells,
}


def page_cells(page: str, corpus: Mapping[str, int], settings: object) -> list[Cell] | None:
    """The notebook of a learning page from its corpus and settings object (``None`` where
    the textbook does not cover the settings: another WordPiece prefix).

    >>> from types import SimpleNamespace
    >>> cells = page_cells("wordpiece", {"hug": 3}, SimpleNamespace(
    ...     vocab_size=5, scoring="likelihood", tie_break="first-seen", prefix="##"))
    >>> "'vocab_size': 5" in cells[1][1]
    True
    """
    get = settings.__getattribute__
    if page == "wordpiece" and get("prefix") != "##":
        return None
    values = {name: get(name) for name in _FIELDS[page]}
    if page == "unigram" and values["seed_size"] is None:
        values["seed_size"] = max(5 * values["vocab_size"], 1000)  # unigram.learn's default
    if page == "unigram" and get("seed_list") is not None:
        values["seed_vocab"] = list(get("seed_list"))
    if page == "unigram" and get("digamma"):
        values["digamma"] = True
    if page == "unigram" and not get("keep_single_chars"):
        values["keep_single_chars"] = False
    return _BUILDERS[page](dict(corpus), values)


def offer_notebook(page: str, corpus: Mapping[str, int], settings: object) -> None:
    """The "Open as a notebook" button of a learning page (nothing where not covered).

    Example::

        offer_notebook("bpe_learn", corpus.as_dict(), settings)
    """
    if len(corpus) > LIMITS.notebook_words:
        st.caption(
            t("Open as a notebook: offered for corpora of up to {most} distinct words.").format(
                most=f"{LIMITS.notebook_words:,}"
            )
        )
        return
    cells = page_cells(page, corpus, settings)
    if cells is not None:
        notebook_button(page, cells)
