"""The tables of the web server: kept in SQLite, played through requests that carry a
seat's token, answered with what that seat may see.

:class:`~scala40_server.web.store.TableStore` (re-exported here) holds the tables of one
SQLite file; :class:`Tables` answers the requests of the HTTP interface
(:mod:`scala40_server.web.server` only carries them), each a call ``tables.handle(method, path,
query, body)`` that returns ``(status, answer)``. Each request loads its table's state
back from its JSON as untrusted data (``state_from_dict`` checks all of it), applies what
the request asks, lets the bots play their seats, and saves the state again. Its limits
are the server's (:class:`~scala40_server.web.limits.ServerLimits`), never a client's. Each
request's fields are read by :mod:`scala40_server.web.requests` (whose
:class:`~scala40_server.web.requests.RequestError` is re-exported here), and the deal's steps
are :mod:`scala40_server.web.dealing`'s.

**Seats.** A table's seats are played by people, each with a secret token given when
the table is made (a request naming a seat must carry its token: 403 otherwise), or by
the library's bots (a name as :func:`~scala40.bots.make_bot` reads it, ``greedy`` by
default). A seat is sent its view (``view.to_dict()``: its own cards, its legal moves,
the public rest), the events since a move number as it may see them
(:meth:`~scala40.events.Event.for_seat`), and pictures drawn from its view alone: never
another seat's cards, nor another seat's token.

**Fair dealing.** A table's people shuffle with the server (:mod:`scala40_server.serving.fair_deal`):
the server commits to a secret and the table's terms when the table is made, each
person's seat commits to a value (``shuffle`` with ``commitment``), then, once every
person's commitment is in, reveals it (``shuffle`` with ``value``), and the cards are
dealt from a seed all of them give. Each step waits a decision's clock
(:attr:`~scala40_server.web.limits.ServerLimits.decision_seconds`) at most: a seat that has
not committed by then takes no part; a seat that committed and has not revealed by then
voids the deal, which every answer then says, naming it, and the table draws a new deal
whose terms count the void (a table whose
:data:`~scala40_server.serving.deals.MAX_VOIDS`-th deal is void is void for good). Each
part is answered with an acknowledgement for the seat to keep, and a part sent again is
acknowledged again. Until the deal, a seat's
answer says ``"dealt": false``, with the deal and its clock (``deal_clock``). Every
answer carries the table's ``deal``, and, once the match is over, the secret, the salt
and the seed, so that each seat checks the deal. A table made with ``"shuffle": false``
is dealt at once from the server's secret alone, and its terms say so; a creator may
choose the seed only at a table where no other person sits.

**Moves.** A move carries the move number of the view it answers; a move sent for an
older number (a second tab, a request sent twice) is refused with status 409
(:class:`~scala40.StaleMoveError`).

**Bots.** After each request the bots play their seats, each asked through
:func:`scala40.bots.choose_move` within the sooner of the request's deadline (the
server's :attr:`~scala40_server.web.limits.ServerLimits.request_seconds` from the request's
start, waiting for the table included) and the table's ``bot_time_limit`` seconds a move
(at most :data:`~scala40_server.protocol.MAX_TIME_LIMIT`), until a person is to decide,
the game ends, or the deadline has passed (after one bot move at least; the answer then
says ``waiting``, and ``advance`` plays on). A bot thinks no longer than the
client's and the table's budgets hold, each move paid from both as it ends, and a bot
that searches thinks in one of the server's turns
(:mod:`scala40_server.web.budgets`): while a budget is spent, or no turn comes within the
deadline, the bots wait, and the answer says why and when they play on
(``held_back``). A bot's move draws from a generator seeded with
the table's seed and the move number, so a table replays the same from its seed and
the people's moves.

**Undo** takes a seat back to its previous decision, at a table where every other seat
is a bot, and only where that shows the seat nothing it could not see anyway: within its
own turn, before any other seat (or a deal) has moved, no card has come into its hand
from the stock, and no hand has ended. So a take or a meld can be taken back before the
discard; a discard, once a bot has answered it, stands (the answer showed cards of the
bot's hand or the stock's top, and another discard would show another): the rule is
:mod:`scala40_server.serving.undo`'s. The move made after an undo has the number the first move
taken back had: an answer to a ``since`` among the moves an undo took back sends the
events since the move it went back to, and says so (``undone_to``: drop the events held
past it).

**Resignation** is taken from a seat at any moment (C-RESIGN). **The clock**: each
decision of a person runs on a clock the server keeps
(:attr:`~scala40_server.web.limits.ServerLimits.decision_seconds`), from the moment the decision
is shown to the person (an answer to their seat carries it) or
:attr:`~scala40_server.web.limits.ServerLimits.unseen_seconds` after it came, whichever is
sooner: a page that learns of a decision late (the move before it played for the person
by a timeout) loses none of its clock, and a client that never looks holds the table
that long at most. Every answer says what is left (``clock``; the person's own answer
names the move a timeout plays, ``default_move``), and once it has run out any seat of
the table may have the game's default move played for the person (``timeout``; before,
it is refused with status 409, ``ClockRunning``); the move's event says so to every seat
(``"timeout": true``). At zero the server plays nothing by itself: the move waits for a
seat to ask (at a table where no other person sits, nobody asks: the bots wait for the
person's move). The first decision a person makes in each hand has
:attr:`~scala40_server.web.limits.ServerLimits.hand_break_seconds` more on its clock: the time to
read how the last hand ended (the page shows it as the next hand begins) or, in the
first hand, to sit down.

>>> import tempfile, pathlib
>>> from scala40_server.web.tables import Tables, TableStore
>>> folder = tempfile.TemporaryDirectory()
>>> tables = Tables(TableStore(str(pathlib.Path(folder.name, "tables.sqlite"))))
>>> status, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "seed": 1})
>>> status, made["seats"]
(200, [{'player': True}, {'bot': 'greedy'}])
>>> query = f"seat=0&token={made['tokens']['0']}"
>>> status, answer = tables.handle("GET", f"/tables/{made['table']}", query, None)
>>> answer["view"]["hand"], [move["text"] for move in answer["view"]["legal_moves"]]
(['2S', '3S', 'KS', '5H', '5D', 'AC', '4C'], ['draw', 'take'])
>>> from scala40_server.web.tables import RequestError
>>> try:
...     tables.handle("GET", f"/tables/{made['table']}", "seat=0&token=wrong", None)
... except RequestError as refused:
...     print(refused.status, refused)
403 wrong token for this seat
>>> folder.cleanup()
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from scala40.checks import describe
from scala40.deadline import Deadline
from scala40.drawing import last_hand_svg, view_svg
from scala40.errors import InvalidArgumentError, InvalidValueError, StaleMoveError
from scala40.events import Event, events_of
from scala40.game import Game, load_game
from scala40.history import HandHistory
from scala40_server.serving.bot_seats import (
    DEFAULT_TIME_LIMIT,
    MAX_BOT_MOVES,
    bot_move,
    check_time_limit,
    is_search,
    timed_bot,
)
from scala40_server.serving.fair_deal import Deal, SealedDeal
from scala40_server.serving.request_fields import MAX_SEED, read_rules, refuse_unknown_fields
from scala40_server.serving.seat_access import resigning_seat
from scala40_server.serving.signatures import SigningKey
from scala40_server.web.budgets import Budgets, Refusal, whole_seconds
from scala40_server.web.dealing import (
    DealSteps,
    UndealtError,
    deal_of_text,
    draw_deal,
    seats_shown,
    stored_deal_text,
)
from scala40_server.web.limits import ServerLimits
from scala40_server.web.lobby import card_names, games_listing, rule_pages
from scala40_server.web.requests import (
    ACTION_FIELDS,
    CREATE_FIELDS,
    LOOK_FIELDS,
    MAX_PLAYERS,
    PICTURE_FIELDS,
    RequestError,
    is_table_number,
    read_body,
    read_bot_specs,
    read_field,
    read_number,
    read_query,
    read_since,
    refuse,
    seat_of,
)
from scala40_server.web.store import TableBusyError, TableStore
from scala40_server.web.undo import keep_decision, keep_undo, undo_target, undone_to

__all__ = [
    "MAX_PLAYERS",
    "MAX_SEED",
    "RequestError",
    "TableStore",
    "Tables",
]


class _Table:
    """One table while a request works on it."""

    def __init__(
        self,
        table_id: int,
        game: Game,
        seed: int,
        state: Any,
        seats: list[dict[str, Any]],
        bot_time_limit: float,
        deal: Deal | SealedDeal | None,
        decision_started: float | None,
        request_seconds: float,
    ) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.deal = deal
        """The secret deal (``None`` at a table made before seeds were kept secret)."""
        self.decision_started = decision_started
        """When the clock of the person to decide starts (or started): see
        :meth:`Tables._start_clock` and :func:`_show`."""
        self.request_seconds = request_seconds
        """The server's request bound: no bot move thinks longer."""
        self.state = state
        self.seats = seats
        self.bot_time_limit = bot_time_limit
        self.saved = state
        """The state as it is stored."""
        self.events: list[Event] = []
        """The events this request made (saved with the state)."""
        self.waiting = False
        """Whether a bot is still to move (the request's time ran out)."""
        self.think: Callable[
            [Deadline, float, bool], AbstractContextManager[Refusal | Deadline]
        ] = _unmetered
        """A turn for a bot to think in, and the deadline it thinks by
        (:meth:`~scala40_server.web.budgets.Budgets.thinking`)."""
        self.held_back: Refusal | None = None
        """Why the bots stopped before their move's time, if a budget or a turn did."""
        self.clock: Callable[[], float] = time.time
        """The time the decisions' clocks read (:class:`Tables`'s ``clock``)."""
        self.timed_out: set[int] = set()
        """The move numbers of this request's moves that a timeout played (their events
        say so)."""

    def bot(self, seat: int | None) -> str | None:
        if seat is None or seat >= len(self.seats):
            return None
        spec: str | None = self.seats[seat].get("bot")
        return spec

    def apply(self, move: Any, expected: int | None = None) -> None:
        before = self.state
        if isinstance(move, (str, Mapping)) and (
            expected is None or expected == before.move_number
        ):
            # Read in the position, once: a text may leave out what only the position
            # settles (an extension's end), which the move's events must not read again.
            move = before.parse_move(move)
        if expected is None:
            after = before.apply(move)
        else:
            after = before.apply(move, expected_move_number=expected)
        self.events.extend(events_of(before, move, after))
        self.state = after

    def play_bots(self, deadline: Deadline) -> None:
        """The chance steps and the bots' moves, up to a person's decision, the end, or
        the request's ``deadline`` (see the module)."""
        bots: dict[int, Any] = {}
        # A move never thinks past the request's bound, whatever the table asked for.
        limit = min(self.bot_time_limit, self.request_seconds)
        self.waiting = False
        for played in range(MAX_BOT_MOVES):
            state = self.state
            if state.is_over:
                return
            if state.is_chance:
                self.apply(state.legal_moves()[0])
                continue
            seat = state.current_player
            spec = self.bot(seat)
            if spec is None:
                return
            # At least one move a request, so that ``advance`` always plays on.
            if played and deadline.expired():
                self.waiting = True
                return
            if seat not in bots:
                bots[seat] = timed_bot(spec, self.game, limit)
            rng = random.Random(f"{self.seed}:{state.move_number}")
            with self.think(deadline, limit, is_search(spec, self.game)) as thinking:
                if isinstance(thinking, Refusal):
                    self.held_back, self.waiting = thinking, True
                    return
                move = bot_move(state, bots[seat], rng=rng, deadline=thinking)
            self.apply(move)
        self.waiting = not self.state.is_over and self.bot(self.state.current_player) is not None


