"""Game records: the game, its rules, the seed and the moves, replayable to the same states.

A record works for every registered game: it names the game (and the version of its
engine) beside the rules, so that it replays under the game it was played in.

>>> import json
>>> from scala40.records import GameRecord
>>> record = GameRecord.start("official", players=2, seed=9)
>>> state = record.final_state()
>>> record = record.append(state, state.legal_moves()[0])
>>> again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
>>> again == record, again.final_state() == record.final_state(), again.game
(True, True, 'scala40')
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from scala40._format.serial import expect_header
from scala40.checks import describe, is_bool, is_decimal, is_int
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidValueError,
    Scala40Error,
    SerializationError,
)
from scala40.game import DEFAULT_GAME, Game, State, load_game
from scala40.rulesets import RulesetBase

__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_RECORD_MOVES",
    "MAX_SEED_DIGITS",
    "RECORD_FORMAT_VERSION",
    "GameRecord",
]

RECORD_FORMAT_VERSION = 2
"""Version of :meth:`GameRecord.to_dict`: 2 names the game (and, optionally, who played
each seat); version 1 records (Scala 40 only, without a game) are still read."""

MAX_RECORD_MOVES = 10_000
"""The most moves a record may hold: a bound on the work of replaying a record sent by a
stranger (:meth:`GameRecord.from_dict` replays and checks every move). A whole match of
random moves takes 150 to 2,400 moves; only players who never end a hand (always taking
the first or the last legal move) play longer. At the bound a record reads back in
0.07-0.15 s of CPU, within the 0.25 s bound of a call on a machine whose speed varies by
half (20,000 moves took 0.14-0.29 s, 100,000 moves 0.45 s)."""


MAX_SEED_DIGITS = 40
"""The most digits a record's seed may have."""

MAX_NAME_LENGTH = 100
"""The most characters of a player's name in a record."""

