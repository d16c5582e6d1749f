"""Built-in example corpora: the seeds' toy corpora, a short paragraph, and a large real text.

Each example is plain text that :func:`subword_core.text.corpus.parse_corpus` accepts, so a student
can paste any of them into the app's text box (or a notebook) and get the same corpus.

- ``seed-low``: low 5, lower 2, newest 6, widest 3, the corpus of seeds 002 and 003
  (Sennrich et al. 2016's running example).
- ``seed-hug``: hug 10, pug 5, pun 12, bun 4, hugs 5, the corpus of seed 001
  (used there for BPE, WordPiece and Unigram alike).
- ``seed-low-underscore``: the seed-low words written with ``_`` as an ordinary last letter,
  as seed 004 does instead of a separate ``</w>`` symbol.
- ``paragraph``: a short English paragraph with shared stems and suffixes.
- ``zh``: eight short Chinese sentences about computers, language and learning (计算机, 语言,
  学习), written for this app; running text without spaces, as Chinese is written.
- ``ko``: eight short Korean sentences about school, study and language (학교, 공부, 언어),
  written for this app; words (어절) separated by spaces, particles glued to them.
- ``pydoc``: Python's own documentation topics (about 466 KB of real English), read from the
  standard library at run time; nothing of it is copied into this repository.

Example:
    >>> from subword_core.text.examples import EXAMPLES, example_text
    >>> list(EXAMPLES)[:2]
    ['seed-low', 'seed-hug']
    >>> example_text("seed-low").splitlines()[0]
    'low 5'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["DEFAULT_EXAMPLE", "EXAMPLES", "Example", "example_text", "pydoc_topics_text"]


@functools.cache
def pydoc_topics_text() -> str:
    """Return the text of Python's documentation topics (``pydoc_data.topics``).

    The topics are joined with a newline in sorted key order, so the text is the same on
    every run of the same Python version. Loaded on first use and kept in memory.

    Returns:
        About 466,000 characters of English prose and code samples.

    Example:
        >>> len(pydoc_topics_text()) > 400_000
        True
    """
    # Imported here so that importing this module stays cheap.
    from pydoc_data.topics import topics

    return "\n".join(topics[key] for key in sorted(topics))


@dataclass(frozen=True)
class Example:
    """One built-in example corpus.

    Attributes:
        key: Short stable id, used in URLs, session state and tests (``"seed-low"``).
        title: What the picker shows.
        description: One or two plain sentences for students: where the example comes from
            and what to look for.
        loader: Returns the text when the text is large and read at run time; ``None`` when
            the text is stored in ``inline_text``.
        inline_text: The text itself for small examples.
        unseen: A word (for Chinese, a sentence) that is not in the example but is made of its
            pieces, as a native speaker would write it: the pages' "not in the corpus" word to
            try, where a rule of thumb would make one up wrongly (``""``: the rule's).

    Example:
        >>> ex = Example("tiny", "Tiny", "Two words.", inline_text="a 1\\nb 2\\n")
        >>> ex.text
        'a 1\\nb 2\\n'
    """

    key: str
    title: str
    description: str
    inline_text: str = ""
    loader: Callable[[], str] | None = field(default=None, compare=False, repr=False)
    unseen: str = ""

    @property
    def text(self) -> str:
        """The example's text, input for ``parse_corpus`` (loaded on first use if large).

        Example:
            >>> EXAMPLES["seed-hug"].text.split()[:2]
            ['hug', '10']
        """
        return self.loader() if self.loader is not None else self.inline_text

    @property
    def is_large(self) -> bool:
        """True when the text is loaded at run time (too large to show whole in a text box).

        Example:
            >>> EXAMPLES["pydoc"].is_large, EXAMPLES["seed-low"].is_large
            (True, False)
        """
        return self.loader is not None


def _count_lines(pairs: list[tuple[str, int]]) -> str:
    return "".join(f"{word} {count}\n" for word, count in pairs)


_PARAGRAPH = """\
The old baker on the low street walked to her shop before sunrise. She was walking slowly,
because the lower road was wet and the lowest steps were slippery. Her newest oven was
newer than the bakery itself, and it baked faster than the old one. Every morning she baked
bread, and the smell of baking bread walked ahead of her down the street. Walkers stopped,
talkers stopped talking, and even the slowest sleepers woke. "Newer is not always better,"
she said, "but warmer is." By eight the shelves were full, the walkers were talking, and the
baker was walking home, the lowest sun still low over the warmest roofs of the town.
"""

# Written for the app (no copied text). Chinese has no spaces between words: every line is
# one sentence, and the words 计算机 / 语言 / 学习 / 学校 repeat so that merges find them.
_ZH = """\
我们在学校学习计算机。
计算机也可以学习语言。
我们学习语言，也学习计算机语言。
学习语言的计算机叫语言模型。
语言模型学习很多语言。
我喜欢学习，也喜欢计算机。
计算机语言和人的语言不一样。
我们用计算机学习中文和英文。
"""

# Written for the app. Korean separates 어절 with spaces, but particles (에서, 를, 는, 에) and
# the final full stop stay glued to them: 학교 / 학교에서 / 학교에 are three different words.
_KO = """\
나는 학교에서 공부를 한다.
친구도 학교에서 공부를 한다.
우리는 학교에서 언어를 공부한다.
언어 공부는 재미있다.
나는 친구와 언어를 공부한다.
학교에 가면 친구가 있다.
공부를 하면 언어가 쉬워진다.
우리는 매일 학교에 간다.
"""

EXAMPLES: dict[str, Example] = {
    ex.key: ex
    for ex in (
        Example(
            key="seed-low",
            title="low / lower / newest / widest (tutorials 002, 003)",
            description=(
                "The classic toy corpus of Sennrich et al. (2016): four words with counts. "
                "Watch 'est' become one piece because newest and widest share it."
            ),
            inline_text=_count_lines([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)]),
        ),
        Example(
            key="seed-hug",
            title="hug / pug / pun / bun / hugs (tutorial 001)",
            description=(
                "Five short words that share 'ug' and 'un'. Tutorial 001 uses it for BPE, "
                "WordPiece and Unigram, so the three methods can be compared."
            ),
            inline_text=_count_lines(
                [("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)]
            ),
        ),
        Example(
            key="seed-low-underscore",
            title="low_ / lower_ / newest_ / widest_ (tutorial 004, `_` as an ordinary end letter)",
            description=(
                "The low/lower/newest/widest corpus with '_' typed at the end of each word, "
                "as tutorial 004 does. Here '_' is just another letter, so it can merge like one."
            ),
            inline_text=_count_lines([("low_", 5), ("lower_", 2), ("newest_", 6), ("widest_", 3)]),
        ),
        Example(
            key="paragraph",
            title="A short paragraph",
            description=(
                "A short story about a baker, written so that stems and endings repeat: "
                "walk / walked / walking, new / newer / newest, low / lower / lowest."
            ),
            inline_text=_PARAGRAPH,
        ),
        Example(
            key="zh",
            title="中文: 计算机 / 语言 / 学习 (Chinese, no spaces)",
            description=(
                "Eight short Chinese sentences written for this app. Chinese puts no spaces "
                "between words: split at spaces only, each sentence is one giant word and "
                "。 and ， can end up inside merges; BERT's pre-tokenization cuts every "
                "character apart."
            ),
            inline_text=_ZH,
            unseen="我们在学校学习中文。",
        ),
        Example(
            key="ko",
            title="한국어: 학교 / 공부 / 언어 (Korean)",
            description=(
                "Eight short Korean sentences written for this app. Words (어절) are split by "
                "spaces, but particles stay glued: 학교, 학교에서 and 학교에 are different "
                "words until merges find 학교. Each Hangul syllable is 3 bytes in UTF-8."
            ),
            inline_text=_KO,
            unseen="학교에서는",
        ),
        Example(
            key="pydoc",
            title="Python's documentation topics (~466 KB of real English)",
            description=(
                "Every help topic of Python's own documentation, read from the Python "
                "installation running this app. Real text: thousands of different words."
            ),
            loader=pydoc_topics_text,
        ),
    )
}
"""The built-in examples by key, in the order the picker shows them."""

DEFAULT_EXAMPLE = "seed-low"
"""The example selected when the app opens."""


def example_text(key: str) -> str:
    """Return the text of the built-in example ``key`` (input for ``parse_corpus``).

    Args:
        key: One of the keys of :data:`EXAMPLES`.

    Returns:
        The example's text; large texts are loaded once and cached.

    Raises:
        KeyError: If there is no example with that key.

    Example:
        >>> example_text("seed-hug").splitlines()[:2]
        ['hug 10', 'pug 5']
    """
    try:
        example = EXAMPLES[key]
    except KeyError:
        known = ", ".join(EXAMPLES)
        raise KeyError(f"No built-in example called {key!r}. Known examples: {known}.") from None
    return example.text
