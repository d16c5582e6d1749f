"""The Unigram page in 中文 and 한국어: settings, step sentences, EM and pruning, the lattice."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import html_text as _text
from tests.app.conftest import open_link

LINK = {"corpus": "seed-hug"}


WORDS = {
    "zh": {
        "title": "Unigram 语言模型",
        "size": "词表大小",
        "tab": "切分一个词",
        "seed": r"第 1 步：初始词表（\d+ 个子词）",
        "count": r"所有次数之和 [\d,]+ 。",
        "em": "E 步：",
        "prune": r"第 \d+ 步：第 1 轮剪枝，[\d,]+ → [\d,]+ 个子词",
        "loss": "删除损失",
        "lattice": "切分网格：所有能放进去的子词，以及最佳路径",
        "viterbi": r"是“\w+”概率最高的切分（Viterbi）：log P = −[\d.]+",
    },
    "ko": {
        "title": "유니그램 언어 모델",
        "size": "단어 집합 크기",
        "tab": "단어 분리",
        "seed": r"1단계: 초기 단어 집합 \(서브워드 \d+개\)",
        "count": r"전체 횟수의 합\(\s*[\d,]+\s*\)으로 나눈 값입니다",
        "em": "E 단계:",
        "prune": r"\d+단계: 가지치기 1라운드, 서브워드 [\d,]+ → [\d,]+개",
        "loss": "제거 손실",
        "lattice": "격자: 들어맞는 모든 서브워드와 최선 경로",
        "viterbi": r"“\w+”의 가장 확률이 높은 분리입니다\(Viterbi\): log P = −[\d.]+",
    },
}


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_training_steps_speak_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link("unigram", {**LINK, "lang": lang})
    assert not at.error, [e.value for e in at.error]
    assert at.title[0].value == words["title"]
    assert at.number_input(key="uni_vocab_size").label == words["size"]
    assert words["tab"] in [tab.label for tab in at.tabs]
    page = _text(at)
    assert re.search(words["seed"], page), page  # step 1, with its numbers
    assert re.search(words["count"], page), page
    assert "Training starts" not in page
    at = open_link("unigram", {**LINK, "lang": lang, "step": "2"})
    page = _text(at)
    assert words["em"] in page and "E-step" not in page
    prune = next(n for n in range(3, 12) if re.search(words["prune"], _text(open_step(lang, n))))
    assert words["loss"] in _text(open_step(lang, prune))


def open_step(lang: str, step: int) -> AppTest:
    return open_link("unigram", {**LINK, "lang": lang, "step": str(step)})


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_lattice_speaks_the_language(lang: str) -> None:
    words = WORDS[lang]
    at = open_link("unigram", {**LINK, "lang": lang, "uni_tab": "word"})
    assert words["lattice"] in [h.value for h in at.subheader]
    assert re.search(words["viterbi"], _text(at)), _text(at)


def test_english_stays_the_default() -> None:
    at = open_link("unigram", LINK)
    assert at.title[0].value == "Unigram language model"
    assert "Step 1: the seed vocabulary" in _text(at)
