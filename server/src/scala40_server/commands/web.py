"""``scala40 web``: the web table, a page to play any game of the library against its bots
in a browser, served with the standard library (:mod:`scala40_server.web`).

The tables are kept in a SQLite file (``--db``, ``scala40-tables.sqlite`` in the current
folder by default), so that a table goes on after the server restarts. It holds the key the
server signs with, so it is made for its owner alone, and the server refuses to start on one
that other accounts may read, as on such a ``--keyfile``, in one line naming the fix
(:mod:`scala40_server.web.secret_files`). The server
listens on ``127.0.0.1`` unless ``--host`` says otherwise: anyone who reaches the port
can make tables, and plays only the seats whose tokens they hold. With ``--certfile``
and ``--keyfile`` (PEM files: the server's certificate, with its chain, and its
unencrypted key; both or neither) it serves HTTPS (:mod:`scala40_server.web.tls`): a page served
at a network address checks the server's signatures only over HTTPS (a browser gives
WebCrypto only to a secure page), while ``localhost`` needs none. Its limits
(:class:`~scala40_server.web.limits.ServerLimits`) are the options of whoever starts it:
``--request-seconds``, the wall time a request lets the bots think,
``--decision-seconds``, a person's clock for each decision, ``--unseen-seconds``, how
long it waits at most for the person's page to be shown the decision,
``--hand-break-seconds``, how much longer a person's first decision of each hand runs,
``--read-seconds``, how long it waits for a request's headers and body, and
``--finished-seconds`` and ``--idle-seconds``, how long finished and idle tables are
kept; and what clients may spend, each and in all: ``--max-connections`` and
``--client-connections``, ``--client-tables-per-minute``, ``--client-tables`` and
``--max-tables`` (with ``--in-play-seconds``), ``--client-bot-seconds-per-minute``,
``--table-bot-seconds-per-minute``, ``--requests-at-once`` and ``--bots-at-once``. The
server is same-origin unless ``--allow-origin ORIGIN`` names others.

While it serves, the interpreter switches threads every :data:`SWITCH_SECONDS` (the
standard library's 5 ms made each socket call of the server's reading thread wait up to
5 ms behind a bot that searches, so that a flood of connections kept new clients waiting
seconds).

>>> from scala40.cli import build_parser
>>> args = build_parser().parse_args(["web", "--port", "8041", "--db", "play.sqlite"])
>>> args.port, args.db, args.host, args.request_seconds, args.decision_seconds
(8041, 'play.sqlite', '127.0.0.1', 2.0, 60.0)
"""

from __future__ import annotations

import argparse
import socket
import ssl
import sys

# Modules, not names: scala40_server.web.tables imports the command line's bot seats, whose
# package imports this module (a name taken from a module still loading would fail).
import scala40_server.web.limits as web_limits
import scala40_server.web.server as web_server
import scala40_server.web.tables as web_tables
import scala40_server.web.tls as web_tls
from scala40.commands import EXIT_OK, Command, CommandError, UsageError, integer, seconds
from scala40.errors import InvalidValueError

__all__ = ["COMMAND", "DEFAULT_DB", "DEFAULT_PORT", "SWITCH_SECONDS"]

