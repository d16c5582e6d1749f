"""Write the pretrained page's built-in sample tokenizers (ui/assets/pretrained/).

Small models trained with ``tokenizers`` (and one with sentencepiece, converted to a
``tokenizer.json`` with its Precompiled normalizer) on Python's pydoc topics plus generated
words (see tests/core/pretrained_models.py), so the page works without an upload and the
deployed app needs neither library; and one that knows Chinese and Korean, a Unigram trained
on the English, Chinese and Korean sentences of ``scripts/multilingual_sample.txt`` (written
for this app, not copied). Run from the repository root:
``python -m scripts.make_pretrained_samples``.
"""

from __future__ import annotations

from pathlib import Path

from tests.core import pretrained_models as pm

OUT = Path(__file__).resolve().parents[1] / "ui" / "assets" / "pretrained"
MULTILINGUAL_TEXT = Path(__file__).resolve().parent / "multilingual_sample.txt"


def multilingual_unigram() -> bytes:
    """A Unigram ``tokenizer.json`` (T5/XLM-R style: Nmt, NFKC, Metaspace) that knows the
    Chinese and Korean of :data:`MULTILINGUAL_TEXT`; a character it never saw is ``<unk>``."""
    from tokenizers import SentencePieceUnigramTokenizer

    lines = MULTILINGUAL_TEXT.read_text(encoding="utf-8").splitlines()
    tok = SentencePieceUnigramTokenizer()
    tok.train_from_iterator(
        lines, vocab_size=600, special_tokens=["<pad>", "</s>", "<unk>"], unk_token="<unk>"
    )
    return tok.to_str().encode("utf-8")


def main() -> None:
    """Train and write the five samples."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "byte-level-bpe.json").write_bytes(pm.byte_level_bpe(vocab_size=2000)["tokenizer.json"])
    (OUT / "bert-vocab.txt").write_bytes(pm.wordpiece()["vocab.txt"])
    (OUT / "unigram.json").write_bytes(pm.unigram()["tokenizer.json"])
    # a sentencepiece model (nmt_nfkc) converted as Hugging Face does: a Precompiled normalizer
    t5 = pm.precompiled_unigram("nmt_nfkc")["tokenizer.json"]
    (OUT / "t5-precompiled-unigram.json").write_bytes(t5)
    (OUT / "multilingual-unigram.json").write_bytes(multilingual_unigram())
    for path in sorted(OUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