_UNREAD = object()
"""A text of a record that reads as no move without its position."""


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: game, rules, number of players, seed, moves.

    The fields are checked when a record is made (their types and ranges; the moves are
    checked when they are replayed, by :meth:`states` and :meth:`from_dict`).

    :raises InvalidArgumentError: a field of the wrong type.
    :raises InvalidValueError: a number out of range (players the rules do not allow, a
        seed of more than :data:`MAX_SEED_DIGITS` digits).
    """

    rules: Any
    """The ruleset (of the game's ruleset type)."""
    players: int
    seed: int
    moves: tuple[str, ...] = ()
    """The moves in notation, in order (chance moves included when played explicitly)."""
    auto_chance: bool = True
    game: str = DEFAULT_GAME
    """The name of the game (:func:`scala40.game.load_game`)."""
    game_version: int = attrs.field(default=0, eq=False)
    """The version of the game's engine the record was made with (0: unknown); replaying
    under another version warns nobody but may, in principle, differ."""
    names: tuple[str, ...] = ()
    """Who played each seat, one name a seat (a bot's name with its options, such as
    ``"montecarlo:playouts=50"``, or ``"human"``), or empty when not recorded. ``scala40
    play --load`` resumes a game with them."""

    def __attrs_post_init__(self) -> None:
        rules: object = self.rules
        if not isinstance(rules, RulesetBase):
            raise InvalidArgumentError(f"rules must be a ruleset, got {describe(rules)}")
        if not is_int(self.players):
            raise InvalidArgumentError(f"players must be an integer, got {describe(self.players)}")
        if not rules.min_players <= self.players <= rules.max_players:
            raise InvalidValueError(
                f"players must be from {rules.min_players} to {rules.max_players}, "
                f"got {describe(self.players)}"
            )
        if not is_int(self.seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(self.seed)}")
        if abs(self.seed) >= 10**MAX_SEED_DIGITS:
            raise InvalidValueError(
                f"seed must have at most {MAX_SEED_DIGITS} digits, got {describe(self.seed)}"
            )
        moves: object = self.moves
        if not isinstance(moves, tuple) or len(moves) > MAX_RECORD_MOVES:
            raise InvalidArgumentError(
                f"moves must be a tuple of at most {MAX_RECORD_MOVES} move texts, "
                f"got {describe(moves)}"
            )
        if not is_bool(self.auto_chance):
            raise InvalidArgumentError(
                f"auto_chance must be True or False, got {describe(self.auto_chance)}"
            )
        if not isinstance(self.game, str):
            raise InvalidArgumentError(f"game must be a game's name, got {describe(self.game)}")
        if not (is_int(self.game_version) and 0 <= self.game_version <= 10**9):
            raise InvalidArgumentError(
                f"game_version must be an integer, got {describe(self.game_version)}"
            )
        names: object = self.names
        if not (
            isinstance(names, tuple)
            and len(names) in (0, self.players)
            and all(_is_name(name) for name in names)
        ):
            raise InvalidArgumentError(
                f"names must be a tuple of {self.players} names (one a seat, each a line of "
                f"1 to {MAX_NAME_LENGTH} characters) or empty, got {describe(names)}"
            )

    @classmethod
    def start(
        cls,
        rules: Any = None,
        players: int = 4,
        seed: int = 0,
        *,
        auto_chance: bool = True,
        game: str | Game = DEFAULT_GAME,
        names: tuple[str, ...] = (),
    ) -> GameRecord:
        """An empty record of a new game (``rules`` a ruleset, a preset name or ``None``;
        ``names``, who plays each seat, if it is to be recorded)."""
        found = load_game(game)
        record = cls(
            found.resolve_rules(rules),
            players,
            seed,
            (),
            auto_chance,
            found.name,
            found.version,
            names,
        )
        record.initial_state()  # the game's own checks, now rather than at the first replay
        return record

    def initial_state(self) -> Any:
        """The state before the first recorded move."""
        return load_game(self.game).new_game(
            self.rules, self.players, self.seed, auto_chance=self.auto_chance
        )

    def append(self, state: Any, move: Any) -> GameRecord:
        """The record with one more move; ``state`` is the state it is played in (checked:
        :class:`~scala40.IllegalMoveError` if the move is not legal there)."""
        game = load_game(self.game)
        if not isinstance(state, State) or state.game_name != game.name:
            raise InvalidArgumentError(f"expected a state of {game.title}, got {describe(state)}")
        if isinstance(move, str):
            # Read against the position (a lay-off's end, a joker's card left to it), so
            # that the record keeps the move's one text.
            parse = getattr(state, "parse_move", None)
            move = parse(move) if callable(parse) else game.parse_move(move)
        state.apply(move)
        return attrs.evolve(self, moves=(*self.moves, str(move)))

    def states(self) -> Iterator[Any]:
        """Every state of the game, from the initial one to the final one.

        :raises SerializationError: a recorded move is not legal where it is played.
        """
        return self._replay(self.initial_state())

    def _replay(self, state: Any) -> Iterator[Any]:
        """``state`` and the states after each recorded move played from it (see
        :meth:`states`)."""
        yield state
        # A record repeats few texts (a draw, a discard of each card): each is read once,
        # without the position, and its value applied. A text that reads only in its
        # position, or whose value the position refuses, goes the whole way (apply reads
        # it against the legal moves), so every text means here what apply makes of it.
        move_set = getattr(type(state), "MOVES", None)
        values: dict[str, Any] = {}
        for index, text in enumerate(self.moves):
            if not isinstance(text, str):
                raise SerializationError(f"record: move {index} is not text: {describe(text)}")
            try:
                value = values.get(text)
                if value is None and move_set is not None:
                    try:
                        value = values[text] = move_set.parse(text)
                    except InvalidMoveError:
                        values[text] = _UNREAD
                after = None
                if value is not None and value is not _UNREAD:
                    with contextlib.suppress(IllegalMoveError):
                        after = state.apply(value)
                state = state.apply(text) if after is None else after
            except Scala40Error as error:
                raise SerializationError(
                    f"record: move {index} ({describe(text)}): {error}"
                ) from error
            yield state

    def final_state(self) -> Any:
        """The state after the last recorded move."""
        state = None
        for state in self.states():  # noqa: B007 - the last one is wanted
            pass
        return state

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the record (``names`` only when the
        record has them)."""
        data = {
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
        if self.names:
            data["names"] = list(self.names)
        return data

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
            game_name: object = DEFAULT_GAME
            game_version: object = data.get("version")
        else:
            data = expect_header(data, "record", RECORD_FORMAT_VERSION)
            expected = {
                "format", "version", "game", "game_version", "rules", "players", "seed",
                "auto_chance", "moves",
            }  # fmt: skip
            game_name = data.get("game")
            game_version = data.get("game_version")
            if "names" in data:
                expected.add("names")
        if set(data) != expected:
            raise SerializationError(
                f"record: expected fields {sorted(expected)}, got {sorted(map(str, data))}"
            )
        if not isinstance(game_name, str):
            raise SerializationError(
                f"record: game must be a game's name, got {describe(game_name)}"
            )
        if not (is_int(game_version) and 0 <= game_version <= 10**9):
            raise SerializationError(
                f"record: game_version must be an integer, got {describe(game_version)}"
            )
        try:
            game = load_game(game_name)
        except (Scala40Error, InvalidArgumentError) as error:
            raise SerializationError(f"record: {error}") from error
        if game.name != game_name:
            # A record names its game as the library writes it, not by an alias.
            raise SerializationError(
                f"record: game must be written {game.name!r}, got {describe(game_name)}"
            )
        players, seed_text, moves = data["players"], data["seed"], data["moves"]
        if not is_int(players):
            raise SerializationError(
                f"record: players must be an integer, got {describe(players)}"
            )
        if not (is_decimal(seed_text, MAX_SEED_DIGITS, signed=True)):
            raise SerializationError(
                f"record: seed must be an integer of at most {MAX_SEED_DIGITS} digits written "
                f"as text, got {describe(seed_text)}"
            )
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SerializationError("record: moves must be a list of move texts")
        if len(moves) > MAX_RECORD_MOVES:
            raise SerializationError(
                f"record: {len(moves)} moves, more than the {MAX_RECORD_MOVES} a record may hold"
            )
        move_set = game.move_set
        if move_set is not None:
            # Each as the library writes a move (a verb, then its words one space apart,
            # cards by name): the text a record holds is no person's spelling of it.
            for index, text in enumerate(moves):
                if not move_set.is_written(text):
                    raise SerializationError(
                        f"record: move {index} ({describe(text)}): {move_set.unwritten(text)}"
                    )
        if type(data["auto_chance"]) is not bool:
            raise SerializationError("record: auto_chance must be true or false")
        names = data.get("names", [])
        if not (isinstance(names, list) and len(names) <= MAX_RECORD_MOVES):
            raise SerializationError(
                f"record: names must be a list of names, got {describe(names)}"
            )
        rules = game.ruleset_type.from_dict(data["rules"])
        try:
            record = cls(
                rules, players, int(seed_text), tuple(moves), data["auto_chance"], game.name,
                game_version, tuple(names),
            )  # fmt: skip
            initial = record.initial_state()
        except Scala40Error as error:
            raise SerializationError(f"record: {error}") from error
        # Whether each move is legal where it is played: the states need no log of the
        # hand for that (a log costs every move, and a record may hold 10,000).
        without_log = getattr(initial, "without_log", None)
        for _ in record._replay(without_log() if callable(without_log) else initial):
            pass
        return record


def _is_name(name: object) -> bool:
    """Whether ``name`` is a player's name: one line of printable text, not too long."""
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH and name.isprintable()
