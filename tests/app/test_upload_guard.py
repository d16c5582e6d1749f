"""One session cannot fill the server with uploads (issue 26, item 4)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from starlette.exceptions import HTTPException
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec

from ui.app.limits import LIMITS
from ui.runtime import upload_guard

ROOT = Path(__file__).resolve().parents[2]


def _file(file_id: str, size: int) -> UploadedFileRec:
    return UploadedFileRec(
        file_id=file_id, name=f"{file_id}.txt", type="text/plain", data=b"x" * size
    )


@pytest.fixture
def manager() -> MemoryUploadedFileManager:
    upload_guard.install()
    return MemoryUploadedFileManager("/_stcore/upload_file")


def test_a_session_holds_at_most_session_files_files(manager: MemoryUploadedFileManager) -> None:
    for n in range(LIMITS.session_files):
        manager.add_file("attacker", _file(f"made-up-{n}", 10))
    with pytest.raises(HTTPException) as refused:
        manager.add_file("attacker", _file("one-more", 10))
    assert refused.value.status_code == 413
    assert upload_guard.session_holds(manager, "attacker") == (
        LIMITS.session_files,
        10 * LIMITS.session_files,
    )
    manager.add_file("attacker", _file("made-up-0", 20))  # the same id again: replaced
    manager.add_file("classmate", _file("corpus", 10))  # another session is not affected
    manager.remove_file("attacker", "made-up-1")
    manager.add_file("attacker", _file("after-removing-one", 10))  # room again


def test_a_session_holds_at_most_session_upload_mb(manager: MemoryUploadedFileManager) -> None:
    big = LIMITS.session_upload_mb * 2**20 // 3 + 1
    manager.add_file("attacker", _file("a", big))
    manager.add_file("attacker", _file("b", big))
    with pytest.raises(HTTPException, match="MB"):
        manager.add_file("attacker", _file("c", big))
    assert manager._total_bytes == 2 * big  # the refused file was never counted


def test_nginx_limits_the_rate_of_uploads() -> None:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    block = re.search(r"location ~ /_stcore/upload_file/ \{(.*?)\}", conf, re.S)
    assert block is not None
    assert "limit_req zone=uploads_per_browser" in block[1]
    assert "limit_req zone=uploads_per_address" in block[1]
    assert "limit_req_zone $route_key zone=uploads_per_browser" in conf


def test_the_rendered_nginx_configuration_is_valid(tmp_path: Path) -> None:
    from scripts.deploy_local import NGINX_CONF, find_nginx, render_nginx_conf

    nginx = find_nginx()
    if nginx is None:
        pytest.skip("nginx is not installed")
    text = render_nginx_conf(NGINX_CONF.read_text(), ["127.0.0.1:1"], "127.0.0.1:3", tmp_path)
    (tmp_path / "nginx.conf").write_text(text)
    done = subprocess.run(
        [str(nginx), "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
