"""Everything the byte-level BPE page shows: settings, samples, tokens with bytes, steps.

The numbers come from :mod:`subword_core.byte_level` (which composes :mod:`subword_core.bpe`);
this module says in words what they mean. The learning steps reuse the BPE page's pieces
(:func:`ui.bpe_view.explain_step`, its pair chart, corpus rows and merge table) and add what is
particular to bytes: the hex view of every symbol, and whether a token holds a whole character
or only some of its bytes.

Pages call :func:`settings_panel`, :func:`train_or_explain`, :func:`text_panel` and the
``render_*`` functions.

Example:
    >>> char_label(" "), char_label("\\u0301"), char_label("\\u200d")
    ('␣', '◌́', 'U+200D')
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from subword_core import bpe
from subword_core.bpe import MergeStep, WordChange
from subword_core.byte_level import (
    BYTE_TO_UNICODE,
    ByteEncoding,
    ByteLevelModel,
    ByteLevelResult,
    ByteToken,
    CharPiece,
    char_pieces,
    from_display,
    hex_bytes,
    learn,
    lookalikes,
    parse_hex,
    to_display,
)
from subword_core.corpus import MAX_COUNT, Corpus
from subword_core.errors import SubwordError
from subword_core.textbook import code
from ui.bpe_view import (
    corpus_rows,
    explain_step,
    merge_column_label,
    merge_table,
    pair_chart_data,
    pair_table_html,
    pairs_left_out,
    quiz_verdict,
    show_pair_chart,  # the BPE page's pair-count chart, reused as is
)
from ui.classroom import class_gate, merge_ask
from ui.code_panel import code_panel
from ui.common import (
    TABLE_CSS,
    remember,
    rerun_if_retrain_requested,
    restore_widgets,
    segmentation_table_html,
    tie_choices,
    tie_picker,
)
from ui.corpus_picker import error_text
from ui.follow import example_words, follow_default, show_example_label
from ui.html import (
    badge_html,
    caption_html,
    esc,
    md_escape,
    show_error,
    show_html,
    show_text,
    token_spans_html,
)
from ui.i18n import translator
from ui.limits import LIMITS, advice
from ui.links import PageLink, kept_params, register_page, register_params
from ui.presenter import settings_box
from ui.pretok import PretokSpec
from ui.runtime.training import Training, cached_training, training_work
from ui.tabs import kept_tabs

__all__ = [
    "SAMPLES",
    "TABS",
    "TAB_IDS",
    "ByteLevelSettings",
    "Sample",
    "char_label",
    "comparison_table",
    "cut_characters",
    "describe_pieces",
    "lookalike_note",
    "page_tabs",
    "piece_note",
    "render_byte_table",
    "render_compare",
    "render_hex_input",
    "render_learn_step",
    "render_tokens",
    "settings_panel",
    "step_occurrences",
    "step_pieces",
    "text_panel",
    "train_or_explain",
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


# The link parameters this view owns (ui.links); the page's step player is "bbpe_learn".
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

_CSS = """<style>
.bb-cards { display: flex; flex-wrap: wrap; gap: 0.35em; align-items: stretch; }
.bb-card { display: inline-flex; flex-direction: column; align-items: center;
  border: 1px solid; border-radius: 0.35em; padding: 0.15em 0.45em; min-width: 2.6em; }
.bb-label { font-size: 0.62em; font-weight: 700; text-transform: uppercase;
  letter-spacing: 0.04em; line-height: 1.2; min-height: 1.2em; }
.bb-main { font-family: var(--sw-mono); font-size: 1.15em; white-space: pre; }
.bb-hex { font-family: var(--sw-mono); font-size: 0.8em; opacity: 0.9; white-space: nowrap; }
.bb-note { font-size: 0.8em; white-space: nowrap; }
.bb-partial { border: 3px dashed rgb(214, 39, 40) !important; }
.bb-arrow { align-self: center; font-size: 1.3em; opacity: 0.7; }
.bb-grid { border-collapse: collapse; }
.bb-grid td, .bb-grid th { border: 1px solid rgba(128, 128, 128, 0.45); text-align: center;
  padding: 0.1em 0.3em; min-width: 2.1em; }
.bb-grid th { font-family: var(--sw-mono); font-size: 0.8em;
  opacity: 0.8; }
.bb-grid td.bb-moved { border: 2px dashed rgba(230, 150, 0, 0.95);
  background: rgba(230, 150, 0, 0.14); }
.bb-grid .bb-cell { font-family: var(--sw-mono); font-size: 1.1em; }
.bb-grid .bb-small { font-size: 0.68em; opacity: 0.8; display: block; }
.bb-text { font-size: 1.2em; white-space: pre-wrap; overflow-wrap: anywhere;
  border: 1px solid rgba(128, 128, 128, 0.5); border-radius: 0.3em; padding: 0.2em 0.5em; }
