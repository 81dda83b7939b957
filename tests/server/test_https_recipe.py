"""The web page's HTTPS recipe works as written: its certificate command, run as the page
gives it, makes files the server serves with."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from scala40_server.web.tls import server_context


def test_the_https_recipe_makes_a_certificate_the_server_serves_with(tmp_path: Path) -> None:
    """docs/web.rst's certificate command, run as the page gives it, makes a certificate
    and an unencrypted key that the server takes (``--certfile``, ``--keyfile``)."""
    if shutil.which("openssl") is None or shutil.which("bash") is None:
        pytest.skip("no openssl command here")
    page = Path(__file__).resolve().parents[2] / "docs" / "web.rst"
    lines = [
        line.strip()
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("openssl req ")
    ]
    assert len(lines) == 1
    made = subprocess.run(
        ["bash", "-c", lines[0]], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert made.returncode == 0, made.stderr
    context = server_context(str(tmp_path / "cert.pem"), str(tmp_path / "key.pem"))
    assert isinstance(context, ssl.SSLContext)
