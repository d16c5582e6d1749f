"""The live class's store: classes, members, questions and answers in a SQL database.

Nothing about a class lives in one process's memory: every app process (one laptop, several
processes behind nginx, replicas on several machines) reads and writes the same rows, so a
student on another process follows the same class. This module knows nothing of Streamlit
(it is tested on its own); :mod:`ui.classroom` draws the class and calls it.

- The database is a SQLite file in WAL mode by default (:func:`default_url`), or whatever
  SQLAlchemy URL ``SUBWORD_CLASS_DB`` names (e.g. ``postgresql+psycopg://user:pw@host/db``).
  The schema is created on first use.
- A class has a short join code (:data:`CODE_LETTERS`, no 0/O/1/I/L) and a teacher key
  (:mod:`secrets`); only the key's SHA-256 is stored and it is compared in constant time
  (:func:`hmac.compare_digest`). Every change the teacher makes bumps the class's
  ``version``: a following student reads that one number (an indexed read by primary key)
  and fetches the rest only when it changed.
- Every database error becomes :class:`StoreError` (the page shows a message, never a
  traceback).

Example:
    >>> store = Store("sqlite://")
    >>> code, key = store.create_class("bpe_learn", {"corpus": "seed-low"}, None)
    >>> store.version(code)
    1
    >>> store.publish(code, key, "bpe_learn", {"corpus": "seed-low", "step": "2"}, None)
    2
    >>> store.publish(code, "forged", "home", {}, None)
    Traceback (most recent call last):
    ...
    ui.classroom.store.NotTeacher: not the teacher of this class
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

__all__ = [
    "CODE_LENGTH",
    "CODE_LETTERS",
    "ENV_URL",
    "ClassGone",
    "ClassState",
    "NotTeacher",
    "Question",
    "Store",
    "StoreError",
    "default_url",
    "normal_code",
    "store_for",
]

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
"""The letters of a class code: capitals without I, L and O (read as 1 and 0), no digits."""

CODE_LENGTH = 6
"""Letters in a class code: 23**6 = 148 million codes, so with 1,000 live classes a guess hits
one in 148,000 tries (joining is rate-limited per session, :mod:`ui.classroom`)."""

ENV_URL = "SUBWORD_CLASS_DB"
"""The environment variable with the database URL (SQLAlchemy form)."""

_CACHED_CLASSES = 256  # classes whose version and state one process keeps (a few KB each)

ENV_FILE = "SUBWORD_CLASS_FILE"
"""The environment variable with the SQLite file's path (when no URL is set)."""

_metadata = sa.MetaData()

classes = sa.Table(
    "classes",
    _metadata,
    sa.Column("code", sa.String(16), primary_key=True),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("page", sa.String(64), nullable=False),
    sa.Column("params", sa.Text, nullable=False),  # the view's link parameters, JSON
    sa.Column("corpus", sa.Text),  # a typed/uploaded corpus as text; None for an example
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("question", sa.Integer),  # the id of the current question, if any
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False, index=True),
)