</style>"""


# --------------------------------------------------------------------------------------
# Words for characters and pieces of characters (pure, tested directly)
# --------------------------------------------------------------------------------------

_WHITESPACE = {" ": "␣", "\t": "⇥", "\n": "↵", "\r": "␍"}


def char_label(ch: str) -> str:
    """How one character is named on the page: visible even when it is invisible.

    A space, tab or line break is shown as ``␣ ⇥ ↵``; a combining mark on a dotted circle;
    an invisible character (joiner, variation selector, control) by its code point; an emoji
    skin tone, which many fonts draw only after an emoji, by name and code point; a byte
    that is not valid UTF-8 as ``byte ff``.

    >>> char_label("a"), char_label("\\n"), char_label("\\ufe0f"), char_label("\\udcff")
    ('a', '↵', 'U+FE0F', 'byte ff')
    >>> char_label("\\U0001f3fd")
    'skin tone U+1F3FD'
    """
    if ch in _WHITESPACE:
        return _WHITESPACE[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:
        return t("byte {hex}").format(hex=f"{code - 0xDC00:02x}")
    if 0x1F3FB <= code <= 0x1F3FF:
        # subtle: many fonts draw a skin tone alone as a missing-glyph box
        return t("skin tone {code}").format(code=f"U+{code:04X}")
    category = unicodedata.category(ch)
    if category[0] in "CZ" or unicodedata.name(ch, "").startswith("VARIATION SELECTOR"):
        return f"U+{code:04X}"
    if category in ("Mn", "Me", "Mc"):
        return "◌" + ch
    return ch


def _text_label(text: str) -> str:
    return "".join(char_label(ch) if ch in _WHITESPACE else ch for ch in text)


def piece_note(pieces: Sequence[CharPiece]) -> str:
    """A short note of what a token holds, for a token card (plain text).

    Whole characters are written out; a cut character as ``你 1–2/3`` (its bytes 1 to 2 of 3).

    >>> piece_note([CharPiece(" ", 1, 1, 1), CharPiece("你", 1, 2, 3)])
    '␣ + 你 1–2/3'
    """
    parts: list[str] = []
    whole = ""
    for piece in pieces:
        if piece.complete and piece.valid:
            whole += char_label(piece.char)
            continue
        if whole:
            parts.append(whole)
            whole = ""
        if not piece.valid:
            parts.append(t("{char} (not UTF-8)").format(char=char_label(piece.char)))
        elif piece.first == piece.last:
            parts.append(f"{char_label(piece.char)} {piece.first}/{piece.size}")
        else:
            parts.append(f"{char_label(piece.char)} {piece.first}–{piece.last}/{piece.size}")
    if whole:
        parts.append(whole)
    return " + ".join(parts)


def describe_pieces(pieces: Sequence[CharPiece]) -> str:
    """What a run of bytes holds, in a sentence fragment (plain text, to be escaped).

    >>> describe_pieces([CharPiece("你", 1, 2, 3)])
    'bytes 1–2 of the 3 bytes of “你”'
    >>> describe_pieces([CharPiece(" ", 1, 1, 1), CharPiece("l", 1, 1, 1)])
    'the whole characters “␣l”'
    """
    parts: list[str] = []
    whole = ""
    for piece in pieces:
        if piece.complete and piece.valid:
            whole += char_label(piece.char)
            continue
        if whole:
            parts.append(f"“{whole}”")
            whole = ""
        if not piece.valid:
            parts.append(
                t("{char}, which is not part of any UTF-8 character").format(
                    char=char_label(piece.char)
                )
            )
        elif piece.first == piece.last:
            parts.append(
                t("byte {first} of the {size} bytes of “{char}”").format(
                    first=piece.first, size=piece.size, char=piece.char
                )
            )
        else:
            parts.append(
                t("bytes {first}–{last} of the {size} bytes of “{char}”").format(
                    first=piece.first, last=piece.last, size=piece.size, char=piece.char
                )
            )
    if whole:
        if not parts:
            return t.n(
                "the whole character “{chars}”", "the whole characters “{chars}”", len(whole)
            ).format(chars=whole)
        parts.append(f"“{whole}”")
    return " + ".join(parts)


def step_occurrences(
    result: ByteLevelResult, step: MergeStep, limit: int = 50
) -> list[tuple[CharPiece, ...]]:
    """What the new symbol of a merge holds at each place it was made, in corpus order.

    A run of bytes alone cannot say whose bytes it holds; inside a word it can. Looks at the
    first ``limit`` changed words the step recorded.

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你们", 1)
    >>> found = step_occurrences(result, result.steps[0])
    >>> [[(p.char, p.first, p.last) for p in ps] for ps in found]
    [[(' ', 1, 1), ('你', 1, 1)], [(' ', 1, 1), ('你', 1, 1)]]
    """
    symbol = step.merged_symbol
    if symbol is None:
        return []
    out: list[tuple[CharPiece, ...]] = []
    for change in step.changed_words[:limit]:
        bounds = []
        offset = 0
        for token in change.after:
            if token == symbol:
                bounds.append((offset, offset + len(token)))
            offset += len(token)  # one display character per byte
        out.extend(char_pieces(from_display(change.word), bounds))
    return out


def step_pieces(result: ByteLevelResult, step: MergeStep) -> tuple[CharPiece, ...]:
    """What the new symbol of a merge holds where it was first made (empty for a stop step).

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你好", 1)
    >>> [(p.char, p.first, p.last) for p in step_pieces(result, result.steps[0])]
    [(' ', 1, 1), ('你', 1, 1)]
    """
    found = step_occurrences(result, step, limit=1)
    return found[0] if found else ()


def cut_characters(result: ByteLevelResult, step: MergeStep) -> list[str]:
    """The different characters the new symbol of a merge holds only part of, in order.

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你们 他们", 1)
    >>> cut_characters(result, result.steps[0])
    ['你', '他']
    """
    chars = (p.char for ps in step_occurrences(result, step) for p in ps if not p.complete)
    return list(dict.fromkeys(chars))


def _readable(word: str) -> str:
    """A display-form corpus word as the text it stands for, spaces made visible."""
    return _text_label(from_display(word).decode("utf-8", "replace"))


# --------------------------------------------------------------------------------------
# Settings, text and training
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
            on_change=remember,
            args=(WIDGETS_KEY, "bbpe_num_merges"),
            help=t("How many merges to learn at most. Learning may stop earlier."),
        )
        min_frequency = c2.number_input(
            t("Minimum pair count"),
            step=1,
            key="bbpe_min_frequency",
            on_change=remember,
            args=(WIDGETS_KEY, "bbpe_min_frequency"),
            help=t("Stop when the most frequent pair occurs fewer times than this."),
        )
        sample = c3.selectbox(
            t("Also learn from a multilingual sample"),
            list(SAMPLES),
            format_func=sample_title,
            key="bbpe_sample",
            on_change=_on_sample,
            help=t(
                "Its text is learned together with the corpus from the sidebar, and its "
                "sentence to try is put into the text box below."
            ),
        )
        prefix = c3.toggle(
            t("Put a space before the text"),
            key="bbpe_prefix",
            on_change=remember,
            args=(WIDGETS_KEY, "bbpe_prefix"),
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
            on_change=remember,
            args=(WIDGETS_KEY, "bbpe_tie_break"),
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
        on_change=remember,
        args=(WIDGETS_KEY, "bbpe_text"),
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


# subtle: shared, not copied as st.cache_data would: every rerun would otherwise unpickle a
# fresh copy of the whole trace (about a second for 2000 merges on the pydoc corpus). The
# results are frozen and never changed by the page, so one shared object is safe.
def _train(
    corpus: Corpus, settings: ByteLevelSettings, choices: tuple[tuple[int, tuple[str, str]], ...]
) -> ByteLevelResult:
    """Learn (once per corpus, settings and tie choices; shared by all sessions).

    subtle: shared, not copied as st.cache_data would: every rerun would otherwise unpickle a
    fresh copy of the whole trace (about a second for 2000 merges on the pydoc corpus). The
    results are frozen and never changed by the page, so one shared object is safe. The
    training stops between merges when its student leaves (:func:`ui.common.cached_training`).
    """
    return cached_training(
        "byte-level",
        (corpus, settings, choices),
        t("Learning byte-level merges"),
        Training(
            learn,
            (corpus, settings.num_merges),
            {
                "extra_text": SAMPLES[settings.sample].train,
                "add_prefix_space": settings.add_prefix_space,
                "min_frequency": settings.min_frequency,
                "tie_break": settings.tie_break,
                "choose": dict(choices),
            },
            work=training_work(corpus, settings.num_merges, len(SAMPLES[settings.sample].train)),
        ),
        max_entries=24,
    )


def train_or_explain(corpus: Corpus, settings: ByteLevelSettings) -> ByteLevelResult | None:
    """Train (cached); on a documented error show it in the page and return ``None``."""
    choices = tie_choices(_NS, (corpus, settings))
    try:
        result = _train(corpus, settings, tuple(sorted(choices.items())))
    except SubwordError as err:
        show_error(error_text(err))
        return None
    note = lookalike_note(" ".join(corpus.words), t("The corpus"))
    if note:
        st.info(note, icon=":material/search:")
    return result


def lookalike_note(text: str, whose: str) -> str:
    """A note (markdown, user text escaped) when ``text`` uses letters of the byte table.

    >>> print(lookalike_note("aĠb", "Your text"))  # doctest: +NORMALIZE_WHITESPACE
    Your text contains Ġ (U+0120), the letter this page also uses to draw the byte
    `20` (the space). Yours is a letter of its own, the bytes `c4 a0`, drawn `Äł` in tokens,
    so the results are right; only the drawings look alike.
    >>> lookalike_note("plain", "Your text")
    ''
    """
    found = lookalikes(text)
    if not found:
        return ""
    names = {0x20: t(" (the space)"), 0x0A: t(" (the line break)"), 0x09: t(" (the tab)")}
    ch, byte = found[0]
    others = ""
    if len(found) > 1:
        rest = ", ".join(md_escape(c) for c, _ in found[1:6])
        more = " …" if len(found) > 6 else ""
        others = " " + t(
            "It also contains {rest}{more}, which stand for other bytes in the same way."
        ).format(rest=rest, more=more)
    mine = ch.encode()
    return (
        t(
            "{whose} contains {char} ({code}), the letter this page also uses to draw the byte "
            "`{byte}`{name}. Yours is a letter of its own, the bytes `{mine}`, drawn `{drawn}` "
            "in tokens, so the results are right; only the drawings look alike."
        ).format(
            whose=md_escape(whose),
            char=md_escape(ch),
            code=f"U+{ord(ch):04X}",
            byte=f"{byte:02x}",
            name=names.get(byte, ""),
            mine=hex_bytes(mine),
            drawn=to_display(mine),
        )
        + others
    )


# --------------------------------------------------------------------------------------
# Cards: characters and tokens with their bytes
# --------------------------------------------------------------------------------------


def _card(
    main: str, hex_text: str, note: str, index: int, label: str = "", partial: bool = False
) -> str:
    classes = f"bb-card sw-c{index % 8}" + (" bb-partial" if partial else "")
    title = f"{label} {main}: {hex_text} {note}".strip()
    return (
        f'<div class="{classes}" title="{esc(title)}">'
        f'<span class="bb-label">{esc(label)}</span>'
        f'<span class="bb-main">{esc(main) if main else "∅"}</span>'
        f'<span class="bb-hex">{esc(hex_text)}</span>'
        f'<span class="bb-note">{esc(note)}</span></div>'
    )


def _more(total: int, what: str) -> str:
    """A note that only the first ``MAX_CARDS`` of ``total`` items are drawn (HTML)."""
    if total <= MAX_CARDS:
        return ""
    return f"<div class='sw-small'>{esc(what.format(shown=MAX_CARDS, total=total))}</div>"


def token_cards_html(tokens: Sequence[ByteToken], limit: int = MAX_CARDS) -> str:
    """Each token as a card: display form, bytes in hex, what it holds; cut ones marked.

    A token that cuts a character gets a dashed red border and the label ``PART OF A CHAR``
    (a byte that is not UTF-8 at all: ``NOT UTF-8``), so the mark does not depend on colour.

    >>> from subword_core.byte_level import ByteLevelModel
    >>> html_ = token_cards_html(ByteLevelModel(()).encode_detailed("é").tokens)
    >>> html_.count(' bb-partial"'), "é 1/2" in html_
    (2, True)
    """
    cards = []
    for i, token in enumerate(tokens[:limit]):
        invalid = any(not p.valid for p in token.pieces)
        label = t("not UTF-8") if invalid else t("part of a char") if token.partial else ""
        cards.append(_card(token.token, token.hex, piece_note(token.pieces), i, label, bool(label)))
    return _CSS + f'<div class="bb-cards">{"".join(cards)}</div>'


def char_cards_html(text: str, limit: int = 120) -> str:
    """Each character as a card: the character, its UTF-8 bytes, and how they are drawn.

    >>> "e4 bd a0" in char_cards_html("你")
    True
    """
    cards = []
    for i, ch in enumerate(text[:limit]):
        data = ch.encode("utf-8")
        size = t.n("{n} byte", "{n} bytes", len(data)).format(n=len(data))
        drawn = "".join(BYTE_TO_UNICODE[b] for b in data)
        cards.append(_card(char_label(ch), hex_bytes(data), f"→ {drawn}", i, size))
    return _CSS + f'<div class="bb-cards">{"".join(cards)}</div>'


# --------------------------------------------------------------------------------------
# Your text: chunks, bytes, tokens, decode
# --------------------------------------------------------------------------------------


def render_tokens(model: ByteLevelModel, text: str) -> None:
    """Show the text cut into chunks, its bytes, its tokens with hex, and the decode check."""
    if not text:
        st.info(t("Type some text above to see its bytes and tokens."))
        return
    try:
        enc = model.encode_detailed(text)
    except SubwordError as err:
        show_error(error_text(err))
        return
    tokens = [tok.token for tok in enc.tokens]
    n_bytes = len(enc.data) - enc.prefix
    note = lookalike_note(text, t("Your text"))
    if note:
        st.info(note, icon=":material/search:")
    show_html(
        "<p class='sw-text' style='font-size:1.1em'>"
        + t(
            "<strong>{chars}</strong> characters → <strong>{bytes}</strong> bytes of UTF-8 "
            "→ <strong>{tokens}</strong> tokens, <strong>{partial}</strong> of them holding "
            "only part of a character. No token is unknown: every byte has a token of its own."
        ).format(chars=len(text), bytes=n_bytes, tokens=len(tokens), partial=enc.partial_count)
        + "</p>"
    )

    st.markdown("##### " + t("1 · Cut the text into chunks"))
    prefix = (
        " "
        + t(
            "The first ␣ is the space the model put before your text, so that the first word "
            "is treated like every other one; decoding takes it away again."
        )
        if enc.prefix
        else ""
    )
    show_html(
        token_spans_html(list(enc.chunks[:MAX_CARDS]))
        + _more(len(enc.chunks), t("The first {shown} of {total} chunks are shown."))
        + "<div class='sw-small' style='margin-top:.3em'>"
        + esc(
            t(
                "{n} chunks. A space (␣) stays with the word after it, and letters, digits and "
                "other symbols go to separate chunks (GPT-2's rule). Merges never cross from "
                "one chunk into the next."
            ).format(n=len(enc.chunks))
            + prefix
        )
        + "</div>"
    )

    st.markdown("##### " + t("2 · Every character becomes 1 to 4 bytes"))
    more = len(text) - 120
    show_html(
        char_cards_html(text)
        + (
            "<div class='sw-small'>"
            + esc(t("… and {n} more characters.").format(n=more))
            + "</div>"
            if more > 0
            else ""
        )
        + "<div class='sw-small' style='margin-top:.3em'>"
        + esc(
            t(
                "Under each character: its UTF-8 bytes in hex, and how those bytes are drawn in "
                "tokens (one printable character per byte, from the byte table)."
            )
        )
        + "</div>"
    )

    st.markdown("##### " + t("3 · BPE merges bytes into tokens"))
    show_html(
        token_cards_html(enc.tokens)
        + _more(len(tokens), t("The first {shown} of {total} tokens are shown."))
        + "<div class='sw-small' style='margin-top:.3em'>"
        + t(
            "Top: the token as GPT-2-style tokenizers print it; middle: its bytes; bottom: what "
            "it holds. <strong>Dashed border, “part of a char”</strong>: the token holds only "
            "some bytes of a character (你 1–2/3 = bytes 1 to 2 of the 3 bytes of 你); the rest "
            "is in the next token."
        )
        + "</div>"
    )
    _render_decode(model, enc, text)


def _render_decode(model: ByteLevelModel, enc: ByteEncoding, text: str) -> None:
    tokens = [tok.token for tok in enc.tokens]
    decoded = model.decode(tokens)
    same = decoded == text
    badge = (
        badge_html(t("✓ identical to your text"), "success")
        if same
        else badge_html(t("✗ differs from your text"), "error")
    )
    join = (
        t("Join the tokens' bytes minus the space added at the start and read them as UTF-8:")
        if enc.prefix
        else t("Join the tokens' bytes and read them as UTF-8:")
    )
    st.markdown("##### " + t("4 · Decode"))
    show_html(f"<p>{esc(join)} {badge}</p><div class='bb-text'>{esc(decoded)}</div>" + _CSS)
    if len(tokens) > 1:
        # start where decoding is interesting: at the first token that ends inside a character
        first_cut = next(
            (i + 1 for i, tok in enumerate(enc.tokens) if tok.ends_inside), len(tokens)
        )
        upto = st.slider(
            t("Decode only the first tokens"),
            min_value=1,
            max_value=len(tokens),
            value=first_cut,
            key="bbpe_decode_upto",
            help=t(
                "Stop in the middle of a character and the bytes left over are not valid "
                "UTF-8: they are shown as �."
            ),
        )
        part = model.decode(tokens[:upto])
        cut = enc.tokens[upto - 1].ends_inside
        why = (
            t(
                "Token {n} ends inside a character, so its last bytes cannot be read on their "
                "own: they become � (U+FFFD, the replacement character), as in GPT-2."
            ).format(n=upto)
            if cut
            else t("Token {n} ends at a character boundary, so this part reads cleanly.").format(
                n=upto
            )
        )
        show_html(f"<div class='bb-text'>{esc(part)}</div><p class='sw-small'>{esc(why)}</p>")


def render_hex_input(model: ByteLevelModel) -> None:
    """Encode bytes typed in hex, including bytes that are not valid UTF-8."""
    st.markdown(
        t(
            "Byte-level BPE works on bytes, so it can even take bytes that are **not text**. "
            "Type bytes in hex (`ff` can never occur in UTF-8):"
        )
    )
    raw = st.text_input(
        t("Bytes in hex"),
        key="bbpe_hex",
        max_chars=LIMITS.box_chars,
        on_change=remember,
        args=(WIDGETS_KEY, "bbpe_hex"),
    )
    try:
        data = parse_hex(raw)
    except SubwordError as err:
        show_error(error_text(err))
        return
    if not data:
        st.info(t("Type some bytes, e.g. e4 bd a0 ff."))
        return
    enc = model.encode_detailed(data)
    back = model.decode_bytes([tok.token for tok in enc.tokens])
    same = badge_html(
        t("✓ the same bytes") if back == data else t("✗ other bytes"),
        "success" if back == data else "error",
    )
    try:
        data.decode("utf-8")
        valid = t("These bytes are valid UTF-8 text.")
    except UnicodeDecodeError as err:
        valid = t(
            "Byte {byte} at offset {offset} is not valid UTF-8, so as text these bytes can only "
            "be shown with � in its place. The tokens keep the byte itself, so nothing is lost "
            "until you ask for text."
        ).format(byte=f"{data[err.start]:02x}", offset=err.start)
    added = (
        " " + t("The first token's Ġ is the space the model puts in front.") if enc.prefix else ""
    )
    counts = t("{bytes} bytes → {tokens} tokens.").format(bytes=len(data), tokens=len(enc.tokens))
    show_html(
        token_cards_html(enc.tokens)
        + f"<p class='sw-small'>{esc(counts + added)}</p>"
        + f"<p>{esc(t('Decode to bytes:'))} <code>{esc(hex_bytes(back))}</code> {same}</p>"
        + f"<p>{esc(t('As text:'))} "
        + f"<span class='bb-text'>{esc(data.decode('utf-8', 'replace'))}</span></p>"
        + f"<p class='sw-small'>{esc(valid)}</p>"
    )
    st.caption(
        t(
            "A corpus must be text, so the sidebar's upload is stricter: a file that is not "
            "valid UTF-8 is refused, with the position of the first bad byte, instead of being "
            "guessed at. Save it as UTF-8 (or paste the text) and it can be learned from."
        )
    )


# --------------------------------------------------------------------------------------
# Learning step by step (composed from the BPE page's pieces)
# --------------------------------------------------------------------------------------


def _readable_step(step: MergeStep) -> MergeStep:
    """The step with its words written as text (␣low), for the BPE page's sentences."""
    changes = tuple(
        WordChange(_readable(c.word), c.count, c.before, c.after) for c in step.changed_words
    )
    return dataclasses.replace(step, changed_words=changes)


