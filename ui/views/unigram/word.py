"""The "Segment a word" tab: the word, its Viterbi segmentation and lattice, every
segmentation, then the n best (:mod:`.nbest`) and sampling (:mod:`.sampling`).

The model is the one trained above or a sentencepiece ``.vocab`` the student pastes.
"""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from subword_core import unigram
from subword_core.errors import SubwordError
from subword_core.text.corpus import Corpus
from subword_core.text.normalize import normalize_chars
from subword_core.textbook import code
from subword_core.unigram import Lattice, Unigram, UnigramResult
from ui.app.common import persisted, remember, text_colour, write_kept
from ui.app.corpus_picker import error_text
from ui.app.follow import ExampleWords, example_words
from ui.app.i18n import current_language, translator
from ui.app.limits import LIMITS, PASTE_CHARS, word_too_long
from ui.draw.charts import show_template
from ui.draw.html import caption_html, esc, md_escape, show_html, show_text, token_spans_html
from ui.study.code_panel import code_panel
from ui.views.unigram.lattice import (
    _lattice_chart,
    _lattice_table_html,
    lattice_chart_data,
    segmentation_table,
)
from ui.views.unigram.nbest import _render_nbest
from ui.views.unigram.params import (
    _MODEL_LABELS,
    MAX_LATTICE_CHARS,
    MAX_TABLE_SEGMENTATIONS,
    WIDGETS_KEY,
    _shown,
)
from ui.views.unigram.sampling import _render_sampling
from ui.views.unigram.settings import _normalized_text
from ui.views.unigram.text import _list, _num, _percent, _problem, _tok, prob_text

t = translator("unigram")


def _model_label(key: str) -> str:
    return {
        "trained": t("The model trained above"),
        "vocab": t("A sentencepiece .vocab I paste or upload"),
    }[key]


def _model_from_vocab(normalization: str = "none") -> Unigram | None:
    """The .vocab panel: pasted text or an uploaded file; ``None`` (explained) if invalid.

    A .vocab file does not say how its text was normalised: the page's choice is used.
    """
    st.text_area(
        t("Paste a sentencepiece .vocab (one “piece TAB score” per line; spaces work too)"),
        key="uni_vocab_text",
        max_chars=PASTE_CHARS,
        persist_state=persisted("uni_vocab_text"),
        height=150,
        placeholder="▁the\t-3.29\n▁a\t-4.36\ns\t-3.05",
    )
    upload = st.file_uploader(
        t("…or upload a .vocab file"), type=["vocab", "txt"], key="uni_upload"
    )
    text = st.session_state.get("uni_vocab_text", "")
    if upload is not None:
        raw = upload.getvalue()
        try:
            text = raw.decode("utf-8-sig")
            show_text(
                t("Read {name} as UTF-8 ({n:,} bytes).").format(name=upload.name, n=len(raw)),
                small=True,
            )
        except UnicodeDecodeError:
            _problem(t("The file is not UTF-8 text, so it cannot be a sentencepiece .vocab file."))
            return None
    if not text.strip():
        st.info(t("Paste or upload a .vocab file to use it here."), icon=":material/description:")
        return None
    try:
        model = Unigram.from_vocab_text(text, normalization=normalization)
    except SubwordError as err:
        _problem(t("The .vocab text cannot be read yet:"), error_text(err))
        return None
    st.caption(
        md_escape(
            t("{n:,} pieces read (<unk>, <s> and </s> are skipped if present).").format(
                n=len(model)
            )
        )
    )
    return model


def _word_typed() -> None:
    remember(WIDGETS_KEY, "uni_word")
    st.session_state[WIDGETS_KEY]["uni_word_touched"] = True


def _set_word(word: str) -> None:
    st.session_state[WIDGETS_KEY]["uni_word"] = word
    st.session_state[WIDGETS_KEY]["uni_word_touched"] = True


_DEFAULT_WORD_CANDIDATES = 300  # frequent words tried for the default word (short ones only)
_DEFAULT_WORD_CHARS = 24  # longer words are not tried (their lattices are slower to read)


def _runner_up_share(model: Unigram, word: str) -> float:
    """How probable the second-best segmentation is next to the best (0 when there is one).

    Example:
        >>> m = Unigram((("a", math.log(0.4)), ("b", math.log(0.4)), ("ab", math.log(0.2))))
        >>> round(_runner_up_share(m, "ab"), 3)  # P(a b) = 0.16 next to P(ab) = 0.2
        0.8
    """
    best = model.nbest(word, 2)
    if len(best) < 2 or best[0].log_prob == -math.inf:
        return 0.0
    return math.exp(best[1].log_prob - best[0].log_prob)


