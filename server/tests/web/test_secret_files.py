"""The web table's secrets are its owner's alone (:mod:`scala40_server.web.secret_files`):
the tables' file, which holds the key the server signs its acknowledgements with, and the
TLS key (``--keyfile``).

Another account on the server's machine reads every file whose mode lets it: the tables'
file is made for its owner alone from its first moment, and a tables' file (or one
SQLite keeps beside it) or a TLS key that others may read is refused at the start, in
one line naming the file and the fix. A named pipe, a device or a folder given as one of
these files is refused before it is opened: the tests that give a named pipe run the
server in a process of their own, with a time bound, and judge its outcome (exit code 1,
one line), never its seconds.
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import scala40_server.web.tls as web_tls
from scala40.errors import InvalidValueError
from scala40_server.web.store import TableStore
from scala40_server.web.tls import check_server_context, server_context

from .test_tls import Authority, make_authority

pytestmark = pytest.mark.skipif(
    os.name == "nt", reason="POSIX modes and named pipes (Windows skips the mode's check)"
)

SIGNING = "the key the server signs with"
"""What the tables' file's refusal says it holds."""
START_BOUND = 120
"""The seconds a server started here may take to refuse its files, at most: generous, so
that a busy machine passes; a start that a named pipe holds runs past it and fails."""
OPEN_MODES = (0o644, 0o640, 0o604, 0o660, 0o606, 0o620, 0o602)
"""Modes that let the file's group or everyone read or write it."""


@pytest.fixture
def authority(tmp_path: Path) -> Authority:
    folder = tmp_path / "authority"
    folder.mkdir()
    return make_authority(folder)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """No bits masked from the files made: a file made open by its creator stays open."""
    before = os.umask(0)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _start(*options: str) -> subprocess.CompletedProcess[str]:
    """``scala40 web`` started with ``options`` on any free port, in a process of its own:
    what it did within :data:`START_BOUND` seconds (a server that starts serving, or is
    held, runs past it and the test fails)."""
    command = [sys.executable, "-m", "scala40", "web", "--port", "0", *options]
    try:
        return subprocess.run(
            command, capture_output=True, text=True, check=False, timeout=START_BOUND
        )
    except subprocess.TimeoutExpired as expired:
        raise AssertionError(
            f"scala40 web {' '.join(options)} neither refused its files nor stopped: "
            f"it said {expired.stdout!r} {expired.stderr!r}"
        ) from None


def _one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: "), line
    return line