members = sa.Table(
    "members",
    _metadata,
    sa.Column("code", sa.String(16), sa.ForeignKey("classes.code", ondelete="CASCADE")),
    sa.Column("session", sa.String(64), nullable=False),
    sa.Column("nickname", sa.String(200), nullable=False, default=""),
    sa.Column("joined", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("code", "session"),
)

questions = sa.Table(
    "questions",
    _metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "code",
        sa.String(16),
        sa.ForeignKey("classes.code", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("ask_key", sa.String(400), nullable=False),  # which step of which view
    sa.Column("kind", sa.String(16), nullable=False),  # "choice" or "text"
    sa.Column("prompt", sa.Text, nullable=False),
    sa.Column("options", sa.Text, nullable=False),  # JSON [[id, label], ...]
    sa.Column("state", sa.String(16), nullable=False),  # "open", "revealed"
    sa.Column("right", sa.Text),  # JSON list of the right answers given, after the reveal
)

answers = sa.Table(
    "answers",
    _metadata,
    sa.Column(
        "question",
        sa.Integer,
        sa.ForeignKey("questions.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("session", sa.String(64), nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("question", "session"),  # one answer per student per question
)


class StoreError(Exception):
    """The database cannot be reached or refused a write (the page says so)."""


class NotTeacher(StoreError):
    """The key given is not this class's teacher key (or the class is gone)."""


class ClassGone(StoreError):
    """No class has this code (ended, expired or never started)."""


@dataclass(frozen=True)
class Question:
    """A question asked in a class.

    Attributes:
        id: Its row id.
        number: 1 for the first question of the class, 2 for the next…
        ask_key: Which step of which view it is about (the view's own key).
        kind: ``"choice"`` (pick one option) or ``"text"`` (type an answer).
        prompt: The question as the teacher's page worded it (plain text).
        options: ``(id, label)`` of each option (empty for typed answers).
        state: ``"open"`` (answers are taken) or ``"revealed"`` (closed, verdicts shown).
        right: The right answers (stored when it is asked; shown at the reveal).
    """

    id: int
    number: int
    ask_key: str
    kind: str
    prompt: str
    options: tuple[tuple[str, str], ...]
    state: str
    right: tuple[str, ...] | None


@dataclass(frozen=True)
class ClassState:
    """What a following student needs: the teacher's view and the current question.

    Attributes:
        code: The class code.
        version: Bumped on every change of the teacher.
        page: The teacher's page (its URL path).
        params: The view's link parameters (:func:`ui.app.share.build_params`).
        corpus: A typed or uploaded corpus as text, ``None`` for a built-in example.
        question: The current question, if any.
    """

    code: str
    version: int
    page: str
    params: dict[str, str]
    corpus: str | None
    question: Question | None


def default_url(environ: Mapping[str, str] | None = None) -> str:
    """The database URL: ``SUBWORD_CLASS_DB``, else a SQLite file (``SUBWORD_CLASS_FILE``,
    by default ``classes.sqlite3`` in the system's temporary folder).

    Example:
        >>> default_url({"SUBWORD_CLASS_DB": "postgresql+psycopg://u@h/db"})
        'postgresql+psycopg://u@h/db'
        >>> default_url({"SUBWORD_CLASS_FILE": "/srv/c.db"})
        'sqlite:////srv/c.db'
    """
    environ = os.environ if environ is None else environ
    url = environ.get(ENV_URL, "").strip()
    if url:
        return url
    path = environ.get(ENV_FILE, "").strip()
    if not path:
        import tempfile

        path = str(Path(tempfile.gettempdir()) / "subword-classes.sqlite3")
    return f"sqlite:///{path}"


def normal_code(text: str) -> str:
    """A typed code as stored: capitals, spaces and dashes dropped; ``""`` if it cannot be one.

    Example:
        >>> normal_code(" kmr-tph "), normal_code("K0RT"), normal_code("x" * 99)
        ('KMRTPH', '', '')
    """
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in code):
        return ""
    return code


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA busy_timeout=5000")  # another process's write: wait, do not fail
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _question(row: Any) -> Question:
    return Question(
        id=int(row.id),
        number=int(row.number),
        ask_key=str(row.ask_key),
        kind=str(row.kind),
        prompt=str(row.prompt),
        options=tuple((str(a), str(b)) for a, b in json.loads(row.options)),
        state=str(row.state),
        right=None if row.right is None else tuple(json.loads(row.right)),
    )


_T = TypeVar("_T")
_P = ParamSpec("_P")


def _retrying(read: Callable[_P, _T]) -> Callable[_P, _T]:
    """A read tried once more when its connection turned out dropped (e.g. the database
    restarted): SQLAlchemy then empties the pool, so the second try gets a fresh connection.
    Only reads: a write that failed is reported (the page keeps what the teacher typed).

    Example:
        >>> calls = []
        >>> @_retrying
        ... def read() -> int:
        ...     calls.append(1)
        ...     return len(calls)
        >>> read(), calls
        (1, [1])
    """

    @functools.wraps(read)
    def again(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return read(*args, **kwargs)
        except StoreError as err:
            cause = err.__cause__
            if not (isinstance(cause, DBAPIError) and cause.connection_invalidated):
                raise
        return read(*args, **kwargs)

    return again


class Store:
    """The class tables in one database (created on first use).

    Args:
        url: A SQLAlchemy URL, e.g. ``sqlite:///classes.db`` or
            ``postgresql+psycopg://user:pw@127.0.0.1:5432/db``; ``sqlite://`` is in memory.

    Example:
        >>> store = Store("sqlite://")
        >>> code, key = store.create_class("home", {}, None)
        >>> len(code), store.check_key(code, key), store.check_key(code, "x")
        (6, True, False)
    """

    def __init__(self, url: str) -> None:
        # no ping before every query (it doubled the database's queries while a class idles):
        # a dropped connection is found by the query itself, and reads retry once (_retrying)
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 5}
            if url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = sa.pool.StaticPool  # one shared in-memory database
        else:
            kwargs["connect_args"] = {"connect_timeout": 3}
        try:
            self.engine: Engine = sa.create_engine(url, **kwargs)
        except (SQLAlchemyError, ImportError, ValueError) as err:
            raise StoreError(f"cannot use the class database: {type(err).__name__}") from err
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.url = url
        self._ready = False
        self._lock = threading.Lock()
        # what followers in this process share (:meth:`recent_version`, :meth:`state_at`)
        self._versions: dict[str, tuple[float, int | None]] = {}
        self._version_lock = threading.Lock()  # one version read at a time: the others share it
        self._states: OrderedDict[tuple[str, int], ClassState] = OrderedDict()

    # --- plumbing --------------------------------------------------------------------

    def _begin(self) -> Any:
        """A transaction, with the schema created first (once per process)."""
        if not self._ready:
            with self._lock:
                if not self._ready:
                    try:
                        _metadata.create_all(self.engine)
                    except SQLAlchemyError as err:
                        raise StoreError(_why(err)) from err
                    self._ready = True
        return _Tx(self.engine)

    def _teacher(self, conn: Any, code: str, key: str) -> Any:
        row = conn.execute(sa.select(classes).where(classes.c.code == code)).first()
        if row is None or not hmac.compare_digest(row.key_hash, _hash(key)):
            raise NotTeacher("not the teacher of this class")
        return row

    def _bump(self, conn: Any, code: str, **values: Any) -> int:
        self._versions.pop(code, None)  # this process's followers read the new one at once
        row = conn.execute(
            sa.update(classes)
            .where(classes.c.code == code)
            .values(version=classes.c.version + 1, updated=time.time(), **values)
            .returning(classes.c.version)
        ).first()
        if row is None:
            raise ClassGone(code)
        return int(row.version)

    # --- the teacher -----------------------------------------------------------------

    def create_class(
        self, page: str, params: Mapping[str, str], corpus: str | None
    ) -> tuple[str, str]:
        """Start a class at the teacher's view; return its ``(code, teacher key)``.

        Example:
            >>> code, key = Store("sqlite://").create_class("bpe_learn", {}, "low low")
            >>> all(ch in CODE_LETTERS for ch in code), len(key) > 20
            (True, True)
        """
        key = secrets.token_urlsafe(24)
        now = time.time()
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            try:
                with self._begin() as conn:
                    conn.execute(
                        sa.insert(classes).values(
                            code=code,
                            key_hash=_hash(key),
                            page=page,
                            params=json.dumps(dict(params), ensure_ascii=False),
                            corpus=corpus,
                            version=1,
                            question=None,
                            created=now,
                            updated=now,
                        )
                    )
                return code, key
            except IntegrityError:  # pragma: no cover - a code in use: draw another
                continue
        raise StoreError("no free class code")  # pragma: no cover

    def check_key(self, code: str, key: str) -> bool:
        """Whether ``key`` is the teacher key of class ``code`` (constant-time comparison)."""
        with self._begin() as conn:
            try:
                self._teacher(conn, code, key)
            except NotTeacher:
                return False
        return True

    def publish(
        self, code: str, key: str, page: str, params: Mapping[str, str], corpus: str | None
    ) -> int:
        """The teacher's view changed: store it and return the new version.

        Raises:
            NotTeacher: ``key`` is not the teacher key.
        """
        with self._begin() as conn:
            self._teacher(conn, code, key)
            return self._bump(
                conn,
                code,
                page=page,
                params=json.dumps(dict(params), ensure_ascii=False),
                corpus=corpus,
            )

    def ask(
        self,
        code: str,
        key: str,
        ask_key: str,
        kind: str,
        prompt: str,
        options: Iterable[tuple[str, str]] = (),
        right: Iterable[str] = (),
    ) -> Question:
        """Ask the class a question (it becomes the current one); return it.

        ``right`` lists the right answers (every option of a tie; the expected pieces of a
        typed answer). Students never read it: their verdicts are worked out on their own page.

        Example:
            >>> store = Store("sqlite://")
            >>> code, key = store.create_class("bpe_learn", {}, None)
            >>> q = store.ask(code, key, "bpe:1", "choice", "Which pair?", [("a", "a+b")], ["a"])
            >>> q.number, q.state, q.right
            (1, 'open', ('a',))
        """
        if kind not in ("choice", "text"):
            raise ValueError(f"kind is 'choice' or 'text', not {kind!r}")
        with self._begin() as conn:
            self._teacher(conn, code, key)
            number = conn.execute(
                sa.select(sa.func.count()).select_from(questions).where(questions.c.code == code)
            ).scalar_one()
            qid = conn.execute(
                sa.insert(questions)
                .values(
                    code=code,
                    number=int(number) + 1,
                    ask_key=ask_key,
                    kind=kind,
                    prompt=prompt,
                    options=json.dumps([list(o) for o in options], ensure_ascii=False),
                    state="open",
                    right=json.dumps(sorted(set(right)), ensure_ascii=False),
                )
                .returning(questions.c.id)
            ).scalar_one()
            self._bump(conn, code, question=qid)
            row = conn.execute(sa.select(questions).where(questions.c.id == qid)).one()
            return _question(row)

    def reveal(self, code: str, key: str, question: int) -> int:
        """Close ``question`` (no more answers) and show the verdicts; return the new version."""
        with self._begin() as conn:
            self._teacher(conn, code, key)
            conn.execute(
                sa.update(questions)
                .where(questions.c.id == question, questions.c.code == code)
                .values(state="revealed")
            )
            return self._bump(conn, code)

    def dismiss(self, code: str, key: str) -> int:
        """No current question any more (the teacher goes on); return the new version."""
        with self._begin() as conn:
            self._teacher(conn, code, key)
            return self._bump(conn, code, question=None)

    def end(self, code: str, key: str) -> list[dict[str, object]]:
        """End the class: return its summary (:meth:`summary`), then delete it with its rows."""
        with self._begin() as conn:
            self._teacher(conn, code, key)
            summary = self._summary(conn, code)
            self._delete(conn, [code])
            return summary

    # --- everybody -------------------------------------------------------------------

    @_retrying
    def version(self, code: str) -> int | None:
        """The class's version (one read by primary key), ``None`` when it is gone."""
        with self._begin() as conn:
            value = conn.execute(
                sa.select(classes.c.version).where(classes.c.code == code)
            ).scalar_one_or_none()
        return None if value is None else int(value)

    def recent_version(self, code: str, max_age: float) -> int | None:
        """:meth:`version`, read at most once per ``max_age`` seconds per class in this process.

        Every follower of a class polls its version; in one process they share one read (a
        change made through this store is seen at once, one made elsewhere within
        ``max_age``).

        Example:
            >>> store = Store("sqlite://")
            >>> code, key = store.create_class("home", {}, None)
            >>> store.recent_version(code, 60), store.recent_version(code, 60)
            (1, 1)
            >>> store.publish(code, key, "home", {"step": "2"}, None)
            2
            >>> store.recent_version(code, 60)
            2
        """
        asked = time.monotonic()
        seen = self._versions.get(code)
        if seen is not None and asked - seen[0] < max_age:
            return seen[1]
        with self._version_lock:
            # the followers that found it stale together wait here for one read, and take
            # any read that started after they asked (it is as fresh as their own would be)
            seen = self._versions.get(code)
            now = time.monotonic()
            if seen is not None and (seen[0] >= asked or now - seen[0] < max_age):
                return seen[1]
            value = self.version(code)
            if len(self._versions) > _CACHED_CLASSES:
                self._versions.clear()
            self._versions[code] = (now, value)
        return value

    def state_at(self, code: str, version: int) -> ClassState | None:
        """:meth:`state` as of ``version`` (kept per process: the followers of a class who
        saw the same new version make one read, not one each). A class's state at a version
        never changes: every change of the teacher bumps the version.

        Example:
            >>> store = Store("sqlite://")
            >>> code, _ = store.create_class("home", {}, None)
            >>> store.state_at(code, 1) is store.state_at(code, 1)
            True
        """
        with self._lock:
            kept = self._states.get((code, version))
        if kept is not None:
            return kept
        found = self.state(code)
        if found is not None:
            with self._lock:
                self._states[(code, found.version)] = found
                while len(self._states) > _CACHED_CLASSES:
                    self._states.popitem(last=False)
        return found

    @_retrying
    def state(self, code: str) -> ClassState | None:
        """The teacher's current view and question, ``None`` when the class is gone."""
        with self._begin() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.code == code)).first()
            if row is None:
                return None
            question = None
            if row.question is not None:
                qrow = conn.execute(
                    sa.select(questions).where(questions.c.id == row.question)
                ).first()
                question = None if qrow is None else _question(qrow)
        return ClassState(
            code=code,
            version=int(row.version),
            page=str(row.page),
            params={str(k): str(v) for k, v in json.loads(row.params).items()},
            corpus=row.corpus,
            question=question,
        )

    def join(self, code: str, session: str, nickname: str) -> bool:
        """Add a student (again: the nickname is updated); ``False`` when no such class."""
        now = time.time()
        with self._begin() as conn:
            if (
                conn.execute(sa.select(classes.c.code).where(classes.c.code == code)).first()
                is None
            ):
                return False
            done = conn.execute(
                sa.update(members)
                .where(members.c.code == code, members.c.session == session)
                .values(nickname=nickname)
            ).rowcount
            if not done:
                conn.execute(
                    sa.insert(members).values(
                        code=code, session=session, nickname=nickname, joined=now
                    )
                )
        return True

    @_retrying
    def member_count(self, code: str) -> int:
        """How many students joined the class."""
        with self._begin() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.count()).select_from(members).where(members.c.code == code)
                ).scalar_one()
            )

    def answer(self, code: str, question: int, session: str, answer: str) -> None:
        """Store (or change) a student's answer while the question is open.

        Raises:
            StoreError: the question is closed or not this class's.
        """
        now = time.time()
        with self._begin() as conn:
            state = conn.execute(
                sa.select(questions.c.state).where(
                    questions.c.id == question, questions.c.code == code
                )
            ).scalar_one_or_none()
            if state != "open":
                raise StoreError("the question is closed")
            done = conn.execute(
                sa.update(answers)
                .where(answers.c.question == question, answers.c.session == session)
                .values(answer=answer, updated=now)
            ).rowcount
            if not done:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            sa.insert(answers).values(
                                question=question, session=session, answer=answer, updated=now
                            )
                        )
                except IntegrityError:  # the same student's other tab won the race
                    conn.execute(
                        sa.update(answers)
                        .where(answers.c.question == question, answers.c.session == session)
                        .values(answer=answer, updated=now)
                    )

    @_retrying
    def my_answer(self, question: int, session: str) -> str | None:
        """This student's answer to ``question``, if any."""
        with self._begin() as conn:
            return conn.execute(
                sa.select(answers.c.answer).where(
                    answers.c.question == question, answers.c.session == session
                )
            ).scalar_one_or_none()

    @_retrying
    def counts(self, question: int) -> dict[str, int]:
        """How many students gave each answer (never who).

        Example:
            >>> store = Store("sqlite://")
            >>> code, key = store.create_class("p", {}, None)
            >>> q = store.ask(code, key, "k", "text", "Split “low”?")
            >>> store.answer(code, q.id, "s1", "low"); store.answer(code, q.id, "s2", "lo w")
            >>> store.answer(code, q.id, "s1", "lo w")  # changed
            >>> store.counts(q.id)
            {'lo w': 2}
        """
        with self._begin() as conn:
            rows = conn.execute(
                sa.select(answers.c.answer, sa.func.count())
                .where(answers.c.question == question)
                .group_by(answers.c.answer)
            ).all()
        return {str(a): int(n) for a, n in rows}

    def summary(self, code: str) -> list[dict[str, object]]:
        """Every question of the class: number, prompt, answers, right answers, share right."""
        with self._begin() as conn:
            return self._summary(conn, code)

    @staticmethod
    def _summary(conn: Any, code: str) -> list[dict[str, object]]:
        rows = conn.execute(
            sa.select(questions).where(questions.c.code == code).order_by(questions.c.number)
        ).all()
        out: list[dict[str, object]] = []
        for row in rows:
            q = _question(row)
            counts = {
                str(a): int(n)
                for a, n in conn.execute(
                    sa.select(answers.c.answer, sa.func.count())
                    .where(answers.c.question == q.id)
                    .group_by(answers.c.answer)
                ).all()
            }
            total = sum(counts.values())
            right = None
            if q.right is not None and q.state == "revealed":
                right = sum(n for a, n in counts.items() if a in q.right)
            out.append(
                {
                    "number": q.number,
                    "question": q.prompt,
                    "answers": total,
                    "right": right,
                    "share_right": None if right is None or not total else right / total,
                }
            )
        return out

    # --- housekeeping ----------------------------------------------------------------

    def cleanup(self, idle_seconds: float, now: float | None = None) -> int:
        """Delete classes idle for longer than ``idle_seconds``, with their rows; how many."""
        cutoff = (time.time() if now is None else now) - idle_seconds
        with self._begin() as conn:
            codes = list(
                conn.execute(sa.select(classes.c.code).where(classes.c.updated < cutoff)).scalars()
            )
            self._delete(conn, codes)
        return len(codes)

    @staticmethod
    def _delete(conn: Any, codes: list[str]) -> None:
        if not codes:
            return
        ids = sa.select(questions.c.id).where(questions.c.code.in_(codes))
        conn.execute(sa.delete(answers).where(answers.c.question.in_(ids)))
        conn.execute(sa.delete(questions).where(questions.c.code.in_(codes)))
        conn.execute(sa.delete(members).where(members.c.code.in_(codes)))
        conn.execute(sa.delete(classes).where(classes.c.code.in_(codes)))


