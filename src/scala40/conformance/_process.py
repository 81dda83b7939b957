"""An engine's process, driven within bounds: each request written and each answer read
within the run's timeout, each answer line and the kept end of its standard error
bounded, and every process it starts ended with the run.

Both ends of the conversation can block: a write blocks once the pipe to an engine that
does not read is full (64 KiB on Linux), a read while it does not answer. Each pipe has
a thread of its own, which blocks in its place, and the runner waits for them with the
timeout; this holds on every system that has pipes and threads, where waiting on a pipe
(``select``) is POSIX's alone. The engine starts in a process group of its own (a new
session on POSIX), and the whole group is killed when the run ends, however it ends: an
engine started by a shell, or one that starts helpers, leaves nothing running.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
from collections.abc import Sequence
from typing import IO

from scala40.conformance._text import printable

__all__ = ["EngineProcess", "EngineStoppedError"]

_CHUNK = 65536
"""The most bytes one read of a pipe takes."""
_ANSWERS_AHEAD = 8
"""The most answer lines read ahead of the requests: an engine that writes without end
(``yes``) then blocks, as it would on a full pipe."""
_STDERR_KEPT = 4096
"""The bytes kept of the end of the engine's standard error."""
_GRACE = 1.0
"""The seconds an engine has to exit by itself once its input is closed after a run
that went to its end, before its process group is killed."""


class EngineStoppedError(RuntimeError):
    """The engine could not be started or broke off the conversation: the runner says so
    as its public :class:`~scala40.conformance.runner.EngineError`."""


class EngineProcess:
    """An engine's process: :meth:`ask` writes one request and reads one answer line,
    :meth:`close` ends it and every process in its group."""

    def __init__(self, argv: Sequence[str], timeout: float, max_line: int) -> None:
        self.timeout = timeout
        self.max_line = max_line
        group = (
            {"start_new_session": True}
            if os.name == "posix"
            else {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        )
        try:
            self.process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                **group,
            )
        except (OSError, ValueError) as error:
            raise EngineStoppedError(f"the engine could not be started: {error}") from None
        self._requests: queue.Queue[tuple[bytes, threading.Event] | None] = queue.Queue()
        self._answers: queue.Queue[bytes | None] = queue.Queue(_ANSWERS_AHEAD)
        self._stderr = bytearray()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._write_failed = False
        self._overlong = False
        self._threads = [
            threading.Thread(target=target, name=f"engine {name}", daemon=True)
            for target, name in (
                (self._write_requests, "input"),
                (self._read_answers, "output"),
                (self._read_stderr, "errors"),
            )
        ]
        for thread in self._threads:
            thread.start()

    # ------------------------------------------------------------ the threads

    def _write_requests(self) -> None:
        stdin = self._pipe(self.process.stdin)
        try:
            while (item := self._requests.get()) is not None:
                data, written = item
                try:
                    while data:
                        data = data[os.write(stdin.fileno(), data) :]
                except OSError:  # the engine exited (a broken pipe) or closed its input
                    self._write_failed = True
                    written.set()
                    return
                written.set()
        finally:
            # Closed here, by the one thread that writes to it: closed from another while
            # a write blocks, its number could be reused by a file the write then reaches.
            with contextlib.suppress(OSError):
                stdin.close()

    def _read_answers(self) -> None:
        stdout = self._pipe(self.process.stdout)
        pending = b""
        while True:
            try:
                chunk = os.read(stdout.fileno(), _CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                self._hand_over(None)
                return
            pending += chunk
            while b"\n" in pending:
                line, _, pending = pending.partition(b"\n")
                if len(line) > self.max_line:
                    pending = line
                    break
                if not self._hand_over(line):
                    return
            if len(pending) > self.max_line:
                # A line past the bound: nothing after it is read, and the run stops.
                self._overlong = True
                self._hand_over(None)
                return

    def _hand_over(self, line: bytes | None) -> bool:
        """Put ``line`` where :meth:`ask` takes it, waiting while the answers read ahead
        are many; False once the engine is being closed."""
        while not self._closing.is_set():
            try:
                self._answers.put(line, timeout=0.05)
            except queue.Full:
                continue
            return True
        return False

    def _read_stderr(self) -> None:
        stderr = self._pipe(self.process.stderr)
        while True:
            try:
                chunk = os.read(stderr.fileno(), _CHUNK)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self._stderr += chunk
                del self._stderr[:-_STDERR_KEPT]

    @staticmethod
    def _pipe(pipe: IO[bytes] | None) -> IO[bytes]:
        assert pipe is not None  # every pipe was asked for
        return pipe

    # ------------------------------------------------------------ the conversation

    def ask(self, request: bytes, label: str) -> bytes:
        """Write ``request`` (one line) and read one answer line, each within the timeout.

        :raises EngineStoppedError: the engine read no request, gave no answer within the
            timeout, exited, or sent a line longer than the most allowed.
        """
        written = threading.Event()
        self._requests.put((request, written))
        if not written.wait(self.timeout):
            raise EngineStoppedError(
                f"the engine did not read request {label} within {self.timeout:g} s"
                + self.last_words()
            )
        if self._write_failed:
            raise EngineStoppedError(
                f"the engine exited before request {label}" + self.last_words()
            )
        try:
            line = self._answers.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineStoppedError(
                f"no answer to {label} within {self.timeout:g} s" + self.last_words()
            ) from None
        if line is None:
            if self._overlong:
                raise EngineStoppedError(f"the answer to {label} is over {self.max_line:,} bytes")
            raise EngineStoppedError(
                f"the engine exited before answering {label}" + self.last_words()
            )
        return line

    def last_words(self) -> str:
        """The last line the engine wrote on its standard error, escaped and cut, as the
        end of a message (``; its last words: ...``), or nothing."""
        with self._lock:
            kept = bytes(self._stderr)
        lines = [line for line in kept.decode("utf-8", "replace").splitlines() if line.strip()]
        if not lines:
            return ""
        return f"; its standard error ends: {printable(lines[-1].strip(), 200)}"

    # ------------------------------------------------------------ the end

    def close(self, at_once: bool) -> None:
        """End the engine: close its input and, unless ``at_once``, give it a moment to
        exit by itself; then kill its whole process group, and wait for the threads."""
        self._requests.put(None)
        if not at_once:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=_GRACE)
        self._kill_group()
        self._closing.set()
        for thread in self._threads:
            # The pipes end with the group; a process that left it (a new session of its
            # own) and holds them cannot keep the run: the threads are daemons.
            thread.join(timeout=_GRACE)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None and not any(thread.is_alive() for thread in self._threads):
                pipe.close()

    def _kill_group(self) -> None:
        if os.name == "posix":
            with contextlib.suppress(OSError):  # the group is gone already
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
