"""Files only where the user said (:mod:`scala40.directory`): every command that writes
into a directory (``scala40 schemas``, ``scala40 cards --svg``, ``scala40 corpus``; the
server's ``serve --write-schemas`` in server/tests) refuses a symbolic link planted in
it, or that it is, and a directory swapped for a link while it writes (the writer's step
hooked, not raced) still gets every file, the directory it was swapped for none.

The corpus's own cases are in tests/tools/test_conformance_hostile.py.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest

import scala40.directory
from scala40.directory import DirectoryWriter
from scala40.errors import FileWriteError, InvalidArgumentError
from tests.cli_run import error_line, run

pytestmark = pytest.mark.skipif(
    not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links"
)

SCHEMA = "scala40.state.json"
"""One of the files ``scala40 schemas`` writes."""


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file of the user's, elsewhere, that a link planted in the directory points to."""
    path = tmp_path / "victim.txt"
    path.write_text("precious\n")
    return path


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A directory of the user's, elsewhere, holding one file."""
    path = tmp_path / "elsewhere"
    path.mkdir()
    (path / SCHEMA).write_text("another folder's file\n")
    return path


def _untouched(victim: Path, elsewhere: Path) -> None:
    assert victim.read_text() == "precious\n"
    assert sorted(path.name for path in elsewhere.iterdir()) == [SCHEMA]
    assert (elsewhere / SCHEMA).read_text() == "another folder's file\n"


# ---------------------------------------------------------------- links planted before


