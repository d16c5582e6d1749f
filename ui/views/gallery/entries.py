"""The gallery's entries: every worked example of the tutorials, one click away.

Each :class:`SeedEntry` knows the corpus and settings of one worked example, the page that
shows it, and the step to open at. Its "Open" button runs :func:`open_entry` as an
``on_click`` callback (callbacks run before the next script run, so the sidebar corpus picker
and the page's widgets are drawn with the new values); the gallery page
(:mod:`ui.views.gallery.gallery`) then switches to the target page from the script
(``st.switch_page`` cannot be called inside a callback).

Where a seed prints something that is not the correct result, the entry carries an erratum
note.

Example:
    >>> [e.key for e in ENTRIES][:2]
    ['s003-bpe', 's002-bpe']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from subword_core.text.corpus import Corpus, parse_corpus
from subword_core.text.examples import example_text
from ui.app.corpus_picker import SOURCE_KEY
from ui.app.i18n import translator
from ui.draw.html import esc
from ui.draw.player import set_step
from ui.views.bpe.settings import BPESettings

t = translator("gallery")

GOTO_KEY = "gallery__goto"
"""Session-state key holding the page to switch to on the next run (set by :func:`open_entry`)."""

SEED_002_CHOICES: dict[int, tuple[str, str]] = {1: ("s", "t"), 7: ("w", "est</w>"), 10: ("i", "d")}
"""The tie choices that reproduce tutorial 002's printed order on the seed-low corpus."""


@dataclass(frozen=True)
class SeedEntry:
    """One worked example of a seed tutorial and where the app shows it.

    Attributes:
        key: Stable id, also the Open button's key suffix (``"gallery_open_<key>"``).
        seed: Which seed document, e.g. ``"003"``.
        title: Short title.
        shows: What the student will see (plain text).
        page: The page file to open, e.g. ``"pages/bpe_learn.py"``.
        apply: Sets the corpus, settings and step in session state (runs in a callback).
        erratum: Where the tutorial's printed text differs from the correct result (HTML built
            from our own words only), or ``None``.
        note_kind: ``"erratum"`` when the seed prints a wrong result, ``"note"`` when what it
            prints is right but leaves something out (a tie, hand-given merges).

    Example:
        >>> e = SeedEntry("x", "003", "T", "shows", "pages/home.py", lambda: None)
        >>> e.erratum is None
        True
    """

    key: str
    seed: str
    title: str
    shows: str
    page: str
    apply: Callable[[], None]
    erratum: str | None = None
    note_kind: str = "erratum"


# --------------------------------------------------------------------------------------
# Setting the state of the target pages (all run inside the Open button's callback)
# --------------------------------------------------------------------------------------


def _example_corpus(key: str) -> Corpus:
    return parse_corpus(example_text(key))


def _bpe(
    source: str,
    step: int,
    *,
    num_merges: int = 10,
    marker: str = "</w>",
    choices: dict[int, tuple[str, str]] | None = None,
) -> None:
    """Load a built-in example and BPE settings; open the learn player at ``step``."""
    state = st.session_state
    state[SOURCE_KEY] = source
    state["bpe__widgets"] = {
        "bpe_num_merges": num_merges,
        "bpe_min_frequency": 2,
        "bpe_marker": marker,
        "bpe_attach": False,
        "bpe_tie_break": "first-seen",
    }
    settings = BPESettings(num_merges, 2, marker, False, "first-seen")
    if choices:
        state["bpe__choices"] = ((_example_corpus(source), settings), dict(choices))
    else:
        state.pop("bpe__choices", None)
    state["bpe_quiz"] = False
    set_step("bpe_learn", step)


def _open_s003_bpe() -> None:
    _bpe("seed-low", 1)


def _open_s002_bpe() -> None:
    _bpe("seed-low", 1, choices=SEED_002_CHOICES)


def _open_s003_encode() -> None:
    _bpe("seed-low", 1)
    st.session_state["bpe_encode_text"] = "loki lowest lowing highing"
    st.session_state["bpe_encode_unk"] = False