@contextmanager
def _unmetered(deadline: Deadline, seconds: float, search: bool) -> Iterator[Refusal | Deadline]:
    """A turn to think for a table that no budget meters: by the sooner of ``deadline``
    and ``seconds``."""
    yield deadline.within(seconds)


def _stored_seed(seed: int) -> int:
    """A seed (up to 2**64 - 1) as SQLite's signed 64-bit integers hold it."""
    return seed - 2**64 if seed >= 2**63 else seed


def _seed_of_row(value: int) -> int:
    """The seed a row holds (see :func:`_stored_seed`)."""
    return value % 2**64


class Tables(DealSteps):
    """The requests of the web table's HTTP interface (see the module and
    :mod:`scala40_server.web.server` for the endpoints), over ``store``'s tables, within
    ``limits`` (:class:`~scala40_server.web.limits.ServerLimits`; its defaults unless given),
    its decisions' clocks reading ``clock`` (seconds, ``time.time`` unless given: a test
    sets the time itself).

    :raises InvalidArgumentError: ``store`` is not a
        :class:`~scala40_server.web.store.TableStore`, ``limits`` not limits, ``clock`` not
        callable.
    """

    def __init__(
        self,
        store: TableStore,
        limits: ServerLimits | None = None,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if not isinstance(store, TableStore):
            raise InvalidArgumentError(f"store must be a TableStore, got {describe(store)}")
        if clock is not None and not callable(clock):
            raise InvalidArgumentError(f"clock must be callable, got {describe(clock)}")
        self.clock: Callable[[], float] = time.time if clock is None else clock
        """The time the decisions' clocks read, in seconds."""
        self.store = store
        self.limits: ServerLimits = ServerLimits() if limits is None else limits
        """The server's limits (:mod:`scala40_server.web.limits`)."""
        if not isinstance(self.limits, ServerLimits):
            raise InvalidArgumentError(f"limits must be ServerLimits, got {describe(limits)}")
        self.budgets: Budgets = Budgets(self.limits)
        """What each client and each table may spend (:mod:`scala40_server.web.budgets`)."""
        self.signing_key: SigningKey = store.signing_key()
        """The key the server signs what it acknowledges with, which its tables' terms
        name: a server always signs."""
        self._request = threading.local()
        # The actions that let no bot move; the others are _PLAYS's.
        self._actions: dict[str, Callable[[int, Mapping[str, Any], Deadline], dict[str, Any]]] = {
            "undo": self._undo,
            "shuffle": self._shuffle,
        }

    # ------------------------------------------------------------ routing

    def handle(
        self, method: str, path: str, query: str, body: object, *, client: str = "local"
    ) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer of one request (``body``: its JSON, or ``None``)
        from ``client`` (its address: what it may spend is counted by it,
        :mod:`scala40_server.web.quotas`).

        Raises :class:`RequestError` and the library's errors for requests it refuses;
        :mod:`scala40_server.web.server` answers them with their status.
        """
        # The request's time starts now: waiting for its table and its bots' thinking
        # count against it.
        deadline = Deadline.after(self.limits.request_seconds)
        self._request.client = client
        try:
            return self._handle(method, path, query, body, client, deadline)
        finally:
            self._request.client = None

    def _handle(
        self, method: str, path: str, query: str, body: object, client: str, deadline: Deadline
    ) -> tuple[int, dict[str, Any]]:
        self.store.sweep(self.limits.finished_seconds, self.limits.idle_seconds)
        parts = [part for part in path.split("/") if part]
        if parts == ["games"] and method == "GET":
            return 200, {"games": games_listing()}
        if parts == ["tables"] and method == "POST":
            self._admit_table(client)
            made = self.create(read_body(body), deadline)
            self.store.claim(made["table"], client)
            return 200, made
        if len(parts) < 2 or parts[0] != "tables" or not is_table_number(parts[1]):
            raise RequestError(404, "NotFound", f"no resource {path[:100]}")
        table_id = int(parts[1])
        action = parts[2] if len(parts) == 3 else None
        if len(parts) > 3:
            raise RequestError(404, "NotFound", f"no resource {path[:100]}")
        if method == "GET" and action is None:
            params = read_query(query)
            refuse_unknown_fields(params, LOOK_FIELDS, "'GET /tables/N'")
            return 200, self.look(table_id, params, read_since(params.get("since")), deadline)
        if method != "POST" or action not in ACTION_FIELDS:
            raise RequestError(404, "NotFound", f"no resource {method} {path[:100]}")
        request = read_body(body)
        refuse_unknown_fields(request, ACTION_FIELDS[action], f"'POST /tables/N/{action}'")
        if action in self._actions:
            return 200, self._actions[action](table_id, request, deadline)
        if action == "advance":
            # Nothing of the seat's to play: refused while its bots may not think. The
            # other actions are the seat's own, played whatever its bots' budgets.
            refuse(self.budgets.refuse_thinking(client, table_id))
        return 200, self._play_on(action, table_id, request, deadline)

    def _admit_table(self, client: str) -> None:
        """Make room for a new table of ``client``'s (:meth:`TableStore.make_room`), or
        refuse it: the tables kept all in play (429 for the client's, 503 in all), or the
        client's budgets (429: :meth:`~scala40_server.web.budgets.Budgets.refuse_table`)."""
        limits = self.limits
        full = self.store.make_room(
            client, limits.client_tables, limits.max_tables, limits.in_play_seconds
        )
        if full is not None:
            limit, wait = full
            mine = limit == "client_tables"
            raise RequestError(
                429 if mine else 503,
                "TooManyRequests" if mine else "Full",
                f"this server keeps {getattr(limits, limit):,} tables "
                + ("for one client" if mine else "in all")
                + f", and every one is in play: try again in {whole_seconds(wait)} s",
                retry_after=whole_seconds(wait),
                limit=limit,
            )
        refuse(self.budgets.refuse_table(client))

    def _thinking(
        self, table: _Table
    ) -> Callable[[Deadline, float, bool], AbstractContextManager[Refusal | Deadline]]:
        """The turns in which ``table``'s bots think for this request's client, each paid
        from its budgets as it ends."""
        client = getattr(self._request, "client", None) or "local"

        def think(
            deadline: Deadline, seconds: float, search: bool
        ) -> AbstractContextManager[Refusal | Deadline]:
            return self.budgets.thinking(
                client, table.id or None, deadline, search=search, seconds=seconds
            )

        return think

    # ------------------------------------------------------------ storage

    @contextmanager
    def _table(
        self, table_id: int, deadline: Deadline
    ) -> Iterator[tuple[_Table, sqlite3.Connection]]:
        """The table, its state loaded, once no other request works on it (waiting at
        most until ``deadline``: 503 after); saved back when the block ends well."""
        with self._locked(table_id, deadline) as db:
            row = db.execute(
                "SELECT game, seed, state, seats, bot_time_limit, deal, decision_started"
                " FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if row is None:
                raise RequestError(404, "NotFound", f"no table {table_id}")
            game = load_game(row[0])
            deal = deal_of_text(row[5])
            seats = json.loads(row[3])
            fresh = isinstance(deal, SealedDeal) and not deal.is_dealt
            if isinstance(deal, SealedDeal) and fresh:
                # The people's parts are in (or this request goes on without those not
                # sent): the seed is fixed, and the cards dealt, now.
                deal = self._deal_now(db, table_id, deal, seats)
                terms = json.loads(deal.terms)
                rules = game.ruleset_type.from_dict(terms["rules"])
                state = game.new_game(rules, len(seats), deal.seed)
                # The deal and the cards it dealt are stored now, before the bots play:
                # a write left open would hold the file's lock while a bot that searches
                # gives the server's turn away, and every request that writes would wait
                # for it holding a turn of its own (the server stalled for the file's
                # timeout). A request that fails after leaves the table dealt, to play on.
                db.execute(
                    "UPDATE tables SET seed = ?, deal = ?, state = ? WHERE id = ?",
                    (
                        _stored_seed(deal.seed),
                        stored_deal_text(deal),
                        json.dumps(state.to_dict()),
                        table_id,
                    ),
                )
                db.commit()
            else:
                state = game.state_from_dict(json.loads(row[2]))
            seed = _seed_of_row(row[1]) if deal is None else deal.seed
            table = _Table(
                table_id,
                game,
                seed,
                state,
                seats,
                row[4],
                deal,
                row[6],
                self.limits.request_seconds,
            )
            table.think = self._thinking(table)
            table.clock = self.clock
            if fresh:
                table.saved = None  # stored (with the deal's events) when the block ends
                table.play_bots(deadline)
            yield table, db
            self._save(db, table)

    @contextmanager
    def _locked(self, table_id: int, deadline: Deadline) -> Iterator[sqlite3.Connection]:
        try:
            with self.store.locked(table_id, deadline.remaining()) as db:
                yield db
        except TableBusyError as error:
            raise RequestError(503, "Busy", str(error), retry_after=1) from None

    def _start_clock(self, table: _Table) -> None:
        """Set the clock of a decision that comes to a person (none otherwise) to start
        :attr:`~scala40_server.web.limits.ServerLimits.unseen_seconds` from now, the latest it
        may: it starts sooner once the decision is shown to the person (:func:`_show`).
        A person's first decision of the hand starts it after the hand's break."""
        table.decision_started = None
        if _person_decides(table):
            unseen = self.limits.unseen_seconds
            table.decision_started = table.clock() + unseen + _break(table, self.limits)

    def _save(self, db: sqlite3.Connection, table: _Table) -> None:
        """Store the table's state and this request's events, and the state as a
        decision of the person to decide (what undo goes back to), if it changed."""
        if table.state is table.saved:
            return
        table.saved = table.state
        self._start_clock(table)
        db.execute(
            "UPDATE tables SET state = ?, decision_started = ?, updated = ?, over = ?"
            " WHERE id = ?",
            (
                json.dumps(table.state.to_dict()),
                table.decision_started,
                time.time(),
                int(table.state.is_over),
                table.id,
            ),
        )
        db.executemany(
            "INSERT INTO events (table_id, seat, number, event) VALUES (?, ?, ?, ?)",
            [
                (table.id, seat, event.number, json.dumps(_event_for(table, event, seat)))
                for event in table.events
                for seat in range(len(table.seats))
            ],
        )
        table.events = []
        table.timed_out = set()
        keep_decision(db, table)

    # ------------------------------------------------------------ requests

    def create(self, body: Mapping[str, Any], deadline: Deadline | None = None) -> dict[str, Any]:
        """A new table: ``game``, ``rules`` (a preset's name or a ruleset's dictionary),
        ``players``, ``seed`` (chosen, at a table where no other person sits), ``shuffle``
        (without a seed: true unless given, the people shuffle with the server before
        the cards are dealt; false, the server deals at once, alone, and the terms say
        so), ``bots`` (one entry per seat, a bot's name or ``null`` for a person, or an
        object from seats to bots; by default seat 0 a person and the others ``bot``,
        ``greedy`` unless named) and ``bot_time_limit``; answers the table's number, each
        person's token, the seats, the deal and whether it is dealt. Any other field is
        refused by name. The bots play within ``deadline`` (the server's request bound
        from now, unless given)."""
        if deadline is None:
            deadline = Deadline.after(self.limits.request_seconds)
        refuse_unknown_fields(body, CREATE_FIELDS, "'POST /tables'")
        game = load_game(read_field(body, "game", str, "scala40"))
        rules = read_rules(game, body.get("rules"))
        fallback = min(max(game.default_players, rules.min_players), rules.max_players)
        players: int = read_field(body, "players", int, fallback)
        if not 1 <= players <= MAX_PLAYERS:
            raise InvalidValueError(f"'players' must be from 1 to {MAX_PLAYERS}")
        given_limit = body.get("bot_time_limit")
        limit = check_time_limit(DEFAULT_TIME_LIMIT if given_limit is None else given_limit)
        specs = read_bot_specs(body, players)
        now = time.time()
        deal = draw_deal(body, specs, game, rules, now, self.signing_key.public)
        for spec in specs:
            if spec is not None:
                timed_bot(spec, game, limit)  # refused now rather than at its first turn
        seats: list[dict[str, Any]] = [
            {"bot": spec} if spec is not None else {"token": secrets.token_urlsafe(16)}
            for spec in specs
        ]
        tokens = {
            str(seat): place["token"] for seat, place in enumerate(seats) if "token" in place
        }

        def made(table_id: int) -> dict[str, Any]:
            return {
                "table": table_id,
                "game": game.name,
                "deal": deal.public(revealed=False),
                "dealt": deal.is_dealt,
                "tokens": tokens,
                "seats": seats_shown(seats),
            }

        if not deal.is_dealt:
            # The people shuffle with the server: the cards are dealt once their
            # commitments, then their values, are in.
            with self.store.connect() as db:
                cursor = db.execute(
                    "INSERT INTO tables (game, seed, state, seats, bot_time_limit, created, deal,"
                    " decision_started, updated) VALUES (?, 0, '', ?, ?, ?, ?, NULL, ?)",
                    (game.name, json.dumps(seats), limit, now, stored_deal_text(deal), now),
                )
            assert cursor.lastrowid is not None
            return made(cursor.lastrowid)
        seed = deal.seed
        state = game.new_game(rules, players, seed)
        table = _Table(0, game, seed, state, seats, limit, deal, now, self.limits.request_seconds)
        table.think = self._thinking(table)
        table.clock = self.clock
        # The bots play up to a person's decision before the table is stored, and it is
        # stored whole in one transaction: a bot that fails there leaves no table behind
        # to fail again (and no other request waits on the file while they think).
        table.play_bots(deadline)
        self._start_clock(table)
        with self.store.connect() as db:
            cursor = db.execute(
                "INSERT INTO tables (game, seed, state, seats, bot_time_limit, created, deal,"
                " decision_started, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.name,
                    _stored_seed(seed),
                    json.dumps(table.saved.to_dict()),
                    json.dumps(seats),
                    limit,
                    now,
                    stored_deal_text(deal),
                    table.decision_started,
                    now,
                ),
            )
            assert cursor.lastrowid is not None
            table.id = table_id = cursor.lastrowid
            self._save(db, table)
            keep_decision(db, table)  # the first, where no bot moved before it
        return made(table_id)

    def look(
        self,
        table_id: int,
        params: Mapping[str, Any],
        since: int,
        deadline: Deadline | None = None,
    ) -> dict[str, Any]:
        """A seat's answer: its view, its events since move ``since``, and the table
        (waiting for it at most until ``deadline``)."""
        if deadline is None:
            deadline = Deadline.after(self.limits.request_seconds)
        try:
            with self._table(table_id, deadline) as (table, db):
                seat = seat_of(table.seats, params)
                # A deal just drawn is stored, its decision's clock set, before the seat
                # is shown it (the clock then starts as it is shown: _answer).
                self._save(db, table)
                return _answer(table, db, self.limits, seat, since)
        except UndealtError:
            return self._undealt(table_id, params, deadline)

    def picture(
        self, table_id: int, params: Mapping[str, Any], deadline: Deadline | None = None
    ) -> str:
        """The picture of a seat's view (``what=last_hand``: how the last hand ended),
        drawn from its perspective, ``size`` pixels wide and laid out in ``layout_width``
        (a page lays it out as narrow as its screen): the last move marked, the card
        just drawn or taken outlined, and the discard pile filled while the seat is to
        decide."""
        refuse_unknown_fields(params, PICTURE_FIELDS, "'GET /tables/N/picture'")
        if deadline is None:
            deadline = Deadline.after(self.limits.request_seconds)
        with self._table(table_id, deadline) as (table, db):
            seat = seat_of(table.seats, params)
            view = table.state.view(seat)
            size = read_number(params.get("size", ""))
            layout_width = read_number(params.get("layout_width", ""))
            if params.get("what") == "last_hand":
                if view.last_hand is None:
                    raise RequestError(404, "NotFound", "no hand has ended yet")
                return last_hand_svg(view, layout_width=layout_width)
            rows = db.execute(
                "SELECT event FROM events WHERE table_id = ? AND seat = ? ORDER BY rowid DESC"
                " LIMIT 50",
                (table.id, seat),
            )
            last, drawn = _last_move((json.loads(row[0]) for row in rows), seat)
            fill = {"discard": "#fff3c4"} if view.current_player == seat else None
            return view_svg(
                view,
                last_move=last,
                taken=drawn,
                fill=fill,
                perspective=seat,
                size=size,
                layout_width=layout_width,
                own_hand=False,  # the page shows the hand itself, as cards to pick
            )

    def _play_on(
        self, action: str, table_id: int, body: Mapping[str, Any], deadline: Deadline
    ) -> dict[str, Any]:
        """An action after which the bots play on (:data:`_PLAYS`): what the asking seat
        does, the bots' answer, and the seat's answer (its events are read from the
        table as stored, so the table is saved before it)."""
        with self._table(table_id, deadline) as (table, db):
            seat = seat_of(table.seats, body)
            _PLAYS[action](table, seat, body, self.limits)
            table.play_bots(deadline)
            self._save(db, table)
            answer = _answer(table, db, self.limits, seat, read_since(body.get("since")))
            if table.held_back is not None and answer["waiting"]:
                answer["held_back"] = table.held_back.to_dict()
            return answer

    def _undo(self, table_id: int, body: Mapping[str, Any], deadline: Deadline) -> dict[str, Any]:
        with self._table(table_id, deadline) as (table, db):
            seat = seat_of(table.seats, body)
            _move_number(table, body)
            target = undo_target(table, db, seat)
            if isinstance(target, str):
                raise RequestError(400, "UndoRefused", target)
            number, text = target
            undone = table.state.move_number  # the last move taken back
            table.state = table.saved = table.game.state_from_dict(json.loads(text))
            self._start_clock(table)  # the decision comes back: a new clock
            db.execute(
                "UPDATE tables SET state = ?, decision_started = ? WHERE id = ?",
                (text, table.decision_started, table.id),
            )
            for name in ("events", "decisions"):
                db.execute(
                    f"DELETE FROM {name} WHERE table_id = ? AND number > ?",
                    (table.id, number),
                )
            keep_undo(db, table.id, number, undone)
            answer = _answer(table, db, self.limits, seat, read_since(body.get("since")))
            answer["undone_to"] = min(answer.get("undone_to", number), number)
            return answer


def _move_number(table: _Table, body: Mapping[str, Any]) -> int:
    """The move number a request answers, which must be the game's (a request sent for
    an older one, from a second tab or sent twice, is stale: 409)."""
    expected: int = read_field(body, "move_number", int)
    if table.state.move_number != expected:
        raise StaleMoveError(
            f"stale move number {expected}: the game is at move {table.state.move_number}"
        )
    return expected


def _play_move(table: _Table, seat: int, body: Mapping[str, Any], limits: ServerLimits) -> None:
    """``moves``: the seat's move, at the move number it answers, if the seat decides."""
    expected = _move_number(table, body)
    if table.state.current_player != seat:
        # Whose decision it is and what the seat may do, in the game's words.
        raise InvalidArgumentError(table.state.not_deciding(seat))
    move = body.get("move")
    if not isinstance(move, (str, dict)):
        raise InvalidArgumentError("'move' must be a move's text or object")
    resigning = resigning_seat(table.state, move)
    if resigning is not None and resigning != seat:
        # Any seat may resign at any moment (C-RESIGN), but only itself: resigning
        # another seat would win its match for the asker.
        raise InvalidArgumentError(f"seat {seat} may resign only itself, not seat {resigning}")
    table.apply(move, expected)


def _play_nothing(table: _Table, seat: int, body: Mapping[str, Any], limits: ServerLimits) -> None:
    """``advance``: nothing of the seat's; the bots play on where a request's time ran
    out."""


def _play_resign(table: _Table, seat: int, body: Mapping[str, Any], limits: ServerLimits) -> None:
    """``resign``: the seat resigns, at any moment (C-RESIGN)."""
    table.apply(f"resign {seat}")


def _play_timeout(table: _Table, seat: int, body: Mapping[str, Any], limits: ServerLimits) -> None:
    """``timeout``: the default move for the person to decide, once their clock has run
    out, asked by any seat of the table (``seat`` and ``token``: the asking seat's)."""
    mover = table.state.current_player
    if mover is None or table.bot(mover) is not None or table.state.is_over:
        raise InvalidArgumentError("no person is to decide")
    # Judged by the time left as the clock reads it, not as an answer rounds it: a
    # timeout is never played before the clock has run out, by a millisecond.
    left = _time_left(table, limits)
    if left > 0:
        raise RequestError(
            409,
            "ClockRunning",
            f"seat {mover} has {left:.3f} s left of the "
            f"{limits.decision_seconds:g} s this server gives a decision (and the "
            f"{limits.hand_break_seconds:g} s more of a person's first of a hand)",
        )
    table.apply(table.state.default_move(mover))
    table.timed_out.add(table.state.move_number)


_PLAYS: dict[str, Callable[[_Table, int, Mapping[str, Any], ServerLimits], None]] = {
    "moves": _play_move,
    "advance": _play_nothing,
    "resign": _play_resign,
    "timeout": _play_timeout,
}
"""The actions after which the bots play on, each what it does for the seat that asks
(checked by its token); the others (``undo``, ``shuffle``) let no bot move."""


def _last_move(newest_first: Iterator[dict[str, Any]], seat: int) -> tuple[str | None, str | None]:
    """From a seat's events newest first: the text of the latest move of this hand
    (``None`` when the hand has none yet: a deal or the end of a hand comes first), and
    the card that move brought into the seat's own hand (a card drawn), if it did."""
    for event in newest_first:
        if event["kind"] in ("hand_end", "game_over", "deal"):
            return None, None
        if event["move"] is not None and event["kind"] != "resign":
            text: str = event["move"]
            mine = event["seat"] == seat and len(event["cards"]) == 1
            return text, event["cards"][0] if mine else None
    return None, None


def _person_decides(table: _Table) -> bool:
    state = table.state
    return not (state.is_over or state.is_chance) and table.bot(state.current_player) is None


def _moved_this_hand(table: _Table, seat: int) -> bool:
    """Whether ``seat`` has moved in the hand in play (each person's first decision of a
    hand has the hand's break, the second person's too)."""
    return any(entry.seat == seat for entry in HandHistory(table.state.hand_log))


def _break(table: _Table, limits: ServerLimits) -> float:
    """The seconds the clock of the person to decide waits for the hand's break: the
    break at their first decision of the hand, none at the others."""
    if _moved_this_hand(table, table.state.current_player):
        return 0.0
    return limits.hand_break_seconds


def _show(table: _Table, db: sqlite3.Connection, limits: ServerLimits, seat: int) -> None:
    """``seat`` is being sent its view: if it is the person to decide, their decision is
    shown to them now, and its clock starts now (after the hand's break, at their first
    decision of a hand), unless it started already (:meth:`Tables._start_clock` set the
    latest it may start)."""
    if not _person_decides(table) or table.state.current_player != seat:
        return
    now = table.clock() + _break(table, limits)
    if table.decision_started is None or now < table.decision_started:
        table.decision_started = now
        db.execute("UPDATE tables SET decision_started = ? WHERE id = ?", (now, table.id))


def _event_for(table: _Table, event: Event, seat: int) -> dict[str, Any]:
    """The event as ``seat`` may see it (:meth:`~scala40.events.Event.for_seat`), saying
    so when a timeout played its move (``"timeout": true``): the person it was played for
    is told what was played for them, and every other seat that it was not the person's
    own choice."""
    shown = event.for_seat(seat)
    if event.number in table.timed_out and event.text is not None and not event.chance:
        shown["timeout"] = True
    return shown


def _time_left(table: _Table, limits: ServerLimits) -> float:
    """The seconds left on the clock of the person to decide (at least 0), the hand's
    break included at a person's first decision of a hand, and the time it waits to be
    shown to them, until it is."""
    now = table.clock()
    started = now if table.decision_started is None else table.decision_started
    return max(0.0, started + limits.decision_seconds - now)


def _clock(table: _Table, limits: ServerLimits) -> dict[str, Any] | None:
    """The clock of the person to decide as an answer tells it: their seat, the seconds
    a decision has, and the seconds left (:func:`_time_left`, to the millisecond;
    ``None`` when no person decides)."""
    if not _person_decides(table):
        return None
    return {
        "seat": table.state.current_player,
        "seconds": limits.decision_seconds,
        "left": round(_time_left(table, limits), 3),
    }


def _seat_clock(table: _Table, limits: ServerLimits, seat: int) -> dict[str, Any] | None:
    """The clock as ``seat`` is told it (:func:`_clock`), and, to the person to decide
    alone, the move a timeout plays for them (``default_move``): a discard names a card
    of their hand."""
    clock = _clock(table, limits)
    if clock is not None and clock["seat"] == seat:
        clock["default_move"] = str(table.state.default_move(seat))
    return clock


def _answer(
    table: _Table, db: sqlite3.Connection, limits: ServerLimits, seat: int, since: int
) -> dict[str, Any]:
    """What ``seat`` is sent, once the table is saved: its view, its events since move
    ``since``, the seats and the sides they play for (``teams``: partners share one),
    whether undo is possible, whether a bot is still to move, the clock of the person to
    decide (with, for that person alone, the move a timeout plays for them:
    ``default_move``), the deal, and the game with the names of its cards in a Spanish
    pack and the pages its rules are on (``rule_pages``: :func:`~scala40_server.web.lobby.rule_pages`),
    and whether a wild card in a set stands for a card of one suit (``set_wild_suit``).

    A ``since`` an undo took back (a move between the one it went back to and the last
    one it took back) may hold events the seat should no longer hold: the events are
    then those since the move gone back to, and the answer says so (``undone_to``)."""
    _show(table, db, limits, seat)
    back = undone_to(db, table.id, since)
    if back is not None:
        since = back
    rows = db.execute(
        "SELECT event FROM events WHERE table_id = ? AND seat = ? AND number > ? ORDER BY rowid",
        (table.id, seat, since),
    )
    state = table.state
    return {
        "table": table.id,
        "game": {
            "name": table.game.name,
            "title": table.game.title,
            "pack": state.rules.deck.pack,
            "card_names": card_names(state.rules.deck),
            "rule_pages": rule_pages(),
            # Whether a set's wild card stands for one suit (Scala 40: the suit named,
            # its set's suits all different) or only for its set's rank (SK-MELDS), as the
            # pictures draw it: the page names its reading so too.
            "set_wild_suit": getattr(
                getattr(state.rules, "meld_rules", None), "set_suits_distinct", True
            ),
        },
        "teams": [list(team) for team in state.teams],
        "seat": seat,
        "seats": seats_shown(table.seats),
        "view": state.view(seat).to_dict(),
        "events": [json.loads(row[0]) for row in rows],
        "waiting": not state.is_over and table.bot(state.current_player) is not None,
        "can_undo": not isinstance(undo_target(table, db, seat), str),
        "dealt": True,
        "deal": None if table.deal is None else table.deal.public(revealed=state.is_over),
        "clock": _seat_clock(table, limits, seat),
        **({} if back is None else {"undone_to": back}),
    }
