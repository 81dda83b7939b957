"""The conformance runner and the corpus command against what others send them: an engine
that reads nothing, answers too deep, skips every request or calls every move illegal,
starts processes of its own, or writes terminal escapes; a corpus directory edited after
it was written or nested too deep; a directory to write into that holds the user's own
files or links. Each is stopped in one line, reported, or refused, and nothing is left
running or written through a link."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from scala40.conformance import (
    MANIFEST,
    SECTIONS,
    EngineError,
    read_corpus,
    read_corpus_directory,
    run_engine,
    shipped_manifest,
    write_corpus,
)
from scala40.conformance.runner import (
    MAX_ANSWER_BYTES,
    MAX_ANSWER_DEPTH,
    Report,
    legal_moves_asked,
)
from scala40.errors import InvalidValueError
from tests.cli_run import error_line, run

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
"""The project's copy of this version's corpus (``scala40 corpus tests/corpus``)."""
SHIPPED = read_corpus_directory(CORPUS)
LINES = list(read_corpus(SHIPPED))
MOVES_LINE = next(line for line in LINES if line["section"] == "moves")
HANG_GUARD = 300
"""Seconds after which a command that should have ended is taken to hang (a failure,
never a measure: the tests judge what the command did)."""
TERMINAL_CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e")
"""An escape, a bell, the C1 control sequence introducer, a right-to-left override."""


def _engine(plant: str) -> str:
    return f"{sys.executable} -m tests.conformance_engine {plant}"


def _lines(game: str, preset: str, section: str | None = None) -> list[dict[str, Any]]:
    return [
        line
        for line in LINES
        if line["game"] == game
        and line["ruleset"] == preset
        and (section is None or line["section"] == section)
    ]


def _command(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scala40", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )


# ---------------------------------------------------------------- an engine that reads nothing


YES = """yes '{"skip":true}'"""
"""An engine that answers without reading."""


@pytest.mark.skipif(shutil.which("yes") is None, reason="needs yes")
def test_an_engine_that_reads_no_request_is_stopped_at_the_timeout() -> None:
    """``yes '{"skip":true}'`` answers without reading: once the pipe to it is full, the
    request is not read within the timeout, and the run stops in one line naming it."""
    done = _command("conformance", "--engine", YES, "--timeout", "1", "--corpus", str(CORPUS))
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    line = error_line(done.stderr)
    assert "the engine did not read request" in line
    assert "within 1 s" in line


@pytest.mark.skipif(shutil.which("yes") is None, reason="needs yes")
def test_the_library_stops_an_engine_that_reads_nothing() -> None:
    with pytest.raises(EngineError, match=r"did not read request .* within 0.5 s"):
        run_engine(YES, LINES, timeout=0.5)


# ---------------------------------------------------------------- nesting


def test_a_deeply_nested_answer_stops_the_run_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(EngineError, match="nested deeper"):
        run_engine(_engine("deep"), LINES[:2])
    code, _, err = run(
        capsys, monkeypatch, ["conformance", "--engine", _engine("deep"), "--corpus", str(CORPUS)]
    )
    assert code == 1
    assert "nested deeper" in error_line(err)


def _corpus_directory(directory: Path, files: dict[str, str]) -> Path:
    """A corpus directory holding ``files`` with a manifest that lists each rightly."""
    manifest = json.loads(SHIPPED[MANIFEST])
    manifest["files"] = {
        name: {
            "lines": text.count("\n"),
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        }
        for name, text in files.items()
    }
    for name, text in {**files, MANIFEST: json.dumps(manifest)}.items():
        (directory / name).write_text(text, encoding="utf-8")
    return directory


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("[" * 100_000, "nested deeper than JSON may be read"),
        ('{"section": "meld", "x": ' + "[" * 50 + "]" * 50 + "}", "nested deeper than 8"),
        ('{"section": "perft", "id": "x"}', "its game is no text"),
        (json.dumps({**MOVES_LINE, "moves": [1, 2]}), "its moves is not a list of texts"),
    ],
    ids=["recursion", "past-the-bound", "fields-missing", "field-of-another-type"],
)
def test_a_corpus_line_nested_too_deep_or_not_of_the_corpus_is_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    said: str,
) -> None:
    directory = _corpus_directory(tmp_path, {"scala40.jsonl": line + "\n"})
    argv = ["conformance", "--engine", _engine("none"), "--corpus", str(directory),
            "--foreign-corpus"]  # fmt: skip
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 1
    assert out == ""
    error = error_line(err)
    assert "scala40.jsonl, line 1" in error
    assert said in error


# ---------------------------------------------------------------- runs that judge nothing


def test_an_engine_that_skips_every_request_fails_unless_skips_are_allowed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["conformance", "--engine", _engine("skip-all"), "--corpus", str(CORPUS), "--game", "chinchon", "--preset",
            "catsatcards"]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    counts = {section: len(_lines("chinchon", "catsatcards", section)) for section in SECTIONS}
    # A refusal line asks about its refused move and its legal neighbours.
    counts["refusal"] += sum(
        len(legal_moves_asked(line)) for line in _lines("chinchon", "catsatcards", "refusal")
    )
    assert code == 1
    assert f"moves: 0 agreed, 0 disagreed, {counts['moves']} skipped" in out
    assert out.splitlines()[-1] == "incomplete, a failure: " + "; ".join(
        f"{section}: nothing judged ({count} requests skipped)"
        for section, count in counts.items()
    )
    code, out, _ = run(capsys, monkeypatch, [*argv, "--allow-skip"])
    assert code == 0
    assert out.splitlines()[-1].startswith("incomplete, accepted (--allow-skip): ")


def test_an_engine_that_calls_every_move_illegal_disagrees(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal section judges, beside each refused move, its legal neighbours in the
    canonical order: an engine that refuses everything is wrong about each of them."""
    lines = _lines("scala40", "official", "refusal")
    report = run_engine(_engine("refuse-all"), lines)
    assert not report.passed
    assert report.agreed["refusal"] == len(lines)
    assert report.legal_judged == len(report.disagreements) >= len(lines)
    for item in report.disagreements:
        assert (item.expected, item.got) == ("legal", "illegal")
        line = next(line for line in lines if line["id"] == item.id)
        assert line["move"] not in item.subject.splitlines()[-1]
    argv = ["conformance", "--engine", _engine("refuse-all"), "--corpus", str(CORPUS), "--game", "scala40", "--preset",
            "official", "--sections", "refusal"]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 1
    assert f"refusal: {len(lines)} agreed, {report.legal_judged} disagreed, 0 skipped" in out


