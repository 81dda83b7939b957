"""JSON Schemas of the library's formats, for every game: states, moves, rulesets, game
records, tournament results and the views an app sends its clients; and of the command
line's protocols: the verdicts of ``scala40 check --jsonl`` and ``scala40 hand --jsonl``
(:mod:`scala40.verdicts`) and the lines of the conformance corpus. (The requests
and answers of ``scala40 serve`` are the server's: scala40-server ships their schemas.)

Each schema (JSON Schema draft 2020-12) is made from the code that writes the format:
a ruleset's from its option fields, the moves' from their codecs, a state's by its
game, a record's and a tournament result's from theirs (see :func:`json_schema`). The
schemas of the library's own games also ship with the package, as JSON files in this
package's directory (``scala40/schemas/<game>.<kind>.json``, read with
:func:`shipped_schema`); a test checks that they equal what the code makes, so that
they never drift from it.

A schema says what each field holds (its type, its range, the card notation, the
choices); the library's loaders (``from_dict``) check more: that the fields agree with
each other and with the rules. Validating against the schema is a cheap first line of
defence for a server that receives the library's formats; loading is the last word.

>>> from scala40.schemas import PROTOCOLS, protocol_schema
>>> from scala40.schemas import KINDS, json_schema, shipped_schema
>>> KINDS
('state', 'move', 'ruleset', 'record', 'tournament', 'view')
>>> schema = json_schema("ruleset", "chinchon")
>>> schema["title"], schema["$id"], schema["properties"]["format"]
('Chinchón ruleset', 'chinchon.ruleset.json', {'const': 'scala40.chinchon.ruleset'})
>>> shipped_schema("ruleset", "chinchon") == schema
True
>>> PROTOCOLS
('check.verdict', 'hand.verdict', 'corpus.line')
>>> protocol_schema("hand.verdict")["$id"]
'hand.verdict.json'
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import scala40.game as game_registry
from scala40._base.state import MAX_MOVE_NUMBER
from scala40._format.codecs import MAX_SEATS
from scala40._format.serial import MAX_MOVE_TEXT
from scala40.checks import describe
from scala40.conformance.corpus import line_schema
from scala40.directory import DirectoryWriter
from scala40.errors import InvalidArgumentError
from scala40.game import Game, load_game
from scala40.history import MAX_DROPPED_MOVES, MAX_HISTORY, MAX_SHOWN_TEXT
from scala40.match import ScoreOrder
from scala40.records import (
    MAX_NAME_LENGTH,
    MAX_RECORD_MOVES,
    MAX_SEED_DIGITS,
    RECORD_FORMAT_VERSION,
)
from scala40.resignation import MAX_RESIGNED
from scala40.rulesets import MAX_OPTION_INT
from scala40.schema_parts import (
    DRAFT,
    array,
    boolean,
    card,
    card_text,
    decimal_text,
    enum_of,
    header,
    integer,
    number,
    obj,
    text,
)
from scala40.tournament import (
    MAX_BOT_NAME,
    MAX_BOTS,
    MAX_COUNT,
    MAX_GAMES,
    TOURNAMENT_FORMAT_VERSION,
)
from scala40.verdicts import verdict_schema
from scala40.view_json import MAX_VIEW_ITEMS, VIEW_FORMAT, VIEW_FORMAT_VERSION, view_facts_schemas

__all__ = [
    "BUILTIN_GAMES",
    "KINDS",
    "PROTOCOLS",
    "json_schema",
    "protocol_schema",
    "schema_file_name",
    "schema_files",
    "shipped_schema",
    "write_schemas",
]

KINDS = ("state", "move", "ruleset", "record", "tournament", "view")
"""The formats a schema describes: a game state (``state.to_dict()``), a move
(``game.move_to_dict(move)``), a ruleset (``rules.to_dict()``), a game record
(:meth:`~scala40.records.GameRecord.to_dict`) and a tournament result
(:meth:`~scala40.tournament.TournamentResult.to_dict`)."""

BUILTIN_GAMES = game_registry.BUILTIN_GAMES
"""The games whose schemas ship with the package: the library's own, as the registry
lists them (:data:`scala40.game.BUILTIN_GAMES`)."""

PROTOCOLS = ("check.verdict", "hand.verdict", "corpus.line")
"""The command line's protocols whose schemas ship with the package: a line of ``scala40
check --jsonl`` and of ``scala40 hand --jsonl`` (:mod:`scala40.verdicts`), and a
line of the conformance corpus (:mod:`scala40.conformance`)."""


def schema_file_name(kind: str, game: str | Game = "scala40") -> str:
    """The name of the file that holds a shipped schema: ``<game>.<kind>.json``.

    >>> from scala40.schemas import schema_file_name
    >>> schema_file_name("state", "skarney")
    'skarney.state.json'
    """
    return f"{load_game(game).name}.{_kind(kind)}.json"


def json_schema(kind: str, game: str | Game = "scala40") -> dict[str, Any]:
    """The JSON Schema of format ``kind`` (one of :data:`KINDS`) for ``game``, made from
    the code.

    Records and tournament results have one format for every game; their schema for a
    game names that game and its ruleset. A game that does not describe its states (an
    add-on game without ``state_schema``) gets a schema of the header alone, and one
    without a :class:`~scala40.movekinds.MoveSet` a schema of the moves' header alone.

    :raises InvalidArgumentError: ``kind`` is not a format.
    :raises UnknownGameError: ``game`` names no game.
    """
    kind = _kind(kind)
    found = load_game(game)
    body = _BUILDERS[kind](found)
    return {
        "$schema": DRAFT,
        "$id": schema_file_name(kind, found),
        "title": f"{found.title} {_TITLES[kind]}",
        **body,
    }


def protocol_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of the protocol ``name`` (one of :data:`PROTOCOLS`), made from the
    code; its ``$id`` is ``<name>.json``.

    :raises InvalidArgumentError: ``name`` is not a protocol.
    """
    given: object = name  # callers may ignore the type hints
    if not (isinstance(given, str) and given in PROTOCOLS):
        raise InvalidArgumentError(
            f"expected a protocol among {', '.join(PROTOCOLS)}, got {describe(name)}"
        )
    body = line_schema() if name == "corpus.line" else verdict_schema(name.split(".")[0])
    return {"$schema": DRAFT, **body}