def _open_s001_mhug() -> None:
    _bpe("seed-hug", 1)
    st.session_state["bpe_encode_text"] = "mhug"
    st.session_state["bpe_encode_unk"] = True


def _open_s001_wordpiece() -> None:
    state = st.session_state
    state[SOURCE_KEY] = "seed-hug"
    state["wp__widgets"] = {
        "wp_vocab_size": 9,
        "wp_scoring": "likelihood",
        "wp_tie_break": "first-seen",
        "wp_prefix": "##",
    }
    state.pop("wp__choices", None)
    state["wp_quiz"] = False
    set_step("wp_learn", 1)


def _open_s001_unigram() -> None:
    # The Unigram page's own "Train on this example" button does exactly this.
    from ui.views.unigram.params import TABS, WIDGETS_KEY
    from ui.views.unigram.seed_001 import use_seed_001

    use_seed_001()
    st.session_state[WIDGETS_KEY]["uni_tab"] = TABS[2]  # the tab with tutorial 001's table


def _open_s004_bpe() -> None:
    _bpe("seed-low-underscore", 1, marker="")


def _open_s003_gage() -> None:
    from ui.views.gage.settings import SEED_TEXT, GageSettings

    state = st.session_state
    state["gage__widgets"] = {"gage_text": SEED_TEXT, "gage_letters": ""}
    state["gage__choices"] = (GageSettings(SEED_TEXT, ""), {2: ("a", "b")})
    set_step("gage_steps", 2)


def _open_s000_vocab() -> None:
    _bpe("seed-low", 2)


def _open_cjk_bpe(source: str) -> None:
    """BPE learn on a Chinese or Korean example, whitespace only (BPE's default), step 1."""
    _bpe(source, 1)
    st.session_state["bpe__pretok"] = {"bpe_pretok": "whitespace", "bpe_jamo": False}


def _open_ko_bytes() -> None:
    st.session_state[SOURCE_KEY] = "ko"
    st.session_state["bbpe__pretok"] = {"bbpe_jamo": False}


_BPE_LEARN = "pages/bpe_learn.py"
_BPE_ENCODE = "pages/bpe_encode.py"


def _tab_names(*, english: bool) -> dict[str, str]:
    """The tabs two entries send the student to, as those pages label them.

    In English the pages' own English labels; else the labels the pages draw in the
    session's language (the same translations), so the entry names the tab the student sees.
    """
    from ui.views.unigram.page import tab_labels as unigram_tab_labels
    from ui.views.unigram.params import TAB_IDS as UNIGRAM_TAB_IDS
    from ui.views.wordpiece import settings as wordpiece_view

    if english:
        return {
            "unigram": UNIGRAM_TAB_IDS["seed001"],
            "wordpiece": wordpiece_view.TAB_IDS["variants"],
        }
    return {
        "unigram": unigram_tab_labels()["seed001"],
        "wordpiece": wordpiece_view.tab_labels()["variants"],
    }