# ---------------------------------------------------------------- the engine's processes


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (no longer there, or a zombie waiting to be
    reaped), waiting for its state to change a bounded number of times."""
    stat = Path(f"/proc/{pid}/stat")
    for _ in range(1000):
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.01)
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes in /proc")
@pytest.mark.parametrize("plant", ["none", "garbage"])
def test_a_process_the_engine_starts_ends_with_the_run(tmp_path: Path, plant: str) -> None:
    """A shell engine that leaves a ``sleep`` behind: the run ends it, whether the run
    went to its end or stopped on the engine's error."""
    pid_file = tmp_path / "child"
    command = (
        f"sh -c 'sleep 1000 & echo $! > {pid_file}; "
        f"exec {sys.executable} -m tests.conformance_engine {plant}'"
    )
    try:
        report = run_engine(
            command, _lines("chinchon", "catsatcards", "meld")[:3], sections=["meld"]
        )
        assert report.passed
    except EngineError:
        assert plant == "garbage"
    pid = int(pid_file.read_text())
    try:
        assert _gone(pid), f"the engine's child {pid} outlived the run"
    finally:
        if not _gone(pid):
            os.kill(pid, 9)


# ---------------------------------------------------------------- the engine's text


def test_an_engines_text_reaches_the_terminal_escaped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["conformance", "--engine", _engine("escapes"), "--corpus", str(CORPUS), "--game", "scala40", "--preset",
            "official", "--sections", "meld"]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 1
    assert not any(control in out for control in TERMINAL_CONTROLS), out[:2000]
    assert "\\x1b[2J" in out
    disagreements = [line for line in out.splitlines() if line.startswith("scala40/")]
    reasons = [line for line in out.splitlines() if line.startswith("  reason:   ")]
    # Each disagreement is its four lines: the line's ID, the cards, the two answers; and
    # the library's reason where the line holds one (a group that is not a meld).
    assert reasons
    assert len(out.splitlines()) == 4 * len(disagreements) + len(reasons) + 1
    code, out, _ = run(capsys, monkeypatch, [*argv, "--json"])
    assert code == 1
    for text in out.splitlines():
        value = json.loads(text)
        shown = json.dumps(value, ensure_ascii=False)
        assert not any(control in shown for control in TERMINAL_CONTROLS), shown


