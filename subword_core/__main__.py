"""``python -m subword_core``: the subword-nmt compatible command line (see :mod:`.nmt`).

Example:
    python -m subword_core learn-bpe -s 1000 -i train.txt -o codes.bpe
    python -m subword_core apply-bpe -c codes.bpe -i test.txt -o test.bpe.txt
"""

from __future__ import annotations

import sys

from subword_core.nmt.cli import main

if __name__ == "__main__":
    sys.exit(main())
