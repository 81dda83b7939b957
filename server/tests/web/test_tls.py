"""The web table over TLS (``scala40 web --certfile FILE --keyfile FILE``,
``make_server(ssl_context=...)``), over real sockets on loopback: a certificate authority
and a leaf for ``127.0.0.1``, ``localhost`` and ``table.test``, made here for each test
(no key is ever written into the project), and clients that check the leaf against that
authority.

The handshake is stepped by the server's reading thread as each client's bytes come
(:mod:`scala40_server.web.tls`): a stranger at 127.0.0.2 that opens connections and sends
nothing, or half a handshake, stops no other client from being answered, counts as a
connection that sent nothing, and is closed at the read time; plain HTTP sent to the
port is closed at once. Every wait here is bounded; the default run judges outcomes
(answered, still open, closed), the soak's timed run the seconds too.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import ipaddress
import json
import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs
import pytest

from scala40.cli import main
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.web.server import make_server
from scala40_server.web.tables import TableStore
from scala40_server.web.tls import server_context

from ..support.hostile import TIMED
from ..web.site import unmetered

pytest.importorskip(
    "cryptography", reason="cryptography (the server's dependency) makes the certificates"
)
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

STRANGER = "127.0.0.2"
"""The address the stranger's connections come from."""
NAMES = ("localhost", "table.test")
"""The names the test leaf is for (besides the address 127.0.0.1)."""
WAIT = 30.0
"""The seconds a client here waits for an answer or a close, at most: generous, so that
a busy machine passes; a server that stalls waits it out and fails."""


@attrs.frozen
class Authority:
    """A throwaway certificate authority's certificate, and a leaf it signed for
    127.0.0.1 and :data:`NAMES`, with its key, as PEM files in a test's folder."""

    ca_file: Path
    cert_file: Path
    key_file: Path
    spki_sha256: str
    """The base64 SHA-256 of the leaf's SubjectPublicKeyInfo (what Chromium's
    ``--ignore-certificate-errors-spki-list`` names)."""

    def client_context(self) -> ssl.SSLContext:
        """A client's context that trusts this authority alone."""
        return ssl.create_default_context(cafile=str(self.ca_file))


