"""Load test without browsers: N students as lightweight websocket clients of one server.

``scripts/load_test.py`` drives real Chromium pages; with 30 of them on a 2-core machine the
browsers eat the CPU and the numbers say more about Chromium than about the app. This script
speaks Streamlit's own protocol instead, the way the browser's frontend does, so the server is
the only heavy process and 30 sessions can be measured fairly against the target of issue 7
(p95 under one second per step change, no errors, no session sees another's corpus).

The protocol, as Streamlit 1.67 implements it (checked against its source):

- ``GET /_stcore/health`` sets the ``_streamlit_xsrf`` cookie. The websocket
  ``ws://<host>/_stcore/stream`` is opened with ``Sec-WebSocket-Protocol: streamlit, <cookie>``
  (the frontend smuggles the XSRF token in the subprotocol list), the cookie and a same-origin
  ``Origin``; the file upload ``PUT`` carries the cookie and the token as ``X-Xsrftoken``. So
  XSRF protection stays on. Every cookie the health check's answer sets is sent with every
  later request, as a browser does: behind a sticky load balancer (``deploy/nginx.conf``) its
  route cookie keeps the websocket and the upload on the same server process.
- Every message is a protobuf: ``BackMsg`` to the server, ``ForwardMsg`` back. A run starts
  with ``BackMsg.rerun_script`` (a ``ClientState``: the query string, the page's script hash
  or, on the first run, the page's URL path as ``page_name``, the widget states, and for a
  click inside an ``@st.fragment`` the fragment's id) and ends with a ``script_finished``
  ForwardMsg (``FINISHED_EARLY_FOR_RERUN`` is followed by another run: wait for the next).
- Widgets arrive as ``delta.new_element.<type>`` with an ``id`` like
  ``$$ID-<hash>-<key>``; a widget inside a fragment comes with ``delta.fragment_id``. The
  page's script hash comes in ``new_session``/``navigation``, the shareable link in
  ``page_info_changed`` (sent back as the query string, like the address bar).
- An upload: ``BackMsg.file_urls_request`` -> ``ForwardMsg.file_urls_response`` (a file id and
  an upload URL) -> a multipart ``PUT`` of the file -> a rerun with the uploader's
  ``file_uploader_state_value``.

Where it differs from the browser: it sends the states of the widgets it has set (the server
keeps the others from the previous run, as for any widget the frontend does not report), no
``context_info`` (time zone, locale) and no ``cached_message_hashes``, so the server sends
every message in full instead of a ``ref_hash`` for ones the browser has cached (the server
builds and hashes them either way). It draws nothing, so its CPU use is a few per cent.

What it does (like ``load_test.py``): starts ``streamlit run app.py`` on a free loopback port
(or uses ``--url``), opens the app once (warm-up), then opens ``--sessions`` websocket sessions
at once on the "BPE: learn merges" page. Each gives its own corpus (the built-in
``low 5 / lower 2 / newest 6 / widest 3`` plus a word only it uses, e.g. ``zxaaq 4``), typed
into the sidebar's text box or, every other session (``--mode mixed``), uploaded as a ``.txt``
file, then clicks the step player's "Next" ``--steps`` times. For every step change it measures
the time from sending the click to ``script_finished`` and checks that the step counter shows
the new step ("Step 3 of 10") and that no exception element arrived. By default every
student clicks again as soon as the step is shown (the worst case, as ``load_test.py`` does);
``--think S`` makes them read a random 0 to 2S seconds first. Every byte a session
receives is scanned for the other sessions' words (markdown, HTML, text boxes, and also
dataframes and charts, whose Arrow data carries strings as plain UTF-8): a leak between
students. It polls the server's memory (``VmHWM``/``VmRSS``) and CPU time, and with
``--rounds R`` the class leaves and a new one arrives R times (RSS after each round, read
``--pause`` seconds after the class left; Streamlit keeps a disconnected session for
``server.disconnectedSessionTTL``, 120 s, so ``--pause 125`` shows the memory after the old
sessions are gone).

With ``--example KEY`` (or ``--example all``) a single session (``--sessions`` to change)
picks that built-in example instead of its own corpus and times the step changes: the
fragment rerun of a step change per example, plus the server's CPU time per step change
(``/proc/<pid>/stat``; 10 ms ticks, so it is averaged over the steps).

Usage::

    python scripts/load_ws.py                          # 30 sessions, 5 steps each
    python scripts/load_ws.py --sessions 10 --rounds 3
    python scripts/load_ws.py --think 5                # students read ~5 s before each Next
    python scripts/load_ws.py --example all --steps 9  # one session, per built-in example
    python scripts/load_ws.py --page unigram           # the class on another step page
    python scripts/load_ws.py --url http://127.0.0.1:8501 --server-pid 12345 --json

Exit status: 0 when there were no errors and no leaks, 1 otherwise (the p95 target is
reported, not enforced). Needs ``websockets`` and Streamlit's protobufs (installed with
Streamlit); no browser.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import sys
import time
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import websockets
from google.protobuf.message import Message
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

if not __package__:  # run as ``python scripts/load_ws.py``: make ``scripts`` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scripts.load_test import (
    BASE_CORPUS,
    ROOT,
    TYPE_SOURCE,
    UPLOAD_SOURCE,
    MemoryPoller,
    SessionReport,
    _mode,
    free_port,
    percentile,
    print_report,
    read_cpu_seconds,
    read_memory,
    start_server,
    stop_server,
    summarise,
    unique_word,
)

PAGE = "bpe_learn"  # the URL path of "BPE: learn merges", the page a class uses by default
STEP_PAGES = {  # URL path -> the key of its step player (its buttons are "<key>__next" etc.)
    "bpe_learn": "bpe_learn",
    "byte_level": "bbpe_learn",
    "gage": "gage_steps",
    "wordpiece": "wp_learn",
    "unigram": "uni_train",
}
SOURCE_KEY = "corpus__source"
TEXT_KEY = "corpus__text"
UPLOAD_KEY = "corpus__upload"
XSRF_COOKIE = "_streamlit_xsrf"
STEP_COUNTER = re.compile(r"Step (\d+) of (\d+)")
# unique_word() gives "zx" + two letters + "q"; any such word in what a session receives is
# either its own or someone else's
WORD_PATTERN = re.compile(r"zx[a-z]{2}q")
_TAG = re.compile(r"<[^>]*>")
_FINISHED = ForwardMsg.ScriptFinishedStatus


# --------------------------------------------------------------------------------------
# Leaks
# --------------------------------------------------------------------------------------


def words_in(payload: bytes | str) -> set[str]:
    """The session words (``unique_word`` format) that occur in ``payload``.

    >>> sorted(words_in(b"low 5 zxaaq 4 <b>zxabq</b>"))
    ['zxaaq', 'zxabq']
    """
    text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
    return set(WORD_PATTERN.findall(text))


def words_in_message(msg: Message) -> set[str]:
    """The session words in a protobuf message, read field by field.

    Arrow data (a dataframe's or a chart's) is read value by value: its strings lie back to
    back in one buffer, where a piece ``▁zxa`` followed by ``aq`` would read as ``zxaaq``, a
    word the session never saw.

    >>> from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    >>> msg = ForwardMsg()
    >>> msg.delta.new_element.markdown.body = "zxabq"
    >>> table = pa.table({"piece": ["▁zxa", "aq"]})
    >>> sink = pa.BufferOutputStream()
    >>> with pa.ipc.new_stream(sink, table.schema) as writer:
    ...     writer.write_table(table)
    >>> raw = sink.getvalue().to_pybytes()
    >>> sorted(words_in(raw)), sorted(words_in_message(msg))
    (['zxaaq'], ['zxabq'])
    >>> msg.delta.new_element.dataframe.arrow_data.data = raw  # the same table, as a dataframe
    >>> words_in_message(msg)
    set()
    >>> def arrow(values):
    ...     sink = pa.BufferOutputStream()
    ...     with pa.ipc.new_stream(sink, pa.schema([("piece", pa.string())])) as writer:
    ...         writer.write_table(pa.table({"piece": values}))
    ...     return sink.getvalue().to_pybytes()
    >>> msg.delta.new_element.dataframe.arrow_data.data = arrow(["low", "zxacq"])  # a real one
    >>> words_in_message(msg)
    {'zxacq'}
    """
    found: set[str] = set()
    for descriptor, value in msg.ListFields():
        for item in value if descriptor.is_repeated else (value,):
            if descriptor.type == descriptor.TYPE_MESSAGE:
                found |= words_in_message(item)
            elif descriptor.type == descriptor.TYPE_BYTES:
                found |= _words_in_bytes(item)
            elif descriptor.type == descriptor.TYPE_STRING:
                found |= words_in(item)
    return found


def _words_in_bytes(data: bytes) -> set[str]:
    """Words in a bytes field: value by value if it is an Arrow stream, else as text."""
    if not words_in(data):
        return set()
    try:
        table = pa.ipc.open_stream(data).read_all()
    except (pa.ArrowInvalid, OSError):
        return words_in(data)
    found: set[str] = set()
    for name, column in zip(table.column_names, table.columns, strict=True):
        found |= words_in(name)
        if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
            for value in column.to_pylist():
                found |= words_in(value or "")
    return found


def leaked_words(seen: Iterable[str], own: str | None, everyone: Iterable[str]) -> list[str]:
    """The words of other sessions among ``seen`` (``own`` is the session's own word).

    >>> leaked_words({"zxaaq", "zxabq"}, "zxaaq", ["zxaaq", "zxabq", "zxacq"])
    ['zxabq']
    """
    seen = set(seen)
    return sorted(w for w in set(everyone) if w != own and w in seen)


def element_text(element: Any) -> str:
    """The visible text of one ``Element`` proto ('' for elements without text).

    Markdown, headings, alerts, captions, code, text boxes and exceptions give their text;
    ``st.html`` gives its body without tags. Charts and dataframes give nothing here (the leak
    check scans the raw bytes of every message, which covers their Arrow data).
    """
    kind = element.WhichOneof("type")
    if kind is None:
        return ""
    sub = getattr(element, kind)
    if kind == "html":
        return html.unescape(_TAG.sub(" ", re.sub(r"(?s)<style>.*?</style>", "", sub.body)))
    if kind in ("markdown", "heading", "alert", "text"):
        return str(sub.body)
    if kind == "code":
        return str(sub.code_text)
    if kind in ("text_area", "text_input"):
        return str(sub.value or sub.default)
    if kind == "exception":
        return f"{sub.type}: {sub.message}"
    return ""


# --------------------------------------------------------------------------------------
# One Streamlit session over a websocket
# --------------------------------------------------------------------------------------


@dataclass
class Widget:
    """A widget as the server last drew it."""

    id: str
    kind: str
    fragment_id: str
    disabled: bool


@dataclass
class Run:
    """What one script run sent back."""

    seconds: float = 0.0
    status: str = ""
    texts: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # page_not_found, compile errors
    alerts: list[str] = field(default_factory=list)  # st.error/warning/info/success texts
    early_reruns: int = 0

    @property
    def text(self) -> str:
        """All the text of the run, one element per line."""
        return "\n".join(self.texts)

    def counter(self) -> tuple[int, int] | None:
        """The step counter shown in this run, ``(step, n_steps)``, if any."""
        match = STEP_COUNTER.search(self.text)
        return (int(match.group(1)), int(match.group(2))) if match else None


def fetch_cookies(
    base_url: str, timeout: float, cookies: dict[str, str] | None = None
) -> dict[str, str]:
    """The cookies after the health check: ``cookies`` plus those its answer sets.

    Streamlit sets its XSRF cookie there (as the frontend gets it); a sticky load balancer in
    front (deploy/nginx.conf) sets its route cookie on the first answer, and a browser sends
    both with every later request, so that they all reach the same server process.

    Example (against a running server)::

        fetch_cookies("http://127.0.0.1:8501", 10)  # {"_streamlit_xsrf": "2|…"}
    """
    jar = dict(cookies or {})
    request = urllib.request.Request(f"{base_url}/_stcore/health")
    if jar:
        request.add_header("Cookie", cookie_header(jar))
    with urllib.request.urlopen(request, timeout=timeout) as response:
        for header in response.headers.get_all("set-cookie") or []:
            name, _, rest = header.partition("=")
            jar[name.strip()] = rest.split(";", 1)[0]
    return jar


def cookie_header(cookies: dict[str, str]) -> str:
    """A ``Cookie`` header's value for ``cookies``.

    >>> cookie_header({"a": "1", "b": "2"})
    'a=1; b=2'
    """
    return "; ".join(f"{name}={value}" for name, value in cookies.items())


def fetch_xsrf(base_url: str, timeout: float) -> str:
    """The XSRF cookie the server sets on its health check (as the frontend gets it)."""
    return fetch_cookies(base_url, timeout).get(XSRF_COOKIE, "")  # "": XSRF protection is off


class StreamlitSession:
    """One Streamlit session driven over its websocket, like one browser tab.

    It keeps what the frontend keeps: the widget states it has set (sent with every rerun),
    the page's script hash, the query string (the shareable link the app publishes), and the
    ids of the widgets the server drew, by their keys.
    """

    def __init__(
        self, base_url: str, timeout: float = 120.0, cookies: dict[str, str] | None = None
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.cookies: dict[str, str] = dict(cookies or {})  # sent with every request
        self.session_id = ""
        self.page_hash = ""
        self.query_string = ""
        self.widgets: dict[str, Widget] = {}  # by user key
        self.widget_states: dict[str, WidgetState] = {}  # by widget id
        self.seen_words: set[str] = set()
        self.bytes_received = 0
        self.messages_received = 0
        self._xsrf = ""
        self._ws: Any = None
        self._queue: asyncio.Queue[ForwardMsg | None] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._file_urls: dict[str, Any] = {}

    # -- connection ---------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the websocket (after fetching the XSRF cookie, as the frontend does)."""
        self.cookies = await asyncio.to_thread(
            fetch_cookies, self.base_url, self.timeout, self.cookies
        )
        self._xsrf = self.cookies.get(XSRF_COOKIE, "")
        ws_url = "ws" + self.base_url.removeprefix("http") + "/_stcore/stream"
        headers = {"Origin": self.base_url}
        if self.cookies:
            headers["Cookie"] = cookie_header(self.cookies)
        self._ws = await websockets.connect(
            ws_url,
            subprotocols=["streamlit", self._xsrf] if self._xsrf else ["streamlit"],  # type: ignore[list-item]
            additional_headers=headers,
            max_size=None,
            open_timeout=self.timeout,
            ping_interval=None,  # the frontend sends no pings; a busy server must not time out
            compression=None,
        )
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        """Close the websocket (the server then ends the session)."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await self._reader

    async def _read(self) -> None:
        try:
            async for raw in self._ws:
                data = raw if isinstance(raw, bytes) else raw.encode()
                self.bytes_received += len(data)
                self.messages_received += 1
                msg = ForwardMsg()
                msg.ParseFromString(data)
                if words_in(data):  # a candidate: read the message field by field
                    self.seen_words |= words_in_message(msg)
                await self._queue.put(msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            await self._queue.put(None)

    async def _next(self, deadline: float) -> ForwardMsg:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"no answer within {self.timeout:g} s")
        try:
            msg = await asyncio.wait_for(self._queue.get(), remaining)
        except TimeoutError:
            raise TimeoutError(f"no answer within {self.timeout:g} s") from None
        if msg is None:
            raise ConnectionError("the server closed the websocket")
        return msg

    # -- messages -----------------------------------------------------------------------

    def _handle(self, msg: ForwardMsg, run: Run | None) -> None:
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.session_id = msg.new_session.initialize.session_id or self.session_id
            self.page_hash = msg.new_session.page_script_hash or self.page_hash
        elif kind == "navigation":
            self.page_hash = msg.navigation.page_script_hash or self.page_hash
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "file_urls_response":
            self._file_urls[msg.file_urls_response.response_id] = msg.file_urls_response
        elif kind == "page_not_found" and run is not None:
            run.problems.append(f"page not found: {msg.page_not_found.page_name}")
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            element_kind = element.WhichOneof("type") or ""
            sub = getattr(element, element_kind, None)
            widget_id = str(getattr(sub, "id", "") or "")
            if widget_id.startswith("$$ID-") and widget_id.count("-") >= 2:
                key = widget_id.split("-", 2)[2]
                self.widgets[key] = Widget(
                    widget_id,
                    element_kind,
                    msg.delta.fragment_id,
                    bool(getattr(sub, "disabled", False)),
                )
            if run is not None:
                if element_kind == "exception":
                    run.exceptions.append(element_text(element)[:300])
                if element_kind == "alert":
                    run.alerts.append(element_text(element)[:300])
                text = element_text(element)
                if text:
                    run.texts.append(text)

    async def _send(self, msg: BackMsg) -> None:
        await self._ws.send(msg.SerializeToString())

    async def rerun(self, *, page_name: str = "", fragment_id: str = "", trigger: str = "") -> Run:
        """Send a ``rerun_script`` and collect everything until the run has finished.

        Args:
            page_name: The page's URL path, for the first run (later runs send its hash).
            fragment_id: Rerun only this fragment (a click on a widget inside it).
            trigger: The key of a button to press in this rerun.

        Returns:
            The run, timed from sending the message until its final ``script_finished``.
        """
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query_string
        state.page_script_hash = "" if page_name else self.page_hash
        state.page_name = page_name
        state.fragment_id = fragment_id
        state.widget_states.widgets.extend(self.widget_states.values())
        if trigger:
            pressed = state.widget_states.widgets.add()
            pressed.id = self.widgets[trigger].id
            pressed.trigger_value = True
        run = Run()
        deadline = time.monotonic() + self.timeout
        t0 = time.perf_counter()
        await self._send(msg)
        while True:
            reply = await self._next(deadline)
            self._handle(reply, run)
            if reply.WhichOneof("type") != "script_finished":
                continue
            status = reply.script_finished
            if status == _FINISHED.FINISHED_EARLY_FOR_RERUN:
                run.early_reruns += 1  # the app called st.rerun(): another run follows
                continue
            run.seconds = time.perf_counter() - t0
            run.status = _FINISHED.Name(status)
            if status == _FINISHED.FINISHED_WITH_COMPILE_ERROR:
                run.problems.append("the script did not compile")
            return run

    def set_widget(self, key: str, **value: Any) -> None:
        """Set a widget the server has drawn, e.g. ``set_widget("corpus__text", string_value=...)``.

        The value is sent with this and every later rerun, as the frontend does.
        """
        widget = self.widgets.get(key)
        if widget is None:
            raise LookupError(f"no widget with key {key!r} on the page")
        state = WidgetState(id=widget.id)
        for name, item in value.items():
            if name == "file_uploader_state_value":
                state.file_uploader_state_value.CopyFrom(item)
            else:
                setattr(state, name, item)
        self.widget_states[widget.id] = state

    async def click(self, key: str) -> Run:
        """Press a button (in its fragment, if it is drawn inside one)."""
        widget = self.widgets.get(key)
        if widget is None:
            raise LookupError(f"no button with key {key!r} on the page")
        if widget.disabled:
            raise RuntimeError(f"the button {key!r} is disabled")
        return await self.rerun(fragment_id=widget.fragment_id, trigger=key)

    async def upload(self, key: str, name: str, data: bytes, mime: str = "text/plain") -> Run:
        """Upload a file into the file uploader ``key`` and rerun, as the frontend does."""
        widget = self.widgets.get(key)
        if widget is None:
            raise LookupError(f"no file uploader with key {key!r} on the page")
        request = BackMsg()
        request_id = str(uuid.uuid4())
        request.file_urls_request.request_id = request_id
        request.file_urls_request.file_names.append(name)
        request.file_urls_request.session_id = self.session_id
        deadline = time.monotonic() + self.timeout
        await self._send(request)
        while request_id not in self._file_urls:
            self._handle(await self._next(deadline), None)
        response = self._file_urls.pop(request_id)
        if response.error_msg or not response.file_urls:
            raise RuntimeError(f"no upload URL: {response.error_msg or 'empty answer'}")
        urls = response.file_urls[0]
        await asyncio.to_thread(self._put, urls.upload_url, name, data, mime)
        from streamlit.proto.Common_pb2 import FileUploaderState

        state = FileUploaderState()
        info = state.uploaded_file_info.add()
        info.file_id = urls.file_id
        info.name = name
        info.size = len(data)
        info.file_urls.CopyFrom(urls)
        self.set_widget(key, file_uploader_state_value=state)
        return await self.rerun(fragment_id=widget.fragment_id)

    def _put(self, upload_url: str, name: str, data: bytes, mime: str) -> None:
        boundary = f"----load-ws-{uuid.uuid4().hex}"
        head = (
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="file"; filename="{name}"\r\n'
            f"Content-Type: {mime}\r\n\r\n"
        )
        body = head.encode() + data + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(
            urllib.parse.urljoin(self.base_url + "/", upload_url),
            data=body,
            method="PUT",
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
        if self._xsrf:
            request.add_header("X-Xsrftoken", self._xsrf)
        if self.cookies:
            request.add_header("Cookie", cookie_header(self.cookies))
        with urllib.request.urlopen(request, timeout=self.timeout) as answer:
            if answer.status not in (200, 204):
                raise RuntimeError(f"upload answered HTTP {answer.status}")


# --------------------------------------------------------------------------------------
# One student
# --------------------------------------------------------------------------------------


@dataclass
class Student(SessionReport):
    """What one session saw (``load_test.SessionReport`` plus protocol details)."""

    runs: int = 0
    early_reruns: int = 0
    bytes_received: int = 0
    n_steps: int | None = None
    server_cpu_per_step_s: float | None = None
    example: str | None = None


def _check(run: Run, report: Student, what: str) -> None:
    """Record the run's exceptions and problems as errors of ``what``."""
    report.runs += 1
    report.early_reruns += run.early_reruns
    report.errors.extend(f"{what}: exception element: {text}" for text in run.exceptions)
    report.errors.extend(f"{what}: {problem}" for problem in run.problems)


def example_titles() -> dict[str, str]:
    """Built-in example key -> the source radio's label for it."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from subword_core.text.examples import EXAMPLES

    return {key: example.title for key, example in EXAMPLES.items()}


def source_label(visible: str) -> str:
    """The source radio's label (the value the protocol carries) for its visible text.

    The labels of "type" and "upload" start with a Material icon code, which the browser draws
    as an icon (``":material/edit: Type or paste text"``).
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from ui.app.corpus_picker import source_titles

    return next(title for title in source_titles() if title.endswith(visible))


async def run_session(
    url: str,
    index: int,
    words: list[str],
    steps: int,
    mode: str,
    timeout: float,
    *,
    example: str | None = None,
    server_pid: int | None = None,
    think: float = 0.0,
    page: str = PAGE,
) -> Student:
    """One student: open ``page``, give the corpus (or pick ``example``), click Next.

    With ``example``, ``server_pid`` and a single session, the server's CPU time per step
    change is measured too. With ``think`` > 0 the student reads for a random 0 to
    ``2 * think`` seconds before each click (the same pauses in every run: seeded by index).
    """
    word = words[index]
    report = Student(index, word, "example" if example else mode, example=example)
    session = StreamlitSession(url, timeout)
    reading = random.Random(index)
    phase = "connecting"
    try:
        await session.connect()
        phase = "opening the page"
        run = await session.rerun(page_name=page)
        _check(run, report, phase)
        if run.counter() is None or SOURCE_KEY not in session.widgets:
            raise RuntimeError(
                "no step counter or no corpus picker: the page did not run inside app.py"
            )
        phase = "giving the corpus"
        t0 = time.perf_counter()  # the corpus change: from choosing the source to settled
        if example:
            session.set_widget(SOURCE_KEY, string_value=example_titles()[example])
            run = await session.rerun()
            _check(run, report, phase)
        elif mode == "upload":
            session.set_widget(SOURCE_KEY, string_value=source_label(UPLOAD_SOURCE))
            _check(await session.rerun(), report, phase)
            corpus = f"{BASE_CORPUS}{word} 4\n"
            run = await session.upload(UPLOAD_KEY, f"corpus-{index}.txt", corpus.encode())
            _check(run, report, phase)
        else:
            session.set_widget(SOURCE_KEY, string_value=source_label(TYPE_SOURCE))
            _check(await session.rerun(), report, phase)  # the box is drawn, prefilled
            session.set_widget(TEXT_KEY, string_value=f"{BASE_CORPUS}{word} 4\n")
            run = await session.rerun()  # what Ctrl+Enter (or leaving the box) does
            _check(run, report, phase)
        report.corpus_seconds = time.perf_counter() - t0
        counter = run.counter()
        if counter is None or counter[0] != 1:
            raise RuntimeError(f"after the corpus change the counter shows {counter}, not step 1")
        report.n_steps = counter[1]
        if not example and word not in session.seen_words:
            raise RuntimeError(f"the page never showed the session's own word {word}")
        cpu_before = read_cpu_seconds(server_pid) if server_pid else 0.0
        last = min(steps + 1, counter[1])
        for step in range(2, last + 1):
            phase = f"going to step {step}"
            if think > 0:
                await asyncio.sleep(reading.uniform(0, 2 * think))
            run = await session.click(f"{STEP_PAGES[page]}__next")
            report.step_seconds.append(run.seconds)
            _check(run, report, phase)
            if run.status != "FINISHED_FRAGMENT_RUN_SUCCESSFULLY":
                report.errors.append(f"{phase}: a {run.status} run, not a fragment run")
            shown = run.counter()
            if shown is None or shown[0] != step:
                report.errors.append(f"{phase}: the counter shows {shown}")
        if server_pid and len(report.step_seconds):
            used = read_cpu_seconds(server_pid) - cpu_before
            report.server_cpu_per_step_s = used / len(report.step_seconds)
    except Exception as exc:  # a timeout or a broken page is an error of the run, not a crash
        first_line = str(exc).splitlines()[0][:200] if str(exc) else ""
        report.errors.append(f"{phase}: {type(exc).__name__}: {first_line}")
    finally:
        report.own_word_seen = word in session.seen_words
        report.leaks.extend(
            f"saw {other}" for other in leaked_words(session.seen_words, word, words)
        )
        report.bytes_received = session.bytes_received
        await session.close()
    return report


# --------------------------------------------------------------------------------------
# A hostile session
# --------------------------------------------------------------------------------------

HOSTILE_ALPHABET = 64
"""How many different CJK characters the hostile text draws from: few enough that pairs repeat
(so every merge has work to do, as in Chinese running text), many enough that merges go on."""


def hostile_text(chars: int, nonce: int) -> str:
    """Running text without spaces: ``chars`` CJK characters, one "word" (no cache can help).

    The ``nonce`` changes the text, so every action is new work for the server.

    Example:
        >>> text = hostile_text(50, 1)
        >>> len(text), " " in text, text == hostile_text(50, 2)
        (50, False, False)
    """
    rng = random.Random(nonce)
    return "".join(chr(0x4E00 + rng.randrange(HOSTILE_ALPHABET)) for _ in range(chars))


@dataclass
class Attack:
    """One thing the hostile session asked for, and how the server answered."""

    action: str
    seconds: float
    status: str
    said: str = ""  # the first limit or error message the page showed, if any
    errors: list[str] = field(default_factory=list)


HOSTILE_ACTIONS = (
    "bpe_text",
    "byte_level_text",
    "wordpiece_pydoc",
    "unigram_pydoc",
    "korean_box",
    "hostile_tokenizer",
    "many_uploads",
)
"""What the hostile session does, in turn, each at the largest setting the limits allow:
BPE and byte-level BPE learning the largest text the limits read as one word without spaces,
WordPiece and Unigram at their largest vocabulary on the pydoc example (the heaviest built-in
trainings); and issue 26's attacks: 2,000,000 characters pasted into Compare's target box in
한국어 (the particles were quadratic), a 1 KB tokenizer.json whose Replace multiplies the text
(it took a server to 3.6 GB), and file after file uploaded into one session."""

ISSUE26_PAGES = {
    "korean_box": "compare",
    "hostile_tokenizer": "pretrained",
    "many_uploads": "pretrained",
}


def hostile_tokenizer_json() -> bytes:
    """A 1 KB tokenizer.json whose normalizer multiplies the text by 10^9 (refused in words).

    Example:
        >>> len(hostile_tokenizer_json()) < 1024
        True
    """
    replace = {"type": "Replace", "pattern": {"String": "a"}, "content": "a" * 10}
    doc = {
        "version": "1.0",
        "normalizer": {"type": "Sequence", "normalizers": [replace] * 9},
        "model": {"type": "BPE", "vocab": {"a": 0, "<unk>": 1}, "merges": [], "unk_token": "<unk>"},
    }
    return json.dumps(doc).encode()


async def _issue26_action(session: StreamlitSession, action: str, nonce: int) -> Run:
    """Set up one of issue 26's attacks in an open session; the returned run is its answer."""
    if action == "korean_box":
        session.query_string = "lang=ko"
        await session.rerun()
        session.set_widget("cmp_target", string_value="!" * 2_000_000)
        return await session.rerun()
    session.set_widget("pre_source", string_value="My own file(s)")
    await session.rerun()
    session.set_widget("pre_text", string_value="a" * 1000)
    if action == "hostile_tokenizer":
        return await session.upload("pre_upload", f"t{nonce}.json", hostile_tokenizer_json())
    run = None
    for n in range(_limits().session_files + 4):  # past the session's count: refused (413)
        try:
            run = await session.upload("pre_upload", f"u{nonce}-{n}.json", b"x" * 2**20)
        except OSError as exc:  # urllib's HTTPError: the server refused the file
            run = await session.rerun()
            run.alerts.append(f"upload {n + 1} refused: {exc}")
            break
    assert run is not None
    return run


def _limits() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from ui.app.limits import LIMITS

    return LIMITS


async def _hostile_action(
    url: str, action: str, nonce: int, chars: int, patience: float, vocab: int | None = None
) -> Attack:
    """Open a new session, do ``action`` at the limits, wait up to ``patience`` s, leave.

    ``vocab``: the WordPiece or Unigram vocabulary size instead of (near) the largest."""
    limits = _limits()
    page = {"bpe_text": "bpe_learn", "byte_level_text": "byte_level", **ISSUE26_PAGES}.get(
        action, action.split("_")[0]
    )
    session = StreamlitSession(url, patience)
    attack = Attack(action, 0.0, "")
    t0 = time.perf_counter()
    try:
        await session.connect()
        run = await session.rerun(page_name=page)
        attack.errors += [f"opening {page}: {text}" for text in run.exceptions]
        if action in ISSUE26_PAGES:
            t0 = time.perf_counter()
            run = await _issue26_action(session, action, nonce)
        elif action in ("bpe_text", "byte_level_text"):
            session.set_widget(SOURCE_KEY, string_value=source_label(TYPE_SOURCE))
            await session.rerun()
            merges_key = "bpe_num_merges" if page == "bpe_learn" else "bbpe_num_merges"
            session.set_widget(merges_key, int_value=limits.merges)
            session.set_widget(TEXT_KEY, string_value=hostile_text(chars, nonce))
        else:
            session.set_widget(SOURCE_KEY, string_value=example_titles()["pydoc"])
            await session.rerun()
            size_key = "wp_vocab_size" if page == "wordpiece" else "uni_vocab_size"
            size = limits.vocab - nonce % 50 if vocab is None else vocab
            session.set_widget(size_key, int_value=size)
        if action not in ISSUE26_PAGES:
            t0 = time.perf_counter()
            run = await session.rerun()
        attack.status = run.status
        attack.errors += [f"{action}: exception element: {text}" for text in run.exceptions]
        limits_hit = [text for text in run.texts if text.lstrip().startswith("Limit:")]
        attack.said = " | ".join(run.alerts + limits_hit)[:300]
    except TimeoutError:
        attack.status = f"still running after {patience:g} s: left"
    except Exception as exc:  # the attacker's own failures are reported, not raised
        attack.errors.append(f"{action}: {type(exc).__name__}: {str(exc)[:200]}")
    finally:
        attack.seconds = time.perf_counter() - t0
        await session.close()
    return attack


async def hostile_session(
    url: str,
    done: asyncio.Event,
    chars: int,
    patience: float,
    attacks: list[Attack],
    actions: Sequence[str] = HOSTILE_ACTIONS,
) -> None:
    """Do ``actions`` (:data:`HOSTILE_ACTIONS`) in turn, each as new work, until ``done``."""
    nonce = 0
    while not done.is_set():
        action = actions[nonce % len(actions)]
        nonce += 1
        attacks.append(await _hostile_action(url, action, nonce, chars, patience))


# --------------------------------------------------------------------------------------
# The class
# --------------------------------------------------------------------------------------


async def warm_up(url: str, timeout: float) -> None:
    """Open the app's start page once (see ``load_test.warm_up``: the legacy pages mode)."""
    session = StreamlitSession(url, timeout)
    await session.connect()
    try:
        await session.rerun(page_name="")
    finally:
        await session.close()


async def run_round(
    url: str,
    sessions: int,
    steps: int,
    mode: str,
    timeout: float,
    words: list[str],
    think: float = 0.0,
    page: str = PAGE,
    *,
    hostile: int = 0,
    hostile_chars: int = 0,
    patience: float = 60.0,
    head_start: float = 5.0,
    attacks: list[Attack] | None = None,
    hostile_actions: Sequence[str] = HOSTILE_ACTIONS,
) -> tuple[list[Student], float]:
    """Open ``sessions`` sessions at once; return their reports and the wall time.

    With ``hostile`` > 0, that many hostile sessions (:func:`hostile_session`) start
    ``head_start`` seconds before the class and go on until the class has finished; what they
    did is appended to ``attacks``.
    """
    attacks = [] if attacks is None else attacks
    done = asyncio.Event()
    attackers = [
        asyncio.create_task(
            hostile_session(url, done, hostile_chars, patience, attacks, hostile_actions)
        )
        for _ in range(hostile)
    ]
    if attackers:
        await asyncio.sleep(head_start)
    t0 = time.perf_counter()
    reports = await asyncio.gather(
        *(
            run_session(url, i, words, steps, _mode(mode, i), timeout, think=think, page=page)
            for i in range(sessions)
        )
    )
    wall = time.perf_counter() - t0
    done.set()
    await asyncio.gather(*attackers)
    return list(reports), wall


async def time_examples(
    url: str,
    examples: list[str],
    sessions: int,
    steps: int,
    timeout: float,
    pid: int | None,
    page: str = PAGE,
) -> list[Student]:
    """Step through each built-in example (one after another; ``sessions`` at once each)."""
    reports: list[Student] = []
    for key in examples:
        words = [unique_word(i) for i in range(sessions)]
        batch = await asyncio.gather(
            *(
                run_session(
                    url,
                    i,
                    words,
                    steps,
                    "example",
                    timeout,
                    example=key,
                    server_pid=pid if sessions == 1 else None,
                    page=page,
                )
                for i in range(sessions)
            )
        )
        reports.extend(batch)
    return reports


def summarise_examples(reports: list[Student]) -> dict[str, Any]:
    """Per example: the step-change times (and the server's CPU time per step change)."""
    out: dict[str, Any] = {}
    for key in dict.fromkeys(r.example for r in reports if r.example):
        mine = [r for r in reports if r.example == key]
        steps = [s for r in mine for s in r.step_seconds]
        cpu = [r.server_cpu_per_step_s for r in mine if r.server_cpu_per_step_s is not None]
        corpus = [r.corpus_seconds for r in mine if r.corpus_seconds is not None]
        out[key] = {
            "n_steps": mine[0].n_steps,
            "step_changes_measured": len(steps),
            "step_p50_ms": round(1000 * percentile(steps, 50), 1),
            "step_p95_ms": round(1000 * percentile(steps, 95), 1),
            "step_max_ms": round(1000 * max(steps), 1) if steps else None,
            "server_cpu_ms_per_step": round(1000 * cpu[0], 1) if cpu else None,
            "example_change_s": round(max(corpus), 3) if corpus else None,
            "errors": [e for r in mine for e in r.errors],
        }
    return out


def summarise_attacks(attacks: list[Attack], args: argparse.Namespace) -> dict[str, Any]:
    """Per hostile action: how often, how long the server took, what the page said."""
    out: dict[str, Any] = {
        "sessions": args.hostile,
        "text_chars": args.hostile_chars or _limits().corpus_chars,
        "patience_s": args.patience,
        "head_start_s": args.head_start,
        "actions": {},
        "errors": [f"hostile: {e}" for a in attacks for e in a.errors],
    }
    for action in dict.fromkeys(a.action for a in attacks):
        mine = [a for a in attacks if a.action == action]
        out["actions"][action] = {
            "times": len(mine),
            "seconds": [round(a.seconds, 2) for a in mine],
            "statuses": sorted({a.status for a in mine}),
            "said": next((a.said for a in mine if a.said), ""),
        }
    return out


def print_attacks(hostile: dict[str, Any]) -> None:
    """Print what the hostile sessions did (see :func:`summarise_attacks`)."""
    print(
        f"{hostile['sessions']} hostile session(s), text of {hostile['text_chars']:,} "
        f"characters without spaces, {hostile['head_start_s']:g} s head start:"
    )
    for action, row in hostile["actions"].items():
        print(
            f"  {action:16} x{row['times']}: {row['seconds']} s; {', '.join(row['statuses'])}"
            + (f"; the page said: {row['said']}" if row["said"] else "")
        )


def _extra(reports: list[Student]) -> dict[str, Any]:
    return {
        "client": "websocket (scripts/load_ws.py)",
        "runs": sum(r.runs for r in reports),
        "early_reruns": sum(r.early_reruns for r in reports),
        "mb_received": round(sum(r.bytes_received for r in reports) / 1e6, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the load test; return 0 without errors and leaks, else 1."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sessions", type=int, help="concurrent sessions (30; 1 with --example)")
    parser.add_argument("--steps", type=int, default=5, help="Next clicks per session (5)")
    parser.add_argument("--rounds", type=int, default=1, help="classes one after another (1)")
    parser.add_argument(
        "--mode",
        choices=["type", "upload", "mixed"],
        default="mixed",
        help="how the corpus is given (mixed: every other session uploads)",
    )
    parser.add_argument(
        "--example",
        action="append",
        help="time step changes on this built-in example instead (repeatable, or 'all')",
    )
    parser.add_argument(
        "--page",
        choices=list(STEP_PAGES),
        default=PAGE,
        help=f"the step page the students use ({PAGE})",
    )
    parser.add_argument("--url", help="a running app (default: start one on a free port)")
    parser.add_argument("--server-pid", type=int, help="with --url: the server's PID, for memory")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per wait (120)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--cold", action="store_true", help="no warm-up run before the class")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a student reads before each Next (0: click at once, the worst case)",
    )
    parser.add_argument(
        "--hostile",
        type=int,
        default=0,
        help="hostile sessions running during the class (0): each asks, in turn, for the "
        "heaviest trainings the limits allow, and does issue 26's attacks (2,000,000 "
        "characters in a box in Korean, a multiplying tokenizer.json, file after file)",
    )
    parser.add_argument(
        "--hostile-actions",
        type=lambda text: tuple(a for a in text.split(",") if a in HOSTILE_ACTIONS),
        default=HOSTILE_ACTIONS,
        help=f"the hostile sessions' actions, comma-separated (all: {','.join(HOSTILE_ACTIONS)})",
    )
    parser.add_argument(
        "--hostile-chars",
        type=int,
        help="characters of the hostile text without spaces (default: the corpus_chars limit)",
    )
    parser.add_argument(
        "--patience",
        type=float,
        default=60.0,
        help="seconds a hostile session waits for one answer before it leaves (60)",
    )
    parser.add_argument(
        "--head-start",
        type=float,
        default=5.0,
        help="seconds the hostile sessions work before the class arrives (5)",
    )
    parser.add_argument(
        "--pause",
        type=float,
        default=2.0,
        help="seconds between a class leaving and the RSS reading (2; Streamlit keeps a "
        "disconnected session for server.disconnectedSessionTTL = 120 s, for reconnects)",
    )
    args = parser.parse_args(argv)
    examples: list[str] = []
    if args.example:
        known = list(example_titles())
        examples = known if "all" in args.example else args.example
        unknown = [e for e in examples if e not in known]
        if unknown:
            parser.error(f"unknown example(s) {unknown}; choose from {known} or 'all'")
    if args.sessions is None:
        args.sessions = 1 if examples else 30
    if args.sessions < 1 or args.steps < 1 or args.rounds < 1:
        parser.error("--sessions, --steps and --rounds must be at least 1")

    proc = None
    url = args.url.rstrip("/") if args.url else None
    pid = args.server_pid
    if url is None:
        port = free_port()
        proc = start_server(port)
        url, pid = f"http://127.0.0.1:{port}", proc.pid
    poller = MemoryPoller(pid) if pid else None
    rounds: list[tuple[list[Student], float, dict[str, int]]] = []
    example_reports: list[Student] = []
    attacks: list[Attack] = []
    try:
        if poller:
            poller.start()
        if not args.cold:
            asyncio.run(warm_up(url, args.timeout))
        start_mem = read_memory(pid) if pid else {}
        if examples:
            example_reports = asyncio.run(
                time_examples(
                    url, examples, args.sessions, args.steps, args.timeout, pid, args.page
                )
            )
        else:
            every_word = [unique_word(i) for i in range(args.sessions * args.rounds)]
            for number in range(args.rounds):
                mine = every_word[number * args.sessions : (number + 1) * args.sessions]
                words = mine + [w for w in every_word if w not in mine]
                cpu_before = read_cpu_seconds(pid) if pid else 0.0
                client_before = time.process_time()
                batch, wall = asyncio.run(
                    run_round(
                        url,
                        args.sessions,
                        args.steps,
                        args.mode,
                        args.timeout,
                        words,
                        args.think,
                        args.page,
                        hostile=args.hostile,
                        hostile_chars=args.hostile_chars or _limits().corpus_chars,
                        patience=args.patience,
                        head_start=args.head_start,
                        attacks=attacks,
                        hostile_actions=args.hostile_actions,
                    )
                )
                cpu = (read_cpu_seconds(pid) - cpu_before) if pid else 0.0
                client = time.process_time() - client_before
                time.sleep(args.pause)  # let the server notice the closed websockets
                mem = read_memory(pid) if pid else {}
                mem["cpu_busy_percent"] = round(100 * cpu / wall) if wall else 0
                mem["client_cpu_busy_percent"] = round(100 * client / wall) if wall else 0
                rounds.append((batch, wall, mem))
    finally:
        if poller:
            poller.stop()
        if proc is not None:
            stop_server(proc)

    if examples:
        per_example = summarise_examples(example_reports)
        summary: dict[str, Any] = {
            "sessions": args.sessions,
            "steps_per_session": args.steps,
            "examples": per_example,
            "errors": [f"{r.example}: {e}" for r in example_reports for e in r.errors],
            "leaks": [f"{r.example}: {leak}" for r in example_reports for leak in r.leaks],
            "server_peak_rss_mb": round(poller.hwm_kb / 1024, 1) if poller else None,
            **_extra(example_reports),
        }
        if args.json:
            print(json.dumps(summary, indent=2))
        else:
            print(f"{args.sessions} session(s) per example, up to {args.steps} step changes")
            for key, row in per_example.items():
                cpu = row["server_cpu_ms_per_step"]
                print(
                    f"  {key:22} {row['step_changes_measured']:3} changes of {row['n_steps']} "
                    f"steps: p50 {row['step_p50_ms']} ms, p95 {row['step_p95_ms']} ms, "
                    f"max {row['step_max_ms']} ms; server CPU "
                    f"{'?' if cpu is None else cpu} ms/step; example change "
                    f"{row['example_change_s']} s"
                )
            print(f"server peak RSS {summary['server_peak_rss_mb']} MB")
            print(f"errors: {len(summary['errors'])}")
            for line in summary["errors"][:20]:
                print("  " + line)
        return 0 if not summary["errors"] and not summary["leaks"] else 1

    summary = summarise(rounds, poller, start_mem, args)
    summary["client_cpu_busy_percent"] = [m["client_cpu_busy_percent"] for _, _, m in rounds]
    summary["think_s"] = args.think
    summary.update(_extra([r for batch, _, _ in rounds for r in batch]))
    if args.hostile:
        summary["hostile"] = summarise_attacks(attacks, args)
        summary["errors"] = summary["errors"] + summary["hostile"]["errors"]
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print_report(summary)
        if args.think:
            print(f"students read a random 0-{2 * args.think:g} s before each Next")
        if args.hostile:
            print_attacks(summary["hostile"])
        print(
            f"client (this script, all sessions) CPU busy {summary['client_cpu_busy_percent']} %; "
            f"{summary['runs']} script runs, {summary['mb_received']} MB received"
        )
    return 0 if not summary["errors"] and not summary["leaks"] else 1


if __name__ == "__main__":
    sys.exit(main())