def _entry_texts(t: Callable[[str], str] = t) -> dict[str, tuple[str, str, str | None]]:
    """Each entry's title, what it shows and its note (HTML of our own), by key.

    ``t`` translates; :data:`ENTRIES` holds the English, ``_entry_texts(str)``.

    Example:
        >>> _entry_texts(str)["s003-gage"][0]
        "Gage's compression: aaabdaaabac"
    """
    tabs = _tab_names(english=t is str)
    return {
        "s003-bpe": (
            t("BPE: ten merges on low / lower / newest / widest"),
            t(
                "BPE learn at step 1, ties broken by first occurrence: e+s, es+t, est+</w>, l+o, "
                "lo+w, n+e, ne+w, new+est</w>, low+</w>, w+i."
            ),
            None,
        ),
        "s002-bpe": (
            t("BPE: the same corpus, tutorial 002's printed order"),
            t(
                "BPE learn at step 1 with three tie choices made for you (step 1: s+t, step 7: "
                "w+est</w>, step 10: i+d), giving s+t, e+st, est+</w>, l+o, lo+w, n+e, w+est</w>,"
                " ne+west</w>, low+</w>, i+d."
            ),
            t(
                "Tutorial 002 prints its merges as if they were the only result. Every one of them "
                "is <strong>tied</strong> with tutorial 003's choice at that step: the order came "
                "from how an older Python ordered its dict, not from a rule. The app breaks ties "
                "by first occurrence; choose the other tied pair at steps 1, 7 and 10 (already "
                "done here) to get tutorial 002's table."
            ),
        ),
        "s003-encode": (
            t("BPE: encoding loki, lowest, lowing, highing"),
            t(
                "BPE encode with tutorial 003's ten merges: loki → lo k i, lowest → low est, "
                "lowing → low i n g, highing → h i g h i n g, iteration by iteration."
            ),
            None,
        ),
        "s001-mhug": (
            t("BPE: “mhug” with an unknown character"),
            t(
                "BPE encode on hug / pug / pun / bun / hugs with [UNK] for unseen characters: "
                "mhug → [UNK] hug</w>."
            ),
            t(
                "Tutorial 001 hands over two merges, [u g] and [h ug], without learning them. "
                "Learned from its corpus, the app's first merges are u+g, u+n, un+&lt;/w&gt;, "
                "h+ug, …: h+ug is merge 4, not 2, so no number of merges gives exactly the "
                "tutorial's two. With the ten merges opened here the result is the tutorial's "
                "[UNK] hug (with the end marker on hug)."
            ),
        ),
        "s001-wordpiece": (
            t("WordPiece: likelihood scores on hug / pug / pun / bun / hugs"),
            t(
                "WordPiece at step 1 with vocabulary size 9 (7 characters + 2 merges): ##g+##s "
                "(score 1/20), then h+##u (1/36, tied; first occurrence wins)."
            ),
            None,
        ),
        "s001-unigram": (
            t("Unigram: the probabilities of “pug”"),
            t(
                "The Unigram page trained on tutorial 001's corpus and its 15 seed tokens, open at "
                "the tab “{tab}”, which recomputes the tutorial's table."
            ).format(tab=esc(tabs["unigram"])),
            t(
                "Tutorial 001 uses 5/210 for p and for pu, printing P(pu, g) = 0.0022676 and P(p, "
                "u, g) = 0.000389. Both tokens occur 17 times (pug 5 + pun 12), so P(pu, g) = "
                "17/210 × 20/210 = <strong>0.00771</strong> and P(p, u, g) = 17/210 × 36/210 × "
                "20/210 = <strong>0.00132</strong>. The conclusion stands."
            ),
        ),
        "s004-bpe": (
            t("Tutorial 004's “WordPiece”: BPE with “_” as an end letter"),
            t(
                "BPE learn on low_ / lower_ / newest_ / widest_ with no end marker: e+s, es+t, "
                "est+_, l+o, lo+w, n+e, ne+w, new+est_, low+_, w+i. Longest-prefix application is"
                " on the WordPiece page, tab “{tab}”."
            ).format(tab=esc(tabs["wordpiece"])),
            t(
                "Tutorial 004 merges with <code>str.replace</code> on space-separated symbols. On "
                "its corpus that happens to work, but replacing the text <code>a b</code> also "
                "matches across a symbol boundary (<code>xa b</code> → <code>xab</code>) and "
                "joins symbols that are not the pair: see the demonstration below."
            ),
        ),
        "s003-gage": (
            t("Gage's compression: aaabdaaabac"),
            t(
                "Gage's page at step 2, the tie between Za and ab, with the tutorial's choice ab "
                "made: Z = aa, Y = ab, X = ZY, ending in XdXac."
            ),
            t(
                "At step 2 both Za and ab occur twice. The tutorial picks ab without saying it is "
                "a tie; first occurrence would pick Za and reach the same XdXac with a different "
                "table."
            ),
        ),
        "s000-vocab": (
            t("BPE: the vocabulary can grow by +1, stay, or shrink by 1"),
            t(
                "BPE learn at step 2 (es+t), where the vocabulary shrinks from 11 to 10 symbols; "
                "step 1 changes it by 0 and step 9 (low+</w>) by +1."
            ),
            t(
                "Tutorial 000 says the change is random. It is not: it is fixed by the corpus. The "
                "new symbol adds 1; each of the two merged symbols that never occurs outside the "
                "pair vanishes and takes 1 away. The paper's “initial vocabulary + number of "
                "merges” counts every symbol ever made, not the symbols left in the corpus."
            ),
        ),
        "zh-bpe": (
            t("中文: BPE on Chinese, whitespace only"),
            t(
                "BPE learn on the Chinese example. Split at spaces only, each sentence is one "
                "word; the first merges are 语+言 (9 times), then 学+习 and 。+</w> "
                "(tied, 8 times): "
                "the full stop becomes part of the sentence end. Switch the pre-tokenization to "
                "BERT and every character is a word of its own: the merges only join a character "
                "with its end marker (学+</w>), so the tokens stay single characters, as in BERT's"
                " Chinese vocabulary."
            ),
            None,
        ),
        "ko-bpe": (
            t("한국어: BPE on Korean, particles and full stops glued"),
            t(
                "BPE learn on the Korean example: the first merge is 다+. (8 times), the full "
                "stop glued to the verb ending, then 다.+</w> and 공+부. With BERT the full stop "
                "is cut "
                "off first; with jamo (NFD) merges join the letters inside syllables."
            ),
            None,
        ),
        "ko-bytes": (
            t("한국어: byte-level BPE, 3 bytes per syllable"),
            t(
                "Byte-level BPE on the Korean example: every syllable is 3 UTF-8 bytes, and the "
                "first merges join bytes inside a syllable, a space with a syllable's first byte,"
                " or the end of one syllable with the start of the next (the box “Chinese and "
                "Korean” on that page lists them)."
            ),
            None,
        ),
    }


