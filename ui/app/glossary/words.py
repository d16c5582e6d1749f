"""The glossary's words: the entry type, the five tutorials' titles, the word each language's
interface uses for a term and the words it sets aside (the rules: :mod:`ui.app.glossary`)."""

from __future__ import annotations

from dataclasses import dataclass

from ui.app.i18n import translator

t = translator("glossary")

GLOSSARY_PATH = "glossary"
"""The glossary page's URL path (``st.Page("pages/glossary.py")``), relative to the app."""

SEED_TITLES: dict[str, str] = {
    "000": "000 (zh): BPE, its encodings, subword regularization, BPE-dropout, unigram LM",
    "001": "001 (zh): BPE with </w>, WordPiece with ##, Unigram on hug / pug / pun / bun / hugs",
    "002": "002 (zh): BPE on low / lower / newest / widest, a printed trace of 10 merges",
    "003": "003 (ko): Gage's compression, BPE step by step, encoding, WordPiece, unigram",
    "004": "004 (zh): “WordPiece” taught as BPE with a _ end marker, longest-prefix matching",
}
"""The five seed tutorials the app was built from (../shared/seeds), in one line each."""


def seed_titles() -> dict[str, str]:
    """:data:`SEED_TITLES` in the session's language.

    Example:
        >>> seed_titles()["003"] == SEED_TITLES["003"]  # outside a session: English
        True
    """
    return {
        "000": t("000 (zh): BPE, its encodings, subword regularization, BPE-dropout, unigram LM"),
        "001": t(
            "001 (zh): BPE with </w>, WordPiece with ##, Unigram on hug / pug / pun / bun / hugs"
        ),
        "002": t("002 (zh): BPE on low / lower / newest / widest, a printed trace of 10 merges"),
        "003": t("003 (ko): Gage's compression, BPE step by step, encoding, WordPiece, unigram"),
        "004": t(
            "004 (zh): “WordPiece” taught as BPE with a _ end marker, longest-prefix matching"
        ),
    }


@dataclass(frozen=True)
class Term:
    """One glossary entry.

    Attributes:
        key: The anchor on the glossary page (``glossary#key``), lowercase with hyphens.
        name: The English word the app uses.
        zh: The tutorials' Chinese word(s) for it (``""`` when the seeds have none).
        ko: The tutorial's Korean word(s) for it (``""`` when the seed has none).
        definition: A plain, one- or two-sentence definition (also the links' hover text).
        example: A tiny example on a seed corpus (shown literally).
        seeds: ``(seed number, how that seed uses the word)`` pairs.
        avoid: Words the app does not use for this thing (and why), or ``""``.
        related: Keys of related entries.

    Example:
        >>> Term("x", "x", "", "", "An x.", "x", ()).key
        'x'
    """

    key: str
    name: str
    zh: str
    ko: str
    definition: str
    example: str
    seeds: tuple[tuple[str, str], ...]
    avoid: str = ""
    related: tuple[str, ...] = ()


