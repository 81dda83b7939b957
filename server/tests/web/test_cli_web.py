"""``scala40 web`` started as a user starts it (a process serving on a free port, the page
fetched from it) and ``scala40 cards`` (the notation, and both packs written as files)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import attrs
import pytest

import scala40_server.web.limits as web_limits
from scala40.cli import build_parser, main
from scala40.drawing import card_svg
from scala40_server.web.limits import ServerLimits
from scala40_server.web.server import make_server
from scala40_server.web.tables import TableStore


def test_scala40_web_serves_the_page_and_keeps_tables_in_its_file(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite"
    command = [sys.executable, "-m", "scala40", "web", "--port", "0", "--db", str(database)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            _fetch_from(process)
        finally:
            process.terminate()
            process.wait(timeout=30)
    assert database.exists()


def _fetch_from(process: subprocess.Popen[str]) -> None:
    """The page and a new table, from the server that ``process`` runs."""
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("scala40 web table on http://127.0.0.1:"), line
    base = line.split()[4]
    with urllib.request.urlopen(base, timeout=30) as answer:
        assert b"/static/app.js" in answer.read()
    request = urllib.request.Request(
        base + "tables", data=json.dumps({"game": "rumino"}).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert json.loads(answer.read())["table"] == 1


def test_scala40_web_refuses_a_port_out_of_range(capsys: object) -> None:
    assert main(["web", "--port", "70000"]) == 2


def test_scala40_cards_prints_the_notation(capsys: object) -> None:
    assert main(["cards"]) == 0


def test_scala40_cards_writes_both_packs(tmp_path: Path) -> None:
    assert main(["cards", "--svg", str(tmp_path / "cards")]) == 0
    french = sorted(path.name for path in (tmp_path / "cards" / "french").iterdir())
    spanish = sorted(path.name for path in (tmp_path / "cards" / "spanish").iterdir())
    assert (len(french), len(spanish)) == (54, 50)
    assert {"JK.svg", "back.svg", "10H.svg"} <= set(french)
    assert "10H.svg" not in spanish
    written = (tmp_path / "cards" / "spanish" / "QD.svg").read_text(encoding="utf-8")
    assert written == card_svg("QD", pack="spanish")


def test_scala40_cards_reports_a_folder_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["cards", "--svg", str(blocker)]) == 1


def test_scala40_web_on_a_database_it_cannot_open_is_an_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder that does not exist, a folder given as the file, a file that is no
    database: an error line and exit code 1 (it printed a traceback)."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.sqlite").write_text("not a database " * 100)
    (tmp_path / "notes.sqlite").chmod(0o600)  # its own alone: refused as no database
    for path, said in (
        ("missing/tables.sqlite", "cannot open the tables' file {}: "),
        ("folder", "the tables' file {} is a folder, not a regular file"),
        ("notes.sqlite", "cannot open the tables' file {}: file is not a database"),
    ):
        assert main(["web", "--port", "0", "--db", str(tmp_path / path)]) == 1
        error = capsys.readouterr().err
        assert error.startswith("error: " + said.format(tmp_path / path)), error
        assert error.count("\n") == 1, error


def test_scala40_web_refuses_limits_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    for option, value in (
        ("--decision-seconds", "nan"),
        ("--decision-seconds", "999999999"),
        ("--request-seconds", "0"),
        ("--request-seconds", "61"),
        ("--read-seconds", "0"),
        ("--finished-seconds", "1e9"),
        ("--idle-seconds", "99999999999"),
    ):
        assert main(["web", "--port", "0", option, value]) == 2
        assert option in capsys.readouterr().err


def test_every_limit_of_the_server_is_an_option_of_scala40_web_with_its_default() -> None:
    """Whoever starts ``scala40 web`` sets every limit of the server: each field of
    ``ServerLimits`` is an option, its default the field's."""
    args = build_parser().parse_args(["web"])
    defaults = ServerLimits()
    for field in attrs.fields(ServerLimits):
        option = "allow_origin" if field.name == "allowed_origins" else field.name
        expected = getattr(defaults, field.name)
        assert getattr(args, option) == (
            list(expected) if field.name == "allowed_origins" else expected
        )


