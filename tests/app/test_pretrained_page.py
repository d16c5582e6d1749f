"""The "Trace a pretrained tokenizer" page with its built-in samples (uploads: tests/e2e)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.pretrained import load
from tests.app.conftest import APP
from ui.views.pretrained.files import ASSETS, SAMPLES

PAGE = "pages/pretrained.py"


def _open(source: str, text: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(PAGE).run()
    at.radio(key="pre_source").set_value(source).run()
    if text is not None:
        at.text_area(key="pre_text").set_value(text).run()
    assert not at.exception
    return at


def _html(at: AppTest) -> str:
    return "\n".join(str(h.proto.body) for h in at.get("html"))


@pytest.mark.parametrize("source", sorted(SAMPLES))
def test_each_sample_traces_to_the_library_tokens(source: str) -> None:
    at = _open(source, "unhappiness isn't <b>bold</b>")
    name = SAMPLES[source][1]
    expected = load({name: (ASSETS / name).read_bytes()}).trace("unhappiness isn't <b>bold</b>")
    at.button(key="pre__last").click().run()
    html = _html(at)
    assert f"Step {len(expected.steps)} of {len(expected.steps)}" in html
    assert "The tokens" in html
    # the typed text reaches the page escaped only
    assert "<b>bold</b>" not in html and "&lt;" in html
    ids = ", ".join(str(i) for i in expected.ids)
    assert f"ids: {ids}" in html


def test_byte_level_steps_say_the_rank() -> None:
    at = _open("bytebpe", "unhappiness")
    trace = load({"x.json": (ASSETS / SAMPLES["bytebpe"][1]).read_bytes()}).trace("unhappiness")
    kinds = [type(s).__name__ for s in trace.steps]
    first_merge = kinds.index("MergeStep") + 1
    for _ in range(first_merge - 1):
        at.button(key="pre__next").click().run()
    html = _html(at)
    rank = trace.steps[first_merge - 1].rank  # type: ignore[union-attr]
    assert f"Merge rank {rank:,}" in html and "lowest rank" in html


def test_upload_choice_waits_for_a_file() -> None:
    at = _open("upload")
    assert any("Upload a tokenizer file" in i.value for i in at.info)
    assert not at.get("html") or "Pipeline" not in _html(at)


def test_precompiled_step_lists_what_it_replaced() -> None:
    """The T5-style sample: sentencepiece's rules, each replacement with its code points."""
    at = _open("t5", "ｆｕｌｌ\u3000width ﬁne")
    html = _html(at)
    assert "Precompiled" in html  # the pipeline
    assert "replacements, each kind once" in html  # step 1: the normalizer
    assert "U+FF46" in html and "U+3000" in html and "U+FB01" in html


def test_refusals_are_worded_by_code() -> None:
    """In English the core's message; in 한국어 a refusal is worded from its code and values,
    with the supported list (the core's names) after it."""
    import ui.app.i18n
    from subword_core.pretrained import PretrainedError
    from ui.views.pretrained.files import error_text

    regex = PretrainedError(
        "x",
        code="unsupported",
        values={"kind": "pre-tokenizer", "component": "Split", "pattern": "^a", "construct": "^"},
    )
    component = PretrainedError(
        "x", code="unsupported", values={"kind": "normalizer", "component": "ByteLevel"}
    )
    charsmap = PretrainedError("x", code="bad_charsmap")
    assert error_text(regex) == "x"  # English: the core's own sentence
    ui.app.i18n._outside_session[0] = "ko"
    try:
        text = error_text(regex)
        assert "^a" in text and "Oniguruma" in text and "Precompiled" in text, text
        assert "ByteLevel" in error_text(component)
        assert "precompiled_charsmap" in error_text(charsmap)
        assert error_text(charsmap) != "x"
    finally:
        ui.app.i18n._outside_session[0] = "en"


