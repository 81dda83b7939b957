"""A game server for every game of the library, with the standard library only.

Tables live in SQLite as JSON; each request loads its table's state back as untrusted
data (``state_from_dict`` checks everything), answers with the asking seat's view as
JSON (``view.to_dict()``: its cards, its legal moves, whose decision it is) and the
events it may see since the move number it gives, and saves the state again. Bots play
the empty seats; a seat whose time ran out is played by the game's default move
(``state.default_move(seat)``); a player who leaves resigns (C-RESIGN: the game goes on
without him, or ends when one side is left).

The HTTP interface (JSON in and out; a request's body is a JSON object; an error is
``{"error": class, "message": text}`` with status 400, 403 for a wrong token, 404 for no
such table, 409 for a stale move, whoever decides by the time it arrives, 413 for a body
over ``MAX_BODY`` bytes)::

    POST /tables                  {"game": "chinchon", "players": 2, "seed": 7,
                                   "rules": null, "bots": {"1": "greedy"}}
                                  -> {"table": 1, "tokens": {"0": "..."}}
    GET  /tables/1?seat=0&token=T&since=0
                                  -> {"view": {...}, "events": [...]}
    POST /tables/1/moves          {"seat": 0, "token": T, "move": "draw",
                                   "move_number": 12}
    POST /tables/1/timeout        {"seat": 0}   (the server's clock: the default move)
    POST /tables/1/resign         {"seat": 0, "token": T}   (at any moment, in turn or not)

Run ``python examples/game_server.py`` to play a whole game of each game through the
HTTP interface with scripted clients and print what each request costs, or
``python examples/game_server.py --serve --port 8040 --db tables.sqlite`` to serve.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sqlite3
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from scala40.bots import make_bot
from scala40.errors import Scala40Error, StaleMoveError
from scala40.events import events_of
from scala40.game import load_game

MAX_BODY = 64_000
"""The longest request body the server reads (a move's dictionary is far shorter)."""
MAX_BOT_MOVES = 100_000
"""The most moves the bots play after one request (a whole match is far shorter)."""
MAX_NUMBER_DIGITS = 40
"""The most digits of a number in a request (a seed has 20 at most): a longer one is
refused as the body is read, before Python turns it into an integer."""

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        state TEXT NOT NULL,
        bots TEXT NOT NULL,
        tokens TEXT NOT NULL
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
)