def _default_word(corpus: Corpus, model: Unigram, prefix: str) -> str:
    """A word worth looking at: the frequent word (or the unseen example word) whose lattice
    has the most real alternatives, i.e. whose second-best segmentation is the most probable
    next to the best one (the corpus's words first, then the unseen word). When no word has a
    probable alternative,
    the word with the most segmentations (at most 200, to stay readable), else the most
    frequent word.
    """
    by_count = sorted(corpus.items, key=lambda wc: (-wc[1], -len(wc[0])))
    words = [w for w, _ in by_count[:_DEFAULT_WORD_CANDIDATES] if len(w) <= _DEFAULT_WORD_CHARS]
    unseen = example_words(corpus).unseen
    candidates = [*words, *([unseen] if unseen and len(unseen) <= _DEFAULT_WORD_CHARS else [])]
    for group in (words, candidates[len(words) :]):  # the corpus's words first
        shares = [(_runner_up_share(model, prefix + w), -i, w) for i, w in enumerate(group)]
        share, _, word = max(shares, default=(0.0, 0, ""))
        if share > 1e-3:
            return word
    # no probable alternative anywhere (a model of a few whole words): the richest lattice
    paths = [(model.count_segmentations(prefix + w), -i, w) for i, w in enumerate(candidates)]
    count, _, word = max(((n, i, w) for n, i, w in paths if n <= 200), default=(1, 0, ""))
    return word if count > 1 else by_count[0][0]


def _word_label(corpus: Corpus, word: str, unseen: str | None) -> ExampleWords:
    """The default word said truthfully: from the corpus, or not in it (never both).

    Example:
        >>> from subword_core.text.corpus import Corpus
        >>> _word_label(Corpus.from_counts({"low": 5}), "lowest", "lowest")
        ExampleWords(seen=(), unseen='lowest')
    """
    if word in corpus.words:
        return ExampleWords((word,), unseen if unseen != word else None)
    return ExampleWords((), word)


def _viterbi_summary_html(
    model: Unigram, lattice: Lattice, full: str, marker: str | None, count: int
) -> str:
    """The paragraph under the lattice's heading: the best segmentation, its probability and
    share, and the unknown characters."""
    best = lattice.best_pieces
    unknown = [n.piece for n in lattice.nodes if n.unknown]
    summary = "<p class='sw-text'>" + t(
        "{best} is the most probable segmentation of “{word}” (Viterbi): log P = {log_p}, "
        "P = {p}. Viterbi walks the positions left to right and keeps, for each position, the "
        "best way to reach it; at the end it follows the best choices back. Summed over all its "
        "segmentations the word has P = {p_word}, so this one holds {share} of it."
    ).format(
        best=token_spans_html(best, marker=marker),
        word=esc(full),
        log_p=_num(lattice.best_score, 3),
        p=prob_text(math.exp(lattice.best_score)),
        p_word=prob_text(math.exp(lattice.log_z)),
        share=_percent(math.exp(lattice.best_score - lattice.log_z), count),
    )
    if unknown:
        summary += " " + t.n(
            "{chars} is not in the vocabulary: an unknown character scores the lowest score "
            "minus {penalty} ({score}).",
            "{chars} are not in the vocabulary: an unknown character scores the lowest score "
            "minus {penalty} ({score}).",
            len(set(unknown)),
        ).format(
            chars=_list([_tok(c) for c in dict.fromkeys(unknown)]),
            penalty=f"{unigram.UNK_PENALTY:g}",
            score=_num(model.unk_score, 2),
        )
    return summary + "</p>"


def _lattice_panel(lattice: Lattice, full: str) -> None:
    """The lattice chart of ``full`` and its table, or a note when the word is too long."""
    if len(full) > MAX_LATTICE_CHARS:
        st.info(
            t(
                "The lattice chart draws words of up to {most} characters; this one "
                "has {n}. The tables below still work."
            ).format(most=int(MAX_LATTICE_CHARS), n=len(full)),
            icon=":material/info:",
        )
    else:
        data = lattice_chart_data(lattice)
        # subtle: Streamlit sizes a chart with a discrete y axis by its own height argument,
        # not by the chart's properties, so it is passed here as well
        height = 34 * (int(data["row"].max()) + 2) + 90
        letters = pd.DataFrame(
            {"middle": [i + 0.5 for i in range(len(full))], "row": -1, "label": list(full)}
        )
        rows = int(data["row"].max()) + 1 if len(data) else 1
        show_template(
            _lattice_chart,
            (rows, len(full), text_colour(), current_language()),
            {"nodes": data, "letters": letters},
            description=t(
                "Lattice of the word {word}: {n:,} pieces fit it; the most probable "
                "segmentation, marked ★ on the top row: {path}."
            ).format(
                word=full,
                n=len(lattice.nodes),
                path=" · ".join(data.loc[data["status"] == "Viterbi path", "piece"]),
            ),
            width="stretch",
            height=height,
        )
        show_html(
            caption_html(
                t(
                    "{n} nodes. Each bar is a piece from the vocabulary that fits "
                    "the word at those positions; the top row (★, red) is the Viterbi path, the "
                    "other pieces are packed below; a dashed border marks an unknown character. "
                    "Hover a bar for its score, the best score of the text before it, the "
                    "forward and backward sums, and the chance that it is used."
                ).format(n=len(lattice.nodes))
            )
            + _lattice_table_html(data)
        )


