"""Write the pretrained page's built-in sample tokenizers (ui/assets/pretrained/).

Small models trained with ``tokenizers`` on Python's pydoc topics plus generated words (see
tests/core/pretrained_models.py), so the page works without an upload and the deployed app
needs no ``tokenizers``. Run from the repository root:
``python -m scripts.make_pretrained_samples``.
"""

from __future__ import annotations

from pathlib import Path

from tests.core import pretrained_models as pm

OUT = Path(__file__).resolve().parents[1] / "ui" / "assets" / "pretrained"


def main() -> None:
    """Train and write the three samples."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "byte-level-bpe.json").write_bytes(pm.byte_level_bpe(vocab_size=2000)["tokenizer.json"])
    (OUT / "bert-vocab.txt").write_bytes(pm.wordpiece()["vocab.txt"])
    (OUT / "unigram.json").write_bytes(pm.unigram()["tokenizer.json"])
    for path in sorted(OUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
