"""The web table over TLS (HTTPS): the server's certificate and key, read into a context of
Python's ``ssl``, and each connection wrapped so that its handshake is stepped by the
server's reading thread as the client's bytes come (:mod:`scala40_server.web.intake`).

Why TLS: a browser checks the server's signatures on its acknowledgements (WebCrypto)
only on a page of a secure context, served over HTTPS or from this machine
(``localhost``, ``127.0.0.1``). Served over plain HTTP at a network address, the page can
check none of them.

Why stepped: with its listening socket wrapped, the standard library's server does the
whole handshake inside ``accept()``, so that one client that opens a connection and
sends nothing holds the thread that accepts every other. Here a connection is accepted
as any other, its handshake not yet begun (:func:`wrapped`); the reading thread takes it
a step further each time the client's bytes come, never waiting for them. Until its
request has come whole, a connection in its handshake is an arriving one like any
other: it has sent none of its request, so it makes room first when the server holds as
many connections as it may (:mod:`scala40_server.web.connections`), and it is closed unanswered
once the read time (:attr:`~scala40_server.web.limits.ServerLimits.read_seconds`) from its
accept has passed. A handshake that fails (a client speaking plain HTTP to the port, one
that does not trust the certificate) closes its connection at once.

>>> from scala40_server.web.tls import server_context
>>> server_context("no-such-cert.pem", "no-such-key.pem")
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: cannot read the certificate file no-such-cert.pem: No such file or directory
"""

from __future__ import annotations

import os
import socket
import ssl

from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.web.secret_files import open_checked, reopenable

__all__ = ["MAX_PEM_BYTES", "check_server_context", "server_context", "wrapped"]

MAX_PEM_BYTES = 1_000_000
"""The largest certificate or key file read, in bytes (a certificate chain is a few
kilobytes)."""
_TRIAL_STEPS = 8
"""Steps of the trial handshake that checks a context (one takes four)."""


class _EncryptedKeyError(Exception):
    """Asked for the key's passphrase: the key file is encrypted."""


def _no_passphrase() -> str:
    # Asked only for an encrypted key: the server has no terminal to ask its passphrase at
    # (OpenSSL's own prompt would wait on the terminal for ever).
    raise _EncryptedKeyError


def _pem_file(path: str, what: str, marker: bytes, secret: str | None = None) -> int:
    """A descriptor of ``path``, a regular file (and its owner's alone where it holds
    ``secret``: :func:`~scala40_server.web.secret_files.open_checked`) of at most
    :data:`MAX_PEM_BYTES` holding ``marker``, the end of a PEM block's first line
    (``what`` names the file in the error): read here, bounded, before OpenSSL reads it
    unbounded (a device, a huge file) and says only that some PEM did not read. The
    caller closes it."""
    descriptor = open_checked(path, what, secret)
    try:
        data = _read_at_most(descriptor, path, what, MAX_PEM_BYTES + 1)
        if len(data) > MAX_PEM_BYTES:
            raise InvalidValueError(f"the {what} {path} is past {MAX_PEM_BYTES} bytes")
        if b"-----BEGIN " not in data or marker not in data:
            name = marker.decode().strip("-")
            raise InvalidValueError(f"the {what} {path} holds no PEM {name}")
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _read_at_most(descriptor: int, path: str, what: str, size: int) -> bytes:
    """The first ``size`` bytes of the file open on ``descriptor`` (all of it if shorter)."""
    data = b""
    try:
        while len(data) < size and (chunk := os.read(descriptor, size - len(data))):
            data += chunk
    except OSError as error:
        raise InvalidValueError(f"cannot read the {what} {path}: {error.strerror}") from None
    return data