def test_the_tables_file_and_the_files_beside_it_are_made_for_their_owner_alone(
    tmp_path: Path, open_umask: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made with mode 0600 from its first moment (never made open and narrowed after: no
    chmod is called), with no bits of the umask masking what a creator left open; its
    write-ahead log and shared memory, made by SQLite while a request works, follow it."""
    for name in ("chmod", "fchmod", "lchmod"):
        monkeypatch.delattr(os, name, raising=False)
    path = tmp_path / "tables.sqlite"
    store = TableStore(str(path))
    assert _mode(path) == 0o600
    with store.connect() as db:
        key = store.signing_key()
        db.execute("SELECT COUNT(*) FROM tables").fetchone()
        beside = sorted(tmp_path.glob("tables.sqlite-*"))
        assert beside, "no write-ahead log while a connection is open"
        assert {item.name: _mode(item) for item in beside} == {item.name: 0o600 for item in beside}
    assert TableStore(str(path)).signing_key().public == key.public
    assert _mode(path) == 0o600


def _serves(*options: str) -> str:
    """``scala40 web`` started with ``options`` on any free port, stopped once it has said
    where it serves: what it said."""
    command = [sys.executable, "-m", "scala40", "web", "--port", "0", *options]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            return process.stdout.readline()
        finally:
            process.terminate()
            process.wait(timeout=30)


def test_scala40_web_makes_its_tables_file_for_its_owner_alone(
    tmp_path: Path, open_umask: None
) -> None:
    """As a user starts it, with a umask that masks nothing: its file is its own alone."""
    database = tmp_path / "tables.sqlite"
    assert _serves("--db", str(database)).startswith("scala40 web table on http://")
    assert _mode(database) == 0o600


@pytest.mark.parametrize("mode", OPEN_MODES, ids=oct)
def test_a_tables_file_others_may_read_or_write_is_refused(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "tables.sqlite"
    TableStore(str(path)).signing_key()
    path.chmod(mode)
    with pytest.raises(InvalidValueError) as refused:
        TableStore(str(path))
    said = str(refused.value)
    assert said.startswith(f"the tables' file {path} can be "), said
    assert f"(mode {mode:04o})" in said
    assert SIGNING in said
    assert said.endswith(f"chmod 600 {shlex.quote(str(path))}"), said


def test_scala40_web_refuses_a_tables_file_others_can_read_in_one_line(tmp_path: Path) -> None:
    """As ssh refuses a key others can read: exit code 1, one line naming the file and the
    fix, nothing served."""
    database = tmp_path / "tables of the club.sqlite"
    TableStore(str(database)).signing_key()
    database.chmod(0o644)
    line = _one_error_line(_start("--db", str(database)))
    assert line == (
        f"error: the tables' file {database} can be read by other accounts (mode 0644), "
        f"and it holds {SIGNING}: make it its owner's alone with chmod 600 "
        f"{shlex.quote(str(database))}"
    )
    database.chmod(0o600)  # the fix it names: the server then starts
    assert _serves("--db", str(database)).startswith("scala40 web table on http://")


@pytest.mark.parametrize("ending", ["-wal", "-shm", "-journal"])
def test_a_file_beside_the_tables_file_that_others_may_read_is_refused(
    tmp_path: Path, ending: str
) -> None:
    """A write-ahead log left by a server that stopped when its file was open to all
    holds what the file held: refused too, by its own name."""
    path = tmp_path / "tables.sqlite"
    TableStore(str(path)).signing_key()
    beside = Path(f"{path}{ending}")
    beside.write_bytes(b"")
    beside.chmod(0o644)
    with pytest.raises(InvalidValueError, match="chmod 600") as refused:
        TableStore(str(path))
    assert str(refused.value).startswith(f"the file beside the tables' file {beside} can be ")


def test_a_tables_file_of_another_account_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another account reads its own files whatever their mode: a tables' file it owns is
    refused (this process taken for another account, the file's owner unchanged)."""
    path = tmp_path / "tables.sqlite"
    TableStore(str(path)).signing_key()
    owner = path.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    with pytest.raises(InvalidValueError) as refused:
        TableStore(str(path))
    assert str(refused.value).startswith(
        f"the tables' file {path} belongs to another account (user id {owner}), which can "
        f"read {SIGNING}"
    )


def test_a_tables_file_that_is_no_regular_file_is_refused_unopened(tmp_path: Path) -> None:
    """A device, a folder, a link to nothing (which SQLite would make open to all):
    refused from its status. A named pipe, which an open might wait on for ever, is given
    to a server in a process of its own (the next test)."""
    dangling = tmp_path / "link.sqlite"
    dangling.symlink_to(tmp_path / "nowhere.sqlite")
    for path, said in (
        (Path(os.devnull), "is a device, not a regular file"),
        (tmp_path, "is a folder, not a regular file"),
        (dangling, ": a link to a file that does not exist"),
    ):
        with pytest.raises(InvalidValueError) as refused:
            TableStore(str(path))
        assert said in str(refused.value), str(refused.value)
    assert not (tmp_path / "nowhere.sqlite").exists()


def test_scala40_web_with_a_named_pipe_as_its_tables_file_refuses_it(tmp_path: Path) -> None:
    pipe = tmp_path / "tables.sqlite"
    os.mkfifo(pipe)
    line = _one_error_line(_start("--db", str(pipe)))
    assert line == f"error: the tables' file {pipe} is a named pipe, not a regular file"


@pytest.mark.parametrize("mode", OPEN_MODES, ids=oct)
def test_a_tls_key_others_may_read_or_write_is_refused(authority: Authority, mode: int) -> None:
    authority.key_file.chmod(mode)
    with pytest.raises(InvalidValueError) as refused:
        server_context(str(authority.cert_file), str(authority.key_file))
    said = str(refused.value)
    assert said.startswith(f"the key file {authority.key_file} can be "), said
    assert f"(mode {mode:04o}), and it holds the server's private key" in said
    assert said.endswith(f"chmod 600 {shlex.quote(str(authority.key_file))}"), said


def test_scala40_web_refuses_a_world_readable_tls_key_in_one_line(
    tmp_path: Path, authority: Authority
) -> None:
    """The key refused before the tables' file is made; the certificate, public, may be
    read by anyone."""
    authority.key_file.chmod(0o644)
    authority.cert_file.chmod(0o644)
    database = tmp_path / "tables.sqlite"
    options = ["--certfile", str(authority.cert_file), "--keyfile", str(authority.key_file)]
    line = _one_error_line(_start(*options, "--db", str(database)))
    assert line == (
        f"error: the key file {authority.key_file} can be read by other accounts (mode "
        "0644), and it holds the server's private key: make it its owner's alone with "
        f"chmod 600 {authority.key_file}"
    )
    assert not database.exists()


def test_a_tls_key_of_another_account_is_refused(
    authority: Authority, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = authority.key_file.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    with pytest.raises(InvalidValueError, match="belongs to another account") as refused:
        server_context(str(authority.cert_file), str(authority.key_file))
    assert str(refused.value).startswith(f"the key file {authority.key_file} ")


@pytest.mark.parametrize("option", ["--keyfile", "--certfile"])
def test_scala40_web_with_a_named_pipe_as_its_key_or_certificate_refuses_it(
    tmp_path: Path, authority: Authority, option: str
) -> None:
    """A named pipe that nobody writes to: opened, it would hold the start for ever."""
    pipe = tmp_path / "pipe.pem"
    os.mkfifo(pipe, 0o600)
    files = {"--certfile": str(authority.cert_file), "--keyfile": str(authority.key_file)}
    files[option] = str(pipe)
    what = "key file" if option == "--keyfile" else "certificate file"
    database = tmp_path / "tables.sqlite"
    line = _one_error_line(
        _start(*(part for pair in files.items() for part in pair), "--db", str(database))
    )
    assert line == f"error: the {what} {pipe} is a named pipe, not a regular file"
    assert not database.exists()


def test_a_tls_file_that_is_no_regular_file_is_refused(authority: Authority) -> None:
    for cert, key, said in (
        (os.devnull, str(authority.key_file), f"the certificate file {os.devnull} is a device"),
        (str(authority.cert_file), os.devnull, f"the key file {os.devnull} is a device"),
    ):
        with pytest.raises(InvalidValueError) as refused:
            server_context(cert, key)
        assert str(refused.value).startswith(said), str(refused.value)


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="a system without /dev/fd")
def test_a_named_pipe_put_in_the_keys_place_once_checked_is_never_read(
    authority: Authority, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenSSL reads the files that were checked, through their open descriptors: a named
    pipe put in the key's place between the check and OpenSSL's read is never opened.
    Judged by outcome: a watcher that sees the pipe opened by a reader writes it a line
    that is no key, so that a read of it fails rather than waits."""
    checked: Callable[[str, str, str | None], int] = vars(web_tls)["open_checked"]
    moved = authority.key_file.with_name("moved.pem")
    opened_by_reader = threading.Event()
    done = threading.Event()

    def watch(pipe: Path) -> None:
        while not done.is_set():
            try:
                writer = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader yet
                done.wait(0.01)
                continue
            opened_by_reader.set()
            os.write(writer, b"no key\n")
            os.close(writer)
            return

    watcher: list[threading.Thread] = []

    def swapped(path: str, what: str, secret: str | None) -> int:
        descriptor = checked(path, what, secret)
        if path == str(authority.key_file):
            authority.key_file.rename(moved)
            os.mkfifo(authority.key_file, 0o600)
            watcher.append(threading.Thread(target=watch, args=(authority.key_file,)))
            watcher[0].start()
        return descriptor

    monkeypatch.setattr(web_tls, "open_checked", swapped)
    try:
        context = server_context(str(authority.cert_file), str(authority.key_file))
    finally:
        done.set()
        for thread in watcher:
            thread.join()
    assert watcher, "the key was not read through open_checked"
    assert not opened_by_reader.is_set(), "the pipe in the key's place was opened"
    assert check_server_context(context) is context  # it presents the key checked
