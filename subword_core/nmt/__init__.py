"""The subword-nmt drop-in: a command-line tool, not teaching material.

The app's pages teach from :mod:`subword_core.bpe` and :mod:`subword_core.textbook`; this
package is a tool that writes what subword-nmt 0.3.8 writes, byte for byte, so a class can
swap it in for subword-nmt in a pipeline. Where subword-nmt's bookkeeping makes its codes
differ from exact BPE, :mod:`~subword_core.nmt.nmt_learn` models that bookkeeping, and the
command warns. One module per command, as subword-nmt has them:

- :mod:`~subword_core.nmt.learn_bpe`: ``learn-bpe`` (:func:`read_vocabulary`,
  :func:`learn_codes`, :func:`~subword_core.nmt.learn_bpe.learn_differences`), learning with
  :mod:`~subword_core.nmt.nmt_learn`;
- :mod:`~subword_core.nmt.apply_bpe`: ``apply-bpe`` (:func:`read_codes`, :func:`segment_line`),
  its ``--glossaries`` and ``--vocabulary`` rules in :mod:`~subword_core.nmt.apply_options`;
- :mod:`~subword_core.nmt.vocab`: ``get-vocab`` (:func:`count_words`);
- :mod:`~subword_core.nmt.convert`: ``convert`` between model formats (:func:`convert_text`);
- :mod:`~subword_core.nmt.cli`: :func:`main` and each command's run
  (``learn-joint-bpe-and-vocab`` is learn-bpe, then apply-bpe and get-vocab on each text);
  :mod:`~subword_core.nmt.parser`: the arguments; :mod:`~subword_core.nmt.common`: the error,
  files and messages every command shares.

The command line is ``python -m subword_core COMMAND``.

Four commands take every input subword-nmt 0.3.8's commands of the same name take and
write the same files, byte for byte::

    python -m subword_core learn-bpe -s 1000 -i train.txt -o codes.bpe
    python -m subword_core apply-bpe -c codes.bpe -i test.txt -o test.bpe.txt
    python -m subword_core get-vocab -i train.txt -o vocab.txt
    python -m subword_core learn-joint-bpe-and-vocab -i train.de train.en -o codes.bpe \\
        --write-vocabulary vocab.de vocab.en

A fifth, ``convert``, turns a model file from one format into another (see
:func:`convert_text`)::

    python -m subword_core convert --from codes --to tokenizer-json -i codes.bpe -o tok.json

What "byte for byte" means here, exactly:

- Lines are read the way subword-nmt's UTF-8 reader reads them (Python's
  ``str.splitlines`` boundaries: also ``\\r``, ``\\v``, ``\\f``, ``\\x1c``-``\\x1e``,
  ``\\x85``, ``\\u2028``, ``\\u2029``), words are ``line.strip('\\r\\n ').split(' ')``
  without the empty strings, so a tab, a form feed at the end of a line or a no-break space
  is part of a word, as in subword-nmt. ``--dict-input`` lines are ``word count``.
- ``learn-bpe`` learns with :func:`subword_core.nmt.nmt_learn.learn`, our model of
  subword-nmt's bookkeeping (``</w>`` glued to the last character, the greatest pair on
  ties, its pruned table of pair counts), and prints subword-nmt's messages (``--verbose``,
  ``--total-symbols``, ``no pair has frequency >= N. Stopping``). On ordinary text its
  codes are exact BPE, as the app's pages teach it; on four kinds of input subword-nmt's
  codes (and so ours) are not, and a warning on stderr names the cause and the first merge
  where exact BPE differs (:func:`~subword_core.nmt.learn_bpe.learn_differences`): a merge
  glues whitespace other than a space into a symbol (subword-nmt's search for pairs then
  takes it for a boundary), a merge makes a symbol that already existed (a word spelled
  with ``</w>``: the pairs around the old copies are counted again, and the pruned table
  can forget counts),
  ``--dict-input`` counts below 1 (kept: a negative count subtracts) and
  ``--min-frequency`` below 1 (pairs counted 0 times are merged until ``--symbols``).
  Nothing is refused.
- ``apply-bpe`` segments each word with :class:`~subword_core.bpe.BPEModel` (version 0.1
  and 0.2 codes) and adds subword-nmt's rules around it: one-character words are left
  alone, ``--glossaries`` regexes, ``--vocabulary`` reversal of merges, ``--merges``,
  BPE-dropout drawing the same random numbers as ``python -m subword_nmt.apply_bpe
  --dropout P --seed S``. Each line keeps its leading and trailing whitespace.

Errors are one line on stderr and exit status 2 (never a traceback), where subword-nmt
crashes or stops: a file that is missing or not UTF-8, a bad ``--dict-input``, codes or
vocabulary line, an input without words, a word longer than one character with codes of
another version than 0.1 or 0.2 (the lines before it are written, as subword-nmt does), an
invalid glossary regex, ``--vocabulary`` with codes that make ``</w>`` itself (undoing merges
would never end; subword-nmt hits its recursion limit). Three cases are more lenient than
subword-nmt (with a warning where learn-bpe is concerned): a corpus with no pair at all writes
just the header, a count too large for a float is learned from as if floats could hold it,
and a codes file with no merges applies no merges.

Example:
    >>> vocab = read_vocabulary(["low 5", "lower 2", "newest 6", "widest 3"], dict_input=True)
    >>> codes, stop = learn_codes(vocab, 3)
    >>> print(codes, end="")
    #version: 0.2
    s t</w>
    e st</w>
    l o
    >>> segment_line(read_codes(codes), "lowest  newer\\n")
    'lo@@ w@@ est n@@ e@@ w@@ e@@ r\\n'
"""

from __future__ import annotations

from subword_core.nmt.apply_bpe import codes_version, read_codes, segment_line
from subword_core.nmt.apply_options import read_vocabulary_file
from subword_core.nmt.cli import main
from subword_core.nmt.common import CODES_HEADER, CommandError
from subword_core.nmt.convert import FORMATS, convert_text
from subword_core.nmt.learn_bpe import learn_codes, read_vocabulary
from subword_core.nmt.vocab import count_words

__all__ = [
    "CODES_HEADER",
    "FORMATS",
    "CommandError",
    "codes_version",
    "convert_text",
    "count_words",
    "learn_codes",
    "main",
    "read_codes",
    "read_vocabulary",
    "read_vocabulary_file",
    "segment_line",
]
