"""The command line in a terminal, under a pseudo-terminal: colour, the end of a hand
kept on screen, Ctrl-C."""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")

SRC = Path(__file__).resolve().parent.parent / "src"


class Terminal:
    """``scala40 ARGS`` running in a pseudo-terminal, read as it writes."""

    def __init__(self, args: Sequence[str], env: dict[str, str] | None = None) -> None:
        environment = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm"}
        environment.pop("NO_COLOR", None)
        environment.update(env or {})
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            os.execve(sys.executable, [sys.executable, "-m", "scala40", *args], environment)
        self.output = ""

    def read_until(self, text: str, timeout: float = 60.0) -> str:
        """Read until ``text`` shows (or fail); return all read so far."""
        deadline = time.monotonic() + timeout
        while text not in self.output:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never came; the screen ends with {self.output[-600:]!r}"
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    assert text in self.output, f"{text!r} never came: {self.output[-600:]!r}"
                self.output += chunk.decode("utf-8", errors="replace")
        return self.output

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def wait(self, timeout: float = 30.0) -> int:
        """Read to the end and return the exit status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.output += chunk.decode("utf-8", errors="replace")
        done, status = os.waitpid(self.pid, 0)
        assert done == self.pid
        return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_simulate_stops_at_once_with_the_games_played(workers: str) -> None:
    terminal = Terminal(["simulate", "--games", "500", "--workers", workers])
    terminal.read_until("2/500 games")
    started = time.monotonic()
    terminal.send("\x03")
    status = terminal.wait()
    assert time.monotonic() - started < 10
    assert status == 130
    assert "Traceback" not in terminal.output
    assert "Interrupted after " in terminal.output
    assert "bot     games  wins" in terminal.output
