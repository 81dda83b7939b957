"""``scala40 serve``: a referee for programs in any language, speaking JSON lines on
standard input and output.

Each line of input is one request, a JSON object; each gets one answer, one line of JSON,
in order. A request names its operation in ``op`` and may carry an ``id`` (any JSON
value of at most :data:`~scala40_server.protocol.MAX_ID_LENGTH` characters once written) that its answer repeats,
with its ``op``. An answer holds ``"ok": true`` and the operation's fields, or ``"ok":
false`` and ``"error": {"type": ..., "message": ...}``: the class name of the library's error (such
as ``IllegalMoveError``) and what was wrong. No request stops the referee, and none
prints a traceback.

The operations (each declared in :mod:`scala40_server.protocol`, whose request and answer
fields the JSON Schemas ``serve.request.json`` and ``serve.answer.json`` describe,
operation by operation: they ship with this package, and ``scala40 serve
--write-schemas DIR`` writes them beside the rules' schemas):

``games``
    the games and their presets.
``new``
    a game: ``game``, ``rules`` (a preset's name or a ruleset's dictionary), ``players``
    and ``seed``; answers its ``handle``, its ``deal`` and whether it is ``dealt``, with
    its ``summary`` once it is. Without ``seed`` the game shuffles with the client's
    seats: the referee draws a secret and commits to it and to the game's terms (game,
    rules, seats), and the game waits for its seats' commitments (``commit``), then
    their values (``reveal``), so that neither the referee nor a seat chooses the cards
    (:mod:`scala40_server.serving.fair_deal`); with ``"shuffle": false`` it is dealt at once,
    from the referee's secret alone, and its terms say so. With ``bots`` (one entry per
    seat: a bot's name, or ``null`` for a seat the client plays), the referee's bots
    play those seats, once the game is dealt and after each ``apply`` (``bot_time_limit``
    seconds a move, ``bot_seed`` for their randomness); their moves come back in
    ``bot_moves`` and in the event feed.
``commit``
    the commitments of a game that waits for its deal (``handle``): ``commitments``, one
    entry per seat: the commitment to a random value (32 to 64 lowercase hexadecimal
    digits) of each seat the client plays, the SHA-256 digest of
    ``scala40-value-v3:<the deal's commitment>:<seat>:<value>``
    (:func:`~scala40_server.serving.deals.value_commitment_of`), ``null`` for a bot's seat or
    one that takes no part; taken once, before any value. Answers the ``deal``.
``reveal``
    the values of the seats that committed (``values``, one entry per seat, each hashing
    to its seat's commitment): the game is dealt from the seed the referee's secret and
    the values give, and answered as ``new`` answers a dealt game. A committed seat whose
    value is ``null`` withholds it: the game is void, no card is dealt, and its deal names
    the seat (``withheld``); the handle then answers only ``deal`` and ``close``.
``deal``
    a game's deal: the commitment to its secret and terms, its phase, the seats'
    commitments and values, and, once the match is over, the secret, the salt and the
    seed (:mod:`scala40_server.serving.fair_deal`). While the match of a game the referee dealt
    is on, it answers nothing that shows a hidden card or the generator's state (below).
``legal``
    the legal moves of a game, each as ``{"text", "move"}``.
``apply``
    plays ``move`` (its text or its dictionary), checked against ``expected_move_number``
    when given; then, unless ``chance`` is false, plays the chance moves (the deals) that
    follow, and the moves of the bot seats up to the client's next decision.
``advance``
    plays the bot seats (and the chance moves) up to the client's next decision: what
    ``apply`` does after a move, for a request that stopped at
    :data:`~scala40_server.serving.bot_seats.MAX_BOT_MOVES` bot moves or at its deadline (and
    the chance steps of a game with no bot seat).
``bot``
    the move a bot (``bot``: a name as ``scala40 play --bots`` takes it, ``greedy`` by
    default) chooses for the seat to decide, drawing from ``seed``, in at most
    ``time_limit`` seconds (:mod:`scala40_server.serving.bot_seats` says how the referee bounds
    it); answers ``seat``, ``bot``, the move's ``text`` and ``move``. The game is not
    changed: ``apply`` plays the move.
``hint``
    a hint for the seat to decide: the move of the referee's hint bot (the information-set
    search, or ``bot``), as ``bot`` answers it, and ``advice``, what that seat is to do
    (the line ``scala40 play`` prints).
``view``
    what ``seat`` may see (``view.to_dict()``), and its text (``position``,
    ``view.to_text()``: :mod:`scala40.notation`).
``picture``
    the picture of what a seat sees, as SVG text in ``svg``: of a held game's ``seat``
    (``handle``), or of a view's JSON (``view``), with the drawing options ``last_move``,
    ``perspective`` and ``size`` (:func:`scala40.drawing.view_svg`).
``events``
    what happened in a game after move ``since`` (default 0), as ``seat`` may see it:
    the library's event feed (:func:`scala40.events.events_since`), kept for each
    handle from its ``new`` or ``load`` on (the chance moves ``apply`` plays included).
``sample``
    a state consistent with what ``seat`` sees, drawn with ``seed``, held under a new handle.
``save`` / ``load``
    a game's state as its dictionary (``state``) and its text (``position``,
    :mod:`scala40.notation`), and a state held under a new handle, given as either.
``close``
    forgets a handle.
``check`` / ``hand``
    melds checked (as ``scala40 check --json``), each on its own (a meld that cannot be
    read is an error in its place: ``text``, ``error``, ``reason``), and the value of
    cards left in a hand.

What a client sees and does: it plays the seats the referee's bots do not, and moves and
resigns for those only; while the match of a game the referee dealt from a secret is on,
no answer shows it a card the views of its seats hide (another seat's view, events,
sample or picture; the legal moves, a bot's move or a hint while a bot is left to move;
the whole state). A game it knows whole (dealt from its own seed, given, sampled, or
over) is shown whole. Each operation declares what it reaches, checked before it runs
(:mod:`scala40_server.serving.seat_access`).

Seeds are JSON integers up to 2**53 - 1 or decimal text up to 2**64 - 1, and rulesets
a preset's name or a ruleset's dictionary (:mod:`scala40_server.serving.request_fields`).

Every line gets one answer, in order, whatever it holds: a line that is not UTF-8 (each
line is read as bytes and decoded alone, so a bad byte costs only its own line), a blank
line, text that is not JSON, a request with a field its operation does not take (a
misspelt ``"seeed"``), or a bad argument each get an error answer naming the problem
(and, for a line that could not be read, its number), and the referee goes on. A client
that counts its answers never waits for one that does not come.

Bounds: a request line is at most :data:`~scala40_server.protocol.MAX_REQUEST_BYTES` bytes (a longer one is
answered with an error and skipped), a number in it at most :data:`MAX_NUMBER_DIGITS`
digits, the referee holds at most :data:`MAX_HANDLES` games at once (``close`` frees
them), a ``check`` takes at most :data:`~scala40.verdicts.MAX_MELDS` melds, and the text
of a meld or of a hand is at most :data:`~scala40.verdicts.MAX_CARDS_TEXT` characters. Every operation is
one call of the library, whose own bounds hold (a move's text, a state's size, a
sample's draws), so no request's work grows without bound. What a request makes the bots
do runs under a deadline of the referee's request bound (``request_seconds``,
:data:`~scala40_server.protocol.DEFAULT_REQUEST_SECONDS` unless whoever starts it says
otherwise: ``scala40 serve --request-seconds``), each bot asked through
:func:`scala40.bots.choose_move` within the sooner of that deadline and its
``time_limit`` (at most :data:`~scala40_server.protocol.MAX_TIME_LIMIT` seconds); the bot
seats play in slices (at most :data:`~scala40_server.serving.bot_seats.MAX_BOT_MOVES` moves, and not
past the deadline), ``advance`` playing on.

>>> import io, json
>>> from scala40_server.commands.serve import serve_stream
>>> answers = io.BytesIO()
>>> requests = io.BytesIO(
...     b'{"id": 1, "op": "hand", "game": "chinchon", "cards": "AS 7C"}\\n'
...     b'{"id": 2, "op": "new", "seeed": 5}\\n'
...     b'\\xff\\n'
... )
>>> serve_stream(requests, answers)
0
>>> for line in answers.getvalue().decode().splitlines():
...     print(json.loads(line))
{'id': 1, 'ok': True, 'op': 'hand', 'game': 'chinchon', 'rules': 'catsatcards', 'cards': 'AS 7C', 'value': 8}
{'id': 2, 'ok': False, 'op': 'new', 'error': {'type': 'InvalidArgumentError', 'message': "'new' takes no field 'seeed'; its fields: game, rules, players, seed, shuffle, bots, bot_time_limit, bot_seed (and id)"}}
{'id': None, 'ok': False, 'op': None, 'error': {'type': 'InvalidValueError', 'message': 'line 3 is not UTF-8: invalid start byte at byte 1'}}
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import IO, Any

from scala40.bots import bot_factories
from scala40.cards import CARD_NAMES, format_cards, parse_cards
from scala40.checks import describe
from scala40.commands import (
    EXIT_OK,
    Command,
    CommandError,
    UsageError,
    add_game_option,
    chosen_game,
    json_text,
    seconds,
)
from scala40.deadline import Deadline
from scala40.drawing import view_svg
from scala40.errors import (
    InvalidArgumentError,
    InvalidValueError,
    Scala40Error,
)
from scala40.events import Event, events_of, events_since
from scala40.game import Game, game_names, load_game
from scala40.notation import position_head
from scala40.texts import text_of
from scala40.verdicts import MAX_CARDS_TEXT, MAX_MELDS, Context, Request, judge_meld, meld_report
from scala40_server.protocol import (
    MAX_ID_LENGTH,
    MAX_REQUEST_BYTES,
    request_fields,
    write_schemas,
)
from scala40_server.serving.bot_seats import (
    DEFAULT_BOT,
    DEFAULT_REQUEST_SECONDS,
    DEFAULT_TIME_LIMIT,
    HINT_BOTS,
    MAX_REQUEST_SECONDS,
    BotSeats,
    bot_move,
    check_request_seconds,
    check_time_limit,
    timed_bot,
)
from scala40_server.serving.fair_deal import Deal, SealedDeal, terms_text
from scala40_server.serving.request_fields import (
    read_field,
    read_rules,
    read_seed,
    refuse_unknown_fields,
)
from scala40_server.serving.seat_access import Reach, SeatAccess, resigning_seat

__all__ = [
    "COMMAND",
    "MAX_CARDS_TEXT",
    "MAX_HANDLES",
    "MAX_ID_LENGTH",
    "MAX_MELDS",
    "MAX_NUMBER_DIGITS",
    "MAX_REQUEST_BYTES",
    "Referee",
    "serve_stream",
]


_MAX_SPEC_SHOWN = 200
"""The characters of a bot's name a deal's terms keep (a longer one is refused anyway)."""
MAX_HANDLES = 1000
"""The most games the referee holds at once."""


_Handler = Callable[[Mapping[str, Any]], dict[str, Any]]
"""An operation's handler: the request in, the answer's fields out."""
_COMMON = frozenset({"op", "id"})
"""The fields every request may carry."""


class Referee:
    """The games ``serve`` holds, by handle, and the operations on them.

    >>> from scala40_server.commands.serve import Referee
    >>> referee = Referee()
    >>> answer = referee.answer({"op": "new", "game": "chinchon", "seed": 1})
    >>> answer["ok"], answer["handle"], answer["summary"]["players"]
    (True, 'g1', 2)
    >>> referee.answer({"op": "apply", "handle": "g1", "move": "fly"})["error"]["type"]
    'InvalidMoveError'
    """

    def __init__(
        self, game: str | Game = "scala40", request_seconds: float = DEFAULT_REQUEST_SECONDS
    ) -> None:
        self._default_game = load_game(game)
        self.request_seconds: float = check_request_seconds(request_seconds)
        """The wall time each request lets the bots think (see
        :mod:`scala40_server.serving.bot_seats`)."""
        self._deadline = Deadline.never()
        """The deadline of the request being answered."""
        self._states: dict[str, Any] = {}
        self._events: dict[str, list[Event]] = {}
        self._seats: dict[str, BotSeats] = {}
        self._deals: dict[str, Deal | SealedDeal] = {}
        self._waiting: dict[str, tuple[SealedDeal, dict[str, Any]]] = {}
        """The games whose deal waits for their seats' parts (or is void), by handle, with
        the fields of their ``new``."""
        self._numbers = itertools.count(1)
        # Each operation's handler and what it reaches of a held game (checked for every
        # request before its handler runs: scala40_server.serving.seat_access); the fields it
        # takes are declared with its answer in scala40_server.protocol, and any other
        # field is refused by name.
        self._operations: dict[str, tuple[_Handler, Reach]] = {
            "games": (self._games, Reach.PUBLIC),
            "new": (self._new, Reach.PUBLIC),
            "commit": (self._commit, Reach.PUBLIC),
            "reveal": (self._reveal, Reach.PUBLIC),
            "deal": (self._deal, Reach.PUBLIC),
            "legal": (self._legal, Reach.DECIDER),
            "apply": (self._apply, Reach.MOVE),
            "advance": (self._advance, Reach.PUBLIC),
            "bot": (self._bot, Reach.DECIDER),
            "hint": (self._hint, Reach.DECIDER),
            "view": (self._view, Reach.SEAT),
            "picture": (self._picture, Reach.SEAT),
            "events": (self._events_since, Reach.SEAT),
            "sample": (self._sample, Reach.SEAT),
            "save": (self._save, Reach.WHOLE),
            "load": (self._load, Reach.PUBLIC),
            "close": (self._close, Reach.PUBLIC),
            "check": (self._check, Reach.PUBLIC),
            "hand": (self._hand, Reach.PUBLIC),
        }

    @property
    def operations(self) -> tuple[str, ...]:
        """The operations the referee answers, by name (each declared in
        :mod:`scala40_server.protocol`)."""
        return tuple(self._operations)

    def fields(self, op: str) -> tuple[str, ...]:
        """The fields operation ``op`` takes besides ``op`` and ``id`` (its declaration's,
        :func:`scala40_server.protocol.request_fields`).

        >>> from scala40_server.commands.serve import Referee
        >>> Referee().fields("view")
        ('handle', 'seat')
        """
        return request_fields(op)

    def answer(self, request: object) -> dict[str, Any]:
        """The answer to one request (an error answer for anything wrong in it); it
        repeats the request's ``op`` (``None`` if it named no operation)."""
        given_id: Any = None
        known: str | None = None
        # The request's time starts now; every bot it asks runs under it.
        self._deadline = Deadline.after(self.request_seconds)
        try:
            if not isinstance(request, dict):
                raise InvalidArgumentError("a request must be a JSON object")
            given_id = request.get("id")
            if len(json.dumps(given_id)) > MAX_ID_LENGTH:
                given_id = None
                raise InvalidArgumentError(f"'id' is longer than {MAX_ID_LENGTH} characters")
            op = read_field(request, "op", str)
            declared = self._operations.get(op)
            if declared is None:
                raise InvalidArgumentError(
                    f"no operation {describe(op, 40)}; operations: {', '.join(self._operations)}"
                )
            known = op
            given = [name for name in request if name not in _COMMON]
            refuse_unknown_fields(given, request_fields(op), repr(op), " (and id)")
            operation, reach = declared
            self._check_reach(op, reach, request)
            body = operation(request)
        except Scala40Error as error:
            return _error(given_id, error, known)
        except RecursionError:
            return _error(given_id, InvalidValueError("the request is nested too deeply"), known)
        except Exception as error:
            # The library raises only its own errors for bad input; anything else is a
            # fault of the library, and a referee serving other games must outlive it.
            return _error(given_id, error, known)
        return {"id": given_id, "ok": True, "op": known, **body}

    # ------------------------------------------------------------ games

    def _game(self, request: Mapping[str, Any]) -> Game:
        name = read_field(request, "game", str, None)
        if name is None:
            return self._default_game
        return load_game(name)

    def _hold(self, state: Any, seats: BotSeats | None = None, handle: str | None = None) -> str:
        """Hold ``state`` under ``handle`` (a new one unless given: a game whose deal
        waited keeps its own)."""
        handle = self._new_handle() if handle is None else handle
        self._states[handle] = state
        self._events[handle] = []
        if seats is not None:
            self._seats[handle] = seats
        return handle

    def _new_handle(self) -> str:
        if len(self._states) + len(self._waiting) >= MAX_HANDLES:
            raise InvalidValueError(
                f"the referee holds {MAX_HANDLES} games already; close some first"
            )
        return f"g{next(self._numbers)}"

    def _bot_seats(
        self, game: Game, state: Any, request: Mapping[str, Any], seed: int
    ) -> BotSeats | None:
        """The bot seats ``bots`` asks for (``None`` without it); their randomness is
        drawn from ``bot_seed``, else ``seed``."""
        specs = read_field(request, "bots", list, None)
        if specs is None:
            return None
        if len(specs) != state.player_count:
            raise InvalidValueError(
                f"'bots' must hold one entry per seat ({state.player_count}), got {len(specs)}"
            )
        limit = check_time_limit(request.get("bot_time_limit", DEFAULT_TIME_LIMIT))
        # A move never thinks past the request's bound, whatever the client asked.
        limit = min(limit, self.request_seconds)
        return BotSeats(game, specs, limit, _seed(request, "bot_seed", seed))

    def _hold_with_bots(
        self,
        game: Game,
        state: Any,
        request: Mapping[str, Any],
        seed: int = 0,
        events: list[Event] | None = None,
        handle: str | None = None,
    ) -> dict[str, Any]:
        """Hold ``state`` (reached with ``events``) with the bot seats the request asks
        for (their randomness from ``seed`` unless it gives ``bot_seed``), played up to
        the client's decision, under ``handle`` if given: the answer of ``new``,
        ``reveal`` and ``load``."""
        seats = self._bot_seats(game, state, request, seed)
        played: list[dict[str, Any]] = []
        events = [] if events is None else events
        if seats is not None:
            state, more, played = seats.play(state, True, self._deadline)
            events += more
        handle = self._hold(state, seats, handle)
        self._events[handle].extend(events)
        answer: dict[str, Any] = {"handle": handle, "summary": _summary(game, state)}
        if seats is not None:
            answer["bot_moves"] = played
        return answer

    def _held(self, request: Mapping[str, Any]) -> tuple[str, Any]:
        handle = read_field(request, "handle", str)
        if handle in self._waiting:
            raise InvalidArgumentError(self._not_dealt(handle))
        if handle not in self._states:
            raise InvalidArgumentError(f"no game with handle {handle[:40]!r}")
        return handle, self._states[handle]

    def _games(self, request: Mapping[str, Any]) -> dict[str, Any]:
        del request
        games = []
        for name in game_names():
            game = load_game(name)
            games.append(
                {
                    "name": name,
                    "title": game.title,
                    "presets": list(game.ruleset_type.preset_names()),
                    "default_preset": game.ruleset_type.DEFAULT_PRESET,
                    "default_players": game.default_players,
                }
            )
        return {"games": games}

    def _terms(self, request: Mapping[str, Any], shuffle: bool) -> tuple[Game, Any, int, str]:
        """The game, rules and players ``new`` asks for, and the terms a drawn secret
        commits to (the seats: the bots ``bots`` names, the client's; and ``shuffle``)."""
        game = self._game(request)
        rules = read_rules(game, request.get("rules"))
        fallback = min(max(game.default_players, rules.min_players), rules.max_players)
        players = read_field(request, "players", int, fallback)
        specs = read_field(request, "bots", list, None)
        if specs is None:
            specs = [None] * players
        seats = [
            {"player": True} if spec is None else {"bot": str(spec)[:_MAX_SPEC_SHOWN]}
            for spec in specs
        ]
        return game, rules, players, terms_text(game.name, rules.to_dict(), seats, shuffle)

    def _new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        given = request.get("seed")
        shuffle = request.get("shuffle")
        if shuffle is not None and not isinstance(shuffle, bool):
            raise InvalidArgumentError("'shuffle' must be true or false")
        if given is not None:
            if shuffle:
                raise InvalidArgumentError(
                    "'shuffle' is for a deal the referee draws: a chosen seed is dealt as chosen"
                )
            game, rules, players, _ = self._terms(request, True)
            return self._deal_game(game, rules, players, Deal.draw(read_seed(given)), request)
        shuffled = shuffle is not False
        game, rules, players, terms = self._terms(request, shuffled)
        # Without a seed the referee draws a secret and commits to it; the client's seats
        # commit to their values, then reveal them (scala40_server.serving.fair_deal), unless
        # the client asked for a deal of the referee's alone.
        deal = SealedDeal.draw(terms, players, time.time(), shuffle=shuffled)
        if deal.is_dealt:
            return self._deal_game(game, rules, players, deal, request)
        # The bots are checked now, as a dealt game's would be, rather than when it is.
        self._bot_seats(game, game.new_game(rules, players, 0), request, 0)
        handle = self._new_handle()
        self._waiting[handle] = (deal, dict(request))
        return {"handle": handle, "dealt": False, "deal": deal.public(revealed=False)}

    def _deal_game(
        self,
        game: Game,
        rules: Any,
        players: int,
        deal: Deal | SealedDeal,
        request: Mapping[str, Any],
        handle: str | None = None,
    ) -> dict[str, Any]:
        state, events = _after_chance(game.new_game(rules, players, deal.seed))
        answer = self._hold_with_bots(game, state, request, deal.seed, events, handle)
        self._deals[answer["handle"]] = deal
        answer["dealt"] = True
        answer["deal"] = deal.public(revealed=False)
        return answer

    def _waiting_deal(self, request: Mapping[str, Any]) -> tuple[str, SealedDeal, dict[str, Any]]:
        """The game ``handle`` names, whose deal waits for its seats' parts."""
        handle = read_field(request, "handle", str)
        if handle not in self._waiting:
            if handle in self._states:
                raise InvalidArgumentError(
                    f"{handle!r} is dealt already: its deal takes no part now"
                )
            raise InvalidArgumentError(f"no game with handle {handle[:40]!r}")
        deal, fields = self._waiting[handle]
        return handle, deal, fields

    def _parts(self, request: Mapping[str, Any], name: str, deal: SealedDeal) -> list[Any]:
        """The list ``name`` of ``request``: one entry per seat of ``deal``."""
        parts: list[Any] = read_field(request, name, list)
        if len(parts) != len(deal.values):
            raise InvalidValueError(
                f"{name!r} must hold one entry per seat ({len(deal.values)}), got {len(parts)}"
            )
        return parts

    def _commit(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, deal, fields = self._waiting_deal(request)
        commitments = self._parts(request, "commitments", deal)
        if deal.phase != "commit":
            raise InvalidArgumentError(
                f"{handle!r} has its commitments already: send the values ('reveal')"
            )
        specs = fields.get("bots") or [None] * len(deal.values)
        if all(commitment is None for commitment in commitments):
            raise InvalidValueError(
                "'commitments' must commit to a value for a seat the client plays at least "
                "(a game dealt from the referee's secret alone: 'new' with 'shuffle': false)"
            )
        for seat, commitment in enumerate(commitments):
            if commitment is None:
                continue
            if specs[seat] is not None:
                raise InvalidValueError(f"seat {seat} is the referee's bot's: it takes no part")
            deal = deal.with_commitment(seat, commitment)
        # The client has sent every commitment it will: the values are asked for now,
        # with no time limit (the client sends them all in one request).
        deal = deal.advanced((), time.time(), math.inf)
        self._waiting[handle] = (deal, fields)
        return {"deal": deal.public(revealed=False)}

    def _reveal(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, deal, fields = self._waiting_deal(request)
        values = self._parts(request, "values", deal)
        if deal.phase != "reveal":
            raise InvalidArgumentError(self._not_dealt(handle))
        for seat, value in enumerate(values):
            if value is None:
                continue  # a seat that committed and sends none withholds its value
            deal = deal.with_value(seat, value)
        # Every value the client will send is in: the deal is dealt, or void (the time
        # for the values is up).
        deal = deal.advanced((), time.time(), 0.0)
        if deal.is_void:
            self._waiting[handle] = (deal, fields)
            return {"dealt": False, "deal": deal.public(revealed=False)}
        del self._waiting[handle]
        game, rules, players, _ = self._terms(fields, True)
        answer = self._deal_game(game, rules, players, deal, fields, handle)
        del answer["handle"]
        return answer

    def _not_dealt(self, handle: str) -> str:
        """Why the game ``handle`` names, whose deal waits or is void, answers nothing."""
        deal, _ = self._waiting[handle]
        if deal.is_void:
            seats = " and ".join(f"seat {seat}" for seat in deal.withheld)
            return (
                f"the deal of {handle!r} is void: {seats} committed to a value and withheld "
                "it, so no card was dealt (make a new game)"
            )
        step = (
            "its seats' commitments ('commit')"
            if deal.phase == "commit"
            else "their values ('reveal')"
        )
        return (
            f"{handle!r} is not dealt yet: it waits for {step} (or make it with 'seed', or "
            "with 'shuffle': false)"
        )

    def _access(self, handle: str, state: Any) -> SeatAccess:
        """What the client may see and act for in the game held under ``handle``: the
        seats no bot of the referee plays; every card of a game it knows whole (one it
        gave or had sampled, one dealt from a seed it chose, a match that is over)."""
        seats = self._seats.get(handle)
        bots = frozenset() if seats is None else frozenset(seats.bots)
        deal = self._deals.get(handle)
        knows_all = deal is None or state.is_over or (isinstance(deal, Deal) and deal.chosen)
        return SeatAccess(frozenset(range(state.player_count)) - bots, knows_all)

    def _check_reach(self, op: str, reach: Reach, request: Mapping[str, Any]) -> None:
        """Refuse a request whose answer would reach what the client may not have of the
        held game it names (:mod:`scala40_server.serving.seat_access`): the seat it names, the
        seat to decide, the seat a move is made for, the whole state."""
        if reach is Reach.PUBLIC or request.get("handle") is None:
            return  # nothing held is reached (a picture of a view's JSON)
        handle, state = self._held(request)
        seat: int | None = None
        if reach is Reach.SEAT:
            seat = read_field(request, "seat", int)
            if not 0 <= seat < state.player_count:
                raise InvalidValueError(
                    f"'seat' must be a seat of the game, from 0 to {state.player_count - 1}, "
                    f"got {seat}"
                )
        elif reach is Reach.MOVE:
            seat = resigning_seat(state, request.get("move"))
        self._access(handle, state).check(reach, state, f"{op!r} of {handle!r}", seat)

    def _deal(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle = read_field(request, "handle", str)
        if handle in self._waiting:
            return {"deal": self._waiting[handle][0].public(revealed=False)}
        handle, state = self._held(request)
        deal = self._deals.get(handle)
        if deal is None:
            raise InvalidArgumentError(
                f"{handle!r} was not dealt by the referee (it was loaded or sampled): it has "
                "no deal"
            )
        return {"deal": deal.public(revealed=state.is_over)}

    def _legal(self, request: Mapping[str, Any]) -> dict[str, Any]:
        _, state = self._held(request)
        written = state.MOVES.to_dict
        moves = [{"text": str(move), "move": written(move)} for move in state.legal_moves()]
        return {"moves": moves, "summary": _summary(load_game(state.game_name), state)}

    def _apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, state = self._held(request)
        move = read_field(request, "move", (str, dict))
        expected = read_field(request, "expected_move_number", int, None)
        chance = request.get("chance", True)
        if not isinstance(chance, bool):
            raise InvalidArgumentError("'chance' must be true or false")
        if expected is not None:
            after = state.apply(move, expected_move_number=expected)
        else:
            after = state.apply(move)
        events = list(events_of(state, move, after))
        while chance and after.is_chance and not after.is_over:
            before, step = after, after.legal_moves()[0]
            after = before.apply(step)
            events.extend(events_of(before, step, after))
        return self._settle(handle, after, events, chance)

    def _settle(
        self, handle: str, state: Any, events: list[Event], chance: bool
    ) -> dict[str, Any]:
        """Keep ``state`` for ``handle`` after the bot seats' moves, with the events of
        what led there; the answer of ``apply`` and ``advance``."""
        seats = self._seats.get(handle)
        played: list[dict[str, Any]] = []
        if seats is not None:
            state, more, played = seats.play(state, chance, self._deadline)
            events = events + more
        self._states[handle] = state
        self._events[handle].extend(events)
        answer: dict[str, Any] = {"summary": _summary(load_game(state.game_name), state)}
        if seats is not None:
            answer["bot_moves"] = played
        return answer

    def _advance(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, state = self._held(request)
        if handle not in self._seats and not state.is_chance:
            raise InvalidArgumentError(f"no bot plays a seat of {handle!r} (see 'bots' of 'new')")
        # The chance steps first: the client may not play those of a deal kept secret.
        state, events = _after_chance(state)
        return self._settle(handle, state, events, chance=True)

    def _bot(self, request: Mapping[str, Any]) -> dict[str, Any]:
        _, state = self._held(request)
        spec = read_field(request, "bot", str, DEFAULT_BOT)
        return self._bot_answer(state, spec, request)

    def _hint(self, request: Mapping[str, Any]) -> dict[str, Any]:
        _, state = self._held(request)
        game = load_game(state.game_name)
        fallback = next(
            (spec for spec in HINT_BOTS if spec.partition(":")[0] in bot_factories(game)),
            DEFAULT_BOT,
        )
        spec = read_field(request, "bot", str, fallback)
        answer = self._bot_answer(state, spec, request)
        answer["advice"] = text_of(game).turn_hint(state)
        return answer

    def _bot_answer(self, state: Any, spec: str, request: Mapping[str, Any]) -> dict[str, Any]:
        """The move bot ``spec`` chooses in ``state`` under the request's seed and time
        budget: the answer of ``bot`` and ``hint``."""
        limit = check_time_limit(request.get("time_limit", DEFAULT_TIME_LIMIT))
        seed = _seed(request, "seed", 0)
        # The client's time_limit lowers the bot's budget; the request's bound caps it.
        thinking = self._deadline.within(limit)
        bot = timed_bot(spec, load_game(state.game_name), min(limit, self.request_seconds))
        move = bot_move(state, bot, seed, deadline=thinking)
        return {
            "seat": state.current_player,
            "bot": spec,
            "text": str(move),
            "move": state.MOVES.to_dict(move),
        }

    def _view(self, request: Mapping[str, Any]) -> dict[str, Any]:
        _, state = self._held(request)
        seat = read_field(request, "seat", int)
        seen = state.view(seat)
        view: dict[str, Any] = seen.to_dict()
        return {"view": view, "position": seen.to_text()}

    def _events_since(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, state = self._held(request)
        seat = read_field(request, "seat", int)
        since = read_field(request, "since", int, 0)
        return {
            "events": events_since(self._events[handle], since, seat),
            "move_number": state.move_number,
        }

    def _sample(self, request: Mapping[str, Any]) -> dict[str, Any]:
        _, state = self._held(request)
        seat = read_field(request, "seat", int)
        seed = _seed(request, "seed", 0)
        sampled = state.view(seat).sample(seed)
        return {
            "handle": self._hold(sampled),
            "summary": _summary(load_game(sampled.game_name), sampled),
        }

    def _save(self, request: Mapping[str, Any]) -> dict[str, Any]:
        _, state = self._held(request)
        return {"state": state.to_dict(), "position": state.to_text()}

    def _load(self, request: Mapping[str, Any]) -> dict[str, Any]:
        if "position" in request:
            if "state" in request:
                raise InvalidArgumentError("give 'state' or 'position', not both")
            text = read_field(request, "position", str)
            name, seat = position_head(text)
            if seat is not None:
                raise InvalidArgumentError(
                    "'position' is a seat's view (its game is followed by @SEAT): the referee "
                    "holds whole states"
                )
            game = self._game(request) if "game" in request else load_game(name)
            state = game.state_from_text(text)
            return self._hold_with_bots(game, state, request)
        data = read_field(request, "state", dict)
        game = self._game(request) if "game" in request else _game_of_state(data)
        state = game.state_from_dict(data)
        return self._hold_with_bots(game, state, request)

    def _picture(self, request: Mapping[str, Any]) -> dict[str, Any]:
        options = {
            name: request[name]
            for name in ("last_move", "perspective", "size")
            if request.get(name) is not None
        }
        if request.get("view") is not None:
            if request.get("handle") is not None:
                raise InvalidArgumentError("give 'handle' and 'seat', or 'view', not both")
            return {"svg": view_svg(read_field(request, "view", dict), **options)}
        _, state = self._held(request)
        seat = read_field(request, "seat", int)
        return {"svg": view_svg(state.view(seat), **options)}

    def _close(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle = read_field(request, "handle", str)
        if self._waiting.pop(handle, None) is not None:
            return {"closed": handle}
        handle, _ = self._held(request)
        del self._states[handle]
        del self._events[handle]
        self._seats.pop(handle, None)
        self._deals.pop(handle, None)
        return {"closed": handle}

    def _check(self, request: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game(request)
        preset = read_field(request, "rules", str, game.ruleset_type.DEFAULT_PRESET)
        melds = read_field(request, "melds", list)
        if not 1 <= len(melds) <= MAX_MELDS:
            raise InvalidValueError(f"'melds' must hold from 1 to {MAX_MELDS} melds")
        if not all(isinstance(meld, str) for meld in melds):
            raise InvalidArgumentError("each meld must be its cards' text")
        if any(len(meld) > MAX_CARDS_TEXT for meld in melds):
            raise InvalidValueError(f"a meld's text is at most {MAX_CARDS_TEXT} characters")
        # Each meld is read alone first, so that one that cannot be read is an error in
        # its own place and costs the others nothing; the readable ones are then judged
        # together (their total, and the advice on an ambiguous one, are the batch's).
        rules = game.ruleset_type.preset(preset)
        context = Context(game, rules, preset, rules.deck.counts())
        refused: dict[int, dict[str, Any]] = {}
        for index, written in enumerate(melds):
            try:
                judge_meld(Request(index + 1, None, context, written))
            except Scala40Error as error:
                refused[index] = {
                    "text": written,
                    "valid": False,
                    "error": type(error).__name__,
                    "reason": str(error),
                }
        readable = [written for index, written in enumerate(melds) if index not in refused]
        if not readable:
            return {
                "game": game.name,
                "rules": preset,
                "valid": False,
                "melds": list(refused.values()),
                "total": 0,
                "notes": [],
            }
        report = meld_report(game, preset, readable)
        if refused:
            judged = iter(report["melds"])
            report["melds"] = [
                refused[index] if index in refused else next(judged) for index in range(len(melds))
            ]
            report["valid"] = False
            report["notes"] = []
        return report

    def _hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game(request)
        preset = read_field(request, "rules", str, game.ruleset_type.DEFAULT_PRESET)
        rules = game.ruleset_type.preset(preset)
        written = read_field(request, "cards", str)
        if len(written) > MAX_CARDS_TEXT:
            raise InvalidValueError(f"the cards' text is at most {MAX_CARDS_TEXT} characters")
        cards = parse_cards(written)
        if game.hand_value is None:
            raise InvalidArgumentError(f"{game.title} gives no value to a hand alone")
        in_deck = rules.deck.counts()
        for card, count in sorted(Counter(cards).items()):
            if count > in_deck.get(card, 0):
                raise InvalidValueError(
                    f"the hand holds {count} of {CARD_NAMES[card]}, but the deck of "
                    f"{preset!r} has {in_deck.get(card, 0)}"
                )
        value = game.hand_value(cards, rules)
        return {
            "game": game.name,
            "rules": preset,
            "cards": format_cards(cards),
            "value": value,
        }


def _seed(request: Mapping[str, Any], name: str, default: int) -> int:
    """A seed field of ``request`` (:func:`~scala40_server.serving.request_fields.read_seed`), or
    ``default`` without it."""
    value = request.get(name)
    return default if value is None else read_seed(value, name)


def _game_of_state(data: Mapping[str, Any]) -> Game:
    """The game a state's dictionary belongs to, from its ``format``
    (``scala40.state``, ``scala40.skarney.state``)."""
    fmt = data.get("format")
    if isinstance(fmt, str):
        for name in game_names():
            game = load_game(name)
            if fmt in (f"{name}.state", f"scala40.{name}.state"):
                return game
    raise InvalidArgumentError("give 'game': the state's format names no game")


def _after_chance(state: Any) -> tuple[Any, list[Event]]:
    """``state`` after the chance moves (deals, restocks) that come next, if any, and
    their events."""
    events: list[Event] = []
    while state.is_chance and not state.is_over:
        step = state.legal_moves()[0]
        after = state.apply(step)
        events.extend(events_of(state, step, after))
        state = after
    return state, events


def _summary(game: Game, state: Any) -> dict[str, Any]:
    return {
        "game": game.name,
        "players": state.player_count,
        "current_player": state.current_player,
        "is_chance": state.is_chance,
        "is_over": state.is_over,
        "hand_number": state.hand_number,
        "scores": list(state.scores),
        "winners": list(state.winners),
        "move_number": getattr(state, "move_number", None),
    }


def _error(given_id: Any, error: Exception, op: str | None = None) -> dict[str, Any]:
    return {
        "id": given_id,
        "ok": False,
        "op": op,
        "error": {"type": type(error).__name__, "message": str(error)},
    }


def serve_stream(
    requests: IO[bytes] | IO[str],
    answers: IO[bytes] | IO[str],
    game: str | Game = "scala40",
    request_seconds: float = DEFAULT_REQUEST_SECONDS,
) -> int:
    """Answer each line of ``requests`` with one line on ``answers``, until the end of
    ``requests``; return the exit code (0). ``game`` is the game of the requests that
    name none; ``request_seconds`` the wall time each request lets the bots think
    (:mod:`scala40_server.serving.bot_seats`).

    The streams may be binary (the referee's own: lines read as bytes, each decoded from
    UTF-8 alone, answers written in UTF-8) or text (a text stream over a binary one,
    such as ``sys.stdin``, is read through its binary buffer). Every line gets one
    answer: a line that is not UTF-8, blank, longer than :data:`~scala40_server.protocol.MAX_REQUEST_BYTES` bytes
    or not JSON is answered with an :class:`~scala40.InvalidValueError` that names the
    problem and the line's number.
    """
    referee = Referee(game, request_seconds)
    source: Any = requests
    buffer = getattr(requests, "buffer", None)
    if isinstance(requests, io.TextIOBase) and isinstance(buffer, io.BufferedIOBase):
        source = buffer
    sink: Any = answers
    read_text = isinstance(source, io.TextIOBase)
    write_text = isinstance(sink, io.TextIOBase)
    for number in itertools.count(1):
        line = source.readline(MAX_REQUEST_BYTES + 1)
        if not line:
            return EXIT_OK
        raw: bytes = line.encode("utf-8", "surrogatepass") if read_text else line
        body = raw.rstrip(b"\r\n")
        ended = raw.endswith(b"\n")
        if len(body) > MAX_REQUEST_BYTES:
            if not ended:
                _skip_line(source)
            answer = _error(
                None,
                InvalidValueError(f"line {number} is longer than {MAX_REQUEST_BYTES} bytes"),
            )
        else:
            answer = _answer_line(referee, body, number)
        # An answer may echo any text the line held (its id, a name in a message): it is
        # written in a form that always encodes, so that no line stops the referee.
        encoding = (getattr(sink, "encoding", None) or "utf-8") if write_text else "utf-8"
        text = json_text(answer, encoding, compact=True) + "\n"
        sink.write(text if write_text else text.encode("utf-8"))
        sink.flush()
    return EXIT_OK  # pragma: no cover - the loop returns at the end of the input


MAX_NUMBER_DIGITS = 40
"""The most digits of a number in a request (a seed has 20 at most, a count 19): a
longer one is refused as the line is read, before Python turns it into an integer."""


def _skip_line(source: Any) -> None:
    """Read past the rest of an overlong line, a bounded piece at a time."""
    while True:
        rest = source.readline(MAX_REQUEST_BYTES)
        if not rest or rest.endswith("\n" if isinstance(rest, str) else b"\n"):
            return


def _answer_line(referee: Referee, body: bytes, number: int) -> dict[str, Any]:
    """The answer to one line of input (its end of line removed)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        return _error(
            None,
            InvalidValueError(
                f"line {number} is not UTF-8: {error.reason} at byte {error.start + 1}"
            ),
        )
    if not text.strip():
        return _error(
            None, InvalidValueError(f"line {number} is blank: a request is a JSON object")
        )
    try:
        request = json.loads(text, parse_int=_integer, parse_constant=_no_constant)
    except Scala40Error as error:
        return _error(None, type(error)(f"line {number}: {error}"))
    except (ValueError, RecursionError) as error:
        return _error(
            None, InvalidValueError(f"line {number} is not JSON: {describe(str(error), 200)}")
        )
    return referee.answer(request)


def _integer(text: str) -> int:
    """A JSON integer of the request, refused past :data:`MAX_NUMBER_DIGITS` digits."""
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise InvalidValueError(
            f"a number of {digits} digits: a request's numbers have at most {MAX_NUMBER_DIGITS}"
        )
    return int(text)


def _no_constant(text: str) -> Any:
    """JSON has no NaN or infinity (Python's reader takes them)."""
    raise InvalidValueError(f"{text} is not a JSON value")


def _configure(parser: argparse.ArgumentParser) -> None:
    add_game_option(parser)
    parser.add_argument(
        "--request-seconds", type=seconds, default=DEFAULT_REQUEST_SECONDS, metavar="S",
        help="the wall time a request lets the bots think, however long the client asks "
        f"a bot to (default {DEFAULT_REQUEST_SECONDS:g}, at most {MAX_REQUEST_SECONDS:g})",
    )  # fmt: skip
    parser.add_argument(
        "--write-schemas", metavar="DIR",
        help="instead of refereeing, write the JSON Schemas of the requests and answers "
        "into DIR, with the rules' schemas their payloads refer to (made, with its "
        "parents, if it does not exist), and print each file's path",
    )  # fmt: skip


def _write_schemas(directory: str) -> int:
    """Write every schema a client validates with into ``directory`` and print each file,
    refusing a directory it cannot make or write to in one line, as ``scala40 schemas``
    does (:func:`scala40_server.protocol.write_schemas`)."""
    try:
        written = write_schemas(directory)
    except OSError as error:
        reason = error.strerror or str(error)
        raise CommandError(f"cannot write the schemas into {directory!r}: {reason}") from None
    for path in written:
        print(path)
    return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    if args.write_schemas is not None:
        return _write_schemas(args.write_schemas)
    # The standard streams' bytes: each line decoded alone, the answers in UTF-8, whatever
    # the locale's encoding.
    try:
        bound = check_request_seconds(args.request_seconds)
    except InvalidValueError as error:
        raise UsageError(f"--request-seconds: {error}") from None
    requests = getattr(sys.stdin, "buffer", sys.stdin)
    answers = getattr(sys.stdout, "buffer", sys.stdout)
    sys.stdout.flush()
    return serve_stream(requests, answers, chosen_game(args), bound)


COMMAND = Command(
    name="serve",
    summary="referee games for another program, in JSON lines on stdin and stdout",
    description="Read one JSON request a line on standard input and write one JSON "
    "answer a line on standard output: create games of any game from rules and a seed, "
    "list legal moves, apply moves, let the referee's bots play seats or suggest a move, "
    "a seat's view, samples, check melds, value hands, save and load states. Errors are answers too. It stops at the end of the input. "
    "--write-schemas DIR writes the JSON Schemas of the requests and answers instead.",
    configure=_configure,
    run=_run,
    epilog="examples:\n  scala40 serve < requests.jsonl > answers.jsonl\n"
    "  scala40 serve --game chinchon\n  scala40 serve --write-schemas schemas/",
)
"""The ``serve`` command."""
