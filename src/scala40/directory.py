"""Files written into a directory the user named, and nowhere else: the one writer of
every command that writes into a directory (``scala40 corpus``, ``scala40 schemas``,
``scala40 cards --svg``, ``scala40 serve --write-schemas``).

A :class:`DirectoryWriter` opens the directory once (made, with its parents, if it does
not exist) and does everything after that relative to the open directory, never by its
path again: a directory renamed, or swapped for a symbolic link while a command runs,
cannot send a file elsewhere. It refuses a link where it was told to write: the
directory named (its last part), a subdirectory, a file's name. A new file is created
only where no name is (``O_EXCL``, never through a link); a file replaced is written
under a name of its own beside it, then renamed over it, which replaces the name itself,
never the file a link planted there since points to.

Where the system opens no file relative to an open directory (Windows: Python's
``os.supports_dir_fd`` is empty there), the writer works by path, checking each name
just before it writes (a link refused, a new file created only where no name is, a
replacement renamed over its name): there, a directory swapped for a link or a junction
between that check and the write is not noticed.

>>> import tempfile
>>> from pathlib import Path
>>> from scala40.directory import DirectoryWriter
>>> with tempfile.TemporaryDirectory() as place:
...     with DirectoryWriter.open(Path(place) / "out") as folder:
...         written = folder.write("notes.txt", "kept")
...         again = folder.write("notes.txt", "replaced")
...         with folder.subdirectory("pictures") as pictures:
...             inner = pictures.write("a.svg", "<svg/>")
...         names = folder.names()
...     print(written.name, again.read_text(), names, inner.parent.name)
notes.txt replaced ('notes.txt', 'pictures') pictures
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType

from scala40.checks import describe
from scala40.errors import FileWriteError, InvalidArgumentError

__all__ = ["RELATIVE_TO_THE_DIRECTORY", "DirectoryWriter"]

RELATIVE_TO_THE_DIRECTORY: bool = (
    {os.open, os.stat, os.mkdir, os.rename, os.unlink} <= os.supports_dir_fd
    and os.listdir in os.supports_fd
    and hasattr(os, "O_DIRECTORY")
    and hasattr(os, "O_NOFOLLOW")
)
"""Whether this system opens files relative to an open directory (POSIX); where it does
not (Windows), the writer works by path (see the module's text)."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_OPEN_DIRECTORY = os.O_RDONLY | _DIRECTORY | getattr(os, "O_CLOEXEC", 0)
_NEW_FILE = (
    os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)  # fmt: skip
"""A file created anew: never one that exists, never through a link (``O_EXCL`` refuses
any name that exists, a link included)."""


def _shown(path: Path | str) -> str:
    return repr(str(path))


def _plain_name(name: object) -> str:
    """``name`` checked to be one entry's name in a directory, never a path."""
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a file's name must be text, got {describe(name)}")
    if (
        not name
        or name in (".", "..")
        or "/" in name
        or "\0" in name
        or (os.sep != "/" and os.sep in name)
        or (os.altsep is not None and os.altsep in name)
    ):
        raise InvalidArgumentError(f"expected a name in the directory, not a path: {name!r}")
    return name


class DirectoryWriter:
    """A directory opened once, each file written relative to it (see the module's text).
    Use it as a context manager, or call :meth:`close`."""

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path: Path = path
        """The directory as the caller named it (the files' paths returned start there)."""
        self._handle = handle

    @classmethod
    def open(cls, path: str | Path, *, make: bool = True) -> DirectoryWriter:
        """Open the directory ``path`` for writing, made, with its parents, where they do
        not exist (unless ``make`` is false).

        :raises InvalidArgumentError: ``path`` is no path.
        :raises FileWriteError: ``path`` is a symbolic link, is not a directory, does not
            exist (without ``make``), or cannot be opened or made.
        """
        given: object = path  # callers may ignore the type hints
        if not isinstance(given, (str, Path)) or not str(given):
            raise InvalidArgumentError(f"a directory must be a path, got {describe(given)}")
        folder = Path(given)
        try:
            if not RELATIVE_TO_THE_DIRECTORY:
                _check_by_path(folder, make)
                return cls(folder, None)
            return cls(folder, _open_relative(folder, make))
        except FileWriteError:
            raise
        except OSError as error:
            raise _write_error(f"cannot open the directory {_shown(folder)}", error) from None

    def __enter__(self) -> DirectoryWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the directory (the files written stay)."""
        handle, self._handle = self._handle, None
        if handle is not None:
            os.close(handle)

    def names(self) -> tuple[str, ...]:
        """The names in the directory now, sorted.

        :raises FileWriteError: the directory cannot be listed.
        """
        try:
            found = os.listdir(self._where())
        except OSError as error:
            raise _write_error(f"cannot list {_shown(self.path)}", error) from None
        return tuple(sorted(str(name) for name in found))

    def write(self, name: str, data: str | bytes, *, replace: bool = True) -> Path:
        """Write ``data`` (text is written as UTF-8) as the file ``name`` of the directory;
        return its path. A file of that name is replaced (unless ``replace`` is false),
        never written through: it is written aside, then renamed over the name.

        :raises InvalidArgumentError: ``name`` is not a plain name (a path, ``..``), or
            ``data`` neither text nor bytes.
        :raises FileWriteError: ``name`` is a symbolic link or anything but a file, is a
            file and ``replace`` is false, or the file cannot be written.
        """
        return self.write_all({name: data}, replace=replace)[0]

    def write_all(self, files: Mapping[str, str | bytes], *, replace: bool = True) -> list[Path]:
        """Write each of ``files`` (by name) as :meth:`write` does, each name checked
        before any is written: a link or anything but a file at one of them is refused
        with nothing written. Returns their paths.

        :raises InvalidArgumentError: a name is not a plain name, or a file's data
            neither text nor bytes.
        :raises FileWriteError: as :meth:`write`.
        """
        contents = {_plain_name(name): _bytes(data) for name, data in files.items()}
        for name in contents:
            self._check(name, replace)
        written = []
        for name, data in contents.items():
            where = f"{name!r} in {_shown(self.path)}"
            try:
                # Checked again just before: what was checked above may have changed.
                self._check(name, replace)
                if replace:
                    self._replace(name, data)
                else:
                    self._create(name, data)
            except FileWriteError:
                raise
            except OSError as error:
                raise _write_error(f"cannot write {where}", error) from None
            written.append(self.path / name)
        return written

    def _check(self, name: str, replace: bool) -> None:
        """Refuse to write ``name`` where it is a link, is not a file, or (unless
        ``replace``) exists."""
        where = f"{name!r} in {_shown(self.path)}"
        try:
            present = self._entry(name)
        except OSError as error:
            raise _write_error(f"cannot write {where}", error) from None
        if present is None:
            return
        if stat.S_ISLNK(present.st_mode):
            raise FileWriteError(
                f"{where} is a symbolic link: a file is never written through a link"
            )
        if not stat.S_ISREG(present.st_mode):
            raise FileWriteError(f"{where} is not a file: it is left as it is")
        if not replace:
            raise FileWriteError(f"{where} exists: it is left as it is")

    def subdirectory(self, name: str) -> DirectoryWriter:
        """The directory ``name`` in this one, made if it does not exist, opened for
        writing (close it, or use it as a context manager: its files are written relative
        to it too).

        :raises InvalidArgumentError: ``name`` is not a plain name.
        :raises FileWriteError: ``name`` is a symbolic link or not a directory, or cannot
            be made.
        """
        name = _plain_name(name)
        where = f"{name!r} in {_shown(self.path)}"
        try:
            present = self._entry(name)
            if present is not None and stat.S_ISLNK(present.st_mode):
                raise FileWriteError(
                    f"{where} is a symbolic link: a directory is never written through a link"
                )
            if present is None:
                os.mkdir(self._at(name), 0o777, **self._relative())
            if self._handle is None:
                _check_by_path(self.path / name, False)
                return DirectoryWriter(self.path / name, None)
            return DirectoryWriter(
                self.path / name, _open_one(name, self._handle, where, follow=False)
            )
        except FileWriteError:
            raise
        except OSError as error:
            raise _write_error(f"cannot make {where}", error) from None

    def _where(self) -> int | str:
        return str(self.path) if self._handle is None else self._handle

    def _at(self, name: str) -> str:
        """``name`` as the system calls take it: relative to the open directory, or (by
        path) its path."""
        return name if self._handle is not None else str(self.path / name)

    def _relative(self) -> dict[str, int]:
        return {} if self._handle is None else {"dir_fd": self._handle}

    def _entry(self, name: str) -> os.stat_result | None:
        """The entry ``name`` itself (a link's own status, not its target's), or None."""
        try:
            return os.stat(self._at(name), follow_symlinks=False, **self._relative())
        except FileNotFoundError:
            return None

    def _create(self, name: str, data: bytes) -> None:
        _write_all(os.open(self._at(name), _NEW_FILE, 0o666, **self._relative()), data)

    def _replace(self, name: str, data: bytes) -> None:
        # Written aside under a name of its own, then renamed over the old name: a rename
        # replaces the name itself (a link planted there since included), never the file
        # a link points to.
        aside = f".{name}.{secrets.token_hex(8)}.tmp"
        self._create(aside, data)
        try:
            if self._handle is None:
                os.replace(self._at(aside), self._at(name))
            else:
                os.rename(aside, name, src_dir_fd=self._handle, dst_dir_fd=self._handle)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(self._at(aside), **self._relative())
            raise


def _bytes(data: object) -> bytes:
    if isinstance(data, str):
        return data.encode("utf-8")
    if not isinstance(data, bytes):
        raise InvalidArgumentError(f"data must be text or bytes, got {describe(data)}")
    return data


def _write_all(handle: int, data: bytes) -> None:
    with os.fdopen(handle, "wb") as file:
        file.write(data)


def _write_error(what: str, error: OSError) -> FileWriteError:
    reason = error.strerror or errno.errorcode.get(error.errno or 0, "") or str(error)
    return FileWriteError(f"{what}: {reason}")


def _open_one(name: str, parent: int, where: str, *, follow: bool) -> int:
    """The directory ``name`` of the open directory ``parent``, opened; never through a
    link unless ``follow``."""
    try:
        return os.open(name, _OPEN_DIRECTORY | (0 if follow else _NOFOLLOW), dir_fd=parent)
    except OSError as error:
        if isinstance(error, FileNotFoundError):
            raise
        try:
            found = os.stat(name, dir_fd=parent, follow_symlinks=False)
        except OSError:
            raise error from None
        if stat.S_ISLNK(found.st_mode) and not follow:
            raise FileWriteError(
                f"{where} is a symbolic link: files are written into a directory, never "
                "through a link"
            ) from None
        if not stat.S_ISDIR(found.st_mode) and not stat.S_ISLNK(found.st_mode):
            raise FileWriteError(f"{where} is not a directory") from None
        raise


def _open_relative(folder: Path, make: bool) -> int:
    """The directory ``folder``, opened part by part, each relative to the one before:
    its last part never through a link, nor any part this call made (a link put there
    since is refused); the parts that were there are the path the caller named."""
    parts = folder.parts
    start = parts[0] if folder.is_absolute() else "."
    rest = parts[1:] if folder.is_absolute() else parts
    handle = os.open(start, _OPEN_DIRECTORY)
    for index, part in enumerate(rest):
        last = index == len(rest) - 1
        where = _shown(Path(*parts[: len(parts) - len(rest) + index + 1]))
        try:
            try:
                found = _open_one(part, handle, where, follow=not last)
            except FileNotFoundError:
                if not make:
                    raise FileWriteError(f"the directory {where} does not exist") from None
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o777, dir_fd=handle)
                found = _open_one(part, handle, where, follow=False)
        finally:
            os.close(handle)
        handle = found
    return handle


def _check_by_path(folder: Path, make: bool) -> None:
    """Where no file is opened relative to a directory: the directory checked by path
    (never a link, always a directory), made where it does not exist."""
    if folder.is_symlink() or getattr(folder, "is_junction", lambda: False)():
        raise FileWriteError(
            f"{_shown(folder)} is a symbolic link: files are written into a directory, never "
            "through a link"
        )
    if not folder.exists():
        if not make:
            raise FileWriteError(f"the directory {_shown(folder)} does not exist")
        folder.mkdir(parents=True, exist_ok=True)
    if not folder.is_dir() or folder.is_symlink():
        raise FileWriteError(f"{_shown(folder)} is not a directory")
