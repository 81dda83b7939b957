"""Game records: the game, its rules, the seed and the moves, replayable to the same states.

A record works for every registered game: it names the game (and the version of its
engine) beside the rules, so that it replays under the game it was played in.

>>> import json, scala40
>>> record = scala40.GameRecord.start("official", players=2, seed=9)
>>> state = record.final_state()
>>> record = record.append(state, state.legal_moves()[0])
>>> again = scala40.GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
>>> again == record, again.final_state() == record.final_state(), again.game
(True, True, 'scala40')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from scala40._checks import is_int
from scala40._serial import expect_header
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    Scala40Error,
    SerializationError,
)
from scala40.game import Game, load_game

__all__ = ["RECORD_FORMAT_VERSION", "GameRecord"]

RECORD_FORMAT_VERSION = 2
"""Version of :meth:`GameRecord.to_dict`: 2 names the game; version 1 records (Scala 40
only, without a game) are still read."""

MAX_RECORD_MOVES = 100_000
"""The most moves a record may hold: far more than any game takes, and a bound on the
work of replaying a record sent by a stranger."""


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: game, rules, number of players, seed, moves."""

    rules: Any
    """The ruleset (of the game's ruleset type)."""
    players: int
    seed: int
    moves: tuple[str, ...] = ()
    """The moves in notation, in order (chance moves included when played explicitly)."""
    auto_chance: bool = True
    game: str = "scala40"
    """The name of the game (:func:`scala40.game.load_game`)."""
    game_version: int = attrs.field(default=0, eq=False)
    """The version of the game's engine the record was made with (0: unknown); replaying
    under another version warns nobody but may, in principle, differ."""

    @classmethod
    def start(
        cls,
        rules: Any = None,
        players: int = 4,
        seed: int = 0,
        *,
        auto_chance: bool = True,
        game: str | Game = "scala40",
    ) -> GameRecord:
        """An empty record of a new game (``rules`` a ruleset, a preset name or ``None``)."""
        found = load_game(game)
        return cls(
            found.resolve_rules(rules), players, seed, (), auto_chance, found.name, found.version
        )

    def initial_state(self) -> Any:
        """The state before the first recorded move."""
        return load_game(self.game).new_game(
            self.rules, self.players, self.seed, auto_chance=self.auto_chance
        )

    def append(self, state: Any, move: Any) -> GameRecord:
        """The record with one more move; ``state`` is the state it is played in (checked:
        :class:`~scala40.IllegalMoveError` if the move is not legal there)."""
        game = load_game(self.game)
        if isinstance(move, str):
            move = game.parse_move(move)
        state.apply(move)
        return attrs.evolve(self, moves=(*self.moves, str(move)))

    def states(self) -> Iterator[Any]:
        """Every state of the game, from the initial one to the final one.

        :raises SerializationError: a recorded move is not legal where it is played.
        """
        state = self.initial_state()
        yield state
        for index, text in enumerate(self.moves):
            try:
                state = state.apply(text)
            except (IllegalMoveError, InvalidMoveError) as error:
                raise SerializationError(f"record: move {index} ({text!r}): {error}") from error
            yield state

    def final_state(self) -> Any:
        """The state after the last recorded move."""
        state = None
        for state in self.states():  # noqa: B007 - the last one is wanted
            pass
        return state

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the record."""
        return {
            "format": "scala40.record",
            "version": RECORD_FORMAT_VERSION,
            "game": self.game,
            "game_version": self.game_version or load_game(self.game).version,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": str(self.seed),
            "auto_chance": self.auto_chance,
            "moves": list(self.moves),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Rebuild a record from :meth:`to_dict` output; every move is replayed and checked.

        Version 1 records (before the library held several games) are read as Scala 40.

        :raises SerializationError: the data is malformed, names an unknown game, or a
            move does not replay.
        """
        given: object = data
        if isinstance(given, Mapping) and given.get("version") == 1:
            data = expect_header(data, "record", 1)
            expected = {"format", "version", "rules", "players", "seed", "auto_chance", "moves"}
            game_name: object = "scala40"
            game_version: object = data.get("version")
        else:
            data = expect_header(data, "record", RECORD_FORMAT_VERSION)
            expected = {
                "format", "version", "game", "game_version", "rules", "players", "seed",
                "auto_chance", "moves",
            }  # fmt: skip
            game_name = data.get("game")
            game_version = data.get("game_version")
        if set(data) != expected:
            raise SerializationError(
                f"record: expected fields {sorted(expected)}, got {sorted(map(str, data))}"
            )
        if not isinstance(game_name, str):
            raise SerializationError(f"record: game must be a game's name, got {game_name!r}")
        if not (is_int(game_version) and game_version >= 0):
            raise SerializationError(
                f"record: game_version must be an integer, got {game_version!r}"
            )
        try:
            game = load_game(game_name)
        except (Scala40Error, InvalidArgumentError) as error:
            raise SerializationError(f"record: {error}") from error
        players, seed_text, moves = data["players"], data["seed"], data["moves"]
        if not is_int(players):
            raise SerializationError(f"record: players must be an integer, got {players!r}")
        if not (isinstance(seed_text, str) and _is_decimal(seed_text)):
            raise SerializationError(
                f"record: seed must be an integer written as text, got {seed_text!r}"
            )
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SerializationError("record: moves must be a list of move texts")
        if len(moves) > MAX_RECORD_MOVES:
            raise SerializationError(
                f"record: {len(moves)} moves, more than the {MAX_RECORD_MOVES} a record may hold"
            )
        if type(data["auto_chance"]) is not bool:
            raise SerializationError("record: auto_chance must be true or false")
        rules = game.ruleset_type.from_dict(data["rules"])
        record = cls(
            rules, players, int(seed_text), tuple(moves), data["auto_chance"], game.name,
            game_version,
        )  # fmt: skip
        try:
            record.initial_state()
        except Scala40Error as error:
            raise SerializationError(f"record: {error}") from error
        for _ in record.states():
            pass
        return record


def _is_decimal(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, at most 40 of them (a seed)."""
    body = text[1:] if text.startswith("-") else text
    return 0 < len(body) <= 40 and body.isascii() and body.isdigit()