def _sym(symbol: str) -> str:
    return f"<code>{esc(symbol)}</code>"


def _hex_of(symbol: str) -> str:
    return hex_bytes(from_display(symbol))


def explain_bytes(result: ByteLevelResult, step: MergeStep) -> str:
    """The byte-level sentence of a merge step: its bytes and what the new token holds (HTML).

    >>> from subword_core.byte_level import learn
    >>> result = learn("你好 你好", 1)
    >>> "byte 1 of the 3 bytes of “你”" in explain_bytes(result, result.steps[0])
    True
    """
    if step.merged is None:
        return ""
    left, right = step.merged
    pieces = step_pieces(result, step)
    holds = esc(describe_pieces(pieces))
    cut = any(not p.complete for p in pieces)
    text = t(
        "In bytes: <code>{left}</code> + <code>{right}</code> → <code>{both}</code>. "
        "The new token holds {holds}"
    ).format(left=_hex_of(left), right=_hex_of(right), both=_hex_of(left + right), holds=holds)
    if cut:
        text += t(
            ": <strong>only part of a character</strong>. BPE counts bytes, not characters, "
            "so it merges whatever bytes occur together most often."
        )
        others = [ch for ch in cut_characters(result, step) if ch not in {p.char for p in pieces}]
        if others:
            listed = ", ".join(char_label(ch) for ch in others[:8])
            more = t(" and {n} more").format(n=len(others) - 8) if len(others) > 8 else ""
            text += " " + t(
                "The same bytes are also part of {listed}{more} here: different characters "
                "share this one token."
            ).format(listed=esc(listed), more=more)
    elif pieces and pieces[0].char == " ":
        text += t(
            ": a word with the space before it, which is how byte-level BPE knows where words "
            "start (there is no end-of-word marker)."
        )
    else:
        text += t(".")
    return text


