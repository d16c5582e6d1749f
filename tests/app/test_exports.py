"""Exports and imports: JSON keeps every recorded number; exported models import back."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from subword_core import bpe, wordpiece
from subword_core.bpe import learn
from subword_core.formats import tokenizer_json
from subword_core.text.corpus import parse_corpus
from subword_core.text.examples import example_text
from ui.study.exports import steps_json

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def test_bpe_steps_json_round_trips_the_numbers() -> None:
    result = bpe.learn({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 10)
    data = json.loads(steps_json(result.steps))
    assert len(data) == len(result.steps)
    assert data[0]["tied"] == [["e", "s"], ["s", "t"], ["t", "</w>"]]
    assert [tuple(d["merged"]) for d in data] == result.merges
    assert data[-1]["stop_reason"] == "num_merges"


def test_wordpiece_scores_stay_exact_fractions() -> None:
    result = wordpiece.learn({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 9)
    data = json.loads(steps_json(result.steps))
    assert Fraction(data[0]["best_score"]) == Fraction(1, 20)
    assert Fraction(data[1]["candidates"][0]["score"]) == Fraction(1, 36)


def _page(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _tokens_table(at: AppTest) -> str:
    body = next(el.proto.body for el in at.get("html") if "<th>tokens</th>" in el.proto.body)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("form", ["codes", "tokenizer.json"])
def test_exported_bpe_merges_imported_on_the_encode_page_encode_the_same(form: str) -> None:
    at = _page("pages/bpe_encode.py")
    at.text_input(key="bpe_encode_text").set_value("lowest newer widest loki slower")
    # what the learn page's download buttons hold (attached marker: the exportable form)
    model = learn(parse_corpus(example_text("seed-low")), 10, attach_end_of_word=True).model
    at.toggle(key="bpe_attach").set_value(True)  # the shared settings, same as the export
    at.run()
    trained = _tokens_table(at)
    at.toggle(key="bpe_encode_own").set_value(True)
    at.run()
    assert any("Paste or upload" in i.value for i in at.info)
    text = model.to_codes() if form == "codes" else tokenizer_json.dumps(model)
    at.text_area(key="bpe_codes_text").set_value(text)
    at.run()
    assert not at.exception
    assert _tokens_table(at) == trained
    assert "10 merges" in " ".join(el.proto.body for el in at.get("html"))


def test_a_broken_codes_file_is_explained_and_kept() -> None:
    at = _page("pages/bpe_encode.py")
    at.toggle(key="bpe_encode_own").set_value(True)
    at.run()
    at.text_area(key="bpe_codes_text").set_value("#version: 0.2\ne s\n<b>oops</b>\n")
    at.run()
    assert not at.exception
    assert any("not a codes file" in e.value for e in at.error)
    message = " ".join(el.proto.body for el in at.get("html"))
    assert "Line 3" in message and "&lt;b&gt;oops&lt;/b&gt;" in message
    assert at.text_area(key="bpe_codes_text").value.endswith("<b>oops</b>\n")  # kept


def test_unigram_page_offers_vocab_and_tokenizer_json() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.sidebar.radio(key="corpus__source").set_value("seed-hug")
    at.switch_page("pages/unigram.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    labels = [b.proto.label for b in at.get("download_button")]
    assert labels == [
        "Open as a notebook",
        "Steps as CSV",
        "Steps as JSON (every number recorded)",
        "sentencepiece .vocab",
        "tokenizer.json",
    ]
