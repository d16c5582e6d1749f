"""AppTest checks of the app shell: app.py, the sidebar corpus picker and the home page."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.errors import CorpusError
from subword_core.text.corpus import Corpus
from subword_core.text.examples import DEFAULT_EXAMPLE, EXAMPLES
from ui.app.corpus_picker import SOURCE_KEY, decode_upload

APP = str(Path(__file__).resolve().parents[2] / "app.py")
TEXT_KEY = "corpus__text"
TABLE_KEY = "corpus__table"


def _app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=60).run()


def _sidebar_html(at: AppTest) -> str:
    return "\n".join(element.proto.body for element in at.sidebar.get("html"))


def _current(at: AppTest) -> Corpus | None:
    return at.session_state["corpus__current"]


def _type(at: AppTest, text: str) -> AppTest:
    at.sidebar.radio(key=SOURCE_KEY).set_value("type").run()
    at.sidebar.text_area(key=TEXT_KEY).input(text).run()
    return at


def test_app_runs_with_the_default_example_summarised() -> None:
    at = _app()
    assert not at.exception
    assert at.sidebar.radio(key=SOURCE_KEY).value == DEFAULT_EXAMPLE
    html = _sidebar_html(at)
    assert "<strong>4</strong> distinct words" in html
    assert "<strong>16</strong> words in total" in html
    assert "one word and its count per line" in html
    assert _current(at) == Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})
    assert at.title[0].value == "Subword tokenizers, step by step"
    assert [m.value for m in at.metric] == ["4", "16", "word counts"]


def test_every_page_runs() -> None:
    at = _app()
    for page in ("pages/bpe_learn.py", "pages/bpe_encode.py", "pages/home.py"):
        at.switch_page(page).run()
        assert not at.exception, page
        assert at.sidebar.radio(key=SOURCE_KEY).value == DEFAULT_EXAMPLE


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_each_example_gives_a_corpus(key: str) -> None:
    at = _app()
    at.sidebar.radio(key=SOURCE_KEY).set_value(key).run()
    assert not at.exception
    corpus = _current(at)
    assert isinstance(corpus, Corpus) and len(corpus) > 0
    assert f"<strong>{len(corpus):,}</strong> distinct words" in _sidebar_html(at)
    assert not at.sidebar.error


def test_typing_starts_from_the_current_example() -> None:
    at = _app()
    at.sidebar.radio(key=SOURCE_KEY).set_value("seed-hug").run()
    at.sidebar.radio(key=SOURCE_KEY).set_value("type").run()
    assert at.sidebar.text_area(key=TEXT_KEY).value.splitlines()[0] == "hug 10"
    assert _current(at) is not None and _current(at).words[0] == "hug"


def test_bad_corpus_names_the_line_and_keeps_the_text() -> None:
    typed = "low 5\nlower x\nnewest 6"
    at = _type(_app(), typed)
    assert not at.exception
    assert len(at.sidebar.error) == 1
    assert at.sidebar.error[0].value == "The corpus can't be read yet: line 2 needs a fix."
    assert "Line 2: " in _sidebar_html(at)
    assert "lower x" in _sidebar_html(at)
    assert at.sidebar.text_area(key=TEXT_KEY).value == typed
    assert _current(at) is None  # the previous valid corpus is not used silently
    assert at.warning, "the home page must say there is no valid corpus"


def test_bad_text_survives_page_switches_and_other_sources() -> None:
    typed = "low 5\nlower 0"
    at = _type(_app(), typed)
    at.switch_page("pages/bpe_learn.py").run()
    assert not at.exception
    assert at.sidebar.text_area(key=TEXT_KEY).value == typed
    assert _current(at) is None
    at.sidebar.radio(key=SOURCE_KEY).set_value("seed-hug").run()
    assert _current(at) is not None
    at.sidebar.radio(key=SOURCE_KEY).set_value("type").run()
    assert at.sidebar.text_area(key=TEXT_KEY).value == typed
    assert at.sidebar.error[0].value == "The corpus can't be read yet: line 2 needs a fix."
    at.sidebar.text_area(key=TEXT_KEY).input("low 5\nlower 2").run()
    assert not at.sidebar.error
    assert _current(at) == Corpus.from_counts({"low": 5, "lower": 2})


def test_empty_corpus_is_an_error() -> None:
    at = _type(_app(), "   \n")
    assert not at.exception
    assert len(at.sidebar.error) == 1
    assert "empty" in _sidebar_html(at)
    assert _current(at) is None


def test_require_corpus_stops_a_page_with_a_message() -> None:
    def page() -> None:
        import streamlit as st

        from ui.app.corpus_picker import corpus_sidebar, require_corpus

        corpus_sidebar()
        corpus = require_corpus()
        st.text(f"page body for {len(corpus)} words")

    at = AppTest.from_function(page, default_timeout=30).run()
    assert [t.value for t in at.main.text] == ["page body for 4 words"]
    at.sidebar.radio(key=SOURCE_KEY).set_value("type").run()
    at.sidebar.text_area(key=TEXT_KEY).input("").run()
    assert not at.main.text
    assert "no valid corpus" in at.main.warning[0].value
    main_html = "\n".join(element.proto.body for element in at.main.get("html"))
    assert "The corpus is empty" in main_html  # the exact problem, escaped, in the main area


def test_current_corpus_without_the_sidebar_is_the_default_example() -> None:
    def page() -> None:
        import streamlit as st

        from ui.app.corpus_picker import require_corpus

        st.text(" ".join(require_corpus().words))

    at = AppTest.from_function(page, default_timeout=30).run()
    assert at.text[0].value == "low lower newest widest"


def test_table_edits_are_validated() -> None:
    at = _app()
    at.sidebar.radio(key=SOURCE_KEY).set_value("table").run()
    assert not at.exception
    assert _current(at) == Corpus.from_counts({"low": 5, "lower": 2, "newest": 6, "widest": 3})

    at.session_state[TABLE_KEY] = {
        "edited_rows": {1: {"count": 0}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert at.sidebar.error[0].value == "The corpus can't be read yet: row 2 needs a fix."
    assert _current(at) is None

    at.session_state[TABLE_KEY] = {
        "edited_rows": {1: {"count": 7}},
        "added_rows": [{"word": "lowest", "count": 3}, {}],
        "deleted_rows": [3],
    }
    at.run()
    assert not at.sidebar.error
    assert _current(at) == Corpus.from_counts({"low": 5, "lower": 7, "newest": 6, "lowest": 3})

    at.session_state[TABLE_KEY] = {
        "edited_rows": {},
        "added_rows": [{"word": "two words", "count": 1}],
        "deleted_rows": [],
    }
    at.run()
    assert at.sidebar.error[0].value == "The corpus can't be read yet: row 5 needs a fix."
    assert "whitespace" in _sidebar_html(at)


def test_table_edits_survive_a_trip_to_another_source() -> None:
    at = _app()
    at.sidebar.radio(key=SOURCE_KEY).set_value("table").run()
    at.session_state[TABLE_KEY] = {
        "edited_rows": {0: {"count": 50}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    edited = _current(at)
    assert edited is not None and edited.as_dict()["low"] == 50
    at.sidebar.radio(key=SOURCE_KEY).set_value("seed-hug").run()
    at.sidebar.radio(key=SOURCE_KEY).set_value("table").run()
    assert not at.exception
    assert _current(at) == edited


def test_decode_upload_utf8() -> None:
    assert decode_upload("low 5\nnewest 6\ncafé 1\n".encode()) == (
        "low 5\nnewest 6\ncafé 1\n",
        "utf-8",
    )


def test_decode_upload_utf8_with_bom() -> None:
    text, encoding = decode_upload(b"\xef\xbb\xbflow 5\n")
    assert (text, encoding) == ("low 5\n", "utf-8-sig")


def test_decode_upload_latin1_names_utf8_and_the_offset() -> None:
    data = "low 5\ncafé 2\n".encode("latin-1")
    with pytest.raises(CorpusError) as info:
        decode_upload(data)
    message = str(info.value)
    assert "UTF-8" in message
    assert "byte offset 9" in message
    assert info.value.line == 2
    assert message.startswith("Line 2: ")


def test_upload_reads_utf8_and_keeps_the_file_across_sources() -> None:
    at = _app()
    at.sidebar.radio(key=SOURCE_KEY).set_value("upload").run()
    assert not at.exception
    assert _current(at) is None
    assert "upload a .txt file" in at.main.info[0].value
    uploader = at.sidebar.get("file_uploader")[0]
    uploader.upload("words.txt", b"\xef\xbb\xbflow 5\nlower 2\n", "text/plain").run()
    assert not at.exception
    assert _current(at) == Corpus.from_counts({"low": 5, "lower": 2})
    assert "Read words.txt as UTF-8 with a byte-order mark." in _sidebar_html(at)
    at.sidebar.radio(key=SOURCE_KEY).set_value("seed-hug").run()
    at.sidebar.radio(key=SOURCE_KEY).set_value("upload").run()
    assert _current(at) == Corpus.from_counts({"low": 5, "lower": 2})
    assert "uploaded earlier" in _sidebar_html(at)


def test_upload_that_is_not_utf8_is_an_error() -> None:
    at = _app()
    at.sidebar.radio(key=SOURCE_KEY).set_value("upload").run()
    uploader = at.sidebar.get("file_uploader")[0]
    uploader.upload("latin.txt", "low 5\ncafé 2\n".encode("latin-1"), "text/plain").run()
    assert not at.exception
    assert _current(at) is None
    assert at.sidebar.error[0].value.endswith("line 2 of the file needs a fix.")
    assert "not valid UTF-8" in _sidebar_html(at)


def test_emptied_box_starts_again_from_the_next_example() -> None:
    at = _type(_app(), "")
    at.sidebar.radio(key=SOURCE_KEY).set_value("seed-hug").run()
    at.sidebar.radio(key=SOURCE_KEY).set_value("type").run()
    assert at.sidebar.text_area(key=TEXT_KEY).value.startswith("hug 10\n")
    assert not at.sidebar.error
