"""The websocket load client (scripts/load_ws.py) against a real server, in small.

Three sessions at once (one uploads its corpus as a file, two type it) each click Next three
times: every step change must finish with the new step on the counter, without an exception
element, and no session may receive another session's word. The leak check itself is tested
on real protobuf bytes, so a passing run means something.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pyarrow as pa
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from scripts.load_test import unique_word
from scripts.load_ws import (
    Run,
    element_text,
    leaked_words,
    run_round,
    warm_up,
    words_in,
    words_in_message,
)

T = TypeVar("T")


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: the other e2e tests' Playwright (sync API)
    keeps an event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _arrow_bytes(words: list[str]) -> bytes:
    table = pa.table({"word": words, "count": list(range(len(words)))})
    sink = io.BytesIO()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue()


def test_leak_check_flags_another_sessions_word_in_received_bytes() -> None:
    own, other, absent = unique_word(0), unique_word(1), unique_word(2)
    everyone = [own, other, absent]
    markdown = ForwardMsg()
    markdown.delta.new_element.markdown.body = f"**low** lower newest {other}"
    table = ForwardMsg()
    table.delta.new_element.dataframe.arrow_data.data = _arrow_bytes(["low", other])
    for msg in (markdown, table):
        seen = words_in(msg.SerializeToString())
        assert leaked_words(seen, own, everyone) == [other]
        assert leaked_words(words_in_message(msg), own, everyone) == [other]
    clean = ForwardMsg()
    clean.delta.new_element.markdown.body = f"low lower {own}"
    assert leaked_words(words_in(clean.SerializeToString()), own, everyone) == []


def test_leak_check_reads_arrow_values_one_by_one() -> None:
    # Unigram pieces of the session's own word "zxaqq" lie back to back in the Arrow buffer
    # of the piece table: "▁zxa" then "aq" read as "zxaaq" (session 0's word) in the raw bytes.
    own, other = unique_word(16), unique_word(0)
    assert (own, other) == ("zxaqq", "zxaaq")
    msg = ForwardMsg()
    msg.delta.new_element.dataframe.arrow_data.data = _arrow_bytes(["▁zxa", "aq", own])
    assert other in words_in(msg.SerializeToString())  # what the raw scan saw
    assert words_in_message(msg) == {own}


def test_websocket_sessions_step_through_their_own_corpus(server: str) -> None:
    words = [unique_word(i) for i in range(3)]
    _run(warm_up(server, 60))
    reports, _ = _run(run_round(server, 3, 3, "mixed", 60, words))

    assert sorted(r.mode for r in reports) == ["type", "type", "upload"]
    for report in reports:
        # run_session records an error for a wrong counter, an exception element, a failed run
        assert report.errors == [], report.errors
        assert len(report.step_seconds) == 3
        assert report.corpus_seconds is not None
        assert report.own_word_seen  # the scan sees the session's own corpus in what it got
        assert report.leaks == []
    # the same scan would flag those words had they reached another session
    assert leaked_words({r.word for r in reports}, words[0], words) == words[1:]


def test_step_counter_is_read_from_the_players_html() -> None:
    msg = ForwardMsg()
    msg.delta.new_element.html.body = (
        '<style>.sw-text{}</style><div class="sw-text"><strong>Step 3 of 10</strong></div>'
    )
    run = Run(texts=[element_text(msg.delta.new_element)])
    assert run.counter() == (3, 10)
    assert Run(texts=["Step 1 of 10 is not shown yet"]).counter() == (1, 10)
    assert Run(texts=["no counter"]).counter() is None