_ENGLISH = _entry_texts(str)
ENTRIES: tuple[SeedEntry, ...] = tuple(
    SeedEntry(key, seed, *_ENGLISH[key][:2], page, apply, _ENGLISH[key][2], kind)
    for key, seed, page, apply, kind in (
        ("s003-bpe", "003", _BPE_LEARN, _open_s003_bpe, "erratum"),
        ("s002-bpe", "002", _BPE_LEARN, _open_s002_bpe, "erratum"),
        ("s003-encode", "003", _BPE_ENCODE, _open_s003_encode, "erratum"),
        ("s001-mhug", "001", _BPE_ENCODE, _open_s001_mhug, "note"),
        ("s001-wordpiece", "001", "pages/wordpiece.py", _open_s001_wordpiece, "erratum"),
        ("s001-unigram", "001", "pages/unigram.py", _open_s001_unigram, "erratum"),
        ("s004-bpe", "004", _BPE_LEARN, _open_s004_bpe, "erratum"),
        ("s003-gage", "003", "pages/gage.py", _open_s003_gage, "note"),
        ("s000-vocab", "000", _BPE_LEARN, _open_s000_vocab, "erratum"),
        ("zh-bpe", "中文", _BPE_LEARN, lambda: _open_cjk_bpe("zh"), "erratum"),
        ("ko-bpe", "한국어", _BPE_LEARN, lambda: _open_cjk_bpe("ko"), "erratum"),
        ("ko-bytes", "한국어", "pages/byte_level.py", _open_ko_bytes, "erratum"),
    )
)
_BY_KEY = {entry.key: entry for entry in ENTRIES}


def _seed_label(seed: str) -> str:
    """``tutorial 003`` for a seed document, the language name for the app's own examples.

    >>> _seed_label("003"), _seed_label("中文")
    ('tutorial 003', '中文 (written for the app)')
    """
    if seed.isdigit():
        return t("tutorial {n}").format(n=seed)
    return t("{language} (written for the app)").format(language=seed)


def open_entry(key: str) -> None:
    """``on_click`` callback: load an entry's corpus and settings and ask to open its page.

    Args:
        key: A :attr:`SeedEntry.key`.

    Example::

        open_entry("s003-bpe")
    """
    entry = _BY_KEY[key]
    entry.apply()
    st.session_state[GOTO_KEY] = entry.page