def shipped_schema(kind: str, game: str | Game = "scala40") -> dict[str, Any]:
    """The schema of format ``kind`` for ``game`` as the package ships it (a JSON file).

    :raises InvalidArgumentError: ``kind`` is not a format, or the package ships no
        schema for ``game`` (only for :data:`BUILTIN_GAMES`; :func:`json_schema` makes
        one for any game).
    """
    name = schema_file_name(kind, game)
    if load_game(game).name not in BUILTIN_GAMES:
        raise InvalidArgumentError(
            f"no schema of {load_game(game).title} ships with the package; json_schema() makes it"
        )
    document: dict[str, Any] = json.loads(
        resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    )
    return document


def schema_files() -> dict[str, str]:
    """Every schema that ships with the package, each file's text by name: each format of
    each built-in game, then each protocol (what :func:`write_schemas` writes)."""
    documents = [
        (schema_file_name(kind, game), json_schema(kind, game))
        for game in BUILTIN_GAMES
        for kind in KINDS
    ]
    documents += [(f"{name}.json", protocol_schema(name)) for name in PROTOCOLS]
    return {
        name: json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        for name, document in documents
    }


def write_schemas(directory: str | Path) -> list[Path]:
    """Write every schema that ships with the package (:func:`schema_files`) into
    ``directory`` (made if need be, with its parents; the package's own directory is
    where they ship). Returns the files written. A schema's file of the same name is
    replaced, nothing else in the directory touched, and nothing written through a
    symbolic link (:class:`~scala40.directory.DirectoryWriter`).

    :raises FileWriteError: the directory, or a schema's name in it, is a symbolic link
        or not what is written there, or a file cannot be written (an ``OSError`` too).
    """
    with DirectoryWriter.open(directory) as folder:
        return folder.write_all(schema_files())


def _kind(kind: object) -> str:
    if not (isinstance(kind, str) and kind in KINDS):
        raise InvalidArgumentError(
            f"expected a format among {', '.join(KINDS)}, got {describe(kind)}"
        )
    return kind


