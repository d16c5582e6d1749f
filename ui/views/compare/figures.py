"""The Compare page's figures on the whole corpus: tokens per word, words kept whole, UNK
tokens, and the heatmap of the vocabularies' overlap.

Example:
    >>> from subword_core.text.corpus import Corpus
    >>> corpus = Corpus.from_counts({"hug": 3, "pug": 2})
    >>> from ui.views.compare.train import train_all
    >>> len(corpus_figures(corpus, {"BPE": train_all(corpus, 8)["BPE"]}))
    1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd
import streamlit as st

from subword_core import byte_level
from subword_core.text.corpus import Corpus
from ui.app.i18n import translator
from ui.draw.charts import LABEL_PX, described, show_chart
from ui.draw.html import (
    caption_html,
    md_escape,
    show_html,
    table_details_html,
)
from ui.views.compare.plan import display_name, plan
from ui.views.compare.segment import segment, strip_marker
from ui.views.compare.train import Trained, _train_cached, note_text

t = translator("compare")

# --------------------------------------------------------------------------------------
# Corpus-level figures
# --------------------------------------------------------------------------------------


def corpus_figures(corpus: Corpus, trained: Mapping[str, Trained]) -> pd.DataFrame:
    """Per algorithm: vocabulary size, tokens per word, words kept whole, UNK tokens.

    Averages are over running words (each corpus word weighted by its count).

    >>> from subword_core.text.corpus import Corpus
    >>> from ui.views.compare.train import train_all
    >>> corpus = Corpus.from_counts({"hug": 3, "pug": 1})
    >>> df = corpus_figures(corpus, {"BPE": train_all(corpus, 8)["BPE"]})
    >>> float(df.loc[0, "tokens per word"]), float(df.loc[0, "kept whole"])
    (1.25, 0.75)
    """
    rows = []
    for name, t in trained.items():
        tokens = whole = unks = 0
        for word, count in corpus.items:
            s = segment(t, word)
            tokens += s.count * count
            whole += count if s.whole else 0
            unks += s.unks * count
        total = corpus.total
        rows.append(
            {
                "algorithm": name,
                "vocabulary": len(t.vocab),
                "tokens per word": round(tokens / total, 3),
                "kept whole": round(whole / total, 3),
                "UNK tokens": unks,
            }
        )
    return pd.DataFrame(rows)


def _surface(name: str, vocab: Sequence[str]) -> set[str]:
    out: set[str] = set()
    for token in vocab:
        if name == "Byte-level BPE":
            try:
                text = byte_level.from_display(token).decode("utf-8").strip()
            except UnicodeDecodeError:
                continue  # part of a character: no text to compare
        else:
            text = strip_marker(name, token)
        if len(text) >= 2:
            out.add(text)
    return out


def overlap_table(trained: Mapping[str, Trained]) -> pd.DataFrame:
    """Shared learned pieces for every pair of algorithms (markers stripped, 2+ characters).

    Single characters and bytes are left out: every algorithm starts with them. Columns:
    ``a``, ``b``, ``shared``, ``jaccard`` (shared / pieces in either); both orders and the
    diagonal are included, so the table draws as a square heatmap.

    >>> from subword_core.text.corpus import Corpus
    >>> from ui.views.compare.train import train_all
    >>> out = train_all(Corpus.from_counts({"hug": 3, "hugs": 2}), 9)
    >>> df = overlap_table({k: out[k] for k in ("BPE", "WordPiece")})
    >>> int(df[(df.a == "BPE") & (df.b == "BPE")].shared.iloc[0]) >= 1
    True
    """
    surfaces = {name: _surface(name, t.vocab) for name, t in trained.items()}
    rows = []
    for a in surfaces:
        for b in surfaces:
            sa, sb = surfaces[a], surfaces[b]
            either = len(sa | sb)
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "shared": len(sa & sb),
                    "jaccard": round(len(sa & sb) / either, 3) if either else 0.0,
                }
            )
    return pd.DataFrame(rows, columns=["a", "b", "shared", "jaccard"])


def _overlap_chart(df: pd.DataFrame) -> alt.LayerChart:
    """The vocabulary-overlap heatmap of :func:`overlap_table`'s rows.

    No colour legend: a legend beside the grid took the whole width of a two-fifths column
    at 1024 px and squeezed the cells to nothing; each cell writes its number and the
    caption says what the colour means. The algorithm names are cut at :data:`LABEL_PX`,
    one word a line on the left.

    >>> df = pd.DataFrame({"a": ["BPE"], "b": ["BPE"], "shared": [3], "jaccard": [1.0]})
    >>> spec = _overlap_chart(df).to_dict(validate=False)
    >>> spec["layer"][0]["encoding"]["color"]["legend"] is None
    True
    """
    df = df.assign(a=df["a"].map(display_name), b=df["b"].map(display_name))
    order = list(dict.fromkeys(df["a"]))
    base = alt.Chart(df).encode(
        x=alt.X(
            "a:N",
            sort=order,
            title=None,
            axis=alt.Axis(labelAngle=-45, labelLimit=LABEL_PX, labelOverlap=False),
        ),
        y=alt.Y(
            "b:N",
            sort=order,
            title=None,
            # one word a line ("Byte-level" over "BPE"): the cells keep the column's width
            axis=alt.Axis(
                labelLimit=LABEL_PX, labelOverlap=False, labelExpr="split(datum.label, ' ')"
            ),
        ),
    )
    rect = base.mark_rect(stroke="gray", strokeWidth=0.5).encode(
        color=alt.Color(
            "jaccard:Q",
            scale=alt.Scale(domain=[0, 1], scheme="blues"),
            legend=None,
        ),
        tooltip=[
            alt.Tooltip("a:N", title=t("algorithm")),
            alt.Tooltip("b:N", title=t("algorithm")),
            alt.Tooltip("shared:Q", title=t("pieces shared")),
            alt.Tooltip("jaccard:Q", format=".0%", title=t("shared / in either")),
        ],
    )
    text = base.mark_text(fontSize=15, fontWeight="bold").encode(
        text=alt.Text("shared:Q"),
        # subtle: the cells are opaque (pale to dark blue) on either theme, so the number's
        # colour follows the cell, not the theme: dark on pale cells, white on dark ones.
        color=alt.condition(alt.datum.jaccard > 0.55, alt.value("white"), alt.value("#1f2430")),
    )
    return described(
        (rect + text).properties(height=260),
        t(
            "Heatmap: for every two algorithms, how many learned pieces of two or more "
            "characters they share (the number in the cell); the darker the cell, the larger "
            "the share of their pieces in common."
        ),
    )


def _overlap_table_html(df: pd.DataFrame) -> str:
    """The overlap heatmap's numbers as a folded table: each pair of algorithms once."""
    names = list(dict.fromkeys(df["a"]))
    rows = [
        (r.a, r.b, int(r.shared), f"{r.jaccard:.0%}")
        for r in df.itertuples(index=False)
        if names.index(r.a) <= names.index(r.b)
    ]
    rows = [(display_name(a), display_name(b), n, share) for a, b, n, share in rows]
    return table_details_html(
        t("Show the overlap as a table"),
        [t("algorithm"), t("algorithm"), t("pieces shared"), t("shared / in either")],
        rows,
        caption=t("Learned pieces two algorithms share, as in the heatmap"),
    )