def _all_segmentations(model: Unigram, lattice: Lattice, full: str, count: int) -> None:
    """Every segmentation of ``full`` in a table, or a warning when there are too many."""
    with st.container():
        st.subheader(t("All segmentations"))
        if count > MAX_TABLE_SEGMENTATIONS:
            st.warning(
                t(
                    "This word can be split in {n:,} different ways with this vocabulary; the "
                    "table lists words with at most {most:,}. The n-best table "
                    "shows the most probable ones."
                ).format(n=int(count), most=int(MAX_TABLE_SEGMENTATIONS)),
                icon=":material/front_hand:",
            )
        else:
            table = segmentation_table(model, full)
            st.dataframe(
                _shown(table),
                hide_index=True,
                width="stretch",
                height=min(420, 38 + 35 * len(table)),
            )
            st.caption(
                t.n(
                    "{n:,} segmentation. P multiplies the pieces' probabilities; the share "
                    "divides it by the sum over all segmentations, P(word) = {p}.",
                    "{n:,} segmentations. P multiplies the pieces' probabilities; the share "
                    "divides it by the sum over all segmentations, P(word) = {p}.",
                    int(count),
                ).format(n=int(count), p=md_escape(prob_text(math.exp(lattice.log_z))))
            )


def _checked_word(typed: str, model: Unigram) -> str | None:
    """The typed word, normalized as the model does; ``None`` after saying what is wrong
    (nothing typed, spaces, too long)."""
    word = typed.strip()
    if word:
        text = normalize_chars(word, model.normalization)
        if text != word:
            st.caption(_normalized_text(word, text))
        word = text.strip()
    if not word:
        st.info(
            t("Type a word above to see its lattice and segmentations."), icon=":material/edit:"
        )
        return None
    if any(ch.isspace() for ch in word):
        _problem(
            t(
                "One word at a time, please: the unigram model splits single words, and spaces "
                "separate words. Remove the spaces to continue (your text is kept)."
            )
        )
        return None
    # the word as typed is measured (the ▁ in front is the page's, not the student's)
    if len(word) > LIMITS.unigram_word_chars:
        st.warning(
            md_escape(word_too_long(len(word), "unigram_word_chars", t("this tab"))),
            icon=":material/front_hand:",
        )
        return None
    return word


def render_word(result: UnigramResult, corpus: Corpus) -> None:
    """The word panels: lattice, all segmentations, n-best with a length penalty, sampling."""
    shadow = st.session_state[WIDGETS_KEY]
    # subtle: until the student types a word, the word follows the corpus and the model
    if not shadow.get("uni_word_touched") or shadow.get("uni_word") is None:
        write_kept(WIDGETS_KEY, "uni_word", _default_word(corpus, result.model, result.word_start))

    def keep(key: str) -> dict[str, object]:
        return {"key": key, "persist_state": persisted(key)}

    c1, c2 = st.columns([1.2, 1])
    typed = c1.text_input(
        t("A word to segment"),
        key="uni_word",
        persist_state=persisted("uni_word"),
        on_change=_word_typed,
        max_chars=LIMITS.box_chars,
    )
    if not shadow.get("uni_word_touched"):
        unseen = example_words(corpus).unseen
        with c1:
            show_text(_word_label(corpus, str(shadow["uni_word"]), unseen).label(), small=True)
        if unseen and unseen != shadow["uni_word"]:
            c1.button(
                t("Segment “{word}” (not in the corpus)").format(word=md_escape(unseen)),
                key="uni_try_unseen",
                on_click=_set_word,
                args=(unseen,),
            )
    source = c2.radio(
        t("Model"),
        list(_MODEL_LABELS),
        format_func=_model_label,
        **keep("uni_model_source"),
    )
    model: Unigram | None = result.model
    prefix = result.word_start
    if source == "vocab":
        with st.container(border=True):
            model = _model_from_vocab(result.model.normalization)
            marked = st.toggle(
                t("Put ▁ in front of the word, as sentencepiece does"),
                help=t(
                    "Sentencepiece models mark the start of a word with ▁ (its pieces look "
                    "like ▁the). Switch off for a vocabulary without that marker."
                ),
                **keep("uni_vocab_marker"),
            )
        prefix = "▁" if marked else ""
    if model is None:
        return
    word = _checked_word(typed, model)
    if word is None:
        return
    full = prefix + word
    marker = prefix or None

    st.subheader(t("The lattice: every piece that fits, and the best path"))
    lattice = model.lattice(full)
    count = model.count_segmentations(full)
    show_html(_viterbi_summary_html(model, lattice, full, marker, count))
    code_panel(code.unigram_viterbi(model, full))
    _lattice_panel(lattice, full)

    _all_segmentations(model, lattice, full, count)
    _render_nbest(model, full, from_vocab=source == "vocab")

    st.subheader(t("Sampling segmentations (subword regularization)"))
    _render_sampling(model, full)
