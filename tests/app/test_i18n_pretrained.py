"""The pretrained-tokenizer trace in 中文 and 한국어 (issue 18): summary, steps, the result."""

from __future__ import annotations

import dataclasses
import functools
import html
import re
from collections.abc import Sequence
from html.parser import HTMLParser

import pytest
from google.protobuf.json_format import MessageToDict
from streamlit.testing.v1 import AppTest

from subword_core.pretrained import SUPPORTED_NORMALIZERS, SUPPORTED_PRE_TOKENIZERS, load
from tests.app.conftest import open_link
from ui.views.pretrained.files import ASSETS, SAMPLES

WORDS = {
    "zh": {
        "title": "追踪预训练分词器",
        "text": "要编码的文本",
        "pipeline": "处理流程：",
        "merge": "合并排名 {rank}",
        "lowest": "在现有的",
        "tokens": "得到的 token",
        "ids": "id：",
    },
    "ko": {
        "title": "사전 학습된 토크나이저 추적",
        "text": "인코딩할 텍스트",
        "pipeline": "처리 과정:",
        "merge": "병합 순위 {rank}",
        "lowest": "순위가 가장 낮기 때문입니다",
        "tokens": "토큰",
        "ids": "id:",
    },
}


def _html(at: AppTest) -> str:
    return "\n".join(str(h.proto.body) for h in at.get("html"))


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_trace_speaks_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link("pretrained", {"lang": lang})
    at.radio(key="pre_source").set_value("bytebpe").run()
    at.text_area(key="pre_text").set_value("unhappiness").run()
    assert not at.exception and not at.error
    assert at.title[0].value == words["title"]
    assert at.text_area(key="pre_text").label == words["text"]
    assert words["pipeline"] in _html(at)
    trace = load({"x.json": (ASSETS / SAMPLES["bytebpe"][1]).read_bytes()}).trace("unhappiness")
    kinds = [type(s).__name__ for s in trace.steps]
    for _ in range(kinds.index("MergeStep")):
        at.button(key="pre__next").click().run()
    html = _html(at)
    rank = trace.steps[kinds.index("MergeStep")].rank  # type: ignore[union-attr]
    assert words["merge"].format(rank=f"{rank:,}") in html and words["lowest"] in html
    assert "Merge rank" not in html and "lowest rank" not in html
    at.button(key="pre__last").click().run()
    html = _html(at)
    ids = ", ".join(str(i) for i in trace.ids)
    assert words["tokens"] in html and f"{words['ids']} {ids}" in html


# --------------------------------------------------------------------------------------
# Issue 18: no English left on the page in 中文 and 한국어, on every sample and every step
# --------------------------------------------------------------------------------------

SENTENCES = {
    "zh": "我们用子词切分中文句子，再看每一步。",
    "ko": "한국어 문장을 서브워드로 나눕니다. 단계마다 봅니다!",
}
"""A typed sentence in the page's language (besides the page's own English example)."""

NAMES = (
    *SUPPORTED_NORMALIZERS,
    *SUPPORTED_PRE_TOKENIZERS,
    "BPE",
    "WordPiece",
    "Unigram",
    "Viterbi",
    "GPT-2",
    "GPT2Tokenizer",
    "BERT",
    "T5",
    "XLM-R",
    "ALBERT",
    "sentencepiece",
    "SentencePieceUnigramTokenizer",
    "tokenizers",
    "Oniguruma",
    "UTF-8",
    "Unicode",
    "ids",
    "id",
    "log P",
    "encode(text, add_special_tokens=False)",
    "precompiled_charsmap",
    "max_input_chars_per_word",
)
"""What stays as it is in every language: the file's component and type names, the libraries
and models, the API call a trace equals."""

_FILE_NAME = re.compile(r"[\w.-]*\.(?:json|txt|vocab|model)(?![A-Za-z0-9])")
_ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[\s\d,;:()/+.·–-]+[A-Za-z][A-Za-z'’-]*)+")
_SKIPPED_FIELDS = {"id", "formId", "key", "type", "icon", "iconName", "width", "height"}


class _VisibleText(HTMLParser):
    """The text a student reads in an ``st.html`` body, one piece per element: token text,
    code (patterns, code points) and styles left out."""

    _SKIP = ("code", "style", "script")

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []
        self._depth = 0  # > 0 inside something skipped
        self._stack: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "input", "hr", "wbr"):
            return
        skip = tag in self._SKIP or "sw-tok-text" in (dict(attrs).get("class") or "")
        self._stack.append(skip)
        self._depth += skip

    def handle_endtag(self, tag: str) -> None:
        if tag in ("br", "img", "input", "hr", "wbr") or not self._stack:
            return
        self._depth -= self._stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._depth and data.strip():
            self.pieces.append(data)


def _visible(text: str) -> list[str]:
    """An element's string as read: an html body's visible pieces, else the string itself."""
    if "<" not in text or ">" not in text:
        return [text]
    parser = _VisibleText()
    parser.feed(text)
    return parser.pieces


def _proto_strings(value: object, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in _SKIPPED_FIELDS:
                _proto_strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _proto_strings(item, out)
    elif isinstance(value, str):
        out.append(value)


def _page_texts(at: AppTest) -> list[str]:
    """Every string the page's elements carry (labels, options, help, markdown, html …)."""
    out: list[str] = []

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            found: list[str] = []
            _proto_strings(MessageToDict(proto), found)
            for text in found:
                out.extend(_visible(text))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at.main)
    return out


