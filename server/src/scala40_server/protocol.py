"""The protocol of ``scala40 serve``, operation by operation: each operation's request and
answer, declared once (:data:`OPERATIONS`), with the bounds the referee keeps; from it the
JSON Schemas of the requests and the answers (``serve.request.json``,
``serve.answer.json``: :func:`protocol_schema`), which ship with this package
(:func:`shipped_schema`) and which ``scala40 serve --write-schemas DIR`` writes beside
the rules' own (:func:`write_schemas`). A ``check`` answers each meld as the command line
does (:mod:`scala40.verdicts`, whose bounds it keeps).

Every request names its operation in ``op``; every answer repeats it (``null`` in the
answer to a request that named none the referee knows), with ``ok``, and ``id`` when the
request gave one. So both schemas are discriminated unions: one branch an operation,
chosen by ``op`` with ``if``/``then`` (and, for the answers, one branch for the errors,
chosen by ``"ok": false``). A validator thus checks a request against the branch of
the operation it names and reports that operation's problem (a ``view`` whose ``seat``
is negative, a ``new`` with a misspelt field), and refuses a ``legal`` answer without
its moves. Each operation's request and answer
is also under the schema's ``$defs``, by the operation's name.

The payloads that belong to one game (a state, a view, a move, a ruleset) refer to that
game's schemas by their ``$id``, the file names the rules write them under
(``scala40.view.json``..., :func:`scala40.schemas.write_schemas`): a validator given the
directory ``scala40 serve --write-schemas DIR`` writes finds them all. The schemas are
made of the rules' public building blocks (:mod:`scala40.schema_parts`), so that cards
and seeds are described as the library writes them.

Adding an operation to the referee is one entry here beside its handler in
:mod:`scala40_server.commands.serve`; a test checks that the two name the same operations.

>>> from scala40_server.protocol import OPERATIONS
>>> [operation.name for operation in OPERATIONS][:6]
['games', 'new', 'commit', 'reveal', 'deal', 'legal']
>>> schema = OPERATIONS[5].answer_schema(("scala40",))
>>> schema["required"]
['id', 'ok', 'op', 'moves', 'summary']
>>> schema["properties"]["moves"]["items"]["properties"]["move"]
{'anyOf': [{'$ref': 'scala40.move.json'}]}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

import scala40.schemas
from scala40.bots import MAX_BOT_SPEC
from scala40.checks import describe
from scala40.directory import DirectoryWriter
from scala40.errors import InvalidArgumentError
from scala40.schema_parts import DRAFT, array, boolean, card, card_text, integer, obj, text
from scala40.schemas import BUILTIN_GAMES
from scala40.verdicts import MAX_CARDS_TEXT, MAX_MELDS, meld_report_schema

__all__ = [
    "DEFAULT_REQUEST_SECONDS",
    "DEFAULT_TIME_LIMIT",
    "MAX_ID_LENGTH",
    "MAX_REQUEST_BYTES",
    "MAX_REQUEST_SECONDS",
    "MAX_SEED",
    "MAX_SEED_INTEGER",
    "MAX_TIME_LIMIT",
    "OPERATIONS",
    "SCHEMAS",
    "Operation",
    "answer_schema",
    "protocol_schema",
    "request_fields",
    "request_schema",
    "shipped_schema",
    "write_schemas",
]

MAX_REQUEST_BYTES = 1 << 20
"""The longest request line, in bytes (a state's dictionary is a few kilobytes)."""
MAX_ID_LENGTH = 200
"""The longest request ``id``, as JSON text."""
MAX_SEED = 2**64 - 1
"""The largest seed of ``new``, ``sample``, ``bot`` and ``hint`` (and of the web table),
written as decimal text (the generator's whole range)."""
MAX_SEED_INTEGER = 2**53 - 1
"""The largest seed written as a JSON integer: the largest integer every JSON reader keeps
exactly (JavaScript's numbers are doubles); a larger seed is written as decimal text."""
DEFAULT_TIME_LIMIT = 0.2
"""Seconds a bot may think over a move when a request gives no ``time_limit``
(:mod:`scala40_server.serving.bot_seats`)."""
MAX_TIME_LIMIT = 2.0
"""The most seconds a request may give a bot a move."""
DEFAULT_REQUEST_SECONDS = 2.0
"""The wall time one request lets the bots think, unless whoever starts the server says
otherwise (``scala40 serve --request-seconds``, ``scala40 web --request-seconds``): not a
field of any request, since the client never sets it (:mod:`scala40_server.serving.bot_seats`)."""
MAX_REQUEST_SECONDS = 60.0
"""The longest request bound a server may be started with."""

Games = Sequence[str]
"""The games whose schemas the payloads refer to, by name."""
Fields = Callable[[Games], Mapping[str, Any]]
"""The properties of a request or an answer (besides ``op``, ``id`` and ``ok``), made
for the games whose schemas it refers to."""


def _any_of(games: Games, kind: str) -> dict[str, Any]:
    """One game's ``kind`` (state, view, move, ruleset), by ``$ref`` to its schema: any
    of them (a light move's dictionary, ``{"type": "draw"}``, is a move of several
    games, and the game held decides)."""
    return {"anyOf": [{"$ref": f"{game}.{kind}.json"} for game in games]}


def _described(schema: Mapping[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


def _text_or_dictionary(
    games: Games, kind: str, as_text: str, as_dictionary: str
) -> dict[str, Any]:
    """A ``kind`` a request gives either way the referee reads it: as text (``as_text``
    says which), or as one game's dictionary (``as_dictionary``)."""
    return {
        "oneOf": [
            _described(text(), as_text),
            _described(_any_of(games, kind), as_dictionary),
        ]
    }


_HANDLE = _described(text(), "A game the referee holds, as 'new', 'load' or 'sample' answered it.")
_GAME = _described(
    text(100),
    "A game's name or alias (scala40, skarney, rumino, chinchon, laconga; accents "
    "optional); default: the game 'scala40 serve --game' names.",
)
_SEAT = integer(0)
_SEED = _described(
    {
        "oneOf": [
            integer(0, MAX_SEED_INTEGER),
            {"type": "string", "pattern": f"^[0-9]{{1,{len(str(MAX_SEED))}}}$"},
        ]
    },
    f"A seed: an integer from 0 to 2**53 - 1, or decimal text up to {MAX_SEED} (the "
    "referee refuses larger ones).",
)
_POSITION = _described(text(), "A position's text (state.to_text(); scala40.notation).")


def _summary() -> dict[str, Any]:
    return obj(
        {
            "game": text(),
            "players": integer(1),
            "current_player": integer(0, nullable=True),
            "is_chance": boolean(),
            "is_over": boolean(),
            "hand_number": integer(),
            "scores": array(integer()),
            "winners": array(integer(0)),
            "move_number": integer(0, nullable=True),
        },
        description="Where the game stands: whose decision it is (null at a chance step or "
        "the end), the hand, the scores, the winners, the move number.",
    )


def _event() -> dict[str, Any]:
    return obj(
        {
            "number": _described(integer(0), "The move number of the move that made the event."),
            "seat": _described(
                integer(0, nullable=True),
                "The seat that moved (null for a chance step, a hand's end, the game's end).",
            ),
            "kind": _described(text(), "The move's verb, 'hand_end' or 'game_over'."),
            "move": _described(
                {"type": ["string", "null"]},
                "The move's text (null for a chance step and the ends).",
            ),
            "move_dict": {"type": ["object", "null"]},
            "cards": _described(array(card()), "The cards that came into this seat's hand."),
            "shown": _described(
                array(card()),
                "The cards the mover took from where every seat saw them (the discard "
                "pile, an offer, a table meld's joker).",
            ),
            "result": _described({"type": ["object", "null"]}, "How the hand ended (hand_end)."),
            "winners": array(integer(0)),
        },
        description="One event, as the seat may see it (scala40.events.Event.for_seat).",
    )


@attrs.frozen
class Operation:
    """One operation of ``scala40 serve``: its name, what it does, and the fields of its
    request and of its answer (each a function of the games the payloads may be of),
    with those the request may leave out."""

    name: str
    summary: str
    request: Fields
    answer: Fields
    optional: tuple[str, ...] = ()
    """The request's fields that may be left out."""
    one_of: tuple[str, ...] = ()
    """Fields of which the request gives exactly one (and none of the others)."""
    answer_optional: tuple[str, ...] = ()
    """The answer's fields that only some answers have (``bot_moves``, where bots
    play seats)."""
    answer_when: tuple[str, tuple[str, ...]] | None = None
    """A flag of the answer and the optional fields an answer has exactly when the flag
    is true (a dealt game's ``summary``)."""

    def request_schema(self, games: Games) -> dict[str, Any]:
        """The JSON Schema of this operation's requests."""
        fields = dict(self.request(games))
        schema = obj(
            {
                "op": {"const": self.name},
                "id": _described(
                    {},
                    f"Any JSON value of at most {MAX_ID_LENGTH} characters, repeated in the answer.",
                ),
                **fields,
            },
            optional=("id", *self.optional),
            description=self.summary,
        )
        if self.one_of:
            schema["oneOf"] = [{"required": [name]} for name in self.one_of]
        return schema

    def answer_schema(self, games: Games) -> dict[str, Any]:
        """The JSON Schema of this operation's answers that succeeded."""
        schema = obj(
            {
                "id": _described({}, "The request's id (null when it gave none)."),
                "ok": {"const": True},
                "op": {"const": self.name},
                **self.answer(games),
            },
            optional=self.answer_optional,
            description=f"The answer to '{self.name}': {self.summary[0].lower()}{self.summary[1:]}",
        )
        if self.answer_when is not None:
            flag, fields = self.answer_when
            schema["if"] = {"properties": {flag: {"const": True}}}
            schema["then"] = {"required": list(fields)}
            schema["else"] = {"not": {"anyOf": [{"required": [name]} for name in fields]}}
        return schema


def _games(games: Games) -> Mapping[str, Any]:
    entry = obj(
        {
            "name": text(),
            "title": text(),
            "presets": array(text()),
            "default_preset": text(),
            "default_players": integer(1),
        }
    )
    return {"games": array(entry)}


def _new(games: Games) -> Mapping[str, Any]:
    return {
        "game": _GAME,
        "rules": _text_or_dictionary(
            games, "ruleset", "A preset's name.", "A ruleset's dictionary."
        ),
        "players": integer(1),
        "seed": _SEED,
        "shuffle": _described(
            {**boolean(), "default": True},
            "Without 'seed': whether the game's seats the client plays shuffle with the "
            "referee (the game then waits for their commitments, 'commit', and their "
            "values, 'reveal'); false: the referee deals from its secret alone, and the "
            "deal's terms say so.",
        ),
        **_bot_seats(games),
    }


def _held(games: Games) -> Mapping[str, Any]:
    return {"handle": _HANDLE, "summary": _summary()}


_TIME_LIMIT = {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_TIME_LIMIT}
_BOT_NAME = _described(
    text(MAX_BOT_SPEC),
    "A bot's name as 'scala40 play --bots' takes it (random, greedy, montecarlo, playout, "
    "ismcts...), options included but time_limit ('ismcts:iterations=2000').",
)


def _bot_seats(games: Games) -> Mapping[str, Any]:
    """The fields of ``new`` and ``load`` that give seats to the referee's bots."""
    return {
        "bots": _described(
            array({"type": ["string", "null"], "maxLength": MAX_BOT_SPEC}),
            "One entry per seat: a bot's name, which the referee's bot then plays, or null "
            "for a seat the client plays (at least one).",
        ),
        "bot_time_limit": _described(
            _TIME_LIMIT,
            f"Seconds each bot seat may think over a move; default {DEFAULT_TIME_LIMIT}.",
        ),
        "bot_seed": _described(_SEED, "The seed of the bot seats' randomness; default: 'seed'."),
    }


def _bot_moves() -> dict[str, Any]:
    move = obj(
        {
            "seat": _described(integer(0), "The seat the bot played."),
            "text": _described(text(), "The move's text."),
            "move": {"type": "object", "description": "The move's dictionary."},
        }
    )
    return _described(
        array(move),
        "The moves the bot seats played in this request, in order (a game with bot seats).",
    )


def _held_with_bots(games: Games) -> Mapping[str, Any]:
    return {"handle": _HANDLE, "summary": _summary(), "bot_moves": _bot_moves()}


_HEX64 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


_VALUE = {"type": "string", "pattern": "^[0-9a-f]{32,64}$"}


def _deal_schema() -> dict[str, Any]:
    return obj(
        {
            "scheme": _described(
                text(), "How the commitment is made (scala40_server.serving.fair_deal)."
            ),
            "commitment": _described(
                _HEX64,
                "SHA-256 of 'scala40-deal-v3:<salt>:<secret>:<terms>' (a seed the client "
                "chose: 'scala40-deal-v1:<salt>:<seed>'), in hexadecimal.",
            ),
            "seed_chosen": _described(
                boolean(), "Whether the seed was the client's (not drawn by the referee)."
            ),
            "terms": _described(
                text(),
                "The game, rules and seats the commitment covers, and whether the game "
                "shuffles with the client's seats, as JSON text.",
            ),
            "phase": _described(
                {"enum": ["commit", "reveal", "dealt", "void"]},
                "What the deal waits for: the seats' commitments, then their values; then "
                "it is dealt, or void (a seat that committed withheld its value).",
            ),
            "commitments": _described(
                array({"oneOf": [_HEX64, {"type": "null"}]}),
                "Each seat's commitment to its value (null: none; it takes no part).",
            ),
            "values": _described(
                array({"oneOf": [_VALUE, {"type": "null"}]}),
                "Each seat's value for the deal, once the game is dealt (null: none).",
            ),
            "withheld": _described(
                array(integer(0)), "A void deal's seats that committed and withheld their values."
            ),
            "secret": _described(_HEX64, "The referee's secret: revealed once the match is over."),
            "seed": _described(
                {"type": "string", "pattern": f"^[0-9]{{1,{len(str(MAX_SEED))}}}$"},
                "The seed, as decimal text: revealed once the match is over.",
            ),
            "salt": _described(_HEX64, "The salt: revealed once the match is over."),
        },
        optional=(
            "seed",
            "salt",
            "secret",
            "terms",
            "phase",
            "commitments",
            "values",
            "withheld",
        ),
        description="A game's deal: the commitment to the referee's secret and the terms "
        "(or to a chosen seed), the seats' commitments and values, and, once the match is "
        "over, what it commits to and the seed.",
    )


def _dealt_or_waiting(games: Games) -> dict[str, Any]:
    """The answer of ``new`` and ``reveal``: the deal, and, once the game is dealt, where
    it stands (and the bot seats' moves)."""
    return {
        "dealt": _described(
            boolean(),
            "Whether the game is dealt (false: it waits for its seats' commitments and "
            "values, or is void).",
        ),
        "summary": _summary(),
        "bot_moves": _bot_moves(),
        "deal": _deal_schema(),
    }


def _dealt(games: Games) -> Mapping[str, Any]:
    return {"handle": _HANDLE, **_dealt_or_waiting(games)}


def _commit(games: Games) -> Mapping[str, Any]:
    return {
        "handle": _HANDLE,
        "commitments": _described(
            array({"oneOf": [_HEX64, {"type": "null"}]}),
            "One entry per seat: the commitment to the value of each seat the client plays "
            "(SHA-256 of 'scala40-value-v3:<the deal's commitment>:<seat>:<value>', "
            "scala40_server.serving.fair_deal.value_commitment_of), null for a bot's seat or one "
            "that takes no part.",
        ),
    }


def _reveal(games: Games) -> Mapping[str, Any]:
    return {
        "handle": _HANDLE,
        "values": _described(
            array({"oneOf": [_VALUE, {"type": "null"}]}),
            "One entry per seat: the value (32 to 64 lowercase hexadecimal digits) of "
            "each seat that committed, null for the others; a committed seat's null "
            "withholds its value and voids the deal.",
        ),
    }


def _deal(games: Games) -> Mapping[str, Any]:
    return {"deal": _deal_schema()}


def _ask_bot(games: Games) -> Mapping[str, Any]:
    return {
        "handle": _HANDLE,
        "bot": _BOT_NAME,
        "seed": _described(_SEED, "The seed of the bot's randomness; default 0."),
        "time_limit": _described(
            _TIME_LIMIT, f"Seconds the bot may think over a move; default {DEFAULT_TIME_LIMIT}."
        ),
    }


def _bot_answer(games: Games) -> Mapping[str, Any]:
    return {
        "seat": _described(integer(0), "The seat the move is for (the seat to decide)."),
        "bot": _described(text(), "The bot that chose the move."),
        "text": _described(text(), "The move's text."),
        "move": _described(_any_of(games, "move"), "The move's dictionary."),
    }


def _hint_answer(games: Games) -> Mapping[str, Any]:
    return {
        **_bot_answer(games),
        "advice": _described(text(), "What the seat to decide is to do."),
    }


def _handle(games: Games) -> Mapping[str, Any]:
    return {"handle": _HANDLE}


def _legal(games: Games) -> Mapping[str, Any]:
    moves = array(obj({"text": text(), "move": _any_of(games, "move")}))
    return {"moves": moves, "summary": _summary()}


def _apply(games: Games) -> Mapping[str, Any]:
    return {
        "handle": _HANDLE,
        "move": _text_or_dictionary(games, "move", "The move's text.", "The move's dictionary."),
        "expected_move_number": integer(0),
        "chance": _described(
            {**boolean(), "default": True}, "Play the chance moves (deals) that follow."
        ),
    }


def _seat(games: Games) -> Mapping[str, Any]:
    return {"handle": _HANDLE, "seat": _SEAT}


def _written(kind: str) -> Fields:
    """An answer that gives a game's ``kind`` (``state`` or ``view``) both ways it is
    written: its dictionary and its position's text."""

    def fields(games: Games) -> Mapping[str, Any]:
        return {
            kind: _described(_any_of(games, kind), f"{kind}.to_dict()."),
            "position": _described(
                text(), f"The {kind}'s text ({kind}.to_text(); scala40.notation)."
            ),
        }

    return fields


def _picture_request(games: Games) -> Mapping[str, Any]:
    return {
        "handle": _HANDLE,
        "seat": _SEAT,
        "view": _described(
            _any_of(games, "view"), "A view's JSON (view.to_dict()), instead of handle and seat."
        ),
        "last_move": _described(
            {"oneOf": [text(), {"type": "object"}]},
            "The move that led here (its text or its dictionary): written, and its cards "
            "outlined.",
        ),
        "perspective": _described(integer(0), "The seat drawn last, nearest the bottom."),
        "size": _described(integer(16, 10_000), "The width the picture is shown at, in pixels."),
    }


def _picture(games: Games) -> Mapping[str, Any]:
    return {"svg": _described(text(), "The picture, as SVG text (scala40.drawing.view_svg).")}


def _events_request(games: Games) -> Mapping[str, Any]:
    return {
        "handle": _HANDLE,
        "seat": _SEAT,
        "since": _described(
            {**integer(0), "default": 0},
            "The move number the client last saw: the events of later moves are answered.",
        ),
    }


def _events(games: Games) -> Mapping[str, Any]:
    return {
        "events": _described(array(_event()), "The events, oldest first."),
        "move_number": _described(integer(0), "The game's move number now."),
    }


def _sample(games: Games) -> Mapping[str, Any]:
    return {"handle": _HANDLE, "seat": _SEAT, "seed": _SEED}


def _load(games: Games) -> Mapping[str, Any]:
    return {
        "state": _described(_any_of(games, "state"), "A state's dictionary (or give 'position')."),
        "position": _POSITION,
        "game": _GAME,
        **_bot_seats(games),
    }


def _closed(games: Games) -> Mapping[str, Any]:
    return {"closed": _HANDLE}


def _check_request(games: Games) -> Mapping[str, Any]:
    return {
        "game": _GAME,
        "rules": _described(text(), "A preset's name (default: the game's standard rules)."),
        "melds": array(text(MAX_CARDS_TEXT), min_items=1, max_items=MAX_MELDS),
    }


def _check(games: Games) -> Mapping[str, Any]:
    unreadable = obj(
        {
            "text": _described(text(), "The meld as the request wrote it."),
            "valid": {"const": False},
            "error": _described(
                text(), "The class name of the library's error (InvalidCardError, ...)."
            ),
            "reason": text(),
        },
        description="A meld that could not be read (it costs the others nothing).",
    )
    verdict = {"oneOf": [*meld_report_schema()["oneOf"], unreadable]}
    return {
        "game": text(),
        "rules": text(),
        "valid": _described(boolean(), "Whether every meld was read and is valid."),
        "melds": _described(array(verdict), "A verdict for each meld, in the request's order."),
        "total": _described(integer(), "The valid melds' values together."),
        "total_points": _described(integer(), "The valid melds' points together."),
        "notes": array(text()),
    }


def _hand_request(games: Games) -> Mapping[str, Any]:
    return {
        "game": _GAME,
        "rules": _described(text(), "A preset's name (default: the game's standard rules)."),
        "cards": text(MAX_CARDS_TEXT),
    }


def _hand(games: Games) -> Mapping[str, Any]:
    return {"game": text(), "rules": text(), "cards": card_text(), "value": integer()}


def _nothing(games: Games) -> Mapping[str, Any]:
    return {}


OPERATIONS: tuple[Operation, ...] = (
    Operation("games", "The games and their presets.", _nothing, _games),
    Operation(
        "new",
        "A new game, with the commitment to its deal: dealt at once from a chosen 'seed' "
        "(or, with 'shuffle' false, from the referee's secret alone), else waiting for its "
        "seats' commitments ('commit') and values ('reveal').",
        _new,
        _dealt,
        optional=(
            "game",
            "rules",
            "players",
            "seed",
            "shuffle",
            "bots",
            "bot_time_limit",
            "bot_seed",
        ),
        answer_optional=("summary", "bot_moves"),
        answer_when=("dealt", ("summary",)),
    ),
    Operation(
        "commit",
        "The commitments to the values of the seats the client plays, of a game waiting "
        "for its deal: taken once, before any value.",
        _commit,
        _deal,
    ),
    Operation(
        "reveal",
        "The values of the seats that committed: the game is dealt from the referee's "
        "secret and them (and played by the bot seats up to the client's decision), or "
        "void if a committed seat withholds its value.",
        _reveal,
        _dealt_or_waiting,
        answer_optional=("summary", "bot_moves"),
        answer_when=("dealt", ("summary",)),
    ),
    Operation(
        "deal",
        "A game's deal: the commitment to its secret and terms, its phase, and the "
        "secret, the salt and the seed once the match is over.",
        _handle,
        _deal,
    ),
    Operation("legal", "The legal moves.", _handle, _legal),
    Operation(
        "apply",
        "Play a move (then the chance moves that follow, unless 'chance' is false, and "
        "the bot seats' moves up to the client's next decision).",
        _apply,
        lambda games: {"summary": _summary(), "bot_moves": _bot_moves()},
        optional=("expected_move_number", "chance"),
        answer_optional=("bot_moves",),
    ),
    Operation(
        "advance",
        "Play the bot seats (and the chance moves) up to the client's next decision.",
        _handle,
        lambda games: {"summary": _summary(), "bot_moves": _bot_moves()},
    ),
    Operation(
        "bot",
        "The move a bot chooses for the seat to decide; the game is not changed.",
        _ask_bot,
        _bot_answer,
        optional=("bot", "seed", "time_limit"),
    ),
    Operation(
        "hint",
        "A hint for the seat to decide: the hint bot's move and what the seat is to do.",
        _ask_bot,
        _hint_answer,
        optional=("bot", "seed", "time_limit"),
    ),
    Operation("view", "What a seat may see.", _seat, _written("view")),
    Operation(
        "picture",
        "The picture (SVG) of what a seat sees: of a held game's seat, or of a view's JSON.",
        _picture_request,
        _picture,
        optional=("handle", "seat", "view", "last_move", "perspective", "size"),
        one_of=("handle", "view"),
    ),
    Operation(
        "events",
        "What happened after move 'since', as a seat may see it (the library's event "
        "feed, kept from the game's 'new' or 'load' on).",
        _events_request,
        _events,
        optional=("since",),
    ),
    Operation(
        "sample",
        "A state consistent with a seat's view, held under a new handle.",
        _sample,
        _held,
        optional=("seed",),
    ),
    Operation(
        "save", "A game's state, as its dictionary and its text.", _handle, _written("state")
    ),
    Operation(
        "load",
        "Hold a state, given as its dictionary or its text, under a new handle (and "
        "play the bot seats up to the client's decision).",
        _load,
        _held_with_bots,
        optional=("state", "position", "game", "bots", "bot_time_limit", "bot_seed"),
        one_of=("state", "position"),
        answer_optional=("bot_moves",),
    ),
    Operation("close", "Forget a game.", _handle, _closed),
    Operation(
        "check",
        "Check melds, as 'scala40 check --json'.",
        _check_request,
        _check,
        optional=("game", "rules"),
    ),
    Operation(
        "hand",
        "The value of cards left in a hand.",
        _hand_request,
        _hand,
        optional=("game", "rules"),
    ),
)
"""Every operation of ``scala40 serve``, in the order its documentation lists them."""


def _error_answer() -> dict[str, Any]:
    return obj(
        {
            "id": _described(
                {}, "The request's id (null when it gave none or could not be read)."
            ),
            "ok": {"const": False},
            "op": _described(
                {"type": ["string", "null"]},
                "The request's operation (null when it named none the referee knows).",
            ),
            "error": obj(
                {
                    "type": _described(
                        text(),
                        "The class name of the error, as in scala40.errors "
                        "(IllegalMoveError, InvalidMoveError, ...).",
                    ),
                    "message": text(),
                }
            ),
        },
        description="An error: the request was refused and changed nothing.",
    )


_BY_NAME = {operation.name: operation for operation in OPERATIONS}


def request_fields(name: str) -> tuple[str, ...]:
    """The fields operation ``name`` takes besides ``op`` and ``id``, in order: the
    referee refuses any other by name.

    >>> from scala40_server.protocol import request_fields
    >>> request_fields("sample")
    ('handle', 'seat', 'seed')
    """
    return tuple(_BY_NAME[name].request(()))


def request_schema(games: Games) -> dict[str, Any]:
    """The JSON Schema of a request to ``scala40 serve`` (``$id``
    ``serve.request.json``): one branch an operation, each under ``$defs`` by its name."""
    names = [operation.name for operation in OPERATIONS]
    return {
        "$id": "serve.request.json",
        "title": "A request to scala40 serve",
        "description": f"One line of JSON on the referee's standard input (at most "
        f"{MAX_REQUEST_BYTES // (1 << 20)} MiB), naming its operation in 'op'.",
        "$defs": {operation.name: operation.request_schema(games) for operation in OPERATIONS},
        "type": "object",
        "required": ["op"],
        "properties": {"op": {"enum": names}},
        "allOf": [_when({"op": name}, f"#/$defs/{name}") for name in names],
    }


def answer_schema(games: Games) -> dict[str, Any]:
    """The JSON Schema of an answer of ``scala40 serve`` (``$id`` ``serve.answer.json``):
    one branch an operation (its answer that succeeded) and one for the errors, each under
    ``$defs``."""
    names = [operation.name for operation in OPERATIONS]
    definitions = {operation.name: operation.answer_schema(games) for operation in OPERATIONS}
    definitions["error"] = _error_answer()
    succeeded = {"properties": {"op": {"enum": names}}}
    return {
        "$id": "serve.answer.json",
        "title": "An answer of scala40 serve",
        "description": "One line of JSON on the referee's standard output for each "
        "request, in order; 'ok' says whether it succeeded and 'op' which operation it "
        "answers.",
        "$defs": definitions,
        "type": "object",
        "required": ["id", "ok", "op"],
        "properties": {"ok": {"type": "boolean"}},
        "allOf": [
            _when({"ok": False}, "#/$defs/error"),
            {"if": _having({"ok": True}), "then": succeeded},
            *(_when({"ok": True, "op": name}, f"#/$defs/{name}") for name in names),
        ],
    }


def _having(values: Mapping[str, object]) -> dict[str, Any]:
    """A schema that holds when each field named in ``values`` is there and has its value."""
    return {
        "properties": {name: {"const": value} for name, value in values.items()},
        "required": list(values),
    }


def _when(values: Mapping[str, object], reference: str) -> dict[str, Any]:
    """The branch of a union told apart by ``values`` (an operation's name in ``op``):
    ``if`` the fields have them, ``then`` the branch's schema. A validator so checks the
    one branch the value names, and reports that branch's problems (a ``oneOf`` would
    report only that no branch fits)."""
    return {"if": _having(values), "then": {"$ref": reference}}


SCHEMAS = ("serve.request", "serve.answer")
"""The schemas of the protocol, by ``$id`` less ``.json``: a request to ``scala40 serve``
(:func:`request_schema`) and its answer (:func:`answer_schema`), made for the payloads
of :data:`scala40.schemas.BUILTIN_GAMES`."""


def _schema_name(name: object) -> str:
    if not (isinstance(name, str) and name in SCHEMAS):
        raise InvalidArgumentError(
            f"expected a protocol among {', '.join(SCHEMAS)}, got {describe(name)}"
        )
    return name


def protocol_schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``name`` (one of :data:`SCHEMAS`), made from the code, as a whole
    document: its ``$schema`` and its ``$id``, ``<name>.json``.

    :raises InvalidArgumentError: ``name`` is not one of :data:`SCHEMAS`.

    >>> from scala40_server.protocol import protocol_schema
    >>> schema = protocol_schema("serve.answer")
    >>> schema["$id"], sorted(schema["$defs"])[:3]
    ('serve.answer.json', ['advance', 'apply', 'bot'])
    """
    if _schema_name(name) == "serve.request":
        body = request_schema(BUILTIN_GAMES)
    else:
        body = answer_schema(BUILTIN_GAMES)
    return {"$schema": DRAFT, **body}


def shipped_schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``name`` (one of :data:`SCHEMAS`) as this package ships it: the
    file ``<name>.json`` of its ``schemas`` directory, which a test holds equal to
    :func:`protocol_schema`.

    :raises InvalidArgumentError: ``name`` is not one of :data:`SCHEMAS`.
    """
    folder = resources.files("scala40_server").joinpath("schemas")
    contents = folder.joinpath(f"{_schema_name(name)}.json").read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(contents)
    return document


def write_schemas(directory: str | Path) -> list[Path]:
    """Write every schema a client of ``scala40 serve`` validates with into ``directory``
    (made if need be, with its parents): the rules' (:func:`scala40.schemas.schema_files`:
    each format of each built-in game, and the command line's verdicts), then
    :data:`SCHEMAS`, whose payloads refer to the games' by file name, so that a validator
    given the directory resolves every reference. Returns the files written. The
    directory is opened once and every file written relative to it, never through a
    symbolic link (:class:`scala40.directory.DirectoryWriter`).

    :raises FileWriteError: the directory, or a schema's name in it, is a symbolic link
        or not what is written there, or a file cannot be written (an ``OSError`` too).
    """
    files = scala40.schemas.schema_files()
    for name in SCHEMAS:
        document = json.dumps(protocol_schema(name), indent=2, ensure_ascii=False)
        files[f"{name}.json"] = document + "\n"
    with DirectoryWriter.open(directory) as folder:
        return folder.write_all(files)
