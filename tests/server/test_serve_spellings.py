"""The referee agrees with its request's JSON Schema: a request of ``scala40 serve`` that
carries a document (a state, a view, a move, a ruleset), one value of it spelled
otherwise (tests/protocol/test_loaders_agree.py, whose documents and spellings these
are), is answered if and only if the schema ``serve.request`` accepts it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.game import Game, load_game
from scala40.schemas import BUILTIN_GAMES
from scala40_server.commands.serve import Referee
from tests.documents import schema_of, validator, walk
from tests.hostile import fuzz_settings, library_errors_only
from tests.protocol.test_loaders_agree import (
    GAMES,
    Change,
    _at,
    _changed,
    _spellings,
    _written_today,
)

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)


@functools.cache
def _requests(name: str) -> tuple[tuple[dict[str, Any], Any], ...]:
    """Requests of ``scala40 serve`` that carry documents of ``name``, each with the
    state its ``handle`` must hold (``None``: no handle)."""
    today = dict(_written_today(name))
    state = today["state"]
    moves = [document for kind, document in _written_today(name) if kind == "move"]
    game = load_game(name)
    texts = [str(game.move_from_dict(move)) for move in moves]
    requests: list[tuple[dict[str, Any], Any]] = [
        ({"op": "new", "game": name, "rules": today["ruleset"], "seed": 5}, None),
        ({"op": "load", "state": state}, None),
        ({"op": "picture", "view": today["view"], "size": 200}, None),
        *[({"op": "apply", "handle": "?", "move": move}, state) for move in moves[:3]],
        *[({"op": "apply", "handle": "?", "move": text}, state) for text in texts[:2]],
        ({"op": "legal", "handle": "?"}, state),
    ]
    return tuple(requests)


@functools.cache
def _request_changes(name: str, index: int) -> tuple[Change, ...]:
    request, _ = _requests(name)[index]
    schema = schema_of("serve.request")
    branch = schema["$defs"][request["op"]]
    changes: list[Change] = []
    for path, part, _ in walk(branch, request, schema):
        value = _at(request, path)
        if path == ("handle",):
            continue  # a handle is the referee's name for a game, not a spelling
        changes += [(path, "value", other) for other in _spellings(value, part)]
        if isinstance(value, dict) and "properties" in part:
            # A key the schema describes, respelled (an open object's other keys, as a
            # view's other public fields, are the game's loader's to judge, not the schema's).
            changes += [
                (path, "key", (key, key.upper()))
                for key in value
                if key.upper() != key and key in part["properties"]
            ]
    return tuple(changes)


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
@fuzz_settings(15)
@given(data=st.data())
def test_a_request_spelled_otherwise_is_answered_as_its_schema_judges_it(
    game: Game, data: st.DataObject
) -> None:
    requests = _requests(game.name)
    index = data.draw(st.integers(0, len(requests) - 1), label="request")
    request, held = requests[index]
    changes = _request_changes(game.name, index)
    change = data.draw(st.sampled_from(changes), label="change")
    _judge(game, request, held, change, f"{change[0]} {change[1]} {change[2]!r:.60}")


def _judge(game: Game, request: dict[str, Any], held: Any, change: Change, what: str) -> None:
    """Send ``request`` changed by ``change`` to a new referee (holding ``held`` under
    the request's handle, if any) and check that it answers as the schema judges."""
    changed = _changed(request, change)
    referee = Referee()
    if held is not None and changed.get("handle") == "?":
        changed["handle"] = referee.answer({"op": "load", "state": held})["handle"]
    by_schema = validator("serve.request").is_valid(changed)
    answer = library_errors_only(referee.answer, changed)
    assert answer["ok"] == by_schema, (
        f"{game.name} {request['op']} with {what}: the schema "
        f"{'accepts' if by_schema else 'refuses'} it, the referee answers "
        f"{answer.get('error', 'ok')}"
    )


_SEPARATORS: dict[str, Callable[[str], str]] = {
    "a second space": lambda text: text.replace(" ", "  "),
    "a space before": lambda text: f" {text}",
    "a space after": lambda text: f"{text} ",
    "a newline after": lambda text: f"{text}\n",
    "commas": lambda text: text.replace(" ", ","),
    "commas and spaces": lambda text: text.replace(" ", ", "),
    "tabs": lambda text: text.replace(" ", "\t"),
}
"""The spellings of card text that only a reader splitting on any white space, or
stripping it, would take for the library's own (``"7S  8S"``, ``" 7S 8S"``)."""


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_card_text_with_other_separators_is_answered_as_its_schema_judges_it(
    game: Game,
) -> None:
    # Beside the draw above: in each request, the first card text (a value holding a
    # space) under each separator, every run, so that a reader that splits card text on
    # any white space is caught whatever the draw.
    judged = 0
    for index, (request, held) in enumerate(_requests(game.name)):
        seen: set[str] = set()
        for path, what, other in _request_changes(game.name, index):
            original = _at(request, path)
            if what != "value" or not isinstance(original, str) or " " not in original:
                continue
            kinds = [name for name, spell in _SEPARATORS.items() if spell(original) == other]
            if not kinds or kinds[0] in seen:
                continue
            seen.add(kinds[0])
            _judge(game, request, held, (path, what, other), f"{path} {kinds[0]} {other!r:.60}")
            judged += 1
    assert judged >= len(_SEPARATORS), f"{game.name}: {judged} card texts respelled"
