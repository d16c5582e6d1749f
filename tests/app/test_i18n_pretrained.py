"""The pretrained-tokenizer trace in 中文 and 한국어 (issue 18): summary, steps, the result."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from subword_core.pretrained import load
from tests.app.conftest import open_link
from ui.pretrained_view import ASSETS, SAMPLES

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
