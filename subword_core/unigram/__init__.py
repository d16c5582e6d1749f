"""The unigram language model (a step of the move to one file per stage: see the next commit)."""

import sys

from subword_core.unigram import model

sys.modules[__name__] = model
