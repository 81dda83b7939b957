"""OpenSpiel states as text, without pickle: what ``OpenSpielState.serialize()`` writes and
``OpenSpielGame.deserialize_state()`` reads, checked as any untrusted input.

A serialized state is six lines: OpenSpiel's own two (the actions since the start, each
``player:action``, ``-1`` for chance, and how many there are), then the game string, how
many of the last actions are the tokens of a move still being chosen, how many moves were
made, and the library state's dictionary (``to_dict()``) as compact JSON::

    history=-1:12,-1:40,-1:3,...,0:17
    move_number=61
    game=python_chinchon(chance=card,episode=match,max_game_length=8192,...)
    pending=0
    moves=13
    state={"format":"scala40.chinchon.state","version":...}

It is read with bounds checked before each step: the whole text's length
(:func:`max_serialized_chars`, from the game's ``max_game_length``) before it is split;
each line in its one spelling (ASCII digits without leading zeros, at most
``max_game_length`` actions); the state's JSON at most :data:`MAX_STATE_CHARS`
characters, read by the game's loader with all its checks. Nothing is unpickled: OpenSpiel
writes a Python state's attributes as a pickle, and unpickles them when it reads one back
(``pyspiel.deserialize_game_and_state``), which runs whatever the text says; these states
are never read so (``scala40.adapters.openspiel.deserialize_game_and_state`` reads
OpenSpiel's game-and-state form with this module instead).

>>> from scala40.adapters.openspiel_text import read_serialized, write_serialized
>>> text = write_serialized([(-1, 3), (0, 17)], "python_trio()", 1, 0, {"format": "x"})
>>> print(text)
history=-1:3,0:17
move_number=2
game=python_trio()
pending=1
moves=0
state={"format":"x"}
>>> read_serialized(text, "python_trio()", 100).pending
1
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import attrs

from scala40.checks import describe, refuse_json_constant
from scala40.errors import SerializationError

__all__ = [
    "MAX_STATE_CHARS",
    "SerializedState",
    "max_serialized_chars",
    "read_serialized",
    "state_json",
    "write_serialized",
]

MAX_STATE_CHARS = 1 << 20
"""The most characters the library state's dictionary may take as JSON in a serialized
state (a state's dictionary takes a few thousand): a longer one is refused before it is
parsed."""

_CHARS_PER_ACTION = 11
"""The most characters an action takes in a serialized history (``NNN:NNNNNN,``)."""

_FIXED_CHARS = 200
"""The most characters the other lines take but for the game string and the JSON."""

_ACTION = r"(?:-1|0|[1-9][0-9]{0,2}):(?:0|[1-9][0-9]{0,5})"
"""One action of a serialized history, in its one spelling: the player (``-1`` for
chance, or a seat) and the action, in ASCII digits without leading zeros, short enough
for OpenSpiel's C++ integers."""
_HISTORY_ITEM = re.compile(_ACTION)
_HISTORY = re.compile(f"{_ACTION}(?:,{_ACTION})*")
_COUNT = re.compile(r"0|[1-9][0-9]{0,8}")

_LINES = ("history=", "move_number=", "game=", "pending=", "moves=", "state=")
"""The lines of a serialized state, each by how it starts."""


@attrs.frozen
class SerializedState:
    """What a serialized state says, each part read and checked in form (the state's
    dictionary not yet loaded)."""

    history: list[tuple[int, int]]
    """The ``(player, action)`` pairs since the start."""
    pending: int
    """How many of the last actions are the tokens of a move still being chosen."""
    moves: int
    """How many moves were made."""
    state: Any
    """The library state's dictionary, as JSON read it (its loader checks it)."""


def max_serialized_chars(max_game_length: int, game_text: str) -> int:
    """The most characters a serialized state of a game may take: ``max_game_length``
    actions, the game string ``game_text``, the state's JSON and the lines' words."""
    return _CHARS_PER_ACTION * max_game_length + len(game_text) + MAX_STATE_CHARS + _FIXED_CHARS


def write_serialized(
    history: Sequence[tuple[int, int]],
    game_text: str,
    pending: int,
    moves: int,
    state_data: Any,
) -> str:
    """The text of a state (see the module): its ``(player, action)`` history, its game
    string, the pending tokens, the moves made and the library state's dictionary."""
    actions = ",".join([f"{player}:{action}" for player, action in history])
    state = state_json(state_data)
    return (
        f"history={actions}\nmove_number={len(history)}\ngame={game_text}\n"
        f"pending={pending}\nmoves={moves}\nstate={state}"
    )


def state_json(state_data: Any) -> str:
    """The library state's dictionary as its line writes it: compact JSON, ASCII only."""
    return json.dumps(state_data, separators=(",", ":"), ensure_ascii=True)


def read_serialized(text: object, game_text: str, max_actions: int) -> SerializedState:
    """What ``text``, a serialized state of the game whose string is ``game_text``, says
    (see the module), each bound checked before what it bounds is read.

    :raises SerializationError: ``text`` is not a serialized state of that game as
        :func:`write_serialized` writes one.
    """
    if not isinstance(text, str):
        raise SerializationError(f"expected a serialized state, got {describe(text)}")
    bound = max_serialized_chars(max_actions, game_text)
    if len(text) > bound:
        raise SerializationError(
            f"a serialized state of {len(text)} characters: longer than any state of this "
            f"game writes ({bound})"
        )
    lines = text.split("\n", len(_LINES) - 1)
    if len(lines) != len(_LINES) or any(
        not line.startswith(start) for line, start in zip(lines, _LINES)
    ):
        raise SerializationError(
            "a serialized state is six lines: " + ", ".join(f"'{start}'" for start in _LINES)
        )
    head, number, game, pending, moves, state = (
        line.removeprefix(start) for line, start in zip(lines, _LINES)
    )
    history = _read_history(head, max_actions)
    if number != str(len(history)):
        raise SerializationError(
            f"move_number={describe(number)}: expected {len(history)}, the actions' count"
        )
    if game != game_text:
        raise SerializationError(f"a state of {describe(game)}, not of {game_text}")
    pending_count = _count("pending", pending, len(history))
    moves_count = _count("moves", moves, len(history) - pending_count)
    if len(state) > MAX_STATE_CHARS:
        raise SerializationError(
            f"a state's dictionary of {len(state)} characters: at most {MAX_STATE_CHARS}"
        )
    try:
        data = json.loads(state, parse_constant=refuse_json_constant)
    except RecursionError:
        raise SerializationError("a state's dictionary nests too deep to be one") from None
    except ValueError as error:  # not JSON, numbers of too many digits, NaN
        raise SerializationError(f"a state's dictionary is not JSON ({error})") from None
    return SerializedState(history, pending_count, moves_count, data)


def _read_history(pairs: str, max_actions: int) -> list[tuple[int, int]]:
    """The ``(player, action)`` pairs of a serialized history, checked in form."""
    count = pairs.count(",") + 1 if pairs else 0
    if count > max_actions:
        raise SerializationError(f"{count} actions: more than max_game_length ({max_actions})")
    if not pairs:
        return []
    if _HISTORY.fullmatch(pairs) is None:
        for item in pairs.split(","):
            if _HISTORY_ITEM.fullmatch(item) is None:
                raise SerializationError(
                    f"{describe(item)}: an action is written player:action in ASCII digits "
                    "without leading zeros (the player -1 for chance, or a seat; the action "
                    "6 digits at most)"
                )
    numbers = list(map(int, pairs.replace(":", ",").split(",")))
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def _count(name: str, text: str, most: int) -> int:
    if _COUNT.fullmatch(text) is None or int(text) > most:
        raise SerializationError(
            f"{name}={describe(text)}: expected a count from 0 to {most} in ASCII digits"
        )
    return int(text)