def _name(text: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file ``path`` that its owner alone may read (as a key is
    kept: the server refuses one others may read)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with open(descriptor, "wb") as file:
        file.write(data)


def make_authority(folder: Path, label: str = "scala40 test authority") -> Authority:
    """A certificate authority and its leaf for the tests, written into ``folder``."""
    now = datetime.datetime.now(datetime.timezone.utc)
    valid = (now - datetime.timedelta(hours=1), now + datetime.timedelta(days=1))
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name(label))
        .issuer_name(_name(label))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(valid[0])
        .not_valid_after(valid[1])
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(
            x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = [x509.DNSName(name) for name in NAMES]
    names.append(x509.IPAddress(ipaddress.ip_address("127.0.0.1")))
    leaf = (
        x509.CertificateBuilder()
        .subject_name(_name(NAMES[-1]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(valid[0])
        .not_valid_after(valid[1])
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    ca_file, cert_file, key_file = folder / "ca.pem", folder / "cert.pem", folder / "key.pem"
    ca_file.write_bytes(ca.public_bytes(pem))
    cert_file.write_bytes(leaf.public_bytes(pem))
    write_private(
        key_file,
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()),
    )
    spki = leaf.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    digest = base64.b64encode(hashlib.sha256(spki).digest()).decode()
    return Authority(ca_file, cert_file, key_file, digest)


@pytest.fixture
def authority(tmp_path: Path) -> Authority:
    folder = tmp_path / "authority"
    folder.mkdir()
    return make_authority(folder)


@contextmanager
def _tls_server(folder: Path, authority: Authority, **limits: float) -> Iterator[int]:
    """A server over TLS with ``authority``'s leaf, on a free port (yielded)."""
    context = server_context(str(authority.cert_file), str(authority.key_file))
    server = make_server(
        TableStore(str(folder / "tables.sqlite")),
        limits=unmetered(**limits),
        ssl_context=context,
    )
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()


def _get(authority: Authority, url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, context=authority.client_context(), timeout=WAIT) as answer:
        return int(answer.status), answer.read()


def _connect(port: int, source: str = STRANGER) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=WAIT, source_address=(source, 0))


def _client_hello() -> bytes:
    """The first flight of a TLS client, as a real client sends it."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    client = context.wrap_bio(incoming, outgoing, server_hostname="table.test")
    with pytest.raises(ssl.SSLWantReadError):
        client.do_handshake()
    return outgoing.read()


def _still_open(connection: socket.socket) -> bool:
    """Whether the server has neither closed ``connection`` nor sent on it (a look that
    does not wait)."""
    connection.setblocking(False)
    try:
        connection.recv(1)  # an answer, or the end of the connection
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        connection.settimeout(WAIT)


def _closed_by_server(connection: socket.socket) -> bytes | None:
    """What the server sent on ``connection`` before it closed it, or ``None`` when it
    kept it open for :data:`WAIT` seconds."""
    received = b""
    try:
        while chunk := connection.recv(4096):
            received += chunk
    except TimeoutError:
        return None
    except OSError:
        pass  # reset: closed
    return received


def test_the_server_answers_over_tls_to_clients_that_check_its_certificate(
    tmp_path: Path, authority: Authority
) -> None:
    """By address and by name, a client that trusts the authority is answered (the page,
    the games, a new table); a client that trusts another authority refuses the server."""
    with _tls_server(tmp_path, authority) as port:
        for host in ("127.0.0.1", "localhost"):
            status, page = _get(authority, f"https://{host}:{port}/")
            assert status == 200
            assert b"/static/app.js" in page
        status, games = _get(authority, f"https://127.0.0.1:{port}/games")
        assert json.loads(games)["games"][0]["name"] == "scala40"
        request = urllib.request.Request(
            f"https://localhost:{port}/tables",
            data=json.dumps({"game": "rumino"}).encode(),
            method="POST",
        )
        context = authority.client_context()
        with urllib.request.urlopen(request, context=context, timeout=WAIT) as answer:
            assert json.loads(answer.read())["table"] == 1
        other_folder = tmp_path / "other"
        other_folder.mkdir()
        other = make_authority(other_folder, "another authority")
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
            _get(other, f"https://127.0.0.1:{port}/games")
        # The server serves on after a client refused its certificate.
        assert _get(authority, f"https://127.0.0.1:{port}/games")[0] == 200


def test_a_stranger_silent_in_its_handshakes_stops_no_other_client(
    tmp_path: Path, authority: Authority
) -> None:
    """A stranger opens connections to the TLS port and sends nothing on three, the first
    half of a ClientHello on three more, and waits: another client is answered while
    every one of the stranger's connections is still open (with the handshake done in
    ``accept()``, the first silent connection held the thread that accepts every other;
    with a step that waited for the client's bytes, the first half hello did)."""
    hello = _client_hello()
    with _tls_server(tmp_path, authority, read_seconds=120) as port:
        silent = [_connect(port) for _ in range(3)]
        halves = [_connect(port) for _ in range(3)]
        try:
            for connection in halves:
                connection.sendall(hello[: len(hello) // 2])
            # The half hellos read by the server before the client comes (a round trip
            # through it: each of the stranger's connections is accepted and read).
            status, _ = _get(authority, f"https://127.0.0.1:{port}/games")
            assert status == 200
            for _ in range(3):
                status, _ = _get(authority, f"https://localhost:{port}/games")
                assert status == 200
            still = [_still_open(connection) for connection in silent + halves]
            assert still == [True] * 6, "the stranger's connections were closed, not outwaited"
        finally:
            for connection in silent + halves:
                connection.close()


READ = 0.6
"""The server's read time in the tests of the read time, in seconds."""


def test_a_half_open_handshake_is_closed_within_the_read_time(
    tmp_path: Path, authority: Authority
) -> None:
    """A connection whose handshake never ends (nothing sent, or half a ClientHello) is an
    arriving one: closed unanswered once the read time from its accept has passed."""
    hello = _client_hello()
    with _tls_server(tmp_path, authority, read_seconds=READ) as port:
        silent, half = _connect(port), _connect(port)
        with silent, half:
            half.sendall(hello[: len(hello) // 2])
            started = time.monotonic()
            sent = [_closed_by_server(connection) for connection in (silent, half)]
            closed_after = time.monotonic() - started
            assert sent == [b"", b""], "the server kept a half-open handshake past the read time"
            if TIMED:
                assert closed_after < READ + 1.0
        assert _get(authority, f"https://127.0.0.1:{port}/games")[0] == 200


def test_half_open_handshakes_make_room_for_a_client_as_idle_connections_do(
    tmp_path: Path, authority: Authority
) -> None:
    """The server holds 4 connections: a stranger holding 4 half-open handshakes (which
    sent none of a request) makes room for a client's, which is answered; the stranger's
    oldest is closed."""
    limits = {"max_connections": 4, "client_connections": 4, "read_seconds": 120}
    with _tls_server(tmp_path, authority, **limits) as port:
        held = [_connect(port) for _ in range(4)]
        try:
            assert _get(authority, f"https://127.0.0.1:{port}/games")[0] == 200
            assert not _still_open(held[0]), "the oldest half-open handshake made room"
        finally:
            for connection in held:
                connection.close()


def test_plain_http_sent_to_the_tls_port_is_closed_and_the_server_serves_on(
    tmp_path: Path, authority: Authority
) -> None:
    """A request in plain HTTP to the TLS port fails its handshake: the connection is
    closed at once (not held to the read time), with no answer in clear; TLS clients are
    answered before and after."""
    with _tls_server(tmp_path, authority, read_seconds=120) as port:
        assert _get(authority, f"https://127.0.0.1:{port}/games")[0] == 200
        with _connect(port, "127.0.0.1") as plain:
            plain.sendall(b"GET /games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sent = _closed_by_server(plain)
        assert sent is not None, "the server held a plain-HTTP connection open"
        assert b"HTTP/" not in sent
        assert b"games" not in sent
        assert _get(authority, f"https://localhost:{port}/games")[0] == 200


def test_make_server_refuses_a_context_that_cannot_serve(tmp_path: Path) -> None:
    """A context that is not one, a client's, or a server's with no certificate: refused
    by name before the server listens (a server without its certificate failed every
    client's handshake)."""
    store = TableStore(str(tmp_path / "tables.sqlite"))
    with pytest.raises(InvalidArgumentError, match=r"ssl_context must be an ssl\.SSLContext"):
        make_server(store, ssl_context="cert.pem", start=False)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="must be a server's"):
        make_server(store, ssl_context=ssl.create_default_context(), start=False)
    bare = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    with pytest.raises(InvalidValueError, match="presents no certificate"):
        make_server(store, ssl_context=bare, start=False)


def _bad_files(folder: Path, authority: Authority) -> list[tuple[str, str, str]]:
    """Pairs of certificate and key files that cannot serve, each with the start of what
    is said of it."""
    other = make_authority(folder / "other")
    encrypted = folder / "encrypted.pem"
    key = serialization.load_pem_private_key(authority.key_file.read_bytes(), None)
    write_private(
        encrypted,
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.BestAvailableEncryption(b"a passphrase"),
        ),
    )
    notes = folder / "notes.txt"
    write_private(notes, b"not a certificate\n" * 10)
    cert, key_file = str(authority.cert_file), str(authority.key_file)
    return [
        (str(folder / "missing.pem"), key_file, "cannot read the certificate file"),
        (cert, str(folder / "missing.pem"), "cannot read the key file"),
        (str(folder), key_file, "the certificate file"),
        (str(notes), key_file, "the certificate file"),
        (cert, str(notes), "the key file"),
        (cert, cert, "the key file"),
        (key_file, key_file, "the certificate file"),
        (cert, str(encrypted), "the key file"),
        (cert, str(other.key_file), "the key in"),
    ]


def test_server_context_names_what_is_wrong_with_its_files(
    tmp_path: Path, authority: Authority
) -> None:
    (tmp_path / "other").mkdir()
    for cert, key, said in _bad_files(tmp_path, authority):
        with pytest.raises(InvalidValueError) as refused:
            server_context(cert, key)
        assert str(refused.value).startswith(said), (cert, key, str(refused.value))
    with pytest.raises(InvalidArgumentError, match="certfile must be a path"):
        server_context(None, key)  # type: ignore[arg-type]


def test_scala40_web_with_a_bad_certificate_or_key_is_one_error_line(
    tmp_path: Path, authority: Authority, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each bad file: one line naming it, exit code 1, no tables' file made; one option
    without the other: a usage error."""
    (tmp_path / "other").mkdir()
    database = tmp_path / "tables.sqlite"
    for cert, key, said in _bad_files(tmp_path, authority):
        options = ["--certfile", cert, "--keyfile", key, "--db", str(database)]
        assert main(["web", "--port", "0", *options]) == 1, (cert, key)
        error = capsys.readouterr().err
        assert error.startswith(f"error: {said}"), error
        assert error.count("\n") == 1, error
        assert "Traceback" not in error
    assert not database.exists()
    for option in ("--certfile", "--keyfile"):
        assert main(["web", "--port", "0", option, str(authority.cert_file)]) == 2
        assert "--certfile and --keyfile go together" in capsys.readouterr().err


def test_scala40_web_with_a_key_not_its_certificates_exits_with_one_line(
    tmp_path: Path, authority: Authority
) -> None:
    """As a user starts it: the process says what is wrong in one line and exits 1."""
    (tmp_path / "other").mkdir()
    other = make_authority(tmp_path / "other")
    command = [
        sys.executable, "-m", "scala40", "web", "--port", "0",
        "--db", str(tmp_path / "tables.sqlite"),
        "--certfile", str(authority.cert_file), "--keyfile", str(other.key_file),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: the key in "), line
    assert str(other.key_file) in line


def test_scala40_web_with_a_certificate_serves_https_and_says_so(
    tmp_path: Path, authority: Authority
) -> None:
    command = [
        sys.executable, "-m", "scala40", "web", "--port", "0",
        "--db", str(tmp_path / "tables.sqlite"),
        "--certfile", str(authority.cert_file), "--keyfile", str(authority.key_file),
    ]  # fmt: skip
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith("scala40 web table on https://127.0.0.1:"), line
            status, page = _get(authority, line.split()[4])
            assert status == 200
            assert b"/static/app.js" in page
        finally:
            process.terminate()
            process.wait(timeout=30)