def test_split_and_replace_steps_show_their_pattern() -> None:
    """A Split's and a Replace's pattern reach the page, escaped (a pattern may hold < and &)."""
    import json

    doc = json.loads((ASSETS / SAMPLES["bytebpe"][1]).read_text())
    doc["normalizer"] = {"type": "Replace", "pattern": {"String": "<&>"}, "content": "x"}
    doc["pre_tokenizer"] = {
        "type": "Split",
        "pattern": {"Regex": r"\p{L}+|[<>]"},
        "behavior": "Isolated",
        "invert": False,
    }
    script = (
        "from subword_core.pretrained import load\n"
        "from ui.views.pretrained.steps import render_step\n"
        f"trace = load({{'tokenizer.json': {json.dumps(doc)!r}}}).trace('a<&>b')\n"
        "render_step(trace, 1)\n"
        "render_step(trace, 2)\n"
    )
    at = AppTest.from_string(script, default_timeout=60).run()
    assert not at.exception
    html = _html(at)
    assert "Pattern: <code>&lt;&amp;&gt;</code> replaced by <code>&#x27;x&#x27;</code>" in html
    assert "Pattern: <code>\\p{L}+|[&lt;&gt;]</code>" in html


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the tokenizers library reads an id as a whole number from 0 to 4,294,967,295"),
        ("zh", "tokenizers 库只接受 0 到 4,294,967,295 之间的整数 id"),
        ("ko", "id를 0부터 4,294,967,295까지의 정수로만 읽으므로"),
    ],
)
def test_an_upload_the_library_refuses_is_refused_in_words(lang: str, words: str) -> None:
    """A BERT-style file whose id is negative: the library refuses it, and so does the page,
    in the student's language (issue 26: it used to be traced "as the library does")."""
    import json

    doc = json.loads((ASSETS / SAMPLES["bytebpe"][1]).read_text())
    doc["model"]["vocab"]["Ġthe"] = -1
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.switch_page(PAGE).run()
    at.radio(key="pre_source").set_value("upload").run()
    at.file_uploader(key="pre_upload").upload(
        "tokenizer.json", json.dumps(doc).encode(), "application/json"
    ).run()
    assert not at.exception
    shown = "\n".join(str(m.value) for m in at.markdown) + _html(at)
    assert words in shown, shown[:2000]
    assert "Ġthe" in shown or "\\u0120the" in shown
    assert "Step 1 of" not in _html(at)  # nothing traced


@pytest.mark.parametrize(
    ("lang", "words", "refused"),
    [
        ("en", "does not keep the file&#x27;s ids: 1 of them", "has no “lstrip”"),
        ("zh", "不沿用文件里的 id：其中 1 个得到了不同的 id", "缺少“lstrip”"),
        ("ko", "파일의 id를 그대로 쓰지 않습니다. 그중 1개가", "“lstrip” 항목이 없습니다"),
    ],
)
def test_added_token_ids_and_flags_are_read_as_the_library_reads_them(
    lang: str, words: str, refused: str
) -> None:
    """The library numbers added tokens itself (the page notes a file whose ids differ), and
    refuses an added token without one of its flags (issue 31, item 2; issue 26)."""
    import json

    doc = json.loads((ASSETS / SAMPLES["bytebpe"][1]).read_text())
    (token,) = (t for t in doc["added_tokens"] if t["content"] == "<|endoftext|>")
    token["id"] = 99_999  # the library gives it the model's id of <|endoftext|>
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.switch_page(PAGE).run()
    at.radio(key="pre_source").set_value("upload").run()
    upload = at.file_uploader(key="pre_upload")
    upload.upload("tokenizer.json", json.dumps(doc).encode(), "application/json").run()
    assert not at.exception
    assert words in _html(at), _html(at)[:3000]
    del token["lstrip"]
    upload = at.file_uploader(key="pre_upload")
    upload.upload("tokenizer.json", json.dumps(doc).encode(), "application/json").run()
    shown = "\n".join(str(m.value) for m in at.markdown) + _html(at)
    assert not at.exception and refused in shown, shown[:3000]
