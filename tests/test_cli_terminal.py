"""The command line in a terminal, under a pseudo-terminal: colour, the end of a hand
kept on screen, Ctrl-C."""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.hostile import TIMED

pty = pytest.importorskip("pty")

SRC = Path(__file__).resolve().parent.parent / "src"


class Terminal:
    """``scala40 ARGS`` running in a pseudo-terminal, read as it writes."""

    def __init__(
        self, args: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> None:
        environment = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm"}
        environment.pop("NO_COLOR", None)
        environment.update(env or {})
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            # As a terminal's shell starts a program: Ctrl-C interrupts it, even when the
            # tests themselves run in the background (where SIGINT is ignored, and an
            # ignored signal stays ignored across exec).
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            if cwd is not None:
                os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "scala40", *args], environment)
        self.output = ""

    def read_until(self, *texts: str, timeout: float = 60.0, start: int = 0) -> str:
        """Read until one of ``texts`` shows after ``start`` (or fail); return all read."""
        deadline = time.monotonic() + timeout
        text = " or ".join(texts)
        while not any(one in self.output[start:] for one in texts):
            left = deadline - time.monotonic()
            if left <= 0:  # a hang, not a bound judged
                raise AssertionError(
                    f"{text!r} never came; the screen ends with {self.output[-600:]!r}"
                )
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                assert chunk, f"{text!r} never came: {self.output[-600:]!r}"
                self.output += chunk.decode("utf-8", errors="replace")
        return self.output

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def interrupt(self) -> None:
        """Press Ctrl-C once the program waits for a line, as a person would.

        Pressed in the instant between the prompt and the read, Ctrl-C would be missed by
        the interpreter itself (its handler runs, but the read then waits for input), so
        wait until the program is asleep reading the terminal (Linux shows it in
        ``/proc``; elsewhere, a moment)."""
        deadline = time.monotonic() + 5.0
        wchan = Path(f"/proc/{self.pid}/wchan")
        while time.monotonic() < deadline:
            try:
                if wchan.read_text() in ("wait_woken", "n_tty_read"):
                    break
            except OSError:
                time.sleep(0.5)
                break
            time.sleep(0.02)
        self.send("\x03")

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
        # The terminal closes as the program exits: give it a moment to be gone.
        done, status = os.waitpid(self.pid, os.WNOHANG)
        settle = time.monotonic() + 5.0
        while done == 0 and time.monotonic() < max(deadline, settle):
            time.sleep(0.05)
            done, status = os.waitpid(self.pid, os.WNOHANG)
        if done == 0:  # still running: never wait for ever, show what the screen says
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            os.close(self.fd)
            pytest.fail(f"the program did not end; the screen ends with {self.output[-600:]!r}")
        os.close(self.fd)  # so that no later program inherits this terminal
        return os.waitstatus_to_exitcode(status)


@pytest.mark.timed
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_simulate_stops_at_once_with_the_games_played(workers: str) -> None:
    terminal = Terminal(["simulate", "--games", "500", "--workers", workers])
    terminal.read_until("2/500 games")
    started = time.monotonic()
    terminal.send("\x03")
    status = terminal.wait()
    if TIMED:
        assert time.monotonic() - started < 10
    assert status == 130
    assert "Traceback" not in terminal.output
    assert "Interrupted after " in terminal.output
    assert "bot     games  wins" in terminal.output


