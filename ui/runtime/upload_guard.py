"""A count on the files one session may hold on the server (issue 26, item 4).

Streamlit keeps every uploaded file in the server's memory for the session's life. Its limit
(``server.maxUploadSize``) holds per file, but a client can send any number of files under
ids it makes up (15 files of 20 MB: +300 MB, from one tab). :func:`install` makes the
server's upload manager refuse a file (HTTP 413) that would take a session past
``LIMITS.session_files`` files or ``LIMITS.session_upload_mb`` MB, counted under the manager's
own lock so that parallel uploads cannot slip past together.

Example::

    install()  # once per server process (app.py); later calls do nothing
"""

from __future__ import annotations

import logging

from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec

from ui.app.limits import LIMITS

__all__ = ["install", "session_holds"]

_LOG = logging.getLogger(__name__)


class UploadRefused(Exception):
    """Raised in place of adding a file that would pass the session's count (HTTP 413)."""


def session_holds(manager: MemoryUploadedFileManager, session_id: str) -> tuple[int, int]:
    """The files and bytes ``session_id`` holds in ``manager``.

    Example::

        files, size = session_holds(runtime.uploaded_file_mgr, session_id)
    """
    with manager._lock:
        held = manager.file_storage.get(session_id) or {}
        return len(held), sum(len(f.data) for f in held.values())


def _refusal(files: int, size: int) -> Exception:
    """The error the upload route turns into an answer: HTTP 413 with the reason."""
    detail = (
        f"This session already holds {files} files ({size // 2**20} MB); a session may hold "
        f"{LIMITS.session_files} files and {LIMITS.session_upload_mb} MB."
    )
    try:
        from starlette.exceptions import HTTPException
    except ImportError:  # pragma: no cover - the starlette server is Streamlit's
        return UploadRefused(detail)
    return HTTPException(status_code=413, detail=detail)


def _add_file(self: MemoryUploadedFileManager, session_id: str, file: UploadedFileRec) -> None:
    """:meth:`MemoryUploadedFileManager.add_file`, refusing past the session's count."""
    with self._lock:
        held = self.file_storage.get(session_id) or {}
        others = [f for file_id, f in held.items() if file_id != file.file_id]
        files, size = len(others) + 1, sum(len(f.data) for f in others) + len(file.data)
        if files > LIMITS.session_files or size > LIMITS.session_upload_mb * 2**20:
            _LOG.warning(
                "upload refused: session %s would hold %s files, %s bytes", session_id, files, size
            )
            raise _refusal(files - 1, size - len(file.data))
        session_storage = self.file_storage[session_id]
        old = session_storage.get(file.file_id)
        if old is not None:
            self._total_bytes -= len(old.data)
        else:
            self._file_count += 1
        session_storage[file.file_id] = file
        self._total_bytes += len(file.data)


def install() -> None:
    """Count the files of each session in Streamlit's upload manager (idempotent)."""
    if MemoryUploadedFileManager.add_file is not _add_file:
        MemoryUploadedFileManager.add_file = _add_file  # type: ignore[method-assign]