DEFAULT_PORT = 8040
"""The port ``scala40 web`` listens on by default."""
DEFAULT_DB = "scala40-tables.sqlite"
"""The SQLite file of the tables by default (in the current folder)."""
SWITCH_SECONDS = 0.0005
"""How often the interpreter switches threads while ``scala40 web`` serves (see the
module)."""


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port", type=integer(5), default=DEFAULT_PORT, metavar="N",
        help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free port)",
    )  # fmt: skip
    parser.add_argument(
        "--db", default=DEFAULT_DB, metavar="FILE",
        help=f"the SQLite file of the tables, its owner's alone (default {DEFAULT_DB})",
    )  # fmt: skip
    parser.add_argument(
        "--host", default="127.0.0.1", metavar="ADDRESS",
        help="the address to listen on (default 127.0.0.1: this machine only)",
    )  # fmt: skip
    parser.add_argument(
        "--certfile", metavar="FILE",
        help="serve HTTPS with this PEM file's certificate (and its chain); with --keyfile",
    )  # fmt: skip
    parser.add_argument(
        "--keyfile", metavar="FILE",
        help="the PEM file of the certificate's private key (unencrypted, its owner's "
        "alone: chmod 600); with --certfile",
    )  # fmt: skip
    for limit, default, meaning, note in _limits():
        parser.add_argument(
            "--" + limit.replace("_", "-"), type=seconds, metavar="S", default=default,
            help=f"{meaning} (default {default:g}{note})",
        )  # fmt: skip
    for quota, default, meaning, whole in _quotas():
        parser.add_argument(
            "--" + quota.replace("_", "-"), type=integer(8) if whole else seconds,
            metavar="N", default=default, help=f"{meaning} (default {default:g})",
        )  # fmt: skip
    parser.add_argument(
        "--allow-origin", action="append", default=[], metavar="ORIGIN",
        help="an origin (scheme://host[:port]) whose pages may call the server, besides "
        "its own; '*' for any (default: none, same-origin only); may be repeated",
    )  # fmt: skip


def _limits() -> tuple[tuple[str, float, str, str], ...]:
    """The server's limits its starter sets (:class:`~scala40_server.web.limits.ServerLimits`),
    each an option: its field, its default, what it is, and a word on the default."""
    day = web_limits.DAY
    return (
        ("request_seconds", web_limits.DEFAULT_REQUEST_SECONDS,
         "the wall time a request lets the bots think, however long a table asks a bot to",
         ""),
        ("decision_seconds", web_limits.DEFAULT_DECISION_SECONDS,
         "a person's clock for each decision: a timeout plays their default move only "
         "once it has run out", ""),
        ("unseen_seconds", web_limits.DEFAULT_UNSEEN_SECONDS,
         "how long a decision's clock waits, at most, for the person's page to be shown "
         "it", ""),
        ("hand_break_seconds", web_limits.DEFAULT_HAND_BREAK_SECONDS,
         "how much longer a person's first decision of each hand runs, to read how the "
         "last hand ended", ""),
        ("read_seconds", web_limits.DEFAULT_READ_SECONDS,
         "how long to wait for a request's headers and body", ""),
        ("finished_seconds", day, "how long a finished table is kept", ": a day"),
        ("idle_seconds", 7 * day,
         "how long an unfinished table where nobody plays is kept", ": a week"),
        ("in_play_seconds", web_limits.ServerLimits().in_play_seconds,
         "how long after its last change a table is in play: never taken to make room "
         "for a new one", ""),
    )  # fmt: skip


def _quotas() -> tuple[tuple[str, float, str, bool], ...]:
    """What strangers may spend (:class:`~scala40_server.web.limits.ServerLimits`), each an
    option: its field, its default, what it is, and whether it is a whole number."""
    defaults = web_limits.ServerLimits()
    return (
        ("max_connections", defaults.max_connections,
         "connections held at once, in all: past it, the one that sent least makes room",
         True),
        ("client_connections", defaults.client_connections,
         "connections held at once from one client: past it, its own that sent least "
         "makes room", True),
        ("client_tables_per_minute", defaults.client_tables_per_minute,
         "tables made a minute by one client", False),
        ("client_tables", defaults.client_tables,
         "tables kept for one client: past it, its table that changed least recently "
         "makes room, unless in play", True),
        ("max_tables", defaults.max_tables,
         "tables kept at once: past it, the table that changed least recently makes "
         "room, unless in play", True),
        ("client_cpu_seconds_per_minute", defaults.client_cpu_seconds_per_minute,
         "seconds of CPU the server may work a minute for one client's requests", False),
        ("client_bot_seconds_per_minute", defaults.client_bot_seconds_per_minute,
         "seconds the bots may think a minute for one client's requests", False),
        ("table_bot_seconds_per_minute", defaults.table_bot_seconds_per_minute,
         "seconds the bots may think a minute at one table", False),
        ("requests_at_once", defaults.requests_at_once,
         "requests worked on at once (the others wait their turn, the client holding "
         "the fewest connections first)", True),
        ("bots_at_once", defaults.bots_at_once,
         "bots that search thinking at once (the others wait their turn, the fullest "
         "budgets first)", True),
    )  # fmt: skip


