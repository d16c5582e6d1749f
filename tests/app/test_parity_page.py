"""AppTest of the Parity page, and its data functions against the reference libraries."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.text.corpus import Corpus
from tests.app.conftest import html_text as _html
from ui.views.parity import settings as parity_settings
from ui.views.parity.bpe import bpe_parity
from ui.views.parity.settings import limit_corpus, missing_package
from ui.views.parity.unigram import explain_spm_error, unigram_parity
from ui.views.parity.wordpiece import wordpiece_parity

pytest.importorskip("subword_nmt")
pytest.importorskip("tokenizers")
pytest.importorskip("sentencepiece")

APP = str(Path(__file__).resolve().parents[2] / "app.py")
SEED_LOW = Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
SEED_HUG = Corpus.from_counts({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})


@pytest.fixture
def at() -> AppTest:
    """The Parity page on the default corpus (seed-low: low, lower, newest, widest)."""
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    app.switch_page("pages/parity.py")
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


# --- the data functions ------------------------------------------------------------------


def test_bpe_with_subword_nmt_conventions_agrees_exactly() -> None:
    parity = bpe_parity(SEED_LOW, 50)
    conventions = parity.rows[0]
    assert (conventions.attach, conventions.tie_break) == (True, "lexicographic")
    assert conventions.agrees and conventions.first_diff is None
    assert conventions.merges_agree == len(parity.library_merges) > 0
    assert parity.library_merges[0] == ("s", "t</w>")


def test_bpe_defaults_differ_at_the_first_merge_by_a_tie() -> None:
    rows = bpe_parity(SEED_LOW, 50).rows
    defaults = rows[1]
    assert (defaults.attach, defaults.tie_break) == (False, "first-seen")
    assert defaults.first_diff == (1, ("e", "s"), ("s", "t</w>"))
    assert defaults.tie and "same best count (9)" in defaults.why
    assert "Marker placement" in defaults.why
    # changing only the tie rule: a tie, no marker reason
    assert rows[2].tie and "Marker" not in rows[2].why
    # changing only the marker: the same tie rule, so the reason is the marker alone
    assert not rows[3].tie and rows[3].why.startswith("Marker placement")


def test_bpe_agrees_on_a_corpus_without_ties_in_either_convention() -> None:
    corpus = Corpus.from_counts({"aaab": 7, "ab": 1})
    rows = bpe_parity(corpus, 5).rows
    assert rows[0].agrees
    assert all(r.words_agree == r.words_total == 2 for r in rows[:1])


def test_wordpiece_counts_and_the_library_setting() -> None:
    parity = wordpiece_parity(SEED_LOW, 30)
    # d e i o r s t never start a word: the library still wants them word-initially
    assert parity.extra_initials == tuple("deiorst")
    assert parity.library_setting == 30 + 1 + 7
    assert "[UNK]" not in parity.library_vocab
    for row in parity.rows:
        assert row.shared + len(row.only_ours) == row.vocab_size
        assert row.words_total == 4 and 0 <= row.words_agree <= 4
    likelihood = parity.rows[0]
    assert "##st" in likelihood.only_ours  # a likelihood choice the frequency trainer skips


def test_wordpiece_too_small_a_size_is_an_app_error() -> None:
    from subword_core.errors import SubwordError

    with pytest.raises(SubwordError, match="alphabet"):
        wordpiece_parity(SEED_LOW, 3)


def test_unigram_too_large_for_the_corpus_retries_with_sentencepieces_maximum() -> None:
    parity = unigram_parity(SEED_LOW, 30)
    assert parity.used < parity.asked and parity.note is not None
    assert "at most" in parity.note
    assert parity.shared + len(parity.only_ours) == parity.used
    assert parity.words_total == 4


def test_unigram_at_a_size_the_corpus_allows() -> None:
    parity = unigram_parity(SEED_HUG, 10)
    assert parity.note is None and parity.used == 10
    assert parity.words_total == 5


def test_limit_corpus_and_missing_package() -> None:
    assert limit_corpus(SEED_LOW, 10) is SEED_LOW
    assert limit_corpus(SEED_LOW, 1).words == ("newest",)
    assert missing_package("subword_nmt") is None
    assert missing_package("surely_not_installed_xyz") == "surely_not_installed_xyz"


# --- the page ------------------------------------------------------------------------------


def test_page_reports_bpe_agreement_and_the_first_tie(at: AppTest) -> None:
    headers = [h.value for h in at.subheader]
    assert headers[:3] == [
        "BPE vs subword-nmt",
        "WordPiece vs tokenizers' WordPieceTrainer",
        "Unigram vs sentencepiece",
    ]
    bpe_table = at.dataframe[0].value
    first = bpe_table.iloc[0]
    assert first["Verdict"] == "agree" and first["First differing merge"] == "—"
    second = bpe_table.iloc[1]
    assert second["Verdict"] == "differ"
    assert second["First differing merge"] == "#1: app e + s, subword-nmt s + t</w>"
    assert "Tie broken differently" in second["Why"] and "same best count (9)" in second["Why"]


def test_page_wordpiece_and_unigram_sections_have_counts(at: AppTest) -> None:
    wp = at.dataframe[1].value
    assert list(wp["Words agreeing"]) == ["4 of 4", "4 of 4"]
    assert (wp["Tokens shared"] > 0).all()
    uni = at.dataframe[2].value
    assert uni.iloc[0]["Words agreeing"].endswith("of 4")
    assert any("at most 17" in i.value for i in at.info)
    assert "frequency-based BPE" in _html(at)


def test_page_a_too_small_wordpiece_size_is_explained(at: AppTest) -> None:
    at.number_input(key="par_wp").set_value(3).run()
    assert not at.exception
    assert any("could not run" in w.value for w in at.warning)
    assert "alphabet" in _html(at)


def test_page_without_a_library_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parity_settings, "missing_package", lambda module: "sentencepiece")
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    app.switch_page("pages/parity.py")
    app.run()
    assert not app.exception
    assert any("pip install sentencepiece" in i.value for i in app.info)
    assert not app.dataframe


def test_explain_spm_error_gives_the_size_that_works() -> None:
    message = "Vocabulary size is smaller than required_chars. 33 vs 101. Increase vocab_size"
    assert "at least 98 pieces" in explain_spm_error(message)
    assert explain_spm_error("something else").startswith("sentencepiece refused to train")


def test_page_on_the_large_pydoc_corpus_explains_sizes_below_the_alphabet(at: AppTest) -> None:
    at.sidebar.radio(key="corpus__source").set_value("pydoc").run(timeout=300)
    assert not at.exception, [e.value for e in at.exception]
    assert at.dataframe[0].value.iloc[0]["Verdict"] == "agree"
    problems = _html(at)
    assert "at least the alphabet size" in problems  # the app's WordPiece
    assert "sentencepiece needs at least" in problems  # sentencepiece's required characters