def _holds(result: ByteLevelResult, step: MergeStep) -> str:
    note = piece_note(step_pieces(result, step))
    others = len(cut_characters(result, step)) - 1
    return note + (
        " "
        + t.n("(and {n} other character)", "(and {n} other characters)", others).format(n=others)
        if others > 0
        else ""
    )


def _pair_counts_column(step: MergeStep) -> None:
    """The left column of a learning step: the pair counts' chart, bytes in hex, and table."""
    st.markdown("**" + t("Pair counts before merge {n}").format(n=f"{step.number:d}") + "**")
    pairs = pair_chart_data(step)
    if pairs.num_rows == 0:
        st.info(t("No pairs: every chunk is a single token."))
    else:
        # the bytes in hex go into the tooltip: in the label they would crowd out the bars
        by_label = {f"{pc.pair[0]} + {pc.pair[1]}": pc.pair for pc in step.pair_counts}
        with_hex = [
            f"{label}  ({_hex_of(by_label[label][0])} | {_hex_of(by_label[label][1])})"
            for label in pairs["pair"].to_pylist()
        ]
        at = pairs.schema.get_field_index("full")
        left_out = pairs_left_out(step, pairs.num_rows)
        show_pair_chart(pairs.set_column(at, "full", [with_hex]), step.min_frequency, left_out)
        # the table holds the bytes in hex too: the tooltip is out of reach of a keyboard
        show_html(
            caption_html(
                t("{shown} of {total} pairs").format(
                    shown=f"{pairs.num_rows:d}", total=f"{step.pairs_total:,}"
                )
                + (" " + t("(+{n} more not drawn)").format(n=f"{left_out:,}") if left_out else "")
                + t(
                    "; point at a bar for its bytes in hex. ★ merged (red bar); tie: tied "
                    "with it (orange); dashed line: the minimum pair count."
                )
            )
            + pair_table_html(
                pairs.set_column(pairs.schema.get_field_index("pair"), "pair", [with_hex])
            )
        )