def test_schemas_never_write_through_a_link_planted_in_the_directory(
    tmp_path: Path,
    victim: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    directory = tmp_path / "schemas"
    directory.mkdir()
    (directory / SCHEMA).symlink_to(victim)
    code, out, err = run(capsys, monkeypatch, ["schemas", str(directory)])
    assert (code, out) == (1, "")
    assert f"'{SCHEMA}' in" in error_line(err)
    assert "is a symbolic link" in err
    assert victim.read_text() == "precious\n"
    assert [path.name for path in directory.iterdir()] == [SCHEMA]  # nothing written


def test_schemas_never_write_into_a_directory_that_is_a_link(
    tmp_path: Path,
    victim: Path,
    elsewhere: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    linked = tmp_path / "schemas"
    linked.symlink_to(elsewhere, target_is_directory=True)
    code, out, err = run(capsys, monkeypatch, ["schemas", str(linked)])
    assert (code, out) == (1, "")
    assert "is a symbolic link" in error_line(err)
    _untouched(victim, elsewhere)


@pytest.mark.parametrize("planted", ["pack-folder", "card-file"])
def test_cards_never_write_through_a_link_planted_in_the_directory(
    tmp_path: Path,
    victim: Path,
    elsewhere: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    planted: str,
) -> None:
    directory = tmp_path / "cards"
    directory.mkdir()
    if planted == "pack-folder":
        (directory / "french").symlink_to(elsewhere, target_is_directory=True)
    else:
        (directory / "spanish").mkdir()
        (directory / "spanish" / "back.svg").symlink_to(victim)
    code, out, err = run(capsys, monkeypatch, ["cards", "--svg", str(directory)])
    assert (code, out) == (1, "")
    assert "is a symbolic link" in error_line(err)
    _untouched(victim, elsewhere)


# ---------------------------------------------------------------- a directory swapped


@pytest.fixture
def swapped_at_the_first_file(
    tmp_path: Path, elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, Path]:
    """A directory that is renamed, and a link to ``elsewhere`` put in its place, as the
    first file is made in it (``os.open`` asked to create): the directory and where it
    went."""
    directory = tmp_path / "out"
    directory.mkdir()
    moved = tmp_path / "checked"
    real_open = os.open

    real_io_open = io.open

    def swap() -> None:
        if not directory.is_symlink():
            directory.rename(moved)
            directory.symlink_to(elsewhere, target_is_directory=True)

    def in_it(path: Any, kwargs: dict[str, Any]) -> bool:
        # A file made in the directory: by a name relative to an open directory, or by a
        # path in it (not a module's bytecode written as the command is imported).
        return kwargs.get("dir_fd") is not None or str(path).startswith(str(directory))

    def open_after_the_swap(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and in_it(path, kwargs):
            swap()
        return real_open(path, flags, *args, **kwargs)

    def io_open_after_the_swap(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        # A writer that opens files by path with Python's open() is hooked at the same step.
        if "w" in mode and not isinstance(file, int) and in_it(file, {}):
            swap()
        return real_io_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_the_swap)
    monkeypatch.setattr(io, "open", io_open_after_the_swap)
    return directory, moved


@pytest.mark.parametrize("command", ["schemas", "cards"])
def test_a_directory_swapped_for_a_link_while_a_command_writes_is_not_followed(
    swapped_at_the_first_file: tuple[Path, Path],
    victim: Path,
    elsewhere: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    directory, moved = swapped_at_the_first_file
    argv = (
        ["schemas", str(directory)] if command == "schemas" else ["cards", "--svg", str(directory)]
    )
    code, _, err = run(capsys, monkeypatch, argv)
    assert (code, err) == (0, "")
    assert directory.is_symlink()
    _untouched(victim, elsewhere)
    written = sorted(path.name for path in moved.iterdir())
    assert (SCHEMA in written) if command == "schemas" else written == ["french", "spanish"]


def test_a_folder_the_writer_made_then_swapped_for_a_link_is_refused(
    tmp_path: Path, victim: Path, elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part of the path the writer made itself is opened never through a link: one
    put in its place between its making and its opening is refused."""
    real_mkdir = os.mkdir

    def mkdir_then_swap(path: Any, *args: Any, **kwargs: Any) -> None:
        real_mkdir(path, *args, **kwargs)
        if path == "made":
            os.rmdir(path, dir_fd=kwargs["dir_fd"])
            os.symlink(elsewhere, path, dir_fd=kwargs["dir_fd"])

    monkeypatch.setattr(os, "mkdir", mkdir_then_swap)
    with pytest.raises(FileWriteError, match="is a symbolic link"):
        DirectoryWriter.open(tmp_path / "made" / "deeper")
    _untouched(victim, elsewhere)


# ---------------------------------------------------------------- the writer itself


def test_the_writer_makes_parents_replaces_its_names_and_keeps_the_rest(tmp_path: Path) -> None:
    with DirectoryWriter.open(tmp_path / "a" / "b") as folder:
        first = folder.write("x.json", "1\n")
        (tmp_path / "a" / "b" / "mine.txt").write_text("kept\n")
        assert folder.write_all({"x.json": "2\n", "y.json": b"3\n"}) == [
            first,
            tmp_path / "a" / "b" / "y.json",
        ]
        assert folder.names() == ("mine.txt", "x.json", "y.json")
        with pytest.raises(FileWriteError, match="exists"):
            folder.write("x.json", "4\n", replace=False)
    assert first.read_text() == "2\n"
    assert (tmp_path / "a" / "b" / "mine.txt").read_text() == "kept\n"


@pytest.mark.parametrize("name", ["../x", "a/b", "..", ".", "", "nul\0"])
def test_a_name_that_is_a_path_is_refused(tmp_path: Path, name: str) -> None:
    with DirectoryWriter.open(tmp_path) as folder, pytest.raises(InvalidArgumentError):
        folder.write(name, "x")
    assert list(tmp_path.iterdir()) == []


def test_a_file_where_the_directory_goes_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileWriteError, match="is not a directory"):
        DirectoryWriter.open(tmp_path / "file")
    with pytest.raises(FileWriteError, match="does not exist"):
        DirectoryWriter.open(tmp_path / "absent", make=False)
    with DirectoryWriter.open(tmp_path) as folder:
        (tmp_path / "sub").mkdir()
        with pytest.raises(FileWriteError, match="not a file"):
            folder.write("sub", "x")


def test_by_path_where_the_system_has_no_relative_calls(
    tmp_path: Path, victim: Path, elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where files are not opened relative to a directory (Windows), the writer works by
    path: it still refuses a link as the directory or at a file's name, and writes."""
    monkeypatch.setattr(scala40.directory, "RELATIVE_TO_THE_DIRECTORY", False)
    with DirectoryWriter.open(tmp_path / "out") as folder:
        folder.write_all({"a.txt": "a\n"})
        folder.write("a.txt", "b\n")
        (tmp_path / "out" / "link.txt").symlink_to(victim)
        with pytest.raises(FileWriteError, match="is a symbolic link"):
            folder.write("link.txt", "x")
        assert folder.subdirectory("inner").write("c.txt", "c").read_text() == "c"
    assert (tmp_path / "out" / "a.txt").read_text() == "b\n"
    (tmp_path / "linked").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(FileWriteError, match="is a symbolic link"):
        DirectoryWriter.open(tmp_path / "linked")
    _untouched(victim, elsewhere)