WORDS: dict[str, tuple[str, str]] = {
    "corpus": ("语料", "훈련 데이터"),
    "word-count": ("词频", "빈도"),
    "step": ("步", "단계"),
    "iteration": ("迭代", "반복"),
    "merge": ("合并", "병합"),
    "merge-table": ("合并表", "병합 표"),
    "pair": ("字符对", "쌍"),
    "symbol": ("符号", "기호"),
    "alphabet": ("字符词表", "초기 글자 집합"),
    "marker": ("标记", "표시"),
    "tie": ("并列", "동률"),
    "vocabulary": ("词表", "단어 집합"),
    "learned-vocabulary": ("学到的词表", "학습된 단어 집합"),
    "corpus-symbols": ("语料中的符号", "훈련 데이터 속 기호"),
    "token-list": ("WordPiece 的 token 列表", "WordPiece 토큰 목록"),
    "token": ("token", "토큰"),
    "piece": ("子词", "서브워드"),
    "subword": ("子词", "서브워드"),
    "segmentation": ("切分", "분리"),
    "encode": ("编码", "인코딩"),
    "decode": ("解码", "디코딩"),
    "merge-priority": ("合并优先级", "병합 우선순위"),
    "longest-match": ("最长匹配优先", "최장 일치 우선"),
    "unk": ("[UNK]（未知 token）", "[UNK] (알 수 없는 토큰)"),
    "likelihood-score": ("似然分数", "우도 점수"),
    "likelihood": ("似然；概率", "우도; 확률"),
    "em": ("EM（期望最大化）", "EM (기댓값 최대화)"),
    "loss": ("删除损失", "제거 손실"),
    "pruning": ("剪枝", "가지치기"),
    "seed-vocabulary": ("初始词表", "초기 단어 집합"),
    "lattice": ("切分网格", "격자"),
    "viterbi": ("Viterbi（最佳路径）", "Viterbi (최선 경로)"),
    "dropout": ("BPE-dropout", "BPE-dropout"),
    "sampling": ("采样（子词正则化）", "샘플링 (서브워드 정규화)"),
    "byte": ("字节", "바이트"),
    "joint-bpe": ("联合 BPE", "공동 BPE"),
    "gage": ("压缩（Gage 1994）", "압축 (Gage 1994)"),
}
"""The word the interface uses for each term, ``key -> (中文, 한국어)``: the glossary's choice,
which every catalog follows (``tests/test_glossary_words.py``). The tutorials' own words, where they
differ, stay in :attr:`Term.zh` / :attr:`Term.ko` and are shown beside it."""

AVOID: dict[str, tuple[tuple[str, str], ...]] = {
    "zh": (
        ("词元", "token"),
        ("平局", "并列 (tie)"),
        ("(?<!随机)种子", "初始词表 (seed vocabulary); 种子 only in 随机种子 (random seed)"),
        ("片段", "子词 (piece)"),
        ("字符表", "字符词表 (alphabet)"),
    ),
    "ko": (
        ("코퍼스", "훈련 데이터 (corpus)"),
        ("동점", "동률 (tie)"),
        ("(?<!난수 )시드", "초기 단어 집합 (seed vocabulary); 시드 only in 난수 시드"),
        ("랜덤 시드", "난수 시드"),
        ("병합 목록", "병합 표 (merge table)"),
        ("알파벳", "초기 글자 집합 (alphabet)"),
    ),
    "en": (
        (r"\b[Ss]eeds? \d{3}\b", "tutorial 001 (the tutorials are not seeds)"),
        (r"\b[Tt]he seed's|\b[Tt]he seeds'", "the tutorial's, the tutorials'"),
        (r"\b[Ss]eed gallery\b|\bseed tutorials?\b", "tutorial gallery, the tutorials"),
        (r"\b[Tt]he seed (?:prints|printed|computes|picks|uses|says)\b", "the tutorial …"),
    ),
}
"""Words (regular expressions) the interface does not use in a language, each with the
glossary's choice instead; the tutorials' own quotations are exempt. "Seed" keeps one meaning in
every language: the random seed (随机种子, 난수 시드); the five tutorials are 教程 / 튜토리얼 /
"tutorial NNN", and Unigram's starting vocabulary is 初始词表 / 초기 단어 집합. In English
"seed" is the seed of something (a random seed, Unigram's seed vocabulary), never a tutorial:
under ``"en"`` the words the English messages themselves do not use."""


def headword(term: Term, lang: str) -> str:
    """The entry's heading in ``lang``: the interface's word, with the English name beside it.

    Example:
        >>> from ui.app.glossary import TERMS_BY_KEY
        >>> headword(TERMS_BY_KEY["tie"], "zh")
        '并列 (tie)'
        >>> headword(TERMS_BY_KEY["tie"], "en")
        'tie'
    """
    if lang not in ("zh", "ko"):
        return term.name
    word = WORDS[term.key][0 if lang == "zh" else 1]
    return word if word == term.name else f"{word} ({term.name})"