def _corpus_column(result: ByteLevelResult, step: MergeStep) -> None:
    """The right column of a learning step: the chunks of the corpus after it."""
    heading = (
        t("The corpus after merge {n}").format(n=f"{step.number:d}")
        if step.merged
        else t("The corpus after the last merge")
    )
    st.markdown("**" + md_escape(heading) + "**")  # a translated sentence and a number
    rows = [
        (_readable(word), count, symbols, changed)
        for word, count, symbols, changed in corpus_rows(result.bpe, step.number)
    ]
    show_html(
        "<style>.bb-wrap .sw-table .sw-tokens{flex-wrap:wrap}</style><div class='bb-wrap'>"
        + segmentation_table_html(rows, step.merged_symbol, heading=t("tokens after this step"))
        + "</div>"
    )
    st.caption(
        t(
            "␣ is a space in the text; inside tokens the space byte 20 is drawn Ġ. Each row "
            "is a chunk of the corpus or the sample, with how often it occurs."
        )
    )


def _merge_table(result: ByteLevelResult, number: int) -> None:
    """The merge table after step ``number``, with each new token's bytes and what it holds."""
    st.markdown("**" + t("Merge table so far (this is the model)") + "**")
    table = merge_table(result.bpe, number)
    if table.num_rows:
        symbols = table["new symbol"].to_pylist()
        table = table.add_column(4, "bytes", [[_hex_of(s) for s in symbols]])
        holds = [_holds(result, s) for s in result.steps[:number] if s.merged is not None]
        table = table.add_column(5, "holds", [holds])
    st.dataframe(
        table.rename_columns([_column_label(c) for c in table.column_names]),
        hide_index=True,
        width="stretch",
    )