def _english_runs(texts: list[str], typed: Sequence[str]) -> set[str]:
    """Runs of two or more English words, once the names, file names and the typed text's
    words (the student's own text, and the words the trace shows) are taken out."""
    kept = sorted({w for w in typed if w.strip()}, key=len, reverse=True)
    names = [(name, _name_pattern(name)) for name in (*_NAMES_LONGEST_FIRST, *kept)]
    found: set[str] = set()
    for text in texts:
        text = re.sub(r"\\([^\w\s])", r"\1", html.unescape(text))  # markdown escapes
        text = _FILE_NAME.sub("|", text)
        for name, pattern in names:
            # a name that is not in the text cannot match: the same text, without a regex
            # pass per name (the unigram traces carry ~1,000 candidates; ~40 % of the CPU)
            if name in text:
                text = pattern.sub("|", text)
        found |= {m.group(0) for m in _ENGLISH_RUN.finditer(text)}
    return found


_NAMES_LONGEST_FIRST = sorted(NAMES, key=len, reverse=True)


@functools.cache
def _name_pattern(name: str) -> re.Pattern[str]:
    """``name`` as a whole word (no letter either side), compiled once."""
    return re.compile(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])")


def _token_texts(value: object) -> set[str]:
    """Every text a trace's steps carry (words, symbols, merge pairs, candidates, pieces)."""
    if isinstance(value, str):
        return {value}
    if dataclasses.is_dataclass(value):
        value = [getattr(value, f.name) for f in dataclasses.fields(value)]
    if isinstance(value, list | tuple):
        return set().union(*(_token_texts(item) for item in value))
    return set()


def _step_through(lang: str, source: str, text: str | None) -> tuple[set[str], int]:
    at = open_link("pretrained", {"lang": lang})
    at.radio(key="pre_source").set_value(source).run()
    if text is not None:
        at.text_area(key="pre_text").set_value(text).run()
    typed = at.text_area(key="pre_text").value or ""
    name = SAMPLES[source][1]
    trace = load({name: (ASSETS / name).read_bytes()}).trace(typed)
    words = [*trace.words, typed, *re.findall(r"[A-Za-z'’]+", typed), *_token_texts(trace)]
    leftovers = set()
    for number in range(1, len(trace.steps) + 1):
        if number > 1:
            at.button(key="pre__next").click().run()
        assert not at.exception and not at.error, (source, number)
        leftovers |= {f"step {number}: {run}" for run in _english_runs(_page_texts(at), words)}
    return leftovers, len(trace.steps)


def _no_qr_code(link: str, title: str) -> str:
    """The share box's QR code as ``ui.app.share._qr_html`` draws it, its image left empty."""
    return f'<div class="sw-qr-box"><img alt="{html.escape(title, quote=True)}" src=""></div>'


@pytest.mark.parametrize("source", sorted(SAMPLES))
@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_no_english_is_left_on_any_step(
    lang: str, source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each sample, with the page's English example and with a sentence in the language,
    stepped through to the end: no run of English words but names, files and the text.

    The sidebar's share box gets an empty QR image: the link holds the typed text and the
    step, so each step drew a new QR code of a long link (about half of this test's CPU),
    and the scan reads the page's main area only, never the sidebar or an image. The QR
    codes are checked in tests/app/test_share_students.py.
    """
    import ui.app.share

    monkeypatch.setattr(ui.app.share, "_qr_html", _no_qr_code)
    for text in (None, SENTENCES[lang]):
        leftovers, steps = _step_through(lang, source, text)
        assert steps > 3
        assert sorted(leftovers) == [], (source, text)


def test_the_scan_finds_english() -> None:
    """The scan itself: English prose is found, names, files and typed words are not."""
    texts = [
        "<div>读取了 tokenizer.json (BPE)：<code>\\p{L}+</code></div>",
        '<span class="sw-tok-text">un happy</span><b>The post-processor</b> may add',
        "Step 3 of 11",
    ]
    texts = [piece for text in texts for piece in _visible(text)]
    assert _english_runs(texts, ["Don't"]) == {"The post-processor", "may add", "Step 3 of"}
    assert _english_runs(["词 Don't panic"], ["Don't", "panic"]) == set()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "is now 8 characters"), ("ko", "이제 8글자이며"), ("zh", "现在是 8 个字符")],
)
def test_hangul_taken_apart_into_jamo_is_said(lang: str, said: str) -> None:
    """BERT's uncased normalizer strips accents through NFD, which takes every Hangul
    syllable apart (한국어: 8 jamo): the step says so, or the WordPiece tries below (one
    jamo shorter each) would look like nonsense."""
    script = (
        "from subword_core.pretrained import load\n"
        "from ui.views.pretrained.files import ASSETS, SAMPLES\n"
        "from ui.views.pretrained.steps import render_step\n"
        "name = SAMPLES['bert'][1]\n"
        "render_step(load({name: (ASSETS / name).read_bytes()}).trace('한국어 문장'), 1)\n"
    )
    at = AppTest.from_string(script, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    assert said in _html(at) and "BertNormalizer" in _html(at)
