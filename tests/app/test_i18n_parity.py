"""The Parity page in 中文 and 한국어 (issue 18): headings, table headers, the reasons."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_link

WORDS = {
    "zh": {
        "title": "与参考库对照",
        "bpe": "BPE 对照 subword-nmt",
        "merges": "BPE 合并次数",
        "verdict": "结论",
        "why": "原因",
        "agree": "一致",
        "tie": "并列的处理方式不同",
        "count": "相同的最高频率（9）",
    },
    "ko": {
        "title": "참조 라이브러리와 비교",
        "bpe": "BPE 대 subword-nmt",
        "merges": "BPE 병합 횟수",
        "verdict": "판정",
        "why": "이유",
        "agree": "일치",
        "tie": "동률 처리 방식이 다릅니다",
        "count": "최고 빈도가 같았습니다(9)",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_parity_page_speaks_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link("parity", {"lang": lang, "corpus": "seed-low"})
    at.number_input(key="par_merges").set_value(10).run()
    assert not at.exception and not at.error
    assert at.title[0].value == words["title"]
    assert words["bpe"] in [h.value for h in at.subheader]
    assert at.number_input(key="par_merges").label == words["merges"]
    table = at.dataframe[0].value
    assert words["verdict"] in table.columns and "Verdict" not in table.columns
    assert table.iloc[0][words["verdict"]] == words["agree"]
    why = table.iloc[1][words["why"]]
    assert words["tie"] in why and words["count"] in why  # the reason, with its numbers