def render_learn_step(
    result: ByteLevelResult, number: int, corpus: Corpus, settings: ByteLevelSettings
) -> None:
    """Draw one learning step: bytes, the BPE explanation, counts, corpus, merge table."""
    rerun_if_retrain_requested(_NS)
    step = result.steps[number - 1]
    if (
        step.merged is not None
        and not class_gate(  # a live class's question (ui.classroom)
            merge_ask(
                "byte_level",
                step.number,
                [pc.pair for pc in step.pair_counts[:12]],
                lambda pair: quiz_verdict(step, pair),
            )
        )
    ):
        return
    readable = _readable_step(step)
    words = tuple(_text_label(chunk) for chunk in result.chunks)
    merges_so_far = sum(1 for s in result.steps[:number] if s.merged is not None)
    badges = []
    if step.is_tie:
        badges.append(badge_html(t("tie × {n}").format(n=f"{step.ties_total:,}"), "warning"))
    if step.merged is not None:
        pieces = step_pieces(result, step)
        if any(not p.complete for p in pieces):
            badges.append(badge_html(t("part of a character"), "error"))
        title = t("Merge {n}: {left} + {right} → {new}").format(
            n=step.number,
            left=_sym(step.merged[0]),
            right=_sym(step.merged[1]),
            new=_sym(step.merged_symbol or ""),
        )
    else:
        title = esc(t("Step {n}: learning stops").format(n=step.number))
    vocab = 256 + len({a + b for a, b in result.merges[:merges_so_far]})
    show_html(
        f"<h3 style='margin:.2em 0'>{title} {' '.join(badges)}</h3>"
        # one paragraph: the bytes, then the step (the chart below starts on the first screen)
        f"<p class='sw-text' style='font-size:1.08em'>{explain_bytes(result, step)} "
        f"{explain_step(readable, words, result.steps[-1].number)}</p>"
    )
    code_panel(code.bpe_merge(result.bpe, number, settings.tie_break))
    left, right = st.columns([1, 1.15])
    with left:
        _pair_counts_column(step)
    with right:
        _corpus_column(result, step)

    if step.is_tie and step.merged is not None:
        tie_picker(_NS, (corpus, settings), step.number, step.tied, step.merged)

    show_html(
        "<p class='sw-small'>"
        + esc(
            t(
                "The model's vocabulary is now {vocab} tokens: all 256 bytes (used or not, so no "
                "text is ever unknown) + {merged} merged. The symbols counted in the step's "
                "sentence are those present in the corpus."
            ).format(vocab=vocab, merged=vocab - 256)
        )
        + "</p>"
    )
    _merge_table(result, number)


def _column_label(name: str) -> str:
    """A table column's header in the session's language (the data keeps the English name);
    the merge table's columns are worded as on the BPE page."""
    labels = {
        "bytes": t("bytes"),
        "holds": t("holds"),
        "method": t("method"),
        "tokens": t("tokens"),
        "unknown tokens": t("unknown tokens"),
        "tokens per character": t("tokens per character"),
        "vocabulary size": t("vocabulary size"),
        "decodes back exactly": t("decodes back exactly"),
    }
    return labels.get(name) or merge_column_label(name)


# --------------------------------------------------------------------------------------
# Character-level BPE on the same text
# --------------------------------------------------------------------------------------