_TITLES = {
    "state": "state",
    "move": "move",
    "ruleset": "ruleset",
    "record": "game record",
    "tournament": "tournament result",
    "view": "view",
}


def _state(game: Game) -> dict[str, Any]:
    if game.state_schema is not None:
        schema = dict(game.state_schema())
        # Every state base saves the move number after the header: added here once.
        properties = dict(schema["properties"])
        fields = list(properties.items())
        properties = dict([*fields[:2], ("move_number", integer(0, MAX_MOVE_NUMBER)), *fields[2:]])
        # ... and the seats that resigned, left out while nobody has (C-RESIGN).
        properties["resigned"] = {
            "description": "The seats that resigned, in the order they left (C-RESIGN); "
            "absent while nobody has.",
            **array(integer(0, MAX_RESIGNED - 1), max_items=MAX_RESIGNED),
        }
        # ... and the hand's log, left out while empty (scala40.history).
        properties.update(_history(game))
        schema["properties"] = properties
        schema["required"] = ["move_number", *schema["required"]]
        return schema
    return {
        "description": f"A state of {game.title}: the game describes no more than its header.",
        "type": "object",
        "properties": {"format": text(), "version": integer()},
        "required": ["format", "version"],
    }


def _history(game: Game) -> dict[str, Any]:
    """The two keys of a hand's log in a state's dictionary (``log_to_json``)."""
    shown = card_text(non_empty=True)
    shown["maxLength"] = MAX_SHOWN_TEXT
    entry = {
        "description": "A move of the hand: [seat (null for a chance step), the move's "
        "text] and, when it took cards from a face-up place, those cards.",
        "type": "array",
        "prefixItems": [integer(0, MAX_SEATS - 1, nullable=True), _move_text(game), shown],
        "minItems": 2,
        "maxItems": 3,
    }
    every_shown = card_text()
    every_shown["maxLength"] = MAX_SHOWN_TEXT
    return {
        "history": {
            "description": "The moves of the hand in play as every seat saw them, oldest "
            "first (the last ones of a very long hand); absent while there are none.",
            **array(entry, max_items=MAX_HISTORY - 1),
        },
        "history_start": obj(
            {
                "moves": integer(0, MAX_DROPPED_MOVES),
                "shown": array(every_shown, max_items=MAX_SEATS),
            },
            description="For a hand whose first moves the history no longer keeps: how "
            "many, and the cards each seat had been seen to take and still held after "
            "them (none when no hand held one); absent otherwise.",
        ),
    }


def _move(game: Game) -> dict[str, Any]:
    if game.move_set is not None:
        return game.move_set.json_schema()
    return {
        "description": f"A move of {game.title}: the game describes no more than its header.",
        "type": "object",
        "properties": {"format": text(), "version": integer(), "type": text()},
        "required": ["format", "version", "type"],
    }


def _ruleset(game: Game) -> dict[str, Any]:
    return game.ruleset_type.json_schema()


def _move_text(game: Game) -> dict[str, Any]:
    if game.move_set is not None:
        return text(MAX_MOVE_TEXT, game.move_set.text_pattern())
    return text(MAX_MOVE_TEXT)


def _record(game: Game) -> dict[str, Any]:
    name = text(MAX_NAME_LENGTH)
    name["minLength"] = 1
    return obj(
        {
            **header("scala40.record", RECORD_FORMAT_VERSION),
            "game": {"const": game.name},
            "game_version": integer(0, 10**9),
            "rules": game.ruleset_type.json_schema(),
            "players": integer(1, MAX_OPTION_INT),
            "seed": decimal_text(MAX_SEED_DIGITS),
            "auto_chance": boolean(),
            "moves": array(_move_text(game), max_items=MAX_RECORD_MOVES),
            "names": array(name, min_items=1),
        },
        optional=["names"],
        description=f"A record of a game of {game.title} (scala40.record version "
        f"{RECORD_FORMAT_VERSION}): the game, its rules, the number of players, the "
        "seed (as text), whether chance steps are in the moves, the moves in notation, "
        "and optionally who played each seat.",
    )