# Small by construction: one row per algorithm and a 4 x 4 overlap table (the models
# themselves are in the shared store of _train_cached).
@st.cache_data(max_entries=8, show_spinner=False)  # the caller shows one, translated
def _figures_cached(corpus: Corpus, target: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    out = _train_cached(corpus, target, quiet=True)  # found: train_or_explain trained it
    trained = {k: v for k, v in out.items() if isinstance(v, Trained)}
    return corpus_figures(corpus, trained), overlap_table(trained)


def render_corpus_figures(corpus: Corpus, target: int, trained: Mapping[str, Trained]) -> None:
    """The per-algorithm figures on the whole corpus and the vocabulary-overlap heatmap.

    Cached per corpus and target, so typing a new sentence does not segment the corpus again.
    """
    with st.spinner(t("Segmenting the corpus…")):
        figures, overlap = _figures_cached(corpus, target)
    plans = {p.name: p for p in plan(corpus, target)}
    headers = {
        "algorithm": t("algorithm"),
        "vocabulary": t("vocabulary"),
        "tokens per word": t("tokens per word"),
        "kept whole": t("kept whole"),
        "UNK tokens": t("UNK tokens"),
    }
    c1, c2 = st.columns([3, 2])
    with c1:
        # the data keeps its English column names; the headers are translated
        st.dataframe(
            figures.assign(algorithm=figures["algorithm"].map(display_name)),
            hide_index=True,
            column_config={
                "algorithm": st.column_config.TextColumn(headers["algorithm"]),
                "vocabulary": st.column_config.NumberColumn(headers["vocabulary"]),
                "kept whole": st.column_config.NumberColumn(
                    headers["kept whole"],
                    format="percent",
                    help=t("Share of running words that are one token"),
                ),
                "tokens per word": st.column_config.NumberColumn(
                    headers["tokens per word"], format="%.2f"
                ),
                "UNK tokens": st.column_config.NumberColumn(headers["UNK tokens"]),
            },
        )
        notes = " · ".join(
            f"{display_name(name)}: {note_text(plans[name], tr)}" for name, tr in trained.items()
        )
        st.caption(md_escape(notes))
    with c2:
        if len(trained) >= 2:
            show_chart(_overlap_chart(overlap), width="stretch")
            show_html(
                caption_html(
                    t(
                        "Vocabulary overlap: how many learned pieces of two or more characters "
                        "two algorithms share (markers stripped; single characters and bytes "
                        "left out, since every algorithm starts with them). Colour: shared / in "
                        "either, from pale (none shared) to dark blue (all)."
                    )
                )
                + _overlap_table_html(overlap)
            )
        else:
            st.caption(t("The overlap chart needs at least two trained algorithms."))