def _char_train(corpus: Corpus, settings: ByteLevelSettings) -> bpe.BPEResult:
    """Character-level BPE on the same text (cached and stoppable like :func:`_train`)."""
    extra = [(w, 1) for w in SAMPLES[settings.sample].train.split()]
    return cached_training(
        "byte-level-chars",
        (corpus, settings),
        t("Learning character-level merges"),
        Training(
            bpe.learn,
            (Corpus.from_counts([*corpus.items, *extra]), settings.num_merges),
            {
                "min_frequency": settings.min_frequency,
                "attach_end_of_word": True,
                "tie_break": settings.tie_break,
            },
            work=training_work(corpus, settings.num_merges, len(SAMPLES[settings.sample].train)),
        ),
        max_entries=16,
    )


def _char_vocab_size(result: bpe.BPEResult) -> int:
    symbols = dict.fromkeys(result.initial_vocab)
    for left, right in result.merges:
        symbols[left + right] = None
    return len(symbols) + 1  # + [UNK]


def comparison_table(
    byte_model: ByteLevelModel, char_result: bpe.BPEResult, text: str
) -> pd.DataFrame:
    """One row per method: tokens, unknown tokens, tokens per character, vocabulary, exact?

    >>> from subword_core import bpe
    >>> from subword_core.byte_level import learn
    >>> df = comparison_table(learn({"low": 3}, 2).model, bpe.learn({"low": 3}, 2), "low 你")
    >>> df["unknown tokens"].tolist(), df["tokens"].tolist()
    ([1, 0], [4, 6])
    """
    char_model = dataclasses.replace(char_result.model, unk_token=UNK)
    char_tokens = char_model.tokenize(text)
    shown = char_model.strip_marker(char_tokens)
    byte_tokens = byte_model.encode(text)
    n = max(len(text), 1)
    rows = [
        {
            "method": "character-level BPE",
            "tokens": len(char_tokens),
            "unknown tokens": sum(t == UNK for t in shown),
            "tokens per character": round(len(char_tokens) / n, 2),
            "vocabulary size": _char_vocab_size(char_result),
            "decodes back exactly": "✓" if char_model.decode(char_tokens) == text else "✗",
        },
        {
            "method": "byte-level BPE",
            "tokens": len(byte_tokens),
            "unknown tokens": 0,
            "tokens per character": round(len(byte_tokens) / n, 2),
            "vocabulary size": byte_model.vocab_size,
            "decodes back exactly": "✓" if byte_model.decode(byte_tokens) == text else "✗",
        },
    ]
    return pd.DataFrame(rows)


def render_compare(
    corpus: Corpus, settings: ByteLevelSettings, result: ByteLevelResult, text: str
) -> None:
    """Character-level BPE (with [UNK]) next to byte-level BPE on the same text."""
    if not text:
        st.info(t("Type some text above to compare the two."))
        return
    try:
        char_result = _char_train(corpus, settings)
    except SubwordError as err:
        show_error(error_text(err))
        return
    both = (
        t("Both learned **{n}** merges from the same corpus and sample.")
        if SAMPLES[settings.sample].train
        else t("Both learned **{n}** merges from the same corpus.")
    )
    st.markdown(
        both.format(n=int(settings.num_merges))
        + " "
        + t(
            "Character-level BPE starts from the characters it saw in training; anything else "
            "becomes `{unk}`. Byte-level BPE starts from all 256 bytes."
        ).format(unk=UNK)
    )
    table = comparison_table(result.model, char_result, text)
    methods = {
        "character-level BPE": t("character-level BPE"),
        "byte-level BPE": t("byte-level BPE"),
    }
    shown = table.assign(method=table["method"].map(lambda m: methods.get(m, m)))
    st.dataframe(shown.rename(columns=_column_label), hide_index=True, width="stretch")

    char_model = dataclasses.replace(char_result.model, unk_token=UNK)
    alphabet = char_model.alphabet or frozenset()
    unseen = list(dict.fromkeys(ch for ch in text if not ch.isspace() and ch not in alphabet))
    split = text.split()
    words = [char_model.strip_marker(char_model.encode(w)) for w in split[:MAX_CARDS]]
    st.markdown(t("**Character-level BPE** (words split on spaces)"))
    show_html(
        " ".join(token_spans_html(w, unk=UNK) for w in words)
        + _more(len(split), t("The first {shown} of {total} words are shown."))
        + TABLE_CSS
    )
    st.markdown("**" + t("Byte-level BPE") + "**")
    byte_tokens = result.model.encode(text)
    show_html(
        token_spans_html(byte_tokens[:MAX_CARDS])
        + _more(len(byte_tokens), t("The first {shown} of {total} tokens are shown."))
    )

    char_row, byte_row = table.iloc[0], table.iloc[1]
    if unseen:
        listed = " ".join(char_label(ch) for ch in unseen[:30])
        more = t(" and {n} more").format(n=len(unseen) - 30) if len(unseen) > 30 else ""
        unk_text = t(
            "{n} different characters of your text never occur in the training data "
            "({listed}{more}), so character-level BPE writes {unk} for them: {unknown} unknown "
            "tokens, and what they were is lost. Byte-level BPE spells them with byte tokens "
            "instead: no unknown token, exact decoding."
        ).format(
            n=len(unseen),
            listed=listed,
            more=more,
            unk=UNK,
            unknown=char_row["unknown tokens"],
        )
    else:
        unk_text = t(
            "Every character of your text occurs in the training data, so character-level BPE "
            "needs no {unk} here. Type a character it has never seen (東, 🦊, ß) to see the "
            "difference."
        ).format(unk=UNK)
    cost = t(
        "The price: byte-level BPE uses {byte} tokens per character here, character-level BPE "
        "{char}, because a character it has not merged costs one token per byte (up to 4). Its "
        "vocabulary ({vocab}) always includes all 256 bytes."
    ).format(
        byte=byte_row["tokens per character"],
        char=char_row["tokens per character"],
        vocab=byte_row["vocabulary size"],
    )
    show_text(unk_text)
    show_text(cost, small=True)


# --------------------------------------------------------------------------------------
# The byte table
# --------------------------------------------------------------------------------------


