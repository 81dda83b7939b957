"""The files that hold the web table's secrets, kept for their owner alone: the tables'
file, which holds the key the server signs its acknowledgements with
(:meth:`~scala40_server.web.store.TableStore.signing_key`), and the TLS key
(``--keyfile``, :func:`~scala40_server.web.tls.server_context`).

Another account on the server's machine that reads the signing key signs acknowledgements
the honest server never made, and frames it; one that reads the TLS key poses as the
server. So, as ``ssh`` refuses a private key others can read:

* the tables' file is made readable and writable by its owner alone from its first
  moment (created with mode ``0600``, never made open and narrowed after); SQLite gives
  the files it keeps beside it (its write-ahead log ``-wal``, its shared memory ``-shm``,
  its journal ``-journal``) the mode and the owner of the file, so they follow it;
* a file that exists (the tables' file, one beside it, the TLS key) is refused in one
  line that names it and the fix when the mode lets other accounts (its group, or
  everyone) read or write it (``chmod 600 FILE``), or when it belongs to another
  account;
* a file that is not a regular file (a named pipe, a device, a folder) is refused from
  its status, before it is opened, so that a named pipe never holds the start; a file
  read here is opened without waiting (``O_NONBLOCK``) and looked at again once open,
  so that one put in its place in between is refused too.

What this does not defend against: an account that may write in the file's folder, which
can put a file of its own there, key and all (the folder is the operator's to keep), and
the operator itself, who reads every file of its server.

**Windows** (``os.name == "nt"``) has no POSIX modes: who reads a file there is what its
access list (usually inherited from its folder) says, which the server neither sets nor
reads, so the checks of the mode and the owner are skipped there; a file that is not a
regular file is refused everywhere.

>>> import os, tempfile, pathlib
>>> from scala40_server.web.secret_files import make_private
>>> folder = tempfile.TemporaryDirectory()
>>> path = str(pathlib.Path(folder.name, "tables.sqlite"))
>>> make_private(path, "tables' file", "the key the server signs with")
>>> os.name == "nt" or oct(os.stat(path).st_mode & 0o777) == "0o600"
True
>>> make_private(folder.name, "tables' file", "the key the server signs with")
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: the tables' file ... is a folder, not a regular file
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import shlex
import stat

from scala40.errors import InvalidValueError

__all__ = ["SIDE_FILES", "check_status", "make_private", "open_checked", "reopenable"]

SIDE_FILES = ("-wal", "-shm", "-journal")
"""The endings of the files SQLite keeps beside a database, which may hold what it holds."""

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def check_status(path: str, what: str, status: os.stat_result, secret: str | None) -> None:
    """Refuse the file ``path`` of status ``status`` unless it is a regular file, and,
    where it holds ``secret`` (its words: ``"the server's private key"``; ``None`` for a
    file that holds none), unless it is this account's and its own alone (see the
    module). ``what`` names the file in the error.

    :raises InvalidValueError: naming the file, what is wrong, and the fix.
    """
    mode = status.st_mode
    if not stat.S_ISREG(mode):
        kind = next((kind for test, kind in _KINDS if test(mode)), "no file")
        raise InvalidValueError(f"the {what} {path} is {kind}, not a regular file")
    if secret is None or os.name == "nt":
        return
    owner = os.geteuid()
    if status.st_uid != owner:
        raise InvalidValueError(
            f"the {what} {path} belongs to another account (user id {status.st_uid}), "
            f"which can read {secret}: give a file of this account's (user id {owner})"
        )
    if mode & 0o077:
        may = "read" if mode & 0o044 else "write"
        raise InvalidValueError(
            f"the {what} {path} can be {may} by other accounts (mode "
            f"{stat.S_IMODE(mode):04o}), and it holds {secret}: make it its owner's alone "
            f"with chmod 600 {shlex.quote(path)}"
        )


def make_private(path: str, what: str, secret: str) -> None:
    """Make the file ``path``, empty, for its owner alone (mode ``0600`` from the start),
    unless it exists; then refuse it (:func:`check_status`) or any file SQLite keeps
    beside it (:data:`SIDE_FILES`) unless each is a regular file, this account's alone.

    :raises InvalidValueError: the file cannot be made, is a link to nothing, or is
        refused (naming it and the fix).
    """
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)
    except FileExistsError:
        pass  # an existing file (or a link, a pipe, a folder): looked at below, unopened
    except OSError as error:
        raise InvalidValueError(f"cannot open the {what} {path}: {error.strerror}") from None
    else:
        os.close(descriptor)
    for name in (path, *(path + ending for ending in SIDE_FILES)):
        try:
            status = os.stat(name)
        except FileNotFoundError:
            if name == path:  # a link to nothing, which SQLite would make open to all
                raise InvalidValueError(
                    f"cannot open the {what} {path}: a link to a file that does not exist"
                ) from None
            continue
        except OSError as error:
            raise InvalidValueError(f"cannot open the {what} {name}: {error.strerror}") from None
        check_status(name, what if name == path else f"file beside the {what}", status, secret)


def open_checked(path: str, what: str, secret: str | None) -> int:
    """A descriptor of the regular file ``path``, open for reading: its status is looked
    at before it is opened (a named pipe, a device, a folder is refused unopened), it is
    opened without waiting, and its status is looked at again once open, with the owner
    and the mode where it holds ``secret`` (:func:`check_status`). The caller closes it.

    :raises InvalidValueError: the file is missing, unreadable or refused.
    """
    try:
        check_status(path, what, os.stat(path), None)
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY | _CLOEXEC)
    except OSError as error:
        raise InvalidValueError(f"cannot read the {what} {path}: {error.strerror}") from None
    try:
        check_status(path, what, os.fstat(descriptor), secret)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def reopenable(descriptor: int, path: str) -> str:
    """A name that opens the very file ``descriptor`` is open on (``/dev/fd/N``, at its
    start), for a reader that takes only names (OpenSSL): it then reads the file that was
    checked, never one put in its place since; ``path`` where the system has no such name."""
    name = f"/dev/fd/{descriptor}"
    try:
        same = os.path.samestat(os.stat(name), os.fstat(descriptor))
    except OSError:
        same = False
    if not same:
        return path
    # Where /dev/fd/N is the descriptor itself (a copy sharing its offset), at its start.
    os.lseek(descriptor, 0, os.SEEK_SET)
    return name