def server_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server's TLS context (``ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)``, TLS
    1.2 at least) presenting the certificate (and its chain) of the PEM file ``certfile``
    with the private key of the PEM file ``keyfile`` (unencrypted), for
    :func:`~scala40_server.web.server.make_server`'s ``ssl_context``.

    :raises InvalidArgumentError: a path that is not a string.
    :raises InvalidValueError: a file that is missing, unreadable, not a regular file
        (refused before it is opened: a named pipe never holds it), past
        :data:`MAX_PEM_BYTES`, holds no PEM certificate (``certfile``) or private key
        (``keyfile``), a key file that other accounts may read or write or that belongs
        to another account (:mod:`scala40_server.web.secret_files`), an encrypted key,
        or a key that is not the certificate's.
    """
    for name, value in (("certfile", certfile), ("keyfile", keyfile)):
        if not isinstance(value, str):
            raise InvalidArgumentError(
                f"{name} must be a path (a str), got a {type(value).__name__}"
            )
    cert = _pem_file(certfile, "certificate file", b"CERTIFICATE-----")
    try:
        key = _pem_file(keyfile, "key file", b"PRIVATE KEY-----", "the server's private key")
        try:
            # OpenSSL reads by name: the names of the files checked, never of what may have
            # been put in their places since (a named pipe there would hold the start).
            return _loaded(reopenable(cert, certfile), reopenable(key, keyfile), certfile, keyfile)
        finally:
            os.close(key)
    finally:
        os.close(cert)


def _loaded(cert: str, key: str, certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server's context with the certificate of ``cert`` and the key of ``key`` (the
    names OpenSSL opens), said as ``certfile`` and ``keyfile`` in errors."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key, password=_no_passphrase)
    except _EncryptedKeyError:
        raise InvalidValueError(
            f"the key file {keyfile} is encrypted: give the key without its passphrase"
        ) from None
    except ssl.SSLError as error:
        if "KEY_VALUES_MISMATCH" in str(error):
            raise InvalidValueError(
                f"the key in {keyfile} is not the key of the certificate in {certfile}"
            ) from None
        raise InvalidValueError(
            f"cannot read a certificate from {certfile} and its key from {keyfile}: "
            f"{error.reason or error}"
        ) from None
    except OSError as error:
        raise InvalidValueError(
            f"cannot read {certfile} and {keyfile}: {error.strerror or error}"
        ) from None
    return context


def check_server_context(context: object) -> ssl.SSLContext:
    """``context``, once seen to be a server's TLS context that presents a certificate: a
    handshake with it in memory must reach the client's end (so that a context without
    its certificate fails at the start, not at every client's handshake).

    :raises InvalidArgumentError: ``context`` is not an ``ssl.SSLContext``, or is a
        client's (``ssl.PROTOCOL_TLS_CLIENT``, or one that checks host names).
    :raises InvalidValueError: a handshake with it fails (no certificate loaded: give it
        one with ``load_cert_chain``, or make it with :func:`server_context`).
    """
    if not isinstance(context, ssl.SSLContext):
        raise InvalidArgumentError(
            f"ssl_context must be an ssl.SSLContext, got a {type(context).__name__}"
        )
    if context.protocol == ssl.PROTOCOL_TLS_CLIENT or context.check_hostname:
        raise InvalidArgumentError(
            "ssl_context must be a server's: ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)"
        )
    client_context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    client_context.check_hostname = False
    client_context.verify_mode = ssl.CERT_NONE
    to_server, to_client = ssl.MemoryBIO(), ssl.MemoryBIO()
    server = context.wrap_bio(to_server, to_client, server_side=True)
    client = client_context.wrap_bio(to_client, to_server, server_side=False)
    problem: ssl.SSLError | None = None
    presented = False
    for _ in range(_TRIAL_STEPS):
        for side in (client, server):
            try:
                side.do_handshake()
            except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
                continue
            except ssl.SSLError as error:
                problem = problem or error
                continue
            if side is client:
                presented = client.getpeercert(binary_form=True) is not None
        if presented or problem is not None:
            break
    if not presented:
        said = problem.reason if problem is not None and problem.reason else problem
        raise InvalidValueError(
            "ssl_context presents no certificate (load the server's certificate and key "
            f"into it with load_cert_chain): a handshake with it fails ({said})"
        )
    return context


def wrapped(context: ssl.SSLContext, connection: socket.socket) -> ssl.SSLSocket:
    """``connection``, just accepted, under TLS with ``context``: never waiting on its
    socket, its handshake not begun (the reading thread steps it as the client's bytes
    come: see the module)."""
    connection.setblocking(False)
    return context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)