def _tournament_game() -> dict[str, Any]:
    count = integer(0, MAX_COUNT)
    seat = integer(0, MAX_OPTION_INT)
    return obj(
        {
            "index": integer(0, MAX_GAMES - 1),
            "seed": {"type": "string", "pattern": "^[0-9]{1,20}$"},
            "seats": array(integer(0, MAX_BOTS - 1)),
            "winners": array(seat),
            "scores": array(integer(-MAX_COUNT, MAX_COUNT)),
            "actions": count,
            "hands": count,
            "finished": boolean(),
            "decisions": array(count),
            "decision_seconds": array(number(0)),
            "teams": array(array(seat)),
        },
        description="One game: its place, its seed (as text), the bot of each seat (an "
        "index into bots), the seats that won, each seat's score, its length, whether "
        "it ended, each seat's decisions and their time, and its sides (empty: one seat "
        "a side).",
    )


def _tournament(game: Game) -> dict[str, Any]:
    stats = obj(
        {
            "name": text(MAX_BOT_NAME),
            "games": integer(0, MAX_COUNT),
            "wins": integer(0, MAX_COUNT),
            "win_rate": number(0, 1),
            "win_interval": array(number(0, 1), min_items=2, max_items=2),
            "mean_score": number(),
            "mean_actions": number(0),
            "mean_hands": number(0),
            "decisions": integer(0, MAX_COUNT),
            "decision_seconds": number(0),
            "seconds_per_decision": number(0),
            "score_order": enum_of(order.value for order in ScoreOrder),
        },
        description="One bot's results, in the order of bots: sides played and won, the "
        "win rate and its 95% Wilson interval, mean score, length and decision time.",
    )
    schema = obj(
        {
            **header("scala40.tournament", TOURNAMENT_FORMAT_VERSION),
            "game": {"const": game.name},
            "rules": game.ruleset_type.json_schema(),
            "players": integer(1, MAX_OPTION_INT),
            "seed": decimal_text(MAX_SEED_DIGITS),
            "bots": array(text(MAX_BOT_NAME), min_items=1, max_items=MAX_BOTS),
            "games": array({"$ref": "#/$defs/game"}, max_items=MAX_GAMES),
            "stats": array(stats),
        },
        description=f"The result of a tournament of {game.title} (scala40.tournament "
        f"version {TOURNAMENT_FORMAT_VERSION}): the rules, players, seed (as text) and "
        "bots, every game in order, and each bot's stats.",
    )
    game_line = _tournament_game()
    game_line["properties"]["bots"] = array(text(MAX_BOT_NAME))
    game_line["required"].append("bots")
    game_line["description"] = (
        "One line of 'scala40 simulate --jsonl': a game as in games, and the name of the "
        "bot of each seat."
    )
    schema["$defs"] = {"game": _tournament_game(), "game_line": game_line}
    return schema