def _signing_line(store: web_tables.TableStore) -> str:
    """The key the server signs its acknowledgements with, said at start-up, and where it
    is kept: the key every table's terms name."""
    key = store.signing_key()
    return f"acknowledgements of the deals signed by {key.public} (kept in {store.path})"


def _tls_context(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The server's TLS context from ``--certfile`` and ``--keyfile`` (``None`` without
    them), read before the tables' file is opened: a bad file is one error line."""
    if (args.certfile is None) != (args.keyfile is None):
        raise UsageError("--certfile and --keyfile go together: give both, or neither")
    if args.certfile is None:
        return None
    try:
        return web_tls.server_context(args.certfile, args.keyfile)
    except InvalidValueError as error:
        raise CommandError(str(error)) from None


def _browser_address(scheme: str, host: str) -> tuple[str, str]:
    """The start of a URL a browser can open for a server bound to ``host`` (without the
    port), and what to say of where it listens. Bound to every address (``0.0.0.0``,
    ``::``), which no browser opens, it names this machine: by its name over HTTPS, the
    name its certificate is made for, and at 127.0.0.1 over plain HTTP, the one place
    where the page is a secure context (other machines open the machine's name)."""
    if host in ("0.0.0.0", "::"):
        name = socket.gethostname() if scheme == "https" else ""
        return f"{scheme}://{name or '127.0.0.1'}", "listening on every address; "
    if ":" in host:  # an IPv6 address is bracketed in a URL
        host = f"[{host}]"
    return f"{scheme}://{host}", ""


def _run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535, got {args.port}")
    try:
        limits = web_limits.ServerLimits(
            **{limit: getattr(args, limit) for limit, _, _, _ in _limits()},
            **{quota: getattr(args, quota) for quota, _, _, _ in _quotas()},
            allowed_origins=tuple(args.allow_origin),
        )
    except InvalidValueError as error:
        raise UsageError(f"--{str(error).replace('_', '-')}") from None
    context = _tls_context(args)
    try:
        store = web_tables.TableStore(args.db)
        server = web_server.make_server(
            store, args.host, args.port, start=False, limits=limits, ssl_context=context
        )
    except OSError as error:
        raise CommandError(f"cannot serve on {args.host}:{args.port}: {error}") from None
    scheme = "http" if context is None else "https"
    url, listening = _browser_address(scheme, str(server.server_address[0]))
    port = int(server.server_address[1])
    print(
        f"scala40 web table on {url}:{port}/ ({listening}tables in {args.db}; Ctrl-C stops)",
        flush=True,
    )
    print(_signing_line(store), flush=True)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    try:
        server.serve_forever()
    finally:
        sys.setswitchinterval(switch)
        server.server_close()
    return EXIT_OK


COMMAND = Command(
    name="web",
    summary="a web page to play any game against the bots in a browser",
    description="Serve the web table: a page that lists the games, starts a table "
    "with the rules and the bots of your choice, shows your seat's view as the library's "
    "picture, your legal moves to click, the event feed, the scores, undo and resignation. "
    "Tables are kept in a SQLite file; the JSON interface and the pictures can be used by "
    "other pages where --allow-origin names their origin.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 web\n  scala40 web --port 8080 --db tables.sqlite\n"
    "  scala40 web --host 0.0.0.0 --certfile cert.pem --keyfile key.pem",
)
"""The ``web`` command."""