def _why(err: BaseException) -> str:
    """A database error in one line without its SQL (which may hold the teacher's data)."""
    return f"class database error: {type(err).__name__}"


class _Tx:
    """``with`` a transaction; SQLAlchemy errors become :class:`StoreError`."""

    def __init__(self, engine: Engine) -> None:
        self._cm = engine.begin()

    def __enter__(self) -> Any:
        try:
            return self._cm.__enter__()
        except SQLAlchemyError as err:
            raise StoreError(_why(err)) from err

    def __exit__(self, *exc: Any) -> bool:
        try:
            self._cm.__exit__(*exc)
        except SQLAlchemyError as err:
            raise StoreError(_why(err)) from err
        if exc[1] is not None and isinstance(exc[1], SQLAlchemyError):
            raise StoreError(_why(exc[1])) from exc[1]
        return False


_STORES: dict[str, Store] = {}
_STORES_LOCK = threading.Lock()


def store_for(url: str | None = None) -> Store:
    """The process's :class:`Store` for ``url`` (default :func:`default_url`), made once.

    Example:
        >>> store_for("sqlite://") is store_for("sqlite://")
        True
    """
    url = url or default_url()
    with _STORES_LOCK:
        store = _STORES.get(url)
        if store is None:
            store = _STORES[url] = Store(url)
        return store