def test_the_limits_module_says_the_defaults_it_has() -> None:
    """The limits' page (the module's docstring) gives each number's default in words,
    ``**name** (N)``: each is the field's."""
    said = re.findall(r"\*\*(\w+)\*\* \((?::data:`[^`]+`, )?([\d,.]+)", web_limits.__doc__ or "")
    assert len(said) >= 12, said
    defaults = ServerLimits()
    for name, figure in said:
        assert getattr(defaults, name) == float(figure.replace(",", "")), name


def test_make_server_on_a_port_in_use_raises_oserror(tmp_path: Path) -> None:
    """A real socket holds the port: the server's own bind fails with the system's
    OSError (it raised AttributeError, closing an intake it had not made yet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        with pytest.raises(OSError, match="in use"):
            make_server(TableStore(str(tmp_path / "tables.sqlite")), "127.0.0.1", port)


def test_scala40_web_on_a_port_in_use_is_one_error_line(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = str(holder.getsockname()[1])
        database = str(tmp_path / "tables.sqlite")
        done = subprocess.run(
            [sys.executable, "-m", "scala40", "web", "--port", port, "--db", database],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: cannot serve on"), line
    assert port in line, line


@pytest.mark.skipif(not socket.has_ipv6, reason="no IPv6 here")
def test_make_server_serves_on_an_ipv6_address(tmp_path: Path) -> None:
    """``--host ::1`` (the server was bound as IPv4 only, and failed with two
    tracebacks): it serves there, or, where the machine has no IPv6 loopback, raises
    the system's OSError."""
    try:
        server = make_server(TableStore(str(tmp_path / "tables.sqlite")), "::1", 0)
    except OSError as error:  # (AttributeError, as it was, is no OSError: it fails)
        pytest.skip(f"no IPv6 loopback here: {error}")
    try:
        port = server.server_address[1]
        with urllib.request.urlopen(f"http://[::1]:{port}/games", timeout=30) as answer:
            assert "chinchon" in json.loads(answer.read())["games"][3]["name"]
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.skipif(not socket.has_ipv6, reason="no IPv6 here")
def test_scala40_web_on_ipv6_prints_a_url_that_serves_the_page(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite"
    command = [sys.executable, "-m", "scala40", "web", "--host", "::1", "--port", "0"]
    with subprocess.Popen(
        [*command, "--db", str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            if not line:
                assert process.stderr is not None
                error = process.stderr.read()
                assert "Traceback" not in error
                pytest.skip(f"no IPv6 loopback here: {error}")
            assert line.startswith("scala40 web table on http://[::1]:"), line
            with urllib.request.urlopen(line.split()[4], timeout=30) as answer:
                assert b"/static/app.js" in answer.read()
        finally:
            process.terminate()
            process.wait(timeout=30)


def test_a_server_on_every_address_names_one_a_browser_opens() -> None:
    """Bound to 0.0.0.0 or ::, the start line names this machine (its name over HTTPS, the
    name a certificate is made for; 127.0.0.1 over HTTP, where the page is a secure
    context) and says the server listens on every address; a given address is named."""
    from scala40_server.commands.web import _browser_address

    name = socket.gethostname() or "127.0.0.1"
    for every in ("0.0.0.0", "::"):
        assert _browser_address("https", every) == (
            f"https://{name}",
            "listening on every address; ",
        )
        assert _browser_address("http", every) == (
            "http://127.0.0.1",
            "listening on every address; ",
        )
    assert _browser_address("https", "192.0.2.7") == ("https://192.0.2.7", "")
    assert _browser_address("http", "::1") == ("http://[::1]", "")