def test_the_engines_last_words_are_shown_escaped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(
        capsys, monkeypatch, ["conformance", "--engine", _engine("exit"), "--corpus", str(CORPUS)]
    )
    assert code == 1
    line = error_line(err)
    assert "the engine exited before answering" in line
    assert "its standard error ends: engine: no rules loaded" in line
    assert "\x1b" not in line


# ---------------------------------------------------------------- the corpus's manifest


def test_a_corpus_file_edited_after_it_was_written_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, text in SHIPPED.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "extra.jsonl").write_text("not read: no manifest lists it\n")
    argv = ["conformance", "--engine", _engine("none"), "--corpus", str(tmp_path), "--game",
            "scala40", "--preset", "official", "--sections", "score"]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    scores = len(_lines("scala40", "official", "score"))
    assert (code, out.splitlines()[-1]) == (0, f"score: {scores} agreed, 0 disagreed, 0 skipped")
    edited = SHIPPED["scala40.jsonl"].replace('"depth":3', '"depth":2', 1)
    assert edited != SHIPPED["scala40.jsonl"]
    (tmp_path / "scala40.jsonl").write_text(edited, encoding="utf-8")
    code, out, err = run(capsys, monkeypatch, argv)
    assert (code, out) == (1, "")
    assert error_line(err) == (
        "error: scala40.jsonl is not the file its manifest lists: its SHA-256 differs "
        "(changed since the corpus was written?)"
    )


