"""Unigram explained for a class (issue 28, item 11): changes of the log-likelihood and removal
losses at a scale where they are visible, "about 0" when they are, and the likelihood chart
again after the first EM iteration on its own axis."""

from __future__ import annotations

import re

import pytest

from subword_core.unigram import learn
from tests.app.conftest import html_text, open_link
from ui.views.unigram.likelihood import likelihood_chart_data, zoomed_rows
from ui.views.unigram.text import change_texts, loss_text

_E_NOTATION = re.compile(r"\d(?:\.\d+)?e[-+]\d\d")


def test_changes_show_at_their_scale() -> None:
    before, after, diff = change_texts(-20.9784312, -20.9784257)
    assert before != after  # not "from −20.98 to −20.98"
    assert diff == "+0.0000055" and not _E_NOTATION.search(diff)
    assert change_texts(-20.98, -20.98 + 1e-13)[2] == "about 0"
    assert loss_text(6.5e-13) == "about 0" and loss_text(2.3e-4) == "0.00023"


@pytest.mark.parametrize(
    ("corpus", "step"), [("seed-low", 5), ("seed-low", 7), ("seed-hug", 4), ("seed-hug", 5)]
)
def test_the_training_step_reads_without_e_notation(corpus: str, step: int) -> None:
    at = open_link("unigram", {"corpus": corpus, "step": str(step)})
    assert not at.exception
    text = html_text(at)
    explanation = text[text.find("Step ") : text.find("Show the log-likelihoods as a table")]
    # the changes and the losses (probabilities may keep their e-notation: P = 3.35e-06)
    changes = re.findall(
        r"log-likelihood (?:rises|drops|stays|[+−]).{0,60}|\(loss [^)]*\)", explanation
    )
    assert changes
    for change in changes:
        assert not _E_NOTATION.search(change), change
    # the same number never shows on both sides of a change
    for before, after in re.findall(r"from (−?[\d.,]+) to (−?[\d.,]+)", explanation):
        assert before != after


def test_a_step_that_changes_nothing_says_about_0() -> None:
    at = open_link("unigram", {"corpus": "seed-low", "step": "7"})
    text = html_text(at)
    assert "stays at" in text and "about 0" in text


def test_the_zoomed_chart_leaves_out_the_seed_and_the_first_em_iteration() -> None:
    data = likelihood_chart_data(learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 15))
    zoomed = zoomed_rows(data)
    assert zoomed is not None
    assert zoomed["step"].to_pylist() == data["step"].to_pylist()[2:]
    lls = zoomed["log-likelihood"].to_pylist()
    full = data["log-likelihood"].to_pylist()
    # on the shared axis the later changes are a sliver of the range; zoomed they fill it
    assert (max(lls) - min(lls)) < (max(full) - min(full)) / 10
    at = open_link("unigram", {"corpus": "seed-low", "step": "3"})
    headings = [m.value for m in at.markdown]
    assert any(h.startswith("**Zoomed in") and "first EM iteration" in h for h in headings)
    assert len(at.get("vega_lite_chart")) >= 2
