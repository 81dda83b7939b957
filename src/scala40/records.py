"""Game records: the rules, the seed and the moves of a game, replayable to the same states.

>>> import json, scala40
>>> record = scala40.GameRecord.start("official", players=2, seed=9)
>>> state = record.final_state()
>>> record = record.append(state, state.legal_moves().__iter__().__next__())
>>> again = scala40.GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
>>> again == record, again.final_state() == record.final_state()
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from scala40._serial import expect_header
from scala40.errors import IllegalMoveError, InvalidMoveError, SerializationError
from scala40.moves import Move, parse_move
from scala40.ruleset import PRESETS, Ruleset
from scala40.state import GameState, new_game

__all__ = ["GameRecord"]

RECORD_FORMAT_VERSION = 1


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: rules, number of players, seed, and moves."""

    rules: Ruleset
    players: int
    seed: int
    moves: tuple[str, ...] = ()
    """The moves in notation, in order (chance moves included when played explicitly)."""
    auto_chance: bool = True

    @classmethod
    def start(
        cls, rules: Ruleset | str | None = None, players: int = 4, seed: int = 0,
        *, auto_chance: bool = True,
    ) -> GameRecord:  # fmt: skip
        """An empty record of a new game."""
        if isinstance(rules, str):
            rules = Ruleset.preset(rules)
        return cls(rules or PRESETS["official"], players, seed, (), auto_chance)

    def initial_state(self) -> GameState:
        """The state before the first recorded move."""
        return new_game(self.rules, self.players, self.seed, auto_chance=self.auto_chance)

    def append(self, state: GameState, move: Move | str) -> GameRecord:
        """The record with one more move; ``state`` is the state it is played in (checked)."""
        if isinstance(move, str):
            move = parse_move(move)
        state.apply(move)
        return attrs.evolve(self, moves=(*self.moves, str(move)))

    def states(self) -> Iterator[GameState]:
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

    def final_state(self) -> GameState:
        """The state after the last recorded move."""
        state = self.initial_state()
        for state in self.states():  # noqa: B007 - the last one is wanted
            pass
        return state

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the record."""
        return {
            "format": "scala40.record",
            "version": RECORD_FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": str(self.seed),
            "auto_chance": self.auto_chance,
            "moves": list(self.moves),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Rebuild a record from :meth:`to_dict` output; every move is replayed and checked."""
        data = expect_header(data, "record", RECORD_FORMAT_VERSION)
        expected = {"format", "version", "rules", "players", "seed", "auto_chance", "moves"}
        if set(data) != expected:
            raise SerializationError(
                f"record: expected fields {sorted(expected)}, got {sorted(data)}"
            )
        players, seed_text, moves = data["players"], data["seed"], data["moves"]
        if type(players) is not int:
            raise SerializationError(f"record: players must be an integer, got {players!r}")
        try:
            seed = int(seed_text)
        except (TypeError, ValueError):
            raise SerializationError(
                f"record: seed must be an integer, got {seed_text!r}"
            ) from None
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SerializationError("record: moves must be a list of move texts")
        if type(data["auto_chance"]) is not bool:
            raise SerializationError("record: auto_chance must be true or false")
        record = cls(
            Ruleset.from_dict(data["rules"]), players, seed, tuple(moves), data["auto_chance"]
        )
        try:
            record.initial_state()
        except Exception as error:
            raise SerializationError(f"record: {error}") from error
        for _ in record.states():
            pass
        return record