def _edited_corpus(directory: Path, library: str | None = None) -> tuple[Path, str]:
    """This version's corpus with one score line's points changed and its manifest redone
    to list the edited file (claiming ``library`` where given): a corpus that checks
    against its own manifest, and is not this version's. Returns it and the edited ID."""
    files = dict(SHIPPED)
    first = next(
        line for line in LINES if line["section"] == "score" and line["game"] == "scala40"
    )
    text = files["scala40.jsonl"]
    old = json.dumps(first, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    assert old in text
    edited = {**first, "points": [points + 1 for points in first["points"]]}
    new = json.dumps(edited, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    files["scala40.jsonl"] = text.replace(old, new)
    manifest = json.loads(files.pop(MANIFEST))
    if library is not None:
        manifest["library"] = library
    manifest["files"]["scala40.jsonl"] = {
        "lines": files["scala40.jsonl"].count("\n"),
        "sha256": hashlib.sha256(files["scala40.jsonl"].encode("utf-8")).hexdigest(),
    }
    files[MANIFEST] = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    for name, content in files.items():
        (directory / name).write_text(content, encoding="utf-8")
    return directory, str(first["id"])


@pytest.mark.parametrize("library", [None, "0.4.0"], ids=["same-version", "older"])
def test_an_edited_corpus_is_refused_and_the_library_never_disagrees_with_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    library: str | None,
) -> None:
    """A corpus line edited and its manifest redone checks against its own manifest, but
    is not this version's corpus: the runner says so, naming the version its manifest
    claims, and judges nothing, so that an engine that answers as the library does is
    never reported disagreeing with it. Asked to (``--foreign-corpus``), it judges, and
    says that each expected answer is that corpus's, not the library's."""
    directory, edited = _edited_corpus(tmp_path, library)
    list(read_corpus(read_corpus_directory(directory)))  # whole by its own manifest
    argv = ["conformance", "--engine", _engine("none"), "--corpus", str(directory), "--game",
            "scala40", "--preset", "official", "--sections", "score"]  # fmt: skip
    code, out, err = run(capsys, monkeypatch, argv)
    assert (code, out) == (1, "")
    claimed = library or json.loads(shipped_manifest())["library"]
    assert error_line(err).startswith(
        f"error: {directory} is not this version's corpus: its manifest claims scala40 {claimed}"
    )
    assert "scala40.jsonl" in err
    assert "--foreign-corpus" in err
    code, out, err = run(capsys, monkeypatch, [*argv, "--foreign-corpus"])
    assert code == 1
    assert f"note: {directory} is not this version's corpus" in err
    assert "that corpus's, not this library's" in err
    assert out.splitlines()[0].startswith(edited)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ({"../escape.jsonl": {"lines": 0, "sha256": "0" * 64}}, "no corpus file's name"),
        ({"scala40.jsonl": {"lines": 1}}, "gives scala40.jsonl no SHA-256"),
        ({}, "lists no files"),
    ],
    ids=["a-path", "no-hash", "no-file"],
)
def test_a_manifest_that_is_not_a_corpus_s_is_refused(
    tmp_path: Path, entry: dict[str, Any], said: str
) -> None:
    manifest = {**json.loads(SHIPPED[MANIFEST]), "files": entry}
    (tmp_path / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(InvalidValueError, match=said):
        list(read_corpus(read_corpus_directory(tmp_path)))


# ---------------------------------------------------------------- writing the corpus

SMALL = {"chinchon.jsonl": "{}\n", MANIFEST: "{}\n"}
"""What the corpus command writes in these tests, instead of the whole corpus (made in
4 s of CPU): the file names are what matter."""


@pytest.fixture
def small_corpus(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    # What write_corpus makes its files with (own_corpus; corpus_files before it checked
    # them against the manifest), so that these tests judge older writers too.
    for name in ("own_corpus", "corpus_files"):
        monkeypatch.setattr(f"scala40.conformance.{name}", lambda: dict(SMALL), raising=False)
    return SMALL


def test_the_corpus_command_leaves_the_users_files_alone(
    tmp_path: Path,
    small_corpus: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mine = tmp_path / "chinchon.jsonl"
    mine.write_text("my own notes\n")
    code, _, err = run(capsys, monkeypatch, ["corpus", str(tmp_path)])
    assert code == 1
    assert "is not empty (1 entries)" in error_line(err)
    assert "--replace" in err
    assert mine.read_text() == "my own notes\n"
    (tmp_path / "other.txt").write_text("kept\n")
    code, out, _ = run(capsys, monkeypatch, ["corpus", str(tmp_path), "--replace"])
    assert code == 0
    assert sorted(Path(line).name for line in out.splitlines()) == sorted(small_corpus)
    assert mine.read_text() == small_corpus["chinchon.jsonl"]
    assert (tmp_path / "other.txt").read_text() == "kept\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "chinchon.jsonl", "manifest.json", "other.txt"
    ]  # fmt: skip


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
@pytest.mark.parametrize("replace", [False, True])
def test_the_corpus_command_never_writes_through_a_link(
    tmp_path: Path,
    small_corpus: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    replace: bool,
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    directory = tmp_path / "corpus"
    directory.mkdir()
    (directory / MANIFEST).symlink_to(victim)
    flag = ["--replace"] if replace else []
    code, _, err = run(capsys, monkeypatch, ["corpus", str(directory), *flag])
    assert code == 1
    assert ("'manifest.json' in" if replace else "is not empty") in error_line(err)
    assert victim.read_text() == "precious\n"
    assert not (directory / "chinchon.jsonl").exists()
    linked = tmp_path / "linked"
    linked.symlink_to(directory)
    code, _, err = run(capsys, monkeypatch, ["corpus", str(linked), *flag])
    assert code == 1
    assert "is a symbolic link" in error_line(err)
    assert victim.read_text() == "precious\n"


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
@pytest.mark.parametrize("replace", [False, True])
def test_a_link_put_in_while_the_corpus_is_written_is_never_followed(
    tmp_path: Path, small_corpus: dict[str, str], monkeypatch: pytest.MonkeyPatch, replace: bool
) -> None:
    """The check of the directory and the writes are not one step: a link that appears
    between them is never written through. A new file is created only where no name is
    (O_EXCL: the write fails in one line); a replaced one is renamed over the name, which
    replaces the link itself."""
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    directory = tmp_path / "corpus"
    directory.mkdir()
    if replace:
        (directory / "chinchon.jsonl").write_text("old\n")
    real_open = os.open

    def open_after_a_link_appears(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        # The link appears once the manifest's name was checked, as its file is made.
        link = directory / MANIFEST
        if flags & os.O_CREAT and MANIFEST in str(path) and not link.is_symlink():
            link.symlink_to(victim)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_a_link_appears)
    if replace:
        write_corpus(directory, replace=True)
        assert not (directory / MANIFEST).is_symlink()
        assert (directory / MANIFEST).read_text() == small_corpus[MANIFEST]
    else:
        with pytest.raises(OSError, match=r"manifest\.json"):
            write_corpus(directory)
    assert victim.read_text() == "precious\n"


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
@pytest.mark.parametrize("replace", [False, True])
def test_a_directory_swapped_for_a_link_while_the_corpus_is_written_is_not_followed(
    tmp_path: Path, small_corpus: dict[str, str], monkeypatch: pytest.MonkeyPatch, replace: bool
) -> None:
    """The directory checked, then swapped for a link to another directory as the first
    file is made (the writer's step hooked, not raced): every file still goes into the
    directory that was checked, and the other directory is untouched (its manifest
    was replaced with ``--replace`` in every run of an outside check of a writer that
    wrote by path)."""
    directory = tmp_path / "corpus"
    directory.mkdir()
    other = tmp_path / "other"
    other.mkdir()
    (other / MANIFEST).write_text("another folder's manifest\n")
    moved = tmp_path / "checked"
    real_open = os.open

    def open_after_the_swap(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and not directory.is_symlink():
            directory.rename(moved)
            directory.symlink_to(other, target_is_directory=True)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_the_swap)
    write_corpus(directory, replace=replace)
    monkeypatch.undo()
    assert directory.is_symlink()
    assert sorted(path.name for path in other.iterdir()) == [MANIFEST]
    assert (other / MANIFEST).read_text() == "another folder's manifest\n"
    assert {path.name: path.read_text() for path in moved.iterdir()} == small_corpus


def test_a_run_that_judged_no_legal_move_has_a_gap() -> None:
    """The refusal section's legal moves are counted apart: a run whose refusal lines had
    no legal move to ask about (positions where nobody moves) judged none, and says so."""
    report = Report({"refusal": 5}, {"refusal": 0}, (), legal_judged=0)
    assert report.gaps == ("refusal: no legal move judged",)
    assert not report.passed
    assert Report({"refusal": 5}, {"refusal": 0}, (), legal_judged=1).passed


def test_the_bounds_the_page_states_are_the_runners() -> None:
    page = (ROOT / "docs" / "conformance.rst").read_text(encoding="utf-8")
    assert f"at most {MAX_ANSWER_BYTES:,} bytes on one line" in page
    assert f"nested at most {MAX_ANSWER_DEPTH} levels" in page