class RequestError(Exception):
    """A request the server refuses, with its HTTP status."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind


# -- the tables: stored as JSON, loaded back as untrusted data ---------------------------


class Store:
    """The tables of a SQLite database; one connection a request, writes serialised."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.Lock()
        with self.connect() as db:
            for statement in SCHEMA:
                db.execute(statement)
        self.costs: dict[str, list[float]] = {"load": [], "view": [], "apply": [], "save": []}

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection for one request: committed if the block ends well, rolled back
        if it raises, and closed either way (a connection's own ``with`` only commits)."""
        db = sqlite3.connect(self.path, timeout=10)
        try:
            with db:
                yield db
        finally:
            db.close()

    @contextmanager
    def table(self, table_id: int) -> Iterator[dict[str, Any]]:
        """The table's row, with its state loaded; saved back when the block ends."""
        with self.lock, self.connect() as db:
            row = db.execute(
                "SELECT game, state, bots, tokens FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is None:
                raise RequestError(404, "NotFound", f"no table {table_id}")
            game = load_game(row[0])
            start = time.perf_counter()
            state = game.state_from_dict(json.loads(row[1]))
            self.costs["load"].append(time.perf_counter() - start)
            table = {
                "game": game,
                "state": state,
                "bots": {int(seat): spec for seat, spec in json.loads(row[2]).items()},
                "tokens": json.loads(row[3]),
                "events": [],
                "id": table_id,
                "db": db,
            }
            saved = state
            yield table
            if table["state"] is not saved:
                start = time.perf_counter()
                text = json.dumps(table["state"].to_dict())
                self.costs["save"].append(time.perf_counter() - start)
                db.execute("UPDATE tables SET state = ? WHERE id = ?", (text, table_id))
                _save_events(db, table_id, table["events"])

    def create(self, request: Mapping[str, Any]) -> dict[str, Any]:
        game = load_game(_field(request, "game", str))
        players = _field(request, "players", int)
        seed = _field(request, "seed", int)
        bots: dict[int, str] = {}
        for seat, spec in _field(request, "bots", dict).items():
            if not (seat.isascii() and seat.isdecimal() and len(seat) <= 3):
                raise RequestError(400, "InvalidArgument", "bots' keys must be seat numbers")
            if not isinstance(spec, str):
                raise RequestError(400, "InvalidArgument", "each bot must be a bot's name")
            bots[int(seat)] = spec
        if any(not 0 <= seat < players for seat in bots):
            raise RequestError(400, "InvalidArgument", "bots must sit at seats of the game")
        for spec in bots.values():
            make_bot(spec, game)  # refused now rather than at the bot's first turn
        rules = request.get("rules")
        if isinstance(rules, dict):  # a ruleset's dictionary, checked in full
            rules = game.ruleset_type.from_dict(rules)
        elif rules is not None and not isinstance(rules, str):
            raise RequestError(
                400, "InvalidArgument", "rules must be a preset's name, a ruleset or null"
            )
        state = game.new_game(rules, players, seed)
        tokens = {str(seat): secrets.token_hex(8) for seat in range(players) if seat not in bots}
        table = {"game": game, "state": state, "bots": bots, "tokens": tokens, "events": []}
        _play_bots(table)
        with self.lock, self.connect() as db:
            cursor = db.execute(
                "INSERT INTO tables (game, state, bots, tokens) VALUES (?, ?, ?, ?)",
                (
                    game.name,
                    json.dumps(table["state"].to_dict()),
                    json.dumps({str(seat): spec for seat, spec in bots.items()}),
                    json.dumps(tokens),
                ),
            )
            table_id = cursor.lastrowid
            assert table_id is not None
            _save_events(db, table_id, table["events"])
        return {"table": table_id, "tokens": tokens}


def _save_events(db: sqlite3.Connection, table_id: int, events: list[Any]) -> None:
    db.executemany(
        "INSERT INTO events (table_id, seat, number, event) VALUES (?, ?, ?, ?)",
        [
            (table_id, seat, event["number"], json.dumps(seen))
            for event in events
            for seat, seen in enumerate(event["seen"])
        ],
    )


def _field(request: Mapping[str, Any], name: str, kind: type) -> Any:
    value = request.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RequestError(400, "InvalidArgument", f"{name} must be a {kind.__name__}")
    return value


def _apply(table: dict[str, Any], move: Any, expected: int | None = None) -> None:
    """Apply ``move`` to the table's state and keep the events it makes, each as every
    seat may see it (the feed a client reads from a move number on)."""
    before = table["state"]
    after = before.apply(move, expected_move_number=expected)
    seats = range(before.player_count)
    for event in events_of(before, move, after):
        table["events"].append(
            {"number": event.number, "seen": [event.for_seat(seat) for seat in seats]}
        )
    table["state"] = after


def _play_bots(table: dict[str, Any]) -> None:
    """Let the bots play while one of them decides (each seeded by the move number, so
    that a table replays the same from its seed and the humans' moves)."""
    for _ in range(MAX_BOT_MOVES):
        state = table["state"]
        seat = state.current_player
        if state.is_over or seat is None or seat not in table["bots"]:
            return
        bot = make_bot(table["bots"][seat], table["game"])
        legal = state.legal_moves()
        move = bot.choose(state.view(seat), legal, random.Random(state.move_number))
        _apply(table, move)


def _seat(table: dict[str, Any], request: Mapping[str, Any], *, token: bool = True) -> int:
    seat: int = _field(request, "seat", int)
    if str(seat) not in table["tokens"]:
        raise RequestError(400, "InvalidArgument", f"seat {seat} is no player's seat here")
    if token and request.get("token") != table["tokens"][str(seat)]:
        raise RequestError(403, "Forbidden", "wrong token for this seat")
    return seat


def answer(store: Store, table: dict[str, Any], seat: int, since: int) -> dict[str, Any]:
    """The seat's view as JSON and the events since move ``since`` as it may see them."""
    start = time.perf_counter()
    view = table["state"].view(seat).to_dict()
    store.costs["view"].append(time.perf_counter() - start)
    # The events stored before this request, then the ones it made (saved when it ends).
    rows = table["db"].execute(
        "SELECT event FROM events WHERE table_id = ? AND seat = ? AND number > ? ORDER BY rowid",
        (table["id"], seat, since),
    )
    events = [json.loads(row[0]) for row in rows]
    events += [event["seen"][seat] for event in table["events"] if event["number"] > since]
    return {"view": view, "events": events}


def _number(text: str | None) -> int | None:
    """A query parameter's number (ASCII digits), or ``None``."""
    if text is None or not (text.isascii() and text.isdecimal()) or len(text) > 18:
        return None
    return int(text)


def handle(store: Store, method: str, path: str, query: str, body: Any) -> dict[str, Any]:
    """Answer one request (the HTTP layer's work is only to carry it)."""
    parts = [part for part in path.split("/") if part]
    if method == "POST" and not isinstance(body, dict):
        # Every POST takes a JSON object: an array, a number, text or no body is refused
        # here, before any handler reads a field of it.
        raise RequestError(400, "InvalidArgument", "the body must be a JSON object")
    if method == "POST" and parts == ["tables"]:
        return store.create(body)
    table_id = _number(parts[1]) if len(parts) >= 2 and parts[0] == "tables" else None
    if table_id is None:
        raise RequestError(404, "NotFound", f"no resource {path[:100]}")
    if method == "GET" and len(parts) == 2:
        params = {key: values[-1] for key, values in parse_qs(query).items()}
        request = {"seat": _number(params.get("seat")), "token": params.get("token")}
        since = _number(params.get("since")) or 0
        with store.table(table_id) as table:
            return answer(store, table, _seat(table, request), since)
    if method != "POST" or len(parts) != 3:
        raise RequestError(404, "NotFound", f"no resource {method} {path[:100]}")
    action = parts[2]
    with store.table(table_id) as table:
        if action == "moves":
            seat = _seat(table, body)
            expected = _field(body, "move_number", int)
            state = table["state"]
            if expected != state.move_number:
                # Sent twice, or from a stale view: stale whoever decides by now (a retry
                # that arrives after the turn has passed included).
                raise RequestError(
                    409,
                    "StaleMoveError",
                    f"stale move number {expected}: the game is at move {state.move_number}",
                )
            if state.current_player != seat:
                raise RequestError(400, "InvalidArgument", f"seat {seat} is not deciding")
            start = time.perf_counter()
            _apply(table, body.get("move"), expected)
            store.costs["apply"].append(time.perf_counter() - start)
        elif action == "timeout":
            seat = _seat(table, body, token=False)
            _apply(table, table["state"].default_move(seat))
        elif action == "resign":
            # Whoever decides now: a resignation is taken at any moment (C-RESIGN); a
            # seat that resigned already, or a game over, is refused (IllegalMoveError).
            seat = _seat(table, body)
            _apply(table, f"resign {seat}")
        else:
            raise RequestError(404, "NotFound", f"no action {action}")
        _play_bots(table)
        return answer(store, table, seat, _field(body, "since", int) if "since" in body else 0)


class Handler(BaseHTTPRequestHandler):
    """The HTTP layer: JSON bodies in, JSON out, library errors as JSON."""

    store: Store

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _serve(self, method: str) -> None:
        url = urlparse(self.path)
        try:
            length = _number(self.headers.get("Content-Length") or "0")
            if length is None:
                raise RequestError(400, "BadRequest", "Content-Length must be a number")
            if length > MAX_BODY:
                raise RequestError(413, "TooLarge", f"a body of {length} bytes")
            body = _read_json(self.rfile.read(length)) if length else None
            result = handle(self.store, method, url.path, url.query, body)
            status = 200
        except RequestError as error:
            status, result = error.status, {"error": error.kind, "message": str(error)}
        except StaleMoveError as error:
            status, result = 409, {"error": type(error).__name__, "message": str(error)}
        except Scala40Error as error:
            status, result = 400, {"error": type(error).__name__, "message": str(error)}
        except (ValueError, RecursionError) as error:  # bad JSON, bad UTF-8, too deep
            status, result = 400, {"error": "BadRequest", "message": str(error)[:200]}
        except Exception as error:  # a fault of the server: still an answer, never a hang-up
            status, result = 500, {"error": "InternalError", "message": type(error).__name__}
        data = json.dumps(result).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        del format, args  # quiet: a real server would log to its own files


def _read_json(raw: bytes) -> Any:
    """A request's body: UTF-8 JSON, without NaN or numbers past MAX_NUMBER_DIGITS."""

    def integer(text: str) -> int:
        if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
            raise RequestError(
                400, "BadRequest", f"numbers have at most {MAX_NUMBER_DIGITS} digits"
            )
        return int(text)

    def constant(text: str) -> Any:
        raise RequestError(400, "BadRequest", f"{text} is not JSON")

    return json.loads(raw.decode("utf-8"), parse_int=integer, parse_constant=constant)


def serve(store: Store, port: int = 0) -> ThreadingHTTPServer:
    """A server on ``port`` (0: any free port) over ``store``, started in a thread."""
    handler = type("BoundHandler", (Handler,), {"store": store})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# -- a scripted client, for the demo and the tests ---------------------------------------


def call(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One request: its status and its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def play_table(
    base: str,
    game: str,
    players: int,
    seed: int,
    humans: int = 1,
    timeouts: bool = False,
    rules: Any = None,
) -> dict[str, Any]:
    """Play a whole game at a new table (``rules``: a preset's name or a ruleset's
    dictionary; ``None`` for the game's default): seats below ``humans`` are scripted
    clients that close or meld when they can and otherwise play a random legal move of
    their view (or, with ``timeouts``, let every other decision time out); the others
    are greedy bots. Returns the last view of seat 0."""
    bots = {str(seat): "greedy" for seat in range(humans, players)}
    request = {"game": game, "players": players, "seed": seed, "bots": bots, "rules": rules}
    status, created = call(base, "POST", "/tables", request)
    assert status == 200, created
    table, tokens = created["table"], created["tokens"]
    rng = random.Random(seed)
    seen = dict.fromkeys(range(humans), 0)
    for _ in range(MAX_BOT_MOVES):
        views: dict[int, dict[str, Any]] = {}
        for seat in range(humans):
            query = f"?seat={seat}&token={tokens[str(seat)]}&since={seen[seat]}"
            status, answered = call(base, "GET", f"/tables/{table}{query}")
            assert status == 200, answered
            views[seat] = answered["view"]
            seen[seat] = answered["view"]["move_number"]
        view = views[0]
        if view["is_over"]:
            return view
        seat = view["current_player"]
        mine = views.get(seat)
        if mine is None or not mine["legal_moves"]:
            raise AssertionError(f"a human seat must decide, got {view['decision']}")
        if timeouts and rng.random() < 0.5:
            status, answered = call(base, "POST", f"/tables/{table}/timeout", {"seat": seat})
        else:
            # A scripted player closes or melds when it can (random play alone could go
            # on for thousands of moves), and otherwise picks any legal move.
            eager = [
                item
                for item in mine["legal_moves"]
                if item["text"].split(" ", 1)[0] in ("close", "knock", "meld")
            ]
            choice = rng.choice(eager or mine["legal_moves"])
            move = choice["move"] if rng.random() < 0.5 else choice["text"]
            body = {
                "seat": seat,
                "token": tokens[str(seat)],
                "move": move,
                "move_number": mine["move_number"],
                "since": seen[seat],
            }
            status, answered = call(base, "POST", f"/tables/{table}/moves", body)
        assert status == 200, answered
    raise AssertionError("the game did not end")


def demo(database: str) -> None:
    """Play a whole game of every game through the HTTP interface; print the costs."""
    store = Store(database)
    server = serve(store)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        for index, name in enumerate(("scala40", "skarney", "rumino", "chinchon", "laconga")):
            game = load_game(name)
            players = game.default_players
            started = time.perf_counter()
            view = play_table(base, name, players, seed=index + 1, timeouts=True)
            seconds = time.perf_counter() - started
            print(
                f"{game.title}: over after {view['move_number']} moves, "
                f"winners {view['winners']} ({seconds:.1f} s)"
            )
    finally:
        server.shutdown()
    print("median cost per request, in ms:")
    for step, costs in store.costs.items():
        if costs:
            print(f"  {step:5} {statistics.median(costs) * 1000:7.3f}  ({len(costs)} requests)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="serve until Ctrl-C")
    parser.add_argument("--port", type=int, default=8040)
    parser.add_argument("--db", default="tables.sqlite", help="the SQLite file of the tables")
    args = parser.parse_args()
    if not args.serve:
        with tempfile.TemporaryDirectory() as folder:
            demo(str(Path(folder) / "tables.sqlite"))
        return
    server = serve(Store(args.db), args.port)
    print(f"serving on http://127.0.0.1:{server.server_address[1]} (Ctrl-C stops)")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
