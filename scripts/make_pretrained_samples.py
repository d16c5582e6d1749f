"""Write the pretrained page's built-in sample tokenizers (ui/assets/pretrained/).

Small models trained with ``tokenizers`` (and one with sentencepiece, converted to a
``tokenizer.json`` with its Precompiled normalizer) on Python's pydoc topics plus generated
words (see tests/core/pretrained_models.py), so the page works without an upload and the
deployed app needs neither library. Run from the repository root:
``python -m scripts.make_pretrained_samples``.
"""

from __future__ import annotations

from pathlib import Path

from tests.core import pretrained_models as pm

OUT = Path(__file__).resolve().parents[1] / "ui" / "assets" / "pretrained"


def main() -> None:
    """Train and write the four samples."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "byte-level-bpe.json").write_bytes(pm.byte_level_bpe(vocab_size=2000)["tokenizer.json"])
    (OUT / "bert-vocab.txt").write_bytes(pm.wordpiece()["vocab.txt"])
    (OUT / "unigram.json").write_bytes(pm.unigram()["tokenizer.json"])
    # a sentencepiece model (nmt_nfkc) converted as Hugging Face does: a Precompiled normalizer
    t5 = pm.precompiled_unigram("nmt_nfkc")["tokenizer.json"]
    (OUT / "t5-precompiled-unigram.json").write_bytes(t5)
    for path in sorted(OUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
