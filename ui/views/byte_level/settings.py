"""The byte-level BPE page's settings: the samples, the settings panel, the tabs and the text box.

Also the page's kept widget values and the link parameters it owns (registered here, on import).
The page calls :func:`settings_panel`, :func:`page_tabs` and :func:`text_panel`.

Example:
    >>> ByteLevelSettings().num_merges, list(SAMPLES)[:2]
    (40, ['none', 'mixed'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from subword_core.text.corpus import MAX_COUNT, Corpus
from ui.app.common import persisted, remember, restore_widgets
from ui.app.follow import example_words, follow_default, show_example_label
from ui.app.i18n import translator
from ui.app.limits import LIMITS, advice
from ui.app.links import PageLink, kept_params, register_page, register_params
from ui.app.presenter import settings_box
from ui.app.pretok import PretokSpec
from ui.draw.html import md_escape, show_text
from ui.draw.tabs import kept_tabs

__all__ = [
    "MAX_CARDS",
    "MAX_MERGES",
    "PRETOK",
    "SAMPLES",
    "TABS",
    "TAB_IDS",
    "UNK",
    "WIDGETS_KEY",
    "WIDGET_DEFAULTS",
    "ByteLevelSettings",
    "Sample",
    "default_text",
    "page_tabs",
    "sample_note",
    "sample_title",
    "settings_panel",
    "text_panel",
]

t = translator("byte_level")

MAX_MERGES = LIMITS.merges
MAX_CARDS = 200
UNK = "[UNK]"
_NS = "bbpe"  # namespace of the tie choices
WIDGETS_KEY = "bbpe__widgets"  # kept widget values (survive page switches)


@dataclass(frozen=True)
class Sample:
    """A short multilingual sample: a training text and a different sentence to try.

    >>> SAMPLES["zh"].title
    '中文 (Chinese)'
    """

    key: str
    title: str
    train: str
    try_text: str
    note: str = ""


_ZH = Sample(
    "zh",
    "中文 (Chinese)",
    "我喜欢吃苹果，也喜欢吃香蕉。你喜欢吃什么？我们一起去吃饭吧！",
    "我喜欢喝茶，不喜欢喝咖啡。",
    "Every Chinese character here takes 3 bytes. The sentence to try has characters the "
    "training text never had (喝 茶 不 咖 啡).",
)
_KO = Sample(
    "ko",
    "한국어 (Korean)",
    "나는 사과를 좋아해요. 너는 바나나를 좋아해요? 우리는 같이 밥을 먹어요.",
    "나는 차를 좋아하고 커피는 안 좋아해요.",
    "Every Hangul syllable takes 3 bytes; 좋아해요 (like) repeats, so BPE learns it whole.",
)
_EMOJI = Sample(
    "emoji",
    "Emoji 🙂",
    "I ❤️ pizza 🍕 and tea 🍵. We ❤️ cats 🐱 and dogs 🐶. Good job 👍 👍 👍🏽!",
    "I ❤️ cake 🍰 and cats 🐱 👍🏿 👩‍💻",
    "An emoji takes 4 bytes, and some are several code points: ❤️ is ❤ + an invisible "
    "variation selector, 👍🏿 is 👍 + a skin tone, 👩‍💻 is 👩 + a zero-width joiner + 💻.",
)
_ACCENTS = Sample(
    "accents",
    "Accents (é, ü, ñ)",
    "Le café est près de la crèche. Über den Flüssen fließt Wasser. El niño y la niña comen piñas.",
    "Un café crème, très naïve : café ≠ cafe\u0301",
    "é, è, ü, ñ take 2 bytes. The two cafés at the end look the same but are not: the first "
    "é is one character (c3 a9), the second is e followed by a combining accent (cc 81).",
)
SAMPLES: dict[str, Sample] = {
    "none": Sample("none", "No sample: the corpus only", "", "lowest newer 你好 🙂"),
    "mixed": Sample(
        "mixed",
        "All four: Chinese, Korean, emoji, accents",
        "\n".join(s.train for s in (_ZH, _KO, _EMOJI, _ACCENTS)),
        "我喜欢喝茶 · 나는 차를 좋아해요 · café crème 🍰 👍🏿",
        "Four scripts in one training text: Chinese and Korean characters take 3 bytes, emoji "
        "4, accented letters 2.",
    ),
    **{s.key: s for s in (_ZH, _KO, _EMOJI, _ACCENTS)},
}
"""The multilingual samples, by key, in the order the page offers them."""


def sample_title(key: str) -> str:
    """A sample's title in the session's language.

    >>> sample_title("zh")
    '中文 (Chinese)'
    """
    titles = {
        "none": t("No sample: the corpus only"),
        "mixed": t("All four: Chinese, Korean, emoji, accents"),
        "zh": t("中文 (Chinese)"),
        "ko": t("한국어 (Korean)"),
        "emoji": t("Emoji 🙂"),
        "accents": t("Accents (é, ü, ñ)"),
    }
    return titles.get(key, SAMPLES[key].title if key in SAMPLES else key)


def sample_note(key: str) -> str:
    """A sample's note in the session's language (``""`` when it has none).

    >>> sample_note("none")
    ''
    """
    notes = {
        "mixed": t(
            "Four scripts in one training text: Chinese and Korean characters take 3 bytes, "
            "emoji 4, accented letters 2."
        ),
        "zh": t(
            "Every Chinese character here takes 3 bytes. The sentence to try has characters the "
            "training text never had (喝 茶 不 咖 啡)."
        ),
        "ko": t(
            "Every Hangul syllable takes 3 bytes; 좋아해요 (like) repeats, so BPE learns it whole."
        ),
        "emoji": t(
            "An emoji takes 4 bytes, and some are several code points: ❤️ is ❤ + an invisible "
            "variation selector, 👍🏿 is 👍 + a skin tone, 👩‍💻 is 👩 + a zero-width joiner + 💻."
        ),
        "accents": t(
            "é, è, ü, ñ take 2 bytes. The two cafés at the end look the same but are not: the "
            "first é is one character (c3 a9), the second is e followed by a combining accent "
            "(cc 81)."
        ),
    }
    return notes.get(key, "")


@dataclass(frozen=True)
class ByteLevelSettings:
    """What a student can change on the byte-level page.

    >>> ByteLevelSettings().sample, ByteLevelSettings().add_prefix_space
    ('mixed', True)
    """

    num_merges: int = 40
    min_frequency: int = 2
    tie_break: str = "first-seen"
    sample: str = "mixed"
    add_prefix_space: bool = True


_DEFAULTS = ByteLevelSettings()
WIDGET_DEFAULTS: dict[str, object] = {
    "bbpe_num_merges": _DEFAULTS.num_merges,
    "bbpe_min_frequency": _DEFAULTS.min_frequency,
    "bbpe_tie_break": _DEFAULTS.tie_break,
    "bbpe_sample": _DEFAULTS.sample,
    "bbpe_prefix": _DEFAULTS.add_prefix_space,
    "bbpe_text": SAMPLES[_DEFAULTS.sample].try_text,
    "bbpe_hex": "e4 bd a0 e5 a5 bd ff 41",
    "bbpe_tab": "tokens",
}
TAB_IDS: dict[str, str] = {
    "tokens": "Your text in bytes and tokens",
    "learn": "Learn merges step by step",
    "compare": "Compare with character-level BPE",
    "bytes": "The byte table",
}
"""The page's tabs by stable id (kept in ``bbpe_tab``, carried by links) and their labels."""
TABS = tuple(TAB_IDS.values())
"""The page's tab labels; only the open one runs (``on_change``), and it is kept across pages."""
_TIE_LABELS = {
    "first-seen": "First seen in the corpus",
    "lexicographic": "Greatest in string order",
}


