"""The interface in English, 简体中文 and 한국어: gettext catalogs read with Babel.

A module marks the text a student sees and asks for it in the session's language::

    from ui.app.i18n import translator

    t = translator("bpe")  # this file's catalog ("domain"), one per module group

    st.subheader(t("Merge {n}").format(n=step))
    st.caption(t.n("{n} word changed", "{n} words changed", count).format(n=count))

- ``t(...)`` and ``t.n(...)`` take **constant strings** (``scripts/i18n.py extract`` finds
  them in the source; an f-string cannot be found, so put values in with ``.format`` and named
  fields, which the translator may move around the sentence).
- The language is read when ``t`` is called (the session's choice, :data:`LANG_KEY`), so a
  module-level ``t`` is right; a module-level *translated constant* is not (it would be
  translated once, in whatever language came first): translate inside the function.
- Each file belongs to exactly one domain, the one it passes to :func:`translator`; the
  catalogs are ``locales/<lang>/LC_MESSAGES/<domain>.po``. One domain per module group (one
  per view) lets several translators work at once without touching the same file.
- English is the source language: an English session, a missing catalog or an untranslated
  message shows the text as written in the code.

The ``.po`` files are read once per process (Babel's ``read_po``, compiled in memory; no
``.mo`` file is committed or built). ``python scripts/i18n.py update`` brings them in line
with the code; ``python scripts/i18n.py check`` (and ``tests/test_i18n_catalogs.py``) fails on
a message that is missing, stale or untranslated.

Example:
    >>> t = translator("common")
    >>> t("Step {step} of {n}").format(step=3, n=10)  # outside a session: English
    'Step 3 of 10'
    >>> t.n("{n} step", "{n} steps", 2).format(n=2)
    '2 steps'
    >>> translation("ko", "common").gettext("Next")
    '다음'
"""

from __future__ import annotations

import functools
import gettext
import html
import io
import re
import unicodedata
from pathlib import Path

import streamlit as st
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ui.app.links import LinkParam, register_global
from ui.app.registry import page_domains

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAINS",
    "HTML_LANG",
    "LANGUAGES",
    "LANG_KEY",
    "LOCALES_DIR",
    "SHARED_DOMAINS",
    "Message",
    "Translator",
    "browser_language",
    "current_language",
    "join_sentences",
    "keep_choice",
    "ko_particle",
    "language_menu",
    "language_of",
    "mark_page_language",
    "page_language_html",
    "sentence_gap",
    "translation",
    "translator",
]

LANGUAGES: dict[str, str] = {"en": "English", "zh": "简体中文", "ko": "한국어"}
"""The interface languages, by code (also the ``lang=`` link values), each named in itself."""

HTML_LANG: dict[str, str] = {"en": "en", "zh": "zh-Hans", "ko": "ko"}
"""Each interface language as a BCP 47 tag for the page's ``<html lang>`` (simplified Chinese
is ``zh-Hans``: screen readers pick their voice, and Chromium its Han glyphs, by it)."""

DEFAULT_LANGUAGE = "en"
"""The source language: the text as written in the code."""

LANG_KEY = "lang"
"""Session-state key of the language menu, also the link parameter (``lang=zh``)."""

LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"
"""Where the catalogs live: ``locales/<lang>/LC_MESSAGES/<domain>.po``."""

SHARED_DOMAINS: tuple[str, ...] = (
    "app",
    "common",
    "glossary",
    "errors",
    "textbook",
    "classroom",
    "bounds",
)
"""The catalogs that belong to no single page: ``app`` (app.py, the navigation, the home
page), ``common`` (the UI primitives), ``glossary``, ``errors`` (the core's errors worded by
code, :mod:`ui.app.core_errors`), ``textbook`` (the code panel, :mod:`ui.study.code_panel`, and the
comments of ``subword_core/textbook/``), ``classroom`` (the live class, :mod:`ui.classroom`),
``bounds`` (the bounds one student's input meets, :mod:`ui.app.bounds_text`)."""

DOMAINS: tuple[str, ...] = tuple(dict.fromkeys((*SHARED_DOMAINS, *page_domains())))
"""Every catalog: the shared ones, then each page's own (its entry in :mod:`ui.app.registry`;
``family`` is BPE-dropout, joint BPE and the encoders)."""


