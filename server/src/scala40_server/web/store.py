"""Where the web table keeps its tables: one SQLite file, its schema, the lock of each
table a request works on, and the tables' expiry.

Each table is a row: its game, its state as JSON (loaded back as untrusted data on every
request), its seats, its secret deal (:mod:`scala40_server.serving.fair_deal`), when its current
decision began (the clock of :class:`~scala40_server.web.limits.ServerLimits`), when it last
changed and whether its match is over. Beside it, one row per event and seat (what that
seat may see), the states where a person was to decide (what undo goes back to), and the
undos (what a client asking for the events since a move an undo took back is told). A file made by an earlier release
is brought up to date when it is opened; its tables go on (without a commitment to their
seed, which was not kept secret then).

**For its owner alone.** The file holds the key the server signs with, so it is made
readable and writable by its owner alone from its first moment, and a file (or one SQLite
keeps beside it) that other accounts may read or write, that belongs to another account,
or that is no regular file is refused when the store is opened, naming the fix
(:mod:`scala40_server.web.secret_files`).

**Locks.** The requests on one table run one at a time, those on different tables side
by side. A table's lock exists only while requests hold it or wait for it, so the locks
kept are never more than the requests in flight, whatever table numbers are asked for;
a request waits for its table at most as long as its own time bound allows, then is
answered 503 (the table is busy).

**Expiry.** A finished table is deleted
:attr:`~scala40_server.web.limits.ServerLimits.finished_seconds` after its last change, an
unfinished one :attr:`~scala40_server.web.limits.ServerLimits.idle_seconds` after it (nobody
played), with its events and decisions; a request for it is then answered 404. The
requests look for such tables at most every :data:`SWEEP_SECONDS` seconds and delete at
most :data:`SWEEP_BATCH` at a time. The newest table is kept, so that a table's number
is never given again.

**Room.** Each table is counted as the client's that made it
(:func:`~scala40_server.web.quotas.client_of`). A new table past
:attr:`~scala40_server.web.limits.ServerLimits.client_tables` of its client's, or past
:attr:`~scala40_server.web.limits.ServerLimits.max_tables` in all, takes the place of the table
(the client's own, or any) that changed least recently, unless that table is in play: it
changed within :attr:`~scala40_server.web.limits.ServerLimits.in_play_seconds`. So tables left
alone make room for new ones, and a table in play is never taken.

>>> import tempfile, pathlib
>>> from scala40_server.web.store import TableStore
>>> folder = tempfile.TemporaryDirectory()
>>> store = TableStore(str(pathlib.Path(folder.name, "tables.sqlite")))
>>> store.locks_held
0
>>> TableStore(str(pathlib.Path(folder.name, "no", "such", "folder", "t.sqlite")))
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: cannot open the tables' file .../no/such/folder/t.sqlite: No such file or directory
>>> folder.cleanup()
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from scala40.checks import describe
from scala40.deadline import Deadline
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.serving.signatures import SigningKey
from scala40_server.web.secret_files import make_private
from scala40_server.web.turns import Turns, aside

__all__ = ["SWEEP_BATCH", "SWEEP_SECONDS", "TableBusyError", "TableStore"]

SWEEP_SECONDS = 60.0
"""How often, at most, the requests look for expired tables."""
SWEEP_BATCH = 100
"""The most tables one sweep deletes (the next sweep deletes more)."""

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        seed INTEGER NOT NULL,
        state TEXT NOT NULL,
        seats TEXT NOT NULL,
        bot_time_limit REAL NOT NULL,
        created REAL NOT NULL
    )""",
    # One row per event and seat, as that seat may see it: a client's "since move n"
    # reads its own rows after n, whatever the length of the match.
    """CREATE TABLE IF NOT EXISTS events (
        table_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        number INTEGER NOT NULL,
        event TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS events_by_seat ON events (table_id, seat, number)",
    # The states where a person was to decide: what undo goes back to.
    """CREATE TABLE IF NOT EXISTS decisions (
        table_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        number INTEGER NOT NULL,
        state TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS decisions_by_seat ON decisions (table_id, seat, number)",
    # The undos: each took the game back to move to_number from move from_number (the
    # events between were deleted), so that a client asking for the events since a move
    # between the two, which may hold events of the moves taken back, is told so.
    """CREATE TABLE IF NOT EXISTS undos (
        table_id INTEGER NOT NULL,
        to_number INTEGER NOT NULL,
        from_number INTEGER NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS undos_by_table ON undos (table_id, to_number)",
    # The key the server signs its acknowledgements with (scala40_server.serving.signatures):
    # one for every table of the file, so that a key a refutation names can be compared
    # with the key any other table of the server names.
    """CREATE TABLE IF NOT EXISTS signing_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        secret TEXT NOT NULL
    )""",
)
_INDEXES = (
    "CREATE INDEX IF NOT EXISTS tables_by_age ON tables (updated)",
    "CREATE INDEX IF NOT EXISTS tables_by_creator ON tables (creator, updated)",
)
"""The indexes on the columns added since the first release."""

_COLUMNS = (
    # The secret deal, as JSON (seed as decimal text, salt, chosen): NULL at a table made
    # before seeds were kept secret (its seed is the column ``seed``).
    ("deal", "TEXT"),
    # When the clock of the person to decide starts (time.time()): the latest it may,
    # until the decision is shown to them (scala40_server.web.tables).
    ("decision_started", "REAL"),
    # When the table last changed, and whether its match is over: for the expiry.
    ("updated", "REAL"),
    ("over", "INTEGER NOT NULL DEFAULT 0"),
    # The client that made the table (scala40_server.web.quotas.client_of): NULL for a table
    # made before tables were counted by client.
    ("creator", "TEXT"),
)
"""The columns added since the first release, added to a file that lacks them."""


class TableBusyError(Exception):
    """A table stayed locked by other requests for longer than a request may wait."""


class TableStore:
    """The tables of one SQLite file (``":memory:"`` is not shared between requests:
    give a file). One connection a request (see the module for the locks and the expiry).

    :raises InvalidArgumentError: ``path`` is not text.
    :raises InvalidValueError: the file cannot be opened or made, is no database, or is
        refused: not a regular file, or not its owner's alone (see the module).
    """

    def __init__(self, path: str) -> None:
        if not isinstance(path, str):
            raise InvalidArgumentError(f"the tables' file must be a path, got {describe(path)}")
        self.path = path
        self._locks: dict[int, tuple[Turns, list[int]]] = {}
        self._locks_lock = threading.Lock()
        self._swept = 0.0
        if path not in ("", ":memory:"):  # SQLite's own: no file, nobody else's to read
            make_private(path, "tables' file", "the key the server signs with")
        try:
            with self.connect() as db:
                for statement in _SCHEMA:
                    db.execute(statement)
                have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
                for name, kind in _COLUMNS:
                    if name not in have:
                        db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
                db.execute("UPDATE tables SET updated = created WHERE updated IS NULL")
                for statement in _INDEXES:
                    db.execute(statement)
        except sqlite3.Error as error:
            raise InvalidValueError(f"cannot open the tables' file {path}: {error}") from None

    @property
    def locks_held(self) -> int:
        """How many tables' locks are kept now: those of the tables requests work on or
        wait for."""
        with self._locks_lock:
            return len(self._locks)

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection for one request: committed if the block ends well, rolled back
        if it raises, and closed either way."""
        db = sqlite3.connect(self.path, timeout=30)
        try:
            # A write-ahead log, synced at checkpoints rather than at every commit: a
            # commit then costs microseconds, not a disk flush (a crash may lose the
            # last requests, never corrupt the file).
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            with db:
                yield db
        finally:
            db.close()

    @contextmanager
    def locked(self, table_id: int, wait: float) -> Iterator[sqlite3.Connection]:
        """A connection, with the table's lock held (its requests run one at a time),
        waiting at most ``wait`` seconds for it.

        :raises TableBusyError: the lock was not free within ``wait`` seconds (or the
            request had to make room for a new connection while it waited:
            :class:`~scala40_server.web.turns.Waits`).
        """
        with self._locks_lock:
            lock, users = self._locks.setdefault(table_id, (Turns(1), [0]))
            users[0] += 1
        try:
            # The table's requests take it in turns, in the order they came. Waiting, a
            # request gives the server's turn to run to others.
            if not lock.take_now():
                with aside():
                    acquired = lock.take(0.0, Deadline.after(max(wait, 0.0)))
                if not acquired:
                    raise TableBusyError(
                        f"table {table_id} is busy with another request; try again"
                    )
            try:
                with self.connect() as db:
                    yield db
            finally:
                lock.give_back()
        finally:
            # The last user forgets the lock: the map holds only the tables in use.
            with self._locks_lock:
                users[0] -= 1
                if users[0] == 0:
                    del self._locks[table_id]

    def signing_key(self) -> SigningKey:
        """The key the server signs the acknowledgements of its deals with
        (:mod:`scala40_server.serving.signatures`), kept in the file: made the first time it is
        asked for, the same for every table after. A server always signs: every table's
        terms name this key."""
        with self.connect() as db:
            row = db.execute("SELECT secret FROM signing_key").fetchone()
            if row is None:
                # Another process on the same file may make its key first: its is kept.
                drawn = SigningKey.generate().secret
                db.execute(
                    "INSERT OR IGNORE INTO signing_key (id, secret) VALUES (1, ?)", (drawn,)
                )
                row = db.execute("SELECT secret FROM signing_key").fetchone()
        return SigningKey(row[0])

    def claim(self, table_id: int, creator: str) -> None:
        """Count table ``table_id`` as ``creator``'s (the client that made it)."""
        with self.connect() as db:
            db.execute("UPDATE tables SET creator = ? WHERE id = ?", (creator, table_id))

    def make_room(
        self, creator: str, client_tables: int, max_tables: int, in_play_seconds: float
    ) -> tuple[str, float] | None:
        """Make room for a new table of ``creator``'s (see the module): past
        ``client_tables`` of its own, its table that changed least recently makes room,
        past ``max_tables`` in all the table that did, if it has not changed for
        ``in_play_seconds`` (a table in play is never taken). ``None`` when there is
        room; else the limit full of tables in play (``"client_tables"`` or
        ``"max_tables"``) and the seconds until one of them may make room."""
        now = time.time()
        with self.connect() as db:
            for limit, where, given in (
                ("client_tables", "creator = ?", (creator,)),
                ("max_tables", "1", ()),
            ):
                cap = client_tables if limit == "client_tables" else max_tables
                (count,) = db.execute(
                    f"SELECT COUNT(*) FROM tables WHERE {where}", given
                ).fetchone()
                if count < cap:
                    continue
                row = db.execute(
                    f"SELECT id, updated FROM tables WHERE {where} AND"
                    " id < (SELECT MAX(id) FROM tables) ORDER BY updated LIMIT 1",
                    given,
                ).fetchone()
                if row is None or row[1] > now - in_play_seconds:
                    wait = in_play_seconds if row is None else row[1] + in_play_seconds - now
                    return limit, max(wait, 0.0)
                _delete(db, row[0])
        return None

    def sweep(self, finished_seconds: float, idle_seconds: float) -> int:
        """Delete the tables that expired (see the module), at most :data:`SWEEP_BATCH`,
        and at most once every :data:`SWEEP_SECONDS` (0 when it looked too recently);
        return how many were deleted."""
        now = time.time()
        with self._locks_lock:
            if now - self._swept < SWEEP_SECONDS:
                return 0
            self._swept = now
        with self.connect() as db:
            rows = db.execute(
                "SELECT id FROM tables WHERE id < (SELECT MAX(id) FROM tables)"
                " AND ((over = 1 AND updated < ?) OR updated < ?) LIMIT ?",
                (now - finished_seconds, now - idle_seconds, SWEEP_BATCH),
            ).fetchall()
            for (table_id,) in rows:
                _delete(db, table_id)
        return len(rows)


def _delete(db: sqlite3.Connection, table_id: int) -> None:
    """Delete a table, its events, its decisions and its undos."""
    for name in ("events", "decisions", "undos"):
        db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table_id,))
    db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