def _tie_label(key: str) -> str:
    return {
        "first-seen": t("First seen in the corpus"),
        "lexicographic": t("Greatest in string order"),
    }[key]


# The link parameters this view owns (ui.app.links); the page's step player is "bbpe_learn".
_LINK_PARAMS = kept_params(
    WIDGETS_KEY,
    WIDGET_DEFAULTS,
    {
        "bbpe_num_merges": ("int", 1, LIMITS.merges),
        "bbpe_min_frequency": ("int", 1, MAX_COUNT),
        "bbpe_tie_break": ("choice", tuple(_TIE_LABELS)),
        "bbpe_sample": ("choice", tuple(SAMPLES)),
        "bbpe_prefix": ("bool",),
        "bbpe_text": ("str",),
        "bbpe_tab": ("tab", TAB_IDS),
    },
)
PRETOK = PretokSpec(
    "bbpe",
    "",
    schemes=(),
    fixed=lambda: t(
        "GPT-2's rule (fixed here): runs of letters, of digits and of other symbols, each "
        "with the space before it (Ġ), and the contractions 's 't 're 've 'm 'll 'd. A "
        "Chinese sentence without spaces stays one run of letters; 。 and ， are cut off as "
        "symbols."
    ),
)
"""Byte-level BPE's pre-tokenization: GPT-2's rule, with only the Korean jamo choice."""
register_params(_LINK_PARAMS, PRETOK.link_params())
register_page(
    "byte_level",
    PageLink((*(p.key for p in _LINK_PARAMS), *PRETOK.keys), player="bbpe_learn", ties=_NS),
)


# --------------------------------------------------------------------------------------
# Settings and the text box
# --------------------------------------------------------------------------------------


def _on_sample() -> None:
    remember(WIDGETS_KEY, "bbpe_sample")
    sample = SAMPLES[st.session_state["bbpe_sample"]]
    st.session_state[WIDGETS_KEY]["bbpe_text"] = sample.try_text