@functools.cache
def translation(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` (read once per process).

    English, or a catalog that does not exist yet, gives the messages unchanged. Fuzzy
    entries (a guess ``update`` made) are not used.

    Example:
        >>> translation("zh", "common").gettext("Next")
        '下一步'
        >>> translation("en", "common").gettext("Next")
        'Next'
    """
    path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT_LANGUAGE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def language_of(text: str | None) -> str | None:
    """The interface language of a locale or ``Accept-Language`` value, if it is one we have.

    Example:
        >>> language_of("ko-KR"), language_of("zh-Hans-CN"), language_of("fr"), language_of(None)
        ('ko', 'zh', None, None)
        >>> language_of("fr-FR,fr;q=0.9,zh-CN;q=0.8")
        'zh'
    """
    for part in (text or "").split(","):
        code = part.split(";")[0].strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return None


def browser_language() -> str | None:
    """The browser's language, where Streamlit tells it: ``st.context.locale``, else the
    ``Accept-Language`` header; ``None`` outside a session or for another language.

    Example::

        browser_language()
        # 'ko' in a Korean browser
    """
    try:
        found = language_of(st.context.locale)
        if found is None:
            found = language_of(st.context.headers.get("Accept-Language"))
    except Exception:  # outside a running app there is no context
        return None
    return found


def _in_session() -> bool:
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        return get_script_run_ctx(suppress_warning=True) is not None
    except Exception:  # pragma: no cover - streamlit internals moved
        return False


_outside_session = [DEFAULT_LANGUAGE]
"""The language of the last session run in this process, used outside any session.

subtle: Streamlit's AppTest formats a widget's options (``format_func``) in the test's own
thread, outside the session, to match the labels the script drew; a label translated in
another language there would not be found. A server never calls them outside a session.
Tests reset it to English (tests/app/conftest.py)."""


def current_language() -> str:
    """The session's interface language (outside a session: see :data:`_outside_session`).

    A session's first call decides it: a valid ``lang=`` in the address (a shared link),
    else the browser's language, else English; the language menu changes it later.

    Example:
        >>> current_language()
        'en'
    """
    if not _in_session():
        return _outside_session[0]
    state = st.session_state
    lang = state.get(LANG_KEY)
    kept = state.get(_KEPT_KEY)
    if kept in LANGUAGES and lang != kept:
        # subtle: st.switch_page (the gallery's Open) reruns without the widgets' values, so
        # the menu's state falls back to its default; the kept choice puts it back
        lang = state[LANG_KEY] = kept
    if lang not in LANGUAGES:
        linked = st.query_params.get(LANG_KEY)
        lang = linked if linked in LANGUAGES else (browser_language() or DEFAULT_LANGUAGE)
        state[LANG_KEY] = lang
    if kept != lang:  # a page's script asks thousands of times a run: write only a change
        state[_KEPT_KEY] = lang
    _outside_session[0] = lang
    return lang


_KEPT_KEY = "lang__kept"
"""The language as last chosen (the menu's ``on_change`` and the first run set it)."""


def _remember_language() -> None:
    st.session_state[_KEPT_KEY] = st.session_state.get(LANG_KEY)


_PARTICLES: dict[str, tuple[str, str, str]] = {
    # pair: (after a final consonant, after a vowel, neutral when the sound is unknown)
    "을/를": ("을", "를", "을(를)"),
    "이/가": ("이", "가", "이(가)"),
    "은/는": ("은", "는", "은(는)"),
    "과/와": ("과", "와", "과(와)"),
    "와/과": ("과", "와", "과(와)"),
    "으로/로": ("으로", "로", "(으)로"),
    "이라/라": ("이라", "라", "(이)라"),
    "이나/나": ("이나", "나", "(이)나"),
}
"""The Korean particles whose form depends on the sound before them."""

_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "3": "ㅁ", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ"}
"""Digits read in Sino-Korean whose reading ends in a consonant (영 일 삼 육 칠 팔); 2 이,
4 사, 5 오, 9 구 end in a vowel."""

_RIEUL = 8
"""The index of ㄹ among the final consonants of a Hangul syllable."""


_TAG = re.compile(r"<[^<>]*>")
_MD_LINK_AT_END = re.compile(r"\[((?:\\.|[^\]\\])*)\]\([^\n]*\)\s*$")


_SOUND_TAIL = 200
"""The characters that decide a value's last sound: the last ones, or, when those are all
marks, the ones before the marks (:func:`_sound_end`). Only these go through the regular
expressions, so a particle costs the same after 2,000,000 characters as after one (a regular
expression over the whole value was quadratic in its length and froze the server for every
student)."""

_HEARD = re.compile(r"[A-Za-z0-9\uac00-\ud7a3]")
"""A character read aloud before a particle (:func:`_is_heard`)."""

_SOUND_LOOKBACK = 65_536
"""The characters at the end of a value that are read at all (more than any box takes,
``LIMITS.box_chars``): a value whose last sound is further back gets the neutral particle
(``을(를)``), and finding the sound costs at most about a millisecond."""

_FIRST_LOOK = 256
"""How many characters :func:`_last_heard` reads first; four times more each time after."""


def _is_heard(char: str) -> bool:
    """Whether ``char`` is read aloud before a particle: an ASCII letter or digit, or a Hangul
    syllable."""
    return (char.isascii() and char.isalnum()) or "\uac00" <= char <= "\ud7a3"


def _strip_unheard(text: str) -> str:
    """``text`` without the marks, spaces and other unheard characters at its end (linear).

    >>> _strip_unheard("low'!! "), _strip_unheard("年")
    ('low', '')
    """
    end = len(text)
    while end and not _is_heard(text[end - 1]):
        end -= 1
    return text[:end]


def _last_heard(text: str) -> int:
    """The index of the last character of ``text`` read aloud, ``-1`` if none (linear: each
    character is read once, by the regular expression engine, in growing slices from the end).

    >>> _last_heard("단어!!"), _last_heard("!!")
    (1, -1)
    """
    stop, size = len(text), _FIRST_LOOK
    while stop > 0:
        start = max(0, stop - size)
        found = _HEARD.search(text[start:stop][::-1])
        if found:
            return stop - 1 - found.start()
        stop, size = start, size * 4
    return -1


def _sound_end(value: str) -> int:
    """Where ``value`` ends once the marks after its last sound are cut (issue 26: more than
    :data:`_SOUND_TAIL` marks hid the sound before them).

    What may still change the sound stays: an entity's ``;`` right after it (``&#54617;``),
    and the ``>`` of a tag it may be inside (``<b>학</b>``).

    >>> _sound_end("단어" + "!" * 300), _sound_end("<b>학</b>" + "!" * 300)
    (2, 8)
    """
    last = _last_heard(value)
    if last < 0:
        return 0
    end = last + 1
    if value.startswith(";", end):
        end += 1
    close = value.find(">", last + 1)
    if close >= 0 and value.find("<", last + 1, close) < 0:
        end = max(end, close + 1)
    return end


def _heard_text(text: str) -> str:
    """``text`` as it is heard up to its last sound: tags skipped, entities read as their
    characters, a markdown link at the end as its text, the unheard end cut (``""`` if none).
    """
    text = _TAG.sub("", text)
    link = _MD_LINK_AT_END.search(text)
    if link:
        text = text[: link.start()] + link[1]
    return _strip_unheard(html.unescape(text))


def _final_sound(value: str) -> str | None:
    """``"consonant"``, ``"rieul"`` (ㄹ) or ``"vowel"``: how ``value`` is heard to end.

    Quotes, brackets and other marks at the end are skipped (``'low'`` ends in *w*); HTML
    tags are skipped and entities read as their characters; a markdown link is its text (a
    glossary term). ``None`` when the last sound is unknown (a Han character, a symbol only),
    or not among the last :data:`_SOUND_LOOKBACK` characters. Linear in the marks at the end
    and bounded: at most :data:`_SOUND_LOOKBACK` characters are read, by the regular
    expression engine, and :data:`_SOUND_TAIL` go through the slower steps.

    >>> _final_sound('<a href="glossary#pair" title="x">쌍</a>'), _final_sound("[병합](g)")
    ('consonant', 'consonant')
    >>> _final_sound("단어" + "!" * 1000)
    'vowel'
    """
    # (spaces at the end are cut first: a link's text decides only when it ends the value)
    value = value[-_SOUND_LOOKBACK:].rstrip()
    text = _heard_text(value[-_SOUND_TAIL:])
    if not text and len(value) > _SOUND_TAIL:  # marks only there: look before them
        end = _sound_end(value)
        text = _heard_text(value[max(0, end - _SOUND_TAIL) : end])
    if not text:
        return None
    last = text[-1]
    if "\uac00" <= last <= "\ud7a3":
        final = (ord(last) - 0xAC00) % 28
        return "vowel" if final == 0 else "rieul" if final == _RIEUL else "consonant"
    if last.isdigit():
        digits = text.replace(",", "")
        if last == "0" and digits.strip("0"):  # 10 십, 100 백, 1000 천, 10000 만
            return "consonant"
        final = _DIGIT_FINAL.get(last)
        if final is None:
            return "vowel"
        return "rieul" if final == "ㄹ" else "consonant"
    lower = text.lower()
    if lower.endswith("l"):  # el, 엘; low-l words end in ㄹ
        return "rieul"
    if lower.endswith(("m", "n", "ng")):  # em, en; -ing 잉
        return "consonant"
    return "vowel"  # the other letters' names and -p, -t, -s … endings end in a vowel


def ko_particle(value: object, pair: str) -> str:
    """The Korean particle of ``pair`` that fits after ``value``'s last sound.

    After a Hangul syllable its final consonant decides; after digits, their Sino-Korean
    reading (1 일, 3 삼 … end in a consonant; 2 이, 4 사, 5 오, 9 구 in a vowel); after Latin
    letters, the letter names' ending (l 엘, m 엠, n 엔 in a consonant; the others in a
    vowel); after anything else, the neutral form (``을(를)``).

    Args:
        value: What comes before the particle (its ``str``).
        pair: One of ``"을/를"``, ``"이/가"``, ``"은/는"``, ``"과/와"`` (or ``"와/과"``),
            ``"으로/로"``, ``"이라/라"``, ``"이나/나"``.

    Example:
        >>> ko_particle("단어", "을/를"), ko_particle("병합", "을/를"), ko_particle("3", "이/가")
        ('를', '을', '이')
        >>> ko_particle("서울", "으로/로"), ko_particle("'low'", "은/는")
        ('로', '는')
        >>> ko_particle("學", "이/가")  # a Han character: its reading is not known here
        '이(가)'
        >>> ko_particle("10", "와/과"), ko_particle("1,024", "을/를"), ko_particle("bun", "이/가")
        ('과', '를', '이')
    """
    after_consonant, after_vowel, neutral = _PARTICLES[pair]
    sound = _final_sound(str(value))
    if sound is None:
        return neutral
    if pair == "으로/로" and sound == "rieul":  # 서울로, 일로: ㄹ takes 로
        return after_vowel
    return after_vowel if sound == "vowel" else after_consonant


_PARTICLE_FIELD = re.compile(
    r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*):(" + "|".join(map(re.escape, _PARTICLES)) + r")\}"
)


class Message(str):
    """A translated message whose :meth:`format` also fits Korean particles to the values.

    A Korean translation writes ``{word:을/를}`` where English has ``{word}``: the value,
    then the particle that fits its last sound (:func:`ko_particle`). Any other field is
    formatted as by :meth:`str.format`.

    Example:
        >>> Message("{word:을/를} 찾았습니다").format(word="단어")
        '단어를 찾았습니다'
        >>> Message("{n:이/가} 남았습니다 ({n:,})").format(n=1000)
        '1000이 남았습니다 (1,000)'
        >>> ("- " + Message("{w:을/를}") + " 봅니다").format(w="단어")
        '- 단어를 봅니다'
    """

    __slots__ = ()

    def __add__(self, other: str) -> Message:
        """A message joined to more text is still a message (``t("a") + " " + t("b")``); in
        Chinese the space at the seam goes when full-width punctuation is next to it
        (``"已合并。" + " " + …``: :func:`sentence_gap`)."""
        left, right = _seam(str(self), str(other))
        return Message(left + right)

    def __radd__(self, other: str) -> Message:
        left, right = _seam(str(other), str(self))
        return Message(left + right)

    def format(self, *args: object, **kwargs: object) -> str:
        """Format like :meth:`str.format`, with ``{field:을/를}`` giving value + particle."""

        def fit(match: re.Match[str]) -> str:
            name, pair = match[1], match[2]
            if name not in kwargs:
                return match[0]
            particle = ko_particle(kwargs[name], pair)
            return "{" + name + "}" + particle

        return str.format(_PARTICLE_FIELD.sub(fit, self), *args, **kwargs)


class Translator:
    """The messages of one domain in the session's current language.

    Attributes:
        domain: The catalog's name, e.g. ``"bpe"``.

    Example:
        >>> t = Translator("common")
        >>> t("Next"), t.n("{n} step", "{n} steps", 1).format(n=1)
        ('Next', '1 step')
    """

    def __init__(self, domain: str) -> None:
        if domain not in DOMAINS:
            raise ValueError(
                f"unknown domain {domain!r}: add it to a page's entry in ui.app.registry "
                "(or to ui.app.i18n.SHARED_DOMAINS)"
            )
        self.domain = domain

    def __call__(self, message: str) -> Message:
        """``message`` in the current language (as written if untranslated)."""
        return Message(translation(current_language(), self.domain).gettext(message))

    def marked(self, message: str) -> Message:
        """A message marked for extraction elsewhere with ``N_`` (:mod:`ui.app.registry`'s titles),
        in the current language; the same as calling the translator, for a variable. The
        empty string stays empty (gettext would give the catalog's header)."""
        return self(message) if message else Message("")

    def n(self, singular: str, plural: str, n: int) -> Message:
        """The form of a message for the count ``n`` (Chinese and Korean have one form)."""
        return Message(translation(current_language(), self.domain).ngettext(singular, plural, n))

    def __repr__(self) -> str:
        return f"Translator({self.domain!r})"


def translator(domain: str) -> Translator:
    """The translator of ``domain``: call it at module level as ``t = translator("…")``.

    Example:
        >>> translator("app")("Glossary")
        'Glossary'
    """
    return Translator(domain)


_TAGS_AT_END = re.compile(r"(?:\s*<[^<>]*>)+\s*$")
_TAGS_AT_START = re.compile(r"^\s*(?:<[^<>]*>\s*)+")


def _wide_punctuation(char: str) -> bool:
    """Whether ``char`` is full-width punctuation (。！？，；：、（）「」 …), which carries its own
    room: Chinese puts no space next to it."""
    return unicodedata.category(char).startswith("P") and unicodedata.east_asian_width(char) in (
        "W",
        "F",
    )


def sentence_gap(left: str, right: str, lang: str | None = None) -> str:
    """What goes between two sentences (or clauses) joined in code: a space, except in
    Chinese next to full-width punctuation (``…0.3333。它与…``, never ``。 它与``). Tags at the
    seam (``…。</strong>``) are looked through. ``lang``: the interface's language (by
    default the session's); English and Korean always get the space.

    Example:
        >>> sentence_gap("Merged.", "Next.", "zh"), sentence_gap("已合并。", "下一步。", "zh")
        (' ', '')
        >>> sentence_gap("<b>已合并。</b>", "<i>（另有 2 个）</i>", "zh")
        ''
        >>> sentence_gap("병합됩니다.", "다음", "ko"), sentence_gap("토큰 。", "다음", "ko")
        (' ', ' ')
    """
    if (lang or current_language()) != "zh":
        return " "
    end = _TAGS_AT_END.sub("", left).rstrip()
    start = _TAGS_AT_START.sub("", right).lstrip()
    if (end and _wide_punctuation(end[-1])) or (start and _wide_punctuation(start[0])):
        return ""
    return " "


def join_sentences(*parts: str, lang: str | None = None) -> Message:
    """Join sentences (or clauses) in the interface's language, the empty ones left out: a
    space between two, as English and Korean write, but none after or before full-width
    punctuation, as Chinese writes (:func:`sentence_gap`). Code that joins translated
    sentences uses it, or joins messages with ``+ " " +`` (:meth:`Message.__add__` applies
    the same rule at the seam); ``tests/app/test_sentence_joins.py`` checks the pages.

    Example:
        >>> join_sentences("It ties with ab.", "", "You chose it.")
        'It ties with ab. You chose it.'
        >>> join_sentences("它与 ab 并列（分数相同）。", "你选了它。", lang="zh")
        '它与 ab 并列（分数相同）。你选了它。'
        >>> join_sentences("得分 0.3333。", "（另有 2 个）", lang="zh")
        '得分 0.3333。（另有 2 个）'
    """
    lang = lang or current_language()
    out = ""
    for part in parts:
        if not part:
            continue
        out = out + sentence_gap(out, part, lang) + part if out else str(part)
    return Message(out)


def _seam(left: str, right: str) -> tuple[str, str]:
    """``left`` and ``right`` about to be joined, without a Latin space at the seam where
    Chinese puts none (:func:`sentence_gap`): ``"已合并。" + " "`` drops the space."""
    one_space_left = left.endswith(" ") and not left.endswith("  ") and right[:1] != " "
    if one_space_left and sentence_gap(left[:-1], right) == "":
        return left[:-1], right
    one_space_right = right.startswith(" ") and not right.startswith("  ") and left[-1:] != " "
    if one_space_right and sentence_gap(left, right[1:]) == "":
        return left, right[1:]
    return left, right


# lang=zh in any page's link (ui.app.share); English, the default, is left out of links
register_global(LinkParam(LANG_KEY, "choice", options=tuple(LANGUAGES)), DEFAULT_LANGUAGE)

_MENU_LABEL = "Language · 语言 · 언어"  # in all three, so that anyone finds it


def language_menu() -> str:
    """Draw the language menu in the sidebar and return the chosen language.

    ``app.py`` calls it on every full run (after a link is applied), so the choice survives
    page switches; a change reruns the whole app in the new language and keeps the corpus,
    the settings and the step (they live in session state, not in the widgets' labels).

    Example::

        language_menu()
        # 'zh'
    """
    current_language()  # a first run decides it before the widget exists
    return st.sidebar.selectbox(
        _MENU_LABEL,
        tuple(LANGUAGES),
        key=LANG_KEY,
        format_func=LANGUAGES.__getitem__,
        on_change=_remember_language,
    )


def keep_choice(key: str, default: object = None) -> None:
    """Before a choice widget (radio, selectbox, segmented control) whose options are shown
    translated is drawn, send its value again, so that it survives a language switch.

    subtle: the browser keeps a choice as its option's *label*. After a language switch that
    label is no longer among the options, so the browser shows nothing chosen and the next
    run falls back to the first option (a chosen corpus, sample or speed was lost). Set from
    session state, the value is sent again and shown under its label in the new language.
    Widgets kept by :func:`ui.app.common.restore_widgets` are already set this way. ``default``
    is written when the key is not set yet (draw the widget without ``index``/``default``
    then: Streamlit warns when both set a value).

    Example::

        keep_choice("pre_source")
        st.radio(t("Tokenizer"), options, format_func=label, key="pre_source")
    """
    state = st.session_state
    if key in state:
        state[key] = state[key]
    elif default is not None:
        state[key] = default


def page_language_html(lang: str) -> str:
    """A hidden element whose script sets the page's ``<html lang>`` to ``lang``'s tag.

    Streamlit's page is ``<html lang="en">`` whatever the interface: a screen reader would
    read a Chinese or Korean interface with an English voice (WCAG 3.1.1, language of the
    page). The script is a constant but for the tag, one of :data:`HTML_LANG`'s values (never
    user text); its element container is hidden, so it takes no room in the sidebar.

    Example:
        >>> page_language_html("zh")  # doctest: +ELLIPSIS
        '<style>...</style><script data-sw-lang>document.documentElement.lang = "zh-Hans";</script>'
    """
    tag = HTML_LANG.get(lang, HTML_LANG[DEFAULT_LANGUAGE])
    return (
        '<style>[data-testid="stElementContainer"]:has(> [data-testid="stHtml"] '
        "> script[data-sw-lang]){display:none}</style>"
        f'<script data-sw-lang>document.documentElement.lang = "{tag}";</script>'
    )


def mark_page_language() -> None:
    """Set the page's ``<html lang>`` to the session's language (once per full run).

    ``app.py`` calls it right after :func:`language_menu`; a new choice changes the script,
    which then runs again. Our own HTML blocks inherit the tag; cells in another language
    than the interface carry their own ``lang`` (the glossary's three-language columns).

    Example::

        mark_page_language()
        # <html lang="ko"> in a Korean session
    """
    st.sidebar.html(page_language_html(current_language()), unsafe_allow_javascript=True)
