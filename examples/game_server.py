"""A game server for every game of the library, on the package's web table server.

``scala40_server.web`` does the server's work: tables in SQLite as JSON, each loaded back as
untrusted data on every request; tokens per seat; each seat sent its view as JSON and
the events it may see since a move number; stale moves refused with status 409; bots
in the empty seats; timeouts played with the game's default move; resignations at any
moment (C-RESIGN); undo; the page, the card pictures and CORS headers. This script adds
what a server of one's own would: its own routes (``/stats`` here) on the package's
handler, and scripted clients that play through the HTTP interface.

Run ``python examples/game_server.py`` to play a whole game of each game through the
HTTP interface with scripted clients and print what a request takes, or
``python examples/game_server.py --serve --port 8040 --db tables.sqlite`` to serve (then
open http://127.0.0.1:8040/ in a browser).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from typing_extensions import override

from scala40.game import BUILTIN_GAMES, load_game
from scala40_server.web.limits import ServerLimits
from scala40_server.web.server import TableHandler, make_server
from scala40_server.web.tables import TableStore

MAX_MOVES = 100_000
"""The most requests a scripted client sends in one game (a whole match is far shorter)."""


class Server(TableHandler):
    """The package's handler with a route of this server's own: ``GET /stats``, how many
    requests it has answered (any handler method can be added or overridden this way)."""

    answered = 0
    lock = threading.Lock()

    @override
    def do_GET(self) -> None:
        if self.path == "/stats":
            data = json.dumps({"answered": Server.answered}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        self._count()
        super().do_GET()

    @override
    def do_POST(self) -> None:
        self._count()
        super().do_POST()

    def _count(self) -> None:
        with Server.lock:
            Server.answered += 1


def serve(database: str, port: int = 0, limits: ServerLimits | None = None) -> ThreadingHTTPServer:
    """The server on ``port`` (0: any free port) over the tables of ``database``, with
    ``limits`` (the package's defaults unless given: a request bound of 2 seconds, a
    minute a decision), answering with this script's handler; the package's server reads
    the requests, holds the connections and hands out the turns
    (:func:`~scala40_server.web.server.make_server`)."""
    return make_server(TableStore(database), port=port, start=False, limits=limits, handler=Server)


# -- a scripted client, for the demo and the tests ---------------------------------------


def call(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One request: its status and its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
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
    times: list[float] | None = None,
) -> dict[str, Any]:
    """Play a whole game at a new table (``rules``: a preset's name or a ruleset's
    dictionary; ``None`` for the game's default): seats below ``humans`` are scripted
    clients that close or meld when they can and otherwise play a random legal move of
    their view (or, with ``timeouts``, let every other decision time out); the others
    are greedy bots. Each request's time is added to ``times``. Returns the last view of
    seat 0."""
    bots = [None] * humans + ["greedy"] * (players - humans)
    request = {"game": game, "players": players, "seed": seed, "bots": bots, "rules": rules}
    status, created = call(base, "POST", "/tables", request)
    assert status == 200, created
    table, tokens = created["table"], created["tokens"]
    rng = random.Random(seed)
    seen = dict.fromkeys(range(humans), 0)
    for _ in range(MAX_MOVES):
        views: dict[int, dict[str, Any]] = {}
        waiting = False
        for seat in range(humans):
            query = f"?seat={seat}&token={tokens[str(seat)]}&since={seen[seat]}"
            started = time.perf_counter()
            status, answered = call(base, "GET", f"/tables/{table}{query}")
            if times is not None:
                times.append(time.perf_counter() - started)
            assert status == 200, answered
            views[seat] = answered["view"]
            seen[seat] = answered["view"]["move_number"]
            waiting = answered["waiting"]
        if waiting:
            # The request's time ran out while the bots played: they play on.
            asker = {"seat": 0, "token": tokens["0"], "since": seen[0]}
            status, answered = call(base, "POST", f"/tables/{table}/advance", asker)
            assert status == 200, answered
            continue
        view = views[0]
        if view["is_over"]:
            return view
        seat = view["current_player"]
        mine = views.get(seat)
        if mine is None or not mine["legal_moves"]:
            raise AssertionError(f"a human seat must decide, got {view['decision']}")
        asker = {"seat": seat, "token": tokens[str(seat)], "since": seen[seat]}
        started = time.perf_counter()
        if timeouts and rng.random() < 0.5:
            status, answered = call(base, "POST", f"/tables/{table}/timeout", asker)
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
            body = {**asker, "move": move, "move_number": mine["move_number"]}
            status, answered = call(base, "POST", f"/tables/{table}/moves", body)
        if times is not None:
            times.append(time.perf_counter() - started)
        assert status == 200, answered
    raise AssertionError("the game did not end")


def demo(database: str) -> None:
    """Play a whole game of every game through the HTTP interface; print the times. The
    scripted clients let their time run out at will: the server gives no clock."""
    server = serve(database, limits=ServerLimits(decision_seconds=0, hand_break_seconds=0))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    times: list[float] = []
    try:
        for index, name in enumerate(BUILTIN_GAMES):
            game = load_game(name)
            players = game.default_players
            started = time.perf_counter()
            view = play_table(base, name, players, seed=index + 1, timeouts=True, times=times)
            seconds = time.perf_counter() - started
            print(
                f"{game.title}: over after {view['move_number']} moves, "
                f"winners {view['winners']} ({seconds:.1f} s)"
            )
        status, stats = call(base, "GET", "/stats")
        assert status == 200
    finally:
        server.shutdown()
        server.server_close()
    print(f"requests answered: {stats['answered']}")
    print(
        f"median time per request, in ms: {statistics.median(times) * 1000:.1f} "
        "(the bots' moves included)"
    )


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
    server = serve(args.db, args.port)
    print(f"serving on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