def settings_panel() -> ByteLevelSettings | None:
    """Draw the learning settings; return them, or ``None`` after showing what is wrong."""
    restore_widgets(WIDGETS_KEY, WIDGET_DEFAULTS)
    with settings_box():
        c1, c2, c3, c4 = st.columns([1, 1, 1.7, 1.4])
        num_merges = c1.number_input(
            t("Number of merges"),
            step=1,
            key="bbpe_num_merges",
            persist_state=persisted("bbpe_num_merges"),
            help=t("How many merges to learn at most. Learning may stop earlier."),
        )
        min_frequency = c2.number_input(
            t("Minimum pair count"),
            step=1,
            key="bbpe_min_frequency",
            persist_state=persisted("bbpe_min_frequency"),
            help=t("Stop when the most frequent pair occurs fewer times than this."),
        )
        sample = c3.selectbox(
            t("Also learn from a multilingual sample"),
            list(SAMPLES),
            format_func=sample_title,
            key="bbpe_sample",
            persist_state=persisted("bbpe_sample"),
            on_change=_on_sample,
            help=t(
                "Its text is learned together with the corpus from the sidebar, and its "
                "sentence to try is put into the text box below."
            ),
        )
        prefix = c3.toggle(
            t("Put a space before the text"),
            key="bbpe_prefix",
            persist_state=persisted("bbpe_prefix"),
            help=t(
                "Every corpus word is learned with the space before it (Ġword). With this on, "
                "the first word of a text gets one too, so it is encoded like the others; "
                "decoding takes it away again (add_prefix_space in RoBERTa)."
            ),
        )
        tie_break = c4.radio(
            t("When pairs tie, merge the pair that is…"),
            list(_TIE_LABELS),
            format_func=_tie_label,
            key="bbpe_tie_break",
            persist_state=persisted("bbpe_tie_break"),
        )
        chosen = SAMPLES[sample]
        if chosen.train:
            with st.expander(
                t("The sample learned with the corpus: {title}").format(
                    title=md_escape(sample_title(sample))
                )
            ):
                show_text(chosen.train)
                if chosen.note:
                    show_text(sample_note(sample), small=True)
    problems = []
    if num_merges is None or int(num_merges) != num_merges or num_merges < 1:
        problems.append(t("The number of merges must be a whole number of at least 1."))
    elif num_merges > MAX_MERGES:
        problems.append(
            t("At most {n} merges: more would make the trace too long.").format(n=f"{MAX_MERGES:,}")
            + " "
            + advice("merges")
        )
    if min_frequency is None or int(min_frequency) != min_frequency or min_frequency < 1:
        problems.append(t("The minimum pair count must be a whole number of at least 1."))
    if problems:
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        return None
    return ByteLevelSettings(int(num_merges), int(min_frequency), tie_break, sample, bool(prefix))


def page_tabs() -> Sequence[Any]:
    """Draw the tabs of :data:`TABS` and return their containers.

    The tabs track which one is open (``container.open``), so a page runs only the open
    tab's content; the open tab is kept across page switches.
    """
    # the labels in the session's language; the ids (TAB_IDS) stay
    labels = {
        "tokens": t("Your text in bytes and tokens"),
        "learn": t("Learn merges step by step"),
        "compare": t("Compare with character-level BPE"),
        "bytes": t("The byte table"),
    }
    return kept_tabs("bbpe_tab", labels, WIDGETS_KEY)


def default_text(corpus: Corpus, sample: str) -> str:
    """The text the box starts with: words of the corpus, one not in it, the sample's sentence.

    Without a sample, a few words of other scripts instead of the sample's sentence.

    >>> default_text(Corpus.from_counts({"hug": 10, "pug": 5, "pun": 12, "bun": 4}), "none")
    'hug pug pun hun 你好 🙂'
    """
    chosen = SAMPLES[sample]
    return f"{example_words(corpus).text} {chosen.try_text if chosen.train else _OTHER_SCRIPTS}"


_OTHER_SCRIPTS = "你好 🙂"


def text_panel(corpus: Corpus | None = None) -> str:
    """The text box for the text to tokenize (kept across page switches).

    With ``corpus``, the box starts on :func:`default_text` and follows the corpus and the
    sample until the student types in it.
    """
    sample = str(st.session_state[WIDGETS_KEY].get("bbpe_sample", _DEFAULTS.sample))
    if corpus is not None and sample in SAMPLES:
        follow_default(
            "bbpe_text",
            default_text(corpus, sample),
            shadow_key=WIDGETS_KEY,
            initial=tuple(s.try_text for s in SAMPLES.values()),
        )
    text = st.text_area(
        t("Text to tokenize (type anything: any script, emoji, several lines)"),
        key="bbpe_text",
        max_chars=LIMITS.box_chars,
        persist_state=persisted("bbpe_text"),
        height=90,
        help=t("Click outside the box or press Ctrl+Enter to apply."),
    )
    if corpus is not None:
        then = (
            t("the sample's sentence")
            if SAMPLES[sample].train
            else t("a few words of other scripts")
        )
        show_example_label(example_words(corpus), "bbpe_text", shadow_key=WIDGETS_KEY, then=then)
    return text