def _view(game: Game) -> dict[str, Any]:
    seat = integer(0, MAX_VIEW_ITEMS - 1)
    some_seat = integer(0, MAX_VIEW_ITEMS - 1, nullable=True)
    phase = {"type": ["string", "null"], "maxLength": 100}
    decision = {
        "oneOf": [
            obj({"seat": seat, "kind": phase}),
            {"type": "null"},
        ]
    }
    legal = obj({"text": _move_text(game), "move": _move(game)})
    last_hand = {
        "oneOf": [
            obj(
                {
                    "hand_number": integer(0),
                    "closer": some_seat,
                    "points": array(integer()),
                    "hands": array(array(card())),
                    "details": {"type": "object"},
                },
                description="How a hand ended, in the same shape for every game: the seat "
                "that closed (null if nobody did), each seat's points for the hand, each "
                "seat's cards left, and the game's other facts by name.",
            ),
            {"type": "null"},
        ]
    }
    fields = {
        "game": {"const": game.name},
        "seat": seat,
        "move_number": integer(0, MAX_MOVE_NUMBER),
        "phase": phase,
        "current_player": some_seat,
        "decision": decision,
        "legal_moves": array({"$ref": "#/$defs/legal_move"}, max_items=MAX_VIEW_ITEMS),
        "hand": array(card(), max_items=MAX_VIEW_ITEMS),
        "scores": array(integer(), max_items=MAX_VIEW_ITEMS),
        "is_over": boolean(),
        "winners": array(seat, max_items=MAX_VIEW_ITEMS),
        "last_hand": last_hand,
    }
    public_facts, own_facts = view_facts_schemas(game)
    public = {
        "type": "object",
        "description": "What every seat's view holds alike: the game's other fields (cards "
        "as card names, melds as text), and what a client would otherwise work out from "
        "them, each fact described below.",
        "properties": {"last_hand_parts": _last_hand_parts(), **public_facts},
        "required": ["last_hand_parts", *public_facts],
    }
    refused = {
        "description": "The moves a player looks for that the rules refuse the seat now "
        "(empty when another seat decides).",
        **array(_refused(game), max_items=MAX_VIEW_ITEMS),
    }
    own = obj(
        {"refused": refused, **own_facts},
        description="What the seat alone may know, worked out from its own hand: never "
        "to be shown to another seat.",
    )
    return {
        "description": f"What one seat of a game of {game.title} may see ({VIEW_FORMAT} "
        f"version {VIEW_FORMAT_VERSION}, view.to_dict(); a view of version 1, which kept "
        "the seat's own facts under 'public', is read until the next release).",
        "oneOf": [
            obj(
                {
                    **header(VIEW_FORMAT, VIEW_FORMAT_VERSION),
                    **fields,
                    "public": public,
                    "own": own,
                },
                description=f"Version {VIEW_FORMAT_VERSION}: the seat's cards, its legal "
                "moves when it decides (each as text and as a move's dictionary), whose "
                "decision it is, the scores, how the last hand ended, the game's other "
                "facts, the same in every seat's view, under 'public', and what the seat "
                "alone may know under 'own'.",
            ),
            obj(
                {**header(VIEW_FORMAT, 1), **fields, "public": _view_public_of_version_1(game)},
                description="Version 1, read until the next release: as version "
                f"{VIEW_FORMAT_VERSION} without 'own', the seat's own facts under 'public'.",
            ),
        ],
        # (Both versions' legal moves, described once: a move's schema is most of a view's.)
        "$defs": {"legal_move": legal},
    }


def _refused(game: Game) -> dict[str, Any]:
    return obj(
        {
            "move": {"description": "The move's text.", **_move_text(game)},
            "why": {"description": "Why the rules refuse it.", **text(MAX_MOVE_TEXT)},
        },
        description="A move a player looks for that the rules refuse now, and the rules' "
        "reason, its rule's ID in brackets at the end.",
    )


def _last_hand_parts() -> dict[str, Any]:
    part = obj(
        {
            "what": {"description": "What made the points, in words.", **text(100)},
            "cards": {
                "description": "The cards that made them, if any.",
                **array(card(), max_items=MAX_VIEW_ITEMS),
            },
            "points": {"description": "The points.", **integer()},
        },
        description="A part of a seat's (or side's) points of the last hand.",
    )
    return {
        "description": "How each seat's (or side's) points of the last hand were made, "
        "part by part (empty before the first hand ends).",
        **array(array(part, max_items=MAX_VIEW_ITEMS), max_items=MAX_VIEW_ITEMS),
    }


def _view_public_of_version_1(game: Game) -> dict[str, Any]:
    """A version 1 view's ``public``: the game's other fields, free, and the facts every
    view works out for a client, optional so that the views written before them still
    read."""
    return {
        "type": "object",
        "description": "The game's other public fields (cards as card names, melds as "
        "text), and what a client would otherwise work out from them: 'refused', "
        "'last_hand_parts', and each game's own (Scala 40: 'meld_owners', 'opening'; "
        "Skarney: 'contract'), which version 2 describes.",
        "properties": {
            "refused": array(_refused(game), max_items=MAX_VIEW_ITEMS),
            "last_hand_parts": _last_hand_parts(),
        },
    }


_BUILDERS = {
    "state": _state,
    "move": _move,
    "ruleset": _ruleset,
    "record": _record,
    "tournament": _tournament,
    "view": _view,
}