def _play_hints_until(terminal: Terminal, stop: str, limit: int = 400) -> None:
    """Play what ``hint`` suggests until ``stop`` shows on the screen."""
    terminal.read_until("> ")
    for _ in range(limit):
        if terminal.output.rfind("Press Enter") > terminal.output.rfind("> "):
            # At the end of a hand (however its text arrived): never type a hint there.
            terminal.read_until(". ", start=terminal.output.rindex("Press Enter"))
            if stop in terminal.output[terminal.output.rindex("Press Enter") :]:
                return
            terminal.send("\n")
            terminal.read_until("> ", start=len(terminal.output))
        mark = len(terminal.output)
        terminal.send("hint\n")
        terminal.read_until("bot would play: ", start=mark)
        said = terminal.read_until("\n", start=terminal.output.index("bot would play: ", mark))
        suggestion = said[terminal.output.index("bot would play: ", mark) :].split(": ", 1)[1]
        # Type only at the prompt: a line typed while the program is busy is echoed by
        # the terminal at once, and the prompt that follows it would be taken for the
        # next turn's.
        terminal.read_until(
            "> ", start=said.index("\n", terminal.output.index("bot would play: ", mark))
        )
        mark = len(terminal.output)
        terminal.send(_ANSI.sub("", suggestion.splitlines()[0]).strip() + "\n")
        terminal.read_until("\n", start=mark)
        after = terminal.output.index("\n", mark) + 1
        terminal.read_until("> ", "Press Enter", start=after)
        if "Press Enter" in terminal.output[after:]:
            # The prompt may arrive in pieces: read it whole before looking for ``stop``.
            terminal.read_until(". ", start=terminal.output.index("Press Enter", after))
        if stop in terminal.output[mark:]:
            return
    pytest.fail(f"{stop!r} never came")


_ANSI = __import__("re").compile(r"\x1b\[[0-9;]*[A-Za-z]")


def test_play_in_colour_keeps_the_hand_result_and_leaves_on_ctrl_c(tmp_path: Path) -> None:
    """Red hearts and diamonds; the end of a hand stays on screen until Enter; Ctrl-C
    saves the game and exits 130 without a traceback."""
    path = tmp_path / "game.json"
    terminal = Terminal(["play", "--seed", "3", "--hint-bot", "greedy", "--save", str(path)])
    screen = terminal.read_until("> ")
    assert "\x1b[31m" in screen  # the red cards of the hand
    terminal.send("drwa\n")
    screen = terminal.read_until("did you mean 'draw'?")
    assert "\x1b[31merror: 'drwa' is not a move; did you mean 'draw'?" in screen
    _play_hints_until(terminal, "Press Enter for the next hand.")
    kept = terminal.output[terminal.output.rindex("\x1b[2J") :]
    assert "Hand 1: " in _ANSI.sub("", kept)  # how the hand ended, not wiped yet
    mark = len(terminal.output)
    terminal.send("\n")
    terminal.read_until("> ", start=mark)
    assert "\x1b[2J" in terminal.output[mark:]  # the next board, after Enter only
    terminal.interrupt()
    assert terminal.wait() == 130
    assert "Game interrupted." in terminal.output
    assert "Traceback" not in terminal.output
    assert path.exists()


def test_no_colour_when_no_color_is_set() -> None:
    terminal = Terminal(["play", "--seed", "3", "--hint-bot", "greedy"], env={"NO_COLOR": "1"})
    terminal.read_until("> ")
    terminal.send("drwa\n")
    terminal.read_until("did you mean")
    terminal.send("quit\n")  # nothing played yet: nothing to save
    assert terminal.wait() == 3
    assert "\x1b[31m" not in terminal.output


def test_quit_in_a_terminal_asks_yes_or_no_then_a_file_name(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    terminal = Terminal(["play", "--seed", "3", "--hint-bot", "greedy"], cwd=tmp_path)
    terminal.read_until("> ")
    terminal.send("draw\n")
    terminal.read_until("You drew 9S.")
    terminal.read_until("> ", start=terminal.output.index("You drew 9S."))
    terminal.send("quit\n")
    terminal.read_until("Save the game to resume it later? (yes/no): ")
    terminal.send("yes\n")
    terminal.read_until("File name (Enter: scala40-game.json): ")
    terminal.send(f"{path.name}\n")
    assert terminal.wait() == 3
    assert path.exists()
    assert "Game saved to kept.json." in terminal.output
    # "yes" answered the question: it named no file.
    assert sorted(child.name for child in tmp_path.iterdir()) == ["kept.json"]