def byte_table_html() -> str:
    """The 256 bytes as a 16 × 16 grid: row = first hex digit, column = second.

    >>> html_ = byte_table_html()
    >>> html_.count("bb-moved"), "Ġ" in html_
    (69, True)
    """
    head = "".join(f"<th>_{d:x}</th>" for d in range(16))
    rows = []
    for hi in range(16):
        cells = []
        for lo in range(16):
            byte = hi * 16 + lo
            ch = BYTE_TO_UNICODE[byte]
            moved = ord(ch) != byte
            cls = ' class="bb-moved"' if moved else ""
            mark = "*" if moved else ""
            cells.append(
                f'<td{cls} title="byte {byte:02x} → {esc(ch)} (U+{ord(ch):04X})">'
                f'<span class="bb-cell">{esc(ch)}</span>'
                f'<span class="bb-small">{byte:02x}{mark}</span></td>'
            )
        rows.append(f"<tr><th>{hi:x}_</th>{''.join(cells)}</tr>")
    return (
        _CSS + f"<table class='bb-grid'><thead><tr><th></th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def render_byte_table() -> None:
    """Explain GPT-2's byte-to-character table and draw it."""
    st.markdown(
        t(
            "A token is a run of bytes, but bytes such as the space (`20`), the line break "
            "(`0a`) or `00` cannot be printed. GPT-2 draws each byte as one printable "
            "character: the 188 bytes that are printable characters stand for themselves (`61` "
            "is `a`), and the other 68 (dashed, with *) borrow the characters from U+0100 on, "
            "in byte order. So the space `20` is drawn **Ġ**, the line break `0a` **Ċ**, the "
            "tab `09` **ĉ**. That is why GPT-2's vocabulary is full of words like `Ġthe`: *the* "
            "with a space before it."
        )
    )
    show_html(byte_table_html())
    st.caption(
        t(
            "Row = first hex digit, column = second: byte e4 (the first byte of 你) is in row "
            "e_, column _4, drawn ä. A character beyond ASCII never appears as itself in a "
            "token; you see its bytes' stand-ins (你 = e4 bd a0 = ä½ł)."
        )
    )


# --------------------------------------------------------------------------------------
# Chinese and Korean in bytes (issue 18)
# --------------------------------------------------------------------------------------

_CJK_SAMPLES = ("a", "é", "学", "한", "학")


def _merge_kind(token: bytes) -> str:
    """What a merged token holds: part of one character, whole characters, or across them.

    >>> word = "학교".encode()
    >>> _merge_kind(word[:2]), _merge_kind(word), _merge_kind(word[2:4])
    ('part of one character', '2 whole characters', 'across characters')
    """
    i, n = 0, len(token)
    while i < n and token[i] & 0xC0 == 0x80:  # starts inside a character
        i += 1
    starts_inside = i > 0
    whole = 0
    ends_inside = False
    while i < n:
        lead = token[i]
        size = 1 if lead < 0x80 else 2 if lead >> 5 == 0b110 else 3 if lead >> 4 == 0b1110 else 4
        if i + size > n:
            ends_inside = True
            break
        whole += 1
        i += size
    if not starts_inside and not ends_inside:
        return t("one whole character") if whole == 1 else t("{n} whole characters").format(n=whole)
    if whole == 0 and starts_inside != ends_inside:
        return t("part of one character")
    return t("across characters")


def render_cjk_bytes(result: ByteLevelResult, limit: int = 12) -> None:
    """Why a Hangul syllable or a CJK character is 3 bytes, and what the learned merges hold.

    Each merge's token is decoded to its bytes and classified: part of one character (the
    first two bytes of 학), one whole character, whole characters (학교), or across characters
    (the last byte of 학 with the first of 교: a merge across syllables, which no character-level
    tokenizer could make).
    """
    rows = "".join(
        f"<tr><td>{esc(ch)}</td><td>U+{ord(ch):04X}</td><td><code>{hex_bytes(ch.encode())}</code>"
        f"</td><td><code>{' '.join(f'{b:08b}' for b in ch.encode())}</code></td></tr>"
        for ch in _CJK_SAMPLES
    )
    head = "".join(
        f"<th>{esc(h)}</th>" for h in (t("character"), t("code point"), t("UTF-8 bytes"), t("bits"))
    )
    show_html(
        "<div class='sw-text'>"
        + t(
            "UTF-8 writes a character with 1 to 4 bytes: ASCII (below U+0080) with 1, U+0080 "
            "to U+07FF with 2, and U+0800 to U+FFFF with 3 bytes, "
            "<code>1110xxxx 10xxxxxx 10xxxxxx</code>. Every Hangul syllable (U+AC00 to U+D7A3) "
            "and the common Chinese characters (U+4E00 to U+9FFF) lie in that range, so each "
            "is 3 bytes, and byte-level BPE starts from 3 symbols per syllable."
        )
        + "</div>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )
    merged = result.merges[:limit]
    if not merged:
        return
    lines = []
    for number, (left, right) in enumerate(merged, start=1):
        token = from_display(left) + from_display(right)
        shown = token.decode("utf-8", errors="replace")
        lines.append(
            f"<tr><td>{number}</td><td><code>{esc(hex_bytes(token))}</code></td>"
            f"<td>{esc(shown)}</td><td>{esc(_merge_kind(token))}</td></tr>"
        )
    head = "".join(
        f"<th>{esc(h)}</th>"
        for h in (
            t("merge"),
            t("bytes"),
            t("as text (� = part of a character)"),
            t("holds"),
        )
    )
    show_html(
        "<div class='sw-text'>"
        + t(
            "What the first merges of this corpus hold. A merge <em>across characters</em> "
            "joins the end of one syllable to the start of the next (its bytes are no "
            "character of their own): it is learned because those bytes are frequent together, "
            "not because they are a unit of the language."
        )
        + "</div>"
        f"<table class='sw-table'><thead><tr>{head}</tr></thead><tbody>"
        + "".join(lines)
        + "</tbody></table>"
    )
